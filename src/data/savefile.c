/* savefile.c: reads the YAML of a saved game: checks its keys and schema, reads
 * its three lists and loads the scenario text it holds (data layer). A list is a
 * sequence of texts, or (schema 2) a literal block of one item a line, split
 * here without a node for each item. The parsed file is let go as soon as it is
 * read: the lists take the texts the tree holds, and what a message about a
 * command needs later is kept apart (commands_at). Replaying the commands is the
 * engine's (load.c).
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

/* The items of a text of lines: each line ends with a line break, but the last
 * may not. */
static size_t
count_lines(const char *text, size_t len)
{
	size_t n = 0;

	for (const char *p = text, *end = text + len; p < end; n++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	return n;
}

/* Check a list and count its items: a sequence of texts, or (from schema 2) a
 * text that is not plain, one item a line. */
static bool
check_list(struct ydoc *doc, struct list_found *l, long schema)
{
	const struct ynode *n = l->value;
	const char *s;

	l->count = 0;
	if (n == NULL)
		return true;
	if (schema >= 2 && n->kind == YNODE_SCALAR) {
		if (n->plain)
			return yerror(doc, n, "a list in a saved game is a list, or a literal block "
			                      "(|2+) of one item a line");
		if (!ystring(doc, n, &s))
			return false;
		l->count = count_lines(n->text, n->len);
		return true;
	}
	if (!yis_sequence(doc, n, "this list"))
		return false;
	for (size_t i = 0; i < n->count; i++)
		if (!ystring(doc, n->items[i], &s))
			return false;
	l->count = n->count;
	return true;
}

/* The items of a checked list, taken from the tree: a sequence's texts as they
 * are, a block's lines in the block, which the list takes. */
static void
take_list(struct list_found *l, struct strlist *out)
{
	struct ynode *n = l->value;

	if (l->count == 0)
		return;
	/* room to grow: a game opened adds to its lists at once (the log a line or
	 * more each change), and a list read exactly full would copy itself whole
	 * on its first change (a 161k-line log: 0.8 ms); with a quarter more, that
	 * copy is tens of thousands of changes away, and from there the list
	 * grows geometrically (xgrow), a copy amortised over as many changes */
	out->cap = l->count + l->count / 4 + 8;
	out->items = xreallocarray(NULL, out->cap, sizeof *out->items);
	if (n->kind == YNODE_SEQUENCE) {
		for (size_t i = 0; i < n->count; i++) {
			out->items[out->count++] = n->items[i]->text;
			n->items[i]->text = NULL;
		}
		return;
	}
	strlist_add_lines(out, n->text, n->len);
	n->text = NULL;
	n->len = 0;
}

/* ---- where the commands stand ------------------------------------------------- */

/* The first byte of line `line` (1-based) of the text, or NULL. */
static const char *
line_start(const struct ydoc *doc, int line)
{
	const char *p = doc->text, *end = doc->text + doc->len;

	for (int n = 1; n < line; n++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			return NULL;
		p = nl + 1;
	}
	return p;
}

/* The byte where the character in column `col` (1-based) of the line at p starts. */
static const char *
column_start(const char *p, const char *end, int col)
{
	for (int c = 1; p < end && *p != '\n'; p++)
		if (((unsigned char)*p & 0xC0) != 0x80 && c++ == col)
			return p;
	return NULL;
}

/* The indentation of a literal block's lines, as YAML finds it: the
 * indentation indicator added to the key's indentation, or without one the
 * spaces before the first line that holds more than spaces (at least one more
 * than the key's). -1 when the value is not a literal block. */
static int
block_indent(const struct ydoc *doc, const struct ynode *key, const struct ynode *value)
{
	const char *end = doc->text + doc->len, *line = line_start(doc, value->line);
	const char *p = line ? column_start(line, end, value->col) : NULL;
	int parent = key->col - 1, most = 0;

	if (p == NULL || *p != '|')
		return -1;
	for (p++; p < end && (*p == '+' || *p == '-' || (*p >= '1' && *p <= '9')); p++)
		if (*p >= '1' && *p <= '9')
			return parent + (*p - '0');
	p = memchr(p, '\n', (size_t)(end - p));
	while (p != NULL && ++p < end) {
		int spaces = 0;
		for (; p < end && *p == ' '; p++)
			spaces++;
		most = spaces > most ? spaces : most;
		if (p == end || (*p != '\n' && *p != '\r'))
			break;
		p = memchr(p, '\n', (size_t)(end - p));
	}
	return most > parent + 1 ? most : parent + 1;
}

/* Keep where the commands stand, for savefile_replay_failed. */
static void
keep_commands_at(struct savefile *sf, const struct ydoc *doc, const struct list_found *l)
{
	struct savefile_commands_at *at = &sf->commands_at;
	const struct ynode *n = l->value;

	at->file = xstrdup(doc->name);
	at->diags = doc->diags;
	at->block_indent = -1;
	if (n == NULL)
		return;
	at->list.line = n->line;
	at->list.col = n->col;
	if (n->kind == YNODE_SCALAR) {
		at->block_indent = block_indent(doc, l->key, n);
		return;
	}
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
check_save_keys(struct ydoc *doc, long *schema_out)
{
	static const char *const keys[] = { "kind", "schema", "scenario_file", "commands",
		                            "undone", "log", "scenario" };
	const struct ynode *schema = ymap_find(doc->root, "schema");
	long v;
	bool ok = true;

	for (size_t i = 0; i < doc->root->count; i++) {
		bool known = false;
		for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
			/* reader: save keys */
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
	*schema_out = v;
	return ok;
}

/* Find the three lists and check them; their items count as values of the save,
 * one each, whichever form they take. */
static bool
check_lists(struct ydoc *doc, long schema, struct list_found lists[NLISTS])
{
	size_t values = 0;

	for (int i = 0; i < NLISTS; i++) {
		lists[i].key = lists[i].value = NULL;
		for (size_t k = 0; k < doc->root->count; k++) {
			/* reader: save keys */
			if (strcmp(doc->root->keys[k]->text, list_keys[i]) == 0) {
				lists[i].key = doc->root->keys[k];
				lists[i].value = doc->root->items[k];
			}
		}
		if (!check_list(doc, &lists[i], schema))
			return false;
		values += lists[i].count;
		if (values > ylimits_save.max_nodes)
			return yerror(doc, lists[i].value, "too many values: a %s may hold at most %zu",
			              ylimits_save.kind, ylimits_save.max_nodes);
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
	long schema = 0;

	if (!parsed || !yis_mapping(doc, doc->root, "a saved game"))
		goto fail;
	kind = ymap_find(doc->root, "kind");
	/* reader: save values */
	if (kind == NULL || kind->kind != YNODE_SCALAR || strcmp(kind->text, "save") != 0) {
		yerror(doc, kind ? kind : doc->root, "this file is not a saved game ('kind: save')");
		goto fail;
	}
	file = ymap_find(doc->root, "scenario_file");
	text = ymap_find(doc->root, "scenario");
	if (!check_save_keys(doc, &schema) || file == NULL || text == NULL ||
	    file->kind != YNODE_SCALAR || text->kind != YNODE_SCALAR) {
		yerror(doc, doc->root, "a saved game gives scenario_file and scenario");
		goto fail;
	}
	if (!check_lists(doc, schema, lists))
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
savefile_read_doc(struct savefile *sf, struct ydoc *doc, const struct cardpath *cp,
                  struct diag_list *dl)
{
	char *path;
	bool ok;

	memset(sf, 0, sizeof *sf);
	if (doc->texts_apart)
		return read_doc(sf, doc, ydoc_load_rest(doc), cp, dl);
	/* not read as a save reads (its lists' texts are the tree's): read again */
	path = xstrdup(doc->name);
	ydoc_free(doc);
	ok = savefile_read(sf, path, cp, dl);
	free(path);
	return ok;
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
	char *quote = NULL;

	if (i < sf->commands.count && at->block_indent >= 0) {
		/* a line of a block is its indentation and the item: all there is to quote */
		int indent = command[0] != '\0' ? at->block_indent : 0;
		pos.line = at->list.line + 1 + (int)i;
		pos.col = indent + 1;
		quote = xasprintf("%*s%s", indent, "", command);
	} else if (i < sf->commands.count && at->items != NULL) {
		pos = at->items[i];
	}
	diag_add_quoting(at->diags, DIAG_ERROR, at->file, pos.line, pos.col, quote,
	                 "command %zu of this save no longer applies: %s", i + 1, command);
	free(quote);
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
