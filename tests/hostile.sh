#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hostile.sh: the hostile corpus (deep nesting, alias bombs, huge scalars, bad
# encodings, ...) is rejected by `hexaid check` with exit 1 and its own message.
# How fast and in how much memory is measured by bench/hostile.sh, not here.
. "$top_srcdir/tests/tap.sh"
. "$top_srcdir/tests/hostile-corpus.sh"
tap_tmpdir
hostile_corpus "$tap_tmp/corpus"

tab=$(printf '\t')
while IFS=$tab read -r file message; do
	case $file in /*) path=$file ;; *) path=$tap_tmp/corpus/$file ;; esac
	"$HEXAID" check "$path" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
	tap_is "$st" 1 "$file: rejected with exit 1"
	grep -qF -- "$message" "$tap_tmp/err"
	tap_ok $? "$file: says '$message'"
	[ "$(wc -l <"$tap_tmp/err")" -le 8 ]
	tap_ok $? "$file: in a few lines"
done <"$tap_tmp/corpus/EXPECT"
tap_done
