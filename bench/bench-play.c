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

/* One command a player might give, out of 200: 100 moves of a hex, 16 moves a
 * few hexes off, 18 battles, 6 hits, 10 notes, 14 changes to the table, 6 units
 * brought back, 4 refused, 3 undos, 1 redo, 22 next phases or ends of turn (many
 * moves and battles are refused too: not the phase, the hex taken). */
static void
random_command(struct play *p, char *line, size_t size)
{
	uint32_t roll = rng_below(&p->rng, 200);
	int u = random_unit(p, p->g->side), e;
	char at[HEX_LABEL_SIZE];

	if (roll < 100) {
		label_near(p, p->g->units[u].hex, 1, at);
		snprintf(line, size, "move %s %s", p->g->units[u].id, at);
	} else if (roll < 116) {
		label_near(p, p->g->units[u].hex, 2 + (int)rng_below(&p->rng, 2), at);
		snprintf(line, size, "move %s %s", p->g->units[u].id, at);
	} else if (roll < 134 && (e = nearest_enemy(p->g, u)) >= 0) {
		snprintf(line, size, "battle %s %s", p->g->units[u].id, p->g->units[e].id);
	} else if (roll < 140) {
		snprintf(line, size, "hit %s 1", p->g->units[random_unit(p, -1)].id);
	} else if (roll < 150) {
		snprintf(line, size, "note \"turn %d: a note for the record\"", p->g->turn);
	} else if (roll < 164) {
		setup_command(p, line, size);
	} else if (roll < 170) {
		bring_back(p, line, size);
	} else if (roll < 174) {
		snprintf(line, size, "move %s-nosuch %s", p->g->units[u].id, "0000");
	} else if (roll < 177) {
		snprintf(line, size, "undo");
	} else if (roll < 178) {
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

void
bench_play(struct game *g, size_t changes, struct strlist *journal, struct play_counts *n)
{
	struct play p;

	memset(n, 0, sizeof *n);
	play_init(&p, g);
	for (size_t tries = 0; g->done.count < changes && tries < 50 * changes; tries++) {
		struct command_result res;
		char line[160];
		bool ok;
		random_command(&p, line, sizeof line);
		ok = command_run(g, line, &res);
		n->tried++;
		n->failed += !ok;
		if (ok && res.kind == COMMAND_META) {
			n->undos += line[0] == 'u';
			strlist_add(journal, line);
		} else if (ok && res.kind == COMMAND_CHANGE) {
			strlist_add(journal, g->done.items[g->done.count - 1]);
		}
		command_result_free(&res);
	}
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
