#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# cli.sh: the command-line contract: --help, --version, usage errors and exit codes.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

out=$("$HEXAID" --help 2>"$tap_tmp/err"); st=$?
printf '%s\n' "$out" >"$tap_tmp/help"
tap_is "$st" 0 "--help exits 0"
case $out in "hexaid: a terminal play aid"*) r=0 ;; *) r=1 ;; esac
tap_ok $r "--help prints the help on stdout"
tap_is "$(cat "$tap_tmp/err")" "" "--help prints nothing on stderr"
for sub in check cards chart explain roll script render recover; do
	printf '%s\n' "$out" | grep -q "^  $sub " 
	tap_ok $? "--help lists the $sub subcommand"
done

# --- every subcommand: --help, hexaid help, GNU options, one line for a bad one ----------
for sub in check cards chart explain roll script render log recover help; do
	"$HEXAID" "$sub" --help >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
	tap_is "$st:$(head -n 1 "$tap_tmp/out" | cut -d' ' -f1-3):$(cat "$tap_tmp/err")" \
		"0:usage: hexaid $sub:" "$sub --help: its usage on stdout, exit 0"
	grep -q '^  -h, --help  *print this help and exit$' "$tap_tmp/out"
	tap_ok $? "$sub --help: one line for each option, --help too"
	grep -q '^      --version  *print the version and exit$' "$tap_tmp/out"
	tap_ok $? "$sub --help lists --version"
	"$HEXAID" "$sub" --version >"$tap_tmp/ver" 2>"$tap_tmp/err"; st=$?
	"$HEXAID" --version >"$tap_tmp/ver2" 2>&1
	tap_is "$st:$(cat "$tap_tmp/err")" "0:" "$sub --version exits 0, nothing on stderr"
	cmp -s "$tap_tmp/ver" "$tap_tmp/ver2"
	tap_ok $? "$sub --version prints what hexaid --version does"
	"$HEXAID" help "$sub" >"$tap_tmp/out2" 2>&1
	cmp -s "$tap_tmp/out" "$tap_tmp/out2"
	tap_ok $? "hexaid help $sub prints the same as $sub --help"
	"$HEXAID" "$sub" --no-such-option x >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
	tap_is "$st:$(cat "$tap_tmp/err")" \
		"2:hexaid: $sub: unknown option '--no-such-option' (hexaid $sub --help lists them)" \
		"$sub --no-such-option: one line, exit 2"
done
"$HEXAID" help >"$tap_tmp/out" 2>&1
tap_is "$(head -n 1 "$tap_tmp/out")" "hexaid: a terminal play aid for tabletop wargames." \
	"hexaid help prints hexaid --help"
"$HEXAID" help frobnicate >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "2:hexaid: help: no subcommand 'frobnicate' (hexaid help lists them)" \
	"hexaid help with an unknown subcommand exits 2"
"$HEXAID" explain --help | grep -q '^  on_target=true|false  *the attack'
tap_ok $? "explain --help lists the facts it understands (on_target)"
"$HEXAID" explain --help | grep -q '^  roll=N|FACES  *what the dice show'
tap_ok $? "explain --help lists the keys it understands (roll=)"
"$HEXAID" explain great-war attacker=infantry target_on=forest --json | head -c 9 >"$tap_tmp/out"
tap_is "$(cat "$tap_tmp/out")" '{"card":"' "explain: an option after the operands is read (GNU style)"
"$HEXAID" roll --seed 1 -- 2d6 >"$tap_tmp/out" 2>&1; st=$?
tap_is "$st" 0 "roll: -- ends the options"
"$HEXAID" roll --seed >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "2:hexaid: roll: option '--seed' needs a value (hexaid roll --help)" \
	"an option without its value: one line, exit 2"
"$HEXAID" recover -o >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "2:hexaid: recover: option '-o' needs a value (hexaid recover --help)" \
	"a short option without its value: one line, exit 2"
"$HEXAID" script --help | grep -q '^  move UNIT HEX'
tap_ok $? "script --help lists the commands of play"

out=$("$HEXAID" --version); st=$?
tap_is "$st" 0 "--version exits 0"
tap_is "$(printf '%s\n' "$out" | head -n 1 | cut -d' ' -f1)" "hexaid" "--version's first line starts with the name"
printf '%s\n' "$out" | head -n 1 | grep -Eq '^hexaid [0-9]+\.[0-9]+\.[0-9]+$'
tap_ok $? "--version prints 'hexaid VERSION'"
printf '%s\n' "$out" | sed -n 2p | grep -Eq '^Copyright \(C\) [0-9]{4} '
tap_ok $? "--version's second line is the copyright"
printf '%s\n' "$out" | grep -q '^License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>\.$'
tap_ok $? "--version names the licence, GPL-3.0-or-later"
printf '%s\n' "$out" | grep -q '^There is NO WARRANTY, to the extent permitted by law\.$'
tap_ok $? "--version says there is no warranty"
printf '%s\n' "$out" | grep -q 'CC-BY-4.0'
tap_ok $? "--version says the cards and scenarios are CC-BY-4.0"
head -n 2 "$top_srcdir/COPYING" | grep -q 'GNU GENERAL PUBLIC LICENSE' &&
	grep -q '^ *Version 3, 29 June 2007' "$top_srcdir/COPYING"
tap_ok $? "COPYING holds the GPL version 3"
grep -q 'CC-BY-4.0' "$top_srcdir/data/README.md"
tap_ok $? "data/README.md gives the cards' and scenarios' licence"
tail -n 1 "$tap_tmp/help" | grep -q '^See hexaid(6)'
tap_ok $? "--help ends with where the manuals are (hexaid has no bug address or home page to give)"

"$HEXAID" --no-such-option >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st" 2 "an unknown option exits 2"
tap_is "$(cat "$tap_tmp/out")" "" "an unknown option prints nothing on stdout"
grep -q '^usage: hexaid' "$tap_tmp/err"
tap_ok $? "an unknown option prints the usage on stderr"
# $HEXAID is a full path: getopt's message starts "hexaid:" all the same
tap_is "$(head -n 1 "$tap_tmp/err")" "hexaid: unrecognized option '--no-such-option'" \
	"an unknown option's message starts with hexaid:, not the program's path"

"$HEXAID" frobnicate now >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 2 "an unknown subcommand exits 2"
grep -q "unknown subcommand 'frobnicate'" "$tap_tmp/err"
tap_ok $? "an unknown subcommand is named in the message"

"$HEXAID" check >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 2 "check without files exits 2"
tap_is "$(cat "$tap_tmp/err")" "usage: hexaid check [--reminders] FILE..." "check without files prints its usage"

"$HEXAID" cards extra >/dev/null 2>&1; st=$?
tap_is "$st" 2 "cards with an argument exits 2"


"$HEXAID" check "$top_srcdir/data/cards/great-war.yaml" >"$tap_tmp/out" 2>&1; st=$?
tap_is "$st:$(cat "$tap_tmp/out")" "0:" "check of a valid card exits 0 silently"
"$HEXAID" check "$top_srcdir/data/cards/great-war.yaml" /nonexistent.yaml >/dev/null 2>&1; st=$?
tap_is "$st" 1 "check exits 1 when any file is invalid"
# check --reminders: a card's remind: rules, with their card lines and seeds,
# or that it has none; an unknown card exits 1.
"$HEXAID" check --reminders napoleonic-tec "$top_srcdir/data/cards/ud-napoleonic.yaml" \
	>"$tap_tmp/out" 2>&1; st=$?
tap_is "$st:$(cat "$tap_tmp/out")" "0:napoleonic-tec.yaml:$(grep -n 'remind:' "$top_srcdir/data/cards/napoleonic-tec.yaml" | cut -d: -f1): modifiers: attacking units must be adjacent to each other  [seed 004:127]
ud-napoleonic: no reminders: hexaid reckons each of its rules" "check --reminders lists a card's reminders, or says it has none"
"$HEXAID" check --reminders no-such-card >/dev/null 2>&1; st=$?
tap_is "$st" 1 "check --reminders of an unknown card exits 1"

# A phase names commands it allows and commands the other side may react with:
# every one must be a command of hexaid.
cat >"$tap_tmp/phases.yaml" <<'EOF'
kind: card
schema: 1
id: phases
title: Phases
sequence:
  - { id: move, name: Move, allows: [move, dance], reactions: [fire, fly] }
EOF
"$HEXAID" check "$tap_tmp/phases.yaml" >"$tap_tmp/out" 2>&1; st=$?
tap_is "$st:$(sed "s|$tap_tmp/||" "$tap_tmp/out" | grep error:)" "1:phases.yaml:6:44: error: phase 'move' allows 'dance', which is not a command (hexaid(6) lists them); did you mean 'advance'?
phases.yaml:6:70: error: phase 'move' takes the reaction 'fly', which is not a command (hexaid(6) lists them)" \
	"check refuses a phase that allows, or takes as a reaction, a word that is no command"

# --- hexaid log: the game's log with each roll's breakdown, and the dice statistics ---
gw="$top_srcdir/data/scenarios/great-war-demo.yaml"
printf 'phase next\nphase next\nphase next\nunit set A4 hex=0906\nunit set C4 hex=0904\nfire A4 C4 roll=s,f\nsave %s\n' "$tap_tmp/g.sav" |
	"$HEXAID" script "$gw" >/dev/null
"$HEXAID" log "$tap_tmp/g.sav" >"$tap_tmp/out"; st=$?
tap_is "$st" 0 "log of a saved game exits 0"
grep -q '^A4 battles C4 (ranged)$' "$tap_tmp/out" &&
	grep -q '^ *2  base dice: infantry, ranged combat at 2 hexes' "$tap_tmp/out" &&
	grep -q '^A4 rolls soldier, flag: 1 hit, 1 flag on C4 (3/4)$' "$tap_tmp/out"
tap_ok $? "the log holds the battle, why it has its dice, and what the roll did"
grep -q '^Allies: 2 battle dice scored 1 hit (0.7 expected)$' "$tap_tmp/out"
tap_ok $? "the log ends with each side's dice against the odds"
"$HEXAID" log --markdown "$tap_tmp/g.sav" | head -n 3 >"$tap_tmp/out"
tap_is "$(cat "$tap_tmp/out")" "$(printf '# No Man%ss Land (demo)\n\n## Log' "'")" "log --markdown: a title and sections"
# The dice log, as players keep one: a heading for the turn and phase of each
# roll, a row for each with its source (hexaid's dice or the table's), its dice
# and result; a save gives the same log as the game played.
printf 'phase next\nphase next\nphase next\nunit set A4 hex=0906\nunit set C4 hex=0904\nfire A4 C4 roll=s,f\nunit set A2 hex=0703\nmelee A2 C3\nsave %s\n' "$tap_tmp/d.sav" |
	"$HEXAID" script --seed 2 "$gw" >/dev/null
"$HEXAID" log --markdown "$tap_tmp/d.sav" >"$tap_tmp/out"
grep -q '^### Turn 1, Allies: Battle$' "$tap_tmp/out" &&
	grep -q '^| Roll | Source | Dice | Modifiers | Result |$' "$tap_tmp/out" &&
	grep -q '^| A4 -> C4 | table | 2 dice: soldier, flag |  | 1 hit, 1 flag: C4 3/4 |$' "$tap_tmp/out" &&
	grep -q '^| A2 -> C3 | hexaid | 3 dice: ' "$tap_tmp/out"
tap_ok $? "log --markdown: the dice log, a table under each turn's phase, with each roll's source"
tap_is "$(grep -c '^### ' "$tap_tmp/out")" 1 "log --markdown: only phases with rolls get a heading"
# A note is text in the report, whatever it holds: no raw HTML, no code fence,
# no heading of its own, and the item it is stays one item.
printf '%s\n' 'note <script>x</script> & co' 'note ```' 'note "# not a heading"' \
	"save $tap_tmp/n.sav" | "$HEXAID" script "$gw" >/dev/null
"$HEXAID" log --markdown "$tap_tmp/n.sav" >"$tap_tmp/out"
! grep -q '<script>' "$tap_tmp/out" && ! grep -q '```' "$tap_tmp/out" &&
	grep -qF -- '- note: &lt;script>x&lt;/script> &amp; co' "$tap_tmp/out" &&
	grep -qF -- '- note: \`\`\`' "$tap_tmp/out" && grep -qF -- '- note: # not a heading' "$tap_tmp/out"
tap_ok $? "log --markdown: a note's HTML, backquotes and heading marks are text"
"$HEXAID" log "$tap_tmp/d.sav" >"$tap_tmp/out"
grep -q '^    A4 -> C4 (table) 2 dice: soldier, flag: 1 hit, 1 flag: C4 3/4$' "$tap_tmp/out"
tap_ok $? "log: the dice log in plain words"
# --- the supply of tokens: the Great War box holds 26 wire / shell crater tokens ---
# The demo has 7 on the map; the 19th placed is the 26th, the 20th one too many.
i=0; : >"$tap_tmp/tokens"
for c in 01 02 03 04 05 06 07 08 09 10 11 12 13; do
	for r in 05 06; do
		[ "$c$r" = 0606 ] || [ "$c$r" = 0706 ] || [ "$c$r" = 0905 ] && continue
		i=$((i + 1)); [ $i -le 20 ] && echo "token add $c$r wire" >>"$tap_tmp/tokens"
	done
done
"$HEXAID" script "$gw" "$tap_tmp/tokens" >"$tap_tmp/out"
tap_is "$(grep -c 'warning' "$tap_tmp/out"):$(grep -c 'placed in' "$tap_tmp/out")" "1:20" \
	"the token that goes past the box's supply is placed, with one warning"
grep -q '^warning: that makes 27, and the box holds 26$' "$tap_tmp/out"
tap_ok $? "the warning counts the tokens and the box"

"$HEXAID" log >/dev/null 2>&1; st=$?
tap_is "$st" 2 "log without a game exits 2"
# --- a battle's words: the keys of explain, one meaning each (question-keys.c) ---
ud="$top_srcdir/data/scenarios/ud-napoleonic-demo.yaml"
battle_words() {
	printf 'unit set F1 hex=0705\nphase next\nphase next\nexplain F1 P2 %s\n' "$1" |
		"$HEXAID" script "$ud" 2>&1 | sed '1,7d'
}
battle_words "attacker_value=6 defender_value=5" >"$tap_tmp/new"
battle_words "attacker=6 defender=5" >"$tap_tmp/old"
grep -q '^odds  16.7%  F1 wins, P2 loses (winner M+2, loser MR)$' "$tap_tmp/new" &&
	cmp -s "$tap_tmp/new" "$tap_tmp/old"
tap_ok $? "attacker_value= and defender_value= give the sides' values; attacker= and defender= still do"
battle_words "target_on=village" | grep -q "^ *+1  Village (target's hex): added to the defender's value"
tap_ok $? "target_on= puts terrain in the target's hex for the battle"
battle_words "crossed=stream" | grep -q "^ *+1  Stream (crossed): added to the defender's value"
tap_ok $? "crossed= puts a hexside feature along the line of fire"
tap_is "$(battle_words "target_on=stream")" \
	"error: target_on=stream: stream is a hexside feature: give it as crossed=stream" \
	"a hexside feature is crossed, not in the target's hex"
battle_words "with=village" | grep -q "^error: with=village: after the target give"
tap_ok $? "with= is the attacking group's classes, which a battle does not take"
tap_done
