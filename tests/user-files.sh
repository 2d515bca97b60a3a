#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# user-files.sh: files as players have them. A save to a symbolic link writes the
# file it points to and keeps the link; a save to a FIFO, a directory or a device is
# refused, the thing left as it was. One seed type on every machine: 64 bits, the
# same for the terminal interface, script and roll. script --json is valid UTF-8
# whatever bytes the commands hold.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
cd "$tap_tmp" || exit 1
demo="$top_srcdir/data/scenarios/great-war-demo.yaml"

# --- saves through symbolic links --------------------------------------------------------
printf 'save real.sav\n' | "$HEXAID" script "$demo" >/dev/null
ln -s real.sav link.sav
printf 'unit set A1 hex=0506\nsave link.sav\n' | "$HEXAID" script real.sav >out; st=$?
tap_is "$st:$(tail -n 1 out)" "0:saved to link.sav" "save to a symbolic link: saved"
test -L link.sav && test "$(readlink link.sav)" = real.sav
tap_ok $? "the link is still a link to the same file"
grep -q 'unit set A1 hex=0506' real.sav && test -f real.sav.bak.1 && test ! -e link.sav.bak.1
tap_ok $? "the file it points to holds the save, its backup beside it"

mkdir sub
ln -s sub/deep.sav dangling.sav
printf 'save dangling.sav\n' | "$HEXAID" script "$demo" >/dev/null
test -L dangling.sav && test -f sub/deep.sav
tap_ok $? "save to a link to a file not made yet: the file is made, the link kept"

printf 'unit set A2 hex=0606\n' >cmds
"$HEXAID" script --journal j "$demo" cmds >/dev/null
ln -s real.sav rec-link.sav
"$HEXAID" recover j -o rec-link.sav >out 2>&1; st=$?
test "$st" = 0 && test -L rec-link.sav && grep -q 'unit set A2 hex=0606' real.sav
tap_ok $? "recover -o a symbolic link writes the file it points to"

# --- what is not a regular file is refused --------------------------------------------------
mkfifo fifo.sav
printf 'save fifo.sav\n' | "$HEXAID" script "$demo" >out 2>&1; st=$?
tap_is "$st:$(tail -n 1 out)" \
	"1:error: fifo.sav: a FIFO, not a regular file: a game is saved only to a file (nothing was written)" \
	"save to a FIFO is refused, saying why"
test -p fifo.sav && test ! -e fifo.sav.bak.1
tap_ok $? "the FIFO is left as it was, no backup made"
"$HEXAID" recover j -o fifo.sav >out 2>&1; st=$?
test "$st" = 1 && test -p fifo.sav && grep -q 'a FIFO, not a regular file' out
tap_ok $? "recover -o a FIFO is refused"
mkdir dir.sav
printf 'save dir.sav\n' | "$HEXAID" script "$demo" >out 2>&1; st=$?
test "$st" = 1 && test -d dir.sav && grep -q 'dir.sav: a directory, not a regular file' out
tap_ok $? "save to a directory is refused"
ln -s fifo.sav link-to-fifo.sav
printf 'save link-to-fifo.sav\n' | "$HEXAID" script "$demo" >out 2>&1; st=$?
test "$st" = 1 && test -p fifo.sav && test -L link-to-fifo.sav
tap_ok $? "save to a link to a FIFO is refused, both left as they were"
ln -s loop1.sav loop2.sav
ln -s loop2.sav loop1.sav
printf 'save loop1.sav\n' | "$HEXAID" script "$demo" >out 2>&1; st=$?
test "$st" = 1 && grep -q 'loop1.sav: the symbolic links there cannot be followed' out
tap_ok $? "save to links that go round is refused"
# (not tried on a device: without the check, a save run as root would replace it)

# --- one seed type: 64 bits everywhere ---------------------------------------------------
big=18446744073709551615
"$HEXAID" roll --seed $big 2d6 >out 2>&1
tap_is "$?" 0 "roll --seed $big is accepted"
printf 'show state\n' | "$HEXAID" script --seed $big "$demo" >out 2>&1
tap_is "$?" 0 "script --seed $big is accepted"
"$HEXAID" --seed $big "$demo" </dev/null >out 2>&1
grep -q 'standard input is not a terminal' out
tap_ok $? "hexaid --seed $big is accepted (it goes on to want a terminal)"
for cmd in "--seed" "roll --seed" "script --seed"; do
	# shellcheck disable=SC2086
	"$HEXAID" $cmd 18446744073709551616 "$demo" </dev/null >out 2>err; st=$?
	grep -q -- '--seed 18446744073709551616: expected a whole number from 0 to 18446744073709551615$' err
	tap_ok $? "hexaid $cmd 2^64: the same message (exit $st)"
	tap_is "$st" 2 "hexaid $cmd 2^64 is a usage error"
done
a=$("$HEXAID" roll --seed 3000000000 4d6)
b=$("$HEXAID" roll --seed 3000000000 4d6)
tap_is "$a" "$b" "roll --seed 3000000000: the same dice each time"

# --- script --json is valid UTF-8 ---------------------------------------------------------
printf 'show \377\303(\n' | "$HEXAID" script --json "$demo" >out 2>&1
iconv -f UTF-8 -t UTF-8 out >/dev/null 2>&1
tap_ok $? "script --json of a command with invalid UTF-8: valid UTF-8"
grep -q '"command":"show \\ufffd\\ufffd("' out
tap_ok $? "each invalid byte is U+FFFD, escaped"
printf 'show caf\303\251 \342\202\254\n' | "$HEXAID" script --json "$demo" >out 2>&1
grep -q '"command":"show café €"' out
tap_ok $? "valid UTF-8 passes through as it is"
tap_done
