/* game.c: the state of one game and the questions the rules ask of the board
 * (engine layer): what stands in a hex and along a side, levels and hill groups,
 * and the situations the terrain engine answers for a battle, a step of a move
 * (one, or the many of a search) and a line of sight.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "checkpoint.h"
#include "game.h"
#include "xmalloc.h"

static size_t
cells(const struct game *g)
{
	return (size_t)g->sc.board.columns * (size_t)g->sc.board.rows;
}

/* The unit standing in hex h: -1 for none, or off the board. */
static inline int
unit_in(const struct game *g, struct hex h)
{
	int col, row;

	hex_to_offset(&g->sc.board, h, &col, &row);
	if (!hex_offset_on_board(&g->sc.board, col, row))
		return -1;
	return g->unit_at[scenario_offset_index(&g->sc, col, row)];
}

static void
rolls_free(struct game *g)
{
	game_dice_keep(g, 0);
	free(g->rolls);
	g->rolls = NULL;
	g->nrolls = g->cap_rolls = 0;
}

static struct dice_record *
new_record(struct game *g, bool bookmark)
{
	struct dice_record *r = xgrow(&g->rolls, &g->nrolls, &g->cap_rolls, sizeof *r);
	const struct card *card = game_card(g);

	memset(r, 0, sizeof *r);
	r->bookmark = bookmark;
	r->turn = g->turn;
	r->phase = g->phase >= 0 && (size_t)g->phase < card->nphases
	                   ? xstrdup(card->phases[g->phase].name ? card->phases[g->phase].name
	                                                         : card->phases[g->phase].id)
	                   : NULL;
	r->side = xstrdup(g->sc.teams[g->side].name);
	return r;
}

void
game_dice_bookmark(struct game *g)
{
	new_record(g, true);
}

void
game_dice_roll(struct game *g, const char *who, bool typed, const char *dice,
               const char *modifiers, const char *result)
{
	struct dice_record *r = new_record(g, false);

	r->who = xstrdup(who);
	r->typed = typed;
	r->dice = xstrdup(dice);
	r->modifiers = modifiers != NULL ? xstrdup(modifiers) : NULL;
	r->result = xstrdup(result);
}

void
game_dice_keep(struct game *g, size_t n)
{
	while (g->nrolls > n) {
		struct dice_record *r = &g->rolls[--g->nrolls];
		free(r->phase);
		free(r->side);
		free(r->who);
		free(r->dice);
		free(r->modifiers);
		free(r->result);
	}
}

void
game_pending_clear(struct game *g)
{
	for (size_t i = 0; i < g->npending; i++) {
		free(g->pending[i].code);
		free(g->pending[i].words);
	}
	free(g->pending);
	g->pending = NULL;
	g->npending = g->cap_pending = 0;
}

/* The steps remembered for the life of a board: a search for each mover met. */
struct step_memory {
	struct step_search **movers;
	size_t n, cap;
};

static void step_memory_free(struct game *g);

static void
free_state(struct game *g)
{
	game_pending_clear(g);
	rolls_free(g);
	free(g->terrain);
	free(g->levels);
	free(g->sides);
	free(g->structures);
	for (size_t i = 0; i < g->nunits; i++) {
		free(g->units[i].id);
		game_halt_clear(&g->units[i].halt);
	}
	free(g->units);
	free(g->stats);
	free(g->unit_at);
	free(g->unit_ids);
	free(g->side_first);
	free(g->side_next);
	g->unit_at = g->unit_ids = g->side_first = g->side_next = NULL;
	g->unit_id_slots = 0;
	step_memory_free(g);
}

/* ---- indexes ------------------------------------------------------------------ */

/* Hexsides are stored from a hex of the board or one next to it: the board and a
 * margin of one hex all round, three sides each, and a last slot for any other. */
static size_t
side_slots(const struct game *g)
{
	return ((size_t)g->sc.board.columns + 2) * ((size_t)g->sc.board.rows + 2) * 3 + 1;
}

static size_t
side_slot(const struct game *g, struct hexside s)
{
	const struct hex_board *b = game_board(g);
	int col, row;

	hex_to_offset(b, s.a, &col, &row);
	if (col < -1 || row < -1 || col > b->columns || row > b->rows || s.dir < 0 || s.dir > 2)
		return side_slots(g) - 1;
	return ((size_t)(row + 1) * ((size_t)b->columns + 2) + (size_t)(col + 1)) * 3 + (size_t)s.dir;
}

/* Rebuild the lists of entries per hexside, each in the order of `sides`. */
void
game_sides_changed(struct game *g)
{
	size_t slots = side_slots(g);

	g->side_first = xreallocarray(g->side_first, slots, sizeof *g->side_first);
	for (size_t i = 0; i < slots; i++)
		g->side_first[i] = -1;
	g->side_next = xreallocarray(g->side_next, g->nsides + 1, sizeof *g->side_next);
	for (size_t i = g->nsides; i-- > 0;) {
		size_t slot = side_slot(g, g->sides[i].side);
		g->side_next[i] = g->side_first[slot];
		g->side_first[slot] = (int)i;
	}
}

/* The first entry that may lie on side s (compare it: the last slot is shared). */
static int
side_first(const struct game *g, struct hexside s)
{
	return g->side_first[side_slot(g, s)];
}

/* Entry i into the list of its hexside, in the order of `sides`; and out of it.
 * A feature added or removed changes one or two lists, not the whole index. */
static void
side_link(struct game *g, int i)
{
	int *link = &g->side_first[side_slot(g, g->sides[i].side)];

	while (*link >= 0 && *link < i)
		link = &g->side_next[*link];
	g->side_next[i] = *link;
	*link = i;
}

static void
side_unlink(struct game *g, int i)
{
	int *link = &g->side_first[side_slot(g, g->sides[i].side)];

	while (*link >= 0 && *link != i)
		link = &g->side_next[*link];
	if (*link == i)
		*link = g->side_next[i];
}

/* A unit id hashed (FNV-1a), for the index of ids. */
static size_t
id_hash(const char *id)
{
	uint32_t h = 2166136261u;

	for (const unsigned char *p = (const unsigned char *)id; *p != '\0'; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

/* Index the units by id, in list order: a lookup meets the first of any two
 * alike first. */
static void
index_unit_ids(struct game *g)
{
	size_t slots = 16, mask;

	while (slots <= 2 * g->nunits)
		slots *= 2;
	if (slots != g->unit_id_slots) {
		free(g->unit_ids);
		g->unit_ids = xreallocarray(NULL, slots, sizeof *g->unit_ids);
		g->unit_id_slots = slots;
	}
	memset(g->unit_ids, 0, slots * sizeof *g->unit_ids);
	mask = slots - 1;
	for (size_t u = 0; u < g->nunits; u++) {
		size_t i = id_hash(g->units[u].id) & mask;

		while (g->unit_ids[i] != 0)
			i = (i + 1) & mask;
		g->unit_ids[i] = (int)u + 1;
	}
}

void
game_units_changed(struct game *g)
{
	size_t n = cells(g);

	index_unit_ids(g);

	g->unit_at = xreallocarray(g->unit_at, n, sizeof *g->unit_at);
	for (size_t i = 0; i < n; i++)
		g->unit_at[i] = -1;
	/* the first unit in the list wins a hex two share */
	for (size_t i = g->nunits; i-- > 0;)
		if (!g->units[i].eliminated && hex_on_board(game_board(g), g->units[i].hex))
			g->unit_at[scenario_hex_index(&g->sc, g->units[i].hex)] = (int)i;
}

void
game_unit_changed(struct game *g, int unit, struct hex was)
{
	const struct game_unit *u = &g->units[unit];
	int *at;

	/* the hex it left, or where it was eliminated: whoever else stands there */
	if (hex_on_board(game_board(g), was) &&
	    *(at = &g->unit_at[scenario_hex_index(&g->sc, was)]) == unit) {
		*at = -1;
		for (size_t i = 0; i < g->nunits && *at < 0; i++)
			if (!g->units[i].eliminated && g->units[i].hex.q == was.q &&
			    g->units[i].hex.r == was.r)
				*at = (int)i;
	}
	/* the hex it stands in: it, unless one before it in the list is there */
	if (!u->eliminated && hex_on_board(game_board(g), u->hex) &&
	    (*(at = &g->unit_at[scenario_hex_index(&g->sc, u->hex)]) < 0 || *at > unit))
		*at = unit;
}

void
game_unit_lose(struct game *g, int unit, long n)
{
	struct game_unit *u = &g->units[unit];

	u->strength -= (int)(n < u->strength ? n : u->strength);
	u->eliminated = u->strength == 0;
	game_unit_changed(g, unit, u->hex);
}

/* Copy the scenario's starting state into the game's current state. */
static void
load_state(struct game *g)
{
	const struct scenario *sc = &g->sc;

	g->terrain = xreallocarray(NULL, cells(g), sizeof *g->terrain);
	memcpy(g->terrain, sc->terrain, cells(g) * sizeof *g->terrain);
	g->levels = xreallocarray(NULL, cells(g), sizeof *g->levels);
	memcpy(g->levels, sc->levels, cells(g) * sizeof *g->levels);
	g->nsides = g->cap_sides = sc->nsides;
	g->sides = xreallocarray(NULL, sc->nsides + 1, sizeof *g->sides);
	if (sc->nsides > 0)
		memcpy(g->sides, sc->sides, sc->nsides * sizeof *g->sides);
	g->nstructures = g->cap_structures = sc->nstructures;
	g->structures = xreallocarray(NULL, sc->nstructures + 1, sizeof *g->structures);
	if (sc->nstructures > 0)
		memcpy(g->structures, sc->structures, sc->nstructures * sizeof *g->structures);
	g->step_memory = xcalloc(1, sizeof *g->step_memory);
	g->nunits = g->cap_units = sc->nunits;
	g->units = xcalloc(sc->nunits + 1, sizeof *g->units);
	for (size_t i = 0; i < sc->nunits; i++) {
		const struct scen_unit *u = &sc->units[i];
		struct game_unit *gu = &g->units[i];
		gu->id = xstrdup(u->id);
		gu->side = u->side;
		gu->cls = u->cls;
		gu->hex = u->hex;
		gu->strength = u->strength;
		gu->max_strength = u->max_strength;
		gu->formation = u->formation;
		gu->status = u->status;
		gu->own = u->own;
	}
	memcpy(g->settings, sc->settings, sizeof g->settings);
	g->turn = sc->start_turn;
	g->side = sc->start_side;
	g->phase = sc->card.nphases == 0 ? -1
	           : sc->start_phase ? card_phase(&sc->card, sc->start_phase) : 0;
	if (g->phase < 0 && sc->card.nphases > 0)
		g->phase = 0;
	g->winner = -1;
	g->over = g->drawn = false;
	g->selected = -1;
	g->stats = xcalloc(sc->nteams + 1, sizeof *g->stats);
	game_sides_changed(g);
	game_units_changed(g);
	game_dice_bookmark(g);
}

void
game_start(struct game *g, struct scenario *sc)
{
	memset(g, 0, sizeof *g);
	g->command = -1;
	g->sc = *sc;
	memset(sc, 0, sizeof *sc);
	load_state(g);
	rng_system(&g->rng);
}

void
game_reset(struct game *g)
{
	free_state(g);
	game_start_put_back(g);
	load_state(g);
}

void
game_log(struct game *g, const char *fmt, ...)
{
	va_list ap;
	char *s;

	/* set-up is not play: its edits are no part of a game's log */
	if (g->replaying || g->setup)
		return;
	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	strlist_add(&g->log, s);
	free(s);
}

void
game_log_steps(struct game *g, const struct explanation *why)
{
	char *buf;

	if (g->replaying || g->setup)
		return;
	buf = explain_text(why);
	for (char *line = buf, *nl; *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		if (nl == NULL) {
			strlist_add(&g->log, line);
			break;
		}
		*nl = '\0';
		strlist_add(&g->log, line);
	}
	free(buf);
}

void
game_free(struct game *g)
{
	free_state(g);
	checkpoint_free_all(g);
	strlist_free(&g->log);
	strlist_free(&g->done);
	strlist_free(&g->undone);
	free(g->save_path);
	game_start_forget(g);
	scenario_free(&g->sc);
	memset(g, 0, sizeof *g);
}

const struct card *
game_card(const struct game *g)
{
	return &g->sc.card;
}

const struct hex_board *
game_board(const struct game *g)
{
	return &g->sc.board;
}

int
game_unit_find(const struct game *g, const char *id)
{
	size_t mask = g->unit_id_slots - 1;

	if (g->unit_ids == NULL)
		return -1;
	for (size_t i = id_hash(id) & mask; g->unit_ids[i] != 0; i = (i + 1) & mask) {
		int u = g->unit_ids[i] - 1;

		if (strcmp(g->units[u].id, id) == 0) /* reader: a unit's id, read or typed */
			return u;
	}
	return -1;
}

void
game_halt_set(struct unit_halt *h, struct hex at, const struct rule *r, const char *words)
{
	game_halt_clear(h);
	h->halted = true;
	h->hex = at;
	h->rule = r;
	h->words = words != NULL ? xstrdup(words) : NULL;
}

void
game_halt_clear(struct unit_halt *h)
{
	free(h->words);
	memset(h, 0, sizeof *h);
}

char *
game_halt_words(const struct game *g, const struct unit_halt *h)
{
	const struct rule *r = h->rule;
	char at[HEX_LABEL_SIZE];

	hex_label(game_board(g), h->hex, at);
	if (r != NULL && r->effect == EFFECT_LOSE)
		return xasprintf("in %s: it lost %ld entering it (%s:%d%s%s)", at, r->amount, r->file,
		                 r->line, r->seed ? ", seed " : "", r->seed ? r->seed : "");
	if (h->words != NULL && r != NULL)
		return xasprintf("in %s: %s (%s:%d)", at, h->words, r->file, r->line);
	return xasprintf("in %s", at);
}

int
game_unit_at(const struct game *g, struct hex h)
{
	return unit_in(g, h);
}

struct tset *
game_hex_terrain(struct game *g, struct hex h)
{
	return &g->terrain[scenario_hex_index(&g->sc, h)];
}

const struct tset *
game_hex(const struct game *g, struct hex h)
{
	return &g->terrain[scenario_hex_index(&g->sc, h)];
}

/* The level of the hex of index idx: the map's, or its terrain's if higher. */
static int
level_at(const struct game *g, size_t idx)
{
	int given = g->levels[idx];
	int own = terrain_level(game_card(g), &g->terrain[idx]);

	return given > own ? given : own;
}

int
game_hex_level(const struct game *g, struct hex h)
{
	return level_at(g, scenario_hex_index(&g->sc, h));
}

void
game_side_features(const struct game *g, struct hexside side, struct tset *out)
{
	out->count = 0;
	for (int i = side_first(g, side); i >= 0; i = g->side_next[i])
		if (hexside_eq(g->sides[i].side, side) && !tset_has(out, g->sides[i].feature))
			tset_add(out, g->sides[i].feature);
}

bool
game_road_between(const struct game *g, struct hex from, struct hex to)
{
	struct tset feats;

	game_side_features(g, hexside_between(from, to), &feats);
	for (size_t i = 0; i < feats.count; i++)
		if (game_card(g)->terrain[feats.items[i]].kind == TERRAIN_PATH)
			return true;
	return false;
}

/* Does any path of the card have a rule that may bar moving along it? */
static bool
paths_may_bar(const struct card *card)
{
	for (size_t t = 0; t < card->nterrain; t++) {
		const struct rule_list *rl = &card->terrain[t].sections[SECTION_MOVE];

		for (size_t k = 0; card->terrain[t].kind == TERRAIN_PATH && k < rl->count; k++)
			if (rl->items[k].effect == EFFECT_NO_ROAD_MOVE)
				return true;
	}
	return false;
}

const struct rule *
game_road_barred(const struct game *g, int unit, struct hex from, struct hex to)
{
	const struct card *card = game_card(g);
	const struct rule *r = NULL;
	struct situation sit;
	struct move_how how;

	if (!paths_may_bar(card) || !game_road_between(g, from, to))
		return NULL;
	game_move_how_init(&how);
	how.road = true;
	game_step_situation(g, unit, from, to, &how, &sit);
	for (size_t i = 0; i < sit.crossed.count && r == NULL; i++)
		r = terrain_path_barred(card, &sit, sit.crossed.items[i]);
	for (size_t i = 0; i < sit.attacker_on.count && r == NULL; i++)
		r = terrain_path_barred(card, &sit, sit.attacker_on.items[i]);
	return r;
}

bool
game_along_road(const struct game *g, int unit, struct hex from, struct hex to)
{
	return game_road_between(g, from, to) && game_road_barred(g, unit, from, to) == NULL;
}

/* The entry of `feature` on a side, or -1. */
static int
side_entry(const struct game *g, struct hexside side, int feature)
{
	for (int i = side_first(g, side); i >= 0; i = g->side_next[i])
		if (hexside_eq(g->sides[i].side, side) && g->sides[i].feature == feature)
			return i;
	return -1;
}

bool
game_side_add(struct game *g, struct hex owner, int dir, int feature)
{
	struct hexside side = hexside_of(owner, dir);
	struct scen_hexside *s;

	if (side_entry(g, side, feature) >= 0)
		return false;
	s = xgrow(&g->sides, &g->nsides, &g->cap_sides, sizeof *s);
	s->side = side;
	s->owner = owner;
	s->feature = feature;
	g->side_next = xreallocarray(g->side_next, g->nsides + 1, sizeof *g->side_next);
	side_link(g, (int)g->nsides - 1);
	return true;
}

/* The entries (with their owner hexes) on a side; returns how many, at most cap. */
static size_t
game_side_entries(const struct game *g, struct hexside side, const struct scen_hexside **out,
                  size_t cap)
{
	size_t n = 0;

	for (int i = side_first(g, side); i >= 0; i = g->side_next[i])
		if (hexside_eq(g->sides[i].side, side) && n < cap)
			out[n++] = &g->sides[i];
	return n;
}

bool
game_side_remove(struct game *g, struct hexside side, int feature)
{
	int i = side_entry(g, side, feature);

	if (i < 0)
		return false;
	/* the last entry takes its place */
	side_unlink(g, i);
	if ((size_t)i + 1 < g->nsides) {
		side_unlink(g, (int)g->nsides - 1);
		g->sides[i] = g->sides[g->nsides - 1];
		side_link(g, i);
	}
	g->nsides--;
	return true;
}

/* Hill groups: hexes above level 0 joined with their neighbours of the same level.
 * Are a and b on two hills, not one? Hexes of two levels are; hexes of one level
 * are when no way through hexes of that level joins them (the search stops at b). */
static bool
other_hill(const struct game *g, struct hex a, struct hex b)
{
	const struct hex_board *bd = game_board(g);
	size_t head = 0, tail = 0, want = scenario_hex_index(&g->sc, b);
	int level = game_hex_level(g, a);
	struct hex *queue;
	bool *seen, joined = false;

	if (level == 0 || game_hex_level(g, b) == 0)
		return false;
	if (game_hex_level(g, b) != level)
		return true;
	/* the queue is written before it is read */
	queue = xmalloc(cells(g) * sizeof *queue);
	seen = xcalloc(cells(g), sizeof *seen);
	queue[tail++] = a;
	seen[scenario_hex_index(&g->sc, a)] = true;
	joined = scenario_hex_index(&g->sc, a) == want;
	while (head < tail && !joined) {
		struct hex cur = queue[head++];
		for (int d = 0; d < HEX_DIRECTIONS && !joined; d++) {
			struct hex nb = hex_neighbor(cur, d);
			size_t idx;
			if (!hex_on_board(bd, nb) || game_hex_level(g, nb) != level)
				continue;
			idx = scenario_hex_index(&g->sc, nb);
			if (seen[idx])
				continue;
			seen[idx] = true;
			joined = idx == want;
			queue[tail++] = nb;
		}
	}
	free(queue);
	free(seen);
	return !joined;
}

/* The line of fire from the attacker's hex to the target's: features on the side
 * it enters the target's hex by are crossed (the target is behind them, whichever
 * of the two hexes the scenario listed them under); the terrain of the hexes
 * between, and the features on the other sides it passes, lie in the zone of fire
 * (they give cover). Only a feature the card says encloses a hex belongs to the
 * hex it is listed under: an adjacent attack across it from that hex is
 * attacking out. The features on the sides of the firer's own hex are its own
 * cover, not the zone of fire between it and the target, and never cover the
 * target from its fire (seed 000:26: cover is claimed by the unit fired at, for
 * a feature between the firer and it). */
static void
line_of_fire(const struct game *g, struct hex a, struct hex b, struct situation *sit)
{
	int n = hex_distance(a, b) + 1;
	struct hex *line = xcalloc((size_t)n, sizeof *line);

	hex_line(a, b, line, (size_t)n);
	for (int i = 1; i < n; i++) {
		const struct scen_hexside *entries[TSET_MAX];
		size_t k = game_side_entries(g, hexside_between(line[i - 1], line[i]), entries, TSET_MAX);

		for (size_t e = 0; e < k; e++) {
			int f = entries[e]->feature;
			if (game_card(g)->terrain[f].kind == TERRAIN_PATH)
				continue;
			if (i == n - 1) {
				if (!tset_has(&sit->crossed, f))
					tset_add(&sit->crossed, f);
				if (n == 2 && game_card(g)->terrain[f].encloses && hex_eq(entries[e]->owner, a))
					sit->facts[FACT_ATTACKING_OUT] = true;
			} else if (i > 1) {
				tset_add(&sit->zone, f);
			}
		}
		if (i + 1 < n && hex_on_board(game_board(g), line[i]))
			for (size_t t = 0; t < game_hex(g, line[i])->count; t++)
				tset_add(&sit->zone, game_hex(g, line[i])->items[t]);
	}
	free(line);
}

/* Is a unit of another side than `side` next to h? */
static bool
enemy_next_to(const struct game *g, struct hex h, int side)
{
	struct hex next[HEX_DIRECTIONS];

	hex_neighbors(h, next);
	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		int u = unit_in(g, next[d]);
		if (u >= 0 && g->units[u].side != side)
			return true;
	}
	return false;
}

int
game_unit_supports(const struct game *g, int unit, struct hex h)
{
	int n = 0;

	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		int k = game_unit_at(g, hex_neighbor(h, d));
		n += k >= 0 && k != unit && g->units[k].side == g->units[unit].side;
	}
	return n;
}

/* Does the card's condition entry c hold for a step or an attack? */
static bool
condition_met(const struct terrain *c, int level_change, bool friendly, bool leaving_zoc,
              bool entering_zoc, const struct tset *crossed)
{
	/* met only where the side crossed holds the feature it names */
	if (c->on_side >= 0 && !tset_has(crossed, c->on_side))
		return false;
	return (c->on_level_change && level_change != 0 && level_change >= c->level_min &&
	        level_change <= c->level_max) ||
	       (c->on_levels_apart && abs(level_change) >= c->apart_min &&
	        abs(level_change) <= c->apart_max) ||
	       (c->on_friendly_unit && friendly) || (c->on_leaving_zoc && leaving_zoc) ||
	       (c->on_entering_zoc && entering_zoc);
}

/* What the card's condition entries are met by on a step or an attack. Whether
 * an enemy is next to either hex is asked only when an entry names a zone of
 * control, and only on a step (g set). */
struct condition_facts {
	int level_change;
	bool friendly;
	const struct game *g;
	struct hex from, to;
	int side;
};

/* Add the card's condition entries that a step or an attack meets. */
static void
meet_conditions(const struct game *g, const struct condition_facts *f, struct tset *crossed)
{
	const struct card *card = game_card(g);
	int leaving = -1, entering = -1;   /* an enemy next to from, to: -1 not asked */

	for (size_t i = 0; i < card->nconditions; i++) {
		int t = card->conditions[i];
		const struct terrain *c = &card->terrain[t];

		if (c->on_leaving_zoc && leaving < 0)
			leaving = f->g != NULL && enemy_next_to(f->g, f->from, f->side);
		if (c->on_entering_zoc && entering < 0)
			entering = f->g != NULL && enemy_next_to(f->g, f->to, f->side);
		if (condition_met(c, f->level_change, f->friendly, leaving > 0, entering > 0, crossed) &&
		    !tset_has(crossed, t))
			tset_add(crossed, t);
	}
}

static void
copy_settings(const struct game *g, struct situation *sit)
{
	memcpy(sit->settings, g->settings, sizeof sit->settings);
}

int
game_home_distance(const struct game *g, int side, struct hex h)
{
	const struct hex_board *b = game_board(g);
	int col, row, x, y, shifted;

	hex_to_offset(b, h, &col, &row);
	if (b->orientation == HEX_POINTY) {
		shifted = b->offset == HEX_ODD ? (row & 1) : !(row & 1);
		x = 2 * col + shifted;
		y = 2 * row;
	} else {
		shifted = b->offset == HEX_ODD ? (col & 1) : !(col & 1);
		x = 2 * col;
		y = 2 * row + shifted;
	}
	switch (g->sc.teams[side].home) {
	case HOME_NORTH:
		return y;
	case HOME_SOUTH:
		return 2 * b->rows - y;
	case HOME_WEST:
		return x;
	case HOME_EAST:
		return 2 * b->columns - x;
	default:
		return -1;
	}
}

bool
game_unit_value(const struct game *g, int unit, int value, long *out)
{
	const struct game_unit *u = &g->units[unit];
	int from;

	if (value < 0 || value >= MAX_UNIT_VALUES)
		return false;
	if ((u->own.values_given >> value) & 1u) {
		*out = u->own.values[value];
		return true;
	}
	from = card_class_value_from(game_card(g), u->cls, value);
	if (from < 0)
		return false;
	*out = game_card(g)->classes[from].values[value];
	return true;
}

long
game_unit_move(const struct game *g, int unit)
{
	int from;

	if (g->units[unit].own.move >= 0)
		return g->units[unit].own.move;
	from = card_class_move_from(game_card(g), g->units[unit].cls);
	return from >= 0 ? game_card(g)->classes[from].move : -1;
}

/* The attacker's base dice, its own or its class's, for this combat type and
 * distance. */
static void
battle_dice(const struct game *g, const struct game_unit *a, int combat, int distance,
            struct situation *sit)
{
	const struct card *card = game_card(g);
	int from = card_class_dice_from(card, a->cls, combat);
	const struct class_dice *cd;

	if (combat >= 0 && combat < 8 && a->own.dice[combat].n != 0) {
		cd = &a->own.dice[combat];
		sit->base_unit = a->id;
	} else if (from >= 0) {
		cd = &card->classes[from].dice[combat];
		sit->base_from = &card->classes[from];
	} else {
		return;
	}
	sit->base_given = true;
	sit->base_distance = distance;
	if (cd->n < 0)
		sit->base = cd->at[0];
	else
		sit->base = distance >= 1 && distance <= cd->n ? cd->at[distance - 1] : 0;
}

bool
game_unit_battle_dice(const struct game *g, int unit, int combat, int distance, long *out)
{
	struct situation sit = { 0 };

	battle_dice(g, &g->units[unit], combat, distance, &sit);
	*out = sit.base;
	return sit.base_given;
}

/* A unit's value of the card's values of this use (its own or its class's),
 * or -1 when none is given. */
static long
unit_value_of_use(const struct game *g, int unit, enum value_use use)
{
	int value = card_value_of_use(game_card(g), use);
	long v;

	return unit >= 0 && value >= 0 && game_unit_value(g, unit, value, &v) ? v : -1;
}

/* What the units and the map give a battle's situation (each side's rating, the
 * firer's efficient range, the levels of both hexes), completed as explain
 * completes a question's (situation_complete). A value no unit gives leaves its
 * fact unknown. */
static void
battle_values(const struct game *g, int attacker, int target, int la, int lt,
              struct situation *sit)
{
	struct situation_sides s = {
		.rating = { unit_value_of_use(g, attacker, VALUE_USE_RATING),
		            unit_value_of_use(g, target, VALUE_USE_RATING) },
		.range = unit_value_of_use(g, attacker, VALUE_USE_RANGE),
		.level = { la, lt },
	};

	situation_complete(sit, &s);
}

/* A battle against whatever stands in hex th: the unit `target`, or none (-1),
 * when a unit fires at an undefended structure. */
static void
situation_at(const struct game *g, int attacker, int target, struct hex th, int combat,
             struct situation *sit)
{
	const struct game_unit *a = &g->units[attacker];
	const struct game_unit *t = target >= 0 ? &g->units[target] : NULL;
	int la = game_hex_level(g, a->hex), lt = game_hex_level(g, th);

	situation_init(sit);
	copy_settings(g, sit);
	sit->attacker = a->cls;
	sit->target = t ? t->cls : -1;
	sit->combat = combat;
	sit->attacker_formation = a->formation;
	sit->target_formation = t ? t->formation : -1;
	sit->attacker_status = a->status;
	sit->target_status = t ? t->status : 0;
	sit->attacker_on = *game_hex(g, a->hex);
	sit->target_on = *game_hex(g, th);
	line_of_fire(g, a->hex, th, sit);
	meet_conditions(g, &(struct condition_facts){ .level_change = lt - la, .g = NULL },
	                &sit->crossed);
	sit->fire = card_class_fire_from(game_card(g), a->cls) >= 0
	                    ? game_card(g)->classes[card_class_fire_from(game_card(g), a->cls)].fire
	                    : -1;
	sit->facts[FACT_MOVED_ONTO] = a->moved_onto;
	sit->facts[FACT_ROAD_MOVE] = a->road_move;
	sit->facts[FACT_BATTLED] = a->battled;
	sit->facts[FACT_STATIONARY] = t ? !t->moved : true;
	sit->facts[FACT_OTHER_HILL] = other_hill(g, a->hex, th);
	sit->facts[FACT_ADJACENT] = hex_distance(a->hex, th) == 1;
	sit->numbers[FACT_DISTANCE] = hex_distance(a->hex, th);
	sit->numbers[FACT_ATTACKER_SUPPORTS] = game_unit_supports(g, attacker, a->hex);
	sit->numbers[FACT_TARGET_SUPPORTS] = t ? game_unit_supports(g, target, th) : 0;
	/* one unit to a hex on hexaid's map */
	sit->numbers[FACT_ATTACKER_STACK] = 1;
	sit->numbers[FACT_TARGET_STACK] = t ? 1 : 0;
	battle_dice(g, a, combat, hex_distance(a->hex, th), sit);
	battle_values(g, attacker, target, la, lt, sit);
}

void
game_battle_situation(const struct game *g, int attacker, int target, int combat,
                      struct situation *sit)
{
	situation_at(g, attacker, target, g->units[target].hex, combat, sit);
}

void
game_unit_situation(const struct game *g, int unit, struct situation *sit)
{
	const struct game_unit *u = &g->units[unit];

	situation_init(sit);
	copy_settings(g, sit);
	sit->unit = sit->attacker = u->cls;
	sit->attacker_formation = u->formation;
	sit->attacker_status = u->status;
	sit->attacker_on = *game_hex(g, u->hex);
	sit->facts[FACT_MOVED_ONTO] = u->moved_onto;
	sit->facts[FACT_ROAD_MOVE] = u->road_move;
	sit->facts[FACT_BATTLED] = u->battled;
}

void
game_hex_battle_situation(const struct game *g, int attacker, struct hex h, int combat,
                          struct situation *sit)
{
	situation_at(g, attacker, -1, h, combat, sit);
}

void
game_move_how_init(struct move_how *how)
{
	how->road = false;
	memset(how->given, -1, sizeof how->given);
}

/* What a mover's situation is made of (mover_situation): the unit's own state,
 * how it moves and the game's settings, and nothing else, so that the card's
 * answers to its steps can be remembered by it (game_step_cost_remembered). */
struct mover_key {
	int cls, formation;
	uint64_t status;
	struct move_how how;
	int settings[MAX_SETTINGS];
};

static void
mover_key_of(const struct game *g, int unit, const struct move_how *how, struct mover_key *k)
{
	const struct game_unit *u = &g->units[unit];

	memset(k, 0, sizeof *k);
	k->cls = u->cls;
	k->formation = u->formation;
	k->status = u->status;
	k->how.road = how->road;
	memcpy(k->how.given, how->given, sizeof k->how.given);
	memcpy(k->settings, g->settings, sizeof k->settings);
}

static void
mover_key_situation(const struct mover_key *k, struct situation *sit)
{
	situation_init(sit);
	memcpy(sit->settings, k->settings, sizeof sit->settings);
	sit->unit = k->cls;
	sit->attacker_formation = k->formation;
	sit->attacker_status = k->status;
	sit->facts[FACT_ROAD_MOVE] = k->how.road;
	for (int f = 0; f < N_FACTS; f++)
		if (k->how.given[f] >= 0)
			sit->facts[f] = k->how.given[f] != 0;
}

/* The unit's own state and the move's stated facts, in a situation. */
static void
mover_situation(const struct game *g, int unit, const struct move_how *how,
                struct situation *sit)
{
	struct mover_key k;

	mover_key_of(g, unit, how, &k);
	mover_key_situation(&k, sit);
}

void
game_step_situation(const struct game *g, int unit, struct hex from, struct hex to,
                    const struct move_how *how, struct situation *sit)
{
	const struct game_unit *u = &g->units[unit];
	int other = game_unit_at(g, to);

	mover_situation(g, unit, how, sit);
	sit->attacker_on = *game_hex(g, to);
	game_side_features(g, hexside_between(from, to), &sit->crossed);
	meet_conditions(g,
	                &(struct condition_facts){
	                        .level_change = game_hex_level(g, to) - game_hex_level(g, from),
	                        .friendly = other >= 0 && other != unit &&
	                                    g->units[other].side == u->side,
	                        .g = g, .from = from, .to = to, .side = u->side },
	                &sit->crossed);
	sit->facts[FACT_FROM_LOWER] = game_hex_level(g, from) < game_hex_level(g, to);
	if (hex_on_board(game_board(g), to))
		sit->facts[FACT_NEXT_TO_ENEMY] = enemy_next_to(g, to, u->side);
}

static void
leave(const struct game *g, int unit, struct hex from, const struct move_how *how, bool quiet,
      struct move_answer *m)
{
	struct situation sit;

	mover_situation(g, unit, how, &sit);
	sit.attacker_on = *game_hex(g, from);
	sit.quiet = quiet;
	terrain_leave(game_card(g), &sit, m);
}

void
game_leave(const struct game *g, int unit, struct hex from, const struct move_how *how,
           struct move_answer *m)
{
	leave(g, unit, from, how, false, m);
}

void
game_leave_quiet(const struct game *g, int unit, struct hex from, const struct move_how *how,
                 struct move_answer *m)
{
	leave(g, unit, from, how, true, m);
}

/* A step's cost from the card's answer m for it (see game_step_cost). */
static long
cost_of_step(const struct game *g, int unit, int other, const struct move_answer *m,
             bool *stop_after)
{
	long cost;

	*stop_after = m->must_stop;
	if (m->prohibited)
		return -1;
	if (other >= 0 && other != unit &&
	    (g->units[other].side != g->units[unit].side || !game_card(g)->enter_friendly))
		return -1;
	cost = m->has_cost ? m->cost : 2;
	return m->half_rate ? cost * 2 : cost;
}

static long
step_cost(const struct game *g, int unit, struct hex from, struct hex to,
          const struct move_how *how, bool quiet, bool *stop_after, struct move_answer *m)
{
	struct situation sit;

	game_step_situation(g, unit, from, to, how, &sit);
	sit.quiet = quiet;
	terrain_move(game_card(g), &sit, m);
	return cost_of_step(g, unit, game_unit_at(g, to), m, stop_after);
}

long
game_step_cost(const struct game *g, int unit, struct hex from, struct hex to,
               const struct move_how *how, bool *stop_after, struct move_answer *m)
{
	return step_cost(g, unit, from, to, how, false, stop_after, m);
}

long
game_step_cost_quiet(const struct game *g, int unit, struct hex from, struct hex to,
                     const struct move_how *how, bool *stop_after, struct move_answer *m)
{
	return step_cost(g, unit, from, to, how, true, stop_after, m);
}

/* ---- many steps of one move: a search ---------------------------------------- */

/* What a step meets that the card's answer depends on, beside the mover and how
 * it moves (the same for every step of a search): the terrain entered, the
 * features of the side crossed, and what the card's conditions and from_lower
 * are worked out from (the change of level, a friend in the hex entered, enemies
 * next to either hex; each only where a condition asks it, the level's sign
 * otherwise). Two steps that meet the same get the same answer: terrain_move
 * is pure. */
struct step_key {
	struct tset on, sides;
	int level;
	bool friendly, leaving, entering;
};

struct step_memo {
	struct step_key key;
	struct move_answer answer;   /* quiet */
};

struct step_search {
	const struct game *g;
	int unit;
	struct move_how how;
	struct mover_key mover;      /* what the mover's situation is made of */
	struct situation sit;        /* the mover's; each step's own facts put in */
	bool lasting;                /* remembered while the game changes: whether a
	                                hex is next to an enemy is asked each time */
	struct left *left;           /* lasting: leaving a hex of this terrain stops */
	size_t nleft, cap_left;
	bool wants_levels, wants_friend, wants_leaving, wants_entering;
	signed char *enemy_near;     /* per hex: an enemy next to it (1, 0), or -1 not
	                                yet asked; NULL until a condition asks */
	struct step_memo *memos;
	size_t nmemos, cap_memos;
	int *slots;                  /* open addressing over memos: index + 1, 0 empty */
	size_t nslots;               /* a power of two, more than twice nmemos */
	struct move_answer single;   /* the answer of a step off the board */
};

struct step_search *
game_steps_start(const struct game *g, int unit, const struct move_how *how)
{
	const struct card *card = game_card(g);
	struct step_search *s = xcalloc(1, sizeof *s);

	s->g = g;
	s->unit = unit;
	s->how = *how;
	mover_key_of(g, unit, how, &s->mover);
	mover_key_situation(&s->mover, &s->sit);
	s->sit.quiet = true;
	for (size_t i = 0; i < card->nconditions; i++) {
		const struct terrain *c = &card->terrain[card->conditions[i]];

		s->wants_levels |= c->on_level_change || c->on_levels_apart;
		s->wants_friend |= c->on_friendly_unit;
		s->wants_leaving |= c->on_leaving_zoc;
		s->wants_entering |= c->on_entering_zoc;
	}
	s->wants_entering |= card_tests_fact(card, FACT_NEXT_TO_ENEMY);
	s->nslots = 64;
	s->slots = xcalloc(s->nslots, sizeof *s->slots);
	return s;
}

void
game_steps_free(struct step_search *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->nmemos; i++)
		explain_free(&s->memos[i].answer.why);
	explain_free(&s->single.why);
	free(s->left);
	free(s->memos);
	free(s->slots);
	free(s->enemy_near);
	free(s);
}

/* Is a unit of another side than the mover's next to the hex of index idx? */
static bool
search_enemy_near(struct step_search *s, struct hex h, size_t idx)
{
	if (s->lasting)
		return enemy_next_to(s->g, h, s->g->units[s->unit].side);
	if (s->enemy_near == NULL) {
		size_t n = cells(s->g);

		s->enemy_near = xreallocarray(NULL, n, sizeof *s->enemy_near);
		memset(s->enemy_near, -1, n);
	}
	if (s->enemy_near[idx] < 0)
		s->enemy_near[idx] = enemy_next_to(s->g, h, s->g->units[s->unit].side);
	return s->enemy_near[idx] != 0;
}

static bool
tset_same(const struct tset *a, const struct tset *b)
{
	if (a->count != b->count)
		return false;
	for (size_t i = 0; i < a->count; i++)
		if (a->items[i] != b->items[i])
			return false;
	return true;
}

static bool
key_same(const struct step_key *a, const struct step_key *b)
{
	return a->level == b->level && a->friendly == b->friendly && a->leaving == b->leaving &&
	       a->entering == b->entering && tset_same(&a->on, &b->on) &&
	       tset_same(&a->sides, &b->sides);
}

static size_t
key_hash(const struct step_key *k)
{
	size_t h = (size_t)(k->level + 1000) * 8 + (size_t)k->friendly * 4 + (size_t)k->leaving * 2 +
	           (size_t)k->entering;

	h = h * 31 + k->on.count;
	for (size_t i = 0; i < k->on.count; i++)
		h = h * 31 + (size_t)k->on.items[i];
	h = h * 31 + k->sides.count;
	for (size_t i = 0; i < k->sides.count; i++)
		h = h * 131 + (size_t)k->sides.items[i];
	return h ^ (h >> 15);
}

static void
memo_slot_in(struct step_search *s, size_t memo)
{
	size_t mask = s->nslots - 1;

	for (size_t i = key_hash(&s->memos[memo].key) & mask;; i = (i + 1) & mask)
		if (s->slots[i] == 0) {
			s->slots[i] = (int)memo + 1;
			return;
		}
}

/* Ask the card about a step that meets k (its level change lt - lf): what it
 * crosses is the side's features and the conditions met, as game_step_situation
 * says. */
static void
memo_ask(struct step_search *s, const struct step_key *k, int lf, int lt,
         struct move_answer *answer)
{
	const struct card *card = game_card(s->g);

	s->sit.attacker_on = k->on;
	s->sit.crossed = k->sides;
	for (size_t i = 0; i < card->nconditions; i++) {
		int t = card->conditions[i];

		if (condition_met(&card->terrain[t], lt - lf, k->friendly, k->leaving, k->entering,
		                  &s->sit.crossed) &&
		    !tset_has(&s->sit.crossed, t))
			tset_add(&s->sit.crossed, t);
	}
	s->sit.facts[FACT_FROM_LOWER] = lf < lt;
	s->sit.facts[FACT_NEXT_TO_ENEMY] = k->entering;
	terrain_move(card, &s->sit, answer);
}

/* The card's answer for a step that meets k: remembered, or asked now. */
static const struct move_answer *
memo_answer(struct step_search *s, const struct step_key *k, int lf, int lt)
{
	size_t mask = s->nslots - 1, i;
	struct step_memo *memo;

	for (i = key_hash(k) & mask; s->slots[i] != 0; i = (i + 1) & mask) {
		memo = &s->memos[s->slots[i] - 1];
		if (key_same(&memo->key, k))
			return &memo->answer;
	}
	memo = xgrow(&s->memos, &s->nmemos, &s->cap_memos, sizeof *memo);
	memo->key = *k;
	memo_ask(s, k, lf, lt, &memo->answer);
	if (2 * s->nmemos >= s->nslots) {
		s->nslots *= 2;
		free(s->slots);
		s->slots = xcalloc(s->nslots, sizeof *s->slots);
		for (size_t m = 0; m < s->nmemos; m++)
			memo_slot_in(s, m);
	} else {
		s->slots[i] = (int)s->nmemos;
	}
	return &s->memos[s->nmemos - 1].answer;
}

long
game_steps_cost(struct step_search *s, struct hex from, struct hex to, bool *stop_after,
                const struct move_answer **m)
{
	const struct game *g = s->g;
	size_t fi, ti;
	int other, lf, lt;
	struct step_key k;

	/* not a step a search makes (it steps from the board onto it): one step */
	if (!hex_on_board(game_board(g), from) || !hex_on_board(game_board(g), to)) {
		explain_free(&s->single.why);
		*m = &s->single;
		return game_step_cost_quiet(g, s->unit, from, to, &s->how, stop_after, &s->single);
	}
	fi = scenario_hex_index(&g->sc, from);
	ti = scenario_hex_index(&g->sc, to);
	other = g->unit_at[ti];
	lf = level_at(g, fi);
	lt = level_at(g, ti);
	k.on = g->terrain[ti];
	game_side_features(g, hexside_between(from, to), &k.sides);
	k.level = s->wants_levels ? lt - lf : lf < lt;
	k.friendly = s->wants_friend && other >= 0 && other != s->unit &&
	             g->units[other].side == g->units[s->unit].side;
	k.leaving = s->wants_leaving && search_enemy_near(s, from, fi);
	k.entering = s->wants_entering && search_enemy_near(s, to, ti);
	*m = memo_answer(s, &k, lf, lt);
	return cost_of_step(g, s->unit, other, *m, stop_after);
}

static void
step_memory_free(struct game *g)
{
	struct step_memory *mem = g->step_memory;

	if (mem == NULL)
		return;
	for (size_t i = 0; i < mem->n; i++)
		game_steps_free(mem->movers[i]);
	free(mem->movers);
	free(mem);
	g->step_memory = NULL;
}

/* The lasting search of the mover, made the first time it is met. */
static struct step_search *
mover_remembered(const struct game *g, int unit, const struct move_how *how)
{
	struct step_memory *mem = g->step_memory;
	struct step_search *s = NULL;
	struct mover_key k;

	mover_key_of(g, unit, how, &k);
	for (size_t i = 0; i < mem->n; i++) {
		s = mem->movers[i];
		if (s->mover.cls == k.cls && memcmp(&s->mover, &k, sizeof k) == 0)
			break;
		s = NULL;
	}
	if (s == NULL) {
		s = game_steps_start(g, unit, how);
		s->lasting = true;
		*(struct step_search **)xgrow(&mem->movers, &mem->n, &mem->cap,
		                              sizeof *mem->movers) = s;
	}
	/* the mover's own answers, whichever unit of that class asks now */
	s->g = g;
	s->unit = unit;
	s->how = *how;
	return s;
}

long
game_step_cost_remembered(const struct game *g, int unit, struct hex from, struct hex to,
                          const struct move_how *how, bool *stop_after,
                          const struct move_answer **m)
{
	return game_steps_cost(mover_remembered(g, unit, how), from, to, stop_after, m);
}

/* Leaving a hex of some terrain: whether the mover must stop in the next. */
struct left {
	struct tset on;
	bool stops;
};

bool
game_leave_stops_remembered(const struct game *g, int unit, struct hex from,
                            const struct move_how *how)
{
	struct step_search *s = mover_remembered(g, unit, how);
	const struct tset *on = game_hex(g, from);
	struct move_answer m;
	struct left *l;

	for (size_t i = 0; i < s->nleft; i++)
		if (tset_same(&s->left[i].on, on))
			return s->left[i].stops;
	game_leave_quiet(g, unit, from, how, &m);
	explain_free(&m.why);
	l = xgrow(&s->left, &s->nleft, &s->cap_left, sizeof *s->left);
	l->on = *on;
	l->stops = m.stop_after_leaving;
	return l->stops;
}

/* What the line of sight asks of one hex of a trace; a trace along the edge of
 * the board runs off it, where nothing stands. */
static void
los_hex_at(const struct game *g, struct hex h, const struct hex *unseen, struct los_hex *out)
{
	size_t idx;

	if (!hex_on_board(game_board(g), h)) {
		memset(out, 0, sizeof *out);
		return;
	}
	idx = scenario_hex_index(&g->sc, h);
	out->terrain = g->terrain[idx];
	out->unit = g->unit_at[idx] >= 0 && (unseen == NULL || !hex_eq(*unseen, h));
	out->friend = false;
	out->level = level_at(g, idx);
}

/* One trace of a line, asked of the engine hex by hex up to the first that
 * blocks; a unit in `unseen` (if any) is looked over. */
static void
trace_los(const struct game *g, const struct hex *line, size_t n, const struct hex *unseen,
          struct los_answer *out)
{
	const struct card *card = game_card(g);
	struct los_hex first, last, h;
	struct los_walk walk;

	los_hex_at(g, line[0], unseen, &first);
	los_hex_at(g, line[n - 1], unseen, &last);
	if (terrain_los_begin(card, &first, &last, n, &walk, out) && walk.can_block)
		for (size_t i = 1; i + 1 < n; i++) {
			los_hex_at(g, line[i], unseen, &h);
			if (!terrain_los_hex(card, &walk, i, &h, out))
				break;
		}
	terrain_los_end(&walk, out);
}

static void
los_over(const struct game *g, struct hex a, struct hex b, const struct hex *unseen,
         struct los_answer *out);

void
game_los(const struct game *g, struct hex a, struct hex b, struct los_answer *out)
{
	los_over(g, a, b, NULL, out);
}

/* Does the next hex on the line hold a friend the attacker may fire over? */
static bool
fires_over(const struct game *g, int attacker, struct hex next)
{
	const struct game_unit *a = &g->units[attacker];
	int f = game_unit_at(g, next);
	struct los_hex from = { .terrain = *game_hex(g, a->hex), .unit = true, .friend = true,
	                        .level = game_hex_level(g, a->hex) };
	struct los_hex over = { .terrain = *game_hex(g, next), .unit = f >= 0,
	                        .friend = f >= 0 && g->units[f].side == a->side,
	                        .level = game_hex_level(g, next) };

	return terrain_fires_over(game_card(g), a->cls, &from, &over);
}

void
game_fire_los(const struct game *g, int attacker, struct hex to, struct los_answer *out)
{
	const struct card *card = game_card(g);
	struct hex from = g->units[attacker].hex, line[2];

	if (hex_distance(from, to) >= 2 && card->fire_over_friends != 0) {
		hex_line(from, to, line, 2);
		if (fires_over(g, attacker, line[1])) {
			los_over(g, from, to, &line[1], out);
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_NOTE,
			                                 .file = card->fire_over_file,
			                                 .line = card->fire_over_line,
			                                 .seed = card->fire_over_seed },
			            "%s fires over the friendly unit on the lower hex next to it",
			            g->units[attacker].id);
			return;
		}
	}
	los_over(g, from, to, NULL, out);
}

/* Hexes of a line kept on the stack; longer lines are allocated. */
#define LOS_ON_STACK 256

static void
los_over(const struct game *g, struct hex a, struct hex b, const struct hex *unseen,
         struct los_answer *out)
{
	size_t n = (size_t)hex_distance(a, b) + 1;
	struct hex near_left[LOS_ON_STACK], near_right[LOS_ON_STACK];
	struct hex *left = n <= LOS_ON_STACK ? near_left : xcalloc(n, sizeof *left);
	struct hex *right = n <= LOS_ON_STACK ? near_right : xcalloc(n, sizeof *right);
	struct los_answer other;
	bool split = false;

	hex_line_sides(a, b, left, right, n, &split);
	trace_los(g, left, n, unseen, out);
	if (split) {
		/* A line along hexsides is blocked only when the hexes on both sides block,
		 * unless the card says one side is enough; a line that crosses a hexside
		 * at a corner point passes through both hexes there, so either blocks. */
		bool along = hex_line_along_hexside(a, b);
		bool either = !along || game_card(g)->split_los_either;

		trace_los(g, right, n, unseen, &other);
		if (either ? !other.clear && out->clear : other.clear && !out->clear) {
			explain_free(&out->why);
			*out = other;
		} else {
			explain_free(&other.why);
		}
		explain_add(&out->why, &(struct step_from){ .kind = STEP_NOTE }, "%s",
		            !along ? "the line touches two hexes at a corner: either one blocks"
		            : either ? "the line runs along a hexside: blocked when either side is"
		                     : "the line runs along a hexside: blocked only when both sides are");
	}
	if (left != near_left) {
		free(left);
		free(right);
	}
}
