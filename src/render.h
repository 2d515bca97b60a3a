/* render.h: the ASCII map of a game (engine layer, no curses). */
#ifndef HEXAID_RENDER_H
#define HEXAID_RENDER_H

#include <stdbool.h>

#include "game.h"

/* The map as lines of text, with its column and row numbers, and with a key to
 * glyphs, units and hexside features when `legend` is true; free it. */
char *render_map(const struct game *g, bool legend);

#endif
