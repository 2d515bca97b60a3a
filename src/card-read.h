/* card-read.h: what the files reading a rule card share (data layer, internal). */
#ifndef HEXAID_CARD_READ_H
#define HEXAID_CARD_READ_H

#include <stdbool.h>

#include "card.h"
#include "yaml-load.h"

extern const char *const card_vocabulary_what[];

/* Read one id of a vocabulary of the card; an unknown id is reported with the
 * nearest known one. */
bool card_read_name(struct ydoc *doc, const struct card *card, const struct ynode *n,
                    enum fact_type type, int *out);
bool card_read_text(struct ydoc *doc, const struct ynode *n, char **out);

/* Section readers, for the card's field table (obj is the struct card). */
bool card_read_terrain(struct ydoc *doc, const struct ynode *n, void *obj);

void card_terrain_free(struct terrain *t);

#endif
