/* test-command.c: what commands answer beside their words, on the Tricorne demo:
 * the typed findings of the queries the screen asks (los, line, range, targets,
 * show) and the marks that say what a line is (the dice, the odds, a step and
 * its line without card references). Each is checked against the words the same
 * answer gives people, so the two cannot part.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "command.h"
#include "load.h"
#include "strutil.h"
#include "testutil.h"
#include "xmalloc.h"

static struct game game;

static int
open_demo(void **state)
{
	const char *top = getenv("top_srcdir");
	char *path = xasprintf("%s/data/scenarios/tricorne-demo.yaml", top ? top : "..");
	struct diag_list dl;
	bool ok;

	(void)state;
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	ok = game_open(&game, path, &dl);
	if (!ok)
		diag_print(&dl, stderr);
	diag_list_free(&dl);
	free(path);
	return ok ? 0 : -1;
}

static int
close_demo(void **state)
{
	(void)state;
	game_free(&game);
	return 0;
}

static void
run(const char *line, struct command_result *res)
{
	assert_true(command_run(&game, line, res));
}

static const char *
label(struct hex h, char buf[HEX_LABEL_SIZE])
{
	hex_label(game_board(&game), h, buf);
	return buf;
}

/* The parts joined as the first line joins them. */
static char *
joined(const struct strlist *parts)
{
	struct strbuf s = { NULL, 0, 0 };

	for (size_t i = 0; i < parts->count; i++)
		strbuf_addf(&s, "%s%s", i ? ", " : "", parts->items[i]);
	return s.text != NULL ? s.text : xstrdup("");
}

static void
test_line_of_sight_found(void **state)
{
	struct command_result res;
	char at[HEX_LABEL_SIZE];

	(void)state;
	run("los 0401 0701", &res);
	assert_string_equal(res.lines.items[0], "line of sight 0401 to 0701: blocked at 0501");
	assert_true(res.found.blocked);
	assert_string_equal(label(res.found.block, at), "0501");
	/* the reason is the first step without its value */
	assert_string_equal(res.found.reason,
	                    "hex 1 holds Forest, which blocks line of sight  [tricorne.yaml:176]");
	command_result_free(&res);

	run("los 0401 0403", &res);
	assert_false(res.found.blocked);
	assert_non_null(res.found.reason);
	command_result_free(&res);

	run("line 0202 0403", &res);
	assert_string_equal(res.lines.items[0], "line 0202 to 0403: 0202 0302|0303 0403");
	assert_int_equal(res.found.nhexes, 4);
	assert_string_equal(label(res.found.hexes[0], at), "0202");
	assert_string_equal(label(res.found.hexes[1], at), "0302");
	assert_string_equal(label(res.found.hexes[2], at), "0303");
	assert_string_equal(label(res.found.hexes[3], at), "0403");
	command_result_free(&res);
}

static void
test_range_and_targets_found(void **state)
{
	struct command_result res;
	struct strbuf list = { NULL, 0, 0 };
	char at[HEX_LABEL_SIZE], *line;

	(void)state;
	run("range B5", &res);
	assert_int_equal(res.found.nhexes, 11);
	for (size_t i = 0; i < res.found.nhexes; i++)
		strbuf_addf(&list, " %s%s", label(res.found.hexes[i], at),
		            res.found.stops[i] ? "!" : "");
	line = xasprintf("%s:%s", res.found.summary, list.text);
	assert_string_equal(res.lines.items[0], line);
	assert_string_equal(res.found.summary, "B5 can reach 11 hexes with 2 (its class's move)");
	free(line);
	free(list.text);
	command_result_free(&res);

	/* outside a phase that battles, no target, and the answer says why */
	run("targets B3", &res);
	assert_int_equal(res.found.nunits, 0);
	command_result_free(&res);
	for (int i = 0; i < 3; i++) { /* Command > Order > Move > Combat */
		run("phase next", &res);
		command_result_free(&res);
	}
	run("targets B3", &res);
	assert_true(res.found.nunits > 0);
	for (size_t i = 0; i < res.found.nunits; i++) {
		char *id = xasprintf(" %s", game.units[res.found.units[i]].id);
		assert_non_null(strstr(res.lines.items[0], id));
		free(id);
	}
	command_result_free(&res);
	for (int i = 0; i < 3; i++) {
		run("undo", &res);
		command_result_free(&res);
	}
}

static void
test_show_found(void **state)
{
	struct command_result res;
	char *first;

	(void)state;
	run("show unit B5", &res);
	first = joined(&res.found.parts);
	assert_string_equal(first, res.lines.items[0]);
	assert_int_equal(res.found.parts.count, 2);
	assert_string_equal(res.found.parts.items[0], "B5: British Cavalry");
	free(first);
	command_result_free(&res);

	run("show hex 1104", &res);
	first = joined(&res.found.parts);
	assert_string_equal(first, res.lines.items[0]);
	assert_int_equal(res.found.hex_lines, 1);
	assert_string_equal(res.lines.items[res.found.hex_lines], "  unit: B5 (British)");
	free(first);
	command_result_free(&res);
}

/* A step's line without "  [card.yaml:N, seed S]", as a test may cut it. */
static const char *
without_refs(const char *line, char cut[512])
{
	const char *open = strstr(line, "  ["), *close = open ? strchr(open, ']') : NULL;

	snprintf(cut, 512, "%.*s%s", open ? (int)(open - line) : (int)strlen(line), line,
	         close ? close + 1 : "");
	return cut;
}

static void
test_lines_marked(void **state)
{
	struct command_result res;
	int dice = 0, odds = 0, steps = 0;
	char cut[512];

	(void)state;
	run("explain B3 C5", &res);
	for (size_t i = 0; i < res.lines.count; i++) {
		const char *line = res.lines.items[i];
		switch (command_line_kind(&res, i)) {
		case LINE_DICE:
			assert_string_equal(line, "dice: 2");
			dice++;
			break;
		case LINE_ODDS:
			assert_memory_equal(line, "odds of hits:", 13);
			odds++;
			break;
		case LINE_STEP:
			/* the brief line is the line without its references */
			assert_non_null(res.marks[i].brief);
			assert_string_equal(res.marks[i].brief, without_refs(line, cut));
			assert_true(line[0] == ' ');
			steps++;
			break;
		default:
			assert_true(line[0] != ' ');
			break;
		}
	}
	assert_int_equal(dice, 1);
	assert_int_equal(odds, 1);
	assert_int_equal(steps, 2);
	command_result_free(&res);
}

/* values and needs: a unit's values with where each comes from; what a battle
 * lacks, by unit and key, the same as the line that names it. */
static void
test_values_found(void **state)
{
	struct command_result res;
	int l1;

	(void)state;
	run("values B1", &res);
	assert_int_equal(res.found.nneeds, 3);
	assert_string_equal(res.found.needs[0].key, "move");
	assert_string_equal(res.found.needs[0].now, "1 (its class's)");
	assert_string_equal(res.found.needs[1].key, "dice.ranged");
	assert_string_equal(res.found.needs[2].key, "dice.melee");
	assert_string_equal(res.found.needs[2].now, "2 (its class's)");
	command_result_free(&res);

	run("unit add L1 british leader 0101", &res);
	command_result_free(&res);
	l1 = game_unit_find(&game, "L1");
	run("needs L1 C7 melee", &res);
	assert_int_equal(res.found.nneeds, 1);
	assert_int_equal(res.found.needs[0].unit, l1);
	assert_string_equal(res.found.needs[0].key, "dice.melee");
	assert_null(res.found.needs[0].now);
	assert_string_equal(res.lines.items[1], "  L1 dice.melee: battle dice, melee combat "
	                                        "(unit set L1 dice.melee=N)");
	command_result_free(&res);
	run("unit set L1 dice.melee=2", &res);
	command_result_free(&res);
	run("needs L1 C7 melee", &res);
	assert_int_equal(res.found.nneeds, 0);
	command_result_free(&res);
	run("undo", &res);
	command_result_free(&res);
	run("undo", &res);
	command_result_free(&res);
}

/* The table's rows stand at the indexes of list-commands.h, whose words a card's
 * phases are read into: each row's name is its word; and the demo's phases hold
 * indexes of the table. */
static void
test_table_words(void **state)
{
	const struct card *card = game_card(&game);

	(void)state;
	assert_int_equal(command_count, N_COMMANDS);
	for (size_t i = 0; i < command_count; i++)
		assert_string_equal(command_table[i].name, command_words[i]);
	assert_true(card->nphases > 0);
	for (size_t p = 0; p < card->nphases; p++)
		for (size_t k = 0; k < card->phases[p].nallows; k++)
			assert_in_range(card->phases[p].allows[k], 0, N_COMMANDS - 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_of_sight_found),
		cmocka_unit_test(test_range_and_targets_found),
		cmocka_unit_test(test_show_found),
		cmocka_unit_test(test_lines_marked),
		cmocka_unit_test(test_values_found),
		cmocka_unit_test(test_table_words),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("command", tests, open_demo, close_demo);
}
