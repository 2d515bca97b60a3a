/* test-yaml.c: the YAML layer: positions, limits, refusals and typed reading.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <fcntl.h>
#include <unistd.h>

#include "testutil.h"
#include "yaml-load.h"

struct loaded {
	struct diag_list dl;
	struct ydoc doc;
	bool ok;
};

static void
load(struct loaded *l, const char *text, size_t len, const struct ylimits *lim)
{
	diag_list_init(&l->dl, 20);
	l->ok = ydoc_load_string(&l->doc, "t.yaml", text, len, lim ? lim : &ylimits_card, &l->dl);
}

static void
unload(struct loaded *l)
{
	ydoc_free(&l->doc);
	diag_list_free(&l->dl);
}

#define LOAD(l, s) load(l, s, sizeof(s) - 1, NULL)

/* Load `text` and expect exactly the diagnostics `want`. */
static void
expect_rejected(const char *text, size_t len, const struct ylimits *lim, const char *want)
{
	struct loaded l;

	load(&l, text, len, lim);
	assert_false(l.ok);
	assert_null(l.doc.root);
	assert_diag_text(&l.dl, want);
	unload(&l);
}

#define REJECT(s, want) expect_rejected(s, sizeof(s) - 1, NULL, want)

static void
test_tree_and_positions(void **state)
{
	struct loaded l;
	const struct ynode *terrain, *forest;

	(void)state;
	LOAD(&l, "id: x\nterrain:\n  - forest\n  - \"hill\"\n");
	assert_true(l.ok);
	assert_int_equal(l.doc.root->kind, YNODE_MAPPING);
	assert_int_equal(l.doc.root->count, 2);
	terrain = ymap_find(l.doc.root, "terrain");
	assert_non_null(terrain);
	assert_int_equal(terrain->kind, YNODE_SEQUENCE);
	assert_int_equal(terrain->count, 2);
	forest = terrain->items[0];
	assert_string_equal(forest->text, "forest");
	assert_int_equal(forest->line, 3);
	assert_int_equal(forest->col, 5);
	assert_true(forest->plain);
	assert_false(terrain->items[1]->plain);
	assert_int_equal(ymap_find_key(l.doc.root, "terrain")->line, 2);
	assert_null(ymap_find(l.doc.root, "nope"));
	unload(&l);
}

static void
test_duplicate_keys(void **state)
{
	(void)state;
	REJECT("a: 1\nb: 2\na: 3\n",
	       "t.yaml:3:1: error: duplicate key 'a' (first given at line 1); keep only one\n"
	       "a: 3\n^\n");
}

static void
test_anchor_alias_tag(void **state)
{
	(void)state;
	REJECT("a: &x [1]\nb: *x\n",
	       "t.yaml:1:4: error: anchors (&x) are not allowed in a hexaid file; write each "
	       "value out in full\na: &x [1]\n   ^\n");
	REJECT("b: *x\n", "t.yaml:1:4: error: aliases (*x) are not allowed in a hexaid file; "
	                  "write each value out in full\nb: *x\n   ^\n");
	REJECT("a: !!binary aGk=\n",
	       "t.yaml:1:4: error: tags (tag:yaml.org,2002:binary) are not allowed in a hexaid "
	       "file\na: !!binary aGk=\n   ^\n");
}

static char *
nested(size_t depth)
{
	char *s = malloc(2 * depth + 2);

	memset(s, '[', depth);
	memset(s + depth, ']', depth);
	s[2 * depth] = '\n';
	s[2 * depth + 1] = '\0';
	return s;
}

static void
test_depth_limit(void **state)
{
	struct loaded l;
	char *ok64 = nested(64), *bad65 = nested(65);

	(void)state;
	load(&l, ok64, strlen(ok64), NULL);
	assert_true(l.ok);
	unload(&l);
	load(&l, bad65, strlen(bad65), NULL);
	assert_false(l.ok);
	assert_int_equal(l.dl.count, 1);
	assert_int_equal(l.dl.items[0].line, 1);
	assert_int_equal(l.dl.items[0].col, 65);
	assert_string_equal(l.dl.items[0].message,
	                    "nesting deeper than 64 levels is not allowed in a hexaid file");
	unload(&l);
	free(ok64);
	free(bad65);
}

static void
test_count_and_size_limits(void **state)
{
	static const struct ylimits tiny = { "test file", 64, 4, 5, 4 };

	(void)state;
	expect_rejected("[1, 2, 3, 4]", 12, &tiny,
	                "t.yaml:1:11: error: too many values: a test file may hold at most 4\n"
	                "[1, 2, 3, 4]\n          ^\n");
	expect_rejected("[abcdef]", 8, &tiny,
	                "t.yaml:1:2: error: value is too long (6 bytes; at most 5 in a test file)\n"
	                "[abcdef]\n ^\n");
	expect_rejected("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]",
	                72, &tiny,
	                "t.yaml: error: file is too large (72 bytes; a test file may be at most 64)\n");
}

static void
test_encoding_refusals(void **state)
{
	(void)state;
	expect_rejected("a: 1\nb: x\0y\n", 11, NULL,
	                "t.yaml:2:5: error: NUL byte in the file; a hexaid file is plain text\n"
	                "b: x?y\n    ^\n");
	REJECT("a: ok\nb: caf\xe9\n",
	       "t.yaml:2:7: error: invalid UTF-8 byte 0xe9; save the file as UTF-8\n"
	       "b: caf?\n      ^\n");
	REJECT("\xff\xfe" "a\0:\0",
	       "t.yaml: error: file is in UTF-16 (it starts with a UTF-16 byte-order mark); "
	       "save it as UTF-8\n");
	REJECT("a: \xed\xa0\x80\n", /* a UTF-16 surrogate written as UTF-8 */
	       "t.yaml:1:4: error: invalid UTF-8 byte 0xed; save the file as UTF-8\n"
	       "a: ???\n   ^\n");
}

static void
test_utf8_bom_is_accepted(void **state)
{
	struct loaded l;

	(void)state;
	LOAD(&l, "\xef\xbb\xbfid: x\ntitle: y\n");
	assert_true(l.ok);
	assert_string_equal(ymap_find(l.doc.root, "id")->text, "x");
	assert_string_equal(ymap_find(l.doc.root, "title")->text, "y");
	assert_int_equal(ymap_find_key(l.doc.root, "id")->col, 1);
	unload(&l);
}

static void
test_empty_and_no_value(void **state)
{
	(void)state;
	expect_rejected("", 0, NULL, "t.yaml: error: file is empty\n");
	REJECT("# only a comment\n",
	       "t.yaml: error: file holds no YAML value (only comments?)\n");
	REJECT("a: 1\n---\nb: 2\n",
	       "t.yaml:2:1: error: a second YAML document ('---'); a hexaid file holds one\n"
	       "---\n^\n");
}

static void
test_syntax_error_with_context(void **state)
{
	(void)state;
	REJECT("a: 1\nb: [x, y\nc: 2\n",
	       "t.yaml:3:2: error: did not find expected ',' or ']'\nc: 2\n ^\n"
	       "t.yaml:2:4: note: while parsing a flow sequence started here\nb: [x, y\n   ^\n");
	REJECT("a:\n\t- b\n", "t.yaml:2:1: error: tab character; YAML indents with spaces only\n"
	                     "\t- b\n^\n");
}

static void
test_complex_key(void **state)
{
	(void)state;
	REJECT("? [a]\n: 1\n", "t.yaml:1:3: error: a key must be a plain word, not a list\n"
	                       "? [a]\n  ^\n");
}

/* ---- the tree's memory: many nodes, long values, blocks of their own ---------- */

/* A list of n numbers, one a line, after a key. */
static char *
long_list(size_t n)
{
	char *s = malloc(16 * n + 16);
	size_t len = (size_t)sprintf(s, "items:\n");

	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(s + len, "  - %zu\n", i);
	return s;
}

static void
test_many_nodes(void **state)
{
	char *text = long_list(30000);
	const struct ynode *items;
	struct loaded l;
	char want[24];

	(void)state;
	/* 30,000 values take many blocks: every node keeps its text and place */
	load(&l, text, strlen(text), NULL);
	assert_true(l.ok);
	items = ymap_find(l.doc.root, "items");
	assert_non_null(items);
	assert_int_equal(items->count, 30000);
	for (size_t i = 0; i < items->count; i++) {
		snprintf(want, sizeof want, "%zu", i);
		assert_string_equal(items->items[i]->text, want);
		assert_int_equal(items->items[i]->len, strlen(want));
		assert_int_equal(items->items[i]->line, (int)i + 2);
		assert_int_equal(items->items[i]->col, 5);
	}
	unload(&l);
	free(text);
}

static void
test_long_values(void **state)
{
	size_t big = 60000;
	char *text = malloc(2 * big + 100), *p = text;
	const struct ynode *n;
	struct loaded l;

	(void)state;
	/* a value too big for the block in use gets a block of its own; the small
	 * values around it are still cut from the blocks they were cut from */
	p += sprintf(p, "a: 1\nlong: ");
	memset(p, 'x', big);
	p += big;
	p += sprintf(p, "\nb: 2\nquoted: \"");
	memset(p, 'y', big);
	p += big;
	p += sprintf(p, "\"\nc: 3\n");
	load(&l, text, (size_t)(p - text), NULL);
	assert_true(l.ok);
	n = ymap_find(l.doc.root, "long");
	assert_int_equal(n->len, big);
	assert_int_equal(strlen(n->text), big);
	assert_true(n->text[0] == 'x' && n->text[big - 1] == 'x' && n->plain);
	n = ymap_find(l.doc.root, "quoted");
	assert_int_equal(n->len, big);
	assert_true(n->text[0] == 'y' && n->text[big - 1] == 'y' && !n->plain);
	assert_string_equal(ymap_find(l.doc.root, "a")->text, "1");
	assert_string_equal(ymap_find(l.doc.root, "b")->text, "2");
	assert_string_equal(ymap_find(l.doc.root, "c")->text, "3");
	assert_int_equal(ymap_find_key(l.doc.root, "c")->line, 5);
	unload(&l);
	free(text);
}

/* A value with a NUL in it ("\0" in quotes) is text up to the NUL, as C reads it. */
static void
test_nul_in_quotes(void **state)
{
	struct loaded l;

	(void)state;
	LOAD(&l, "a: \"x\\0y\"\n");
	assert_true(l.ok);
	assert_int_equal(ymap_find(l.doc.root, "a")->len, 3);
	assert_string_equal(ymap_find(l.doc.root, "a")->text, "x");
	unload(&l);
	/* keys are compared as C reads them, so these two are the same key */
	REJECT("\"k\\0a\": 1\n\"k\\0b\": 2\n",
	       "t.yaml:2:1: error: duplicate key 'k' (first given at line 1); keep only one\n"
	       "\"k\\0b\": 2\n^\n");
}

/* A large mapping is searched for duplicates by hashing its keys; what is
 * reported, and in which order, is as for a small one: by key, then place. */
static void
test_duplicate_keys_large(void **state)
{
	(void)state;
	REJECT("k0: 0\nk1: 1\nk2: 2\nk3: 3\nk4: 4\nk5: 5\nk6: 6\nk7: 7\nk8: 8\nk9: 9\n"
	       "k5: again\nk1: again\nk5: thrice\n",
	       "t.yaml:12:1: error: duplicate key 'k1' (first given at line 2); keep only one\n"
	       "k1: again\n^\n"
	       "t.yaml:11:1: error: duplicate key 'k5' (first given at line 6); keep only one\n"
	       "k5: again\n^\n"
	       "t.yaml:13:1: error: duplicate key 'k5' (first given at line 6); keep only one\n"
	       "k5: thrice\n^\n");
	/* nested: each mapping on its own */
	REJECT("a: { x: 1, y: 2 }\nb: { x: 1, x: 2 }\n",
	       "t.yaml:2:12: error: duplicate key 'x' (first given at line 2); keep only one\n"
	       "b: { x: 1, x: 2 }\n           ^\n");
}

/* Bytes that are not plain ASCII found wherever they stand, eight at a time or not. */
static void
test_encoding_positions(void **state)
{
	char text[200];

	(void)state;
	for (size_t at = 30; at < 120; at += 7) {
		char want[200];

		memset(text, 'a', sizeof text);
		memcpy(text, "k: ", 3);
		text[at] = '\xe9';
		text[150] = '\n';
		snprintf(want, sizeof want, "t.yaml:1:%zu: error: invalid UTF-8 byte 0xe9; save the "
		         "file as UTF-8\n", at + 1);
		{
			struct loaded l;
			char *got;

			load(&l, text, 151, NULL);
			assert_false(l.ok);
			got = diag_text(&l.dl);
			assert_memory_equal(got, want, strlen(want));
			free(got);
			unload(&l);
		}
	}
	/* valid UTF-8 among ASCII is read, whatever its place */
	{
		struct loaded l;
		LOAD(&l, "title: Gefechtsfeld der Schlacht bei Großgörschen, Lützen und Bautzen\n");
		assert_true(l.ok);
		assert_string_equal(ymap_find(l.doc.root, "title")->text,
		                    "Gefechtsfeld der Schlacht bei Großgörschen, Lützen und Bautzen");
		unload(&l);
	}
}

/* Control characters in text found at any place, within eight bytes read at once
 * or across them (C2 80 split over two). */
static void
test_controls_anywhere(void **state)
{
	static const char *const bad[] = {
		"a: \"abcdefgh\\eijklmnop\"\n",
		"a: \"abcdefghijklmno\\x7f\"\n",
		"a: \"\\x01bcdefghijklmnop\"\n",
		"a: \"abcdefg\\x80xyz\"\n",
		"a: \"abcdef\\x9fxyzw\"\n",
	};
	static const char *const good[] = {
		"a: \"abcdefgh\\nijklmnop\\tq\"\n",
		"a: abcdefg\xc2\xa0xyz and more text than eight bytes\n",
		"a: ~!@#$%^&*()_+{}|:<>?`-=[]\\;',./ 0123456789\n",
	};
	const char *s;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct loaded l;
		load(&l, bad[i], strlen(bad[i]), NULL);
		assert_true(l.ok);
		assert_false(ystring(&l.doc, ymap_find(l.doc.root, "a"), &s));
		assert_int_equal(l.dl.count, 1);
		unload(&l);
	}
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		struct loaded l;
		load(&l, good[i], strlen(good[i]), NULL);
		assert_true(l.ok);
		assert_true(ystring(&l.doc, ymap_find(l.doc.root, "a"), &s));
		unload(&l);
	}
	/* each byte below 0x20 and DEL at every place of a 16-byte text: newline
	 * and tab are text, the others controls */
	for (int at = 0; at < 16; at++) {
		for (int c = 1; c < 0x80; c = c == 0x1f ? 0x7f : c + 1) {
			char text[64];
			struct loaded l;

			snprintf(text, sizeof text, "a: \"%.*s\\x%02x%.*s\"\n", at, "xxxxxxxxxxxxxxxx", c,
			         15 - at, "yyyyyyyyyyyyyyyy");
			load(&l, text, strlen(text), NULL);
			assert_true(l.ok);
			assert_int_equal(ystring(&l.doc, ymap_find(l.doc.root, "a"), &s),
			                 c == '\n' || c == '\t');
			unload(&l);
		}
	}
}

/* A save's texts are allocations of their own: a reader may take one, or free
 * one, and the tree lets go of the rest (savefile.c takes its lists so). */
static void
test_save_texts_taken(void **state)
{
	static const char text[] = "kind: save\nlist: [one, \"t\\0wo\", three]\nblock: |\n  a\n  b\n";
	struct ynode *list, *block;
	char *taken;
	struct loaded l;

	(void)state;
	load(&l, text, sizeof text - 1, &ylimits_save);
	assert_true(l.ok);
	list = l.doc.root->items[1];
	block = l.doc.root->items[2];
	assert_ptr_equal(list, ymap_find(l.doc.root, "list"));
	assert_ptr_equal(block, ymap_find(l.doc.root, "block"));
	assert_int_equal(list->items[1]->len, 4);
	assert_memory_equal(list->items[1]->text, "t\0wo", 5);
	taken = list->items[0]->text;
	list->items[0]->text = NULL;
	free(block->text);
	block->text = NULL;
	unload(&l);
	assert_string_equal(taken, "one");
	free(taken);
	/* and a save that fails after some texts were made lets them go */
	expect_rejected("kind: save\nlist: [one, two\n", 26, &ylimits_save,
	                "t.yaml:3:1: error: did not find expected ',' or ']'\n"
	                "t.yaml:2:7: note: while parsing a flow sequence started here\n"
	                "list: [one, two\n      ^\n");
}

/* ---- a file read as far as a key, then on ------------------------------------- */

/* Write text to a new file; its path is the caller's to unlink and free. */
static char *
temp_file(const char *text, size_t len)
{
	char *path = strdup("/tmp/hexaid-test-yaml-XXXXXX");
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
	return path;
}

/* Two trees are the same: kinds, texts, places, children. */
static void
assert_same_tree(const struct ynode *a, const struct ynode *b)
{
	assert_int_equal(a->kind, b->kind);
	assert_int_equal(a->line, b->line);
	assert_int_equal(a->col, b->col);
	assert_int_equal(a->count, b->count);
	if (a->kind == YNODE_SCALAR) {
		assert_int_equal(a->len, b->len);
		assert_memory_equal(a->text, b->text, a->len + 1);
		assert_int_equal(a->plain, b->plain);
		return;
	}
	for (size_t i = 0; i < a->count; i++) {
		if (a->kind == YNODE_MAPPING)
			assert_same_tree(a->keys[i], b->keys[i]);
		assert_same_tree(a->items[i], b->items[i]);
	}
}

/* Read a file as far as `kind`, check what the tree holds then, read on, and
 * compare the tree and the diagnostics with those of reading it whole. */
static void
expect_rest_as_whole(const char *text, const struct ylimits *lim, size_t before, bool ok)
{
	char *path = temp_file(text, strlen(text)), *split, *whole;
	struct diag_list dl1, dl2;
	struct ydoc part, all;

	diag_list_init(&dl1, 20);
	diag_list_init(&dl2, 20);
	assert_true(ydoc_load_file_until(&part, path, lim, "kind", &dl1));
	assert_int_equal(part.root->count, before);
	assert_int_equal(ydoc_load_rest(&part), ok);
	assert_int_equal(ydoc_load_file(&all, path, lim, &dl2), ok);
	if (ok)
		assert_same_tree(part.root, all.root);
	else
		assert_true(part.root == NULL && all.root == NULL);
	split = diag_text(&dl1);
	whole = diag_text(&dl2);
	assert_string_equal(split, whole);
	free(split);
	free(whole);
	/* once read whole, reading on is done at once */
	assert_int_equal(ydoc_load_rest(&part), ok);
	ydoc_free(&part);
	ydoc_free(&all);
	diag_list_free(&dl1);
	diag_list_free(&dl2);
	unlink(path);
	free(path);
}

static void
test_until_then_rest(void **state)
{
	static const struct ylimits five = { "test file", 1000, 8, 100, 5 };
	char *text = long_list(3000);

	(void)state;
	expect_rest_as_whole("# a card\nkind: card\nschema: 1\nterrain:\n  open: { glyph: \".\" }\n"
	                     "list: [a, \"b\", 'c']\n",
	                     &ylimits_card, 1, true);
	expect_rest_as_whole("id: x\ntitle: y\nkind: card\nz: 1\n", &ylimits_card, 3, true);
	/* no `kind:`: the file was read whole */
	expect_rest_as_whole("id: x\ntitle: y\n", &ylimits_card, 2, true);
	/* what is found after the key is reported as when the file is read whole */
	expect_rest_as_whole("kind: card\na: 1\nb: [x, y\nc: 2\n", &ylimits_card, 1, false);
	expect_rest_as_whole("kind: card\na: 1\nkind: save\na: 2\n", &ylimits_card, 1, false);
	expect_rest_as_whole("kind: card\na: *x\n", &ylimits_card, 1, false);
	/* the limits count the whole file: 1 mapping and 5 values is one too many */
	expect_rest_as_whole("kind: a\nb: 1\nc: 2\n", &five, 1, false);
	/* many values after the key */
	{
		char *with_kind = malloc(strlen(text) + 16);
		sprintf(with_kind, "kind: card\n%s", text);
		expect_rest_as_whole(with_kind, &ylimits_card, 1, true);
		free(with_kind);
	}
	free(text);
}

static void
test_until_failed_or_dropped(void **state)
{
	char *path = temp_file("kind: [card\n", 12), *ok = temp_file("kind: card\na: 1\n", 16);
	struct diag_list dl;
	struct ydoc doc;

	(void)state;
	diag_list_init(&dl, 20);
	/* a file that cannot be read as far as its key: nothing to read on */
	assert_false(ydoc_load_file_until(&doc, path, &ylimits_card, "kind", &dl));
	assert_null(doc.root);
	assert_false(ydoc_load_rest(&doc));
	ydoc_free(&doc);
	/* a file read as far as its key and let go of there (hexfile_kind) */
	assert_true(ydoc_load_file_until(&doc, ok, &ylimits_card, "kind", &dl));
	assert_int_equal(doc.root->count, 1);
	ydoc_free(&doc);
	assert_int_equal(diag_error_count(&dl), 1);
	diag_list_free(&dl);
	unlink(path);
	unlink(ok);
	free(path);
	free(ok);
}

static void
test_typed_reading(void **state)
{
	struct loaded l;
	static const char *const sides[] = { "allies", "central" };
	const char *s;
	long n;
	bool b;
	int e;

	(void)state;
	LOAD(&l, "n: 42\nneg: -3\nbig: 99999999999999999999\nq: \"7\"\nt: true\ny: yes\n"
	         "side: alies\nother: axis\nid: great-war\nbad: Great War\nempty:\nlist: [1]\n");
	assert_true(l.ok);
	assert_true(yint(&l.doc, ymap_find(l.doc.root, "n"), 0, 100, &n));
	assert_int_equal(n, 42);
	assert_true(yint(&l.doc, ymap_find(l.doc.root, "neg"), -5, 5, &n));
	assert_int_equal(n, -3);
	assert_false(yint(&l.doc, ymap_find(l.doc.root, "n"), 0, 10, &n));
	assert_false(yint(&l.doc, ymap_find(l.doc.root, "big"), 0, 10, &n));
	assert_false(yint(&l.doc, ymap_find(l.doc.root, "q"), 0, 10, &n));
	assert_true(ybool(&l.doc, ymap_find(l.doc.root, "t"), &b));
	assert_true(b);
	assert_false(ybool(&l.doc, ymap_find(l.doc.root, "y"), &b));
	assert_false(yenum(&l.doc, ymap_find(l.doc.root, "side"), sides, 2, "side", &e));
	assert_false(yenum(&l.doc, ymap_find(l.doc.root, "other"), sides, 2, "side", &e));
	assert_true(yid(&l.doc, ymap_find(l.doc.root, "id"), &s));
	assert_string_equal(s, "great-war");
	assert_false(yid(&l.doc, ymap_find(l.doc.root, "bad"), &s));
	assert_false(ystring(&l.doc, ymap_find(l.doc.root, "empty"), &s));
	assert_false(ystring(&l.doc, ymap_find(l.doc.root, "list"), &s));
	assert_diag_text(&l.dl,
	                 "t.yaml:1:4: error: 42 is out of range (0 to 10)\nn: 42\n   ^\n"
	                 "t.yaml:3:6: error: 99999999999999999999 is out of range (0 to 10)\n"
	                 "big: 99999999999999999999\n     ^\n"
	                 "t.yaml:4:4: error: expected a whole number, found '7'\nq: \"7\"\n   ^\n"
	                 "t.yaml:6:4: error: expected true or false, found 'yes'\ny: yes\n   ^\n"
	                 "t.yaml:7:7: error: unknown side 'alies'; did you mean 'allies'?\n"
	                 "side: alies\n      ^\n"
	                 "t.yaml:8:8: error: unknown side 'axis'; expected allies or central\n"
	                 "other: axis\n       ^\n"
	                 "t.yaml:10:6: error: 'Great War' is not an id: use lower-case letters, "
	                 "digits, '_' and '-'\nbad: Great War\n     ^\n"
	                 "t.yaml:11:7: error: expected text, found nothing\nempty:\n      ^\n"
	                 "t.yaml:12:7: error: expected text, found a list\nlist: [1]\n      ^\n");
	unload(&l);
}

struct record {
	long size;
	int reads;
};

static bool
read_size(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct record *r = rd->obj;

	r->reads++;
	return yint(doc, n, 1, 9, &r->size);
}

static const struct yfield record_fields[] = {
	{ "size", READ_BY(read_size), .required = true },
	{ "protection", READ_BY(NULL) },
	{ "name", READ_BY(NULL), .required = true },
};

static void
test_map_read(void **state)
{
	static const struct ytable table = YTABLE("terrain entry", record_fields);
	struct loaded l;
	struct record r = { 0, 0 };

	(void)state;
	LOAD(&l, "size: 3\nprotecton: 2\nweather: rain\n");
	assert_true(l.ok);
	assert_false(ymap_read(&l.doc, l.doc.root, &table, &r, NULL));
	assert_int_equal(r.size, 3);
	assert_int_equal(r.reads, 1);
	assert_diag_text(&l.dl,
	                 "t.yaml:2:1: error: unknown key 'protecton' in terrain entry; did you mean "
	                 "'protection'?\nprotecton: 2\n^\n"
	                 "t.yaml:3:1: error: unknown key 'weather' in terrain entry; known keys are "
	                 "size, protection or name\nweather: rain\n^\n"
	                 "t.yaml:1:1: error: terrain entry has no 'name'; add a line 'name: ...'\n"
	                 "size: 3\n^\n");
	unload(&l);
}

/* The other two ways a table reports an unknown key. */
static void
test_map_read_unknown_styles(void **state)
{
	static const struct ytable nearest =
		YTABLE_UNKNOWN("scenario", record_fields, YUNKNOWN_NEAREST);
	static const struct ytable all = YTABLE_UNKNOWN("board", record_fields, YUNKNOWN_ALL);
	struct loaded l;
	struct record r = { 0, 0 };

	(void)state;
	LOAD(&l, "size: 3\nname: x\nprotecton: 2\nweather: rain\n");
	assert_false(ymap_read(&l.doc, l.doc.root, &nearest, &r, NULL));
	assert_false(ymap_read(&l.doc, l.doc.root, &all, &r, NULL));
	assert_diag_text(&l.dl,
	                 "t.yaml:3:1: error: unknown key 'protecton' in scenario; did you mean "
	                 "'protection'?\nprotecton: 2\n^\n"
	                 "t.yaml:4:1: error: unknown key 'weather' in scenario\nweather: rain\n^\n"
	                 "t.yaml:3:1: error: unknown key 'protecton' in board; known keys are "
	                 "size, protection and name\nprotecton: 2\n^\n"
	                 "t.yaml:4:1: error: unknown key 'weather' in board; known keys are "
	                 "size, protection and name\nweather: rain\n^\n");
	unload(&l);
}

/* Trees built one after another in the same pool: each as read alone, the
 * pool's blocks taken again (a failed read gives its blocks back too). */
static void
test_pool(void **state)
{
	char *big_text = long_list(20000), *big = temp_file(big_text, strlen(big_text));
	char *small = temp_file("kind: card\na: [1, 2]\nb: x\n", 25);
	char *bad = temp_file("kind: card\na: [1, 2\n", 20);
	static const char *const order[] = { "big", "small", "bad", "big", "small", "big" };
	struct ypool pool = { NULL };
	struct diag_list dl;

	(void)state;
	diag_list_init(&dl, 20);
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
		const char *path = order[i][0] == 'b' ? (order[i][1] == 'i' ? big : bad) : small;
		struct ydoc pooled, alone;
		bool ok = ydoc_load_file_pooled(&pooled, path, &ylimits_card, NULL, &pool, &dl);

		assert_int_equal(ydoc_load_file(&alone, path, &ylimits_card, &dl), ok);
		assert_int_equal(ok, path != bad);
		if (ok)
			assert_same_tree(pooled.root, alone.root);
		ydoc_free(&alone);
		ydoc_free(&pooled);
		/* what the tree was in is kept for the next one */
		if (ok)
			assert_non_null(pool.blocks);
	}
	/* read as far as a key, then on, in the pool */
	{
		struct ydoc doc;
		assert_true(ydoc_load_file_pooled(&doc, small, &ylimits_card, "kind", &pool, &dl));
		assert_int_equal(doc.root->count, 1);
		assert_true(ydoc_load_rest(&doc));
		assert_int_equal(doc.root->count, 3);
		ydoc_free(&doc);
	}
	ypool_free(&pool);
	assert_null(pool.blocks);
	diag_list_free(&dl);
	unlink(big);
	unlink(small);
	unlink(bad);
	free(big);
	free(small);
	free(bad);
	free(big_text);
}

/* ---- tables: rows found by key, required rows, many keys ----------------------- */

struct seen {
	int args[400];
	int n;
};

static bool
read_seen(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct seen *seen = rd->obj;

	(void)doc;
	(void)n;
	seen->args[seen->n++] = rd->field->arg;
	return true;
}

/* A table of 300 rows (k0 to k299, every 50th required) and a mapping of 40 of
 * them, in another order, with an unknown key among them. */
static void
test_map_read_many_rows(void **state)
{
	static char keys[300][8];
	struct yfield rows[300];
	struct ytable table = { "big table", rows, 300, YUNKNOWN_NEAREST };
	struct seen seen = { .n = 0 };
	char text[1024], *p = text;
	struct loaded l;
	char *got;

	(void)state;
	for (int i = 0; i < 300; i++) {
		snprintf(keys[i], sizeof keys[i], "k%d", i);
		rows[i] = (struct yfield){ keys[i], READ_BY(read_seen), .arg = i,
		                           .required = i % 50 == 0 };
	}
	for (int i = 39; i >= 0; i--)
		p += sprintf(p, "k%d: x\n", i * 7);
	p += sprintf(p, "weather: x\n");
	load(&l, text, (size_t)(p - text), NULL);
	assert_true(l.ok);
	assert_false(ymap_read(&l.doc, l.doc.root, &table, &seen, NULL));
	/* read in the file's order; of the required rows (every 50th), only k0 is
	 * given (the keys given are multiples of 7, up to 273) */
	assert_int_equal(seen.n, 40);
	for (int i = 0; i < 40; i++)
		assert_int_equal(seen.args[i], (39 - i) * 7);
	got = diag_text(&l.dl);
	assert_non_null(strstr(got, "t.yaml:41:1: error: unknown key 'weather' in big table\n"));
	for (int r = 50; r < 300; r += 50) {
		char want[96];
		snprintf(want, sizeof want, "error: big table has no 'k%d'; add a line 'k%d: ...'", r,
		         r);
		assert_non_null(strstr(got, want));
	}
	assert_null(strstr(got, "no 'k0'"));
	assert_int_equal(l.dl.count, 6);
	free(got);
	/* read again with the same table: the same */
	seen.n = 0;
	assert_false(ymap_read(&l.doc, l.doc.root, &table, &seen, NULL));
	assert_int_equal(seen.n, 40);
	assert_int_equal(l.dl.count, 12);
	unload(&l);
}

/* A key given twice in a table is read by its first row; a required row that
 * shares its key with a row given is given. */
static void
test_map_read_same_key_rows(void **state)
{
	static const struct yfield rows[] = {
		{ "b", READ_BY(read_seen), .arg = 1 },
		{ "a", READ_BY(read_seen), .arg = 2 },
		{ "a", READ_BY(read_seen), .arg = 3, .required = true },
		{ "c", READ_BY(read_seen), .arg = 4, .required = true },
	};
	static const struct ytable table = YTABLE("twice", rows);
	struct seen seen = { .n = 0 };
	struct loaded l;

	(void)state;
	LOAD(&l, "a: 1\nb: 2\n");
	assert_false(ymap_read(&l.doc, l.doc.root, &table, &seen, NULL));
	assert_int_equal(seen.n, 2);
	assert_int_equal(seen.args[0], 2);
	assert_int_equal(seen.args[1], 1);
	assert_diag_text(&l.dl, "t.yaml:1:1: error: twice has no 'c'; add a line 'c: ...'\n"
	                        "a: 1\n^\n");
	unload(&l);
}

/* A struct read by typed rows alone. */
struct sample {
	char *title, *id;
	int count;
	long big;
	bool flag;
	enum { SAMPLE_RED, SAMPLE_GREEN } colour;
	int order[4], nread;
};

static const char *const sample_colours[] = { "red", "green" };
static int sample_ctx; /* what read_in_order expects as the table's context */

/* Records the value of `a` or `b` (the row's arg) in the order read. */
static bool
read_in_order(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sample *s = rd->obj;

	(void)doc;
	(void)n;
	assert_ptr_equal(rd->ctx, &sample_ctx);
	assert_string_equal(rd->key->text, rd->field->key);
	s->order[s->nread++] = rd->field->arg;
	return true;
}

static const struct yfield sample_fields[] = {
	{ "title", AS_TEXT(struct sample, title) },
	{ "id", AS_ID(struct sample, id) },
	{ "count", AS_INT(struct sample, count, 1, 9) },
	{ "big", AS_LONG(struct sample, big, 0, 100000) },
	{ "flag", AS_BOOL(struct sample, flag) },
	{ "colour", AS_ENUM(struct sample, colour, sample_colours, 2, "colour") },
	{ "note", AS_COMMENT },
	{ "late", READ_BY(read_in_order), .arg = 1, .pass = 1 },
	{ "early", READ_BY(read_in_order), .arg = 2 },
};

static void
test_typed_rows(void **state)
{
	static const struct ytable table = YTABLE("sample", sample_fields);
	struct sample s = { .title = NULL };
	struct loaded l;

	(void)state;
	LOAD(&l, "late: x\ntitle: A title\nid: an_id\ncount: 7\nbig: 12345\nflag: true\n"
	         "colour: green\nnote: for people\nearly: y\n");
	assert_true(ymap_read(&l.doc, l.doc.root, &table, &s, &sample_ctx));
	assert_string_equal(s.title, "A title");
	assert_string_equal(s.id, "an_id");
	assert_int_equal(s.count, 7);
	assert_int_equal(s.big, 12345);
	assert_true(s.flag);
	assert_int_equal(s.colour, SAMPLE_GREEN);
	/* `late` stands first in the file but is read in the second pass */
	assert_int_equal(s.nread, 2);
	assert_int_equal(s.order[0], 2);
	assert_int_equal(s.order[1], 1);
	assert_int_equal(l.dl.count, 0);
	unload(&l);

	/* a value given again replaces the one before; wrong values are reported */
	LOAD(&l, "title: Another\nid: Not An Id\ncount: 10\nflag: yes\ncolour: blue\n"
	         "note: [1]\n");
	assert_false(ymap_read(&l.doc, l.doc.root, &table, &s, &sample_ctx));
	assert_string_equal(s.title, "Another");
	assert_string_equal(s.id, "an_id");
	assert_int_equal(s.count, 7);
	assert_true(s.flag);
	assert_int_equal(s.colour, SAMPLE_GREEN);
	assert_diag_text(&l.dl,
	                 "t.yaml:2:5: error: 'Not An Id' is not an id: use lower-case letters, "
	                 "digits, '_' and '-'\nid: Not An Id\n    ^\n"
	                 "t.yaml:3:8: error: 10 is out of range (1 to 9)\ncount: 10\n       ^\n"
	                 "t.yaml:4:7: error: expected true or false, found 'yes'\nflag: yes\n"
	                 "      ^\n"
	                 "t.yaml:5:9: error: unknown colour 'blue'; expected red or green\n"
	                 "colour: blue\n        ^\n"
	                 "t.yaml:6:7: error: expected text, found a list\nnote: [1]\n      ^\n");
	unload(&l);
	free(s.title);
	free(s.id);
}

static void
test_schema(void **state)
{
	struct loaded l;
	long v = 0;

	(void)state;
	LOAD(&l, "a: 1\nb: 2\n");
	assert_true(yschema(&l.doc, ymap_find(l.doc.root, "a"), 1, &v));
	assert_int_equal(v, 1);
	assert_false(yschema(&l.doc, ymap_find(l.doc.root, "b"), 1, &v));
	assert_diag_text(&l.dl, "t.yaml:2:4: error: schema 2 is newer than this hexaid reads (1); "
	                        "upgrade hexaid\nb: 2\n   ^\n");
	unload(&l);
}

static void
test_files(void **state)
{
	struct diag_list dl;
	struct ydoc doc;
	char path[] = "/tmp/hexaid-test-yaml-XXXXXX";
	int fd;

	(void)state;
	diag_list_init(&dl, 20);
	assert_false(ydoc_load_file(&doc, "/nonexistent/x.yaml", &ylimits_card, &dl));
	ydoc_free(&doc);
	assert_false(ydoc_load_file(&doc, "/dev/null", &ylimits_card, &dl));
	ydoc_free(&doc);
	assert_diag_text(&dl, "/nonexistent/x.yaml: error: cannot open: No such file or directory\n"
	                      "/dev/null: error: not a regular file\n");
	diag_list_free(&dl);

	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "k: v\n", 5), 5);
	close(fd);
	diag_list_init(&dl, 20);
	assert_true(ydoc_load_file(&doc, path, &ylimits_card, &dl));
	assert_string_equal(ymap_find(doc.root, "k")->text, "v");
	assert_string_equal(doc.name, path);
	ydoc_free(&doc);
	diag_list_free(&dl);
	unlink(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree_and_positions),
		cmocka_unit_test(test_duplicate_keys),
		cmocka_unit_test(test_anchor_alias_tag),
		cmocka_unit_test(test_depth_limit),
		cmocka_unit_test(test_count_and_size_limits),
		cmocka_unit_test(test_encoding_refusals),
		cmocka_unit_test(test_utf8_bom_is_accepted),
		cmocka_unit_test(test_empty_and_no_value),
		cmocka_unit_test(test_syntax_error_with_context),
		cmocka_unit_test(test_complex_key),
		cmocka_unit_test(test_many_nodes),
		cmocka_unit_test(test_long_values),
		cmocka_unit_test(test_nul_in_quotes),
		cmocka_unit_test(test_duplicate_keys_large),
		cmocka_unit_test(test_encoding_positions),
		cmocka_unit_test(test_controls_anywhere),
		cmocka_unit_test(test_save_texts_taken),
		cmocka_unit_test(test_until_then_rest),
		cmocka_unit_test(test_until_failed_or_dropped),
		cmocka_unit_test(test_pool),
		cmocka_unit_test(test_typed_reading),
		cmocka_unit_test(test_map_read),
		cmocka_unit_test(test_map_read_unknown_styles),
		cmocka_unit_test(test_map_read_many_rows),
		cmocka_unit_test(test_map_read_same_key_rows),
		cmocka_unit_test(test_typed_rows),
		cmocka_unit_test(test_schema),
		cmocka_unit_test(test_files),
	};
	return RUN_TESTS("yaml", tests);
}
