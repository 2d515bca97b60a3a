#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hostile.sh: how fast, and in how much memory, `hexaid check` rejects each file of
# the hostile corpus. Prints the median wall time of 5 runs (process start included) and the peak resident
# memory of each, against the budgets (100 ms, 64 MiB).
#
#   bench/hostile.sh [HEXAID]     (default: build/hexaid)
# Needs /usr/bin/time (Debian package `time`).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
hexaid=${1:-$top/build/hexaid}
[ -x /usr/bin/time ] || { echo "bench/hostile.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
. "$top/tests/hostile-corpus.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
hostile_corpus "$tmp/corpus"

printf '%-22s %10s %10s %8s\n' file median_ms peak_KiB verdict
tab=$(printf '\t')
while IFS=$tab read -r file message; do
	case $file in /*) path=$file ;; *) path=$tmp/corpus/$file ;; esac
	: >"$tmp/runs"
	for _ in 1 2 3 4 5; do
		t0=$(date +%s%N)
		/usr/bin/time -f '%M' -o "$tmp/t" "$hexaid" check "$path" >/dev/null 2>&1 || true
		t1=$(date +%s%N)
		echo "$(( (t1 - t0) / 1000 )) $(tail -n 1 "$tmp/t")" >>"$tmp/runs"
	done
	us=$(sort -n "$tmp/runs" | awk 'NR == 3 { print $1 }')
	ms=$(awk -v us="$us" 'BEGIN { printf "%.1f", us / 1000 }')
	kib=$(sort -k2 -n "$tmp/runs" | awk 'END { print $2 }')
	verdict=ok
	[ "$us" -lt 100000 ] && [ "$kib" -lt 65536 ] || verdict=OVER
	printf '%-22s %10s %10s %8s\n' "$(basename "$file")" "$ms" "$kib" "$verdict"
done <"$tmp/corpus/EXPECT"
