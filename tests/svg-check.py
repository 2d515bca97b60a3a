#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# svg-check.py SVG SCENARIO CARD MANPAGE [PNG]: checks a picture `hexaid render
# --svg` drew against the scenario and card it was drawn from, read here apart
# from hexaid (PyYAML), and the colours hexaid(5) documents under DRAWING. It
# reads the SVG as XML (so it must be well-formed), then rasterises it at points:
# the colour a point shows is the fill of the last polygon or rect in document
# order that covers it (text and strokes are kept away from the points asked).
# Given PNG, the SVG as a real renderer drew it (rsvg-convert, one pixel a
# unit), the pixel at each hex's centre must show that colour too: the PNG is
# read here with zlib alone (8-bit RGB or RGBA, not interlaced).
# It asks the centre of every hex, computed here from hex 01 01's polygon and
# the board's orientation and offset: the colour must be the documented colour
# of the hex's terrain (the first glyph of its map code that is hex terrain),
# and the polygon there the hex's own. Each hexside feature the scenario lists
# must be a line across the middle of that side in the feature's colour; each
# unit a counter inside its hex showing its id and strength. Prints one line
# per problem and exits 1, or exits 0. With --each NAME SVG SCENARIO CARD
# MANPAGE PNG ..., checks several pictures in one run, each line led by NAME.
import math
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

import yaml

NS = '{http://www.w3.org/2000/svg}'
problems = []
prefix = ['']


def problem(msg):
    problems.append(msg)
    print(prefix[0] + msg)


def palette(man):
    """role -> fill, from the lines of hexaid(5)'s DRAWING table."""
    roles = {}
    for line in open(man, encoding='utf-8'):
        m = re.match(r'^([a-z_]+)\s+(#[0-9a-f]{6})\s*$', line)
        if m:
            roles[m.group(1)] = m.group(2)
    return roles


def points_of(el):
    pts = [tuple(map(float, p.split(','))) for p in el.get('points').split()]
    return pts


def inside_polygon(pts, x, y):
    n, c = len(pts), False
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < (x1 - x0) * (y - y0) / (y1 - y0) + x0:
            c = not c
    return c


def rect_box(el, width, height):
    def num(v, whole):
        return whole * float(v[:-1]) / 100 if v.endswith('%') else float(v)
    x, y = num(el.get('x', '0'), width), num(el.get('y', '0'), height)
    return x, y, num(el.get('width'), width), num(el.get('height'), height)


def colour_at(shapes, x, y):
    for kind, el, geo in reversed(shapes):
        if kind == 'polygon' and inside_polygon(geo, x, y):
            return el
        if kind == 'rect' and geo[0] <= x <= geo[0] + geo[2] and geo[1] <= y <= geo[1] + geo[3]:
            return el
    return None


def read_png(path, last):
    """(width, height, rows of bytes, bytes per pixel) of an 8-bit RGB(A) PNG,
    its rows decoded up to row last."""
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('%s: not a PNG' % path)
    pos, idat, head = 8, b'', None
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            head = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    width, height, depth, ctype, _, _, interlace = head
    if depth != 8 or ctype not in (2, 6) or interlace:
        raise ValueError('%s: depth %d colour type %d interlace %d' % (path, depth, ctype, interlace))
    bpp = 3 if ctype == 2 else 4
    raw, stride, rows = zlib.decompress(idat), width * bpp, []
    prev = bytearray(stride)
    for y in range(min(height, last + 1)):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        unfilter(f, line, prev, bpp)
        rows.append(line)
        prev = line
    return width, height, rows, bpp


def unfilter(f, line, prev, bpp):
    """Undo one row's PNG filter f in place, given the row above."""
    n = len(line)
    if f == 1:
        for i in range(bpp, n):
            line[i] = (line[i] + line[i - bpp]) & 255
    elif f == 2:
        for i in range(n):
            line[i] = (line[i] + prev[i]) & 255
    elif f == 3:
        for i in range(n):
            line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
    elif f == 4:
        for i in range(n):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255


def pixel(png, x, y):
    """The colour of the pixel that holds point (x, y), as #rrggbb."""
    width, height, rows, bpp = png
    px, py = int(x), int(y)
    if not (0 <= px < width and 0 <= py < len(rows)):
        return None
    return '#%02x%02x%02x' % tuple(rows[py][px * bpp:px * bpp + 3])


def check(svg, scen_path, card_path, man, png_path=None):
    root = ET.parse(svg).getroot()      # raises on a picture that is not XML
    scen = yaml.safe_load(open(scen_path, encoding='utf-8'))
    card = yaml.safe_load(open(card_path, encoding='utf-8'))
    roles = palette(man)
    if len(roles) < 10:
        problem('hexaid(5) lists %d colours' % len(roles))
    if root.tag != NS + 'svg' or not (root.findtext(NS + 'title') or '').strip():
        problem('no <svg> with a <title>')
    width, height = float(root.get('width')), float(root.get('height'))

    terrain = card['terrain']
    drawing = card.get('drawing') or {}
    by_glyph = {t.get('glyph'): tid for tid, t in terrain.items() if t.get('glyph')}

    def fill_of(tid):
        return roles.get((drawing.get(tid) or {}).get('colour', 'none'))

    shapes = []
    for el in root.iter():
        if el.tag == NS + 'polygon':
            shapes.append(('polygon', el, points_of(el)))
        elif el.tag == NS + 'rect':
            shapes.append(('rect', el, rect_box(el, width, height)))

    board = scen['board']
    cols, rows = board['columns'], board['rows']
    pointy = board.get('orientation', 'flat') == 'pointy'
    odd = board.get('offset', 'odd') == 'odd'
    digits = 2
    first = root.find('.//%spolygon[@id="hex-0101"]' % NS)
    if first is None:
        problem('no polygon hex-0101')
        return
    pts = points_of(first)
    cx0 = sum(p[0] for p in pts) / 6
    cy0 = sum(p[1] for p in pts) / 6
    size = math.hypot(pts[0][0] - cx0, pts[0][1] - cy0)
    w = math.sqrt(3) * size

    def centre(c, r):
        if pointy:
            shove = (r % 2 == 1) if odd else (r % 2 == 0)
            shove0 = False if odd else True
            return cx0 + w * c + (w / 2) * (shove - shove0), cy0 + 1.5 * size * r
        shove = (c % 2 == 1) if odd else (c % 2 == 0)
        shove0 = False if odd else True
        return cx0 + 1.5 * size * c, cy0 + w * r + (w / 2) * (shove - shove0)

    def label(c, r):
        return '%0*d%0*d' % (digits, c + 1, digits, r + 1)

    codes = [row.split() for row in scen['map']['rows']]
    png = None
    if png_path:      # the board's rows only, not the legend's
        png = read_png(png_path, int(max(centre(c, r)[1] for c in range(cols)
                                            for r in range(rows))) + 1)
    for r in range(rows):
        for c in range(cols):
            code = codes[r][c] if r < len(codes) and c < len(codes[r]) else '.'
            base = None
            for ch in code:
                tid = by_glyph.get(ch)
                if tid and terrain[tid].get('kind', 'hex') == 'hex':
                    base = tid
                    break
            x, y = centre(c, r)
            el = colour_at(shapes, x, y)
            want = fill_of(base) if base else roles.get('none')
            if el is None:
                problem('%s: nothing drawn at its centre (%.1f, %.1f)' % (label(c, r), x, y))
            elif el.get('fill') != want or el.get('id') != 'hex-' + label(c, r):
                problem('%s (%s): its centre (%.1f, %.1f) shows %s of %s, not %s' %
                        (label(c, r), base, x, y, el.get('fill'), el.get('id'), want))
            if png is not None and pixel(png, x, y) != want:
                problem('%s (%s): the rendered pixel at its centre (%.1f, %.1f) is %s, not %s' %
                        (label(c, r), base, x, y, pixel(png, x, y), want))

    dirs = (['ne', 'e', 'se', 'sw', 'w', 'nw'], -60) if pointy else \
        (['n', 'ne', 'se', 's', 'sw', 'nw'], -90)
    lines = [el for el in root.iter(NS + 'line')]
    for side in scen.get('hexsides') or []:
        h = side['hex']
        c, r = int(h[:digits]) - 1, int(h[digits:]) - 1
        x, y = centre(c, r)
        a = math.radians(dirs[1] + 60 * dirs[0].index(side['side']))
        mx, my = x + w / 2 * math.cos(a), y + w / 2 * math.sin(a)
        found = [el for el in lines
                 if abs((float(el.get('x1')) + float(el.get('x2'))) / 2 - mx) < 0.5 and
                 abs((float(el.get('y1')) + float(el.get('y2'))) / 2 - my) < 0.5]
        want = fill_of(side['feature'])
        name = terrain[side['feature']].get('name', side['feature'])
        if not any(el.get('stroke') == want and
                   (el.findtext(NS + 'title') or '').startswith(name + ' on the')
                   for el in found):
            problem('%s %s: no %s line across that side at (%.1f, %.1f)' %
                    (h, side['side'], side['feature'], mx, my))

    units = [g for g in root.iter(NS + 'g') if g.get('class') == 'unit']
    for u in scen.get('units') or []:
        h = u['hex']
        c, r = int(h[:digits]) - 1, int(h[digits:]) - 1
        x, y = centre(c, r)
        text = '%s %s' % (u['id'], u.get('strength', ''))
        ok = False
        for g in units:
            rect, t = g.find(NS + 'rect'), g.find(NS + 'text')
            if rect is None or t is None or not (t.text or '').startswith(text):
                continue
            rx, ry, rw, rh = rect_box(rect, width, height)
            ok = inside_polygon(points_of(root.find('.//%spolygon[@id="hex-%s"]' % (NS, h))),
                                rx + rw / 2, ry + rh / 2)
        if not ok:
            problem('unit %s: no counter "%s" inside %s' % (u['id'], text, h))


if sys.argv[1] == '--each':
    # --each NAME SVG SCENARIO CARD MANPAGE PNG ...: several pictures in one run
    # (python starts once), each problem line led by its picture's NAME.
    args = sys.argv[2:]
    for i in range(0, len(args), 6):
        prefix[0] = args[i] + ': '
        check(*args[i + 1:i + 6])
else:
    check(*sys.argv[1:6])
sys.exit(1 if problems else 0)
