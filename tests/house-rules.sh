#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# house-rules.sh: a card that `extends:` another (data/examples/tricorne-house-rules.yaml)
# changes only what it says: a section it gives replaces that section, the rest is
# kept, a new terrain is added, and every step names the file its rule came from.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
card=$top_srcdir/data/examples/tricorne-house-rules.yaml

out=$("$HEXAID" check "$card" 2>&1); st=$?
tap_is "$st:$out" "0:" "the example house-rules card is valid"

out=$("$HEXAID" explain "$card" target_on=forest combat=melee)
printf '%s\n' "$out" | grep -qx 'protection: ignores 1 hit, 0 flags'
tap_ok $? "the replaced forest protection applies in melee"
printf '%s\n' "$out" | grep -q 'Forest (target.s hex): hits ignored  \[tricorne-house-rules.yaml:20\]'
tap_ok $? "the step names the house-rules file and line"

out=$("$HEXAID" explain tricorne target_on=forest combat=melee)
printf '%s\n' "$out" | grep -qx 'protection: ignores 0 hits, 0 flags'
tap_ok $? "the Tricorne card itself is unchanged (001:9: ranged only)"

out=$("$HEXAID" explain "$card" unit=infantry attacker_on=forest)
printf '%s\n' "$out" | grep -q 'Forest (entered): must stop  \[tricorne.yaml:[0-9]*, seed 001:4\]'
tap_ok $? "the forest's movement rule is kept from tricorne.yaml, with its line"

out=$("$HEXAID" explain "$card" attacker=cavalry combat=melee attacker_on=forest target_on=forest dice=4)
printf '%s\n' "$out" | grep -qx 'battle: 2 dice'
tap_ok $? "the forest's battle rules are kept (001:18)"

out=$("$HEXAID" explain "$card" unit=infantry attacker_on=orchard)
printf '%s\n' "$out" | grep -qx 'move: must_stop'
tap_ok $? "a terrain the house rules add works"

out=$("$HEXAID" explain "$card" target_on=hill from_lower)
printf '%s\n' "$out" | grep -qx 'protection: ignores 0 hits, 1 flag'
tap_ok $? "terrain the house rules do not mention is as in tricorne (001:24)"

# A reminder's words are for the players, never read as a rule: a forest whose
# reminder says "must stop" on the line before its must_stop rule stops a unit
# citing the rule (line 10), and its reminder is still said once, with its line.
mkdir -p "$tap_tmp/house"
cat >"$tap_tmp/house/house.yaml" <<'EOF'
kind: card
schema: 1
id: house
title: "Tricorne, with a reminder in the forest"
extends: tricorne
terrain:
  forest:
    move:
      - { remind: "a leader alone must stop only if it is attached" }
      - { must_stop: true, seed: "001:4" }
EOF
sed 's/^card: tricorne$/card: house/' "$top_srcdir/data/scenarios/tricorne-demo.yaml" \
	>"$tap_tmp/house/demo.yaml"
printf 'phase next\nphase next\nmove B5 1203 1202\nmove B5 1203\nshow unit B5\n' |
	"$HEXAID" script --keep-going "$tap_tmp/house/demo.yaml" - >"$tap_tmp/out" 2>&1
grep -qx 'error: B5 must stop in 1203: Forest (entered): must stop (house.yaml:10)' "$tap_tmp/out"
tap_ok $? "a move through the forest is refused citing must_stop's line, not the reminder's"
grep -qx '    in 1203, remember: a leader alone must stop only if it is attached  \[house.yaml:9\]' \
	"$tap_tmp/out"
tap_ok $? "the reminder is said with its own line"
grep -qx '  had to stop in 1203: Forest (entered): must stop (house.yaml:10)' "$tap_tmp/out"
tap_ok $? "the unit's halt names the must_stop rule"

# Loading errors name the house-rules file and the line of `extends:`.
mkdir -p "$tap_tmp/cards"
printf 'kind: card\nschema: 1\nid: mine\ntitle: Mine\nextends: tricorn\n' >"$tap_tmp/cards/mine.yaml"
"$HEXAID" check "$tap_tmp/cards/mine.yaml" >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "extending an unknown card is an error"
grep -q "mine.yaml:5:10: error: no card 'tricorn' beside this file or on the card path" "$tap_tmp/err"
tap_ok $? "the error points at the extends line"

printf 'kind: card\nschema: 1\nid: a\ntitle: A\nextends: b\n' >"$tap_tmp/cards/a.yaml"
printf 'kind: card\nschema: 1\nid: b\ntitle: B\nextends: a\n' >"$tap_tmp/cards/b.yaml"
"$HEXAID" check "$tap_tmp/cards/a.yaml" >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "cards extending each other in a loop are refused"
grep -q "extend each other more than 8 deep" "$tap_tmp/err"
tap_ok $? "the loop is named as such"

printf 'kind: card\nschema: 1\nid: c\ntitle: C\nextends: tricorne\nterrain:\n  swamp:\n    move: []\n' >"$tap_tmp/cards/c.yaml"
"$HEXAID" check "$tap_tmp/cards/c.yaml" >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "a new terrain without a name is refused"
grep -q "c.yaml:8:5: error: terrain entry 'swamp' has no 'name'" "$tap_tmp/err"
tap_ok $? "and the message says which"

# UD's rough is also called vineyards (003:34): a house card's new terrain may
# not take that name, or it would quietly stand for both.
printf 'kind: card\nschema: 1\nid: d\ntitle: D\nextends: ud-napoleonic\nterrain:\n  vineyards: { name: Vineyards }\n' >"$tap_tmp/cards/d.yaml"
"$HEXAID" check "$tap_tmp/cards/d.yaml" >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "a new terrain named like another's alias is refused"
grep -q "d.yaml:7:3: error: 'vineyards' is already another name of rough (ud-napoleonic.yaml:[0-9]*)" "$tap_tmp/err"
tap_ok $? "and the message names the terrain it is an alias of"
tap_done
