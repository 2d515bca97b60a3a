#!/bin/sh
# render.sh: golden renders. Every demo scenario in data/scenarios renders exactly
# as tests/golden/NAME.txt (update one with: hexaid render data/scenarios/NAME.yaml
# > tests/golden/NAME.txt, after checking the change by eye), and no line of a
# render is wider than 80 columns.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

for f in "$top_srcdir"/data/scenarios/*.yaml; do
	name=$(basename "$f" .yaml)
	"$HEXAID" render "$f" >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
	tap_is "$st:$(cat "$tap_tmp/err")" "0:" "$name: renders"
	if cmp -s "$tap_tmp/out" "$top_srcdir/tests/golden/$name.txt"; then
		tap_ok 0 "$name: render as golden"
	else
		tap_ok 1 "$name: render as golden"
		diff -u "$top_srcdir/tests/golden/$name.txt" "$tap_tmp/out" | sed 's/^/# /'
	fi
	tap_is "$(awk 'length > 80' "$tap_tmp/out")" "" "$name: fits 80 columns"
done
tap_done
