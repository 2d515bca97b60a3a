#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-loops.sh: the battle loops and rules that the cards decide, played through
# the terminal interface at 80x24 with keys only (no ':' command, no --force):
# a lone leader entering a wetland (Tricorne 001:72), a road move next to an
# enemy (TEC 004:97-98), taking ground after a melee (Tricorne's take_ground). '/' only puts the cursor on a unit. Each check names
# the seed line it holds the program to.
. "$top_srcdir/tests/tap.sh"

tmux_test="battle loops in tmux"
. "$top_srcdir/tests/tmux.sh"

# saved_state GAME: w saves the game shown; the units as `show state` lists them.
saved_state() {
	save="$tap_tmp/data/hexaid/saves/$1.sav"
	rm -f "$save"
	keys w
	wait_for "Save the game to the file:"
	keys Enter
	wait_for "saved to" || screen | sed 's/^/#   | /' >&2
	cp "$save" "$tap_tmp/read.sav"
	printf 'show state\n' | "$HEXAID" script "$tap_tmp/read.sav" - 2>&1
}

# quit_saved NAME: q after w (go, phase and quit_game are in tmux.sh).
quit_saved() {
	keys q
	wait_status "$1" >/dev/null
	T kill-session -t "$1" 2>/dev/null
}

# check_log DESC TEXT...: each TEXT in the log pane, zoomed (Tab Tab Tab z) so
# that its lines are whole; then the panes as they were, the focus on the map.
check_log() {
	desc=$1
	shift
	keys Tab Tab Tab z
	wait_for "[Log"
	for text in "$@"; do
		check "$desc" "$text"
	done
	keys z Tab
	wait_for "[Map"
}

# === Tricorne: a lone leader enters a wetland (001:72) ===========================
# The demo with a British lone leader L1 (the card's class leader) on the hill
# 1006, beside the wetland 1106. hexaid rolls one die as it enters: with
# --seed 17 a saber, and the leader is lost; with --seed 2 an infantry symbol,
# which costs a lone leader nothing, and it goes on (001:74).
sed 's/^  - { id: B1, side: british.*$/&\n  - { id: L1, side: british, class: leader, hex: "1006", strength: 1 }/' \
	"$scenarios/tricorne-demo.yaml" >"$tap_tmp/leader.yaml"
grep -q "id: L1" "$tap_tmp/leader.yaml"
tap_ok $? "leader: the demo with a lone leader L1 in 1006"
for seed in 17 2; do
	start leader 80 24 -- --seed $seed "$tap_tmp/leader.yaml"
	check "leader $seed: the British to act" "turn 1, British to act"
	phase Order
	phase Move
	go L1
	select_here L1
	keys l
	check_status "leader $seed: Enter's hint on the wetland 1106: move" "Enter:move"
	keys Enter
	check_status "leader $seed: L1 moves into 1106" "L1 moves 1006 to 1106"
	state=$(saved_state tricorne-demo)
	if [ $seed = 17 ]; then
		check_log "leader 17: L1 rolls a saber entering 1106 and is lost (001:72)" \
			"L1 enters 1106: rolls saber" "L1 is lost entering 1106, eliminated"
		tap_is "$(printf '%s\n' "$state" | sed -n 's/^British: //p' | tr ' ' '\n' | grep '^L1')" \
			"L1eliminated(0)" "leader 17: the save has L1 lost (001:72)"
	else
		check_log "leader 2: L1 rolls an infantry symbol entering 1106" \
			"L1 enters 1106: rolls infantry"
		tap_is "$(printf '%s\n' "$state" | sed -n 's/^British: //p' | tr ' ' '\n' | grep '^L1')" \
			"L1@1106(1)" "leader 2: L1 stands in 1106, strength 1: no saber, no loss (001:72, 001:74)"
	fi
	quit_saved leader
done

# === TEC: no road movement moving next to an enemy (004:97-98) ===================
# The demo with woods in 0404 and 0504 on the road (0304 to 0604, where A1
# stands; A2 in 0603). F2 steps along the road into 0404, next to no enemy:
# the road's 1 MP (004:15), not the woods' 2. Then into 0504, next to A1 and
# A2: no road movement, the woods' 2 MP count (004:10, 004:97-98).
awk '/^map:/ { m = 1 } m && /^    - "\. \. \. \. \. T/ && ++n == 2 { sub(/\. \. \. \. \. T/, ". . . w w T") } { print }' \
	"$scenarios/napoleonic-tec-demo.yaml" >"$tap_tmp/road.yaml"
grep -q '". \. \. w w T' "$tap_tmp/road.yaml"
tap_ok $? "road: the demo with woods on the road in 0404 and 0504"
start road 80 24 -- --seed 1 "$tap_tmp/road.yaml"
check "road: the French to act, Movement" "turn 1, French to act"
go F2
select_here F2
keys l
check_status "road: Enter's hint on 0404: move" "Enter:move"
keys Enter
check_status "road: F2 into 0404 along the road, next to no enemy: 1 MP (004:15)" \
	"F2 moves 0304 to 0404: 1 hex, costing 1, along the road"
keys l
check_status "road: Enter's hint on 0504: move" "Enter:move"
keys Enter
check_status "road: F2 into 0504 next to A1: the woods' 2 MP, not the road's (004:97-98, 004:10)" \
	"F2 moves 0404 to 0504: 1 hex, costing 2"
check_log "road: the log has the move into 0504 not along the road (004:97-98)" \
	"F2 moves 0404 to 0504 (1 hex)"
quit_game road

# === Tricorne: take ground after a melee (the card's take_ground, assumed) ======
# B8 melees C7 in the farm with two flags typed (e ff): C7 owes 2 hexes; v
# makes the retreat; the message line offers the empty hex; G takes it.
start ground 80 24 -- --seed 1 "$scenarios/tricorne-demo.yaml"
check "ground: the British to act" "turn 1, British to act"
phase Order
phase Move
phase Combat
go B8
select_here B8
keys '>'
check "ground: > sets up B8's battle with C7" "Dice: battle B8 C7"
keys e
wait_for "Enter the dice"
keys -l ff
keys Enter
check_status "ground: two flags, C7 owes 2 hexes (tricorne.yaml:29)" "C7 must retreat 2 hexes: v offers where"
keys v
check "ground: v offers where C7's retreat may end" "retreats 2 of the 2 hex"
keys Enter
check_status "ground: the message line offers the hex C7 left: G" "B8 may take ground in 0704: G takes it"
keys G
check_status "ground: G moves B8 into 0704" "B8 takes ground: 0803 to 0704"
state=$(saved_state tricorne-demo)
tap_is "$(printf '%s\n' "$state" | sed -n 's/^British: //p' | tr ' ' '\n' | grep '^B8@')" \
	"B8@0704(4)" "ground: the save has B8 in the farm C7 left"
quit_saved ground

tap_done
