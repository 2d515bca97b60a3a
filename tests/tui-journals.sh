#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-journals.sh: journals in the terminal interface (issue 26, part B): a
# journal a newer save replaced is not offered, the journal follows `:save FILE`
# as it follows Save as, a second instance's journal is offered once it is alone,
# and a journal that cannot be kept is said on the message line. Keys only, at
# 80x24, in tmux (tests/tmux.sh), polling the screen.
. "$top_srcdir/tests/tap.sh"

tmux_test="journals in the terminal interface"
. "$top_srcdir/tests/tmux.sh"
demo="$top_srcdir/data/scenarios/tricorne-demo.yaml"

# --- 2: a save made by a script after the interface was killed is newer -------------------
printf 'note start\nsave %s\n' "$tap_tmp/m.sav" | "$HEXAID" script "$demo" - >/dev/null
start m1 80 24 -- "$tap_tmp/m.sav"
check "a save opens" "turn 1, British to act"
command_line "note tui-X"
check "a note" "note: tui-X"
kill_session m1
printf 'note script-Y\nnote script-Z\nsave\n' | "$HEXAID" script "$tap_tmp/m.sav" - >"$tap_tmp/out" 2>"$tap_tmp/err"
grep -q "m.sav.journal holds 1 command not in this save" "$tap_tmp/err"
tap_ok $? "the script says that the interface's journal holds a command it does not play"
start m2 80 24 -- "$tap_tmp/m.sav"
check "the newer save opens: the journal is not offered, and the message says so" \
	"a newer save replaced the one the journal"
tap_ok "$(screen_has "Recover the game?" && echo 1 || echo 0)" "no recovery is asked"
command_line "save"
check "saved again" "saved to"
tap_is "$(grep -c 'script-Z' "$tap_tmp/m.sav"):$(grep -c 'tui-X' "$tap_tmp/m.sav")" "2:0" \
	"the game is the newer save's, not the journal replayed onto its backup"
quit_game m2
"$HEXAID" recover "$tap_tmp/m.sav.journal.discarded" >"$tap_tmp/out" 2>/dev/null
tap_is "$(head -n 1 "$tap_tmp/out" | cut -c 1-28)" "recovered 1 of 1 commands fr" "the journal is kept aside whole"

# --- 6: :save FILE at the prompt moves the journal beside FILE -----------------------------
start c1 80 24 -- "$demo"
check "the demo opens" "turn 1, British to act"
command_line "save $tap_tmp/c2.sav"
check "saved at the prompt" "saved to"
command_line "note x"
check "a note after the save" "note: x"
kill_session c1
start c2 80 24 -- "$tap_tmp/c2.sav"
check "the save opens and its journal is offered" "holds 1 command"
keys y
check "and recovered" "recovered 1 of 1 commands"
quit_game c2

# --- 9: a second instance's journal is offered once it is alone ---------------------------
cp "$demo" "$tap_tmp/nine.yaml"
start a 80 24 -- "$tap_tmp/nine.yaml"
check "a first instance" "turn 1, British to act"
start b 80 24 -- "$tap_tmp/nine.yaml"
check "a second instance of the same scenario" "turn 1, British to act"
command_line "note second"
check "plays a note" "note: second"
kill_session b
sess=a
quit_game a
start c 80 24 -- "$tap_tmp/nine.yaml"
check "alone, the second instance's journal is offered" "holds 1 command"
keys y
check "and recovered" "recovered 1 of 1 commands"
quit_game c

# --- minor: XDG_STATE_HOME a file: no journal, said on the message line ---------------------
: >"$tap_tmp/state-file"
start x 80 24 "XDG_STATE_HOME=$tap_tmp/state-file" -- "$demo"
check_status "no journal: the message line says so" "no journal is kept"
quit_game x

tap_done
