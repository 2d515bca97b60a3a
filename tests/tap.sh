# tap.sh: TAP output for hexaid's shell tests; source it, then call the checks.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tap_plan N              announce N checks (or call tap_done at the end)
#   tap_ok COND-STATUS DESC report the exit status of the last command as a check
#   tap_is GOT WANT DESC    compare two strings, showing both on failure
#   tap_skip DESC REASON
#   tap_todo COND-STATUS DESC REASON   a check of what is not built yet (TAP # TODO):
#                           its failure is expected, its pass is reported (XPASS)
#   tap_done                print the plan if none was given; exit 1 on any failure
#
# HEXAID is the program under test; top_srcdir the source tree (both from make check).
tap_n=0
tap_failed=0
tap_planned=

: "${HEXAID:?HEXAID must name the hexaid binary}"
: "${top_srcdir:?top_srcdir must name the source tree}"

tap_plan() {
	tap_planned=$1
	echo "1..$1"
}

tap_ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

tap_is() {
	if [ "$1" = "$2" ]; then
		tap_ok 0 "$3"
	else
		tap_ok 1 "$3"
		printf '%s\n' "$1" | sed 's/^/#   got: /'
		printf '%s\n' "$2" | sed 's/^/#  want: /'
	fi
}

tap_skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

tap_todo() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2 # TODO $3"
	else
		echo "not ok $tap_n - $2 # TODO $3"
	fi
}

tap_done() {
	[ -n "$tap_planned" ] || echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
	exit $?
}

# A fresh temporary directory, removed when the test exits.
tap_tmpdir() {
	tap_tmp=$(mktemp -d "${TMPDIR:-/tmp}/hexaid-test.XXXXXX")
	trap 'rm -rf "$tap_tmp"' EXIT
}
