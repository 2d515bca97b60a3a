#!/bin/sh
# cli.sh: the command-line contract: --help, --version, usage errors and exit codes.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

out=$("$HEXAID" --help 2>"$tap_tmp/err"); st=$?
tap_is "$st" 0 "--help exits 0"
case $out in "hexaid: a terminal play aid"*) r=0 ;; *) r=1 ;; esac
tap_ok $r "--help prints the help on stdout"
tap_is "$(cat "$tap_tmp/err")" "" "--help prints nothing on stderr"
for sub in check cards chart explain roll script render recover; do
	printf '%s\n' "$out" | grep -q "^  $sub " 
	tap_ok $? "--help lists the $sub subcommand"
done

out=$("$HEXAID" --version); st=$?
tap_is "$st" 0 "--version exits 0"
tap_is "$(printf '%s\n' "$out" | head -n 1 | cut -d' ' -f1)" "hexaid" "--version's first line starts with the name"
printf '%s\n' "$out" | head -n 1 | grep -Eq '^hexaid [0-9]+\.[0-9]+\.[0-9]+$'
tap_ok $? "--version prints 'hexaid VERSION'"

"$HEXAID" --no-such-option >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st" 2 "an unknown option exits 2"
tap_is "$(cat "$tap_tmp/out")" "" "an unknown option prints nothing on stdout"
grep -q '^usage: hexaid' "$tap_tmp/err"
tap_ok $? "an unknown option prints the usage on stderr"

"$HEXAID" frobnicate now >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 2 "an unknown subcommand exits 2"
grep -q "unknown subcommand 'frobnicate'" "$tap_tmp/err"
tap_ok $? "an unknown subcommand is named in the message"

"$HEXAID" check >/dev/null 2>"$tap_tmp/err"; st=$?
tap_is "$st" 2 "check without files exits 2"
tap_is "$(cat "$tap_tmp/err")" "usage: hexaid check FILE..." "check without files prints its usage"

"$HEXAID" cards extra >/dev/null 2>&1; st=$?
tap_is "$st" 2 "cards with an argument exits 2"


"$HEXAID" check "$top_srcdir/data/cards/great-war.yaml" >"$tap_tmp/out" 2>&1; st=$?
tap_is "$st:$(cat "$tap_tmp/out")" "0:" "check of a valid card exits 0 silently"
"$HEXAID" check "$top_srcdir/data/cards/great-war.yaml" /nonexistent.yaml >/dev/null 2>&1; st=$?
tap_is "$st" 1 "check exits 1 when any file is invalid"
tap_done
