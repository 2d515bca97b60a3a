/* dice.h: dice notation, rolling, physical dice typed in, and exact odds (util
 * layer). Notation, as Roll20, Foundry, rpg-dice-roller and AnyDice users type
 * it: terms joined by + and -: NdS (N dice, 1 to 999, of S sides; N may be left
 * out), d% (d100), dF (Fudge: -1, 0, +1), d66 (a die of 66 sides; D66, which
 * some tools read as tens and units, is refused), a whole number, a named die
 * of a card ("3 battle", "2battle", "4dbattle", "4dB" by its initial). A dice
 * term may keep or drop some dice (4d6kh3, 4d6k3, 2d20kl1, 4d6d1, 4d6dl1,
 * 4d6dh1; without a count, one), reroll once (ro1, ro<=2) or until it fails the
 * test (rr1), explode (d6!, d10!>=9: roll again and add, at most
 * DICE_EXPLODE_DEPTH times; !! compounds into one die, !p counts each later
 * roll one less), clamp each roll (3d6min2, 3d6max5) and carry a label
 * (2d6[fire]). Terms combine with *, / by a number inside floor( ) ceil( ) or
 * round( ) (a bare / is refused: the other tools keep the fraction),
 * parentheses, abs, pools {A,B}khK and min( ) max( ) (dice_expr.arith: a tree
 * of nodes; exact fractions inside). A whole sum of plain dice may count
 * instead of adding: >=T, <=T or =T, with fT taking failures off. A test is N
 * (=N), =N, <=N or >=N; <N and >N, which Roll20 and Foundry read differently,
 * are refused, as is a bare r (reroll once in Foundry, until in Roll20): ro and
 * rr say which; and cs and cf (Foundry counts, Roll20 marks criticals) unless
 * the caller chooses a reading (dice_parse_as).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_DICE_H
#define HEXAID_DICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rng.h"

#define DICE_MAX_TERMS 32
#define DICE_MAX_NODES 96
#define DICE_MAX_DICE 999
#define DICE_MAX_SIDES 1000
/* A die explodes at most this many times, as rpg-dice-roller stops it (d6!:
 * 1001 rolls, 6006 at most); a roll keeps the first DICE_ROLLS_KEPT of each
 * die's rolls to show (the total counts them all). */
#define DICE_EXPLODE_DEPTH 1000
#define DICE_ROLLS_KEPT 8
#define DICE_LABEL_SIZE 24
/* The chance of a die's longer chains of explosions that the odds leave out. */
#define DICE_ODDS_CUT 1e-16

/* A test a die's value meets: = N, <= N or >= N. */
enum dice_cmp { DICE_CMP_NONE, DICE_CMP_EQ, DICE_CMP_LE, DICE_CMP_GE };
struct dice_cond {
	enum dice_cmp cmp;
	int value;
};

/* What a die's faces are worth: 1 to sides; Fudge -1, 0, +1. */
enum dice_faces { FACES_NUMBERED, FACES_FUDGE };

/* The named dice an expression may use (a card's): their names, short forms are
 * the caller's business; faces[i] is how many faces die i has. */
struct dice_kinds {
	size_t count;
	const char *const *names;
	const int *faces;
};

struct dice_term {
	int sign;         /* +1 or -1 */
	int count;        /* dice in the term; 0 for a constant */
	int sides;        /* how many faces (numbered 1..sides for plain dice) */
	enum dice_faces faces;
	int named;        /* a named die (index in the kinds), or -1 */
	int keep;         /* >0: keep the highest keep, <0: the lowest -keep, 0: all */
	long constant;
	struct dice_cond reroll;  /* a die meeting it is rolled again ... */
	bool reroll_until;        /* ... until it does not (rr), or once (ro) */
	struct dice_cond explode; /* a die meeting it adds another roll (!) */
	bool compound;            /* !!: the rolls are one die (kept, counted whole) */
	bool penetrate;           /* !p: each roll after the first counts one less */
	bool has_min, has_max;    /* min N, max N: a roll below N counts N (above) */
	int min_value, max_value;
	char label[DICE_LABEL_SIZE]; /* 2d6[fire]: the players' name for the term */
	int col;          /* where the term starts in the text (1-based) */
};

/* Arithmetic over the terms (dice_expr.arith): the expression as a tree of
 * nodes. Values are exact fractions inside; the result is rounded down to a
 * whole number at the end (floor, ceil and round say otherwise). */
enum dice_op {
	DICE_OP_TERM,   /* the term's dice added (or its number) */
	DICE_OP_ADD, DICE_OP_SUB, DICE_OP_MUL,
	DICE_OP_DIV,    /* a by the number qn/qd */
	DICE_OP_NEG, DICE_OP_FLOOR, DICE_OP_CEIL, DICE_OP_ROUND, DICE_OP_ABS,
	DICE_OP_POOL,   /* {a, ...}: its members (a, then each one's next) kept or added */
};
struct dice_node {
	enum dice_op op;
	int a, b;         /* operands (node indexes); TERM: a is the term */
	int next;         /* the next member of a pool, or -1 */
	int keep;         /* POOL: >0 keep the highest, <0 the lowest, 0 all */
	long qn, qd;      /* DIV: the divisor, a fraction */
};

/* How cs and cf are read: Foundry counts successes (and takes off failures),
 * Roll20 and rpg-dice-roller add the dice and mark critical ones. Unless the
 * caller chooses, both readings are given and the text refused. */
enum dice_cs_reading { DICE_CS_ASK, DICE_CS_COUNT, DICE_CS_MARK };

struct dice_expr {
	struct dice_term terms[DICE_MAX_TERMS];
	size_t nterms;
	bool success;     /* count dice instead of adding them: */
	struct dice_cond success_if; /* each die meeting it counts 1 (>=T, <=T, =T, cs) */
	struct dice_cond fail_if;    /* cf: each die meeting it counts 1 alone, -1 with cs */
	int ndice;        /* dice in all the terms */
	struct dice_cond crit_if, fumble_if; /* cs and cf read as marks (DICE_CS_MARK) */
	bool arith;       /* * / ( ) {} floor ceil round abs min max: the nodes say */
	struct dice_node nodes[DICE_MAX_NODES];
	int nnodes, root;
};

/* Does value v meet the test? */
bool dice_meets(const struct dice_cond *c, int v);
/* The value of face f (0 .. sides-1) of the term's die. */
int dice_face_value(const struct dice_term *t, int f);

/* Parse text. On false, *col (1-based, in characters of text) and msg say what
 * is wrong where. dice_parse refuses cs and cf (DICE_CS_ASK). */
bool dice_parse(const char *text, const struct dice_kinds *kinds, struct dice_expr *out, int *col,
                char msg[160]);
bool dice_parse_as(const char *text, const struct dice_kinds *kinds, enum dice_cs_reading cs,
                   struct dice_expr *out, int *col, char msg[160]);

/* One roll: each die's value (1..sides for plain dice, a face index 0..faces-1
 * for named dice), which were kept, the total and the successes. */
struct dice_roll {
	int values[DICE_MAX_DICE]; /* each die's result (an exploding die: its rolls added) */
	bool kept[DICE_MAX_DICE];
	int term[DICE_MAX_DICE];   /* the term each die belongs to */
	bool rerolled[DICE_MAX_DICE];
	int first[DICE_MAX_DICE];  /* a rerolled die: what it showed before */
	int rolls[DICE_MAX_DICE][DICE_ROLLS_KEPT]; /* an exploding die's first rolls */
	int nrolls[DICE_MAX_DICE];  /* all its rolls, the kept ones and the rest */
	int scored[DICE_MAX_DICE];  /* counting: what all its rolls score together */
	int ndice;
	long total;                /* sum of the kept plain dice and constants (arith:
	                              the value rounded down) */
	long exact_num, exact_den; /* arith: the value before rounding, a fraction */
	long term_total[DICE_MAX_TERMS]; /* each term's kept dice added, unsigned */
	int successes;             /* counted dice (successes less failures with cf) */
};

void dice_roll(const struct dice_expr *e, struct rng *r, struct dice_roll *out);

/* A roll of no dice yet, with room cleared for `ndice` (the rest of its arrays
 * is left as it was: nothing reads past ndice). */
void dice_roll_clear(struct dice_roll *out, int ndice);

/* Take the values of physical dice, in the order of the expression's dice (the
 * caller matches names of faces to indexes): for a die that is rerolled, the value
 * it ended on; for an exploding die, its rolls added up. False when a value is
 * not one its die can show, with the reason in msg. */
bool dice_take(const struct dice_expr *e, const int *values, int n, struct dice_roll *out,
               char msg[160]);

/* Exact odds of the result (the total, or the number of successes): counts of
 * each outcome out of `outcomes` equally likely rolls, from min to max. Named
 * dice are not added up: false for an expression that has them, or whose rolls
 * are too many to count exactly. Exploding dice go to DICE_EXPLODE_DEPTH rolls:
 * their chances are counted while the chains of explosions left hold more than
 * DICE_ODDS_CUT of a die, and the rest (`beyond`) is a tail from min or max to
 * least or most, the results no row shows; least, most and the mean are exact. */
struct dice_odds {
	long min, max;
	double *chance;            /* chance of min + i */
	uint64_t *ways;            /* ways of min + i, when `exact` */
	uint64_t outcomes;
	bool exact;                /* ways and outcomes are whole counts */
	bool rounded;              /* some results were fractions, rounded down */
	bool capped;               /* some dice explode (at most DICE_EXPLODE_DEPTH times) */
	long least, most;          /* the least and greatest results (min and max, or past) */
	double beyond;             /* the chance of the results past min..max */
	double mean;               /* the mean result, counted apart from the chances */
};

bool dice_odds(const struct dice_expr *e, struct dice_odds *out, char msg[160]);
void dice_odds_free(struct dice_odds *o);

/* The chance of each number (0..n) of n dice showing one of `hits` of `faces`
 * equally likely faces (the binomial distribution): chance[k] for k in 0..n. */
void dice_count_odds(int n, int hits, int faces, double *chance);

#endif
