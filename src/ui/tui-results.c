/* tui-results.c: what a battle leaves to do at the table (ui layer): the values
 * a battle lacks, asked before its dice (`needs`, remembered with `unit set`);
 * its table's result applied with one confirmation (`apply`, taken back by
 * undo); the retreat a unit owes, to one of the hexes `retreats` offers; the
 * battle back of a defender the card allows one. The engine says what waits
 * (the game's pending effects, a unit's retreat_due and battle_back_vs); this
 * file offers it through keys.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "xmalloc.h"

/* The combat type the battle set up names ("" for battle: by distance). */
static const char *
battle_combat(const struct tui *t)
{
	const struct card *card = game_card(&t->s->game);
	size_t n = card->words[WL_COMBAT].count;

	if (n == 0 || strcmp(t->battle.verb, "battle") == 0)
		return "";
	return card->words[WL_COMBAT].words[strcmp(t->battle.verb, "fire") == 0 ? 0 : n - 1];
}

/* One value a battle lacks: asked, then given to its unit with `unit set`. */
static bool
ask_value(struct tui *t, const struct value_need *need)
{
	char *prompt, *value = NULL;
	bool ok;

	prompt = xasprintf("%s has no %s, and the battle needs it: the number (remembered on the "
	                   "unit: unit set %s %s=N):",
	                   tui_unit_id(t, need->unit), need->name, tui_unit_id(t, need->unit),
	                   need->key);
	ok = dialog_input(t, "A value the battle needs", prompt, "", &value) && *value != '\0';
	if (ok)
		ok = tui_command(t, "unit set %s %s=%s", tui_unit_id(t, need->unit), need->key, value);
	free(value);
	free(prompt);
	return ok;
}

bool
results_ask_needs(struct tui *t)
{
	struct command_result res;
	bool ok, asked = false;

	if (!t->battle.active)
		return true;
	ok = tui_query(t, &res, "needs %s %s %s %s", t->battle.attacker, t->battle.target,
	               battle_combat(t), t->battle.words ? t->battle.words : "");
	for (size_t i = 0; ok && i < res.found.nneeds; i++) {
		if (res.found.needs[i].optional)
			continue;
		ok = ask_value(t, &res.found.needs[i]);
		asked = true;
	}
	command_result_free(&res);
	if (asked && t->battle.active)
		pending_explain(t);
	return ok;
}

/* The unit the key is about: the one at the cursor when `wants` says so of it,
 * else the first that does; -1. */
static int
unit_owing(struct tui *t, bool (*wants)(const struct game_unit *))
{
	const struct game *g = &t->s->game;
	int u = tui_unit_at_cursor(t);

	if (u >= 0 && wants(&g->units[u]))
		return u;
	for (size_t i = 0; i < g->nunits; i++)
		if (!g->units[i].eliminated && wants(&g->units[i]))
			return (int)i;
	return -1;
}

static bool
owes_retreat(const struct game_unit *u)
{
	return u->retreat_due > 0;
}

static bool
may_battle_back(const struct game_unit *u)
{
	return u->battle_back_vs > 0;
}

/* What waits after a battle, on the message line: the key that does it. */
static void
say_what_waits(struct tui *t)
{
	const struct game *g = &t->s->game;
	int r = unit_owing(t, owes_retreat), b = unit_owing(t, may_battle_back);

	if (g->npending > 0)
		tui_message(t, false, "the battle's result waits: Y applies it (undo: U)");
	else if (r >= 0)
		tui_message(t, false, "%s must retreat %d hex%s: v offers where", tui_unit_id(t, r),
		            g->units[r].retreat_due, g->units[r].retreat_due > 1 ? "es" : "");
	else if (b >= 0)
		tui_message(t, false, "%s may battle back against %s: B sets it up", tui_unit_id(t, b),
		            tui_unit_id(t, g->units[b].battle_back_vs - 1));
}

void
results_apply(struct tui *t)
{
	const struct game *g = &t->s->game;
	struct strbuf q = { NULL, 0, 0 };

	if (g->npending == 0) {
		tui_message(t, true, "no battle's result is waiting to be applied");
		return;
	}
	strbuf_addf(&q, "%s", "Apply the result?");
	for (size_t i = 0; i < g->npending; i++)
		strbuf_addf(&q, "\n%s %s: %s%s", tui_unit_id(t, g->pending[i].unit),
		            g->pending[i].code, g->pending[i].words ? g->pending[i].words : "",
		            g->pending[i].reminder ? " (a reminder: hexaid does not apply it)" : "");
	strbuf_addf(&q, "%s", "\ny applies it (U undoes it); n leaves it for Y");
	/* (what apply does goes to the game log: the log pane has it whole) */
	if (dialog_ask(t, "The battle's result", q.text, "yn") != 'y' || tui_command(t, "apply"))
		say_what_waits(t);
	free(q.text);
}

/* The battle's line of the dice log (`rolls`, its last line) in the log pane:
 * the turn, phase and side, who rolled at whom, whose dice and the result. */
static void
log_roll_line(struct tui *t)
{
	struct command_result res;

	if (tui_query(t, &res, "rolls") && res.lines.count > 0)
		tui_note(t, NOTE_SAID, res.lines.items[res.lines.count - 1]);
	command_result_free(&res);
}

void
results_after_battle(struct tui *t)
{
	struct game *g = &t->s->game;

	log_roll_line(t);

	/* a unit of the other side (a battle back) is not left selected in this turn */
	if (g->selected >= 0 && g->units[g->selected].side != g->side)
		g->selected = -1;
	if (t->s->game.npending > 0)
		results_apply(t);
	else
		say_what_waits(t);
}

void
results_retreat(struct tui *t)
{
	const struct game *g = &t->s->game;
	struct command_result res;
	const char **items;
	char (*labels)[HEX_LABEL_SIZE];
	int u = unit_owing(t, owes_retreat), i;

	if (u < 0) {
		tui_message(t, true, "no unit owes a retreat");
		return;
	}
	if (!tui_query(t, &res, "retreats %s", tui_unit_id(t, u))) {
		tui_report_failure(t, "retreats", &res, "no retreat");
		command_result_free(&res);
		return;
	}
	if (res.found.nhexes == 0) {
		/* nowhere to go: the retreat costs what the card says */
		if (dialog_ask(t, "Retreat", res.lines.count ? res.lines.items[0] : "no hex to retreat to",
		               "yn") == 'y')
			tui_command(t, "retreat %s", tui_unit_id(t, u));
		command_result_free(&res);
		return;
	}
	items = xcalloc(res.found.nhexes + 1, sizeof *items);
	labels = xcalloc(res.found.nhexes, sizeof *labels);
	for (size_t k = 0; k < res.found.nhexes; k++) {
		tui_hex_label(t, res.found.hexes[k], labels[k]);
		items[k] = labels[k];
	}
	i = dialog_choose(t, res.lines.count ? res.lines.items[0] : "Retreat to", items,
	                  res.found.nhexes);
	if (i >= 0 && tui_command(t, "retreat %s %s", tui_unit_id(t, u), labels[i])) {
		t->cursor = g->units[u].hex;
		say_what_waits(t);
	}
	free(labels);
	free(items);
	command_result_free(&res);
}

void
results_battle_back(struct tui *t)
{
	const struct game *g = &t->s->game;
	int u = unit_owing(t, may_battle_back), vs;

	if (u < 0) {
		tui_message(t, true, "no unit may battle back now");
		return;
	}
	vs = g->units[u].battle_back_vs - 1;
	if (!tui_command(t, "select %s", tui_unit_id(t, u)))
		return;
	t->cursor = g->units[vs].hex;
	pending_prepare(t, "battle");
}
