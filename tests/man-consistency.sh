#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# man-consistency.sh: the man pages list what the program has, no more and no
# less, read from the program's own tables: each subcommand's options (its --help,
# made from the table it parses with) against its SYNOPSIS in hexaid(6); the
# program's options against OPTIONS; the commands of play (`script --help`, from
# the command table) against COMMANDS OF PLAY; every key explain understands
# (`explain --help`, from the table its reader uses) against RULE QUESTIONS; the
# facts and effects a card may use (list-facts.h, list-effects.h, the X-macro
# lists the card reader is built from) against hexaid(5)'s CONDITIONS and
# EFFECTS; and README's command summary against `hexaid --help`. (tui-keys.sh
# does the same for the keys of the terminal interface.)
. "$top_srcdir/tests/tap.sh"
: "${top_builddir:?top_builddir must name the build tree}"
tap_tmpdir
page6="$top_builddir/hexaid.6"
page5="$top_builddir/hexaid.5"

# The lines of section $2 of page $1, escapes and font changes removed.
section() {
	awk -v want="$2" '
		{ line = $0; gsub(/\\f(\[[^]]*\]|\(..|.)/, "", line); gsub(/\\&|\\%/, "", line)
		  gsub(/\\-/, "-", line) }
		/^\.SH/ { s = line; sub(/^\.SH[ \t]+/, "", s); gsub(/"/, "", s); on = (s == want); next }
		on { print line }' "$1"
}

# The first word of each .TP tag of some lines (the line after .TP, its macro and
# quotes removed).
tags() {
	awk '
		tp { l = $0; sub(/^\.[BIR]+[ \t]+/, "", l); gsub(/"/, "", l); split(l, w, /[ \t:=]/)
		     if (w[1] != "") print w[1] }
		{ tp = /^\.TP/ }'
}

# Every key: of each .TP tag of some lines (a tag may name two: "a: n, b: n").
key_tags() {
	awk 'tp { print } { tp = /^\.TP/ }' | grep -oE '(^|[^a-z_])[a-z_]+:' | tr -d ': ' |
		sed 's/^[^a-z_]*//'
}

# Compare two lists (one word a line): TAP line $3; the differences on failure.
same_sets() {
	printf '%s\n' "$1" | sort -u >"$tap_tmp/a"
	printf '%s\n' "$2" | sort -u >"$tap_tmp/b"
	if cmp -s "$tap_tmp/a" "$tap_tmp/b"; then
		tap_ok 0 "$3"
	else
		tap_ok 1 "$3"
		comm -23 "$tap_tmp/a" "$tap_tmp/b" | sed 's/^/#   only in the program: /'
		comm -13 "$tap_tmp/a" "$tap_tmp/b" | sed 's/^/#   only in the page: /'
	fi
}

# Each word of $1 is in $2 (a text): TAP line $3.
all_in() {
	missing=
	for w in $1; do
		printf '%s\n' "$2" | grep -qE "(^|[^a-z_])$w([^a-z_]|\$)" || missing="$missing $w"
	done
	tap_is "${missing# }" "" "$3"
}

subcommands=$("$HEXAID" --help | awk '/^Subcommands:/ { on = 1; next }
	on && /^[ \t]*$/ { exit } on { print $1 }')
synopsis=$(section "$page6" SYNOPSIS)

# --- each subcommand's options: its --help and its SYNOPSIS ---------------------------------
for s in $subcommands; do
	from_help=$("$HEXAID" "$s" --help | grep -E '^  (-[a-zA-Z], )? *--' |
		sed -E 's/^  (-([a-zA-Z]), )? *--([a-z-]+).*/\3 \2/' |
		grep -v -e '^help h$' -e '^version $' | awk '{ print $2 != "" ? "-" $2 : "--" $1 }')
	from_page=$(printf '%s\n' "$synopsis" | awk -v s="hexaid $s" '
		/^\.SY/ { l = $0; sub(/^\.SY[ \t]+/, "", l); gsub(/"/, "", l); on = (l == s); next }
		/^\.YS/ { on = 0 }
		on && /^\.OP/ { print $2 }')
	same_sets "$from_help" "$from_page" "$s: the options of --help are those of its SYNOPSIS"
done

# --- the program's own options ----------------------------------------------------------
from_help=$("$HEXAID" --help | awk '/^Options:/ { on = 1; next } on && /^$/ { exit } on' |
	grep -oE -- '--[a-z-]+')
from_page=$(section "$page6" OPTIONS | tags | grep -- '^--' ; section "$page6" OPTIONS |
	awk 'tp { print } { tp = /^\.TP/ }' | grep -oE -- '--[a-z-]+' | sort -u)
same_sets "$from_help" "$(printf '%s\n' "$from_page" | grep -- '^--' | sort -u)" \
	"the program's options (--help) are those of OPTIONS"

# --- the commands of play -----------------------------------------------------------------
from_help=$("$HEXAID" script --help | awk '/^Commands/ { on = 1; next } on { print $1 }')
from_page=$(section "$page6" "COMMANDS OF PLAY" | tags)
same_sets "$from_help" "$from_page" "the commands of play (script --help) are those of COMMANDS OF PLAY"

# --- explain's keys -----------------------------------------------------------------------
keys=$("$HEXAID" explain --help | awk '/^Keys/ { on = 1; next } on { sub(/=.*/, "", $1); print $1 }' |
	sed 's/\.NAME$/./; s/\.$//')
all_in "$keys" "$(section "$page6" "RULE QUESTIONS")" \
	"every key explain --help lists is in hexaid(6) RULE QUESTIONS"

# --- a card's facts and effects -----------------------------------------------------------
facts=$(sed -n 's/^\(NUMBER_\)\{0,1\}FACT([A-Z_]*, "\([a-z_]*\)".*/\2/p' "$top_srcdir/src/data/list-facts.h")
test -n "$facts"
tap_ok $? "the facts are read from list-facts.h"
same_sets "$facts" "$(section "$page5" CONDITIONS | key_tags)" \
	"the facts of list-facts.h are those of hexaid(5) CONDITIONS"
effects=$(sed -n 's/^EFFECT([A-Z_]*, "\([a-z_]*\)".*/\1/p' "$top_srcdir/src/data/list-effects.h")
test -n "$effects"
tap_ok $? "the effects are read from list-effects.h"
documented=$( (section "$page5" EFFECTS; section "$page5" EVENTS;
	section "$page5" "DICE AND SCORING") | key_tags)
all_in "$effects" "$documented" \
	"each effect of list-effects.h is a tag of hexaid(5) EFFECTS, EVENTS or DICE AND SCORING"
extra=
for t in $(section "$page5" EFFECTS | key_tags | sort -u); do
	printf '%s\n' "$effects" | grep -qx "$t" || extra="$extra $t"
done
tap_is "${extra# }" "" "each tag of hexaid(5) EFFECTS is an effect of list-effects.h"

# --- README's command summary -------------------------------------------------------------
usage=$("$HEXAID" --help | sed -n 's/^\(usage:\|      \) \(hexaid .*\)/\2/p')
missing=
printf '%s\n' "$usage" >"$tap_tmp/usage"
while IFS= read -r line; do
	grep -qF -- "    $line" "$top_srcdir/README.md" || missing="$missing
$line"
done <"$tap_tmp/usage"
tap_is "$missing" "" "README's command summary has each usage line of hexaid --help"
tap_done
