#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# seeds.sh: writes the seed corpus of every fuzz harness into directory $1, one
# folder per harness, from what the source tree already holds (nothing large is
# committed): the shipped cards and scenarios, the bad-card fixtures, the hostile
# corpus (files up to 64 KiB), tests/scripts/ as command scripts (for the
# command and roundtrip harnesses), random command streams on each demo, and a save and
# a journal of each of those scripts made by $HEXAID. Needs top_srcdir and HEXAID.
set -eu
: "${top_srcdir:?top_srcdir must name the source tree}"
: "${HEXAID:?HEXAID must name the hexaid binary}"
mkdir -p "$1"
out=$(cd "$1" && pwd)
mkdir -p "$out/card" "$out/scenario" "$out/save" "$out/journal" "$out/command" "$out/dice" \
	"$out/roundtrip" "$out/hostile"

cp "$top_srcdir"/data/cards/*.yaml "$top_srcdir"/data/examples/*.yaml "$out/card/"
cp "$top_srcdir"/data/scenarios/*.yaml "$out/scenario/"
for f in "$top_srcdir"/tests/cards/bad/*.yaml; do
	case $(basename "$f") in
	scenario-*) cp "$f" "$out/scenario/" ;;
	*) cp "$f" "$out/card/" ;;
	esac
done

. "$top_srcdir/tests/hostile-corpus.sh"
hostile_corpus "$out/hostile" >/dev/null
find "$out/hostile" -type f -name '*.yaml' -size -65k | while read -r f; do
	cp "$f" "$out/card/hostile-$(basename "$f")"
	cp "$f" "$out/scenario/hostile-$(basename "$f")"
	cp "$f" "$out/save/hostile-$(basename "$f")"
done
rm -rf "$out/hostile"

# Each script is a command seed; played from the source tree (so that its save
# names data/scenarios/...), it leaves a save and a journal.
for f in "$top_srcdir"/tests/scripts/*.script; do
	name=$(basename "$f" .script)
	scenario=$(sed -n 's/^# scenario: *//p' "$f" | head -n 1)
	cp "$f" "$out/command/$name"
	cp "$f" "$out/roundtrip/$name"
	grep -v '^save' "$f" >"$out/command.tmp"
	(cd "$top_srcdir" && "$HEXAID" script --seed 1 --keep-going \
		--journal "$out/journal/$name" "$scenario" "$out/command.tmp") >/dev/null 2>&1 || :
	printf 'save %s\n' "$out/save/$name.sav" >>"$out/command.tmp"
	(cd "$top_srcdir" && "$HEXAID" script --seed 1 --keep-going \
		"$scenario" "$out/command.tmp") >/dev/null 2>&1 || :
done
rm -f "$out/command.tmp"

# Random streams of every command of the table on each demo (fuzz/stream, built
# beside hexaid), with roll=, --force and odd words.
stream=$(dirname "$HEXAID")/fuzz/stream
if [ -x "$stream" ]; then
	for demo in tricorne great-war mini-nap napoleonic-tec ud-napoleonic; do
		for seed in 1 2 3 4 5 6 7 8; do
			"$stream" "$demo" "$seed" 60 >"$out/command/stream-$demo-$seed"
		done
	done
fi

i=0
for notation in 3d6 d20 4d6kh3 4d6kl1 '6d6>=5' 2d6+3 '1d100-d10+7' '3 battle' 2battle \
	'battle+hit' 'd6-d6' '10d10kh2+2d4kl1-5' '64d6' '2d1000' '16d2>=2' '0d6' 'd' '3d6=3 5 6'; do
	i=$((i + 1))
	printf '%s\n\001\002\003\004\005\006' "$notation" >"$out/dice/seed-$i"
done
