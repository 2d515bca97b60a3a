/* hex.h: hex grid geometry: coordinates, map labels, distances, directions,
 * hexsides, rings, lines and movement range (util layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_HEX_H
#define HEXAID_HEX_H

#include <stdbool.h>
#include <stddef.h>

#define HEX_DIRECTIONS 6
#define HEX_LABEL_SIZE 16
#define HEX_BOARD_MAX 1000	/* most columns or rows, and largest first number */

/* A hex in axial coordinates (the cube's third coordinate is s = -q - r). On a
 * flat-top board q is the column and r runs down it (Red Blob Games' flat axial
 * form). On a pointy-top board the same frame is turned a twelfth of a turn
 * clockwise, so that a direction number means the same step on every board; code
 * outside hex.c goes through the functions below and never reads q and r. */
struct hex {
	int q, r;
};

enum hex_orientation { HEX_FLAT, HEX_POINTY };
enum hex_offset { HEX_ODD, HEX_EVEN };

/* A printed map. Flat-top boards shove every other column half a hex down:
 * HEX_ODD the odd ones counting from 0 ("odd-q"; so the second, fourth... columns
 * as printed), HEX_EVEN the even ones ("even-q"). Pointy-top boards shove every
 * other row half a hex right ("odd-r", "even-r"). Hexes are labelled CCRR, column
 * then row, numbered from first_column and first_row (usually 1), two digits each,
 * or as many as the largest number needs (CCCRRR on a board of 100+ columns). */
struct hex_board {
	int columns, rows;
	enum hex_orientation orientation;
	enum hex_offset offset;
	int first_column, first_row;
};

/* True when the board is one the functions below accept: 1..HEX_BOARD_MAX columns
 * and rows, first numbers 0..HEX_BOARD_MAX, known orientation and offset. */
bool hex_board_ok(const struct hex_board *board);

/* The few functions below are asked of every hex a search, a line or a drawing
 * touches, so they are inline; they are hex.c's all the same (no other code reads
 * q and r). */

static inline bool
hex_eq(struct hex a, struct hex b)
{
	return a.q == b.q && a.r == b.r;
}

/* How far the shoved columns (or rows) up to index n have drifted, in hexes. */
static inline int
hex_shove(const struct hex_board *board, int n)
{
	int odd = n % 2 != 0;

	return board->offset == HEX_ODD ? (n - odd) / 2 : (n + odd) / 2;
}

/* 0-based column and row, counted whether or not the hex is on the board. */
static inline void
hex_to_offset(const struct hex_board *board, struct hex h, int *col, int *row)
{
	if (board->orientation == HEX_FLAT) {
		*col = h.q;
		*row = h.r + hex_shove(board, h.q);
	} else {
		/* Red Blob's pointy axial form is (-r, q + r) in this frame. */
		*row = h.q + h.r;
		*col = -h.r + hex_shove(board, *row);
	}
}

static inline struct hex
hex_from_offset(const struct hex_board *board, int col, int row)
{
	int q;

	if (board->orientation == HEX_FLAT)
		return (struct hex){ col, row - hex_shove(board, col) };
	q = col - hex_shove(board, row);
	return (struct hex){ q + row, -q };
}

static inline bool
hex_offset_on_board(const struct hex_board *board, int col, int row)
{
	return col >= 0 && col < board->columns && row >= 0 && row < board->rows;
}

static inline bool
hex_on_board(const struct hex_board *board, struct hex h)
{
	int col, row;

	hex_to_offset(board, h, &col, &row);
	return hex_offset_on_board(board, col, row);
}

/* Parse a label such as "0405" (exactly the board's digits, nothing else); false
 * when it is malformed or names a hex off the board. */
bool hex_from_label(const struct hex_board *board, const char *label, struct hex *out);

/* The hex's label, or "off-board" for a hex that is not on the board. */
void hex_label(const struct hex_board *board, struct hex h, char buf[HEX_LABEL_SIZE]);

/* Digits in each half of a board's labels: two, or what its largest column or
 * row number needs. */
int hex_label_width(const struct hex_board *board);

int hex_distance(struct hex a, struct hex b);

/* Directions are numbered 0..5 clockwise: flat-top n ne se s sw nw, pointy-top
 * ne e se sw w nw. Any int is taken modulo 6, so dir + 3 is the opposite one. */
/* The six hexes next to h, in the order of the directions. */
void hex_neighbors(struct hex h, struct hex out[HEX_DIRECTIONS]);
struct hex hex_neighbor(struct hex h, int dir);

/* The direction from a to b, or -1 unless they are adjacent. */
int hex_direction_to(struct hex a, struct hex b);

const char *hex_direction_name(const struct hex_board *board, int dir);

/* The six names in direction order, for messages and "did you mean". */
const char *const *hex_direction_names(const struct hex_board *board);

/* The direction a name means on the board (any case), or -1. */
int hex_direction_from_name(const struct hex_board *board, const char *name);

/* A hexside, always stored from the hex for which it is direction 0, 1 or 2, so
 * the same side seen from either of its hexes compares equal. */
struct hexside {
	struct hex a;
	int dir;
};

struct hexside hexside_of(struct hex h, int dir);
bool hexside_eq(struct hexside x, struct hexside y);

/* The side between two adjacent hexes; { a, -1 } when they are not adjacent. */
struct hexside hexside_between(struct hex a, struct hex b);

/* The two hexes a side separates. */
void hexside_hexes(struct hexside side, struct hex *a, struct hex *b);

/* The functions that list hexes return how many there are and write the first
 * `cap` of them to `out` (which may be NULL when cap is 0). */

/* The hexes exactly `radius` from center: clockwise from the one `radius` steps in
 * direction 0; 6 * radius of them, the center alone for radius 0, none below. */
size_t hex_ring(struct hex center, int radius, struct hex *out, size_t cap);

/* Every hex within `radius`, ring by ring from the center: 3r(r+1) + 1 of them. */
size_t hex_range(struct hex center, int radius, struct hex *out, size_t cap);

/* The hexes on the line from a to b, both included (hex_distance + 1 of them):
 * cube coordinates interpolated and rounded. Where the line meets the boundary of
 * two hexes, a fixed nudge decides, so the line from b to a is this one reversed. */
size_t hex_line(struct hex a, struct hex b, struct hex *out, size_t cap);

/* The same line traced twice, nudged a millionth of a hex to its left and to its
 * right (as seen walking from a to b), and *split set when the traces differ:
 * some point of the line lies exactly on a hexside, so the hexes on either side of
 * it are equally on the line. Line of sight rules decide what a split line means.
 * The left trace from a to b is the right trace from b to a, reversed. */
size_t hex_line_sides(struct hex a, struct hex b, struct hex *left, struct hex *right,
		      size_t cap, bool *split);

/* True when the line from a to b runs along hexsides all the way (a and b are
 * apart in one of the six directions between two neighbours). These lines split;
 * a line that splits otherwise crosses a hexside exactly at one of its points, and
 * so passes through the hexes of both traces there. */
bool hex_line_along_hexside(struct hex a, struct hex b);

/* Movement range. The cost of stepping from a hex to an adjacent hex on the board,
 * in any unit the caller likes; negative when the step cannot be made. Set
 * *stop_after (false on entry) when the step ends the move in `to`. */
typedef long (*hex_cost_fn)(void *ctx, struct hex from, struct hex to, bool *stop_after);

struct hex_reached {
	struct hex hex;
	long cost;		/* least cost of ending the move here */
	struct hex from;	/* the hex before on that cheapest way (start: itself) */
	bool must_stop;		/* that cheapest way in ends the move here */
	long pass_cost;		/* least cost of being here free to move on, or -1 */
	struct hex pass_from;	/* the hex before on that way */
};

/* Every hex reachable from start within budget (start included, at 0), cheapest
 * first, equal costs by column then row; none when start is off the board or the
 * budget is negative. Dijkstra's algorithm with a binary heap: n log n in the
 * hexes reached, the cost function called once per step out of each hex that can
 * be passed through. A way into a hex that must stop there goes no further, but a
 * dearer way into it that need not stop may, so a path is followed back through
 * `from` for its last hex and `pass_from` for the hexes before (hex_reach_path). */
size_t hex_reach(const struct hex_board *board, struct hex start, long budget,
		 hex_cost_fn cost, void *ctx, struct hex_reached *out, size_t cap);

/* The same search for the way to one hex: it stops once `to` is reached as
 * cheaply as it can be and every hex as cheap is settled. The list then holds
 * those hexes and others only partly searched (their costs may be too high):
 * it is for hex_reach_path to `to`, which finds the same way in it as in a
 * full list. 0 when `to` is off the board. */
size_t hex_reach_to(const struct hex_board *board, struct hex start, struct hex to, long budget,
		    hex_cost_fn cost, void *ctx, struct hex_reached *out, size_t cap);

/* The path from the start of a full hex_reach list (or a hex_reach_to list) to
 * `to`, start and `to` included; 0 when `to` is not in the list. */
size_t hex_reach_path(const struct hex_board *board, const struct hex_reached *reached,
		      size_t count, struct hex to, struct hex *path, size_t cap);

/* The board edge a side retreats toward (a scenario's side's home; a card's
 * new_scenario sides). */
enum home_edge { HOME_NONE, HOME_NORTH, HOME_SOUTH, HOME_EAST, HOME_WEST, N_HOME_EDGES };
extern const char *const home_edge_names[N_HOME_EDGES];

#endif
