#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tutorial.sh: doc/writing-a-card.md, run. Its files (a `<!-- file: NAME -->`
# line, then a fenced block) are written, and its commands (the `$ ` lines of
# its ```console blocks) run, in order, in an empty directory; what each
# prints (standard output and error) must be the lines under it. The card the
# tutorial writes must reach 100% rule coverage, so the tutorial cannot rot.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir
doc=$top_srcdir/doc/writing-a-card.md
steps=$tap_tmp/steps
work=$tap_tmp/work
mkdir "$steps" "$work" "$tap_tmp/bin"
# `hexaid` in the commands is the hexaid under test
printf '#!/bin/sh\nexec "%s" "$@"\n' "$HEXAID" >"$tap_tmp/bin/hexaid"
chmod +x "$tap_tmp/bin/hexaid"

# Each step a file: NNN.file (the name; NNN.text its text) or NNN.cmd (the
# command; NNN.want what it prints).
awk -v dir="$steps" '
function step(kind, text) { n++; f = sprintf("%s/%03d", dir, n); printf "%s\n", text > (f "." kind); close(f "." kind); want = f ".want"; body = f ".text" }
/^<!-- file: .* -->$/ { name = $3; next }
/^```/ && !inblock {
	inblock = 1
	if (name != "") { step("file", name); kind = "file"; name = ""; printf "" > body }
	else if ($0 == "```console") kind = "console"
	else kind = "other"
	next
}
/^```$/ && inblock { inblock = 0; close(body); close(want); next }
inblock && kind == "file" { print >> body; next }
inblock && kind == "console" && /^\$ / { step("cmd", substr($0, 3)); printf "" > want; next }
inblock && kind == "console" { print >> want; next }
' "$doc"

ls "$steps" | grep -c '\.cmd$' >"$tap_tmp/ncmd"
tap_ok "$([ "$(cat "$tap_tmp/ncmd")" -ge 8 ] && echo 0 || echo 1)" "the tutorial has its commands ($(cat "$tap_tmp/ncmd"))"
for s in "$steps"/*; do
	case $s in
	*.file)
		name=$(cat "$s")
		cp "${s%.file}.text" "$work/$name"
		;;
	*.cmd)
		cmd=$(cat "$s")
		got=$(cd "$work" && PATH="$tap_tmp/bin:$PATH" sh -c "$cmd" 2>&1)
		tap_is "$got" "$(cat "${s%.cmd}.want")" "\$ $cmd"
		;;
	esac
done
cov=$(cd "$work" && "$HEXAID" test --coverage ridge.rules | tail -n 1)
tap_is "$cov" "# coverage of ridge: 22 of 22 rule rows reached (100%)" \
	"the tutorial's card: every rule row reached by its cases"
tap_done
