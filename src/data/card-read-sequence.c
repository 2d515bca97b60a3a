/* card-read-sequence.c: reads a card's `sequence:` (data layer): the phases of one
 * side's turn, in order, each with its name, a one-line reminder for the
 * players, the commands it allows and those the other side may react with.
 * Which commands exist is the engine's business; a test checks the shipped
 * cards name only real ones.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "xmalloc.h"

/* `allows: [move]` or `reactions: [move, fire]`: a list of command names, into
 * the list the row's arg names. */
enum { PHASE_ALLOWS, PHASE_REACTIONS };

static bool
read_phase_commands(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct phase *p = rd->obj;
	bool reactions = rd->field->arg == PHASE_REACTIONS;
	char ***list = reactions ? &p->reactions : &p->allows;
	size_t *count = reactions ? &p->nreactions : &p->nallows;
	bool ok = true;

	if (!yis_sequence(doc, n, reactions ? "reactions" : "allows"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const char *id;
		if (!yid(doc, n->items[i], &id)) {
			ok = false;
			continue;
		}
		*list = xreallocarray(*list, *count + 1, sizeof **list);
		(*list)[(*count)++] = xstrdup(id);
	}
	return ok;
}

static const struct yfield phase_fields[] = {
	{ "id", AS_ID(struct phase, id), .required = true },
	{ "name", AS_TEXT(struct phase, name), .required = true },
	{ "reminder", AS_TEXT(struct phase, reminder) },
	{ "allows", READ_BY(read_phase_commands), .arg = PHASE_ALLOWS },
	{ "reactions", READ_BY(read_phase_commands), .arg = PHASE_REACTIONS },
	{ "seed", AS_TEXT(struct phase, seed) },
	{ "note", AS_COMMENT },
	{ "assumed", AS_BOOL(struct phase, assumed) },
};

static const struct ytable phase_table = YTABLE("phase", phase_fields);

void
card_phase_free(struct phase *p)
{
	free(p->id);
	free(p->name);
	free(p->reminder);
	for (size_t i = 0; i < p->nallows; i++)
		free(p->allows[i]);
	free(p->allows);
	for (size_t i = 0; i < p->nreactions; i++)
		free(p->reactions[i]);
	free(p->reactions);
	free(p->seed);
}

/* `sequence: [ { id: move, name: Move, reminder: "...", allows: [move] }, ... ]`.
 * A card that extends another replaces the whole sequence when it gives one. */
bool
card_read_sequence(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_sequence(doc, n, "sequence"))
		return false;
	for (size_t i = 0; i < card->nphases; i++)
		card_phase_free(&card->phases[i]);
	card->nphases = 0;
	for (size_t i = 0; i < n->count; i++) {
		struct phase p = { .file = card->reading, .line = n->items[i]->line };

		if (!yis_mapping(doc, n->items[i], "a phase") ||
		    !ymap_read(doc, n->items[i], &phase_table, &p, NULL)) {
			card_phase_free(&p);
			ok = false;
			continue;
		}
		if (card_phase(card, p.id) >= 0) {
			ok = yerror(doc, n->items[i], "phase '%s' is given twice", p.id);
			card_phase_free(&p);
			continue;
		}
		*(struct phase *)xgrow(&card->phases, &card->nphases, &card->cap_phases, sizeof p) = p;
	}
	return ok;
}
