#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
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
printf 'note a"#b\nnote "x""y" "" z\nnote "q"" #"\nsave "q q.sav"\nshow state\n' |
	"$HEXAID" script "$demo" - >out 2>&1; st=$?
sed -n '/^> show state$/,$p' out | tail -n +2 >q.live
printf 'show state\n' | "$HEXAID" script "q q.sav" - 2>&1 | tail -n +2 >q.loaded
"$HEXAID" log "q q.sav" | sed -n 3,5p >q.log
printf 'note: a"#b\nnote: x"y  z\nnote: q" #\n' >q.want
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

# A journal line with its checksum (CRC-32, as gzip keeps it in its trailer).
framed() {
	printf '%s\t#%s\n' "$1" "$(printf '%s' "$1" | gzip -c | tail -c 8 | head -c 4 | od -An -tx4 | tr -d ' \n')"
}

# --- 9: journal lines carry their order, and the journal its game's checksum ----------
printf 'note a\nnote b\nnote c\n' | "$HEXAID" script --journal j9 "$demo" - >/dev/null
{ sed -n 1,2p j9; sed -n 4p j9; sed -n 3p j9; } >j9.swapped
"$HEXAID" recover j9.swapped >out 2>err; st=$?
tap_is "$st:$(head -n 1 out)" "1:recovered 1 of 1 commands from j9.swapped; dropped 2 incomplete or damaged line(s) from line 3 on" \
	"lines out of order: recovery stops before them and says so"
{ cat j9; sed -n 4p j9; } >j9.twice
"$HEXAID" recover j9.twice >out 2>err; st=$?
tap_is "$st:$(head -n 1 out)" "1:recovered 3 of 3 commands from j9.twice; dropped 1 incomplete or damaged line(s) from line 5 on" \
	"a line written twice is not replayed twice"
cp "$demo" edited.yaml
printf 'note a\n' | "$HEXAID" script --journal j9e edited.yaml - >/dev/null
echo "# edited" >>edited.yaml
"$HEXAID" recover j9e >out 2>err; st=$?
tap_is "$st:$(cat err)" "1:hexaid: recover: $here/edited.yaml has changed since this journal began: its commands would be replayed onto another map; put back the scenario as it was" \
	"a scenario edited since its journal began is not replayed onto"

# --- 5: recovery keeps every line it does not replay, and says which ------------------
printf 'note 1\nnote 2\nnote 3\nnote 4\nnote 5\nnote 6\n' | "$HEXAID" script --journal j5 "$demo" - >/dev/null
sed '5s/note 4/note X/' j5 >j5.bad
cp j5.bad j5.before
"$HEXAID" recover j5.bad -o j5.sav >out 2>err; st=$?
"$HEXAID" log j5.sav | grep -c '^note: ' >n5
tap_is "$st:$(head -n 1 out):$(cat n5):$(cmp -s j5.bad j5.before && echo kept)" \
	"1:recovered 3 of 3 commands from j5.bad; dropped 3 incomplete or damaged line(s) from line 5 on:3:kept" \
	"a damaged line in the middle: the lines before it recovered and saved, the journal untouched"
{ head -n 1 j5; framed "1 note 1"; framed "2 move NOSUCH 0101"; framed "3 note 3"; } >j5.stale
"$HEXAID" recover j5.stale -o j5s.sav >out 2>err; st=$?
"$HEXAID" log j5s.sav | grep -c '^note: ' >n5
tap_is "$st:$(cat err):$(cat n5)" \
	"1:hexaid: j5.stale: line 3 no longer applies: move NOSUCH 0101; it and the 1 after it were not replayed:1" \
	"a line that no longer applies: recover -o still writes what came before it"
{ head -n 1 j5; framed "1 note 1"; framed "2 nosuchcommand"; } >j5.unknown
"$HEXAID" recover j5.unknown >out 2>err; st=$?
tap_is "$st:$(head -n 1 out)" "1:recovered 1 of 2 commands from j5.unknown" \
	"an unknown command in a journal is not counted as recovered"

# --- 2: a journal that holds commands is never replaced -------------------------------
printf 'note first\n' | "$HEXAID" script --journal j2 "$demo" - >/dev/null
printf 'note second\n' | "$HEXAID" script --journal j2 "$demo" - >out 2>err; st=$?
"$HEXAID" recover j2.discarded | head -n 1 >rec
tap_is "$st:$(cat err):$(cat rec)" \
	"0:hexaid: warning: j2 held commands not in a save: it was kept as j2.discarded (hexaid recover replays it):recovered 1 of 1 commands from j2.discarded" \
	"a journal holding commands is kept aside, not replaced"
printf 'note third\n' | "$HEXAID" script --journal j2 "$demo" - >/dev/null 2>err
tap_is "$(cat err)" "hexaid: warning: j2 held commands not in a save: it was kept as j2.discarded.2 (hexaid recover replays it)" \
	"and a journal kept aside before is not replaced either"

# --- 8: a journal and a save are locked while played ----------------------------------
mkfifo hold
"$HEXAID" script --journal j8 "$demo" hold >/dev/null 2>&1 &
holder=$!
exec 9>hold   # the first hexaid waits for its commands, holding j8
deadline=$(($(date +%s) + 10))
while [ ! -e j8.lock ] && [ "$(date +%s)" -le $deadline ]; do :; done
printf 'note x\n' | "$HEXAID" script --journal j8 "$demo" - >out 2>err; st=$?
tap_is "$st:$(cat err)" "1:hexaid: j8 is open in another hexaid (pid $holder)" \
	"a second hexaid on the same journal is refused, naming the first"
exec 9>&-
wait $holder
printf 'note a\nsave g8.sav\n' | "$HEXAID" script "$demo" - >/dev/null
echo 1 >g8.sav.lock    # pid 1 is alive, but holds no lock
printf 'show state\n' | "$HEXAID" script g8.sav - >out 2>err; st=$?
tap_is "$st:$(cat err):$(ls g8.sav.lock 2>/dev/null)" "0::" "a lock file no hexaid holds is taken, and goes at the end"

# --- issue 26 (4): --journal refuses what is not a regular file, and leaves it be ---
# (a device of its own, never /dev/null: a hexaid that renames it would take it
# from every program on the machine)
mkdir mygames
mkfifo jfifo
ln -s m.target jlink
devs=
mknod jdev c 1 3 2>/dev/null && devs=jdev
for what in mygames jfifo jlink $devs; do
	printf 'note a\n' | timeout 10 "$HEXAID" script --journal "$what" "$demo" - >out 2>err; st=$?
	tap_is "$st:$(grep -c 'not a regular file' err):$(ls -d "$what".* 2>/dev/null)" "1:1:" \
		"--journal $what: refused, nothing renamed or made beside it"
done
[ -n "$devs" ] || tap_skip "--journal on a device: refused" "no device can be made here"
tap_is "$(stat -c %F mygames jfifo):$(readlink jlink):$(ls -A mygames)" \
	"directory
fifo:m.target:" "the directory, the FIFO and the link are as they were"

# --- issue 26 (8): a save never goes over hexaid's own files -------------------------
printf 'note a\nsave j26\nnote b\n' | "$HEXAID" script --journal j26 "$demo" - >out 2>err; st=$?
"$HEXAID" recover j26 >rec 2>&1
tap_is "$st:$(grep -c 'this game.s journal' out):$(head -n 1 rec)" \
	"1:1:recovered 1 of 1 commands from j26" "save onto the game's own journal: refused, the journal whole"
printf 'note a\nsave g26.sav\nsave g26.sav.lock\nsave g26.sav.bak.1\n' |
	"$HEXAID" script --keep-going "$demo" - >/dev/null 2>&1
printf 'note b\nsave\nsave g26.sav.lock\nsave g26.sav.bak.1\nsave g26.sav.journal\n' |
	"$HEXAID" script --keep-going --journal g26.sav.journal g26.sav - >out 2>err; st=$?
tap_is "$st:$(grep -c '^error: .*lock file' out):$(grep -c '^error: .*backup' out):$(grep -c '^error: .*journal' out)" \
	"1:1:1:1" "save onto the game's lock, its backup or its journal: refused, saying why"
printf 'note c\n' | "$HEXAID" script --journal jr26 "$demo" - >/dev/null
"$HEXAID" recover -o g26.sav.journal jr26 >out 2>err; st=$?
tap_is "$st:$(grep -c 'journal' err):$(head -c 14 g26.sav.journal)" "1:1:hexaid-journal" \
	"recover -o onto another journal: refused, the journal kept"
"$HEXAID" recover -o jr26 jr26 >out 2>err; st=$?
tap_is "$st:$(head -c 14 jr26)" "1:hexaid-journal" "recover -o onto the journal it reads: refused"
"$HEXAID" recover -o mygames jr26 >out 2>err; st=$?
tap_is "$st:$(grep -c 'directory' err)" "1:1" "recover -o onto a directory: refused"

# --- issue 26 (7): a save to a game another hexaid has open is refused, unless forced --
printf 'note mine\nsave held26.sav\n' | "$HEXAID" script "$demo" - >/dev/null
cp held26.sav held26.before
mkfifo hold26
"$HEXAID" script held26.sav hold26 >/dev/null 2>&1 &
holder=$!
exec 8>hold26   # the first hexaid waits for its commands, holding held26.sav
deadline=$(($(date +%s) + 10))
until [ "$(cat held26.sav.lock 2>/dev/null)" = "$holder" ] || [ "$(date +%s)" -gt $deadline ]; do :; done
printf 'note theirs\nsave held26.sav\n' | "$HEXAID" script "$demo" - >out 2>err; st=$?
tap_is "$st:$(grep -c "^error: held26.sav is open in another hexaid (pid $holder)" out):$(cmp -s held26.sav held26.before && echo kept)" \
	"1:1:kept" "save over a game another hexaid has open: refused, naming it (E768)"
grep -q 'save --force held26.sav' out
tap_ok $? "the refusal says how to force it"
printf 'note theirs\nsave --force held26.sav\n' | "$HEXAID" script "$demo" - >out 2>err; st=$?
tap_is "$st:$(grep -c '^  note theirs$' held26.sav)" "0:1" "save --force writes it all the same"
printf 'note again\nsave held26.sav --force\n' | "$HEXAID" script "$demo" - >out 2>err; st=$?
tap_is "$st:$(grep -c '^  note again$' held26.sav)" "0:1" "and so does --force last, as every command takes it"
"$HEXAID" recover -o held26.sav jr26 >out 2>err; st=$?
tap_is "$st:$(grep -c 'open in another hexaid' err)" "1:1" "recover -o over a game open in another hexaid: refused"
echo 'show state' >&8
exec 8>&-
wait $holder
tap_is "$(ls held26.sav.lock 2>/dev/null)" "" "the holder ends; its lock goes"

# --- 3: a save opened through a symbolic link is written through it -------------------
mkdir campaign
printf 'note turn 5\nsave campaign/turn5.sav\n' | "$HEXAID" script "$demo" - >/dev/null
ln -s campaign/turn5.sav current.sav
printf 'note a\nsave\nnote b\n' | "$HEXAID" script --journal j3 current.sav - >/dev/null
"$HEXAID" recover j3 >out 2>err; st=$?
tap_is "$([ -L current.sav ] && echo link):$(grep -c '^  note a$' campaign/turn5.sav):$st:$(head -n 1 out)" \
	"link:1:0:recovered 1 of 1 commands from j3" \
	"saved through a link: the link stays, the file it names is saved, the journal follows it"
head -n 1 j3 | grep -q " save=$here/campaign/turn5.sav	"
tap_ok $? "the journal names the file the link points at"

# --- 14: files get the umask's permissions ------------------------------------------
(umask 077; printf 'note a\nsave m.sav\n' | "$HEXAID" script --journal m.j "$demo" - >/dev/null)
tap_is "$(stat -c %a m.sav m.j | tr '\n' ' ')" "600 600 " "under umask 077 a save and a journal are private"
chmod 640 m.sav
(umask 022; printf 'note b\nsave\n' | "$HEXAID" script m.sav - >/dev/null)
tap_is "$(stat -c %a m.sav)" 640 "a save saved again keeps its permissions"

if [ -n "$have_strace" ]; then
	# --- 7: a save that fails at its rename leaves the backups as they were -------------
	printf 'note 1\nsave r7.sav\n' | "$HEXAID" script "$demo" - >/dev/null
	for i in 2 3 4; do printf 'note %s\nsave\n' $i | "$HEXAID" script r7.sav - >/dev/null; done
	for f in r7.sav r7.sav.bak.1 r7.sav.bak.2 r7.sav.bak.3; do cp "$f" "$f.copy"; done
	for i in 5 6 7; do
		printf 'note %s\nsave\n' $i | strace -f -qq -o /dev/null -e trace=rename \
			-e inject=rename:error=EIO "$HEXAID" script r7.sav - >/dev/null 2>&1
	done
	same=0
	for f in r7.sav r7.sav.bak.1 r7.sav.bak.2 r7.sav.bak.3; do cmp -s "$f" "$f.copy" && same=$((same + 1)); done
	tap_is "$same:$(ls r7.sav.bak.0 2>/dev/null)" "4:" "three saves failing at their rename: the save and its three backups as they were"

	# --- 6: where no hard link can be made --------------------------------------------
	printf 'note 1\nsave h6.sav\n' | "$HEXAID" script "$demo" - >/dev/null
	cp h6.sav h6.first
	printf 'note 2\nsave\n' | strace -f -qq -o /dev/null -e inject=link:error=EPERM \
		"$HEXAID" script h6.sav - >/dev/null 2>&1
	cmp -s h6.sav.bak.1 h6.first
	tap_ok $? "no hard links: the previous save is copied to .bak.1"
	# the journal cannot start again after the save (its first line cannot be
	# flushed: the third fdatasync, after the journal's first line and note a),
	# and no backup is left: the journal goes on, marked, and is recovered from
	# the mark
	printf 'note a\nsave\nnote b\nshow state\n' >j6.cmds
	strace -f -qq -o /dev/null -e trace=fdatasync -e inject=fdatasync:error=ENOSPC:when=3 \
		"$HEXAID" script --journal j6 h6.sav j6.cmds >out 2>&1
	rm -f h6.sav.bak.*
	live=$(sed -n '/^> show state$/,$p' out | tail -n +2)
	"$HEXAID" recover j6 >rec 2>err; st=$?
	tap_is "$st:$(tail -n +2 rec)" "0:$live" "the journal could not start again and no backup is left: recovered from its mark of the save"
	grep -q "the game was saved as $here/h6.sav at line 3 of the journal: replaying the 1 commands after it" err
	tap_ok $? "and recover says so"

	# --- 16: a save in a read-only place opens, with a warning ----------------------------
	printf 'note a\nsave ro.sav\n' | "$HEXAID" script "$demo" - >/dev/null
	printf 'show state\n' | strace -f -qq -o /dev/null -P "$here/ro.sav.lock" -e trace=openat \
		-e inject=openat:error=EROFS "$HEXAID" script ro.sav - >out 2>err; st=$?
	tap_is "$st:$(grep -c '^commands in force: 1' out):$(cat err)" \
		"0:1:hexaid: warning: $here/ro.sav.lock: cannot take the lock: Read-only file system; the game is open without a lock: to keep changes, save it to a file in another place (save FILE)" \
		"a save where no lock can be made opens, saying it has no lock"
else
	tap_skip "failed renames, no hard links, read-only places" "strace cannot trace here"
fi

# --- 11: reading any file hexaid accepts takes time in proportion to it -------------------
printf 'note a\nnote b\nsave un.sav\n' | "$HEXAID" script "$demo" - >/dev/null
sed 's/^  note b$/  note b\n  undo/' un.sav >un2.sav
"$HEXAID" check un2.sav >out 2>&1; st=$?
tap_is "$st:$(head -n 3 out | tr '\n' '|')" \
	"1:un2.sav:9:3: error: command 3 of this save no longer applies: undo|  undo|  ^|" \
	"a save holds no undo (each would replay the game from its start), said at its line"
# The work of a recovery, counted as allocations in a fault-injection build
# (never timed): a journal twice as long, of notes and then as many undos, costs
# about twice as much, not four times.
if grep -q '^#define HEXAID_FAULT_INJECTION 1' "$top_builddir/config.h" 2>/dev/null; then
	for n in 400 800; do
		awk -v n=$n 'BEGIN { for (i = 0; i < n; i++) print "note " i; for (i = 0; i < n; i++) print "undo" }' >nu.$n
		"$HEXAID" script --journal jn.$n "$demo" nu.$n >/dev/null
		: >flog
		HEXAID_FAULT=alloc:0 HEXAID_FAULT_LOG=$PWD/flog "$HEXAID" recover jn.$n >/dev/null
		eval "work$n=\$(sed -n 's/^count alloc=\([0-9]*\).*/\1/p' flog)"
	done
	# shellcheck disable=SC2154
	tap_is "$([ $((work800 * 10 / work400)) -lt 30 ] && echo linear)" linear \
		"recovering notes and as many undos: twice the lines, at most three times the work ($work400, $work800)"
else
	tap_skip "the work of a recovery grows with its length" "configure --enable-fault-injection counts it"
fi

# --- 12: nothing reaches the terminal raw ---------------------------------------------
esc=$(printf '\033')
sed 's/^title: .*/title: "X\\e]0;PWNED\\a\\e]52;c;cm0gLXJmIH4=\\a\\e[2J"/' \
	"$top_srcdir/data/cards/tricorne.yaml" >evil.yaml
title_line=$(grep -n '^title:' evil.yaml | cut -d: -f1)
"$HEXAID" chart evil.yaml >out 2>&1; st=$?
tap_is "$st:$(grep -c "$esc" out):$(head -n 1 out)" \
	"1:0:evil.yaml:$title_line:8: error: control characters (such as ESC) are not allowed in text: a terminal would obey them" \
	"a card whose title holds terminal escapes is refused, and nothing raw is printed"
sed 's/id: B1,/id: "B\\e1",/' "$demo" >evil-unit.yaml
"$HEXAID" render evil-unit.yaml >out 2>&1; st=$?
tap_is "$st:$(grep -c "$esc" out)" "1:0" "a unit id holding ESC is refused"
printf 'note \033]52;c;cm0=\007 caf\303\251 \302\233 x\n' | "$HEXAID" script "$demo" - >out 2>&1
tap_is "$(head -n 1 out)" '> note \x1b]52;c;cm0=\x07 café \xc2\x9b x' \
	"a script line with escapes is echoed escaped; text stays as it is"
# bidirectional controls would reorder what the terminal shows (issue 26, minor)
printf 'note a\342\200\256b \342\201\246c \342\200\217d \342\200\224\n' | "$HEXAID" script "$demo" - >out 2>&1
tap_is "$(head -n 1 out)" '> note a\xe2\x80\xaeb \xe2\x81\xa6c \xe2\x80\x8fd —' \
	"bidi controls (U+202E, U+2066, U+200F) are echoed escaped; a dash stays as it is"
"$HEXAID" check "x${esc}[2J.yaml" >out 2>&1
tap_is "$(cat out)" 'x\x1b[2J.yaml: error: cannot open: No such file or directory' \
	"a file name is printed escaped"

# --- 13: a file another file names is quoted only when it is a hexaid file ------------
printf 'SECRET LINE ONE\nSECRET LINE TWO\n' >secret.txt
sed 's/^card: .*/card: .\/secret.txt/' "$demo" >names-secret.yaml
"$HEXAID" check names-secret.yaml >out 2>&1; st=$?
tap_is "$st:$(grep -c SECRET out)" "1:0" "a scenario naming any file as its card: that file's lines are not printed"

# --- 17: messages -----------------------------------------------------------------------
awk 'BEGIN { s = "x"; while (length(s) < 300000) s = s s; printf "kind: card\nschema: 1\nid: long\ntitle: %s\n", substr(s, 1, 300000) }' >long.yaml
"$HEXAID" check long.yaml >out 2>&1; st=$?
tap_is "$st:$([ "$(wc -c <out)" -lt 1000 ] && echo short)" "1:short" \
	"an error on a 300,000-character line quotes the part around the caret"
printf 'note a\000b\nshow state\n' | "$HEXAID" script --keep-going "$demo" - >out 2>&1; st=$?
tap_is "$st:$(sed -n 2p out):$(grep -c '^commands in force: 0' out)" "1:error: a NUL byte in the line: a command is text:1" \
	"a NUL byte in a script line is refused, not read as the line cut there"
printf 'note a\r\nnote b\r\nshow state\r\n' | "$HEXAID" script "$demo" - >out 2>&1; st=$?
tap_is "$st:$(grep -c '^commands in force: 2' out)" "0:1" "a script with CR LF line ends runs"
awk 'BEGIN { s = "k"; while (length(s) < 1100) s = s s; printf "kind: card\nschema: 1\n%s: 1\n", substr(s, 1, 1100) }' >key.yaml
"$HEXAID" check key.yaml >out 2>&1; st=$?
tap_is "$st:$(head -n 1 out)" "1:key.yaml:3:1: error: a key (or a line read as one) longer than 1024 characters: YAML reads no longer keys" \
	"a key over 1024 characters is said so, not as a missing ':'"
"$HEXAID" roll -3d6 >out 2>&1; st=$?
tap_is "$st:$(cat out)" "2:hexaid: roll: -3d6 is read as an option; an expression that starts with '-' comes after '--': hexaid roll -- -3d6" \
	"roll -3d6 says how to write it"
"$HEXAID" roll --odds -- -3d6 >out 2>&1; st=$?
tap_is "$st:$(grep -cE '^ +-18 +0\.46% +1/216 ' out):$(grep -cE '^ +-3 +0\.46% ' out):$(grep -cE '^ +3 ' out)" "0:1:1:0" \
	"roll -- -3d6, as that advice says, reads 3d6 taken away: -18 to -3"

# --- 15: output that cannot be written is an error -------------------------------------
if [ -w /dev/full ]; then
	bad=
	for cmd in "--help" "render $demo" "log $demo" "chart tricorne" "cards"; do
		# shellcheck disable=SC2086
		"$HEXAID" $cmd >/dev/full 2>err; st=$?
		[ "$st:$(cat err)" = "1:hexaid: write error: No space left on device" ] || bad="$bad [$cmd: $st]"
	done
	printf 'note a\n' | "$HEXAID" script "$demo" - >/dev/full 2>err; st=$?
	[ "$st" = 1 ] || bad="$bad [script: $st]"
	tap_is "$bad" "" "--help, render, log, chart, cards and script to a full disk: exit 1, and why"
else
	tap_skip "output to a full disk" "no /dev/full here"
fi

# --- script input that cannot be read (issue 26, defect 10): an error with the
# line number, never the end of the script ------------------------------------------
if [ -n "$have_strace" ]; then
	printf 'note a\nnote b\n' | strace -o rd.log -e trace=read "$HEXAID" script "$demo" - >/dev/null
	n=$(grep -n '^read(' rd.log | grep ':read(0,' | sed -n 2p | cut -d: -f1)
	printf 'note a\nnote b\n' | strace -o /dev/null -e trace=read -e inject=read:error=EIO:when="$n" \
		"$HEXAID" script "$demo" - >out 2>err; st=$?
	tap_is "$st:$(grep -c '^note: [ab]$' out):$(cat err)" \
		"1:2:hexaid: <stdin>:3: error: cannot read line 3 of the script: Input/output error; the commands before it ran, none after it" \
		"a read error on script input after two lines: exit 1 with its line number"
else
	tap_skip "a read error on script input" "strace cannot trace here"
fi
if [ "${HEXAID_SANITIZED:-no}" != yes ] && (ulimit -v 400000) 2>/dev/null; then
	(ulimit -v 400000
	 { printf 'note a\nnote '; head -c 300000000 /dev/zero | tr '\0' x; printf '\n'; } |
		"$HEXAID" script "$demo" - >out 2>err); st=$?
	tap_is "$st:$(grep -c '^note: a$' out):$(grep -c '^hexaid: <stdin>:2: error: cannot read line 2 of the script: Cannot allocate memory' err)" \
		"1:1:1" "no memory for a 300 MB line of script input: exit 1 with its line number"
else
	tap_skip "no memory for a line of script input" "ulimit -v does not hold under the sanitizers"
fi

tap_done
