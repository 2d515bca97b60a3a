#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# card-test.sh: `hexaid test`, a card author's rules cases run against the card
# (hexaid(5), RULES CASES): TAP and a summary, a failing case with its whole
# answer and exit 1, a mistake in a file at its line and column before any case
# runs, a card named by its file beside the rules; and --coverage, the rule rows
# no case reached, read from the card lines the answers' steps name.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
r=$tap_tmp/cases.rules

cat >"$r" <<'EOF'
# Forest (seed 002).
card: great-war

002:34 | unit=infantry attacker_on=forest | move: must_stop
002:37 | attacker=infantry moved_onto   combat=close attacker_on=forest dice=3 |  battle:   2 dice
002:39 | target=infantry target_on=forest attacker=infantry combat=ranged | protection: ignores 1 hit ...
EOF
"$HEXAID" test "$r" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "0:" "cases that pass exit 0, with nothing on stderr"
tap_is "$(grep -v '^#' "$tap_tmp/out")" "ok 1 - 002:34 unit=infantry attacker_on=forest -> move: must_stop
ok 2 - 002:37 attacker=infantry moved_onto combat=close attacker_on=forest dice=3 -> battle: 2 dice
ok 3 - 002:39 target=infantry target_on=forest attacker=infantry combat=ranged -> protection: ignores 1 hit ...
1..3" "each case is a TAP line named by its seed line, question and answer"
tap_is "$(tail -n 1 "$tap_tmp/out")" "# 3 cases: 3 passed, 0 failed" "a summary ends the run"

# A case whose answer is not the card's: exit 1, and the whole answer, steps and all.
printf 'card: great-war\n002:37 | attacker=infantry moved_onto combat=close attacker_on=forest dice=3 | battle: 3 dice\n' >"$r"
"$HEXAID" test "$r" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "a failing case exits 1"
grep -q '^not ok 1 - 002:37 ' "$tap_tmp/out"
tap_ok $? "it is reported not ok"
"$HEXAID" explain great-war attacker=infantry moved_onto combat=close attacker_on=forest dice=3 |
	sed 's/^/#   /' >"$tap_tmp/want"
grep -Fxf "$tap_tmp/want" "$tap_tmp/out" >"$tap_tmp/got"
tap_is "$(cat "$tap_tmp/got")" "$(cat "$tap_tmp/want")" "with the whole answer, as explain gives it"
grep -q "^#   $r:2: no line of the answer is 'battle: 3 dice'$" "$tap_tmp/out"
tap_ok $? "and the case's file and line, and why it failed"

# A line matched twice is ambiguous; a refused question fails.
printf 'card: great-war\nx | unit=infantry attacker_on=forest | ...\ny | attacker=infantri | battle: 2 dice\n' >"$r"
"$HEXAID" test "$r" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(grep -c '^not ok' "$tap_tmp/out")" "1:2" "an ambiguous answer and a refused question both fail"
grep -q "unknown unit class; did you mean 'infantry'" "$tap_tmp/out"
tap_ok $? "the refusal is shown"

# A mistake in the file: at its line and column, and nothing runs.
printf 'card: great-war\n002:34 | unit=infantry attacker_on=forest\n' >"$r"
"$HEXAID" test "$r" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/out")" "1:" "a line that is no case: exit 1, no case run"
tap_is "$(head -n 1 "$tap_tmp/err")" "$r:2:42: error: a case has three fields, SEED | QUESTION | ANSWER, parted by '|'" \
	"said at its line and column"
printf '002:34 | unit=infantry attacker_on=forest | move: must_stop\n' >"$r"
"$HEXAID" test "$r" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:$r: error: no card: line: a rules file names the card its cases are for (card: ID, or card: FILE.yaml beside it)" \
	"a file without its card: line"
"$HEXAID" test >/dev/null 2>&1
tap_is "$?" 2 "no file is a usage error"

# A card named by its file, from the rules file's folder wherever hexaid runs.
mkdir "$tap_tmp/mine"
cp "$top_srcdir/data/cards/great-war.yaml" "$tap_tmp/mine/my-war.yaml"
printf 'card: my-war.yaml\n002:34 | unit=infantry attacker_on=forest | move: must_stop\n' >"$tap_tmp/mine/my.rules"
(cd / && "$HEXAID" test "$tap_tmp/mine/my.rules") >"$tap_tmp/out" 2>&1
tap_ok $? "a card named by its file is read beside the rules file"

# Coverage: the card lines of the steps an answer shows are reached; the rest
# are listed by card line.
ref_of() { # the card line of the step of explain's answer ($2...) that says $1
	what=$1; shift
	"$HEXAID" explain "$@" | grep -F "$what" | sed -n 's/.*\[\([a-z-]*\.yaml:[0-9]*\).*/\1/p'
}
moved=$(ref_of 'dice removed' great-war attacker=infantry moved_onto combat=close attacker_on=forest dice=3)
stop=$(ref_of 'must stop' great-war unit=infantry attacker_on=forest)
row=$(ref_of 'Artillery fire results, 5' ud-napoleonic table=artillery roll=5)
event=$(ref_of 'great-war.yaml' great-war event=battle attacker=reserve_artillery on_target target_on=forest)
tap_is "$(echo "$moved" "$stop" "$row" "$event" | wc -w | tr -d ' ')" 4 "explain names the card lines (rule, rule, table row, event)"
printf 'card: great-war\n002:34 | unit=infantry attacker_on=forest | move: must_stop\n' >"$r"
printf 'card: ud-napoleonic\n003:60 | table=artillery roll=5 | table artillery: D\n' >"$tap_tmp/u.rules"
"$HEXAID" test --coverage "$r" "$tap_tmp/u.rules" >"$tap_tmp/out"
tap_ok $? "--coverage exits 0 when the cases pass"
grep -q "^#   $moved: forest, battle_from: " "$tap_tmp/out"
tap_ok $? "a rule no case reached is listed by its card line, terrain and section"
grep -q "^#   $event: events: battle: " "$tap_tmp/out"
tap_ok $? "an event rule no case reached is listed"
grep -q "^#   $stop:" "$tap_tmp/out"
tap_is "$?" 1 "a rule a case reached is not"
grep -q "^#   $row:" "$tap_tmp/out"
tap_is "$?" 1 "a table row a case reached is not"
grep -q "^#   ud-napoleonic.yaml:[0-9]*: artillery: " "$tap_tmp/out"
tap_ok $? "the rows of a table no case reached are listed"
cat >>"$r" <<'EOF'
002:37 | attacker=infantry moved_onto combat=close attacker_on=forest dice=3 | battle: 2 dice
002:40a | event=battle attacker=reserve_artillery on_target target_on=forest | event battle: place shell_crater
EOF
"$HEXAID" test --coverage "$r" >"$tap_tmp/out"
tap_is "$(grep -c "^#   \\($moved\\|$event\\):" "$tap_tmp/out")" 0 "a case that reaches them takes them off the list"
total=$(sed -n 's/^# coverage of great-war: [0-9]* of \([0-9]*\) rule rows.*/\1/p' "$tap_tmp/out")
listed=$(grep -c '^#   great-war.yaml:' "$tap_tmp/out")
tap_is "$(grep '^# coverage of great-war:' "$tap_tmp/out")" \
	"# coverage of great-war: $((total - listed)) of $total rule rows reached ($(((total - listed) * 100 / total))%)" \
	"the count is of the rows listed"

# The project's own runner is hexaid test: every case line of tests/rules is run.
lines=$(cat "$top_srcdir"/tests/rules/*.rules | grep -v '^[[:space:]]*#' | grep -c '|')
"$HEXAID" test "$top_srcdir"/tests/rules/*.rules >"$tap_tmp/out"
tap_is "$(grep -c '^ok ' "$tap_tmp/out")" "$lines" "hexaid test runs and passes every case of tests/rules"

# The project's own cases reach every rule row of great-war (all 32).
"$HEXAID" test --coverage "$top_srcdir/tests/rules/great-war.rules" >"$tap_tmp/out"
tap_is "$(grep -c '^#   great-war.yaml:' "$tap_tmp/out"):$(grep -c '^# coverage of great-war: .* (100%)$' "$tap_tmp/out")" \
	"0:1" "full coverage says 100% and lists nothing"

# new-card: a skeleton card and its cases, which check accepts and test runs,
# every rule row reached.
mkdir "$tap_tmp/new"
(cd "$tap_tmp/new" && "$HEXAID" new-card my-game) >"$tap_tmp/out" 2>&1
tap_is "$?:$(cat "$tap_tmp/out")" "0:wrote my-game.yaml and my-game.rules; next: hexaid check my-game.yaml, hexaid test --coverage my-game.rules" \
	"new-card writes a card and its rules cases"
"$HEXAID" check "$tap_tmp/new/my-game.yaml" >"$tap_tmp/out" 2>&1
tap_is "$?:$(cat "$tap_tmp/out")" "0:" "hexaid check accepts the skeleton"
tap_is "$(sed -n 's/^id: //p' "$tap_tmp/new/my-game.yaml")" "my-game" "the card has the id given"
for kind in hex token hexside path condition; do
	"$HEXAID" chart "$tap_tmp/new/my-game.yaml" | grep -q "($kind '"
	tap_ok $? "the skeleton has a terrain of kind $kind"
done
"$HEXAID" test --coverage "$tap_tmp/new/my-game.rules" >"$tap_tmp/out" 2>&1
tap_ok $? "hexaid test runs its cases, which pass"
grep -q '^# coverage of my-game: \([0-9]*\) of \1 rule rows reached (100%)$' "$tap_tmp/out"
tap_ok $? "and reach every rule row of the skeleton"
(cd "$tap_tmp/new" && "$HEXAID" new-card my-game) >/dev/null 2>"$tap_tmp/err"
tap_is "$?:$(cat "$tap_tmp/err")" "1:hexaid: new-card: my-game.yaml: already there; it is left as it is" \
	"a file already there is left as it is"
(cd "$tap_tmp/new" && "$HEXAID" new-card My_Game) >/dev/null 2>&1
tap_is "$?" 2 "an id that is no id is a usage error"
tap_done
