/* hexfile.h: hexaid's YAML files told apart by their `kind:` (data layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_HEXFILE_H
#define HEXAID_HEXFILE_H

#include <stdbool.h>

#include "diag.h"

struct cardpath;

/* Load and validate one file of any kind hexaid knows, as far as the data layer
 * can: a save's file and scenario, not its commands (game_check_file replays
 * them); problems go to dl. `cp` is where cards a file names are looked for (may
 * be NULL). */
bool hexfile_check(const char *path, const struct cardpath *cp, struct diag_list *dl);

enum hexfile_kind { HEXFILE_UNKNOWN, HEXFILE_CARD, HEXFILE_SCENARIO, HEXFILE_SAVE };

/* The kind a file says it is (its `kind:`), without checking the rest; problems
 * reading it go to dl. */
enum hexfile_kind hexfile_kind(const char *path, struct diag_list *dl);

struct ydoc;
struct ypool;

/* hexfile_kind, the file kept: read into doc as far as its `kind:` (its first
 * line), for ydoc_load_rest to read on when the kind's reader takes a document
 * (card_load_doc), so that the file is read and parsed once. A card is read
 * within the card limits. The tree is built in the pool's blocks (pool may be
 * NULL). Call ydoc_free either way. */
enum hexfile_kind hexfile_open(struct ydoc *doc, const char *path, struct ypool *pool,
                               struct diag_list *dl);


#endif
