/* hexfile.c: validates any hexaid file by its `kind:` (data layer). One table row
 * per kind of file; `hexaid check` goes through here, so a new kind of file
 * (scenario, save) becomes checkable by adding its row. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <stdio.h>

#include "card.h"
#include "cardpath.h"
#include "fault.h"
#include "hexfile.h"
#include "savefile.h"
#include "scenario.h"
#include "strutil.h"
#include "yaml-load.h"

static bool
check_card(const char *path, const struct cardpath *cp, struct diag_list *dl)
{
	struct card card;
	bool ok = card_load(&card, path, cp, dl);

	if (ok)
		card_free(&card);
	return ok;
}

static bool
check_scenario(const char *path, const struct cardpath *cp, struct diag_list *dl)
{
	struct scenario sc;
	bool ok = scenario_load(&sc, path, cp, dl);

	if (ok)
		scenario_free(&sc);
	return ok;
}

/* A save's file and the scenario it holds; replaying its commands is the
 * engine's check (game_check_file). */
static bool
check_save(const char *path, const struct cardpath *cp, struct diag_list *dl)
{
	struct savefile sf;
	bool ok = savefile_read(&sf, path, cp, dl);

	if (ok)
		savefile_free(&sf);
	return ok;
}

static const struct file_kind {
	const char *name;
	bool (*check)(const char *path, const struct cardpath *cp, struct diag_list *dl);
} file_kinds[] = {
	{ "card", check_card },
	{ "scenario", check_scenario },
	{ "save", check_save },
};

#define N_KINDS (sizeof file_kinds / sizeof file_kinds[0])

static const struct file_kind *
find_kind(struct ydoc *doc)
{
	const char *names[N_KINDS];
	const struct ynode *kind;
	int which;

	if (!yis_mapping(doc, doc->root, "a hexaid file"))
		return NULL;
	kind = ymap_find(doc->root, "kind");
	if (kind == NULL) {
		yerror(doc, doc->root, "no 'kind:' line; a hexaid file starts with 'kind: card', "
		                       "'kind: scenario' or 'kind: save'");
		return NULL;
	}
	for (size_t i = 0; i < N_KINDS; i++)
		names[i] = file_kinds[i].name;
	if (!yenum(doc, kind, names, N_KINDS, "kind of file", &which))
		return NULL;
	return &file_kinds[which];
}

/* Cards and scenarios are read within the card limits, saved games within the
 * larger save limits (a save carries its scenario as one value). A file is read
 * as a save when a line of its first kilobytes says `kind: save`. A file that
 * cannot be opened gets no limits: NULL, and the reason in dl. */
static const struct ylimits *
limits_for(const char *path, struct diag_list *dl)
{
	char head[4097];
	size_t n;
	FILE *f = fio_fopen(path, "r");
	const struct ylimits *lim = &ylimits_card;

	if (f == NULL) {
		struct diag_source src = { path, NULL, 0 };
		diag_file(dl, DIAG_ERROR, &src, "cannot open: %s", strerror(errno));
		return NULL;
	}
	n = fread(head, 1, sizeof head - 1, f);
	fclose(f);
	head[n] = '\0';
	for (char *line = head; line != NULL && *line != '\0';) {
		char *nl = strchr(line, '\n');
		/* the file format: a save says so on a line of its own */
		if (strncmp(line, "kind: save", 10) == 0 &&
		    (line[10] == '\n' || line[10] == '\r' || line[10] == ' ' || line[10] == '\0'))
			lim = &ylimits_save;
		line = nl ? nl + 1 : NULL;
	}
	return lim;
}

enum hexfile_kind
hexfile_kind(const char *path, struct diag_list *dl)
{
	enum hexfile_kind kind = HEXFILE_UNKNOWN;
	const struct ynode *k;
	const struct ylimits *lim = limits_for(path, dl);
	struct ydoc doc;

	if (lim == NULL)
		return kind;
	if (ydoc_load_file(&doc, path, lim, dl) && doc.root->kind == YNODE_MAPPING &&
	    (k = ymap_find(doc.root, "kind")) != NULL && k->kind == YNODE_SCALAR) {
		if (strcmp(k->text, "card") == 0)
			kind = HEXFILE_CARD;
		else if (strcmp(k->text, "scenario") == 0)
			kind = HEXFILE_SCENARIO;
		else if (strcmp(k->text, "save") == 0)
			kind = HEXFILE_SAVE;
	}
	ydoc_free(&doc);
	return kind;
}

bool
hexfile_check(const char *path, const struct cardpath *cp, struct diag_list *dl)
{
	const struct ylimits *lim = limits_for(path, dl);
	const struct file_kind *kind = NULL;
	struct ydoc doc;
	bool ok = false;

	if (lim == NULL)
		return false;
	if (ydoc_load_file(&doc, path, lim, dl))
		kind = find_kind(&doc);
	ydoc_free(&doc);
	if (kind != NULL)
		ok = kind->check(path, cp, dl);
	return ok && diag_error_count(dl) == 0;
}
