/* hex.c: hex grid geometry: axial coordinates and the columns and rows of printed
 * maps, CCRR labels, distances, the six directions and their names, hexsides,
 * rings and ranges, lines (and lines along a hexside), movement range.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "xmalloc.h"

/* Clockwise from the top: flat-top n ne se s sw nw, pointy-top ne e se sw w nw. */
static const struct hex directions[HEX_DIRECTIONS] = {
	{ 0, -1 }, { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 },
};

static const char *const flat_names[HEX_DIRECTIONS] = { "n", "ne", "se", "s", "sw", "nw" };
static const char *const pointy_names[HEX_DIRECTIONS] = { "ne", "e", "se", "sw", "w", "nw" };

static int
dir_index(int dir)
{
	return (dir % HEX_DIRECTIONS + HEX_DIRECTIONS) % HEX_DIRECTIONS;
}

static int
iabs(int n)
{
	return n < 0 ? -n : n;
}

/* ---- boards, offsets and labels ------------------------------------------ */

bool
hex_board_ok(const struct hex_board *board)
{
	return board->columns >= 1 && board->columns <= HEX_BOARD_MAX && board->rows >= 1 &&
	       board->rows <= HEX_BOARD_MAX && board->first_column >= 0 &&
	       board->first_column <= HEX_BOARD_MAX && board->first_row >= 0 &&
	       board->first_row <= HEX_BOARD_MAX &&
	       (board->orientation == HEX_FLAT || board->orientation == HEX_POINTY) &&
	       (board->offset == HEX_ODD || board->offset == HEX_EVEN);
}

/* hex_eq, hex_to_offset, hex_from_offset and hex_on_board are in hex.h: searches
 * and lines ask them for every hex they touch. */

int
hex_label_width(const struct hex_board *board)
{
	int last_col = board->first_column + board->columns - 1;
	int last_row = board->first_row + board->rows - 1;
	int largest = last_col > last_row ? last_col : last_row;
	int width = 1;

	for (; largest >= 10; largest /= 10)
		width++;
	return width < 2 ? 2 : width;
}

/* The number written in the `width` digits at s, or -1 if they are not digits. */
static int
label_number(const char *s, int width)
{
	int n = 0;

	for (int i = 0; i < width; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		n = n * 10 + (s[i] - '0');
	}
	return n;
}

bool
hex_from_label(const struct hex_board *board, const char *label, struct hex *out)
{
	int width = hex_label_width(board);
	int col_number, row_number, col, row;

	if (strlen(label) != 2 * (size_t)width)
		return false;
	col_number = label_number(label, width);
	row_number = label_number(label + width, width);
	if (col_number < 0 || row_number < 0)
		return false;
	col = col_number - board->first_column;
	row = row_number - board->first_row;
	if (!hex_offset_on_board(board, col, row))
		return false;
	*out = hex_from_offset(board, col, row);
	return true;
}

/* n (0 or more, of at most `width` digits) in exactly `width` digits, zeros first;
 * returns the end. Labels are written for every hex a range lists. */
static char *
put_digits(char *p, int n, int width)
{
	for (int i = width - 1; i >= 0; i--, n /= 10)
		p[i] = (char)('0' + n % 10);
	return p + width;
}

void
hex_label(const struct hex_board *board, struct hex h, char buf[HEX_LABEL_SIZE])
{
	int width = hex_label_width(board);
	int col, row;

	hex_to_offset(board, h, &col, &row);
	if (!hex_offset_on_board(board, col, row)) {
		snprintf(buf, HEX_LABEL_SIZE, "off-board");
		return;
	}
	/* the board's numbers fit its width (hex_label_width) */
	*put_digits(put_digits(buf, col + board->first_column, width), row + board->first_row,
		    width) = '\0';
}

/* ---- distances and directions -------------------------------------------- */

int
hex_distance(struct hex a, struct hex b)
{
	int dq = b.q - a.q, dr = b.r - a.r;

	return (iabs(dq) + iabs(dr) + iabs(dq + dr)) / 2;
}

struct hex
hex_neighbor(struct hex h, int dir)
{
	struct hex d = directions[dir_index(dir)];

	return (struct hex){ h.q + d.q, h.r + d.r };
}

void
hex_neighbors(struct hex h, struct hex out[HEX_DIRECTIONS])
{
	for (int dir = 0; dir < HEX_DIRECTIONS; dir++)
		out[dir] = (struct hex){ h.q + directions[dir].q, h.r + directions[dir].r };
}

int
hex_direction_to(struct hex a, struct hex b)
{
	for (int dir = 0; dir < HEX_DIRECTIONS; dir++)
		if (hex_eq(hex_neighbor(a, dir), b))
			return dir;
	return -1;
}

const char *const *
hex_direction_names(const struct hex_board *board)
{
	return board->orientation == HEX_FLAT ? flat_names : pointy_names;
}

const char *
hex_direction_name(const struct hex_board *board, int dir)
{
	return hex_direction_names(board)[dir_index(dir)];
}

static bool
ascii_caseless_eq(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++) {
		char ca = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
		char cb = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
		if (ca != cb)
			return false;
	}
	return *a == *b;
}

int
hex_direction_from_name(const struct hex_board *board, const char *name)
{
	const char *const *names = hex_direction_names(board);

	for (int dir = 0; dir < HEX_DIRECTIONS; dir++)
		if (ascii_caseless_eq(name, names[dir]))
			return dir;
	return -1;
}

/* ---- hexsides ------------------------------------------------------------- */

struct hexside
hexside_of(struct hex h, int dir)
{
	dir = dir_index(dir);
	if (dir >= HEX_DIRECTIONS / 2)
		return (struct hexside){ hex_neighbor(h, dir), dir - HEX_DIRECTIONS / 2 };
	return (struct hexside){ h, dir };
}

bool
hexside_eq(struct hexside x, struct hexside y)
{
	return hex_eq(x.a, y.a) && x.dir == y.dir;
}

struct hexside
hexside_between(struct hex a, struct hex b)
{
	int dir = hex_direction_to(a, b);

	if (dir < 0)
		return (struct hexside){ a, -1 };
	return hexside_of(a, dir);
}

void
hexside_hexes(struct hexside side, struct hex *a, struct hex *b)
{
	*a = side.a;
	*b = hex_neighbor(side.a, side.dir);
}

/* ---- rings and ranges ----------------------------------------------------- */

size_t
hex_ring(struct hex center, int radius, struct hex *out, size_t cap)
{
	struct hex h = center;
	size_t n = 0;

	if (radius < 0)
		return 0;
	if (radius == 0) {
		if (cap > 0)
			out[0] = center;
		return 1;
	}
	for (int i = 0; i < radius; i++)
		h = hex_neighbor(h, 0);
	/* From the corner in direction 0, each side of the ring runs two
	 * directions further clockwise. */
	for (int side = 0; side < HEX_DIRECTIONS && n < cap; side++)
		for (int i = 0; i < radius && n < cap; i++) {
			out[n++] = h;
			h = hex_neighbor(h, side + 2);
		}
	return HEX_DIRECTIONS * (size_t)radius;
}

size_t
hex_range(struct hex center, int radius, struct hex *out, size_t cap)
{
	size_t n = 0;

	if (radius < 0)
		return 0;
	for (int k = 0; k <= radius && n < cap; k++) {
		size_t ring = hex_ring(center, k, out + n, cap - n);
		n += ring < cap - n ? ring : cap - n;
	}
	return 3 * (size_t)radius * ((size_t)radius + 1) + 1;
}

/* ---- lines ---------------------------------------------------------------- */

/* A shift of every point of a line, in cube coordinates (summing to zero). */
struct nudge {
	double q, r, s;
};

/* Not parallel to any hexside, so it settles every point that lies on one; the
 * same for both directions of a line, so a line reversed is the same line. */
static const struct nudge fixed_nudge = { 1e-6, 2e-6, -3e-6 };

#define SIDE_NUDGE 1e-6

static long long
nearest(double x)
{
	long long f = (long long)x;

	if ((double)f > x)
		f--;
	return x - (double)f < 0.5 ? f : f + 1;
}

static double
dabs(double x)
{
	return x < 0 ? -x : x;
}

/* The hex holding a cube point: round each coordinate, then redo the one that
 * moved most from the other two. */
static struct hex
cube_round(double q, double r, double s)
{
	long long rq = nearest(q), rr = nearest(r), rs = nearest(s);
	double dq = dabs((double)rq - q), dr = dabs((double)rr - r), ds = dabs((double)rs - s);

	if (dq > dr && dq > ds)
		rq = -rr - rs;
	else if (dr > ds)
		rr = -rq - rs;
	return (struct hex){ (int)rq, (int)rr };
}

/* Point i of n on the line from a to b. The weighted sums are exact integers, so
 * point i from a and point n - i from b are the same doubles. */
static double
lerp(long long a, long long b, int n, int i)
{
	return (double)(a * (n - i) + b * i) / n;
}

static struct hex
line_point(struct hex a, struct hex b, int n, int i, struct nudge e)
{
	if (n == 0)
		return a;
	return cube_round(lerp(a.q, b.q, n, i) + e.q, lerp(a.r, b.r, n, i) + e.r,
			  lerp(-(long long)a.q - a.r, -(long long)b.q - b.r, n, i) + e.s);
}

size_t
hex_line(struct hex a, struct hex b, struct hex *out, size_t cap)
{
	int n = hex_distance(a, b);

	for (int i = 0; i <= n && (size_t)i < cap; i++)
		out[i] = line_point(a, b, n, i, fixed_nudge);
	return (size_t)n + 1;
}

/* A millionth of a hex square to the line, to its left walking from a to b: the
 * cross product of the line with (1, 1, 1). */
static struct nudge
left_nudge(struct hex a, struct hex b, int n)
{
	double dq = b.q - a.q, dr = b.r - a.r, ds = -dq - dr;
	double scale = n > 0 ? SIDE_NUDGE / n : 0;

	return (struct nudge){ (dr - ds) * scale, (ds - dq) * scale, (dq - dr) * scale };
}

/* One cube coordinate of a line's points, followed exactly in integers: point i
 * is (a * (n - i) + b * i) / n = k + twice_rem / (2n), twice_rem in [-n, n). */
struct line_coord {
	int k, twice_rem, step;
};

static void
coord_start(struct line_coord *c, int a, int b)
{
	c->k = a;
	c->twice_rem = 0;
	c->step = 2 * (b - a);
}

/* On to the next point: no coordinate differs by more than n from a to b, so a
 * step moves it by at most one hex (twice_rem by at most 2n). */
static inline void
coord_next(struct line_coord *c, int n)
{
	c->twice_rem += c->step;
	if (c->twice_rem >= n) {
		c->twice_rem -= 2 * n;
		c->k++;
	} else if (c->twice_rem < -n) {
		c->twice_rem += 2 * n;
		c->k--;
	}
}

static inline int
iabs_rem(const struct line_coord *c)
{
	return c->twice_rem < 0 ? -c->twice_rem : c->twice_rem;
}

/* The hex holding a point of the line, found exactly, when a nudge a millionth of
 * a hex either way cannot change it: no coordinate lies halfway between two
 * whole numbers, and the rounding cube_round corrects (the coordinate furthest
 * from its nearest whole number) is not a tie. Every exact distance that
 * cube_round compares is a multiple of 1 / 2n, so the nudged doubles compare
 * the same way. False when a nudge could decide: cube_round is asked then. */
static inline bool
exact_point(const struct line_coord *q, const struct line_coord *r, const struct line_coord *s,
	    int n, struct hex *out)
{
	int dq = iabs_rem(q), dr = iabs_rem(r), ds = iabs_rem(s);

	if (q->twice_rem == -n || r->twice_rem == -n || s->twice_rem == -n)
		return false;
	*out = (struct hex){ q->k, r->k };
	if (q->k + r->k + s->k == 0)
		return true;	/* any coordinate cube_round redoes comes out the same */
	if (dq > dr && dq > ds)
		out->q = -r->k - s->k;
	else if (dr > dq && dr > ds)
		out->r = -q->k - s->k;
	else if (!(ds > dq && ds > dr))
		return false;	/* a tie for the furthest */
	return true;
}

size_t
hex_line_sides(struct hex a, struct hex b, struct hex *left, struct hex *right, size_t cap,
	       bool *split)
{
	int n = hex_distance(a, b);
	struct nudge to_left = left_nudge(a, b, n);
	struct nudge to_right = { -to_left.q, -to_left.r, -to_left.s };
	struct line_coord cq, cr, cs;

	coord_start(&cq, a.q, b.q);
	coord_start(&cr, a.r, b.r);
	coord_start(&cs, -a.q - a.r, -b.q - b.r);
	*split = false;
	for (int i = 0; i <= n; i++) {
		struct hex l, r;
		if (i > 0) {
			coord_next(&cq, n);
			coord_next(&cr, n);
			coord_next(&cs, n);
		}
		if (n == 0) {
			l = r = a;
		} else if (exact_point(&cq, &cr, &cs, n, &l)) {
			r = l;
		} else {
			/* the point itself once, nudged either way: line_point's sums */
			double q = lerp(a.q, b.q, n, i), rr = lerp(a.r, b.r, n, i);
			double s = lerp(-(long long)a.q - a.r, -(long long)b.q - b.r, n, i);
			l = cube_round(q + to_left.q, rr + to_left.r, s + to_left.s);
			r = cube_round(q + to_right.q, rr + to_right.r, s + to_right.s);
		}
		if (!hex_eq(l, r))
			*split = true;
		if ((size_t)i < cap) {
			left[i] = l;
			right[i] = r;
		}
	}
	return (size_t)n + 1;
}

bool
hex_line_along_hexside(struct hex a, struct hex b)
{
	int dq = b.q - a.q, dr = b.r - a.r, ds = -dq - dr;

	return !hex_eq(a, b) && (dq == dr || dr == ds || ds == dq);
}

/* ---- movement range ------------------------------------------------------- */

/* Dijkstra's algorithm over two nodes per hex: being there free to move on
 * (even node) and being there having had to stop (odd node, never expanded).
 * Cells are numbered column by column, so ties go by column, then row. */

struct reach_item {
	long cost;
	int node;
};

struct reach_heap {
	struct reach_item *items;
	size_t count, cap;
};

static bool
item_before(struct reach_item x, struct reach_item y)
{
	return x.cost < y.cost || (x.cost == y.cost && x.node < y.node);
}

static void
heap_swap(struct reach_heap *heap, size_t i, size_t j)
{
	struct reach_item t = heap->items[i];

	heap->items[i] = heap->items[j];
	heap->items[j] = t;
}

static void
heap_push(struct reach_heap *heap, long cost, int node)
{
	size_t i;

	if (heap->count == heap->cap) {
		heap->cap = heap->cap ? heap->cap * 2 : 64;
		heap->items = xreallocarray(heap->items, heap->cap, sizeof *heap->items);
	}
	i = heap->count++;
	heap->items[i] = (struct reach_item){ cost, node };
	while (i > 0 && item_before(heap->items[i], heap->items[(i - 1) / 2])) {
		heap_swap(heap, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

static struct reach_item
heap_pop(struct reach_heap *heap)
{
	struct reach_item top = heap->items[0];
	size_t i = 0;

	heap->items[0] = heap->items[--heap->count];
	for (;;) {
		size_t least = i, l = 2 * i + 1, r = 2 * i + 2;
		if (l < heap->count && item_before(heap->items[l], heap->items[least]))
			least = l;
		if (r < heap->count && item_before(heap->items[r], heap->items[least]))
			least = r;
		if (least == i)
			return top;
		heap_swap(heap, i, least);
		i = least;
	}
}

static int
cell_of(const struct hex_board *board, struct hex h)
{
	int col, row;

	hex_to_offset(board, h, &col, &row);
	if (!hex_offset_on_board(board, col, row))
		return -1;
	return col * board->rows + row;
}

static struct hex
cell_hex(const struct hex_board *board, int cell)
{
	return hex_from_offset(board, cell / board->rows, cell % board->rows);
}

struct reach_search {
	const struct hex_board *board;
	int target;		/* the cell sought, or -1: every cell within budget */
	long budget;
	hex_cost_fn step_cost;
	void *ctx;
	long *cost;		/* per node; LONG_MAX until reached */
	int *from;		/* per node: the cell moved from */
	bool *done;		/* per node */
	struct reach_heap heap;
	int *reached;		/* the cells reached, in the order first reached */
	int nreached;
};

static void
reach_offer(struct reach_search *search, int node, long cost, int from)
{
	if (cost >= search->cost[node])
		return;
	/* Having to stop is no better than arriving as cheaply and free. */
	if (node % 2 == 1 && cost >= search->cost[node - 1])
		return;
	if (search->cost[node ^ 1] == LONG_MAX && search->cost[node] == LONG_MAX)
		search->reached[search->nreached++] = node / 2;
	search->cost[node] = cost;
	search->from[node] = from;
	heap_push(&search->heap, cost, node);
}

static void
reach_expand(struct reach_search *search, int cell, long cost)
{
	struct hex h = cell_hex(search->board, cell);

	for (int dir = 0; dir < HEX_DIRECTIONS; dir++) {
		struct hex to = hex_neighbor(h, dir);
		int to_cell = cell_of(search->board, to);
		bool stop = false;
		long step;

		if (to_cell < 0)
			continue;
		step = search->step_cost(search->ctx, h, to, &stop);
		if (step < 0 || step > search->budget - cost)
			continue;
		reach_offer(search, 2 * to_cell + (stop ? 1 : 0), cost + step, cell);
	}
}

struct reach_order {
	long cost;
	int cell;
};

static int
reach_order_cmp(const void *x, const void *y)
{
	const struct reach_order *a = x, *b = y;

	if (a->cost != b->cost)
		return a->cost < b->cost ? -1 : 1;
	return (a->cell > b->cell) - (a->cell < b->cell);
}

static struct hex_reached
reach_entry(const struct reach_search *search, int cell)
{
	const struct hex_board *board = search->board;
	long free_cost = search->cost[2 * cell], stop_cost = search->cost[2 * cell + 1];
	struct hex_reached e;

	e.hex = cell_hex(board, cell);
	e.must_stop = stop_cost < free_cost;
	e.cost = e.must_stop ? stop_cost : free_cost;
	e.from = cell_hex(board, search->from[2 * cell + (e.must_stop ? 1 : 0)]);
	e.pass_cost = free_cost == LONG_MAX ? -1 : free_cost;
	e.pass_from = free_cost == LONG_MAX ? e.hex : cell_hex(board, search->from[2 * cell]);
	return e;
}

/* The reached hexes, cheapest first, into out; returns how many were reached. */
static size_t
reach_collect(const struct reach_search *search, struct hex_reached *out, size_t cap)
{
	struct reach_order *order = xreallocarray(NULL, (size_t)search->nreached + 1, sizeof *order);
	size_t count = 0;

	for (int k = 0; k < search->nreached; k++) {
		int cell = search->reached[k];
		long c = search->cost[2 * cell] < search->cost[2 * cell + 1] ?
				 search->cost[2 * cell] :
				 search->cost[2 * cell + 1];
		order[count++] = (struct reach_order){ c, cell };
	}
	qsort(order, count, sizeof *order, reach_order_cmp);
	for (size_t i = 0; i < count && i < cap; i++)
		out[i] = reach_entry(search, order[i].cell);
	free(order);
	return count;
}

/* The search; with a target it stops once every node as cheap as the target's
 * cheapest has been settled, which is all the way there needs. */
static size_t
reach(const struct hex_board *board, struct hex start, int target, long budget,
      hex_cost_fn cost, void *ctx, struct hex_reached *out, size_t cap)
{
	int cells = board->columns * board->rows;
	int start_cell = cell_of(board, start);
	struct reach_search search = {
		.board = board, .target = target, .budget = budget, .step_cost = cost, .ctx = ctx,
	};
	long target_cost = LONG_MAX;
	size_t count;

	if (start_cell < 0 || budget < 0)
		return 0;
	search.cost = xreallocarray(NULL, 2 * (size_t)cells, sizeof *search.cost);
	search.from = xreallocarray(NULL, 2 * (size_t)cells, sizeof *search.from);
	search.done = xcalloc(2 * (size_t)cells, sizeof *search.done);
	search.reached = xreallocarray(NULL, (size_t)cells, sizeof *search.reached);
	for (int node = 0; node < 2 * cells; node++)
		search.cost[node] = LONG_MAX;
	reach_offer(&search, 2 * start_cell, 0, start_cell);
	while (search.heap.count > 0) {
		struct reach_item it = heap_pop(&search.heap);
		if (search.done[it.node] || it.cost != search.cost[it.node])
			continue;
		if (it.cost > target_cost)
			break;
		if (it.node / 2 == target)
			target_cost = it.cost;
		search.done[it.node] = true;
		if (it.node % 2 == 0)
			reach_expand(&search, it.node / 2, it.cost);
	}
	count = reach_collect(&search, out, cap);
	free(search.heap.items);
	free(search.cost);
	free(search.from);
	free(search.done);
	free(search.reached);
	return count;
}

size_t
hex_reach(const struct hex_board *board, struct hex start, long budget, hex_cost_fn cost,
	  void *ctx, struct hex_reached *out, size_t cap)
{
	return reach(board, start, -1, budget, cost, ctx, out, cap);
}

size_t
hex_reach_to(const struct hex_board *board, struct hex start, struct hex to, long budget,
	     hex_cost_fn cost, void *ctx, struct hex_reached *out, size_t cap)
{
	int target = cell_of(board, to);

	if (target < 0)
		return 0;
	return reach(board, start, target, budget, cost, ctx, out, cap);
}

/* Follow a path back from `to`: the entry's `from` first, then `pass_from`, until
 * the start (its own predecessor). Returns the number of hexes, or 0 when the list
 * does not hold the way; once that length is known (len), writes the path too. */
static size_t
reach_walk_back(const struct hex_board *board, const struct hex_reached *reached,
		size_t count, const int *position, struct hex to, struct hex *path,
		size_t cap, size_t len)
{
	int cell = cell_of(board, to);
	struct hex h = to, prev;
	size_t n = 0;

	if (cell < 0 || position[cell] < 0)
		return 0;
	prev = reached[position[cell]].from;
	for (;;) {
		/* Written from the end when the length is known: path[len - 1] = to. */
		if (len > 0 && len - 1 - n < cap)
			path[len - 1 - n] = h;
		n++;
		if (hex_eq(prev, h))
			return n;
		if (n > count || (cell = cell_of(board, prev)) < 0 || position[cell] < 0 ||
		    reached[position[cell]].pass_cost < 0)
			return 0;
		h = prev;
		prev = reached[position[cell]].pass_from;
	}
}

size_t
hex_reach_path(const struct hex_board *board, const struct hex_reached *reached,
	       size_t count, struct hex to, struct hex *path, size_t cap)
{
	int cells = board->columns * board->rows;
	int *position = xreallocarray(NULL, (size_t)cells, sizeof *position);
	size_t len;

	for (int cell = 0; cell < cells; cell++)
		position[cell] = -1;
	for (size_t i = 0; i < count; i++) {
		int cell = cell_of(board, reached[i].hex);
		if (cell >= 0)
			position[cell] = (int)i;
	}
	len = reach_walk_back(board, reached, count, position, to, path, cap, 0);
	if (len > 0)
		reach_walk_back(board, reached, count, position, to, path, cap, len);
	free(position);
	return len;
}

const char *const home_edge_names[N_HOME_EDGES] = { "none", "north", "south", "east", "west" };
