#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# smoke.sh: runs each libFuzzer harness for a bounded time (under ASan and UBSan,
# as the --enable-fuzz build compiles everything) and prints one line each:
#
#   sh smoke.sh SECONDS NAME...      (from the build directory of an --enable-fuzz build)
#
# Seeds come from fuzz/seeds.sh into fuzz/seeds/; what a harness learns is kept
# in fuzz/corpus/NAME/ for the next run; a crash, leak or timeout leaves its input
# in fuzz/crashes/ and fails the run. Needs top_srcdir and HEXAID.
set -u
: "${top_srcdir:?top_srcdir must name the source tree}"
seconds=$1
shift
mkdir -p fuzz/crashes fuzz/logs
if [ ! -d fuzz/seeds/dice ]; then
	sh "$top_srcdir/fuzz/seeds.sh" fuzz/seeds || exit 1
fi
failed=0
total_runs=0
for name in "$@"; do
	mkdir -p "fuzz/corpus/$name"
	log=fuzz/logs/$name.log
	# -max_len: the largest seed (a card) fits; -timeout: a slow input is a bug too
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
		"./fuzz/fuzz-$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 -artifact_prefix="fuzz/crashes/$name-" \
		"fuzz/corpus/$name" "fuzz/seeds/$name" >"$log" 2>&1
	st=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
	corpus=$(find "fuzz/corpus/$name" -type f | wc -l)
	if [ "$st" -eq 0 ] && ! grep -q '^==[0-9]*==ERROR\|runtime error' "$log"; then
		printf 'fuzz-%s: %s runs in %s s, %s edges, corpus %s: no crash\n' \
			"$name" "${runs:-?}" "$seconds" "${cov:-?}" "$corpus"
	else
		failed=$((failed + 1))
		printf 'fuzz-%s: FAILED (exit %s) after %s runs; log %s\n' "$name" "$st" \
			"${runs:-?}" "$log"
		grep -E 'ERROR|runtime error|Test unit written|SUMMARY' "$log" | head -n 5 | sed 's/^/  /'
		echo "  fix it, then copy the input into $top_srcdir/fuzz/regress/$name/"
	fi
	total_runs=$((total_runs + ${runs:-0}))
done
printf 'fuzz-smoke: %d harness(es), %s s each, %d runs, %d failed\n' "$#" "$seconds" \
	"$total_runs" "$failed"
[ "$failed" -eq 0 ]
