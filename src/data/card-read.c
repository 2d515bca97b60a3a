/* card-read.c: what the readers of a rule card's sections share (data layer):
 * a name from one of the card's vocabularies, text, movement points, notes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "strutil.h"
#include "xmalloc.h"

/* Read one id of a vocabulary; on an unknown id, say the nearest or the choices. */
bool
card_read_name(struct ydoc *doc, const struct card *card, const struct ynode *n,
               enum fact_type type, int *out)
{
	size_t count = card_vocabulary_count(card, type);
	const char **names;
	bool ok;

	if (count == 0)
		return yerror(doc, n, "no %s is defined in this card", card_vocabulary_what[type]);
	/* a name found is found without listing them all; the list is for yenum's
	 * message (and whatever else it has to say) */
	if (n->kind == YNODE_SCALAR && n->len > 0)
		for (size_t i = 0; i < count; i++)
			/* reader: card words */
			if (str_eq(card_vocabulary_id(card, type, (int)i), n->text)) {
				*out = (int)i;
				return true;
			}
	names = card_vocabulary(card, type, &count);
	ok = yenum(doc, n, names, count, card_vocabulary_what[type], out);
	free(names);
	return ok;
}

bool
card_read_name_field(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	int *out = (int *)((char *)rd->obj + rd->field->offset);

	return card_read_name(doc, rd->ctx, n, (enum fact_type)rd->field->arg, out);
}

/* ---- movement points -------------------------------------------------------- */

bool
card_read_points(struct ydoc *doc, const struct ynode *n, long *halves)
{
	const char *p;
	long whole = 0;
	bool half = false, digits = false;

	if (n->kind != YNODE_SCALAR || !n->plain || n->len == 0)
		return yerror(doc, n, "expected movement points, such as 2, 1/2 or 1.5");
	p = n->text;
	if (*p == '+')
		p++;
	while (*p >= '0' && *p <= '9' && whole < 1000) {
		whole = whole * 10 + (*p++ - '0');
		digits = true;
	}
	/* reader: card numbers */
	if (strcmp(p, ".5") == 0 || (strcmp(p, "/2") == 0 && whole == 1 && digits)) {
		half = true;
		if (p[0] == '/')
			whole = 0;
	} else if (strcmp(p, " 1/2") == 0 && digits) { /* reader: card numbers */
		half = true;
	} else if (*p != '\0' || !digits) {
		return yerror(doc, n, "expected movement points, such as 2, 1/2 or 1.5; found '%s'",
		              n->text);
	}
	if (whole > 99)
		return yerror(doc, n, "%s movement points is more than 99", n->text);
	*halves = whole * 2 + (half ? 1 : 0);
	return true;
}

bool
card_read_text(struct ydoc *doc, const struct ynode *n, char **out)
{
	const char *s;

	if (!ystring(doc, n, &s))
		return false;
	free(*out);
	*out = xstrdup(s);
	return true;
}

/* ---- notes ------------------------------------------------------------------ */

void
card_notes_free(struct note_list *notes)
{
	for (size_t i = 0; i < notes->count; i++) {
		free(notes->items[i].text);
		free(notes->items[i].seed);
	}
	free(notes->items);
	memset(notes, 0, sizeof *notes);
}

static const struct yfield note_fields[] = {
	{ "say", AS_TEXT(struct card_note, text), .required = true, .help = "the note's words" },
	{ "seed", AS_TEXT(struct card_note, seed), .help = "the rulebook line it comes from" },
	{ "assumed", AS_BOOL(struct card_note, assumed),
	  .help = "true: assumed, not from the rulebook" },
};

static const struct ytable note_table = YTABLE("note", note_fields);

static const struct yshape one_note = { .kind = YS_TEXT,
	                                .or = &(const struct yshape){ .kind = YS_TABLE, .table = &note_table } };
const struct yshape card_notes_shape = {
	.kind = YS_TEXT, .or = &(const struct yshape){ .kind = YS_LIST, .item = &one_note }
};

static bool
read_one_note(struct ydoc *doc, const struct ynode *n, struct card *card, struct note_list *out)
{
	struct card_note *note = xgrow(&out->items, &out->count, &out->cap, sizeof *note);

	memset(note, 0, sizeof *note);
	note->file = card->reading;
	note->line = n->line;
	if (n->kind == YNODE_SCALAR) {
		if (!card_read_text(doc, n, &note->text))
			return false;
	} else if (!yis_mapping(doc, n, "note") || !ymap_read(doc, n, &note_table, note, NULL)) {
		return false;
	}
	str_trim_end(note->text);
	return true;
}

bool
card_read_notes(struct ydoc *doc, const struct ynode *n, struct card *card, struct note_list *out)
{
	bool ok = true;

	card_notes_free(out);
	if (n->kind != YNODE_SEQUENCE)
		return read_one_note(doc, n, card, out);
	for (size_t i = 0; i < n->count; i++)
		ok = read_one_note(doc, n->items[i], card, out) && ok;
	return ok;
}
