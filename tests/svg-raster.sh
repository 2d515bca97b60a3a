#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# svg-raster.sh: the pictures `hexaid render --svg` draws, rasterised by a real
# renderer (rsvg-convert, Debian's librsvg2-bin, which `./bootstrap deps check`
# installs) and read back pixel by pixel: for every demo scenario and every test
# board, the pixel at each hex's centre has the colour hexaid(5) gives that
# hex's terrain, computed from the scenario and its card (tests/svg-check.py
# with the PNG, read there with zlib alone). Where render-svg.sh models the
# picture's shapes, this sees what a reader sees: a style sheet, a clip or an
# overlay that paints over a hex fails here. Each picture is validated first by
# xmllint --noout (Debian's libxml2-utils, which bootstrap installs too). Skipped
# only where rsvg-convert or xmllint is missing; .ci/run fails if it was skipped
# in the quick start.
. "$top_srcdir/tests/tap.sh"

if ! command -v rsvg-convert >/dev/null 2>&1; then
	tap_skip "the pictures rasterised" "no rsvg-convert (./bootstrap deps check installs librsvg2-bin)"
	tap_done
fi
if ! command -v xmllint >/dev/null 2>&1; then
	tap_skip "the pictures validated and rasterised" "no xmllint (./bootstrap deps check installs libxml2-utils)"
	tap_done
fi
if ! python3 -c 'import yaml, zlib' 2>/dev/null; then
	tap_skip "the pictures rasterised" "no python3 with PyYAML"
	tap_done
fi
tap_tmpdir

set --
names=
for f in "$top_srcdir"/data/scenarios/*.yaml "$top_srcdir"/tests/golden/boards/*.yaml; do
	name=$(basename "$f" .yaml)
	card=$top_srcdir/data/cards/$(sed -n 's/^card: *//p' "$f").yaml
	"$HEXAID" render --svg "$tap_tmp/$name.svg" "$f" &&
		xmllint --noout "$tap_tmp/$name.svg" 2>"$tap_tmp/err" &&
		rsvg-convert "$tap_tmp/$name.svg" >"$tap_tmp/$name.png" 2>"$tap_tmp/err"
	tap_is "$?:$(cat "$tap_tmp/err")" "0:" "$name: xmllint finds it well-formed, rsvg-convert draws it"
	set -- "$@" "$name" "$tap_tmp/$name.svg" "$f" "$card" "$top_srcdir/man/hexaid.5" "$tap_tmp/$name.png"
	names="$names $name"
done

# The check sees what the renderer drew: a style sheet that paints the hexes
# over (which the shapes' fill attributes do not show) fails it.
sed 's/^\.hex {/.hex { fill: #000000;/' "$tap_tmp/tricorne-demo.svg" >"$tap_tmp/painted.svg"
rsvg-convert "$tap_tmp/painted.svg" >"$tap_tmp/painted.png"
set -- "$@" painted "$tap_tmp/painted.svg" "$top_srcdir/data/scenarios/tricorne-demo.yaml" \
	"$top_srcdir/data/cards/tricorne.yaml" "$top_srcdir/man/hexaid.5" "$tap_tmp/painted.png"

# One python for every picture (its start is most of the time).
python3 "$top_srcdir/tests/svg-check.py" --each "$@" >"$tap_tmp/problems" 2>"$tap_tmp/err"
tap_is "$(cat "$tap_tmp/err")" "" "the checker read every picture"
for name in $names; do
	grep "^$name: " "$tap_tmp/problems" >"$tap_tmp/these"
	tap_is "$(wc -l <"$tap_tmp/these")" 0 "$name: the pixel at each hex's centre is its terrain's colour"
	sed 's/^/# /' "$tap_tmp/these" | head -n 10
done
tap_is "$(grep -c '^painted: 0101 (clear): the rendered pixel at its centre (38.0, 42.0) is #000000' \
	"$tap_tmp/problems")" 1 "hexes painted over by a style sheet: the rendered pixels say so"
tap_done
