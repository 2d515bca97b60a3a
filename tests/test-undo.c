/* test-undo.c: undo through kept states (checkpoint.c) is the same as rebuilding
 * the game from its start. Random mixes of commands (moves, battles with their
 * rolls, hits, results applied, retreats, notes, every change to the table,
 * units added and removed, the turn, undo and redo; many refused) are played on each demo scenario, with
 * states kept every 1, 3, 8 and the default number of commands; after every
 * undo and redo, and at the end, the game is compared field by field with a new
 * one that replays the commands in force from the scenario, keeping no state:
 * the board, the units, the dice log and the result waiting to be applied.
 * After every command the indexes kept as it goes (the unit in each hex, the
 * features on each hexside) are what they would be made anew; and the commands
 * in force, with each move whose way was searched written as older hexaid
 * recorded it (the hex it went to, not the way), replay to the same game.
 * And a game saved and opened again (its commands replayed quietly, as a save
 * opens: issue 32) is the game played, and the game its commands give played
 * out loud one by one, whole: state, dice log, log, and what queries say.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdint.h>

#include "testutil.h"

#include "checkpoint.h"
#include "command.h"
#include "load.h"
#include "save.h"
#include "scenario.h"
#include "xmalloc.h"

#define COMMANDS 200

static const char *const scenarios[] = {
	"great-war-demo", "mini-nap-demo", "napoleonic-tec-demo", "tricorne-demo",
	"ud-napoleonic-demo",
};

static void
open_game(const char *name, struct game *g)
{
	const char *top = getenv("top_srcdir");
	char path[4096];
	struct diag_list dl;
	struct scenario sc;

	snprintf(path, sizeof path, "%s/data/scenarios/%s.yaml", top ? top : "..", name);
	diag_list_init(&dl, 20);
	if (!scenario_load(&sc, path, NULL, &dl)) {
		diag_print(&dl, stderr);
		fail_msg("%s: cannot open", path);
	}
	diag_list_free(&dl);
	game_start(g, &sc);
}

/* ---- the state, field by field ---------------------------------------------------- */

static void
assert_tset_equal(const struct tset *a, const struct tset *b)
{
	assert_int_equal(a->count, b->count);
	for (size_t i = 0; i < a->count; i++)
		assert_int_equal(a->items[i], b->items[i]);
}

static void
assert_unit_equal(const struct game_unit *a, const struct game_unit *b)
{
	assert_string_equal(a->id, b->id);
	assert_int_equal(a->side, b->side);
	assert_int_equal(a->cls, b->cls);
	assert_int_equal(a->hex.q, b->hex.q);
	assert_int_equal(a->hex.r, b->hex.r);
	assert_int_equal(a->strength, b->strength);
	assert_int_equal(a->max_strength, b->max_strength);
	assert_int_equal(a->formation, b->formation);
	assert_true(a->status == b->status);
	assert_int_equal(a->eliminated, b->eliminated);
	assert_int_equal(a->moved, b->moved);
	assert_int_equal(a->moved_onto, b->moved_onto);
	assert_int_equal(a->road_move, b->road_move);
	assert_int_equal(a->battled, b->battled);
	assert_int_equal(a->moved_cost, b->moved_cost);
	assert_int_equal(a->retreat_due, b->retreat_due);
	assert_int_equal(a->battle_back_vs, b->battle_back_vs);
	assert_int_equal(a->own.move, b->own.move);
	assert_int_equal(a->own.values_given, b->own.values_given);
	assert_memory_equal(a->own.values, b->own.values, sizeof a->own.values);
	for (size_t k = 0; k < sizeof a->own.dice / sizeof a->own.dice[0]; k++) {
		assert_int_equal(a->own.dice[k].n, b->own.dice[k].n);
		assert_memory_equal(a->own.dice[k].at, b->own.dice[k].at, sizeof a->own.dice[k].at);
	}
	assert_int_equal(a->halt.halted, b->halt.halted);
	assert_int_equal(a->halt.hex.q, b->halt.hex.q);
	assert_int_equal(a->halt.hex.r, b->halt.hex.r);
	/* the rule, in each game's own card: the same line of the same file */
	assert_int_equal(a->halt.rule == NULL, b->halt.rule == NULL);
	if (a->halt.rule != NULL) {
		assert_string_equal(a->halt.rule->file, b->halt.rule->file);
		assert_int_equal(a->halt.rule->line, b->halt.rule->line);
	}
	assert_int_equal(a->halt.words == NULL, b->halt.words == NULL);
	if (a->halt.words != NULL)
		assert_string_equal(a->halt.words, b->halt.words);
	assert_int_equal(a->charging, b->charging);
	assert_int_equal(a->ground_vs, b->ground_vs);
	assert_int_equal(a->ground.q, b->ground.q);
	assert_int_equal(a->ground.r, b->ground.r);
	assert_int_equal(a->bonus_taken, b->bonus_taken);
}

static void
assert_board_equal(const struct game *a, const struct game *b)
{
	size_t cells = (size_t)a->sc.board.columns * (size_t)a->sc.board.rows;

	for (size_t i = 0; i < cells; i++) {
		assert_tset_equal(&a->terrain[i], &b->terrain[i]);
		assert_int_equal(a->levels[i], b->levels[i]);
		assert_int_equal(a->unit_at[i], b->unit_at[i]);
	}
	assert_int_equal(a->nsides, b->nsides);
	for (size_t i = 0; i < a->nsides; i++) {
		assert_true(hexside_eq(a->sides[i].side, b->sides[i].side));
		assert_int_equal(a->sides[i].owner.q, b->sides[i].owner.q);
		assert_int_equal(a->sides[i].owner.r, b->sides[i].owner.r);
		assert_int_equal(a->sides[i].feature, b->sides[i].feature);
	}
	assert_int_equal(a->nstructures, b->nstructures);
	for (size_t i = 0; i < a->nstructures; i++) {
		const struct scen_structure *x = &a->structures[i], *y = &b->structures[i];
		assert_int_equal(x->hex.q, y->hex.q);
		assert_int_equal(x->hex.r, y->hex.r);
		assert_int_equal(x->dir, y->dir);
		assert_int_equal(x->terrain, y->terrain);
		assert_int_equal(x->strength, y->strength);
		assert_int_equal(x->hits, y->hits);
	}
}

static void
assert_text_equal(const char *a, const char *b)
{
	assert_int_equal(a == NULL, b == NULL);
	if (a != NULL)
		assert_string_equal(a, b);
}

/* The dice log and the battle result waiting to be applied. */
static void
assert_records_equal(const struct game *a, const struct game *b)
{
	assert_int_equal(a->nrolls, b->nrolls);
	for (size_t i = 0; i < a->nrolls; i++) {
		const struct dice_record *x = &a->rolls[i], *y = &b->rolls[i];
		assert_int_equal(x->bookmark, y->bookmark);
		assert_int_equal(x->turn, y->turn);
		assert_int_equal(x->typed, y->typed);
		assert_text_equal(x->phase, y->phase);
		assert_text_equal(x->side, y->side);
		assert_text_equal(x->who, y->who);
		assert_text_equal(x->dice, y->dice);
		assert_text_equal(x->modifiers, y->modifiers);
		assert_text_equal(x->result, y->result);
	}
	assert_int_equal(a->npending, b->npending);
	for (size_t i = 0; i < a->npending; i++) {
		const struct pending_effect *x = &a->pending[i], *y = &b->pending[i];
		assert_int_equal(x->unit, y->unit);
		assert_text_equal(x->code, y->code);
		assert_text_equal(x->words, y->words);
		assert_int_equal(x->disorder, y->disorder);
		assert_int_equal(x->lose, y->lose);
		assert_int_equal(x->retreat, y->retreat);
		assert_int_equal(x->status, y->status);
		assert_int_equal(x->eliminate, y->eliminate);
		assert_int_equal(x->reminder, y->reminder);
	}
}

static void
assert_game_equal(const struct game *a, const struct game *b)
{
	assert_records_equal(a, b);
	assert_int_equal(a->turn, b->turn);
	assert_int_equal(a->side, b->side);
	assert_int_equal(a->phase, b->phase);
	assert_int_equal(a->winner, b->winner);
	assert_int_equal(a->selected, b->selected);
	assert_memory_equal(a->settings, b->settings, sizeof a->settings);
	assert_board_equal(a, b);
	assert_int_equal(a->nunits, b->nunits);
	for (size_t i = 0; i < a->nunits; i++)
		assert_unit_equal(&a->units[i], &b->units[i]);
	for (size_t s = 0; s < a->sc.nteams; s++) {
		const struct dice_stats *x = &a->stats[s], *y = &b->stats[s];
		assert_int_equal(x->symbol_dice, y->symbol_dice);
		assert_int_equal(x->hits, y->hits);
		assert_true(x->hits_expected == y->hits_expected);
		assert_int_equal(x->number_dice, y->number_dice);
		assert_int_equal(x->pips, y->pips);
		assert_true(x->pips_expected == y->pips_expected);
	}
}

/* The game rebuilt from its scenario and the commands in force of g, with no
 * state kept on the way, compared with g. */
static void
assert_same_as_rebuilt(const char *name, const struct game *g)
{
	struct game full;
	size_t bad = 0;

	open_game(name, &full);
	full.checkpoint_every = SIZE_MAX;
	full.replaying = true;
	assert_true(command_replay(&full, &g->done, &bad));
	full.replaying = false;
	assert_int_equal(full.done.count, g->done.count);
	assert_game_equal(g, &full);
	game_free(&full);
}

/* The indexes a command keeps up to date as it goes (the unit in each hex, the
 * features on each hexside) are what they would be made anew from the state:
 * the first unit of the list standing in a hex, the features of the entries on
 * a side in the order of the list. */
static void
assert_indexes_fresh(const struct game *g)
{
	const struct hex_board *b = game_board(g);
	size_t cells = (size_t)b->columns * (size_t)b->rows;
	int *unit_at = xcalloc(cells, sizeof *unit_at);

	for (size_t i = 0; i < cells; i++)
		unit_at[i] = -1;
	for (size_t i = g->nunits; i-- > 0;)
		if (!g->units[i].eliminated && hex_on_board(b, g->units[i].hex))
			unit_at[scenario_hex_index(&g->sc, g->units[i].hex)] = (int)i;
	assert_memory_equal(unit_at, g->unit_at, cells * sizeof *unit_at);
	free(unit_at);
	for (size_t i = 0; i < g->nsides + g->nunits * HEX_DIRECTIONS; i++) {
		struct hexside side = i < g->nsides ? g->sides[i].side
		                      : hexside_of(g->units[(i - g->nsides) / HEX_DIRECTIONS].hex,
		                                   (int)((i - g->nsides) % HEX_DIRECTIONS));
		struct tset want = { .count = 0 }, got;
		for (size_t k = 0; k < g->nsides; k++)
			if (hexside_eq(g->sides[k].side, side) && !tset_has(&want, g->sides[k].feature))
				tset_add(&want, g->sides[k].feature);
		game_side_features(g, side, &got);
		assert_tset_equal(&want, &got);
	}
}

/* The commands in force as a game from before moves named their way recorded
 * them: a move whose way was searched ("move A 0102 0203 0304") as the hex it
 * went to ("move A 0304"), which a replay searches again. */
static size_t
as_old_records(const struct strlist *done, struct strlist *old)
{
	size_t ways = 0;

	memset(old, 0, sizeof *old);
	for (size_t i = 0; i < done->count; i++) {
		char *line = xstrdup(done->items[i]), *words[64], *save = NULL;
		struct strbuf s = { NULL, 0, 0 };
		int n = 0, last_hex = -1;
		bool move;

		for (char *w = strtok_r(line, " ", &save); w != NULL && n < 64;
		     w = strtok_r(NULL, " ", &save))
			words[n++] = w;
		move = n > 0 && strcmp(words[0], "move") == 0;
		for (int k = 2; move && k < n; k++)
			if (strspn(words[k], "0123456789") == strlen(words[k]))
				last_hex = k;
		for (int k = 0; k < n; k++)
			if (k < 2 || last_hex < 0 || k == last_hex ||
			    strspn(words[k], "0123456789") != strlen(words[k]))
				strbuf_addf(&s, "%s%s", k > 0 ? " " : "", words[k]);
		if (s.text == NULL)
			s.text = xstrdup("");
		ways += strcmp(s.text, done->items[i]) != 0;
		strlist_add(old, s.text);
		free(s.text);
		free(line);
	}
	return ways;
}

/* Old records replay to the same game: each move searched again finds the way
 * the new record names. Returns how many moves named their way. */
static size_t
assert_old_records_same(const char *name, const struct game *g)
{
	struct game old;
	struct strlist lines;
	size_t bad = 0, ways = as_old_records(&g->done, &lines);

	open_game(name, &old);
	old.replaying = true;
	assert_true(command_replay(&old, &lines, &bad));
	old.replaying = false;
	assert_int_equal(old.done.count, g->done.count);
	assert_game_equal(g, &old);
	/* and it records the way again */
	for (size_t i = 0; i < g->done.count; i++)
		assert_string_equal(old.done.items[i], g->done.items[i]);
	strlist_free(&lines);
	game_free(&old);
	return ways;
}

/* ---- random commands ---------------------------------------------------------------- */

struct mix {
	struct game *g;
	struct rng rng;
};

static uint32_t
pick(struct mix *m, uint32_t n)
{
	return n == 0 ? 0 : rng_below(&m->rng, n);
}

static const char *
unit_id(struct mix *m)
{
	return m->g->nunits > 0 ? m->g->units[pick(m, (uint32_t)m->g->nunits)].id : "none";
}

/* A hex near a unit (sometimes off the board: refused). */
static void
hex_near(struct mix *m, int steps, char at[HEX_LABEL_SIZE])
{
	struct hex h = { 0, 0 };

	if (m->g->nunits > 0)
		h = m->g->units[pick(m, (uint32_t)m->g->nunits)].hex;
	for (int i = 0; i < steps; i++)
		h = hex_neighbor(h, (int)pick(m, 6));
	hex_label(game_board(m->g), h, at);
}

/* A terrain of the card of one kind, or of any when none of it. */
static const char *
terrain_of(struct mix *m, enum terrain_kind kind)
{
	const struct card *c = game_card(m->g);
	size_t n = 0, want;

	for (size_t t = 0; t < c->nterrain; t++)
		n += c->terrain[t].kind == kind;
	want = pick(m, (uint32_t)(n > 0 ? n : c->nterrain));
	for (size_t t = 0; t < c->nterrain; t++)
		if ((n == 0 || c->terrain[t].kind == kind) && want-- == 0)
			return c->terrain[t].id;
	return "none";
}

static void
setup_command(struct mix *m, char *line, size_t size)
{
	const struct card *c = game_card(m->g);
	const char *const *dirs = hex_direction_names(game_board(m->g));
	char at[HEX_LABEL_SIZE];
	uint32_t what = pick(m, 9);

	hex_near(m, (int)pick(m, 2), at);
	if (what == 0)
		snprintf(line, size, "terrain %s %s", at, terrain_of(m, TERRAIN_HEX));
	else if (what == 1)
		snprintf(line, size, "hexside %s %s %s %s", pick(m, 2) ? "add" : "remove", at,
		         dirs[pick(m, 6)], terrain_of(m, pick(m, 2) ? TERRAIN_HEXSIDE : TERRAIN_PATH));
	else if (what == 2)
		snprintf(line, size, "level %s %u", at, pick(m, 3));
	else if (what == 3)
		snprintf(line, size, "token %s %s %s", pick(m, 3) ? "add" : "remove", at,
		         terrain_of(m, TERRAIN_TOKEN));
	else if (what == 4)
		snprintf(line, size, "structure %s %u", at, 1 + pick(m, 3));
	else if (what == 5)
		snprintf(line, size, "damage %s", at);
	else if (what == 6)
		snprintf(line, size, "unit add X%u %s %s %s", pick(m, 1000),
		         m->g->sc.teams[pick(m, (uint32_t)m->g->sc.nteams)].id,
		         c->classes[pick(m, (uint32_t)c->nclasses)].id, at);
	else if (what == 7)
		snprintf(line, size, "unit remove %s", unit_id(m));
	else
		snprintf(line, size, "unit set %s strength=%u hex=%s", unit_id(m), pick(m, 3), at);
}

static void
random_command(struct mix *m, char *line, size_t size)
{
	uint32_t roll = pick(m, 100);
	char at[HEX_LABEL_SIZE];

	if (roll < 35 && m->g->nunits > 0) {
		/* a step or two from where the unit stands: most such moves are made */
		const struct game_unit *u = &m->g->units[pick(m, (uint32_t)m->g->nunits)];
		struct hex h = u->hex;
		for (int steps = 1 + (int)pick(m, 2); steps > 0; steps--)
			h = hex_neighbor(h, (int)pick(m, 6));
		hex_label(game_board(m->g), h, at);
		snprintf(line, size, "move %s %s", u->id, at);
	} else if (roll < 50) {
		const char *a = unit_id(m);
		snprintf(line, size, "%s %s %s", pick(m, 2) ? "battle" : "fire", a, unit_id(m));
	} else if (roll < 52) {
		snprintf(line, size, "hit %s %u", unit_id(m), pick(m, 2) + 1);
	} else if (roll < 54) {
		/* a battle's result: applied, or a retreat it gave */
		if (pick(m, 2))
			snprintf(line, size, "apply");
		else
			snprintf(line, size, "retreat %s", unit_id(m));
	} else if (roll < 57) {
		snprintf(line, size, "note \"a note %u\"", pick(m, 100));
	} else if (roll < 72) {
		setup_command(m, line, size);
	} else if (roll < 82) {
		snprintf(line, size, "%s", pick(m, 2) ? "phase next" : "turn end");
	} else if (roll < 94) {
		snprintf(line, size, "undo");
	} else {
		snprintf(line, size, "redo");
	}
	if (pick(m, 10) == 0 && strncmp(line, "undo", 4) != 0 && strncmp(line, "redo", 4) != 0)
		snprintf(line + strlen(line), size - strlen(line), " --force");
}

static size_t
play_and_compare(const char *name, size_t every, uint64_t seed)
{
	struct mix m;
	struct game g;
	size_t undos = 0, ways;

	open_game(name, &g);
	rng_seed(&g.rng, seed);
	g.checkpoint_every = every;
	m.g = &g;
	rng_seed(&m.rng, seed + 1);
	for (int i = 0; i < COMMANDS; i++) {
		struct command_result res;
		char line[256];
		bool ok;
		random_command(&m, line, sizeof line);
		ok = command_run(&g, line, &res);
		command_result_free(&res);
		assert_indexes_fresh(&g);
		if (ok && res.kind == COMMAND_META) {
			undos += line[0] == 'u';
			assert_same_as_rebuilt(name, &g);
		}
	}
	assert_same_as_rebuilt(name, &g);
	ways = assert_old_records_same(name, &g);
	assert_true(undos > 10);
	game_free(&g);
	return ways;
}

static void
undo_matches_rebuild(void **state)
{
	static const size_t every[] = { 1, 3, 8, 0 };

	(void)state;
	for (size_t s = 0; s < sizeof scenarios / sizeof scenarios[0]; s++) {
		size_t ways = 0;
		for (size_t e = 0; e < sizeof every / sizeof every[0]; e++)
			for (uint64_t seed = 1; seed <= 2; seed++)
				ways += play_and_compare(scenarios[s], every[e], seed * 7919 + e);
		/* moves to a hex two steps off were searched, and named their way */
		assert_true(ways > 0);
	}
}

/* Many undos in a row walk back over many kept states, then redo walks forward
 * again: each step the same as a rebuild. */
static void
long_walk_back_and_forth(void **state)
{
	struct mix m;
	struct game g;

	(void)state;
	open_game("napoleonic-tec-demo", &g);
	rng_seed(&g.rng, 5);
	g.checkpoint_every = 4;
	m.g = &g;
	rng_seed(&m.rng, 11);
	while (g.done.count < 120) {
		struct command_result res;
		char line[256];
		random_command(&m, line, sizeof line);
		if (strcmp(line, "undo") == 0 || strcmp(line, "redo") == 0)
			continue;
		command_run(&g, line, &res);
		command_result_free(&res);
	}
	for (const char *step = "undo"; step != NULL; step = strcmp(step, "undo") == 0 ? "redo" : NULL) {
		for (;;) {
			struct command_result res;
			bool ok = command_run(&g, step, &res);
			command_result_free(&res);
			if (!ok)
				break;
			assert_same_as_rebuilt("napoleonic-tec-demo", &g);
		}
	}
	assert_int_equal(g.done.count, 120);
	assert_int_equal(g.undone.count, 0);
	game_free(&g);
}

/* A demo game played at random until `count` commands are in force, and the
 * same game opened from them as a save is (the game rebuilding, as load.c
 * does). */
static void
play_and_open(struct game *played, struct game *opened, uint64_t seed, size_t count)
{
	struct mix m;
	size_t bad = 0;

	open_game("napoleonic-tec-demo", played);
	rng_seed(&played->rng, seed);
	m.g = played;
	rng_seed(&m.rng, seed + 4);
	while (played->done.count < count) {
		struct command_result res;
		char line[256];
		random_command(&m, line, sizeof line);
		command_run(played, line, &res);
		command_result_free(&res);
	}
	open_game("napoleonic-tec-demo", opened);
	opened->replaying = true;
	assert_true(command_replay_changes(opened, &played->done, &bad, NULL));
	opened->replaying = false;
	assert_game_equal(played, opened);
}

/* Undo back to the start, then redo to the end, every `check`th step the same
 * as a game rebuilt from the start. */
static void
walk_back_and_forth(struct game *g, size_t check)
{
	size_t steps = 0;

	for (const char *step = "undo"; step != NULL; step = strcmp(step, "undo") == 0 ? "redo" : NULL) {
		for (;; steps++) {
			struct command_result res;
			bool ok = command_run(g, step, &res);
			command_result_free(&res);
			if (!ok)
				break;
			if (steps % check == 0)
				assert_same_as_rebuilt("napoleonic-tec-demo", g);
		}
	}
}

/* A save's commands replayed as it is opened keep states half as often; undo
 * walks back over all of them and redo forward again, each step the same as a
 * rebuild. */
static void
walk_back_over_a_save(void **state)
{
	struct game played, opened;

	(void)state;
	play_and_open(&played, &opened, 9, 150);
	walk_back_and_forth(&opened, 1);
	assert_int_equal(opened.done.count, played.done.count);
	game_free(&played);
	game_free(&opened);
}

/* A long save opened: the states far from its end are kept sparsely (an undo
 * reaches them only after hundreds), and undo walks back over all of them and
 * redo forward again, every fifth step the same as a rebuild. */
static void
walk_back_far_over_a_save(void **state)
{
	struct game played, opened;
	size_t every;

	(void)state;
	play_and_open(&played, &opened, 21, 700);
	every = 2 * checkpoint_interval(&opened);
	/* fewer than a state every `every` commands: the far ones are
	 * CHECKPOINT_FAR times apart */
	assert_true(checkpoint_kept(&opened) > 0);
	assert_true(checkpoint_kept(&opened) < played.done.count / every);
	assert_true(checkpoint_kept(&opened) <=
	            CHECKPOINT_NEAR + 1 + played.done.count / (every * CHECKPOINT_FAR));
	walk_back_and_forth(&opened, 5);
	assert_int_equal(opened.done.count, played.done.count);
	assert_game_equal(&played, &opened);
	game_free(&played);
	game_free(&opened);
}

/* An undo into the sparsely kept past replays the wide gap once and keeps the
 * states it passes, as densely as play keeps them: walking back to the middle
 * of a long save leaves a state every interval behind, from the far state kept
 * before it, so that each undo after it replays a few commands
 * (checkpoint_replayed). */
static void
far_undo_keeps_states_passed(void **state)
{
	struct game played, opened;
	size_t every, middle;

	(void)state;
	play_and_open(&played, &opened, 21, 700);
	every = checkpoint_interval(&opened);
	middle = played.done.count / 2;
	while (opened.done.count > middle) {
		struct command_result res;
		assert_true(command_run(&opened, "undo", &res));
		command_result_free(&res);
	}
	/* the far states are 2 * every * CHECKPOINT_FAR apart as the save opens */
	assert_true(middle > 2 * every * CHECKPOINT_FAR);
	assert_true(checkpoint_kept(&opened) >= middle % (2 * every * CHECKPOINT_FAR) / every);
	assert_same_as_rebuilt("napoleonic-tec-demo", &opened);
	game_free(&played);
	game_free(&opened);
}

/* A halt keeps the words of the card's step that ended the move (strings the
 * unit owns, kept beside the state's bytes): undo past a later change brings
 * them back. */
static void
halt_words_come_back(void **state)
{
	static const char *const lines[] = { "move A2 0606 --force", "note after the halt", "undo" };
	struct game g;
	int a2;

	(void)state;
	open_game("great-war-demo", &g);
	g.checkpoint_every = 1;
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		struct command_result res;
		assert_true(command_run(&g, lines[i], &res));
		command_result_free(&res);
	}
	a2 = game_unit_find(&g, "A2");
	assert_true(g.units[a2].halt.halted);
	assert_non_null(g.units[a2].halt.words);
	assert_same_as_rebuilt("great-war-demo", &g);
	game_free(&g);
}

/* A battle's result waits to be applied, and its retreat to be made: undo of a
 * later change brings back the effects waiting (their codes and words) and the
 * dice log, as a rebuild from the start has them. */
static void
results_waiting_come_back(void **state)
{
	static const char *const lines[] = { "phase next", "fire F5 P2 roll=4", "note after it",
		                             "undo" };
	struct game g;

	(void)state;
	open_game("ud-napoleonic-demo", &g);
	g.checkpoint_every = 1;
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		struct command_result res;
		assert_true(command_run(&g, lines[i], &res));
		command_result_free(&res);
	}
	assert_true(g.npending > 0);
	assert_true(g.nrolls > 0);
	assert_same_as_rebuilt("ud-napoleonic-demo", &g);
	game_free(&g);
}

/* Two units in one hex (one eliminated there, another moved in, the first
 * brought back): the first of the list is the one standing there, as the
 * index made anew says; when it is eliminated again, the other. */
static void
units_sharing_a_hex(void **state)
{
	struct game g;
	char lines[4][128], at[HEX_LABEL_SIZE];

	(void)state;
	open_game("napoleonic-tec-demo", &g);
	assert_true(g.nunits >= 2);
	hex_label(game_board(&g), g.units[0].hex, at);
	snprintf(lines[0], sizeof lines[0], "hit %s 99", g.units[0].id);
	snprintf(lines[1], sizeof lines[1], "unit set %s hex=%s", g.units[1].id, at);
	snprintf(lines[2], sizeof lines[2], "unit set %s strength=1", g.units[0].id);
	snprintf(lines[3], sizeof lines[3], "hit %s 99", g.units[0].id);
	for (size_t i = 0; i < 4; i++) {
		struct command_result res;
		assert_true(command_run(&g, lines[i], &res));
		command_result_free(&res);
		assert_indexes_fresh(&g);
		assert_int_equal(game_unit_at(&g, g.units[0].hex), i == 2 ? 0 : i == 0 ? -1 : 1);
	}
	game_free(&g);
}

/* A way of more hexes than a command has words is recorded as the hex it went
 * to, as a line the journal and a save can carry: its replay searches it again.
 * A shorter way is recorded hex by hex. Both replay to the same game. */
static void
long_way_recorded_as_its_hex(void **state)
{
	const char *top = getenv("top_srcdir");
	char *name = xasprintf("%s/data/scenarios/long-way.yaml", top ? top : "..");
	struct strbuf text = { NULL, 0, 0 };
	struct game g, again;
	struct scenario sc;
	struct diag_list dl;
	size_t bad = 0;

	(void)state;
	strbuf_addf(&text, "kind: scenario\nschema: 1\nid: long-way\ntitle: A long way\n"
	                   "card: mini-nap\nboard: { columns: 70, rows: 2, orientation: pointy, "
	                   "offset: even }\nmap:\n  rows:\n");
	for (int row = 0; row < 2; row++) {
		strbuf_addf(&text, "    - \"");
		for (int col = 0; col < 70; col++)
			strbuf_addf(&text, "%s.", col > 0 ? " " : "");
		strbuf_addf(&text, "\"\n");
	}
	strbuf_addf(&text, "sides:\n  french: { name: French, home: north }\n"
	                   "  austrian: { name: Austrians, home: south }\nunits:\n"
	                   "  - { id: F1, side: french, class: infantry, hex: \"0101\", strength: 6, "
	                   "move: 99 }\n"
	                   "  - { id: A1, side: austrian, class: infantry, hex: \"7002\", "
	                   "strength: 6 }\nstart: { turn: 1, side: french }\n");
	diag_list_init(&dl, 20);
	for (int copy = 0; copy < 2; copy++) {
		if (!scenario_load_text(&sc, name, text.text, text.len, NULL, &dl)) {
			diag_print(&dl, stderr);
			fail_msg("%s: cannot load", name);
		}
		game_start(copy == 0 ? &g : &again, &sc);
	}
	diag_list_free(&dl);
	for (size_t i = 0; i < 2; i++) {
		struct command_result res;
		assert_true(command_run(&g, i == 0 ? "move F1 0301" : "move F1 7001", &res));
		command_result_free(&res);
	}
	assert_int_equal(g.done.count, 2);
	assert_string_equal(g.done.items[0], "move F1 0201 0301");
	assert_string_equal(g.done.items[1], "move F1 7001");
	again.replaying = true;
	assert_true(command_replay(&again, &g.done, &bad));
	again.replaying = false;
	assert_game_equal(&g, &again);
	game_free(&g);
	game_free(&again);
	free(text.text);
	free(name);
}

/* A unit removed takes with it what the state owes against it, and the
 * indexes of the units after it go down by one: a battle back, the ground to
 * take, a result's effects waiting. (A random game found a battle back left
 * pointing past the units after a removal.) */
static void
removed_unit_owes_nothing(void **state)
{
	struct command_result res;
	struct game g;
	char line[128];
	char *keep;

	(void)state;
	open_game("great-war-demo", &g);
	assert_true(g.nunits >= 4);
	keep = xstrdup(g.units[3].id);
	g.units[0].battle_back_vs = 2;   /* against unit 1, which goes */
	g.units[2].battle_back_vs = 4;   /* against unit 3, which becomes 2 */
	g.units[2].ground_vs = 2;
	g.pending = xcalloc(2, sizeof *g.pending);
	g.cap_pending = 2;
	g.npending = 2;
	g.pending[0] = (struct pending_effect){ .unit = 1, .code = xstrdup("R1"),
		                                .words = xstrdup("retreats 1"), .retreat = 1,
		                                .status = -1 };
	g.pending[1] = (struct pending_effect){ .unit = 3, .code = xstrdup("D"),
		                                .words = xstrdup("disordered"), .disorder = 1,
		                                .status = -1 };
	snprintf(line, sizeof line, "unit remove %s --force", g.units[1].id);
	assert_true(command_run(&g, line, &res));
	command_result_free(&res);
	assert_int_equal(g.units[0].battle_back_vs, 0);
	assert_int_equal(g.units[1].battle_back_vs, 3);
	assert_string_equal(g.units[2].id, keep);
	assert_int_equal(g.units[1].ground_vs, 0);
	assert_int_equal(g.npending, 1);
	assert_int_equal(g.pending[0].unit, 2);
	assert_string_equal(g.pending[0].code, "D");
	free(keep);
	game_free(&g);
}

/* ---- a save opened again is the game played ---------------------------------------- */

static void
assert_lists_equal(const struct strlist *a, const struct strlist *b)
{
	assert_int_equal(a->count, b->count);
	for (size_t i = 0; i < a->count; i++)
		assert_string_equal(a->items[i], b->items[i]);
}

/* What a query says on each game: the same lines (nothing left blank by a
 * quiet replay). */
static void
assert_says_the_same(struct game *a, struct game *b, const char *line)
{
	struct command_result x, y;

	command_run(a, line, &x);
	command_run(b, line, &y);
	assert_int_equal(x.ok, y.ok);
	assert_lists_equal(&x.lines, &y.lines);
	command_result_free(&x);
	command_result_free(&y);
}

/* A battle against the nearest enemy, which is often fought. */
static void
battle_nearest(struct mix *m, char *line, size_t size)
{
	const struct game *g = m->g;
	int a = (int)pick(m, (uint32_t)g->nunits), t = -1, best = 0;

	for (size_t i = 0; i < g->nunits; i++) {
		int d = hex_distance(g->units[a].hex, g->units[i].hex);
		if (g->units[i].side != g->units[a].side && !g->units[i].eliminated &&
		    (t < 0 || d < best)) {
			t = (int)i;
			best = d;
		}
	}
	snprintf(line, size, "%s %s %s%s", pick(m, 2) ? "battle" : "fire", g->units[a].id,
	         t >= 0 ? g->units[t].id : "none", pick(m, 3) == 0 ? " --force" : "");
}

/* A demo game played at random (moves, battles, results applied, retreats,
 * notes, changes to the table, phases, turn ends, undo and redo) until `count`
 * changes are in force; the number of battles fought in it. */
static size_t
play_at_random(struct game *g, const char *name, uint64_t seed, size_t count)
{
	struct mix m;
	size_t fought = 0;

	open_game(name, g);
	rng_seed(&g->rng, seed);
	m.g = g;
	rng_seed(&m.rng, seed + 17);
	for (int tries = 0; g->done.count < count && tries < 20 * (int)count; tries++) {
		struct command_result res;
		char line[256];
		size_t rolls = g->nrolls;
		bool ok;
		if (g->nunits > 0 && pick(&m, 4) == 0)
			battle_nearest(&m, line, sizeof line);
		else
			random_command(&m, line, sizeof line);
		ok = command_run(g, line, &res);
		fought += ok && res.kind == COMMAND_CHANGE && g->nrolls > rolls &&
		          (strncmp(line, "battle", 6) == 0 || strncmp(line, "fire", 4) == 0);
		command_result_free(&res);
	}
	return fought;
}

/* The game saved, opened from its text (parsed, the commands replayed quietly)
 * and the same commands run out loud one by one from the scenario: all three
 * the same game, and every query answers the same on the opened game as on the
 * played one. */
static void
assert_reopened_same(struct game *played, const char *name)
{
	char *text = save_text(played);
	struct game opened, loud;
	struct diag_list dl;

	diag_list_init(&dl, 20);
	if (!save_load_text(&opened, "reopened.sav", text, strlen(text), NULL, &dl)) {
		diag_print(&dl, stderr);
		fail_msg("%s: the save does not open again", name);
	}
	diag_list_free(&dl);
	free(text);
	open_game(name, &loud);
	for (size_t i = 0; i < played->done.count; i++) {
		struct command_result res;
		bool ok = command_run(&loud, played->done.items[i], &res);
		if (!ok)
			fail_msg("%s: %s no longer applies", name, played->done.items[i]);
		command_result_free(&res);
	}
	assert_game_equal(played, &opened);
	assert_game_equal(&loud, &opened);
	assert_lists_equal(&played->done, &opened.done);
	assert_lists_equal(&played->undone, &opened.undone);
	assert_lists_equal(&played->log, &opened.log);
	assert_says_the_same(played, &opened, "show state");
	assert_says_the_same(played, &opened, "show stats");
	assert_says_the_same(played, &opened, "rolls");
	assert_says_the_same(played, &opened, "may");
	for (size_t i = 0; i < played->nunits; i++) {
		char line[128];
		snprintf(line, sizeof line, "show unit %s", played->units[i].id);
		assert_says_the_same(played, &opened, line);
	}
	game_free(&loud);
	/* taken back halfway by undos, which replay from the states kept as it
	 * opened, with the steps it remembers from the whole game: the game played
	 * that far */
	open_game(name, &loud);
	for (size_t i = 0; i < played->done.count / 2; i++) {
		struct command_result res;
		if (!command_run(&loud, played->done.items[i], &res))
			fail_msg("%s: %s no longer applies", name, played->done.items[i]);
		command_result_free(&res);
	}
	while (opened.done.count > loud.done.count) {
		struct command_result res;
		if (!command_run(&opened, "undo", &res))
			fail_msg("%s: undo refused with %zu in force", name, opened.done.count);
		command_result_free(&res);
	}
	assert_game_equal(&loud, &opened);
	assert_lists_equal(&loud.done, &opened.done);
	game_free(&loud);
	game_free(&opened);
}

/* Random games of every demo scenario, seeded: each saved and opened again is
 * the game played (issue 32: a faster open never changes a game). */
static void
reopened_save_is_the_game(void **state)
{
	size_t fought = 0;

	(void)state;
	for (size_t s = 0; s < sizeof scenarios / sizeof scenarios[0]; s++)
		for (uint64_t seed = 1; seed <= 3; seed++) {
			struct game played;
			fought += play_at_random(&played, scenarios[s], seed * 104729 + s, 120);
			assert_reopened_same(&played, scenarios[s]);
			game_free(&played);
		}
	/* battles were fought, and their results applied or waiting */
	assert_true(fought > 20);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(undo_matches_rebuild),
		cmocka_unit_test(long_walk_back_and_forth),
		cmocka_unit_test(walk_back_over_a_save),
		cmocka_unit_test(walk_back_far_over_a_save),
		cmocka_unit_test(far_undo_keeps_states_passed),
		cmocka_unit_test(halt_words_come_back),
		cmocka_unit_test(results_waiting_come_back),
		cmocka_unit_test(units_sharing_a_hex),
		cmocka_unit_test(long_way_recorded_as_its_hex),
		cmocka_unit_test(removed_unit_owes_nothing),
		cmocka_unit_test(reopened_save_is_the_game),
	};

	return cmocka_run_group_tests_name("undo", tests, NULL, NULL);
}
