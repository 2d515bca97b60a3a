#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# log-svg.sh: `hexaid log --markdown --svg DIR GAME`, the battle report with the
# board pictured at the end of each turn. A Tricorne game of two turn ends (B1
# moves, then C1 moves and fires at B1) gives DIR/turn-1.svg, turn-2.svg and
# final.svg, each linked from the report after that turn's rolls; each picture
# is well-formed (xmllint), and, rasterised (rsvg-convert) and read back by
# tests/svg-check.py, shows each unit where and as strong as the game said at
# that turn's end (`show unit` in the script that played it). The same save gives
# the same bytes; a DIR that is missing, no directory or not writable is an
# error (exit 1, nothing on stdout); --svg without --markdown is a usage error
# (exit 2). Skipped only where xmllint or rsvg-convert is missing; .ci/run fails
# if any part was skipped in the quick start.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

scen="$top_srcdir/data/scenarios/tricorne-demo.yaml"
card="$top_srcdir/data/cards/tricorne.yaml"
printf '%s\n' 'phase next' 'phase next' 'move B1 0504' 'turn end' \
	'show unit B1' 'show unit C1' \
	'phase next' 'phase next' 'move C1 0506' 'phase next' 'fire C1 B1 roll=i,a' 'turn end' \
	'show unit B1' 'show unit C1' "save $tap_tmp/g.sav" |
	"$HEXAID" script "$scen" >"$tap_tmp/played"
tap_ok $? "the game is played and saved"

# Where each unit stood and how strong, as the game said after each turn end:
# "B1: British Infantry, strength 4/4" then "  in 0504: Clear".
said() {   # said N UNIT: "HEX STRENGTH" after the Nth turn end
	awk -v n="$1" -v u="$2" '/^> turn end$/ { t++ } t == n && $0 ~ "^" u ": " {
		split($NF, s, "/"); st = s[1]; getline; sub(/^ *in /, ""); sub(/:.*/, ""); print $0, st; exit }' \
		"$tap_tmp/played"
}
b1_1=$(said 1 B1) c1_1=$(said 1 C1) b1_2=$(said 2 B1) c1_2=$(said 2 C1)
tap_is "$b1_1|$c1_1|$b1_2|$c1_2" "0504 4|0507 4|0504 3|0506 4" "the game says where B1 and C1 stand at each turn end"

mkdir "$tap_tmp/pics"
(cd "$tap_tmp" && "$HEXAID" log --markdown --svg pics g.sav) >"$tap_tmp/report.md" 2>"$tap_tmp/err"
tap_is "$?:$(cat "$tap_tmp/err")" "0:" "log --markdown --svg exits 0, nothing on stderr"
tap_is "$(ls "$tap_tmp/pics" | tr '\n' ' ')" "final.svg turn-1.svg turn-2.svg " \
	"a picture for each of the two turn ends and one of the board as it stands"

# Each picture linked once, under its heading, after that turn's rolls: turn 1's
# before the Continentals' roll, turn 2's after it, the final position last.
at() { grep -n -F -x -- "$1" "$tap_tmp/report.md" | cut -d: -f1 | tr '\n' ' '; }
l1=$(at '![Turn 1, British: the board at its end](pics/turn-1.svg)')
l2=$(at '![Turn 1, Continentals: the board at its end](pics/turn-2.svg)')
lf=$(at '![The board as the game stands](pics/final.svg)')
roll=$(at '| C1 -> B1 | table | 2 dice: infantry, artillery |  | 1 hit, 0 flags: B1 3/4 |')
dice=$(at '## Dice')
tap_is "$(echo $l1 $roll $l2 $lf $dice | tr ' ' '\n' | sort -n | tr '\n' ' ')" "$l1$roll$l2$lf$dice" \
	"the pictures come in the turns' order, after the rolls of the turn they end"
tap_is "$(grep -c '](pics/' "$tap_tmp/report.md"):$(echo $l1 $l2 $lf | wc -w)" 3:3 "each picture is linked once"
grep -q '^### Turn 1, British: the board at its end$' "$tap_tmp/report.md" &&
	grep -q '^### Turn 1, Continentals: the board at its end$' "$tap_tmp/report.md"
tap_ok $? "each picture under a heading naming the turn and side that ended"

if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$tap_tmp"/pics/*.svg >"$tap_tmp/err" 2>&1
	tap_is "$?:$(cat "$tap_tmp/err")" "0:" "xmllint: every picture is well-formed XML"
else
	tap_skip "xmllint: every picture is well-formed XML" "no xmllint (./bootstrap deps check installs libxml2-utils)"
fi

# The scenario as the game stood at a turn end: B1 and C1 where the game said.
as_said() {   # as_said B1-SAID C1-SAID > scenario
	set -- $1 $2
	sed -e "s/{ id: B1, \(.*\)hex: \"0503\", strength: 4 }/{ id: B1, \1hex: \"$1\", strength: $2 }/" \
		-e "s/{ id: C1, \(.*\)hex: \"0507\", strength: 4 }/{ id: C1, \1hex: \"$3\", strength: $4 }/" "$scen"
}
as_said "$b1_1" "$c1_1" >"$tap_tmp/at-1.yaml"
as_said "$b1_2" "$c1_2" >"$tap_tmp/at-2.yaml"
tap_is "$(grep -c 'id: [BC]1, .*hex: "050[46]"' "$tap_tmp/at-2.yaml")" 2 "the units' places as the game said, in a scenario"
if command -v rsvg-convert >/dev/null 2>&1 && python3 -c 'import yaml, zlib' 2>/dev/null; then
	set --
	for n in 1 2; do
		rsvg-convert "$tap_tmp/pics/turn-$n.svg" >"$tap_tmp/turn-$n.png"
		set -- "$@" "turn-$n" "$tap_tmp/pics/turn-$n.svg" "$tap_tmp/at-$n.yaml" "$card" \
			"$top_srcdir/man/hexaid.5" "$tap_tmp/turn-$n.png"
	done
	# and turn 1's picture is not turn 2's board: checked against it, it fails
	set -- "$@" wrong "$tap_tmp/pics/turn-1.svg" "$tap_tmp/at-2.yaml" "$card" \
		"$top_srcdir/man/hexaid.5" "$tap_tmp/turn-1.png"
	python3 "$top_srcdir/tests/svg-check.py" --each "$@" >"$tap_tmp/problems" 2>&1
	tap_is "$(grep -v '^wrong: ' "$tap_tmp/problems")" "" \
		"rasterised, each turn's picture shows every hex's terrain and each unit as the game said"
	tap_is "$(sed -n 's/^wrong: \([^:]*\):.*/\1/p' "$tap_tmp/problems" | tr '\n' ' ')" "unit B1 unit C1 " \
		"turn 1's picture is not the board of turn 2 (B1's strength, C1's place)"
else
	tap_skip "rasterised, each turn's picture as the game said" "no rsvg-convert, or no python3 with PyYAML"
	tap_skip "turn 1's picture is not the board of turn 2" "no rsvg-convert, or no python3 with PyYAML"
fi

# The same save, the same bytes.
mkdir "$tap_tmp/again"
(cd "$tap_tmp" && "$HEXAID" log --markdown --svg again g.sav) | sed 's|](again/|](pics/|' >"$tap_tmp/again.md"
cmp -s "$tap_tmp/report.md" "$tap_tmp/again.md" && for f in final turn-1 turn-2; do
	cmp -s "$tap_tmp/pics/$f.svg" "$tap_tmp/again/$f.svg" || false
done
tap_ok $? "the same save gives the same report and pictures, byte for byte"

# A side's name is text in the report: its markup neither opens HTML nor ends
# the picture's alt text or heading.
sed 's/british: { name: British,/british: { name: "Red <b>[x]\&",/' "$scen" >"$tap_tmp/named.yaml"
printf '%s\n' 'turn end' "save $tap_tmp/named.sav" | "$HEXAID" script "$tap_tmp/named.yaml" >/dev/null
mkdir "$tap_tmp/named"
"$HEXAID" log --markdown --svg "$tap_tmp/named" "$tap_tmp/named.sav" >"$tap_tmp/named.md" 2>&1
grep -q '<b>' "$tap_tmp/named.md"
tap_is "$?:$(grep -F 'turn-1.svg)' "$tap_tmp/named.md" | sed "s|$tap_tmp/||")" \
	'1:![Turn 1, Red &lt;b>\[x\]&amp;: the board at its end](named/turn-1.svg)' \
	"a side's name with markup stays text in the alt text, and nowhere opens HTML"

# A scenario has had no turn: the board as it stands, alone.
mkdir "$tap_tmp/start"
"$HEXAID" log --markdown --svg "$tap_tmp/start" "$scen" >/dev/null 2>&1
tap_is "$?:$(ls "$tap_tmp/start" | tr '\n' ' ')" "0:final.svg " "a scenario: only the board as it stands"

# Errors: a DIR that is missing or not a directory (exit 1, nothing reported), a
# DIR that cannot be written (as root, a picture: a directory in its way),
# --svg without --markdown (exit 2).
"$HEXAID" log --markdown --svg "$tap_tmp/nowhere" "$tap_tmp/g.sav" >"$tap_tmp/out" 2>"$tap_tmp/err"
tap_is "$?:$(cat "$tap_tmp/out"):$(sed "s|$tap_tmp/||" "$tap_tmp/err")" \
	"1::hexaid: nowhere: cannot write the pictures there: No such file or directory" \
	"a missing DIR: exit 1, said, no report"
"$HEXAID" log --markdown --svg "$tap_tmp/g.sav" "$tap_tmp/g.sav" >"$tap_tmp/out" 2>"$tap_tmp/err"
tap_is "$?:$(cat "$tap_tmp/out"):$(sed "s|$tap_tmp/||" "$tap_tmp/err")" \
	"1::hexaid: g.sav: cannot write the pictures there: Not a directory" \
	"a DIR that is a file: exit 1, said, no report"
mkdir "$tap_tmp/ro" && chmod a-w "$tap_tmp/ro"
if [ -w "$tap_tmp/ro" ]; then
	# root writes anywhere: a directory where turn-1.svg goes stops it instead
	mkdir -p "$tap_tmp/busy/turn-1.svg"
	"$HEXAID" log --markdown --svg "$tap_tmp/busy" "$tap_tmp/g.sav" >"$tap_tmp/out" 2>"$tap_tmp/err"
	tap_is "$?:$(cat "$tap_tmp/out"):$(sed "s|$tap_tmp/||" "$tap_tmp/err"):$(ls "$tap_tmp/busy" | tr '\n' ' ')" \
		"1::hexaid: busy/turn-1.svg: cannot write: Is a directory:turn-1.svg " \
		"a picture that cannot be written: exit 1, said, no report, nothing left"
else
	"$HEXAID" log --markdown --svg "$tap_tmp/ro" "$tap_tmp/g.sav" >"$tap_tmp/out" 2>"$tap_tmp/err"
	tap_is "$?:$(cat "$tap_tmp/out"):$(sed "s|$tap_tmp/||" "$tap_tmp/err"):$(ls "$tap_tmp/ro")" \
		"1::hexaid: ro: cannot write the pictures there: Permission denied:" \
		"an unwritable DIR: exit 1, said, no report, nothing left"
fi
"$HEXAID" log --svg "$tap_tmp/pics" "$tap_tmp/g.sav" >"$tap_tmp/out" 2>"$tap_tmp/err"
tap_is "$?:$(cat "$tap_tmp/out")" "2:" "--svg without --markdown: a usage error"
grep -q -- '--markdown' "$tap_tmp/err"
tap_ok $? "... which says --svg needs --markdown"
tap_done
