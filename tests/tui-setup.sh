#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-setup.sh: set-up in the terminal interface (issue 29), by keys only at 80x24:
# hexaid edit FILE opens a scenario in set-up (SET-UP, no turn or phase); A adds a
# unit offering the side, class and strength of the unit added last and an id of
# the side's prefix and next number; w writes a scenario (kind: scenario, never a
# save) that hexaid check accepts and a game starts from at turn 1 with an empty
# log; p (a command of play) is refused, naming the set-up keys; a set-up
# killed by SIGKILL offers its edits back; F10 -> Game -> Edit scenario... opens
# a demo in set-up (w writes it back byte for byte), New scenario... writes a
# card's blank one and opens it in set-up, where a hexside brush turns with the
# cursor, F ... F fills a
# rectangle, C copies a hex, d copies a unit, g puts one anywhere and O lists
# them, E's form sets the scenario's title, a side's name, the victory target,
# the turn limit (which a game's status line then shows), a setting and the
# board's size, and the status line offers E; a saved game is refused.
. "$top_srcdir/tests/tap.sh"

tmux_test="set-up in tmux"
. "$top_srcdir/tests/tmux.sh"
scen=$tap_tmp/battle.yaml

"$HEXAID" new tricorne "$scen" >/dev/null 2>&1
start ed 80 24 -- edit "$scen"
check_status "hexaid edit: SET-UP on the status line, no turn or phase" "SET-UP"
check_status "... and the set-up keys" "A:add unit"
check_hint "... E among them, the scenario's details" E
# set-up is not play: p (phase next) is refused, naming the set-up's keys
keys p
check_status "p in set-up: refused, with the set-up keys" "phase: set-up, not play: P paint"

# A: the side offered first, the class, the id suggested, the strength
keys A
check "A: the sides to choose from" "Add a unit: its side"
keys Enter
check "the card's classes" "light_infantry"
keys Enter
check "an id offered" "The new unit's id"
keys Enter
wait_for "Its strength" && keys Enter
check "B1: the British prefix and the first number" "B1 (British infantry) placed in 0705"
keys l A
wait_for "Add a unit: its side" && keys Down Enter
wait_for "light_infantry" && keys Enter
wait_for "The new unit's id" && keys Enter
wait_for "Its strength" && keys Enter
check "C1: the Continentals' prefix, the class of the unit added last offered" \
	"C1 (Continentals infantry) placed in 0805"
keys w
check_status "w saves the scenario" "saved to $scen"
grep -q '^kind: scenario$' "$scen" && ! grep -q '^commands:' "$scen" && ! grep -q '^log:' "$scen"
tap_ok $? "what w wrote is a scenario, not a save: no commands, no log"
grep -q '^  - { id: B1, side: british, class: infantry, hex: "0705", strength: 4 }$' "$scen" &&
	grep -q '^  - { id: C1, side: american, class: infantry, hex: "0805", strength: 4 }$' "$scen"
tap_ok $? "... with the units placed"
"$HEXAID" check "$scen" >"$tap_tmp/out" 2>&1
tap_is "$?:$(cat "$tap_tmp/out")" "0:" "hexaid check accepts it"
"$HEXAID" log "$scen" >"$tap_tmp/out" 2>&1
tap_is "$(sed -n 3p "$tap_tmp/out"):$(sed -n 6p "$tap_tmp/out")" \
	"(nothing has happened yet):  turn 1, British: Command" \
	"a game started from it begins at turn 1 with an empty log"

# a set-up killed: the next start offers its edits back
keys l A
wait_for "Add a unit: its side" && keys Up Enter
wait_for "light_infantry" && keys Enter
wait_for "The new unit's id" && keys Enter
wait_for "Its strength" && keys Enter
check "B2 placed" "B2 (British infantry) placed in 0905"
kill -KILL "$(pid_of ed)"
tap_is "$(wait_status ed)" 137 "SIGKILL ends it"
T kill-session -t ed
start ed2 80 24 -- edit "$scen"
check "the next start offers the edit back" "Recover the game?"
keys y
check_status "y: the edit is back" "recovered 1 of 1 commands"
check "... the unit on the map (the log holds no set-up)" ">B2"
check_status "... still in set-up" "SET-UP"
keys w
check_status "saved" "saved to $scen"
grep -q 'id: B2,' "$scen"
tap_ok $? "the recovered unit is in the scenario"

# F10 -> Game -> Edit scenario...: a demo in set-up
cp "$top_srcdir/data/scenarios/tricorne-demo.yaml" "$tap_tmp/demo.yaml"
keys F10
wait_for "Edit scenario..." && keys Down Down Down Down Down Down Down Enter
check "Edit scenario...: which file" "The scenario to set up"
keys C-u
keys -l "$tap_tmp/demo.yaml"
keys Enter
check "the demo is open" "Map: Brandon's Ford (demo)"
check_status "... in set-up" "SET-UP"
keys w
check_status "w writes the demo back" "saved to $tap_tmp/demo.yaml"
cmp "$tap_tmp/demo.yaml" "$top_srcdir/data/scenarios/tricorne-demo.yaml"
tap_ok $? "... byte for byte, its comments kept (cmp)"

# F10 -> Game -> New scenario...: the card, the board's size, the title, the file
keys F10
wait_for "New scenario..." && keys Down Down Down Down Down Down Down Down Enter
check "New scenario...: the cards that give a blank scenario" "tricorne: Commands"
keys t r Enter
check "the board's size asked" "The board, columns x rows"
keys C-u
keys -l "5x4"
keys Enter
check "the title asked" "Its title"
keys C-u
keys -l "Ridge"
keys Enter
check "the file asked" "The file to write it to"
keys C-u
keys -l "$tap_tmp/ridge.yaml"
keys Enter
check "the new scenario is open" "Map: Ridge"
check_status "... in set-up" "SET-UP"
"$HEXAID" check "$tap_tmp/ridge.yaml" >"$tap_tmp/out" 2>&1 &&
	grep -q '^card: tricorne$' "$tap_tmp/ridge.yaml" &&
	grep -q '^  columns: 5$' "$tap_tmp/ridge.yaml" && grep -q '^  rows: 4$' "$tap_tmp/ridge.yaml" &&
	grep -q '^title: "Ridge"$' "$tap_tmp/ridge.yaml"
tap_ok $? "... written as hexaid new writes it: the card, 5x4, the title; hexaid check accepts it"
# a hexside brush paints the side the cursor points at: the way it moved last
keys P
wait_for "Paint with" && keys Down Down Down Enter
wait_for "Stone wall" && keys S Enter
wait_for "Which side of the hex?" && keys Enter
keys l
check_status "the brush turned east with the cursor, on the status line" "PAINT stone_wall on e"
check_status "... and the wall is on the east side" "stone_wall now on the e side of"
keys Escape w
check_status "saved" "saved to $tap_tmp/ridge.yaml"
tap_is "$(grep -c 'feature: stone_wall' "$tap_tmp/ridge.yaml")" 1 "one wall written"
# F marks a corner, F again fills the rectangle to the cursor with the brush
keys P
wait_for "Paint with" && keys Enter
wait_for "Forest (forest" && keys F o Enter
check_status "the forest brush" "PAINT forest"
keys F
check_status "F marks a corner" "corner 0403 marked"
keys h h j F
check_status "F fills the rectangle" "0403 to 0204: 6 hexes painted with forest"
keys Escape w
check_status "saved" "saved to $tap_tmp/ridge.yaml"
tap_is "$(sed -n '/^map:/,/^$/p' "$tap_tmp/ridge.yaml" | tr -d '\n')" \
	'map:  rows:    - ". . . . ."    - ". . . . ."    - ". f f f ."    - ". f f f ."' \
	"... forest from 0203 to 0404, written"
# C copies the hex at the cursor (terrain, level, hexside features) to the brush
keys /
wait_for "A hex (such as 0405)" && keys -l 0403
keys Enter C
check_status "C: the hex at the cursor is the brush" "PAINT copy of 0403"
keys k Escape w
check_status "saved" "saved to $tap_tmp/ridge.yaml"
tap_is "$(sed -n '/^map:/,/^$/p' "$tap_tmp/ridge.yaml" | grep -c 'f')$(grep -c 'feature: stone_wall' "$tap_tmp/ridge.yaml")" \
	"32" "... the hex north of 0403 painted as it: forest, a stone wall on its e side"
# d copies the selected unit into the hex at the cursor, g puts it anywhere, O
# lists every unit
keys A
wait_for "Add a unit: its side" && keys Enter
wait_for "light_infantry" && keys Enter
wait_for "The new unit's id" && keys Enter
wait_for "Its strength" && keys Enter
check_status "a unit added" "B1 (British infantry) placed in 0402"
keys s l d
check "d: the copy's id offered" "The copy's id"
keys Enter
check_status "d: the copy placed, the next id" "B2 (British infantry) placed in 0502"
keys j j g
check_status "g in set-up: the selected unit put anywhere (unit set)" "B1: 4/4"
keys O
check "O: the roster" "British: 2 units"
check "... each with class, hex, strength" "B2     infantry         0502  4/4"
keys Escape w
check_status "saved" "saved to $tap_tmp/ridge.yaml"
tap_is "$(grep -c '^  - { id: B[12], side: british, class: infantry, hex: "050[24]", strength: 4 }$' \
	"$tap_tmp/ridge.yaml")$(grep -c 'hex: "0402", strength' "$tap_tmp/ridge.yaml")" 20 \
	"... B1 moved from 0402 to 0504 by g, its copy B2 in 0502, written"
# E: the scenario's own data in a form, each change a command
keys E
check "E: the scenario details form" "Scenario details"
keys C-u
keys -l "Ridge Two"
keys Down Down C-u
keys -l "Redcoats"
keys Down Down Down Down Down
keys -l 3
keys Down
keys -l 4
keys Down Right Down Down C-u
keys -l 6x5
keys Enter
check_status "Enter: each field changed sent" "scenario details: 6 changes"
keys w
check_status "saved" "saved to $tap_tmp/ridge.yaml"
"$HEXAID" check "$tap_tmp/ridge.yaml" >"$tap_tmp/out" 2>&1 &&
	grep -q '^title: "Ridge Two"$' "$tap_tmp/ridge.yaml" &&
	grep -q '^  british: { name: Redcoats, home: north }$' "$tap_tmp/ridge.yaml" &&
	grep -q '^  target: 3$' "$tap_tmp/ridge.yaml" && grep -q '^  turns: 4$' "$tap_tmp/ridge.yaml" &&
	grep -q '^  wetland_loss: any_unit_symbol$' "$tap_tmp/ridge.yaml" &&
	grep -q '^  columns: 6$' "$tap_tmp/ridge.yaml" && grep -q '^  rows: 5$' "$tap_tmp/ridge.yaml"
tap_ok $? "... title, a side's name, the target, the turn limit, a setting and a 6x5 board written; hexaid check accepts it"
tap_is "$(sed -n '/^map:/,/^$/p' "$tap_tmp/ridge.yaml" | sed -n '4p;7p')" \
	'    - ". . . f . ."
    - ". . . . . ."' "... the board grown with the card's ground, the forest kept"
keys q
tap_is "$(wait_status ed2)" 0 "q quits"
T kill-session -t ed2
# a game of it: the status line says the turn of the limit
start pl 80 24 -- "$tap_tmp/ridge.yaml"
check_status "a game of it: the turn of the limit on the status line" "turn 1/4, Redcoats to act"
T kill-session -t pl

# a saved game is refused
printf 'unit add Z1 british infantry 0101 4\nsave %s\n' "$tap_tmp/g.sav" |
	"$HEXAID" script "$scen" - >/dev/null 2>&1
start ed3 80 24 -- edit "$tap_tmp/g.sav"
tap_is "$(wait_status ed3)" 1 "hexaid edit of a saved game: exit 1"
check "... saying why" "is a saved game; set-up opens"
tap_done
