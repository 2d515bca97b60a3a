/* testutil.h: what every cmocka test program of hexaid includes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_TESTUTIL_H
#define HEXAID_TESTUTIL_H

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* cmocka's assertions return as far as clang's static analyzer can tell (they
 * are not marked noreturn), so it follows a failed assertion on into the test.
 * For the analyzer only, the two that guard what a test reads next stop there. */
#ifdef __clang_analyzer__
#undef assert_true
#define assert_true(c) ((c) ? (void)0 : abort())
#undef assert_non_null
#define assert_non_null(c) ((c) != NULL ? (void)0 : abort())
#endif

#include "card.h"
#include "diag.h"
#include "load.h"
#include "xmalloc.h"
#include "yaml-load.h"

/* Everything a diagnostic list would print, as one string to free. */
static inline char *
diag_text(const struct diag_list *dl)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	diag_print(dl, f);
	fclose(f);
	return buf;
}

#define assert_diag_text(dl, want)                 \
	do {                                       \
		char *got_ = diag_text(dl);        \
		assert_string_equal(got_, (want)); \
		free(got_);                        \
	} while (0)

/* Read a card from text (`name` in its diagnostics) into *card, zeroed first so
 * that card_free is safe whatever happens; dl is made here, for the caller to
 * read and free. */
static inline bool
test_read_card(const char *name, const char *text, struct card *card, struct diag_list *dl)
{
	struct ydoc doc;
	bool ok;

	memset(card, 0, sizeof *card);
	diag_list_init(dl, 20);
	ok = ydoc_load_string(&doc, name, text, strlen(text), &ylimits_card, dl) &&
	     card_read(card, &doc);
	ydoc_free(&doc);
	return ok;
}

/* A test group's card, read once before its tests (a cmocka group setup calls
 * this): 0, or -1 with the diagnostics on stderr. */
static inline int
test_group_card(const char *text, struct card *card)
{
	struct diag_list dl;
	bool ok = test_read_card("test.yaml", text, card, &dl);

	if (!ok)
		diag_print(&dl, stderr);
	diag_list_free(&dl);
	return ok ? 0 : -1;
}

static inline int
run_tests_tap(const char *name, const struct CMUnitTest *tests, size_t count)
{
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return _cmocka_run_group_tests(name, tests, count, NULL, NULL);
}

#define RUN_TESTS(name, tests) run_tests_tap(name, tests, sizeof tests / sizeof tests[0])

/* ---- one test per shipped card ---------------------------------------------------- */

#define TEST_MAX_CARDS 16

struct card_test {
	char *id;                      /* the card's file name less ".yaml" */
	void (*check)(const char *id);
};

static inline void
card_test_run(void **state)
{
	const struct card_test *t = *state;

	t->check(t->id);
}

static inline int
card_test_by_name(const void *x, const void *y)
{
	return strcmp(((const struct CMUnitTest *)x)->name, ((const struct CMUnitTest *)y)->name);
}

/* The demo game of card `id` (data/scenarios/ID-demo.yaml, under $top_srcdir),
 * opened as hexaid opens a file; the test fails when it cannot be. */
static inline void
open_card_demo(const char *id, struct game *g)
{
	const char *top = getenv("top_srcdir");
	char *path = xasprintf("%s/data/scenarios/%s-demo.yaml", top ? top : "..", id);
	struct diag_list dl;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (!game_open(g, path, &dl)) {
		diag_print(&dl, stderr);
		fail_msg("%s: no demo scenario to play the card on", path);
	}
	diag_list_free(&dl);
	free(path);
}

/* Run `check` on every card of data/cards (under $top_srcdir), each a test of
 * the group `name`, in the order of their names: cmocka's exit status. */
static inline int
run_card_tests(const char *name, void (*check)(const char *id))
{
	const char *top = getenv("top_srcdir");
	char *dir = xasprintf("%s/data/cards", top ? top : "..");
	struct card_test cards[TEST_MAX_CARDS];
	struct CMUnitTest tests[TEST_MAX_CARDS];
	size_t n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;
	int failed;

	if (d == NULL) {
		fprintf(stderr, "%s: cannot open\n", dir);
		free(dir);
		return 1;
	}
	while ((e = readdir(d)) != NULL && n < TEST_MAX_CARDS) {
		size_t len = strlen(e->d_name);

		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		cards[n] = (struct card_test){ xasprintf("%.*s", (int)(len - 5), e->d_name), check };
		tests[n] = (struct CMUnitTest){ .name = cards[n].id, .test_func = card_test_run,
		                                .initial_state = &cards[n] };
		n++;
	}
	closedir(d);
	free(dir);
	qsort(tests, n, sizeof *tests, card_test_by_name);
	failed = run_tests_tap(name, tests, n);
	for (size_t i = 0; i < n; i++)
		free(cards[i].id);
	return failed;
}

#endif
