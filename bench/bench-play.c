/* bench-play.c: a game played by seeded random commands, as players play: moves
 * of the side acting (some to a hex a few steps off, whose cheapest way is
 * searched), battles against the nearest enemy with their rolls, hits, notes,
 * changes to the table, units brought back, commands that are refused (a
 * misspelt unit, a hex off the board), undo and redo, the next phase. What a
 * session's journal would hold is kept beside: each change as recorded, each
 * undo and redo.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "command.h"
#include "journal.h"
#include "scenario.h"
#include "turn.h"
#include "xmalloc.h"

struct play {
	struct game *g;
	struct rng rng;
	int hexsides[16], nhexsides;   /* the card's hexside features */
	int tokens[16], ntokens;
};

static int
random_unit(struct play *p, int side)
{
	for (int tries = 0; tries < 100; tries++) {
		int u = (int)rng_below(&p->rng, (uint32_t)p->g->nunits);
		if (!p->g->units[u].eliminated && (side < 0 || p->g->units[u].side == side))
			return u;
	}
	return 0;
}

static int
nearest_enemy(const struct game *g, int u)
{
	int best = -1, far = 1 << 30;

	for (size_t i = 0; i < g->nunits; i++) {
		int d = hex_distance(g->units[u].hex, g->units[i].hex);
		if (g->units[i].side != g->units[u].side && !g->units[i].eliminated && d < far) {
			far = d;
			best = (int)i;
		}
	}
	return best;
}

/* A hex `steps` random steps from h (may be off the board: the command says so). */
static void
label_near(struct play *p, struct hex h, int steps, char at[HEX_LABEL_SIZE])
{
	for (int i = 0; i < steps; i++)
		h = hex_neighbor(h, (int)rng_below(&p->rng, 6));
	hex_label(game_board(p->g), h, at);
}

/* Changes to the table: a token, a hexside feature, a level. */
static void
setup_command(struct play *p, char *line, size_t size)
{
	const struct card *card = game_card(p->g);
	char at[HEX_LABEL_SIZE];
	const char *const *sides = hex_direction_names(game_board(p->g));
	uint32_t what = rng_below(&p->rng, 3);

	label_near(p, p->g->units[random_unit(p, -1)].hex, 1, at);
	if (what == 0 && p->ntokens > 0)
		snprintf(line, size, "token %s %s %s", rng_below(&p->rng, 2) ? "add" : "remove", at,
		         card->terrain[p->tokens[rng_below(&p->rng, (uint32_t)p->ntokens)]].id);
	else if (what == 1 && p->nhexsides > 0)
		snprintf(line, size, "hexside %s %s %s %s", rng_below(&p->rng, 2) ? "add" : "remove", at,
		         sides[rng_below(&p->rng, 6)],
		         card->terrain[p->hexsides[rng_below(&p->rng, (uint32_t)p->nhexsides)]].id);
	else
		snprintf(line, size, "level %s %u", at, rng_below(&p->rng, 3));
}

/* A unit that was eliminated comes back at full strength (a long game would
 * otherwise run out of units); any other is left as it is. */
static void
bring_back(struct play *p, char *line, size_t size)
{
	const struct game_unit *u = &p->g->units[rng_below(&p->rng, (uint32_t)p->g->nunits)];

	snprintf(line, size, "unit set %s strength=%d", u->id,
	         u->eliminated ? u->max_strength : u->strength);
}

/* What a game of random commands is made of: of each 200 commands tried, how
 * many of each kind (the rest are next phases or ends of turn). */
struct play_mix {
	int moves, far_moves, battles, hits, notes, setups, bring_backs, refused, undos, redos;
	bool apply;   /* a battle that was fought has its result applied */
};

/* As players play (bench_play): 100 moves of a hex, 16 moves a few hexes off,
 * 18 battles, 6 hits, 10 notes, 14 changes to the table, 6 units brought back,
 * 4 refused, 3 undos, 1 redo, 22 next phases or ends of turn (many moves and
 * battles are refused too: not the phase, the hex taken). */
static const struct play_mix mix_usual = { 100, 16, 18, 6, 10, 14, 6, 4, 3, 1, false };

/* A battle-heavy campaign (bench_play_battles, issue 32): each battle fought
 * to its end (fight: the unit brought next to the enemy, the values it lacks
 * set, the result applied, retreats made); on a 30x20 board, 100,000 commands
 * in force journal about 44% moves, 13% next phases, 12% notes, 7.5% battles,
 * 6% results applied and 4.5% undos, and log 179k lines (a 13 MB save). */
static const struct play_mix mix_battles = { 140, 15, 7, 2, 10, 3, 4, 2, 4, 1, true };

/* One command a player might give, drawn by the mix (a battle with no enemy
 * left falls through to a hit). */
static void
random_command(struct play *p, const struct play_mix *m, char *line, size_t size, int *fighter,
               int *enemy)
{
	int roll = (int)rng_below(&p->rng, 200), at_most = 0;
	int u = random_unit(p, p->g->side), e;
	char at[HEX_LABEL_SIZE];

	*fighter = u;
	*enemy = -1;

	if (roll < (at_most += m->moves)) {
		label_near(p, p->g->units[u].hex, 1, at);
		snprintf(line, size, "move %s %s", p->g->units[u].id, at);
	} else if (roll < (at_most += m->far_moves)) {
		label_near(p, p->g->units[u].hex, 2 + (int)rng_below(&p->rng, 2), at);
		snprintf(line, size, "move %s %s", p->g->units[u].id, at);
	} else if (roll < (at_most += m->battles) && (e = nearest_enemy(p->g, u)) >= 0) {
		snprintf(line, size, "battle %s %s", p->g->units[u].id, p->g->units[e].id);
		*enemy = e;
	} else if (roll < (at_most += m->hits)) {
		snprintf(line, size, "hit %s 1", p->g->units[random_unit(p, -1)].id);
	} else if (roll < (at_most += m->notes)) {
		snprintf(line, size, "note \"turn %d: a note for the record\"", p->g->turn);
	} else if (roll < (at_most += m->setups)) {
		setup_command(p, line, size);
	} else if (roll < (at_most += m->bring_backs)) {
		bring_back(p, line, size);
	} else if (roll < (at_most += m->refused)) {
		snprintf(line, size, "move %s-nosuch %s", p->g->units[u].id, "0000");
	} else if (roll < (at_most += m->undos)) {
		snprintf(line, size, "undo");
	} else if (roll < (at_most += m->redos)) {
		snprintf(line, size, "redo");
	} else {
		snprintf(line, size, "%s", game_card(p->g)->nphases > 0 ? "phase next" : "turn end");
	}
}

static void
play_init(struct play *p, struct game *g)
{
	const struct card *card = game_card(g);

	memset(p, 0, sizeof *p);
	p->g = g;
	rng_seed(&p->rng, 7);
	for (size_t t = 0; t < card->nterrain; t++) {
		if (card->terrain[t].kind == TERRAIN_HEXSIDE && p->nhexsides < 16)
			p->hexsides[p->nhexsides++] = (int)t;
		if (card->terrain[t].kind == TERRAIN_TOKEN && p->ntokens < 16)
			p->tokens[p->ntokens++] = (int)t;
	}
}

/* Run one command of the game played, counting it, and keep what a session's
 * journal would: a change as recorded, an undo or redo as given. */
static bool
play_one(struct game *g, const char *line, struct strlist *journal, struct play_counts *n,
         struct query_found *needs)
{
	struct command_result res;
	bool ok = command_run(g, line, &res);

	if (needs != NULL) {
		/* what a battle refused lacks, taken out of the answer (needs_free) */
		needs->needs = res.found.needs;
		needs->nneeds = res.found.nneeds;
		res.found.needs = NULL;
		res.found.nneeds = 0;
	}

	n->tried++;
	n->failed += !ok;
	if (ok && res.kind == COMMAND_META) {
		n->undos += line[0] == 'u';
		strlist_add(journal, line);
	} else if (ok && res.kind == COMMAND_CHANGE) {
		strlist_add(journal, g->done.items[g->done.count - 1]);
	}
	command_result_free(&res);
	return ok;
}

static void
needs_free(struct query_found *f)
{
	for (size_t i = 0; i < f->nneeds; i++) {
		free(f->needs[i].key);
		free(f->needs[i].name);
		free(f->needs[i].now);
	}
	free(f->needs);
}

/* Set what a battle refused lacks (its needs, by their keys), as players do
 * when asked: a value of 3. */
static void
set_needs(struct game *g, const struct query_found *f, struct strlist *journal,
          struct play_counts *n)
{
	for (size_t i = 0; i < f->nneeds; i++) {
		char line[160];

		if (f->needs[i].optional)
			continue;
		snprintf(line, sizeof line, "unit set %s %s=3", g->units[f->needs[i].unit].id,
		         f->needs[i].key);
		play_one(g, line, journal, n, NULL);
	}
}

/* The retreats a result applied owes, each to the first hex `retreats` offers;
 * one that cannot be made is given up (skip), as players would agree to. */
static void
make_retreats(struct game *g, struct strlist *journal, struct play_counts *n)
{
	struct owed owed[8];
	size_t count = turn_owed(g, owed, 8);

	for (size_t i = 0; i < count && i < 8; i++) {
		struct command_result res;
		char line[160], at[HEX_LABEL_SIZE] = "";

		if (owed[i].kind != OWED_RETREAT)
			continue;
		snprintf(line, sizeof line, "retreats %s", g->units[owed[i].unit].id);
		if (command_run(g, line, &res) && res.found.nhexes > 0)
			hex_label(game_board(g), res.found.hexes[0], at);
		command_result_free(&res);
		snprintf(line, sizeof line, "retreat %s %s", g->units[owed[i].unit].id, at);
		if (play_one(g, line, journal, n, NULL))
			continue;
		snprintf(line, sizeof line, "skip %s", g->units[owed[i].unit].id);
		play_one(g, line, journal, n, NULL);
	}
}

/* A battle fought to its end (a battle-heavy mix): the unit moves next to the
 * enemy if it is not (forced: the players set the table), fights by the card's
 * first combat type that lets it, with the values it lacks set, and its result
 * is applied. */
static void
fight(struct play *p, int u, int e, struct strlist *journal, struct play_counts *n)
{
	struct game *g = p->g;
	const struct word_list *types = &game_card(g)->words[WL_COMBAT];
	char line[160], at[HEX_LABEL_SIZE];
	bool fought = false;

	if (hex_distance(g->units[u].hex, g->units[e].hex) > 1) {
		label_near(p, g->units[e].hex, 1, at);
		snprintf(line, sizeof line, "move %s %s --force", g->units[u].id, at);
		play_one(g, line, journal, n, NULL);
	}
	for (size_t t = 0; t < types->count && !fought; t++) {
		struct query_found needs = { 0 };

		snprintf(line, sizeof line, "battle %s %s %s --force", g->units[u].id,
		         g->units[e].id, types->words[t]);
		fought = play_one(g, line, journal, n, &needs);
		if (!fought && needs.nneeds > 0) {
			set_needs(g, &needs, journal, n);
			fought = play_one(g, line, journal, n, NULL);
		}
		needs_free(&needs);
	}
	if (fought && play_one(g, "apply", journal, n, NULL))
		make_retreats(g, journal, n);
}

static void
play_mix(struct game *g, const struct play_mix *m, size_t changes, struct strlist *journal,
         struct play_counts *n)
{
	struct play p;

	memset(n, 0, sizeof *n);
	play_init(&p, g);
	for (size_t tries = 0; g->done.count < changes && tries < 50 * changes; tries++) {
		char line[160];
		int u, e;

		random_command(&p, m, line, sizeof line, &u, &e);
		if (m->apply && e >= 0)
			fight(&p, u, e, journal, n);
		else
			play_one(g, line, journal, n, NULL);
	}
}

void
bench_play(struct game *g, size_t changes, struct strlist *journal, struct play_counts *n)
{
	play_mix(g, &mix_usual, changes, journal, n);
}

void
bench_play_battles(struct game *g, size_t changes, struct strlist *journal,
                   struct play_counts *n)
{
	play_mix(g, &mix_battles, changes, journal, n);
}

void
bench_open(const char *path, struct game *g)
{
	struct diag_list dl;
	struct scenario sc;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (!scenario_load(&sc, path, NULL, &dl)) {
		diag_print(&dl, stderr);
		fprintf(stderr, "hexaid-bench: %s: cannot open the scenario\n", path);
		exit(2);
	}
	diag_list_free(&dl);
	game_start(g, &sc);
	rng_seed(&g->rng, 1);
}

bool
bench_write_journal(const struct strlist *lines, size_t count, const char *path,
                    const char *base)
{
	struct journal j;
	char *err = NULL, *warning;
	FILE *f;

	if (!journal_create(&j, path, base, &err, &warning)) {
		fprintf(stderr, "hexaid-bench: %s\n", err);
		free(err);
		return false;
	}
	free(warning);
	journal_close(&j);
	if ((f = fopen(path, "a")) == NULL)
		return false;
	for (size_t i = 0; i < count && i < lines->count; i++) {
		char *numbered = xasprintf("%zu %s", i + 1, lines->items[i]);

		fprintf(f, "%s\t#%08lx\n", numbered, journal_crc(numbered, strlen(numbered)));
		free(numbered);
	}
	return fclose(f) == 0;
}
