#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# render.sh: golden renders. Every demo scenario in data/scenarios, and every
# board of tests/golden/boards (hexside features on every side of pointy and
# flat hexes, tokens, levels 0 to 4, units beside terrain of their letter,
# bridges and structures), renders with its legend exactly as its golden, in
# both sizes: tests/golden/[boards/]NAME.txt compact, NAME.large.txt large.
# Update one with: hexaid render [--large] --legend FILE > GOLDEN, after
# reading the change against the scenario's YAML. No line of a compact render
# is wider than 80 columns.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

golden() {   # golden SCENARIO GOLDEN-WITHOUT-.txt
	name=$(basename "$1" .yaml)
	for size in compact large; do
		want=$2.txt
		[ $size = large ] && want=$2.large.txt
		"$HEXAID" render --$size --legend "$1" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
		tap_is "$st:$(cat "$tap_tmp/err")" "0:" "$name: renders ($size)"
		if cmp -s "$tap_tmp/out" "$want"; then
			tap_ok 0 "$name: render as golden ($size)"
		else
			tap_ok 1 "$name: render as golden ($size)"
			diff -u "$want" "$tap_tmp/out" | sed 's/^/# /'
		fi
		[ $size = compact ] &&
			tap_is "$(awk 'length > 80' "$tap_tmp/out")" "" "$name: fits 80 columns"
	done
}

for f in "$top_srcdir"/data/scenarios/*.yaml; do
	golden "$f" "$top_srcdir/tests/golden/$(basename "$f" .yaml)"
done
for f in "$top_srcdir"/tests/golden/boards/*.yaml; do
	golden "$f" "$top_srcdir/tests/golden/boards/$(basename "$f" .yaml)"
done

# hexaid check warns where the map could be misread: ids the compact map cuts
# alike, a feature drawn with the outline's character.
cd "$top_srcdir/tests/golden/boards" || exit 1
"$HEXAID" check tokens.yaml >"$tap_tmp/out" 2>&1; st=$?
tap_is "$st:$(cat "$tap_tmp/out")" \
	"0:tokens.yaml: warning: units A1, A10 and A11 show alike on the compact map, as A1" \
	"check: units whose ids the compact map cuts alike"
# seven groups of look-alikes, one with seven ids: five groups said, then a count
awk '/^units:/ { print; n = split("P Q R S T U V", l, " ")
	for (i = 1; i <= n; i++) for (k = 0; k < (i == 1 ? 7 : 2); k++)
		printf "  - { id: %s1%s, side: allies, class: infantry, hex: \"%02d0%d\", strength: 4 }\n",
			l[i], k ? k : "", i, k + 1
	next } { print }' tokens.yaml | sed '/id: [ABCF]1[01]*,/d' >"$tap_tmp/many.yaml"
"$HEXAID" check "$tap_tmp/many.yaml" >"$tap_tmp/out" 2>&1; st=$?
tap_is "$st:$(sed "s|$tap_tmp/||" "$tap_tmp/out")" "0:many.yaml: warning: units P1, P11, P12, P13, P14 and 2 more show alike on the compact map, as P1
many.yaml: warning: units Q1 and Q11 show alike on the compact map, as Q1
many.yaml: warning: units R1 and R11 show alike on the compact map, as R1
many.yaml: warning: units S1 and S11 show alike on the compact map, as S1
many.yaml: warning: units T1 and T11 show alike on the compact map, as T1
many.yaml: warning: and 2 more groups of units that show alike" \
	"check: many look-alike units, said in a few lines"
sed -e '/id: A1[01],/d' -e 's/^card: great-war/card: outline/' tokens.yaml \
	>"$tap_tmp/outline-test.yaml"
cat >"$tap_tmp/outline.yaml" <<'CARD'
kind: card
schema: 1
id: outline
title: A feature drawn like the outline
classes: { infantry: {} }
terrain:
  countryside: { name: Countryside, glyph: "." }
  forest: { name: Forest, glyph: f }
  buildings: { name: Buildings, glyph: B }
  hill: { name: Hill, glyph: "^" }
  shell_crater: { name: Shell crater, kind: token, glyph: "3" }
  mine_crater: { name: Mine crater, kind: token, glyph: O }
  wire: { name: Wire, kind: token, glyph: x }
  fence: { name: Fence, kind: hexside, glyph: "|" }
CARD
cd "$tap_tmp" || exit 1
"$HEXAID" check outline-test.yaml >out 2>&1; st=$?
tap_is "$st:$(cat out)" "0:outline-test.yaml: warning: shell_crater's glyph '3' reads as a level on the map
outline-test.yaml: warning: fence is drawn with '|', as the hex outline is: give it a side_glyph" \
	"check: a token drawn like a level, a feature drawn like the outline"

# The board sizes README.md says fit whole with z: the map pane zoomed holds
# 78x20 cells at 80x24 and 118x36 at 120x40 (the screen less its border and
# the two status lines; tui-fit.sh shows the demos whole there). Each size
# said fits, and one more column or row does not.
fits() {   # fits CARD COLSxROWS WIDTH HEIGHT: does the compact render fit?
	rm -f "$tap_tmp/size.yaml"
	"$HEXAID" new --size "$2" "$1" "$tap_tmp/size.yaml" >/dev/null &&
		"$HEXAID" render "$tap_tmp/size.yaml" >"$tap_tmp/size.txt" &&
		awk -v w="$3" -v h="$4" 'length($0) > w { bad = 1 } END { exit bad || NR > h }' \
			"$tap_tmp/size.txt"
}
readme=$(grep -o 'pointy-top boards up to [0-9x]* and flat-top up to [0-9x]* at 80x24, [0-9x]* and [0-9x]* at 120x40' \
	"$top_srcdir/README.md")
sizes=$(printf '%s\n' "$readme" | grep -o '[0-9]*x[0-9]*' | grep -v '^80x24$' | grep -v '^120x40$' |
	tr '\n' ' ')
got=
set -- tricorne 78 20 napoleonic-tec 78 20 tricorne 118 36 napoleonic-tec 118 36
for size in $sizes; do
	c=${size%x*} r=${size#*x}
	{ fits "$1" "$size" "$2" "$3" && ! fits "$1" "$((c + 1))x$r" "$2" "$3" &&
		! fits "$1" "${c}x$((r + 1))" "$2" "$3"; } || got="$got $1:$size"
	shift 3
done
tap_is "$(echo $sizes | wc -w):${got# }" "4:" \
	"README's board sizes that fit whole at 80x24 and 120x40 are the largest that do"
tap_done
