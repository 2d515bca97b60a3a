/* hexdraw.c: where a board's hexes and hexsides fall on a screen of characters.
 * Each size and orientation is a picture of one hex (its outline) beside a
 * picture of what each of its cells is for: a digit is the side in that
 * direction, a letter a cell inside (T terrain, F more terrain, L level, R the
 * unit's run, a-z marks in that order). The pictures are read once into a
 * shape; the board is those shapes stepped along columns and rows, every other
 * row (pointy-top) or column (flat-top) shoved half a hex. Neighbouring boxes
 * overlap on their shared sides, so each side is drawn on cells of its own
 * that both hexes agree on (tests/test-hexdraw.c proves it).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hexdraw.h"

struct picture {
	const char *draw[6];    /* the outline: / \ | _ on the sides, blanks elsewhere */
	const char *role[6];    /* digits: sides; letters: cells inside; blank: not this hex's */
	int col_step, row_step, shove;
};

/* Pointy-top, compact: five columns a hex, two lines a row. A row moves two
 * columns right when shoved, and back three for the next, so the hexes of a
 * shoved row have one cell above and below their middle line instead of two. */
static const struct picture pointy_compact[2] = {
	{ { " /  \\ ", "|    |", " \\  / " },
	  { " 5La0 ", "4TRRR1", " 3bc2 " }, 5, 2, 2 },
	{ { "  / \\ ", "|    |", "  \\ / " },
	  { "  5L0 ", "4TRRR1", "  3a2 " }, 5, 2, 2 },
};

/* Pointy-top, large: eight columns a hex, four lines a row. */
static const struct picture pointy_large = {
	{ "   / \\   ", " /     \\ ", "|       |", "|       |", " \\     / ", "   \\ /   " },
	{ "   5L0   ", " 5TFFFF0 ", "4RRRRRRR1", "4abcdefg1", " 3hijkl2 ", "   3m2   " },
	8, 4, 4,
};

/* Flat-top, compact: six columns a hex, two lines; shoved columns one line down.
 * No cell inside is the level's: the map draws it in the middle of the top
 * side (render.c), so that a unit and its strength do not hide it. */
static const struct picture flat_compact = {
	{ " _____ ", "/     \\", "\\_____/" },
	{ " 00000 ", "5TaRRR1", "4333332" },
	6, 2, 1,
};

/* Flat-top, large: nine columns a hex, four lines; shoved columns two lines down. */
static const struct picture flat_large = {
	{ "  _______  ", " /       \\ ", "/         \\", "\\         /", " \\_______/ " },
	{ "  0000000  ", " 5TFFFFFL1 ", "5RRRRRRRRR1", "4abcdefghi2", " 433333332 " },
	9, 4, 2,
};

static int
mod2(int n)
{
	return ((n % 2) + 2) % 2;
}

/* Floor division, for columns and rows left of or above the board. */
static int
floor_div(int a, int b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static void
read_cell(struct hexdraw_shape *s, const struct picture *p, int line, int col)
{
	char role = p->role[line][col];
	struct hexdraw_cell at = { line, col };

	if (role >= '0' && role <= '5') {
		int dir = role - '0';
		if (s->nedge[dir] < HEXDRAW_EDGE_MAX) {
			s->edge[dir][s->nedge[dir]++] = at;
			s->edge_glyph[dir] = p->draw[line][col];
		}
		return;
	}
	if (role == ' ' || s->nslot >= HEXDRAW_SLOT_MAX)
		return;
	s->slot[s->nslot] = at;
	s->rank[s->nslot] = 0;
	switch (role) {
	case 'T':
		s->role[s->nslot] = HEXDRAW_TERRAIN;
		break;
	case 'F':
		s->role[s->nslot] = HEXDRAW_FILL;
		break;
	case 'L':
		s->role[s->nslot] = HEXDRAW_LEVEL;
		break;
	case 'R':
		s->role[s->nslot] = HEXDRAW_RUN;
		break;
	default:
		s->role[s->nslot] = HEXDRAW_MARK;
		s->rank[s->nslot] = role - 'a';
		break;
	}
	s->nslot++;
}

static void
span_add(struct hexdraw_span *sp, struct hexdraw_cell c)
{
	if (sp->line0 > sp->line1) {
		*sp = (struct hexdraw_span){ c.line, c.line, c.col, c.col };
		return;
	}
	sp->line0 = c.line < sp->line0 ? c.line : sp->line0;
	sp->line1 = c.line > sp->line1 ? c.line : sp->line1;
	sp->col0 = c.col < sp->col0 ? c.col : sp->col0;
	sp->col1 = c.col > sp->col1 ? c.col : sp->col1;
}

/* The cells by what they are for, so that drawing a hex need not search, and
 * the boxes the cells inside and each side's take. */
static void
index_slots(struct hexdraw_shape *s)
{
	const struct hexdraw_span none = { 1, 0, 1, 0 };

	for (int dir = 0; dir < HEX_DIRECTIONS; dir++) {
		s->side_span[dir] = none;
		for (int i = 0; i < s->nedge[dir]; i++)
			span_add(&s->side_span[dir], s->edge[dir][i]);
	}
	s->inside_span = none;
	for (int i = 0; i < s->nslot; i++)
		span_add(&s->inside_span, s->slot[i]);
	s->terrain = s->level = -1;
	for (int i = 0; i < s->nslot; i++) {
		if (s->role[i] == HEXDRAW_RUN)
			s->run[s->nrun++] = i;
		else if (s->role[i] == HEXDRAW_FILL)
			s->fill[s->nfill++] = i;
		else if (s->role[i] == HEXDRAW_TERRAIN && s->terrain < 0)
			s->terrain = i;
		else if (s->role[i] == HEXDRAW_LEVEL && s->level < 0)
			s->level = i;
	}
	for (int rank = 0; rank < 26; rank++)
		for (int i = 0; i < s->nslot; i++)
			if (s->role[i] == HEXDRAW_MARK && s->rank[i] == rank)
				s->mark[s->nmark++] = i;
}

static void
read_picture(struct hexdraw_shape *s, const struct picture *p)
{
	memset(s, 0, sizeof *s);
	for (int line = 0; line < 6 && p->role[line] != NULL; line++) {
		int cols = (int)strlen(p->role[line]);
		s->lines = line + 1;
		if (cols > s->cols)
			s->cols = cols;
		for (int col = 0; col < cols; col++)
			read_cell(s, p, line, col);
	}
	index_slots(s);
}

static bool
shoved(const struct hex_board *b, int n)
{
	return b->offset == HEX_ODD ? mod2(n) == 1 : mod2(n) == 0;
}

static void
offsets(const struct hexdraw *d, struct hex h, int *c, int *r)
{
	hex_to_offset(&d->board, h, c, r);
}

const struct hexdraw_shape *
hexdraw_shape_at(const struct hexdraw *d, int c, int r)
{
	(void)c;
	return &d->shape[d->board.orientation == HEX_POINTY && shoved(&d->board, r)];
}

const struct hexdraw_shape *
hexdraw_shape(const struct hexdraw *d, struct hex h)
{
	int c, r;

	offsets(d, h, &c, &r);
	return hexdraw_shape_at(d, c, r);
}

static void
origin_of(const struct hexdraw *d, int c, int r, int *line, int *col)
{
	*line = d->top + r * d->row_step;
	*col = d->prefix + c * d->col_step;
	if (d->board.orientation == HEX_POINTY)
		*col += shoved(&d->board, r) ? d->shove : 0;
	else
		*line += shoved(&d->board, c) ? d->shove : 0;
}

void
hexdraw_origin_at(const struct hexdraw *d, int c, int r, int *line, int *col)
{
	origin_of(d, c, r, line, col);
}

void
hexdraw_origin(const struct hexdraw *d, struct hex h, int *line, int *col)
{
	int c, r;

	offsets(d, h, &c, &r);
	origin_of(d, c, r, line, col);
}

/* The far corner of the picture: the last line and column any hex reaches. */
static void
extent(struct hexdraw *d)
{
	const struct hex_board *b = &d->board;
	int cs[2] = { b->columns - 1, b->columns > 1 ? b->columns - 2 : 0 };
	int rs[2] = { b->rows - 1, b->rows > 1 ? b->rows - 2 : 0 };

	d->lines = d->top + 1;
	d->cols = d->prefix + 1;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++) {
			int line, col;
			const struct hexdraw_shape *s = &d->shape[b->orientation == HEX_POINTY &&
			                                          shoved(b, rs[j])];
			origin_of(d, cs[i], rs[j], &line, &col);
			if (line + s->lines > d->lines)
				d->lines = line + s->lines;
			if (col + s->cols > d->cols)
				d->cols = col + s->cols;
		}
}

void
hexdraw_init(struct hexdraw *d, const struct hex_board *board, enum hexdraw_size size)
{
	const struct picture *p[2];

	memset(d, 0, sizeof *d);
	d->board = *board;
	d->size = size;
	if (board->orientation == HEX_POINTY) {
		p[0] = size == HEXDRAW_LARGE ? &pointy_large : &pointy_compact[0];
		p[1] = size == HEXDRAW_LARGE ? &pointy_large : &pointy_compact[1];
	} else {
		p[0] = p[1] = size == HEXDRAW_LARGE ? &flat_large : &flat_compact;
	}
	read_picture(&d->shape[0], p[0]);
	read_picture(&d->shape[1], p[1]);
	for (int i = 0; i < 2; i++) {
		struct hexdraw_shape *s = &d->shape[i];
		/* the row number beside the west side (pointy), or the north-west's
		 * lower cell (flat) */
		s->label_line = board->orientation == HEX_POINTY ? s->edge[4][0].line
		                                                 : s->edge[5][s->nedge[5] - 1].line;
	}
	d->col_step = p[0]->col_step;
	d->row_step = p[0]->row_step;
	d->shove = p[0]->shove;
	d->prefix = hex_label_width(board) + 1;
	d->top = 1;
	extent(d);
}

int
hexdraw_edge(const struct hexdraw *d, struct hex h, int dir, struct hexdraw_cell *out)
{
	const struct hexdraw_shape *s = hexdraw_shape(d, h);
	int line, col;

	dir = ((dir % HEX_DIRECTIONS) + HEX_DIRECTIONS) % HEX_DIRECTIONS;
	hexdraw_origin(d, h, &line, &col);
	for (int i = 0; i < s->nedge[dir]; i++)
		out[i] = (struct hexdraw_cell){ line + s->edge[dir][i].line, col + s->edge[dir][i].col };
	return s->nedge[dir];
}

/* 2: the cell is inside the hex; 1: on one of its sides; 0: neither. */
static int
holds(const struct hexdraw *d, int c, int r, int line, int col)
{
	const struct hexdraw_shape *s =
		&d->shape[d->board.orientation == HEX_POINTY && shoved(&d->board, r)];
	int l0, c0;

	origin_of(d, c, r, &l0, &c0);
	line -= l0;
	col -= c0;
	if (line < 0 || col < 0 || line >= s->lines || col >= s->cols)
		return 0;
	for (int i = 0; i < s->nslot; i++)
		if (s->slot[i].line == line && s->slot[i].col == col)
			return 2;
	for (int dir = 0; dir < HEX_DIRECTIONS; dir++)
		for (int i = 0; i < s->nedge[dir]; i++)
			if (s->edge[dir][i].line == line && s->edge[dir][i].col == col)
				return 1;
	return 0;
}

bool
hexdraw_hex_at(const struct hexdraw *d, int line, int col, struct hex *h)
{
	int c0, c1, r0, r1, found = 0;

	hexdraw_visible(d, line, col, 1, 1, &c0, &c1, &r0, &r1);
	for (int r = r0; r < r1; r++)
		for (int c = c0; c < c1; c++) {
			int how = holds(d, c, r, line, col);
			if (how > found) {
				found = how;
				*h = hex_from_offset(&d->board, c, r);
			}
		}
	return found > 0;
}

static int
clamp(int n, int lo, int hi)
{
	return n < lo ? lo : n > hi ? hi : n;
}

void
hexdraw_visible(const struct hexdraw *d, int top, int left, int lines, int cols, int *c0,
                int *c1, int *r0, int *r1)
{
	int box_lines = d->shape[0].lines > d->shape[1].lines ? d->shape[0].lines : d->shape[1].lines;
	int box_cols = d->shape[0].cols > d->shape[1].cols ? d->shape[0].cols : d->shape[1].cols;
	int line_slack = d->board.orientation == HEX_FLAT ? d->shove : 0;
	int col_slack = d->board.orientation == HEX_POINTY ? d->shove : 0;

	/* a box starting at y meets [top, top + lines) when top - box < y < top + lines */
	*r0 = floor_div(top - d->top - box_lines - line_slack, d->row_step) + 1;
	*r1 = floor_div(top + lines - 1 - d->top, d->row_step) + 1;
	*c0 = floor_div(left - d->prefix - box_cols - col_slack, d->col_step) + 1;
	*c1 = floor_div(left + cols - 1 - d->prefix, d->col_step) + 1;
	*r0 = clamp(*r0, 0, d->board.rows);
	*r1 = clamp(*r1, *r0, d->board.rows);
	*c0 = clamp(*c0, 0, d->board.columns);
	*c1 = clamp(*c1, *c0, d->board.columns);
	if (lines <= 0 || cols <= 0)
		*r1 = *r0, *c1 = *c0;
}

int
hexdraw_column_label(const struct hexdraw *d, int c)
{
	const struct hexdraw_shape *s = &d->shape[0];
	int width = hex_label_width(&d->board);
	int centre = (s->edge[HEX_DIRECTIONS - 2][0].col + s->edge[1][0].col + 1) / 2;

	if (d->board.orientation == HEX_FLAT)
		centre = (s->edge[HEX_DIRECTIONS - 1][0].col + s->edge[1][0].col + 1) / 2;
	return d->prefix + c * d->col_step + centre - width / 2;
}

int
hexdraw_row_label(const struct hexdraw *d, int r)
{
	int line, col;

	origin_of(d, 0, r, &line, &col);
	return line + d->shape[d->board.orientation == HEX_POINTY && shoved(&d->board, r)].label_line;
}
