#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# glyphs.sh: one glyph, one meaning on the map. The marks the terminal
# interface lays over the map (the overlay table in src/engine/render.c, which
# the map pane draws from and `hexaid check` reads) are no glyph or side glyph
# of any shipped card; `hexaid check` finds every shipped card clean; and
# tests/cards/warn/glyph-clash.yaml, whose glyphs are overlay marks or drawn
# alike, makes it warn (exit 0) with exactly its .expected lines.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

# The marks, read from the table itself: `[OVERLAY_X] = { "ab", "meaning" },`.
marks=$(sed -n 's/^[[:space:]]*\[OVERLAY_[A-Z]*\] = { "\([^"]*\)".*/\1/p' \
	"$top_srcdir/src/engine/render.c" | tr -d '\n')
tap_is "$(printf '%s' "$marks" | wc -c)" 13 "the overlay table: 13 mark characters ($marks)"

if python3 -c 'import yaml' 2>/dev/null; then
	python3 - "$marks" "$top_srcdir"/data/cards/*.yaml >"$tap_tmp/clash" 2>&1 <<'PY'
import os
import sys
import yaml
marks = set(sys.argv[1])
for path in sys.argv[2:]:
    card = yaml.safe_load(open(path, encoding='utf-8'))
    used = {}
    for tid, t in card.get('terrain', {}).items():
        if t.get('glyph'):
            used.setdefault(str(t['glyph']), []).append(tid)
    for tid, d in (card.get('drawing') or {}).items():
        if (d or {}).get('side_glyph'):
            used.setdefault(str(d['side_glyph']), []).append(tid + ' (side)')
    for g, who in sorted(used.items()):
        if g in marks:
            print('%s: %s drawn with %r, an overlay mark' % (os.path.basename(path), who, g))
PY
	tap_is "$?:$(cat "$tap_tmp/clash")" "0:" "no shipped card's glyph or side glyph is an overlay mark"
else
	tap_skip "no shipped card's glyph or side glyph is an overlay mark" "no python3 with PyYAML"
fi

for card in "$top_srcdir"/data/cards/*.yaml; do
	"$HEXAID" check "$card" >"$tap_tmp/out" 2>&1
	tap_is "$?:$(cat "$tap_tmp/out")" "0:" "hexaid check $(basename "$card"): no warning"
done

cd "$top_srcdir/tests/cards/warn" || exit 1
"$HEXAID" check glyph-clash.yaml >"$tap_tmp/out" 2>"$tap_tmp/err"; st=$?
tap_is "$st:$(cat "$tap_tmp/out")" "0:" "glyph-clash: warnings only (exit 0)"
diff -u glyph-clash.expected "$tap_tmp/err" >"$tap_tmp/diff"
tap_ok $? "glyph-clash: an overlay mark as a glyph, two terrains drawn alike: warned"
sed 's/^/# /' "$tap_tmp/diff"
tap_done
