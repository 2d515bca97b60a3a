#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# battle-dice.sh: the most dice one battle rolls. A house card whose terrain adds
# dice can make a battle roll more than hexaid keeps faces for (64): it refuses,
# saying the limit and what to do, and changes nothing; 64 dice are rolled.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

cat >"$tap_tmp/many-dice.yaml" <<'CARD'
kind: card
schema: 1
id: many-dice
title: Many dice
extends: great-war
terrain:
  drill:
    name: Drill ground
    glyph: "d"
    battle_into:
      - { dice: 10, note: "a house rule that adds dice" }
CARD
sed 's/^card: great-war$/card: many-dice/' "$top_srcdir/data/scenarios/great-war-demo.yaml" \
	>"$tap_tmp/demo.yaml"
play() {
	printf 'phase next\nphase next\nphase next\n%s\n' "$1" >"$tap_tmp/play.script"
	HEXAID_PATH=$tap_tmp "$HEXAID" script --keep-going "$tap_tmp/demo.yaml" \
		"$tap_tmp/play.script" >"$tap_tmp/out" 2>&1
}

play "fire A3 C3 dice=64 target_on=drill
show unit C3"
st=$?
tap_is "$st" 1 "74 dice: the battle is refused"
grep -qx 'error: A3 would roll 74 dice; hexaid rolls at most 64 in one battle: roll them on the table, and give the hits with: hit C3 N' "$tap_tmp/out"
tap_ok $? "the refusal says the limit and what to do"
grep -q '^A3 rolls' "$tap_tmp/out"
tap_ok $((! $?)) "no die is rolled"
grep -q '^C3: .*strength 4/4$' "$tap_tmp/out"
tap_ok $? "the target is as it was"

play "fire A3 C3 dice=64 target_on=drill roll=s"
grep -q 'would roll 74 dice; hexaid rolls at most 64' "$tap_tmp/out"
tap_ok $? "74 dice typed from the table: the same refusal"

play "fire A3 C3 dice=54 target_on=drill"
st=$?
tap_is "$st" 0 "64 dice: the battle is fought"
grep -q '^A3 rolls 64 dice: ' "$tap_tmp/out"
tap_ok $? "all 64 are rolled"
tap_done
