/* savefile.c: reads the YAML of a saved game: checks its keys and schema, reads
 * its three lists and loads the scenario text it holds (data layer). The parsed
 * file is let go as soon as it is read: the lists take the texts the tree holds,
 * and what a message about a command needs later is kept apart (commands_at).
 * Replaying the commands is the engine's (load.c).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "savefile.h"
#include "xmalloc.h"

enum { LIST_COMMANDS, LIST_UNDONE, LIST_LOG, NLISTS };

static const char *const list_keys[NLISTS] = { "commands", "undone", "log" };

/* A list as the file gives it, checked, before its items are taken. */
struct list_found {
	struct ynode *key, *value;  /* NULL: not in the file, an empty list */
	size_t count;               /* its items */
};

/* Check a list and count its items: a sequence of texts. */
static bool
check_list(struct ydoc *doc, struct list_found *l)
{
	const struct ynode *n = l->value;
	const char *s;

	l->count = 0;
	if (n == NULL)
		return true;
	if (!yis_sequence(doc, n, "this list"))
		return false;
	for (size_t i = 0; i < n->count; i++)
		if (!ystring(doc, n->items[i], &s))
			return false;
	l->count = n->count;
	return true;
}

/* The items of a checked list, taken from the tree as they are. */
static void
take_list(struct list_found *l, struct strlist *out)
{
	struct ynode *n = l->value;

	if (l->count == 0)
		return;
	out->items = xreallocarray(NULL, l->count, sizeof *out->items);
	out->cap = l->count;
	for (size_t i = 0; i < n->count; i++) {
		out->items[out->count++] = n->items[i]->text;
		n->items[i]->text = NULL;
	}
}

/* ---- where the commands stand ------------------------------------------------- */

/* Keep where the commands stand, for savefile_replay_failed. */
static void
keep_commands_at(struct savefile *sf, const struct ydoc *doc, const struct list_found *l)
{
	struct savefile_commands_at *at = &sf->commands_at;
	const struct ynode *n = l->value;

	at->file = xstrdup(doc->name);
	at->diags = doc->diags;
	if (n == NULL)
		return;
	at->list.line = n->line;
	at->list.col = n->col;
	if (n->count == 0)
		return;
	at->items = xreallocarray(NULL, n->count, sizeof *at->items);
	for (size_t i = 0; i < n->count; i++) {
		at->items[i].line = n->items[i]->line;
		at->items[i].col = n->items[i]->col;
	}
}

/* ---- reading ------------------------------------------------------------------- */

static bool
check_save_keys(struct ydoc *doc)
{
	static const char *const keys[] = { "kind", "schema", "scenario_file", "commands",
		                            "undone", "log", "scenario" };
	const struct ynode *schema = ymap_find(doc->root, "schema");
	long v;
	bool ok = true;

	for (size_t i = 0; i < doc->root->count; i++) {
		bool known = false;
		for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
			known |= strcmp(doc->root->keys[i]->text, keys[k]) == 0;
		if (!known)
			ok = yerror(doc, doc->root->keys[i], "unknown key '%s' in a saved game",
			            doc->root->keys[i]->text);
	}
	if (schema == NULL || !yint(doc, schema, 1, 1000, &v))
		return schema ? false : yerror(doc, doc->root, "a saved game has 'schema: %d'",
		                               SAVEFILE_SCHEMA);
	if (v > SAVEFILE_SCHEMA)
		return yerror(doc, schema, "saved by a newer hexaid (schema %ld); upgrade hexaid", v);
	return ok;
}

/* Find the three lists and check them. */
static bool
check_lists(struct ydoc *doc, struct list_found lists[NLISTS])
{
	for (int i = 0; i < NLISTS; i++) {
		lists[i].key = lists[i].value = NULL;
		for (size_t k = 0; k < doc->root->count; k++) {
			if (strcmp(doc->root->keys[k]->text, list_keys[i]) == 0) {
				lists[i].key = doc->root->keys[k];
				lists[i].value = doc->root->items[k];
			}
		}
		if (!check_list(doc, &lists[i]))
			return false;
	}
	return true;
}

/* Read a save already parsed into doc (or not: after an error), and let the
 * parsed file go. */
static bool
read_doc(struct savefile *sf, struct ydoc *doc, bool parsed, const struct cardpath *cp,
         struct diag_list *dl)
{
	struct strlist *out[NLISTS] = { &sf->commands, &sf->undone, &sf->log };
	struct list_found lists[NLISTS];
	const struct ynode *file, *text, *kind;

	if (!parsed || !yis_mapping(doc, doc->root, "a saved game"))
		goto fail;
	kind = ymap_find(doc->root, "kind");
	if (kind == NULL || kind->kind != YNODE_SCALAR || strcmp(kind->text, "save") != 0) {
		yerror(doc, kind ? kind : doc->root, "this file is not a saved game ('kind: save')");
		goto fail;
	}
	file = ymap_find(doc->root, "scenario_file");
	text = ymap_find(doc->root, "scenario");
	if (!check_save_keys(doc) || file == NULL || text == NULL ||
	    file->kind != YNODE_SCALAR || text->kind != YNODE_SCALAR) {
		yerror(doc, doc->root, "a saved game gives scenario_file and scenario");
		goto fail;
	}
	if (!check_lists(doc, lists))
		goto fail;
	if (!scenario_load_text(&sf->sc, file->text, text->text, text->len, cp, dl)) {
		yerror(doc, text, "the scenario in this save is not valid");
		goto fail;
	}
	/* nothing fails from here: the tree gives up its texts, then goes */
	keep_commands_at(sf, doc, &lists[LIST_COMMANDS]);
	free(doc->text);
	doc->text = NULL;
	for (int i = 0; i < NLISTS; i++)
		take_list(&lists[i], out[i]);
	ydoc_free(doc);
	return true;
fail:
	ydoc_free(doc);
	return false;
}

bool
savefile_read(struct savefile *sf, const char *path, const struct cardpath *cp,
              struct diag_list *dl)
{
	struct ydoc doc;

	memset(sf, 0, sizeof *sf);
	return read_doc(sf, &doc, ydoc_load_file(&doc, path, &ylimits_save, dl), cp, dl);
}

bool
savefile_read_text(struct savefile *sf, const char *name, const char *text, size_t len,
                   const struct cardpath *cp, struct diag_list *dl)
{
	struct ydoc doc;

	memset(sf, 0, sizeof *sf);
	return read_doc(sf, &doc, ydoc_load_string(&doc, name, text, len, &ylimits_save, dl), cp,
	                dl);
}

void
savefile_replay_failed(struct savefile *sf, size_t i)
{
	const struct savefile_commands_at *at = &sf->commands_at;
	const char *command = i < sf->commands.count ? sf->commands.items[i] : "";
	struct savefile_pos pos = at->list;

	if (i < sf->commands.count && at->items != NULL)
		pos = at->items[i];
	diag_add_quoting(at->diags, DIAG_ERROR, at->file, pos.line, pos.col, NULL,
	                 "command %zu of this save no longer applies: %s", i + 1, command);
}

void
savefile_free(struct savefile *sf)
{
	scenario_free(&sf->sc);
	strlist_free(&sf->commands);
	strlist_free(&sf->undone);
	strlist_free(&sf->log);
	free(sf->commands_at.file);
	free(sf->commands_at.items);
	memset(&sf->commands_at, 0, sizeof sf->commands_at);
}
