/* test-scenario-write.c: a game written as a scenario reads back to the same
 * board and units, and writes again to the same bytes (issue 29, item 2).
 * Every shipped scenario, loaded and written, is the file's bytes (its comments
 * kept); loaded and written again, the same text and the same state. Then
 * random edits of the setting-up commands on each demo (the scenario's own
 * data and the board's size too), written and read back.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "testutil.h"

#include "command.h"
#include "load.h"
#include "scenario-write.h"
#include "xmalloc.h"

static const char *const demos[] = { "great-war", "mini-nap", "napoleonic-tec", "tricorne",
	                             "ud-napoleonic" };

static char *
demo_path(const char *id)
{
	const char *top = getenv("top_srcdir");

	return xasprintf("%s/data/scenarios/%s-demo.yaml", top ? top : "..", id);
}

/* The text read as a scenario named `name` (its card looked for beside it), as
 * a game at its start. */
static void
read_back(const char *name, const char *text, struct game *g)
{
	struct scenario sc;
	struct diag_list dl;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (!scenario_load_text(&sc, name, text, strlen(text), NULL, &dl)) {
		diag_print(&dl, stderr);
		fprintf(stderr, "%s", text);
		fail_msg("%s: the scenario written does not read back", name);
	}
	diag_list_free(&dl);
	game_start(g, &sc);
}

static bool
same_tset(const struct tset *a, const struct tset *b)
{
	if (a->count != b->count)
		return false;
	for (size_t k = 0; k < a->count; k++)
		if (!tset_has(b, a->items[k]))
			return false;
	return true;
}

static void
print_tset(const struct game *g, const struct tset *a)
{
	for (size_t k = 0; k < a->count; k++)
		fprintf(stderr, " %s", game_card(g)->terrain[a->items[k]].id);
	fprintf(stderr, "\n");
}

/* Is every side entry of a among b's (the same side, hex given for, feature)? */
static bool
sides_in(const struct game *a, const struct game *b)
{
	for (size_t i = 0; i < a->nsides; i++) {
		bool found = false;
		for (size_t j = 0; j < b->nsides && !found; j++)
			found = hexside_eq(a->sides[i].side, b->sides[j].side) &&
			        a->sides[i].feature == b->sides[j].feature;
		if (!found)
			return false;
	}
	return true;
}

static bool
structures_in(const struct game *a, const struct game *b)
{
	for (size_t i = 0; i < a->nstructures; i++) {
		const struct scen_structure *s = &a->structures[i];
		bool found = false;
		for (size_t j = 0; j < b->nstructures && !found; j++) {
			const struct scen_structure *t = &b->structures[j];
			found = hex_eq(s->hex, t->hex) && s->dir == t->dir && s->terrain == t->terrain &&
			        s->strength == t->strength && s->hits == t->hits;
		}
		if (!found) {
			fprintf(stderr, "# structure %d,%d dir %d terrain %s %d/%d not matched\n", s->hex.q,
			        s->hex.r, s->dir, game_card(a)->terrain[s->terrain].id, s->hits,
			        s->strength);
			return false;
		}
	}
	return true;
}

static void
assert_same_unit(const struct game_unit *a, const struct game_unit *b)
{
	assert_string_equal(a->id, b->id);
	assert_int_equal(a->side, b->side);
	assert_int_equal(a->cls, b->cls);
	assert_true(hex_eq(a->hex, b->hex));
	assert_int_equal(a->strength, b->strength);
	assert_int_equal(a->max_strength, b->max_strength);
	assert_int_equal(a->formation, b->formation);
	assert_int_equal(a->status, b->status);
	assert_int_equal(a->own.move, b->own.move);
	assert_int_equal(a->own.values_given, b->own.values_given);
	for (int v = 0; v < MAX_UNIT_VALUES; v++)
		if (a->own.values_given & (1u << v))
			assert_int_equal(a->own.values[v], b->own.values[v]);
	for (int c = 0; c < 8; c++) {
		assert_int_equal(a->own.dice[c].n, b->own.dice[c].n);
		for (int k = 0; k < (a->own.dice[c].n < 0 ? 1 : a->own.dice[c].n); k++)
			assert_int_equal(a->own.dice[c].at[k], b->own.dice[c].at[k]);
	}
}

/* The board, the units and the scenario's own data are the same. */
static void
assert_same_state(const struct game *a, const struct game *b)
{
	size_t cells = (size_t)a->sc.board.columns * (size_t)a->sc.board.rows;
	size_t na = 0, nb = 0;

	assert_memory_equal(&a->sc.board, &b->sc.board, sizeof a->sc.board);
	for (size_t i = 0; i < cells; i++) {
		if (!same_tset(&a->terrain[i], &b->terrain[i])) {
			fprintf(stderr, "# %s cell %zu\n", a->sc.card.id, i);
			print_tset(a, &a->terrain[i]);
			print_tset(b, &b->terrain[i]);
		}
		assert_true(same_tset(&a->terrain[i], &b->terrain[i]));
		assert_int_equal(a->levels[i], b->levels[i]);
	}
	assert_true(sides_in(a, b) && sides_in(b, a));
	assert_true(structures_in(a, b) && structures_in(b, a));
	for (size_t i = 0; i < a->nunits; i++)
		na += !a->units[i].eliminated;
	for (size_t i = 0; i < b->nunits; i++)
		nb += !b->units[i].eliminated;
	assert_int_equal(na, nb);
	for (size_t i = 0, j = 0; i < a->nunits; i++) {
		if (a->units[i].eliminated)
			continue;
		while (b->units[j].eliminated)
			j++;
		assert_same_unit(&a->units[i], &b->units[j++]);
	}
	assert_memory_equal(a->settings, b->settings, sizeof a->settings);
	assert_string_equal(a->sc.title, b->sc.title);
	assert_int_equal(a->sc.nteams, b->sc.nteams);
	for (size_t i = 0; i < a->sc.nteams; i++) {
		assert_string_equal(a->sc.teams[i].id, b->sc.teams[i].id);
		assert_string_equal(a->sc.teams[i].name ? a->sc.teams[i].name : a->sc.teams[i].id,
		                    b->sc.teams[i].name ? b->sc.teams[i].name : b->sc.teams[i].id);
		assert_int_equal(a->sc.teams[i].home, b->sc.teams[i].home);
	}
	assert_string_equal(a->sc.notes ? a->sc.notes : "", b->sc.notes ? b->sc.notes : "");
	assert_int_equal(a->sc.start_turn, b->sc.start_turn);
	assert_int_equal(a->sc.start_side, b->sc.start_side);
	assert_int_equal(a->sc.victory.target, b->sc.victory.target);
	assert_int_equal(a->sc.victory.turns, b->sc.victory.turns);
	assert_int_equal(a->sc.victory.nobjectives, b->sc.victory.nobjectives);
	assert_int_equal(a->sc.nsupplies, b->sc.nsupplies);
}

/* Written, read back, written again: the same state and the same bytes. */
static void
round_trip(struct game *g, const char *name)
{
	struct game back, again;
	char *first = scenario_text(g), *second, *third;

	read_back(name, first, &back);
	assert_same_state(g, &back);
	second = scenario_text(&back);
	assert_string_equal(first, second);
	read_back(name, second, &again);
	third = scenario_text(&again);
	assert_string_equal(second, third);
	free(first);
	free(second);
	free(third);
	game_free(&back);
	game_free(&again);
}

/* The scenario written is the shipped file, byte for byte (its comments kept):
 * on a difference, the first line that differs is said. */
static void
assert_written_as_shipped(const struct game *g, const char *path)
{
	FILE *f = fopen(path, "rb");
	char *file = xcalloc(1, 1 << 16), *text = scenario_text(g);
	size_t len, line = 1, i;

	assert_non_null(f);
	len = fread(file, 1, (1 << 16) - 1, f);
	fclose(f);
	for (i = 0; i < len && text[i] == file[i]; i++)
		line += file[i] == '\n';
	if (i < len || text[i] != '\0')
		fail_msg("%s:%zu: written back otherwise: %.60s", path, line, text + i);
	free(file);
	free(text);
}

static void
shipped_scenarios_round_trip(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof demos / sizeof demos[0]; i++) {
		char *path = demo_path(demos[i]);
		struct game g;

		open_card_demo(demos[i], &g);
		assert_written_as_shipped(&g, path);
		round_trip(&g, path);
		game_free(&g);
		free(path);
	}
}

static uint64_t
next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/* A random terrain of `kind` on the card, or NULL. */
static const char *
any_terrain(const struct game *g, enum terrain_kind kind, uint64_t *s)
{
	const struct card *card = game_card(g);
	size_t n = 0;

	for (size_t t = 0; t < card->nterrain; t++)
		n += card->terrain[t].kind == kind;
	if (n == 0)
		return NULL;
	n = next(s) % n;
	for (size_t t = 0; t < card->nterrain; t++)
		if (card->terrain[t].kind == kind && n-- == 0)
			return card->terrain[t].id;
	return NULL;
}

/* A random edit of the scenario's own data (the set-up form's commands). */
static char *
scenario_edit(const struct game *g, uint64_t *s, int serial)
{
	const struct card *card = game_card(g);
	const char *side = g->sc.teams[next(s) % g->sc.nteams].id;

	switch (next(s) % 9) {
	case 0:
		return xasprintf("scenario title \"Battle %d, \"\"so\"\" # called\"", serial);
	case 1:
		return xasprintf("scenario notes \"%s\"", serial % 3 ? "Notes: a: b" : "");
	case 2:
		return xasprintf("scenario side %s name \"Side %d\"", side, serial);
	case 3:
		return xasprintf("scenario side %s home %s", side,
		                 home_edge_names[next(s) % N_HOME_EDGES]);
	case 4:
		return xasprintf("scenario first %s", side);
	case 5:
		return xasprintf("scenario target %d", 1 + (int)(next(s) % 8));
	case 6:
		return xasprintf("scenario turns %d", 1 + (int)(next(s) % 12));
	case 7:
		return xasprintf("scenario %s -", serial % 2 ? "turns" : "target");
	default:
		if (card->nsettings == 0)
			return NULL;
		{
			const struct setting *st = &card->settings[next(s) % card->nsettings];
			return xasprintf("scenario setting %s %s", st->id,
			                 st->choices[next(s) % st->nchoices]);
		}
	}
}

/* One random edit of the setting-up commands: it may be refused. */
static void
random_edit(struct game *g, uint64_t *s, int serial)
{
	const struct hex_board *b = game_board(g);
	char at[HEX_LABEL_SIZE], to[HEX_LABEL_SIZE];
	const char *t;
	char *line = NULL;
	struct command_result res;
	int c = (int)(next(s) % (uint64_t)b->columns), r = (int)(next(s) % (uint64_t)b->rows);

	hex_label(b, hex_from_offset(b, c, r), at);
	hex_label(b, hex_from_offset(b, (int)(next(s) % (uint64_t)b->columns),
	                             (int)(next(s) % (uint64_t)b->rows)), to);
	switch (next(s) % 9) {
	case 0:
		if ((t = any_terrain(g, TERRAIN_HEX, s)) != NULL)
			line = xasprintf("terrain %s %s", at, t);
		break;
	case 1:
		if ((t = any_terrain(g, TERRAIN_TOKEN, s)) != NULL)
			line = xasprintf("token add %s %s", at, t);
		break;
	case 2:
		/* a hexside feature, or a road laid along a side */
		if ((t = any_terrain(g, next(s) % 2 ? TERRAIN_HEXSIDE : TERRAIN_PATH, s)) != NULL)
			line = xasprintf("hexside add %s %s %s", at,
			                 hex_direction_name(b, (int)(next(s) % HEX_DIRECTIONS)), t);
		break;
	case 3:
		line = xasprintf("level %s %d", at, (int)(next(s) % 4));
		break;
	case 4:
		line = xasprintf("unit add R%d %s %s %s %d", serial,
		                 g->sc.teams[next(s) % g->sc.nteams].id,
		                 game_card(g)->classes[next(s) % game_card(g)->nclasses].id, at,
		                 1 + (int)(next(s) % 4));
		break;
	case 5:
		if (g->nunits > 0)
			line = xasprintf("unit set %s hex=%s", g->units[next(s) % g->nunits].id, to);
		break;
	case 6:
		if (g->nunits > 0)
			line = xasprintf("unit remove %s", g->units[next(s) % g->nunits].id);
		break;
	case 7:
		line = scenario_edit(g, s, serial);
		break;
	default:
		/* the board grown or shrunk by up to two (refused over a unit) */
		line = xasprintf("scenario size %dx%d", b->columns - 2 + (int)(next(s) % 5),
		                 b->rows - 2 + (int)(next(s) % 5));
		break;
	}
	if (line != NULL) {
		command_run(g, line, &res);
		command_result_free(&res);
	}
	free(line);
}

static void
random_edits_round_trip(void **state)
{
	uint64_t seed = 0x9e3779b97f4a7c15ULL;

	(void)state;
	for (size_t i = 0; i < sizeof demos / sizeof demos[0]; i++) {
		char *path = demo_path(demos[i]);
		for (int round = 0; round < 4; round++) {
			struct game g;
			open_card_demo(demos[i], &g);
			g.setup = true;
			for (int k = 0; k < 40; k++)
				random_edit(&g, &seed, k);
			round_trip(&g, path);
			game_free(&g);
		}
		free(path);
	}
}

/* Set-up is not play (issue 29, item 2): in set-up every command of play is
 * refused, --force or not, with the set-up's remedy; the set-up's edits work and
 * write nothing in the log (in memory either); the scenario written starts a game
 * at its first turn with an empty log. */
static void
setup_is_not_play(void **state)
{
	struct game g, back;
	struct command_result res;
	char *text, *path, *lines[8], to[HEX_LABEL_SIZE] = "";
	int start_turn, start_side;
	const char *a, *b;
	size_t done;

	(void)state;
	open_card_demo("tricorne", &g);
	g.setup = true;
	start_turn = g.turn;
	start_side = g.side;
	a = g.units[0].id;
	b = g.units[g.nunits - 1].id;
	for (int d = 0; d < HEX_DIRECTIONS; d++)
		if (hex_on_board(game_board(&g), hex_neighbor(g.units[0].hex, d)) &&
		    game_unit_at(&g, hex_neighbor(g.units[0].hex, d)) < 0)
			hex_label(game_board(&g), hex_neighbor(g.units[0].hex, d), to);
	lines[0] = xasprintf("move %s %s", a, to);
	lines[1] = xasprintf("battle %s %s", a, b);
	lines[2] = xstrdup("phase next");
	lines[3] = xstrdup("turn end --force");
	lines[4] = xstrdup("apply");
	lines[5] = xasprintf("hit %s 1", a);
	lines[6] = xstrdup("note a note");
	lines[7] = xasprintf("may %s", a);
	for (size_t i = 0; i < 8; i++) {
		assert_false(command_run(&g, lines[i], &res));
		assert_int_equal(res.remedy, REMEDY_SETUP);
		command_result_free(&res);
		free(lines[i]);
	}
	assert_int_equal(g.turn, start_turn);
	assert_int_equal(g.side, start_side);
	assert_int_equal(g.done.count, 0);
	lines[0] = xasprintf("unit set %s hex=%s", a, to);
	lines[1] = xstrdup("terrain 0101 hill");
	lines[2] = xstrdup("unit add Z9 british infantry 0102 3");
	lines[3] = xstrdup("undo");
	for (size_t i = 0; i < 4; i++) {
		if (!command_run(&g, lines[i], &res))
			fail_msg("%s: %s", lines[i], res.lines.count ? res.lines.items[0] : "");
		command_result_free(&res);
		free(lines[i]);
	}
	done = g.done.count;
	assert_int_equal(done, 2);
	assert_int_equal(g.log.count, 0);
	text = scenario_text(&g);
	path = demo_path("tricorne");
	read_back(path, text, &back);
	free(path);
	assert_int_equal(back.turn, start_turn);
	assert_int_equal(back.log.count, 0);
	assert_int_equal(back.done.count, 0);
	assert_false(back.setup);
	assert_true(command_run(&back, "phase next", &res));
	command_result_free(&res);
	free(text);
	game_free(&back);
	game_free(&g);
}

/* Runs a line that must be taken. */
static void
run_ok(struct game *g, const char *line)
{
	struct command_result res;

	if (!command_run(g, line, &res))
		fail_msg("%s: %s", line, res.lines.count ? res.lines.items[0] : "");
	command_result_free(&res);
}

/* The scenario's own data (issue 29, item 5): each `scenario` edit changes what
 * is written, reads back, is taken back by undo (the board's size too), and is
 * refused in play. */
static void
scenario_data_edits(void **state)
{
	struct game g, back;
	struct command_result res;
	char *path = demo_path("tricorne"), *text, *before;
	const char *const lines[] = {
		"scenario title \"Cowpens, 1781\"",
		"scenario notes \"Morgan's line: militia first.\"",
		"scenario side 2 name \"Morgan's men\"",
		"scenario side british home west",
		"scenario first american",
		"scenario target 6",
		"scenario size 15x8",
	};

	(void)state;
	open_card_demo("tricorne", &g);
	g.setup = true;
	before = scenario_text(&g);
	/* a unit in the last row: the shrink is refused, naming it */
	assert_false(command_run(&g, "scenario size 15x6", &res));
	assert_non_null(strstr(res.lines.items[0], "C6"));
	command_result_free(&res);
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		run_ok(&g, lines[i]);
	if (game_card(&g)->nsettings > 0) {
		const struct setting *st = &game_card(&g)->settings[0];
		char *line = xasprintf("scenario setting %s %s", st->id,
		                       st->choices[st->nchoices - 1]);
		run_ok(&g, line);
		free(line);
		assert_int_equal(g.settings[0], (int)st->nchoices - 1);
		assert_false(command_run(&g, "scenario setting nosuch x", &res));
		command_result_free(&res);
	}
	assert_false(command_run(&g, "scenario side 3 name X", &res));
	command_result_free(&res);
	assert_false(command_run(&g, "scenario side 1 home up", &res));
	command_result_free(&res);
	text = scenario_text(&g);
	assert_non_null(strstr(text, "title: \"Cowpens, 1781\"\n"));
	assert_non_null(strstr(text, "  american: { name: Morgan's men, home: south }"));
	assert_non_null(strstr(text, "  british: { name: British, home: west }"));
	assert_non_null(strstr(text, "side: american"));
	assert_non_null(strstr(text, "  columns: 15\n  rows: 8\n"));
	/* notes given on one line are written folded, as a person writes them */
	assert_non_null(strstr(text, "notes: >\n  Morgan's line: militia first.\n"));
	read_back(path, text, &back);
	assert_int_equal(back.sc.victory.target, 6);
	assert_string_equal(back.sc.notes, "Morgan's line: militia first.\n");
	/* the new columns are the card's ground, the old ones kept */
	assert_int_equal(game_hex(&back, hex_from_offset(game_board(&back), 14, 0))->count, 1);
	assert_true(same_tset(game_hex(&back, hex_from_offset(game_board(&back), 2, 3)),
	                      game_hex(&g, hex_from_offset(game_board(&g), 2, 3))));
	round_trip(&g, path);
	/* the journal's lines, replayed on the scenario in set-up (as a crash's
	 * recovery does), give the same scenario */
	{
		struct game again;
		char *replayed;

		open_card_demo("tricorne", &again);
		again.setup = true;
		assert_true(command_replay(&again, &g.done, NULL));
		replayed = scenario_text(&again);
		assert_string_equal(replayed, text);
		free(replayed);
		game_free(&again);
	}
	/* in play, the scenario is the one the game started from */
	assert_false(command_run(&back, "scenario title Other", &res));
	assert_non_null(strstr(res.lines.items[0], "hexaid edit"));
	command_result_free(&res);
	game_free(&back);
	free(text);
	/* every edit taken back: the scenario as it was, byte for byte */
	while (g.done.count > 0)
		run_ok(&g, "undo");
	text = scenario_text(&g);
	assert_string_equal(text, before);
	/* and done again */
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		run_ok(&g, "redo");
	assert_int_equal(game_board(&g)->columns, 15);
	free(text);
	free(before);
	free(path);
	game_free(&g);
}

/* The file's text (its first 64 kB). */
static char *
file_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = xcalloc(1, 1 << 16);

	assert_non_null(f);
	assert_true(fread(text, 1, (1 << 16) - 1, f) > 0);
	fclose(f);
	return text;
}

/* The text with `add` put after the first `after` in it. */
static char *
text_with(const char *text, const char *after, const char *add)
{
	const char *at = strstr(text, after);

	assert_non_null(at);
	at += strlen(after);
	return xasprintf("%.*s%s%s", (int)(at - text), text, add, at);
}

/* The turn limit (victory: turns): a scenario that has it loads and writes to
 * the same bytes, `scenario turns N` writes it under victory: (a victory of
 * its own where the scenario had none) and `scenario turns -` takes it away,
 * giving back the file's bytes; `scenario target -` takes the target away,
 * and is refused where the victory's points would then count toward
 * nothing. */
static void
turn_limit_edits(void **state)
{
	char *tricorne = demo_path("tricorne"), *mini = demo_path("mini-nap");
	char *file = file_text(tricorne), *with = text_with(file, "  target: 4\n", "  turns: 5\n");
	char *text;
	struct command_result res;
	struct game g, back;

	(void)state;
	/* a scenario with a turn limit, read and written: the same bytes */
	read_back(tricorne, with, &back);
	assert_int_equal(back.sc.victory.turns, 5);
	text = scenario_text(&back);
	assert_string_equal(text, with);
	free(text);
	game_free(&back);
	/* set, then taken away: the file as it was */
	open_card_demo("tricorne", &g);
	g.setup = true;
	run_ok(&g, "scenario turns 5");
	text = scenario_text(&g);
	assert_string_equal(text, with);
	free(text);
	round_trip(&g, tricorne);
	run_ok(&g, "scenario turns -");
	text = scenario_text(&g);
	assert_string_equal(text, file);
	free(text);
	/* the target taken away: refused while it is all the victory's name counts
	 * toward, taken with a turn limit */
	assert_false(command_run(&g, "scenario target -", &res));
	assert_non_null(strstr(res.lines.items[0], "scenario turns N"));
	command_result_free(&res);
	assert_false(command_run(&g, "scenario turns 0", &res));
	command_result_free(&res);
	run_ok(&g, "scenario turns 8");
	run_ok(&g, "scenario target -");
	text = scenario_text(&g);
	assert_non_null(strstr(text, "\nvictory:\n  turns: 8\n  name: Victory Banners\n"));
	free(text);
	round_trip(&g, tricorne);
	/* undo takes each back: the file's bytes */
	while (g.done.count > 0)
		run_ok(&g, "undo");
	text = scenario_text(&g);
	assert_string_equal(text, file);
	free(text);
	game_free(&g);
	free(file);
	free(with);
	/* a scenario with no victory: one of its own, then none again */
	file = file_text(mini);
	open_card_demo("mini-nap", &g);
	g.setup = true;
	run_ok(&g, "scenario turns 5");
	text = scenario_text(&g);
	assert_non_null(strstr(text, "\nvictory:\n  turns: 5\n\n"));
	round_trip(&g, mini);
	free(text);
	run_ok(&g, "scenario turns -");
	text = scenario_text(&g);
	assert_string_equal(text, file);
	free(text);
	game_free(&g);
	free(file);
	free(tricorne);
	free(mini);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shipped_scenarios_round_trip),
		cmocka_unit_test(random_edits_round_trip),
		cmocka_unit_test(setup_is_not_play),
		cmocka_unit_test(scenario_data_edits),
		cmocka_unit_test(turn_limit_edits),
	};

	return RUN_TESTS("scenario-write", tests);
}
