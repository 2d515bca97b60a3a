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

# strace, where it can trace (it fails system calls on purpose below)
if command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
	have_strace=yes
else
	have_strace=
fi
# LeakSanitizer cannot run under ptrace: leaks are checked by the other runs
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS

# --- 1: what is accepted is what can be read back ----------------------------------
printf 'note caf\351\nsave u.sav\n' | "$HEXAID" script --keep-going "$demo" - >out 2>&1; st=$?
grep -q '^error: a command is UTF-8 text' out && "$HEXAID" check u.sav
tap_is "$st:$?" "1:0" "a command that is not UTF-8 is refused, and the save opens"
printf 'unit add a"#b british infantry 0101\nnote a"#b\nnote "x""y" "" z\nnote "q"" #"\nsave q.sav\nshow state\n' |
	"$HEXAID" script "$demo" - >out 2>&1; st=$?
sed -n '/^> show state$/,$p' out | tail -n +2 >q.live
printf 'show state\n' | "$HEXAID" script q.sav - 2>&1 | tail -n +2 >q.loaded
"$HEXAID" log q.sav | sed -n 3,6p >q.log
printf 'set-up: a"#b (British infantry) placed in 0101\nnote: a"#b\nnote: x"y  z\nnote: q" #\n' >q.want
cmp -s q.live q.loaded && cmp -s q.log q.want
tap_is "$st:$?" "0:0" "words with quotes and #: saved, loaded and logged as they were typed"
printf 'note "a"b\n' | "$HEXAID" script "$demo" - >out 2>&1
grep -q '^error: a closing quote (") must end its word' out
tap_ok $? "a closing quote in the middle of a word is refused, not read as two words"
awk 'BEGIN { s = "x"; while (length(s) < 16385) s = s s; s = substr(s, 1, 16385); print "note " s; print "save l.sav" }' |
	"$HEXAID" script --keep-going "$demo" - >out 2>&1; st=$?
grep -q '^error: a command is at most 16384 bytes long' out && "$HEXAID" check l.sav
tap_is "$st:$?" "1:0" "a command longer than a save may hold is refused before the journal"
awk 'BEGIN { s = "x"; while (length(s) < 16000) s = s s; s = substr(s, 1, 16000); for (i = 0; i < 540; i++) print "note " s; print "save full.sav" }' |
	"$HEXAID" script --keep-going --journal jfull "$demo" - >out 2>&1; st=$?
n=$(grep -c "^error: the game's record is full: a save holds at most 16777216 bytes" out)
"$HEXAID" check full.sav && "$HEXAID" recover jfull >/dev/null
tap_is "$st:$([ "$n" -gt 0 ] && echo refused):$?" "1:refused:0" \
	"changes past what a save can hold are refused; the save and the journal read back"

# --- 4: a change the journal cannot take is taken back, undo included ----------------
if [ -n "$have_strace" ]; then
	printf 'note a\nnote b\n undo\nshow state\n' >u.txt
	bad=0 n=1
	while [ $n -le 10 ]; do
		rm -f ju
		strace -f -qq -o /dev/null -e trace=write -e inject=write:error=ENOSPC:when=$n \
			"$HEXAID" script --keep-going --journal ju "$demo" u.txt >out 2>&1
		live=$(sed -n 's/^commands in force: \([0-9]*\).*/\1/p' out)
		rec=$("$HEXAID" recover ju 2>/dev/null | sed -n 's/^recovered \([0-9]*\) of.*/\1/p')
		# the journal replays to the game played: its commands in force, once replayed
		[ -s ju ] && "$HEXAID" recover ju -o ju.sav >/dev/null 2>&1 &&
			in_j=$(printf 'show state\n' | "$HEXAID" script ju.sav - | sed -n 's/^commands in force: \([0-9]*\).*/\1/p')
		# (when the failed write is the output's, nothing is shown to compare)
		[ -z "$rec" ] || [ -z "$live" ] || [ "$live" = "$in_j" ] || { bad=$((bad + 1)); echo "# write $n fails: $live in force, the journal gives $in_j"; }
		rm -f ju.sav
		n=$((n + 1))
	done
	tap_is "$bad" 0 "an indented undo whose journal line fails: the game and its journal agree"
else
	tap_skip "an indented undo whose journal line fails" "strace cannot trace here"
fi

tap_done
