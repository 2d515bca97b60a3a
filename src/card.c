/* card.c: reads a rule card's YAML tree into a struct card (data layer).
 *
 * The top level of a card is read against one field table; each section of the
 * card schema is one row with its own reader, so adding a section to the format
 * is adding a row and a reader. Unknown keys, missing keys and bad values are
 * reported at their line and column by yaml-load.c. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "xmalloc.h"

static bool
read_text(struct ydoc *doc, const struct ynode *n, char **out)
{
	const char *s;

	if (!ystring(doc, n, &s))
		return false;
	free(*out);
	*out = xstrdup(s);
	return true;
}

static bool
read_kind(struct ydoc *doc, const struct ynode *n, void *obj)
{
	const char *s;

	(void)obj;
	if (!ystring(doc, n, &s))
		return false;
	if (strcmp(s, "card") != 0)
		return yerror(doc, n, "this file is a '%s', not a 'card'", s);
	return true;
}

static bool
read_schema(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct card *card = obj;

	if (!yint(doc, n, 1, 1000, &card->schema))
		return false;
	if (card->schema > CARD_SCHEMA)
		return yerror(doc, n,
		              "schema %ld is newer than this hexaid reads (%d); upgrade hexaid",
		              card->schema, CARD_SCHEMA);
	return true;
}

static bool
read_id(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct card *card = obj;
	const char *id;

	if (!yid(doc, n, &id))
		return false;
	free(card->id);
	card->id = xstrdup(id);
	return true;
}

static bool
read_extends(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct card *card = obj;
	const char *id;

	if (!yid(doc, n, &id))
		return false;
	free(card->extends);
	card->extends = xstrdup(id);
	return true;
}

#define TEXT_READER(field)                                                          \
	static bool read_##field(struct ydoc *doc, const struct ynode *n, void *obj) \
	{                                                                           \
		return read_text(doc, n, &((struct card *)obj)->field);              \
	}
TEXT_READER(title)
TEXT_READER(publisher)
TEXT_READER(edition)
TEXT_READER(based_on)
TEXT_READER(notes)
#undef TEXT_READER

static const struct yfield card_fields[] = {
	{ "kind", true, read_kind },
	{ "schema", true, read_schema },
	{ "id", true, read_id },
	{ "title", true, read_title },
	{ "publisher", false, read_publisher },
	{ "edition", false, read_edition },
	{ "based_on", false, read_based_on },
	{ "extends", false, read_extends },
	{ "notes", false, read_notes },
};

bool
card_read(struct card *card, struct ydoc *doc)
{
	memset(card, 0, sizeof *card);
	card->path = xstrdup(doc->name);
	return ymap_read(doc, doc->root, card_fields, sizeof card_fields / sizeof card_fields[0],
	                 "rule card", card);
}

bool
card_load(struct card *card, const char *path, struct diag_list *dl)
{
	struct ydoc doc;
	bool ok = false;

	memset(card, 0, sizeof *card);
	if (ydoc_load_file(&doc, path, &ylimits_card, dl))
		ok = card_read(card, &doc);
	ydoc_free(&doc);
	if (!ok)
		card_free(card);
	return ok;
}

void
card_free(struct card *card)
{
	free(card->path);
	free(card->id);
	free(card->title);
	free(card->publisher);
	free(card->edition);
	free(card->based_on);
	free(card->extends);
	free(card->notes);
	memset(card, 0, sizeof *card);
}
