/* hexdraw.h: where a board's hexes and hexsides fall on a screen of characters
 * (util layer). A hex is drawn as its outline, each of its six sides on cells of
 * its own (shared with the neighbour across it), and cells inside the outline
 * for what stands in the hex. Two sizes: compact (a 13x9 board fits 80 columns)
 * and large (room for names and strengths). Lines and columns count from the
 * top left of the whole picture: the column numbers are line 0, the row
 * numbers take the first `prefix` columns.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_HEXDRAW_H
#define HEXAID_HEXDRAW_H

#include <stdbool.h>
#include <stddef.h>

#include "hex.h"

enum hexdraw_size { HEXDRAW_COMPACT, HEXDRAW_LARGE, N_HEXDRAW_SIZES };

/* What a cell inside a hex is for. The run is where a unit is drawn (its side's
 * mark, its id, in large hexes its strength); mark cells hold tokens, roads
 * and damage, in the order of `rank`; the run's cells take marks too when no
 * unit stands there, and the level's cell when the hex is at level 0. */
enum hexdraw_role {
	HEXDRAW_TERRAIN,   /* the terrain's glyph */
	HEXDRAW_FILL,      /* more of the terrain's glyph, where nothing else is */
	HEXDRAW_LEVEL,     /* the hex's level */
	HEXDRAW_RUN,       /* the unit, left to right */
	HEXDRAW_MARK,      /* a token, a road, damage; the last one free: "more" */
};

#define HEXDRAW_EDGE_MAX 8     /* cells of one side, at most */
#define HEXDRAW_SLOT_MAX 32    /* cells inside one hex, at most */

struct hexdraw_cell {
	int line, col;
};

/* The box some cells of a shape take: lines line0..line1 and columns
 * col0..col1 of the hex's box; line0 > line1 when there is no such cell. A
 * drawing asks a hex only partly in view for the parts that show. */
struct hexdraw_span {
	int line0, line1, col0, col1;
};

/* One hex's shape, relative to the top left of its box. */
struct hexdraw_shape {
	int lines, cols;                       /* its box */
	struct hexdraw_cell edge[HEX_DIRECTIONS][HEXDRAW_EDGE_MAX];
	char edge_glyph[HEX_DIRECTIONS];       /* the outline's character on that side */
	int nedge[HEX_DIRECTIONS];
	struct hexdraw_cell slot[HEXDRAW_SLOT_MAX];
	enum hexdraw_role role[HEXDRAW_SLOT_MAX];
	int rank[HEXDRAW_SLOT_MAX];            /* mark cells: their order */
	int nslot;
	/* the same cells by what they are for, as indexes in slot[]: */
	int run[HEXDRAW_SLOT_MAX], nrun;       /* the unit's run, left to right */
	int mark[HEXDRAW_SLOT_MAX], nmark;     /* mark cells by rank */
	int fill[HEXDRAW_SLOT_MAX], nfill;     /* more of the terrain */
	int terrain, level;                    /* the terrain's and the level's, or -1 */
	int label_line;                        /* the line the row number goes on */
	struct hexdraw_span inside_span;       /* the cells inside */
	struct hexdraw_span side_span[HEX_DIRECTIONS]; /* each side's */
};

struct hexdraw {
	struct hex_board board;
	enum hexdraw_size size;
	int prefix;             /* columns of the row numbers and a blank */
	int top;                /* lines of the column numbers */
	int col_step, row_step; /* from one column (row) of hexes to the next */
	int shove;              /* pointy: columns a shoved row moves right;
	                           flat: lines a shoved column moves down */
	struct hexdraw_shape shape[2];  /* of hexes in unshoved and shoved rows */
	int lines, cols;        /* the whole picture */
};

/* Lay out a board (hex_board_ok) in one size. */
void hexdraw_init(struct hexdraw *d, const struct hex_board *board, enum hexdraw_size size);

/* The shape of a hex and the top left of its box (the hex need not be on the
 * board: its neighbours' shapes are where they would be). */
const struct hexdraw_shape *hexdraw_shape(const struct hexdraw *d, struct hex h);
void hexdraw_origin(const struct hexdraw *d, struct hex h, int *line, int *col);
/* The same for the hex in column c and row r (0-based offsets), as a drawing
 * that goes through the board by rows and columns asks. */
const struct hexdraw_shape *hexdraw_shape_at(const struct hexdraw *d, int c, int r);
void hexdraw_origin_at(const struct hexdraw *d, int c, int r, int *line, int *col);

/* The cells of the side of h in direction dir, where the outline or the
 * feature standing there is drawn; how many (at most HEXDRAW_EDGE_MAX). The
 * neighbour across has the same cells for the opposite direction. */
int hexdraw_edge(const struct hexdraw *d, struct hex h, int dir, struct hexdraw_cell *out);

/* The hex whose inside holds a cell, or on whose side it lies (either of two);
 * false when it is outside every hex of the board. */
bool hexdraw_hex_at(const struct hexdraw *d, int line, int col, struct hex *h);

/* The board's columns [*c0, *c1) and rows [*r0, *r1) (0-based offsets) of the
 * hexes whose boxes meet the part of the picture from (top, left), `lines`
 * by `cols`; empty ranges when none does. */
void hexdraw_visible(const struct hexdraw *d, int top, int left, int lines, int cols, int *c0,
                     int *c1, int *r0, int *r1);

/* Where column c's number goes on line 0, and row r's line. */
int hexdraw_column_label(const struct hexdraw *d, int c);
int hexdraw_row_label(const struct hexdraw *d, int r);

#endif
