#!/bin/sh
# chart.sh: `hexaid chart` prints every shipped card as a terrain effects chart in
# 80 columns, naming every terrain, with seed references; one terrain on request;
# unknown cards and terrain are reported.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

for f in "$top_srcdir"/data/cards/*.yaml; do
	card=$(basename "$f" .yaml)
	"$HEXAID" chart "$card" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
	tap_is "$st:$(cat "$tap_tmp/err")" "0:" "$card: chart exits 0 silently on stderr"
	tap_is "$(awk 'length > 80' "$tap_tmp/out")" "" "$card: every line fits 80 columns"
	# every terrain entry's name heads a block of the chart
	missing=
	for name in $(awk '/^terrain:/ { on = 1; next } /^[a-z]/ { on = 0 } on && /^    name:/ { sub(/^    name: */, ""); gsub(/ /, "_"); print }' "$f"); do
		pattern=$(printf '%s' "$name" | tr _ ' ' | sed 's/"//g')
		grep -qF -- "$pattern (" "$tap_tmp/out" || missing="$missing $name"
	done
	tap_is "$missing" "" "$card: every terrain has its block"
done

"$HEXAID" chart tricorne forest >"$tap_tmp/out"; st=$?
tap_is "$st" 0 "chart CARD TERRAIN exits 0"
grep -q '^Forest (hex' "$tap_tmp/out" && ! grep -q '^Hill (hex' "$tap_tmp/out"
tap_ok $? "chart CARD TERRAIN prints only that terrain"
grep -q 'must_stop *001:4$' "$tap_tmp/out"
tap_ok $? "each rule shows its seed line"

"$HEXAID" chart tricorne forrest >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:hexaid: tricorne has no terrain 'forrest'; did you mean 'forest'?" \
	"an unknown terrain is refused with a suggestion"
"$HEXAID" chart nosuchgame >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:hexaid: no rule card 'nosuchgame' found (hexaid cards lists them)" \
	"an unknown card is refused"
"$HEXAID" chart >/dev/null 2>&1; st=$?
tap_is "$st" 2 "chart without a card is a usage error"
tap_done
