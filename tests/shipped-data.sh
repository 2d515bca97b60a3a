#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# shipped-data.sh: every file under data/ passes `hexaid check` with no diagnostic,
# and every one of them is listed in Makefile.am so that it is installed and shipped;
# so is every test fixture.
. "$top_srcdir/tests/tap.sh"

for f in "$top_srcdir"/data/*/*.yaml; do
	name=${f#"$top_srcdir"/}
	out=$("$HEXAID" check "$f" 2>&1); st=$?
	tap_is "$st:$out" "0:" "$name loads with no diagnostic"
	grep -q "^[[:space:]]*$name[[:space:]\\\\]*\$" "$top_srcdir/Makefile.am"
	tap_ok $? "$name is listed in Makefile.am"
done
for f in "$top_srcdir"/tests/cards/*/* "$top_srcdir"/tests/rules/* "$top_srcdir"/tests/golden/* \
	"$top_srcdir"/tests/golden/boards/* "$top_srcdir"/tests/scripts/*; do
	[ -f "$f" ] || continue
	name=${f#"$top_srcdir"/}
	grep -q "^[[:space:]]*$name[[:space:]\\\\]*\$" "$top_srcdir/Makefile.am"
	tap_ok $? "fixture $name is listed in Makefile.am"
done
tap_done
