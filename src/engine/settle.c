/* settle.c: settles a battle on one of the card's tables (engine layer). The
 * modified roll, or the difference of two sides' totals, picks a row; every
 * number that joins the roll is a step, and the odds of each row are counted
 * from the dice's exact distribution.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "settle.h"
#include "table-lookup.h"
#include "xmalloc.h"

/* The whole number in a row's cell of column c (-1: none), if there is one. */
static bool
row_number(const struct table *t, int row, int c, long *out)
{
	const char *cell = c >= 0 ? t->rows[row].cells[c] : NULL;
	char *end;

	if (cell == NULL)
		return false;
	*out = strtol(cell, &end, 10);
	return end != cell && *end == '\0';
}

bool
settle_extra(const struct card *card, const struct settle_question *q, long *extra,
             struct explanation *why)
{
	const struct resolution *r = q->how;

	*extra = 0;
	if (r->add_strength) {
		*extra += q->att_strength;
		explain_add(why,
		            &(struct step_from){ .kind = STEP_AMOUNT, .value = q->att_strength,
		                                 .file = r->file, .line = r->line, .seed = r->seed,
		                                 .assumed = r->assumed },
		            "the attacker's strength");
		explain_counts_for(why, EFFECT_DRM);
	}
	if (r->odds_table >= 0) {
		const struct table *t = &card->tables[r->odds_table];
		int row = table_row_for_odds(t, q->att_strength, q->def_strength);
		long drm = 0;
		char entry[64];

		snprintf(entry, sizeof entry, "strengths %ld to %ld", q->att_strength, q->def_strength);
		if (row < 0 || !row_number(t, row, t->drm_column, &drm)) {
			table_explain(t, -1, entry, why);
			return false;
		}
		*extra += drm;
		explain_add(why,
		            &(struct step_from){ .kind = STEP_AMOUNT, .value = drm, .file = t->file,
		                                 .line = t->rows[row].line, .seed = t->seed,
		                                 .assumed = t->assumed },
		            "%s, %s: %ld:%ld", t->name, entry, t->rows[row].odds_att / 10,
		            t->rows[row].odds_def / 10);
		explain_counts_for(why, EFFECT_DRM);
	}
	return true;
}

void
settle_tie(const struct resolution *how, long tie, int tie_rules, int *winner, long *value,
           struct explanation *why)
{
	if (tie_rules == 0)
		return;
	if (tie == 0) {
		explain_add(why,
		            &(struct step_from){ .kind = STEP_RULING, .file = how->file,
		                                 .line = how->tie_line, .seed = how->tie_seed,
		                                 .assumed = how->assumed },
		            "the tie rules for each side cancel each other: the tie stands");
		return;
	}
	*winner = tie > 0 ? 1 : -1;
	*value = how->tie_reads_as;
	explain_add(why,
	            &(struct step_from){ .kind = STEP_AMOUNT, .value = *value, .file = how->file,
	                                 .line = how->tie_line, .seed = how->tie_seed,
	                                 .assumed = how->assumed },
	            "a tie, the tie rules give it to the %s: read as a difference of %ld",
	            tie > 0 ? "attacker" : "defender", *value);
}

void
settle_totals(const struct table *t, const struct settle_question *q, struct settle_result *out)
{
	long difference = out->att_total - out->def_total;

	out->winner = 0;
	out->value = out->att_total;
	if (t->by == TABLE_BY_DIFFERENCE) {
		out->winner = difference > 0 ? 1 : difference < 0 ? -1 : 0;
		out->value = labs(difference);
		if (out->winner == 0 && q->how != NULL)
			settle_tie(q->how, q->tie, q->tie_rules, &out->winner, &out->value, &out->why);
	}
	out->row = table_row_for_value(t, out->value);
}

void
settle_read(const struct card *card, const struct settle_question *q, long extra, long att_roll,
            long def_roll, struct settle_result *out)
{
	const struct resolution *r = q->how;
	const struct table *t = &card->tables[r->table];
	char entry[96];

	memset(out, 0, sizeof *out);
	out->why.quiet = q->quiet;
	if (!r->opposed) {
		out->att_total = att_roll + q->drm + extra;
		explain_add(&out->why,
		            &(struct step_from){ .kind = STEP_AMOUNT, .value = out->att_total },
		            "roll %ld, modifiers %+ld", att_roll, q->drm + extra);
		explain_as_start(&out->why);
		settle_totals(t, q, out);
		snprintf(entry, sizeof entry, "%ld", out->value);
	} else {
		out->att_total = q->att_value + q->drm + extra + att_roll;
		out->def_total = q->def_value + q->defense + def_roll;
		if (r->hits)
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_AMOUNT, .value = out->att_total },
			            "attacker: %ld hit%s, modifiers %+ld", att_roll,
			            att_roll == 1 ? "" : "s", q->att_value + q->drm + extra);
		else
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_AMOUNT, .value = out->att_total },
			            "attacker: value %ld, modifiers %+ld, roll %ld", q->att_value,
			            q->drm + extra, att_roll);
		explain_as_start(&out->why);
		if (r->hits)
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_AMOUNT, .value = out->def_total },
			            "defender: %ld hit%s, modifiers %+ld", def_roll,
			            def_roll == 1 ? "" : "s", q->def_value + q->defense);
		else
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_AMOUNT, .value = out->def_total },
			            "defender: value %ld, modifiers %+ld, roll %ld", q->def_value,
			            q->defense, def_roll);
		explain_as_start(&out->why);
		settle_totals(t, q, out);
		snprintf(entry, sizeof entry, "difference %ld, %s%s", out->value,
		         out->winner > 0   ? "the attacker wins"
		         : out->winner < 0 ? "the defender wins"
		                           : "a tie",
		         out->winner != 0 && out->att_total == out->def_total ? " the tie" : "");
	}
	table_explain(t, out->row, entry, &out->why);
}

static bool
roll_odds(const struct resolution *r, struct dice_odds *o)
{
	struct dice_kinds none = { 0, NULL, NULL };
	struct dice_expr e;
	char msg[160];
	int col;

	return dice_parse(r->roll, &none, &e, &col, msg) && dice_odds(&e, o, msg);
}

/* The chance of each number of hits (0..n) of n dice, each hitting on `need` or
 * more of `sides`: the binomial distribution. Free it. */
static double *
hit_chances(long n, long need, int sides)
{
	double p = need <= 1 ? 1.0 : need > sides ? 0.0 : (double)(sides - need + 1) / sides;
	double *c = xcalloc((size_t)n + 1, sizeof *c);

	c[0] = 1.0;
	for (long i = 0; i < n; i++)
		for (long k = i + 1; k >= 0; k--)
			c[k] = c[k] * (1.0 - p) + (k > 0 ? c[k - 1] * p : 0.0);
	return c;
}

/* The odds of roll: hits: each side's hits, read as the two rolls. */
static double *
hits_odds(const struct card *card, const struct settle_question *q, long extra)
{
	const struct table *t = &card->tables[q->how->table];
	double *ca = hit_chances(q->hit_dice[0], q->hit_need[0], q->hit_sides);
	double *cd = hit_chances(q->hit_dice[1], q->hit_need[1], q->hit_sides);
	double *chance = xcalloc((t->nrows + 1) * 3, sizeof *chance);

	for (long a = 0; a <= q->hit_dice[0]; a++)
		for (long d = 0; d <= q->hit_dice[1]; d++) {
			struct settle_result res;
			size_t row;

			if (ca[a] * cd[d] == 0.0)
				continue;
			settle_read(card, q, extra, a, d, &res);
			explain_free(&res.why);
			row = res.row < 0 ? t->nrows : (size_t)res.row;
			chance[row * 3 + (size_t)(res.winner + 1)] += ca[a] * cd[d];
		}
	free(ca);
	free(cd);
	return chance;
}

double *
settle_odds(const struct card *card, const struct settle_question *q, long extra)
{
	const struct resolution *r = q->how;
	const struct table *t = &card->tables[r->table];
	struct dice_odds o;
	double *chance;

	if (r->hits)
		return q->hit_dice[0] <= 64 && q->hit_dice[1] <= 64 ? hits_odds(card, q, extra) : NULL;
	if (!roll_odds(r, &o))
		return NULL;
	chance = xcalloc((t->nrows + 1) * 3, sizeof *chance);
	for (long a = o.min; a <= o.max; a++)
		for (long d = r->opposed ? o.min : 0; d <= (r->opposed ? o.max : 0); d++) {
			double p = o.chance[a - o.min] * (r->opposed ? o.chance[d - o.min] : 1.0);
			struct settle_result res;
			size_t row;

			if (p == 0.0)
				continue;
			settle_read(card, q, extra, a, d, &res);
			explain_free(&res.why);
			row = res.row < 0 ? t->nrows : (size_t)res.row;
			chance[row * 3 + (size_t)(res.winner + 1)] += p;
		}
	dice_odds_free(&o);
	return chance;
}
