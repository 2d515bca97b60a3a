#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-map.sh: what a player reads off the map, in the terminal interface, at
# 80x24 and 160x48, by keys alone: the UD demo's stream with its ford and
# bridge, the Tricorne stone walls and field works, the TEC demo's levels, a
# hex with a shell crater and wire showing both, units beside terrain of
# their own letter told apart, the line of sight without colour, and the
# large hexes (`+`, or chosen when the whole board fits in them). Each check
# polls the screen (tests/tmux.sh); nothing sleeps.
. "$top_srcdir/tests/tap.sh"

tmux_test="the map in the terminal interface"
. "$top_srcdir/tests/tmux.sh"
# a session that stays, so that the server never empties between two others
T new-session -d -s keep "sleep 600"

# start NAME WIDTH HEIGHT SCENARIO [VAR=VALUE...]: hexaid on a demo, in a new
# session, with journals of its own (a game left changed is not offered to the next).
start() {
	name=$1 w=$2 h=$3 file=$4
	shift 4
	T new-session -d -s "$name" -x "$w" -y "$h" \
		"env $env_base XDG_STATE_HOME=$tap_tmp/state-$name $* $HEXAID $scenarios/$file-demo.yaml; \
sleep 600"
	sess=$name
}

stop() {
	keys q
	T kill-session -t "$sess" 2>/dev/null
}


# go HEX: the cursor to a hex, as a player does (/ then the hex's label).
go() {
	keys /
	wait_for "Go to" || return 1
	keys -l "$1"
	keys Enter
	wait_gone "Go to"
}

# --- 80x24, compact hexes --------------------------------------------------------------
start ud 80 24 ud-napoleonic
check "UD: the map" "Map: The Mill Stream (demo)"
check "UD: the stream on the east side of 0602, beside F8" ".>F8,."
check "UD: the stream turns along the hexsides (ne and se of 0602)" "/ ,  /"
check "UD: the ford on the east side of 0603" "'.   |h<P3"
check "UD: the bridge on the east side of 0605, the road across it" "=.+  |V<P1"
check "UD: the hills' levels, as peaks" "/1\\  /1\\  /2\\  /1\\"
stop

start tricorne 80 24 tricorne
check "Tricorne: the map" "Map: Brandon's Ford (demo)"
check "Tricorne: C7 on a building beside a building, its side marked" "B<C7|B   |"
check "Tricorne: B4 in the forest, marked apart from it" "f>B4|"
go 0507
check "Tricorne: the stone walls of 0406 (nw, ne)" "\\  H H  /"
check "Tricorne: the field works before 0507-0807" "M M  M M  M M  M"
keys P
check "P: the brush dialog" "Paint with"
keys h Enter
check "the paint menu shows the stone wall as the map draws it" "Stone wall (stone_wall, H)"
check "... and the field works" "Field works (field_works, M)"
keys Escape
wait_gone "Field works (field_works"
stop

start tec 80 24 napoleonic-tec
check "TEC: a flat-top map" "Map: The Heights of Kreuzberg (demo)"
check "TEC: A4 behind the crest, its strength 6 before its mark" "\".6<A4"
check "TEC: A4's hex (0903) keeps its level 2, at the top of the hex" ".6<A7\"__2__/"
check "TEC: the ridge's flank, level 1, at the top of its hex" "\\__1__/.    \\"
check "TEC: the stream and its bridge on the road" ";. =  \\"
stop

start gw 80 24 great-war
check "Great War: the map" "Map: No Man's Land (demo)"
go 0503
check "Great War: the cursor on a hex with wire" "[.x  ]"
keys t
check "t offers the tokens" "Place a token"
keys -l Sh
keys Enter
check "Great War: the crater and the wire, both in the hex" "[.xo ]"
check "the hex pane lists the crater" "Shell crater"
keys +
check "+: large hexes, with each unit's strength" "<C1 4"
check "the message says so" "Large hexes (+ for compact ones)"
keys +
check "+ again: compact hexes" "T<C1|T<C2|T<C3"
stop

start mono 80 24 great-war NO_COLOR=1
check "NO_COLOR: started" "[T>A1]"
keys Enter
check "NO_COLOR: A1 selected" "A1 selected"
keys k k k
check "NO_COLOR: the line of sight to the cursor says clear" "LOS 0507 to 0504: clear"
check "NO_COLOR: the hexes of the line drawn {} (the overlay table's)" ". {}|"
stop

# --- 160x48: the board whole, in large hexes where they fit ------------------------------
start ud-large 160 48 ud-napoleonic
check "UD 160x48: large hexes (the board fits), F1 with its strength, its bracket whole over the stream" ">F1 4  ]"
check "UD 160x48: the stream down the east sides of column 06" "|       ,       |"
check "UD 160x48: the bridge on 0605's east side" "=+      |"
check "UD 160x48: the levels" "/2\\"
stop

start tricorne-large 160 48 tricorne
check "Tricorne 160x48: the whole board, compact, its last row" "09 |.   |.   |~"
check "Tricorne 160x48: the stone walls" "\\  H H  /"
check "Tricorne 160x48: the field works" "M M  M M  M M  M"
stop

start tec-large 160 48 napoleonic-tec
check "TEC 160x48: large hexes, A4 with its strength" "<A4 6"
check "TEC 160x48: the summit's level 2" "/.     2\\"
check "TEC 160x48: the redoubt's south side" "########"
stop
tap_done
