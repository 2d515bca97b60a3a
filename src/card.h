/* card.h: rule cards, one YAML file per game system (data layer).
 *
 * This is the card as loaded: metadata now; the sections that later parts of the
 * schema add (units, dice, terrain, tables, events, sequence, settings) hang off
 * the same struct and are read by the same field table in card.c. */
#ifndef HEXAID_CARD_H
#define HEXAID_CARD_H

#include <stdbool.h>

#include "diag.h"
#include "yaml-load.h"

#define CARD_SCHEMA 1

struct card {
	char *path;
	long schema;
	char *id;
	char *title;
	char *publisher;
	char *edition;
	char *based_on;
	char *extends;    /* id of the card this one overrides, or NULL */
	char *notes;
};

/* Read a card from a parsed document whose kind is "card". */
bool card_read(struct card *card, struct ydoc *doc);

/* Load a card file; problems go to dl. On false the card is freed. */
bool card_load(struct card *card, const char *path, struct diag_list *dl);
void card_free(struct card *card);

#endif
