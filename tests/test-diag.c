/* test-diag.c: the shape of diagnostics: position, quoted line, caret, limit.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "testutil.h"

static const char text[] = "first: 1\n\tsecond: x\ncaf\xc3\xa9: \xc3\xa9t\xc3\xa9\r\nlast";

static struct diag_source
source(void)
{
	struct diag_source src = { "f.yaml", text, sizeof text - 1 };
	return src;
}

static void
test_caret_under_column(void **state)
{
	struct diag_list dl;
	struct diag_source src = source();

	(void)state;
	diag_list_init(&dl, 20);
	diag_add(&dl, DIAG_ERROR, &src, 1, 8, "bad %s", "value");
	assert_diag_text(&dl, "f.yaml:1:8: error: bad value\nfirst: 1\n       ^\n");
	assert_int_equal(diag_error_count(&dl), 1);
	diag_list_free(&dl);
}

static void
test_caret_keeps_tabs(void **state)
{
	struct diag_list dl;
	struct diag_source src = source();

	(void)state;
	diag_list_init(&dl, 20);
	diag_add(&dl, DIAG_WARNING, &src, 2, 10, "odd");
	assert_diag_text(&dl, "f.yaml:2:10: warning: odd\n\tsecond: x\n\t        ^\n");
	diag_list_free(&dl);
}

static void
test_column_counts_characters_and_drops_cr(void **state)
{
	struct diag_list dl;
	struct diag_source src = source();

	(void)state;
	diag_list_init(&dl, 20);
	diag_add(&dl, DIAG_ERROR, &src, 3, 7, "accent");
	assert_diag_text(&dl, "f.yaml:3:7: error: accent\ncaf\xc3\xa9: \xc3\xa9t\xc3\xa9\n      ^\n");
	diag_list_free(&dl);
}

static void
test_last_line_without_newline_and_past_end(void **state)
{
	struct diag_list dl;
	struct diag_source src = source();

	(void)state;
	diag_list_init(&dl, 20);
	diag_add(&dl, DIAG_ERROR, &src, 4, 5, "end");
	diag_add(&dl, DIAG_ERROR, &src, 9, 1, "beyond");
	diag_file(&dl, DIAG_ERROR, &src, "whole file");
	diag_file(&dl, DIAG_NOTE, NULL, "no file");
	assert_diag_text(&dl, "f.yaml:4:5: error: end\nlast\n    ^\n"
	                      "f.yaml:9:1: error: beyond\n"
	                      "f.yaml: error: whole file\n"
	                      "hexaid: note: no file\n");
	assert_int_equal(diag_error_count(&dl), 3);
	diag_list_free(&dl);
}

static void
test_limit_keeps_counting(void **state)
{
	struct diag_list dl;
	struct diag_source src = { "g.yaml", NULL, 0 };
	bool more = true;

	(void)state;
	diag_list_init(&dl, 3);
	for (int i = 1; i <= 5; i++) {
		more = diag_add(&dl, DIAG_ERROR, &src, i, 1, "e%d", i);
		diag_add(&dl, DIAG_NOTE, &src, i, 2, "n%d", i);
		assert_int_equal(more, i < 3);
	}
	assert_true(diag_full(&dl));
	assert_int_equal(diag_error_count(&dl), 5);
	assert_diag_text(&dl, "g.yaml:1:1: error: e1\ng.yaml:1:2: note: n1\n"
	                      "g.yaml:2:1: error: e2\ng.yaml:2:2: note: n2\n"
	                      "g.yaml:3:1: error: e3\ng.yaml:3:2: note: n3\n"
	                      "g.yaml: note: 2 more errors not shown (the limit is 3)\n");
	diag_list_free(&dl);
}

static void
test_offset_position(void **state)
{
	struct diag_source src = source();
	int line, col;

	(void)state;
	diag_offset_position(&src, 0, &line, &col);
	assert_int_equal(line, 1);
	assert_int_equal(col, 1);
	diag_offset_position(&src, 10, &line, &col); /* the 's' after the tab */
	assert_int_equal(line, 2);
	assert_int_equal(col, 2);
	diag_offset_position(&src, 27, &line, &col); /* first char of the value: 2-byte chars count once */
	assert_int_equal(line, 3);
	assert_int_equal(col, 7);
}

/* A long line is quoted around the caret, "..." where it was cut; a short one
 * at its start or end is cut on one side only. */
static void
test_long_line_cut_around_caret(void **state)
{
	struct diag_list dl;
	char line[1001], want[600];
	struct diag_source src = { "long.yaml", line, sizeof line - 1 };
	char *got;

	(void)state;
	memset(line, 'a', 1000);
	line[1000] = '\0';
	line[499] = 'X';
	diag_list_init(&dl, 20);
	diag_add(&dl, DIAG_ERROR, &src, 1, 500, "here");
	got = diag_text(&dl);
	/* characters 420 to 579 kept: X is the 80th of them, after "..." */
	snprintf(want, sizeof want, "long.yaml:1:500: error: here\n...%.79sX%.80s...\n%82s^\n", line,
	         line, "");
	assert_string_equal(got, want);
	free(got);
	diag_list_free(&dl);

	diag_list_init(&dl, 20);
	diag_add(&dl, DIAG_ERROR, &src, 1, 3, "start");
	got = diag_text(&dl);
	snprintf(want, sizeof want, "long.yaml:1:3: error: start\n%.160s...\n  ^\n", line);
	assert_string_equal(got, want);
	free(got);
	diag_list_free(&dl);
}

/* A line given rather than read from a source: quoted as the others are (made
 * printable, cut around the caret), or nothing quoted; past the limit, counted. */
static void
test_given_line(void **state)
{
	struct diag_list dl;
	char line[1001], want[600];

	(void)state;
	memset(line, 'b', 1000);
	line[1000] = '\0';
	diag_list_init(&dl, 3);
	assert_true(diag_add_quoting(&dl, DIAG_ERROR, "s.sav", 9, 3, "  move\x1b B1", "gone: %d", 1));
	assert_true(diag_add_quoting(&dl, DIAG_ERROR, "s.sav", 7, 5, NULL, "no quote"));
	assert_false(diag_add_quoting(&dl, DIAG_ERROR, "s.sav", 2, 990, line, "long"));
	assert_false(diag_add_quoting(&dl, DIAG_ERROR, "s.sav", 3, 1, "x", "past the limit"));
	assert_int_equal(diag_error_count(&dl), 4);
	/* characters 840 to 999 kept, after "...": the 990th is the 153rd shown */
	snprintf(want, sizeof want,
	         "s.sav:9:3: error: gone: 1\n  move? B1\n  ^\n"
	         "s.sav:7:5: error: no quote\n"
	         "s.sav:2:990: error: long\n...%.160s\n%152s^\n"
	         "s.sav: note: 1 more errors not shown (the limit is 3)\n", line, "");
	assert_diag_text(&dl, want);
	diag_list_free(&dl);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_caret_under_column),
		cmocka_unit_test(test_caret_keeps_tabs),
		cmocka_unit_test(test_column_counts_characters_and_drops_cr),
		cmocka_unit_test(test_last_line_without_newline_and_past_end),
		cmocka_unit_test(test_limit_keeps_counting),
		cmocka_unit_test(test_offset_position),
		cmocka_unit_test(test_long_line_cut_around_caret),
		cmocka_unit_test(test_given_line),
	};
	return RUN_TESTS("diag", tests);
}
