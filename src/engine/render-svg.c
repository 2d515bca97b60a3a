/* render-svg.c: the map of a game as an SVG picture (engine layer), for a
 * battle report, a printer or a rules discussion. Each hex a polygon filled
 * with the colour of its terrain's role (the card's `drawing:` colour), its
 * label at the top, its terrain's glyph and level at the left, tokens and a
 * structure's hits at the right; hexside features as thick lines along the
 * sides they stand on; each unit a counter in its side's colour with its id and
 * strength, in the lower half, so that a hex's centre always shows its
 * terrain's colour; a legend under the board. Every shape has a <title> naming
 * what it is, so that colour is never the only cue. Coordinates are printed
 * with one decimal, so the same game gives the same bytes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "strutil.h"
#include "xmalloc.h"

#define R 30.0          /* a hex's centre to a corner */
#define MARGIN 12.0
#define LEGEND_LINE 18.0
#define SQRT3 1.7320508075688772
#define PI 3.14159265358979323846

/* The fill of each map colour role, in the order of MAP_COLOURS (hexaid(5),
 * DRAWING lists them). */
static const char *const role_fill[N_MAP_COLOURS] = {
	"#dddddd", /* none */
	"#eeeebb", /* open */
	"#44bb99", /* woods */
	"#77aadd", /* water */
	"#99ddff", /* marsh */
	"#bbcc33", /* rough */
	"#ee8866", /* high_ground */
	"#ffaabb", /* built_up */
	"#aaaa00", /* works */
	"#ddaa33", /* road */
};

/* The sides' counters, one colour each in turn (Paul Tol's high contrast and
 * dark colours, white text readable on each). */
static const char *const side_fill[] = { "#004488", "#bb5566", "#997700", "#117733",
	                                 "#882255", "#332288" };
#define N_SIDE_FILLS (sizeof side_fill / sizeof side_fill[0])

const char *
render_svg_fill(enum map_colour c)
{
	return (unsigned)c < N_MAP_COLOURS ? role_fill[c] : role_fill[MAP_COLOUR_NONE];
}

/* ---- geometry ----------------------------------------------------------------- */

struct layout {
	const struct hex_board *b;
	double w, h;            /* the picture's board part */
};

static bool
shoved(const struct hex_board *b, int n)
{
	return b->offset == HEX_ODD ? n % 2 != 0 : n % 2 == 0;
}

/* The centre of the hex in column c and row r (0-based). */
static void
centre(const struct layout *l, int c, int r, double *x, double *y)
{
	if (l->b->orientation == HEX_POINTY) {
		*x = MARGIN + SQRT3 * R * (c + 0.5 + (shoved(l->b, r) ? 0.5 : 0.0));
		*y = MARGIN + R + 1.5 * R * r;
	} else {
		*x = MARGIN + R + 1.5 * R * c;
		*y = MARGIN + SQRT3 * R * (r + 0.5 + (shoved(l->b, c) ? 0.5 : 0.0));
	}
}

/* Corner k of a hex: the side in direction d runs from corner d to corner d+1
 * (hex.h numbers directions clockwise from ne, pointy, or n, flat). */
static void
corner(const struct layout *l, double cx, double cy, int k, double *x, double *y)
{
	double base = l->b->orientation == HEX_POINTY ? -90.0 : -120.0;
	double a = (base + 60.0 * k) * PI / 180.0;

	*x = cx + R * cos(a);
	*y = cy + R * sin(a);
}

static void
layout_init(struct layout *l, const struct hex_board *b)
{
	l->b = b;
	if (b->orientation == HEX_POINTY) {
		l->w = 2 * MARGIN + SQRT3 * R * (b->columns + (b->rows > 1 ? 0.5 : 0.0));
		l->h = 2 * MARGIN + R * (1.5 * b->rows + 0.5);
	} else {
		l->w = 2 * MARGIN + R * (1.5 * b->columns + 0.5);
		l->h = 2 * MARGIN + SQRT3 * R * (b->rows + (b->columns > 1 ? 0.5 : 0.0));
	}
}

/* ---- text ------------------------------------------------------------------------ */

/* Text as XML character data or an attribute's value. */
static void
xml_text(struct strbuf *out, const char *s)
{
	for (; s != NULL && *s != '\0'; s++)
		switch (*s) {
		case '<': strbuf_addf(out, "&lt;"); break;
		case '>': strbuf_addf(out, "&gt;"); break;
		case '&': strbuf_addf(out, "&amp;"); break;
		case '"': strbuf_addf(out, "&quot;"); break;
		default: strbuf_addf(out, "%c", *s); break;
		}
}

static void
text_at(struct strbuf *out, double x, double y, const char *cls, const char *s)
{
	strbuf_addf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"%s\">", x, y, cls);
	xml_text(out, s);
	strbuf_addf(out, "</text>\n");
}

/* ---- the hexes ----------------------------------------------------------------------- */

static int
base_terrain(const struct game *g, struct hex h)
{
	const struct card *card = game_card(g);
	const struct tset *set = game_hex(g, h);

	for (size_t i = 0; i < set->count; i++)
		if (card->terrain[set->items[i]].kind == TERRAIN_HEX)
			return set->items[i];
	return -1;
}

static const struct scen_structure *
structure_in(const struct game *g, struct hex h)
{
	for (size_t i = 0; i < g->nstructures; i++)
		if (g->structures[i].dir < 0 && hex_eq(g->structures[i].hex, h))
			return &g->structures[i];
	return NULL;
}

static void
hex_title(const struct game *g, struct hex h, int base, struct strbuf *out)
{
	const struct card *card = game_card(g);
	const struct tset *set = game_hex(g, h);
	char label[HEX_LABEL_SIZE];
	int level = game_hex_level(g, h);

	hex_label(game_board(g), h, label);
	strbuf_addf(out, "<title>%s ", label);
	xml_text(out, base >= 0 ? card->terrain[base].name : "no terrain");
	for (size_t i = 0; i < set->count; i++)
		if (set->items[i] != base) {
			strbuf_addf(out, ", ");
			xml_text(out, card->terrain[set->items[i]].name);
		}
	if (level != 0)
		strbuf_addf(out, ", level %d", level);
	strbuf_addf(out, "</title>");
}

static void
draw_hex(const struct layout *l, const struct game *g, int c, int r, struct strbuf *out)
{
	struct hex h = hex_from_offset(l->b, c, r);
	int base = base_terrain(g, h);
	enum map_colour role = base >= 0 ? game_card(g)->terrain[base].colour : MAP_COLOUR_NONE;
	char label[HEX_LABEL_SIZE];
	double cx, cy;

	centre(l, c, r, &cx, &cy);
	hex_label(l->b, h, label);
	strbuf_addf(out, "<polygon id=\"hex-%s\" points=\"", label);
	for (int k = 0; k < HEX_DIRECTIONS; k++) {
		double x, y;
		corner(l, cx, cy, k, &x, &y);
		strbuf_addf(out, "%s%.1f,%.1f", k > 0 ? " " : "", x, y);
	}
	strbuf_addf(out, "\" fill=\"%s\" class=\"hex\">", render_svg_fill(role));
	hex_title(g, h, base, out);
	strbuf_addf(out, "</polygon>\n");
}

/* The hex's label at the top; its terrain's glyph and level at the left;
 * tokens, other terrain and a structure's hits at the right. */
static void
draw_hex_text(const struct layout *l, const struct game *g, int c, int r, struct strbuf *out)
{
	const struct card *card = game_card(g);
	struct hex h = hex_from_offset(l->b, c, r);
	const struct tset *set = game_hex(g, h);
	const struct scen_structure *st = structure_in(g, h);
	int base = base_terrain(g, h), level = game_hex_level(g, h);
	char label[HEX_LABEL_SIZE], text[64];
	struct strbuf marks = { 0 };
	double cx, cy;

	centre(l, c, r, &cx, &cy);
	hex_label(l->b, h, label);
	text_at(out, cx, cy - 0.55 * R, "label", label);
	if (base >= 0 && card->terrain[base].glyph != '\0') {
		snprintf(text, sizeof text, "%c", card->terrain[base].glyph);
		text_at(out, cx - 0.55 * R, cy + 4, "glyph", text);
	}
	if (level != 0) {
		snprintf(text, sizeof text, "L%d", level);
		text_at(out, cx - 0.55 * R, cy - 0.2 * R, "level", text);
	}
	for (size_t i = 0; i < set->count; i++)
		if (set->items[i] != base && card->terrain[set->items[i]].glyph != '\0')
			strbuf_addf(&marks, "%c", card->terrain[set->items[i]].glyph);
	if (marks.text != NULL)
		text_at(out, cx + 0.55 * R, cy + 4, "mark", marks.text);
	free(marks.text);
	if (st != NULL && st->hits > 0) {
		snprintf(text, sizeof text, "%d/%d", st->hits, st->strength);
		text_at(out, cx + 0.5 * R, cy - 0.2 * R, "hits", text);
	}
}

/* ---- the sides ---------------------------------------------------------------------- */

/* Of the features on one side, the one drawn over the others (as the text
 * map draws it in the middle): one that cancels another there (a bridge over
 * a stream), else the card's last. */
static size_t
over_feature(const struct card *card, const struct tset *fs)
{
	size_t best = 0;

	for (size_t i = 0; i < fs->count; i++) {
		const struct terrain *t = &card->terrain[fs->items[i]];
		for (size_t c = 0; c < t->ncancels; c++)
			if (tset_has(fs, t->cancels[c]))
				return i;
		if (fs->items[i] > fs->items[best])
			best = i;
	}
	return best;
}

/* One feature's line along a side, from a to b of its length. */
static void
side_line(const struct game *g, struct hex h, int dir, int t, const double *p, double a,
          double b, struct strbuf *out)
{
	const struct terrain *ter = &game_card(g)->terrain[t];
	char label[HEX_LABEL_SIZE];

	hex_label(game_board(g), h, label);
	strbuf_addf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
	            "class=\"side\"><title>", p[0] + a * (p[2] - p[0]), p[1] + a * (p[3] - p[1]),
	            p[0] + b * (p[2] - p[0]), p[1] + b * (p[3] - p[1]), render_svg_fill(ter->colour));
	xml_text(out, ter->name);
	strbuf_addf(out, " on the %s side of %s</title></line>\n",
	            hex_direction_name(game_board(g), dir), label);
}

/* Each side with a feature once: from the hex it is direction 0-2 of, or
 * from the hex on the board when that one is off it. The features under
 * run its whole length, the one over them its middle half. */
static void
draw_sides(const struct layout *l, const struct game *g, int c, int r, struct strbuf *out)
{
	const struct card *card = game_card(g);
	struct hex h = hex_from_offset(l->b, c, r);

	for (int dir = 0; dir < HEX_DIRECTIONS; dir++) {
		struct tset all, fs = { 0 };
		double cx, cy, p[4];
		size_t over;

		if (dir >= HEX_DIRECTIONS / 2 && hex_on_board(l->b, hex_neighbor(h, dir)))
			continue;
		game_side_features(g, hexside_of(h, dir), &all);
		for (size_t i = 0; i < all.count; i++)
			if (card->terrain[all.items[i]].kind == TERRAIN_HEXSIDE)
				tset_add(&fs, all.items[i]);
		if (fs.count == 0)
			continue;
		centre(l, c, r, &cx, &cy);
		corner(l, cx, cy, dir, &p[0], &p[1]);
		corner(l, cx, cy, dir + 1, &p[2], &p[3]);
		over = over_feature(card, &fs);
		for (size_t i = 0; i < fs.count; i++)
			if (i != over)
				side_line(g, h, dir, fs.items[i], p, 0.0, 1.0, out);
		side_line(g, h, dir, fs.items[over], p, fs.count > 1 ? 0.25 : 0.0,
		          fs.count > 1 ? 0.75 : 1.0, out);
	}
}

/* ---- the units -------------------------------------------------------------------------- */

static void
draw_unit(const struct layout *l, const struct game *g, size_t u, struct strbuf *out)
{
	const struct game_unit *unit = &g->units[u];
	char label[HEX_LABEL_SIZE], text[96];
	double cx, cy, w = 0.9 * SQRT3 * R * 0.7, top;
	int c, r;

	hex_to_offset(l->b, unit->hex, &c, &r);
	centre(l, c, r, &cx, &cy);
	top = cy + 0.15 * R;
	hex_label(l->b, unit->hex, label);
	strbuf_addf(out, "<g class=\"unit\"><title>");
	xml_text(out, unit->id);
	strbuf_addf(out, " (");
	xml_text(out, g->sc.teams[unit->side].name);
	strbuf_addf(out, ", ");
	xml_text(out, game_card(g)->classes[unit->cls].id);
	strbuf_addf(out, ") in %s, strength %d of %d</title>\n", label, unit->strength,
	            unit->max_strength);
	strbuf_addf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" "
	            "fill=\"%s\"/>\n", cx - w / 2, top, w, 0.5 * R,
	            side_fill[(size_t)unit->side % N_SIDE_FILLS]);
	snprintf(text, sizeof text, "%.8s %d", unit->id, unit->strength);
	text_at(out, cx, top + 0.36 * R, "unit", text);
	strbuf_addf(out, "</g>\n");
}

/* ---- the legend ------------------------------------------------------------------------ */

static void
legend_row(struct strbuf *out, double *y, const char *fill, const char *glyph, const char *text)
{
	strbuf_addf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"12\" fill=\"%s\" "
	            "class=\"key\"/>\n", MARGIN, *y - 10, fill);
	text_at(out, MARGIN + 7, *y, "glyph", glyph);
	text_at(out, MARGIN + 20, *y, "legend", text);
	*y += LEGEND_LINE;
}

/* The card's terrain the map shows, then the sides. */
static double
draw_legend(const struct game *g, double y, struct strbuf *out)
{
	const struct card *card = game_card(g);
	char glyph[2] = "", text[256];

	strbuf_addf(out, "<g id=\"legend\">\n");
	for (size_t t = 0; t < card->nterrain; t++) {
		const struct terrain *ter = &card->terrain[t];
		if (ter->kind == TERRAIN_CONDITION)
			continue;
		glyph[0] = ter->kind == TERRAIN_HEXSIDE && ter->side_glyph != '\0' ? ter->side_glyph
		                                                                  : ter->glyph;
		snprintf(text, sizeof text, "%s%s", ter->name,
		         ter->kind == TERRAIN_HEXSIDE ? " (along a hexside)" :
		         ter->kind == TERRAIN_TOKEN ? " (token)" : ter->kind == TERRAIN_PATH ? " (road)" : "");
		legend_row(out, &y, render_svg_fill(ter->colour), glyph, text);
	}
	for (size_t s = 0; s < g->sc.nteams; s++) {
		snprintf(text, sizeof text, "%s: units show id and strength", g->sc.teams[s].name);
		legend_row(out, &y, side_fill[s % N_SIDE_FILLS], "", text);
	}
	strbuf_addf(out, "</g>\n");
	return y;
}

/* ---- the picture ------------------------------------------------------------------------ */

static size_t
legend_rows(const struct game *g)
{
	size_t n = g->sc.nteams;

	for (size_t t = 0; t < game_card(g)->nterrain; t++)
		n += game_card(g)->terrain[t].kind != TERRAIN_CONDITION;
	return n;
}

char *
render_svg(const struct game *g)
{
	const struct hex_board *b = game_board(g);
	struct strbuf out = { 0 };
	struct layout l;
	double height;

	layout_init(&l, b);
	height = l.h + LEGEND_LINE * (double)(legend_rows(g) + 1);
	strbuf_addf(&out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
	            "viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-labelledby=\"title desc\">\n",
	            l.w, height, l.w, height);
	strbuf_addf(&out, "<title id=\"title\">");
	xml_text(&out, g->sc.title != NULL ? g->sc.title : g->sc.id);
	strbuf_addf(&out, "</title>\n<desc id=\"desc\">The board of ");
	xml_text(&out, g->sc.id);
	strbuf_addf(&out, " (card ");
	xml_text(&out, game_card(g)->id);
	strbuf_addf(&out, "), drawn by hexaid</desc>\n<style>\n"
	            ".hex { stroke: #555555; stroke-width: 1 }\n"
	            ".side { stroke-width: 5; stroke-linecap: round }\n"
	            "text { font-family: sans-serif; text-anchor: middle }\n"
	            ".label { font-size: 8px; fill: #333333 }\n"
	            ".glyph, .mark, .level, .hits { font-size: 11px; font-family: monospace }\n"
	            ".unit text { font-size: 10px; fill: #ffffff; font-weight: bold }\n"
	            ".legend { font-size: 12px; text-anchor: start }\n"
	            "</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	strbuf_addf(&out, "<g id=\"terrain\">\n");
	for (int r = 0; r < b->rows; r++)
		for (int c = 0; c < b->columns; c++)
			draw_hex(&l, g, c, r, &out);
	strbuf_addf(&out, "</g>\n<g id=\"hexsides\">\n");
	for (int r = 0; r < b->rows; r++)
		for (int c = 0; c < b->columns; c++)
			draw_sides(&l, g, c, r, &out);
	strbuf_addf(&out, "</g>\n<g id=\"marks\">\n");
	for (int r = 0; r < b->rows; r++)
		for (int c = 0; c < b->columns; c++)
			draw_hex_text(&l, g, c, r, &out);
	strbuf_addf(&out, "</g>\n<g id=\"units\">\n");
	for (size_t u = 0; u < g->nunits; u++)
		if (!g->units[u].eliminated && hex_on_board(b, g->units[u].hex))
			draw_unit(&l, g, u, &out);
	strbuf_addf(&out, "</g>\n");
	draw_legend(g, l.h + LEGEND_LINE, &out);
	strbuf_addf(&out, "</svg>\n");
	return out.text;
}

int
render_svg_write(const struct game *g, const char *path)
{
	char *svg = render_svg(g), *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	int err = f == NULL ? errno : 0;

	if (f != NULL && fputs(svg, f) < 0)
		err = errno;
	if (f != NULL && fclose(f) != 0 && err == 0)
		err = errno;
	if (f != NULL && err == 0 && rename(tmp, path) != 0)
		err = errno;
	if (f != NULL && err != 0)
		remove(tmp);
	free(tmp);
	free(svg);
	return err;
}
