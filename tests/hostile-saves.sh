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
tap_done
