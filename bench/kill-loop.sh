#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# kill-loop.sh: hexaid killed with SIGKILL at random moments, as issue 18's probe
# did: journaled scripts (is every command whose result was printed recovered,
# and at most one more?) and saves made again and again (is the save on disk
# always whole, and does the next start leave no temporary file?). Prints the
# figures the README's Reliability section quotes. Bounded: RUNS of each (200),
# and no more than SECONDS in all (240).
#
#   bench/kill-loop.sh [HEXAID]     (default: build/hexaid)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
hexaid=${1:-$top/build/hexaid}
runs=${RUNS:-200}
limit=${SECONDS_LIMIT:-240}
demo=$top/data/scenarios/great-war-demo.yaml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
start=$(date +%s)
in_time() { [ $(($(date +%s) - start)) -lt "$limit" ]; }
# a number from 0 to $1 - 1, different each run (awk's rand, seeded by the clock)
rnd() { awk -v n="$1" -v s="$2" 'BEGIN { srand(s); print int(rand() * n) }'; }

i=0
: >long
while [ $i -lt 400 ]; do
	printf 'token add 0505 wire\nnote "a ""quoted"" # note %s"\ntoken remove 0505 wire\n' $i >>long
	i=$((i + 1))
done
# --- journaled scripts ---------------------------------------------------------------
n=0 lost=0 extra=0 failed=0
while [ $n -lt "$runs" ] && in_time; do
	rm -f j j.*
	: >out
	"$hexaid" script --journal j "$demo" long >out 2>&1 &
	pid=$!
	want=$(rnd 1100 "$n$$")
	while [ "$(grep -c '^> ' out)" -lt "$want" ] && kill -0 $pid 2>/dev/null; do :; done
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	# results printed: the lines after each "> " echo that are not errors
	printed=$(grep -c -e '^wire placed in 0505$' -e '^note: ' -e '^wire taken from 0505$' out)
	rec=$("$hexaid" recover j 2>/dev/null | sed -n 's/^recovered \([0-9]*\) of .*/\1/p')
	[ -z "$rec" ] && [ "$printed" -eq 0 ] && rec=0
	if [ -z "$rec" ]; then
		failed=$((failed + 1))
	elif [ "$rec" -lt "$printed" ]; then
		lost=$((lost + 1))
		echo "run $n: printed $printed, recovered $rec" >&2
	elif [ "$rec" -gt $((printed + 1)) ]; then
		extra=$((extra + 1))
	fi
	n=$((n + 1))
done
echo "journaled scripts killed: $n; printed commands lost: $lost; more than one extra: $extra; unrecoverable: $failed"

# --- saves -------------------------------------------------------------------------
printf 'note first\nsave s.sav\n' | "$hexaid" script "$demo" - >/dev/null
i=0
: >saves
while [ $i -lt 60 ]; do
	printf 'note "save %s"\nsave\n' $i >>saves
	i=$((i + 1))
done
n=0 torn=0 leftovers=0
while [ $n -lt "$runs" ] && in_time; do
	"$hexaid" script s.sav saves >/dev/null 2>&1 &
	pid=$!
	want=$(rnd 250000 "$n$$")
	# a busy wait of a random length, then the kill
	k=0
	while [ $k -lt "$want" ]; do k=$((k + 1)); done
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	"$hexaid" check s.sav >/dev/null 2>&1 || { torn=$((torn + 1)); echo "run $n: the save does not load" >&2; }
	: | "$hexaid" script s.sav - >/dev/null 2>&1
	ls s.sav.tmp.* s.sav.lock >/dev/null 2>&1 && leftovers=$((leftovers + 1))
	n=$((n + 1))
done
echo "saves killed: $n; torn or unloadable saves: $torn; leftovers after the next start: $leftovers"
echo "seconds: $(($(date +%s) - start))"
