/* test-headlines.c: every headline of a battle's answer is the sum of the steps
 * it shows, for every shipped card: the dice, the die-roll and defender's
 * modifiers, the hits and flags the target ignores. Situations are drawn from
 * each card's own classes, combat types, terrain and facts (a fixed seed), so
 * that every rule of every card gets its turn.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "rng.h"
#include "terrain.h"
#include "testutil.h"

#define CARDS 5
#define SITUATIONS 4000

static const char *const cards[CARDS] = { "great-war", "mini-nap", "napoleonic-tec", "tricorne",
	                                  "ud-napoleonic" };

static int
pick(struct rng *r, int n)
{
	return n > 0 ? (int)rng_below(r, (uint32_t)n) : -1;
}

/* Terrain of the kinds given, a few of them, into set. */
static void
some_terrain(const struct card *card, struct rng *r, bool hexside, struct tset *set)
{
	int n = pick(r, 3);

	for (int i = 0; i < n; i++) {
		int t = pick(r, (int)card->nterrain);
		if ((card->terrain[t].kind == TERRAIN_HEXSIDE) == hexside)
			tset_add(set, t);
	}
}

static void
random_situation(const struct card *card, struct rng *r, struct situation *sit)
{
	situation_init(sit);
	sit->attacker = pick(r, (int)card->nclasses);
	sit->target = pick(r, (int)card->nclasses);
	sit->combat = pick(r, (int)card->words[WL_COMBAT].count);
	sit->fire = card->words[WL_FIRE].count > 0 ? pick(r, (int)card->words[WL_FIRE].count) : -1;
	sit->attacker_status = rng_below(r, 4) == 0 ? UINT64_C(1) : 0;
	sit->target_status = rng_below(r, 4) == 0 ? UINT64_C(1) : 0;
	some_terrain(card, r, false, &sit->attacker_on);
	some_terrain(card, r, false, &sit->target_on);
	some_terrain(card, r, true, &sit->crossed);
	for (int f = 0; f < N_FACTS; f++)
		if (fact_info[f].type == FT_BOOL)
			sit->facts[f] = rng_below(r, 3) == 0;
	sit->numbers[FACT_DISTANCE] = 1 + pick(r, 6);
	sit->numbers[FACT_ATTACKER_SUPPORTS] = pick(r, 4);
	sit->numbers[FACT_TARGET_SUPPORTS] = pick(r, 4);
	sit->numbers[FACT_ATTACKER_RATING] = pick(r, 5);
	sit->numbers[FACT_TARGET_RATING] = pick(r, 5);
	sit->numbers[FACT_BEYOND_RANGE] = pick(r, 3);
	sit->numbers[FACT_ATTACKER_STACK] = 1 + pick(r, 2);
	sit->numbers[FACT_TARGET_STACK] = 1 + pick(r, 2);
	sit->base = pick(r, 9);
	sit->base_given = rng_below(r, 2) == 0;
}

static void
test_headlines_are_sums(void **state)
{
	const char *top = getenv("top_srcdir");
	long checked = 0;

	(void)state;
	for (int c = 0; c < CARDS; c++) {
		char path[512];
		struct diag_list dl;
		struct card card;
		struct rng r;

		snprintf(path, sizeof path, "%s/data/cards/%s.yaml", top ? top : "..", cards[c]);
		diag_list_init(&dl, DIAG_MAX_ERRORS);
		assert_true(card_load(&card, path, NULL, &dl));
		diag_list_free(&dl);
		rng_seed(&r, 17 + (uint64_t)c);
		for (int i = 0; i < SITUATIONS; i++) {
			struct situation sit;
			struct battle_answer b;
			struct protection_answer p;

			random_situation(&card, &r, &sit);
			sit.quiet = i % 2 == 0;
			terrain_battle(&card, &sit, &b);
			terrain_protection(&card, &sit, &p);
			if (b.base_known)
				assert_int_equal(explain_sum(&b.why, BATTLE_DICE_STEPS), b.dice);
			assert_int_equal(explain_sum(&b.why, EXPLAIN_EFFECT(EFFECT_DRM)), b.drm);
			assert_int_equal(explain_sum(&b.why, EXPLAIN_EFFECT(EFFECT_DEFENSE)), b.defense);
			assert_int_equal(explain_sum(&p.why, EXPLAIN_EFFECT(EFFECT_IGNORE_HITS)),
			                 p.ignore_hits);
			assert_int_equal(explain_sum(&p.why, EXPLAIN_EFFECT(EFFECT_IGNORE_FLAGS)),
			                 p.ignore_flags);
			checked += b.why.count + p.why.count;
			explain_free(&b.why);
			explain_free(&p.why);
		}
		card_free(&card);
	}
	/* the situations reached the rules: steps were made and summed */
	assert_true(checked > 10000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_headlines_are_sums),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("headlines", tests, NULL, NULL);
}
