#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# journals.sh: which is newer, a save or a journal, and a journal that keeps up
# with its game (issue 26, part B): a journal is replayed only onto the save it
# began from or marked, never onto a backup a newer save replaced; a journal that
# stopped on an error starts again at the next change (or the change is refused),
# so no command is shown as done that the journal lacks; a failed journal write
# leaves the game as it was, its redo list too; paths with any byte in them; and
# a journal of exactly the size the writer allows reads back.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
demo=$top_srcdir/data/scenarios/tricorne-demo.yaml
cd "$tap_tmp" || exit 1
here=$(pwd -P)

if command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
	have_strace=yes
else
	have_strace=
fi

# --- 13: a journal of exactly 64 MiB, the most the writer writes, reads back ---------
printf 'note a\n' | "$HEXAID" script --journal j13 "$demo" - >/dev/null
max=67108864
pad=$((max - $(wc -c <j13) - 1))
{ cat j13; head -c "$pad" /dev/zero | tr '\0' x; echo; } >j13.max
{ cat j13.max; echo; } >j13.over
"$HEXAID" recover j13.max >out 2>err; st=$?
tap_is "$(wc -c <j13.max):$st:$(head -n 1 out)" \
	"$max:1:recovered 1 of 1 commands from j13.max; dropped 1 incomplete or damaged line(s) from line 3 on" \
	"a journal of exactly 64 MiB is read (its padding line is not a command)"
"$HEXAID" recover j13.over >out 2>err; st=$?
tap_is "$st:$(cat err)" "1:hexaid: j13.over: a journal is at most $max bytes" \
	"a byte more is refused"

# The notes a script's output shows as done ("note: X"), one a line.
shown_notes() { sed -n 's/^note: //p' "$1"; }
# The notes a saved game holds, in force, one a line.
notes_in() { printf 'show state\n' | "$HEXAID" script "$1" - >/dev/null 2>&1 && sed -n 's/^  note //p' "$1"; }

# --- 5: paths are data: a newline in the scenario's or the save's path ---------------
nl="$here/new
line"
mkdir "$nl"
cp "$demo" "$nl/demo.yaml"
printf 'note a\nnote b\n' | "$HEXAID" script --journal j5 "$nl/demo.yaml" - >/dev/null
"$HEXAID" recover j5 >out 2>err; st=$?
tap_is "$st:$(head -n 1 out)" "0:recovered 2 of 2 commands from j5" \
	"a newline in the scenario's path: its journal is read back"
(cd "$nl" && printf 'note a\nsave x.sav\n' | "$HEXAID" script demo.yaml - >/dev/null)
printf 'note b\nsave\nnote c\n' | "$HEXAID" script --journal j5s "$nl/x.sav" - >/dev/null
"$HEXAID" recover j5s -o r5.sav >out 2>err; st=$?
tap_is "$st:$(head -n 1 out):$(notes_in r5.sav | tr '\n' ' ')" "0:recovered 1 of 1 commands from j5s:a b c " \
	"and in a save's: the journal started again from the save is read back, onto it"
tap_is "$(head -n 1 j5s | cut -f 1)" "hexaid-journal 3 crc=$(head -n 1 j5s | cut -c 22-29) save=\"$here/new\\nline/x.sav\"" \
	"the path is quoted in the journal, as git quotes one"

if [ -n "$have_strace" ]; then
	# --- 11: a failed journal write leaves the game as it was, its redo list too -------
	# (the fifth fdatasync: the journal's first line, note a, note b, undo, then this)
	printf 'note a\nnote b\nundo\nsave ref11.sav\n' | "$HEXAID" script "$demo" - >/dev/null
	for last in redo "note c"; do
		rm -f j11 x11.sav
		printf 'note a\nnote b\nundo\n%s\nsave x11.sav\n' "$last" |
			ASAN_OPTIONS=detect_leaks=0 strace -f -qq -o /dev/null -e trace=fdatasync \
			-e inject=fdatasync:error=EIO:when=5 \
			"$HEXAID" script --keep-going --journal j11 "$demo" - >out 2>&1
		cmp -s x11.sav ref11.sav
		tap_ok $? "a $last the journal cannot take: the game saved after it is the game before it, redo list and all"
	done

	# --- 3: a journal that stopped on an error starts again at the next change --------
	printf 'note start\nsave m3.sav\n' | "$HEXAID" script "$demo" - >/dev/null
	cp m3.sav m3.orig
	printf 'note a\nnote b\nnote c\nsave\nnote d\nnote e\n' >c3
	ASAN_OPTIONS=detect_leaks=0 strace -f -qq -o /dev/null -e trace=fdatasync \
		-e inject=fdatasync:error=EIO:when=3..4 \
		"$HEXAID" script --keep-going --journal j3 m3.sav c3 >out 2>&1
	"$HEXAID" recover j3 -o r3.sav >/dev/null 2>&1
	tap_is "$(shown_notes out | tr '\n' ' '):$(notes_in r3.sav | tr '\n' ' ')" \
		"a c d e :start a c d e " \
		"two failed flushes: the journal starts again, and gives back every command shown"

	# Every N: the N-th flush and every one after it fail (a disk gone bad). A command
	# shown as done is in the game reopened: the save, with the journal replayed
	# when it continues that save (its own base or a mark of it), never onto a backup.
	lost=0 n=1
	while [ $n -le 12 ]; do
		cp m3.orig m3.sav
		rm -f m3.sav.* j3 j3.* r3.sav
		ASAN_OPTIONS=detect_leaks=0 strace -f -qq -o /dev/null -e trace=fdatasync \
			-e inject=fdatasync:error=EIO:when=$n+ \
			"$HEXAID" script --keep-going --journal j3 m3.sav c3 >out 2>&1
		if "$HEXAID" recover j3 -o r3.sav >/dev/null 2>rec.err && ! grep -q 'bak\.' rec.err; then
			notes_in r3.sav >reopened
		else
			notes_in m3.sav >reopened
		fi
		for note in $(shown_notes out); do
			grep -qx "$note" reopened || { lost=$((lost + 1)); echo "# flushes from $n on fail: note $note shown, not in the game reopened"; }
		done
		n=$((n + 1))
	done
	tap_is "$lost" 0 "flushes failing from the N-th on, N = 1 to 12: no command shown as done is lost"
else
	tap_skip "failed journal writes" "strace cannot trace here"
fi

tap_done
