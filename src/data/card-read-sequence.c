/* card-read-sequence.c: reads a card's `sequence:` (data layer): the phases of one
 * side's turn, in order, each with its name, a one-line reminder for the
 * players and the commands it allows. Which commands exist is the engine's
 * business; a test checks the shipped cards name only real ones. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "xmalloc.h"

static bool
read_phase_id(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct phase *p = obj;
	const char *id;

	if (!yid(doc, n, &id))
		return false;
	free(p->id);
	p->id = xstrdup(id);
	return true;
}

static bool
read_phase_name(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return card_read_text(doc, n, &((struct phase *)obj)->name);
}

static bool
read_phase_reminder(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return card_read_text(doc, n, &((struct phase *)obj)->reminder);
}

static bool
read_phase_seed(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return card_read_text(doc, n, &((struct phase *)obj)->seed);
}

static bool
read_phase_note(struct ydoc *doc, const struct ynode *n, void *obj)
{
	const char *s;

	(void)obj;
	return ystring(doc, n, &s);
}

static bool
read_phase_assumed(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return ybool(doc, n, &((struct phase *)obj)->assumed);
}

static bool
read_phase_allows(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct phase *p = obj;
	bool ok = true;

	if (!yis_sequence(doc, n, "allows"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const char *id;
		if (!yid(doc, n->items[i], &id)) {
			ok = false;
			continue;
		}
		p->allows = xreallocarray(p->allows, p->nallows + 1, sizeof *p->allows);
		p->allows[p->nallows++] = xstrdup(id);
	}
	return ok;
}

static const struct yfield phase_fields[] = {
	{ "id", true, read_phase_id },
	{ "name", true, read_phase_name },
	{ "reminder", false, read_phase_reminder },
	{ "allows", false, read_phase_allows },
	{ "seed", false, read_phase_seed },
	{ "note", false, read_phase_note },
	{ "assumed", false, read_phase_assumed },
};

void
card_phase_free(struct phase *p)
{
	free(p->id);
	free(p->name);
	free(p->reminder);
	for (size_t i = 0; i < p->nallows; i++)
		free(p->allows[i]);
	free(p->allows);
	free(p->seed);
}

/* `sequence: [ { id: move, name: Move, reminder: "...", allows: [move] }, ... ]`.
 * A card that extends another replaces the whole sequence when it gives one. */
bool
card_read_sequence(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct card *card = obj;
	bool ok = true;

	if (!yis_sequence(doc, n, "sequence"))
		return false;
	for (size_t i = 0; i < card->nphases; i++)
		card_phase_free(&card->phases[i]);
	card->nphases = 0;
	for (size_t i = 0; i < n->count; i++) {
		struct phase p = { .file = card->reading, .line = n->items[i]->line };

		if (!yis_mapping(doc, n->items[i], "a phase") ||
		    !ymap_read(doc, n->items[i], phase_fields,
		               sizeof phase_fields / sizeof phase_fields[0], "phase", &p)) {
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
