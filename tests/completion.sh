#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# completion.sh: the bash completion (misc/hexaid.bash-completion) completes what
# the program itself lists: subcommands, each one's options, card ids, game files.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
if ! command -v bash >/dev/null 2>&1; then
	tap_skip "bash completion" "bash is not installed"
	tap_done
fi
mkdir -p "$tap_tmp/games" && : >"$tap_tmp/games/demo.yaml" && : >"$tap_tmp/games/old.sav" &&
	: >"$tap_tmp/games/notes.txt"

# complete WORD...: what the completion offers for the last word, sorted, on one line.
complete_words() {
	bash -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		compopt() { :; }
		_hexaid
		printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' \
		sh "$top_srcdir/misc/hexaid.bash-completion" "$HEXAID" "$@" 2>/dev/null | sed 's/ $//'
}

tap_is "$(complete_words ex)" "explain" "a subcommand's name"
tap_is "$(complete_words help ro)" "roll" "help completes a subcommand"
tap_is "$(complete_words roll --)" "--card --cs --help --odds --seed --version" "roll's options, from roll --help"
tap_is "$(complete_words recover --o)" "--output" "recover's long option"
tap_is "$(complete_words chart tri)" "tricorne" "chart: a card id, from hexaid cards"
tap_is "$(complete_words roll --card great)" "great-war" "roll --card: a card id"
tap_is "$(complete_words explain great-war at)" "" "explain: after the card, no card ids"
tap_is "$(complete_words render "$tap_tmp/games/")" "$tap_tmp/games/demo.yaml $tap_tmp/games/old.sav" \
	"render: scenario and saved game files"
tap_is "$(complete_words --seed 3 "$tap_tmp/games/d")" "$tap_tmp/games/demo.yaml" \
	"the terminal interface: a game file, after --seed N"
tap_done
