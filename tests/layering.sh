#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# layering.sh: layers point one way (HACKING.md, "Layers"). The build enforces it:
# each layer of src/ is compiled with the include paths of its own layer and the
# layers below it, and `make` links each layer's library whole with the libraries
# below it only (src/LAYER/layer-link). This test proves both walls stand, with a
# deliberate upward #include (compiled with the flags Makefile.am gives the
# layer, so widening them fails here) and a deliberate upward call in a scratch
# directory, each beside a downward one that must work. Then `nm` over each
# layer's library: no file calls in a circle, the command files and the ui files
# call one way. Then the rules a grep can check: only
# the YAML loader includes <yaml.h>; only the ui includes curses headers; no C file
# names a game, a terrain or a unit class (rules are data); a string compared
# in src/ is a reader and says so; each .c file opens with a comment that says
# what it is responsible for.
. "$top_srcdir/tests/tap.sh"
: "${top_builddir:?}" "${CC:?}"
src=$top_srcdir/src
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hexaid-layers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# The flags a layer is compiled with, as the build has them: Makefile.am's
# LAYER_cppflags, written by make into tests/layer-cppflags ("LAYER FLAG" lines).
flags_file=$top_builddir/tests/layer-cppflags
test -s "$flags_file" || { echo "Bail out! no $flags_file: make check writes it"; exit 1; }
includes() { sed -n "s/^$1 //p" "$flags_file"; }

# compiles LAYER HEADER: does a file of LAYER including HEADER compile?
compiles() {
	printf '#include "config.h"\n#include "%s"\nint layer_probe;\n' "$2" >"$tmp/probe.c"
	# shellcheck disable=SC2046,SC2086
	$CC $LAYER_CFLAGS -I"$top_builddir" $(includes "$1") \
		-c -o "$tmp/probe.o" "$tmp/probe.c" 2>"$tmp/compile.err"
}

for layer in util data engine ui; do
	includes $layer | grep -q "^-I.*/src/$layer\$"
	tap_ok $? "$layer: its include path, as make builds it, read from Makefile.am"
done
for pair in "data game.h" "util card.h" "engine tui.h" "ui cli.h" "util game.h" "data tui.h"; do
	set -- $pair
	compiles "$1" "$2"
	st=$?
	# gcc: "game.h: No such file or directory"; clang: "'game.h' file not found"
	grep -E "No such file|file not found" "$tmp/compile.err" | grep -q "$2"
	tap_ok $((st == 0 || $? != 0)) "$1: cannot include $2 (a layer above it)"
done
for pair in "data strutil.h" "engine card.h" "ui game.h"; do
	set -- $pair
	compiles "$1" "$2"
	tap_ok $? "$1: can include $2 (its own layer or one below)"
done

# links LAYER FUNCTION LIBS...: linked as `make` links a layer (the layer's
# library whole, the ones below as needed), does a file of LAYER calling FUNCTION?
links() {
	layer=$1 fn=$2
	shift 2
	printf 'void %s(void *);\nvoid layer_probe(void *);\nvoid layer_probe(void *p) { %s(p); }\n' \
		"$fn" "$fn" >"$tmp/call.c"
	printf 'int main(void) { return 0; }\n' >"$tmp/main.c"
	cp "$top_builddir/src/$layer/lib$layer.a" "$tmp/lib$layer.a" &&
		$CC $LAYER_CFLAGS -c -o "$tmp/call.o" "$tmp/call.c" &&
		ar r "$tmp/lib$layer.a" "$tmp/call.o" 2>/dev/null &&
		# shellcheck disable=SC2086
		$CC $LAYER_CFLAGS $LAYER_LDFLAGS -o "$tmp/linked" "$tmp/main.c" \
			-Wl,--whole-archive "$tmp/lib$layer.a" -Wl,--no-whole-archive "$@" \
			2>"$tmp/link.err"
}

lib() { echo "$top_builddir/src/$1/lib$1.a"; }
# shellcheck disable=SC2086
links data game_free "$(lib util)" $YAML_LIBS -lm
st=$?
grep -q "undefined reference to .game_free" "$tmp/link.err"
tap_ok $((st == 0 || $? != 0)) "a data file calling game_free (engine) does not link"
# shellcheck disable=SC2086
links util card_free -lm
st=$?
grep -q "undefined reference to .card_free" "$tmp/link.err"
tap_ok $((st == 0 || $? != 0)) "a util file calling card_free (data) does not link"
# shellcheck disable=SC2086
links engine tui_main "$(lib data)" "$(lib util)" $YAML_LIBS $ZLIB_LIBS -lm
st=$?
grep -q "undefined reference to .tui_main" "$tmp/link.err"
tap_ok $((st == 0 || $? != 0)) "an engine file calling tui_main (ui) does not link"
# shellcheck disable=SC2086
links engine card_free "$(lib data)" "$(lib util)" $YAML_LIBS $ZLIB_LIBS -lm
tap_ok $? "an engine file calling card_free (data) links"

# calls [PATTERN]: reads `nm` of an archive and prints the calls between its
# object files (those whose name matches PATTERN, an awk regex; all without
# one) as "CALLER CALLEE", an object by its source file's name.
calls() {
	awk -v only="${1:-.}" '
	/^[^ ]+:$/ {
		obj = $0
		sub(/:$/, "", obj)
		sub(/^lib[a-z]+_a-/, "", obj)
		sub(/\.o$/, "", obj)
		inside = obj ~ only
		next
	}
	!inside { next }
	NF == 2 && $1 == "U" { used[obj SUBSEP $2] = 1 }
	NF == 3 && $2 ~ /^[TDRB]$/ { def[$3] = obj }
	END {
		for (k in used) {
			split(k, p, SUBSEP)
			if ((p[2] in def) && def[p[2]] != p[1])
				print p[1], def[p[2]]
		}
	}' | sort -u
}
# call_order: reads "CALLER CALLEE" lines; prints the files bottom up, a file
# after every file it calls, then "circle:" and the files left, which call in a
# circle or into one.
call_order() {
	awk '
	{ edge[$1 SUBSEP $2] = 1; node[$1] = 1; node[$2] = 1 }
	END {
		do {
			took = ""
			for (f in node) {
				calls = 0
				for (e in edge) {
					split(e, p, SUBSEP)
					if (p[1] == f && (p[2] in node))
						calls = 1
				}
				if (!calls)
					took = took " " f
			}
			n = split(took, list, " ")
			for (i = 1; i <= n; i++) {
				delete node[list[i]]
				order = order (order == "" ? "" : " ") list[i]
			}
		} while (n > 0)
		left = ""
		for (f in node)
			left = left " " f
		print order
		if (left != "")
			print "circle:" left
	}'
}
circle() { call_order | sed -n 's/^circle: *//p' | tr ' ' '\n' | sort | tr '\n' ' '; }

# No layer's files call each other in a circle: each can be read, and tested,
# from the bottom up. One edge is allowed, named here with its reason.
allowed_edges='game checkpoint' # game_free frees the undo memory a game carries (checkpoint.c
#                                 keeps it in g->checkpoints and calls game.c to restore)
have_nm=true
for layer in util data engine ui; do
	if ! ${NM:-nm} "$top_builddir/src/$layer/lib$layer.a" >"$tmp/$layer.nm" 2>/dev/null; then
		have_nm=false
		tap_skip "the $layer files call in no circle" "no nm"
		continue
	fi
	calls <"$tmp/$layer.nm" >"$tmp/$layer.calls"
	echo "$allowed_edges" | grep -vxF -f - "$tmp/$layer.calls" >"$tmp/$layer.kept"
	bad=$(circle <"$tmp/$layer.kept")
	tap_is "$bad" "" "the $layer files call in no circle"
done

# The command files call one way (HACKING.md, "Commands"): the table (command.o)
# at the top, cmd-base.o at the bottom, no circle between.
if $have_nm; then
	calls '^(command|cmd-.*)$' <"$tmp/engine.nm" >"$tmp/calls"
	grep -q '^command cmd-base$' "$tmp/calls"
	tap_ok $? "nm sees the command table calling cmd-base"
	order=$(call_order <"$tmp/calls" | head -n 1)
	echo "# command files, bottom up: $order"
	bad=$(circle <"$tmp/calls")
	tap_is "$bad" "" "no command files call each other in a circle"
	bad=$(awk '$1 == "cmd-base"' "$tmp/calls")
	tap_is "$bad" "" "cmd-base calls no other command file"
	bad=$(awk '$2 == "command"' "$tmp/calls")
	tap_is "$bad" "" "no command file calls the table (command.c)"
	# the check itself sees a circle: cmd-play -> cmd-faces -> cmd-play
	printf 'command cmd-play\ncmd-play cmd-faces\ncmd-faces cmd-play\ncmd-faces cmd-base\n' >"$tmp/circle"
	bad=$(circle <"$tmp/circle")
	tap_is "$bad" "cmd-faces cmd-play command " "the order check finds a circle it is given"
else
	tap_skip "the command files call one way" "no nm"
fi

# The terminal interface calls one way (src/ui/tui.h): its files in tiers, a
# file calling only into a tier below its own: 1 the core (terminal, text,
# commands, layout, dialogs, menus), 2 the models (the selection, the battle,
# the game's file), 3 the panes, the status line and the actions (setting up,
# the file), 4 the keys, 5 the top (the main loop and the pane table). Core
# files may call one another (one way: no circle); a model never calls a
# model, a pane never a pane.
ui_tier() {
	case $1 in
	tui | tui-term | tui-layout | tui-dialog | tui-menu) echo 1 ;;
	model-* | tui-open) echo 2 ;;
	pane-* | tui-status | tui-edit | tui-scenario | tui-file) echo 3 ;;
	tui-keys) echo 4 ;;
	tui-main) echo 5 ;;
	*) echo 0 ;; # a new file: give it its tier here
	esac
}
# ui_wrong: reads "CALLER CALLEE"; prints the calls that break the tiers.
ui_wrong() {
	while read -r from to; do
		a=$(ui_tier "$from") b=$(ui_tier "$to")
		if [ "$a" = 0 ] || [ "$b" = 0 ]; then
			echo "$from->$to(no tier)"
		elif [ "$a" -lt "$b" ] || { [ "$a" = "$b" ] && [ "$a" != 1 ]; }; then
			echo "$from->$to"
		fi
	done | tr '\n' ' '
}
if $have_nm; then
	bad=$(ui_wrong <"$tmp/ui.calls")
	tap_is "$bad" "" "the ui files call only into a tier below theirs"
	grep -q '^pane-unit model-selection$' "$tmp/ui.calls"
	tap_ok $? "nm sees a pane calling a model"
	# the check itself: a pane calling a pane, a model a pane, the core a model
	printf 'pane-unit pane-map\nmodel-battle pane-dice\ntui model-battle\n' >"$tmp/wrong"
	bad=$(ui_wrong <"$tmp/wrong")
	tap_is "$bad" "pane-unit->pane-map model-battle->pane-dice tui->model-battle " \
		"the ui order check finds the calls it is given that break it"
fi

# Strings become values when a file is read or a key is typed: after that, a
# string compared or searched (strcmp, strncmp, strstr, sscanf, str_eq) is a
# reader, of a file, a command word or dice notation ("reader: card keys"), or
# asks only whether two texts are the same, never what one means (a path, a
# line already drawn, names sorted: "same text: two paths"). Each says which in
# a comment on its line or the three lines above it.
# unmarked FILE...: prints FILE:LINE of each comparison without that comment.
unmarked() {
	awk '
	FNR == 1 { said = -10 }
	/(reader|same text): / { said = FNR }
	/(^|[^a-z_])(strn?cmp|strstr|sscanf|str_eq)\(/ && FNR - said > 3 {
		print FILENAME ":" FNR
	}' "$@"
}
bad=$(cd "$src" && unmarked ./*/*.c ./*/*.h | tr '\n' ' ')
tap_is "$bad" "" "every string compared in src/ is a reader or a same-text test, and says so"
# the check itself: a comparison without the comment, and one with it
printf 'if (strcmp(a, "x") == 0)\n\tf();\n/* reader: a word */\nif (sscanf(a, "%%d", &n))\n' \
	>"$tmp/strings.c"
bad=$(unmarked "$tmp/strings.c" | sed 's|.*/||')
tap_is "$bad" "strings.c:1" "the reader check finds a comparison not said to be a reader"

cd "$src" || exit 1
bad=$(grep -l '#include[[:space:]]*<yaml\.h>' ./*/*.c ./*/*.h | grep -v '^\./data/yaml-load\.c$')
tap_is "$bad" "" "only data/yaml-load.c includes <yaml.h>"

bad=$(grep -lE '#include[[:space:]]*<(n?curses|ncursesw/[a-z]+|panel|menu|form|term)\.h>' \
	./*/*.c ./*/*.h | grep -v '^\./ui/')
tap_is "$bad" "" "only the ui layer includes curses headers"

bad=$(grep -nEi '"[^"]*(forest|trench|wire|crater|village|hedge|tricorne|great[-_ ]war|mini[-_]nap|cavalry|infantry|artillery)[^"]*"' ./*/*.c ./*/*.h)
tap_is "$bad" "" "no C file names a game, terrain or unit class"

bad=
for f in ./*/*.c; do
	head -n 1 "$f" | grep -q "^/\* $(basename "$f"): " || bad="$bad ${f#./}"
done
tap_is "$bad" "" "every .c file opens with '/* NAME: what it is for'"

# The licence of every source file, in its opening comment (COPYING holds the text).
cd "$top_srcdir" || exit 1
bad=
for f in src/*/*.c src/*/*.h tests/*.c tests/*.h tests/*.sh fuzz/*.c fuzz/*.h fuzz/*.sh \
	bench/*.c bench/*.h bench/*.sh bootstrap .ci/run Makefile.am configure.ac; do
	[ -f "$f" ] || continue
	case $f in
	*.c | *.h) sed -n '1,/\*\//p' "$f" ;; # the opening comment
	*) head -n 3 "$f" ;;
	esac | grep -q 'SPDX-License-Identifier: GPL-3.0-or-later' || bad="$bad $f"
done
tap_is "$bad" "" "every source file names its licence (SPDX-License-Identifier)"
tap_done
