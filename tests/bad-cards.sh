#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bad-cards.sh: each malformed file in tests/cards/bad makes `hexaid check` exit 1,
# print nothing on stdout, and print exactly its .expected diagnostics on stderr.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
cd "$top_srcdir/tests/cards/bad" || exit 1

for f in *.yaml; do
	name=${f%.yaml}
	"$HEXAID" check "$f" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
	tap_is "$st" 1 "$name: exit status 1"
	tap_is "$(cat "$tap_tmp/out")" "" "$name: nothing on stdout"
	if cmp -s "$tap_tmp/err" "$name.expected"; then
		tap_ok 0 "$name: diagnostics as expected"
	else
		tap_ok 1 "$name: diagnostics as expected"
		diff -u "$name.expected" "$tap_tmp/err" | sed 's/^/# /'
	fi
done
tap_done
