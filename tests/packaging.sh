#!/bin/sh
# packaging.sh: what a distribution's packager checks. The program holds no path of
# the tree it was built in (two builds in two directories make the same program;
# .ci/run builds twice and compares them).
. "$top_srcdir/tests/tap.sh"
: "${top_builddir:?top_builddir must name the build tree}"
tap_tmpdir

if [ "$(head -c 2 "$HEXAID")" = "#!" ]; then
	tap_skip "the program holds no path of the build or source tree" \
		"HEXAID is a wrapper script (make check-valgrind)"
elif grep -q '^COV_CFLAGS = --coverage' "$top_builddir/Makefile"; then
	tap_skip "the program holds no path of the build or source tree" \
		"a coverage build records where its counts go"
else
	build=$(cd "$top_builddir" && pwd -P)
	src=$(cd "$top_srcdir" && pwd -P)
	found=$(LC_ALL=C grep -a -o -F -e "$build" -e "$src" "$HEXAID" | sort -u)
	tap_is "$found" "" "the program holds no path of the build or source tree"
fi
tap_done
