/* render.h: the map of a game as characters (engine layer, no curses): hex
 * outlines with the hexside features drawn on the sides they stand on, and in
 * each hex its terrain, level, tokens and marks and the unit standing there.
 * `hexaid render`, the `map` command and the terminal interface's map pane all
 * draw it; the pane colours each cell by what it shows.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_RENDER_H
#define HEXAID_RENDER_H

#include <stdbool.h>

#include "game.h"
#include "hexdraw.h"

/* What a cell of the map shows. */
enum render_what {
	RENDER_BLANK,
	RENDER_LABEL,      /* a column or row number */
	RENDER_OUTLINE,    /* a hex's side where no feature stands */
	RENDER_FEATURE,    /* a hexside feature (ref: its terrain) */
	RENDER_TERRAIN,    /* the hex's terrain (ref: terrain) */
	RENDER_FILL,       /* more of it, in large hexes */
	RENDER_LEVEL,      /* the hex's level, a digit */
	RENDER_MARK,       /* a token, a road, more terrain of the hex (ref: terrain) */
	RENDER_DAMAGED,    /* a damaged structure (ref: its terrain) */
	RENDER_DESTROYED,  /* a destroyed one */
	RENDER_STACK,      /* more than the hex has room for: the hex pane lists it all */
	RENDER_SIDE,       /* the mark of a unit's side (ref: the unit) */
	RENDER_UNIT,       /* a unit's id and strength (ref: the unit) */
	RENDER_STRENGTH,   /* compact hexes: a unit's strength under its id (ref: the unit) */
};

struct render_cell {
	char ch;
	unsigned char what;     /* enum render_what */
	short ref;
};

#define RENDER_SIDES 8

/* The marks the interface lays over the map of its own: one table, which the
 * map pane draws from, the legend explains and `hexaid check` keeps the card's
 * glyphs apart from, so that no character means two things on one screen.
 * The cursor's and the selection's brackets stand either side of a hex's
 * middle; the others are two characters side by side in it (the overflow mark,
 * which the printed map draws too, one). */
enum render_overlay {
	OVERLAY_CURSOR, OVERLAY_SELECTED, OVERLAY_REACH, OVERLAY_STOP, OVERLAY_LOS,
	OVERLAY_BLOCKED, OVERLAY_MORE, N_OVERLAYS
};

struct render_overlay_mark {
	char glyph[3];
	const char *meaning;
};

const struct render_overlay_mark *render_overlay(enum render_overlay o);

/* The character the map draws a terrain with: a hexside feature's along its
 * sides (its side_glyph), the others' inside hexes; '\0': none. */
char render_glyph(const struct terrain *ter);

/* The marks the map draws of its own, each chosen at load to be no glyph of
 * the card (nor a digit, nor the outline's, nor an overlay's), so none can be
 * read as terrain; stack is the overlay table's OVERLAY_MORE. */
struct render_marks {
	char damaged, destroyed, stack;
	char side[RENDER_SIDES];        /* a unit's side, before its id */
};

/* A part of the map drawn, as the screen shows it: the line of column numbers
 * and the columns of row numbers stay, the rest scrolls. Cell (y, x) is line 0
 * of the picture for y = 0, else line top + y - 1; column x for x < prefix,
 * else column left + x - prefix. */
struct render_frame {
	struct hexdraw d;
	struct render_marks marks;
	int top, left;          /* the first picture line and column of the part that scrolls */
	int lines, cols;        /* the frame's size */
	struct render_cell *cells;
	size_t cap;
	/* render.c's own: where each of d's two shapes' cells fall in `cells` from
	 * the top left of a hex's box, for a frame offsets_cols wide (0: not yet) */
	int offsets_cols;
	int slot_offset[2][HEXDRAW_SLOT_MAX];
	int edge_offset[2][HEX_DIRECTIONS][HEXDRAW_EDGE_MAX];
};

/* A frame for a game's board in one size (its marks chosen); free it. */
void render_frame_init(struct render_frame *f, const struct game *g, enum hexdraw_size size);
void render_frame_free(struct render_frame *f);

/* Draw `lines` x `cols` cells with the scrolling part from picture line `top`
 * (at least 1) and column `left` (at least d.prefix): only the hexes in view
 * are looked at. */
void render_frame_draw(struct render_frame *f, const struct game *g, int top, int left,
                       int lines, int cols);

/* Where a picture cell is in the frame; false when it is not in view. */
bool render_frame_pos(const struct render_frame *f, int line, int col, int *y, int *x);

/* The map as lines of text (every hex), with the legend under it when asked;
 * free it. */
char *render_map(const struct game *g, enum hexdraw_size size, bool legend);

/* The legend alone: every glyph on the map with what it is, the levels, the
 * sides' marks and their units, its lines filled to `width` columns (an item
 * is never cut in two; render_map's are 80); free it. */
char *render_legend(const struct game *g, enum hexdraw_size size, int width);

/* The map as an SVG picture: hexes filled by their terrain's colour role,
 * hexside features along their sides, levels, tokens, structures' hits,
 * units in their side's colour with id and strength, hex labels and a legend
 * (render-svg.c); free it. */
char *render_svg(const struct game *g);

/* The picture written to path whole or not at all (a temporary file beside
 * it, renamed over it): 0, or the errno of the step that failed. */
int render_svg_write(const struct game *g, const char *path);

/* The fill the SVG gives a colour role (hexaid(5), DRAWING). */
const char *render_svg_fill(enum map_colour c);

/* Warn (into dl, about `file`) where the map of a game could be misread: a
 * mark of hexaid's own with no character left to draw it, two units whose
 * ids begin alike, and what render_check_card warns of. */
void render_check(const struct game *g, const char *file, struct diag_list *dl);

/* Warn where a card's glyphs could be misread on the map: two terrains drawn
 * with one character, a glyph that is an overlay's mark, a feature drawn with
 * the outline's character, a token or road drawn like a level. */
void render_check_card(const struct card *card, const char *file, struct diag_list *dl);

#endif
