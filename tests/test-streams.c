/* test-streams.c: every command text path against every card (issue 26).
 * Random command streams (fuzz/streams.c: the command table's commands with the
 * demo's own units, hexes, terrain and words, with and without roll=, --force
 * and odd words), seeded and bounded, run on each of the five demos; no
 * command may crash (the suite runs under ASan and UBSan), and the journal and
 * the save the game would write must read back, in memory, to the game played
 * (fuzz/roundtrip.c). tests/command-streams.sh runs the same streams through
 * hexaid's files: script, save, check, render, log, recover.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "testutil.h"

#include "command.h"
#include "fuzz.h"
#include "xmalloc.h"

#define STREAMS 12         /* per demo */
#define LINES 150          /* per stream (fuzz_roundtrip plays at most 200) */

static void
streams_on(const char *demo)
{
	struct game g;

	fuzz_demo_game(&g, demo, strlen(demo));
	for (uint64_t seed = 1; seed <= STREAMS; seed++) {
		char *lines = fuzz_command_stream(&g, seed, LINES);
		char *text = xasprintf("# %s-demo\n%s", demo, lines);
		char *why = fuzz_roundtrip((const uint8_t *)text, strlen(text));

		if (why != NULL)
			fail_msg("%s, stream %llu:\n%s\n--- its lines:\n%s", demo,
			         (unsigned long long)seed, why, text);
		free(lines);
		free(text);
	}
	game_free(&g);
}

/* The same seed gives the same stream: a failure can be run again. */
static void
test_streams_repeat(void **state)
{
	struct game g;
	char *a, *b;

	(void)state;
	fuzz_demo_game(&g, "", 0);
	a = fuzz_command_stream(&g, 7, 50);
	b = fuzz_command_stream(&g, 7, 50);
	assert_string_equal(a, b);
	free(b);
	b = fuzz_command_stream(&g, 8, 50);
	assert_string_not_equal(a, b);
	free(a);
	free(b);
	game_free(&g);
}

/* Every command of the table (save aside) comes up, with roll= and --force. */
static void
test_streams_cover_the_table(void **state)
{
	struct game g;
	char *text;

	(void)state;
	fuzz_demo_game(&g, "", 0);
	text = fuzz_command_stream(&g, 1, 3000);
	for (size_t i = 0; i < command_count; i++) {
		char *at_start = xasprintf("\n%s ", command_table[i].name);
		char *alone = xasprintf("\n%s\n", command_table[i].name);
		if (strcmp(command_table[i].name, "save") != 0 && strstr(text, at_start) == NULL &&
		    strstr(text, alone) == NULL)
			fail_msg("no '%s' in 3000 lines", command_table[i].name);
		free(at_start);
		free(alone);
	}
	assert_non_null(strstr(text, " roll="));
	assert_non_null(strstr(text, " --force"));
	assert_null(strstr(text, "\nsave"));
	free(text);
	game_free(&g);
}

static void test_tricorne(void **state) { (void)state; streams_on("tricorne"); }
static void test_great_war(void **state) { (void)state; streams_on("great-war"); }
static void test_mini_nap(void **state) { (void)state; streams_on("mini-nap"); }
static void test_napoleonic_tec(void **state) { (void)state; streams_on("napoleonic-tec"); }
static void test_ud_napoleonic(void **state) { (void)state; streams_on("ud-napoleonic"); }

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_streams_repeat),
		cmocka_unit_test(test_streams_cover_the_table),
		cmocka_unit_test(test_tricorne),
		cmocka_unit_test(test_great_war),
		cmocka_unit_test(test_mini_nap),
		cmocka_unit_test(test_napoleonic_tec),
		cmocka_unit_test(test_ud_napoleonic),
	};
	return RUN_TESTS("streams", tests);
}
