/* test-hexdraw.c: where hexes and hexsides fall on the screen. For each board
 * orientation and offset, in both sizes: each of the six directions of a hex
 * maps to the cells of that side and of no other side near it, the neighbour
 * across sees the same cells, no side's cell is inside a hex, insides do not
 * overlap, every cell is in the picture, and a cell finds its hex again.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "hexdraw.h"
#include "testutil.h"

static const struct hex_board boards[] = {
	{ 7, 6, HEX_FLAT, HEX_ODD, 1, 1 },
	{ 7, 6, HEX_FLAT, HEX_EVEN, 1, 1 },
	{ 7, 6, HEX_POINTY, HEX_ODD, 1, 1 },
	{ 7, 6, HEX_POINTY, HEX_EVEN, 1, 1 },
};
#define NBOARDS (sizeof boards / sizeof boards[0])

static bool
same_cell(struct hexdraw_cell a, struct hexdraw_cell b)
{
	return a.line == b.line && a.col == b.col;
}

static bool
in_list(struct hexdraw_cell c, const struct hexdraw_cell *list, int n)
{
	for (int i = 0; i < n; i++)
		if (same_cell(c, list[i]))
			return true;
	return false;
}

/* The cells inside hex h, on the screen. */
static int
inside(const struct hexdraw *d, struct hex h, struct hexdraw_cell *out)
{
	const struct hexdraw_shape *s = hexdraw_shape(d, h);
	int line, col;

	hexdraw_origin(d, h, &line, &col);
	for (int i = 0; i < s->nslot; i++)
		out[i] = (struct hexdraw_cell){ line + s->slot[i].line, col + s->slot[i].col };
	return s->nslot;
}

/* Every hex within two of h (on the board or not). */
static size_t
near(struct hex h, struct hex *out)
{
	return hex_range(h, 2, out, 19);
}

static void
check_side(const struct hexdraw *d, struct hex h, int dir)
{
	struct hexdraw_cell mine[HEXDRAW_EDGE_MAX], across[HEXDRAW_EDGE_MAX];
	struct hexdraw_cell other[HEXDRAW_EDGE_MAX], in[HEXDRAW_SLOT_MAX];
	struct hex around[19];
	int n = hexdraw_edge(d, h, dir, mine);
	int m = hexdraw_edge(d, hex_neighbor(h, dir), dir + 3, across);
	size_t nn = near(h, around);

	assert_true(n > 0);
	assert_int_equal(n, m);
	for (int i = 0; i < n; i++) {
		assert_true(in_list(mine[i], across, m));
		assert_true(mine[i].line >= d->top && mine[i].line < d->lines);
		assert_true(mine[i].col >= d->prefix && mine[i].col < d->cols);
	}
	/* no other side near it has any of its cells, and no hex has them inside */
	for (size_t k = 0; k < nn; k++) {
		int ni = inside(d, around[k], in);
		for (int i = 0; i < n; i++)
			assert_false(in_list(mine[i], in, ni));
		for (int e = 0; e < HEX_DIRECTIONS; e++) {
			if (hexside_eq(hexside_of(around[k], e), hexside_of(h, dir)))
				continue;
			int no = hexdraw_edge(d, around[k], e, other);
			for (int i = 0; i < n; i++)
				assert_false(in_list(mine[i], other, no));
		}
	}
}

static void
check_inside(const struct hexdraw *d, struct hex h)
{
	struct hexdraw_cell in[HEXDRAW_SLOT_MAX], theirs[HEXDRAW_SLOT_MAX];
	struct hex around[19], found;
	size_t nn = near(h, around);
	int n = inside(d, h, in);

	assert_true(n >= 5);
	for (size_t k = 1; k < nn; k++) {
		int m = inside(d, around[k], theirs);
		for (int i = 0; i < n; i++)
			assert_false(in_list(in[i], theirs, m));
	}
	for (int i = 0; i < n; i++) {
		assert_true(in[i].line >= d->top && in[i].line < d->lines);
		assert_true(in[i].col >= d->prefix && in[i].col < d->cols);
		assert_true(hexdraw_hex_at(d, in[i].line, in[i].col, &found));
		assert_true(hex_eq(found, h));
	}
}

static void
test_sides_and_insides(void **state)
{
	(void)state;
	for (size_t b = 0; b < NBOARDS; b++)
		for (int size = 0; size < N_HEXDRAW_SIZES; size++) {
			struct hexdraw d;
			hexdraw_init(&d, &boards[b], (enum hexdraw_size)size);
			for (int r = 0; r < boards[b].rows; r++)
				for (int c = 0; c < boards[b].columns; c++) {
					struct hex h = hex_from_offset(&boards[b], c, r);
					for (int dir = 0; dir < HEX_DIRECTIONS; dir++)
						check_side(&d, h, dir);
					check_inside(&d, h);
				}
		}
}

/* The outline's characters run the way each side does. */
static void
test_outline_glyphs(void **state)
{
	static const char pointy[] = "\\|/\\|/", flat[] = "_\\/_\\/";

	(void)state;
	for (size_t b = 0; b < NBOARDS; b++)
		for (int size = 0; size < N_HEXDRAW_SIZES; size++) {
			struct hexdraw d;
			const char *want = boards[b].orientation == HEX_POINTY ? pointy : flat;
			hexdraw_init(&d, &boards[b], (enum hexdraw_size)size);
			for (int s = 0; s < 2; s++)
				for (int dir = 0; dir < HEX_DIRECTIONS; dir++)
					assert_int_equal(d.shape[s].edge_glyph[dir], want[dir]);
		}
}

/* The hexes in view are those whose boxes meet the part shown, and no more
 * than a column or row beyond. */
static void
test_visible(void **state)
{
	(void)state;
	for (size_t b = 0; b < NBOARDS; b++)
		for (int size = 0; size < N_HEXDRAW_SIZES; size++) {
			struct hexdraw d;
			int c0, c1, r0, r1;
			hexdraw_init(&d, &boards[b], (enum hexdraw_size)size);
			hexdraw_visible(&d, 0, 0, d.lines, d.cols, &c0, &c1, &r0, &r1);
			assert_int_equal(c0, 0);
			assert_int_equal(r0, 0);
			assert_int_equal(c1, boards[b].columns);
			assert_int_equal(r1, boards[b].rows);
			/* a window in the middle: every hex with a cell in it is listed */
			int top = d.lines / 3, left = d.cols / 3, lines = 5, cols = 12;
			hexdraw_visible(&d, top, left, lines, cols, &c0, &c1, &r0, &r1);
			for (int line = top; line < top + lines; line++)
				for (int col = left; col < left + cols; col++) {
					struct hex h;
					int c, r;
					if (!hexdraw_hex_at(&d, line, col, &h))
						continue;
					hex_to_offset(&boards[b], h, &c, &r);
					assert_true(c >= c0 && c < c1 && r >= r0 && r < r1);
				}
			assert_true(c1 - c0 <= cols / d.col_step + 3);
			assert_true(r1 - r0 <= lines / d.row_step + 3);
			hexdraw_visible(&d, d.lines + 10, 0, 5, 5, &c0, &c1, &r0, &r1);
			assert_true(c0 == c1 || r0 == r1);
		}
}

/* A Command & Colors board (13x9, pointy-top) fits an 80-column pane in the
 * compact size, and a 120-column one in the large size. */
static void
test_fits(void **state)
{
	static const struct hex_board cc = { 13, 9, HEX_POINTY, HEX_ODD, 1, 1 };
	static const struct hex_board tec = { 12, 8, HEX_FLAT, HEX_ODD, 1, 1 };
	struct hexdraw d;

	(void)state;
	hexdraw_init(&d, &cc, HEXDRAW_COMPACT);
	assert_true(d.cols <= 78);
	assert_int_equal(d.lines, 1 + 2 * 9 + 1);
	hexdraw_init(&d, &cc, HEXDRAW_LARGE);
	assert_true(d.cols <= 118);
	hexdraw_init(&d, &tec, HEXDRAW_COMPACT);
	assert_true(d.cols <= 78);
	hexdraw_init(&d, &tec, HEXDRAW_LARGE);
	assert_true(d.cols <= 118);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sides_and_insides),
		cmocka_unit_test(test_outline_glyphs),
		cmocka_unit_test(test_visible),
		cmocka_unit_test(test_fits),
	};
	return RUN_TESTS("hexdraw", tests);
}
