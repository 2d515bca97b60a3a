/* test-hexsides.c: a hexside feature belongs to the hexside, not to one bank.
 * For every shipped card (played on its demo scenario), every hexside feature,
 * every attacking and defending class, every combat type and each of the six
 * directions, the feature is listed under the attacker's hex and then under the
 * target's: the battle, the protection and the moves across it must come out
 * the same, word for word, whichever hex the scenario named and whichever way
 * the side faces. A feature the card says encloses a hex (encloses: true) is
 * the one exception: listed under the target's hex the attack goes in, listed
 * under the attacker's it goes out, each the same in all six directions.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "load.h"
#include "strutil.h"
#include "testutil.h"
#include "xmalloc.h"

/* Everything an answer says, as one text to compare. */
static char *
answer_text(const struct battle_answer *b, const struct protection_answer *p)
{
	char *steps = explain_text(&b->why), *prot = explain_text(&p->why);
	char *all = xasprintf("may %d dice %ld/%d drm %ld def %ld dis %ld tie %ld/%d | %s | "
	                      "ignores %ld/%ld none %d | %s",
	                      b->may_battle, b->dice, b->halvings, b->drm, b->defense, b->disorder,
	                      b->tie, b->tie_rules, steps, p->ignore_hits, p->ignore_flags, p->none,
	                      prot);

	free(steps);
	free(prot);
	return all;
}

static char *
move_text(const struct game *g, int unit, struct hex from, struct hex to)
{
	struct move_answer m;
	struct move_how how;
	bool stop;
	long cost;
	char *steps, *all;

	game_move_how_init(&how);
	cost = game_step_cost(g, unit, from, to, &how, &stop, &m);
	steps = explain_text(&m.why);
	all = xasprintf("cost %ld stop %d after %d cannot %d allowance %ld | %s", cost, stop,
	                m.stop_after_leaving, m.cannot_stop_here, m.allowance, steps);
	free(steps);
	explain_free(&m.why);
	return all;
}

/* The board bare: no hexside features, the two hexes without terrain at level 0,
 * and only the two units on it. */
static void
clear_board(struct game *g, int a, int t, struct hex ha, struct hex ht)
{
	while (g->nsides > 0)
		assert_true(game_side_remove(g, g->sides[0].side, g->sides[0].feature));
	for (size_t i = 0; i < g->nunits; i++)
		g->units[i].eliminated = (int)i != a && (int)i != t;
	game_hex_terrain(g, ha)->count = 0;
	game_hex_terrain(g, ht)->count = 0;
	g->levels[scenario_hex_index(&g->sc, ha)] = 0;
	g->levels[scenario_hex_index(&g->sc, ht)] = 0;
	g->units[a].hex = ha;
	g->units[t].hex = ht;
	g->units[a].status = g->units[t].status = 0;
	g->units[a].formation = g->units[t].formation = -1;
	game_units_changed(g);
}

struct probe {
	struct game *g;
	int feature, a, t;
	int acls, tcls, combat;
};

/* What one listing in one direction answers: the battle and the moves both ways. */
static void
answers(struct probe *p, int dir, bool under_attacker, char **battle, char **moves)
{
	struct game *g = p->g;
	const struct hex_board *b = game_board(g);
	struct hex ha = hex_from_offset(b, b->columns / 2, b->rows / 2), ht = hex_neighbor(ha, dir);
	struct situation sit;
	struct battle_answer ba;
	struct protection_answer pa;
	char *there, *back;

	clear_board(g, p->a, p->t, ha, ht);
	g->units[p->a].cls = p->acls;
	g->units[p->t].cls = p->tcls;
	if (under_attacker)
		assert_true(game_side_add(g, ha, dir, p->feature));
	else
		assert_true(game_side_add(g, ht, (dir + 3) % HEX_DIRECTIONS, p->feature));
	game_battle_situation(g, p->a, p->t, p->combat, &sit);
	assert_true(tset_has(&sit.crossed, p->feature));
	assert_int_equal(sit.facts[FACT_ATTACKING_OUT],
	                 game_card(g)->terrain[p->feature].encloses && under_attacker);
	terrain_battle(game_card(g), &sit, &ba);
	terrain_protection(game_card(g), &sit, &pa);
	*battle = answer_text(&ba, &pa);
	explain_free(&ba.why);
	explain_free(&pa.why);
	there = move_text(g, p->a, ha, ht);
	g->units[p->a].hex = hex_neighbor(ht, dir);  /* out of the way */
	game_units_changed(g);
	back = move_text(g, p->t, ht, ha);
	*moves = xasprintf("%s || %s", there, back);
	free(there);
	free(back);
}

static void
same(const char *card, const struct probe *p, const char *what, const char *want, const char *got,
     int dir, bool under_attacker)
{
	const struct card *c = game_card(p->g);

	if (strcmp(want, got) == 0)
		return;
	fail_msg("%s: %s across %s (%s against %s, %s combat), listed under the %s's hex, "
	         "direction %d:\n  want %s\n  got  %s",
	         card, what, c->terrain[p->feature].id, c->classes[p->acls].id,
	         c->classes[p->tcls].id, c->words[WL_COMBAT].words[p->combat],
	         under_attacker ? "attacker" : "target", dir, want, got);
}

/* All six directions and both listings of one feature for one pair of classes. */
static void
probe_feature(const char *card, struct probe *p)
{
	bool encloses = game_card(p->g)->terrain[p->feature].encloses;
	char *first_battle[2] = { NULL, NULL }, *first_moves = NULL;

	for (int dir = 0; dir < HEX_DIRECTIONS; dir++)
		for (int listing = 0; listing < 2; listing++) {
			bool under_attacker = listing == 1;
			int group = encloses && under_attacker;
			char *battle, *moves;

			answers(p, dir, under_attacker, &battle, &moves);
			if (first_battle[group] == NULL)
				first_battle[group] = xstrdup(battle);
			if (first_moves == NULL)
				first_moves = xstrdup(moves);
			same(card, p, "the battle", first_battle[group], battle, dir, under_attacker);
			same(card, p, "the moves", first_moves, moves, dir, under_attacker);
			free(battle);
			free(moves);
		}
	free(first_battle[0]);
	free(first_battle[1]);
	free(first_moves);
}

/* The first unit of each of two sides. */
static void
two_sides(const struct game *g, int *a, int *t)
{
	*a = *t = -1;
	for (size_t i = 0; i < g->nunits; i++) {
		if (*a < 0)
			*a = (int)i;
		else if (*t < 0 && g->units[i].side != g->units[*a].side)
			*t = (int)i;
	}
	assert_true(*a >= 0 && *t >= 0);
}

static void
check_card(const char *id)
{
	struct game g;
	struct probe p = { .g = &g };
	size_t features = 0;

	open_card_demo(id, &g);
	two_sides(&g, &p.a, &p.t);
	for (size_t f = 0; f < game_card(&g)->nterrain; f++) {
		const struct card *c = game_card(&g);

		if (c->terrain[f].kind != TERRAIN_HEXSIDE)
			continue;
		features++;
		p.feature = (int)f;
		for (size_t a = 0; a < c->nclasses; a++)
			for (size_t t = 0; t < c->nclasses; t++)
				for (size_t k = 0; k < c->words[WL_COMBAT].count; k++) {
					p.acls = (int)a;
					p.tcls = (int)t;
					p.combat = (int)k;
					probe_feature(id, &p);
				}
	}
	if (features == 0)
		print_message("# %s has no hexside features\n", id);
	game_free(&g);
}

int
main(void)
{
	return run_card_tests("hexsides", check_card);
}
