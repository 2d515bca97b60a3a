/* card-read-resolution.c: reads a card's `resolution:` section (data layer): for each
 * combat type settled on a table, the table, the dice rolled, and what joins the
 * roll (the odds, the attacker's strength), or that both sides roll against
 * each other. Table names are checked once the whole card is read.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "dice.h"
#include "xmalloc.h"

/* `table: ID`: checked once the card is read whole; its place kept for that. */
static bool
read_table_ref(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct resolution *r = rd->obj;
	const char *id;

	if (!yid(doc, n, &id))
		return false;
	free(r->table_id);
	r->table_id = xstrdup(id);
	r->table_line = n->line;
	r->table_col = n->col;
	return true;
}

/* `roll: 2d6`: plain dice notation, checked here; or `roll: hits`: each side
 * rolls its own battle dice and counts its hits (an opposed resolution). */
static bool
read_roll(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct resolution *r = rd->obj;
	struct dice_kinds none = { 0, NULL, NULL };
	struct dice_expr e;
	char msg[160];
	int col;

	if (!card_read_text(doc, n, &r->roll))
		return false;
	r->hits = strcmp(r->roll, "hits") == 0; /* reader: the card's word */
	if (r->hits)
		return true;
	if (!dice_parse(r->roll, &none, &e, &col, msg)) {
		struct ynode at = { .line = n->line, .col = n->col + col - 1 };
		return yerror(doc, &at, "roll '%s': %s", r->roll, msg);
	}
	if (e.success)
		return yerror(doc, n, "roll '%s': a table reads a total, not a count of successes",
		              r->roll);
	return true;
}

static const char *const add_words[] = { "strength" };
static const struct yshape add_shape = { .kind = YS_ENUM, .names = add_words, .nnames = 1 };

static bool
read_add(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	int which;

	if (!yenum(doc, n, add_words, 1, "value to add", &which))
		return false;
	((struct resolution *)rd->obj)->add_strength = true;
	return true;
}

static const struct yfield tie_fields[] = {
	{ "read_as", AS_LONG(struct resolution, tie_reads_as, 0, 999), .required = true,
	  .help = "the difference a tie the card's tie rules decide is read as" },
	{ "seed", AS_TEXT(struct resolution, tie_seed), .help = "the rulebook line it comes from" },
};

static const struct ytable tie_table = YTABLE("ties", tie_fields);

/* `ties: { read_as: 1, seed: ... }`: an opposed roll's tie that the card's `tie`
 * rules decide is read as this difference. */
static bool
read_ties(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct resolution *r = rd->obj;

	r->tie_line = n->line;
	r->tie_col = n->col;
	return yis_mapping(doc, n, "ties") && ymap_read(doc, n, &tie_table, r, NULL);
}

static const struct yfield resolution_fields[] = {
	{ "table", READ_BY(read_table_ref), .required = true, .shape = &ys_id,
	  .help = "the table (tables:) the battle is read on" },
	{ "roll", READ_BY(read_roll), .required = true, .shape = &ys_text,
	  .help = "the dice rolled, in plain dice notation such as 2d6; or hits: each side's "
	          "own battle dice, its hits counted" },
	{ "odds", AS_ID(struct resolution, odds_id), .help = "the odds table read first, if any" },
	{ "add", READ_BY(read_add), .shape = &add_shape, .help = "a unit value added to the roll" },
	{ "opposed", AS_BOOL(struct resolution, opposed),
	  .help = "true: both sides roll, the difference is read" },
	{ "values", AS_TEXT(struct resolution, values),
	  .help = "the unit values the battle compares, for the players" },
	{ "ties", READ_BY(read_ties),
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &tie_table },
	  .help = "how an opposed roll's tie is read" },
	{ "seed", AS_TEXT(struct resolution, seed), .help = "the rulebook line it comes from" },
	{ "note", AS_TEXT(struct resolution, note), .help = "words for the players" },
	{ "assumed", AS_BOOL(struct resolution, assumed), .help = "true: assumed, not from the rulebook" },
};

static const struct ytable resolution_table = YTABLE("resolution", resolution_fields);

const struct yshape card_resolutions_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &resolution_table }
};

void
card_resolution_free(struct resolution *r)
{
	free(r->table_id);
	free(r->odds_id);
	free(r->roll);
	free(r->values);
	free(r->tie_seed);
	free(r->seed);
	free(r->note);
}

bool
card_read_resolutions(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "resolution"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		struct resolution r = { .table = -1, .odds_table = -1 }, *slot;
		int combat;

		if (!card_read_name(doc, card, n->keys[i], FT_COMBAT, &combat)) {
			ok = false;
			continue;
		}
		r.combat = combat;
		r.file = card->reading;
		r.line = n->keys[i]->line;
		if (!yis_mapping(doc, n->items[i], "resolution") ||
		    !ymap_read(doc, n->items[i], &resolution_table, &r, NULL)) {
			card_resolution_free(&r);
			ok = false;
			continue;
		}
		/* given again (by a card that extends another), it replaces the first */
		slot = NULL;
		for (size_t k = 0; k < card->nresolutions && slot == NULL; k++)
			if (card->resolutions[k].combat == combat)
				slot = &card->resolutions[k];
		if (slot != NULL)
			card_resolution_free(slot);
		else
			slot = xgrow(&card->resolutions, &card->nresolutions, &card->cap_resolutions,
			             sizeof *slot);
		/* memcpy, not `*slot = r`: clang 14's analyzer then reads back the pointers
		 * the last pass freed and reports a double free that cannot happen */
		memcpy(slot, &r, sizeof r);
	}
	return ok;
}

/* Once the card is read whole: the tables the resolutions name, and that they
 * are of the kind the resolution reads. */
bool
card_resolve_resolutions(struct ydoc *doc, struct card *card)
{
	bool ok = true;

	for (size_t i = 0; i < card->nresolutions; i++) {
		struct resolution *r = &card->resolutions[i];
		struct ynode at = { .line = r->table_line, .col = r->table_col };
		enum table_by want = r->opposed ? TABLE_BY_DIFFERENCE : TABLE_BY_ROLL;

		if (r->table_id != NULL) {
			r->table = card_table(card, r->table_id);
			if (r->table < 0) {
				ok = yerror(doc, &at, "no table '%s' in this card's tables", r->table_id);
				continue;
			}
			free(r->table_id);
			r->table_id = NULL;
		}
		if (card->tables[r->table].by != want)
			ok = yerror(doc, &at, "table %s is by %s; %s resolution reads a table by %s",
			            card->tables[r->table].id, table_by_names[card->tables[r->table].by],
			            r->opposed ? "an opposed" : "this", table_by_names[want]);
		if (r->hits && !r->opposed)
			ok = yerror(doc, &at, "roll: hits is each side's hits: only an opposed "
			                      "resolution (opposed: true) counts them");
		if (r->tie_line > 0 && !r->opposed) {
			struct ynode tie = { .line = r->tie_line, .col = r->tie_col };
			ok = yerror(doc, &tie, "ties: only an opposed resolution (opposed: true) has ties");
		}
		if (r->odds_id != NULL) {
			r->odds_table = card_table(card, r->odds_id);
			if (r->odds_table < 0 || card->tables[r->odds_table].by != TABLE_BY_ODDS)
				ok = yerror(doc, &at, "odds: '%s' is not a table by odds of this card",
				            r->odds_id);
			free(r->odds_id);
			r->odds_id = NULL;
		}
	}
	return ok;
}
