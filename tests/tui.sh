#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui.sh: the terminal interface, end to end. The real hexaid runs in a detached
# tmux session on a private server (its own socket and TMUX_TMPDIR under the
# test's temporary directory), at 80x24 and larger; keys go in with send-keys, and
# each check polls capture-pane until the text it expects is on the screen (every
# 0.05 s, up to a time limit), never a fixed sleep. Games, saves and journals go
# to the temporary directory (XDG_DATA_HOME, XDG_STATE_HOME), never to the source tree.
. "$top_srcdir/tests/tap.sh"

tmux_test="the terminal interface in tmux"
limit=${TUI_TEST_WAIT:-200}     # polls of 0.05 s: 10 s
. "$top_srcdir/tests/tmux.sh"
demo="$top_srcdir/data/scenarios/great-war-demo.yaml"

# Type a command at the ':' prompt.
command_line() {
	keys :
	wait_for "A command, as hexaid script takes it" || return 1
	keys -l "$1"
	keys Enter
}

# What `hexaid script` answers: the last line of the output of the commands.
script_last() {
	printf '%s\n' "$@" | "$HEXAID" script --keep-going --seed 2 "$demo" | tail -n 1
}

# phase_next N: N lines of "phase next".
phase_next() {
	i=0
	while [ $i -lt "$1" ]; do
		echo "phase next"
		i=$((i + 1))
	done
}

# phases_before COMMAND...: how many times phase next goes on before the commands
# all work, as `hexaid script` finds it: the card's sequence of play decides where
# a command is allowed, and this test does not know the card's phases. -1 when
# they work in none of the first ten phases.
phases_before() {
	n=0
	while [ $n -lt 10 ]; do
		if { phase_next $n; printf '%s\n' "$@"; } |
			"$HEXAID" script --seed 2 "$demo" >/dev/null 2>&1; then
			echo $n
			return
		fi
		n=$((n + 1))
	done
	echo -1
}

# --- refusals: no terminal ---------------------------------------------------------
"$HEXAID" </dev/null >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st" 2 "not a terminal: exit 2"
grep -q 'not a terminal' "$tap_tmp/err"
tap_ok $? "not a terminal: one line says so"
tap_is "$(wc -l <"$tap_tmp/err" | tr -d ' ')" 1 "not a terminal: one line only"

for term in dumb nosuchterm; do
	start refuse-$term 80 24 TERM=$term --
	tap_is "$(wait_status refuse-$term)" 2 "TERM=$term: exit 2"
done

# --- start-up ------------------------------------------------------------------------
start main 80 24 -- --seed 2
check "start-up: the map pane with the scenario's title" "Map: No Man's Land (demo)"
check "start-up: the map shows units and terrain" "T>A2|T>A3|T>A4|T   |"
check "start-up: the hex labels on the edges" "01   02   03   04   05"
check "start-up: the unit pane" "Unit A1"
check "start-up: the dice pane" "Dice"
check "start-up: the log pane" "Log"
check_status "start-up: the status line" "turn 1, Allies to act"
check "start-up: the cursor on the first unit of the side to act" "[T>A1]"
reminder=$(printf 'show state\n' | "$HEXAID" script "$demo" | sed -n '3s/^  //p')
case $reminder in
""|sequence:*) tap_skip "start-up: the phase's reminder" "the demo's card gives none" ;;
*) check "start-up: the phase's reminder on the map's edge" "$(printf '%s' "$reminder" | cut -c 1-60)" ;;
esac

# --- the cursor and selection -----------------------------------------------------------
keys l
check "l moves the cursor east" "[T>A2]"
keys h
check "h moves it back" "[T>A1]"
# the range is marked in the phase that allows moves (great-war.yaml:103)
keys p
check_status "p: the Order phase" "phase: Order"
keys p
check_status "p: the Move phase" "phase: Move"
keys Enter
check "Enter selects the unit at the cursor" "A1 selected, in 0507"
check "the unit pane shows the selected unit" "Unit A1 (selected)"
check "the unit pane: side, class, strength" "strength 4/4"
check "the unit pane: what its hex does" "protection:"

# --- movement range, line of sight ---------------------------------------------------
check "the selected unit's movement range is marked on the map" ". **"
check "the range is said on the map's edge" "A1 can reach 15 hexes"
keys k k k
check "the line of sight to the cursor, with its verdict" "LOS 0507 to 0504: clear"

# --- battle: fire with the dice pane ---------------------------------------------------
# (ending a phase ends the selection and the battle set up: the phases first)
battle_setup="unit set A4 hex=0906
unit set C4 hex=0904
unit set A2 hex=0703"
phases=$(phases_before "$battle_setup" "fire A4 C4" "melee A2 C3 roll=s,d,f")
i=2   # p p went on to the Move phase above
while [ $i -lt "$phases" ]; do
	keys p
	i=$((i + 1))
done
want=$(script_last "$battle_setup" "$(phase_next "$phases")" "fire A4 C4")
if [ "$phases" -gt 0 ]; then
	check_status "on to the phase where battles are fought ($phases phase next)" \
		"$(script_last "$(phase_next "$phases")" | cut -c 1-70)"
else
	# the battles work in the phase the game starts in (-1: in none of them)
	printf '%s\n' "$battle_setup" "fire A4 C4" "melee A2 C3 roll=s,d,f" |
		"$HEXAID" script --seed 2 "$demo" >/dev/null 2>&1
	tap_ok $? "battles are fought in the first phase"
fi
command_line "unit set A4 hex=0906"
check "a command typed at the prompt runs" "A4: 4/4"
command_line "unit set C4 hex=0904"
keys /
wait_for "Go to"
keys -l A4
keys Enter
check "/ puts the cursor on a unit" "[.>A4]"
keys Enter
check "A4 selected" "A4 selected"
keys /
wait_for "Go to"
keys -l C4
keys Enter
check "the cursor on the target" "[.<C4]"
check "the unit pane shows the target" "Unit C4 (target)"
keys f
check "f: the dice pane shows the battle" "Dice: fire A4 C4"
check "the dice pane shows the dice" "dice: 2"
check "the dice pane shows the exact odds" "odds of hits: 0: 44.4%"
keys Tab Tab z
check "Tab Tab z: the dice pane zoomed, the steps whole with their card lines" \
	"2  base dice: infantry, ranged combat at 2 hexes  [great-war.yaml:29]"
keys z Tab Tab
check_gone "z again: the panes as they were" "[Dice: fire A4 C4]"
check "the focus back on the map" "[Map: No Man"
keys r
check "r rolls: the dice rolled are shown" "A4 rolls 2 dice:"
check "r rolls: the result is what hexaid script gives with the same seed" "$want"
case $want in *"strength 4/4"*) r=1 ;; *) r=0 ;; esac
tap_ok $r "the roll changes the target's strength (seed 2)"
strength=$(printf '%s\n' "$want" | sed 's/.*strength //')
check "the unit pane shows the target's new strength" "strength $strength"
check "the log has the battle" "A4 rolls"

# --- physical dice -------------------------------------------------------------------
command_line "unit set A2 hex=0703"
keys /
wait_for "Go to"
keys -l A2
keys Enter
keys s
check "s selects" "A2 selected"
keys /
wait_for "Go to"
keys -l C3
keys Enter
keys m
check "m: a melee set up" "Dice: melee A2 C3"
check "the melee's dice" "dice: 3"
keys e
check "e asks for the dice rolled on the table" "Enter the dice"
check "the dialog names the faces of the card's die" "s Soldier, f Flag"
keys -l "s d q"
keys Enter
check "a typo: the dialog stays open and says what was wrong" "error: roll=s,d,q: 'q' is not a face"
check "with the text as typed" "│ s d q "
keys BSpace
keys -l f
keys Enter
check "the dice entered are the dice of the battle" "A2 rolls 3 dice:"
check "the faces entered, by name" "soldier, deadly, flag"
# (the battle back offered comes after the result: the log pane, zoomed, has both)
keys Tab Tab Tab z
check "and their result applied, in the log pane" "flags on C3 (3/4)"
check "the battle back offered, whole" "C3 may battle back against A2: battle C3 A2"
keys z Tab
wait_for "[Map"
keys Escape
check "Esc deselects" "no unit selected"

# --- placing a token -----------------------------------------------------------------
keys /
wait_for "Go to"
keys -l 0505
keys Enter
check "the cursor on an empty hex" "Hex 0505"
keys t
check "t offers the card's tokens" "Place a token"
keys -l Wi
keys Enter
check "the token's command answers" "wire"
check "the token is on the map" "[.x  ]"
check "the unit pane shows it in the hex" "Wire"

# --- painting with a held key; undo and redo; the legend -------------------------------------
keys P
check "P: what to paint with" "Paint with"
keys Enter
check "the card's terrain to choose from" "Forest (forest, f)"
keys -l Fo
keys Enter
check "the brush is on the status line" "PAINT forest"
keys l l
check "each move paints the hex it reaches" ".x  |f   [f   ]"
keys Escape
check_gone "Esc stops painting" "PAINT forest"
keys U
check "U undoes the last change" "undone: terrain 0705 forest"
check "the map shows it undone" ".x  |f   [.   ]"
keys R
check "R redoes it" ".x  |f   [f   ]"
keys i
check "i shows the legend in the log pane" "Legend (i hides it)"
check "the legend names the card's glyphs" "Key: . Countryside"
keys i
check_gone "i hides it again" "Legend (i hides it)"

# --- the log pane focused: PgUp and PgDn scroll it, the cursor stays -----------------------
keys Tab Tab Tab
check "Tab Tab Tab: the log pane has the focus" "[Log]"
keys PPage
check "PgUp in the log pane scrolls it back" "lines back, PgDn"
check "and leaves the map's cursor where it was" ".x  |f   [f   ]"
keys NPage
check_gone "PgDn scrolls it forward again" "lines back"
check "and leaves the map's cursor where it was too" ".x  |f   [f   ]"
keys Tab
check "Tab: the focus back on the map" "[Map: No Man"

# --- the eraser brush (issue 29): what lies over the terrain goes, the terrain stays ------
keys P
check "P again: what to paint with" "Paint with"
keys Down Down Down Down Enter
check "the eraser on the status line" "PAINT eraser"
keys h h
check "the eraser takes 0505's wire away, the forest stays" "[.   ]f   |f   |"
check "one erase command for each hex reached" "0505: tokens, roads, hexside features"
keys Escape
check_gone "Esc stops erasing" "PAINT eraser"
keys U U l l
check "U U: the wire back, the cursor back on 0705" ".x  |f   [f   ]"

# --- a mouse click -----------------------------------------------------------------------
# X10 mouse report: ESC [ M, then 32 + button (3: released), 32 + column and 32 +
# row, counted from 1. The click is on A4's id, where the screen shows it.
char() { printf "\\$(printf '%03o' "$1")"; }
at=$(screen | awk '{ i = index($0, ">A4"); if (i) { print NR, i + 1; exit } }')
click="$(char $((32 + ${at#* })))$(char $((32 + ${at% *})))"
keys -l "$(printf '\033[M ')$click"
keys -l "$(printf '\033[M#')$click"
check "a click on a unit puts the cursor there and selects it" "A4 selected, in 0906"
# C4 is in 0904: the click on its id, where the screen shows it
at=$(screen | awk '{ i = index($0, "<C4"); if (i) { print NR, i + 1; exit } }')
click="$(char $((32 + ${at#* })))$(char $((32 + ${at% *})))"
keys -l "$(printf '\033[M ')$click"
keys -l "$(printf '\033[M#')$click"
check "a click on an enemy of the selected unit sets up the battle with it" "Dice: battle A4 C4"
# A4 fired at C4 above: no roll is offered, and the message says why (issue 28)
check_gone "and Enter's hint offers no second roll" "Enter:roll"
check_status "the refusal says why" "A4 has battled this turn"

# --- what is owed, next phase, end of turn ---------------------------------------------
# C3's battle back against A2 is owed: p is refused until it is fought or given up
keys p
check "p is refused while C3's battle back is owed" "C3 battle back vs A2"
keys N
check "N gives up what is owed, and the log says so" "skipped: C3 battle back vs A2"
phase=$(script_last "$(phase_next $((phases + 1)))" | cut -c 1-70)   # the line may be cut
keys p
check_status "p: next phase, on the status lines as the engine says it" "$phase"
check_gone "the battle set up ends with the phase" "Dice: battle A4 C4"
check "and so does the selection" "Unit C4 ──"
check_status "Enter's hint: Enter selects the unit at the cursor" "Enter:select"
keys Enter
check "Enter selects" "C4 selected"
keys T
check_status "T: the turn ends; the status line shows the side to act" "turn 1, Central Powers to act"
check "T: the cursor on the first unit of the side to act" "[T<C1]"
check "T ends the selection" "Unit C1 ──"
check_status "the unsaved-changes mark" "[+]"

# --- help and menus ------------------------------------------------------------------
keys ?
check "? opens the help, made from the key table" "Moving the cursor"
keys G
check "the help scrolls; it lists every key of the table" "quit (asks first when there are unsaved"
keys Escape
check_gone "Esc closes the help" "Moving the cursor"
keys F10
check "F10 opens the menu bar" "Game   Map   Units   Turn"
check "the game menu" "Save as..."
keys Right
check "Right: the next menu" "Paint with a brush..."
keys Escape
check_gone "Esc closes the menu" "Paint with a brush..."

# --- quitting with unsaved changes asks; saving; reopening ------------------------------
keys q
check "q with unsaved changes asks" "The game has unsaved changes"
keys Escape
check_gone "Esc goes back to the game" "The game has unsaved changes"
keys w
check "w asks where to save the first time" "Save the game to the file:"
keys Enter
save="$tap_tmp/data/hexaid/saves/great-war-demo.sav"
check "the game is saved" "saved to $save"
check_gone "the unsaved-changes mark goes" "[+]"
keys q
tap_is "$(wait_status main)" 0 "q quits; exit 0"
T kill-session -t main 2>/dev/null
test -f "$save"
tap_ok $? "the save is where the dialog said"
test -f "$save.journal"
tap_ok $? "the journal is kept beside the save"
test -z "$(ls "$save.lock" "$tap_tmp"/state/hexaid/journals/*.lock 2>/dev/null)"
tap_ok $? "no lock is left behind"

start reopen 80 24 -- "$save"
check "the saved game reopens" "Map: No Man's Land (demo)"
check "the reopened game: the side to act" "turn 1, Central Powers to act"
check "the reopened game: the token and the painted forest" "B   |B   |.x  |f   |f"
keys /
wait_for "Go to"
keys -l C4
keys Enter
check "the reopened game: the target's strength" "strength $strength"
check "the reopened game: the log" "skipped by the players:"
keys q
tap_is "$(wait_status reopen)" 0 "an unchanged game quits without asking"
T kill-session -t reopen 2>/dev/null

# --- a saved game killed: its journal beside it is offered on the next start ----------------
start crash 80 24 -- "$save"
check "crash: the saved game" "turn 1, Central Powers to act"
keys p
check "crash: a change" "[+]"
kill -KILL "$(pid_of crash)"
tap_is "$(wait_status crash)" 137 "crash: killed"
T kill-session -t crash 2>/dev/null
start crash2 80 24 -- "$save"
check "the next start offers the journal's commands" "Recover the game?"
check "and says how many" "holds 1 command made after"
keys y
check "recovered" "recovered 1 of 1 commands"
check "the recovered game is unsaved" "[+]"
keys w
check "w saves to the file it came from" "saved to $save"
keys q
tap_is "$(wait_status crash2)" 0 "quits"
T kill-session -t crash2 2>/dev/null

# --- a journal from the save before: not offered over the newer save ------------------------
# As hexaid stopped between putting a save in place and starting its journal again
# leaves them: the journal names the save before by its checksum (it is .bak.1 now).
# The newer save is what the players made last; the journal is kept aside, and
# the log says why and how `hexaid recover` still replays it (issue 26, defect 2).
cw="$tap_tmp/cw.sav"
printf 'note first\nsave %s\n' "$cw" | "$HEXAID" script "$demo" - >/dev/null
printf 'note once\n' | "$HEXAID" script --journal "$cw.journal" "$cw" - >/dev/null
printf 'note once\nsave\n' | "$HEXAID" script "$cw" - >/dev/null
start cw 80 24 -- "$cw"
check "a journal of the save before: not offered, and the log says why" \
	"a newer save replaced the one the journal"
check_gone "no recovery question" "Recover the game?"
check "the journal is kept aside" "cw.sav.journal.disca"
keys q
tap_is "$(wait_status cw)" 0 "quits"
T kill-session -t cw 2>/dev/null
tap_is "$("$HEXAID" log "$cw" | grep -c '^note: once$')" 1 "the newer save's command is in the game once"

# --- units added, changed, removed; the log exported; a new game; a large map ---------------
start menus 80 24 --
check "menus: started" "[T>A1]"
keys "#"
check "# asks for a note" "A note for the game log"
keys -l "Österreich vorwärts"
keys Enter
check "a note in the players' own language reaches the log" "note: Österreich vorwärts"
keys /
wait_for "Go to"
keys -l 0505
keys Enter
keys A
check "A asks for the new unit's side" "Add a unit: its side"
keys Enter
check "then its class" "Its class"
keys -l inf
keys Enter
check "then its id" "The new unit's id"
keys C-u
keys -l Z9
keys Enter
check "then its strength" "Its strength"
keys Enter
check "the unit is added" "Z9 (Allies infantry) placed in 0505"
check "the new unit is on the map" "[.>Z9]"
keys c
check "c changes the unit at the cursor" "Change a unit"
keys C-u
keys -l strength=2
keys Enter
check "its new strength in the unit pane" "strength 2/4"
keys D
check "D asks first" "Remove Z9 from the board?"
keys y
check "the unit is removed" "Z9 removed"
check "and gone from the map" "[.   ]"
command_line "unit set A1 hex=0606"
acts=$(phases_before "unit set A1 hex=0606" "act A1 clear_wire")
i=0
while [ $i -lt "$acts" ]; do
	keys p
	i=$((i + 1))
done
keys /
wait_for "Go to"
keys -l A1
keys Enter
keys a
check "a offers the card's actions" "The action"
keys Enter
check "the action is done, as hexaid script does it" \
	"$(script_last "unit set A1 hex=0606" "$(phase_next "$acts")" "act A1 clear_wire" | cut -c 1-60)"
keys F10
check "the Game menu" "Export the log..."
keys Down Down Down Down Enter
check "export: where to" "Write the log and the dice statistics to"
keys Enter
log="$tap_tmp/data/hexaid/saves/great-war-demo-log.txt"
check "export: done" "the log was written to"
grep -q 'Z9 removed$' "$log" && grep -q '^Dice:$' "$log"
tap_ok $? "the exported log has the game's log and the dice statistics"
# F10 -> Game -> Export the board...: the picture render --svg draws of the game now
keys F10
wait_for "Export the board..." && keys Down Down Down Down Down Enter
check "export the board: where to" "Write the board as an SVG picture to"
keys Enter
svg="$tap_tmp/data/hexaid/saves/great-war-demo.svg"
check "export the board: the message names the file" "the board was written to $tap_tmp"
grep -q '<polygon id="hex-0606"' "$svg" && grep -q '>A1 [0-9]' "$svg" && ! grep -q '>Z9 ' "$svg"
tap_ok $? "the exported picture is the board as it stands: A1 on it, Z9 removed"
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$svg" 2>"$tap_tmp/err"
	tap_is "$?:$(cat "$tap_tmp/err")" "0:" "xmllint: the exported picture is well-formed XML"
else
	tap_skip "xmllint: the exported picture is well-formed XML" "no xmllint (libxml2-utils)"
fi
keys F10
wait_for "New game from a scenario..."
keys Enter
check "a new game: the scenarios found" "tricorne-demo.yaml"
keys -l tri
keys Enter
check "the game has unsaved changes: asked first" "The game has unsaved changes"
keys y
check "y: saved first, asking where" "Save the game to the file:"
keys C-u
keys -l "$tap_tmp/menus.sav"
keys Enter
check "the new game is open" "Map: Brandon's Ford (demo)"
test -f "$tap_tmp/menus.sav" && test -f "$tap_tmp/menus.sav.journal"
tap_ok $? "the game left was saved, its journal beside it"
keys q
tap_is "$(wait_status menus)" 0 "quits"
T kill-session -t menus 2>/dev/null

# A 13x11 board in 80x24: the demo with two more rows (its card is found along
# the card path); the map scrolls to the cursor, the numbers stay on the edges.
awk '/^  rows: 9$/ { print "  rows: 11"; next } { print }
	/^map:/ { map = 1 } map && /^    - "/ { n++; if (n == 9) {
		print "    - \". . . . . . . . . . . . .\""
		print "    - \". . . . . . . . . . . . .\"" } }' "$demo" >"$tap_tmp/big.yaml"
start big 80 24 -- "$tap_tmp/big.yaml"
check "a 13x11 board, and the panes below it" "Unit A1"
keys /
wait_for "Go to"
keys -l 0101
keys Enter
check "its first row" "01 [.   ]. "
keys /
wait_for "Go to"
keys -l 0111
keys Enter
check "its eleventh row, the map scrolled to the cursor" "11 [.   ]"
check "the column numbers stay on top" "01   02   03   04"
check_gone "the first row has scrolled out" "01 |.   |.   |f   |f"
keys q
tap_is "$(wait_status big)" 0 "quits"
T kill-session -t big 2>/dev/null

start flat 80 24 -- "$top_srcdir/data/scenarios/napoleonic-tec-demo.yaml"
check "a flat-top board" "Map: The Heights of Kreuzberg (demo)"
keys / 
wait_for "Go to"
keys -l 0608
keys Enter
check "the map scrolls to the cursor" "[.    ]"
check "the row numbers stay on the left" "08 /."
check "the column numbers stay on top" "01    02    03    04"
check_gone "the first rows have scrolled out" "01 /.    \\_____/w"
keys q
tap_is "$(wait_status flat)" 0 "quits"
T kill-session -t flat 2>/dev/null

# --- rules that act in play (issue 21), by keys at 80x24 ------------------------------
start rules 80 24 -- "$top_srcdir/data/scenarios/mini-nap-demo.yaml"
check "rules: the Mini-Nap demo" "Map: The Bridge at Saint-Aubin (demo)"
command_line "terrain 0304 rough_ground"
check_status "rules: set-up done" "0304 is now rough_ground"
command_line "move F7 0304 charge"
check_status "a cavalry charge into rough ground is refused with the card line (000:74)" \
	"may not charge into 0304"
command_line "move F7 0205 charge"
check_status "a charge where the card allows it" "F7 charges from 0204 to 0205"
command_line "move A1 0806"
check "the other side reacts with a move in the movement phase, without --force" \
	"A1 moves 0807 to 0806"
keys Escape
check_gone "rules: the answer is put away" "in 0806, remember"
command_line "fire F1 A1 dice=2"
check_status "the acting side's fire is the other side's reaction in this phase" \
	"in the Movement phase the French do not fire"
keys q
check "rules: q asks about the unsaved game" "The game has unsaved changes"
keys n
tap_is "$(wait_status rules)" 0 "rules: quits"
T kill-session -t rules 2>/dev/null
# --- the log pane: notes beside their lines, wrapped again when the size changes -----------
mkdir -p "$tap_tmp/logpane"
start logpane 120 40 XDG_STATE_HOME=$tap_tmp/logpane -- --seed 2
check "log pane: started" "Map: No Man's Land (demo)"
command_line "nosuch thing"
check "a failed command is a note in the log" "error: nosuch thing"
command_line "note alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa"
check "a long line wraps to the pane" "  india juliet kilo lima mike november oscar papa"
line_of() { screen | grep -nF -- "$1" | head -n 1 | cut -d: -f1; }
test "$(line_of '! nosuch: no such command')" -lt "$(line_of 'note: alpha bravo')"
tap_ok $? "the note stays before the line logged after it"
T resize-window -t logpane -x 80 -y 24
check "narrower: wrapped again" "india juliet kilo lima│"
check "narrower: the end of the line on a line of its own" "│  papa "
T resize-window -t logpane -x 120 -y 40
check "wider again: wrapped as before" "  india juliet kilo lima mike november oscar papa"

# --- a long log: the pane counts its lines as far back as it is scrolled -----------------
i=1
while [ $i -le 300 ]; do
	printf 'note entry%03d of the long log\n' $i
	i=$((i + 1))
done >"$tap_tmp/longlog.cmds"
echo "save $tap_tmp/longlog.sav" >>"$tap_tmp/longlog.cmds"
"$HEXAID" script --seed 2 "$demo" <"$tap_tmp/longlog.cmds" >/dev/null
start longlog 80 24 XDG_STATE_HOME=$tap_tmp/longlog -- "$tap_tmp/longlog.sav"
check "a long log: its newest line at the bottom" "entry300 of the"
keys Tab Tab Tab
check "the log pane focused" "[Log]"
keys Home
check "Home: its first line in view" "entry001 of the"
check_gone "the newest out of view" "entry300"
keys End
check "End: the newest line back in view" "entry300 of the"
check_gone "the first out of view" "entry001"
keys Up
check "Up: a line back" "Log (1 lines back"

# --- a key draws only what changed, and asks again what can have changed ----------------
# (the map puts back the cells its highlights were on; range, targets and the line of
# sight are asked again when the game, the selection or the cursor changed; the unit
# pane when the cursor, the selection or the game did)
go_to() {
	keys /
	wait_for "Go to" || return 1
	keys -l "$1"
	keys Enter
}
start redraw 80 24 XDG_STATE_HOME=$tap_tmp/redraw -- --seed 2
check "redraw: started" "[T>A1]"
keys l
check "redraw: the cursor moves on" "[T>A2]"
check_gone "its brackets leave the hex it left" "[T>A1"
keys h
check "redraw: the cursor back on A1" "[T>A1]"
keys p
check_status "redraw: the Order phase" "phase: Order"
keys p
check_status "redraw: the Move phase" "phase: Move"
keys Enter
check "redraw: A1 selected" "A1 selected, in 0507"
check "redraw: its range on the map" ". **"
keys k k k
check "redraw: the line of sight to the cursor" "LOS 0507 to 0504: clear"
keys Escape
check "Esc: the unit pane shows the hex at the cursor again" "Hex 0504"
check_gone "the range goes with the selection" ". **"
check_gone "and the line of sight" "LOS 0507 to 0504"
command_line "unit set A1 hex=0305"
check "A1 moved by a command" "A1: 4/4"
go_to A1
keys Enter
check "A1 selected again, where it is now" "A1 selected, in 0305"
go_to 0203
check "the cursor on 0203" "LOS 0305 to 0203"
check_status "its range asked again after the change: Enter moves it to 0203" "Enter:move"
go_to 0609
check "the line of sight from where it is now" "LOS 0305 to 0609: clear"
check_gone "0609, in its range before the change, is not now" "Enter:move"
keys C-l
check "C-l: the screen drawn again, the line of sight with it" "LOS 0305 to 0609: clear"
check "C-l: the unit pane" "Unit A1 (selected)"
kill -TERM "$(pid_of logpane)"
wait_status logpane >/dev/null
T kill-session -t logpane 2>/dev/null

# --- resizing ---------------------------------------------------------------------------
start resize 80 24 --
check "resize: started" "Map: No Man's Land (demo)"
pane_size_is() { test "$(T display -p -t resize '#{pane_width}x#{pane_height}')" = "$1"; }
for size in 20x5 1x1 79x23; do
	T resize-window -t resize -x "${size%x*}" -y "${size#*x}"
	if [ "$size" = 1x1 ]; then
		# nothing readable fits in one cell: once the pane is that size, hexaid lives
		poll_until pane_size_is 1x1
		kill -0 "$(pid_of resize)" 2>/dev/null
		tap_ok $? "resize to 1x1 does not crash"
	else
		check "resize to $size: the too-small screen" "too small"
	fi
done
T resize-window -t resize -x 20 -y 5
check "20x5 says what it has" "20×5"
T resize-window -t resize -x 80 -y 24
check "back to 80x24: the map again" "Map: No Man's Land (demo)"
check_gone "back to 80x24: the too-small screen is gone" "too small"
T resize-window -t resize -x 120 -y 40
wait_re "Map: No Man's Land.*Unit A1"
tap_ok $? "120x40: the unit pane beside the map"
keys q
tap_is "$(wait_status resize)" 0 "quit after resizing"
T kill-session -t resize 2>/dev/null

# --- outside UTF-8, ASCII only ------------------------------------------------------------
start ascii 80 24 LC_ALL=C --
check "LC_ALL=C: started" "Map: No Man's Land"
keys Enter
check "LC_ALL=C: selected" "A1 selected"
n=$(T capture-pane -p -t ascii | LC_ALL=C grep -c "$(printf '[\200-\377]')")
tap_is "$n" 0 "LC_ALL=C: nothing but ASCII on the screen (lines drawn with the terminal's own set)"
keys q
tap_is "$(wait_status ascii)" 0 "LC_ALL=C: quits"
T kill-session -t ascii 2>/dev/null

# --- monochrome: NO_COLOR and TERM=vt100 -------------------------------------------------
# SGR colour parameters (30-38, 40-48, 90-107) in a captured screen, one a line.
colours() {
	T capture-pane -p -e -t "$sess" | LC_ALL=C awk '{
		s = $0
		while (match(s, /\033\[[0-9;]*m/)) {
			n = split(substr(s, RSTART + 2, RLENGTH - 3), p, ";")
			for (i = 1; i <= n; i++)
				if ((p[i] >= 30 && p[i] <= 38) || (p[i] >= 40 && p[i] <= 48) ||
				    (p[i] >= 90 && p[i] <= 107)) print p[i]
			s = substr(s, RSTART + RLENGTH)
		}
	}'
}
attributes() {
	T capture-pane -p -e -t "$sess" | LC_ALL=C grep -c "$(printf '\033')\[[0-9;]*[17]m"
}

start colour 80 24 --
check "colour: started" "[T>A1]"
keys Enter
check "colour: selected" "A1 selected"
test -n "$(colours)"
tap_ok $? "a colour terminal gets colours (the check below can see them)"
keys q
wait_status colour >/dev/null
T kill-session -t colour 2>/dev/null

for how in NO_COLOR=1 TERM=vt100; do
	# (a journal of its own: the run before quits without saving, and its
	# journal would be offered)
	start mono 80 24 "$how" "XDG_STATE_HOME=$tap_tmp/mono-${how%%=*}" --
	check "$how: started" "[T>A1]"
	keys p p Enter   # the range is marked in the Move phase (great-war.yaml:103)
	check "$how: the selection and range still show as glyphs" ". **"
	tap_is "$(colours | head -n 3)" "" "$how: no colour codes on the screen"
	test "$(attributes)" -gt 0
	tap_ok $? "$how: attributes (bold, reverse) mark what colour would"
	keys q
	check "$how: q asks about the phases gone on" "The game has unsaved changes"
	keys n
	tap_is "$(wait_status mono)" 0 "$how: quits"
	T kill-session -t mono 2>/dev/null
done

# --- a signal restores the terminal; the journal keeps the game ---------------------------
# hexaid runs in the foreground of a script (a command a script runs with & would
# have SIGINT and SIGQUIT ignored, and hexaid leaves them so). INT, TERM, HUP and
# QUIT take the player's way out; SEGV and ABRT stand for a crash: the handler puts
# the terminal back with what is safe there, then dies of the signal.
# start_foreground [VAR=VALUE...]: hexaid in session "sig" in the foreground of a
# script that keeps `stty -g` from before and after it in $tap_tmp/before and
# after, its exit status in sig.exit, and says done in sig.status.
start_foreground() {
	rm -f "$tap_tmp/sig.status" "$tap_tmp/sig.pid" "$tap_tmp/sig.exit"
	cat >"$tap_tmp/sig.sh" <<EOF
stty -g >"$tap_tmp/before"
sh -c 'echo \$\$ >"$tap_tmp/sig.pid"; exec env $env_base $* $HEXAID'
echo \$? >"$tap_tmp/sig.exit"
stty -g >"$tap_tmp/after"
echo done >"$tap_tmp/sig.status"
sleep 600
EOF
	T new-session -d -s sig -x 80 -y 24 "sh $tap_tmp/sig.sh"
	sess=sig
}

start_foreground
check "quit: started" "[T>A1]"
keys q
tap_is "$(wait_status sig)" done "quit: hexaid ends"
tap_is "$(cat "$tap_tmp/sig.exit")" 0 "quit: with status 0"
cmp -s "$tap_tmp/before" "$tap_tmp/after"
tap_ok $? "quit: the terminal's modes are as before (stty -g)"
T kill-session -t sig 2>/dev/null

for sig in INT:2 TERM:15 HUP:1 QUIT:3 SEGV:11 ABRT:6; do
	signum=${sig#*:}
	sig=${sig%:*}
	# (under AddressSanitizer, SEGV is its own unless it is told to leave it)
	if [ "$sig" = SEGV ]; then
		start_foreground "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0"
	else
		start_foreground
	fi
	check "SIG$sig: started" "[T>A1]"
	keys Enter
	check "SIG$sig: selected" "A1 selected"
	command_line "unit set A1 hex=0506"
	check "SIG$sig: a change is made" "(.>A1)"
	kill -"$sig" "$(pid_of sig)"
	tap_is "$(wait_status sig)" done "SIG$sig: hexaid ends"
	tap_is "$(cat "$tap_tmp/sig.exit")" $((128 + signum)) \
		"SIG$sig: it dies of the signal, the terminal put back first"
	cmp -s "$tap_tmp/before" "$tap_tmp/after"
	tap_ok $? "SIG$sig: the terminal's modes are as before (stty -g)"
	T kill-session -t sig 2>/dev/null

	start recover 80 24 --
	check "after SIG$sig, the next start offers to recover" "Recover the game?"
	keys y
	keys /
	wait_for "Go to"
	keys -l A1
	keys Enter
	check "the recovered game has the change" "in 0506"
	check "and says what it recovered" "recovered 1 of 1 commands"
	keys q
	check "the recovered game is unsaved: q asks" "The game has unsaved changes"
	keys n
	tap_is "$(wait_status recover)" 0 "quit without saving"
	T kill-session -t recover 2>/dev/null
	# start the next one afresh
	rm -f "$tap_tmp"/state/hexaid/journals/great-war-demo-*.journal
done

tap_done
