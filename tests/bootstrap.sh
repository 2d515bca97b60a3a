#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bootstrap.sh: ./bootstrap's own command line (what it does is what CI runs), and
# the README's package list naming every package bootstrap installs.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
bs="$top_srcdir/bootstrap"

sh "$bs" --help >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/err")" "0:" "bootstrap --help exits 0, nothing on stderr"
grep -q '^usage: ./bootstrap run|check|build' "$tap_tmp/out" && grep -q '^  deps ' "$tap_tmp/out"
tap_ok $? "bootstrap --help prints the usage and each action on stdout"

sh "$bs" deps bogus >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(head -n 1 "$tap_tmp/err")" "2:bootstrap: deps: unknown set 'bogus' (check or harden)" \
	"bootstrap deps with an unknown set exits 2 and says so"
sh "$bs" deps check harden >/dev/null 2>&1; st=$?
tap_is "$st" 2 "bootstrap deps with two sets exits 2"
sh "$bs" frobnicate >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/out"):$(head -n 1 "$tap_tmp/err")" \
	"2::usage: ./bootstrap run|check|build [CONFIGURE-OPTION...]" \
	"an unknown action exits 2 with the usage on stderr"

# The packages bootstrap installs to build and to test are the README's list.
pkgs=$(sed -n 's/^\(build\|check\)_pkgs="\(.*\)"$/\2/p' "$bs")
readme=$(tr '\n' ' ' <"$top_srcdir/README.md")
missing=
for p in $pkgs; do
	case $readme in *[\ \`]"$p"[\ \`]*) ;; *) missing="$missing $p" ;; esac
done
tap_is "${missing# }" "" "README's package list names every package bootstrap installs"
grep -q 'check_pkgs=".*man-db' "$bs"
tap_ok $? "bootstrap installs man-db for the tests (the man pages' rendering checks)"
tap_done
