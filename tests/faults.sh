#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# faults.sh: fault injection (a build configured with --enable-fault-injection).
# Loading a save, saving over one, playing with a journal, a save with a journal
# and recovering a journal are each run again and again, the n-th allocation
# (alloc:n), the n-th file operation (io:n) or the n-th durability step (crash:n,
# the program ends there) failing, for n = 1 up to past the last one. After each:
# the exit status is 0, 1 or, at a crash point, 70 (never a signal, never a
# sanitizer report, so no leak in an ASan build), a failure says one clear line
# naming its cause, the previous save is byte for byte or the new one is whole,
# no temporary file is left but by a crash, and the game a player gets back (the
# save, or `hexaid recover` of the journal) is exactly the old or the new one,
# never less than what was shown.
#
# Each case is played on a tiny card and scenario (written below) and on the
# Great War demo. Every n is tried, but for the allocations of the demo (about
# 3,000 a run): about $HEXAID_FAULT_SAMPLE of them, spread over the range from an
# offset that changes every day (HEXAID_FAULT_SEED repeats one).
# HEXAID_FAULT_SWEEP=full (`make check-faults`) tries every n of every case.
# The cases run side by side, one per processor (HEXAID_FAULT_JOBS).
. "$top_srcdir/tests/tap.sh"

if ! grep -q '^#define HEXAID_FAULT_INJECTION 1' "$top_builddir/config.h" 2>/dev/null; then
	tap_skip "fault injection" "configure was run without --enable-fault-injection"
	tap_done
fi
tap_tmpdir
cd "$tap_tmp" || exit 1
grep -q 'fsanitize=address' "$top_builddir/Makefile" ||
	echo "# not an ASan build: leaks are not checked (configure --enable-sanitizers too)"
# Sanitizer reports get their own exit status, apart from hexaid's 0, 1 and 2.
ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0
UBSAN_OPTIONS=exitcode=87:print_stacktrace=1
HEXAID_PATH=$tap_tmp/path
export ASAN_OPTIONS UBSAN_OPTIONS HEXAID_PATH
unset HEXAID_FAULT HEXAID_FAULT_LOG

sweep=${HEXAID_FAULT_SWEEP:-sample}
sample=${HEXAID_FAULT_SAMPLE:-60}
seed=${HEXAID_FAULT_SEED:-$(date +%j | sed 's/^0*//')}
if [ "$sweep" = full ]; then
	echo "# every point of every case"
else
	echo "# allocations of the demo-sized cases: about $sample points from offset seed $seed"
fi

# ---- the games --------------------------------------------------------------------
mkdir -p path/cards
cat >path/cards/tiny.yaml <<'EOF'
kind: card
schema: 1
id: tiny
title: Tiny
classes:
  foot: { name: Foot, move: 2, dice: { melee: 2 } }
combat_types: [melee]
terrain:
  open: { name: Open, kind: hex, glyph: "." }
EOF
cat >skirmish.yaml <<'EOF'
kind: scenario
schema: 1
id: tiny
title: Tiny
card: tiny
board: { columns: 3, rows: 2 }
map:
  rows:
    - ". . ."
    - ". . ."
sides:
  a: { name: A }
  b: { name: B }
units:
  - { id: A1, side: a, class: foot, hex: "0101", strength: 2 }
  - { id: B1, side: b, class: foot, hex: "0302", strength: 2 }
start: { turn: 1, side: a }
EOF
demo=$top_srcdir/data/scenarios/great-war-demo.yaml

# hexaid with the fault of this point (or none), output in out and err. Each
# point runs hexaid several thousand times in all, so the checks use the shell's
# own commands where they can.
hx() {
	: >log
	HEXAID_FAULT=$fault HEXAID_FAULT_LOG=$PWD/log "$HEXAID" "$@" >out 2>err
	st=$?
}

# hexaid without a fault, as a player would run it afterwards.
clean() {
	"$HEXAID" "$@"
}

# The state a journal gives back, as the save `hexaid recover -o` writes, or
# nothing when it gives back none.
recovered() {
	rm -f rec.sav
	clean recover "$1" -o rec.sav >/dev/null 2>&1 && cat rec.sav
}

# The same, run once for each different journal and the files it may replay
# onto (the save and its first backup): most points leave one of a few.
recovered_once() {
	[ -e "$1" ] || return 0
	key=$(cat "$1" "$3" "$3.bak.1" 2>/dev/null | cksum | tr ' ' -)
	[ -e "seen.$key" ] || recovered "$1" >"seen.$key"
	cat "seen.$key"
}

# Results shown as done (changes, undo, redo; a save is not counted).
shown() {
	grep '"ok":true' out | grep -vc '^{"command":"save'
}

# ---- one point --------------------------------------------------------------------
# Checks common to every case; sets `fired` (the log line of the fault, or empty).
# Each failed check says why in a TAP comment and counts in `bad`.
problem() {
	bad=$((bad + 1))
	echo "$case $fault: $*"
}

check_common() {
	fired=
	read -r fired <log
	case $fired in count*) fired= ;; esac
	case $kind:$st:$fired in
	crash:70:crash*) return 0 ;;
	crash:70:*) problem "exit 70 without a crash point" ;;
	*:0:* | *:1:*) ;;
	*) problem "exit status $st"; sed 's/^/  /' err | head -n 20 ;;
	esac
	case $kind:$st:$fired in
	alloc:1:alloc*)
		line1= line2=
		{ read -r line1; read -r line2; } <err
		case $line2:$line1 in
		:"hexaid: out of memory (asked for "*" bytes)") ;;
		*) problem "out of memory without its one line: $(head -c 300 err)" ;;
		esac ;;
	alloc:0:alloc*) problem "an allocation failed and hexaid went on (exit 0)" ;;
	io:1:io*)
		why=${fired#*: }
		grep -q "$why" err out || problem "$fired: the message does not say '$why'" ;;
	*:1:) problem "exit 1 with no fault: $(head -c 300 err)" ;;
	esac
	if [ "$kind" != crash ]; then
		set -- ./*.tmp.*
		[ ! -e "$1" ] || problem "a temporary file is left: $*"
	fi
}

# ---- the cases ----------------------------------------------------------------
# Each case has setup_CASE (once: the old and new states), prepare_CASE (before
# each point), run_CASE (the command under the fault) and check_CASE.

# load: hexaid check of a saved game (card, scenario and commands replayed).
setup_load() {
	{ cat journal.cmds; echo 'save load.sav'; } | clean script --seed 1 "$game" - >/dev/null
	clean check load.sav >load.out 2>load.err
}
prepare_load() { :; }
run_load() { hx check load.sav; }
check_load() {
	if [ "$st" = 0 ]; then
		cmp -s out load.out && cmp -s err load.err || problem "exit 0 but not the output of a load: $(head -c 300 err)"
	fi
}

# save: a saved game opened, changed and saved over.
setup_save() {
	printf 'note first\nsave old.sav\n' | clean script --seed 1 "$game" - >/dev/null
	cp old.sav s.sav
	{ cat journal.cmds; echo save; } >save.cmds
	clean script --seed 1 s.sav save.cmds >/dev/null
	mv s.sav new.sav
	rm -f s.sav.*
}
prepare_save() {
	rm -f s.sav.*
	cp old.sav s.sav
}
run_save() { hx script --seed 1 --json s.sav save.cmds; }
check_save() {
	if cmp -s s.sav old.sav; then
		[ "$st" = 0 ] && problem "exit 0 and the old save"
	elif cmp -s s.sav new.sav; then
		grep -q 'previous save kept' out && problem "says the previous save is kept, but it is the new one"
	else
		problem "the save is neither the old nor the new one"
	fi
	[ ! -e s.sav.bak.1 ] || cmp -s s.sav.bak.1 old.sav || problem ".bak.1 is not the old save"
	after_crash s.sav
}

# After a crash, the next hexaid on the save cleans what the crash left.
after_crash() {
	[ "$kind" = crash ] && [ "$st" = 70 ] || return 0
	: | clean script "$1" - >/dev/null 2>crash.err ||
		problem "the save does not open after the crash: $(cat crash.err)"
	! ls "$1".tmp.* "$1".lock >/dev/null 2>&1 || problem "leftovers after the next start"
}

# journal: a game played from a scenario with a journal; recover gives back
# what was shown (or, at a crash or a failure after the journal took the line,
# one command more) and exactly that state.
setup_journal() {
	clean script --seed 1 --journal j.clean "$game" journal.cmds >/dev/null
	lines=$(($(wc -l <j.clean) - 1))
	k=0
	while [ $k -le $lines ]; do
		head -n $((k + 1)) j.clean >j.cut
		recovered j.cut >"ref.journal.$k"
		k=$((k + 1))
	done
}
prepare_journal() { rm -f j j.tmp.*; }
run_journal() { hx script --seed 1 --json --journal j "$game" journal.cmds; }
check_journal() { check_recovered j journal; }

# The game `hexaid recover` gives back (from journal $1 in case $2, which may
# replay onto save $3) is ref.CASE.K for K the results shown, or one more; no
# journal only when nothing was shown.
check_recovered() {
	n_shown=$(shown)
	recovered_once "$@" >rec.state
	if [ ! -s rec.state ]; then
		[ "$n_shown" -eq 0 ] || problem "$n_shown results shown, the journal gives back nothing"
		return
	fi
	if cmp -s rec.state "ref.$2.$n_shown"; then
		return
	fi
	if [ "$kind" != io ] && [ -e "ref.$2.$((n_shown + 1))" ] && cmp -s rec.state "ref.$2.$((n_shown + 1))"; then
		return
	fi
	k=0
	while [ -e "ref.$2.$k" ] && ! cmp -s rec.state "ref.$2.$k"; do
		k=$((k + 1))
	done
	problem "$n_shown results shown, the journal gives back the state after ${k} ($(head -n 1 "$1" 2>/dev/null | cut -c1-60))"
}

# savejournal: a saved game played with a journal, saved, played on: the journal
# starts again from the save.
setup_savejournal() {
	printf 'note first\nsave sj.old\n' | clean script --seed 1 "$game" - >/dev/null
	rm -f sj.old.*
	sed '2a save' journal.cmds >sj.cmds
	k=0
	while [ $k -le "$(wc -l <journal.cmds)" ]; do
		cp sj.old sj.sav
		rm -f j.ref
		head -n $k journal.cmds | clean script --seed 1 --journal j.ref sj.sav - >/dev/null
		recovered j.ref >"ref.savejournal.$k"
		k=$((k + 1))
	done
	cp sj.old sj.sav
	clean script --seed 1 sj.sav sj.cmds >/dev/null
	cp sj.sav sj.new
	rm -f sj.sav.* j.ref
}
prepare_savejournal() {
	rm -f sj.sav.* j j.tmp.*
	cp sj.old sj.sav
}
run_savejournal() { hx script --seed 1 --json --journal j sj.sav sj.cmds; }
check_savejournal() {
	cmp -s sj.sav sj.old || cmp -s sj.sav sj.new || problem "the save is neither the old nor the new one"
	check_recovered j savejournal sj.sav
	after_crash sj.sav
}

# recover: hexaid recover -o over an older save.
setup_recover() {
	printf 'note older\nsave r.old\n' | clean script --seed 1 "$game" - >/dev/null
	clean script --seed 1 --journal r.j "$game" journal.cmds >/dev/null
	clean recover r.j -o r.new >/dev/null
	rm -f r.old.* r.new.*
}
prepare_recover() {
	rm -f r.sav r.sav.*
	cp r.old r.sav
}
run_recover() { hx recover r.j -o r.sav; }
check_recover() {
	if cmp -s r.sav r.old; then
		[ "$st" = 0 ] && problem "exit 0 and the old save"
	elif ! cmp -s r.sav r.new; then
		problem "the save is neither the old nor the new one"
	fi
}

# ---- the sweep ----------------------------------------------------------------
# Try KIND for CASE at every n (allocations of a demo-sized case: a sample), then
# n past the last point, which must fail nothing and give the new state. Writes
# TAP comments and a "result BAD DESCRIPTION" line.
sweep_case() {
	case=$1 kind=$2 size=$3
	prepare_$case
	fault=$kind:0
	run_$case
	count=$(sed -n "s/^count .*$kind=\([0-9]*\).*/\1/p" log)
	if [ -z "$count" ] || [ "$st" != 0 ]; then
		echo "result 1 $case ($size), $kind: the run without a fault works and counts (exit $st)"
		return
	fi
	step=1 first=1
	if [ "$sweep" != full ] && [ "$size" = demo ] && [ "$kind" = alloc ] && [ "$count" -gt "$sample" ]; then
		step=$(((count + sample - 1) / sample))
		first=$((seed % step + 1))
	fi
	bad=0 tried=0 n=$first
	while :; do
		prepare_$case
		fault=$kind:$n
		run_$case
		check_common
		check_$case
		[ $n -gt "$count" ] && break
		[ -n "$fired" ] || problem "the fault did not fire"
		tried=$((tried + 1))
		if [ $n -eq "$count" ]; then
			n=$((count + 1))
		elif [ $((n + step)) -gt "$count" ]; then
			n=$count
		else
			n=$((n + step))
		fi
	done
	[ -z "$fired" ] && [ "$st" = 0 ] || problem "past the last point ($n): exit $st, $fired"
	what="every one"
	[ "$step" -gt 1 ] && what="one in $step from $first, and the last"
	echo "points $tried"
	echo "result $bad $case ($size), $kind: $tried of $count points ($what) and one past, no loss"
}

# One size and case, every kind, in a directory of its own.
run_item() {
	size=$1 case=$2
	mkdir "$size-$case" && cd "$size-$case" || exit 1
	if [ $size = tiny ]; then
		game=$tap_tmp/skirmish.yaml
		# a move, a note, undo and redo
		printf 'move A1 0201\nnote a note\nundo\nredo\nmove A1 0301\n' >journal.cmds
	else
		game=$demo
		# phases, a move, a note, undo and redo, and a battle with dice hexaid rolls
		printf 'phase next\nphase next\nmove A1 0506\nnote a note\nundo\nredo\nphase next\nunit set A4 hex=0906\nunit set C4 hex=0904\nfire A4 C4\n' >journal.cmds
	fi
	setup_$case
	for kind in alloc io crash; do
		[ $case = load ] && [ $kind = crash ] && continue
		sweep_case $case $kind $size
	done
}

# The items share out among the processors, each in the background writing its
# own report; the reports are then read in order.
jobs=${HEXAID_FAULT_JOBS:-$(nproc 2>/dev/null || echo 1)}
items=
for size in ${HEXAID_FAULT_SIZES:-tiny demo}; do
	for case in ${HEXAID_FAULT_CASES:-load save journal savejournal recover}; do
		items="$items $size:$case"
	done
done
w=0
while [ $w -lt "$jobs" ]; do
	(
		i=0
		for item in $items; do
			if [ $((i % jobs)) -eq $w ]; then
				(run_item "${item%%:*}" "${item#*:}") >"report.$i" 2>&1
			fi
			i=$((i + 1))
		done
	) &
	w=$((w + 1))
done
wait
total_points=0
i=0
for item in $items; do
	while read -r word rest; do
		case $word in
		points) total_points=$((total_points + rest)) ;;
		result) tap_is "${rest%% *}" 0 "${rest#* }" ;;
		*) echo "# $word $rest" ;;
		esac
	done <"report.$i"
	i=$((i + 1))
done
echo "# $total_points fault-injection points tried"
tap_done
