#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-battle.sh: the battle of issue 29 laid out by keys only at 80x24 and counted:
# from `hexaid new tricorne`, a 13x9 board with a river across row 5 and a bridge
# over it at 0705, two hills of two hexes (0303-0403, 1007-1107), a village
# (building, 0907), a road from 0302 to 0902, and six units a side with their
# classes; saved with w, checked with hexaid check and hexaid render against the
# intended board; then a game started from it moves one unit. The keys of the
# set-up are counted (README.md states the count; the issue wants at most 200).
. "$top_srcdir/tests/tap.sh"

tmux_test="the battle of issue 29 in tmux"
. "$top_srcdir/tests/tmux.sh"
scen=$tap_tmp/battle.yaml
n=0

# k KEY...: send keys, counting each (k -l TEXT: each character of TEXT).
k() {
	if [ "$1" = -l ]; then
		n=$((n + ${#2}))
	else
		n=$((n + $#))
	fi
	keys "$@"
}

# brush TEXT: P, a terrain brush found by typing TEXT.
brush() {
	k P
	wait_for "Paint with" && k Enter
	wait_for "Terrain (or a road" && k -l "$1"
	k Enter
	wait_for "PAINT $2"
}

# goto HEX: / and the hex.
goto() {
	k /
	wait_for "Go to" && k -l "$1"
	k Enter
	wait_for "Hex $1 "
}

# unit ID [CHOOSE...]: A, the side and class offered (or moved to by CHOOSE, keys
# of the side chooser then of the class chooser, split by a ',' word), the id and
# strength offered; ID placed.
unit() {
	id=$1
	shift
	k A
	wait_for "Add a unit: its side"
	while [ $# -gt 0 ] && [ "$1" != , ]; do k "$1"; shift; done
	[ "${1:-}" = , ] && shift
	k Enter
	wait_for "light_infantry"
	while [ $# -gt 0 ]; do k "$1"; shift; done
	k Enter
	wait_for "The new unit's id" && k Enter
	wait_for "Its strength" && k Enter
	wait_for "$id ("
}

"$HEXAID" new tricorne "$scen" >/dev/null 2>&1
start bt 80 24 -- edit "$scen"
wait_for "SET-UP"

# the river across row 5, from 0105 to 1305; the bridge over it at 0705
k h h h h h h
wait_for "Hex 0105 "
brush riv river
k .
k l l l l l l l l l l l l
wait_for "Hex 1305 "
k Escape
goto 0705
brush bri bridge
k . Escape
# the hills, the village, the road
goto 0303
brush hil hill
k . l Escape
goto 1007
brush hil hill
k . l Escape
goto 0907
brush bui building
k . Escape
goto 0302
brush roa road
k . l l l l l l Escape
wait_for "Hex 0902 "
# six British units on row 3 from 0503: three infantry, light infantry, cavalry,
# artillery; six Continentals on row 7 from 0107
goto 0503
unit B1
k l; unit B2
k l; unit B3
k l; unit B4 , Down
k l; unit B5 , Down
k l; unit B6 , Down
goto 0107
unit C1 Down , Up Up Up
k l; unit C2
k l; unit C3
k l; unit C4 , Down
k l; unit C5 , Down
k l; unit C6 , Down
k w
check_status "w saves the battle" "saved to $scen"
setup_keys=$n
tap_ok "$([ "$setup_keys" -le 200 ]; echo $?)" "the battle took $setup_keys keys (at most 200)"
echo "# keys: $setup_keys"
k q
tap_is "$(wait_status bt)" 0 "q quits"
T kill-session -t bt

"$HEXAID" check "$scen" >"$tap_tmp/out" 2>&1
tap_is "$?:$(cat "$tap_tmp/out")" "0:" "hexaid check accepts the battle"
grep -q '^kind: scenario$' "$scen"
tap_ok $? "a scenario"

# every hex as hexaid sees it, against the intended board
printf 'show hex %s\n' 0105 0605 0705 0805 1305 0303 0403 1007 1107 0907 0302 0902 0501 |
	"$HEXAID" script "$scen" - 2>&1 | grep -v '^>' | grep -v 'side:' >"$tap_tmp/hexes"
tap_is "$(tr '\n' '/' <"$tap_tmp/hexes")" \
"0105: River, level 0/0605: River, level 0/0705: Bridge, River, level 0/0805: River, level 0/\
1305: River, level 0/0303: Hill, level 1/0403: Hill, level 1/1007: Hill, level 1/\
1107: Hill, level 1/0907: Building, level 0/0302: Clear, Road, level 0/\
0902: Clear, Road, level 0/0501: Clear, level 0/" "the hexes: river, bridge over it, hills (level 1, the card's), village, road"
tap_is "$(grep -c '~' "$scen"):$(grep -c '^  - feature: road$' "$scen")" "1:1" \
	"one row of river; one road"
grep -q '^    path: \["0302", "0402", "0502", "0602", "0702", "0802", "0902"\]$' "$scen"
tap_ok $? "the road runs 0302 to 0902 along its hexsides"
tap_is "$(grep -c '^  - { id: B[1-6], side: british, class: ' "$scen"):$(grep -c '^  - { id: C[1-6], side: american, class: ' "$scen")" \
	"6:6" "six units a side"
for u in "B1 infantry 0503" "B3 infantry 0703" "B4 light_infantry 0803" "B5 cavalry 0903" \
	"B6 artillery 1003" "C1 infantry 0107" "C4 light_infantry 0407" "C6 artillery 0607"; do
	set -- $u
	grep -q "^  - { id: $1, side: [a-z]*, class: $2, hex: \"$3\", strength: 4 }$" "$scen"
	tap_ok $? "$1: $2 in $3"
done
"$HEXAID" render "$scen" >"$tap_tmp/map" 2>&1
tap_is "$?:$(grep -c '~' "$tap_tmp/map")" "0:1" "hexaid render: the river's row"
grep -q '^05 |~   |~   |~   |~   |~   |~   |=' "$tap_tmp/map" &&
	grep -q '^03 |\.   |\.   |\^   |\^   |' "$tap_tmp/map"
tap_ok $? "hexaid render: the river, the bridge at 0705, the hill 0303-0403"

# a game started from it: turn 1, and B1 moves
start pl 80 24 -- "$scen"
check_status "a game from it: turn 1, British to act" "turn 1, British to act"
go B1
keys p
wait_for "phase: Order" && keys p
check_status "the Move phase" "phase: Move"
keys Enter
check "B1 selected" "B1 selected"
keys j Enter
check "B1 moves" "B1 moves 0503 to 0504"
quit_game pl
tap_done
