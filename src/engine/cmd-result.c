/* cmd-result.c: a battle's result applied (engine layer). A battle settled on
 * a card's table reads a row; each code of its cells that the table's legend
 * gives an effect (disorder, strength lost, a retreat, a status, elimination)
 * becomes an effect on the unit its column stands for (`who:`), waiting for
 * `apply`, so that the players confirm it once; what hexaid cannot apply is
 * said as a reminder. Undo takes an applied result back like any change.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "strutil.h"
#include "table-lookup.h"
#include "xmalloc.h"

/* The unit a column stands for, or -1 (a winner or loser of a tie). */
static int
column_unit(enum result_who who, int a, int t, int winner)
{
	switch (who) {
	case WHO_TARGET:
		return t;
	case WHO_ATTACKER:
		return a;
	case WHO_WINNER:
		return winner > 0 ? a : winner < 0 ? t : -1;
	case WHO_LOSER:
		return winner > 0 ? t : winner < 0 ? a : -1;
	default:
		return -1;
	}
}

static struct pending_effect *
add_effect(struct game *g, int unit, char *code, char *words)
{
	struct pending_effect *e = xgrow(&g->pending, &g->npending, &g->cap_pending, sizeof *e);

	memset(e, 0, sizeof *e);
	e->unit = unit;
	e->code = code;
	e->words = words;
	e->status = -1;
	return e;
}

/* One code: its legend's effect, the number written with it as the amount. */
static void
code_effect(struct game *g, const struct table *t, int unit, const struct cell_code *c)
{
	const struct legend_entry *l = &t->legend[c->legend];
	struct pending_effect *e = add_effect(g, unit, table_code_text(t, c),
	                                      table_code_words(t, c));
	long n = c->n >= 0 ? c->n : -1;

	e->disorder = l->disorder > 0 ? (n >= 0 ? n : l->disorder) : 0;
	e->lose = l->lose > 0 ? (n >= 0 ? n : l->lose) : 0;
	e->retreat = l->retreat > 0 ? (n >= 0 ? n : l->retreat) : 0;
	e->status = l->status;
	e->eliminate = l->eliminate;
	e->reminder = !e->disorder && !e->lose && !e->retreat && e->status < 0 && !e->eliminate;
}

/* "P2: D disordered, R2 retreats 2; remember: M+2 morale +2" for each unit. */
static void
say_pending(const struct game *g, struct command_result *res)
{
	if (res->quiet)
		return;
	for (size_t i = 0; i < g->npending; i++) {
		struct strbuf s = { NULL, 0, 0 };
		int u = g->pending[i].unit;
		bool first = true;

		if (i > 0 && g->pending[i - 1].unit == u)
			continue;
		for (size_t k = i; k < g->npending && g->pending[k].unit == u; k++) {
			const struct pending_effect *e = &g->pending[k];
			strbuf_addf(&s, "%s%s%s: %s", first ? "" : "; ", e->reminder ? "remember " : "",
			            e->code, e->words);
			first = false;
		}
		cmd_say(res, "to apply to %s: %s", g->units[u].id, s.text);
		free(s.text);
	}
	if (g->npending > 0)
		cmd_say(res, "apply to apply it (undo takes it back)");
}

/* The card's rule drops the retreats of the result: a code that is only a
 * retreat is taken away, the others stay, and the players are told which rule. */
static void
drop_retreats(struct game *g, const struct rule *r, struct command_result *res)
{
	size_t kept = 0;
	bool dropped = false;

	for (size_t i = 0; i < g->npending; i++) {
		struct pending_effect *e = &g->pending[i];

		dropped = dropped || e->retreat > 0;
		e->retreat = 0;
		if (!e->disorder && !e->lose && e->status < 0 && !e->eliminate && !e->reminder) {
			free(e->code);
			free(e->words);
			continue;
		}
		g->pending[kept++] = *e;
	}
	g->npending = kept;
	if (dropped)
		cmd_say(res, "no retreat: the card's rule takes the result's retreats away, not its "
		             "other effects  [%s:%d%s%s]",
		        r->file, r->line, r->seed ? ", seed " : "", r->seed ? r->seed : "");
}

void
cmd_result_pending(struct game *g, const struct table *t, int row, const struct result_for *who,
                   struct command_result *res)
{
	game_pending_clear(g);
	if (row < 0 || t->who == NULL || t->rows[row].codes == NULL)
		return;
	for (size_t c = 0; c < t->ncolumns; c++) {
		const struct cell_codes *cc = &t->rows[row].codes[c];
		int u = column_unit(t->who[c], who->a, who->target, who->winner);

		if (u < 0 || t->rows[row].cells[c] == NULL)
			continue;
		if (!cc->parsed) {
			add_effect(g, u, xstrdup(t->columns[c]),
			           xstrdup(t->rows[row].cells[c]))->reminder = true;
			continue;
		}
		for (size_t i = 0; i < cc->ncodes; i++)
			code_effect(g, t, u, &cc->codes[i]);
	}
	if (who->no_retreat != NULL)
		drop_retreats(g, who->no_retreat, res);
	say_pending(g, res);
}

/* One effect applied, said and logged. */
static void
apply_effect(struct game *g, const struct pending_effect *e, struct command_result *res)
{
	struct game_unit *u = &g->units[e->unit];
	const struct card *card = game_card(g);

	if (e->reminder) {
		cmd_say(res, "%s: remember %s: %s (hexaid does not apply it)", u->id, e->code, e->words);
		game_log(g, "%s: remember %s: %s", u->id, e->code, e->words);
		return;
	}
	if (u->eliminated)
		return;
	if (e->disorder > 0)
		cmd_disorder(g, u, e->disorder, res);
	if (e->status >= 0) {
		u->status |= UINT64_C(1) << e->status;
		cmd_say(res, "%s is now %s (%s)", u->id, card->words[WL_STATUS].words[e->status],
		        e->code);
		game_log(g, "%s is now %s (%s)", u->id, card->words[WL_STATUS].words[e->status],
		         e->code);
	}
	if (e->lose > 0 || e->eliminate) {
		long lose = e->eliminate ? u->strength : e->lose;
		game_unit_lose(g, e->unit, lose);
		cmd_say(res, "%s loses %ld (%s): strength %d/%d%s", u->id, lose, e->code, u->strength,
		        u->max_strength, u->eliminated ? ", eliminated" : "");
		game_log(g, "%s loses %ld (%s): %d/%d%s", u->id, lose, e->code, u->strength,
		         u->max_strength, u->eliminated ? ", eliminated" : "");
	}
	if (e->retreat > 0 && !u->eliminated) {
		u->retreat_due += (int)e->retreat;
		cmd_say(res, "%s must retreat %d hex%s toward its own side (%s): retreat %s HEX...",
		        u->id, u->retreat_due, u->retreat_due == 1 ? "" : "es", e->code, u->id);
		game_log(g, "%s must retreat %d hex%s (%s)", u->id, u->retreat_due,
		         u->retreat_due == 1 ? "" : "es", e->code);
	}
}

/* apply: the last battle's result, as the table gave it. */
bool
cmd_apply(struct game *g, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	if (g->npending == 0)
		return cmd_fail(res, "apply: no battle's result is waiting to be applied");
	for (size_t i = 0; i < g->npending; i++)
		apply_effect(g, &g->pending[i], res);
	game_pending_clear(g);
	return true;
}
