/* cmd-outcome.c: how a battle comes out (engine layer), once cmd-battle.c has
 * checked it and said its dice and protection. With the card's battle die: the
 * faces typed from the table or rolled (cmd-faces.c), scored by the card and
 * applied to the target. Settled on a table: the roll (typed or rolled) with its
 * modifiers read on the table. Both give exact odds before the roll, and journal
 * what was rolled so that a replay applies the same dice; a battle whose dice
 * are good is recorded as fought.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "combat.h"
#include "dice.h"
#include "settle.h"
#include "strutil.h"
#include "table-lookup.h"
#include "xmalloc.h"

/* The most battle dice one battle rolls (or takes from the table). */
#define BATTLE_MAX_DICE 64

/* The battle is fought: the attacker has battled, and the log says so. */
void
cmd_battle_fought(struct battle *bt)
{
	struct game *g = bt->g;

	const struct battle_words *w = bt->w;
	struct strbuf said = { NULL, 0, 0 };

	for (int i = 0; i < w->nwith + w->nwithout; i++)
		strbuf_addf(&said, ", %s %s", i < w->nwith ? "with" : "without",
		            i < w->nwith ? w->with[i] : w->without[i - w->nwith]);
	if (w->drm != 0)
		strbuf_addf(&said, ", drm %+ld", w->drm);
	bt->fought = true;
	g->units[bt->a].battled = true;
	game_pending_clear(g);
	game_log(g, "%s battles %s (%s%s)%s", g->units[bt->a].id,
	         bt->t >= 0 ? g->units[bt->t].id : "the structure",
	         game_card(g)->words[WL_COMBAT].words[bt->combat], said.text ? said.text : "",
	         g->forcing ? " (forced)" : "");
	game_log_steps(g, &bt->b.why);
	game_log_steps(g, &bt->p.why);
	free(said.text);
}

/* The faces hexaid rolled, in the command's record, marked as hexaid's so
 * that the dice log of a replay still tells them from the players'. */
static void
record_hexaid_faces(struct command_result *res, const struct die_kind *d, const int *faces,
                    int n)
{
	char *with;

	cmd_faces_record(res, d, faces, n);
	with = xasprintf("%s by=hexaid", res->record_extra);
	free(res->record_extra);
	res->record_extra = with;
}

/* A roll into the dice log: "A2 -> C3", "3 dice: soldier, deadly, flag", the
 * result (taken over). */
static void
log_roll(struct game *g, int a, int t, bool typed, int n, const char *faces, const char *mods,
         char *result)
{
	char *who = xasprintf("%s -> %s", g->units[a].id, t >= 0 ? g->units[t].id : "structure");
	char *dice = xasprintf("%d %s: %s", n, n == 1 ? "die" : "dice", faces);

	game_dice_roll(g, who, typed, dice, mods, result);
	free(who);
	free(dice);
	free(result);
}

/* Score the faces rolled and apply what is left: hits off the target's strength,
 * flags as a retreat the players make. */
static void
apply_roll(struct game *g, int a, int t, const struct situation *sit,
           const struct protection_answer *p, const int *faces, int n, bool typed,
           bool from_table, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct die_kind *d = &card->dice[card->battle_die];
	struct game_unit *target = &g->units[t];
	struct combat_result c;
	char *words = cmd_faces_words(d, faces, n, ", ");
	int r;

	cmd_say(res, "%s rolls %d %s: %s%s", g->units[a].id, n, n == 1 ? "die" : "dice", words,
	        typed ? " (the dice on the table)" : "");
	cmd_mark(res, LINE_ROLL, NULL);
	if (!typed)
		record_hexaid_faces(res, d, faces, n);
	combat_score(card, sit, faces, n, p, &c);
	cmd_say_steps(res, &c.why);
	g->stats[g->units[a].side].symbol_dice += n;
	g->stats[g->units[a].side].hits += c.hits;
	g->stats[g->units[a].side].hits_expected += combat_expected_hits(card, sit, n);
	game_unit_lose(g, t, c.hits_left);
	cmd_say(res, "%s: %ld hit%s, %ld flag%s: strength %d/%d%s", target->id, c.hits_left,
	        c.hits_left == 1 ? "" : "s", c.flags_left, c.flags_left == 1 ? "" : "s",
	        target->strength, target->max_strength, target->eliminated ? ", eliminated" : "");
	r = card_class_retreat_from(card, target->cls);
	if (c.flags_left > 0 && !target->eliminated && r >= 0) {
		target->retreat_due = (int)(c.flags_left * card->classes[r].retreat);
		cmd_say(res, "%s retreats %d hex%s toward its own side (%ld flag%s x %d; %s:%d): "
		             "retreat %s HEX...%s",
		        target->id, target->retreat_due, target->retreat_due == 1 ? "" : "es",
		        c.flags_left, c.flags_left == 1 ? "" : "s", card->classes[r].retreat,
		        card->classes[r].file, card->classes[r].retreat_line, target->id,
		        card->retreat_blocked.given ? ", losing for each hex it cannot" : "");
	}
	else if (c.flags_left > 0 && !target->eliminated)
		cmd_say(res, "%s must retreat for %ld flag%s: the card gives no retreat distance", target->id,
		        c.flags_left, c.flags_left == 1 ? "" : "s");
	game_log_steps(g, &c.why);
	game_log(g, "%s rolls %s: %ld hit%s, %ld flag%s on %s (%d/%d)%s", g->units[a].id, words,
	         c.hits_left, c.hits_left == 1 ? "" : "s", c.flags_left, c.flags_left == 1 ? "" : "s",
	         target->id, target->strength, target->max_strength,
	         target->eliminated ? ", eliminated" : "");
	log_roll(g, a, t, from_table, n, words, NULL,
	         xasprintf("%ld hit%s, %ld flag%s: %s %d/%d%s", c.hits_left,
	                   c.hits_left == 1 ? "" : "s", c.flags_left, c.flags_left == 1 ? "" : "s",
	                   target->id, target->strength, target->max_strength,
	                   target->eliminated ? ", eliminated" : ""));
	free(words);
	explain_free(&c.why);
}

/* The exact odds of the pending roll: the chance of each number of hits left. */
static void
say_odds(struct game *g, const struct situation *sit, const struct battle_answer *b,
         const struct protection_answer *p, struct command_result *res)
{
	size_t count;
	double *chance = combat_hit_odds(game_card(g), sit, (int)b->dice, p, &count);
	const struct die_kind *d = &game_card(g)->dice[game_card(g)->battle_die];
	struct strbuf line = { NULL, 0, 0 };

	if (chance == NULL) {
		cmd_say(res, "odds of hits: too many dice to work out");
		cmd_mark(res, LINE_ODDS, NULL);
		return;
	}
	strbuf_addf(&line, "odds of hits:");
	for (size_t k = 0; k < count; k++) {
		if (chance[k] < 0.00005 && k > 0)
			continue;
		strbuf_addf(&line, " %zu: %.1f%%", k, 100.0 * chance[k]);
	}
	cmd_say(res, "%s%s", line.text,
	        d->assumed ? " (the die's faces are assumed: check your dice)" : "");
	cmd_mark(res, LINE_ODDS, NULL);
	free(chance);
	free(line.text);
}

/* Numbered dice rolled, for the side's statistics: their pips against the mean.
 * `from_zero`: the values are 0-based. */
static void
count_pips(struct dice_stats *st, const int *values, int n, int sides, bool from_zero)
{
	for (int i = 0; i < n; i++)
		st->pips += values[i] + (from_zero ? 1 : 0);
	st->number_dice += n;
	st->pips_expected += n * (sides + 1) / 2.0;
}

/* Plain battle dice the card gives no scoring for: the values, for the players
 * to read by their rulebook; or, where the attacker carries the number a die
 * must show to hit (a unit value of use hits_on), the hits counted and taken
 * off the target. */
static void
say_plain_roll(struct game *g, int a, int t, const int *faces, int n, bool typed,
               bool from_table, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct die_kind *d = &card->dice[card->battle_die];
	int hits_on = card_value_of_use(card, VALUE_USE_HITS_ON);
	char *words = cmd_faces_words(d, faces, n, ", ");
	struct game_unit *target = &g->units[t];
	long need;
	int hits = 0;

	cmd_say(res, "%s rolls %d %s: %s%s", g->units[a].id, n, n == 1 ? "die" : "dice", words,
	        typed ? " (the dice on the table)" : "");
	cmd_mark(res, LINE_ROLL, NULL);
	if (!typed)
		record_hexaid_faces(res, d, faces, n);
	count_pips(&g->stats[g->units[a].side], faces, n, d->sides, true);
	if (hits_on >= 0 && !game_unit_value(g, a, hits_on, &need))
		cmd_say(res, "%s has no %s: read the dice by your rulebook and give the hits with: "
		             "hit UNIT N (unit set %s %s=N and hexaid counts them)",
		        g->units[a].id, card->values[hits_on].name, g->units[a].id,
		        card->values[hits_on].id);
	if (hits_on < 0)
		cmd_say(res, "the card does not say what a die must roll to hit: read them by your "
		             "rulebook, and give the hits with: hit UNIT N");
	if (hits_on < 0 || !game_unit_value(g, a, hits_on, &need)) {
		game_log(g, "%s rolls %s", g->units[a].id, words);
		log_roll(g, a, t, from_table, n, words, NULL, xstrdup("read by the players"));
		free(words);
		return;
	}
	for (int i = 0; i < n; i++)
		hits += faces[i] + 1 >= need;
	game_unit_lose(g, t, hits);
	cmd_say(res, "%s: %d hit%s (each die showing %ld or more, %s's %s): strength %d/%d%s",
	        target->id, hits, hits == 1 ? "" : "s", need, g->units[a].id,
	        card->values[hits_on].name ? card->values[hits_on].name : card->values[hits_on].id,
	        target->strength, target->max_strength, target->eliminated ? ", eliminated" : "");
	game_log(g, "%s rolls %s: %d hit%s on %s (%d/%d)%s", g->units[a].id, words, hits,
	         hits == 1 ? "" : "s", target->id, target->strength, target->max_strength,
	         target->eliminated ? ", eliminated" : "");
	log_roll(g, a, t, from_table, n, words, NULL,
	         xasprintf("%d hit%s: %s %d/%d%s", hits, hits == 1 ? "" : "s", target->id,
	                   target->strength, target->max_strength,
	                   target->eliminated ? ", eliminated" : ""));
	free(words);
}

/* A battle with the card's battle dice: the odds for a question; for a battle
 * fought, the faces (typed or rolled), scored and applied. */
bool
cmd_outcome_by_dice(struct battle *bt, struct command_result *res)
{
	struct game *g = bt->g;
	const struct card *card = game_card(g);
	const char *type = card->words[WL_COMBAT].words[bt->combat];
	int faces[BATTLE_MAX_DICE] = { 0 }, n;

	if (!bt->b.base_known && !bt->commit) {
		cmd_say(res, "the card gives %s no dice for %s combat: give dice=N",
		        card->classes[g->units[bt->a].cls].id, type);
		return true;
	}
	if (!bt->b.base_known)
		return cmd_fail(res, "the card gives %s no dice for %s combat: count them and give "
		                     "dice=N to roll",
		                card->classes[g->units[bt->a].cls].id, type);
	if (!bt->commit) {
		if (bt->b.dice > 0 && card->dice[card->battle_die].nfaces > 0)
			say_odds(g, &bt->sit, &bt->b, &bt->p, res);
		return true;
	}
	if (bt->b.dice > BATTLE_MAX_DICE)
		return cmd_fail(res, "%s would roll %ld dice; hexaid rolls at most %d in one battle: "
		                     "roll them on the table, and give the hits with: hit %s N",
		                g->units[bt->a].id, bt->b.dice, BATTLE_MAX_DICE, g->units[bt->t].id);
	n = (int)bt->b.dice;
	if (n > 0 && !cmd_faces_take(g, n, bt->w->rolled, faces, res))
		return false;
	cmd_battle_fought(bt);
	for (int i = 0; i < n && card->dice[card->battle_die].nfaces > 0; i++)
		bt->rolled |= UINT64_C(1) << faces[i];
	if (n > 0 && card->dice[card->battle_die].nfaces == 0)
		say_plain_roll(g, bt->a, bt->t, faces, n, bt->w->rolled != NULL,
		               bt->w->rolled != NULL && !bt->w->by_hexaid, res);
	else if (n > 0)
		apply_roll(g, bt->a, bt->t, &bt->sit, &bt->p, faces, n, bt->w->rolled != NULL,
		           bt->w->rolled != NULL && !bt->w->by_hexaid, res);
	else
		cmd_say(res, "no dice are left to roll: the battle does nothing");
	return true;
}

/* ---- battles settled on a table ------------------------------------------------ */

/* A side's value of an opposed roll from the card's unit values that are added
 * into it (use: opposed), with what it is made of ("PF 3 + Morale 2"); false
 * when the card has none, or the unit lacks one. */
static bool
unit_opposed_value(const struct game *g, int unit, long *out, struct strbuf *words)
{
	const struct card *card = game_card(g);
	bool any = false;
	long v;

	*out = 0;
	for (size_t i = 0; i < card->nvalues; i++) {
		if (card->values[i].use != VALUE_USE_OPPOSED)
			continue;
		if (!game_unit_value(g, unit, (int)i, &v))
			return false;
		strbuf_addf(words, "%s%s %ld", any ? " + " : "",
		            card->values[i].name ? card->values[i].name : card->values[i].id, v);
		*out += v;
		any = true;
	}
	return any;
}

/* Each side's value for an opposed roll: what the players give with the
 * battle's words, else the units' values the card adds into it, else (a card
 * whose values are the players' to count) asked for; or the units' strengths. */
static bool
settle_values(const struct battle *bt, const struct resolution *how, struct settle_question *q,
              struct command_result *res)
{
	const struct game *g = bt->g;
	struct strbuf wa = { NULL, 0, 0 }, wd = { NULL, 0, 0 };

	q->att_value = g->units[bt->a].strength;
	q->def_value = g->units[bt->t].strength;
	if (bt->w->att_value >= 0 && bt->w->def_value >= 0) {
		q->att_value = bt->w->att_value;
		q->def_value = bt->w->def_value;
		return true;
	}
	if (how->opposed && unit_opposed_value(g, bt->a, &q->att_value, &wa) &&
	    unit_opposed_value(g, bt->t, &q->def_value, &wd)) {
		cmd_say(res, "values: %s %s = %ld, %s %s = %ld", g->units[bt->a].id, wa.text,
		        q->att_value, g->units[bt->t].id, wd.text, q->def_value);
		free(wa.text);
		free(wd.text);
		return true;
	}
	free(wa.text);
	free(wd.text);
	if (how->values == NULL)
		return true;
	if (!bt->commit) {
		cmd_say(res, "give each side's value (%s) with attacker_value=N "
		             "defender_value=N for the odds", how->values);
		return false;
	}
	return cmd_fail(res, "give each side's value (%s): attacker_value=N "
	                     "defender_value=N (%s:%d)", how->values, how->file, how->line);
}

/* "F1 wins (winner M+1, loser M+1R)" for an opposed roll, or the row's cells. */
static char *
outcome_words(const struct battle *bt, const struct resolution *how, int row, int winner)
{
	const struct table *t = &game_card(bt->g)->tables[how->table];
	const char *a = bt->g->units[bt->a].id, *d = bt->g->units[bt->t].id;
	char *cells = row >= 0 ? table_row_words(t, row) : xstrdup("no row of the table");
	char *s;

	if (!how->opposed)
		return cells;
	if (winner == 0 && how->tie_line > 0)
		s = xasprintf("a tie (%s)", cells);
	else if (winner == 0)
		s = xasprintf("a tie (%s; the table's note says who takes a tie)", cells);
	else
		s = xasprintf("%s wins, %s loses (%s)", winner > 0 ? a : d, winner > 0 ? d : a, cells);
	free(cells);
	return s;
}

/* What the codes of the cells that may come up mean, in the legend's words,
 * once each before the roll: "DR2: disordered, retreats 2". */
static void
say_codes(const struct table *t, const double *chance, struct command_result *res)
{
	struct strlist said = { 0 };

	for (size_t row = 0; row < t->nrows; row++) {
		if (chance[row * 3] + chance[row * 3 + 1] + chance[row * 3 + 2] < 0.00005)
			continue;
		for (size_t c = 0; c < t->ncolumns; c++) {
			const char *cell = t->rows[row].cells[c];
			char *words = cell != NULL ? table_cell_words(t, (int)row, c) : NULL;
			bool seen = false;

			for (size_t k = 0; words != NULL && k < said.count; k++)
				/* same text: a cell's code said once */
				seen |= strcmp(said.items[k], cell) == 0;
			if (words != NULL && !seen) {
				strlist_add(&said, cell);
				cmd_say(res, "      %s: %s", cell, words);
				cmd_mark(res, LINE_ODDS, NULL);
			}
			free(words);
		}
	}
	strlist_free(&said);
}

/* The chance of each outcome, one line each in table order; rows that read the
 * same are added together. */
static void
say_settle_odds(const struct battle *bt, const struct settle_question *q, long extra,
                struct command_result *res)
{
	const struct card *card = game_card(bt->g);
	const struct table *t = &card->tables[q->how->table];
	double *chance = settle_odds(card, q, extra), sum = 0.0;
	char *last = NULL;

	if (chance == NULL) {
		cmd_say(res, "odds: the roll %s has too many outcomes to count", q->how->roll);
		cmd_mark(res, LINE_ODDS, NULL);
		return;
	}
	for (size_t row = 0; row <= t->nrows; row++)
		for (int w = 1; w >= -1; w--) {
			double p = chance[row * 3 + (size_t)(w + 1)];
			char *words;

			if (p < 0.00005)
				continue;
			words = outcome_words(bt, q->how, row < t->nrows ? (int)row : -1, w);
			/* same text: rows that read the same */
			if (last != NULL && strcmp(words, last) != 0) {
				cmd_say(res, "odds %5.1f%%  %s", 100.0 * sum, last);
				cmd_mark(res, LINE_ODDS, NULL);
				sum = 0.0;
			}
			free(last);
			last = words;
			sum += p;
		}
	if (last != NULL) {
		cmd_say(res, "odds %5.1f%%  %s", 100.0 * sum, last);
		cmd_mark(res, LINE_ODDS, NULL);
	}
	free(last);
	say_codes(t, chance, res);
	free(chance);
}

/* The dice of one side: typed (values[0..n)) or rolled. */
static bool
side_roll(struct game *g, const struct dice_expr *e, const char *rolled, const int *typed,
          struct dice_roll *out, struct command_result *res)
{
	char msg[160];

	if (rolled == NULL) {
		dice_roll(e, &g->rng, out);
		return true;
	}
	if (!dice_take(e, typed, e->ndice, out, msg))
		return cmd_fail(res, "roll=%s: %s", rolled, msg);
	return true;
}

/* "3, 5" */
static char *
values_words(const struct dice_roll *r, const char *sep)
{
	struct strbuf s = { NULL, 0, 0 };

	for (int i = 0; i < r->ndice; i++) {
		strbuf_adds(&s, i ? sep : "", (const char *)NULL);
		strbuf_addl(&s, r->values[i]);
	}
	return s.text != NULL ? s.text : xstrdup("");
}

/* The players' dice from roll=a,b,c: exactly n whole numbers. */
static bool
typed_values(const char *rolled, int n, int *values, struct command_result *res)
{
	char *copy = xstrdup(rolled), *save = NULL;
	int k = 0;

	for (char *w = strtok_r(copy, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save)) {
		long v;
		if (!str_long(w, 1, DICE_MAX_SIDES, &v)) {
			cmd_fail(res, "roll=%s: '%s' is not the value of a die", rolled, w);
			free(copy);
			return false;
		}
		if (k < 2 * DICE_MAX_DICE)
			values[k] = (int)v;
		k++;
	}
	free(copy);
	if (k != n)
		return cmd_fail(res, "roll=%s: %d dice are rolled here; give %d values", rolled, n, n);
	return true;
}

/* A table's roll, for the side's statistics: each plain die's pips. */
static void
count_roll(struct dice_stats *st, const struct dice_expr *e, const struct dice_roll *r)
{
	for (int i = 0; i < r->ndice; i++) {
		const struct dice_term *t = &e->terms[r->term[i]];
		if (t->named < 0 && r->kept[i])
			count_pips(st, &r->values[i], 1, t->sides, false);
	}
}

/* A table's roll into the dice log: each side's dice, the modifiers, the
 * result. */
static void
log_table_roll(struct battle *bt, const struct settle_question *q, long extra,
               const struct dice_roll *ra, const struct dice_roll *rd, const char *result)
{
	struct game *g = bt->g;
	char *who = xasprintf("%s -> %s", g->units[bt->a].id, g->units[bt->t].id);
	char *wa = values_words(ra, ", "), *wd = rd != NULL ? values_words(rd, ", ") : NULL;
	char *dice = rd != NULL ? xasprintf("%s: %s against %s", q->how->roll, wa, wd)
	                        : xasprintf("%s: %s", q->how->roll, wa);
	char *mods = rd != NULL ? xasprintf("%+ld against %+ld", q->drm + extra, q->defense)
	                        : xasprintf("%+ld", q->drm + extra);

	game_dice_roll(g, who, bt->w->rolled != NULL && !bt->w->by_hexaid, dice, mods, result);
	free(who);
	free(wa);
	free(wd);
	free(dice);
	free(mods);
}

/* Each roll with its modifiers and the total the table is read with (nothing
 * when nobody reads it). */
static void
say_rolls(const struct battle *bt, const struct resolution *how, const struct dice_roll *ra,
          const struct dice_roll *rd, const struct settle_result *r, struct command_result *res)
{
	const struct game *g = bt->g;
	char *w;

	if (res->quiet)
		return;
	w = values_words(ra, ", ");
	cmd_say(res, "%s rolls %s: %s = %ld; %s %+ld; total %ld%s", g->units[bt->a].id,
	        how->roll, w, ra->total, how->opposed ? "value and modifiers" : "modifiers",
	        r->att_total - ra->total, r->att_total,
	        bt->w->rolled ? " (the dice on the table)" : "");
	cmd_mark(res, LINE_ROLL, NULL);
	free(w);
	if (!how->opposed)
		return;
	w = values_words(rd, ", ");
	cmd_say(res, "%s rolls %s: %s = %ld; value and modifiers %+ld; total %ld%s",
	        g->units[bt->t].id, how->roll, w, rd->total, r->def_total - rd->total, r->def_total,
	        bt->w->rolled ? " (the dice on the table)" : "");
	cmd_mark(res, LINE_ROLL, NULL);
	free(w);
}

/* The table read (r), for both ways of settling: its steps and the result
 * said and logged ("A1 against C3 on TABLE: SCORE, RESULT"), the result put
 * waiting for apply (or said to ask nothing of either unit), the steps freed.
 * The result's words, for the dice log (to free). */
static char *
result_read(struct battle *bt, const struct settle_question *q, struct settle_result *r,
            const char *score, struct command_result *res)
{
	struct game *g = bt->g;
	const struct table *t = &game_card(g)->tables[q->how->table];
	char *words = outcome_words(bt, q->how, r->row, r->winner);

	cmd_say_steps(res, &r->why);
	cmd_say(res, "result: %s", words);
	game_log_steps(g, &r->why);
	game_log(g, "%s against %s on %s: %s, %s", g->units[bt->a].id, g->units[bt->t].id, t->name,
	         score, words);
	cmd_result_pending(g, t, r->row,
	                   &(struct result_for){ bt->a, bt->t, q->how->opposed ? r->winner : 0,
	                                         bt->b.no_retreat },
	                   res);
	if (g->npending == 0)
		cmd_say(res, "no effect: the result asks nothing of either unit");
	explain_free(&r->why);
	return words;
}

/* Roll (or take) both sides' dice, read the table, say and log the result. */
static bool
settle_roll(struct battle *bt, const struct settle_question *q, long extra,
            struct command_result *res)
{
	struct game *g = bt->g;
	const struct card *card = game_card(g);
	const struct resolution *how = q->how;
	struct dice_kinds none = { 0, NULL, NULL };
	struct dice_expr e;
	struct dice_roll ra, rd;
	struct settle_result r;
	int typed[2 * DICE_MAX_DICE], col, n;
	char msg[160], score[32], *wa, *wd, *words;

	if (!dice_parse(how->roll, &none, &e, &col, msg))
		return cmd_fail(res, "%s:%d: roll %s: %s", how->file, how->line, how->roll, msg);
	dice_roll_clear(&rd, 0);
	n = e.ndice * (how->opposed ? 2 : 1);
	if (bt->w->rolled != NULL && !typed_values(bt->w->rolled, n, typed, res))
		return false;
	if (!side_roll(g, &e, bt->w->rolled, typed, &ra, res) ||
	    (how->opposed && !side_roll(g, &e, bt->w->rolled, typed + e.ndice, &rd, res)))
		return false;
	cmd_battle_fought(bt);
	if (bt->w->rolled == NULL) {
		wa = values_words(&ra, ",");
		wd = values_words(&rd, ",");
		res->record_extra = xasprintf("roll=%s%s%s by=hexaid", wa, how->opposed ? "," : "",
		                              how->opposed ? wd : "");
		free(wa);
		free(wd);
	}
	count_roll(&g->stats[g->units[bt->a].side], &e, &ra);
	if (how->opposed)
		count_roll(&g->stats[g->units[bt->t].side], &e, &rd);
	settle_read(card, q, extra, ra.total, rd.total, &r);
	say_rolls(bt, how, &ra, &rd, &r, res);
	snprintf(score, sizeof score, "%ld", r.value);
	words = result_read(bt, q, &r, score, res);
	log_table_roll(bt, q, extra, &ra, how->opposed ? &rd : NULL, words);
	free(words);
	return true;
}

/* ---- roll: hits: each side's own dice, the hits compared ------------------ */

/* One side's number a die must show to hit (its unit value of use hits_on);
 * false, said or refused, when it has none. */
static bool
side_need(struct battle *bt, int unit, long *need, struct command_result *res)
{
	const struct game *g = bt->g;
	const struct card *card = game_card(g);
	int v = card_value_of_use(card, VALUE_USE_HITS_ON);

	if (v >= 0 && game_unit_value(g, unit, v, need))
		return true;
	if (v < 0 && bt->commit)
		return cmd_fail(res, "the card does not say what a die must roll to hit, so no "
		                     "side's hits can be counted");
	if (v < 0) {
		cmd_say(res, "the card does not say what a die must roll to hit");
		return false;
	}
	if (bt->commit)
		return cmd_fail(res, "%s has no %s: give it with unit set %s %s=N", g->units[unit].id,
		                card->values[v].name ? card->values[v].name : card->values[v].id,
		                g->units[unit].id, card->values[v].id);
	cmd_say(res, "%s has no %s: give it with unit set %s %s=N for the odds", g->units[unit].id,
	        card->values[v].name ? card->values[v].name : card->values[v].id, g->units[unit].id,
	        card->values[v].id);
	return false;
}

/* roll: hits: the attacker's dice (the battle's, after its steps), the
 * defender's own (no rule of the attacker's halves them), each side's hits_on
 * and the die's sides, into q; said as each side's dice. False when one is
 * missing (said, or refused when fought). */
static bool
hits_question(struct battle *bt, const struct resolution *how, struct settle_question *q,
              struct command_result *res)
{
	struct game *g = bt->g;
	const struct card *card = game_card(g);
	const char *type = card->words[WL_COMBAT].words[bt->combat];
	int distance = hex_distance(g->units[bt->a].hex, g->units[bt->t].hex);
	long dice;

	q->att_value = q->def_value = 0;
	q->hit_sides = card->battle_die >= 0 ? card->dice[card->battle_die].sides : 6;
	if (!bt->b.base_known) {
		if (bt->commit)
			return cmd_fail(res, "the card gives %s no dice for %s combat: give dice=N",
			                card->classes[g->units[bt->a].cls].id, type);
		cmd_say(res, "the card gives %s no dice for %s combat: give dice=N",
		        card->classes[g->units[bt->a].cls].id, type);
		return false;
	}
	if (!game_unit_battle_dice(g, bt->t, bt->combat, distance, &dice)) {
		if (bt->commit)
			return cmd_fail(res, "%s has no dice of its own for %s combat to fight back with "
			                     "(%s:%d): give them in the scenario",
			                g->units[bt->t].id, type, how->file, how->line);
		cmd_say(res, "%s has no dice of its own for %s combat to fight back with",
		        g->units[bt->t].id, type);
		return false;
	}
	q->hit_dice[0] = bt->b.dice;
	q->hit_dice[1] = dice;
	cmd_say(res, "%s fights back with its own dice: %ld (%s:%d%s%s%s)", g->units[bt->t].id, dice,
	        how->file, how->line, how->seed ? ", seed " : "", how->seed ? how->seed : "",
	        how->assumed ? "; assumed: check your rulebook" : "");
	cmd_mark(res, LINE_DICE, NULL);
	return side_need(bt, bt->a, &q->hit_need[0], res) &&
	       side_need(bt, bt->t, &q->hit_need[1], res);
}

/* The hits of n faces (0-based) at need or more. */
static long
count_hits(const int *faces, long n, long need)
{
	long hits = 0;

	for (long i = 0; i < n; i++)
		hits += faces[i] + 1 >= need;
	return hits;
}

/* A side's hits off the other's strength, said. */
static void
hits_taken(struct game *g, int by, int unit, const int *faces, long n, long need, long hits,
           struct command_result *res)
{
	const struct card *card = game_card(g);
	struct game_unit *u = &g->units[unit];
	char *words = cmd_faces_words(&card->dice[card->battle_die], faces, (int)n, ", ");

	cmd_say(res, "%s rolls %ld %s: %s: %ld hit%s (each die showing %ld or more)",
	        g->units[by].id, n, n == 1 ? "die" : "dice", n > 0 ? words : "none", hits,
	        hits == 1 ? "" : "s", need);
	cmd_mark(res, LINE_ROLL, NULL);
	count_pips(&g->stats[g->units[by].side], faces, (int)n, card->dice[card->battle_die].sides,
	           true);
	g->stats[g->units[by].side].hits += hits;
	game_unit_lose(g, unit, hits);
	cmd_say(res, "%s: strength %d/%d%s", u->id, u->strength, u->max_strength,
	        u->eliminated ? ", eliminated" : "");
	free(words);
}

/* roll: hits fought: both sides' dice (typed, the attacker's first, or rolled),
 * each side's hits off the other, the difference of the hits read on the table
 * and its result put waiting for apply. */
static bool
hits_roll(struct battle *bt, const struct settle_question *q, long extra,
          struct command_result *res)
{
	struct game *g = bt->g;
	const struct card *card = game_card(g);
	long na = q->hit_dice[0], nd = q->hit_dice[1], ha, hd;
	int faces[2 * BATTLE_MAX_DICE] = { 0 };
	struct settle_result r;
	char score[64], *words, *fa, *fd, *both;

	if (card->battle_die < 0)
		return cmd_fail(res, "%s: roll: hits needs the card's battle die (battle_die:)",
		                card->id);
	if (na > BATTLE_MAX_DICE || nd > BATTLE_MAX_DICE)
		return cmd_fail(res, "a side would roll more than %d dice: hexaid rolls at most %d",
		                BATTLE_MAX_DICE, BATTLE_MAX_DICE);
	if (!cmd_faces_take(g, (int)(na + nd), bt->w->rolled, faces, res))
		return false;
	cmd_battle_fought(bt);
	if (bt->w->rolled == NULL)
		record_hexaid_faces(res, &card->dice[card->battle_die], faces, (int)(na + nd));
	ha = count_hits(faces, na, q->hit_need[0]);
	hd = count_hits(faces + na, nd, q->hit_need[1]);
	if (bt->w->rolled != NULL)
		cmd_say(res, "the dice on the table: %s's first, then %s's", g->units[bt->a].id,
		        g->units[bt->t].id);
	hits_taken(g, bt->a, bt->t, faces, na, q->hit_need[0], ha, res);
	hits_taken(g, bt->t, bt->a, faces + na, nd, q->hit_need[1], hd, res);
	settle_read(card, q, extra, ha, hd, &r);
	snprintf(score, sizeof score, "%ld hit%s to %ld", ha, ha == 1 ? "" : "s", hd);
	words = result_read(bt, q, &r, score, res);
	fa = cmd_faces_words(&card->dice[card->battle_die], faces, (int)na, ", ");
	fd = cmd_faces_words(&card->dice[card->battle_die], faces + na, (int)nd, ", ");
	both = xasprintf("%s against %s", na ? fa : "none", nd ? fd : "none");
	log_roll(g, bt->a, bt->t, bt->w->rolled != NULL && !bt->w->by_hexaid, (int)(na + nd), both,
	         NULL, xasprintf("%ld hit%s against %ld: %s", ha, ha == 1 ? "" : "s", hd, words));
	free(both);
	free(fa);
	free(fd);
	free(words);
	return true;
}

/* What each side rolls, for the screen's typed-dice prompt. */
static void
found_hit_rolls(struct command_result *res, const struct settle_question *q)
{
	res->found.roll = NULL;
	for (int i = 0; i < 2; i++)
		snprintf(res->found.rolls[i], sizeof res->found.rolls[i], "%ldd%d", q->hit_dice[i],
		         q->hit_sides);
}

bool
cmd_outcome_on_table(struct battle *bt, const struct resolution *how,
                     struct command_result *res)
{
	struct game *g = bt->g;
	const struct card *card = game_card(g);
	struct settle_question q = {
		.how = how,
		.drm = bt->b.drm,
		.defense = bt->b.defense,
		.tie = bt->b.tie,
		.tie_rules = bt->b.tie_rules,
		.att_strength = g->units[bt->a].strength,
		.def_strength = g->units[bt->t].strength,
		.quiet = bt->sit.quiet,
	};
	struct explanation why;
	long extra;
	bool ok;

	res->found.roll = how->roll;
	res->found.opposed = how->opposed;
	if (how->hits)
		cmd_say(res, "settled on the %s: each side rolls its own dice, the difference of "
		             "the hits read (%s:%d%s)", card->tables[how->table].name, how->file,
		        how->line, how->assumed ? "; assumed: check your rulebook" : "");
	else
		cmd_say(res, "settled on the %s: %s%s (%s:%d%s)", card->tables[how->table].name,
		        how->roll, how->opposed ? " each side, the difference read" : "", how->file,
		        how->line, how->assumed ? "; assumed: check your rulebook" : "");
	if (how->hits && !hits_question(bt, how, &q, res))
		return !bt->commit;
	if (how->hits)
		found_hit_rolls(res, &q);
	if (!how->hits && !settle_values(bt, how, &q, res))
		return !bt->commit;
	explain_init(&why);
	why.quiet = q.quiet;
	ok = settle_extra(card, &q, &extra, &why);
	cmd_say_steps(res, &why);
	if (ok && extra != 0)
		cmd_say(res, "modifiers to the roll in all: %+ld (die-roll modifier %+ld, the table's "
		             "%+ld)",
		        explain_sum(&bt->b.why, EXPLAIN_EFFECT(EFFECT_DRM)) +
		                explain_sum(&why, EXPLAIN_EFFECT(EFFECT_DRM)),
		        explain_sum(&bt->b.why, EXPLAIN_EFFECT(EFFECT_DRM)),
		        explain_sum(&why, EXPLAIN_EFFECT(EFFECT_DRM)));
	explain_free(&why);
	if (!ok)
		return cmd_fail(res, "the odds of %ld to %ld are not on the %s", q.att_strength,
		                q.def_strength, card->tables[how->odds_table].name);
	if (!bt->commit) {
		say_settle_odds(bt, &q, extra, res);
		return true;
	}
	return how->hits ? hits_roll(bt, &q, extra, res) : settle_roll(bt, &q, extra, res);
}
