#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# render-svg.sh: `hexaid render --svg OUT FILE`, the board as a picture. Every
# demo scenario and every test board is drawn, read back as XML and rasterised
# at the centre of each hex by tests/svg-check.py, which reads the scenario and
# card itself: each centre shows the colour hexaid(5) gives the hex's terrain,
# each hexside feature is a line across its side in its colour, each unit a
# counter in its hex with its id and strength. The same game gives the same
# bytes; the picture the README shows is a demo's as drawn now; a file that
# cannot be written is an error and leaves nothing behind.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

man5="$top_srcdir/man/hexaid.5"
checker="$top_srcdir/tests/svg-check.py"
have_checker=yes
python3 -c 'import yaml, xml.etree.ElementTree' 2>/dev/null || have_checker=

picture() {   # picture SCENARIO
	name=$(basename "$1" .yaml)
	card=$(sed -n 's/^card: *//p' "$1")
	"$HEXAID" render --svg "$tap_tmp/$name.svg" "$1" >"$tap_tmp/out" 2>&1; st=$?
	tap_is "$st:$(cat "$tap_tmp/out")" "0:" "$name: render --svg writes the picture"
	if [ -z "$have_checker" ]; then
		tap_skip "$name: the picture as the scenario says" "no python3 with PyYAML"
		return
	fi
	python3 "$checker" "$tap_tmp/$name.svg" "$1" "$top_srcdir/data/cards/$card.yaml" \
		"$man5" >"$tap_tmp/problems" 2>&1
	tap_ok $? "$name: each hex's centre, side and unit as the scenario says"
	sed 's/^/# /' "$tap_tmp/problems" | head -n 20
}

for f in "$top_srcdir"/data/scenarios/*.yaml "$top_srcdir"/tests/golden/boards/*.yaml; do
	picture "$f"
done


"$HEXAID" render --svg - "$top_srcdir/data/scenarios/tricorne-demo.yaml" >"$tap_tmp/again.svg"
cmp -s "$tap_tmp/again.svg" "$tap_tmp/tricorne-demo.svg"
tap_ok $? "the same game gives the same bytes (- writes to stdout)"
cmp -s "$top_srcdir/doc/tricorne-demo.svg" "$tap_tmp/tricorne-demo.svg"
tap_ok $? "doc/tricorne-demo.svg, the README's picture, is the demo as drawn now"

# A title with markup in it stays text.
sed 's/^title: .*/title: "A <b>\&amp; \\"B\\""/' "$top_srcdir/data/scenarios/tricorne-demo.yaml" \
	>"$tap_tmp/markup.yaml"
"$HEXAID" render --svg "$tap_tmp/markup.svg" "$tap_tmp/markup.yaml" 2>"$tap_tmp/err"
tap_is "$(grep -c '<b>' "$tap_tmp/markup.svg"):$(grep -o '<title id="title">[^<]*' "$tap_tmp/markup.svg")" \
	'0:<title id="title">A &lt;b&gt;&amp;amp; &quot;B&quot;' "a title's markup is escaped"

# Every picture written here is well-formed XML (svg-raster.sh, which .ci/run
# holds to running, checks those of the demos and boards with xmllint too).
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$tap_tmp"/*.svg 2>"$tap_tmp/err"
	tap_is "$?:$(cat "$tap_tmp/err")" "0:" "xmllint: every picture is well-formed XML ($(ls "$tap_tmp"/*.svg | wc -l))"
else
	tap_skip "xmllint: every picture is well-formed XML" "no xmllint (libxml2-utils)"
fi

mkdir "$tap_tmp/ro" && chmod a-w "$tap_tmp/ro"
"$HEXAID" render --svg "$tap_tmp/ro/x.svg" "$top_srcdir/data/scenarios/tricorne-demo.yaml" \
	>"$tap_tmp/out" 2>&1; st=$?
if [ -w "$tap_tmp/ro" ]; then
	tap_skip "an unwritable place: exit 1, nothing left" "running as root"
else
	tap_is "$st:$(sed "s|$tap_tmp/||" "$tap_tmp/out"):$(ls "$tap_tmp/ro")" \
		"1:hexaid: ro/x.svg: cannot write: Permission denied:" \
		"an unwritable place: exit 1, said, nothing left"
fi
tap_done
