#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# scripts.sh: scripted sessions. Each tests/scripts/NAME.script starts with a line
# `# scenario: PATH` (relative to the source tree) and optionally `# options: ...`
# for `hexaid script`; its output must be exactly tests/scripts/NAME.expected, and
# its exit status the one on a line `# status: N` (0 when none is given).
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

for f in "$top_srcdir"/tests/scripts/*.script; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .script)
	scenario=$(sed -n 's/^# scenario: *//p' "$f" | head -n 1)
	options=$(sed -n 's/^# options: *//p' "$f" | head -n 1)
	want_status=$(sed -n 's/^# status: *//p' "$f" | head -n 1)
	# shellcheck disable=SC2086
	"$HEXAID" script $options "$top_srcdir/$scenario" "$f" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
	tap_is "$st" "${want_status:-0}" "$name: exit status"
	if cmp -s "$tap_tmp/out" "$top_srcdir/tests/scripts/$name.expected"; then
		tap_ok 0 "$name: output as expected"
	else
		tap_ok 1 "$name: output as expected"
		diff -u "$top_srcdir/tests/scripts/$name.expected" "$tap_tmp/out" | sed 's/^/# /'
	fi
done
tap_done
