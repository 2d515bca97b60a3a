/* render.c: the map of a game as characters (engine layer, no curses). The
 * geometry is hexdraw's: each hex an outline whose sides carry the hexside
 * features standing there (the card's side_glyph), and cells inside for the
 * terrain, the level, the unit (its side's mark, its id, in large hexes its
 * strength) and the marks (tokens, roads, more terrain, a structure's damage),
 * with a mark saying "more" when they do not all fit. Only the hexes in view
 * are looked at, so a cursor key on a large board costs what the screen holds.
 * The legend is made from what the picture drew.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "strutil.h"
#include "xmalloc.h"

/* ---- hexaid's own marks -------------------------------------------------------- */

static const struct render_overlay_mark overlays[N_OVERLAYS] = {
	[OVERLAY_CURSOR] = { "[]", "the cursor's hex" },
	[OVERLAY_SELECTED] = { "()", "the selected unit" },
	[OVERLAY_REACH] = { "**", "a hex the selected unit can reach" },
	[OVERLAY_STOP] = { "*@", "one where it must stop" },
	[OVERLAY_LOS] = { "{}", "the line of sight to the cursor" },
	[OVERLAY_BLOCKED] = { "XX", "the hex that blocks it" },
	[OVERLAY_MORE] = { "?", "more than the hex has room for (the hex pane lists it all)" },
};

const struct render_overlay_mark *
render_overlay(enum render_overlay o)
{
	return &overlays[(unsigned)o < N_OVERLAYS ? o : OVERLAY_MORE];
}

/* The overlay whose mark c is, or -1. */
static int
overlay_of(char c)
{
	for (int o = 0; o < N_OVERLAYS; o++)
		if (c != '\0' && strchr(overlays[o].glyph, c) != NULL)
			return o;
	return -1;
}

/* A character the card draws nothing with, nor a digit, nor the outline's, nor
 * a mark taken before; '?' when every candidate is taken. */
static char
free_mark(const bool *taken, const char *candidates)
{
	for (const char *c = candidates; *c != '\0'; c++)
		if (!taken[(unsigned char)*c])
			return *c;
	return '?';
}

static char
take(bool *taken, const char *candidates)
{
	char c = free_mark(taken, candidates);

	taken[(unsigned char)c] = true;
	return c;
}

static void
choose_marks(const struct card *card, struct render_marks *m)
{
	bool taken[256] = { false };

	for (size_t i = 0; i < card->nterrain; i++) {
		taken[(unsigned char)card->terrain[i].glyph] = true;
		taken[(unsigned char)card->terrain[i].side_glyph] = true;
	}
	for (const char *c = "0123456789/\\|_ "; *c != '\0'; c++)
		taken[(unsigned char)*c] = true;
	for (int o = 0; o < N_OVERLAYS; o++)
		for (const char *c = overlays[o].glyph; *c != '\0'; c++)
			taken[(unsigned char)*c] = true;
	m->stack = overlays[OVERLAY_MORE].glyph[0];
	m->damaged = take(taken, "%!&$=");
	m->destroyed = take(taken, "#x=&!%$");
	for (int s = 0; s < RENDER_SIDES; s++)
		m->side[s] = take(taken, "><&$%!=~^YZ");
}

/* ---- frames ---------------------------------------------------------------------- */

void
render_frame_init(struct render_frame *f, const struct game *g, enum hexdraw_size size)
{
	memset(f, 0, sizeof *f);
	hexdraw_init(&f->d, game_board(g), size);
	choose_marks(game_card(g), &f->marks);
	f->top = 1;
	f->left = f->d.prefix;
}

void
render_frame_free(struct render_frame *f)
{
	free(f->cells);
	f->cells = NULL;
	f->cap = 0;
}

bool
render_frame_pos(const struct render_frame *f, int line, int col, int *y, int *x)
{
	if (line == 0)
		*y = 0;
	else if (line >= f->top && line < f->top + f->lines - 1)
		*y = 1 + line - f->top;
	else
		return false;
	if (col < f->d.prefix)
		*x = col;
	else if (col >= f->left && col < f->left + f->cols - f->d.prefix)
		*x = f->d.prefix + col - f->left;
	else
		return false;
	return *y < f->lines && *x < f->cols;
}

static void
put(struct render_frame *f, int line, int col, char ch, enum render_what what, int ref)
{
	int y, x;

	if (render_frame_pos(f, line, col, &y, &x))
		f->cells[(size_t)y * (size_t)f->cols + (size_t)x] =
			(struct render_cell){ ch, (unsigned char)what, (short)ref };
}

/* ---- what stands in a hex ------------------------------------------------------------ */

#define MARKS_MAX (TSET_MAX + 2)

struct hex_items {
	char base;              /* the terrain's glyph */
	int base_ref;
	int level;
	struct render_cell marks[MARKS_MAX];
	int nmarks;
	int unit;               /* -1: none */
};

/* The structures standing in the part of the board in view, found once a draw. */
struct in_view {
	const struct scen_structure **items;
	size_t count, cap;
};

static const struct scen_structure *
structure_at(const struct in_view *v, struct hex h, int dir)
{
	for (size_t i = 0; i < v->count; i++) {
		const struct scen_structure *st = v->items[i];
		if (dir < 0 ? st->dir < 0 && hex_eq(st->hex, h)
		            : st->dir >= 0 && hexside_eq(hexside_of(st->hex, st->dir), hexside_of(h, dir)))
			return st;
	}
	return NULL;
}

static void
add_mark(struct hex_items *it, char ch, enum render_what what, int ref)
{
	if (it->nmarks < MARKS_MAX)
		it->marks[it->nmarks++] = (struct render_cell){ ch, (unsigned char)what, (short)ref };
}

static char
glyph_or(const struct terrain *t, char otherwise)
{
	return t->glyph != '\0' ? t->glyph : otherwise;
}

/* The terrain's glyph first (the hex's first terrain covering it), then its
 * marks: a structure's damage, tokens, the rest of its terrain, roads. */
static void
gather(const struct game *g, const struct in_view *v, const struct render_marks *m,
       struct hex h, struct hex_items *it)
{
	const struct card *card = game_card(g);
	const struct tset *set = game_hex(g, h);
	const struct scen_structure *st = structure_at(v, h, -1);
	static const enum terrain_kind order[] = { TERRAIN_TOKEN, TERRAIN_HEX, TERRAIN_PATH };

	memset(it, 0, sizeof *it);
	it->base = '.';
	it->base_ref = -1;
	for (size_t i = 0; i < set->count && it->base_ref < 0; i++)
		if (card->terrain[set->items[i]].kind == TERRAIN_HEX) {
			it->base_ref = set->items[i];
			it->base = glyph_or(&card->terrain[set->items[i]], '.');
		}
	it->level = game_hex_level(g, h);
	it->unit = game_unit_at(g, h);
	if (st != NULL && st->hits >= st->strength)
		add_mark(it, m->destroyed, RENDER_DESTROYED, st->terrain);
	else if (st != NULL && st->hits > 0)
		add_mark(it, m->damaged, RENDER_DAMAGED, st->terrain);
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
		for (size_t i = 0; i < set->count; i++) {
			const struct terrain *t = &card->terrain[set->items[i]];
			if (t->kind == order[k] && set->items[i] != it->base_ref)
				add_mark(it, glyph_or(t, '?'), RENDER_MARK, set->items[i]);
		}
}

/* ---- drawing a hex ------------------------------------------------------------------- */

struct hex_at {
	struct render_frame *f;
	const struct hexdraw_shape *s;
	int line, col;          /* the top left of its box */
	struct render_cell *box;/* its top left in the frame, when the whole box is in
	                           the part that scrolls (most hexes); else NULL */
	const int *slot_offset; /* where its cells are from box (render_frame) */
	const int (*edge_offset)[HEXDRAW_EDGE_MAX];
};

/* Where the cells of the frame's two shapes are from a box's top left, for its
 * width. */
static void
plan_offsets(struct render_frame *f)
{
	if (f->offsets_cols == f->cols)
		return;
	for (int k = 0; k < 2; k++) {
		const struct hexdraw_shape *s = &f->d.shape[k];
		for (int i = 0; i < s->nslot; i++)
			f->slot_offset[k][i] = s->slot[i].line * f->cols + s->slot[i].col;
		for (int dir = 0; dir < HEX_DIRECTIONS; dir++)
			for (int i = 0; i < s->nedge[dir]; i++)
				f->edge_offset[k][dir][i] = s->edge[dir][i].line * f->cols + s->edge[dir][i].col;
	}
	f->offsets_cols = f->cols;
}

/* Where the hex in column c and row r is drawn, and whether its box is whole
 * in view. */
static void
place(struct render_frame *f, int c, int r, struct hex_at *at)
{
	int y, x, k;

	at->f = f;
	at->s = hexdraw_shape_at(&f->d, c, r);
	k = at->s == &f->d.shape[1];
	at->slot_offset = f->slot_offset[k];
	at->edge_offset = f->edge_offset[k];
	hexdraw_origin_at(&f->d, c, r, &at->line, &at->col);
	at->box = NULL;
	y = 1 + at->line - f->top;
	x = f->d.prefix + at->col - f->left;
	if (y >= 1 && y + at->s->lines <= f->lines && x >= f->d.prefix && x + at->s->cols <= f->cols)
		at->box = &f->cells[(size_t)y * (size_t)f->cols + (size_t)x];
}

/* Does any cell of a span of a hex's box show in the part that scrolls? */
static bool
shows(const struct hex_at *at, const struct hexdraw_span *sp)
{
	const struct render_frame *f = at->f;

	return sp->line0 <= sp->line1 && at->line + sp->line1 >= f->top &&
	       at->line + sp->line0 < f->top + f->lines - 1 && at->col + sp->col1 >= f->left &&
	       at->col + sp->col0 < f->left + f->cols - f->d.prefix;
}

/* A cell of a hex's box (line and column in the box) where the box is not whole
 * in view. */
static void
put_clipped(const struct hex_at *at, struct hexdraw_cell c, struct render_cell cell)
{
	const struct render_frame *f = at->f;
	/* a hex's cells are never on the line of column numbers nor among the
	 * row numbers: only the part that scrolls need be asked */
	int y = 1 + at->line + c.line - f->top;
	int x = f->d.prefix + at->col + c.col - f->left;

	if (y >= 1 && y < f->lines && x >= f->d.prefix && x < f->cols)
		f->cells[(size_t)y * (size_t)f->cols + (size_t)x] = cell;
}

static void
put_slot(const struct hex_at *at, int i, char ch, enum render_what what, int ref)
{
	struct render_cell cell = { ch, (unsigned char)what, (short)ref };

	if (at->box != NULL)
		at->box[at->slot_offset[i]] = cell;
	else
		put_clipped(at, at->s->slot[i], cell);
}

/* The i-th cell of the hex's side in direction dir. */
static void
put_edge(const struct hex_at *at, int dir, int i, struct render_cell cell)
{
	if (at->box != NULL)
		at->box[at->edge_offset[dir][i]] = cell;
	else
		put_clipped(at, at->s->edge[dir][i], cell);
}

/* A number's digits at out, ending it; how many (counts are small and not
 * negative: a unit's strength). */
static int
put_number(char *out, int n)
{
	char digits[12];
	int k = 0, len;

	do {
		digits[k++] = (char)('0' + (n < 0 ? 0 : n % 10));
		n /= 10;
	} while (n > 0 && k < 11);
	for (len = 0; len < k; len++)
		out[len] = digits[k - 1 - len];
	out[len] = '\0';
	return len;
}

/* The unit's run: its side's mark, its id, in large hexes a blank and its
 * strength (with the most it has, when it has lost some and there is room).
 * Built by hand: snprintf was a tenth of a large hex's cost. */
static void
unit_text(const struct game *g, const struct render_marks *m, int u, int room, bool large,
          char *out)
{
	const struct game_unit *unit = &g->units[u];
	char strength[28] = "";
	int idlen = (int)strlen(unit->id), most, n = 0;

	if (large) {
		n = 1 + put_number(strength + 1, unit->strength);
		strength[0] = ' ';
		if (unit->strength < unit->max_strength) {
			char most_text[12];
			int k = put_number(most_text, unit->max_strength);
			if (n + 1 + k + 3 <= room) {
				strength[n++] = '/';
				memcpy(strength + n, most_text, (size_t)k + 1);
				n += k;
			}
		}
	}
	most = room - 1 - n;
	if (idlen > most)
		idlen = most > 0 ? most : 0;
	out[0] = m->side[unit->side % RENDER_SIDES];
	memcpy(out + 1, unit->id, (size_t)idlen);
	memcpy(out + 1 + idlen, strength, (size_t)n + 1);
	out[room] = '\0';
}

/* The cells marks may take, in their order: in compact hexes the unit's run
 * when no unit stands there, then the mark cells and, at level 0, the
 * level's, top to bottom; in large hexes the mark cells by rank, then the run
 * when no unit stands there, then the level's cell at level 0. */
/* Compact hexes: the cell a unit's strength takes: the last mark cell (the
 * shape's cells are in reading order): under its id on a pointy-top board,
 * before its mark on a flat-top one (whose level is on its top side); in a
 * shape with none, the level's. */
static int
strength_slot(const struct hexdraw_shape *s)
{
	for (int i = s->nslot - 1; i >= 0; i--)
		if (s->role[i] == HEXDRAW_MARK)
			return i;
	return s->level;
}

static int
mark_slots(const struct hexdraw_shape *s, bool compact, const struct hex_items *it, int *out)
{
	int n = 0, strength = it->unit >= 0 ? strength_slot(s) : -1;

	if (compact) {
		for (int i = 0; i < s->nrun && it->unit < 0; i++)
			out[n++] = s->run[i];
		/* the shape's cells are in reading order */
		for (int i = 0; i < s->nslot; i++)
			if (i != strength && (s->role[i] == HEXDRAW_MARK ||
			                      (i == s->level && it->level == 0)))
				out[n++] = i;
		return n;
	}
	for (int i = 0; i < s->nmark; i++)
		out[n++] = s->mark[i];
	for (int i = 0; i < s->nrun && it->unit < 0; i++)
		out[n++] = s->run[i];
	if (s->level >= 0 && it->level == 0)
		out[n++] = s->level;
	return n;
}

static void
draw_marks(const struct hex_at *at, const struct hex_items *it, const struct render_marks *m,
           bool compact)
{
	int slots[HEXDRAW_SLOT_MAX], n, shown;

	if (it->nmarks == 0)
		return;
	n = mark_slots(at->s, compact, it, slots);
	shown = it->nmarks <= n ? it->nmarks : n - 1;

	for (int i = 0; i < shown; i++)
		put_slot(at, slots[i], it->marks[i].ch, it->marks[i].what, it->marks[i].ref);
	if (it->nmarks > n) {
		/* no room for them all: "more" in the last cell; with no cell at
		 * all (a unit and its strength fill a flat compact hex) the terrain
		 * stays, and the hex pane lists the rest */
		if (n > 0)
			put_slot(at, slots[n - 1], m->stack, RENDER_STACK, -1);
	}
}

static void
draw_run(const struct hex_at *at, const struct game *g, const struct render_marks *m, int u,
         bool large)
{
	char text[HEXDRAW_SLOT_MAX + 1];

	unit_text(g, m, u, at->s->nrun, large, text);
	for (int k = 0; k < at->s->nrun && text[k] != '\0'; k++)
		put_slot(at, at->s->run[k], text[k], k == 0 ? RENDER_SIDE : RENDER_UNIT, u);
}

/* Compact hexes: the unit's strength, a digit under its id ("more" past 9:
 * the hex pane says). */
static void
draw_strength(const struct hex_at *at, const struct game *g, const struct render_marks *m, int u)
{
	int slot = strength_slot(at->s), n = g->units[u].strength;

	if (slot >= 0 && n >= 0 && n <= 9)
		put_slot(at, slot, (char)('0' + n), RENDER_STRENGTH, u);
	else if (slot >= 0)
		put_slot(at, slot, m->stack, RENDER_STACK, -1);
}

/* Large hexes repeat the glyph of terrain that is more than open ground, so
 * that woods and towns read as areas. */
static bool
fills(const struct game *g, int terrain)
{
	enum map_colour c = terrain >= 0 ? game_card(g)->terrain[terrain].colour : MAP_COLOUR_NONE;

	return c != MAP_COLOUR_NONE && c != MAP_COLOUR_OPEN;
}

static void
draw_inside(const struct hex_at *hat, const struct game *g, const struct in_view *v, struct hex h)
{
	struct hex_at at = *hat;
	struct render_frame *f = at.f;
	struct hex_items it;
	bool compact = f->d.size == HEXDRAW_COMPACT;

	bool fill;

	gather(g, v, &f->marks, h, &it);
	fill = fills(g, it.base_ref);
	if (at.s->terrain >= 0)
		put_slot(&at, at.s->terrain, it.base, RENDER_TERRAIN, it.base_ref);
	for (int i = 0; i < at.s->nfill && fill; i++)
		put_slot(&at, at.s->fill[i], it.base, RENDER_FILL, it.base_ref);
	if (at.s->level >= 0 && it.level != 0)
		put_slot(&at, at.s->level, (char)('0' + (it.level > 9 ? 9 : it.level)), RENDER_LEVEL,
		         it.level);
	if (it.unit >= 0)
		draw_run(&at, g, &f->marks, it.unit, !compact);
	if (it.unit >= 0 && compact)
		draw_strength(&at, g, &f->marks, it.unit);
	draw_marks(&at, &it, &f->marks, compact);
}

/* ---- drawing the sides ---------------------------------------------------------------- */

static char
side_glyph(const struct terrain *t)
{
	return t->side_glyph != '\0' ? t->side_glyph : t->glyph != '\0' ? t->glyph : '#';
}

/* Of the features on one side, the one drawn over the others: one that
 * cancels another there (a bridge over a stream), else the card's last. */
static int
over_feature(const struct card *card, const struct tset *fs)
{
	int best = -1;

	for (size_t i = 0; i < fs->count; i++) {
		const struct terrain *t = &card->terrain[fs->items[i]];
		for (size_t c = 0; c < t->ncancels; c++)
			if (tset_has(fs, t->cancels[c]))
				return fs->items[i];
		if (fs->items[i] > best)
			best = fs->items[i];
	}
	return best;
}

/* The hexside features on a side (roads are not drawn there: they run
 * through the hexes). */
static void
side_features(const struct game *g, struct hex h, int dir, struct tset *out)
{
	struct tset all;

	game_side_features(g, hexside_of(h, dir), &all);
	out->count = 0;
	for (size_t i = 0; i < all.count; i++)
		if (game_card(g)->terrain[all.items[i]].kind == TERRAIN_HEXSIDE)
			tset_add(out, all.items[i]);
}

/* Flat-top compact hexes have no cell inside for the level: it is drawn in
 * the middle of the top side (as a pointy-top hex's is at its peak), apart
 * from the terrain's glyph and the unit. The level there, or 0. */
static int
level_on_side(const struct hex_at *at, const struct game *g, struct hex h, int dir)
{
	if (dir != 0 || at->s->level >= 0 || at->f->d.size != HEXDRAW_COMPACT ||
	    at->f->d.board.orientation != HEX_FLAT)
		return 0;
	return game_hex_level(g, h);
}

static void
draw_side(const struct hex_at *at, const struct game *g, const struct in_view *v, struct hex h,
          int dir)
{
	const struct card *card = game_card(g);
	int n = at->s->nedge[dir], over, under = -1;
	const struct scen_structure *st;
	struct tset fs;

	side_features(g, h, dir, &fs);
	if (fs.count == 0) {
		struct render_cell outline = { at->s->edge_glyph[dir], RENDER_OUTLINE, -1 };
		for (int i = 0; i < n; i++)
			put_edge(at, dir, i, outline);
		return;
	}
	over = over_feature(card, &fs);
	for (size_t i = 0; i < fs.count && under < 0; i++)
		if (fs.items[i] != over)
			under = fs.items[i];
	if (under < 0)
		under = over;
	st = structure_at(v, h, dir);
	for (int i = 0; i < n; i++) {
		int t = i == n / 2 - (level_on_side(at, g, h, dir) != 0) ? over : under;
		enum render_what what = RENDER_FEATURE;
		if (st != NULL && t == st->terrain && st->hits > 0)
			what = RENDER_DAMAGED;
		put_edge(at, dir, i, (struct render_cell){ side_glyph(&card->terrain[t]),
		                                           (unsigned char)what, (short)t });
	}
}

static void
draw_top_side(const struct hex_at *at, const struct game *g, const struct in_view *v,
              struct hex h, int dir)
{
	int level = level_on_side(at, g, h, dir);

	draw_side(at, g, v, h, dir);
	if (level != 0)
		put_edge(at, dir, at->s->nedge[dir] / 2,
		         (struct render_cell){ (char)('0' + (level > 9 ? 9 : level)), RENDER_LEVEL,
		                               (short)level });
}

/* ---- the frame ------------------------------------------------------------------------ */

/* Is a hex among those a draw goes through? */
static bool
drawn(const struct render_frame *f, struct hex h, int c0, int c1, int r0, int r1)
{
	int c, r;

	hex_to_offset(&f->d.board, h, &c, &r);
	return c >= c0 && c < c1 && r >= r0 && r < r1;
}

static void
draw_labels(struct render_frame *f, int c0, int c1, int r0, int r1)
{
	const struct hex_board *b = &f->d.board;
	int width = hex_label_width(b);

	for (int c = c0; c < c1; c++) {
		int at = hexdraw_column_label(&f->d, c);
		for (int i = 0, n = b->first_column + c; i < width; i++, n /= 10)
			put(f, 0, at + width - 1 - i, (char)('0' + n % 10), RENDER_LABEL, -1);
	}
	for (int r = r0; r < r1; r++) {
		int line = hexdraw_row_label(&f->d, r);
		for (int i = 0, n = b->first_row + r; i < width; i++, n /= 10)
			put(f, line, width - 1 - i, (char)('0' + n % 10), RENDER_LABEL, -1);
	}
}

static void
find_structures(const struct game *g, int c0, int c1, int r0, int r1, struct in_view *v)
{
	const struct hex_board *b = game_board(g);

	for (size_t i = 0; i < g->nstructures; i++) {
		int c, r;
		hex_to_offset(b, g->structures[i].hex, &c, &r);
		if (c >= c0 - 1 && c <= c1 && r >= r0 - 1 && r <= r1)
			*(const struct scen_structure **)xgrow(&v->items, &v->count, &v->cap,
			                                       sizeof *v->items) = &g->structures[i];
	}
}

void
render_frame_draw(struct render_frame *f, const struct game *g, int top, int left, int lines,
                  int cols)
{
	size_t need = (size_t)(lines > 0 ? lines : 0) * (size_t)(cols > 0 ? cols : 0);
	struct in_view v = { NULL, 0, 0 };
	int c0, c1, r0, r1;

	f->top = top < 1 ? 1 : top;
	f->left = left < f->d.prefix ? f->d.prefix : left;
	f->lines = lines > 0 ? lines : 0;
	f->cols = cols > 0 ? cols : 0;
	if (need > f->cap) {
		f->cells = xreallocarray(f->cells, need, sizeof *f->cells);
		f->cap = need;
	}
	if (need == 0)
		return;
	/* blank the first line, then copy it down */
	for (int x = 0; x < f->cols; x++)
		f->cells[x] = (struct render_cell){ ' ', RENDER_BLANK, -1 };
	for (int y = 1; y < f->lines; y++)
		memcpy(&f->cells[(size_t)y * (size_t)f->cols], f->cells, (size_t)f->cols * sizeof *f->cells);
	hexdraw_visible(&f->d, f->top, f->left, f->lines - 1, f->cols - f->d.prefix, &c0, &c1, &r0,
	                &r1);
	find_structures(g, c0, c1, r0, r1, &v);
	plan_offsets(f);
	for (int r = r0; r < r1; r++)
		for (int c = c0; c < c1; c++) {
			struct hex h = hex_from_offset(game_board(g), c, r);
			struct hex_at at;
			/* each side once: from the hex it is direction 0-2 of, unless
			 * that hex is not drawn (only the range's edge need ask) */
			bool rim = c == c0 || c == c1 - 1 || r == r0 || r == r1 - 1, whole;
			place(f, c, r, &at);
			/* a hex partly in view is asked only for the parts that show */
			whole = at.box != NULL;
			if (whole || shows(&at, &at.s->inside_span))
				draw_inside(&at, g, &v, h);
			for (int dir = 0; dir < HEX_DIRECTIONS; dir++)
				if ((dir < HEX_DIRECTIONS / 2 || rim) &&
				    (whole || shows(&at, &at.s->side_span[dir])) &&
				    (dir < HEX_DIRECTIONS / 2 || !drawn(f, hex_neighbor(h, dir), c0, c1, r0, r1)))
					draw_top_side(&at, g, &v, h, dir);
		}
	draw_labels(f, c0, c1, r0, r1);
	free(v.items);
}

/* ---- the whole map as text, and its legend ----------------------------------------------- */

static void
frame_text(const struct render_frame *f, struct strbuf *out)
{
	char *line = xmalloc((size_t)f->cols + 2);

	for (int y = 0; y < f->lines; y++) {
		const struct render_cell *row = &f->cells[(size_t)y * (size_t)f->cols];
		int end = f->cols;
		while (end > 0 && row[end - 1].ch == ' ')
			end--;
		for (int x = 0; x < end; x++)
			line[x] = row[x].ch;
		line[end] = '\n';
		line[end + 1] = '\0';
		strbuf_addf(out, "%s", line);
	}
	free(line);
}

/* The text built, or "" when nothing was. */
static char *
taken(struct strbuf *sb)
{
	return sb->text != NULL ? sb->text : xstrdup("");
}

/* What the picture drew: terrain by kind of cell, levels, hexaid's marks. */
struct drawn {
	bool *terrain, *feature;
	bool level[10], damaged, destroyed, stack, strength;
	bool *side;
};

static void
read_drawn(const struct render_frame *f, const struct game *g, struct drawn *d)
{
	size_t n = (size_t)f->lines * (size_t)f->cols;

	memset(d, 0, sizeof *d);
	d->terrain = xcalloc(game_card(g)->nterrain + 1, sizeof *d->terrain);
	d->feature = xcalloc(game_card(g)->nterrain + 1, sizeof *d->feature);
	d->side = xcalloc(g->sc.nteams + 1, sizeof *d->side);
	for (size_t i = 0; i < n; i++) {
		const struct render_cell *c = &f->cells[i];
		switch ((enum render_what)c->what) {
		case RENDER_TERRAIN:
		case RENDER_MARK:
			if (c->ref >= 0)
				d->terrain[c->ref] = true;
			break;
		case RENDER_FEATURE:
		case RENDER_DAMAGED:
			if (c->what == RENDER_DAMAGED)
				d->damaged = true;
			if (c->ref >= 0 && game_card(g)->terrain[c->ref].kind == TERRAIN_HEXSIDE)
				d->feature[c->ref] = true;
			break;
		case RENDER_LEVEL:
			d->level[c->ref > 9 ? 9 : c->ref] = true;
			break;
		case RENDER_DESTROYED:
			d->destroyed = true;
			break;
		case RENDER_STACK:
			d->stack = true;
			break;
		case RENDER_STRENGTH:
			d->strength = true;
			break;
		case RENDER_SIDE:
			d->side[g->units[c->ref].side] = true;
			break;
		default:
			break;
		}
	}
}

static void
drawn_free(struct drawn *d)
{
	free(d->terrain);
	free(d->feature);
	free(d->side);
}

/* Add an item to a line being filled, starting a new (indented) line when it
 * would pass `width` columns: an item is never cut in two. */
static void
add_wrapped(struct strbuf *out, size_t *col, const char *item, size_t width)
{
	size_t n = strlen(item);

	if (*col > 2 && *col + n > width) {
		strbuf_addf(out, "\n ");
		*col = 1;
	}
	strbuf_addf(out, "%s", item);
	*col += n;
}

static void
legend_terrain(const struct game *g, const struct drawn *d, struct strbuf *out, size_t width)
{
	const struct card *card = game_card(g);
	char item[256];
	size_t col = 4;

	strbuf_addf(out, "Key:");
	for (size_t t = 0; t < card->nterrain; t++) {
		const struct terrain *ter = &card->terrain[t];
		if (!d->terrain[t])
			continue;
		snprintf(item, sizeof item, " %c %s%s;", glyph_or(ter, '?'), ter->name,
		         ter->kind == TERRAIN_TOKEN ? " (token)" : ter->kind == TERRAIN_PATH ? " (road)" : "");
		add_wrapped(out, &col, item, width);
	}
	strbuf_addf(out, "\n");
}

static void
legend_sides(const struct game *g, const struct drawn *d, struct strbuf *out, size_t width)
{
	const struct card *card = game_card(g);
	char item[256];
	size_t col = 18;
	bool any = false;

	for (size_t t = 0; t < card->nterrain; t++) {
		const struct terrain *ter = &card->terrain[t];
		if (!d->feature[t])
			continue;
		if (!any)
			strbuf_addf(out, "Along hexsides:");
		any = true;
		snprintf(item, sizeof item, " %c %s;", side_glyph(ter), ter->name);
		add_wrapped(out, &col, item, width);
	}
	if (any)
		strbuf_addf(out, "\n");
}

static void
legend_marks(const struct render_frame *f, const struct drawn *d, struct strbuf *out,
             size_t width)
{
	char item[128];
	size_t col = 6;
	bool any = false;

	if (d->damaged || d->destroyed || d->stack)
		strbuf_addf(out, "Marks:");
	if (d->damaged) {
		snprintf(item, sizeof item, " %c damaged structure;", f->marks.damaged);
		add_wrapped(out, &col, item, width);
		any = true;
	}
	if (d->destroyed) {
		snprintf(item, sizeof item, " %c destroyed structure;", f->marks.destroyed);
		add_wrapped(out, &col, item, width);
		any = true;
	}
	if (d->stack) {
		snprintf(item, sizeof item, " %c more than the hex has room for (the hex pane "
		         "lists it all);", f->marks.stack);
		add_wrapped(out, &col, item, width);
		any = true;
	}
	if (any)
		strbuf_addf(out, "\n");
	any = false;
	for (int l = 1; l < 10; l++)
		if (d->level[l]) {
			if (!any)
				strbuf_addf(out, "Levels:");
			strbuf_addf(out, " %d", l);
			any = true;
		}
	if (any)
		strbuf_addf(out, " (the digit at the top of a hex; none: level 0)\n");
	if (d->strength)
		strbuf_addf(out, "Strength: the digit %s\n",
		            f->d.board.orientation == HEX_POINTY ? "under a unit's id"
		                                                 : "before a unit's mark");
}

static void
legend_units(const struct render_frame *f, const struct game *g, struct strbuf *out,
             size_t width)
{
	const struct hex_board *b = game_board(g);
	char item[256], at[HEX_LABEL_SIZE];

	for (size_t s = 0; s < g->sc.nteams; s++) {
		size_t col;
		snprintf(item, sizeof item, "%c %s:", f->marks.side[s % RENDER_SIDES],
		         g->sc.teams[s].name);
		strbuf_addf(out, "%s", item);
		col = strlen(item);
		for (size_t i = 0; i < g->nunits; i++) {
			const struct game_unit *u = &g->units[i];
			if (u->side != (int)s || u->eliminated)
				continue;
			hex_label(b, u->hex, at);
			snprintf(item, sizeof item, " %s %s %s %d/%d;", u->id,
			         game_card(g)->classes[u->cls].id, at, u->strength, u->max_strength);
			add_wrapped(out, &col, item, width);
		}
		strbuf_addf(out, "\n");
	}
}

/* The legend, its lines at most `width` columns where its items allow. */
static void
legend_of(const struct render_frame *f, const struct game *g, struct strbuf *out, size_t width)
{
	struct drawn d;

	read_drawn(f, g, &d);
	legend_terrain(g, &d, out, width);
	legend_sides(g, &d, out, width);
	legend_marks(f, &d, out, width);
	legend_units(f, g, out, width);
	drawn_free(&d);
}

static void
draw_whole(struct render_frame *f, const struct game *g, enum hexdraw_size size)
{
	render_frame_init(f, g, size);
	render_frame_draw(f, g, 1, f->d.prefix, f->d.lines, f->d.cols);
}

char *
render_map(const struct game *g, enum hexdraw_size size, bool legend)
{
	struct render_frame f;
	struct strbuf out = { 0 };

	draw_whole(&f, g, size);
	frame_text(&f, &out);
	if (legend) {
		strbuf_addf(&out, "\n");
		legend_of(&f, g, &out, 80);
	}
	render_frame_free(&f);
	return taken(&out);
}

char *
render_legend(const struct game *g, enum hexdraw_size size, int width)
{
	struct render_frame f;
	struct strbuf out = { 0 };

	draw_whole(&f, g, size);
	legend_of(&f, g, &out, width > 20 ? (size_t)width : 20);
	render_frame_free(&f);
	return taken(&out);
}

/* ---- what could be misread --------------------------------------------------------------- */

#define ALIKE_SAID 5      /* groups of look-alike units said, and ids in each */

/* The two characters of an id a compact hex shows, as a number. */
static size_t
shown_key(const char *id)
{
	return (size_t)(unsigned char)id[0] << 8 | (id[0] != '\0' ? (unsigned char)id[1] : 0);
}

/* Units whose ids begin with the same two characters, which is all a compact
 * hex shows: a warning for each of the first groups, then how many more. */
static void
alike_units(const struct game *g, const struct diag_source *src, struct diag_list *dl)
{
	size_t *order = xcalloc(g->nunits + 1, sizeof *order), groups = 0;
	size_t *start = xcalloc(65536 + 1, sizeof *start);

	/* a counting sort by the two characters shown, stable */
	for (size_t i = 0; i < g->nunits; i++)
		start[shown_key(g->units[i].id) + 1]++;
	for (size_t k = 1; k <= 65536; k++)
		start[k] += start[k - 1];
	for (size_t i = 0; i < g->nunits; i++)
		order[start[shown_key(g->units[i].id)]++] = i;
	free(start);
	for (size_t i = 0, j; i < g->nunits; i = j) {
		struct strbuf ids = { 0 };
		for (j = i + 1; j < g->nunits && shown_key(g->units[order[i]].id) ==
		                                      shown_key(g->units[order[j]].id); j++)
			;
		if (j - i < 2 || groups++ >= ALIKE_SAID)
			continue;
		for (size_t k = i; k < j && k < i + ALIKE_SAID; k++)
			strbuf_addf(&ids, "%s%s", k > i ? (k + 1 == j ? " and " : ", ") : "",
			            g->units[order[k]].id);
		if (j - i > ALIKE_SAID)
			strbuf_addf(&ids, " and %zu more", j - i - ALIKE_SAID);
		diag_file(dl, DIAG_WARNING, src, "units %s show alike on the compact map, as %.2s",
		          ids.text, g->units[order[i]].id);
		free(ids.text);
	}
	if (groups > ALIKE_SAID)
		diag_file(dl, DIAG_WARNING, src, "and %zu more groups of units that show alike",
		          groups - ALIKE_SAID);
	free(order);
}

void
render_check(const struct game *g, const char *file, struct diag_list *dl)
{
	const struct card *card = game_card(g);
	struct diag_source src = { file, NULL, 0 };
	struct render_marks m;

	choose_marks(card, &m);
	if (m.damaged == '?' || m.destroyed == '?' || m.side[0] == '?')
		diag_file(dl, DIAG_WARNING, &src, "the card's glyphs leave the map no character of "
		          "its own for a mark; the map draws it as '?'");
	render_check_card(card, file, dl);
	alike_units(g, &src, dl);
}

char
render_glyph(const struct terrain *ter)
{
	return ter->kind == TERRAIN_HEXSIDE ? side_glyph(ter) : ter->glyph;
}

void
render_check_card(const struct card *card, const char *file, struct diag_list *dl)
{
	struct diag_source src = { file, NULL, 0 };

	for (size_t t = 0; t < card->nterrain; t++) {
		const struct terrain *ter = &card->terrain[t];
		char ch = render_glyph(ter);
		int o = overlay_of(ch);

		if (ter->kind == TERRAIN_HEXSIDE && strchr("/\\|_", ch) != NULL)
			diag_file(dl, DIAG_WARNING, &src, "%s is drawn with '%c', as the hex outline "
			          "is: give it a side_glyph", ter->id, ch);
		if ((ter->kind == TERRAIN_TOKEN || ter->kind == TERRAIN_PATH) && ch >= '0' &&
		    ch <= '9')
			diag_file(dl, DIAG_WARNING, &src, "%s's glyph '%c' reads as a level on the map",
			          ter->id, ch);
		if (o >= 0)
			diag_file(dl, DIAG_WARNING, &src, "%s (%s:%d) is drawn with '%c', which the map "
			          "lays over hexes for %s: give it another glyph", ter->id, ter->file,
			          ter->line, ch, overlays[o].meaning);
		for (size_t u = 0; u < t; u++)
			if (ch != '\0' && render_glyph(&card->terrain[u]) == ch)
				diag_file(dl, DIAG_WARNING, &src, "%s and %s are both drawn with '%c' on "
				          "the map: give each its own glyph", card->terrain[u].id, ter->id,
				          ch);
	}
}
