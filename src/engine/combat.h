/* combat.h: what a roll of the battle dice does (engine layer): each face scored
 * by the card's scoring rules, the target's protection taken off, and the hits
 * and flags that are left, with every step.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_COMBAT_H
#define HEXAID_COMBAT_H

#include "card.h"
#include "explain.h"
#include "terrain.h"

struct combat_result {
	long hits, flags;             /* scored by the faces */
	long sure_hits;               /* of the hits, those protection does not cancel */
	long hits_left, flags_left;   /* after the target's protection */
	struct explanation why;
};

/* Score the faces rolled (face indexes of the card's battle die) in this
 * situation, and take off the protection p. */
void combat_score(const struct card *card, const struct situation *sit, const int *faces, int n,
                  const struct protection_answer *p, struct combat_result *out);

/* The exact chance of each number of hits that n battle dice leave after the
 * protection p: each die's faces weighed by their sides, convolved. Returns the
 * chances, index = hits, and their count in *count; free it. NULL when the card
 * has no battle die or the table would be too large to work out. */
double *combat_hit_odds(const struct card *card, const struct situation *sit, int n,
                        const struct protection_answer *p, size_t *count);

/* The hits n battle dice are expected to score in this situation, before any
 * protection: each face's hits weighed by its sides. */
double combat_expected_hits(const struct card *card, const struct situation *sit, int n);

#endif
