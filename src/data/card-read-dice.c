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
	{ "id", AS_ID(struct die_face, id), .required = true,
	  .help = "the face's id: scoring and events name it" },
	{ "name", AS_TEXT(struct die_face, name), .help = "the face's name for the players" },
	{ "short", AS_TEXT(struct die_face, short_name),
	  .help = "the short form players type for it" },
	{ "count", AS_INT(struct die_face, count, 1, 100), .help = "the sides that show it" },
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
read_die_faces(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	return read_faces(doc, n, rd->obj);
}

static bool
read_sides(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct die_kind *d = rd->obj;
	long sides;

	if (!yint(doc, n, 2, 1000, &sides))
		return false;
	d->sides = d->total = (int)sides;
	return true;
}

static const struct yfield die_fields[] = {
	{ "name", AS_TEXT(struct die_kind, name), .help = "the die's name for the players" },
	{ "sides", READ_BY(read_sides), .shape = &(const struct yshape){ .kind = YS_INT, .min = 2, .max = 1000 },
	  .help = "a plain die: its number of sides" },
	{ "faces", READ_BY(read_die_faces),
	  .shape = &(const struct yshape){ .kind = YS_LIST, .item = &(const struct yshape){
	                                                .kind = YS_TABLE, .table = &face_table } },
	  .help = "a symbol die: its faces" },
	{ "assumed", AS_BOOL(struct die_kind, assumed), .help = "true: assumed, not from the rulebook" },
	{ "note", AS_TEXT(struct die_kind, note), .help = "words for the players" },
	{ "seed", AS_TEXT(struct die_kind, seed), .help = "the rulebook line it comes from" },
};

static const struct ytable die_table = YTABLE("die", die_fields);

const struct yshape card_dice_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &die_table }
};

static bool
read_die(struct ydoc *doc, const struct ynode *n, struct die_kind *d)
{
	bool ok = ymap_read(doc, n, &die_table, d, NULL);

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
