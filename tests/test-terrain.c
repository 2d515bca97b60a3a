/* test-terrain.c: the terrain engine on a small card written here: conditions and
 * `unless`, how effects combine, overrides and cancels, the most specific class,
 * categories, line of sight, result tables, counts of supports with the
 * terrain that counts as one, reminders, firing over a friend, the attacking
 * group and amounts counted `per:` a count; what each step is (its kind and
 * effect), whatever its words say.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "card.h"
#include "table-lookup.h"
#include "terrain.h"
#include "testutil.h"

static const char card_text[] =
	"kind: card\n"
	"schema: 1\n"
	"id: test\n"
	"title: Test\n"
	"classes:\n"
	"  foot: {}\n"
	"  light_foot: { is: foot }\n"
	"  horse: {}\n"
	"  gun: {}\n"
	"combat_types: [ranged, melee]\n"
	"units_block_los: true\n"
	"levels_block_los: true\n"
	"categories:\n"
	"  open: { allowance: { foot: 2, light_foot: 3, horse: 4 } }\n"
	"  rough: { allowance: { foot: 1, horse: prohibited } }\n"
	"terrain:\n"
	"  plain: { name: Plain, category: open }\n"
	"  woods:\n"
	"    name: Woods\n"
	"    category: rough\n"
	"    blocks_los: true\n"
	"    costs: { foot: 2, light_foot: 1, horse: 3 }\n"
	"    move:\n"
	"      - { half_rate: true }\n"
	"    battle_from:\n"
	"      - { when: { attacker: horse, combat: melee }, dice: -2 }\n"
	"    battle_into:\n"
	"      - { when: { attacker: horse }, unless: { attacker_on: woods }, dice: -2 }\n"
	"    protection:\n"
	"      - { when: { combat: ranged }, ignore_hits: 1 }\n"
	"      - { when: { target: light_foot }, ignore_flags: 1, may: true }\n"
	"    cover:\n"
	"      - { when: { combat: ranged }, halve: true }\n"
	"  hill: { name: Hill, level: 1, move: [ { half_rate: true } ],\n"
	"          protection: [ { unless: { attacker: gun, combat: ranged }, ignore_flags: 1 } ] }\n"
	"  hedge: { name: Hedge, kind: hexside, cover: [ { halve: true } ] }\n"
	"  stream: { name: Stream, kind: hexside, move: [ { prohibited: true } ] }\n"
	"  bridge: { name: Bridge, kind: hexside, cancels: [stream] }\n"
	"  road: { name: Road, kind: path, cancels: [woods], move: [ { road_bonus: 2 } ] }\n"
	"  fence: { name: Fence, kind: hexside,\n"
	"           protection: [ { when: { combat: ranged }, support: 1 } ] }\n"
	"  trap: { name: Trap, kind: token, overrides: [protection],\n"
	"          protection: [ { no_protection: true } ] }\n"
	"modifiers:\n"
	"  - { when: { target_supports: 2+ }, ignore_flags: 1, may: true }\n"
	"  - { when: { attacker_supports: 1-2 }, drm: 1 }\n"
	"tables:\n"
	"  odds:\n"
	"    name: Odds\n"
	"    by: odds\n"
	"    rows:\n"
	"      - { odds: \"1:2\", drm: -2 }\n"
	"      - { odds: \"1:1\", drm: 0 }\n"
	"      - { odds: \"1.5:1\", drm: 1 }\n"
	"      - { odds: \"3:1\", drm: 3 }\n"
	"  fire:\n"
	"    name: Fire\n"
	"    rows:\n"
	"      - { upto: 8, result: none }\n"
	"      - { from: 9, upto: 12, result: CT }\n"
	"      - { from: 13, result: D }\n";

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

static int
T(const char *id)
{
	int t = card_terrain(&card, id);

	assert_true(t >= 0);
	return t;
}

static int
C(const char *id)
{
	int c = card_class(&card, id);

	assert_true(c >= 0);
	return c;
}

static long
battle_dice(struct situation *sit, bool *may)
{
	struct battle_answer a;

	terrain_battle(&card, sit, &a);
	explain_free(&a.why);
	if (may != NULL)
		*may = a.may_battle;
	return a.dice;
}

static void
test_unless_exception(void **state)
{
	struct situation sit;

	(void)state;
	situation_init(&sit);
	sit.attacker = C("horse");
	sit.combat = card_word(&card, WL_COMBAT, "melee");
	sit.base = 4;
	sit.base_given = true;
	tset_add(&sit.target_on, T("woods"));
	assert_int_equal(battle_dice(&sit, NULL), 2);   /* into woods from the open */
	tset_add(&sit.attacker_on, T("woods"));
	assert_int_equal(battle_dice(&sit, NULL), 2);   /* woods to woods: only battling out */
	sit.attacker = C("foot");
	assert_int_equal(battle_dice(&sit, NULL), 4);
}

static void
test_unless_needs_all(void **state)
{
	struct situation sit;
	struct protection_answer p;

	(void)state;
	situation_init(&sit);
	tset_add(&sit.target_on, T("hill"));
	sit.attacker = C("gun");
	sit.combat = card_word(&card, WL_COMBAT, "melee");
	terrain_protection(&card, &sit, &p);
	assert_int_equal(p.ignore_flags, 1);           /* gun, but not ranged */
	explain_free(&p.why);
	sit.combat = card_word(&card, WL_COMBAT, "ranged");
	terrain_protection(&card, &sit, &p);
	assert_int_equal(p.ignore_flags, 0);           /* gun and ranged */
	assert_int_equal(p.why.count, 0);              /* nor the supports: no rule that
	                                                  applies tests them */
	explain_free(&p.why);
}

static void
test_halving_after_sums_per_feature(void **state)
{
	struct situation sit;
	struct battle_answer a;

	(void)state;
	situation_init(&sit);
	sit.attacker = C("horse");
	sit.combat = card_word(&card, WL_COMBAT, "ranged");
	sit.base = 9;
	sit.base_given = true;
	tset_add(&sit.target_on, T("woods"));
	tset_add(&sit.crossed, T("hedge"));
	tset_add(&sit.zone, T("woods"));
	terrain_battle(&card, &sit, &a);
	/* 9 - 2 = 7; halved by the woods (3), the hedge (1), the woods between (0) */
	assert_int_equal(a.dice, 0);
	assert_int_equal(a.why.count, 5);
	assert_string_equal(a.why.steps[1].ref, "test.yaml:28"); /* the woods' -2 */
	assert_int_equal(a.why.steps[2].value, -4);               /* 7 -> 3 */
	assert_non_null(strstr(a.why.steps[3].text, "Hedge (crossed)"));
	assert_int_equal(a.why.steps[3].value, -2);               /* 3 -> 1 */
	assert_int_equal(a.why.steps[4].value, -1);               /* 1 -> 0 */
	explain_free(&a.why);
}

static void
test_protection_best_and_may(void **state)
{
	struct situation sit;
	struct protection_answer p;

	(void)state;
	situation_init(&sit);
	sit.target = C("light_foot");
	sit.combat = card_word(&card, WL_COMBAT, "ranged");
	tset_add(&sit.target_on, T("woods"));
	tset_add(&sit.target_on, T("hill"));
	terrain_protection(&card, &sit, &p);
	assert_int_equal(p.ignore_hits, 1);
	assert_int_equal(p.ignore_flags, 1);
	assert_false(p.flags_optional);    /* the hill's flag is not optional: best figure */
	assert_false(p.none);
	explain_free(&p.why);
	tset_add(&sit.target_on, T("trap"));
	terrain_protection(&card, &sit, &p);
	assert_true(p.none);
	assert_int_equal(p.ignore_hits, 0);
	assert_int_equal(p.ignore_flags, 0);
	explain_free(&p.why);
}

/* Supports: a count the rules test (N, A-B, N+), to which terrain that counts
 * as support adds before any rule is weighed. */
static void
test_supports_counted_before_the_rules(void **state)
{
	struct situation sit;
	struct protection_answer p;
	struct battle_answer b;

	(void)state;
	situation_init(&sit);
	sit.target = C("foot");
	sit.combat = card_word(&card, WL_COMBAT, "ranged");
	sit.numbers[FACT_TARGET_SUPPORTS] = 1;
	terrain_protection(&card, &sit, &p);
	assert_int_equal(p.ignore_flags, 0);      /* one support: not enough */
	explain_free(&p.why);
	tset_add(&sit.crossed, T("fence"));
	terrain_protection(&card, &sit, &p);
	assert_int_equal(p.ignore_flags, 1);      /* the fence makes two */
	assert_true(p.flags_optional);
	assert_int_equal(p.why.count, 4);         /* units, the fence, the total, the flag */
	assert_int_equal(p.why.steps[1].value, 1);
	explain_free(&p.why);
	sit.combat = card_word(&card, WL_COMBAT, "melee");
	terrain_protection(&card, &sit, &p);
	assert_int_equal(p.ignore_flags, 0);      /* the fence counts only against fire */
	explain_free(&p.why);
	for (int n = 0; n <= 3; n++) {
		sit.numbers[FACT_ATTACKER_SUPPORTS] = n;
		terrain_battle(&card, &sit, &b);
		assert_int_equal(b.drm, n >= 1 && n <= 2 ? 1 : 0);
		explain_free(&b.why);
	}
}

static void
test_move_half_rate_once_and_cancels(void **state)
{
	struct situation sit;
	struct move_answer m;

	(void)state;
	situation_init(&sit);
	sit.unit = C("foot");
	tset_add(&sit.attacker_on, T("woods"));
	tset_add(&sit.attacker_on, T("hill"));
	tset_add(&sit.crossed, T("stream"));
	terrain_move(&card, &sit, &m);
	assert_true(m.half_rate);
	assert_true(m.prohibited);
	assert_int_equal(m.cost, 4);       /* 2 points, in halves */
	explain_free(&m.why);
	tset_add(&sit.crossed, T("bridge"));
	tset_add(&sit.attacker_on, T("road"));
	terrain_move(&card, &sit, &m);
	assert_false(m.prohibited);        /* the bridge cancels the stream */
	assert_int_equal(m.road_bonus, 0); /* not moving along the road */
	assert_true(m.has_cost);
	explain_free(&m.why);
	sit.facts[FACT_ROAD_MOVE] = true;
	terrain_move(&card, &sit, &m);
	assert_int_equal(m.road_bonus, 2);
	assert_false(m.has_cost);          /* along the road the woods are cancelled */
	assert_true(m.half_rate);          /* the hill is not */
	explain_free(&m.why);
}

static void
test_most_specific_class(void **state)
{
	struct situation sit;
	struct move_answer m;

	(void)state;
	situation_init(&sit);
	sit.unit = C("light_foot");
	tset_add(&sit.attacker_on, T("woods"));
	terrain_move(&card, &sit, &m);
	assert_int_equal(m.cost, 2);       /* light_foot's own 1 point, not foot's 2 */
	assert_int_equal(m.allowance, 2);  /* rough: no light_foot entry, so foot's 1 */
	explain_free(&m.why);
	sit.unit = C("horse");
	terrain_move(&card, &sit, &m);
	assert_true(m.prohibited);         /* the category prohibits horse */
	explain_free(&m.why);
	situation_init(&sit);
	sit.unit = C("light_foot");
	tset_add(&sit.attacker_on, T("plain"));
	terrain_move(&card, &sit, &m);
	assert_int_equal(m.allowance, 6);
	explain_free(&m.why);
}

static void
los(const char *spec, bool want_clear, int want_at)
{
	struct los_hex hexes[8];
	struct los_answer a;
	size_t n = 0;

	memset(hexes, 0, sizeof hexes);
	for (const char *p = spec; *p; p++) {
		switch (*p) {
		case '.': tset_add(&hexes[n].terrain, T("plain")); n++; break;
		case 'h': tset_add(&hexes[n].terrain, T("hill")); n++; break;
		case 'w': tset_add(&hexes[n].terrain, T("woods")); n++; break;
		case '*': hexes[n - 1].unit = true; break;
		}
	}
	terrain_los(&card, hexes, n, &a);
	assert_int_equal(a.clear, want_clear);
	assert_int_equal(a.blocked_at, want_at);
	explain_free(&a.why);
}

static void
test_line_of_sight(void **state)
{
	(void)state;
	los(".*h*", true, -1);     /* adjacent: nothing between */
	los(".*.h*", true, -1);    /* onto the first hill hex */
	los(".*hh*", false, 1);    /* not through one hill onto a second */
	los("h*hh*", true, -1);    /* along a plateau */
	los("h*.h*", true, -1);    /* hill to hill over a lower hex */
	los("h*.*h*", false, 1);   /* ... unless a unit stands there */
	los(".*w.*", false, 1);    /* woods block */
}

static void
test_tables(void **state)
{
	const struct table *odds = &card.tables[card_table(&card, "odds")];
	const struct table *fire = &card.tables[card_table(&card, "fire")];

	(void)state;
	assert_int_equal(table_row_for_odds(odds, 12, 4), 3);   /* 3:1 */
	assert_int_equal(table_row_for_odds(odds, 7, 4), 2);    /* 1.75 rounds down to 1.5:1 */
	assert_int_equal(table_row_for_odds(odds, 5, 5), 1);
	assert_int_equal(table_row_for_odds(odds, 9, 10), 0);   /* below 1:1, so 1:2 */
	assert_int_equal(table_row_for_odds(odds, 1, 9), 0);    /* below the lowest: the lowest */
	assert_int_equal(table_row_for_odds(odds, 0, 9), -1);
	assert_int_equal(table_row_for_value(fire, -3), 0);
	assert_int_equal(table_row_for_value(fire, 8), 0);
	assert_int_equal(table_row_for_value(fire, 9), 1);
	assert_int_equal(table_row_for_value(fire, 12), 1);
	assert_int_equal(table_row_for_value(fire, 40), 2);
	char *w = table_row_words(odds, 2);
	assert_string_equal(w, "drm 1");
	free(w);
}

/* A second small card: rules hexaid says rather than reckons, and a class that
 * fires over friends. */
static const char other_card_text[] =
	"kind: card\n"
	"schema: 1\n"
	"id: other\n"
	"title: Other\n"
	"classes: { foot: {}, gun: {} }\n"
	"combat_types: [ranged]\n"
	"units_block_los: true\n"
	"fire_over_friends: { attacker: [gun], seed: \"9:1\" }\n"
	"terrain:\n"
	"  plain: { name: Plain }\n"
	"  hill: { name: Hill, level: 1 }\n"
	"  wood: { name: Wood, blocks_los: true }\n"
	"  ford:\n"
	"    name: Ford\n"
	"    move: [ { when: { unit: foot }, remind: \"wet feet\" } ]\n"
	"    battle_into: [ { remind: \"slippery\" } ]\n"
	"    protection: [ { ignore_hits: 1 } ]\n"
	"modifiers:\n"
	"  - { when: { combat: ranged }, remind: \"smoke\" }\n";

static bool
has_step(const struct explanation *why, const char *text)
{
	for (size_t i = 0; i < why->count; i++)
		if (strstr(why->steps[i].text, text) != NULL)
			return true;
	return false;
}

static void
test_reminders_are_said_not_counted(void **state)
{
	struct card other;
	struct diag_list dl;
	struct situation sit;
	struct move_answer m;
	struct battle_answer b;
	struct protection_answer p;

	(void)state;
	assert_true(test_read_card("other.yaml", other_card_text, &other, &dl));
	diag_list_free(&dl);
	situation_init(&sit);
	sit.unit = card_class(&other, "foot");
	tset_add(&sit.attacker_on, card_terrain(&other, "ford"));
	terrain_move(&other, &sit, &m);
	assert_true(has_step(&m.why, "Ford (entered): remember: wet feet (unit foot)"));
	assert_false(m.prohibited || m.half_rate || m.must_stop || m.has_cost);
	explain_free(&m.why);
	sit.unit = card_class(&other, "gun");
	terrain_move(&other, &sit, &m);
	assert_int_equal(m.why.count, 0);   /* the rule's when: does not hold */
	explain_free(&m.why);

	situation_init(&sit);
	sit.attacker = card_class(&other, "foot");
	sit.combat = 0;
	sit.base = 4;
	sit.base_given = true;
	tset_add(&sit.target_on, card_terrain(&other, "ford"));
	terrain_battle(&other, &sit, &b);
	assert_int_equal(b.dice, 4);
	assert_true(b.may_battle);
	assert_true(has_step(&b.why, "Ford (target's hex): remember: slippery"));
	assert_true(has_step(&b.why, "Modifier: remember: smoke (combat ranged)"));
	explain_free(&b.why);
	/* the card's reminders are said with the battle, not again with the protection */
	terrain_protection(&other, &sit, &p);
	assert_int_equal(p.ignore_hits, 1);
	assert_false(has_step(&p.why, "smoke"));
	explain_free(&p.why);
	card_free(&other);
}

/* A card with a terrain a class may cross and not stop in, and one that
 * stops a unit in the next hex after it leaves. */
static const char crossing_card_text[] =
	"kind: card\n"
	"schema: 1\n"
	"id: crossing\n"
	"title: Crossing\n"
	"classes: { foot: {}, gun: {} }\n"
	"categories:\n"
	"  open: { allowance: { foot: 2, gun: 2 } }\n"
	"  hard: { allowance: { foot: 1, gun: prohibited } }\n"
	"terrain:\n"
	"  farm:\n"
	"    name: Farm\n"
	"    category: hard\n"
	"    move:\n"
	"      - { when: { unit: gun }, pass_through: true }\n"
	"  crater:\n"
	"    name: Crater\n"
	"    kind: token\n"
	"    move:\n"
	"      - { must_stop_after_leaving: true }\n"
	"      - { cost: 2 }\n";

static void
test_crossing_and_leaving(void **state)
{
	struct card c;
	struct diag_list dl;
	struct situation sit;
	struct move_answer m;
	const struct step *s;

	(void)state;
	assert_true(test_read_card("crossing.yaml", crossing_card_text, &c, &dl));
	diag_list_free(&dl);
	situation_init(&sit);
	sit.unit = card_class(&c, "gun");
	tset_add(&sit.attacker_on, card_terrain(&c, "farm"));
	terrain_move(&c, &sit, &m);
	/* the category would prohibit the gun: it passes through instead, the
	 * category gives it no allowance, and it may not stop there */
	assert_false(m.prohibited);
	assert_true(m.pass_through);
	assert_true(m.cannot_stop_here);
	assert_int_equal(m.allowance, -1);
	s = explain_find(&m.why, STEP_RULING, EFFECT_PASS_THROUGH);
	assert_non_null(s);
	assert_string_equal(s->ref, "crossing.yaml:14");
	explain_free(&m.why);
	sit.unit = card_class(&c, "foot");
	terrain_move(&c, &sit, &m);
	assert_false(m.pass_through);
	assert_false(m.cannot_stop_here);
	assert_int_equal(m.allowance, 2);
	explain_free(&m.why);

	/* leaving the crater: only what acts on leaving, said "(left)" */
	situation_init(&sit);
	sit.unit = card_class(&c, "foot");
	tset_add(&sit.attacker_on, card_terrain(&c, "crater"));
	terrain_leave(&c, &sit, &m);
	assert_true(m.stop_after_leaving);
	assert_false(m.has_cost);
	s = explain_find(&m.why, STEP_HALT, EFFECT_STOP_AFTER);
	assert_non_null(s);
	assert_string_equal(s->text, "Crater (left): must stop in the next hex after leaving");
	assert_int_equal(m.why.count, 1);
	explain_free(&m.why);
	card_free(&c);
}

/* A third small card: each kind of step, and reminders whose words read like
 * rules ("must stop", "may not enter"), which must not be taken for them. */
static const char steps_card_text[] =
	"kind: card\n"
	"schema: 1\n"
	"id: steps\n"
	"title: Steps\n"
	"classes: { foot: {}, horse: {} }\n"
	"combat_types: [melee]\n"
	"categories:\n"
	"  rough: { allowance: { foot: 2, horse: prohibited } }\n"
	"terrain:\n"
	"  bog:\n"
	"    name: Bog\n"
	"    category: rough\n"
	"    move:\n"
	"      - { remind: \"must stop, may not enter, may not stop here\" }\n"
	"      - { must_stop: true }\n"
	"      - { half_rate: true }\n"
	"      - { cannot_stop: true }\n"
	"  wire:\n"
	"    name: Wire\n"
	"    kind: hexside\n"
	"    move:\n"
	"      - { must_stop_after_leaving: true }\n"
	"      - { prohibited: true }\n"
	"modifiers:\n"
	"  - { group: g, drm: 1 }\n"
	"  - { group: g, drm: 2 }\n"
	"  - { tie: attacker }\n";

/* The step of this kind, or fail. */
static const struct step *
step_of(const struct explanation *why, enum step_kind kind, enum effect effect)
{
	const struct step *s = explain_find(why, kind, effect);

	assert_non_null(s);
	return s;
}

static void
test_steps_say_what_they_are(void **state)
{
	struct card c;
	struct diag_list dl;
	struct situation sit;
	struct move_answer m;
	struct battle_answer b;
	const struct step *s;

	(void)state;
	assert_true(test_read_card("steps.yaml", steps_card_text, &c, &dl));
	diag_list_free(&dl);
	situation_init(&sit);
	sit.unit = card_class(&c, "foot");
	tset_add(&sit.attacker_on, card_terrain(&c, "bog"));
	terrain_move(&c, &sit, &m);
	/* the category's allowance is an amount; the reminder comes first but is
	 * only a reminder: the rules that stop the unit are found by what they are */
	s = step_of(&m.why, STEP_AMOUNT, N_EFFECTS);
	assert_int_equal(s->effect, N_EFFECTS);
	assert_null(s->rule);
	assert_true(s->absolute);
	s = step_of(&m.why, STEP_REMINDER, EFFECT_REMIND);
	assert_string_equal(s->text + s->said, "remember: must stop, may not enter, may not stop here");
	assert_string_equal(s->ref, "steps.yaml:14");
	s = step_of(&m.why, STEP_HALT, EFFECT_MUST_STOP);
	assert_string_equal(s->text, "Bog (entered): must stop");
	assert_string_equal(s->text + s->said, "must stop");
	assert_string_equal(s->ref, "steps.yaml:15");
	assert_int_equal(s->rule->line, 15);
	s = step_of(&m.why, STEP_RULING, EFFECT_HALF_RATE);
	assert_string_equal(s->ref, "steps.yaml:16");
	s = step_of(&m.why, STEP_REFUSAL, EFFECT_CANNOT_STOP);
	assert_string_equal(s->ref, "steps.yaml:17");
	assert_null(explain_find(&m.why, STEP_REFUSAL, EFFECT_PROHIBITED));
	explain_free(&m.why);

	/* a category that prohibits the class refuses, though no rule does */
	sit.unit = card_class(&c, "horse");
	terrain_move(&c, &sit, &m);
	assert_true(m.prohibited);
	s = step_of(&m.why, STEP_REFUSAL, N_EFFECTS);
	assert_int_equal(s->effect, N_EFFECTS);
	assert_string_equal(s->ref, "steps.yaml:8");
	assert_null(explain_find(&m.why, STEP_REFUSAL, EFFECT_PROHIBITED));
	explain_free(&m.why);

	situation_init(&sit);
	sit.unit = card_class(&c, "foot");
	tset_add(&sit.crossed, card_terrain(&c, "wire"));
	terrain_move(&c, &sit, &m);
	s = step_of(&m.why, STEP_HALT, EFFECT_STOP_AFTER);
	assert_string_equal(s->ref, "steps.yaml:22");
	assert_null(explain_find(&m.why, STEP_HALT, EFFECT_MUST_STOP));
	s = step_of(&m.why, STEP_REFUSAL, EFFECT_PROHIBITED);
	assert_string_equal(s->ref, "steps.yaml:23");
	explain_free(&m.why);

	/* a battle: the dice given, the group's best modifier counted and the other
	 * skipped, the tie rule a ruling */
	situation_init(&sit);
	sit.attacker = card_class(&c, "foot");
	sit.combat = 0;
	sit.base = 3;
	sit.base_given = true;
	terrain_battle(&c, &sit, &b);
	assert_int_equal(b.drm, 2);
	assert_int_equal(b.why.steps[0].kind, STEP_GIVEN);
	assert_true(b.why.steps[0].absolute);
	s = step_of(&b.why, STEP_AMOUNT, EFFECT_DRM);
	assert_int_equal(s->value, 2);
	s = step_of(&b.why, STEP_SKIPPED, EFFECT_DRM);
	assert_int_equal(s->value, 0);
	assert_string_equal(s->ref, "steps.yaml:25");
	s = step_of(&b.why, STEP_RULING, EFFECT_TIE);
	assert_string_equal(s->ref, "steps.yaml:27");
	explain_free(&b.why);

	/* a quiet answer keeps what each step is, without its words */
	sit.quiet = true;
	terrain_battle(&c, &sit, &b);
	s = step_of(&b.why, STEP_AMOUNT, EFFECT_DRM);
	assert_null(s->text);
	assert_int_equal(s->said, 0);
	explain_free(&b.why);
	card_free(&c);
}

static void
test_line_of_sight_steps(void **state)
{
	struct los_hex hexes[3];
	struct los_answer a;

	(void)state;
	memset(hexes, 0, sizeof hexes);
	tset_add(&hexes[0].terrain, T("plain"));
	tset_add(&hexes[1].terrain, T("woods"));
	tset_add(&hexes[2].terrain, T("plain"));
	terrain_los(&card, hexes, 3, &a);
	assert_int_equal(a.why.count, 1);
	assert_int_equal(a.why.steps[0].kind, STEP_BLOCK);
	assert_int_equal(a.why.steps[0].value, 1);
	explain_free(&a.why);
	hexes[1].terrain.count = 0;
	tset_add(&hexes[1].terrain, T("plain"));
	terrain_los(&card, hexes, 3, &a);
	assert_true(a.clear);
	assert_int_equal(a.why.steps[0].kind, STEP_NOTE);
	explain_free(&a.why);
}

static void
test_fire_over_a_lower_friend(void **state)
{
	struct card other;
	struct diag_list dl;
	struct los_hex from, next;
	int gun, foot;

	(void)state;
	assert_true(test_read_card("other.yaml", other_card_text, &other, &dl));
	diag_list_free(&dl);
	gun = card_class(&other, "gun");
	foot = card_class(&other, "foot");
	memset(&from, 0, sizeof from);
	memset(&next, 0, sizeof next);
	tset_add(&from.terrain, card_terrain(&other, "hill"));
	from.unit = from.friend = true;
	tset_add(&next.terrain, card_terrain(&other, "plain"));
	next.unit = next.friend = true;
	assert_true(terrain_fires_over(&other, gun, &from, &next));
	assert_false(terrain_fires_over(&other, foot, &from, &next));  /* not its class */
	next.friend = false;
	assert_false(terrain_fires_over(&other, gun, &from, &next));   /* an enemy */
	next.friend = true;
	next.level = 1;
	assert_false(terrain_fires_over(&other, gun, &from, &next));   /* not lower */
	next.level = 0;
	tset_add(&next.terrain, card_terrain(&other, "wood"));
	assert_false(terrain_fires_over(&other, gun, &from, &next));   /* its terrain blocks */
	card_free(&other);
}

static const char group_card_text[] =
	"kind: card\n"
	"schema: 1\n"
	"id: group\n"
	"title: Group\n"
	"classes: { foot: {}, horse: {}, heavy: { is: horse } }\n"
	"combat_types: [shock]\n"
	"terrain: { plain: { name: Plain } }\n"
	"modifiers:\n"
	"  - { when: { any_attacker: heavy }, drm: 3 }\n"
	"  - { when: { all_attackers: foot }, drm: 10 }\n"
	"  - { drm: 1, per: attacker_rating }\n"
	"  - { drm: -1, per: target_rating }\n";

static long
group_drm(const struct card *c, int attacker, const int *with, size_t nwith, int ar, int tr)
{
	struct situation sit;
	struct battle_answer b;

	situation_init(&sit);
	sit.attacker = attacker;
	sit.combat = 0;
	for (size_t i = 0; i < nwith; i++)
		sit.with[sit.nwith++] = with[i];
	sit.numbers[FACT_ATTACKER_RATING] = ar;
	sit.numbers[FACT_TARGET_RATING] = tr;
	terrain_battle(c, &sit, &b);
	explain_free(&b.why);
	return b.drm;
}

static void
test_attacking_group_and_per(void **state)
{
	struct card g;
	struct diag_list dl;
	int foot, horse, heavy;

	(void)state;
	assert_true(test_read_card("group.yaml", group_card_text, &g, &dl));
	diag_list_free(&dl);
	foot = card_class(&g, "foot");
	horse = card_class(&g, "horse");
	heavy = card_class(&g, "heavy");
	assert_int_equal(group_drm(&g, foot, NULL, 0, -1, -1), 10);        /* alone */
	assert_int_equal(group_drm(&g, foot, (int[]){ foot }, 1, -1, -1), 10);
	assert_int_equal(group_drm(&g, foot, (int[]){ horse }, 1, -1, -1), 0);
	assert_int_equal(group_drm(&g, foot, (int[]){ horse, heavy }, 2, -1, -1), 3);
	assert_int_equal(group_drm(&g, heavy, NULL, 0, -1, -1), 3);
	assert_int_equal(group_drm(&g, horse, NULL, 0, 4, 1), 3);          /* 4 - 1 */
	assert_int_equal(group_drm(&g, horse, NULL, 0, 0, 2), -2);         /* 0: not counted */
	card_free(&g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unless_exception),
		cmocka_unit_test(test_unless_needs_all),
		cmocka_unit_test(test_halving_after_sums_per_feature),
		cmocka_unit_test(test_protection_best_and_may),
		cmocka_unit_test(test_supports_counted_before_the_rules),
		cmocka_unit_test(test_move_half_rate_once_and_cancels),
		cmocka_unit_test(test_most_specific_class),
		cmocka_unit_test(test_line_of_sight),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_reminders_are_said_not_counted),
		cmocka_unit_test(test_steps_say_what_they_are),
		cmocka_unit_test(test_crossing_and_leaving),
		cmocka_unit_test(test_line_of_sight_steps),
		cmocka_unit_test(test_fire_over_a_lower_friend),
		cmocka_unit_test(test_attacking_group_and_per),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("terrain", tests, load_card, free_card);
}
