#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tui-keys.sh: hexaid(6) documents every key of the terminal interface. The keys
# are read from the binding table in src/ui/tui-keys.c (the table the program reads
# them with and prints its help from); each must be a tag of a .TP entry in the
# "Keys:" subsections of the page.
. "$top_srcdir/tests/tap.sh"

table="$top_srcdir/src/ui/tui-keys.c"
page="$top_srcdir/man/hexaid.6"

# The key names of each row of the table: `.names = "h Left"`.
keys=$(sed -n 's/.*\.names = "\([^"]*\)".*/\1/p' "$table")
test -n "$keys"
tap_ok $? "the binding table is found and read"

# The tags of the "Keys:" subsections of the page's source: the line after each
# .TP, such as `.BR R ", " C\-r`, its keys separated by ", ".
tags=$(awk '
	/^\.SS Keys:/ { on = 1; next }
	/^\.S[SH]/ { on = 0 }
	on && tp {
		line = $0
		sub(/^\.[BIR]+ */, "", line)
		gsub(/"/, "", line)
		gsub(/\\-/, "-", line)
		gsub(/\\&/, "", line)
		n = split(line, k, /[ ,]+/)
		for (i = 1; i <= n; i++) if (k[i] != "") print k[i]
	}
	{ tp = /^\.TP/ }' "$page")

set -f   # keys such as ? and [ are not patterns
for key in $keys; do
	printf '%s\n' "$tags" | grep -qxF -- "$key"
	tap_ok $? "hexaid(6) documents the key $key"
done
tap_done
