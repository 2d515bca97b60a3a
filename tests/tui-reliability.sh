#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-reliability.sh: journals and typing in the terminal interface, as a player
# meets them (issue 18): a scenario's journal is not another copy's, a save
# opened through a symbolic link keeps its journal, a recovery that cannot replay
# every line keeps the journal and says which lines it did not replay, and a
# byte the locale cannot read does not swallow the keys after it. Keys only, at
# 80x24, in tmux (tests/tmux.sh), polling the screen.
. "$top_srcdir/tests/tap.sh"

tmux_test="journals in the terminal interface"
limit=${TUI_TEST_WAIT:-200}
. "$top_srcdir/tests/tmux.sh"
demo="$top_srcdir/data/scenarios/tricorne-demo.yaml"
journals="$tap_tmp/state/hexaid/journals"

# --- 2: two copies of one scenario have a journal each ----------------------------------
mkdir -p "$tap_tmp/a" "$tap_tmp/b"
cp "$demo" "$tap_tmp/a/demo.yaml"
cp "$demo" "$tap_tmp/b/demo.yaml"
start a1 80 24 -- "$tap_tmp/a/demo.yaml"
check "a copy of the demo opens" "turn 1, British to act"
command_line "note a1"
command_line "note a2"
command_line "note a3"
check "three notes" "note: a3"
kill_session a1
start b1 80 24 -- "$tap_tmp/b/demo.yaml"
check "another copy of the same name opens" "turn 1, British to act"
command_line "note b1"
check "and is played" "note: b1"
quit_game b1
tap_is "$(stat -c %a "$tap_tmp/state/hexaid" "$journals" | tr '\n' ' ')" "700 700 " \
	"the directories hexaid makes under XDG_STATE_HOME are private"
found=
for j in "$journals"/*.journal; do
	"$HEXAID" recover "$j" 2>/dev/null | grep -q '^recovered 3 of 3 commands' && found=yes
done
tap_is "$found" yes "the first copy's journal still holds its three notes"
start a2 80 24 -- "$tap_tmp/a/demo.yaml"
check "the first copy: its journal is offered" "holds 3 commands"
keys y
check "and recovered" "recovered 3 of 3 commands"
quit_game a2

# --- 3: a save opened through a symbolic link -------------------------------------------
mkdir -p "$tap_tmp/campaign"
printf 'note turn 5\nsave %s\n' "$tap_tmp/campaign/turn5.sav" | "$HEXAID" script "$demo" - >/dev/null
ln -s campaign/turn5.sav "$tap_tmp/current.sav"
start l1 80 24 -- "$tap_tmp/current.sav"
check "a save opened through a link" "turn 1, British to act"
command_line "note before"
keys w
check "saved" "saved to"
command_line "note after 1"
command_line "note after 2"
check "two notes after the save" "note: after 2"
kill_session l1
tap_is "$([ -L "$tap_tmp/current.sav" ] && echo link)" link "the link is still a link"
start l2 80 24 -- "$tap_tmp/current.sav"
check "reopened through the link: the journal is offered" "holds 2 commands"
keys y
check "and recovered" "recovered 2 of 2 commands"
quit_game l2

# --- 5: a damaged line in the middle of a journal -----------------------------------------
g="$tap_tmp/d.sav"
printf 'save %s\n' "$g" | "$HEXAID" script "$demo" - >/dev/null
printf 'note 1\nnote 2\nnote 3\nnote 4\nnote 5\nnote 6\n' |
	"$HEXAID" script --journal "$g.journal" "$g" - >/dev/null
sed -i '5s/note 4/note X/' "$g.journal"
cp "$g.journal" "$tap_tmp/damaged"
start d1 80 24 -- "$g"
check "a journal damaged at line 5: its first commands are offered" "holds 3 commands"
check "and the lines that are not" "From line 5 on, 3 lines"
keys y
check "recovered, and the lines not replayed are said" "lines 5 on were not replayed: see the log"
quit_game d1
cmp -s "$g.journal.discarded" "$tap_tmp/damaged"
tap_ok $? "the journal is kept byte for byte"

# --- 17: in the C locale, a byte of 0x80 or more is no character -----------------------
start c1 80 24 LC_ALL=C -- "$demo"
check "in the C locale" "turn 1, British to act"
keys :
wait_for "A command, as hexaid script takes it"
keys -l "note caf"
keys -H e9
keys -l "x"
keys Enter
check "a byte the locale cannot read is dropped, the keys after it are not" "note: cafx"
quit_game c1

tap_done
