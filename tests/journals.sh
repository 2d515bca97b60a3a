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

tap_done
