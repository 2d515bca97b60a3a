/* recover.h: what a journal replays onto (engine layer). A journal names its
 * save or scenario with the checksum of its bytes when it began; a recovery
 * replays onto exactly that file: the save itself, or the backup that is that
 * save when a later save took its name, or, when that save is gone, the save
 * the journal marked as the game saved since (journal_saved_line). A scenario
 * edited since is refused: its commands would be played on another map.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_RECOVER_H
#define HEXAID_RECOVER_H

#include <stdbool.h>
#include <stddef.h>

#include "journal.h"

struct recovery_base {
	char *file;              /* the save or scenario to open */
	bool is_save;
	size_t from;             /* the first of the journal's lines to replay */
	char *note;              /* for the player, when `file` is not the one named; or NULL */
	char *base;              /* what a journal going on from here names (journal_create) */
};

/* On false, *err says why (free it) and rb holds nothing. */
bool recovery_base(const struct journal_contents *jc, struct recovery_base *rb, char **err);
void recovery_base_free(struct recovery_base *rb);

#endif
