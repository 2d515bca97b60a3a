#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# soak.sh: an evening at the table, compressed. The real hexaid runs on the Great
# War demo in tmux (as tests/tui.sh runs it) for SOAK_ROUNDS rounds. Each round
# sends a burst of keys (the cursor about the map, selecting, the panes focused,
# zoomed and scrolled, the legend shown and hidden), then a command or two at the
# ':' prompt that change the game (a unit moved and moved back, hits taken and
# undone, the phase and the turn moved on) and a note naming the round, and waits
# until that note is on the screen. Every 25 rounds the terminal is resized; every
# 50 the game is saved. hexaid's resident memory is read from /proc after each
# save and at the end.
#
# At the end: hexaid still runs and quits with status 0; its memory after the
# warm-up (the first fifth of the rounds) grew by no more than what the game keeps
# for the commands made since (each is in the log and the list a save writes: less
# than SOAK_BYTES_PER_COMMAND, 1024, a command, with 512 KiB to spare); and the
# journal, replayed by `hexaid recover` onto the last save, gives the same game as
# the one on the screen, saved at the end (`show state` and the map, compared).
# Under the sanitizers any report ends hexaid, which fails the checks.
#
#   make soak                        (SOAK_ROUNDS=5000)
#   make check TESTS=tests/soak.sh   (SOAK_ROUNDS=200 unless set; part of make check)
. "$top_srcdir/tests/tap.sh"

rounds=${SOAK_ROUNDS:-200}
save_every=50
per_command_limit=${SOAK_BYTES_PER_COMMAND:-1024}
tmux_test="the soak test in tmux"
poll=0.01
limit=${TUI_TEST_WAIT:-2000}    # polls of 0.01 s: 20 s
sess=soak
. "$top_srcdir/tests/tmux.sh"
demo="$top_srcdir/data/scenarios/great-war-demo.yaml"
save="$tap_tmp/evening.sav"

# A command typed at the ':' prompt (tests/tmux.sh), then C-l, which closes the
# window an answer of more than one line opens (any key does, and is taken by it)
# and otherwise redraws the screen.
typed() { command_line "$1" && keys C-l; }

alive() { kill -0 "$pid" 2>/dev/null; }

rss_kib() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status"; }

T new-session -d -s soak -x 100 -y 30 "sh -c 'env $env_base $HEXAID $demo \
</dev/tty & echo \$! >$tap_tmp/pid; wait \$!; echo \$? >$tap_tmp/status; sleep 600'"
wait_for "Map: No Man's Land (demo)"
tap_ok $? "hexaid starts on the demo"
pid=$(cat "$tap_tmp/pid")

# The burst of keys of a round: about the map and back, the panes and the legend.
burst="l l l j j s h h h k k s Tab Tab Tab Tab z z [ [ ] ] i i y n u b Tab z z Tab"
nburst=$(echo $burst | wc -w)
sizes="120x40 80x24 160x48 100x30"
nkeys=0 ncommands=0 failed_round= warm_rss= warm_commands=0 last_rss= r=1

while [ $r -le "$rounds" ]; do
	# shellcheck disable=SC2086 # the burst is a list of key names
	keys $burst
	nkeys=$((nkeys + nburst))
	case $((r % 20)) in
	1) typed "unit set A1 hex=0506" ;;
	3) typed "hit C2 1" && typed "undo" ;;
	5) typed "phase next" ;;
	11) typed "unit set A1 hex=0507" ;;
	13) typed "hit C3 1" && typed "undo" && typed "redo" &&
		typed "undo" ;;
	19) typed "turn end" ;;
	esac
	case $((r % 20)) in
	1 | 5 | 11 | 19) ncommands=$((ncommands + 1)) ;;
	3) ncommands=$((ncommands + 2)) ;;
	13) ncommands=$((ncommands + 4)) ;;
	esac
	typed "note soak round $r"
	ncommands=$((ncommands + 1))
	if ! wait_for "soak round $r" || ! alive; then
		failed_round=$r
		break
	fi
	if [ $((r % 25)) -eq 0 ]; then
		set -- $sizes
		shift $(((r / 25) % 4))
		size=${1:-120x40}
		T resize-window -t soak -x "${size%x*}" -y "${size#*x}"
	fi
	if [ $((r % save_every)) -eq 0 ] && [ "$r" -lt "$rounds" ]; then
		typed "save $save"
		ncommands=$((ncommands + 1))
		if ! wait_for "saved to" || ! alive; then
			failed_round=$r
			break
		fi
		last_rss=$(rss_kib)
		if [ -z "$warm_rss" ] && [ "$r" -ge $((rounds / 5)) ]; then
			warm_rss=$last_rss
			warm_commands=$ncommands
		fi
	fi
	r=$((r + 1))
done
alive && last_rss=$(rss_kib)
tap_is "${failed_round:-none}" none \
	"$rounds rounds: $nkeys keys and $ncommands commands answered (the round's note on the screen)"
alive
tap_ok $? "hexaid still runs"

# The journal since the last save, copied now (each command is in it before it is
# shown), replayed onto that save; then the game on the screen saved and compared.
# (a game started from a scenario keeps its journal under $XDG_STATE_HOME, whatever
# it is saved as; a game opened from a save keeps it beside the save)
for journal in "$tap_tmp"/state/hexaid/journals/*.journal "$save.journal"; do
	test -f "$journal" && cp "$journal" "$tap_tmp/evening.journal" && break
done
typed "save $tap_tmp/live.sav"
wait_for "saved to $tap_tmp/live.sav"
tap_ok $? "the game on the screen is saved"
keys q
i=0
while [ ! -s "$tap_tmp/status" ] && [ $i -lt "$limit" ]; do
	sleep 0.05
	i=$((i + 1))
done
tap_is "$(cat "$tap_tmp/status" 2>/dev/null)" 0 "hexaid quits with status 0 (no sanitizer report)"

"$HEXAID" recover "$tap_tmp/evening.journal" -o "$tap_tmp/replayed.sav" >"$tap_tmp/recover.out" 2>&1
tap_ok $? "the journal of the evening replays ($(head -n 1 "$tap_tmp/recover.out"))"
printf 'show state\n' | "$HEXAID" script "$tap_tmp/live.sav" - | sed '1d' >"$tap_tmp/live.state"
printf 'show state\n' | "$HEXAID" script "$tap_tmp/replayed.sav" - | sed '1d' >"$tap_tmp/replayed.state"
test -s "$tap_tmp/live.state" && cmp -s "$tap_tmp/live.state" "$tap_tmp/replayed.state"
tap_ok $? "the replayed journal and the live game: the same state"
diff "$tap_tmp/live.state" "$tap_tmp/replayed.state" | sed 's/^/# /'
"$HEXAID" render --legend "$tap_tmp/live.sav" >"$tap_tmp/live.map"
"$HEXAID" render --legend "$tap_tmp/replayed.sav" >"$tap_tmp/replayed.map"
cmp -s "$tap_tmp/live.map" "$tap_tmp/replayed.map"
tap_ok $? "and the same map"

if [ "${HEXAID_SANITIZED:-no}" = yes ] || [ -n "${HEXAID_CHECK_WRAP:-}" ]; then
	tap_skip "memory after the warm-up" \
		"under the sanitizers or valgrind their own bookkeeping grows; make soak measures a plain build"
elif [ -n "$warm_rss" ] && [ -n "$last_rss" ]; then
	grew=$((last_rss - warm_rss))
	made=$((ncommands - warm_commands))
	test $((grew * 1024)) -lt $((made * per_command_limit + 512 * 1024))
	tap_ok $? "memory after the warm-up: $warm_rss KiB, at the end $last_rss KiB: $grew KiB \
for $made commands kept in the log (less than $per_command_limit bytes a command, and 512 KiB)"
else
	tap_ok 1 "memory read after the warm-up and at the end"
fi
tap_done
