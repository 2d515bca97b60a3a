/* test-dice.c: dice notation (with errors at their column), fair and
 * reproducible rolls (chi-square at a fixed seed, so it cannot flake), physical
 * dice taken and refused, and exact odds against values worked out by hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "dice.h"
#include "rng.h"
#include "testutil.h"

static const char *const kind_names[] = { "battle", "targeting" };
static const int kind_faces[] = { 6, 6 };
static const struct dice_kinds kinds = { 2, kind_names, kind_faces };

static void
parse_ok(const char *text, struct dice_expr *e)
{
	char msg[160];
	int col;

	if (!dice_parse(text, &kinds, e, &col, msg))
		fail_msg("%s: column %d: %s", text, col, msg);
}

static void
parse_bad(const char *text, int want_col, const char *want_msg)
{
	struct dice_expr e;
	char msg[160];
	int col;

	assert_false(dice_parse(text, &kinds, &e, &col, msg));
	assert_int_equal(col, want_col);
	assert_string_equal(msg, want_msg);
}

static void
test_parse(void **state)
{
	struct dice_expr e;

	(void)state;
	parse_ok("2d6+1d4-1", &e);
	assert_int_equal(e.nterms, 3);
	assert_int_equal(e.terms[0].count, 2);
	assert_int_equal(e.terms[0].sides, 6);
	assert_int_equal(e.terms[1].sides, 4);
	assert_int_equal(e.terms[2].constant, 1);
	assert_int_equal(e.terms[2].sign, -1);
	parse_ok("4d6kh3", &e);
	assert_int_equal(e.terms[0].keep, 3);
	parse_ok("2d20kl1", &e);
	assert_int_equal(e.terms[0].keep, -1);
	parse_ok("6d6>=5", &e);
	assert_true(e.success);
	assert_int_equal(e.success_if.cmp, DICE_CMP_GE);
	assert_int_equal(e.success_if.value, 5);
	parse_ok("3 battle", &e);
	assert_int_equal(e.terms[0].named, 0);
	assert_int_equal(e.terms[0].count, 3);
	parse_ok("d6", &e);
	assert_int_equal(e.terms[0].count, 1);
	parse_ok("2targeting + 1", &e);
	assert_int_equal(e.terms[0].named, 1);

	parse_bad("2d6+x", 5, "'x' is not a die of this card");
	parse_bad("2d", 3, "a number of sides comes after d, such as 2d6");
	parse_bad("2d0", 3, "a die has at least 1 side, such as 2d6");
	parse_bad("1d0", 3, "a die has at least 1 side, such as 2d6");
	parse_bad("4d6kh5", 4, "keep 1 to as many dice as are rolled, such as 4d6kh3");
	parse_bad("3d6+1>=4", 6, "count successes of plain dice only, such as 6d6>=5");
	parse_bad("1000d6", 1, "roll 1 to 999 dice at once, such as 100d100");
	parse_bad("2d6 3", 5, "'3' is not understood here: terms are joined by +, -, * or /, such "
	                      "as 2d6+3");
	parse_bad("3d6x", 4, "'x' is not understood here: to explode (Foundry's x), write !, such "
	                     "as 3d6!");
	parse_bad("4d6kh3 foo", 8, "'foo' is not understood here: write terms such as 2d6+1d4-1, "
	                           "(2d6)*2 or {2d6,1d8}kh1");
	parse_bad("2d6+", 5, "expected dice at the end, such as 2d6");
}

static void
test_seeded_rolls_repeat(void **state)
{
	struct dice_expr e;
	struct dice_roll a, b;
	struct rng r1, r2;

	(void)state;
	parse_ok("10d6", &e);
	rng_seed(&r1, 42);
	rng_seed(&r2, 42);
	dice_roll(&e, &r1, &a);
	dice_roll(&e, &r2, &b);
	/* a roll holds ndice dice: the room past them is not cleared */
	assert_int_equal(a.ndice, 10);
	assert_int_equal(b.ndice, 10);
	assert_memory_equal(a.values, b.values, sizeof a.values[0] * 10);
	assert_int_equal(a.total, b.total);
	for (int i = 0; i < 10; i++)
		assert_in_range(a.values[i], 1, 6);
}

/* Chi-square of n draws of `sides` equally likely outcomes; with 5 degrees of
 * freedom the 0.1% critical value is 20.5, so a fair generator at this seed passes
 * and a biased one (rand() % n style, or an off-by-one) fails. */
static double
chi_square(uint64_t seed, uint32_t sides, int n)
{
	long counts[64] = { 0 };
	struct rng r;
	double chi = 0, expect = (double)n / sides;

	rng_seed(&r, seed);
	for (int i = 0; i < n; i++)
		counts[rng_below(&r, sides)]++;
	for (uint32_t s = 0; s < sides; s++)
		chi += (counts[s] - expect) * (counts[s] - expect) / expect;
	return chi;
}

static void
test_fair_d6(void **state)
{
	(void)state;
	assert_true(chi_square(20261120, 6, 60000) < 20.5);
	assert_true(chi_square(7, 6, 60000) < 20.5);
}

/* A symbol die of 2 + 1 + 1 + 1 + 1 sides: faces drawn in proportion. */
static void
test_fair_symbol_die(void **state)
{
	struct dice_expr e;
	struct dice_roll r;
	struct rng rng;
	long face[6] = { 0 };
	double chi = 0, n = 0;
	static const double share[5] = { 2.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6 };

	(void)state;
	parse_ok("8 battle", &e);
	rng_seed(&rng, 99);
	for (int i = 0; i < 5000; i++) {
		dice_roll(&e, &rng, &r);
		for (int d = 0; d < r.ndice; d++) {
			int side = r.values[d];
			face[side <= 1 ? 0 : side - 1]++;
			n++;
		}
	}
	for (int f = 0; f < 5; f++)
		chi += (face[f] - n * share[f]) * (face[f] - n * share[f]) / (n * share[f]);
	assert_true(chi < 18.5); /* 4 degrees of freedom, 0.1% */
}

static void
test_keep_and_successes(void **state)
{
	struct dice_expr e;
	struct dice_roll r;
	char msg[160];
	int v[] = { 2, 6, 1, 5 };

	(void)state;
	parse_ok("4d6kh3", &e);
	assert_true(dice_take(&e, v, 4, &r, msg));
	assert_int_equal(r.total, 13);
	assert_false(r.kept[2]);
	parse_ok("4d6kl1", &e);
	assert_true(dice_take(&e, v, 4, &r, msg));
	assert_int_equal(r.total, 1);
	parse_ok("4d6>=5", &e);
	assert_true(dice_take(&e, v, 4, &r, msg));
	assert_int_equal(r.successes, 2);
}

static void
test_physical_dice(void **state)
{
	struct dice_expr e;
	struct dice_roll r;
	char msg[160];
	int good[] = { 3, 5, 6 }, bad[] = { 3, 7, 6 };

	(void)state;
	parse_ok("3d6", &e);
	assert_true(dice_take(&e, good, 3, &r, msg));
	assert_int_equal(r.total, 14);
	assert_false(dice_take(&e, bad, 3, &r, msg));
	assert_string_equal(msg, "value 2 of the dice is 7; a d6 shows 1 to 6");
	assert_false(dice_take(&e, good, 2, &r, msg));
	assert_string_equal(msg, "3 dice are rolled, and 2 values are given: give one for each die");
}

static void
test_odds(void **state)
{
	struct dice_expr e;
	struct dice_odds o;
	double c[9];
	char msg[160];

	(void)state;
	parse_ok("2d6", &e);
	assert_true(dice_odds(&e, &o, msg));
	assert_true(o.exact);
	assert_int_equal(o.outcomes, 36);
	assert_int_equal(o.ways[7 - o.min], 6);                 /* 2d6 = 7 is 6/36 */
	assert_true(fabs(o.chance[7 - o.min] - 6.0 / 36) < 1e-12);
	dice_odds_free(&o);

	parse_ok("4d6kh3", &e);
	assert_true(dice_odds(&e, &o, msg));
	assert_int_equal(o.outcomes, 1296);
	assert_int_equal(o.ways[18 - o.min], 21);   /* three sixes among four: 1 + 4*5 ways */
	assert_int_equal(o.ways[3 - o.min], 1);
	dice_odds_free(&o);

	parse_ok("2d6-1", &e);
	assert_true(dice_odds(&e, &o, msg));
	assert_int_equal(o.min, 1);
	assert_int_equal(o.max, 11);
	dice_odds_free(&o);

	parse_ok("6d6>=5", &e);                        /* binomial, p = 1/3 */
	assert_true(dice_odds(&e, &o, msg));
	assert_int_equal(o.ways[0], 4096);             /* no success: 4 faces of 6, six times */
	assert_int_equal(o.outcomes, 46656);
	dice_odds_free(&o);

	dice_count_odds(3, 2, 6, c);                   /* 3 dice, 2 faces in 6 hit */
	assert_true(fabs((1 - c[0]) - 19.0 / 27) < 1e-12); /* at least one hit: 19/27 */
	assert_true(fabs(c[3] - 1.0 / 27) < 1e-12);

	parse_ok("3 battle", &e);
	assert_false(dice_odds(&e, &o, msg));
}

/* Plain dice are added a die at a time by a sliding sum: a die of many faces, a
 * negative die, the most dice of the most faces (which took seconds face by face). */
static void
test_odds_many_faces(void **state)
{
	struct dice_expr e;
	struct dice_odds o;
	double sum = 0.0;
	char msg[160];

	(void)state;
	parse_ok("d20-d20", &e);
	assert_true(dice_odds(&e, &o, msg));
	assert_int_equal(o.min, -19);
	assert_int_equal(o.max, 19);
	assert_int_equal(o.outcomes, 400);
	assert_int_equal(o.ways[0 - o.min], 20);
	assert_int_equal(o.ways[19 - o.min], 1);
	dice_odds_free(&o);

	parse_ok("6d1000", &e);                       /* 10^18 rolls: still whole counts */
	assert_true(dice_odds(&e, &o, msg));
	assert_true(o.exact);
	assert_int_equal(o.ways[0], 1);
	assert_int_equal(o.ways[1], 6);
	dice_odds_free(&o);

	parse_ok("64d1000", &e);                      /* too many rolls to count: chances */
	assert_true(dice_odds(&e, &o, msg));
	assert_false(o.exact);
	assert_int_equal(o.min, 64);
	assert_int_equal(o.max, 64000);
	for (long i = 0; i <= o.max - o.min; i++) {
		assert_true(o.chance[i] >= 0.0);
		assert_true(fabs(o.chance[i] - o.chance[o.max - o.min - i]) < 1e-12);
		sum += o.chance[i];
	}
	assert_true(fabs(sum - 1.0) < 1e-9);
	dice_odds_free(&o);
}

/* ---- keeping the highest or lowest: against every roll counted ------------------- */

static int
descending(const void *a, const void *b)
{
	return *(const int *)b - *(const int *)a;
}

/* The ways of each total of the kept dice, every roll of n dice of s sides
 * counted (as hexaid did before the order-statistics count): ways[total]. */
static void
enumerate_keep(int n, int s, int keep, uint64_t *ways)
{
	int vals[8] = { 0 }, sorted[8], kept = keep > 0 ? keep : -keep;
	uint64_t rolls = 1;

	for (int i = 0; i < n; i++) {
		vals[i] = 1;
		rolls *= (uint64_t)s;
	}
	for (uint64_t r = 0; r < rolls; r++) {
		long sum = 0;
		memcpy(sorted, vals, (size_t)n * sizeof *vals);
		qsort(sorted, (size_t)n, sizeof *sorted, descending);
		for (int k = 0; k < kept; k++)
			sum += keep > 0 ? sorted[k] : sorted[n - 1 - k];
		ways[sum]++;
		for (int i = 0; i < n && ++vals[i] > s; i++)
			vals[i] = 1;
	}
}

static void
test_keep_against_enumeration(void **state)
{
	(void)state;
	for (int n = 1; n <= 6; n++)
		for (int s = 2; s <= 6; s++)
			for (int keep = -n; keep <= n; keep++) {
				uint64_t want[8 * 6 + 1] = { 0 };
				char text[32], msg[160];
				struct dice_expr e;
				struct dice_odds o;
				if (keep == 0)
					continue;
				snprintf(text, sizeof text, "0-%dd%dk%c%d", n, s, keep > 0 ? 'h' : 'l',
				         keep > 0 ? keep : -keep);
				parse_ok(text, &e);
				assert_true(dice_odds(&e, &o, msg));
				assert_true(o.exact);
				enumerate_keep(n, s, keep, want);
				assert_int_equal(o.max, -(keep > 0 ? keep : -keep));
				for (long total = -o.max; total <= -o.min; total++) {
					assert_int_equal(o.ways[-total - o.min], want[total]);
					assert_true(fabs(o.chance[-total - o.min] -
					                 (double)want[total] / (double)o.outcomes) < 1e-15);
				}
				dice_odds_free(&o);
			}
}

/* Large pools: whole counts while the rolls fit in 64 bits, then chances. */
static void
test_keep_large_pools(void **state)
{
	struct dice_expr e;
	struct dice_odds o;
	char msg[160];
	uint64_t all = 0;
	double sum = 0.0;

	(void)state;
	parse_ok("20d6kh3", &e);                      /* 6^20 rolls: was refused */
	assert_true(dice_odds(&e, &o, msg));
	assert_true(o.exact);
	assert_int_equal(o.min, 3);
	assert_int_equal(o.max, 18);
	for (long i = 0; i <= o.max - o.min; i++)
		all += o.ways[i];
	assert_true(all == o.outcomes);
	assert_true(o.outcomes == 3656158440062976ULL);
	assert_int_equal(o.ways[0], 1);               /* all twenty show 1 */
	assert_int_equal(o.ways[1], 20);              /* one 2, nineteen 1s */
	dice_odds_free(&o);

	parse_ok("10d10kl2", &e);
	assert_true(dice_odds(&e, &o, msg));
	assert_true(o.exact);
	assert_int_equal(o.ways[20 - o.min], 1);      /* every die a 10 */
	dice_odds_free(&o);

	parse_ok("64d1000kh2", &e);                   /* 1000^64 rolls: chances only */
	assert_true(dice_odds(&e, &o, msg));
	assert_false(o.exact);
	for (long i = 0; i <= o.max - o.min; i++) {
		assert_true(o.chance[i] >= 0.0);
		sum += o.chance[i];
	}
	assert_true(fabs(sum - 1.0) < 1e-9);
	assert_true(o.chance[o.max - o.min] > o.chance[0]);
	dice_odds_free(&o);

	parse_ok("64d1000kh64", &e);                  /* past the work allowed: said */
	assert_false(dice_odds(&e, &o, msg));
	assert_string_equal(msg, "too many rolls to count exactly (keep of 64d1000)");
}

/* The odds of expression text: ways of value v out of outcomes. */
static void
odds_are(const char *text, long v, uint64_t ways, uint64_t outcomes)
{
	struct dice_expr e;
	struct dice_odds o;
	char msg[160];
	int col;

	/* cs and cf as Foundry reads them: counted */
	if (!dice_parse_as(text, &kinds, DICE_CS_COUNT, &e, &col, msg))
		fail_msg("%s: column %d: %s", text, col, msg);
	if (!dice_odds(&e, &o, msg))
		fail_msg("%s: %s", text, msg);
	assert_true(o.exact);
	/* (a result no roll makes may be left out of the range) */
	if (o.outcomes != outcomes || (v >= o.min && v <= o.max ? o.ways[v - o.min] : 0) != ways)
		fail_msg("%s = %ld: %llu of %llu expected", text, v, (unsigned long long)ways,
		         (unsigned long long)outcomes);
	dice_odds_free(&o);
}

/* The chance of v, counted in doubles (exploding dice). */
static void
chance_is(const char *text, long v, double want)
{
	struct dice_expr e;
	struct dice_odds o;
	char msg[160];
	int col;
	double got;

	if (!dice_parse(text, &kinds, &e, &col, msg))
		fail_msg("%s: column %d: %s", text, col, msg);
	if (!dice_odds(&e, &o, msg))
		fail_msg("%s: %s", text, msg);
	got = v >= o.min && v <= o.max ? o.chance[v - o.min] : 0.0;
	if (fabs(got - want) > 1e-12 * want)
		fail_msg("%s = %ld: chance %.17g, expected %.17g", text, v, got, want);
	dice_odds_free(&o);
}

/* The least, the greatest and the mean of odds with exploding dice, which the
 * chances leave out: in closed form, through sums, pools and arithmetic. */
static void
explode_range_is(const char *text, long least, long most, double mean)
{
	struct dice_expr e;
	struct dice_odds o;
	char msg[160];
	int col;

	if (!dice_parse(text, &kinds, &e, &col, msg))
		fail_msg("%s: column %d: %s", text, col, msg);
	if (!dice_odds(&e, &o, msg))
		fail_msg("%s: %s", text, msg);
	if (o.least != least || o.most != most || fabs(o.mean - mean) > 1e-12 * (1 + fabs(mean)))
		fail_msg("%s: %ld to %ld, mean %.15g; expected %ld to %ld, mean %.15g", text, o.least,
		         o.most, o.mean, least, most, mean);
	assert_true(o.capped && o.least <= o.min && o.max <= o.most && o.beyond < 1e-12);
	dice_odds_free(&o);
}

static void
test_explode_ranges(void **state)
{
	(void)state;
	explode_range_is("-3d6!+4", -18014, 1, 4 - 3 * 4.2);    /* a d6! is 4.2 on average */
	explode_range_is("1d6!+2d6rr1", 5, 6006 + 12, 4.2 + 8); /* rr1: 2 to 6 */
	explode_range_is("dF!p", -1, 1, -0.5);  /* +1 then 0s (+1 less 1), and -1 or -2 */
	explode_range_is("dF!", -1, 1001, 0.0);
	explode_range_is("max(1d6!,1d4)", 1, 6006, 4.6166666666666667);
	explode_range_is("min(1d6!,1d4)", 1, 4, 2.0833333333333333);
	explode_range_is("{2d6!,1d8}kh1", 2, 12012, 8.8305555555555556);
	explode_range_is("1d6!*1d6!", 1, 6006 * 6006, 4.2 * 4.2);
	explode_range_is("floor(1d6!/2)", 0, 3003, 1.8);
}

/* What Roll20, Foundry and AnyDice users type, each with its exact odds. */
static void
test_dialects(void **state)
{
	struct dice_expr e;

	(void)state;
	parse_ok("4d6dl1", &e);                      /* drop the lowest: keep the 3 highest */
	assert_int_equal(e.terms[0].keep, 3);
	odds_are("4d6dl1", 18, 21, 1296);
	parse_ok("2d20dh1", &e);
	assert_int_equal(e.terms[0].keep, -1);
	parse_ok("4d6k3", &e);
	assert_int_equal(e.terms[0].keep, 3);
	parse_ok("d%", &e);
	assert_int_equal(e.terms[0].sides, 100);
	odds_are("d%", 100, 1, 100);
	odds_are("4dF", 0, 19, 81);                  /* Fudge: 19 of 81 sum to 0 */
	odds_are("4dF", -4, 1, 81);
	parse_bad("D66", 1, "D66 is read two ways: two d6 as tens and units (11 to 66), or one die of 66 "
	                    "sides (rpg-dice-roller): write 1d6*10+1d6 or 1d66");
	parse_bad("1D66", 2, "D66 is read two ways: two d6 as tens and units (11 to 66), or one die of 66 "
	                    "sides (rpg-dice-roller): write 1d6*10+1d6 or 1d66");
	odds_are("1d6*10+1d6", 35, 1, 36);           /* tens and units, spelt out */
	odds_are("1d6*10+1d6", 17, 0, 36);
	parse_ok("d66", &e);                         /* one die of 66 sides */
	assert_int_equal(e.terms[0].sides, 66);
	odds_are("d6ro1", 1, 1, 36);                 /* a 1, then a 1 again */
	odds_are("d6ro1", 2, 7, 36);                 /* a 2 first (6 of 36), or after a 1 */
	odds_are("d6rr<=2", 3, 1, 4);                /* until 3 to 6: each 1 in 4 */
	odds_are("d6rr<=2", 2, 0, 4);
	chance_is("d6!", 6, 0.0);                    /* a 6 always goes on */
	chance_is("d6!", 7, 1.0 / 36);               /* 6 then 1: 1/36 */
	chance_is("d6!", 36, 0.0);                   /* six 6s go on, past the old cap */
	chance_is("d6!", 37, pow(6, -7));
	chance_is("d10!>=9", 9, 0.0);
	odds_are("6d6<=2", 0, 4096, 46656);          /* no die 2 or less: (4/6)^6 */
	odds_are("2d6cs6cf1", 0, 18, 36);            /* 6 and 1 cancel; or neither */
	odds_are("3d6cf1", 3, 1, 216);               /* failures counted alone */
	odds_are("3d6=6", 1, 75, 216);
	parse_ok("2d6[fire]+1d4[cold]", &e);
	assert_string_equal(e.terms[0].label, "fire");
	assert_string_equal(e.terms[1].label, "cold");
	parse_ok("4dB", &e);                         /* a card's die by its initial */
	assert_int_equal(e.terms[0].named, 0);
	parse_ok("2dtargeting", &e);
	assert_int_equal(e.terms[0].named, 1);

	parse_bad("3d6r1", 4, "r is 'reroll once' in Foundry and 'reroll until' in Roll20: "
	                      "write ro1 (once) or rr1 (until)");
	parse_bad("6d6>5", 4, ">5 is above 5 in Foundry and at least 5 in Roll20: write >=6 or >=5");
	parse_bad("3d6ro<3", 6, "<3 is below 3 in Foundry and at most 3 in Roll20: write <=2 or <=3");
	parse_bad("d6!>=1", 3, "every face would explode: test fewer, such as d6!>=5");
	parse_bad("d6rr<=6", 3, "every face would be rerolled: test fewer, such as ro1");
	parse_bad("2d6[fire", 4, "a label ends with ], such as 2d6[fire]");
	parse_bad("4d6dl4", 4, "drop 1 to one less than the dice rolled, such as 4d6dl1");
	parse_bad("D66!", 1, "D66 is read two ways: two d6 as tens and units (11 to 66), or one die of 66 "
	                    "sides (rpg-dice-roller): write 1d6*10+1d6 or 1d66");
	parse_bad("1d6/2", 4, "/ is read two ways: rpg-dice-roller keeps the fraction, AnyDice "
	                      "rounds it down: write floor(1d6/2) or ceil(1d6/2)");
	parse_bad("floor(1d6/2)+ (1d6+1) / 2", 23, "/ is read two ways: rpg-dice-roller keeps the "
	          "fraction, AnyDice rounds it down: write floor((1d6+1) / 2) or ceil((1d6+1) / 2)");
	parse_ok("abs(round(2d6/3)-1)", &e);          /* each / under floor, ceil or round */
	parse_bad("2dX", 3, "dF, d% or a number of sides comes after d, such as 2d6");
	/* cs and cf: Foundry counts, Roll20 and rpg-dice-roller mark criticals */
	parse_bad("10d10cs>=7", 6, "cs>=7 counts successes in Foundry, marks critical ones of a "
	                           "sum in Roll20: write >=7 to count, or roll --cs=mark");
	parse_bad("6d6>=5cf1", 7, "cf1 counts failures in Foundry, marks critical ones of a sum "
	                          "in Roll20: write f1 to count, or roll --cs=mark");
}

/* A die rolled again and exploded keeps what it showed; physical dice of
 * these kinds are their final values. */
static void
test_dialect_rolls(void **state)
{
	struct dice_expr e;
	struct dice_roll r;
	struct rng g;
	char msg[160];
	int fudge[] = { -1, 0, 1, 1 }, boom[] = { 14 }, cap[] = { 6006, 6007 };

	(void)state;
	parse_ok("20d6rr1", &e);
	rng_seed(&g, 7);
	dice_roll(&e, &g, &r);
	for (int i = 0; i < r.ndice; i++)
		assert_true(r.values[i] >= 2);
	parse_ok("20d6!", &e);
	rng_seed(&g, 7);
	dice_roll(&e, &g, &r);
	for (int i = 0; i < r.ndice; i++) {
		int sum = 0;
		assert_true(r.nrolls[i] <= DICE_ROLLS_KEPT);
		for (int k = 0; k < r.nrolls[i]; k++)
			sum += r.rolls[i][k];
		assert_int_equal(sum, r.values[i]);
		assert_true(r.nrolls[i] == 1 || r.rolls[i][0] == 6);
	}
	parse_ok("30d6!p", &e);                       /* each roll after a 6: one less */
	rng_seed(&g, 7);
	dice_roll(&e, &g, &r);
	for (int i = 0; i < r.ndice; i++)
		for (int k = 1; k < r.nrolls[i] && k < DICE_ROLLS_KEPT; k++) {
			assert_in_range(r.rolls[i][k], 0, 5);
			assert_int_equal(r.rolls[i][k - 1], k == 1 ? 6 : 5);
		}
	parse_ok("4d6!!kh3", &e);                     /* compounded dice kept whole */
	rng_seed(&g, 7);
	dice_roll(&e, &g, &r);
	assert_true(r.kept[0] + r.kept[1] + r.kept[2] + r.kept[3] == 3);
	parse_ok("4dF", &e);
	assert_true(dice_take(&e, fudge, 4, &r, msg));
	assert_int_equal(r.total, 1);
	parse_ok("d6!", &e);
	assert_true(dice_take(&e, boom, 1, &r, msg));
	assert_int_equal(r.total, 14);
	assert_true(dice_take(&e, cap, 1, &r, msg));   /* 1000 explosions: 6*1001 */
	assert_false(dice_take(&e, cap + 1, 1, &r, msg));
	assert_string_equal(msg, "value 1 of the dice is 6007, which that die cannot show");
}

/* ---- the notation table: tests/dice-notation.tsv --------------------------------- */

typedef __int128 wide;

static wide
wide_gcd(wide a, wide b)
{
	a = a < 0 ? -a : a;
	b = b < 0 ? -b : b;
	while (b != 0) {
		wide t = a % b;
		a = b;
		b = t;
	}
	return a == 0 ? 1 : a;
}

/* One die's outcomes as the test enumerates them, apart from the odds code:
 * its final values, each with a weight out of `total`. */
#define BRUTE_MAX 4096
struct brute_die {
	int n;
	int value[BRUTE_MAX];
	wide weight[BRUTE_MAX];
	wide total;
};

/* An exploding die's chances, its chains of rolls followed one explosion at
 * a time (chance[v]: the die ends on v), to 80 explosions: past them, at most
 * (1/2)^80 is left out. Apart from the odds code, which stops at 1e-16. */
#define CHAIN_MAX 4096
static void
chain_chances(const struct dice_term *t, double *chance)
{
	static double chain[CHAIN_MAX], next[CHAIN_MAX];

	memset(chain, 0, sizeof chain);
	memset(chance, 0, CHAIN_MAX * sizeof *chance);
	chain[0] = 1.0;
	for (int k = 0; k <= 80; k++) {
		memset(next, 0, sizeof next);
		for (int sum = 0; sum < CHAIN_MAX; sum++)
			for (int f = 0; chain[sum] != 0.0 && f < t->sides; f++) {
				int v = dice_face_value(t, f), to = sum + (k > 0 && t->penetrate ? v - 1 : v);
				double p = chain[sum] / t->sides;
				if (to < 0 || to >= CHAIN_MAX)
					continue;
				if (dice_meets(&t->explode, v))
					next[to] += p;
				else
					chance[to] += p;
			}
		memcpy(chain, next, sizeof chain);
	}
}

/* A sum of exploding dice of one kind (3d6!, 2d6!>=5): its chances against
 * the chains enumerated, die by die added; false for other expressions. */
static bool
chains_agree(const char *text, const struct dice_expr *e, const struct dice_odds *o)
{
	const struct dice_term *t = &e->terms[0];
	static double die[CHAIN_MAX], sum[CHAIN_MAX], next[CHAIN_MAX];

	if (e->arith || e->success || e->nterms != 1 || t->explode.cmp == DICE_CMP_NONE ||
	    t->sign < 0 || t->faces != FACES_NUMBERED)
		return false;
	chain_chances(t, die);
	memset(sum, 0, sizeof sum);
	sum[0] = 1.0;
	for (int k = 0; k < t->count; k++) {
		memset(next, 0, sizeof next);
		for (int a = 0; a < CHAIN_MAX; a++)
			for (int b = 0; sum[a] != 0.0 && a + b < CHAIN_MAX; b++)
				next[a + b] += sum[a] * die[b];
		memcpy(sum, next, sizeof sum);
	}
	for (long v = 0; v < CHAIN_MAX; v++) {
		double got = v >= o->min && v <= o->max ? o->chance[v - o->min] : 0.0;
		if (fabs(got - sum[v]) > 1e-13)
			fail_msg("%s = %ld: chance %.17g, the chains say %.17g", text, v, got, sum[v]);
	}
	return true;
}

static void
brute_die(const struct dice_term *t, struct brute_die *d)
{
	int s = t->sides;

	d->n = 0;
	d->total = t->reroll.cmp == DICE_CMP_NONE ? s : t->reroll_until ? 0 : (wide)s * s;
	for (int f = 0; f < s; f++) {
		int v = dice_face_value(t, f);
		if (t->reroll.cmp != DICE_CMP_NONE && dice_meets(&t->reroll, v)) {
			for (int g = 0; !t->reroll_until && g < s; g++) { /* rolled once more */
				d->value[d->n] = dice_face_value(t, g);
				d->weight[d->n++] = 1;
			}
			continue;
		}
		d->value[d->n] = v;
		d->weight[d->n++] = t->reroll.cmp != DICE_CMP_NONE && !t->reroll_until ? s : 1;
		if (t->reroll_until)
			d->total += 1;
	}
}

/* Every roll of e, each die's outcomes in turn (an odometer), taken as
 * physical dice and added up by the roll's own code; the ways of each result
 * must be the odds' ways, fraction for fraction. False when too many to try. */
static bool
brute_force(const char *text, const struct dice_expr *e, const struct dice_odds *o)
{
	static struct brute_die dice[16];
	int idx[16] = { 0 }, values[16], n = 0;
	double rolls = 1.0;
	wide *got, all = 1;
	long span = o->max - o->min + 1;

	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		if (e->success && t->explode.cmp != DICE_CMP_NONE && !t->compound)
			return false; /* each roll a die of its own: not a value to take */
		for (int k = 0; k < t->count; k++, n++) {
			if (n == 16)
				return false;
			brute_die(t, &dice[n]);
			rolls *= dice[n].n;
			all *= dice[n].total;
		}
	}
	if (rolls > 300000.0)
		return false;
	got = calloc((size_t)span, sizeof *got);
	assert_non_null(got);
	for (;;) {
		struct dice_roll r;
		char msg[160];
		wide w = 1;
		long v;
		int i;
		for (i = 0; i < n; i++) {
			values[i] = dice[i].value[idx[i]];
			w *= dice[i].weight[idx[i]];
		}
		if (!dice_take(e, values, n, &r, msg))
			fail_msg("%s: a roll the odds count is refused: %s", text, msg);
		v = e->success ? r.successes : r.total;
		if (v < o->min || v > o->max)
			fail_msg("%s: a roll makes %ld, outside the odds' %ld..%ld", text, v, o->min,
			         o->max);
		got[v - o->min] += w;
		for (i = 0; i < n && ++idx[i] == dice[i].n; i++)
			idx[i] = 0;
		if (i == n)
			break;
	}
	for (long k = 0; k < span; k++)
		if ((wide)o->ways[k] * all != got[k] * (wide)o->outcomes)
			fail_msg("%s = %ld: %llu of %llu counted, enumeration differs", text, o->min + k,
			         (unsigned long long)o->ways[k], (unsigned long long)o->outcomes);
	free(got);
	return true;
}

/* The mean of the odds against MEAN: a fraction p/q (exact odds), or a decimal. */
static void
mean_is(const char *text, const struct dice_odds *o, const char *mean)
{
	if (o->exact) {
		wide sum = 0, p, q = 1, g;
		char *end;
		for (long k = 0; k <= o->max - o->min; k++)
			sum += (wide)(o->min + k) * o->ways[k];
		p = strtol(mean, &end, 10);
		if (*end == '/')
			q = strtol(end + 1, &end, 10);
		g = wide_gcd(sum, o->outcomes);
		if (sum / g != p || (wide)o->outcomes / g != q)
			fail_msg("%s: mean %lld/%lld, table says %s", text, (long long)(sum / g),
			         (long long)((wide)o->outcomes / g), mean);
	} else {
		/* exploding dice: the closed form's mean, against a decimal or a fraction */
		char *end;
		double want = strtod(mean, &end);
		if (*end == '/')
			want /= strtod(end + 1, NULL);
		if (fabs(o->mean - want) > 1e-9 * fabs(want))
			fail_msg("%s: mean %.12g, table says %s", text, o->mean, mean);
	}
}

/* Each notation of the table: accepted with its least and greatest total and
 * exact mean (and, with few enough rolls, every roll enumerated), or refused
 * saying the nearest spelling. */
static void
test_notation_table(void **state)
{
	const char *top = getenv("top_srcdir");
	char path[4096], line[512];
	int rows = 0, refused = 0, brute = 0, chains = 0;
	FILE *f;

	(void)state;
	snprintf(path, sizeof path, "%s/tests/dice-notation.tsv", top ? top : "..");
	f = fopen(path, "r");
	if (f == NULL)
		fail_msg("%s: cannot open", path);
	while (fgets(line, sizeof line, f) != NULL) {
		char *col[6] = { NULL }, *save = NULL, msg[160];
		struct dice_expr e;
		struct dice_odds o;
		int c = 0, at;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		for (char *w = strtok_r(line, "\t", &save); w != NULL && c < 6;
		     w = strtok_r(NULL, "\t", &save))
			col[c++] = w;
		assert_true(c >= 6);
		rows++;
		if (strcmp(col[1], "no") == 0) {
			if (dice_parse(col[0], NULL, &e, &at, msg))
				fail_msg("%s: accepted, the table says refused", col[0]);
			if (strstr(msg, col[5]) == NULL)
				fail_msg("%s: \"%s\" does not say \"%s\"", col[0], msg, col[5]);
			refused++;
			continue;
		}
		if (!dice_parse(col[0], NULL, &e, &at, msg))
			fail_msg("%s: refused at column %d: %s", col[0], at, msg);
		if (!dice_odds(&e, &o, msg))
			fail_msg("%s: no odds: %s", col[0], msg);
		if (o.least != atol(col[2]) || o.most != atol(col[3]))
			fail_msg("%s: %ld to %ld, the table says %s to %s", col[0], o.least, o.most,
			         col[2], col[3]);
		mean_is(col[0], &o, col[4]);
		brute += o.exact && brute_force(col[0], &e, &o);
		chains += !o.exact && chains_agree(col[0], &e, &o);
		dice_odds_free(&o);
	}
	fclose(f);
	print_message("# %d notations, %d refused, %d enumerated roll by roll, %d exploding "
	              "ones chain by chain\n", rows, refused, brute, chains);
	assert_int_equal(rows, 78);
	assert_true(brute >= 45);
	assert_true(chains >= 5);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_seeded_rolls_repeat),
		cmocka_unit_test(test_fair_d6),
		cmocka_unit_test(test_fair_symbol_die),
		cmocka_unit_test(test_keep_and_successes),
		cmocka_unit_test(test_physical_dice),
		cmocka_unit_test(test_odds),
		cmocka_unit_test(test_odds_many_faces),
		cmocka_unit_test(test_keep_against_enumeration),
		cmocka_unit_test(test_keep_large_pools),
		cmocka_unit_test(test_dialects),
		cmocka_unit_test(test_dialect_rolls),
		cmocka_unit_test(test_notation_table),
		cmocka_unit_test(test_explode_ranges),
	};
	return RUN_TESTS("dice", tests);
}
