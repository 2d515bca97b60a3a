/* hexfile.c: validates any hexaid file by its `kind:` (data layer): the word of
 * each kind, and how a file of it is loaded; `hexaid check` goes through here.
 * The kind is read from the first lines (the parse stops at `kind:`'s value), so
 * a file is parsed whole once, by the reader of its kind.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <stdio.h>

#include "card.h"
#include "cardpath.h"
#include "fault.h"
#include "filehead.h"
#include "fileops.h"
#include "hexfile.h"
#include "savefile.h"
#include "scenario.h"
#include "strutil.h"
#include "yaml-load.h"

/* Load the file as the kind it says it is, and let it go: loading is the check.
 * A save's file and the scenario it holds; replaying its commands is the
 * engine's check (game_check_file). */
static bool
loads_as(enum hexfile_kind kind, const char *path, const struct cardpath *cp,
         struct diag_list *dl)
{
	struct card card;
	struct scenario sc;
	struct savefile sf;

	switch (kind) {
	case HEXFILE_CARD:
		if (!card_load(&card, path, cp, dl))
			return false;
		card_free(&card);
		return true;
	case HEXFILE_SCENARIO:
		if (!scenario_load(&sc, path, cp, dl))
			return false;
		scenario_free(&sc);
		return true;
	case HEXFILE_SAVE:
		if (!savefile_read(&sf, path, cp, dl))
			return false;
		savefile_free(&sf);
		return true;
	case HEXFILE_UNKNOWN:
		break;
	}
	return false;
}

/* The kinds of file, by the word of their `kind:` line. */
static const char *const kind_names[] = {
	[HEXFILE_CARD] = "card",
	[HEXFILE_SCENARIO] = "scenario",
	[HEXFILE_SAVE] = "save",
};

#define N_KINDS (sizeof kind_names / sizeof kind_names[0] - 1) /* after HEXFILE_UNKNOWN */

/* The file's `kind:`, reported when it is missing or unknown; HEXFILE_UNKNOWN then. */
static enum hexfile_kind
find_kind(struct ydoc *doc)
{
	const struct ynode *kind;
	int which;

	if (!yis_mapping(doc, doc->root, "a hexaid file"))
		return HEXFILE_UNKNOWN;
	kind = ymap_find(doc->root, "kind");
	if (kind == NULL) {
		yerror(doc, doc->root, "no 'kind:' line; a hexaid file starts with 'kind: card', "
		                       "'kind: scenario' or 'kind: save'");
		return HEXFILE_UNKNOWN;
	}
	if (!yenum(doc, kind, kind_names + 1, N_KINDS, "kind of file", &which))
		return HEXFILE_UNKNOWN;
	return (enum hexfile_kind)(which + 1);
}

/* Cards and scenarios are read within the card limits, saved games within the
 * larger save limits (a save carries its scenario as one value). A file is read
 * as a save when a line of its first kilobytes says `kind: save`. A file that
 * cannot be opened gets no limits: NULL, and the reason in dl. */
static const struct ylimits *
limits_for(const char *path, struct diag_list *dl)
{
	char head[FILEHEAD_SIZE + 1];
	bool not_regular;

	if (!filehead_read(path, head, &not_regular)) {
		struct diag_source src = { path, NULL, 0 };
		if (not_regular)
			diag_file(dl, DIAG_ERROR, &src, "not a regular file");
		else
			diag_file(dl, DIAG_ERROR, &src, "cannot open: %s", strerror(errno));
		return NULL;
	}
	return filehead_has_line(head, "kind: save") ? &ylimits_save : &ylimits_card;
}

enum hexfile_kind
hexfile_open(struct ydoc *doc, const char *path, struct ypool *pool, struct diag_list *dl)
{
	enum hexfile_kind kind = HEXFILE_UNKNOWN;
	const struct ylimits *lim = limits_for(path, dl);
	const struct ynode *k;

	memset(doc, 0, sizeof *doc);
	if (lim == NULL)
		return kind;
	if (ydoc_load_file_pooled(doc, path, lim, "kind", pool, dl) &&
	    doc->root->kind == YNODE_MAPPING &&
	    (k = ymap_find(doc->root, "kind")) != NULL && k->kind == YNODE_SCALAR) {
		for (size_t i = 1; i <= N_KINDS; i++)
			if (strcmp(k->text, kind_names[i]) == 0) /* reader: a file's kind */
				kind = (enum hexfile_kind)i;
	}
	/* a card whose first kilobytes hold a line `kind: save` (in quotes, say) is
	 * read on within a card's limits, as card_load reads it; a save whose
	 * first kilobytes do not say so (a long comment first, or a read cut
	 * short) within a save's, its texts apart, as savefile.c reads it */
	if (kind == HEXFILE_CARD && lim != &ylimits_card) {
		ydoc_free(doc);
		if (!ydoc_load_file_pooled(doc, path, &ylimits_card, "kind", pool, dl))
			kind = HEXFILE_UNKNOWN;
	} else if (kind == HEXFILE_SAVE && lim != &ylimits_save) {
		ydoc_free(doc);
		if (!ydoc_load_file_pooled(doc, path, &ylimits_save, "kind", pool, dl))
			kind = HEXFILE_UNKNOWN;
	}
	return kind;
}

enum hexfile_kind
hexfile_kind(const char *path, struct diag_list *dl)
{
	struct ydoc doc;
	enum hexfile_kind kind = hexfile_open(&doc, path, NULL, dl);

	ydoc_free(&doc);
	return kind;
}

bool
hexfile_check(const char *path, const struct cardpath *cp, struct diag_list *dl)
{
	const struct ylimits *lim = limits_for(path, dl);
	enum hexfile_kind kind = HEXFILE_UNKNOWN;
	struct ydoc doc;
	bool ok;

	if (lim == NULL)
		return false;
	/* only as far as `kind:`: the reader of that kind parses the whole file */
	if (ydoc_load_file_until(&doc, path, lim, "kind", dl))
		kind = find_kind(&doc);
	ydoc_free(&doc);
	ok = loads_as(kind, path, cp, dl);
	return ok && diag_error_count(dl) == 0;
}
