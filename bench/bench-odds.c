/* bench-odds.c: the exact odds shown before a roll: eight battle dice with
 * symbol faces after the target's terrain protection (the first card with a
 * battle die, the terrain and classes giving the most protection), and a roll
 * plus modifiers read on a table (the first card with a table resolution; also
 * opposed rolls when a card has them). Each is timed with the rules that feed
 * it: the protection, or the modifiers. And pools that keep their highest or
 * lowest dice, counted exactly.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "combat.h"
#include "dice.h"
#include "settle.h"
#include "terrain.h"
#include "xmalloc.h"

#define SYMBOL_DICE 8

struct odds_ctx {
	const struct card *card;
	struct situation sit;
	const struct resolution *how;
};

/* ---- battle dice ---------------------------------------------------------------- */

static long
protection_of(const struct card *card, const struct situation *sit)
{
	struct protection_answer p;
	long n;

	terrain_protection(card, sit, &p);
	n = p.none ? 0 : p.ignore_hits + p.ignore_flags;
	explain_free(&p.why);
	return n;
}

/* The target terrain, classes and combat type that give the most protection. */
static void
most_protected(const struct card *card, struct situation *best)
{
	long most = -1;

	for (size_t t = 0; t < card->nterrain; t++)
		for (size_t a = 0; a < card->nclasses; a++)
			for (size_t d = 0; d < card->nclasses; d++)
				for (size_t c = 0; c < card->words[WL_COMBAT].count; c++) {
					struct situation sit;
					long n;
					situation_init(&sit);
					sit.attacker = (int)a;
					sit.target = (int)d;
					sit.combat = (int)c;
					tset_add(&sit.target_on, (int)t);
					if ((n = protection_of(card, &sit)) > most) {
						most = n;
						*best = sit;
					}
				}
}

static void
run_symbol_odds(void *ctx, size_t batch)
{
	struct odds_ctx *o = ctx;

	for (size_t i = 0; i < batch; i++) {
		struct protection_answer p;
		size_t count;
		terrain_protection(o->card, &o->sit, &p);
		free(combat_hit_odds(o->card, &o->sit, SYMBOL_DICE, &p, &count));
		explain_free(&p.why);
	}
}

/* ---- tables --------------------------------------------------------------------- */

static void
run_table_odds(void *ctx, size_t batch)
{
	struct odds_ctx *o = ctx;

	for (size_t i = 0; i < batch; i++) {
		struct settle_question q = { .how = o->how, .att_strength = 4, .def_strength = 2,
		                             .att_value = 5, .def_value = 4 };
		struct battle_answer b;
		struct explanation why;
		long extra;

		terrain_battle(o->card, &o->sit, &b);
		q.drm = b.drm;
		q.defense = b.defense;
		explain_init(&why);
		if (settle_extra(o->card, &q, &extra, &why))
			free(settle_odds(o->card, &q, extra));
		explain_free(&why);
		explain_free(&b.why);
	}
}

/* A battle of the resolution's combat type into the first terrain that changes it. */
static void
table_situation(const struct card *card, const struct resolution *how, struct situation *sit)
{
	situation_init(sit);
	sit->attacker = 0;
	sit->target = card->nclasses > 1 ? 1 : 0;
	sit->combat = how->combat;
	for (size_t t = 0; t < card->nterrain; t++)
		if (card->terrain[t].sections[SECTION_BATTLE_INTO].count > 0) {
			tset_add(&sit->target_on, (int)t);
			break;
		}
}

static struct timing
timed(void (*run)(void *, size_t), struct odds_ctx *c, int runs)
{
	struct timed t = { run, c, 1 };

	t.batch = measure_batch_for(&t, 5 * MS);
	return measure(&t, runs);
}

static void
table_row(struct results *t, const struct bench_options *o, const struct card *card,
          const struct resolution *how)
{
	struct odds_ctx c = { .card = card, .how = how };
	char what[96];
	struct row *r;

	table_situation(card, how, &c.sit);
	snprintf(what, sizeof what, "%s: %s %s on the %s table (%s, `settle_odds`)",
	         how->opposed ? "opposed rolls" : "roll + modifiers", how->roll,
	         how->opposed ? "each, the difference" : "+ modifiers", card->tables[how->table].id,
	         card->id);
	r = results_add(t, what);
	r->t = timed(run_table_odds, &c, o->runs);
	r->budget = 1 * MS;
}

/* ---- keeping the highest or lowest dice ------------------------------------------ */

static void
run_keep_odds(void *ctx, size_t batch)
{
	const struct dice_expr *e = ctx;

	for (size_t i = 0; i < batch; i++) {
		struct dice_odds odds;
		char msg[160];
		if (dice_odds(e, &odds, msg))
			dice_odds_free(&odds);
	}
}

/* `roll --odds` of pools that keep some dice: 7d6kh3 took 21 ms when every roll
 * was counted, 9d6kh3 was refused. */
static void
keep_rows(struct results *t, const struct bench_options *o)
{
	static const char *const pools[] = { "7d6kh3", "20d6kh3", "10d10kl2" };

	for (size_t i = 0; i < sizeof pools / sizeof pools[0]; i++) {
		struct dice_expr e;
		struct dice_odds odds;
		struct timed tm = { run_keep_odds, &e, 1 };
		char what[96], msg[160];
		int col;
		struct row *r;
		snprintf(what, sizeof what, "keep the highest or lowest: %s (`dice_odds`, exact)",
		         pools[i]);
		r = results_add(t, what);
		r->budget = 1 * MS;
		r->failed = !dice_parse(pools[i], NULL, &e, &col, msg) || !dice_odds(&e, &odds, msg) ||
		            !odds.exact;
		if (r->failed)
			continue;
		dice_odds_free(&odds);
		tm.batch = measure_batch_for(&tm, 5 * MS);
		r->t = measure(&tm, o->runs);
	}
}

/* `roll --odds` of what issue 31 added: up to 999 dice, a keep of 999, a pool
 * that keeps 2 of 4 members by enumeration, penetrating dice, dice times dice. */
static void
notation_rows(struct results *t, const struct bench_options *o)
{
	static const char *const texts[] = { "100d100", "999d6", "999d6kh1",
		                             "{2d6,1d8,1d10,1d12}kh2", "3d6!p", "10d10*10d10",
		                             "30d6!", "10d10!>=9" };

	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct dice_expr e;
		struct dice_odds odds;
		struct timed tm = { run_keep_odds, &e, 1 };
		char what[96], msg[160];
		int col;
		struct row *r;
		snprintf(what, sizeof what, "notation: %s (`dice_odds`)", texts[i]);
		r = results_add(t, what);
		r->budget = 100 * MS;
		r->failed = !dice_parse(texts[i], NULL, &e, &col, msg) || !dice_odds(&e, &odds, msg);
		if (r->failed)
			continue;
		dice_odds_free(&odds);
		tm.batch = measure_batch_for(&tm, 5 * MS);
		r->t = measure(&tm, o->runs);
	}
}

void
bench_odds(struct results *t, const struct bench_options *o)
{
	int n;
	char **files = bench_card_files(o->cards, &n);
	struct card *cards = xcalloc((size_t)n + 1, sizeof *cards);
	bool symbol = false, plain = false, opposed = false;

	results_section(t, "Exact odds before a roll");
	for (int i = 0; i < n; i++) {
		struct diag_list dl;
		diag_list_init(&dl, DIAG_MAX_ERRORS);
		if (!card_load(&cards[i], files[i], NULL, &dl))
			exit(2);
		diag_list_free(&dl);
	}
	for (int i = 0; i < n; i++) {
		const struct card *card = &cards[i];
		if (!symbol && card->battle_die >= 0) {
			struct odds_ctx c = { .card = card };
			char what[96];
			struct row *r;
			most_protected(card, &c.sit);
			snprintf(what, sizeof what, "%d battle dice after protection (%s, `combat_hit_odds`)",
			         SYMBOL_DICE, card->id);
			r = results_add(t, what);
			r->t = timed(run_symbol_odds, &c, o->runs);
			r->budget = 1 * MS;
			symbol = true;
		}
		for (size_t k = 0; k < card->nresolutions; k++) {
			const struct resolution *how = &card->resolutions[k];
			if (how->opposed ? opposed : plain)
				continue;
			table_row(t, o, card, how);
			*(how->opposed ? &opposed : &plain) = true;
		}
		card_free(&cards[i]);
	}
	free(cards);
	bench_free_list(files, n);
	keep_rows(t, o);
	notation_rows(t, o);
}
