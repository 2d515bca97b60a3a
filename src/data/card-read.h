/* card-read.h: what the files reading a rule card share (data layer, internal). */
#ifndef HEXAID_CARD_READ_H
#define HEXAID_CARD_READ_H

#include <stdbool.h>

#include "card.h"
#include "yaml-load.h"

/* Read one id of a vocabulary of the card; an unknown id is reported with the
 * nearest known one. */
bool card_read_name(struct ydoc *doc, const struct card *card, const struct ynode *n,
                    enum fact_type type, int *out);
bool card_read_text(struct ydoc *doc, const struct ynode *n, char **out);
/* `notes:` words, or a list of words and `{ say: ..., seed: ..., assumed: true }`;
 * they replace the list's notes. */
bool card_read_notes(struct ydoc *doc, const struct ynode *n, struct card *card,
                     struct note_list *out);
void card_notes_free(struct note_list *notes);

/* Section readers, for the card's field table (obj is the struct card). */
bool card_read_terrain(struct ydoc *doc, const struct ynode *n, void *obj);
/* A terrain's section of rules; given again, it replaces the rules written there. */
bool card_read_rules(struct ydoc *doc, const struct ynode *n, struct card *card,
                     struct terrain *t, enum section section);
bool card_read_categories(struct ydoc *doc, const struct ynode *n, void *obj);
bool card_read_tables(struct ydoc *doc, const struct ynode *n, void *obj);
bool card_read_modifiers(struct ydoc *doc, const struct ynode *n, void *obj);
bool card_read_dice(struct ydoc *doc, const struct ynode *n, void *obj);
bool card_read_scoring(struct ydoc *doc, const struct ynode *n, void *obj);
bool card_resolve_scoring(struct ydoc *doc, struct card *card);
bool card_read_events(struct ydoc *doc, const struct ynode *n, void *obj);
bool card_resolve_events(struct ydoc *doc, struct card *card);
bool card_read_resolutions(struct ydoc *doc, const struct ynode *n, void *obj);
bool card_resolve_resolutions(struct ydoc *doc, struct card *card);

/* Movement points: a whole number, a half ("1/2", "1.5"); stored in halves. */
bool card_read_points(struct ydoc *doc, const struct ynode *n, long *halves);

void card_terrain_free(struct terrain *t);
void card_rule_free(struct rule *r);
void card_category_free(struct category *cat);
void card_table_free(struct table *t);
void card_die_free(struct die_kind *d);
void card_resolution_free(struct resolution *r);
void card_phase_free(struct phase *p);
bool card_read_sequence(struct ydoc *doc, const struct ynode *n, void *obj);

#endif
