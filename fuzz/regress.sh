#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# regress.sh: every input in fuzz/regress/NAME/ (crashes the fuzzers once found,
# and a few seeds) runs through harness NAME without libFuzzer (fuzz/replay-NAME,
# built by any compiler) and must come back: no crash, no sanitizer report.
# HEXAID_CHECK_WRAP, when set, runs before it (make check-valgrind sets valgrind).
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

for dir in "$top_srcdir"/fuzz/regress/*/; do
	name=$(basename "$dir")
	for f in "$dir"*; do
		[ -f "$f" ] || continue
		# shellcheck disable=SC2086
		${HEXAID_CHECK_WRAP:-} "$top_builddir/fuzz/replay-$name" "$f" >"$tap_tmp/out" 2>&1; st=$?
		tap_ok "$st" "fuzz-$name: $(basename "$f")"
		[ "$st" -eq 0 ] || sed 's/^/# /' "$tap_tmp/out" | head -n 20
	done
done
tap_done
