#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# new-scenario.sh: `hexaid new CARD FILE` (issue 29): a blank scenario of the card's
# new_scenario: section (its ground, board and sides) that `hexaid check` accepts and
# a game starts from at turn 1 with an empty log; never written over a file; its
# options and errors.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
cd "$tap_tmp" || exit 1

"$HEXAID" new tricorne battle.yaml >out 2>err; st=$?
tap_is "$st:$(cat out):$(cat err)" \
	"0:wrote battle.yaml: a 13x9 board of clear, sides British and Continentals; next: hexaid check battle.yaml:" \
	"new tricorne: writes the blank scenario and says what it holds"
"$HEXAID" check battle.yaml >out 2>&1; st=$?
tap_is "$st:$(cat out)" "0:" "hexaid check accepts it"
tap_is "$(sed -n 's/^kind: //p' battle.yaml):$(sed -n 's/^card: //p' battle.yaml):$(sed -n 's/^id: //p' battle.yaml)" \
	"scenario:tricorne:battle" "a scenario of the card, its id the file's name"
tap_is "$(grep -c '^    - "\. \. \. \. \. \. \. \. \. \. \. \. \."$' battle.yaml)" 9 \
	"nine rows of thirteen hexes of the card's ground (clear, '.')"
grep -q '^  british: { name: British, home: north }$' battle.yaml &&
	grep -q '^  american: { name: Continentals, home: south }$' battle.yaml &&
	grep -q '^start: { turn: 1, side: british }$' battle.yaml
tap_ok $? "the card's sides, the first of them first"
tap_is "$(grep -c '^units:' battle.yaml)" 0 "no units"
"$HEXAID" log battle.yaml >out 2>&1; st=$?
tap_is "$st:$(sed -n 3p out):$(sed -n 6p out)" "0:(nothing has happened yet):  turn 1, British: Command" \
	"a game started from it begins at turn 1 with an empty log"

cp battle.yaml before.yaml
"$HEXAID" new tricorne battle.yaml --title Other >out 2>err; st=$?
tap_is "$st:$(cat err)" "1:hexaid: new: battle.yaml: already there; it is left as it is" \
	"a file already there is refused"
cmp -s battle.yaml before.yaml
tap_ok $? "... and left as it was"

"$HEXAID" new napoleonic-tec small.yaml --size 5x3 --title 'The "Bridge" at Ulm' >out 2>&1; st=$?
tap_is "$st" 0 "--size and --title"
grep -q '^title: "The \\"Bridge\\" at Ulm"$' small.yaml &&
	grep -q '^  columns: 5$' small.yaml && grep -q '^  rows: 3$' small.yaml &&
	grep -q '^  orientation: flat$' small.yaml
tap_ok $? "... a 5x3 board of the card's orientation, the title quoted"
"$HEXAID" check small.yaml >out 2>&1; st=$?
tap_is "$st:$(cat out)" "0:" "... which hexaid check accepts"

"$HEXAID" new tricorne bad.yaml --size 3 >out 2>err; st=$?
tap_is "$st:$(cat err)" \
	"2:hexaid: new: --size '3': give columns and rows, 1 to 200 each, such as 13x9" \
	"--size without rows: a usage error"
tap_ok "$(test ! -e bad.yaml; echo $?)" "... and nothing written"
"$HEXAID" new nosuch bad.yaml >out 2>err; st=$?
tap_is "$st:$(cat err)" "1:hexaid: no rule card 'nosuch' found (hexaid cards lists them)" \
	"an unknown card"
printf 'kind: card\nschema: 1\nid: bare\ntitle: Bare\nterrain:\n  clear: { name: Clear, glyph: "." }\n' >bare.yaml
"$HEXAID" new ./bare.yaml bad.yaml >out 2>err; st=$?
tap_is "$st:$(cat err)" \
	"1:hexaid: new: the card bare gives no new_scenario: section (its ground and sides; hexaid(5))" \
	"a card without new_scenario: says so"

# the scenario named like its card: the card is still found (issue 29, item 6)
"$HEXAID" new tricorne tricorne.yaml >out 2>&1 && "$HEXAID" check tricorne.yaml >out 2>&1; st=$?
tap_is "$st:$(cat out)" "0:" "a blank scenario saved as tricorne.yaml checks"
tap_done
