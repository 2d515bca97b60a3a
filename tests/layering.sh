#!/bin/sh
# layering.sh: layers point one way. Only the YAML loader includes <yaml.h>; only
# the terminal-interface files include curses headers, and nothing below them
# includes theirs; no C file names a game, a terrain or a unit class (rules are
# data); each .c file opens with a comment that says what it is responsible for.
. "$top_srcdir/tests/tap.sh"
cd "$top_srcdir/src" || exit 1

bad=$(grep -l '#include[[:space:]]*<yaml\.h>' ./*.c ./*.h | grep -v '^\./yaml-load\.c$')
tap_is "$bad" "" "only yaml-load.c includes <yaml.h>"

bad=$(grep -lE '#include[[:space:]]*<(n?curses|ncursesw/[a-z]+|panel|menu|form)\.h>' ./*.c ./*.h |
	grep -vE '^\./(tui|pane|dialog|keys|menu|ui)[^/]*$')
tap_is "$bad" "" "only the terminal-interface files include curses headers"

bad=$(grep -l '#include[[:space:]]*"tui\(-term\)\?\.h"' ./*.c ./*.h |
	grep -vE '^\./(tui|pane)[^/]*$' | grep -v '^\./main\.c$')
tap_is "$bad" "" "only the terminal-interface files (and main.c) include tui.h"

bad=$(grep -nEi '"[^"]*(forest|trench|wire|crater|village|hedge|tricorne|great[-_ ]war|mini[-_]nap|cavalry|infantry|artillery)[^"]*"' ./*.c ./*.h)
tap_is "$bad" "" "no C file names a game, terrain or unit class"

bad=
for f in ./*.c; do
	head -n 1 "$f" | grep -q "^/\* ${f#./}: " || bad="$bad ${f#./}"
done
tap_is "$bad" "" "every .c file opens with '/* NAME: what it is for'"
tap_done
