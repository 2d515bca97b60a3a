#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# layering.sh: layers point one way (HACKING.md, "Layers"). The build enforces it:
# each layer of src/ is compiled with the include paths of its own layer and the
# layers below it, and `make` links each layer's library whole with the libraries
# below it only (src/LAYER/layer-link). This test proves both walls stand, with a
# deliberate upward #include and a deliberate upward call in a scratch directory,
# each beside a downward one that must work. Then the rules a grep can check: only
# the YAML loader includes <yaml.h>; only the ui includes curses headers; no C file
# names a game, a terrain or a unit class (rules are data); each .c file opens
# with a comment that says what it is responsible for.
. "$top_srcdir/tests/tap.sh"
: "${top_builddir:?}" "${CC:?}"
src=$top_srcdir/src
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hexaid-layers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# The include path a layer is compiled with (Makefile.am's LAYER_cppflags).
includes() {
	case $1 in
	util) echo "-I$src/util" ;;
	data) echo "-I$src/util -I$src/data" ;;
	engine) echo "-I$src/util -I$src/data -I$src/engine" ;;
	ui) echo "-I$src/util -I$src/data -I$src/engine -I$src/ui" ;;
	esac
}

# compiles LAYER HEADER: does a file of LAYER including HEADER compile?
compiles() {
	printf '#include "config.h"\n#include "%s"\nint layer_probe;\n' "$2" >"$tmp/probe.c"
	# shellcheck disable=SC2046,SC2086
	$CC $LAYER_CFLAGS -I"$top_builddir" $(includes "$1") $YAML_CFLAGS $NCURSES_CFLAGS \
		-c -o "$tmp/probe.o" "$tmp/probe.c" 2>"$tmp/compile.err"
}

for pair in "data game.h" "util card.h" "engine tui.h" "ui cli.h"; do
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
for layer in util data engine ui; do
	test -x "$top_builddir/src/$layer/layer-link"
	tap_ok $? "make linked the $layer layer with the layers below it only"
done

# The command files call one way (HACKING.md, "Commands"): the table (command.o)
# at the top, cmd-base.o at the bottom, no circle between. command_calls reads
# `nm` of an archive and prints the command files' calls as "CALLER CALLEE".
command_calls() {
	awk '
	/^[^ ]+:$/ {
		obj = $0
		sub(/:$/, "", obj)
		sub(/^lib[a-z]+_a-/, "", obj)
		sub(/\.o$/, "", obj)
		incmd = obj ~ /^(command|cmd-.*)$/
		next
	}
	!incmd { next }
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
nm_out=$tmp/engine.nm
if ${NM:-nm} "$top_builddir/src/engine/libengine.a" >"$nm_out" 2>/dev/null; then
	command_calls <"$nm_out" >"$tmp/calls"
	grep -q '^command cmd-base$' "$tmp/calls"
	tap_ok $? "nm sees the command table calling cmd-base"
	order=$(call_order <"$tmp/calls" | head -n 1)
	echo "# command files, bottom up: $order"
	bad=$(call_order <"$tmp/calls" | sed -n 's/^circle: *//p')
	tap_is "$bad" "" "no command files call each other in a circle"
	bad=$(awk '$1 == "cmd-base"' "$tmp/calls")
	tap_is "$bad" "" "cmd-base calls no other command file"
	bad=$(awk '$2 == "command"' "$tmp/calls")
	tap_is "$bad" "" "no command file calls the table (command.c)"
	# the check itself sees a circle: cmd-play -> cmd-faces -> cmd-play
	printf 'command cmd-play\ncmd-play cmd-faces\ncmd-faces cmd-play\ncmd-faces cmd-base\n' >"$tmp/circle"
	bad=$(call_order <"$tmp/circle" | sed -n 's/^circle: *//p' | tr ' ' '\n' | sort | tr '\n' ' ')
	tap_is "$bad" "cmd-faces cmd-play command " "the order check finds a circle it is given"
else
	tap_skip "the command files call one way" "no nm"
fi

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
