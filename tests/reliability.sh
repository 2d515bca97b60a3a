#!/bin/sh
# reliability.sh: the defects of issue 18, each checked where a player would meet
# it: files that are not files, commands that must read back as they were
# accepted, journals that must never be overwritten or thrown away, locks,
# backups, modes, outputs that must not reach the terminal raw, and messages.
# (Fault injection, where a system call must fail, is in tests/faults.sh; the
# round trip of random command lines is tests/test-roundtrip.)
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
demo=$top_srcdir/data/scenarios/tricorne-demo.yaml
cd "$tap_tmp" || exit 1
here=$(pwd -P)

# --- 10: a FIFO is refused, never waited on --------------------------------------
mkfifo p.yaml
for sub in check render log script; do
	timeout 10 "$HEXAID" $sub p.yaml </dev/null >out 2>err; st=$?
	tap_is "$st:$(cat err)" "1:p.yaml: error: not a regular file" "$sub of a FIFO: refused at once"
done
cp "$demo" f.yaml
printf 'note a\n' | "$HEXAID" script --journal jf f.yaml - >/dev/null
rm f.yaml && mkfifo f.yaml
timeout 10 "$HEXAID" recover jf >out 2>err; st=$?
tap_is "$st" 1 "recover of a journal whose game is a FIFO: refused at once"
timeout 10 "$HEXAID" recover p.yaml >out 2>err; st=$?
tap_is "$st:$(cat err)" "1:hexaid: p.yaml: not a regular file" "recover of a FIFO: refused at once"

tap_done
