/* test-combat.c: scoring a roll of the battle dice on a small card written here:
 * faces scored by the rules that apply, protection taking hits and flags off,
 * hits protection cannot cancel, and the exact odds checked against sums done
 * by hand. And an opposed roll's ties, decided by a second card's tie rules.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "card.h"
#include "combat.h"
#include "settle.h"
#include "terrain.h"
#include "testutil.h"

/* A six-sided die: 3 blank sides, 1 foot symbol, 1 blade, 1 flag. A foot symbol
 * hits foot; a blade hits anything in melee and beats protection. */
static const char card_text[] =
	"kind: card\n"
	"schema: 1\n"
	"id: test\n"
	"title: Test\n"
	"classes:\n"
	"  foot: { retreat: 1 }\n"
	"  horse: { retreat: 2 }\n"
	"combat_types: [ranged, melee]\n"
	"dice:\n"
	"  battle:\n"
	"    faces:\n"
	"      - { id: blank, count: 3 }\n"
	"      - { id: foot }\n"
	"      - { id: blade }\n"
	"      - { id: flag }\n"
	"battle_die: battle\n"
	"scoring:\n"
	"  - { face: foot, when: { target: foot }, hits: 1 }\n"
	"  - { face: blade, when: { combat: melee }, hits: 1, beats_protection: true }\n"
	"  - { face: flag, flags: 1 }\n"
	"terrain:\n"
	"  plain: { name: Plain }\n";

enum { BLANK, FOOT, BLADE, FLAG };

static struct card card;

static int
load_card(void **state)
{
	(void)state;
	return test_group_card(card_text, &card);
}

static int
free_card(void **state)
{
	(void)state;
	card_free(&card);
	return 0;
}

static void
situation(struct situation *sit, const char *target, const char *combat)
{
	situation_init(sit);
	sit->target = card_class(&card, target);
	sit->combat = card_word(&card, WL_COMBAT, combat);
	assert_true(sit->target >= 0 && sit->combat >= 0);
}

static void
score(const struct situation *sit, const int *faces, int n, long ignore_hits, long ignore_flags,
      struct combat_result *c)
{
	struct protection_answer p = { .ignore_hits = ignore_hits, .ignore_flags = ignore_flags };

	combat_score(&card, sit, faces, n, &p, c);
	explain_free(&c->why);
}

static void
test_faces_scored_by_the_rules_that_apply(void **state)
{
	const int faces[] = { FOOT, FOOT, BLADE, FLAG, BLANK };
	struct situation sit;
	struct combat_result c;

	(void)state;
	situation(&sit, "foot", "ranged");
	score(&sit, faces, 5, 0, 0, &c);
	assert_int_equal(c.hits, 2);    /* the blade scores in melee only */
	assert_int_equal(c.flags, 1);
	situation(&sit, "horse", "melee");
	score(&sit, faces, 5, 0, 0, &c);
	assert_int_equal(c.hits, 1);    /* foot symbols miss horse; the blade hits */
	assert_int_equal(c.flags, 1);
}

static void
test_protection_cancels_what_it_may(void **state)
{
	const int faces[] = { FOOT, BLADE, FLAG, FLAG };
	struct situation sit;
	struct combat_result c;

	(void)state;
	situation(&sit, "foot", "melee");
	score(&sit, faces, 4, 2, 1, &c);
	assert_int_equal(c.hits, 2);
	assert_int_equal(c.sure_hits, 1);
	assert_int_equal(c.hits_left, 1);  /* the foot hit cancelled, not the blade's */
	assert_int_equal(c.flags_left, 1);
	score(&sit, faces, 4, 0, 5, &c);
	assert_int_equal(c.flags_left, 0); /* never below nothing */
}

static void
test_every_step_explained(void **state)
{
	const int faces[] = { FOOT, BLANK };
	struct protection_answer p = { .ignore_hits = 1 };
	struct situation sit;
	struct combat_result c;

	(void)state;
	situation(&sit, "foot", "ranged");
	combat_score(&card, &sit, faces, 2, &p, &c);
	assert_int_equal(c.why.count, 3); /* blank nothing, foot hits, the hit ignored */
	assert_null(c.why.steps[0].ref);
	assert_non_null(c.why.steps[1].ref);
	assert_string_equal(c.why.steps[1].ref, "test.yaml:18");
	assert_int_equal(c.why.steps[1].value, 1);
	assert_null(c.why.steps[2].ref);
	assert_int_equal(c.why.steps[2].value, -1);
	explain_free(&c.why);
}

static void
test_odds_match_sums_by_hand(void **state)
{
	struct protection_answer none = { 0 }, one = { .ignore_hits = 1 };
	struct situation sit;
	size_t count;
	double *chance, sum = 0.0;

	(void)state;
	/* ranged at foot: each die hits 1 time in 6 */
	situation(&sit, "foot", "ranged");
	chance = combat_hit_odds(&card, &sit, 2, &none, &count);
	assert_non_null(chance);
	assert_int_equal(count, 3);
	assert_true(fabs(chance[0] - 25.0 / 36) < 1e-12);
	assert_true(fabs(chance[1] - 10.0 / 36) < 1e-12);
	assert_true(fabs(chance[2] - 1.0 / 36) < 1e-12);
	free(chance);
	/* melee at foot, 1 hit ignored: a blade always counts, a foot symbol only
	 * past the first. 2 dice: P(0) = P(no blade, at most one foot)
	 * = (5/6)^2 - (1/6)^2 = 24/36; P(2) = blade and blade = 1/36 (blade and
	 * foot leaves 1: the foot hit is the one ignored). */
	situation(&sit, "foot", "melee");
	chance = combat_hit_odds(&card, &sit, 2, &one, &count);
	assert_non_null(chance);
	for (size_t k = 0; k < count; k++)
		sum += chance[k];
	assert_true(fabs(sum - 1.0) < 1e-12);
	assert_true(fabs(chance[0] - 24.0 / 36) < 1e-12);
	assert_true(fabs(chance[1] - 11.0 / 36) < 1e-12);
	assert_true(fabs(chance[2] - 1.0 / 36) < 1e-12);
	free(chance);
}

/* Both sides roll 1d6 on a table by difference; a side without the status
 * `elite` loses ties, a defender in a fort wins them, a decided tie reads 1. */
static const char opposed_text[] =
	"kind: card\n"
	"schema: 1\n"
	"id: duel\n"
	"title: Duel\n"
	"classes:\n"
	"  foot: {}\n"
	"combat_types: [close]\n"
	"statuses: [elite]\n"
	"terrain:\n"
	"  plain: { name: Plain }\n"
	"  fort:\n"
	"    name: Fort\n"
	"    battle_into:\n"
	"      - { tie: defender }\n"
	"modifiers:\n"
	"  - { unless: { attacker_status: elite }, tie: defender }\n"
	"  - { unless: { target_status: elite }, tie: attacker }\n"
	"tables:\n"
	"  result:\n"
	"    name: Result\n"
	"    by: difference\n"
	"    rows:\n"
	"      - { at: 0, winner: '-', loser: '-' }\n"
	"      - { at: 1, winner: W1, loser: L1 }\n"
	"      - { from: 2, winner: W2, loser: L2 }\n"
	"resolution:\n"
	"  close: { table: result, roll: 1d6, opposed: true, ties: { read_as: 1 } }\n";

/* Settle equal rolls with the statuses given and the target in a fort or not. */
static void
settle_tie_case(const struct card *duel, uint64_t att, uint64_t def, bool fort,
                struct settle_result *r)
{
	struct situation sit;
	struct battle_answer b;
	struct settle_question q = { .how = card_resolution(duel, 0) };

	situation_init(&sit);
	sit.combat = 0;
	sit.attacker_status = att;
	sit.target_status = def;
	tset_add(&sit.target_on, card_terrain(duel, fort ? "fort" : "plain"));
	terrain_battle(duel, &sit, &b);
	q.tie = b.tie;
	q.tie_rules = b.tie_rules;
	explain_free(&b.why);
	assert_non_null(q.how);
	settle_read(duel, &q, 0, 3, 3, r);
	explain_free(&r->why);
}

static void
test_ties_decided_by_the_tie_rules(void **state)
{
	struct card duel;
	struct diag_list dl;
	struct settle_result r;
	double *chance;

	(void)state;
	assert_true(test_read_card("duel.yaml", opposed_text, &duel, &dl));
	diag_list_free(&dl);
	/* neither elite: each loses the tie, the two rules cancel */
	settle_tie_case(&duel, 0, 0, false, &r);
	assert_int_equal(r.winner, 0);
	assert_int_equal(r.value, 0);
	/* only the attacker elite: the defender loses, read as 1 */
	settle_tie_case(&duel, 1, 0, false, &r);
	assert_int_equal(r.winner, 1);
	assert_int_equal(r.value, 1);
	assert_int_equal(r.row, 1);
	/* both elite: no rule, the tie stands */
	settle_tie_case(&duel, 1, 1, false, &r);
	assert_int_equal(r.winner, 0);
	/* both elite, the defender in a fort: the defender wins */
	settle_tie_case(&duel, 1, 1, true, &r);
	assert_int_equal(r.winner, -1);
	assert_int_equal(r.value, 1);
	/* the attacker elite, the defender not but in a fort: they cancel */
	settle_tie_case(&duel, 1, 0, true, &r);
	assert_int_equal(r.winner, 0);
	/* odds with ties given to the attacker: the 6 ties of 36 all go to row 1 */
	{
		struct settle_question q = { .how = card_resolution(&duel, 0), .tie = 1, .tie_rules = 1 };
		chance = settle_odds(&duel, &q, 0);
		assert_non_null(chance);
		assert_true(fabs(chance[0 * 3 + 1]) < 1e-12);            /* no tie stands */
		assert_true(fabs(chance[1 * 3 + 2] - 11.0 / 36) < 1e-12); /* 5 by one, 6 ties */
		free(chance);
	}
	card_free(&duel);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_faces_scored_by_the_rules_that_apply),
		cmocka_unit_test(test_protection_cancels_what_it_may),
		cmocka_unit_test(test_every_step_explained),
		cmocka_unit_test(test_odds_match_sums_by_hand),
		cmocka_unit_test(test_ties_decided_by_the_tie_rules),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("combat", tests, load_card, free_card);
}
