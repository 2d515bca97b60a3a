/* card-read-dice.c: reads the `dice` section of a rule card (data layer): plain
 * dice by their sides, and symbol dice by their faces, each with the number of
 * sides that show it and the short form players type for it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "xmalloc.h"

static const struct yfield face_fields[] = {
	{ "id", AS_ID(struct die_face, id), .required = true },
	{ "name", AS_TEXT(struct die_face, name) },
	{ "short", AS_TEXT(struct die_face, short_name) },
	{ "count", AS_INT(struct die_face, count, 1, 100) },
};

static const struct ytable face_table = YTABLE("face", face_fields);

static bool
read_faces(struct ydoc *doc, const struct ynode *n, struct die_kind *d)
{
	bool ok = true;

	if (!yis_sequence(doc, n, "faces"))
		return false;
	d->faces = xcalloc(n->count + 1, sizeof *d->faces);
	for (size_t i = 0; i < n->count; i++) {
		struct die_face *face = &d->faces[d->nfaces];

		face->count = 1;
		if (!ymap_read(doc, n->items[i], &face_table, face, NULL)) {
			free(face->id);
			free(face->name);
			free(face->short_name);
			memset(face, 0, sizeof *face);
			ok = false;
			continue;
		}
		for (size_t k = 0; k < d->nfaces; k++)
			if (strcmp(d->faces[k].id, face->id) == 0) /* reader: card ids, a face's */
				ok = yerror(doc, n->items[i], "face '%s' is given twice", face->id);
		d->total += face->count;
		d->nfaces++;
	}
	return ok;
}

static bool
read_die(struct ydoc *doc, const struct ynode *n, struct die_kind *d)
{
	static const char *const keys[] = { "name", "sides", "faces", "assumed", "note", "seed" };
	const struct ynode *v;
	long sides;
	bool ok = true;

	if (!yis_mapping(doc, n, "a die"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		bool known = false;
		for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
			known |= strcmp(n->keys[i]->text, keys[k]) == 0; /* reader: card keys */
		if (!known)
			ok = yerror(doc, n->keys[i], "unknown key '%s' in a die; known keys are name, "
			                             "sides, faces, assumed, note and seed",
			            n->keys[i]->text);
	}
	if ((v = ymap_find(n, "name")) != NULL)
		ok = card_read_text(doc, v, &d->name) && ok;
	if ((v = ymap_find(n, "note")) != NULL)
		ok = card_read_text(doc, v, &d->note) && ok;
	if ((v = ymap_find(n, "seed")) != NULL)
		ok = card_read_text(doc, v, &d->seed) && ok;
	if ((v = ymap_find(n, "assumed")) != NULL)
		ok = ybool(doc, v, &d->assumed) && ok;
	if ((v = ymap_find(n, "sides")) != NULL) {
		if (yint(doc, v, 2, 1000, &sides))
			d->sides = d->total = (int)sides;
		else
			ok = false;
	}
	if ((v = ymap_find(n, "faces")) != NULL)
		ok = read_faces(doc, v, d) && ok;
	if (ok && (d->sides > 0) == (d->nfaces > 0))
		ok = yerror(doc, n, "a die gives either sides (a plain die) or faces (a symbol die)");
	if (ok && d->nfaces > 0 && d->total < 2)
		ok = yerror(doc, n, "a die has at least two sides");
	return ok;
}

bool
card_read_dice(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "dice"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		struct die_kind *d;
		const char *id;
		int at;

		if (!yid(doc, n->keys[i], &id)) {
			ok = false;
			continue;
		}
		if (id[0] == 'd' && id[1] >= '0' && id[1] <= '9') {
			ok = yerror(doc, n->keys[i], "'%s' reads as plain dice notation; name the die "
			                             "otherwise", id);
			continue;
		}
		/* a die given again (by a card that extends another) replaces it */
		if ((at = card_die(card, id)) >= 0) {
			d = &card->dice[at];
			card_die_free(d);
		} else {
			d = xgrow(&card->dice, &card->ndice, &card->cap_dice, sizeof *d);
		}
		memset(d, 0, sizeof *d);
		d->id = xstrdup(id);
		d->file = card->reading;
		d->line = n->keys[i]->line;
		if (!read_die(doc, n->items[i], d)) {
			card_die_free(d);
			if (at < 0)
				card->ndice--;
			ok = false;
		}
	}
	return ok;
}

void
card_die_free(struct die_kind *d)
{
	free(d->id);
	free(d->name);
	free(d->note);
	free(d->seed);
	for (size_t f = 0; f < d->nfaces; f++) {
		free(d->faces[f].id);
		free(d->faces[f].name);
		free(d->faces[f].short_name);
	}
	free(d->faces);
	memset(d, 0, sizeof *d);
}
