#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# man-pages.sh: the man pages are clean under both man page checkers, fit an
# 80-column terminal, and hexaid.6 documents every subcommand that
# `hexaid --help` lists (in its SYNOPSIS and as an entry under COMMANDS).
#
# Run by `make check` with HEXAID (the built program), top_srcdir and top_builddir
# set; prints TAP.

. "$top_srcdir/tests/tap.sh"
unset MANOPT MANPAGER PAGER MAN_KEEP_FORMATTING

# The pages as installed: made from man/ with this build's version and data
# directory (Makefile.am).
: "${top_builddir:?top_builddir must name the build tree}"
pages="$top_builddir/hexaid.6 $top_builddir/hexaid.5"
prog_page="$top_builddir/hexaid.6"
width=80

ok() { tap_ok 0 "$1"; }
not_ok() { tap_ok 1 "$1"; }
skip() { tap_skip "$1" "$2"; }

# Print text as TAP comment lines.
comment() {
	printf '%s\n' "$1" | sed 's/^/#   /'
}

have() {
	command -v "$1" >/dev/null 2>&1
}

# The subcommand names: the first word of each line of the "Subcommands:"
# section of --help, up to the blank line that ends it.
subcommands=$("$HEXAID" --help 2>/dev/null | awk '
	/^Subcommands:/ { on = 1; next }
	on && /^[ \t]*$/ { exit }
	on { print $1 }')
nsub=0
for s in $subcommands; do
	nsub=$((nsub + 1))
done

# Render a page as plain text, $width columns wide, with whichever formatter
# is installed; overstrike (bold, underline) is removed.
render() {
	if have man && have groff; then
		MANWIDTH=$width LC_ALL=C man -E ascii -P cat -l "$1" 2>/dev/null
	else
		mandoc -T ascii -O width="$width" "$1" 2>/dev/null
	fi | awk '{ gsub(/.\010/, ""); print }'
}

for page in $pages; do
	name=${page##*/}

	if have mandoc; then
		out=$(mandoc -T lint "$page" 2>&1)
		status=$?
		if [ "$status" -eq 0 ] && [ -z "$out" ]; then
			ok "$name: mandoc -T lint reports nothing (style included)"
		else
			not_ok "$name: mandoc -T lint reports nothing (style included)"
			comment "$out"
		fi
	else
		skip "$name: mandoc lint" "mandoc not installed"
	fi

	if have man && have groff; then
		err=$( (man --warnings -E UTF-8 -l -Tutf8 -Z "$page" >/dev/null;
			groff -man -ww -z "$page") 2>&1)
		status=$?
		if [ "$status" -eq 0 ] && [ -z "$err" ]; then
			ok "$name: man --warnings and groff -ww -z print nothing"
		else
			not_ok "$name: man --warnings and groff -ww -z print nothing"
			comment "$err"
		fi
	else
		skip "$name: man --warnings" "man or groff not installed"
	fi

	if (have man && have groff) || have mandoc; then
		long=$(render "$page" | awk -v w="$width" '
			length($0) > w { print length($0) " columns: " $0 }')
		lines=$(render "$page" | wc -l)
		if [ "$lines" -gt 0 ] && [ -z "$long" ]; then
			ok "$name: every line fits in $width columns"
		else
			not_ok "$name: every line fits in $width columns"
			comment "${long:-the page rendered to nothing}"
		fi
	else
		skip "$name: fits $width columns" "no man page formatter installed"
	fi
done

# Does hexaid.6 give subcommand $1 a SYNOPSIS line (`.SY "hexaid NAME"`)
# and a tagged entry under COMMANDS (`.TP` then `.B NAME` or `.BR NAME ...`)?
documented() {
	awk -v name="$1" '
		{
			line = $0
			gsub(/\\f(\[[^]]*\]|\(..|.)/, "", line)
			gsub(/\\&/, "", line)
		}
		/^\.SH/ {
			section = line
			sub(/^\.SH[ \t]+/, "", section)
			gsub(/"/, "", section)
			prev = ""
			next
		}
		section == "SYNOPSIS" &&
		    line ~ ("^\\.(SY|[BIR]+)[ \t]+\"?hexaid[ \t]+" name "([ \t\"]|$)") {
			synopsis = 1
		}
		section == "COMMANDS" && prev ~ /^\.TP/ &&
		    line ~ ("^\\.[BIR]+[ \t]+\"?" name "([ \t\"]|$)") {
			entry = 1
		}
		{ prev = line }
		END { exit !(synopsis && entry) }' "$prog_page"
}

if [ "$nsub" -eq 0 ]; then
	not_ok "hexaid --help lists subcommands (found no \"Subcommands:\" section)"
fi
for s in $subcommands; do
	if documented "$s"; then
		ok "hexaid.6 documents subcommand '$s' (SYNOPSIS and COMMANDS)"
	else
		not_ok "hexaid.6 documents subcommand '$s' (SYNOPSIS and COMMANDS)"
	fi
done

tap_done
