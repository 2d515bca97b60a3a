/* test-strutil.c: edit distance and the "did you mean" choice.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <limits.h>

#include "strutil.h"
#include "xmalloc.h"
#include "testutil.h"

static void
test_distance(void **state)
{
	(void)state;
	assert_int_equal(str_distance("kitten", "sitting"), 3);
	assert_int_equal(str_distance("", "abc"), 3);
	assert_int_equal(str_distance("same", "same"), 0);
	assert_int_equal(str_distance("protcetion", "protection"), 1); /* a swap is one */
}

static void
test_nearest(void **state)
{
	static const char *const keys[] = { "movement", "protection", "combat", "los" };

	(void)state;
	assert_string_equal(str_nearest("protecton", keys, 4), "protection");
	assert_string_equal(str_nearest("combta", keys, 4), "combat");
	assert_string_equal(str_nearest("lso", keys, 4), "los");
	assert_null(str_nearest("weather", keys, 4));
	assert_null(str_nearest("x", keys, 4));
	assert_null(str_nearest("anything", keys, 0));
}

static void
test_join_choices(void **state)
{
	static const char *const words[] = { "a", "b", "c" };
	char *s;

	(void)state;
	s = str_join_choices(words, 3);
	assert_string_equal(s, "a, b or c");
	free(s);
	s = str_join_choices(words, 1);
	assert_string_equal(s, "a");
	free(s);
}

static void
test_long(void **state)
{
	long v = 7;

	(void)state;
	assert_true(str_long("42", 0, 99, &v) && v == 42);
	assert_true(str_long("-3", -9, 9, &v) && v == -3);
	assert_true(str_long("+3", 0, 9, &v) && v == 3);
	v = 7;
	assert_false(str_long("", 0, 99, &v));
	assert_false(str_long(" 4", 0, 99, &v));
	assert_false(str_long("4x", 0, 99, &v));
	assert_false(str_long("-", -9, 9, &v));
	assert_false(str_long("100", 0, 99, &v));
	assert_false(str_long("99999999999999999999999", 0, 99, &v));
	assert_false(str_long(NULL, 0, 99, &v));
	assert_int_equal(v, 7); /* untouched when refused */
}

/* str_eq says what strcmp says of equality, for every pair of a few strings. */
static void
test_eq(void **state)
{
	static const char *const words[] = { "", "a", "b", "ab", "abc", "abd", "ba", "ab\0x",
	                                     "terrain", "terrains", "\xc3\xa9", "\xc3\xa8" };
	const size_t n = sizeof words / sizeof words[0];

	(void)state;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			assert_int_equal(str_eq(words[i], words[j]), strcmp(words[i], words[j]) == 0);
}

static void __attribute__((format(printf, 2, 3)))
add_formatted(struct strlist *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strlist_vaddf(l, fmt, ap);
	va_end(ap);
}

static void
test_strlist_and_strbuf(void **state)
{
	struct strlist l = { 0 };
	struct strbuf b = { NULL, 0, 0 };

	(void)state;
	strlist_add(&l, "first");
	add_formatted(&l, "%s %d", "second", 2);
	assert_int_equal(l.count, 2);
	assert_string_equal(l.items[0], "first");
	assert_string_equal(l.items[1], "second 2");
	strlist_free(&l);
	assert_int_equal(l.count, 0);
	assert_null(l.items);
	for (int i = 0; i < 100; i++)
		strbuf_addf(&b, "%d,", i % 10);
	assert_int_equal(b.len, 200);
	assert_int_equal(strlen(b.text), 200);
	assert_memory_equal(b.text, "0,1,2,", 6);
	free(b.text);
	/* strings and numbers appended without a format, as printf would write them */
	memset(&b, 0, sizeof b);
	strbuf_adds(&b, "", (const char *)NULL);
	assert_string_equal(b.text, "");
	for (int i = 0; i < 40; i++) {
		strbuf_adds(&b, "row ", "col", (const char *)NULL);
		strbuf_addl(&b, i * 1001 - 20000);
	}
	strbuf_addl(&b, LONG_MIN);
	{
		struct strbuf want = { NULL, 0, 0 };
		for (int i = 0; i < 40; i++)
			strbuf_addf(&want, "row col%d", i * 1001 - 20000);
		strbuf_addf(&want, "%ld", LONG_MIN);
		assert_string_equal(b.text, want.text);
		assert_int_equal(b.len, want.len);
		free(want.text);
	}
	free(b.text);
}

/* A list read whole from a file keeps its lines in the one block; items added
 * after are its own copies; an item taken out is the caller's whatever it was
 * (each freed once: the sanitizers and valgrind say so). */
static void
test_strlist_lines(void **state)
{
	struct strlist l = { 0 };
	char *item;

	(void)state;
	strlist_add(&l, "before");
	strlist_add_lines(&l, xstrdup("one\n\nthree\nfour"), strlen("one\n\nthree\nfour"));
	assert_int_equal(l.count, 5);
	assert_string_equal(l.items[1], "one");
	assert_string_equal(l.items[2], "");
	assert_string_equal(l.items[4], "four");
	/* a second text: its lines copied, the text let go */
	strlist_add_lines(&l, xstrdup("five\nsix\n"), strlen("five\nsix\n"));
	assert_int_equal(l.count, 7);
	assert_string_equal(l.items[6], "six");
	strlist_add(&l, "after");
	strlist_drop_last(&l);
	strlist_drop_last(&l);
	item = strlist_take_last(&l);
	assert_string_equal(item, "five");
	free(item);
	item = strlist_take_last(&l);   /* a line of the block: a copy */
	assert_string_equal(item, "four");
	free(item);
	strlist_drop_last(&l);
	assert_int_equal(l.count, 3);
	strlist_free(&l);
	assert_null(l.block);
	/* a text that ends with its newline gives no empty item after it */
	strlist_add_lines(&l, xstrdup("a\nb\n"), 4);
	assert_int_equal(l.count, 2);
	strlist_free(&l);
}

/* A block lent to another list: that list keeps lines of it as they are and
 * lets the block go; the lender's items stay readable meanwhile and are not
 * let go twice (the sanitizers and valgrind say so). */
static void
test_strlist_lend_block(void **state)
{
	struct strlist read = { 0 }, kept = { 0 };
	char *line;

	(void)state;
	strlist_add_lines(&read, xstrdup("move A1 0102\nnote x"), strlen("move A1 0102\nnote x"));
	strlist_lend_block(&kept, &read);
	assert_ptr_equal(strlist_block_line(&kept, read.items[1]), read.items[1]);
	assert_null(strlist_block_line(&kept, "note x"));
	line = strlist_block_line(&kept, read.items[0]);
	*(char **)xgrow(&kept.items, &kept.count, &kept.cap, sizeof line) = line;
	strlist_add(&kept, "note y");
	strlist_free(&read);
	assert_string_equal(kept.items[0], "move A1 0102");
	strlist_drop_last(&kept);
	strlist_free(&kept);
}

/* The run of printable ASCII at the start of a text ends at the first other
 * byte, wherever it stands among the eight read at once. */
static void
test_ascii_run(void **state)
{
	unsigned char text[24];

	(void)state;
	for (size_t len = 1; len < 20; len++) {
		memset(text, 'x', len);
		assert_int_equal(str_ascii_run(text, len), len);
		for (size_t at = 0; at < len; at++) {
			for (int c = 0; c < 256; c++) {
				bool printable = c >= 0x20 && c < 0x7f;

				memset(text, '~', len);
				text[at] = (unsigned char)c;
				assert_int_equal(str_ascii_run(text, len), printable ? len : at);
			}
		}
	}
}

/* A file name is quoted as git quotes one, and any byte survives the way back. */
static void
test_quote_path(void **state)
{
	char name[300], *q, *back;
	size_t n = 0;

	(void)state;
	q = str_quote_path("/tmp/plain name/é.sav");
	assert_string_equal(q, "/tmp/plain name/é.sav");
	free(q);
	q = str_quote_path("/a\nb/\"q\"\\\t\x01\x7f.sav");
	assert_string_equal(q, "\"/a\\nb/\\\"q\\\"\\\\\\t\\001\\177.sav\"");
	free(q);
	for (int c = 1; c < 256; c++)
		name[n++] = (char)c;
	name[n] = '\0';
	q = str_quote_path(name);
	back = str_unquote_path(q);
	assert_non_null(back);
	assert_string_equal(back, name);
	free(back);
	free(q);
	/* a broken quoting gives nothing back */
	assert_null(str_unquote_path("\"open"));
	assert_null(str_unquote_path("\"bad \\q\""));
	assert_null(str_unquote_path("\"nul \\000\""));
	assert_null(str_unquote_path("\"past\" the end"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_nearest),
		cmocka_unit_test(test_join_choices),
		cmocka_unit_test(test_long),
		cmocka_unit_test(test_eq),
		cmocka_unit_test(test_strlist_and_strbuf),
		cmocka_unit_test(test_strlist_lines),
		cmocka_unit_test(test_ascii_run),
		cmocka_unit_test(test_strlist_lend_block),
		cmocka_unit_test(test_quote_path),
	};
	return RUN_TESTS("strutil", tests);
}
