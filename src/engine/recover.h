/* recover.h: what a journal replays onto (engine layer). A journal names its
 * save or scenario with the checksum of its bytes when it began, and marks a
 * save it could not start again from (journal_saved_line). Which is newer: the
 * save at the journal's path, unless the journal began from it or marked it;
 * then the journal continues it and replays onto it (after the mark). A save
 * that neither is replaced the one the journal continues without its commands:
 * the journal is not newer (`replaced`), and only `hexaid recover` replays it,
 * onto the backup that is the save it continued. A scenario edited since is
 * refused: its commands would be played on another map.
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
	bool replaced;           /* a newer save, which does not continue the journal, took
	                            the save's name: `file` is a backup */
};

/* On false, *err says why (free it) and rb holds nothing. */
bool recovery_base(const struct journal_contents *jc, struct recovery_base *rb, char **err);
void recovery_base_free(struct recovery_base *rb);

#endif
