/* test-hex.c: hex geometry: labels on the four kinds of board, distances,
 * directions and their names, hexsides, rings and ranges, lines and the line along
 * a hexside, movement range with walls, stops and budgets.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "hex.h"
#include "testutil.h"

/* Twelve columns of ten rows, numbered from 01: flat odd-q, flat even-q, pointy
 * odd-r, pointy even-r. */
static const struct hex_board flat_odd = { 12, 10, HEX_FLAT, HEX_ODD, 1, 1 };
static const struct hex_board flat_even = { 12, 10, HEX_FLAT, HEX_EVEN, 1, 1 };
static const struct hex_board pointy_odd = { 12, 10, HEX_POINTY, HEX_ODD, 1, 1 };
static const struct hex_board pointy_even = { 12, 10, HEX_POINTY, HEX_EVEN, 1, 1 };
static const struct hex_board *const all_boards[] = {
	&flat_odd, &flat_even, &pointy_odd, &pointy_even,
};

static struct hex
at(const struct hex_board *board, const char *label)
{
	struct hex h = { -999, -999 };

	assert_true(hex_from_label(board, label, &h));
	return h;
}

static void
assert_label(const struct hex_board *board, struct hex h, const char *want)
{
	char buf[HEX_LABEL_SIZE];

	hex_label(board, h, buf);
	assert_string_equal(buf, want);
}

static void
assert_hexes_labelled(const struct hex_board *board, const struct hex *hexes, size_t n,
		      const char *const *want)
{
	for (size_t i = 0; i < n; i++)
		assert_label(board, hexes[i], want[i]);
}

/* ---- labels and offsets ----------------------------------------------------- */

static void
test_labels_round_trip(void **state)
{
	(void)state;
	for (size_t b = 0; b < 4; b++) {
		const struct hex_board *board = all_boards[b];
		assert_true(hex_board_ok(board));
		for (int col = 0; col < board->columns; col++)
			for (int row = 0; row < board->rows; row++) {
				struct hex h = hex_from_offset(board, col, row), back;
				char want[24];
				int c, r;

				hex_to_offset(board, h, &c, &r);
				assert_int_equal(c, col);
				assert_int_equal(r, row);
				assert_true(hex_on_board(board, h));
				snprintf(want, sizeof want, "%02d%02d", col + 1, row + 1);
				assert_label(board, h, want);
				assert_true(hex_from_label(board, want, &back));
				assert_true(hex_eq(back, h));
			}
		/* Just past each edge. */
		assert_false(hex_on_board(board, hex_from_offset(board, -1, 0)));
		assert_false(hex_on_board(board, hex_from_offset(board, 12, 9)));
		assert_false(hex_on_board(board, hex_from_offset(board, 0, -1)));
		assert_false(hex_on_board(board, hex_from_offset(board, 11, 10)));
		assert_label(board, hex_from_offset(board, 12, 0), "off-board");
	}
}

static void
test_label_corners(void **state)
{
	static const char *const corners[] = { "0101", "1201", "0110", "1210" };

	(void)state;
	for (size_t b = 0; b < 4; b++)
		for (size_t i = 0; i < 4; i++) {
			struct hex h = at(all_boards[b], corners[i]);
			int col, row;

			assert_label(all_boards[b], h, corners[i]);
			hex_to_offset(all_boards[b], h, &col, &row);
			assert_int_equal(col, i % 2 == 0 ? 0 : 11);
			assert_int_equal(row, i < 2 ? 0 : 9);
		}
	/* The far corner of a flat odd-q board: column 11 (0-based) has drifted
	 * down five half-hex shoves, so r = 9 - 5. */
	assert_int_equal(at(&flat_odd, "1210").q, 11);
	assert_int_equal(at(&flat_odd, "1210").r, 4);
	/* even-q shoves column 11 six times. */
	assert_int_equal(at(&flat_even, "1210").r, 3);
}

/* Which hex lies in a named direction, read off the shoving rule by hand. */
struct layout_case {
	const struct hex_board *board;
	const char *from, *dir, *to;
};

static void
test_layouts(void **state)
{
	static const struct layout_case cases[] = {
		/* odd-q: 0202 is in a shoved-down column, half a row below 0302. */
		{ &flat_odd, "0202", "n", "0201" },
		{ &flat_odd, "0202", "ne", "0302" },
		{ &flat_odd, "0202", "se", "0303" },
		{ &flat_odd, "0202", "s", "0203" },
		{ &flat_odd, "0202", "sw", "0103" },
		{ &flat_odd, "0202", "nw", "0102" },
		{ &flat_odd, "0303", "ne", "0402" },
		{ &flat_odd, "0303", "se", "0403" },
		/* even-q: 0202 is in an unshoved column, half a row above 0302. */
		{ &flat_even, "0202", "n", "0201" },
		{ &flat_even, "0202", "ne", "0301" },
		{ &flat_even, "0202", "se", "0302" },
		{ &flat_even, "0202", "sw", "0102" },
		{ &flat_even, "0202", "nw", "0101" },
		/* odd-r: row 02 is shoved right, half a column right of row 01. */
		{ &pointy_odd, "0202", "ne", "0301" },
		{ &pointy_odd, "0202", "e", "0302" },
		{ &pointy_odd, "0202", "se", "0303" },
		{ &pointy_odd, "0202", "sw", "0203" },
		{ &pointy_odd, "0202", "w", "0102" },
		{ &pointy_odd, "0202", "nw", "0201" },
		{ &pointy_odd, "0303", "ne", "0302" },
		{ &pointy_odd, "0303", "nw", "0202" },
		/* even-r: row 02 is not shoved, half a column left of row 01. */
		{ &pointy_even, "0202", "ne", "0201" },
		{ &pointy_even, "0202", "e", "0302" },
		{ &pointy_even, "0202", "se", "0203" },
		{ &pointy_even, "0202", "sw", "0103" },
		{ &pointy_even, "0202", "w", "0102" },
		{ &pointy_even, "0202", "nw", "0101" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct layout_case *c = &cases[i];
		int dir = hex_direction_from_name(c->board, c->dir);
		struct hex from = at(c->board, c->from);

		assert_in_range(dir, 0, 5);
		assert_label(c->board, hex_neighbor(from, dir), c->to);
		assert_int_equal(hex_direction_to(from, at(c->board, c->to)), dir);
	}
}

static void
test_wide_and_numbered_boards(void **state)
{
	const struct hex_board wide = { 120, 105, HEX_FLAT, HEX_ODD, 1, 1 };
	const struct hex_board from_zero = { 30, 20, HEX_POINTY, HEX_EVEN, 0, 0 };
	const struct hex_board ends_at_99 = { 99, 99, HEX_FLAT, HEX_EVEN, 1, 1 };
	const struct hex_board ends_at_100 = { 99, 10, HEX_FLAT, HEX_EVEN, 2, 1 };
	struct hex h;

	(void)state;
	/* 100+ columns: three digits each, CCCRRR. */
	assert_label(&wide, at(&wide, "120105"), "120105");
	assert_label(&wide, at(&wide, "001001"), "001001");
	assert_label(&wide, hex_from_offset(&wide, 100, 9), "101010");
	assert_false(hex_from_label(&wide, "0101", &h));
	assert_false(hex_from_label(&wide, "121001", &h));
	assert_false(hex_from_label(&wide, "001106", &h));
	assert_false(hex_from_label(&wide, "000001", &h));
	/* Numbered from 00. */
	assert_label(&from_zero, hex_from_offset(&from_zero, 0, 0), "0000");
	assert_label(&from_zero, at(&from_zero, "2919"), "2919");
	assert_false(hex_from_label(&from_zero, "3000", &h));
	assert_false(hex_from_label(&from_zero, "0020", &h));
	/* The width follows the largest number, not the count. */
	assert_label(&ends_at_99, at(&ends_at_99, "9999"), "9999");
	assert_label(&ends_at_100, at(&ends_at_100, "100010"), "100010");
	assert_label(&ends_at_100, at(&ends_at_100, "002001"), "002001");
	assert_false(hex_from_label(&ends_at_100, "0201", &h));
	/* Boards the functions refuse. */
	assert_false(hex_board_ok(&(struct hex_board){ 0, 10, HEX_FLAT, HEX_ODD, 1, 1 }));
	assert_false(hex_board_ok(&(struct hex_board){ 10, 1001, HEX_FLAT, HEX_ODD, 1, 1 }));
	assert_false(hex_board_ok(&(struct hex_board){ 10, 10, HEX_FLAT, HEX_ODD, -1, 1 }));
	assert_true(hex_board_ok(&wide));
}

static void
test_malformed_labels(void **state)
{
	static const char *const bad[] = {
		"", "1", "010", "01010", "01a1", " 101", "+101", "-101", "0101 ", "0x01",
		"0113", /* row 13 of 10 */
		"1301", /* column 13 of 12 */
		"0001", /* columns start at 01 */
		"0100", /* rows too */
		"0111",
	};
	struct hex h = { 7, 7 };

	(void)state;
	for (size_t b = 0; b < 4; b++)
		for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
			assert_false(hex_from_label(all_boards[b], bad[i], &h));
			assert_int_equal(h.q, 7); /* untouched */
			assert_int_equal(h.r, 7);
		}
}

/* ---- distances and directions ------------------------------------------------ */

static void
test_distances(void **state)
{
	const struct hex_board *b = &flat_odd;

	(void)state;
	/* On flat odd-q the even printed columns (02, 04...) sit half a row low. */
	assert_int_equal(hex_distance(at(b, "0101"), at(b, "0101")), 0);
	assert_int_equal(hex_distance(at(b, "0101"), at(b, "0201")), 1); /* 0201 is se */
	assert_int_equal(hex_distance(at(b, "0101"), at(b, "0102")), 1); /* s */
	/* Straight down a column: one a row. */
	assert_int_equal(hex_distance(at(b, "0101"), at(b, "0103")), 2);
	/* Along a row: 0101 se 0201, ne 0301. */
	assert_int_equal(hex_distance(at(b, "0101"), at(b, "0301")), 2);
	/* 0101 se 0201 s 0202. */
	assert_int_equal(hex_distance(at(b, "0101"), at(b, "0202")), 2);
	/* Zigzag se/ne along row 01: one a column. */
	assert_int_equal(hex_distance(at(b, "0101"), at(b, "0601")), 5);
	/* se four times gains two rows (0201, 0302, 0402, 0503), then s once. */
	assert_int_equal(hex_distance(at(b, "0101"), at(b, "0504")), 5);
	/* Corner to corner: 11 times se reaches 1206, then 4 times s. */
	assert_int_equal(hex_distance(at(b, "0101"), at(b, "1210")), 15);
	assert_int_equal(hex_distance(at(b, "1210"), at(b, "0101")), 15);
	/* Up column 12 is shorter from the top right: 9 rows. */
	assert_int_equal(hex_distance(at(b, "1201"), at(b, "1210")), 9);
	/* The same count holds on a pointy board across the rows. */
	assert_int_equal(hex_distance(at(&pointy_odd, "0101"), at(&pointy_odd, "1201")), 11);
	assert_int_equal(hex_distance(at(&pointy_odd, "0101"), at(&pointy_odd, "0110")), 9);
}

static void
test_direction_names(void **state)
{
	static const char *const flat[] = { "n", "ne", "se", "s", "sw", "nw" };
	static const char *const pointy[] = { "ne", "e", "se", "sw", "w", "nw" };

	(void)state;
	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		assert_string_equal(hex_direction_name(&flat_odd, d), flat[d]);
		assert_string_equal(hex_direction_name(&pointy_even, d), pointy[d]);
		assert_string_equal(hex_direction_names(&flat_even)[d], flat[d]);
		assert_int_equal(hex_direction_from_name(&flat_odd, flat[d]), d);
		assert_int_equal(hex_direction_from_name(&pointy_odd, pointy[d]), d);
	}
	assert_string_equal(hex_direction_name(&flat_odd, 6), "n");
	assert_string_equal(hex_direction_name(&flat_odd, -1), "nw");
	assert_int_equal(hex_direction_from_name(&flat_odd, "NE"), 1);
	assert_int_equal(hex_direction_from_name(&pointy_odd, "W"), 4);
	assert_int_equal(hex_direction_from_name(&flat_odd, "e"), -1);
	assert_int_equal(hex_direction_from_name(&pointy_odd, "n"), -1);
	assert_int_equal(hex_direction_from_name(&flat_odd, "north"), -1);
	assert_int_equal(hex_direction_from_name(&flat_odd, "n "), -1);
	assert_int_equal(hex_direction_from_name(&flat_odd, ""), -1);
}

static void
test_neighbors(void **state)
{
	struct hex h = at(&flat_odd, "0505"), all[HEX_DIRECTIONS];

	(void)state;
	hex_neighbors(h, all);
	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		struct hex n = hex_neighbor(h, d);
		assert_true(hex_eq(all[d], n));
		assert_int_equal(hex_distance(h, n), 1);
		assert_int_equal(hex_direction_to(h, n), d);
		assert_int_equal(hex_direction_to(n, h), (d + 3) % 6);
		assert_true(hex_eq(hex_neighbor(n, d + 3), h));
		assert_true(hex_eq(hex_neighbor(h, d + 6), n));
		assert_true(hex_eq(hex_neighbor(h, d - 6), n));
	}
	assert_int_equal(hex_direction_to(h, h), -1);
	assert_int_equal(hex_direction_to(h, at(&flat_odd, "0507")), -1);
	assert_int_equal(hex_direction_to(h, at(&flat_odd, "0705")), -1);
}

/* The neighbours of a hex are hex_range radius 1 without the hex itself. */
static void
test_neighbors_are_range_one(void **state)
{
	(void)state;
	for (size_t b = 0; b < 4; b++) {
		static const char *const labels[] = { "0101", "0505", "0606", "1210" };
		for (size_t i = 0; i < 4; i++) {
			struct hex h = at(all_boards[b], labels[i]), range[7];
			assert_int_equal(hex_range(h, 1, range, 7), 7);
			assert_true(hex_eq(range[0], h));
			for (int d = 0; d < HEX_DIRECTIONS; d++) {
				int seen = 0;
				for (size_t k = 1; k < 7; k++)
					seen += hex_eq(range[k], hex_neighbor(h, d));
				assert_int_equal(seen, 1);
			}
		}
	}
}

/* ---- hexsides ---------------------------------------------------------------- */

static void
test_hexsides(void **state)
{
	struct hex h = at(&flat_odd, "0404"), n, x, y;
	struct hexside sides[HEX_DIRECTIONS];

	(void)state;
	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		n = hex_neighbor(h, d);
		sides[d] = hexside_of(h, d);
		assert_in_range(sides[d].dir, 0, 2);
		/* Seen from the other side, it is the same side. */
		assert_true(hexside_eq(sides[d], hexside_of(n, d + 3)));
		assert_true(hexside_eq(sides[d], hexside_between(h, n)));
		assert_true(hexside_eq(sides[d], hexside_between(n, h)));
		hexside_hexes(sides[d], &x, &y);
		assert_true((hex_eq(x, h) && hex_eq(y, n)) || (hex_eq(x, n) && hex_eq(y, h)));
	}
	/* Stored from the hex for which it is direction 0..2. */
	assert_true(hex_eq(sides[0].a, h));
	assert_int_equal(sides[0].dir, 0);
	assert_true(hex_eq(sides[3].a, hex_neighbor(h, 3)));
	assert_int_equal(sides[3].dir, 0);
	for (int i = 0; i < HEX_DIRECTIONS; i++)
		for (int j = i + 1; j < HEX_DIRECTIONS; j++)
			assert_false(hexside_eq(sides[i], sides[j]));
	/* Neighbours share exactly one side; hexes two apart share none. */
	n = at(&flat_odd, "0405");
	x = at(&flat_odd, "0406");
	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		int with_n = 0, with_x = 0;
		for (int e = 0; e < HEX_DIRECTIONS; e++) {
			with_n += hexside_eq(sides[d], hexside_of(n, e));
			with_x += hexside_eq(sides[d], hexside_of(x, e));
		}
		assert_int_equal(with_n, d == 3 ? 1 : 0);
		assert_int_equal(with_x, 0);
	}
	assert_int_equal(hexside_between(h, x).dir, -1);
}

/* ---- rings and ranges -------------------------------------------------------- */

static void
assert_distinct(const struct hex *hexes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			assert_false(hex_eq(hexes[i], hexes[j]));
}

static void
test_rings(void **state)
{
	struct hex c = at(&pointy_odd, "0606"), ring[64];

	(void)state;
	assert_int_equal(hex_ring(c, 0, ring, 64), 1);
	assert_true(hex_eq(ring[0], c));
	assert_int_equal(hex_ring(c, -1, ring, 64), 0);
	for (int r = 1; r <= 6; r++) {
		size_t n = hex_ring(c, r, ring, 64);
		struct hex corner = c;

		assert_int_equal(n, 6 * (size_t)r);
		assert_distinct(ring, n);
		for (size_t i = 0; i < n; i++) {
			assert_int_equal(hex_distance(c, ring[i]), r);
			assert_int_equal(hex_distance(ring[i], ring[(i + 1) % n]), 1);
		}
		for (int i = 0; i < r; i++)
			corner = hex_neighbor(corner, 0);
		assert_true(hex_eq(ring[0], corner));
	}
	/* The first ring, clockwise from ne on a pointy board (0606 is in a
	 * shoved row under odd-r). */
	{
		static const char *const want[] = { "0705", "0706", "0707", "0607", "0506", "0605" };
		hex_ring(c, 1, ring, 6);
		assert_hexes_labelled(&pointy_odd, ring, 6, want);
	}
	/* Too small a buffer: the count still, and nothing written past it. */
	ring[5] = (struct hex){ 99, 99 };
	assert_int_equal(hex_ring(c, 3, ring, 5), 18);
	assert_int_equal(ring[5].q, 99);
	assert_int_equal(hex_ring(c, 3, NULL, 0), 18);
}

static void
test_ranges(void **state)
{
	struct hex c = at(&flat_even, "0505"), range[128];

	(void)state;
	assert_int_equal(hex_range(c, -1, range, 128), 0);
	for (int r = 0; r <= 5; r++) {
		size_t n = hex_range(c, r, range, 128);
		size_t at_distance[6] = { 0 };

		assert_int_equal(n, 3 * (size_t)r * ((size_t)r + 1) + 1);
		assert_distinct(range, n);
		for (size_t i = 0; i < n; i++) {
			int d = hex_distance(c, range[i]);
			assert_in_range(d, 0, r);
			at_distance[d]++;
			/* Ring by ring: never nearer than the hex before. */
			if (i > 0)
				assert_true(d >= hex_distance(c, range[i - 1]));
		}
		assert_int_equal(at_distance[0], 1);
		for (int k = 1; k <= r; k++)
			assert_int_equal(at_distance[k], 6 * (size_t)k);
	}
	range[10] = (struct hex){ 99, 99 };
	assert_int_equal(hex_range(c, 4, range, 10), 61);
	assert_int_equal(range[10].q, 99);
	assert_int_equal(hex_range(c, 4, NULL, 0), 61);
}

/* ---- lines ------------------------------------------------------------------- */

static void
test_line_basics(void **state)
{
	struct hex a = at(&flat_odd, "0606"), targets[128], line[32], back[32];
	size_t count = hex_range(a, 6, targets, 128);

	(void)state;
	assert_int_equal(count, 127);
	for (size_t t = 0; t < count; t++) {
		struct hex b = targets[t];
		int dist = hex_distance(a, b);
		size_t n = hex_line(a, b, line, 32);

		assert_int_equal(n, (size_t)dist + 1);
		assert_true(hex_eq(line[0], a));
		assert_true(hex_eq(line[n - 1], b));
		for (size_t i = 0; i < n; i++) {
			assert_int_equal(hex_distance(a, line[i]), (int)i);
			if (i > 0)
				assert_int_equal(hex_distance(line[i - 1], line[i]), 1);
		}
		/* The same line from the other end. */
		assert_int_equal(hex_line(b, a, back, 32), n);
		for (size_t i = 0; i < n; i++)
			assert_true(hex_eq(line[i], back[n - 1 - i]));
	}
	/* By hand on flat odd-q: 0101 to 0303 passes 1/3 and 2/3 of the way at
	 * cube (2/3, 1/3, -1) and (4/3, 2/3, -2), nearest 0201 and 0202. */
	{
		static const char *const want[] = { "0101", "0201", "0202", "0303" };
		assert_int_equal(hex_line(at(&flat_odd, "0101"), at(&flat_odd, "0303"), line, 32), 4);
		assert_hexes_labelled(&flat_odd, line, 4, want);
	}
	/* Straight down a column. */
	{
		static const char *const want[] = { "0302", "0303", "0304", "0305" };
		assert_int_equal(hex_line(at(&flat_odd, "0302"), at(&flat_odd, "0305"), line, 32), 4);
		assert_hexes_labelled(&flat_odd, line, 4, want);
	}
	assert_int_equal(hex_line(a, a, line, 32), 1);
	assert_true(hex_eq(line[0], a));
	line[2] = (struct hex){ 99, 99 };
	assert_int_equal(hex_line(at(&flat_odd, "0101"), at(&flat_odd, "0105"), line, 2), 5);
	assert_int_equal(line[2].q, 99);
}

static void
test_line_split(void **state)
{
	const struct hex_board *b = &flat_odd;
	struct hex left[16], right[16], line[16];
	bool split = true;

	(void)state;
	/* 0101 to 0202 (cube (1, 1, -2)) runs along the side between 0201 and 0102:
	 * halfway is exactly between them. Walking down-right, 0201 is on the left. */
	{
		static const char *const want_left[] = { "0101", "0201", "0202" };
		static const char *const want_right[] = { "0101", "0102", "0202" };
		assert_int_equal(hex_line_sides(at(b, "0101"), at(b, "0202"), left, right, 16, &split), 3);
		assert_true(split);
		assert_hexes_labelled(b, left, 3, want_left);
		assert_hexes_labelled(b, right, 3, want_right);
		assert_true(hex_line_along_hexside(at(b, "0101"), at(b, "0202")));
		/* Walking back, the sides change hands. */
		assert_int_equal(hex_line_sides(at(b, "0202"), at(b, "0101"), left, right, 16, &split), 3);
		assert_true(split);
		assert_label(b, left[1], "0102");
		assert_label(b, right[1], "0201");
	}
	/* Twice as long: split at the first and third quarter, 0202 in the middle. */
	{
		static const char *const want_left[] = { "0101", "0201", "0202", "0303", "0304" };
		static const char *const want_right[] = { "0101", "0102", "0202", "0203", "0304" };
		assert_int_equal(hex_line_sides(at(b, "0101"), at(b, "0304"), left, right, 16, &split), 5);
		assert_true(split);
		assert_hexes_labelled(b, left, 5, want_left);
		assert_hexes_labelled(b, right, 5, want_right);
	}
	/* 0101 to 0303 touches no side exactly: one trace, the plain line. */
	split = true;
	assert_int_equal(hex_line_sides(at(b, "0101"), at(b, "0303"), left, right, 16, &split), 4);
	assert_false(split);
	assert_false(hex_line_along_hexside(at(b, "0101"), at(b, "0303")));
	hex_line(at(b, "0101"), at(b, "0303"), line, 16);
	for (size_t i = 0; i < 4; i++) {
		assert_true(hex_eq(left[i], right[i]));
		assert_true(hex_eq(left[i], line[i]));
	}
	split = true;
	hex_line_sides(at(b, "0101"), at(b, "0105"), left, right, 16, &split);
	assert_false(split);
	split = true;
	hex_line_sides(at(b, "0404"), at(b, "0404"), left, right, 16, &split);
	assert_false(split);
	assert_false(hex_line_along_hexside(at(b, "0404"), at(b, "0404")));
	/* 0101 to 0403 (cube (3, 1, -4)) crosses the side between 0202 and 0302
	 * exactly at its middle, halfway along: it splits without running along a
	 * side, and the line truly passes through both. */
	assert_int_equal(hex_line_sides(at(b, "0101"), at(b, "0403"), left, right, 16, &split), 5);
	assert_true(split);
	assert_false(hex_line_along_hexside(at(b, "0101"), at(b, "0403")));
	assert_label(b, left[2], "0302");
	assert_label(b, right[2], "0202");
	for (size_t i = 0; i < 5; i++)
		if (i != 2)
			assert_true(hex_eq(left[i], right[i]));
}

/* Both traces are lines; the left one from a is the right one from b; every line
 * along a hexside splits, and where traces part they hold two neighbours. */
static void
test_line_sides_properties(void **state)
{
	struct hex a = at(&pointy_even, "0606"), targets[256];
	struct hex left[32], right[32], bleft[32], bright[32];
	size_t count = hex_range(a, 8, targets, 256), along = 0;

	(void)state;
	for (size_t t = 0; t < count; t++) {
		struct hex b = targets[t];
		bool split, back_split, differ = false;
		size_t n = hex_line_sides(a, b, left, right, 32, &split);

		assert_int_equal(n, (size_t)hex_distance(a, b) + 1);
		assert_int_equal(hex_line_sides(b, a, bleft, bright, 32, &back_split), n);
		assert_int_equal(split, back_split);
		for (size_t i = 0; i < n; i++) {
			assert_true(hex_eq(left[i], bright[n - 1 - i]));
			assert_true(hex_eq(right[i], bleft[n - 1 - i]));
			if (i > 0) {
				assert_int_equal(hex_distance(left[i - 1], left[i]), 1);
				assert_int_equal(hex_distance(right[i - 1], right[i]), 1);
			}
			if (!hex_eq(left[i], right[i])) {
				differ = true;
				assert_int_equal(hex_distance(left[i], right[i]), 1);
			}
		}
		assert_int_equal(differ, split);
		if (hex_line_along_hexside(a, b)) {
			along++;
			assert_true(split);
		}
	}
	/* Six directions between neighbours, at distances 2, 4, 6 and 8. */
	assert_int_equal(along, 24);
}

/* The two traces as hex.c first computed them, every point in doubles: each
 * point of the line nudged a millionth of a hex square to it, either way, and
 * rounded to its hex. hex_line_sides now follows the points exactly in integers
 * and asks the doubles only where a nudge could decide; it must give these. */
static long long
ref_nearest(double x)
{
	long long f = (long long)x;

	if ((double)f > x)
		f--;
	return x - (double)f < 0.5 ? f : f + 1;
}

static double
ref_abs(double x)
{
	return x < 0 ? -x : x;
}

static struct hex
ref_round(double q, double r, double s)
{
	long long rq = ref_nearest(q), rr = ref_nearest(r), rs = ref_nearest(s);
	double dq = ref_abs((double)rq - q), dr = ref_abs((double)rr - r), ds = ref_abs((double)rs - s);

	if (dq > dr && dq > ds)
		rq = -rr - rs;
	else if (dr > ds)
		rr = -rq - rs;
	return (struct hex){ (int)rq, (int)rr };
}

static double
ref_lerp(long long a, long long b, int n, int i)
{
	return (double)(a * (n - i) + b * i) / n;
}

static struct hex
ref_point(struct hex a, struct hex b, int n, int i, double eq, double er, double es)
{
	if (n == 0)
		return a;
	return ref_round(ref_lerp(a.q, b.q, n, i) + eq, ref_lerp(a.r, b.r, n, i) + er,
			 ref_lerp(-(long long)a.q - a.r, -(long long)b.q - b.r, n, i) + es);
}

static void
assert_line_as_doubles(struct hex a, struct hex b)
{
	static struct hex left[4096], right[4096];
	int n = hex_distance(a, b);
	double dq = b.q - a.q, dr = b.r - a.r, ds = -dq - dr;
	double scale = n > 0 ? 1e-6 / n : 0;
	double lq = (dr - ds) * scale, lr = (ds - dq) * scale, ls = (dq - dr) * scale;
	bool split, want_split = false;

	assert_true(n < 4096);
	assert_int_equal(hex_line_sides(a, b, left, right, 4096, &split), (size_t)n + 1);
	for (int i = 0; i <= n; i++) {
		struct hex l = ref_point(a, b, n, i, lq, lr, ls);
		struct hex r = ref_point(a, b, n, i, -lq, -lr, -ls);

		want_split = want_split || !hex_eq(l, r);
		if (!hex_eq(left[i], l) || !hex_eq(right[i], r))
			fail_msg("line (%d,%d) to (%d,%d), point %d: (%d,%d) (%d,%d), want (%d,%d) "
				 "(%d,%d)", a.q, a.r, b.q, b.r, i, left[i].q, left[i].r, right[i].q,
				 right[i].r, l.q, l.r, r.q, r.r);
	}
	assert_int_equal(split, want_split);
}

static void
test_line_sides_exact(void **state)
{
	struct hex a = { 3, -7 }, targets[6000];
	size_t count = hex_range(a, 40, targets, 6000);
	unsigned long long seed = 12345;

	(void)state;
	/* every line of up to 40 hexes from one hex */
	for (size_t t = 0; t < count; t++)
		assert_line_as_doubles(a, targets[t]);
	/* long lines, as far as the largest boards reach, and those along hexsides
	 * and through corners at every length */
	for (int k = 0; k < 20000; k++) {
		struct hex from, to;
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		from = (struct hex){ (int)(seed >> 33) % 1000, -(int)((seed >> 13) % 1000) };
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		to = (struct hex){ (int)(seed >> 33) % 1000, -(int)((seed >> 13) % 1000) };
		assert_line_as_doubles(from, to);
	}
	for (int len = 1; len <= 700; len++) {
		assert_line_as_doubles(a, (struct hex){ a.q + len, a.r + len });
		assert_line_as_doubles(a, (struct hex){ a.q + 2 * len, a.r - len });
		assert_line_as_doubles(a, (struct hex){ a.q + len, a.r - 2 * len });
		assert_line_as_doubles(a, (struct hex){ a.q + 3 * len, a.r - len });
		assert_line_as_doubles(a, (struct hex){ a.q - len, a.r + 4 * len });
	}
}

/* ---- movement range ---------------------------------------------------------- */

static long
flat_cost(void *ctx, struct hex from, struct hex to, bool *stop_after)
{
	(void)from;
	(void)to;
	(void)stop_after;
	return *(const long *)ctx;
}

static bool
is_reached(const struct hex_reached *list, size_t n, struct hex h)
{
	for (size_t i = 0; i < n; i++)
		if (hex_eq(list[i].hex, h))
			return true;
	return false;
}

/* The entry for h, which must be in the list. */
static struct hex_reached
reached_at(const struct hex_reached *list, size_t n, struct hex h)
{
	struct hex_reached none = { .hex = { -999, -999 }, .cost = -999 };

	for (size_t i = 0; i < n; i++)
		if (hex_eq(list[i].hex, h))
			return list[i];
	fail_msg("hex (%d, %d) not reached", h.q, h.r);
	return none;
}

static void
test_reach_open_board(void **state)
{
	const struct hex_board board = { 10, 8, HEX_FLAT, HEX_ODD, 1, 1 };
	struct hex start = at(&board, "0504");
	struct hex_reached out[100];
	long step = 1;
	size_t n = hex_reach(&board, start, 1000, flat_cost, &step, out, 100);

	(void)state;
	assert_int_equal(n, 80);
	assert_true(hex_eq(out[0].hex, start));
	assert_int_equal(out[0].cost, 0);
	assert_true(hex_eq(out[0].from, start));
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(out[i].cost, hex_distance(start, out[i].hex));
		assert_false(out[i].must_stop);
		assert_int_equal(out[i].pass_cost, out[i].cost);
		assert_true(hex_eq(out[i].pass_from, out[i].from));
		if (i == 0)
			continue;
		assert_int_equal(hex_distance(out[i].from, out[i].hex), 1);
		assert_int_equal(reached_at(out, n, out[i].from).cost, out[i].cost - 1);
		/* Cheapest first, then by column, then row. */
		if (out[i].cost == out[i - 1].cost) {
			int c0, r0, c1, r1;
			hex_to_offset(&board, out[i - 1].hex, &c0, &r0);
			hex_to_offset(&board, out[i].hex, &c1, &r1);
			assert_true(c0 < c1 || (c0 == c1 && r0 < r1));
		} else {
			assert_true(out[i].cost > out[i - 1].cost);
		}
	}
	/* Too small a buffer. */
	out[5].cost = -99;
	assert_int_equal(hex_reach(&board, start, 1000, flat_cost, &step, out, 5), 80);
	assert_int_equal(out[5].cost, -99);
	/* Off the board. */
	assert_int_equal(hex_reach(&board, hex_from_offset(&board, 10, 0), 10, flat_cost, &step,
				   out, 100),
			 0);
}

static void
test_reach_budget(void **state)
{
	const struct hex_board board = { 10, 8, HEX_FLAT, HEX_ODD, 1, 1 };
	struct hex start = at(&board, "0504");
	struct hex_reached out[100];
	long step = 1;

	(void)state;
	/* 0504 is at least two hexes from every edge: the full range of 2. */
	assert_int_equal(hex_reach(&board, start, 2, flat_cost, &step, out, 100), 19);
	for (size_t i = 0; i < 19; i++)
		assert_in_range(out[i].cost, 0, 2);
	assert_int_equal(hex_reach(&board, start, 0, flat_cost, &step, out, 100), 1);
	assert_true(hex_eq(out[0].hex, start));
	assert_int_equal(hex_reach(&board, start, -1, flat_cost, &step, out, 100), 0);
	/* Two points a hex and five to spend: two hexes out, a point left over. */
	step = 2;
	assert_int_equal(hex_reach(&board, start, 5, flat_cost, &step, out, 100), 19);
	assert_int_equal(out[18].cost, 4);
	/* From a corner only part of the range is on the board: 0101 has two
	 * neighbours there (0201 se, 0102 s) and four hexes at 2: 0301 (se, ne),
	 * 0302 (se, se), 0202 (se, s) and 0103 (s, s). */
	step = 1;
	{
		size_t n = hex_reach(&board, at(&board, "0101"), 2, flat_cost, &step, out, 100);
		size_t at1 = 0, at2 = 0;
		for (size_t i = 0; i < n; i++) {
			at1 += out[i].cost == 1;
			at2 += out[i].cost == 2;
		}
		assert_int_equal(at1, 2);
		assert_int_equal(at2, 4);
		assert_int_equal(n, 7);
	}
}

/* Column 04 (0-based 3) is impassable except its last hex, 0407. */
static long
wall_cost(void *ctx, struct hex from, struct hex to, bool *stop_after)
{
	const struct hex_board *board = ctx;
	int col, row;

	(void)from;
	(void)stop_after;
	hex_to_offset(board, to, &col, &row);
	return col == 3 && row < 6 ? -1 : 1;
}

static void
test_reach_wall(void **state)
{
	struct hex_board board = { 7, 7, HEX_FLAT, HEX_ODD, 1, 1 };
	struct hex start = at(&board, "0204"), target = at(&board, "0604"), path[32];
	struct hex_reached out[64];
	size_t n, len;

	(void)state;
	n = hex_reach(&board, start, 100, wall_cost, &board, out, 64);
	assert_int_equal(n, 49 - 6);
	for (int row = 0; row < 6; row++)
		assert_false(is_reached(out, n, hex_from_offset(&board, 3, row)));
	/* Straight across is 4; round by the gap is 0204 to 0407 (4) and 0407 to
	 * 0604 (4): 8. */
	assert_int_equal(hex_distance(start, target), 4);
	assert_int_equal(hex_distance(start, at(&board, "0407")), 4);
	assert_int_equal(hex_distance(at(&board, "0407"), target), 4);
	assert_int_equal(reached_at(out, n, target).cost, 8);
	len = hex_reach_path(&board, out, n, target, path, 32);
	assert_int_equal(len, 9);
	assert_true(hex_eq(path[0], start));
	assert_true(hex_eq(path[8], target));
	assert_true(hex_eq(path[4], at(&board, "0407")));
	for (size_t i = 1; i < len; i++) {
		bool stop = false;
		assert_int_equal(hex_distance(path[i - 1], path[i]), 1);
		assert_int_equal(wall_cost(&board, path[i - 1], path[i], &stop), 1);
	}
	/* With 7 to spend the target is out of reach. */
	n = hex_reach(&board, start, 7, wall_cost, &board, out, 64);
	assert_false(is_reached(out, n, target));
	assert_int_equal(hex_reach_path(&board, out, n, target, path, 32), 0);
}

/* Entering the hex in ctx stops the move (a zone of control, say). */
static long
stop_cost(void *ctx, struct hex from, struct hex to, bool *stop_after)
{
	(void)from;
	*stop_after = hex_eq(to, *(const struct hex *)ctx);
	return 1;
}

static void
test_reach_stop(void **state)
{
	/* One row: 0101 0201 ... 0801, each next to the one before. */
	const struct hex_board corridor = { 8, 1, HEX_FLAT, HEX_ODD, 1, 1 };
	struct hex stop = at(&corridor, "0401"), path[8];
	struct hex_reached out[8], s;
	size_t n;

	(void)state;
	n = hex_reach(&corridor, at(&corridor, "0101"), 10, stop_cost, &stop, out, 8);
	assert_int_equal(n, 4);
	s = reached_at(out, n, stop);
	assert_int_equal(s.cost, 3);
	assert_true(s.must_stop);
	assert_int_equal(s.pass_cost, -1);
	assert_label(&corridor, s.from, "0301");
	assert_false(is_reached(out, n, at(&corridor, "0501")));
	assert_int_equal(hex_reach_path(&corridor, out, n, stop, path, 8), 4);
	assert_label(&corridor, path[3], "0401");
	/* Starting in the stopping hex does not stop: the move goes on both ways. */
	n = hex_reach(&corridor, stop, 10, stop_cost, &stop, out, 8);
	assert_int_equal(n, 8);
	assert_false(reached_at(out, n, stop).must_stop);
	/* Starting beyond it, the far side is reached only as far as the stop. */
	n = hex_reach(&corridor, at(&corridor, "0801"), 10, stop_cost, &stop, out, 8);
	assert_int_equal(n, 5);
	assert_false(is_reached(out, n, at(&corridor, "0301")));
}

/* Four open hexes: S, B (ne of S), T (se of S and s of B), X (se of T). Crossing
 * straight from S into T stops the move (a river between them); going round by B
 * does not. */
struct river {
	struct hex s, b, t, x;
};

static long
river_cost(void *ctx, struct hex from, struct hex to, bool *stop_after)
{
	const struct river *rv = ctx;

	if (!hex_eq(to, rv->s) && !hex_eq(to, rv->b) && !hex_eq(to, rv->t) && !hex_eq(to, rv->x))
		return -1;
	*stop_after = hex_eq(from, rv->s) && hex_eq(to, rv->t);
	return 1;
}

static void
test_reach_stop_then_pass(void **state)
{
	const struct hex_board board = { 4, 3, HEX_FLAT, HEX_ODD, 1, 1 };
	struct river rv;
	struct hex_reached out[12], t, x;
	struct hex path[8];
	size_t n;

	(void)state;
	rv.s = at(&board, "0102");
	rv.b = hex_neighbor(rv.s, 1);
	rv.t = hex_neighbor(rv.s, 2);
	rv.x = hex_neighbor(rv.t, 2);
	assert_label(&board, rv.b, "0201");
	assert_label(&board, rv.t, "0202");
	assert_label(&board, rv.x, "0303");
	assert_int_equal(hex_direction_to(rv.b, rv.t), 3);
	assert_int_equal(hex_distance(rv.b, rv.x), 2);

	n = hex_reach(&board, rv.s, 10, river_cost, &rv, out, 12);
	assert_int_equal(n, 4);
	/* T: cheapest across the river (1, must stop), free only round by B (2). */
	t = reached_at(out, n, rv.t);
	assert_int_equal(t.cost, 1);
	assert_true(t.must_stop);
	assert_true(hex_eq(t.from, rv.s));
	assert_int_equal(t.pass_cost, 2);
	assert_true(hex_eq(t.pass_from, rv.b));
	/* X is reached through T all the same, the long way. */
	x = reached_at(out, n, rv.x);
	assert_int_equal(x.cost, 3);
	assert_true(hex_eq(x.from, rv.t));
	{
		static const char *const want[] = { "0102", "0201", "0202", "0303" };
		assert_int_equal(hex_reach_path(&board, out, n, rv.x, path, 8), 4);
		assert_hexes_labelled(&board, path, 4, want);
	}
	{
		static const char *const want[] = { "0102", "0202" };
		assert_int_equal(hex_reach_path(&board, out, n, rv.t, path, 8), 2);
		assert_hexes_labelled(&board, path, 2, want);
	}
	/* A short buffer gets the start of the path. */
	path[2] = (struct hex){ 99, 99 };
	assert_int_equal(hex_reach_path(&board, out, n, rv.x, path, 2), 4);
	assert_label(&board, path[1], "0201");
	assert_int_equal(path[2].q, 99);
	/* With 2 to spend, T is reached but X is not. */
	n = hex_reach(&board, rv.s, 2, river_cost, &rv, out, 12);
	assert_int_equal(n, 3);
	assert_false(is_reached(out, n, rv.x));
}

static void
test_reach_large_board(void **state)
{
	const struct hex_board board = { 200, 200, HEX_POINTY, HEX_EVEN, 1, 1 };
	struct hex start = at(&board, "100100");
	struct hex_reached *out = calloc(200 * 200, sizeof *out);
	long step = 3;
	size_t n;

	(void)state;
	assert_non_null(out);
	n = hex_reach(&board, start, 1000000, flat_cost, &step, out, 200 * 200);
	assert_int_equal(n, 200 * 200);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(out[i].cost, 3 * hex_distance(start, out[i].hex));
	/* The farthest is the far corner 200200: 100 rows down cover 50 columns
	 * on the way, 50 more along the last row. */
	assert_int_equal(out[n - 1].cost, 3 * 150);
	assert_label(&board, out[n - 1].hex, "200200");
	free(out);
}

/* Rough ground: entering a hex costs 1 to 4 by its place, some hexes are
 * impassable and some stop the move (ties and detours aplenty). */
static long
rough_cost(void *ctx, struct hex from, struct hex to, bool *stop_after)
{
	const struct hex_board *board = ctx;
	int col, row, kind;

	(void)from;
	hex_to_offset(board, to, &col, &row);
	kind = (col * 7 + row * 13 + col * row) % 11;
	*stop_after = kind == 5;
	return kind == 3 ? -1 : 1 + kind % 4;
}

/* The way hex_reach_to finds is the way of the full search, for every target. */
static void
test_reach_to_same_way(void **state)
{
	struct hex_board board = { 12, 10, HEX_FLAT, HEX_ODD, 1, 1 };
	struct hex start = at(&board, "0605"), full_path[128], to_path[128];
	struct hex_reached full[120], part[120];
	size_t nfull, npart;
	int fewer = 0;

	(void)state;
	nfull = hex_reach(&board, start, 1000, rough_cost, &board, full, 120);
	for (int col = 0; col < board.columns; col++)
		for (int row = 0; row < board.rows; row++) {
			struct hex to = hex_from_offset(&board, col, row);
			size_t a = hex_reach_path(&board, full, nfull, to, full_path, 128), b;
			npart = hex_reach_to(&board, start, to, 1000, rough_cost, &board, part,
			                     120);
			b = hex_reach_path(&board, part, npart, to, to_path, 128);
			assert_int_equal(a, b);
			for (size_t i = 0; i < a; i++)
				assert_true(hex_eq(full_path[i], to_path[i]));
			fewer += npart < nfull;
		}
	/* Near targets are found without searching the whole board. */
	assert_true(fewer > 0);
	assert_int_equal(hex_reach_to(&board, start, hex_from_offset(&board, 12, 0), 1000,
	                              rough_cost, &board, part, 120), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_labels_round_trip),
		cmocka_unit_test(test_label_corners),
		cmocka_unit_test(test_layouts),
		cmocka_unit_test(test_wide_and_numbered_boards),
		cmocka_unit_test(test_malformed_labels),
		cmocka_unit_test(test_distances),
		cmocka_unit_test(test_direction_names),
		cmocka_unit_test(test_neighbors),
		cmocka_unit_test(test_neighbors_are_range_one),
		cmocka_unit_test(test_hexsides),
		cmocka_unit_test(test_rings),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_line_basics),
		cmocka_unit_test(test_line_split),
		cmocka_unit_test(test_line_sides_properties),
		cmocka_unit_test(test_line_sides_exact),
		cmocka_unit_test(test_reach_open_board),
		cmocka_unit_test(test_reach_budget),
		cmocka_unit_test(test_reach_wall),
		cmocka_unit_test(test_reach_stop),
		cmocka_unit_test(test_reach_stop_then_pass),
		cmocka_unit_test(test_reach_large_board),
		cmocka_unit_test(test_reach_to_same_way),
	};
	return RUN_TESTS("hex", tests);
}
