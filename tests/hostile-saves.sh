#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hostile-saves.sh: a saved game or a journal from someone else cannot make hexaid
# write a file. Replaying runs only the changes (and undo, redo): a `save FILE`
# (or any query) among a save's commands is skipped, and one among its undone
# commands is refused by redo.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
demo=$top_srcdir/data/scenarios/great-war-demo.yaml
cd "$tap_tmp" || exit 1

printf 'phase next\nnote "before"\nundo\nsave s.sav\n' | "$HEXAID" script "$demo" - >/dev/null
tap_ok $? "a game is saved"

# The save writes its lists as literal blocks, one command a line; the same
# lists as sequences of quoted lines (how schema 1 wrote them) are read alike.
as_sequence() {
	awk '/^(commands|undone): \|2\+$/ { sub(/ \|2\+$/, ""); print; inblock = 1; next }
		inblock && /^  / { sub(/^  /, ""); gsub(/["\\]/, "\\\\&"); print "  - \"" $0 "\""; next }
		{ inblock = 0; print }' "$1"
}
grep -q '^commands: |2+$' s.sav && grep -q '^  phase next$' s.sav
tap_ok $? "... its commands one a line, in a literal block"

sed "s#^commands: |2+\$#commands: |2+\\n  save $tap_tmp/written\\n  show state#" s.sav >q.sav
as_sequence q.sav >qs.sav
for f in q.sav qs.sav; do
	"$HEXAID" render $f >/dev/null
	tap_ok $? "$f: a save with queries among its commands opens"
	[ ! -e written ]
	tap_ok $? "... and its 'save FILE' command wrote nothing"
	printf 'show state\n' | "$HEXAID" script $f - | grep -q 'Allies to act, phase: Order$'
	tap_ok $? "... and its changes are in force"
done
grep -q '^  - "save ' qs.sav
tap_ok $? "... (qs.sav gives them as quoted lines)"

sed "s|^  note before\$|  save $tap_tmp/written|" s.sav >u.sav
as_sequence u.sav >us.sav
for f in u.sav us.sav; do
	printf 'redo\n' | "$HEXAID" script $f - >out 2>&1; st=$?
	tap_is "$st" 1 "$f: redo of a 'save FILE' among a save's undone commands fails"
	[ ! -e written ]
	tap_ok $? "... and writes nothing"
done
# A move's roll= on a card whose moves roll no dice (issue 26, defect 1: a
# segfault at cmd-faces.c, the card's battle die read at index -1): refused with
# the reason, typed or read from a save or a journal, by every subcommand.
tec=$top_srcdir/data/scenarios/napoleonic-tec-demo.yaml
ud=$top_srcdir/data/scenarios/ud-napoleonic-demo.yaml
printf 'move F1 0404 roll=1\n' | "$HEXAID" script "$tec" - >out 2>&1; st=$?
tap_is "$st:$(grep -c 'roll=1: nothing rolls as a unit enters a hex' out)" "1:1" \
	"napoleonic-tec: move F1 0404 roll=1 is refused, saying why"
printf 'move F1 0702 roll=1 --force\nretreat F1 0605 roll=2 --force\n' |
	"$HEXAID" script --keep-going "$ud" - >out 2>&1; st=$?
tap_is "$st:$(grep -c 'nothing rolls as a unit enters a hex' out)" "1:2" \
	"ud-napoleonic: a forced move's and a retreat's roll= are refused, saying why"
printf 'note a\nsave m.sav\n' | "$HEXAID" script "$tec" - >/dev/null
sed 's/^  note a$/  move F1 0404 roll=1/' m.sav >roll.sav
grep -q '^  move F1 0404 roll=1$' roll.sav
tap_ok $? "a save holding that move is made"
for sub in check render log; do
	"$HEXAID" $sub roll.sav >out 2>&1; st=$?
	tap_is "$st:$(grep -c '^roll.sav:[0-9]*:3: error: .*no longer applies: move F1 0404 roll=1' out)" \
		"1:1" "hexaid $sub on that save: exit 1, the line that no longer applies"
done
printf 'note a\n' | "$HEXAID" script --journal j1 "$tec" - >/dev/null
framed() {
	printf '%s\t#%s\n' "$1" "$(printf '%s' "$1" | gzip -c | tail -c 8 | head -c 4 | od -An -tx4 | tr -d ' \n')"
}
{ head -n 1 j1; framed '1 move F1 0404 roll=1'; } >roll.journal
"$HEXAID" recover -o r.sav roll.journal >out 2>&1; st=$?
tap_is "$st:$(grep -c 'line 2 no longer applies: move F1 0404 roll=1' out)" "1:1" \
	"hexaid recover of a journal holding it: exit 1, the line that no longer applies"
"$HEXAID" check r.sav >/dev/null 2>&1
tap_ok $? "... and the game it rebuilt, without that line, is saved and sound"
tap_done
