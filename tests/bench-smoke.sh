#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bench-smoke.sh: every part of the benchmark (bench/README.md) runs once on
# small boards, with a short game and record (`hexaid-bench --smoke`), and each
# of its rows is measured: a row that could not be (hexaid refused the journal
# it was given, a save that would not open, a terminal session that did not
# start) is FAILED, and hexaid-bench exits 1. Budgets are not judged here: make
# check reports what works, the benchmark how fast (make bench).
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

bench=$top_builddir/bench
cards=$top_srcdir/data/cards
"$bench/gen-scenario" "$cards/napoleonic-tec.yaml" 14 10 12 >"$tap_tmp/tec.yaml"
tap_ok $? "gen-scenario: a small napoleonic-tec board"
"$bench/gen-scenario" "$cards/great-war.yaml" 14 10 12 >"$tap_tmp/gw.yaml"
tap_ok $? "gen-scenario: a small great-war board"
"$bench/gen-scenario" "$cards/napoleonic-tec.yaml" 12 8 12 >"$tap_tmp/hist.yaml"
tap_ok $? "gen-scenario: the long game's board"
for f in tec gw hist; do
	"$HEXAID" check "$tap_tmp/$f.yaml" >/dev/null 2>"$tap_tmp/$f.err"
	tap_ok $? "hexaid check: the generated $f board is valid"
done

mkdir "$tap_tmp/scratch"
"$bench/gen-long-game" "$tap_tmp/hist.yaml" 2000 "$tap_tmp/campaign.sav" \
	"$tap_tmp/campaign-cap.sav" 2>"$tap_tmp/gen.err"
tap_ok $? "gen-long-game: a short campaign, and the same game filled to the cap"
"$bench/hexaid-bench" --smoke --hexaid "$HEXAID" --cards "$cards" \
	--scratch "$tap_tmp/scratch" --history "$tap_tmp/hist.yaml" \
	--campaign "$tap_tmp/campaign.sav" --campaign-cap "$tap_tmp/campaign-cap.sav" \
	"$tap_tmp/tec.yaml" "$tap_tmp/gw.yaml" >"$tap_tmp/out" 2>"$tap_tmp/err"
st=$?
tap_is "$st" 0 "hexaid-bench --smoke: exit status 0"
tap_is "$(grep -c 'FAILED' "$tap_tmp/out")" 0 "no row FAILED"
[ "$st" -eq 0 ] || { sed 's/^/# /' "$tap_tmp/err"; grep FAILED "$tap_tmp/out" | sed 's/^/# /'; }
for part in 'Rule cards' 'Exact odds' 'Map 14×10 (napoleonic-tec)' 'Map 14×10 (great-war)' \
	'terminal interface, 14x10 napoleonic-tec' 'The record' 'A long game' \
	'The terminal interface on that game' 'Issue 32: the battle-heavy campaign' \
	'Output at memory speed'; do
	grep -q "$part" "$tap_tmp/out"
	tap_ok $? "a part of the table: $part"
done
tap_is "$(grep -c '^| `hexaid recover`' "$tap_tmp/out")" 1 "the long game's recover row is there"
# issue 32's rows, each against its floor (a ratio printed)
for row in 'TUI open of the save, and quit' 'TUI open of the save at the 16 MiB cap' \
	'undo more than 256 back' 'first change after opening' 'a change at the 16 MiB cap' \
	'`hexaid render --legend` of the map' '`hexaid check` of the map' \
	'`hexaid roll --odds 30d6!`' 'the part in view at 160×48, large hexes'; do
	grep -F "$row" "$tap_tmp/out" | grep -q '×'
	tap_ok $? "a row against its floor: $row"
done
tap_done
