/* scenario-write.h: a game's board and units as a scenario file (engine layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_SCENARIO_WRITE_H
#define HEXAID_SCENARIO_WRITE_H

#include "game.h"

/* The game as it stands written as a scenario (`kind: scenario`), laid out like
 * the files in data/scenarios: the board, terrain, hexside features, roads, tokens,
 * structures and units of the game now; its title, notes, sides, supply,
 * victory and start from its scenario. Loading the text gives the same board
 * and units, and writing that again gives the same bytes (comments and the
 * order of a hand-written file are not kept). Free it. */
char *scenario_text(const struct game *g);

/* A blank scenario of the card, to be written to `file` (its id is the file's
 * name less .yaml, when that is an id): every hex the card's new_scenario
 * ground, a board of cols x rows, the card's sides and the first to start,
 * the card named `card_name` (its id, or its file's whole path), titled
 * `title`; as a game at its start, or false with the reasons in dl. */
/* "13x9": a blank board's columns and rows, 1 to 200 each, as `hexaid new
 * --size` and New scenario... read them; false when text is not one. */
bool scenario_size_read(const char *text, int *cols, int *rows);

bool scenario_blank(const char *file, const struct card *card, const char *card_name,
                    const char *title, int cols, int rows, struct game *g,
                    struct diag_list *dl);

#endif
