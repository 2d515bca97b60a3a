#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# save-schemas.sh: hexaid reads the saves it wrote before. tests/saves/schema-1.sav
# was written by the hexaid of schema 1 (every list in double-quoted lines, a
# note with quotes, a # and a backslash, an undo taken back twice): it opens as it
# did, redoes what it holds to redo, and saved again is schema 2, its lists in
# literal blocks, which opens to the same game and saves to the same bytes. The
# same save behind a long comment still opens as a save.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
cd "$tap_tmp" || exit 1
# a copy, so that its lock is taken here and not in the source tree
cp "$top_srcdir/tests/saves/schema-1.sav" old.sav
old=old.sav

state() { printf 'show state\nredo\nredo\nshow state\n' | "$HEXAID" script "$1" - 2>&1; }

grep -q '^schema: 1$' "$old" && grep -q '^  - "phase next"$' "$old"
tap_ok $? "the fixture is a save of schema 1, in quoted lines"
"$HEXAID" check "$old"
tap_ok $? "it opens"
"$HEXAID" log "$old" >old.log
grep -qx 'note: a note: with "quotes", a # and a back\\slash' old.log &&
	grep -qx 'note:   spaced  ' old.log && grep -qx 'undone: note café €' old.log
tap_ok $? "... its log as it was written"
state "$old" >old.state
grep -c '^commands in force: [79]$' old.state | grep -qx 2 && grep -qx 'redone: note café €' old.state
tap_ok $? "... its commands in force, and those undone redone"

printf 'save new.sav\n' | "$HEXAID" script "$old" - >/dev/null
tap_ok $? "saved again"
for key in commands undone log; do
	grep -qx "$key: |2+" new.sav
	tap_ok $? "... its $key in a literal block"
done
grep -qx 'schema: 2' new.sav && grep -qx '  note "a note: with ""quotes"", a # and a back\\slash"' new.sav
tap_ok $? "... schema 2, a command one line"
"$HEXAID" log new.sav >new.log
cmp -s old.log new.log
tap_ok $? "... the same log"
state new.sav >new.state
cmp -s old.state new.state
tap_ok $? "... the same game"
printf 'save again.sav\n' | "$HEXAID" script new.sav - >/dev/null && cmp -s new.sav again.sav
tap_ok $? "... saved once more, the same bytes"

# A save whose first kilobytes do not say `kind: save` (a long comment before
# it) is still read as a save, within a save's limits: the same game.
{
	i=0
	while [ $i -lt 100 ]; do
		echo "# a comment of the players', line $i, before the save says what it is"
		i=$((i + 1))
	done
	cat new.sav
} >commented.sav
[ "$(head -c 4096 commented.sav | grep -c '^kind:')" -eq 0 ]
tap_ok $? "a save commented at length: no kind in its first 4 KiB"
"$HEXAID" check commented.sav
tap_ok $? "... it opens"
state commented.sav >commented.state
cmp -s new.state commented.state
tap_ok $? "... the same game"
"$HEXAID" log commented.sav >commented.log
cmp -s new.log commented.log
tap_ok $? "... the same log"
tap_done
