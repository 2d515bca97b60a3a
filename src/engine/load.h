/* load.h: opening games (engine layer): a saved game read and its commands
 * replayed, a scenario started, or either one told apart by its `kind:`.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_LOAD_H
#define HEXAID_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "game.h"
#include "hexfile.h"

struct cardpath;

/* Load a save into a new game; problems go to dl. */
bool save_load(struct game *g, const char *path, const struct cardpath *cp, struct diag_list *dl);
/* The same from text already read; `name` is where it came from, for messages. */
bool save_load_text(struct game *g, const char *name, const char *text, size_t len,
                    const struct cardpath *cp, struct diag_list *dl);

/* Open the file at `path`, a saved game or a scenario (a new game), with cards
 * looked for along the card path: true and the game, or false and what went wrong
 * in dl. A saved game remembers its path as the game's save_path. */
bool game_open(struct game *g, const char *path, struct diag_list *dl);
/* The same, w (or NULL) told of each turn that ends as a save's commands are
 * replayed (command.h): the board as it stood at each turn's end. */
struct replay_watch;
bool game_open_watched(struct game *g, const char *path, const struct replay_watch *w,
                       struct diag_list *dl);

/* Check a file of any kind hexaid knows, as `hexaid check` does: a card or a
 * scenario read and validated, a save read and replayed. */
bool game_check_file(const char *path, const struct cardpath *cp, struct diag_list *dl);
/* The same for a file hexfile_open read as far as its kind, into doc (let go). */
bool game_check_opened(struct ydoc *doc, enum hexfile_kind kind, const char *path,
                       const struct cardpath *cp, struct diag_list *dl);

#endif
