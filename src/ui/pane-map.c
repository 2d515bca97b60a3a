/* pane-map.c: the map pane (ui layer). Draws the part of the map in view
 * (render.c's frame: hex outlines with the hexside features on their sides,
 * terrain, levels, tokens and units), scrolled to keep the cursor's hex in view
 * with the column numbers and row numbers held on the edges, each cell coloured
 * by what it shows (terrain by the card's colour, units by side). Laid over
 * it: the cursor in brackets, the selected unit in parentheses, the hexes of
 * its movement range (the `range` command), the line of sight to the cursor
 * with the hex that blocks it (`los` and `line`), and the units it may battle
 * (`targets`). Colour helps, but every highlight is also a glyph or an
 * attribute, for monochrome terminals. Only the hexes in view are drawn.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "tui.h"
#include "xmalloc.h"

/* A cell of the map pane's window (its line and column). */
struct cell_at {
	int y, x;
};

/* The map pane's own state: the part of the map in view and where it starts. */
struct map_view {
	struct render_frame f;
	bool ready;             /* f is laid out for the board and size below */
	enum hexdraw_size size;
	const struct scenario *of;
	int columns, rows;      /* ... of this board's size (set-up changes it) */
	int top, left;          /* the first picture line and column that scroll */
	bool drawn;             /* f holds the part in view of the game as it stands: */
	unsigned long gen;      /* ... of this generation, */
	int lines, cols;        /* ... this size, from top and left */
	int drawn_top, drawn_left;
	/* what the window holds, so that a key redraws only what changed: */
	unsigned long layout;   /* the layout it was drawn for (0: none yet) */
	bool focused;           /* its title as the focused pane's */
	bool cells_shown;       /* the frame's cells as drawn last */
	chtype *shown;          /* the frame's cells as the window shows them */
	size_t cap_shown;
	struct cell_at *marked; /* the cells the highlights were drawn on */
	size_t nmarked, cap_marked;
	char *bottom;           /* the text on the bottom edge, or NULL */
	attr_t bottom_attr;
};

static void *
map_init(void)
{
	return xcalloc(1, sizeof(struct map_view));
}

static void
map_end(void *data)
{
	struct map_view *m = data;

	render_frame_free(&m->f);
	free(m->shown);
	free(m->marked);
	free(m->bottom);
	free(m);
}

/* ---- the frame ------------------------------------------------------------------ */

/* The size the map is drawn in: the player's choice (`+`), else large hexes
 * when the terminal is 120x40 or more and the whole board fits in them in
 * the room offered, compact ones otherwise (a whole board in view reads
 * better than large hexes scrolled). */
static enum hexdraw_size
chosen_size(const struct tui *t, int lines, int cols)
{
	struct hexdraw large;

	if (t->map_choice != MAP_AUTO)
		return t->map_choice == MAP_LARGE ? HEXDRAW_LARGE : HEXDRAW_COMPACT;
	if (COLS < TUI_LARGE_COLS || LINES < TUI_LARGE_LINES)
		return HEXDRAW_COMPACT;
	hexdraw_init(&large, game_board(&t->s->game), HEXDRAW_LARGE);
	return large.lines + 2 <= lines && large.cols + 2 <= cols ? HEXDRAW_LARGE : HEXDRAW_COMPACT;
}

/* Lay the frame out again when the game or the size changed. */
static void
prepare(struct tui *t, struct map_view *m)
{
	const struct hex_board *b = game_board(&t->s->game);

	if (m->ready && m->size == t->map_size && m->of == &t->s->game.sc &&
	    m->columns == b->columns && m->rows == b->rows)
		return;
	m->columns = b->columns;
	m->rows = b->rows;
	render_frame_free(&m->f);
	render_frame_init(&m->f, &t->s->game, t->map_size);
	m->size = t->map_size;
	m->of = &t->s->game.sc;
	m->top = 1;
	m->left = m->f.d.prefix;
	m->ready = true;
	m->drawn = false;
}

/* Draw the part in view, unless the frame holds it already: a key that only
 * moves the cursor within the view draws no hex again. True when it drew. */
static bool
draw_frame(struct tui *t, struct map_view *m, int lines, int cols)
{
	if (m->drawn && m->gen == t->gen && m->lines == lines && m->cols == cols &&
	    m->drawn_top == m->top && m->drawn_left == m->left)
		return false;
	render_frame_draw(&m->f, &t->s->game, m->top, m->left, lines, cols);
	m->drawn = true;
	m->gen = t->gen;
	m->lines = lines;
	m->cols = cols;
	m->drawn_top = m->top;
	m->drawn_left = m->left;
	return true;
}

void
map_toggle_size(struct tui *t)
{
	t->map_choice = t->map_size == HEXDRAW_LARGE ? MAP_COMPACT : MAP_LARGE;
	tui_layout(t);
	tui_message(t, false, "%s hexes (+ for %s ones)",
	            t->map_choice == MAP_LARGE ? "Large" : "Compact",
	            t->map_choice == MAP_LARGE ? "compact" : "large");
}

/* ---- drawing ------------------------------------------------------------------ */

struct view {
	WINDOW *w;
	struct map_view *m;
	int body_h, width;      /* picture lines that scroll; columns inside the border */
};

/* Scroll so that the cursor's hex, and a column either side for its
 * brackets, is in view. */
static void
follow_cursor(struct tui *t, const struct view *v)
{
	const struct hexdraw *d = &v->m->f.d;
	const struct hexdraw_shape *s = hexdraw_shape(d, t->cursor);
	int line, col, room = v->width - d->prefix;

	hexdraw_origin(d, t->cursor, &line, &col);
	if (line < v->m->top)
		v->m->top = line;
	if (line + s->lines > v->m->top + v->body_h)
		v->m->top = line + s->lines - v->body_h;
	if (col < v->m->left)
		v->m->left = col;
	if (col + s->cols > v->m->left + room)
		v->m->left = col + s->cols - room;
	if (v->m->top + v->body_h > d->lines)
		v->m->top = d->lines - v->body_h;
	if (v->m->left + room > d->cols)
		v->m->left = d->cols - room;
	if (v->m->top < 1)
		v->m->top = 1;
	if (v->m->left < d->prefix)
		v->m->left = d->prefix;
}

static const enum tui_role colour_roles[N_MAP_COLOURS] = {
	[MAP_COLOUR_NONE] = ROLE_NORMAL,
	[MAP_COLOUR_OPEN] = ROLE_MAP_OPEN,
	[MAP_COLOUR_WOODS] = ROLE_MAP_WOODS,
	[MAP_COLOUR_WATER] = ROLE_MAP_WATER,
	[MAP_COLOUR_MARSH] = ROLE_MAP_MARSH,
	[MAP_COLOUR_ROUGH] = ROLE_MAP_ROUGH,
	[MAP_COLOUR_HIGH_GROUND] = ROLE_MAP_HIGH,
	[MAP_COLOUR_BUILT_UP] = ROLE_MAP_BUILT,
	[MAP_COLOUR_WORKS] = ROLE_MAP_WORKS,
	[MAP_COLOUR_ROAD] = ROLE_MAP_ROAD,
};

static enum tui_role
terrain_role(const struct tui *t, int terrain)
{
	const struct card *card = game_card(&t->s->game);

	if (terrain < 0 || (size_t)terrain >= card->nterrain)
		return ROLE_NORMAL;
	return colour_roles[card->terrain[terrain].colour];
}

static enum tui_role
unit_role(const struct tui *t, int u)
{
	static const enum tui_role sides[4] = { ROLE_UNIT_1, ROLE_UNIT_2, ROLE_UNIT_3, ROLE_UNIT_4 };

	return sides[t->s->game.units[u].side % 4];
}

static attr_t
cell_attr(const struct tui *t, const struct render_cell *c)
{
	switch ((enum render_what)c->what) {
	case RENDER_LABEL:
		return tui_attr(t, ROLE_LABEL);
	case RENDER_OUTLINE:
		return tui_attr(t, ROLE_DIM);
	case RENDER_FEATURE:
	case RENDER_MARK:
		return tui_attr(t, terrain_role(t, c->ref)) | A_BOLD;
	case RENDER_TERRAIN:
	case RENDER_FILL:
		return tui_attr(t, terrain_role(t, c->ref));
	case RENDER_LEVEL:
		return tui_attr(t, ROLE_LEVEL);
	case RENDER_DAMAGED:
	case RENDER_DESTROYED:
		return tui_attr(t, ROLE_DAMAGE);
	case RENDER_STACK:
		return tui_attr(t, ROLE_STACK);
	case RENDER_SIDE:
	case RENDER_UNIT:
	case RENDER_STRENGTH:
		return tui_attr(t, unit_role(t, c->ref));
	case RENDER_BLANK:
	default:
		return tui_attr(t, ROLE_NORMAL);
	}
}

/* The frame's cells as the window shows them: each its character in the
 * attributes of what it is; but a blank after a cell whose attributes make a
 * blank look the same as its own (no background, no reverse or underline)
 * takes that cell's, so that the terminal is not told to change colours for
 * blanks that look alike either way. */
static void
shade_frame(struct tui *t, struct map_view *m)
{
	const struct render_frame *f = &m->f;
	size_t n = (size_t)f->lines * (size_t)f->cols;

	if (m->cap_shown < n) {
		free(m->shown);
		m->shown = xcalloc(n, sizeof *m->shown);
		m->cap_shown = n;
	}
	for (int y = 0; y < f->lines; y++) {
		attr_t before = 0;
		for (int x = 0; x < f->cols; x++) {
			size_t i = (size_t)y * (size_t)f->cols + (size_t)x;
			const struct render_cell *c = &f->cells[i];
			attr_t a = cell_attr(t, c);

			if (c->ch == ' ' && x > 0 && tui_blank_plain(t, a) && tui_blank_plain(t, before))
				a = before;
			m->shown[i] = (chtype)(unsigned char)c->ch | a;
			before = a;
		}
	}
}

/* Every cell of the frame. A line of printable ASCII (all of them, but for a
 * unit's id that is not) goes in at once, as it stands: waddch would give each
 * cell the same attributes, the window's being the normal ones. */
static void
draw_cells(const struct view *v)
{
	const struct render_frame *f = &v->m->f;

	for (int y = 0; y < f->lines; y++) {
		const struct render_cell *row = &f->cells[(size_t)y * (size_t)f->cols];
		const chtype *line = &v->m->shown[(size_t)y * (size_t)f->cols];
		bool plain = true;

		for (int x = 0; x < f->cols && plain; x++)
			plain = row[x].ch >= ' ' && row[x].ch <= '~';
		if (plain) {
			mvwaddchnstr(v->w, 1 + y, 1, line, f->cols);
			continue;
		}
		for (int x = 0; x < f->cols; x++)
			mvwaddch(v->w, 1 + y, 1 + x, line[x]);
	}
}

/* Put back the frame's cells where the highlights were drawn last. */
static void
restore_marked(const struct view *v)
{
	struct map_view *m = v->m;

	for (size_t i = 0; i < m->nmarked; i++) {
		int y = m->marked[i].y - 1, x = m->marked[i].x - 1;
		if (y < 0 || y >= m->f.lines || x < 0 || x >= m->f.cols)
			continue;
		mvwaddch(v->w, 1 + y, 1 + x, m->shown[(size_t)y * (size_t)m->f.cols + (size_t)x]);
	}
	m->nmarked = 0;
}

/* Put a character at a picture cell, when it is in view; the frame keeps
 * what was drawn there, and the cell is marked to be put back before the
 * highlights are drawn again. */
static void
put_char(const struct view *v, int line, int col, int ch, attr_t attr)
{
	struct map_view *m = v->m;
	int y, x;

	if (render_frame_pos(&m->f, line, col, &y, &x) && y > 0 && x >= m->f.d.prefix) {
		struct cell_at *at = xgrow(&m->marked, &m->nmarked, &m->cap_marked, sizeof *at);
		at->y = 1 + y;
		at->x = 1 + x;
		mvwaddch(v->w, 1 + y, 1 + x, (chtype)(unsigned char)ch | attr);
	}
}

static const struct render_cell *
cell_at(const struct view *v, int line, int col)
{
	int y, x;

	if (!render_frame_pos(&v->m->f, line, col, &y, &x))
		return NULL;
	return &v->m->f.cells[(size_t)y * (size_t)v->m->f.cols + (size_t)x];
}

/* Change the attributes of a picture cell, keeping its character. */
static void
paint(const struct view *v, int line, int col, attr_t attr)
{
	const struct render_cell *c = cell_at(v, line, col);

	if (c != NULL)
		put_char(v, line, col, c->ch, attr);
}

/* Every cell inside a hex, in the attribute given. */
static void
paint_inside(const struct view *v, struct hex h, attr_t attr)
{
	const struct hexdraw *d = &v->m->f.d;
	const struct hexdraw_shape *s = hexdraw_shape(d, h);
	int line, col;

	hexdraw_origin(d, h, &line, &col);
	for (int i = 0; i < s->nslot; i++)
		paint(v, line + s->slot[i].line, col + s->slot[i].col, attr);
}

/* The cells of a hex's unit run (0: where its side's mark goes). */
static int
run_cells(const struct view *v, struct hex h, struct hexdraw_cell *out, int cap)
{
	const struct hexdraw *d = &v->m->f.d;
	const struct hexdraw_shape *s = hexdraw_shape(d, h);
	int line, col, n = 0;

	hexdraw_origin(d, h, &line, &col);
	for (int i = 0; i < s->nslot && n < cap; i++)
		if (s->role[i] == HEXDRAW_RUN)
			out[n++] = (struct hexdraw_cell){ line + s->slot[i].line, col + s->slot[i].col };
	return n;
}

/* Two characters in the run of a hex where no unit stands, after the cell of
 * the side's mark: a highlight's glyph, readable without colour. */
static void
mark_run(const struct view *v, struct hex h, char a, char b, attr_t attr)
{
	struct hexdraw_cell run[HEXDRAW_SLOT_MAX];
	int n = run_cells(v, h, run, HEXDRAW_SLOT_MAX);

	if (n >= 3) {
		put_char(v, run[1].line, run[1].col, a, attr);
		put_char(v, run[2].line, run[2].col, b, attr);
	}
}

static void
paint_run(const struct view *v, struct hex h, attr_t attr)
{
	struct hexdraw_cell run[HEXDRAW_SLOT_MAX];
	int n = run_cells(v, h, run, HEXDRAW_SLOT_MAX);

	for (int i = 0; i < n; i++)
		paint(v, run[i].line, run[i].col, attr);
}

/* The cells just outside a hex's inside on its run's line, where the cursor's
 * brackets go. A bracket stays whole over a hexside feature drawn there: the
 * hex pane names the sides of the hex under the cursor, so nothing is lost. */
static void
bracket(const struct view *v, struct hex h, const char *pair, attr_t attr)
{
	const struct hexdraw *d = &v->m->f.d;
	const struct hexdraw_shape *s = hexdraw_shape(d, h);
	int line, col, lo = 1 << 20, hi = -1, at = -1;

	hexdraw_origin(d, h, &line, &col);
	for (int i = 0; i < s->nslot; i++)
		if (s->role[i] == HEXDRAW_RUN) {
			at = s->slot[i].line;
			break;
		}
	for (int i = 0; i < s->nslot; i++)
		if (s->slot[i].line == at) {
			lo = s->slot[i].col < lo ? s->slot[i].col : lo;
			hi = s->slot[i].col > hi ? s->slot[i].col : hi;
		}
	if (at < 0)
		return;
	for (int side = 0; side < 2; side++)
		put_char(v, line + at, col + (side == 0 ? lo - 1 : hi + 1), pair[side], attr);
}

/* Is a hex's box in view at all? */
static bool
in_view(const struct view *v, struct hex h)
{
	const struct hexdraw *d = &v->m->f.d;
	const struct hexdraw_shape *s = hexdraw_shape(d, h);
	int line, col;

	hexdraw_origin(d, h, &line, &col);
	return line + s->lines > v->m->top && line < v->m->top + v->body_h &&
	       col + s->cols > v->m->left && col < v->m->left + v->width - d->prefix;
}

/* Range and targets, of the hexes in view only. */
static void
draw_range(struct tui *t, const struct view *v)
{
	struct game *g = &t->s->game;
	const struct hexdraw *d = &v->m->f.d;
	int c0, c1, r0, r1, sel = tui_selected(t);

	if (!selection_derived(t))
		return;
	hexdraw_visible(d, v->m->top, v->m->left, v->body_h, v->width - d->prefix, &c0, &c1, &r0,
	                &r1);
	for (int r = r0; r < r1; r++)
		for (int c = c0; c < c1; c++) {
			struct hex h = hex_from_offset(&d->board, c, r);
			size_t idx = scenario_hex_index(&g->sc, h);
			int u = game_unit_at(g, h);
			if (u >= 0 && u != sel && t->target[u]) {
				paint_run(v, h, tui_attr(t, ROLE_TARGET));
			} else if (u < 0 && t->reach[idx]) {
				enum tui_role role = t->reach_stop[idx] ? ROLE_RANGE_STOP : ROLE_RANGE;
				const char *mk = render_overlay(t->reach_stop[idx] ? OVERLAY_STOP
				                                                  : OVERLAY_REACH)->glyph;
				mark_run(v, h, mk[0], mk[1], tui_attr(t, role));
			}
		}
}

/* The line of sight: its hexes marked (or their unit lit), the hex that
 * blocks it marked too (render_overlay). */
static void
draw_los(struct tui *t, const struct view *v)
{
	struct game *g = &t->s->game;
	int sel = tui_selected(t);

	for (size_t i = 0; i < t->nlos; i++) {
		struct hex h = t->los_hexes[i];
		bool blocked = (int)i == t->los_block;
		attr_t a = tui_attr(t, blocked ? ROLE_LOS_BLOCKED : ROLE_LOS);

		if (hex_eq(h, t->cursor) || (sel >= 0 && hex_eq(h, g->units[sel].hex)) || !in_view(v, h))
			continue;
		if (blocked)
			paint_inside(v, h, a);
		if (game_unit_at(g, h) >= 0)
			paint_run(v, h, a);
		else
			mark_run(v, h, render_overlay(blocked ? OVERLAY_BLOCKED : OVERLAY_LOS)->glyph[0],
			         render_overlay(blocked ? OVERLAY_BLOCKED : OVERLAY_LOS)->glyph[1], a);
	}
}

static void
draw_overlays(struct tui *t, const struct view *v)
{
	struct game *g = &t->s->game;
	int sel = tui_selected(t);

	draw_range(t, v);
	draw_los(t, v);
	if (sel >= 0 && !hex_eq(g->units[sel].hex, t->cursor)) {
		paint_run(v, g->units[sel].hex, tui_attr(t, ROLE_SELECTED));
		bracket(v, g->units[sel].hex, render_overlay(OVERLAY_SELECTED)->glyph,
		        tui_attr(t, ROLE_SELECTED));
	}
	paint_inside(v, t->cursor, tui_attr(t, ROLE_CURSOR));
	bracket(v, t->cursor, render_overlay(OVERLAY_CURSOR)->glyph, tui_attr(t, ROLE_CURSOR));
}

/* What the bottom edge says: the line of sight to the cursor, else the
 * selected unit's range, else the phase's reminder; NULL: nothing. */
static const char *
bottom_text(const struct tui *t)
{
	if (t->los_text != NULL)
		return t->los_text;
	if (selection_derived(t) && t->range_line != NULL)
		return t->range_line;
	return t->reminder;
}

/* The bottom edge with its text, when it is not what the window holds. */
static void
draw_bottom_line(struct tui *t, const struct view *v, int h, int w, bool anew)
{
	const char *text = bottom_text(t);
	attr_t attr = tui_attr(t, t->los_block >= 0 || (t->los_text && t->los_blocked)
	                                  ? ROLE_ERROR : ROLE_TITLE);
	struct map_view *m = v->m;
	char buf[512];

	if (!anew && (text == NULL ? m->bottom == NULL
	                           /* same text: the line drawn last */
	                           : m->bottom != NULL && strcmp(text, m->bottom) == 0 &&
	                                 attr == m->bottom_attr))
		return;
	free(m->bottom);
	m->bottom = text != NULL ? xstrdup(text) : NULL;
	m->bottom_attr = attr;
	if (!anew) {
		wattrset(v->w, tui_attr(t, ROLE_BORDER));
		mvwhline(v->w, h - 1, 1, ACS_HLINE, w - 2);
	}
	if (text != NULL) {
		/* cut short with "..." where it does not fit: the edge says it goes on */
		snprintf(buf, sizeof buf, " %s", text);
		wattrset(v->w, attr);
		tui_put(t, v->w, h - 1, 1 + tui_put_elided(t, v->w, h - 1, 1, buf, w - 3), " ", 1);
	}
	wattrset(v->w, tui_attr(t, ROLE_NORMAL));
}

/* Draw the map pane. When the window holds what was drawn last (the same
 * layout, title and frame), only the highlights are drawn again, after the
 * cells they were on last are put back; and the bottom edge when its text
 * changed. */
static void
map_draw(struct tui *t, struct pane *p)
{
	WINDOW *w = p->win;
	const struct rect *r = &p->rect;
	struct view v;
	char title[256];
	bool focused = tui_pane_focused(t, p), anew, redrawn;

	v.m = p->data;
	prepare(t, v.m);
	v.w = w;
	v.body_h = r->h - 3;
	v.width = r->w - 2;
	anew = v.m->layout != t->layout || v.m->focused != focused;
	if (anew) {
		werase(w);
		snprintf(title, sizeof title, "Map: %s", t->s->game.sc.title ? t->s->game.sc.title
		                                                          : t->s->game.sc.id);
		tui_frame(t, p, title);
		v.m->layout = t->layout;
		v.m->focused = focused;
		v.m->cells_shown = false;
		v.m->nmarked = 0;
	}
	if (v.body_h < 1 || v.width <= v.m->f.d.prefix)
		return;
	follow_cursor(t, &v);
	redrawn = draw_frame(t, v.m, v.body_h + 1, v.width);
	if (redrawn)
		shade_frame(t, v.m);
	if (redrawn || !v.m->cells_shown) {
		draw_cells(&v);
		v.m->cells_shown = true;
		v.m->nmarked = 0;
	} else {
		restore_marked(&v);
	}
	draw_overlays(t, &v);
	draw_bottom_line(t, &v, r->h, r->w, anew);
	wnoutrefresh(w);
}

/* Put the cursor on the hex at a screen position; false when none is there. */
static bool
put_cursor_at(struct tui *t, struct pane *p, int y, int x)
{
	const struct rect *r = &p->rect;
	const struct map_view *m = p->data;
	int fy = y - r->y - 1, fx = x - r->x - 1, line, col;
	struct hex h;

	if (p->win == NULL || !m->ready || fy < 1 || fy >= m->f.lines || fx < m->f.d.prefix ||
	    fx >= m->f.cols)
		return false;
	line = m->top + fy - 1;
	col = m->left + fx - m->f.d.prefix;
	if (!hexdraw_hex_at(&m->f.d, line, col, &h))
		return false;
	t->cursor = h;
	return true;
}

/* A click on the map: the cursor goes to that hex; true when a unit is there
 * (the keys then select it, or, an enemy of the selected unit, target it). */
static bool
map_clicked(struct tui *t, struct pane *p, int y, int x)
{
	return put_cursor_at(t, p, y, x) && tui_unit_at_cursor(t) >= 0;
}

static void
map_update(struct tui *t, struct pane *p)
{
	(void)p;
	selection_derive(t);
}

/* As many lines and columns as the map has in the size chosen, and its border. */
static void
map_fit(struct tui *t, int *lines, int *cols)
{
	struct hexdraw d;

	t->map_size = chosen_size(t, *lines, *cols);
	hexdraw_init(&d, game_board(&t->s->game), t->map_size);
	if (d.lines + 2 < *lines)
		*lines = d.lines + 2;
	if (d.cols + 2 < *cols)
		*cols = d.cols + 2;
}

const struct pane_ops pane_map = {
	.init = map_init,
	.free = map_end,
	.fit = map_fit,
	.update = map_update,
	.draw = map_draw,
	.click = map_clicked,
};
