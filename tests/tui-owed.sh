#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-owed.sh: a retreat a battle's result owes is not dropped by the end of the
# turn (issue 28), in the demos whose retreats come from a table's result: the
# Ultimate Napoleonic demo (artillery fire, 003:60) and the TEC demo (shock,
# 004:168). At 80x24, keys only, the dice typed so that the result is known:
# the roll stays in sight beside the question that asks to apply its result,
# Y applies the result, the status line names the retreat owed and v, T is
# refused naming v, v settles it, then T ends the turn. (Tricorne's is in
# tui-turns.sh.)
. "$top_srcdir/tests/tap.sh"

tmux_test="owed retreats in tmux"
. "$top_srcdir/tests/tmux.sh"

# battle_typed ATTACKER TARGET DICE: > until the battle with TARGET is set up,
# the dice typed (e), and Y applies the result the dialog asks about.
battle_typed() {
	n=0
	until screen_has "Dice: battle $1 $2 " || [ $n -ge 8 ]; do
		keys '>'
		wait_for "Dice: battle $1 "
		n=$((n + 1))
	done
	check "> sets up $1's battle with $2" "Dice: battle $1 $2 "
	keys e
	wait_for "Enter the dice"
	keys -l "$3"
	keys Enter
	check "the result to apply is asked about" "Apply the result?"
	# the box leaves the dice pane in sight, the pane showing the roll (issue 28)
	check "$1's roll is in sight beside the question" "$1 rolls "
	check "the roll's result is in sight beside the question" "result: "
	keys Y
	wait_gone "Apply the result?"
}

# owed_then_turn DEMO UNIT HEXES NEXT: the retreat owed on the status line, T
# refused naming v, v and Enter make it, T then gives the turn to NEXT.
owed_then_turn() {
	check_status "$1: the status line names $2's retreat and v" "owed: $2 retreat $3 (v)"
	# at 80 columns the owed words leave room for the keys (issue 28)
	for k in v N '?'; do
		check_hint "$1: with $2's retreat owed, the status line offers $k" "$k"
	done
	keys T
	check_status "$1: T is refused while $2 owes its retreat, naming v" "owed first: $2 retreat $3 (v)"
	check "$1: the turn did not end" "turn 1, $5"
	keys v
	check "$1: v offers where $2's retreat may end" "$2 retreats $3 of the $3 hex"
	keys Enter
	check "$1: $2 retreats" "$2 retreats "
	check_gone "$1: nothing is owed once $2 retreated" "owed: $2"
	for k in p T; do
		check_hint "$1: once nothing is owed, the status line offers $k" "$k"
	done
	keys T
	check_status "$1: then T ends the turn" "turn 1, $4 to act"
}

# === Ultimate Napoleonic: artillery fire's 1DR2 (003:60) =========================
# F5, a heavy battery, at P2 in march column: a 5 typed, +3, 8 on the artillery
# table: 1DR2, a retreat of 2 (ud-napoleonic.yaml:378, assumed there).
start ud 80 24 -- --seed 1 "$scenarios/ud-napoleonic-demo.yaml"
check "ud: the French to act" "turn 1, French to act"
phase "Artillery fire"
go F5
select_here F5
battle_typed F5 P2 5
check_status "ud: P2 owes a retreat of 2 for the 1DR2 (003:60)" "P2 must retreat 2"
owed_then_turn ud P2 2 Prussians French
quit_game ud

# === TEC: the shock table's 1+D (004:168) ========================================
# F1 steps next to A2 (routed, in the village) and shocks it in the Shock phase
# with 6, 6 typed: 12 +2, 14 on the shock table: defender 1+D, a recoil of one
# hex (napoleonic-tec.yaml:559, :564).
start tec 80 24 -- --seed 1 "$scenarios/napoleonic-tec-demo.yaml"
check "tec: the French to act" "turn 1, French to act"
go F1
select_here F1
keys l
check_status "tec: Enter's hint on 0503: move" "Enter:move"
keys Enter
check "tec: F1 moves next to A2" "F1 moves 0403 to 0503"
phase Fire
phase Shock
go F1
select_here F1
battle_typed F1 A2 66
check_status "tec: A2 owes a recoil of one hex for the 1+D (004:168)" "A2 must retreat 1"
owed_then_turn tec A2 1 Austrians French
quit_game tec

tap_done
