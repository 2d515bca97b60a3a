#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-owed.sh: a retreat a battle's result owes is not dropped by the end of the
# turn (issue 28), in the demos whose retreats come from a table's result: the
# Ultimate Napoleonic demo (artillery fire, 003:60) and the TEC demo (shock,
# 004:168). At 80x24, keys only, the dice typed so that the result is known:
# the roll stays in sight beside the question that asks to apply its result,
# Y applies the result, the status line names the retreat owed and v, T is
# refused naming v, v settles it, then T ends the turn. (Tricorne's is in
# tui-turns.sh.) In the same sessions, by keys: a UD change of formation with
# c, offered on the status line only where it is taken, and Mini-Nap
# hand-to-hand fought by both sides, with hexaid's dice and with the dice
# typed (attacker's, then defender's).
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
# c on F1 in the Movement phase ("Move, form and change formation") offers the
# card's formations by name (ud-napoleonic.yaml formations, 003:54, 003:82);
# march_column chosen costs 1 UD (formation_change, assumed) and the unit
# pane shows it. Outside the phase the change is refused, naming p. The status
# line offers c only where form is taken: on F1 in the Movement phase, not in
# Artillery fire, not on the Prussians' P2 (form is no reaction of theirs),
# never on Mini-Nap's card, which names no formations; nor E (set-up only).
go F1
check_hint "ud: the status line offers c (formation) on F1 in the Movement phase" c
check_no_hint "ud: ... and not E, the scenario's details (set-up only)" E
go P2
check_hint "ud: on the Prussians' P2, the status line offers Enter" Enter
check_no_hint "ud: ... and not c: the Prussians do not form in the French Movement" c
go F1
keys c
check "ud: c offers the card's formations by name" "march_column"
check "ud: ... en_masse among them" "en_masse"
check "ud: ... and none, the unit's now" "- no formation (now)"
keys Up Up Enter
check_status "ud: F1 changes formation" "F1 changes formation: none to march_column"
check "ud: the unit pane shows F1's formation" "formation: march_column"
phase "Artillery fire"
go F1
check_hint "ud: in Artillery fire, on F1 the status line offers Enter" Enter
check_no_hint "ud: ... and not c: form is not in the Artillery fire phase" c
keys c
check "ud: c offers the formations in Artillery fire too" "en_masse"
keys Down Enter
check_status "ud: a change of formation is refused outside its phase, naming p" \
	"form: not in the Artillery fire phase: p: next phase"
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

# === Mini-Nap: hand-to-hand, both sides' dice (000:42) ===========================
# F2 steps next to A2; in the Hand-to-hand phase > sets up the battle, Enter
# rolls both sides' dice (hexaid's), and U takes it back; then e asks for the
# attacker's 4d6, then the defender's 4d6: 6 6 5 1 (3 hits) against 2 3 5 1
# (1 hit), F2 wins (mini-nap.yaml tables: hand_to_hand, assumed): Y applies,
# A2 falls back with v, and F2 takes the ground with G.
start mn 80 24 -- --seed 1 "$scenarios/mini-nap-demo.yaml"
check "mn: the French to act" "turn 1, French to act"
go F2
select_here F2
check_no_hint "mn: the card names no formations: the status line offers no c" c
keys j
check_status "mn: Enter's hint on 0904: move" "Enter:move"
keys Enter
check "mn: F2 moves next to A2" "F2 moves 0903 to 0904"
phase Fire
phase Hand-to-hand
go F2
select_here F2
n=0
until screen_has "Dice: battle F2 A2 " || [ $n -ge 8 ]; do
	keys '>'
	wait_for "Dice: battle F2 "
	n=$((n + 1))
done
check "mn: > sets up F2's hand-to-hand with A2" "Dice: battle F2 A2 "
keys Enter
check "mn: hexaid rolls F2's dice" "F2 rolls 4 dice"
check "mn: ... and A2's" "A2 rolls 4 dice"
if screen_has "Apply the result?"; then keys n; wait_gone "Apply the result?"; fi
keys U
check "mn: U takes the battle back" "undone: battle F2 A2"
go F2
select_here F2
keys '>'
check "mn: > sets up the battle again" "Dice: battle F2 A2 "
keys e
check "mn: the typed dice are the attacker's 4d6, then the defender's 4d6" \
	"F2 4d6, then A2 4d6"
keys -l 66512351
keys Enter
check "mn: F2 wins on the dice typed" "Apply the result?"
check "mn: ... A2 to fall back" "A2 R1: falls back 1"
keys Y
wait_gone "Apply the result?"
check_status "mn: A2 owes its fall back" "owed: A2 retreat 1 (v)"
keys v
check "mn: v offers where A2 falls back" "A2 retreats 1 of the 1 hex"
keys Enter
check "mn: A2 falls back, and F2 may take the ground" "F2 may take ground in 0905"
keys G
check_status "mn: G: F2 takes the ground (take_ground)" "F2 takes ground: 0904 to 0905"
quit_game mn

tap_done
