#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
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
# --- what players look for on a paper chart besides the terrain --------------------------
"$HEXAID" chart great-war >"$tap_tmp/out"
sed -n '/^Events/,/^$/p' "$tap_tmp/out" >"$tap_tmp/events"
grep -q '^  battle       replace wire with shell_crater if on_target, *002:155$' "$tap_tmp/events" &&
	grep -q '^  battle       on burst: remove wire if attacker' "$tap_tmp/events" &&
	grep -q '^  clear_wire   remove wire if unit infantry, attacker_on wire' "$tap_tmp/events"
tap_ok $? "the card's event rules: craters, wire flipped and removed, clear_wire"
"$HEXAID" chart mini-nap village >"$tap_tmp/out"
grep -q '^  structure    8 hits destroy it; it becomes Rough ground' "$tap_tmp/out"
tap_ok $? "a structure: the hits that destroy it and what it becomes"
"$HEXAID" chart ud-napoleonic forest >"$tap_tmp/out"
grep -q "^  category     difficult (each class's allowance in it: below)$" "$tap_tmp/out"
tap_ok $? "each terrain's movement category"
"$HEXAID" chart tricorne >"$tap_tmp/out"
grep -q '^  enter        roll 1 battle die: on infantry: the unit loses 1' "$tap_tmp/out"
tap_ok $? "an enter event: the roll and what the faces do"
tap_done
