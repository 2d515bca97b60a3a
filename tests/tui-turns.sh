#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-turns.sh: a whole turn of every demo, both sides, played at the table
# through the terminal interface at 80x24 with keys only: select, move, battle
# with hexaid's dice (a fixed --seed) and with the dice typed as rolled on the
# table, phases and the end of the turn. No battle words (o), no ':' commands,
# no --force; '/' is used only to put the cursor on a unit. Each demo's game is
# then saved with w and its units (strength, hex, state) checked against what
# the card's rules say, the rule's seed line named beside each check.
#
# A table's result is applied with the one confirmation asked after the roll
# (Y), a retreat owed is made with v (either side's turn), a battle back set up
# with B, and a value a battle lacks asked before its dice (Mini-Nap's A5).
#
# The keys per attack from a selected unit are counted (press) and checked
# against issue 17's aim: at most 4 with hexaid's dice, 4 + the number of dice
# with table dice.
. "$top_srcdir/tests/tap.sh"

tmux_test="whole turns of the demos in tmux"
. "$top_srcdir/tests/tmux.sh"

# press KEY... : keys sent and counted in $pressed (-l TEXT: one key a character).
pressed=0
press() {
	while [ $# -gt 0 ]; do
		if [ "$1" = -l ]; then
			keys -l "$2"
			pressed=$((pressed + ${#2}))
			shift 2
		else
			keys "$1"
			pressed=$((pressed + 1))
			shift
		fi
	done
}


# move_here ID FROM TO: Enter moves the selected unit to the cursor.
move_here() {
	check_status "Enter's hint on $3: move" "Enter:move"
	keys Enter
	check "$1 moves to $3" "$1 moves $2 to $3"
}

# attack_keys DESC MAX: the keys counted since pressed=0 are at most MAX.
attack_keys() {
	test "$pressed" -le "$2"
	tap_ok $? "$1: $pressed keys from the selected unit (at most $2)"
	echo "# keys per attack: $1: $pressed"
}

# check_dice DESC TEXT...: each TEXT in the dice pane, zoomed (Tab Tab z) so that
# its lines are whole; then the panes as they were, the focus on the map.
check_dice() {
	desc=$1
	shift
	keys Tab Tab z
	wait_for "[Dice"
	for text in "$@"; do
		check "$desc" "$text"
	done
	keys z Tab Tab
	wait_for "[Map"
}

# dice_dialog: e, and the dialog to type the dice in.
dice_dialog() {
	press e
	wait_for "Enter the dice"
}

# saved_state GAME: w saves the game shown; the units as `show state` lists them.
saved_state() {
	save="$tap_tmp/data/hexaid/saves/$1.sav"
	rm -f "$save"
	keys w
	wait_for "Save the game to the file:"
	keys Enter
	wait_for "saved to" || screen | sed 's/^/#   | /' >&2
	# (the game open in hexaid holds the save's lock: a copy is read)
	cp "$save" "$tap_tmp/read.sav"
	printf 'show state\n' | "$HEXAID" script "$tap_tmp/read.sav" - 2>&1
}

# unit_in STATE SIDE-NAME ID: "ID@HEX(STRENGTH)" from a side's line of STATE.
unit_in() {
	printf '%s\n' "$1" | sed -n "s/^$2: //p" | tr ' ' '\n' | grep "^$3@"
}

# battle_title: the battle set up, as the dice pane's title says it ("" for none).
battle_title() {
	screen | grep -o "Dice: battle [A-Z0-9]* [A-Z0-9]*" | head -n 1
}

# title_other TITLE: the battle set up is there and is not TITLE.
title_other() {
	now=$(battle_title)
	[ -n "$now" ] && [ "$now" != "$1" ]
}

# target_until ID: > until the battle set up is with ID (at most 8 times, each
# counted; each time the title is waited for to change, so that a screen not yet
# drawn is never read); false when it never is.
target_until() {
	n=0
	while [ $n -lt 8 ]; do
		before=$(battle_title)
		press '>'
		poll_until title_other "$before" || return 1
		screen_has "Dice: battle $sel_id $1 " && return 0
		n=$((n + 1))
	done
	return 1
}

# apply_result: the dialog after a roll that shows the table's result, Y applies it
# (never y, which moves the cursor north-west when no dialog is open).
apply_result() {
	wait_for "Apply the result?" || return 1
	press Y
	wait_gone "Apply the result?"
}

# retreat_to DESC N: v offers the hexes of the retreat owed, Enter takes the
# Nth (from 1; Down moves to it).
retreat_to() {
	keys v
	check "$1: v offers the hexes where the retreat may end" "retreats 1 of the 1 hex"
	i=1
	while [ "$i" -lt "$2" ]; do
		keys Down
		i=$((i + 1))
	done
	keys Enter
	wait_gone "it owes: to"
}

# === Commands & Colors: The Great War (great-war-demo.yaml, seed 7) ==================
start gw 80 24 -- --seed 7 "$scenarios/great-war-demo.yaml"
check "great war: the Allies to act" "turn 1, Allies to act"
check "great war: the cursor on the Allies' first unit" "[T>A1]"
phase Order
phase Move
# Infantry moves 2 hexes and does not battle, or 1 and battles (great-war.yaml:19-25).
select_here A1
keys k k
move_here A1 0507 0505
go A2
select_here A2
keys y
move_here A2 0607 0506
go A4
select_here A4
keys k
move_here A4 0807 0806
phase Battle
check_gone "the phase ended the selection" "(selected)"
# issue 28: the Battle phase allows no move (great-war.yaml:107): A4, which
# moved 1 of its 2 hexes, is marked no ++ and Enter offers no move.
go A4
select_here A4
keys k
check_gone "great war: Battle phase: no hex marked ** for A4" "**"
check_gone "great war: Battle phase: Enter offers no move" "Enter:move"
# A2 fires at C1, 4 hexes away: 1 die (great-war.yaml:29), hexaid's dice.
go A2
select_here A2
pressed=0
press '>'
check "> sets up the battle with A2's nearest target" "Dice: battle A2 C1"
check_status "Enter's hint: roll" "Enter:roll"
press Enter
check_dice "Enter rolls: deadly, which scores only in close combat (002:13); C1 keeps its strength" \
	"A2 rolls 1 die: deadly" "C1: 0 hits, 0 flags: strength 4/4"
attack_keys "great war, hexaid's dice" 4
# A4 fires at C4 with a die rolled on the table: a soldier, which the trench
# ignores (002:104: ignores 2 hits).
go A4
select_here A4
pressed=0
press '<'
check "< sets up the battle with A4's farthest target" "Dice: battle A4 C4"
dice_dialog
check "the dialog names the faces" "s Soldier, f Flag"
press -l s Enter
check_dice "the die typed is the battle's; the trench ignores the hit (002:104)" \
	"A4 rolls 1 die: soldier (the dice on the table)" "C4: 0 hits, 0 flags: strength 4/4"
attack_keys "great war, table dice (1 die)" 5
keys T
check_status "T: the Central Powers to act" "turn 1, Central Powers to act"
check "T: the cursor on their first unit" "[T<C1]"
phase Order
phase Move
select_here C1
keys j
move_here C1 0502 0503
go C4
select_here C4
keys j
move_here C4 0902 0903
phase Battle
go C1
select_here C1
pressed=0
press '>'
check "C1's nearest target is A1" "Dice: battle C1 A1"
press Enter
check_dice "C1 rolls a soldier: a hit (002:6) and A1, in the open, loses a step" \
	"C1 rolls 1 die: soldier" "A1: 1 hit, 0 flags: strength 3/4"
attack_keys "great war, hexaid's dice, second side" 4
go C4
select_here C4
pressed=0
press '>'
check "C4's nearest target is A4" "Dice: battle C4 A4"
dice_dialog
press -l s Enter
check_dice "A4 takes the soldier typed (002:6)" "A4: 1 hit, 0 flags: strength 3/4"
attack_keys "great war, table dice, second side" 5
# C3 fires from its trench at A2 and a flag is rolled: A2 retreats 1 hex toward
# its own side (soldier: retreat 1, great-war.yaml:18).
go C3
select_here C3
keys /
wait_for "Go to"
keys -l A2
keys Enter
check_status "Enter's hint on an enemy: battle" "Enter:battle"
keys Enter
check "Enter on the enemy sets up the battle" "Dice: battle C3 A2"
dice_dialog
press -l f Enter
check_dice "the flag typed" "A2: 0 hits, 1 flag: strength 4/4"
keys Tab Tab Tab z
check "the retreat asked for is in the log pane, whole" "A2 HEX..., losing for each hex it cannot"
keys z Tab
wait_for "[Map"
check_status "the message line says the key of the retreat" "A2 must retreat 1 hex: v offers where"
retreat_to "great war: A2's retreat, in the Central Powers' turn" 1
check "A2 retreats in the other side's turn" "A2 retreats 0506 to"
keys T
check_status "T: the turn ends; turn 2, the Allies" "turn 2, Allies to act"
state=$(saved_state great-war-demo)
tap_is "$(unit_in "$state" Allies A1)" "A1@0505(3)" "great war: A1 moved 2 hexes, took 1 hit"
tap_is "$(unit_in "$state" Allies A4)" "A4@0806(3)" "great war: A4 moved 1 hex, took 1 hit"
tap_is "$(unit_in "$state" "Central Powers" C1)" "C1@0503(4)" "great war: C1 moved 1, no hit"
tap_is "$(unit_in "$state" "Central Powers" C4)" "C4@0903(4)" "great war: C4 moved 1, the trench saved it"
a2=$(unit_in "$state" Allies A2)
case $a2 in A2@0507\(4\)|A2@0607\(4\)) r=0 ;; *) r=1 ;; esac
tap_ok $r "great war: A2 retreated 1 hex toward its side, strength 4 (great-war.yaml:18; got $a2)"
quit_game gw

# === Commands & Colors: Tricorne (tricorne-demo.yaml, seed 2) =======================
start tri 80 24 -- --seed 2 "$scenarios/tricorne-demo.yaml"
check "tricorne: the British to act" "turn 1, British to act"
phase Order
phase Move
go B1
select_here B1
keys j
move_here B1 0503 0504
phase Combat
# B8 melees C7 in the building next to it: 2 dice (tricorne.yaml:28), rolled
# on the table: two infantry, one ignored by the building (001:38).
go B8
select_here B8
pressed=0
press '>'
check "> sets up B8's nearest target, C7" "Dice: battle B8 C7"
dice_dialog
press -l ii Enter
check_dice "B8's two infantry typed; the building ignores one hit (001:38)" \
	"B8 rolls 2 dice: infantry, infantry (the dice" "C7: 1 hit, 0 flags: strength 2/4"
attack_keys "tricorne, table dice (2 dice)" 6
# C7 stands and does not retreat: it battles back against B8 (tricorne.yaml:323),
# out of its side's turn, with hexaid's dice: an infantry and a flag.
check_status "the message line offers the battle back" "C7 may battle back against B8: B sets it up"
pressed=0
press B
check "B sets up C7's battle back against B8" "Dice: battle C7 B8"
check_status "Enter's hint: roll" "Enter:roll"
press Enter
check_dice "C7 battles back: B8 takes a hit and a flag (tricorne.yaml:94, :98)" \
	"C7 rolls 2 dice: infantry, flag" "B8: 1 hit, 1 flag: strength 3/4"
attack_keys "tricorne, battle back, hexaid's dice" 4
retreat_to "tricorne: B8 retreats for the flag of the battle back" 1
check "B8 retreats 1 hex toward its side (tricorne.yaml:29)" "B8 retreats 0803 to 0802"
# B1 fires at C4 behind the stone wall with hexaid's dice: a cavalry, which
# infantry does not score, and a flag the wall ignores (001:107).
go B1
select_here B1
pressed=0
press '>'
check "> : B1's nearest target, C4" "Dice: battle B1 C4"
press Enter
check_dice "B1 rolls a cavalry and a flag; the wall ignores the flag (001:107)" \
	"B1 rolls 2 dice: cavalry, flag" "C4: 0 hits, 0 flags: strength 4/4"
attack_keys "tricorne, hexaid's dice" 4
keys T
check_status "T: the Continentals to act" "turn 1, Continentals to act"
phase Order
phase Move
go C4
select_here C4
keys k
move_here C4 0406 0405
phase Combat
go C9
select_here C9
pressed=0
target_until B8
tap_ok $? "tricorne: > finds B8 among C9's targets"
press Enter
check_dice "C9 rolls a flag and a cavalry at range; B8 takes the flag" \
	"C9 rolls 2 dice: flag, cavalry" "B8: 0 hits, 1 flag: strength 3/4"
# (B8 is C9's fourth target, nearest first: > four times, then Enter)
attack_keys "tricorne, hexaid's dice, the fourth target" 5
retreat_to "tricorne: B8 retreats again, in the Continentals' turn" 1
check "B8 retreats 1 hex toward its side" "B8 retreats 0802 to 0901"
go C4
select_here C4
pressed=0
press '>'
check "C4's nearest target, B1" "Dice: battle C4 B1"
dice_dialog
press -l if Enter
check_dice "B1 takes a hit and a flag (tricorne.yaml:94, :98)" "B1: 1 hit, 1 flag: strength 3/4"
attack_keys "tricorne, table dice, second side" 6
retreat_to "tricorne: B1 retreats for the flag" 1
check "B1 retreats to the hex it came from, toward its side" "B1 retreats 0504 to 0503"
keys T
check_status "T: turn 2, the British" "turn 2, British to act"
state=$(saved_state tricorne-demo)
tap_is "$(unit_in "$state" Continentals C4)" "C4@0405(4)" "tricorne: C4 moved 1, the wall kept the flag off"
tap_is "$(unit_in "$state" Continentals C7)" "C7@0704(2)" "tricorne: C7 took 1 hit of 2, stood in its building (001:38)"
tap_is "$(unit_in "$state" British B8)" "B8@0901(3)" "tricorne: B8 took 1 hit, retreated twice, 1 hex a flag (tricorne.yaml:29)"
tap_is "$(unit_in "$state" British B1)" "B1@0503(3)" "tricorne: B1 took 1 hit, retreated 1 hex for its flag (tricorne.yaml:29)"
quit_game tri

# === Mini-Nap (mini-nap-demo.yaml, seed 1) ==========================================
# The units carry their fire dice and the number that hits (mini-nap-demo.yaml:
# dice.fire, hits_on), so no battle asks for them.
start nap 80 24 -- --seed 1 "$scenarios/mini-nap-demo.yaml"
check "mini-nap: the French to act" "turn 1, French to act"
check_status "mini-nap: the Movement phase" "phase: Movement"
go F1
select_here F1
keys j
move_here F1 0703 0704
phase Fire
go F5
select_here F5
pressed=0
target_until A2
tap_ok $? "mini-nap: > finds A2 among F5's targets"
press Enter
check_dice "mini-nap: F5 fires at A2 with its own 3 dice, a hit on each 5 or more" \
	"F5 rolls 3 dice: 5, 4, 4" "A2: 1 hit (each die showing 5 or more"
attack_keys "mini-nap, hexaid's dice" 4
go F2
select_here F2
pressed=0
target_until A3
dice_dialog
check "mini-nap: the dice dialog names a d6's faces, 1 to 6" "Faces: 1 to 6."
press -l 512 Enter
check_dice "mini-nap: F2's three dice typed, one hit (the 5)" \
	"F2 rolls 3 dice: 5, 1, 2 (the dice on the table)" "A3: 1 hit"
attack_keys "mini-nap, table dice (3 dice)" 7
phase Hand-to-hand
keys T
check_status "T: the Austrians to act" "turn 1, Austrians to act"
go A5
select_here A5
keys j
move_here A5 0606 0607
phase Fire
# A value a battle lacks is asked before the dice: A5's fire dice are taken
# away with c (- gives back its class's, which has none), then asked by the
# battle and remembered on the unit.
keys c
wait_for "Change a unit"
check "c shows the unit's values, each with its key" "dice.fire"
keys BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
keys -l "dice.fire=-"
keys Enter
check "c: the value given back to the class's" "A5: 3/3"
go A5
select_here A5
target_until F1
keys Enter
check "the battle asks for the value it lacks, before the dice" "A5 has no battle dice, fire combat"
keys -l 2
keys Enter
check_dice "then the battle rolls A5's 2 dice" "A5 rolls 2 dice: 3, 5" "F1: 1 hit"
phase Hand-to-hand
keys T
check_status "T: turn 2, the French" "turn 2, French to act"
state=$(saved_state mini-nap-demo)
tap_is "$(unit_in "$state" French F1)" "F1@0704(5)" "mini-nap: F1 moved 1 hex, took A5's hit"
tap_is "$(unit_in "$state" Austrians A2)" "A2@0905(5)" "mini-nap: A2 took F5's hit (each 5 or more)"
tap_is "$(unit_in "$state" Austrians A3)" "A3@1006(1)" "mini-nap: A3 took F2's hit"
printf 'values A5\n' | "$HEXAID" script "$tap_tmp/read.sav" - | grep -q "dice.fire: battle dice, fire combat: 2 (its own)"
tap_ok $? "mini-nap: A5 keeps the fire dice given when the battle asked"
tap_is "$(unit_in "$state" Austrians A5)" "A5@0607(3)" "mini-nap: A5 moved 1 hex"
quit_game nap

# === Ultimate Napoleonic (ud-napoleonic-demo.yaml, seed 1) ===========================
start ud 80 24 -- --seed 1 "$scenarios/ud-napoleonic-demo.yaml"
check "ud: the French to act" "turn 1, French to act"
go F1
select_here F1
keys l
move_here F1 0604 0704
phase "Artillery fire"
# F5, a heavy battery, fires at P2 in march column: 1d6 + 3 on the artillery
# table (ud-napoleonic.yaml:461, :466, :469; the stream -1, :278).
go F5
select_here F5
pressed=0
target_until P2
press Enter
# the roll, then at once the result to apply, its codes in plain words
check "ud: the result's codes in plain words, before they are applied" "R2: retreats 2"
apply_result
check_dice "ud: hexaid rolled 5, +3: 8 on the table, 1DR2 (003:60)" \
	"F5 rolls 1d6: 5 = 5" "result: 1DR2"
attack_keys "ud, hexaid's dice" 4
check "ud: Y applies the result: P2 disordered (ud-napoleonic.yaml:64)" "status: disorder"
keys v
check "ud: v offers where P2's retreat of 2 hexes may end" "P2 retreats 2 of the 2 hexes"
keys Enter
check "ud: P2 retreats 2 hexes, the path found by hexaid" "P2 retreats 0706 to 0905"
phase Combat
# F1, now next to P1, fights it: PF + morale + 1d6 each side (003:86), the values
# its units hold (ud-napoleonic-demo.yaml).
go F1
select_here F1
pressed=0
target_until P1
press Enter
apply_result
check_dice "ud: F1 fights P1 with the values its units hold" \
	"values: F1 PF 3 + Morale 3 = 6, P1 PF 3 + Morale 3 = 6" "result: P1 wins, F1 loses"
attack_keys "ud, hexaid's dice, opposed roll" 4
keys Tab Tab Tab z
check "ud: the log pane has the roll as the dice log keeps it: turn, phase, side, source" \
	"turn 1, French, Combat: F1 -> P1, hexaid dice: 1d6: 4 against 4"
keys z Tab
wait_for "[Map"
retreat_to "ud: F1 retreats 1 hex for its R" 2
check "ud: F1 retreats toward its side" "F1 retreats 0704 to 0604"
keys T
check_status "T: the Prussians to act" "turn 1, Prussians to act"
go P3
select_here P3
keys h
move_here P3 0803 0703
phase "Artillery fire"
phase Combat
go P3
select_here P3
pressed=0
target_until F1
dice_dialog
check "ud: the dice dialog says how many dice and whose" "P3 1d6, then F1 1d6"
press -l 43 Enter
apply_result
check_dice "ud: P3 fights F1 with the dice typed, each side's" \
	"P3 rolls 1d6: 4 = 4; value and modifiers +3; total 7 (the dice on the table)" \
	"F1 rolls 1d6: 3 = 3; value and modifiers +7; total 10 (the dice on the table)" \
	"result: F1 wins, P3 loses"
attack_keys "ud, table dice (1 die each side)" 6
retreat_to "ud: P3 retreats 1 hex for its R" 1
keys T
check_status "T: turn 2, the French" "turn 2, French to act"
state=$(saved_state ud-napoleonic-demo)
tap_is "$(unit_in "$state" French F1)" "F1@0604(4)" "ud: F1 moved 1 hex, retreated 1 (R)"
p3=$(unit_in "$state" Prussians P3)
case $p3 in P3@0703*|P3@0803*) r=1 ;; *) r=0 ;; esac
tap_ok $r "ud: P3 moved 1 hex and retreated 1 for its R ($p3)"
tap_is "$(unit_in "$state" Prussians P2)" "P2@0905(4)" "ud: P2 retreated 2 hexes for the 1DR2 (003:60)"
printf 'show unit P2\n' | "$HEXAID" script "$tap_tmp/read.sav" - | grep -q disorder
tap_ok $? "ud: P2 disordered one level for the 1DR2 (003:29)"
quit_game ud

# === Napoleonic TEC (napoleonic-tec-demo.yaml, seed 1) ==============================
start tec 80 24 -- --seed 1 "$scenarios/napoleonic-tec-demo.yaml"
check "tec: the French to act" "turn 1, French to act"
go F1
select_here F1
keys j
move_here F1 0403 0404
phase Fire
# issue 28: the Fire phase allows fire only (napoleonic-tec.yaml:581); cavalry
# only shocks (napoleonic-tec.yaml:53): > offers F3 no target, and says why.
go F3
select_here F3
check_gone "tec: Fire phase: no > hint for F3, which only shocks" ">:target"
keys '>'
check_status "tec: Fire phase: > sets up no cavalry shock, and says why" "F3 may battle no unit now"
# F5's artillery fires at A2 in the village: 2d6 + its strength 3 (004:204), -2
# for the village (004:13) on the fire table.
go F5
select_here F5
pressed=0
target_until A2
check "tec: Fire phase: > sets up fire" "F5 battles A2 (fire)"
press Enter
check "tec: the cohesion test said in plain words before it is applied" "CT: cohesion test"
apply_result
check_dice "tec: hexaid rolls 9, +1: 10 on the fire table, CT (004:204)" \
	"F5 rolls 2d6: 5, 4 = 9" "10  roll 9, modifiers +1" "result: CT"
attack_keys "tec, hexaid's dice" 4
phase Shock
keys T
check_status "T: the Austrians to act" "turn 1, Austrians to act"
phase Fire
# A3's artillery fires at F4 in the woods (-1, 004:10) with the two dice typed
# as two keys.
go A3
select_here A3
pressed=0
target_until F4
dice_dialog
check "tec: the dice dialog asks for the numbers" "the numbers on the dice"
press -l 34 Enter
# n leaves the result waiting; Y asks again and Y applies it; U takes it back
# and Y applies it again: one confirmation each time, undoable.
wait_for "Apply the result?"
keys n
check_status "n: the result waits, Y applies it" "the battle's result waits: Y applies it"
keys Y
apply_result
check_status "y: the reminder hexaid cannot apply, said" "F4: remember CT"
keys U
check_status "U takes the result applied back" "undone: apply"
keys Y
wait_for "Apply the result?"
keys y
check "y does not apply the result: the dialog stays" "Apply the result?"
keys Y
check_status "Y then Y applies it again" "F4: remember CT"
keys Tab Tab Tab z
check "tec: the log pane has the roll of the dice typed: table dice" \
	"turn 1, Austrians, Fire: A3 -> F4, table dice: 2d6: 3, 4"
keys z Tab
wait_for "[Map"
check_dice "tec: the dice typed, 7, +2: 9 on the fire table, CT" \
	"A3 rolls 2d6: 3, 4 = 7; modifiers +2; total 9 (the dice on the table)" "result: CT"
attack_keys "tec, table dice (2 dice)" 6
phase Shock
keys T
check_status "T: turn 2, the French" "turn 2, French to act"
state=$(saved_state napoleonic-tec-demo)
tap_is "$(unit_in "$state" French F1)" "F1@0404(6)" "tec: F1 moved 1 hex"
tap_is "$(unit_in "$state" French F5)" "F5@0705(3)" "tec: F5 keeps its strength"
"$HEXAID" log "$tap_tmp/read.sav" | grep -q '^A2.*cohesion test'
tap_ok $? "tec: A2's cohesion test (CT) applied as the reminder hexaid gives (004:204)"
"$HEXAID" log "$tap_tmp/read.sav" | grep -q '^F4.*cohesion test'
tap_ok $? "tec: F4's cohesion test (CT) applied as the reminder (004:204)"
quit_game tec

# === issue 28: an owed retreat is not dropped by T (Tricorne, 001:38) ===========
# Two flags typed against C7: it owes 2 hexes; the status line says so with v,
# T is refused until v makes the retreat, then the turn ends.
start owed 80 24 -- --seed 1 "$scenarios/tricorne-demo.yaml"
check "owed: the British to act" "turn 1, British to act"
# issue 28: the first phase allows no battle (tricorne.yaml:101-115): > and
# Enter on C7 say the key that goes on, and no roll is offered.
go B8
select_here B8
keys '>'
check_status "first phase: > names p, the key that goes on" "p: next phase"
go C7
check_gone "first phase: no Enter:battle on C7" "Enter:battle"
keys Enter
check_status "first phase: Enter on C7 names p" "not in the Command phase: p: next phase"
check_gone "first phase: no Enter:roll offered" "Enter:roll"
phase Order
phase Move
phase Combat
go B8
select_here B8
keys '>'
check "owed: > sets up B8's battle with C7" "Dice: battle B8 C7"
dice_dialog
keys -l ff
keys Enter
check "owed: two flags, C7 owes 2 hexes" "C7 must retreat 2 hexes"
check_status "owed: the status line names the retreat and v" "owed: C7 retreat 2 (v)"
keys T
check_status "owed: T is refused while C7 owes its retreat, with its key" "owed first: C7 retreat 2 (v)"
keys v
check "owed: v offers where C7's retreat may end" "retreats 2 of the 2 hex"
keys Enter
wait_gone "it owes: to"
keys T
check_status "owed: once retreated, T ends the turn" "turn 1, Continentals to act"
quit_game owed

tap_done
