/* render.h: the ASCII map of a game (engine layer, no curses). */
#ifndef HEXAID_RENDER_H
#define HEXAID_RENDER_H

#include <stdbool.h>

#include "game.h"

/* The map as lines of text, with its column and row numbers, and with a key to
 * glyphs, units and hexside features when `legend` is true; free it. */
char *render_map(const struct game *g, bool legend);

/* Where a hex's cell starts in render_map's text: the line (0 is the column
 * numbers) and the column. A cell is RENDER_CELL characters: the terrain glyph,
 * a mark (token, road, damaged structure), the unit's id (two characters) and a
 * blank. The row numbers take the columns before the first cell. */
#define RENDER_CELL 5
void render_hex_origin(const struct hex_board *b, struct hex h, int *line, int *col);

/* The lines and columns the map takes, without its legend (at most: trailing
 * blanks are trimmed from each line). */
void render_map_size(const struct hex_board *b, int *lines, int *cols);

#endif
