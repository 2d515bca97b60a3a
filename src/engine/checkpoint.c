/* checkpoint.c: the states a game went through, so that undo replays at most a
 * few commands whatever the length of the game (engine layer). What commands
 * change is seen as a few regions of bytes (the turn and settings, terrain,
 * levels, hexside features, structures, units, the battle result waiting to be
 * applied, their strings (ids, a halt's words, the result's codes), the dice
 * statistics, and the length of the dice log, which only grows).
 * The latest state kept is a whole copy of them; each earlier one is kept as the
 * runs of bytes in which it differs from the one after it (a move changes a
 * unit's hex and flags, not the board), so a long game costs little memory.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "checkpoint.h"
#include "game.h"
#include "xmalloc.h"

enum region { R_SCALARS, R_TERRAIN, R_LEVELS, R_SIDES, R_STRUCTURES, R_UNITS, R_PENDING,
              R_STRINGS, R_STATS, NREGIONS };

/* The regions gathered into scratch (the rest point into the game). */
enum scratch { S_SCALARS, S_UNITS, S_PENDING, S_STRINGS, NSCRATCH };

struct bytes {
	unsigned char *data;
	size_t len, cap;
};

/* What the game holds outside its arrays. The dice log only grows as commands
 * are made (undo takes back the records of the commands it takes back), so a
 * state keeps its length, not its records. */
struct scalars {
	int turn, side, phase, winner;
	int settings[MAX_SETTINGS];
	size_t nrolls;
};

/* The runs that turn a state back into the one kept before it. */
struct delta {
	size_t at;               /* commands in force in that earlier state */
	struct bytes runs;       /* run_heads, each followed by its bytes */
};

/* One run: bytes of a region of the earlier state, at an offset; and that
 * region's length then. */
struct run_head {
	size_t region, old_len, offset, len;
};

struct checkpoints {
	bool have;               /* `latest` holds a state */
	size_t at;               /* ... after this many commands */
	struct bytes latest[NREGIONS];
	struct delta *deltas;    /* back to earlier states, the oldest first */
	size_t ndeltas, cap_deltas;
};

/* Two runs closer than this are kept as one (a run costs its head). */
#define RUN_GAP 16
/* Equal bytes are skipped a large block at a time, then a small one. */
#define SKIP_LARGE 4096
#define SKIP_SMALL 64

static void
bytes_reserve(struct bytes *b, size_t len)
{
	if (len <= b->cap)
		return;
	b->cap = len > 2 * b->cap ? len : 2 * b->cap;
	b->data = xreallocarray(b->data, b->cap, 1);
}

static void
bytes_put(struct bytes *b, const void *data, size_t len)
{
	bytes_reserve(b, b->len + len);
	if (len > 0)
		memcpy(b->data + b->len, data, len);
	b->len += len;
}

/* ---- the regions of a game's state ---------------------------------------------- */

/* A string the game owns, among the strings: a byte saying whether there is
 * one, then it. */
static void
put_string(struct bytes *strings, const char *text)
{
	unsigned char has = text != NULL;

	bytes_put(strings, &has, 1);
	if (has)
		bytes_put(strings, text, strlen(text) + 1);
}

static char *
take_string(const char **at)
{
	char *text = NULL;

	if (*(*at)++ != 0) {
		text = xstrdup(*at);
		*at += strlen(*at) + 1;
	}
	return text;
}

/* The regions of g as they stand: most point into the game; the scalars, the
 * units and the result waiting to be applied (their pointers to strings left
 * out, for they change with every copy) and those strings are gathered into
 * scratch: per unit its id and its halt's words, per effect waiting its code
 * and words. */
static void
live_regions(const struct game *g, struct bytes scratch[NSCRATCH], struct bytes out[NREGIONS])
{
	size_t cells = (size_t)g->sc.board.columns * (size_t)g->sc.board.rows;
	struct scalars s;

	memset(&s, 0, sizeof s);
	s.turn = g->turn;
	s.side = g->side;
	s.phase = g->phase;
	s.winner = g->winner;
	memcpy(s.settings, g->settings, sizeof s.settings);
	s.nrolls = g->nrolls;
	for (size_t i = 0; i < NSCRATCH; i++)
		scratch[i].len = 0;
	bytes_put(&scratch[S_SCALARS], &s, sizeof s);
	bytes_put(&scratch[S_UNITS], g->units, g->nunits * sizeof *g->units);
	for (size_t i = 0; i < g->nunits; i++) {
		struct game_unit *u = (struct game_unit *)scratch[S_UNITS].data + i;
		u->id = NULL;
		u->halt.words = NULL;
		put_string(&scratch[S_STRINGS], g->units[i].id);
		put_string(&scratch[S_STRINGS], g->units[i].halt.words);
	}
	bytes_put(&scratch[S_PENDING], g->pending, g->npending * sizeof *g->pending);
	for (size_t i = 0; i < g->npending; i++) {
		struct pending_effect *e = (struct pending_effect *)scratch[S_PENDING].data + i;
		e->code = e->words = NULL;
		put_string(&scratch[S_STRINGS], g->pending[i].code);
		put_string(&scratch[S_STRINGS], g->pending[i].words);
	}
	out[R_SCALARS] = scratch[S_SCALARS];
	out[R_TERRAIN] = (struct bytes){ (unsigned char *)g->terrain, cells * sizeof *g->terrain, 0 };
	out[R_LEVELS] = (struct bytes){ (unsigned char *)g->levels, cells * sizeof *g->levels, 0 };
	out[R_SIDES] = (struct bytes){ (unsigned char *)g->sides, g->nsides * sizeof *g->sides, 0 };
	out[R_STRUCTURES] = (struct bytes){ (unsigned char *)g->structures,
		                            g->nstructures * sizeof *g->structures, 0 };
	out[R_UNITS] = scratch[S_UNITS];
	out[R_PENDING] = scratch[S_PENDING];
	out[R_STRINGS] = scratch[S_STRINGS];
	out[R_STATS] = (struct bytes){ (unsigned char *)g->stats,
		                       (g->sc.nteams + 1) * sizeof *g->stats, 0 };
}

/* An array of the game's from a region: n elements of `size`, one more allocated. */
static void *
array_from(void *array, const struct bytes *b, size_t size, size_t *n)
{
	*n = b->len / size;
	array = xreallocarray(array, *n + 1, size);
	if (b->len > 0)
		memcpy(array, b->data, b->len);
	return array;
}

/* Put the game's state to the one in r. The selection is not a change (a
 * rebuild from the start clears it too). */
static void
restore_regions(struct game *g, const struct bytes r[NREGIONS])
{
	const struct scalars *s = (const struct scalars *)r[R_SCALARS].data;
	const char *str = (const char *)r[R_STRINGS].data;

	g->turn = s->turn;
	g->side = s->side;
	g->phase = s->phase;
	g->winner = s->winner;
	memcpy(g->settings, s->settings, sizeof g->settings);
	memcpy(g->terrain, r[R_TERRAIN].data, r[R_TERRAIN].len);
	memcpy(g->levels, r[R_LEVELS].data, r[R_LEVELS].len);
	memcpy(g->stats, r[R_STATS].data, r[R_STATS].len);
	g->sides = array_from(g->sides, &r[R_SIDES], sizeof *g->sides, &g->nsides);
	g->cap_sides = g->nsides;
	g->structures = array_from(g->structures, &r[R_STRUCTURES], sizeof *g->structures,
	                           &g->nstructures);
	g->cap_structures = g->nstructures;
	for (size_t i = 0; i < g->nunits; i++) {
		free(g->units[i].id);
		game_halt_clear(&g->units[i].halt);
	}
	g->units = array_from(g->units, &r[R_UNITS], sizeof *g->units, &g->nunits);
	g->cap_units = g->nunits;
	for (size_t i = 0; i < g->nunits; i++) {
		g->units[i].id = take_string(&str);
		g->units[i].halt.words = take_string(&str);
	}
	game_pending_clear(g);
	g->pending = array_from(g->pending, &r[R_PENDING], sizeof *g->pending, &g->npending);
	g->cap_pending = g->npending;
	for (size_t i = 0; i < g->npending; i++) {
		g->pending[i].code = take_string(&str);
		g->pending[i].words = take_string(&str);
	}
	game_dice_keep(g, s->nrolls);
	g->selected = -1;
	game_sides_changed(g);
	game_units_changed(g);
}

/* ---- differences ------------------------------------------------------------------- */

/* The first index in [from, to) where a and b differ, or `to`. */
static size_t
first_difference(const unsigned char *a, const unsigned char *b, size_t from, size_t to)
{
	size_t i = from;

	while (i + SKIP_LARGE <= to && memcmp(a + i, b + i, SKIP_LARGE) == 0)
		i += SKIP_LARGE;
	while (i + SKIP_SMALL <= to && memcmp(a + i, b + i, SKIP_SMALL) == 0)
		i += SKIP_SMALL;
	while (i < to && a[i] == b[i])
		i++;
	return i;
}

/* The end of the run of differences starting at `start`: it goes on over equal
 * stretches shorter than RUN_GAP. */
static size_t
run_end(const unsigned char *a, const unsigned char *b, size_t start, size_t to)
{
	size_t last = start;

	for (size_t i = start + 1; i < to && i - last <= RUN_GAP; i++)
		if (a[i] != b[i])
			last = i;
	return last + 1;
}

static void
put_run(struct bytes *runs, size_t region, size_t old_len, size_t offset, const void *data,
        size_t len)
{
	struct run_head h = { region, old_len, offset, len };

	bytes_put(runs, &h, sizeof h);
	bytes_put(runs, data, len);
}

/* Make `kept` equal to `now`, writing to `runs` what turns it back. */
static void
diff_region(size_t region, struct bytes *kept, const struct bytes *now, struct bytes *runs)
{
	size_t common = kept->len < now->len ? kept->len : now->len;

	for (size_t i = first_difference(kept->data, now->data, 0, common); i < common;
	     i = first_difference(kept->data, now->data, i, common)) {
		size_t end = run_end(kept->data, now->data, i, common);
		put_run(runs, region, kept->len, i, kept->data + i, end - i);
		memcpy(kept->data + i, now->data + i, end - i);
		i = end;
	}
	if (kept->len == now->len)
		return;
	/* what the earlier state had past the end of this one; or only its length */
	put_run(runs, region, kept->len, common,
	        kept->len > common ? kept->data + common : NULL, kept->len - common);
	bytes_reserve(kept, now->len);
	if (now->len > common)
		memcpy(kept->data + common, now->data + common, now->len - common);
	kept->len = now->len;
}

/* Turn `kept` back into the state before it, by the runs of d. */
static void
apply_delta(struct bytes kept[NREGIONS], const struct delta *d)
{
	const unsigned char *p = d->runs.data, *end = p + d->runs.len;

	while (p < end) {
		struct run_head h;
		memcpy(&h, p, sizeof h);
		p += sizeof h;
		bytes_reserve(&kept[h.region], h.old_len);
		kept[h.region].len = h.old_len;
		if (h.len > 0)
			memcpy(kept[h.region].data + h.offset, p, h.len);
		p += h.len;
	}
}

/* ---- the states kept ---------------------------------------------------------------- */

static void
keep_state(struct game *g, struct checkpoints *cp)
{
	struct bytes scratch[NSCRATCH];
	struct bytes now[NREGIONS];
	struct delta d = { cp->at, { NULL, 0, 0 } };

	memset(scratch, 0, sizeof scratch);
	live_regions(g, scratch, now);
	for (size_t r = 0; r < NREGIONS; r++) {
		if (cp->have) {
			diff_region(r, &cp->latest[r], &now[r], &d.runs);
			continue;
		}
		cp->latest[r].len = 0;
		bytes_put(&cp->latest[r], now[r].data, now[r].len);
	}
	if (cp->have) {
		/* kept for long: no room to grow */
		d.runs.data = xreallocarray(d.runs.data, d.runs.len > 0 ? d.runs.len : 1, 1);
		d.runs.cap = d.runs.len;
		*(struct delta *)xgrow(&cp->deltas, &cp->ndeltas, &cp->cap_deltas, sizeof d) = d;
	}
	cp->have = true;
	cp->at = g->done.count;
	for (size_t i = 0; i < NSCRATCH; i++)
		free(scratch[i].data);
}

size_t
checkpoint_interval(const struct game *g)
{
	const struct scenario *sc = &g->sc;
	size_t cells = (size_t)sc->board.columns * (size_t)sc->board.rows, bytes, n;

	if (g->checkpoint_every > 0)
		return g->checkpoint_every;
	/* the size of the state at the start: it does not change the interval later */
	bytes = cells * (sizeof *g->terrain + sizeof *g->levels) + sc->nunits * sizeof *g->units +
	        sc->nsides * sizeof *g->sides + sc->nstructures * sizeof *g->structures;
	for (n = CHECKPOINT_MIN; n < CHECKPOINT_MAX && n * n * 1024 < bytes; n++)
		;
	return n;
}

void
checkpoint_recorded(struct game *g)
{
	size_t every = checkpoint_interval(g);

	if (g->done.count % every != 0)
		return;
	if (g->checkpoints == NULL)
		g->checkpoints = xcalloc(1, sizeof *g->checkpoints);
	if (!g->checkpoints->have || g->checkpoints->at < g->done.count)
		keep_state(g, g->checkpoints);
}

size_t
checkpoint_restore(struct game *g, size_t count)
{
	struct checkpoints *cp = g->checkpoints;

	while (cp != NULL && cp->have && cp->at > count) {
		if (cp->ndeltas == 0) {
			cp->have = false;
			break;
		}
		apply_delta(cp->latest, &cp->deltas[cp->ndeltas - 1]);
		cp->at = cp->deltas[cp->ndeltas - 1].at;
		free(cp->deltas[--cp->ndeltas].runs.data);
	}
	if (cp == NULL || !cp->have) {
		game_reset(g);
		return 0;
	}
	restore_regions(g, cp->latest);
	return cp->at;
}

void
checkpoint_free_all(struct game *g)
{
	struct checkpoints *cp = g->checkpoints;

	if (cp == NULL)
		return;
	for (size_t r = 0; r < NREGIONS; r++)
		free(cp->latest[r].data);
	for (size_t i = 0; i < cp->ndeltas; i++)
		free(cp->deltas[i].runs.data);
	free(cp->deltas);
	free(cp);
	g->checkpoints = NULL;
}
