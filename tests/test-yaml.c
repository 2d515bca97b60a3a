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
		cmocka_unit_test(test_typed_reading),
		cmocka_unit_test(test_map_read),
		cmocka_unit_test(test_map_read_unknown_styles),
		cmocka_unit_test(test_typed_rows),
		cmocka_unit_test(test_schema),
		cmocka_unit_test(test_files),
	};
	return RUN_TESTS("yaml", tests);
}
