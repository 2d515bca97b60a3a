#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# card-path.sh: `hexaid cards` finds cards along the search path in order:
# $HEXAID_PATH, $XDG_DATA_HOME/hexaid (or ~/.local/share/hexaid), DIR/hexaid for each
# DIR of $XDG_DATA_DIRS, the installed data
# directory, and the source tree's data/ when run uninstalled from a build tree
# (through the build tree's `data`).
# (The installed case is checked by `make installcheck`, which distcheck runs.)
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
export HOME="$tap_tmp/home"
mkdir -p "$HOME"

out=$("$HEXAID" cards); st=$?
tap_is "$st" 0 "uninstalled: cards exits 0"
for id in great-war mini-nap napoleonic-tec tricorne ud-napoleonic; do
	printf '%s\n' "$out" | grep -q "^$id .* $top_srcdir/data/cards/$id.yaml\$"
	tap_ok $? "uninstalled: lists $id from the source tree"
done

mk_card() { # DIR ID TITLE
	mkdir -p "$1/cards"
	printf 'kind: card\nschema: 1\nid: %s\ntitle: %s\n' "$2" "$3" >"$1/cards/$2.yaml"
}
mk_card "$tap_tmp/a" great-war "My Great War house rules"
mk_card "$tap_tmp/b" own-game "My own game"
mk_card "$tap_tmp/b" great-war "Shadowed twice"
out=$(HEXAID_PATH="$tap_tmp/a:$tap_tmp/b" "$HEXAID" cards)
first=$(printf '%s\n' "$out" | head -n 1)
tap_is "$first" "$(printf '%-16s %-40s %s' great-war 'My Great War house rules' "$tap_tmp/a/cards/great-war.yaml")" \
	"HEXAID_PATH: its first directory comes first"
printf '%s\n' "$out" | grep -q "^own-game .* $tap_tmp/b/cards/own-game.yaml\$"
tap_ok $? "HEXAID_PATH: a later directory is searched too"
printf '%s\n' "$out" | grep -q "$tap_tmp/b/cards/great-war.yaml (shadowed by $tap_tmp/a/cards/great-war.yaml)\$"
tap_ok $? "HEXAID_PATH: a card with the same id further on is marked shadowed"
printf '%s\n' "$out" | grep -q "$top_srcdir/data/cards/great-war.yaml (shadowed by $tap_tmp/a/cards/great-war.yaml)\$"
tap_ok $? "HEXAID_PATH: comes before the source tree's cards"

mk_card "$tap_tmp/xdg/hexaid" xdg-game "From XDG_DATA_HOME"
out=$(XDG_DATA_HOME="$tap_tmp/xdg" "$HEXAID" cards)
printf '%s\n' "$out" | grep -q "^xdg-game .* $tap_tmp/xdg/hexaid/cards/xdg-game.yaml\$"
tap_ok $? "XDG_DATA_HOME/hexaid is searched"

mk_card "$HOME/.local/share/hexaid" home-game "From HOME"
out=$(XDG_DATA_HOME=relative/ignored "$HEXAID" cards)
printf '%s\n' "$out" | grep -q "^home-game .* $HOME/.local/share/hexaid/cards/home-game.yaml\$"
tap_ok $? "a relative XDG_DATA_HOME falls back to ~/.local/share/hexaid"

mk_card "$tap_tmp/sys1/hexaid" sys-game "From the first of XDG_DATA_DIRS"
mk_card "$tap_tmp/sys2/hexaid" sys-game "Shadowed by the first"
mk_card "$tap_tmp/sys2/hexaid" sys-other "From the second of XDG_DATA_DIRS"
mk_card "$tap_tmp/hexaid" rel-game "From a relative entry"
out=$(cd "$tap_tmp" && XDG_DATA_DIRS="$tap_tmp/sys1:.:$tap_tmp/sys2/" "$HEXAID" cards)
printf '%s\n' "$out" | grep -q "^sys-game .* $tap_tmp/sys1/hexaid/cards/sys-game.yaml\$" &&
	printf '%s\n' "$out" | grep -q "^sys-other .* $tap_tmp/sys2/hexaid/cards/sys-other.yaml\$"
tap_ok $? "each directory of XDG_DATA_DIRS is searched (DIR/hexaid)"
printf '%s\n' "$out" | grep -q "$tap_tmp/sys2/hexaid/cards/sys-game.yaml (shadowed by $tap_tmp/sys1/hexaid/cards/sys-game.yaml)\$"
tap_ok $? "XDG_DATA_DIRS: an earlier directory wins"
printf '%s\n' "$out" | grep -q "^rel-game "
tap_ok $((!$?)) "XDG_DATA_DIRS: a relative entry is ignored"
out=$(XDG_DATA_DIRS="$tap_tmp/sys1" XDG_DATA_HOME="$tap_tmp/xdg" "$HEXAID" cards | head -n 1)
tap_is "${out%% *}" xdg-game "XDG_DATA_HOME comes before XDG_DATA_DIRS"

mkdir -p "$tap_tmp/bad/cards"
printf 'kind: card\nschema: 1\nid: broken\n' >"$tap_tmp/bad/cards/broken.yaml"
HEXAID_PATH="$tap_tmp/bad" "$HEXAID" cards >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st" 1 "an invalid card makes cards exit 1"
grep -q "$tap_tmp/bad/cards/broken.yaml: not a valid card" "$tap_tmp/err"
tap_ok $? "an invalid card is named on stderr"
grep -q "^tricorne " "$tap_tmp/out"
tap_ok $? "the valid cards are still listed"

# A copy of the program outside the build tree does not see the source tree.
cp "$HEXAID" "$tap_tmp/hexaid-copy"
if [ -d "$(sed -n 's/^pkgdatadir = //p' "$top_builddir/Makefile")/cards" ]; then
	tap_skip "a copy outside the build tree finds no cards" "hexaid is installed here"
elif [ "$(head -c 2 "$HEXAID")" = "#!" ]; then
	tap_skip "a copy outside the build tree finds no cards" "HEXAID is a wrapper script (make check-valgrind)"
else
	HOME=/nonexistent "$tap_tmp/hexaid-copy" cards >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
	tap_is "$st:$(head -n 1 "$tap_tmp/err")" "1:hexaid: no rule cards found; searched:" \
		"a copy outside the build tree finds no cards and says where it looked"
fi
# --- a file on the way that is not a card is passed over (issue 29) ----------------------
mkdir -p "$tap_tmp/own"
sed 's/^title:.*/title: My own Tricorne battle/' "$top_srcdir/data/scenarios/tricorne-demo.yaml" \
	>"$tap_tmp/own/tricorne.yaml"
(cd "$tap_tmp/own" && "$HEXAID" check tricorne.yaml) >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "0:" \
	"a scenario named like its card (tricorne.yaml) is passed over: the card is found on the path"
sed 's/^card:.*/card: own/' "$tap_tmp/own/tricorne.yaml" >"$tap_tmp/own/own.yaml"
(cd "$tap_tmp/own" && "$HEXAID" check own.yaml) >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(head -n 1 "$tap_tmp/err")" \
	"1:own.yaml:$(grep -n '^card:' "$tap_tmp/own/own.yaml" | cut -d: -f1):7: error: no card 'own' beside this scenario or on the card path (passed over ./own.yaml (a scenario); hexaid cards lists them)" \
	"no card found: the file passed over is named"
printf 'kind: card\nschema: 1\nid: mine\nextends: tricorne\ntitle: Mine\n' >"$tap_tmp/own/mine.yaml"
(cd "$tap_tmp/own" && "$HEXAID" check mine.yaml) >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "0:" \
	"a card extending 'tricorne' beside a scenario tricorne.yaml finds the card on the path"
tap_done
