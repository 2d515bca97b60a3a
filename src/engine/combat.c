/* combat.c: scores a roll of the battle dice (engine layer). For each face of the
 * battle die that was rolled, the card's scoring rules for that face that apply
 * (the target's class, the combat type...) say the hits and flags it scores;
 * then the target ignores what its protection lets it. Every number is a step.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "combat.h"
#include "xmalloc.h"

/* What one face scores: hits and flags from the rules that apply to it. */
static void
score_face(const struct card *card, const struct situation *sit, int face, int times,
           struct combat_result *out)
{
	const struct rule_list *rl = &card->scoring;
	const struct die_kind *d = &card->dice[card->battle_die];
	bool scored = false;

	for (size_t k = 0; k < rl->count; k++) {
		const struct rule *r = &rl->items[k];
		long amount;

		if (r->face != face || !terrain_rule_applies(card, sit, r) ||
		    terrain_rule_overruled(card, sit, rl, k))
			continue;
		amount = r->amount * times;
		if (r->effect == EFFECT_HITS)
			out->hits += amount;
		else
			out->flags += amount;
		if (r->effect == EFFECT_HITS && r->beats_protection)
			out->sure_hits += amount;
		explain_add(&out->why,
		            &(struct step_from){ .kind = STEP_AMOUNT, .value = amount, .rule = r },
		            "%d x %s: %s%s", times, d->faces[face].id,
		            r->effect == EFFECT_HITS ? "hits" : "flags",
		            r->beats_protection ? " (protection does not cancel them)" : "");
		scored = true;
	}
	if (!scored)
		explain_add(&out->why, &(struct step_from){ .kind = STEP_NOTE },
		            "%d x %s: scores nothing here", times, d->faces[face].id);
}

void
combat_score(const struct card *card, const struct situation *sit, const int *faces, int n,
             const struct protection_answer *p, struct combat_result *out)
{
	int count[64] = { 0 };
	long ignored;

	memset(out, 0, sizeof *out);
	if (card->battle_die < 0)
		return;
	for (int i = 0; i < n; i++)
		if (faces[i] >= 0 && faces[i] < 64)
			count[faces[i]]++;
	for (size_t f = 0; f < card->dice[card->battle_die].nfaces && f < 64; f++)
		if (count[f] > 0)
			score_face(card, sit, (int)f, count[f], out);
	out->hits_left = out->hits;
	out->flags_left = out->flags;
	if (p->none)
		return;
	ignored = p->ignore_hits < out->hits - out->sure_hits ? p->ignore_hits
	                                                       : out->hits - out->sure_hits;
	if (ignored > 0) {
		out->hits_left -= ignored;
		explain_add(&out->why,
		            &(struct step_from){ .kind = STEP_AMOUNT, .value = -ignored },
		            "hits ignored by the target's protection%s",
		            p->hits_optional ? " (may: the owner decides)" : "");
	}
	ignored = p->ignore_flags < out->flags ? p->ignore_flags : out->flags;
	if (ignored > 0) {
		out->flags_left -= ignored;
		explain_add(&out->why,
		            &(struct step_from){ .kind = STEP_AMOUNT, .value = -ignored },
		            "flags ignored by the target's protection%s",
		            p->flags_optional ? " (may: the owner decides)" : "");
	}
}

/* The hits one face scores in this situation: those protection may cancel, and
 * those it may not. */
static void
face_hits(const struct card *card, const struct situation *sit, int face, long *soft, long *sure)
{
	const struct rule_list *rl = &card->scoring;

	*soft = *sure = 0;
	for (size_t k = 0; k < rl->count; k++) {
		const struct rule *r = &rl->items[k];
		if (r->face != face || r->effect != EFFECT_HITS || r->amount < 0 ||
		    !terrain_rule_applies(card, sit, r) || terrain_rule_overruled(card, sit, rl, k))
			continue;
		if (r->beats_protection)
			*sure += r->amount;
		else
			*soft += r->amount;
	}
}

/* The largest table of (soft, sure) hit counts worked out: past it, no odds. */
enum { ODDS_MAX_CELLS = 1 << 20 };

double *
combat_hit_odds(const struct card *card, const struct situation *sit, int n,
                const struct protection_answer *p, size_t *count)
{
	const struct die_kind *d;
	long soft[64], sure[64], max_soft = 0, max_sure = 0, w, h;
	double *dist, *next, *chance;

	if (card->battle_die < 0 || n < 0 || n > 64)
		return NULL;
	d = &card->dice[card->battle_die];
	for (size_t f = 0; f < d->nfaces && f < 64; f++) {
		face_hits(card, sit, (int)f, &soft[f], &sure[f]);
		max_soft = soft[f] > max_soft ? soft[f] : max_soft;
		max_sure = sure[f] > max_sure ? sure[f] : max_sure;
	}
	w = n * max_soft + 1;
	h = n * max_sure + 1;
	if (w * h > ODDS_MAX_CELLS)
		return NULL;
	dist = xcalloc((size_t)(w * h), sizeof *dist);
	next = xcalloc((size_t)(w * h), sizeof *next);
	dist[0] = 1.0;
	for (int die = 0; die < n; die++) {
		memset(next, 0, (size_t)(w * h) * sizeof *next);
		for (long i = 0; i < w * h; i++)
			for (size_t f = 0; dist[i] != 0.0 && f < d->nfaces && f < 64; f++)
				if (i % w + soft[f] < w && i / w + sure[f] < h)
					next[i + soft[f] + sure[f] * w] +=
					        dist[i] * d->faces[f].count / d->total;
		memcpy(dist, next, (size_t)(w * h) * sizeof *dist);
	}
	chance = xcalloc((size_t)(w + h), sizeof *chance);
	*count = 1;
	for (long i = 0; i < w * h; i++) {
		long s = i % w, left = i / w + s;

		if (!p->none)
			left -= s < p->ignore_hits ? s : p->ignore_hits;
		chance[left] += dist[i];
		if (dist[i] > 0.0 && (size_t)left + 1 > *count)
			*count = (size_t)left + 1;
	}
	free(dist);
	free(next);
	return chance;
}

double
combat_expected_hits(const struct card *card, const struct situation *sit, int n)
{
	const struct die_kind *d;
	double mean = 0.0;

	if (card->battle_die < 0)
		return 0.0;
	d = &card->dice[card->battle_die];
	for (size_t f = 0; f < d->nfaces && f < 64; f++) {
		long soft, sure;
		face_hits(card, sit, (int)f, &soft, &sure);
		mean += (double)(soft + sure) * d->faces[f].count / d->total;
	}
	return mean * n;
}
