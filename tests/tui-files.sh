#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-files.sh: the terminal interface and the player's files, in tmux (as tui.sh):
# a game's journal is state, kept under $XDG_STATE_HOME/hexaid/journals, and the
# journals an older hexaid kept under $XDG_DATA_HOME move there; a terminal too
# small for the game still quits with q or Esc, asking about unsaved changes on
# the small screen; Save as over a game another hexaid has open asks first.
. "$top_srcdir/tests/tap.sh"

tmux_test="the terminal interface's files in tmux"
limit=${TUI_TEST_WAIT:-200}
. "$top_srcdir/tests/tmux.sh"
demo="$top_srcdir/data/scenarios/great-war-demo.yaml"
state="$tap_tmp/state/hexaid/journals"
old="$tap_tmp/data/hexaid/journals"
# A session that stays, so the server does not end (and a new session race its
# ending) each time the last game's session is killed.
T new-session -d -s keep "sleep 600"

# start NAME WIDTH HEIGHT [HEXAID ARGUMENT...]: hexaid in a new session; its exit
# status goes to $tap_tmp/NAME.status when it ends.
start() {
	name=$1 w=$2 h=$3
	shift 3
	rm -f "$tap_tmp/$name.status"
	T new-session -d -s "$name" -x "$w" -y "$h" "sh -c 'env $env_base $HEXAID $* \
</dev/tty; echo \$? >$tap_tmp/$name.status; sleep 600'"
	sess=$name
}

wait_status() {
	if poll_until test -s "$tap_tmp/$1.status"; then
		cat "$tap_tmp/$1.status"
	else
		echo timeout
	fi
}


# change NAME: select A1 and move it to 0506 by a command; quit without saving.
change_and_quit() {
	keys :
	wait_for "A command, as hexaid script takes it"
	keys -l "unit set A1 hex=0506"
	keys Enter
	check "$1: a change is made" "A1 changed"
	keys q
	wait_for "The game has unsaved changes"
	keys n
	tap_is "$(wait_status "$sess")" 0 "$1: quit without saving"
	T kill-session -t "$sess" 2>/dev/null
}

# --- the journal of a game started from a scenario is state ----------------------------
start first 80 24 "$demo"
check "a game from a scenario starts" "Map: No Man's Land (demo)"
change_and_quit "first game"
journal=$(ls "$state"/great-war-demo-*.journal 2>/dev/null)
test -s "$journal"
tap_ok $? "its journal is under \$XDG_STATE_HOME/hexaid/journals"
test ! -e "$old"
tap_ok $? "nothing is journaled under \$XDG_DATA_HOME"

# --- a journal an older hexaid kept under the data directory moves to the state one ------
# (named as it named them, after the scenario alone: it takes the name with the
# checksum of the scenario's path that this hexaid looks for)
mkdir -p "$old"
mv "$journal" "$old/great-war-demo.journal"
start moved 80 24 "$demo"
check "a journal found under the data directory is offered" "Recover the game?"
keys y
check "the game is recovered from it" "recovered 1 of 1 commands"
test -s "$journal" && test ! -e "$old/great-war-demo.journal"
tap_ok $? "the journal has moved to the state directory"
test ! -e "$old"
tap_ok $? "the emptied old journals directory is removed"
keys q
wait_for "The game has unsaved changes"
keys n
tap_is "$(wait_status moved)" 0 "quit"
T kill-session -t moved 2>/dev/null
rm -f "$state"/*.journal

# --- a terminal too small: q and Esc quit as q does elsewhere -----------------------------
start small 60 20 "$demo"
check "60x20: the too-small screen says q or Esc quits, asking first" "q or Esc quits"
keys q
tap_is "$(wait_status small)" 0 "no unsaved changes: q quits from the too-small screen, exit 0"
T kill-session -t small 2>/dev/null

start shrink 80 24 "$demo"
check "80x24: the game" "Map: No Man's Land (demo)"
keys :
wait_for "A command, as hexaid script takes it"
keys -l "unit set A1 hex=0506"
keys Enter
check "a change is made" "A1 changed"
T resize-window -t shrink -x 50 -y 12
check "50x12: the too-small screen" "too small"
keys Escape
check "Esc there asks about the unsaved changes, on the small screen" "The game has unsaved changes"
test ! -s "$tap_tmp/shrink.status"
tap_ok $? "and does not quit before the answer"
keys Escape
check "Esc at the question goes back to the too-small screen" "too small"
keys q
check "q asks the same" "The game has unsaved changes"
keys n
tap_is "$(wait_status shrink)" 0 "n: quit without saving, exit 0"
T kill-session -t shrink 2>/dev/null
start again 80 24 "$demo"
check "the change made before is offered at the next start" "Recover the game?"
keys n
check "declined: the game from its file" "Map: No Man's Land (demo)"
keys q
tap_is "$(wait_status again)" 0 "quit"
T kill-session -t again 2>/dev/null

# --- Save as over a game another hexaid has open: asked before anything is written -------
printf 'note theirs\nsave %s\n' "$tap_tmp/held.sav" | "$HEXAID" script "$demo" - >/dev/null
cp "$tap_tmp/held.sav" "$tap_tmp/held.before"
mkfifo "$tap_tmp/hold"
"$HEXAID" script "$tap_tmp/held.sav" "$tap_tmp/hold" >/dev/null 2>&1 &
holder=$!
exec 8>"$tap_tmp/hold"   # the holder waits for its commands, holding held.sav
holds() { [ "$(cat "$tap_tmp/held.sav.lock" 2>/dev/null)" = "$holder" ]; }
poll_until holds
start saveas 80 24 "$demo"
check "a game to save" "Map: No Man's Land (demo)"
keys W
wait_for "Save the game to the file"
keys -l "$tap_tmp/held.sav"
keys Enter
check "Save as onto a game open in another hexaid: asked first, naming it" \
	"$holder): its next save would undo this one"
keys Escape
check_status "Esc: not saved" "not saved: the file is open in another hexaid"
cmp -s "$tap_tmp/held.sav" "$tap_tmp/held.before"
tap_ok $? "and nothing was written"
keys W
wait_for "Save the game to the file"
keys -l "$tap_tmp/held.sav"
keys Enter
wait_for "$holder): its next save would undo this one"
keys y
check_status "y: saved over it all the same" "saved to $tap_tmp/held.sav"
grep -q '^  note theirs$' "$tap_tmp/held.sav"
tap_is "$?" 1 "the file holds this game now"
keys q
tap_is "$(wait_status saveas)" 0 "quit"
T kill-session -t saveas 2>/dev/null
exec 8>&-
wait $holder

# --- after the demo, how to start it again ----------------------------------------------
start demo 80 24
check "hexaid with no file: the demo" "Map: No Man's Land (demo)"
keys q
tap_is "$(wait_status demo)" 0 "quit the demo"
check "after the demo: how to start it again" "that was the demo game; hexaid starts it again"
T kill-session -t demo 2>/dev/null

# A save holding a move's roll= on a card whose moves roll nothing (issue 26,
# defect 1, a segfault on open): the interface says which line no longer
# applies and exits 1, before it takes the terminal.
printf 'note a\nsave %s\n' "$tap_tmp/roll.sav" |
	"$HEXAID" script "$top_srcdir/data/scenarios/napoleonic-tec-demo.yaml" - >/dev/null
sed -i 's/^  note a$/  move F1 0404 roll=1/' "$tap_tmp/roll.sav"
start roll 80 24 "$tap_tmp/roll.sav"
tap_is "$(wait_status roll)" 1 "a save holding move F1 0404 roll=1 on napoleonic-tec: exit 1"
check "... naming the line that no longer applies" "  move F1 0404 roll=1"
T kill-session -t roll 2>/dev/null
tap_done
