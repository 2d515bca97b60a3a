#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-walk.sh: no key a hint advertises is refused (issue 28). For each of the
# five demos, one tmux session at 80x24 (the five at once) walks every phase
# of one whole turn, both sides, and in each phase presses every key the
# status line shows, as read from the screen: the keys that settle what is
# owed, ? and F10 (once a demo: they are the same in every phase), then, with
# one of the acting side's units selected (the nearest to an enemy first, at
# most two tried), > and the battle's keys (e, o, Enter's roll) or Enter's
# move to a neighbouring hex, Esc, and last p or T. After each press the
# message line must not hold an error. q (quit) is the one hint not pressed:
# it ends the walk.
. "$top_srcdir/tests/tap.sh"

tmux_test="the phase walk in tmux"
poll=0.02
limit=${TUI_TEST_WAIT:-500}     # polls of 0.02 s: 10 s
. "$top_srcdir/tests/tmux.sh"

# The screen is looked at (captured) as seldom as may be: once a change is
# seen and once more to see it settled; what is read of it is read from $scr.
scr=
look() { scr=$(screen); parsed=false; }
has() { case $scr in *"$1"*) return 0 ;; esac; return 1; }

# parse: the status line and the message line of $scr (its last two), and the
# keys the status line shows ($hint_list, one a line: "Enter:select" ->
# Enter, "p" -> p): its pieces between runs of two blanks, from the right,
# while they are hints (a key and its word, or a key of up to three
# characters). In the shell itself: it is asked after every key.
nl='
'
parse() {
	$parsed && return
	set -f
	old_ifs=$IFS IFS=$nl
	# shellcheck disable=SC2086
	set -- $scr
	IFS=$old_ifs
	set +f
	status= message=
	while [ $# -gt 2 ]; do shift; done
	status=${1:-} message=${2:-}
	# a blank message line is not in $scr (the shell drops it)
	case $message in " turn "*) status=$message message= ;; esac
	rest=$status hint_list=$nl
	while :; do
		case $rest in *"  "*) ;; *) break ;; esac
		piece=${rest##*  }
		rest=${rest%"$piece"}
		rest=${rest%"${rest##*[! ]}"}
		key=${piece%%:*}
		case $key in *" "* | "") break ;; esac
		if [ "$key" != "$piece" ]; then
			case ${piece#*:} in [a-z]*) ;; *) break ;; esac
		elif [ ${#piece} -gt 3 ]; then
			break
		fi
		hint_list=$nl$key$hint_list
	done
	parsed=true
}
status_line() { parse; printf '%s\n' "$status"; }
message() { parse; printf '%s\n' "$message"; }
hinted() { parse; case $hint_list in *"$nl$1$nl"*) return 0 ;; esac; return 1; }
hint_text() { parse; case $status in *"$1"*) return 0 ;; esac; return 1; }

# after KEY [TEXT]: KEY sent, then the screen looked at until it holds TEXT
# (else until it changed), and again until it is the same twice running (a
# redraw not caught half-way).
new_screen() {
	prev=$scr
	look
	if [ -n "$want" ]; then has "$want"; else [ "$scr" != "$before" ]; fi
}
steady() {
	prev=$scr
	look
	[ "$scr" = "$prev" ]
}
after() {
	before=$scr want=${2:-}
	keys "$1"
	poll_until new_screen || return 1
	poll_until steady
}

# press DESC KEY [TEXT]: after KEY [TEXT], and no error on the message line.
press() {
	after "$2" "${3:-}"
	got=$?
	parse
	case $message in error:*) got=1 ;; esac
	tap_ok "$got" "$demo, $where: $1"
	if [ "$got" -ne 0 ]; then
		[ -n "${3:-}" ] && echo "#   waited for: $3"
		printf '%s\n' "$scr" | sed 's/^/#   | /'
	fi
}

# goto ID: the cursor on unit ID ('/', its id and Enter, typed ahead).
goto() {
	before=$scr want="Unit $1 "
	T send-keys -t "$sess" / \; send-keys -t "$sess" -l "$1" \; send-keys -t "$sess" Enter
	poll_until new_screen && poll_until steady
}

# key_of HINT: its tmux key name.
key_of() {
	case $1 in
	Esc) echo Escape ;;
	*) echo "$1" ;;
	esac
}

# owed_keys: each key that settles something owed, pressed, what it opens
# closed again (Esc), then N gives it all up: the walk goes on.
owed_keys() {
	for k in Y v B; do
		if hinted "$k"; then
			press "$k, advertised, is taken" "$k"
			after Escape
		fi
	done
	if hinted N; then
		press "N, advertised, skips what is owed" N
	fi
}

# screen_keys: ? and F10 when shown, each closed with Esc.
screen_keys() {
	if hinted '?'; then
		press "? shows the keys" '?' "Keys (q or Esc closes)"
		after Escape
	fi
	if hinted F10; then
		press "F10 opens the menus" F10 "Left/Right: menus"
		after Escape
	fi
}

# battle_keys ID: with a battle set up (>), e and o open their prompts (Esc
# closes them), Enter rolls when it says so; the result applied (Y).
battle_keys() {
	if hinted e; then
		press "e asks for the dice ($1)" e "Enter the dice"
		after Escape
	fi
	if hinted o; then
		press "o asks for the battle's words ($1)" o
		after Escape
	fi
	for k in r Enter; do
		hinted "$k" || continue
		press "$k rolls $1's battle" "$k"
		if has "Apply the result?"; then
			after Y
		fi
		break
	done
}

# try_move ID: a neighbouring hex where Enter says move, and Enter moves ID;
# false when none of the six is one. (A step off the board changes nothing on
# the screen: that one is given up after 20 looks, not the whole limit.)
try_move() {
	for d in l:h h:l u:b y:n n:y b:u; do
		whole=$limit limit=20
		after "${d%:*}" >/dev/null
		moved=$?
		limit=$whole
		[ $moved -eq 0 ] || continue
		if hinted Enter && hint_text "Enter:move"; then
			press "Enter moves $1" Enter "$1 moves"
			return 0
		fi
		after "${d#*:}"
	done
	return 1
}

# unit_keys: up to two of the acting side's units, the nearest to an enemy
# first: selected, then > and the battle's keys, or a move; Esc.
unit_keys() {
	tried=0
	for id in $(units_of "$1"); do
		[ $tried -lt 2 ] || break
		tried=$((tried + 1))
		goto "$id" || continue
		hinted Enter || continue
		press "Enter selects $id" Enter "$id selected"
		done_one=false
		if hinted '>'; then
			press "> sets up a battle for $id" '>' "Dice: battle $id "
			battle_keys "$id"
			done_one=true
		elif has "$id can reach " && ! has "$id can reach 0 "; then
			try_move "$id" && done_one=true
		fi
		if hinted Esc; then
			press "Esc ($id)" Escape
		fi
		if $done_one; then
			return 0
		fi
	done
}

# units_of SIDE: the units of SIDE (the scenario's side id), the nearest to an
# enemy first (by the offsets' difference, which is enough to order them).
units_of() {
	awk -v side="$1" '
	/^  - \{ id: / {
		id = $0; sub(/.*id: /, "", id); sub(/,.*/, "", id)
		s = $0; sub(/.*side: /, "", s); sub(/,.*/, "", s)
		h = $0; sub(/.*hex: "/, "", h); sub(/".*/, "", h)
		n++; ids[n] = id; sides[n] = s; c[n] = substr(h, 1, 2) + 0; r[n] = substr(h, 3, 2) + 0
	}
	END {
		for (i = 1; i <= n; i++) {
			if (sides[i] != side)
				continue
			best = 999
			for (j = 1; j <= n; j++) {
				if (sides[j] == side)
					continue
				d = (c[i] > c[j] ? c[i] - c[j] : c[j] - c[i]) + (r[i] > r[j] ? r[i] - r[j] : r[j] - r[i])
				if (d < best)
					best = d
			}
			printf "%03d %s\n", best, ids[i]
		}
	}' "$file" | sort | cut -d' ' -f2
}

# side_ids: the scenario's sides, the one to act first first.
side_ids() {
	first=$(sed -n 's/^start: .*side: \([a-z_]*\).*/\1/p' "$file")
	echo "$first"
	sed -n 's/^  - { id: [^,]*, side: \([a-z_]*\),.*/\1/p' "$file" | grep -vxF "$first" | head -n 1
}

# state: "turn 1, British to act, phase: Move", from the status line.
state() { parse; where=${status# }; where=${where%%  *}; where=${where% \[+\]*}; }

# walk DEMO: one whole turn of the demo, every phase, both sides.
walk() {
	demo=$1
	file="$top_srcdir/data/scenarios/$1-demo.yaml"
	set -- $(side_ids)
	first_side=$1 second_side=$2
	first_name=
	start "$demo" 80 24 -- --seed 1 "$file"
	wait_re "turn 1, .* to act" || { tap_ok 1 "$demo starts"; return; }
	look
	poll_until steady
	screens_done=false
	phases=0
	while hint_text " turn 1, " && [ $phases -lt 24 ]; do
		phases=$((phases + 1))
		state
		acting=${where#turn 1, }
		acting=${acting%%,*}
		acting=${acting% to act}
		[ -n "$first_name" ] || first_name=$acting
		if [ "$acting" = "$first_name" ]; then side=$first_side; else side=$second_side; fi
		owed_keys
		$screens_done || { screen_keys; screens_done=true; }
		unit_keys "$side"
		owed_keys
		if hinted p; then
			press "p, advertised, goes on" p
		elif hinted T; then
			press "T, advertised, ends the turn" T
		else
			tap_ok 1 "$demo, $where: p or T is shown to go on"
			status_line | sed 's/^/#   | /'
			break
		fi
	done
	hint_text " turn 2, "
	tap_ok $? "$demo: the walk reached turn 2 ($phases phases)"
	quit_game "$demo"
}

# The five walks at once, one session each on the one server, each writing its
# TAP lines to a file (numbered from 1); then their lines in order, numbered
# again as one test.
demos=${TUI_WALK_DEMOS:-tricorne great-war mini-nap napoleonic-tec ud-napoleonic}
for demo in $demos; do
	(walk "$demo") >"$tap_tmp/walk-$demo.tap" 2>&1 &
done
wait
for demo in $demos; do
	while IFS= read -r line; do
		case $line in
		"ok "*) tap_ok 0 "${line#* - }" ;;
		"not ok "*) tap_ok 1 "${line#* - }" ;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$tap_tmp/walk-$demo.tap"
done

tap_done
