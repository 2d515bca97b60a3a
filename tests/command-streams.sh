#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# command-streams.sh: random command streams through hexaid's files (issue 26).
# For each of the five demos, seeded streams of the command table's commands
# with the demo's units, hexes, terrain and words (fuzz/stream: with and
# without roll=, --force and odd words) are played by `hexaid script`, saved
# and journaled; the save is reopened, checked, drawn and logged, the journal
# recovered, and a second stream played on the save. Every run must end 0 or 1
# with no crash or sanitizer report, and the game reopened from the save or
# rebuilt from the journal must show what the live game showed.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
cd "$tap_tmp" || exit 1
stream=$top_builddir/fuzz/stream
seeds=${STREAM_SEEDS:-2}
looks='show state
map
show stats'
# (fed from a file, not a pipe: a function at the end of a pipe runs in a
# subshell, and its TAP count would be lost)
printf '%s\n' "$looks" >looks

# run DESC CMD...: run it (stdin as given); stdout to out, stderr to err; a
# TAP line for an exit status of 0 or 1 and no crash; $st is its status.
run() {
	desc=$1
	shift
	"$@" >out 2>err; st=$?
	if [ "$st" -le 1 ] && ! grep -qE 'runtime error|Sanitizer|Segmentation|core dumped' err; then
		tap_ok 0 "$desc"
	else
		tap_ok 1 "$desc (exit $st)"
		head -n 5 err | sed 's/^/#   /'
	fi
}

# after_save OUT: what the live game showed after its `save` line, from its look
# at the state on.
after_save() { sed -n '/^> save /,$p' "$1" | sed -n '/^> show state$/,$p'; }

for demo in tricorne great-war mini-nap napoleonic-tec ud-napoleonic; do
	scen=$top_srcdir/data/scenarios/$demo-demo.yaml
	seed=0
	while [ "$seed" -lt "$seeds" ]; do
		seed=$((seed + 1))
		name=$demo-$seed
		"$stream" "$demo" "$seed" 150 >s1 || { tap_ok 1 "$name: the stream"; continue; }
		{ cat s1; echo "save a.sav"; echo "$looks"; } >play
		rm -f a.sav b.sav r.sav j
		run "$name: played, saved" "$HEXAID" script --seed "$seed" --keep-going "$scen" play
		after_save out >live
		run "$name: the save reopened" "$HEXAID" script a.sav - <looks
		tap_is "$(cat out)" "$(cat live)" "... shows the live game"
		for sub in check render log "log --markdown"; do
			# shellcheck disable=SC2086
			run "... hexaid $sub" "$HEXAID" $sub a.sav
			tap_is "$st" 0 "... hexaid $sub: exit 0"
		done
		run "$name: played, journaled" "$HEXAID" script --seed "$seed" --keep-going \
			--journal j "$scen" s1
		run "... the journal recovered" "$HEXAID" recover -o r.sav j
		tap_is "$st" 0 "... every journaled command replays"
		run "... the recovered game reopened" "$HEXAID" script r.sav - <looks
		tap_is "$(cat out)" "$(cat live)" "... shows the live game"
		"$stream" "$demo" "$((seed + 100))" 80 >s2
		{ cat s2; echo "save b.sav"; echo "$looks"; } >play
		run "$name: a stream on its save" "$HEXAID" script --seed "$seed" --keep-going a.sav play
		after_save out >live
		run "... that save reopened" "$HEXAID" script b.sav - <looks
		tap_is "$(cat out)" "$(cat live)" "... shows the live game"
	done
done
tap_done
