/* pane-map.c: the map pane (ui layer). Draws the map that `hexaid render` prints
 * (render_map), scrolled to keep the cursor in view with the column numbers and
 * row numbers held on the edges, and lays over it: units coloured by side, the
 * cursor in brackets, the selected unit, the hexes of its movement range (the
 * `range` command), the line of sight to the cursor with the hex that blocks it
 * (`los` and `line`), and the units it may battle (`targets`). Colour helps, but
 * every highlight is also a glyph or an attribute, for monochrome terminals. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "tui.h"
#include "xmalloc.h"

/* The map pane's own state: the text of the map and the part in view. */
struct map_view {
	int top, left;          /* first map line and column in view */
	char **lines;
	size_t nlines;
	unsigned long gen;      /* the game generation the text is of */
};

/* ---- the text of the map ----------------------------------------------------------- */

static void
free_lines(struct map_view *m)
{
	for (size_t i = 0; m->lines != NULL && i < m->nlines; i++)
		free(m->lines[i]);
	free(m->lines);
	m->lines = NULL;
	m->nlines = 0;
}

static void
rebuild_text(struct tui *t, struct map_view *m)
{
	char *text, *line, *nl;
	size_t cap = 0;

	if (m->lines != NULL && m->gen == t->gen)
		return;
	free_lines(m);
	text = render_map(&t->s->game, false);
	for (line = text; *line != '\0'; line = nl + 1) {
		char **slot = xgrow(&m->lines, &m->nlines, &cap, sizeof *slot);
		nl = strchr(line, '\n');
		if (nl != NULL)
			*nl = '\0';
		*slot = xstrdup(line);
		if (nl == NULL)
			break;
	}
	free(text);
	m->gen = t->gen;
}

static void *
map_init(void)
{
	return xcalloc(1, sizeof(struct map_view));
}

static void
map_end(void *data)
{
	free_lines(data);
	free(data);
}

void
map_free(struct tui *t)
{
	free(t->reach);
	free(t->reach_stop);
	free(t->target);
	free(t->range_line);
	free(t->los_hexes);
	free(t->los_text);
	t->reach = t->reach_stop = t->target = NULL;
	t->range_line = t->los_text = NULL;
	t->los_hexes = NULL;
	t->nlos = 0;
}

/* ---- what the commands say about the selected unit --------------------------------- */

static void
derive_range(struct tui *t, int sel)
{
	struct game *g = &t->s->game;
	struct command_result res;

	if (!tui_query(t, &res, "range %s", g->units[sel].id) || res.found.summary == NULL) {
		command_result_free(&res);
		return;
	}
	t->range_line = xstrdup(res.found.summary);
	for (size_t i = 0; i < res.found.nhexes; i++) {
		size_t idx = scenario_hex_index(&g->sc, res.found.hexes[i]);
		t->reach[idx] = true;
		t->reach_stop[idx] = res.found.stops[i];
	}
	command_result_free(&res);
}

static void
derive_targets(struct tui *t, int sel)
{
	struct game *g = &t->s->game;
	struct command_result res;

	if (tui_query(t, &res, "targets %s", g->units[sel].id))
		for (size_t i = 0; i < res.found.nunits; i++)
			t->target[res.found.units[i]] = true;
	command_result_free(&res);
}

/* The line of sight from the selected unit to the cursor: the verdict with its
 * reason, the hexes of the line and the one that blocks it. */
static void
derive_los(struct tui *t, int sel)
{
	struct game *g = &t->s->game;
	const struct hex_board *b = game_board(g);
	struct command_result res;
	char from[HEX_LABEL_SIZE], to[HEX_LABEL_SIZE], at[HEX_LABEL_SIZE] = "";
	struct hex block = { 0, 0 };
	bool blocked = false;
	size_t cap = 0;

	free(t->los_hexes);
	free(t->los_text);
	t->los_hexes = NULL;
	t->los_text = NULL;
	t->nlos = 0;
	t->los_block = -1;
	t->los_blocked = false;
	if (sel < 0 || hex_eq(g->units[sel].hex, t->cursor))
		return;
	tui_hex_label(t, g->units[sel].hex, from);
	tui_hex_label(t, t->cursor, to);
	if (tui_query(t, &res, "los %s %s", from, to)) {
		const char *why = res.found.reason ? res.found.reason : "";
		blocked = t->los_blocked = res.found.blocked;
		block = res.found.block;
		if (blocked)
			tui_hex_label(t, block, at);
		t->los_text = xasprintf("LOS %s to %s: %s%s%s%s", from, to,
		                        blocked ? "blocked at " : "clear", at, *why ? ": " : "", why);
	}
	command_result_free(&res);
	if (!tui_query(t, &res, "line %s %s", from, to)) {
		command_result_free(&res);
		return;
	}
	for (size_t i = 0; i < res.found.nhexes; i++) {
		struct hex *slot;
		if (!hex_on_board(b, res.found.hexes[i]))
			continue;
		slot = xgrow(&t->los_hexes, &t->nlos, &cap, sizeof *slot);
		*slot = res.found.hexes[i];
		if (blocked && hex_eq(*slot, block))
			t->los_block = (int)t->nlos - 1;
	}
	command_result_free(&res);
}

void
map_derive(struct tui *t)
{
	struct game *g = &t->s->game;
	const struct hex_board *b = game_board(g);
	size_t cells = (size_t)b->columns * (size_t)b->rows;
	int sel = tui_selected(t);

	if (t->reach == NULL || t->derived_gen != t->gen || t->derived_sel != sel) {
		free(t->reach);
		free(t->reach_stop);
		free(t->target);
		free(t->range_line);
		t->range_line = NULL;
		t->reach = xcalloc(cells, sizeof *t->reach);
		t->reach_stop = xcalloc(cells, sizeof *t->reach_stop);
		t->target = xcalloc(g->nunits + 1, sizeof *t->target);
		if (sel >= 0) {
			derive_range(t, sel);
			derive_targets(t, sel);
		}
		t->derived_gen = t->gen;
		t->derived_sel = sel;
	}
	derive_los(t, sel);
}

/* ---- moving the cursor ----------------------------------------------------------- */

int
map_compass_dir(const struct tui *t, int compass)
{
	/* pointy-top directions: 0 ne, 1 e, 2 se, 3 sw, 4 w, 5 nw;
	 * flat-top: 0 n, 1 ne, 2 se, 3 s, 4 sw, 5 nw */
	static const int pointy[8] = { -1, 0, 1, 2, -1, 3, 4, 5 };
	static const int flat[8] = { 0, 1, -1, 2, 3, 4, -1, 5 };

	if (compass < 0 || compass > 7)
		return -1;
	return game_board(&t->s->game)->orientation == HEX_FLAT ? flat[compass] : pointy[compass];
}

bool
map_go(struct tui *t, int compass)
{
	const struct hex_board *b = game_board(&t->s->game);
	int dir = map_compass_dir(t, compass), c, r;
	struct hex to;

	if (dir >= 0) {
		to = hex_neighbor(t->cursor, dir);
	} else {
		hex_to_offset(b, t->cursor, &c, &r);
		if (compass == COMPASS_N)
			r--;
		else if (compass == COMPASS_S)
			r++;
		else if (compass == COMPASS_W)
			c--;
		else
			c++;
		to = hex_from_offset(b, c, r);
	}
	if (!hex_on_board(b, to))
		return false;
	t->cursor = to;
	return true;
}

/* ---- drawing ------------------------------------------------------------------ */

/* Columns of the row numbers at the left of every line. */
static int
label_cols(const struct tui *t)
{
	const struct hex_board *b = game_board(&t->s->game);
	char l[HEX_LABEL_SIZE];

	hex_label(b, hex_from_offset(b, 0, 0), l);
	return (int)strlen(l) / 2 + 1;
}

struct view {
	WINDOW *w;
	struct map_view *m;
	int body_h, content_w, prefix;
};

/* Scroll so that the cursor's cell and its brackets are in view. */
static void
follow_cursor(struct tui *t, const struct view *v)
{
	int line, col, cc;

	render_hex_origin(game_board(&t->s->game), t->cursor, &line, &col);
	if (v->m->top < 1)
		v->m->top = 1;
	if (line < v->m->top)
		v->m->top = line;
	if (line >= v->m->top + v->body_h)
		v->m->top = line - v->body_h + 1;
	cc = col - v->prefix;
	if (cc - 1 < v->m->left)
		v->m->left = cc - 1 > 0 ? cc - 1 : 0;
	if (cc + RENDER_CELL > v->m->left + v->content_w)
		v->m->left = cc + RENDER_CELL - v->content_w;
	if (v->m->left < 0)
		v->m->left = 0;
}

/* Where a map character is on the screen; false when it is out of view. */
static bool
screen_pos(const struct view *v, int line, int col, int *y, int *x)
{
	int content = col - v->prefix - v->m->left;   /* column in the scrolled part */

	if (line < v->m->top || line >= v->m->top + v->body_h)
		return false;
	/* the blank after the row numbers may take the bracket of the first hex in view */
	if (content < -1 || content >= v->content_w)
		return false;
	*y = 2 + line - v->m->top;
	*x = 1 + v->prefix + content;
	return true;
}

static void
put_char(const struct view *v, int line, int col, int ch, attr_t attr)
{
	int y, x;

	if (screen_pos(v, line, col, &y, &x))
		mvwaddch(v->w, y, x, (chtype)(unsigned char)ch | attr);
}

/* Change the attributes of `n` characters of a cell, keeping their text. */
static void
paint(const struct view *v, int line, int col, int n, attr_t attr)
{
	for (int i = 0; i < n; i++) {
		int y, x;
		if (screen_pos(v, line, col + i, &y, &x)) {
			chtype c = mvwinch(v->w, y, x) & A_CHARTEXT;
			mvwaddch(v->w, y, x, c | attr);
		}
	}
}

static void
draw_text(struct tui *t, const struct view *v)
{
	attr_t label = tui_attr(t, ROLE_LABEL);
	/* the text as it is now: drawing does not change it */
	char *const *lines = v->m->lines;
	size_t nlines = v->m->nlines;

	if (lines == NULL)
		return;
	for (int row = 0; row <= v->body_h; row++) {
		size_t line = row == 0 ? 0 : (size_t)(v->m->top + row - 1);
		const char *text = line < nlines ? lines[line] : "";
		int len = (int)strlen(text);
		int y = 1 + row;

		if (row > 0 && line >= nlines)
			break;
		wattrset(v->w, label);
		for (int x = 0; x < v->prefix && x < len; x++)
			mvwaddch(v->w, y, 1 + x, (chtype)(unsigned char)text[x]);
		wattrset(v->w, row == 0 ? label : tui_attr(t, ROLE_NORMAL));
		if (v->prefix + v->m->left < len)
			tui_put(t, v->w, y, 1 + v->prefix, text + v->prefix + v->m->left, v->content_w);
	}
	wattrset(v->w, tui_attr(t, ROLE_NORMAL));
}

static attr_t
side_attr(const struct tui *t, int side)
{
	static const enum tui_role sides[4] = { ROLE_SIDE_1, ROLE_SIDE_2, ROLE_SIDE_3, ROLE_SIDE_4 };

	return tui_attr(t, sides[side % 4]);
}

/* Units by side, tokens and damage marks, range, targets, the line of sight. */
static void
draw_overlays(struct tui *t, const struct view *v)
{
	struct game *g = &t->s->game;
	const struct hex_board *b = game_board(g);
	int sel = tui_selected(t);
	/* the text as it is now: drawing does not change it */
	char *const *lines = v->m->lines;
	size_t nlines = v->m->nlines;

	for (int r = 0; r < b->rows; r++)
		for (int c = 0; c < b->columns; c++) {
			struct hex h = hex_from_offset(b, c, r);
			size_t idx = scenario_hex_index(&g->sc, h);
			int line, col, u = game_unit_at(g, h);

			render_hex_origin(b, h, &line, &col);
			if (lines != NULL && (size_t)line < nlines && (size_t)col + 1 < strlen(lines[line]) &&
			    lines[line][col + 1] != ' ')
				paint(v, line, col + 1, 1, tui_attr(t, ROLE_TOKEN));
			if (u >= 0) {
				attr_t a = side_attr(t, g->units[u].side);
				if (u == sel)
					a = tui_attr(t, ROLE_SELECTED);
				else if (t->target != NULL && t->target[u])
					a = tui_attr(t, ROLE_TARGET);
				paint(v, line, col + 2, 2, a);
			} else if (t->reach != NULL && t->reach[idx]) {
				enum tui_role role = t->reach_stop[idx] ? ROLE_RANGE_STOP : ROLE_RANGE;
				put_char(v, line, col + 2, '+', tui_attr(t, role));
				put_char(v, line, col + 3, t->reach_stop[idx] ? '!' : '+', tui_attr(t, role));
			}
		}
	for (size_t i = 0; i < t->nlos; i++) {
		int line, col;
		bool blocked = (int)i == t->los_block;

		render_hex_origin(b, t->los_hexes[i], &line, &col);
		if (hex_eq(t->los_hexes[i], t->cursor) ||
		    (sel >= 0 && hex_eq(t->los_hexes[i], g->units[sel].hex)))
			continue;
		if (blocked) {
			paint(v, line, col, 4, tui_attr(t, ROLE_LOS_BLOCKED));
			if (game_unit_at(g, t->los_hexes[i]) < 0) {
				put_char(v, line, col + 2, '#', tui_attr(t, ROLE_LOS_BLOCKED));
				put_char(v, line, col + 3, '#', tui_attr(t, ROLE_LOS_BLOCKED));
			}
		} else {
			paint(v, line, col, 1, tui_attr(t, ROLE_LOS));
		}
	}
	if (sel >= 0 && !hex_eq(g->units[sel].hex, t->cursor)) {
		int line, col;
		render_hex_origin(b, g->units[sel].hex, &line, &col);
		put_char(v, line, col - 1, '(', tui_attr(t, ROLE_SELECTED));
		put_char(v, line, col + 4, ')', tui_attr(t, ROLE_SELECTED));
	}
	{
		int line, col;
		render_hex_origin(b, t->cursor, &line, &col);
		paint(v, line, col, 4, tui_attr(t, ROLE_CURSOR));
		put_char(v, line, col - 1, '[', tui_attr(t, ROLE_CURSOR));
		put_char(v, line, col + 4, ']', tui_attr(t, ROLE_CURSOR));
	}
}

static void
draw_bottom_line(struct tui *t, const struct view *v, int h, int w)
{
	const char *text = t->los_text;
	char buf[512];

	if (text == NULL && t->range_line != NULL)
		text = t->range_line;
	if (text == NULL)
		text = t->reminder;     /* the phase's reminder when nothing else is said */
	if (text == NULL)
		return;
	snprintf(buf, sizeof buf, " %s ", text);
	wattrset(v->w, tui_attr(t, t->los_block >= 0 || (t->los_text && t->los_blocked)
	                                   ? ROLE_ERROR : ROLE_TITLE));
	tui_put(t, v->w, h - 1, 1, buf, w - 2);
	wattrset(v->w, tui_attr(t, ROLE_NORMAL));
}

static void
map_draw(struct tui *t, struct pane *p)
{
	WINDOW *w = p->win;
	const struct rect *r = &p->rect;
	struct view v;
	char title[256];

	v.m = p->data;
	rebuild_text(t, v.m);
	werase(w);
	v.w = w;
	v.prefix = label_cols(t);
	v.body_h = r->h - 3;
	v.content_w = r->w - 2 - v.prefix;
	if (v.body_h < 1 || v.content_w < 1)
		return;
	follow_cursor(t, &v);
	snprintf(title, sizeof title, "Map: %s", t->s->game.sc.title ? t->s->game.sc.title
	                                                          : t->s->game.sc.id);
	tui_frame(t, p, title);
	draw_text(t, &v);
	draw_overlays(t, &v);
	draw_bottom_line(t, &v, r->h, r->w);
	wnoutrefresh(w);
}

/* Put the cursor on the hex at a screen position; false when none is there. */
static bool
put_cursor_at(struct tui *t, struct pane *p, int y, int x)
{
	const struct rect *r = &p->rect;
	const struct map_view *m = p->data;
	const struct hex_board *b = game_board(&t->s->game);
	int prefix = label_cols(t), line, col;

	if (p->win == NULL || y < r->y + 2 || y >= r->y + r->h - 1 || x < r->x + 1 + prefix ||
	    x >= r->x + r->w - 1)
		return false;
	line = m->top + (y - r->y - 2);
	col = prefix + m->left + (x - r->x - 1 - prefix);
	for (int row = 0; row < b->rows; row++)
		for (int c = 0; c < b->columns; c++) {
			struct hex h = hex_from_offset(b, c, row);
			int hl, hc;
			render_hex_origin(b, h, &hl, &hc);
			if (hl == line && col >= hc - 1 && col < hc + RENDER_CELL - 1) {
				t->cursor = h;
				return true;
			}
		}
	return false;
}

/* A click on the map: the cursor goes to that hex and a unit there is selected. */
static void
map_clicked(struct tui *t, struct pane *p, int y, int x)
{
	if (put_cursor_at(t, p, y, x) && tui_unit_at_cursor(t) >= 0)
		tui_select_at_cursor(t);
}

static void
map_update(struct tui *t, struct pane *p)
{
	(void)p;
	map_derive(t);
}

/* As many lines and columns as the map has, and its border. */
static void
map_fit(struct tui *t, int *lines, int *cols)
{
	int map_lines, map_cols;

	render_map_size(game_board(&t->s->game), &map_lines, &map_cols);
	if (map_lines + 2 < *lines)
		*lines = map_lines + 2;
	if (map_cols + 2 < *cols)
		*cols = map_cols + 2;
}

const struct pane_ops pane_map = {
	.init = map_init,
	.free = map_end,
	.fit = map_fit,
	.update = map_update,
	.draw = map_draw,
	.click = map_clicked,
};
