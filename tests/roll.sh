#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
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
# --- what Roll20, Foundry and AnyDice users type ----------------------------------------
roll_is() { # WANT WORD...: the output of roll WORD...
	want=$1; shift
	tap_is "$("$HEXAID" roll "$@" 2>&1)" "$want" "roll $*"
}
roll_is "4d6dl1: 2 6 (1) 5 = 13" 4d6dl1 = 2 6 1 5
roll_is "2d20dh1: 17 (18) = 17" 2d20dh1 = 17 18
roll_is "4d6k3: 2 6 (1) 5 = 13" 4d6k3 = 2 6 1 5
roll_is "d%: 87 = 87" d% = 87
roll_is "4dF: -1 0 +1 +1 = 1" 4dF = - 0 + 1
roll_is "1d6*10+1d6: 3 5 = 35" "1d6*10+1d6" = 3 5
roll_is "6d6<=2: 1 2 3 4 5 6: 2 successes (2 or less)" "6d6<=2" = 1 2 3 4 5 6
roll_is "6d6cs>=5cf1: 1 5 2 6 5 1: 1 success (5 or more; less a failure for each exactly 1)" \
	--cs=count "6d6cs>=5cf1" = 1 5 2 6 5 1
roll_is "6d6>=5f1: 1 5 2 6 5 1: 1 success (5 or more; less a failure for each exactly 1)" \
	"6d6>=5f1" = 1 5 2 6 5 1
roll_is "4d10cs>=7cf1: 3 10** 5 1__ = 19" --cs=mark "4d10cs>=7cf1" = 3 10 5 1
roll_is "2d6[fire]+1d4[cold]: [fire] 3 4 [cold] 2 = 9" "2d6[fire]+1d4[cold]" = 3 4 2
roll_is "d6!: 14 = 14" "d6!" = 14
tap_is "$("$HEXAID" roll --card great-war 4dB = s s f d | head -n 1)" "4dB: soldier soldier flag deadly" \
	"a card's die by its initial: 4dB"
"$HEXAID" roll D66 = 35 >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(head -n 1 "$tap_tmp/err")" "1:hexaid: roll: D66 is read two ways: two d6 as tens and units (11 to 66), or one die of 66 sides (rpg-dice-roller): write 1d6*10+1d6 or 1d66" \
	"D66 is refused with both readings and a spelling of each"
a=$("$HEXAID" roll --seed 9 '10d6!+3d6rr1')
b=$("$HEXAID" roll --seed 9 '10d6!+3d6rr1')
tap_is "$a" "$b" "exploding and rerolled dice repeat from a seed"
printf '%s\n' "$a" | grep -Eq '^10d6!\+3d6rr1:( ([1-5]|6(\+[1-6])+)){10}( (1->)?[2-6]){3} = [0-9]+$'
tap_ok $? "an exploding die shows its rolls (6+...), a rerolled one what it showed first (1->)"

# a die of more than 8 rolls shows the first 8 and how many it made: a d2! that
# rolled n times made n-1 2s and a 1
long=$("$HEXAID" roll --seed 2 '300d2!' | grep -o '2+2+2+2+2+2+2+2+\.\.\.([0-9]* rolls, [0-9]* in all)' |
	head -n 1 | sed 's/.*(\([0-9]*\) rolls, \([0-9]*\) in all)/\1 \2/')
tap_is "$(echo "$long" | awk '{ print ($1 > 8 && $2 == 2 * ($1 - 1) + 1) ? "ok" : $0 }')" ok \
	"a long chain of explosions shows its first 8 rolls, then how many and their sum"

odds_row() { # VALUE EXPR...: the --odds row of VALUE, blanks squeezed
	v=$1; shift
	"$HEXAID" roll --odds "$@" | awk -v v="$v" '$1 == v { $1 = $1; print }'
}
tap_is "$(odds_row 7 'd6!')" "7 2.78% 16.67%" "--odds d6!: 7 is a 6 then a 1, 1/36"
tap_is "$(odds_row 6 'd6!')" "" "--odds d6!: no roll makes 6"
tap_is "$(odds_row 0 4dF)" "0 23.46% 19/81 61.73%" "--odds 4dF: 0 is 19/81"
tap_is "$(odds_row 35 '1d6*10+1d6')" "35 2.78% 1/36 55.56%" "--odds 1d6*10+1d6: each of 11..66 is 1/36"
tap_is "$(odds_row 2 d6ro1)" "2 19.44% 7/36 97.22%" "--odds d6ro1: 2 is 7/36"
tap_is "$(odds_row 3 'd6rr<=2')" "3 25.00% 1/4 100.00%" "--odds d6rr<=2: 3 is 1/4"
tap_is "$(odds_row 0 '6d6<=2')" "0 8.78% 64/729 100.00%" "--odds 6d6<=2: no success is 64/729"
tap_is "$(odds_row 18 4d6dl1)" "18 1.62% 7/432 1.62%" "--odds 4d6dl1: as 4d6kh3"
tap_is "$(odds_row 100 d%)" "100 1.00% 1/100 1.00%" "--odds d%"

"$HEXAID" roll 3d6r1 >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(head -n 1 "$tap_tmp/err"):$(sed -n 3p "$tap_tmp/err")" \
	"1:hexaid: roll: r is 'reroll once' in Foundry and 'reroll until' in Roll20: write ro1 (once) or rr1 (until):     ^" \
	"a bare r is refused with both spellings, the caret under it"
"$HEXAID" roll '6d6>5' >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(head -n 1 "$tap_tmp/err"):$(sed -n 3p "$tap_tmp/err")" \
	"1:hexaid: roll: >5 is above 5 in Foundry and at least 5 in Roll20: write >=6 or >=5:     ^" \
	"a bare > is refused with both spellings, the caret under it"
"$HEXAID" roll '2d6+3d6ro<3' >/dev/null 2>"$tap_tmp/err"
tap_is "$(sed -n 3p "$tap_tmp/err")" "           ^" "each part of the notation has its own column in errors"
"$HEXAID" roll --help | grep -q '^  NdSroT, NdSrrT'
tap_ok $? "roll --help gives the notation, ro and rr among it"
# --- issue 31: the rest of what the tools take, and what hexaid says of it --------------
roll_is "4d6d1: 2 6 (1) 5 = 13" 4d6d1 = 2 6 1 5
roll_is "floor(1d6/2): 5 = 2" "floor(1d6/2)" = 5
roll_is "ceil(1d6/2): 5 = 3" "ceil(1d6/2)" = 5
roll_is "{2d6,1d8}kh1: 3 4 8 = 8" "{2d6,1d8}kh1" = 3 4 8
roll_is "(2d6)*2: 3 4 = 14" "(2d6)*2" = 3 4
roll_is "3d6min2: 2 2 6 = 10" 3d6min2 = 2 2 6
tap_is "$("$HEXAID" roll --odds '3d6!' | sed -n 2,3p)" \
	"  (a die explodes at most 1000 times, as in rpg-dice-roller: 3 to 18018,
   mean 12.6; the chains of explosions past 1e-16 of a die are in a tail)" \
	"--odds of exploding dice states the cap, the least, the greatest and the mean"
tap_is "$("$HEXAID" roll --odds '3d6!' | tail -n 1 | sed -n 's/^ *[0-9]* to \([0-9]*\): .*/\1/p')" 18018 \
	"3d6! reaches 18018 (1001 6s on each die), in the tail line of results under 0.005%"
tap_is "$("$HEXAID" roll --odds -- '-3d6!' | sed -n 5p | sed -n 's/^ *\(-[0-9]*\) to .*/\1/p')" -18018 \
	"-3d6!: the tail past the rows is at the low end"
# --odds prints the rows that carry probability; each end's results under 0.005% are
# one line. 100d6 is symmetric about 350, so its tails are too, and the rows and the
# tails hold 100% between them.
"$HEXAID" roll --odds 100d6 >"$tap_tmp/odds"
tap_is "$(grep -c ' 0\.00% ' "$tap_tmp/odds")" 0 "--odds 100d6 prints no row of 0.00%"
tap_is "$(awk '/ to / { n++; s += $1; e += $3 + 0 } END { print n, s + e }' "$tap_tmp/odds")" "2 1400" \
	"--odds 100d6: a tail line at each end, as far from 350 each way (100 to a, 700-a to 600)"
tap_is "$(awk '/ to / { p += $(NF - 2) + 0 } / [0-9.]+% / && !/ to / { p += $2 + 0 }
	END { printf "%.0f", p }' "$tap_tmp/odds")" 100 "--odds 100d6: the rows and the two tails hold 100% between them"
"$HEXAID" roll '2d6/3+1' >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(head -n 1 "$tap_tmp/err"):$(sed -n 3p "$tap_tmp/err")" \
	"1:hexaid: roll: / is read two ways: rpg-dice-roller keeps the fraction, AnyDice rounds it down: write floor(2d6/3) or ceil(2d6/3):     ^" \
	"a bare / is refused with both readings and the spellings hexaid takes, the caret under it"
tap_is "$(odds_row 0 'floor(1d6/2)')" "0 16.67% 1/6 100.00%" "floor(1d6/2): 0 is a 1, rounded down"
"$HEXAID" roll --help | grep -q 'most 1000 times, as in rpg-dice-roller'
tap_ok $? "roll --help states the explosion cap"
"$HEXAID" roll '10d10cs>=7' >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(head -n 1 "$tap_tmp/err"):$(sed -n 3p "$tap_tmp/err")" \
	"1:hexaid: roll: cs>=7 counts successes in Foundry, marks critical ones of a sum in Roll20: write >=7 to count, or roll --cs=mark:       ^" \
	"cs is refused with both readings and the spelling to write, the caret under it"
"$HEXAID" roll --cs=both 1d6 >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "2:hexaid: roll: --cs is 'count' (Foundry) or 'mark' (Roll20), not 'both'" \
	"--cs takes count or mark"
"$HEXAID" roll 2d6 3 >/dev/null 2>"$tap_tmp/err"
tap_is "$(head -n 1 "$tap_tmp/err")" \
	"hexaid: roll: '3' is not understood here: terms are joined by +, -, * or /, such as 2d6+3" \
	"what is not understood is named, with the nearest spelling"
tap_is "$("$HEXAID" roll --odds 100d100 | awk '$1 == 5050 { print $1 }')" "5050" "100d100: counted, 5050 among the results"
tap_done
