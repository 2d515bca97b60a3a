#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hostile-saves.sh: a saved game or a journal from someone else cannot make hexaid
# write a file. Replaying runs only the changes (and undo, redo): a `save FILE`
# (or any query) among a save's commands is skipped, and one among its undone
# commands is refused by redo.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
demo=$top_srcdir/data/scenarios/great-war-demo.yaml
cd "$tap_tmp" || exit 1

printf 'phase next\nnote "before"\nundo\nsave s.sav\n' | "$HEXAID" script "$demo" - >/dev/null
tap_ok $? "a game is saved"

sed "s|^commands:|commands:\n  - \"save $tap_tmp/written\"\n  - \"show state\"|" s.sav >q.sav
"$HEXAID" render q.sav >/dev/null
tap_ok $? "a save with queries among its commands opens"
[ ! -e written ]
tap_ok $? "... and its 'save FILE' command wrote nothing"
printf 'show state\n' | "$HEXAID" script q.sav - | grep -q 'Allies to act, phase: Order$'
tap_ok $? "... and its changes are in force"

sed "s|^  - \"note before\"|  - \"save $tap_tmp/written\"|" s.sav >u.sav
printf 'redo\n' | "$HEXAID" script u.sav - >out 2>&1; st=$?
tap_is "$st" 1 "redo of a 'save FILE' among a save's undone commands fails"
[ ! -e written ]
tap_ok $? "... and writes nothing"
tap_done
