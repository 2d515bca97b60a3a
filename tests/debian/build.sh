#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# build.sh BUILDDIR OUTDIR: the .deb of hexaid as a Debian packager makes it, for
# .ci/run. The tree `make distdir` makes in the configured BUILDDIR gets this
# folder as its debian/ (kept here, not shipped upstream); dpkg-buildpackage
# -us -uc -b builds it with dh's defaults (in the source tree, the suite run),
# then lintian checks it, failing on any error or warning.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
builddir=$1
out=$2
jobs=$(nproc 2>/dev/null || echo 2)
version=$(sed -n 's/^PACKAGE_VERSION = //p' "$builddir/Makefile")
tree="$out/hexaid-$version"

rm -rf "$out"
mkdir -p "$out"
make -s -C "$builddir" distdir distdir="$tree" >/dev/null
mkdir "$tree/debian"
(cd "$here" && cp -R control rules changelog source hexaid.lintian-overrides "$tree/debian/")
# debian/copyright: the licences Debian does not ship are given whole.
{
	cat "$here/copyright.in"
	echo "License: CC-BY-4.0"
	sed -e 's/[[:space:]]*$//' -e 's/^/ /' -e 's/^ $/ ./' "$top/LICENSES/CC-BY-4.0.txt"
} >"$tree/debian/copyright"

echo "deb: dpkg-buildpackage -us -uc -b in $tree (log: $out/build.log)"
if ! (cd "$tree" && DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:-} parallel=$jobs" dpkg-buildpackage -us -uc -b) \
	>"$out/build.log" 2>&1; then
	grep -E '^(FAIL|ERROR|not ok)' "$out/build.log" || true
	tail -n 30 "$out/build.log"
	echo "deb: dpkg-buildpackage failed" >&2
	exit 1
fi
ls "$out"/*.deb
echo "deb: lintian (fails on errors and warnings; info and pedantic tags shown)"
lintian --fail-on error,warning --display-info --pedantic "$out"/hexaid_*.changes
echo "deb: lintian found no error or warning"
