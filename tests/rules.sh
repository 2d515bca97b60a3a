#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# rules.sh: seed fidelity. Each tests/rules/CARD.rules file holds one case a line:
#
#   SEED-LINE | KEY=VALUE ... | EXPECTED
#
# The case runs `hexaid explain CARD KEY=VALUE ...` (the same code path players use),
# or `hexaid chart CARD [TERRAIN]` when the query is `chart [TERRAIN]` (for what the
# card tells the players rather than reckons: levels, kinds, notes), and passes
# when hexaid exits 0 with nothing on stderr and EXPECTED is exactly one whole
# line of the answer (leading blanks ignored, runs of blanks read as one), or,
# when EXPECTED ends in " ...", the start of exactly one (to leave out a card
# line). A line matched twice is ambiguous: the case must name the one it means.
# SEED-LINE names the line of the seed document the case checks; '#' starts a comment.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

for file in "$top_srcdir"/tests/rules/*.rules; do
	card=$(basename "$file" .rules)
	while IFS='|' read -r seed query expected; do
		case $seed in '#'* | '') continue ;; esac
		seed=$(echo $seed)
		query=$(echo $query)
		expected=$(printf '%s' "$expected" | sed 's/^ *//; s/ *$//' | tr -s ' ')
		# shellcheck disable=SC2086
		case $query in
		chart) set -- chart "$card" ;;
		chart\ *) set -- chart "$card" ${query#chart } ;;
		*) set -- explain "$card" $query ;;
		esac
		"$HEXAID" "$@" >"$tap_tmp/out" 2>"$tap_tmp/err"
		status=$?
		sed 's/^ *//' "$tap_tmp/out" | tr -s ' ' >"$tap_tmp/trimmed"
		case $expected in
		*' ...') match=$(awk -v p="${expected% ...}" 'index($0, p) == 1 { n++ } END { print n + 0 }' "$tap_tmp/trimmed") ;;
		*) match=$(grep -Fxc -- "$expected" "$tap_tmp/trimmed") ;;
		esac
		if [ "$status" -eq 0 ] && [ ! -s "$tap_tmp/err" ] && [ "$match" -eq 1 ]; then
			tap_ok 0 "$card $seed: $query -> $expected"
		else
			tap_ok 1 "$card $seed: $query -> $expected"
			echo "#   exit status $status; $match line(s) matched; the answer:"
			sed 's/^/#   /' "$tap_tmp/out" "$tap_tmp/err"
		fi
	done <"$file"
done
tap_done
