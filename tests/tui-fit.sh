#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-fit.sh: at 80x24 each of the five demos shows its whole board, by keys
# alone: z zooms the map (the pane focused at the start) to the screen, and the
# map pane then holds every line of `hexaid render` of the demo (compact
# hexes: every hex with its terrain, hexsides, unit and the unit's strength
# under or before its id), cell for cell, but for the cursor's brackets, which stand whole. L
# shows the legend in a box: the card's glyphs and the map pane's own marks. A
# line too long for 80 columns ends in "..." after a whole word.
. "$top_srcdir/tests/tap.sh"

tmux_test="the whole board at 80x24"
. "$top_srcdir/tests/tmux.sh"

# board_shown RENDER: does the screen's map pane (inside its border, from its
# second line) hold each line of RENDER at its place, but where a cursor's
# bracket stands? Prints the lines that differ.
board_shown() {
	# the pane's left border: a line drawing character, or its ASCII stand-in
	screen | sed -e 's/^│//' -e 's/^x//' >"$tap_tmp/screen"
	awk 'NR == FNR { want[FNR] = $0; n = FNR; next }
	     { got[FNR] = $0 }
	     END {
		bad = 0
		for (i = 1; i <= n; i++) {
			w = want[i]; g = got[i + 1]
			for (k = 1; k <= length(w); k++) {
				a = substr(w, k, 1); b = substr(g, k, 1)
				if (a != b && b != "[" && b != "]") { print "line " i ": " w " | " g; bad = 1; break }
			}
		}
		exit bad
	     }' "$1" "$tap_tmp/screen"
}

# strengths_shown LEGEND: is each unit the legend lists ("> Side: ID CLASS HEX
# S/M; ...") on the screen as its side's mark and id, with its strength S under
# the id (pointy-top) or before the mark (flat-top)? Prints the units missing.
strengths_shown() {
	screen | sed -e 's/^│//' -e 's/^x//' >"$tap_tmp/screen"
	awk 'NR == FNR {
		if ($0 ~ /^[^ ] [^:]+:/) mark = substr($0, 1, 1)
		if (mark == "") next
		n = split($0, items, ";")
		for (i = 1; i <= n; i++) {
			k = split(items[i], w, " ")
			if (k >= 4 && w[k] ~ /^[0-9]+\/[0-9]+$/) {
				split(w[k], s, "/")
				want[mark w[k - 3]] = s[1]
			}
		}
		next
	     }
	     { line[FNR] = $0; lines = FNR }
	     END {
		bad = 0
		for (u in want) {
			found = 0
			for (y = 1; y <= lines && !found; y++) {
				x = index(line[y], u)
				if (x == 0) continue
				below = substr(line[y + 1], x + 1, 1); before = substr(line[y], x - 1, 1)
				found = below == want[u] || before == want[u]
			}
			if (!found) { print u " strength " want[u]; bad = 1 }
		}
		exit bad
	     }' "$1" "$tap_tmp/screen"
}

for f in "$scenarios"/*-demo.yaml; do
	name=$(basename "$f" -demo.yaml)
	"$HEXAID" render "$f" >"$tap_tmp/$name.map"
	tap_is "$(awk 'length > 78' "$tap_tmp/$name.map" | wc -l):$(wc -l <"$tap_tmp/$name.map")" \
		"0:$(wc -l <"$tap_tmp/$name.map")" "$name: the compact map fits inside a pane 80 wide"
	start "$name" 80 24 -- "$f"
	wait_for "Map: " || { tap_ok 1 "$name: started"; continue; }
	keys z
	if poll_until board_shown "$tap_tmp/$name.map" >/dev/null; then
		tap_ok 0 "$name: z shows the whole board, every unit's strength on it"
	else
		tap_ok 1 "$name: z shows the whole board, every unit's strength on it"
		board_shown "$tap_tmp/$name.map" | sed 's/^/# /'
		screen | sed 's/^/#   | /'
	fi
	# both brackets whole, even where a hexside feature lies on that side
	# (the napoleonic-tec demo's first unit stands by a stream)
	screen | grep -q '\[[^][]\{4,5\}\]'
	tap_ok $? "$name: the cursor's brackets stand whole around its hex"
	"$HEXAID" render --legend "$f" | sed '1,/^Key:/d' >"$tap_tmp/$name.legend"
	if strengths_shown "$tap_tmp/$name.legend" >"$tap_tmp/missing"; then
		tap_ok 0 "$name: each unit's strength beside its id"
	else
		tap_ok 1 "$name: each unit's strength beside its id"
		sed 's/^/# missing: /' "$tap_tmp/missing"
	fi
	keys L
	check "$name: L shows the legend in a box" "Legend (q or Esc closes)"
	check "$name: ... with the card's glyphs" "Key: . "
	check "$name: ... and the map pane's own marks" "[ ] the cursor's hex"
	# the first side's units, each item whole on one line of the box
	awk '/^[^ ]/ { on = /^> / } on' "$tap_tmp/$name.legend" | sed 's/^> [^:]*://' |
		tr '\n' ' ' | tr -s ' ' | tr ';' '\n' | sed -e 's/^ *//' -e '/^$/d' -e 's/$/;/' >"$tap_tmp/items"
	screen >"$tap_tmp/box"
	missing=$(while read -r item; do grep -qF -- "$item" "$tap_tmp/box" || echo "$item"; done <"$tap_tmp/items")
	tap_is "$(wc -l <"$tap_tmp/items" | tr -d ' ')+:$missing" "$(wc -l <"$tap_tmp/items" | tr -d ' ')+:" \
		"$name: ... each unit's entry whole on a line of the box"
	keys q
	check_gone "$name: q closes it" "Legend (q or Esc closes)"
	keys q
	T kill-session -t "$name" 2>/dev/null
done

# A line too long for 80 columns says it goes on (and the empty log's words
# wrap): the phase's reminder (the
# card's text) on the map's bottom edge, and the message line, cut where a
# word ends and ended with "...".
reminder=$(sed -n 's/^ *reminder: "\(Ordered units battle.*\)"$/\1/p' "$scenarios/../cards/tricorne.yaml")
start cut 80 24 -- "$scenarios/tricorne-demo.yaml"
wait_for "Map: "
# the empty log's words wrap in its narrow pane, as the log does
screen | grep -q '(nothing has happened *[^ ]*$' && screen | grep -q '[^a-z]yet) *[^ ]*$'
tap_ok $? "the empty log pane's words, wrapped whole"
keys p p p
wait_for "Ordered units battle"
screen >"$tap_tmp/cut"
# elided LINE FULL: LINE ends in "..." after a whole word of FULL, FULL's start
elided() {
	case $1 in *...) ;; *) return 1 ;; esac
	part=${1%...}
	case $2 in "$part"[\ .,\;:]*) return 0 ;; esac
	return 1
}
# the edge: its corner and a space, the text, a space and the line to the corner
edge=$(grep -F " Ordered units battle" "$tap_tmp/cut" | head -n 1 | sed -e 's/^[^ ]* //' -e 's/ [^ ]*$//')
elided "$edge" "$reminder"
tap_ok $? "the map's bottom edge: the phase's reminder cut after a word, with '...'"
printf '#   | %s\n' "$edge"
msg=$(tail -n 1 "$tap_tmp/cut" | sed 's/ *$//')
elided "$msg" "turn 1, British: Combat: $reminder"
tap_ok $? "the message line: cut after a word, with '...'"
printf '#   | %s\n' "$msg"
T kill-session -t cut 2>/dev/null
tap_done
