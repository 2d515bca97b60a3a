#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# run.sh: what `make bench` runs (bench/README.md). Generates the benchmark
# scenarios into a temporary directory (100x100 and 200x200 boards, from the
# napoleonic-tec card, whose terrain has hexsides, paths, conditions and levels,
# and from the great-war card, which has tokens and terrain and units that block
# line of sight), checks them with hexaid, then prints hexaid-bench's table.
#
#   make bench [BENCH_RUNS=N] [BENCH_ONLY=PART,...]   (N runs per median, default 21;
#                                      parts: cards, odds, maps, tui, record, history,
#                                      campaign)
#   bench/run.sh                       (from a build in ./build)
set -eu
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir/build}
runs=${BENCH_RUNS:-21}
hexaid=$top_builddir/hexaid
gen=$top_builddir/bench/gen-scenario
long=$top_builddir/bench/gen-long-game
cards=$top_srcdir/data/cards

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name card columns rows units
scenario() {
	"$gen" "$cards/$2.yaml" "$3" "$4" "$5" >"$tmp/$1.yaml"
	"$hexaid" check "$tmp/$1.yaml" >/dev/null
	printf '%s: %s %sx%s, %s units, %s KiB (a scenario may hold 1024 KiB)\n' "$1.yaml" "$2" \
		"$3" "$4" "$5" "$(( $(wc -c <"$tmp/$1.yaml") / 1024 ))"
}

scenario tec-100 napoleonic-tec 100 100 200
scenario tec-200 napoleonic-tec 200 200 400
scenario gw-100 great-war 100 100 200
scenario gw-200 great-war 200 200 400
scenario hist-30 napoleonic-tec 30 20 60
# issue 32's battle-heavy campaign, and the same game filled to the save's cap
case ",${BENCH_ONLY:-campaign}," in
*,campaign,*)
	"$long" "$tmp/hist-30.yaml" 100000 "$tmp/campaign.sav" "$tmp/campaign-cap.sav"
	campaign="--campaign $tmp/campaign.sav --campaign-cap $tmp/campaign-cap.sav" ;;
*) campaign= ;;
esac
echo

"$top_builddir/bench/hexaid-bench" --runs "$runs" ${BENCH_ONLY:+--only "$BENCH_ONLY"} \
	--hexaid "$hexaid" --cards "$cards" --scratch "$tmp" --history "$tmp/hist-30.yaml" $campaign \
	"$tmp/tec-100.yaml" "$tmp/tec-200.yaml" "$tmp/gw-100.yaml" "$tmp/gw-200.yaml"
