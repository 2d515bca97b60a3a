/* settle.h: battles settled on a card's table (engine layer): a roll plus the
 * modifiers (and the odds or the attacker's strength, when the card says so)
 * read on a table by roll; or both sides' values, modifiers and rolls, the
 * difference read on a table by difference. With exact odds of each row.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_SETTLE_H
#define HEXAID_SETTLE_H

#include "card.h"
#include "explain.h"

/* What the roll is added to. */
struct settle_question {
	const struct resolution *how;
	long drm;                 /* the attacker's modifiers, summed */
	long defense;             /* the defender's modifiers (opposed) */
	long att_strength, def_strength;
	long att_value, def_value; /* opposed: each side's value before modifiers */
	long tie;                 /* opposed: the card's tie rules, summed (battle_answer) */
	int tie_rules;            /* ... and how many applied */
	/* roll: hits: each side's dice (attacker, defender), the number a die must
	 * show to hit, and the battle die's sides, for the odds */
	long hit_dice[2], hit_need[2];
	int hit_sides;
	bool quiet;               /* the steps are read for their values only (a quiet
	                             replay): settle_read's explanation has no words */
};

struct settle_result {
	long att_total, def_total; /* the numbers compared (opposed), or the modified roll */
	long value;               /* the number read on the table */
	int winner;               /* opposed: 1 the attacker, -1 the defender, 0 a tie */
	int row;                  /* the row read, or -1 */
	struct explanation why;
};

/* What joins the roll besides the rules' modifiers: the odds row's modifier,
 * the attacker's strength; their steps go to why. False (with a step saying
 * so) when the odds cannot be read. */
bool settle_extra(const struct card *card, const struct settle_question *q, long *extra,
                  struct explanation *why);

/* Read the table for the rolls (the defender's is used only when opposed). */
void settle_read(const struct card *card, const struct settle_question *q, long extra,
                 long att_roll, long def_roll, struct settle_result *out);

/* A tie of an opposed roll: the card's tie rules (tie > 0 the attacker's,
 * < 0 the defender's; tie_rules of them applied) give it to a side, which wins
 * with the difference the resolution's ties name; rules for both sides cancel.
 * Sets *winner and *value when the tie is decided; the step goes to why. */
void settle_tie(const struct resolution *how, long tie, int tie_rules, int *winner, long *value,
                struct explanation *why);

/* Read table t with the totals in out (att_total, and def_total on a table by
 * difference): by roll, the attacker's total is the number read; by difference
 * (an opposed roll), the difference of the two, the higher side the winner, and
 * a tie the tie rules of q->how give to a side (q->how NULL: a tie stands). Sets
 * out's value, winner and row; a tie's step goes to out->why. The game
 * (settle_read) and explain's table answers both read a table through it. */
void settle_totals(const struct table *t, const struct settle_question *q,
                   struct settle_result *out);

/* The exact chance of each row of the table (and, opposed, of which side wins
 * it): chance[row * 3 + winner + 1], rows of the table; the last three entries
 * are for no row. Free it. NULL when the roll's odds cannot be counted. */
double *settle_odds(const struct card *card, const struct settle_question *q, long extra);

#endif
