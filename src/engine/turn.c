/* turn.c: the sequence of play (engine layer). A card's sequence is a list of
 * phases for one side's turn; this file knows nothing of what they are called
 * in any game. It answers whether a command belongs to the current phase (or
 * is one the other side may react with),
 * moves through the phases and the sides, forgets the facts of a turn when it
 * ends, and counts victory points the scenario's way.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "strutil.h"
#include "turn.h"
#include "xmalloc.h"

static bool
phase_names(const struct phase *p, const char *command)
{
	/* asked of every command run: most names part at their first letter */
	for (size_t i = 0; i < p->nallows; i++)
		if (p->allows[i][0] == command[0] && strcmp(p->allows[i], command) == 0)
			return true;
	return false;
}

bool
turn_allows(const struct game *g, const char *command, int *allowed_in)
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
turn_reacts(const struct game *g, const char *command)
{
	const struct phase *p;

	if (g->phase < 0)
		return false;
	p = &game_card(g)->phases[g->phase];
	for (size_t i = 0; i < p->nreactions; i++)
		if (strcmp(p->reactions[i], command) == 0)
			return true;
	return false;
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
		strbuf_addf(&s, "%s%s", i ? ", " : "", p->reactions[i]);
	return s.text;
}

const char *
turn_phase_name(const struct game *g)
{
	return g->phase < 0 ? "" : game_card(g)->phases[g->phase].name;
}

char *
turn_state_words(const struct game *g)
{
	return xasprintf("turn %d, %s to act%s%s", g->turn, g->sc.teams[g->side].name,
	                 g->phase >= 0 ? ", phase: " : "", turn_phase_name(g));
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
		game_halt_clear(&u->halt);
	}
	game_pending_clear(g);
	g->side = (g->side + 1) % (int)g->sc.nteams;
	if (g->side == 0)
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

int
turn_check_victory(struct game *g)
{
	if (g->sc.victory.target <= 0 || g->winner >= 0)
		return -1;
	for (size_t s = 0; s < g->sc.nteams; s++)
		if (turn_points(g, (int)s) >= g->sc.victory.target) {
			g->winner = (int)s;
			return (int)s;
		}
	return -1;
}
