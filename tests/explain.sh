#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# explain.sh: `hexaid explain`: its answers' shape (headline, steps with card and
# seed references, JSON), and how it treats bad questions (exit 1 for a bad value,
# 2 for a bad key or usage, with the nearest known word suggested).
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

"$HEXAID" explain tricorne attacker=infantry moved_onto attacker_on=forest dice=4 >"$tap_tmp/out"; st=$?
tap_is "$st" 0 "a good question exits 0"
tap_is "$(head -n 1 "$tap_tmp/out")" "battle: 3 dice" "the headline comes first"
tap_is "$(sed -n 2p "$tap_tmp/out")" "     4  base dice (given)" "then the given base"
grep -q '^    -1  Forest (attacker.s hex): dice removed (moved_onto, attacker infantry)  \[tricorne.yaml:[0-9]*, seed 001:6\]$' "$tap_tmp/out"
tap_ok $? "each step names its rule, card line and seed line"

# A table answer's steps add up to the number the table is read with: the
# first modifier counts as well as the others (003:52, 003:52a: heavy artillery
# at short range, +1 and +1).
"$HEXAID" explain ud-napoleonic table=artillery roll=3 attacker=heavy_artillery \
	combat=artillery_fire distance=1 >"$tap_tmp/out"
sum=$(awk '/^ *[-+]?[0-9]+  / { s += $1 } END { print s }' "$tap_tmp/out")
read_as=$(sed -n 's/.*Artillery fire results, \(-*[0-9]*\):.*/\1/p' "$tap_tmp/out")
tap_is "$sum" "$read_as" "the steps of a table answer add up to the number read"
tap_is "$(grep -c 'die-roll modifier' "$tap_tmp/out")" 2 "every modifier is a step"

"$HEXAID" explain --json great-war target_on=trench combat=ranged >"$tap_tmp/out"; st=$?
tap_is "$st" 0 "--json exits 0"
tap_is "$(wc -l <"$tap_tmp/out" | tr -d ' ')" 1 "--json prints one line"
grep -q '^{"card":"great-war","protection":{"none":false,"ignore_hits":2,"hits_optional":false,"ignore_flags":2,"flags_optional":true,"steps":\[{"value":2,"text":"Trench (target.s hex): hits ignored (combat ranged)","ref":"great-war.yaml:[0-9]*","seed":"002:104","assumed":false},' "$tap_tmp/out"
tap_ok $? "--json gives the numbers and the steps with their references"

"$HEXAID" explain tricorne atacker=infantry >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "2:hexaid: explain: unknown key 'atacker'; did you mean 'attacker'? (hexaid explain --help lists them)" \
	"an unknown key is a usage error with a suggestion"
# A key of the table without its value is told so, for every key that takes one
# (decided by the key's id, not its word): unit= was 'unknown key; did you mean
# unit?' before.
for key in attacker unit distance crossed; do
	"$HEXAID" explain tricorne "$key" >/dev/null 2>"$tap_tmp/err"; st=$?
	tap_is "$st:$(cat "$tap_tmp/err")" "2:hexaid: explain: $key needs a value ($key=...)" \
		"$key without a value is a usage error that says it needs one"
done
"$HEXAID" explain tricorne attacker=cavalery >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:hexaid: attacker=cavalery: unknown unit class; did you mean 'cavalry'?" \
	"an unknown class is bad input with a suggestion"
"$HEXAID" explain tricorne target_on=forest+moon >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "an unknown terrain in a list is bad input"
grep -q "^hexaid: target_on=moon: unknown terrain; the card has clear, forest, " "$tap_tmp/err"
tap_ok $? "with no near word, the choices are listed"
"$HEXAID" explain tricorne dice=100 >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:hexaid: explain: dice=100: expected a whole number from 0 to 99" "dice out of range"
"$HEXAID" explain tricorne los=clear >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "line of sight needs two hexes"
"$HEXAID" explain tricorne setting.x=y >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "a setting the card does not have is bad input"
"$HEXAID" explain mini-nap setting.prebuilt_earthworks=stone >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:hexaid: prebuilt_earthworks=stone: unknown choice; the card has as_stone_wall or artillery_cover_only" \
	"an unknown choice lists the choices"
"$HEXAID" explain ud-napoleonic table=artillery roll=4 defender_roll=2 >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:hexaid: explain: defender_roll: table artillery is not read by difference" \
	"a defender's roll is for a table by difference"
"$HEXAID" explain nosuchcard >/dev/null 2>&1; st=$?
tap_is "$st" 1 "an unknown card is bad input"
"$HEXAID" explain >/dev/null 2>&1; st=$?
tap_is "$st" 2 "no card is a usage error"

# Settings change answers: Mini-Nap's earthworks built before the game (000:224, 000:226).
out=$("$HEXAID" explain mini-nap attacker=infantry combat=fire fire=small_arms crossed=prebuilt_earthworks dice=8 | head -n 1)
tap_is "$out" "battle: 4 dice" "000:224: by default pre-built earthworks are stone walls"
out=$("$HEXAID" explain mini-nap attacker=infantry combat=fire fire=small_arms crossed=prebuilt_earthworks dice=8 setting.prebuilt_earthworks=artillery_cover_only | head -n 1)
tap_is "$out" "battle: 8 dice" "000:226: the other reading, chosen as a setting"
# A table row's legend says each code once, whatever the meanings before it say:
# here D's meaning has an R in it, and R is still explained.
cat >"$tap_tmp/legend.yaml" <<'CARD'
kind: card
schema: 1
id: legend
title: Legend
extends: ud-napoleonic
tables:
  drill:
    name: Drill results
    by: roll
    dice: 1d6
    seed: "house"
    legend:
      D: "disordered; Rout if again"
      R: retreat one hex
    rows:
      - { to: 3, result: "-" }
      - { from: 4, result: DR }
CARD
out=$("$HEXAID" explain "$tap_tmp/legend.yaml" table=drill roll=5)
printf '%s\n' "$out" | grep -q '(D: disordered; Rout if again; R: retreat one hex)'
tap_ok $? "a row's legend says every code in it"
# Every number fact of list-facts.h is a key of explain, read from the list
# itself (no second list of keys to keep), and hexaid(6) names it.
for key in $(sed -n 's/^NUMBER_FACT([A-Z_]*, "\([a-z_]*\)".*/\1/p' "$top_srcdir/src/data/list-facts.h"); do
	"$HEXAID" explain tricorne "$key=2" >/dev/null 2>"$tap_tmp/err"; st=$?
	tap_is "$st:$(cat "$tap_tmp/err")" "0:" "explain reads the number fact $key"
	grep -q "$key" "$top_srcdir/man/hexaid.6"
	tap_ok $? "hexaid(6) names the key $key"
done
# roll= is what the dice show, as in the battle commands: numbers added up, or
# faces of the battle die; rolled=, its old spelling for faces, is still read.
one=$("$HEXAID" explain ud-napoleonic table=artillery roll=3 | head -n 1)
two=$("$HEXAID" explain ud-napoleonic table=artillery roll=2,1 | head -n 1)
tap_is "$two" "$one" "roll=2,1 reads the table as roll=3"
faces=$("$HEXAID" explain great-war event=battle attacker=mortar roll=burst target_on=countryside+wire)
old=$("$HEXAID" explain great-war event=battle attacker=mortar rolled=burst target_on=countryside+wire)
tap_is "$faces" "$old" "roll=FACE gives the event question the faces, as rolled= did"
tap_is "$(printf '%s' "$faces" | head -n 1)" "event battle: remove wire" "... and the event happens"
"$HEXAID" explain ud-napoleonic table=artillery roll=x >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:hexaid: explain: roll=x: 'x' is neither a number from -99 to 99 nor a face of ud-napoleonic's battle die" \
	"a roll that is neither numbers nor faces is bad input"
"$HEXAID" explain tricorne attacker=infantry drm=1 >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 2 "a key only the battle commands take (drm) is not explain's"
# A class's unit values fill the facts they stand for, as a battle takes a
# unit's: the rating each side's class carries; the words still come first.
cp "$top_srcdir/data/cards/napoleonic-tec.yaml" "$tap_tmp/"
printf 'kind: card\nschema: 1\nid: tec-values\ntitle: TEC, class values\nextends: napoleonic-tec\nclasses:\n  infantry: { values: { cohesion: 3 } }\n  cavalry: { values: { cohesion: 2 } }\n  artillery: { values: { efficient_range: 2 } }\n' >"$tap_tmp/values.yaml"
tap_is "$("$HEXAID" explain "$tap_tmp/values.yaml" attacker=infantry target=cavalry combat=shock | head -n 1)" \
	"battle: die-roll modifier +1" "explain takes each side's rating from its class's values"
tap_is "$("$HEXAID" explain "$tap_tmp/values.yaml" attacker=infantry target=cavalry combat=shock attacker_rating=1 | head -n 1)" \
	"battle: die-roll modifier -1" "... unless the question gives it"
tap_is "$("$HEXAID" explain "$tap_tmp/values.yaml" attacker=artillery combat=fire distance=4 | head -n 1)" \
	"battle: die-roll modifier -4" "... and the hexes past the firer's efficient range"
# --- answers that help the asker ------------------------------------------------------------
out=$("$HEXAID" explain great-war attacker_on=forest moved_onto dice=3)
printf '%s\n' "$out" | grep -q '^battle: not answered: give attacker=CLASS, the attacking unit.s class (or unit=CLASS for a move)$'
tap_ok $? "dice and the attacker's hex but no attacker=: says what is missing"
"$HEXAID" explain --json great-war attacker_on=forest dice=3 | grep -q '"missing":"attacker"'
tap_ok $? "... and --json says so in its missing member"
out=$("$HEXAID" explain tricorne attacker=infantry combat=melee attacker_on=clear target_on=hill)
printf '%s\n' "$out" | grep -q '^  from_lower: attacking from lower ground (the attacker.s hex at level 0, the target.s at level 1' &&
	printf '%s\n' "$out" | grep -q '^protection: ignores 0 hits, 1 flag$'
tap_ok $? "from_lower is worked out from the card's terrain levels, as a step, and counts"
out=$("$HEXAID" explain tricorne attacker=infantry combat=melee attacker_on=clear target_on=hill from_lower=false)
printf '%s\n' "$out" | grep -q 'from_lower: attacking' 
tap_ok $((!$?)) "from_lower given is not worked out again"
out=$("$HEXAID" explain tricorne event=enter unit=infantry attacker_on=wetland)
printf '%s\n' "$out" | head -n 1 | grep -q '^event enter: 1 battle die is rolled; the first line that holds acts' &&
	printf '%s\n' "$out" | grep -q '^  infantry: the unit loses 1, and its move ends in that hex  \[tricorne.yaml:[0-9]*, seed 001:72 001:73\]$' &&
	printf '%s\n' "$out" | grep -q '^  any other faces: nothing happens  \[tricorne.yaml:[0-9]*, seed 001:74\]$'
tap_ok $? "an enter event asked without the roll: a die is rolled, and what each face does"
"$HEXAID" explain great-war unit=infantry crossed=forest >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "0:hexaid: explain: warning: crossed=forest: forest is hex terrain, which is not crossed; give it as attacker_on=forest (the hex entered) or target_on=forest" \
	"hex terrain given as crossed: answered, with a warning"
"$HEXAID" explain mini-nap unit=infantry attacker_on=stream >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "0:hexaid: explain: warning: attacker_on=stream: stream is a hexside feature, which a hex does not hold; give it as crossed=stream" \
	"a hexside feature given as a hex's terrain: answered, with a warning"
out=$(printf 'effects A1 0302\neffects A1\n' | "$HEXAID" script "$top_srcdir/data/scenarios/great-war-demo.yaml" | grep '^A1 ')
tap_is "$out" "$(printf 'A1 (in 0507), if it stood in 0302:\nA1 in 0507:')" \
	"effects UNIT HEX of another hex says where the unit is, and that it is an if"
tap_done
