/* test-steps.c: a search asks a unit's steps through game_steps_cost, which
 * works out once what every step shares and remembers the card's answer for
 * each different thing a step meets; it must answer each step as
 * game_step_cost_quiet does alone. So must the answers a game remembers for
 * the life of its board (game_step_cost_remembered, and leaving a hex:
 * game_leave_stops_remembered), asked of the same game as it is shaken, its
 * settings chosen anew each time. For every shipped card, on its demo board
 * as shipped and then shaken (terrain, tokens, levels, hexside features and
 * roads, units moved about, their statuses and formations, at random), every
 * unit, several ways of moving and every step between two hexes of the board:
 * the same cost, the same stop, the same answer and the same steps.
 * And a battle's situation as play builds it from the map and its units, and as
 * explain completes the same question from the classes and the terrain
 * (situation_complete, one function for both: ratings, beyond_range,
 * from_lower), give the same steps for every pair of units on the demo as
 * shipped whose values and levels come from their classes and terrain.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "explain.h"
#include "load.h"
#include "terrain.h"
#include "rng.h"
#include "testutil.h"
#include "xmalloc.h"

#define ROUNDS 4        /* boards shaken after the one as shipped */
#define HOWS 4          /* ways of moving asked for each unit */

static void
assert_same_answer(const struct move_answer *want, const struct move_answer *got,
                   const char *where)
{
	if (want->prohibited != got->prohibited || want->must_stop != got->must_stop ||
	    want->stop_after_leaving != got->stop_after_leaving ||
	    want->half_rate != got->half_rate || want->cannot_stop != got->cannot_stop ||
	    want->no_charge != got->no_charge || want->cannot_stop_here != got->cannot_stop_here ||
	    want->pass_through != got->pass_through || want->cost != got->cost ||
	    want->cost_to_enter != got->cost_to_enter || want->has_cost != got->has_cost ||
	    want->allowance != got->allowance || want->disorder != got->disorder ||
	    want->road_bonus != got->road_bonus || want->road_rate != got->road_rate ||
	    want->why.count != got->why.count || got->why.quiet != true)
		fail_msg("%s: the search's answer differs", where);
	for (size_t i = 0; i < want->why.count; i++) {
		const struct step *w = &want->why.steps[i], *g = &got->why.steps[i];

		if (w->kind != g->kind || w->effect != g->effect || w->rule != g->rule ||
		    w->value != g->value || w->absolute != g->absolute || w->halves != g->halves ||
		    w->assumed != g->assumed || g->text != NULL)
			fail_msg("%s: step %zu differs", where, i);
	}
}

/* Terrain of a kind, at random; -1 when the card has none. */
static int
any_terrain(const struct card *card, enum terrain_kind kind, struct rng *rng)
{
	int found = -1, seen = 0;

	for (size_t t = 0; t < card->nterrain; t++)
		if (card->terrain[t].kind == kind && rng_below(rng, (uint32_t)++seen) == 0)
			found = (int)t;
	return found;
}

/* Shake the board: new terrain, tokens and levels in a third of the hexes,
 * hexside features and roads on some sides, the units moved to hexes at random
 * (two may share one: a step into a friend's hex is asked too). */
static void
shake(struct game *g, struct rng *rng)
{
	const struct card *card = game_card(g);
	const struct hex_board *b = game_board(g);

	for (int c = 0; c < b->columns; c++)
		for (int r = 0; r < b->rows; r++) {
			struct hex h = hex_from_offset(b, c, r);
			struct tset *set = game_hex_terrain(g, h);
			int t;

			if (rng_below(rng, 3) == 0) {
				set->count = 0;
				if ((t = any_terrain(card, TERRAIN_HEX, rng)) >= 0)
					tset_add(set, t);
				if (rng_below(rng, 3) == 0 && (t = any_terrain(card, TERRAIN_TOKEN, rng)) >= 0)
					tset_add(set, t);
				if (rng_below(rng, 4) == 0 && (t = any_terrain(card, TERRAIN_PATH, rng)) >= 0)
					tset_add(set, t);
			}
			if (rng_below(rng, 3) == 0)
				g->levels[scenario_hex_index(&g->sc, h)] = (int)rng_below(rng, 4);
			for (int dir = 0; dir < 3; dir++) {
				uint32_t pick = rng_below(rng, 8);
				int f = pick == 0 ? any_terrain(card, TERRAIN_HEXSIDE, rng)
				        : pick == 1 ? any_terrain(card, TERRAIN_PATH, rng) : -1;
				if (f >= 0)
					game_side_add(g, h, dir, f);
			}
		}
	for (size_t i = 0; i < g->nunits; i++) {
		size_t statuses = card->words[WL_STATUS].count;
		size_t formations = card->words[WL_FORMATION].count;

		g->units[i].hex = hex_from_offset(b, (int)rng_below(rng, (uint32_t)b->columns),
		                                  (int)rng_below(rng, (uint32_t)b->rows));
		g->units[i].status = 0;
		for (size_t k = 0; k < statuses && k < 64; k++)
			if (rng_below(rng, 3) == 0)
				g->units[i].status |= (uint64_t)1 << k;
		g->units[i].formation = (int)rng_below(rng, (uint32_t)formations + 1) - 1;
	}
	for (size_t i = 0; i < card->nsettings && i < MAX_SETTINGS; i++)
		g->settings[i] = (int)rng_below(rng, (uint32_t)card->settings[i].nchoices + 1) - 1;
	game_units_changed(g);
}

/* A way of moving: off road, along roads, and with the facts of a move said
 * true or false at random. */
static void
how_for(int k, struct rng *rng, struct move_how *how)
{
	game_move_how_init(how);
	how->road = k == 1 || (k == 3 && rng_below(rng, 2) == 0);
	if (k >= 2)
		for (int f = 0; f < N_FACTS; f++)
			if (fact_info[f].type == FT_BOOL && rng_below(rng, 3) != 0)
				how->given[f] = (signed char)rng_below(rng, 2);
}

/* Every step of the board for one unit moving one way, asked of a search and
 * alone; returns how many. */
static size_t
compare_steps(const char *id, struct game *g, int unit, const struct move_how *how,
              bool remembered)
{
	const struct hex_board *b = game_board(g);
	struct step_search *s = game_steps_start(g, unit, how);
	size_t steps = 0;

	for (int c = 0; c < b->columns; c++)
		for (int r = 0; r < b->rows; r++)
			for (int dir = 0; dir < HEX_DIRECTIONS; dir++) {
				struct hex from = hex_from_offset(b, c, r), to = hex_neighbor(from, dir);
				const struct move_answer *got;
				struct move_answer want;
				bool want_stop = false, got_stop = false;
				long want_cost, got_cost;
				char where[160], a[HEX_LABEL_SIZE], z[HEX_LABEL_SIZE];

				if (!hex_on_board(b, to))
					continue;
				hex_label(b, from, a);
				hex_label(b, to, z);
				snprintf(where, sizeof where, "%s: %s from %s to %s", id, g->units[unit].id,
				         a, z);
				want_cost = game_step_cost_quiet(g, unit, from, to, how, &want_stop, &want);
				got_cost = game_steps_cost(s, from, to, &got_stop, &got);
				if (want_cost != got_cost || want_stop != got_stop)
					fail_msg("%s: cost %ld stop %d, alone %ld stop %d", where, got_cost,
					         got_stop, want_cost, want_stop);
				assert_same_answer(&want, got, where);
				steps++;
				if (!remembered) {
					explain_free(&want.why);
					continue;
				}
				got_cost = game_step_cost_remembered(g, unit, from, to, how, &got_stop, &got);
				if (want_cost != got_cost || want_stop != got_stop)
					fail_msg("%s: remembered cost %ld stop %d, alone %ld stop %d", where,
					         got_cost, got_stop, want_cost, want_stop);
				assert_same_answer(&want, got, where);
				explain_free(&want.why);
				/* leaving: the hex's own, once */
				if (dir > 0)
					continue;
				game_leave_quiet(g, unit, from, how, &want);
				if (want.stop_after_leaving !=
				    game_leave_stops_remembered(g, unit, from, how))
					fail_msg("%s: leaving, remembered, is not asked alone", where);
				explain_free(&want.why);
			}
	game_steps_free(s);
	return steps;
}

/* Is the unit's value of this use its own (the scenario's), not its class's? */
static bool
own_value(const struct game *g, int u, enum value_use use)
{
	int v = card_value_of_use(game_card(g), use);

	return v >= 0 && ((g->units[u].own.values_given >> v) & 1u) != 0;
}

/* Play's battle answer and explain's for the same question: the play situation
 * with what it completes forgotten, but what explain would be told in words (a
 * unit's own value, from_lower where the map sets a level), completed again from
 * the classes and the terrain (what `hexaid explain` knows); the same steps,
 * words and all. */
static void
same_battle(const char *id, struct game *g, int a, int t, int combat)
{
	const struct card *card = game_card(g);
	struct hex ha = g->units[a].hex, ht = g->units[t].hex;
	bool levels_said = game_hex_level(g, ha) != terrain_level(card, game_hex(g, ha)) ||
	                   game_hex_level(g, ht) != terrain_level(card, game_hex(g, ht));
	struct situation play, asked;
	struct situation_sides s;
	struct battle_answer pa, ea;

	game_battle_situation(g, a, t, combat, &play);
	asked = play;
	if (!own_value(g, a, VALUE_USE_RATING))
		asked.numbers[FACT_ATTACKER_RATING] = -1;
	if (!own_value(g, t, VALUE_USE_RATING))
		asked.numbers[FACT_TARGET_RATING] = -1;
	if (!own_value(g, a, VALUE_USE_RANGE))
		asked.numbers[FACT_BEYOND_RANGE] = -1;
	if (!levels_said)
		asked.facts[FACT_FROM_LOWER] = false;
	situation_sides_of_classes(card, &asked, &s);
	if (levels_said)
		s.level[0] = s.level[1] = -1;
	situation_complete(&asked, &s);
	terrain_battle(card, &play, &pa);
	terrain_battle(card, &asked, &ea);
	if (pa.dice != ea.dice || pa.drm != ea.drm || pa.defense != ea.defense ||
	    pa.why.count != ea.why.count)
		fail_msg("%s: %s against %s: explain's answer is not play's", id, g->units[a].id,
		         g->units[t].id);
	for (size_t i = 0; i < pa.why.count; i++)
		if (pa.why.steps[i].value != ea.why.steps[i].value ||
		    !str_eq(pa.why.steps[i].text, ea.why.steps[i].text))
			fail_msg("%s: %s against %s: step %zu differs", id, g->units[a].id,
			         g->units[t].id, i);
	explain_free(&pa.why);
	explain_free(&ea.why);
}

static void
compare_battles(const char *id, struct game *g)
{
	size_t compared = 0;

	for (size_t a = 0; a < g->nunits; a++)
		for (size_t t = 0; t < g->nunits; t++)
			for (size_t c = 0; g->units[a].side != g->units[t].side &&
			                   c < game_card(g)->words[WL_COMBAT].count; c++)
				same_battle(id, g, (int)a, (int)t, (int)c), compared++;
	assert_true(compared > 0);
}

static void
check_card(const char *id)
{
	struct game g;
	struct rng rng;
	size_t steps = 0;

	open_card_demo(id, &g);
	/* the card's condition entries, listed once it was read: each in order */
	{
		const struct card *card = game_card(&g);
		size_t k = 0;

		for (size_t t = 0; t < card->nterrain; t++)
			if (card->terrain[t].kind == TERRAIN_CONDITION) {
				assert_true(k < card->nconditions);
				assert_int_equal(card->conditions[k++], (int)t);
			}
		assert_int_equal(k, card->nconditions);
	}
	compare_battles(id, &g);
	rng_seed(&rng, 19);
	for (int round = 0; round <= ROUNDS; round++) {
		if (round > 0)
			shake(&g, &rng);
		for (size_t u = 0; u < g.nunits; u++)
			for (int k = 0; k < HOWS; k++) {
				struct move_how how;
				how_for(k, &rng, &how);
				/* the game's memory asked for half the ways of moving */
				steps += compare_steps(id, &g, (int)u, &how, k % 2 == 1);
			}
	}
	assert_true(steps > 0);
	game_free(&g);
}

int
main(void)
{
	return run_card_tests("steps", check_card);
}
