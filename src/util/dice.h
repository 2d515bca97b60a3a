/* dice.h: dice notation, rolling, physical dice typed in, and exact odds (util
 * layer). Notation: terms joined by + and -: NdS (N dice of S sides; N may be
 * left out), a whole number, a named die of a card ("3 battle", "2battle"); a
 * dice term may keep its highest or lowest K (4d6kh3, 4d6kl1); a whole
 * expression of plain dice may count successes instead of adding (6d6>=5). */
#ifndef HEXAID_DICE_H
#define HEXAID_DICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rng.h"

#define DICE_MAX_TERMS 16
#define DICE_MAX_DICE 64
#define DICE_MAX_SIDES 1000

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
	int sides;        /* plain dice: faces numbered 1..sides */
	int named;        /* a named die (index in the kinds), or -1 */
	int keep;         /* >0: keep the highest keep, <0: the lowest -keep, 0: all */
	long constant;
};

struct dice_expr {
	struct dice_term terms[DICE_MAX_TERMS];
	size_t nterms;
	bool success;     /* count the dice showing at least `target` */
	int target;
	int ndice;        /* dice in all the terms */
};

/* Parse text. On false, *col (1-based, in characters of text) and msg say what
 * is wrong where. */
bool dice_parse(const char *text, const struct dice_kinds *kinds, struct dice_expr *out, int *col,
                char msg[160]);

/* One roll: each die's value (1..sides for plain dice, a face index 0..faces-1
 * for named dice), which were kept, the total and the successes. */
struct dice_roll {
	int values[DICE_MAX_DICE];
	bool kept[DICE_MAX_DICE];
	int term[DICE_MAX_DICE];   /* the term each die belongs to */
	int ndice;
	long total;                /* sum of the kept plain dice and constants */
	int successes;
};

void dice_roll(const struct dice_expr *e, struct rng *r, struct dice_roll *out);

/* Take the values of physical dice, in the order of the expression's dice (the
 * caller matches names of faces to indexes). False when a value is not on its die,
 * with the reason in msg. */
bool dice_take(const struct dice_expr *e, const int *values, int n, struct dice_roll *out,
               char msg[160]);

/* Exact odds of the result (the total, or the number of successes): counts of
 * each outcome out of `outcomes` equally likely rolls, from min to max. Named
 * dice are not added up: false for an expression that has them, or whose rolls
 * are too many to count exactly. */
struct dice_odds {
	long min, max;
	double *chance;            /* chance of min + i */
	uint64_t *ways;            /* ways of min + i, when `exact` */
	uint64_t outcomes;
	bool exact;                /* ways and outcomes are whole counts */
};

bool dice_odds(const struct dice_expr *e, struct dice_odds *out, char msg[160]);
void dice_odds_free(struct dice_odds *o);

/* The chance of each number (0..n) of n dice showing one of `hits` of `faces`
 * equally likely faces (the binomial distribution): chance[k] for k in 0..n. */
void dice_count_odds(int n, int hits, int faces, double *chance);

#endif
