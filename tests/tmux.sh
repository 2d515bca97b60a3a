# tmux.sh: the private tmux server that the terminal-interface tests (tui.sh,
# SPDX-License-Identifier: GPL-3.0-or-later
# soak.sh) run hexaid in; source it after tap.sh, with tmux_test naming the test
# and, if wanted, poll (seconds between looks, 0.05) and limit (looks, 200) set.
# (limit defaults to $TUI_TEST_WAIT, else 200.)
# It skips the test when tmux is missing; makes $tap_tmp with tmux/ and data/; a
# server on its own socket ($sock, killed at exit); and env_base, the environment
# hexaid runs with (games and journals under $tap_tmp, never the source tree).
#
#   T ARGS...            tmux on that server
#   screen, keys ARGS    the screen of session $sess / keys sent to it
#   poll_until CMD...    run CMD until it succeeds, every $poll seconds
#   wait_for TEXT        poll until the screen holds TEXT (a fixed string)
#   wait_gone TEXT       poll until it no longer does
#   wait_re REGEX        poll until a line of the screen matches the extended regex
# Each returns 1 after $limit looks; nothing sleeps a fixed time instead.
#
#   start NAME W H [VAR=VALUE...] -- [ARG...]   hexaid in a new session NAME, W x H
#   pid_of NAME, wait_status NAME               its pid; its exit status once ended
#   check DESC TEXT, check_gone DESC TEXT       a TAP line for TEXT appearing / going
#   check_status DESC TEXT                      ... for TEXT in the last two lines
#   check_hint DESC KEY                         ... for KEY offered on the status line
#   check_no_hint DESC KEY                      ... for KEY not offered (no wait)
#   command_line TEXT, quit_game NAME, kill_session NAME   type at ':', q, kill -9
#
# and for the play tests: $scenarios (the shipped scenarios), go UNIT,
# select_here UNIT, phase NAME, quit_game NAME.
if ! command -v tmux >/dev/null 2>&1; then
	tap_skip "$tmux_test" "tmux is not installed (./bootstrap check installs it)"
	tap_done
fi

poll=${poll:-0.05}
limit=${limit:-${TUI_TEST_WAIT:-200}}
scenarios="$top_srcdir/data/scenarios"
tap_tmpdir
mkdir -p "$tap_tmp/tmux" "$tap_tmp/data"
TMUX_TMPDIR=$tap_tmp/tmux
export TMUX_TMPDIR
unset TMUX TMUX_PANE
sock=hexaid-test-$$
trap 'tmux -L "$sock" kill-server >/dev/null 2>&1; rm -rf "$tap_tmp"' EXIT
# ncurses' panel library keeps 32 bytes to the end (see tests/lsan.supp)
lsan="LSAN_OPTIONS=suppressions=$top_srcdir/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
env_base="XDG_DATA_HOME=$tap_tmp/data XDG_STATE_HOME=$tap_tmp/state HOME=$tap_tmp LC_ALL=C.UTF-8 TERM=screen $lsan"
sess=${sess:-}

T() { tmux -L "$sock" -f /dev/null "$@"; }
screen() { T capture-pane -p -t "$sess"; }
keys() { T send-keys -t "$sess" "$@"; }

# The one polling loop of the tests: CMD (a command and its arguments) is run
# until it succeeds, at most $limit times, $poll seconds apart.
poll_until() {
	polled=0
	while [ $polled -lt "$limit" ]; do
		"$@" && return 0
		sleep "$poll"
		polled=$((polled + 1))
	done
	echo "# poll_until gave up after $limit looks: $*"
	return 1
}

screen_has() { screen 2>/dev/null | grep -qF -- "$1"; }
screen_lacks() { ! screen_has "$1"; }
screen_matches() { screen 2>/dev/null | grep -qE -- "$1"; }

wait_for() { poll_until screen_has "$1"; }
wait_gone() { poll_until screen_lacks "$1"; }
wait_re() { poll_until screen_matches "$1"; }

# start NAME WIDTH HEIGHT [VAR=VALUE...] -- [HEXAID ARGUMENT...]: hexaid in a new
# session, through a shell that writes its pid to $tap_tmp/NAME.pid and, when it
# ends, its exit status to $tap_tmp/NAME.status. (A non-interactive shell gives a
# command run with & /dev/null for input: it reads the terminal by name.)
start() {
	name=$1 w=$2 h=$3
	shift 3
	vars=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		vars="$vars $1"
		shift
	done
	[ "${1:-}" = -- ] && shift
	rm -f "$tap_tmp/$name.status" "$tap_tmp/$name.pid"
	T new-session -d -s "$name" -x "$w" -y "$h" "sh -c 'env $env_base $vars $HEXAID $* \
</dev/tty & echo \$! >$tap_tmp/$name.pid; wait \$!; echo \$? >$tap_tmp/$name.status; \
sleep 600'"
	sess=$name
}

pid_of() {
	poll_until test -s "$tap_tmp/$1.pid"
	cat "$tap_tmp/$1.pid"
}

# wait_status NAME: poll until hexaid in session NAME has ended; print its status.
wait_status() {
	if poll_until test -s "$tap_tmp/$1.status"; then
		cat "$tap_tmp/$1.status"
	else
		echo timeout
	fi
}

status_has() { screen 2>/dev/null | tail -n 2 | grep -qF -- "$1"; }

# check_status DESCRIPTION TEXT: TEXT in the status and message lines (the last two).
check_status() {
	if poll_until status_has "$2"; then
		tap_ok 0 "$1"
	else
		tap_ok 1 "$1"
		echo "#   waited for, in the last two lines: $2"
		screen | sed 's/^/#   | /'
	fi
}

# hint_shown KEY: the status line (the last but one) offers KEY, whole
# ("v:retreat") or cut to the key ("v"), between runs of two blanks.
hint_shown() {
	screen 2>/dev/null | tail -n 2 | head -n 1 |
		grep -qE -- "  $(printf '%s' "$1" | sed 's/[][\\.*^$?+(){}|]/\\&/g')(:[a-z][a-z ]*)?(  | *$)"
}

# check_hint DESCRIPTION KEY: a TAP line for KEY offered on the status line.
check_hint() {
	if poll_until hint_shown "$2"; then
		tap_ok 0 "$1"
	else
		tap_ok 1 "$1"
		echo "#   waited for the hint: $2"
		screen | sed 's/^/#   | /'
	fi
}

# check_no_hint DESCRIPTION KEY: a TAP line for KEY not offered on the status
# line. It looks once: call it when the screen already shows the state asked
# about (a check of what the same redraw puts there first).
check_no_hint() {
	if hint_shown "$2"; then
		tap_ok 1 "$1"
		echo "#   the status line offers: $2"
		screen | sed 's/^/#   | /'
	else
		tap_ok 0 "$1"
	fi
}

# check DESCRIPTION TEXT: a TAP line for TEXT appearing; the screen on failure.
check() {
	if wait_for "$2"; then
		tap_ok 0 "$1"
	else
		tap_ok 1 "$1"
		echo "#   waited for: $2"
		screen | sed 's/^/#   | /'
	fi
}

check_gone() {
	if wait_gone "$2"; then
		tap_ok 0 "$1"
	else
		tap_ok 1 "$1"
		echo "#   waited for this to go: $2"
		screen | sed 's/^/#   | /'
	fi
}

# --- playing: helpers the play tests share ---------------------------------------

# go UNIT: the cursor on a unit ('/' and its id), the unit pane showing it.
go() {
	keys /
	wait_for "Go to" || return 1
	keys -l "$1"
	keys Enter
	wait_for "Unit $1 "
}

# select_here ID: Enter on the unit at the cursor selects it ($sel_id).
select_here() {
	sel_id=$1
	check_status "Enter's hint on $1: select" "Enter:select"
	keys Enter
	check "$1 selected" "$1 selected"
}

# phase TEXT: p, and the status line says the phase ("phase: Move", or at
# 80 columns with many hints "..., Move").
phase_shown() {
	screen 2>/dev/null | tail -n 2 | head -n 1 | grep -qE -- "(phase: |, )$1( |;|\$)"
}
phase() {
	keys p
	if poll_until phase_shown "$1"; then
		tap_ok 0 "p: on to the phase $1"
	else
		tap_ok 1 "p: on to the phase $1"
		screen | sed 's/^/#   | /'
	fi
}

# asked_or_ended NAME: hexaid in session NAME asks about unsaved changes, or has ended.
asked_or_ended() { screen_has "The game has unsaved changes" || test -s "$tap_tmp/$1.status"; }

# quit_game NAME: q, and n when it asks about unsaved changes (it does not when
# there are none: waiting for the question then would wait out the limit); the
# session ended.
quit_game() {
	keys q
	poll_until asked_or_ended "$1"
	if screen_has "The game has unsaved changes"; then keys n; fi
	wait_status "$1" >/dev/null
	T kill-session -t "$1" 2>/dev/null
}

# kill_session NAME: hexaid killed -9 in session NAME, the session gone.
kill_session() {
	kill -KILL "$(pid_of "$1")"
	wait_status "$1" >/dev/null
	T kill-session -t "$1" 2>/dev/null
}

# command_line TEXT: TEXT typed at the ':' prompt, and the prompt gone.
command_line() {
	keys :
	wait_for "A command, as hexaid script takes it" || return 1
	keys -l "$1"
	keys Enter
	wait_gone "A command, as hexaid script takes it"
}
