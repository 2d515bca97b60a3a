#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# strace-loop.sh: system calls failed on purpose with strace, as issue 18's probe
# did: a saved game is played with a journal, saved, played on and saved again,
# while the Nth call of one kind (write, fsync, fdatasync, rename, link, openat,
# ftruncate, unlink, flock) fails with an error (EIO, ENOSPC, EPERM, EROFS).
# After each run: hexaid ended by itself (exit 0 or 1, no signal); the save is
# whole (it loads) and is the old one, a save the run reported, or the last; no
# temporary file is left once the game is opened again; and the journal gives back
# the game played, as its last command (show state) showed it. Prints the figures the README quotes.
# Bounded: calls numbered 1 to MAX_WHEN (12) of each kind and error, no more
# than SECONDS_LIMIT in all (300).
#
#   bench/strace-loop.sh [HEXAID]     (default: build/hexaid)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
hexaid=${1:-$top/build/hexaid}
max_when=${MAX_WHEN:-12}
limit=${SECONDS_LIMIT:-300}
demo=$top/data/scenarios/great-war-demo.yaml
command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null ||
	{ echo "bench/strace-loop.sh: needs strace, allowed to trace" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
start=$(date +%s)
export ASAN_OPTIONS=detect_leaks=0

printf 'note first\nsave g.old\n' | "$hexaid" script "$demo" - >/dev/null
printf 'phase next\nphase next\nmove A1 0506\nnote "a ""b"" #c"\nsave\nmove A2 0606\nundo\nredo\nnote last\nsave\nnote after\nshow state\n' >cmds
runs=0 bad=0 fired=0 unstarted=0
for call in write fsync fdatasync rename link openat ftruncate unlink flock; do
	for err in EIO ENOSPC EPERM EROFS; do
		when=1
		while [ "$when" -le "$max_when" ] && [ $(($(date +%s) - start)) -lt "$limit" ]; do
			rm -f g.sav g.sav.* j j.*
			cp g.old g.sav
			strace -f -qq -o trace -e trace="$call" -e inject="$call:error=$err:when=$when" \
				"$hexaid" script --keep-going --journal j g.sav cmds >out 2>err
			st=$?
			# the loader's own calls failed: hexaid never ran (exit 127)
			if [ $st -eq 127 ]; then
				unstarted=$((unstarted + 1))
				when=$((when + 1))
				continue
			fi
			runs=$((runs + 1))
			grep -q "(INJECTED)" trace && fired=$((fired + 1))
			problem=
			case $st in 0 | 1) ;; *) problem="exit $st" ;; esac
			"$hexaid" check g.sav >/dev/null 2>&1 || problem="$problem; the save does not load"
			: | "$hexaid" script g.sav - >/dev/null 2>&1
			ls g.sav.tmp.* j.tmp.* >/dev/null 2>&1 && problem="$problem; a temporary file is left"
			# the game the journal gives back is the game played, as its last
			# command showed it (a command whose journal line failed was taken
			# back, and is in neither)
			shown=$(grep -c '^> ' out)
			sed -n '/^> show state$/,$p' out | tail -n +2 >live.state
			if [ -s j ] && [ -s live.state ]; then
				"$hexaid" recover j -o rec.sav >/dev/null 2>&1
				printf 'show state\n' | "$hexaid" script rec.sav - 2>/dev/null | tail -n +2 >rec.state
				rm -f rec.sav rec.sav.*
				cmp -s rec.state live.state ||
					problem="$problem; the journal gives back another game than the one played"
			fi
			if [ -n "$problem" ]; then
				bad=$((bad + 1))
				echo "$call $err when=$when: $problem (shown $shown)" >&2
			fi
			when=$((when + 1))
		done
	done
done
echo "runs: $runs (a failure injected in $fired; $unstarted more where the loader failed, before hexaid ran); runs with a problem: $bad"
echo "seconds: $(($(date +%s) - start))"
