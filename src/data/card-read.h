/* card-read.h: what the files reading a rule card share (data layer, internal).
 * SPDX-License-Identifier: GPL-3.0-or-later */
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

/* A row of a field table whose value is a name from one of the card's
 * vocabularies (FT_CLASS, FT_TERRAIN...), kept as its index in the int member m
 * of st. The table's context (ctx) is the card. */
#define AS_NAME(st, m, type_) \
	.type = YF_CUSTOM, .read = card_read_name_field, .offset = YF_OFFSET(st, m, int), \
	.arg = (type_)
bool card_read_name_field(struct ydoc *doc, const struct ynode *n, const struct yread *rd);

/* What the sections the readers below read look like (the schema's). */
extern const struct yshape card_notes_shape, card_terrain_shape, card_categories_shape,
	card_tables_shape, card_dice_shape, card_rules_shape, card_resolutions_shape,
	card_sequence_shape, card_drawing_shape;

/* Section readers, for the card's field table (obj is the struct card). */
yread_fn card_read_terrain, card_read_categories, card_read_tables, card_read_dice;
yread_fn card_read_scoring, card_read_events, card_read_resolutions, card_read_sequence;
/* card-drawing.c: how the map draws the terrain, and what can be checked of it
 * once every terrain's kind is known */
yread_fn card_read_drawing;
bool card_resolve_drawing(struct ydoc *doc, const struct card *card);
/* A list of rules of a section (a terrain's, the card's modifiers); given again
 * by a card that extends another, it replaces the rules written there. */
bool card_read_rules(struct ydoc *doc, const struct ynode *n, struct card *card,
                     struct rule_list *list, enum section section);
/* Once the whole card is read: the names its sections gave that stand further
 * down the card (or in the card it extends). */
bool card_resolve_scoring(struct ydoc *doc, struct card *card);
bool card_resolve_events(struct ydoc *doc, struct card *card);
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

#endif
