/* savefile.c: reads the YAML of a saved game: checks its keys and schema, reads
 * its three lists and loads the scenario text it holds (data layer). Replaying
 * the commands is the engine's (load.c).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "savefile.h"

static bool
read_list(struct ydoc *doc, const struct ynode *n, struct strlist *out)
{
	const char *s;

	if (n == NULL)
		return true;
	if (!yis_sequence(doc, n, "this list"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		if (!ystring(doc, n->items[i], &s))
			return false;
		strlist_add(out, s);
	}
	return true;
}

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
		return schema ? false : yerror(doc, doc->root, "a saved game has 'schema: 1'");
	if (v > SAVEFILE_SCHEMA)
		return yerror(doc, schema, "saved by a newer hexaid (schema %ld); upgrade hexaid", v);
	return ok;
}

static void
free_lists(struct savefile *sf)
{
	strlist_free(&sf->commands);
	strlist_free(&sf->undone);
	strlist_free(&sf->log);
}

/* Read a save already parsed into sf->doc (or not: after an error). */
static bool
read_doc(struct savefile *sf, bool parsed, const struct cardpath *cp, struct diag_list *dl)
{
	struct ydoc *doc = &sf->doc;
	const struct ynode *file, *text, *kind;

	if (!parsed)
		goto fail;
	if (!yis_mapping(doc, doc->root, "a saved game"))
		goto fail;
	kind = ymap_find(doc->root, "kind");
	if (kind == NULL || kind->kind != YNODE_SCALAR || strcmp(kind->text, "save") != 0) {
		yerror(doc, kind ? kind : doc->root, "this file is not a saved game ('kind: save')");
		goto fail;
	}
	file = ymap_find(doc->root, "scenario_file");
	text = ymap_find(doc->root, "scenario");
	if (!check_save_keys(doc) || file == NULL || text == NULL || file->kind != YNODE_SCALAR ||
	    text->kind != YNODE_SCALAR) {
		yerror(doc, doc->root, "a saved game gives scenario_file and scenario");
		goto fail;
	}
	if (!read_list(doc, ymap_find(doc->root, "commands"), &sf->commands) ||
	    !read_list(doc, ymap_find(doc->root, "undone"), &sf->undone) ||
	    !read_list(doc, ymap_find(doc->root, "log"), &sf->log))
		goto fail;
	if (!scenario_load_text(&sf->sc, file->text, text->text, text->len, cp, dl)) {
		yerror(doc, text, "the scenario in this save is not valid");
		goto fail;
	}
	return true;
fail:
	free_lists(sf);
	ydoc_free(doc);
	return false;
}

bool
savefile_read(struct savefile *sf, const char *path, const struct cardpath *cp,
              struct diag_list *dl)
{
	memset(sf, 0, sizeof *sf);
	return read_doc(sf, ydoc_load_file(&sf->doc, path, &ylimits_save, dl), cp, dl);
}

bool
savefile_read_text(struct savefile *sf, const char *name, const char *text, size_t len,
                   const struct cardpath *cp, struct diag_list *dl)
{
	memset(sf, 0, sizeof *sf);
	return read_doc(sf, ydoc_load_string(&sf->doc, name, text, len, &ylimits_save, dl), cp,
	                dl);
}

void
savefile_replay_failed(struct savefile *sf, size_t i)
{
	yerror(&sf->doc, ymap_find(sf->doc.root, "commands"),
	       "command %zu of this save no longer applies: %s", i + 1,
	       i < sf->commands.count ? sf->commands.items[i] : "");
}

void
savefile_free(struct savefile *sf)
{
	scenario_free(&sf->sc);
	free_lists(sf);
	ydoc_free(&sf->doc);
}
