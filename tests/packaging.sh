#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# packaging.sh: what a distribution's packager checks. The program holds no path of
# the tree it was built in (two builds in two directories make the same program;
# .ci/run builds twice and compares them). Every file of the tree that the shipped
# docs, cards and rules tests cite is in the tree, and no doc points outside it:
# under `make distcheck` the tree is the tarball, so this checks the tarball.
. "$top_srcdir/tests/tap.sh"
: "${top_builddir:?top_builddir must name the build tree}"
tap_tmpdir

if [ "$(head -c 2 "$HEXAID")" = "#!" ]; then
	tap_skip "the program holds no path of the build or source tree" \
		"HEXAID is a wrapper script (make check-valgrind)"
elif [ "${HEXAID_SANITIZED:-no}" = yes ]; then
	tap_skip "the program holds no path of the build or source tree" \
		"AddressSanitizer names each instrumented file by its path"
elif grep -q '^COV_CFLAGS = --coverage' "$top_builddir/Makefile"; then
	tap_skip "the program holds no path of the build or source tree" \
		"a coverage build records where its counts go"
else
	build=$(cd "$top_builddir" && pwd -P)
	src=$(cd "$top_srcdir" && pwd -P)
	# (the installed data directory is meant to be there, wherever the prefix is)
	prefix=$(sed -n 's/^prefix = //p' "$top_builddir/Makefile")
	found=$(LC_ALL=C strings -a "$HEXAID" | awk -v p="$prefix/" 'index($0, p) != 1' |
		LC_ALL=C grep -o -F -e "$build" -e "$src" | sort -u)
	tap_is "$found" "" "the program holds no path of the build or source tree"
fi

# Files of the tree the docs cite: words starting with one of its folders (or naming
# a top-level file). NAME, CARD, LAYER... are placeholders; fuzz/crashes and the
# like are made by the targets that describe them.
docs="README.md HACKING.md NEWS data/README.md doc/seed-inventory.md doc/hardening.md doc/internals.md man/hexaid.5 man/hexaid.6
bench/README.md fuzz/README.md"
cited_in() {
	(cd "$top_srcdir" && grep -ohE \
		'(^|[^A-Za-z0-9_./~$-])((src|tests|data|doc|man|bench|fuzz|\.ci)/[A-Za-z0-9_./*-]*[A-Za-z0-9_*]|COPYING|HACKING\.md)' \
		"$@") | sed 's/^[^A-Za-z.]//' | grep -v '[A-Z][A-Z][A-Z]' |
		grep -Ev '^fuzz/(crashes|corpus|seeds|logs)|^fuzz/(fuzz|replay)-[a-z]+$' | sort -u
}
missing=
for f in $(cd "$top_srcdir" && cited_in $docs data/cards/*.yaml data/examples/*.yaml \
	data/scenarios/*.yaml tests/rules/*.rules); do
	# shellcheck disable=SC2086
	(cd "$top_srcdir" && ls -d $f) >/dev/null 2>&1 || missing="$missing $f"
done
tap_is "${missing# }" "" "every file the docs, cards and rules tests cite is in the tree"
# make install puts everything where distributions look, make uninstall takes
# all of it away again, directories included.
dest="$tap_tmp/dest"
"${MAKE:-make}" -s -C "$top_builddir" install DESTDIR="$dest" >"$tap_tmp/install.log" 2>&1
tap_ok $? "make install DESTDIR=... succeeds"
tap_is "$(find "$dest" -path '*/share/hexaid/*' -name 'README*')" "" \
	"no README among the data (docs go to the documentation directory)"
for f in bash-completion/completions/hexaid \
	doc/hexaid/data/README.md doc/hexaid/seed-inventory.md doc/hexaid/HACKING.md \
	doc/hexaid/AUTHORS; do
	found=$(find "$dest" -path "*/share/$f" -type f)
	test -n "$found"
	tap_ok $? "make install installs share/$f"
done
# The AppStream metadata goes in only under an id configure was given
# (--with-appstream-id): hexaid has no domain to make one of, and invents none.
appid=$(sed -n 's/^HEXAID_APPID = //p' "$top_builddir/Makefile")
if [ -z "$appid" ]; then
	tap_is "$(find "$dest" -path '*/share/metainfo/*')" "" \
		"without --with-appstream-id no AppStream metadata is installed"
	appid=test.hexaid.packaging
else
	test -f "$(find "$dest" -path "*/share/metainfo/$appid.metainfo.xml")"
	tap_ok $? "make install installs share/metainfo/$appid.metainfo.xml"
fi
sed "s|<id>[^<]*</id>|<id>$appid</id>|" "$top_builddir/misc/hexaid.metainfo.xml" \
	>"$tap_tmp/$appid.metainfo.xml"
if command -v appstreamcli >/dev/null 2>&1; then
	appstreamcli validate --no-net "$tap_tmp/$appid.metainfo.xml" >"$tap_tmp/as.log" 2>&1
	tap_ok $? "the AppStream metadata validates (appstreamcli validate --no-net)"
else
	tap_skip "the AppStream metadata validates" "no appstreamcli"
fi
# Words lintian takes for misspellings, in what the package holds: the program's
# messages and the man pages as installed.
# (the program still reads a card's older 'upto' key, so only the pages are
# checked for that one)
found=$( { LC_ALL=C strings -a "$HEXAID" | grep -w 'allows to'
	cat "$top_builddir/hexaid.5" "$top_builddir/hexaid.6" | grep -w -e 'allows to' -e 'upto'; } |
	wc -l)
tap_is "$found" 0 "no 'allows to' in the program, nor 'upto' in the man pages (lintian)"
# No placeholder of the reserved example domains anywhere: not in the program,
# its --help, the metadata, nor any file of the tree.
found=$( { LC_ALL=C strings -a "$HEXAID"; "$HEXAID" --help; cat "$tap_tmp/$appid.metainfo.xml"; } |
	grep -c 'example\.')
tap_is "$found" 0 "no placeholder on the reserved example domains in the program, its --help or the metadata"
if git -C "$top_srcdir" rev-parse --git-dir >/dev/null 2>&1; then
	tap_is "$(git -C "$top_srcdir" grep -l -I -e 'example\.' -- . | head -n 5)" "" \
		"no file of the tree holds a placeholder on the reserved example domains"
else
	tap_skip "no file of the tree holds a placeholder on the reserved example domains" "not a git tree"
fi
"${MAKE:-make}" -s -C "$top_builddir" uninstall DESTDIR="$dest" >"$tap_tmp/install.log" 2>&1
tap_ok $? "make uninstall succeeds"
tap_is "$(find "$dest$(sed -n 's/^prefix = //p' "$top_builddir/Makefile")" -name '*hexaid*')" "" \
	"make uninstall leaves nothing of hexaid, folders included"

# A build in the source tree (the classic way) leaves git nothing to report: every
# file a build makes (this build tree's files, by their path in it) is ignored.
if git -C "$top_srcdir" rev-parse --git-dir >/dev/null 2>&1 &&
	[ "$(cd "$top_builddir" && pwd -P)" != "$(cd "$top_srcdir" && pwd -P)" ]; then
	# (git is asked once for the list, not twice a file: a build tree after a
	# suite holds thousands of files)
	(cd "$top_builddir" && find . \( -name data -type l -prune \) -o -type f -print) |
		sed 's|^\./||' | LC_ALL=C sort >"$tap_tmp/built"
	git -C "$top_srcdir" ls-files | LC_ALL=C sort >"$tap_tmp/tracked"
	LC_ALL=C comm -23 "$tap_tmp/built" "$tap_tmp/tracked" >"$tap_tmp/untracked"
	git -C "$top_srcdir" check-ignore --no-index --stdin <"$tap_tmp/untracked" |
		LC_ALL=C sort >"$tap_tmp/ignored"
	unignored=$(LC_ALL=C comm -23 "$tap_tmp/untracked" "$tap_tmp/ignored" | head -n 10)
	tap_is "$unignored" "" ".gitignore covers every file a build in the source tree makes"
else
	tap_skip ".gitignore covers every file a build in the source tree makes" \
		"not a git checkout with a separate build tree"
fi

outside=$(cd "$top_srcdir" && grep -nE '\.\./shared|/work/' $docs data/cards/*.yaml)
tap_is "$outside" "" "no doc or card points outside the tree"
tap_done
