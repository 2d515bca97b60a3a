/* turn.c: the sequence of play (engine layer). A card's sequence is a list of
 * phases for one side's turn; this file knows nothing of what they are called
 * in any game. It answers whether a command belongs to the current phase (or
 * is one the other side may react with),
 * moves through the phases and the sides, forgets the facts of a turn when it
 * ends, counts victory points the scenario's way, and ends the game when the
 * last side has ended the scenario's last turn.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "strutil.h"
#include "turn.h"
#include "xmalloc.h"

static bool
list_names(const enum command_id *list, size_t n, enum command_id command)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == command)
			return true;
	return false;
}

static bool
phase_names(const struct phase *p, enum command_id command)
{
	return list_names(p->allows, p->nallows, command);
}

bool
turn_allows(const struct game *g, enum command_id command, int *allowed_in)
{
	const struct card *card = game_card(g);

	*allowed_in = -1;
	if (g->phase < 0 || phase_names(&card->phases[g->phase], command))
		return true;
	for (size_t i = 0; i < card->nphases; i++)
		if (phase_names(&card->phases[i], command)) {
			*allowed_in = (int)i;
			return false;
		}
	return true;
}

bool
turn_side_may(const struct game *g, int side, enum command_id command)
{
	int allowed;

	return side == g->side ? turn_allows(g, command, &allowed) : turn_reacts(g, command);
}

static bool
phase_combat(const struct card *card, const struct phase *p, bool acting, int combat)
{
	size_t n = card->words[WL_COMBAT].count;
	const enum command_id *list = acting ? p->allows : p->reactions;
	size_t nlist = acting ? p->nallows : p->nreactions;
	bool fire = list_names(list, nlist, CMD_FIRE);
	bool melee = list_names(list, nlist, CMD_MELEE);

	if (!fire && !melee)
		return true;
	return (fire && combat == 0) || (melee && (size_t)combat + 1 == n);
}

bool
turn_combat_allowed(const struct game *g, int side, int combat)
{
	const struct card *card = game_card(g);

	if (g->phase < 0)
		return true;
	return phase_combat(card, &card->phases[g->phase], side == g->side, combat);
}

int
turn_combat_phase(const struct game *g, int combat)
{
	const struct card *card = game_card(g);

	for (size_t i = 0; i < card->nphases; i++) {
		const struct phase *p = &card->phases[i];
		if ((phase_names(p, CMD_BATTLE) || phase_names(p, CMD_FIRE) || phase_names(p, CMD_MELEE)) &&
		    phase_combat(card, p, true, combat))
			return (int)i;
	}
	return -1;
}

bool
turn_reacts(const struct game *g, enum command_id command)
{
	const struct phase *p;

	if (g->phase < 0)
		return false;
	p = &game_card(g)->phases[g->phase];
	return list_names(p->reactions, p->nreactions, command);
}

char *
turn_reactions_words(const struct game *g)
{
	const struct phase *p;
	struct strbuf s = { NULL, 0, 0 };

	if (g->phase < 0)
		return NULL;
	p = &game_card(g)->phases[g->phase];
	for (size_t i = 0; i < p->nreactions; i++)
		strbuf_addf(&s, "%s%s", i ? ", " : "", command_words[p->reactions[i]]);
	return s.text;
}

const char *
turn_phase_name(const struct game *g)
{
	return g->phase < 0 ? "" : game_card(g)->phases[g->phase].name;
}

char *
turn_number_words(const struct game *g, bool brief)
{
	int last = g->sc.victory.turns;

	if (last <= 0)
		return xasprintf("turn %d", g->turn);
	if (g->over)
		return xasprintf(brief ? "over after turn %d/%d" : "the game is over after turn %d of %d",
		                 last, last);
	return xasprintf(brief ? "turn %d/%d" : "turn %d of %d", g->turn, last);
}

char *
turn_state_words(const struct game *g)
{
	char *turn = turn_number_words(g, false), *out;

	if (g->over)
		out = g->winner >= 0 ? xasprintf("%s: %s win", turn, g->sc.teams[g->winner].name)
		                     : xasprintf("%s: a draw", turn);
	else
		out = xasprintf("%s, %s to act%s%s", turn, g->sc.teams[g->side].name,
		                g->phase >= 0 ? ", phase: " : "", turn_phase_name(g));
	free(turn);
	return out;
}

char *
turn_phase_reminder(const struct game *g)
{
	const struct phase *p;

	if (g->phase < 0 || game_card(g)->phases[g->phase].reminder == NULL)
		return NULL;
	p = &game_card(g)->phases[g->phase];
	return xasprintf("%s%s", p->reminder, p->assumed ? " (assumed: check your rulebook)" : "");
}

void
turn_end(struct game *g)
{
	for (size_t i = 0; i < g->nunits; i++) {
		struct game_unit *u = &g->units[i];
		u->moved = u->moved_onto = u->road_move = u->battled = u->charging = false;
		u->moved_cost = 0;
		u->retreat_due = 0;
		u->battle_back_vs = 0;
		u->ground_vs = 0;
		u->bonus_taken = false;
		game_halt_clear(&u->halt);
	}
	game_pending_clear(g);
	g->side = (g->side + 1) % (int)g->sc.nteams;
	if (g->side == g->sc.start_side)
		g->turn++;
	if (g->phase >= 0)
		g->phase = 0;
}

bool
turn_next_phase(struct game *g)
{
	if (g->phase < 0 || (size_t)g->phase + 1 >= game_card(g)->nphases) {
		turn_end(g);
		return true;
	}
	g->phase++;
	return false;
}

static size_t
owed_add(struct owed *out, size_t max, size_t n, struct owed o)
{
	if (n < max)
		out[n] = o;
	return n + 1;
}

size_t
turn_owed(const struct game *g, struct owed *out, size_t max)
{
	size_t n = 0;

	if (g->npending > 0)
		n = owed_add(out, max, n, (struct owed){ .kind = OWED_RESULT, .unit = g->pending[0].unit,
		                                         .other = -1, .amount = (long)g->npending });
	for (size_t i = 0; i < g->nunits; i++)
		if (g->units[i].retreat_due > 0 && !g->units[i].eliminated)
			n = owed_add(out, max, n, (struct owed){ .kind = OWED_RETREAT, .unit = (int)i,
			                                         .other = -1,
			                                         .amount = g->units[i].retreat_due });
	for (size_t i = 0; i < g->nunits; i++)
		if (g->units[i].battle_back_vs > 0 && !g->units[i].eliminated &&
		    !g->units[g->units[i].battle_back_vs - 1].eliminated)
			n = owed_add(out, max, n, (struct owed){ .kind = OWED_BATTLE_BACK, .unit = (int)i,
			                                         .other = g->units[i].battle_back_vs - 1 });
	return n;
}

char *
turn_owed_words(const struct game *g, const struct owed *o)
{
	char *what = turn_owed_brief(g, o), *out;
	const char *id = g->units[o->unit].id;

	switch (o->kind) {
	case OWED_RESULT:
		out = xasprintf("%s: apply", what);
		break;
	case OWED_RETREAT:
		out = xasprintf("%s: retreat %s HEX...", what, id);
		break;
	case OWED_BATTLE_BACK:
	default:
		out = xasprintf("%s: battle %s %s", what, id, g->units[o->other].id);
		break;
	}
	free(what);
	return out;
}

char *
turn_owed_brief(const struct game *g, const struct owed *o)
{
	const char *id = g->units[o->unit].id;

	switch (o->kind) {
	case OWED_RESULT:
		return xasprintf("a result on %s to apply", id);
	case OWED_RETREAT:
		return xasprintf("%s retreat %ld", id, o->amount);
	case OWED_BATTLE_BACK:
	default:
		return xasprintf("%s battle back vs %s", id, g->units[o->other].id);
	}
}

int
turn_points(const struct game *g, int side)
{
	const struct scen_victory *v = &g->sc.victory;
	int points = 0;

	for (size_t i = 0; i < g->nunits; i++)
		if (g->units[i].side != side && g->units[i].eliminated)
			points += v->per_unit;
	for (size_t i = 0; i < v->nobjectives; i++) {
		int u = game_unit_at(g, v->objectives[i].hex);
		if (v->objectives[i].side == side && u >= 0 && g->units[u].side == side)
			points += v->objectives[i].value;
	}
	return points;
}

char *
turn_points_words(const struct game *g, int side)
{
	const struct scen_victory *v = &g->sc.victory;
	struct strbuf b = { NULL, 0, 0 };
	int eliminated = 0;

	for (size_t i = 0; i < g->nunits; i++)
		eliminated += g->units[i].side != side && g->units[i].eliminated;
	strbuf_addf(&b, "%d enemy unit%s eliminated (%d each): %d", eliminated,
	            eliminated == 1 ? "" : "s", v->per_unit, eliminated * v->per_unit);
	for (size_t i = 0; i < v->nobjectives; i++) {
		const struct scen_objective *o = &v->objectives[i];
		int u = game_unit_at(g, o->hex);
		char at[HEX_LABEL_SIZE];

		if (o->side != side)
			continue;
		hex_label(game_board(g), o->hex, at);
		if (u >= 0 && g->units[u].side == side)
			strbuf_addf(&b, "; %s held by %s: %d", at, g->units[u].id, o->value);
		else
			strbuf_addf(&b, "; %s not held: 0", at);
	}
	return b.text;
}

bool
turn_check_limit(struct game *g)
{
	int best = -1, most = -1;
	bool level = false;

	if (g->sc.victory.turns <= 0 || g->over || g->turn <= g->sc.victory.turns)
		return false;
	g->over = true;
	if (g->winner >= 0)
		return true;
	for (size_t s = 0; s < g->sc.nteams; s++) {
		int p = turn_points(g, (int)s);
		if (p > most) {
			most = p;
			best = (int)s;
			level = false;
		} else if (p == most) {
			level = true;
		}
	}
	g->drawn = level;
	g->winner = level ? -1 : best;
	return true;
}

int
turn_check_victory(struct game *g)
{
	if (g->sc.victory.target <= 0 || g->winner >= 0 || g->over)
		return -1;
	for (size_t s = 0; s < g->sc.nteams; s++)
		if (turn_points(g, (int)s) >= g->sc.victory.target) {
			g->winner = (int)s;
			return (int)s;
		}
	return -1;
}
