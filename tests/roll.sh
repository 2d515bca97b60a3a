#!/bin/sh
# roll.sh: `hexaid roll`: a seeded roll repeats exactly; physical dice are taken
# in words of the card's faces (short forms too, any case) and refused when they
# are not on the die or too few; --odds prints the exact chances (2d6 = 7 is 1/6;
# three dice with a face on 2 of 6 sides show it at least once 19 times in 27);
# a card's assumed dice say so.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

a=$("$HEXAID" roll --seed 11 6d6)
b=$("$HEXAID" roll --seed 11 6d6)
tap_is "$a" "$b" "the same seed gives the same roll"
printf '%s\n' "$a" | grep -Eq '^6d6:( [1-6]){6} = [0-9]+$'
tap_ok $? "a roll shows each die and the total"

out=$("$HEXAID" roll 3d6 = 3 5 6)
tap_is "$out" "3d6: 3 5 6 = 14" "physical dice are taken"
out=$("$HEXAID" roll 4d6kh3 = 2 6 1 5)
tap_is "$out" "4d6kh3: 2 6 (1) 5 = 13" "the dropped die is shown in parentheses"
out=$("$HEXAID" roll 6d6'>='5 = 1 5 2 6 5 2)
tap_is "$out" "6d6>=5: 1 5 2 6 5 2: 3 successes (5 or more)" "successes are counted"
"$HEXAID" roll 3d6 = 3 7 6 >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:hexaid: roll: value 2 of the dice is 7; a d6 shows 1 to 6" \
	"a value not on the die is refused"
"$HEXAID" roll 3d6 = 3 5 >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "too few values are refused"

out=$("$HEXAID" roll --card great-war 3 battle = S flag deadly | head -n 1)
tap_is "$out" "3 battle: soldier flag deadly" "symbol dice are taken by name or short form, any case"
"$HEXAID" roll --card great-war 2 battle = soldier grenade >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "1:hexaid: roll: 'grenade' is not a face of battle" \
	"a face the die does not have is refused"
"$HEXAID" roll --card great-war --seed 5 2 battle | grep -q '^(battle: Face counts not confirmed: check your dice. \[great-war.yaml:[0-9]*\])$'
tap_ok $? "an assumed die says so, with its card line"

out=$("$HEXAID" roll --odds 2d6 | awk '$1 == 7')
tap_is "$(echo $out)" "7 16.67% 1/6 58.33%" "2d6: 7 comes 1 time in 6"
out=$("$HEXAID" roll --odds --card great-war 3 battle | grep '^  soldier')
case $out in *"at least one: 70.37%") r=0 ;; *) r=1 ;; esac
tap_ok $r "three battle dice with soldiers on 2 sides of 6: at least one 19/27 (70.37%)"

"$HEXAID" roll 2d6+x >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(sed -n 3p "$tap_tmp/err")" "1:      ^" "a bad expression is shown with a caret under the problem"
"$HEXAID" roll >/dev/null 2>&1; st=$?
tap_is "$st" 2 "roll with nothing to roll is a usage error"
tap_done
