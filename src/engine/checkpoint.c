/* checkpoint.c: the states a game went through, so that undo replays at most a
 * few commands whatever the length of the game (engine layer). What commands
 * change is seen as a few regions of bytes (the turn and settings, terrain,
 * levels, hexside features, structures, units, the battle result waiting to be
 * applied, their strings (ids, a halt's words, the result's codes), the dice
 * statistics, and the length of the dice log, which only grows).
 * The latest state kept is a whole copy of them; each earlier one is kept as the
 * runs of bytes in which it differs from the one after it (a move changes a
 * unit's hex and flags, not the board), so a long game costs little memory.
 * A state is compared with the latest where it lies in the game, without
 * copying it first: most of it is the same, and a comparison is cheap.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "checkpoint.h"
#include "game.h"
#include "xmalloc.h"

enum region { R_SCALARS, R_TERRAIN, R_LEVELS, R_SIDES, R_STRUCTURES, R_UNITS, R_PENDING,
              R_STRINGS, R_STATS, NREGIONS };

struct bytes {
	unsigned char *data;
	size_t len, cap;
};

/* A region as it stands: its bytes, in the game (or, for the scalars and the
 * strings, gathered). An array whose elements point to strings gives the size
 * of an element and where in it those pointers lie: they are left out of the
 * comparison and kept as NULL (they change with every copy; the strings are a
 * region of their own). */
#define MAX_HOLES 2
struct live {
	const unsigned char *data;
	size_t len;
	size_t elem;             /* 0: no pointers in it */
	size_t holes[MAX_HOLES]; /* offsets in an element, in order */
	size_t nholes;
};

/* The units and the effects waiting: their pointers to strings. */
static const struct live unit_shape = {
	.elem = sizeof(struct game_unit), .nholes = 2,
	.holes = { offsetof(struct game_unit, id), offsetof(struct game_unit, halt.words) }
};
static const struct live pending_shape = {
	.elem = sizeof(struct pending_effect), .nholes = 2,
	.holes = { offsetof(struct pending_effect, code), offsetof(struct pending_effect, words) }
};

/* What the game holds outside its arrays. The dice log only grows as commands
 * are made (undo takes back the records of the commands it takes back), so a
 * state keeps its length, not its records. */
struct scalars {
	int turn, side, phase, winner;
	bool over, drawn;
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
	if (len > 0 && data != NULL) /* a run of no bytes may have no data */
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

/* Is the string at *at among the strings kept the same as text? *at moves past it. */
static bool
same_string(const unsigned char **at, const unsigned char *end, const char *text)
{
	const unsigned char *p = *at;

	if (p >= end || (*p != 0) != (text != NULL))
		return false;
	if (*p++ == 0) {
		*at = p;
		return true;
	}
	/* short strings (ids): byte by byte, the terminating NUL too */
	for (; p < end && *p == (unsigned char)*text; p++, text++)
		if (*text == '\0') {
			*at = p + 1;
			return true;
		}
	return false;
}

/* Do the strings of g (per unit its id and its halt's words, per effect waiting
 * its code and words) differ from those kept? */
static bool
strings_changed(const struct game *g, const struct bytes *kept)
{
	const unsigned char *at = kept->data, *end = kept->data + kept->len;
	bool same = true;

	for (size_t i = 0; i < g->nunits && same; i++)
		same = same_string(&at, end, g->units[i].id) &&
		       same_string(&at, end, g->units[i].halt.words);
	for (size_t i = 0; i < g->npending && same; i++)
		same = same_string(&at, end, g->pending[i].code) &&
		       same_string(&at, end, g->pending[i].words);
	return !same || at != end;
}

static void
gather_strings(const struct game *g, struct bytes *strings)
{
	strings->len = 0;
	for (size_t i = 0; i < g->nunits; i++) {
		put_string(strings, g->units[i].id);
		put_string(strings, g->units[i].halt.words);
	}
	for (size_t i = 0; i < g->npending; i++) {
		put_string(strings, g->pending[i].code);
		put_string(strings, g->pending[i].words);
	}
}

static struct live
live_array(const void *data, size_t n, size_t elem)
{
	return (struct live){ .data = data, .len = n * elem };
}

/* The regions of g as they stand, but the strings (gathered by the caller when
 * they changed); the scalars gathered into *s. */
static void
live_regions(const struct game *g, struct scalars *s, struct live out[NREGIONS])
{
	size_t cells = (size_t)g->sc.board.columns * (size_t)g->sc.board.rows;

	memset(s, 0, sizeof *s);
	s->turn = g->turn;
	s->side = g->side;
	s->phase = g->phase;
	s->winner = g->winner;
	s->over = g->over;
	s->drawn = g->drawn;
	memcpy(s->settings, g->settings, sizeof s->settings);
	s->nrolls = g->nrolls;
	memset(out, 0, NREGIONS * sizeof *out);
	out[R_SCALARS] = (struct live){ .data = (const unsigned char *)s, .len = sizeof *s };
	out[R_TERRAIN] = live_array(g->terrain, cells, sizeof *g->terrain);
	out[R_LEVELS] = live_array(g->levels, cells, sizeof *g->levels);
	out[R_SIDES] = live_array(g->sides, g->nsides, sizeof *g->sides);
	out[R_STRUCTURES] = live_array(g->structures, g->nstructures, sizeof *g->structures);
	out[R_UNITS] = unit_shape;
	out[R_UNITS].data = (const unsigned char *)g->units;
	out[R_UNITS].len = g->nunits * sizeof *g->units;
	out[R_PENDING] = pending_shape;
	out[R_PENDING].data = (const unsigned char *)g->pending;
	out[R_PENDING].len = g->npending * sizeof *g->pending;
	out[R_STATS] = live_array(g->stats, g->sc.nteams + 1, sizeof *g->stats);
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

/* Copy a region back into the game's array of the same length, where it
 * differs: false when it was the same. */
static bool
copy_back(void *array, const struct bytes *b)
{
	if (b->len == 0 || memcmp(array, b->data, b->len) == 0)
		return false;
	memcpy(array, b->data, b->len);
	return true;
}

/* The string at *at among the strings kept, as take_string reads it: `old`
 * when it is the same, else a copy (and `old` is freed, *changed set). */
static char *
string_again(const char **at, char *old, bool *changed)
{
	/* reader: the checkpoint's strings */
	if (**at != 0 && old != NULL && strcmp(old, *at + 1) == 0) {
		*at += 1 + strlen(old) + 1;
		return old;
	}
	if (**at != 0 || old != NULL)
		*changed = true;
	free(old);
	return take_string(at);
}

/* The units of region r, their strings from *str. As many units as the game
 * has: each is copied back where it differs, around its pointers, and its id
 * kept when it is the same. Did any differ? */
static bool
restore_units(struct game *g, const struct bytes *r, const char **str)
{
	bool changed = false;

	if (r->len == g->nunits * sizeof *g->units) {
		for (size_t at = 0; at < r->len; at += unit_shape.elem) {
			size_t from = at;
			for (size_t h = 0; h <= unit_shape.nholes; h++) {
				size_t to = at + (h < unit_shape.nholes ? unit_shape.holes[h] : unit_shape.elem);
				unsigned char *live = (unsigned char *)g->units + from;
				if (to > from && memcmp(live, r->data + from, to - from) != 0) {
					memcpy(live, r->data + from, to - from);
					changed = true;
				}
				from = to + sizeof(char *);
			}
		}
	} else {
		for (size_t i = 0; i < g->nunits; i++) {
			free(g->units[i].id);
			game_halt_clear(&g->units[i].halt);
		}
		/* the pointers come back NULL */
		g->units = array_from(g->units, r, sizeof *g->units, &g->nunits);
		g->cap_units = g->nunits;
		changed = true;
	}
	for (size_t i = 0; i < g->nunits; i++) {
		g->units[i].id = string_again(str, g->units[i].id, &changed);
		g->units[i].halt.words = string_again(str, g->units[i].halt.words, &changed);
	}
	return changed;
}

/* Put the game's state to the one in r. The selection is not a change (a
 * rebuild from the start clears it too). The hexside features and the units are
 * copied back, and their indexes made again, only where they differ (a change
 * taken back that moved nothing costs what comparing the state does). */
static void
restore_regions(struct game *g, const struct bytes r[NREGIONS])
{
	const struct scalars *s = (const struct scalars *)r[R_SCALARS].data;
	const char *str = (const char *)r[R_STRINGS].data;
	bool units_changed;

	g->turn = s->turn;
	g->side = s->side;
	g->phase = s->phase;
	g->winner = s->winner;
	g->over = s->over;
	g->drawn = s->drawn;
	memcpy(g->settings, s->settings, sizeof g->settings);
	copy_back(g->terrain, &r[R_TERRAIN]);
	copy_back(g->levels, &r[R_LEVELS]);
	copy_back(g->stats, &r[R_STATS]);
	if (g->nsides * sizeof *g->sides != r[R_SIDES].len || copy_back(g->sides, &r[R_SIDES])) {
		g->sides = array_from(g->sides, &r[R_SIDES], sizeof *g->sides, &g->nsides);
		g->cap_sides = g->nsides;
		game_sides_changed(g);
	}
	g->structures = array_from(g->structures, &r[R_STRUCTURES], sizeof *g->structures,
	                           &g->nstructures);
	g->cap_structures = g->nstructures;
	units_changed = restore_units(g, &r[R_UNITS], &str);
	game_pending_clear(g);
	g->pending = array_from(g->pending, &r[R_PENDING], sizeof *g->pending, &g->npending);
	g->cap_pending = g->npending;
	for (size_t i = 0; i < g->npending; i++) {
		g->pending[i].code = take_string(&str);
		g->pending[i].words = take_string(&str);
	}
	game_dice_keep(g, s->nrolls);
	g->selected = -1;
	if (units_changed)
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
	for (uint64_t x, y; i + sizeof x <= to; i += sizeof x) {
		memcpy(&x, a + i, sizeof x);
		memcpy(&y, b + i, sizeof y);
		if (x != y)
			break;
	}
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

/* Make kept[from, to) equal to now's bytes there, writing to `runs` what
 * turns it back. */
static void
diff_span(size_t region, struct bytes *kept, const unsigned char *now, size_t from, size_t to,
          struct bytes *runs)
{
	for (size_t i = first_difference(kept->data, now, from, to); i < to;
	     i = first_difference(kept->data, now, i, to)) {
		size_t end = run_end(kept->data, now, i, to);
		put_run(runs, region, kept->len, i, kept->data + i, end - i);
		memcpy(kept->data + i, now + i, end - i);
		i = end;
	}
}

/* The pointers of the elements of `kept` from `from` on, as NULL. */
static void
clear_holes(struct bytes *kept, const struct live *now, size_t from)
{
	static const char *const none = NULL;

	for (size_t at = from; now->elem > 0 && at + now->elem <= kept->len; at += now->elem)
		for (size_t h = 0; h < now->nholes; h++)
			memcpy(kept->data + at + now->holes[h], &none, sizeof none);
}

/* Make `kept` equal to `now`, writing to `runs` what turns it back. An array
 * with pointers is compared an element at a time, around them. */
static void
diff_region(size_t region, struct bytes *kept, const struct live *now, struct bytes *runs)
{
	size_t common = kept->len < now->len ? kept->len : now->len;

	if (now->elem == 0)
		diff_span(region, kept, now->data, 0, common, runs);
	for (size_t at = 0; now->elem > 0 && at + now->elem <= common; at += now->elem) {
		size_t from = at;
		for (size_t h = 0; h <= now->nholes; h++) {
			size_t to = at + (h < now->nholes ? now->holes[h] : now->elem);
			if (to > from && memcmp(kept->data + from, now->data + from, to - from) != 0)
				diff_span(region, kept, now->data, from, to, runs);
			from = to + sizeof(char *);
		}
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
	clear_holes(kept, now, common);
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
keep_state(struct game *g, struct checkpoints *cp, size_t at)
{
	struct scalars scalars;
	struct live now[NREGIONS];
	struct delta d = { cp->at, { NULL, 0, 0 } };
	struct bytes strings = { NULL, 0, 0 };
	/* the strings are seldom changed: compared as they lie, gathered only then */
	bool strings_same = cp->have && !strings_changed(g, &cp->latest[R_STRINGS]);

	live_regions(g, &scalars, now);
	if (!strings_same)
		gather_strings(g, &strings);
	now[R_STRINGS] = (struct live){ .data = strings.data, .len = strings.len };
	for (size_t r = 0; r < NREGIONS; r++) {
		if (cp->have) {
			if (r != R_STRINGS || !strings_same)
				diff_region(r, &cp->latest[r], &now[r], &d.runs);
			continue;
		}
		cp->latest[r].len = 0;
		bytes_put(&cp->latest[r], now[r].data, now[r].len);
		clear_holes(&cp->latest[r], &now[r], 0);
	}
	free(strings.data);
	if (cp->have) {
		/* kept for long: no room to grow */
		d.runs.data = xreallocarray(d.runs.data, d.runs.len > 0 ? d.runs.len : 1, 1);
		d.runs.cap = d.runs.len;
		*(struct delta *)xgrow(&cp->deltas, &cp->ndeltas, &cp->cap_deltas, sizeof d) = d;
	}
	cp->have = true;
	cp->at = at;
}

/* Keep the state, `at` commands in force, unless one is kept there or later. */
static void
keep_at(struct game *g, size_t at)
{
	if (g->checkpoints == NULL)
		g->checkpoints = xcalloc(1, sizeof *g->checkpoints);
	if (!g->checkpoints->have || g->checkpoints->at < at)
		keep_state(g, g->checkpoints, at);
}

size_t
checkpoint_interval(const struct game *g)
{
	const struct scenario *sc = &g->sc;
	size_t cells = (size_t)sc->board.columns * (size_t)sc->board.rows, bytes, n;

	if (g->checkpoint_every > 0)
		return g->checkpoint_every;
	/* the size of the state at the start: it does not change the interval later.
	 * Keeping a state compares about 8 bytes an instruction, and a command
	 * replayed costs some thousands: the balance is near sqrt(bytes / 256). */
	bytes = cells * (sizeof *g->terrain + sizeof *g->levels) + sc->nunits * sizeof *g->units +
	        sc->nsides * sizeof *g->sides + sc->nstructures * sizeof *g->structures;
	for (n = CHECKPOINT_MIN; n < CHECKPOINT_MAX && n * n * 256 < bytes; n++)
		;
	return n;
}

void
checkpoint_recorded(struct game *g)
{
	size_t every = checkpoint_interval(g);

	/* the scenario's own data changed in set-up: undo replays from the start */
	if (g->start_kept != NULL)
		return;
	/* a save's commands, replayed as it is opened: none is taken back before
	 * the last, and an undo into them later replays at most twice the interval
	 * (still a fraction of a millisecond), so states are kept half as often;
	 * those further from its end than CHECKPOINT_NEAR such intervals, which
	 * only a long walk back reaches, CHECKPOINT_FAR times less often again */
	if (g->replaying && g->checkpoint_every == 0) {
		every *= 2;
		if (g->replay_end > g->done.count + CHECKPOINT_NEAR * every)
			every *= CHECKPOINT_FAR;
	}
	if (g->done.count % every == 0)
		keep_at(g, g->done.count);
}

void
checkpoint_replayed(struct game *g, size_t at)
{
	/* the states an undo passes on its way back, kept as densely as in play:
	 * the next undo, and every one after it, replays at most the interval */
	if (g->start_kept != NULL)
		return;
	if (at % checkpoint_interval(g) == 0)
		keep_at(g, at);
}

void
checkpoint_keep(struct game *g)
{
	/* the scenario's own data changed in set-up: undo replays from the start */
	if (g->start_kept != NULL)
		return;
	keep_at(g, g->done.count);
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

size_t
checkpoint_kept(const struct game *g)
{
	const struct checkpoints *cp = g->checkpoints;

	return cp == NULL || !cp->have ? 0 : cp->ndeltas + 1;
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
