/* game-start.c: the start of a game's scenario as it was before set-up first
 * changed the scenario's own data (`scenario ...`, cmd-scenario.c), which
 * changes g->sc itself: its title and notes, its sides, the side that starts,
 * the victory target and turn limit, and with the board's size the per-hex
 * arrays and what stands on them. Kept once, put back by game_reset (undo
 * puts the game back to its start and replays), forgotten by game_free; once
 * it is, no checkpoint is kept (cmd-scenario.c forgets those kept,
 * checkpoint.c keeps no more), so undo replays from the start.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "xmalloc.h"

/* The parts of a scenario's start that `scenario` changes, as they were. */
struct scen_kept {
	char *title, *notes;
	struct scen_side *teams;
	size_t nteams;
	int start_side, target, turns, per_unit;
	struct hex_board board;
	struct tset *terrain;
	int *levels;
	struct scen_hexside *sides;
	size_t nsides;
	struct scen_structure *structures;
	size_t nstructures;
	struct scen_unit *units;
	size_t nunits;
};

static void *
copy_of(const void *p, size_t n, size_t size)
{
	void *q = xreallocarray(NULL, n + 1, size);

	if (n > 0)
		memcpy(q, p, n * size);
	return q;
}

static char *
str_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

static void
kept_free(struct scen_kept *k)
{
	free(k->title);
	free(k->notes);
	for (size_t i = 0; i < k->nteams; i++) {
		free(k->teams[i].id);
		free(k->teams[i].name);
	}
	free(k->teams);
	free(k->terrain);
	free(k->levels);
	free(k->sides);
	free(k->structures);
	for (size_t i = 0; i < k->nunits; i++)
		free(k->units[i].id);
	free(k->units);
	free(k);
}

/* Copy the changing parts of sc into k (k's own memory). */
static void
kept_copy(struct scen_kept *k, const struct scenario *sc)
{
	size_t cells = (size_t)sc->board.columns * (size_t)sc->board.rows;

	k->title = str_or_null(sc->title);
	k->notes = str_or_null(sc->notes);
	k->nteams = sc->nteams;
	k->teams = copy_of(sc->teams, sc->nteams, sizeof *k->teams);
	for (size_t i = 0; i < sc->nteams; i++) {
		k->teams[i].id = xstrdup(sc->teams[i].id);
		k->teams[i].name = str_or_null(sc->teams[i].name);
	}
	k->start_side = sc->start_side;
	k->target = sc->victory.target;
	k->turns = sc->victory.turns;
	k->per_unit = sc->victory.per_unit;
	k->board = sc->board;
	k->terrain = copy_of(sc->terrain, cells, sizeof *k->terrain);
	k->levels = copy_of(sc->levels, cells, sizeof *k->levels);
	k->nsides = sc->nsides;
	k->sides = copy_of(sc->sides, sc->nsides, sizeof *k->sides);
	k->nstructures = sc->nstructures;
	k->structures = copy_of(sc->structures, sc->nstructures, sizeof *k->structures);
	k->nunits = sc->nunits;
	k->units = copy_of(sc->units, sc->nunits, sizeof *k->units);
	for (size_t i = 0; i < sc->nunits; i++)
		k->units[i].id = xstrdup(sc->units[i].id);
}

void
game_start_keep(struct game *g)
{
	if (g->start_kept != NULL)
		return;
	g->start_kept = xcalloc(1, sizeof *g->start_kept);
	kept_copy(g->start_kept, &g->sc);
}

/* Copy k's parts into sc, whose own were freed. */
static void
kept_put(struct scenario *sc, const struct scen_kept *k)
{
	size_t cells = (size_t)k->board.columns * (size_t)k->board.rows;

	sc->title = str_or_null(k->title);
	sc->notes = str_or_null(k->notes);
	sc->nteams = sc->cap_teams = k->nteams;
	sc->teams = copy_of(k->teams, k->nteams, sizeof *sc->teams);
	for (size_t i = 0; i < k->nteams; i++) {
		sc->teams[i].id = xstrdup(k->teams[i].id);
		sc->teams[i].name = str_or_null(k->teams[i].name);
	}
	sc->start_side = k->start_side;
	sc->victory.target = k->target;
	sc->victory.turns = k->turns;
	sc->victory.per_unit = k->per_unit;
	sc->board = k->board;
	sc->terrain = copy_of(k->terrain, cells, sizeof *sc->terrain);
	sc->levels = copy_of(k->levels, cells, sizeof *sc->levels);
	sc->nsides = sc->cap_sides = k->nsides;
	sc->sides = copy_of(k->sides, k->nsides, sizeof *sc->sides);
	sc->nstructures = sc->cap_structures = k->nstructures;
	sc->structures = copy_of(k->structures, k->nstructures, sizeof *sc->structures);
	sc->nunits = sc->cap_units = k->nunits;
	sc->units = copy_of(k->units, k->nunits, sizeof *sc->units);
	for (size_t i = 0; i < k->nunits; i++)
		sc->units[i].id = xstrdup(k->units[i].id);
}

void
game_start_put_back(struct game *g)
{
	struct scenario *sc = &g->sc;
	struct scen_kept *now;

	if (g->start_kept == NULL)
		return;
	/* what sc holds now goes, as a kept start would */
	now = xcalloc(1, sizeof *now);
	now->title = sc->title;
	now->notes = sc->notes;
	now->teams = sc->teams;
	now->nteams = sc->nteams;
	now->terrain = sc->terrain;
	now->levels = sc->levels;
	now->sides = sc->sides;
	now->structures = sc->structures;
	now->units = sc->units;
	now->nunits = sc->nunits;
	kept_free(now);
	kept_put(sc, g->start_kept);
}

void
game_start_forget(struct game *g)
{
	if (g->start_kept != NULL)
		kept_free(g->start_kept);
	g->start_kept = NULL;
}

