/* cmd-setup.c: the commands that set up the table (engine layer): terrain,
 * hexside features, levels, tokens, structures and units. The arguments every
 * command shares (hexes, units, terrain ids) are read in cmd-base.c.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "event.h"
#include "strutil.h"
#include "xmalloc.h"

static void
label(const struct game *g, struct hex h, char buf[HEX_LABEL_SIZE])
{
	hex_label(game_board(g), h, buf);
}

/* ---- terrain, hexsides, levels, tokens, structures ---------------------------- */

/* The structures of a hex (dir -1) or one of its sides follow what is there, as
 * a scenario reads them: one whose terrain left is taken away, and the card's
 * structure of what came (its first terrain with a structure strength) is
 * added at the card's strength, so a board written as a scenario reads back the
 * same. */
static bool
structure_stays(const struct game *g, const struct scen_structure *st)
{
	if (st->dir < 0)
		return tset_has(game_hex(g, st->hex), st->terrain);
	for (size_t i = 0; i < g->nsides; i++)
		if (hexside_eq(g->sides[i].side, hexside_of(st->hex, st->dir)) &&
		    g->sides[i].feature == st->terrain)
			return true;
	return false;
}

static void
structures_follow(struct game *g, struct hex h, int dir)
{
	struct hexside side = hexside_of(h, dir);
	size_t kept = 0;
	int t;

	for (size_t i = 0; i < g->nstructures; i++) {
		const struct scen_structure *st = &g->structures[i];
		bool here = dir < 0 ? st->dir < 0 && hex_eq(st->hex, h)
		                    : st->dir >= 0 && hexside_eq(hexside_of(st->hex, st->dir), side);
		if (!here || structure_stays(g, st))
			g->structures[kept++] = *st;
	}
	g->nstructures = kept;
	if (event_structure_at(g, h, dir) == NULL && (t = event_card_structure(g, h, dir)) >= 0) {
		struct scen_structure *st = xgrow(&g->structures, &g->nstructures,
		                                  &g->cap_structures, sizeof *st);
		*st = (struct scen_structure){ dir < 0 ? h : side.a, dir < 0 ? -1 : side.dir, t,
			                       game_card(g)->terrain[t].structure_strength, 0 };
	}
}

static bool
has_hex_terrain(const struct card *card, const struct tset *set)
{
	for (size_t i = 0; i < set->count; i++)
		if (card->terrain[set->items[i]].kind == TERRAIN_HEX)
			return true;
	return false;
}

/* Does a hex terrain of `set` cancel hex terrain `t` (so it lies over t, as a
 * bridge over a river)? A path's cancels is how it moves, never a layer. */
static bool
cancelled_by(const struct card *card, const struct tset *set, int t)
{
	if (card->terrain[t].kind != TERRAIN_HEX)
		return false;
	for (size_t i = 0; i < set->count; i++) {
		const struct terrain *over = &card->terrain[set->items[i]];
		if (over->kind != TERRAIN_HEX)
			continue;
		for (size_t k = 0; k < over->ncancels; k++)
			if (over->cancels[k] == t)
				return true;
	}
	return false;
}

bool
cmd_terrain(struct game *g, int argc, char **argv, struct command_result *res)
{
	const unsigned kinds = 1u << TERRAIN_HEX | 1u << TERRAIN_PATH;
	const struct card *card = game_card(g);
	struct tset set = { .count = 0 }, *cell;
	char *copy, *save = NULL, buf[HEX_LABEL_SIZE];
	struct hex h;
	bool ok = true;

	(void)argc;
	if (!cmd_hex(g, argv[1], &h, res))
		return false;
	copy = xstrdup(argv[2]);
	for (char *w = strtok_r(copy, "+", &save); w && ok; w = strtok_r(NULL, "+", &save)) {
		int t;
		ok = cmd_terrain_id(g, w, kinds, &t, res);
		if (ok && !tset_has(&set, t))
			tset_add(&set, t);
	}
	free(copy);
	if (!ok)
		return false;
	cell = game_hex_terrain(g, h);
	/* hex terrain replaces hex terrain, except what the new terrain cancels
	 * (the card's cancels: a bridge lies over the river it crosses); tokens
	 * and roads lie over it and stay; roads alone are added over it */
	for (size_t i = 0; i < cell->count; i++)
		if ((card->terrain[cell->items[i]].kind == TERRAIN_TOKEN ||
		     card->terrain[cell->items[i]].kind == TERRAIN_PATH ||
		     (card->terrain[cell->items[i]].kind == TERRAIN_HEX && !has_hex_terrain(card, &set)) ||
		     cancelled_by(card, &set, cell->items[i])) &&
		    set.count < TSET_MAX && !tset_has(&set, cell->items[i]))
			tset_add(&set, cell->items[i]);
	*cell = set;
	structures_follow(g, h, -1);
	label(g, h, buf);
	cmd_say(res, "%s is now %s", buf, argv[2]);
	game_log(g, "set-up: %s is now %s", buf, argv[2]);
	return true;
}

/* A road laid along a side runs through both hexes it parts, as a scenario's
 * roads: path reads it, so the map and the hex pane show it in each (a road
 * only on a side would be there and seen nowhere). */
static void
path_in_hexes(struct game *g, struct hex h, int dir, int path)
{
	struct hex both[2] = { h, hex_neighbor(h, dir) };

	for (int i = 0; i < 2; i++) {
		struct tset *cell = game_hex_terrain(g, both[i]);

		if (!tset_has(cell, path) && cell->count < TSET_MAX)
			tset_add(cell, path);
	}
}

bool
cmd_hexside(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	char buf[HEX_LABEL_SIZE];
	struct hex h;
	int dir, feature;
	bool adding = strcmp(argv[1], "add") == 0; /* reader: command words */

	(void)argc;
	if (!adding && strcmp(argv[1], "remove") != 0)
		return cmd_fail(res, "usage: hexside add|remove HEX SIDE FEATURE");
	if (!cmd_hex(g, argv[2], &h, res))
		return false;
	if ((dir = hex_direction_from_name(b, argv[3])) < 0) {
		const char *const *names = hex_direction_names(b);
		return cmd_fail(res, "%s is not a side of a hex here: %s %s %s %s %s %s", argv[3],
		                names[0], names[1], names[2], names[3], names[4], names[5]);
	}
	if (!cmd_terrain_id(g, argv[4], 1u << TERRAIN_HEXSIDE | 1u << TERRAIN_PATH, &feature, res))
		return false;
	label(g, h, buf);
	/* a scenario's road is a path of hexes: one along the board's edge could
	 * not be written */
	if (adding && game_card(g)->terrain[feature].kind == TERRAIN_PATH &&
	    !hex_on_board(b, hex_neighbor(h, dir)))
		return cmd_fail(res, "the %s side of %s is the board's edge: a road runs between two "
		                     "hexes of the board", argv[3], buf);
	if (adding && !game_side_add(g, h, dir, feature))
		return cmd_fail(res, "the %s side of %s already has %s", argv[3], buf, argv[4]);
	if (!adding && !game_side_remove(g, hexside_of(h, dir), feature))
		return cmd_fail(res, "the %s side of %s has no %s", argv[3], buf, argv[4]);
	if (adding && game_card(g)->terrain[feature].kind == TERRAIN_PATH)
		path_in_hexes(g, h, dir, feature);
	structures_follow(g, h, dir);
	cmd_say(res, "%s %s the %s side of %s", argv[4], adding ? "now on" : "taken off", argv[3],
	        buf);
	game_log(g, "set-up: %s %s the %s side of %s", argv[4], adding ? "put on" : "taken off",
	         argv[3], buf);
	return true;
}

/* `erase HEX`: what lies over a hex's terrain taken away in one step: its
 * tokens, roads (in the hex and along its sides), the hexside features around
 * it, its level and any structure set by hand (terrain the card makes a
 * structure stays one, at the card's strength). Its hex terrain stays. */
bool
cmd_erase(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct card *card = game_card(g);
	struct tset *cell, kept = { .count = 0 };
	char buf[HEX_LABEL_SIZE];
	struct hex h;
	size_t kept_n = 0;

	(void)argc;
	if (!cmd_hex(g, argv[1], &h, res))
		return false;
	cell = game_hex_terrain(g, h);
	for (size_t i = 0; i < cell->count; i++)
		if (card->terrain[cell->items[i]].kind != TERRAIN_TOKEN &&
		    card->terrain[cell->items[i]].kind != TERRAIN_PATH)
			tset_add(&kept, cell->items[i]);
	*cell = kept;
	for (int dir = 0; dir < HEX_DIRECTIONS; dir++) {
		struct hexside side = hexside_of(h, dir);
		bool removed = true;
		/* one entry at a time: a removal moves the others */
		while (removed) {
			size_t i = 0;
			while (i < g->nsides && !hexside_eq(g->sides[i].side, side))
				i++;
			removed = i < g->nsides && game_side_remove(g, side, g->sides[i].feature);
		}
	}
	g->levels[scenario_hex_index(&g->sc, h)] = 0;
	for (size_t i = 0; i < g->nstructures; i++) {
		const struct scen_structure *st = &g->structures[i];
		bool touches = hex_eq(st->hex, h) ||
		               (st->dir >= 0 && hex_eq(hex_neighbor(st->hex, st->dir), h));
		if (!touches)
			g->structures[kept_n++] = *st;
	}
	g->nstructures = kept_n;
	structures_follow(g, h, -1);
	label(g, h, buf);
	cmd_say(res, "%s: tokens, roads, hexside features, level and structures taken away", buf);
	game_log(g, "set-up: %s erased (its terrain stays)", buf);
	return true;
}

/* Terrain the players set from one level to another (hills of 2 to 4) keeps its
 * hexes within that range. */
static bool
level_fits(const struct game *g, struct hex h, long level, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct tset *cell = game_hex(g, h);

	for (size_t i = 0; i < cell->count; i++) {
		const struct terrain *t = &card->terrain[cell->items[i]];

		if (t->level_most > 0 && (level < t->level || level > t->level_most))
			return cmd_fail(res, "%s is from level %d to %d (%s:%d); give a level in that "
			                "range", t->name ? t->name : t->id, t->level, t->level_most,
			                t->file, t->line);
	}
	return true;
}

bool
cmd_level(struct game *g, int argc, char **argv, struct command_result *res)
{
	char buf[HEX_LABEL_SIZE];
	struct hex h;
	long level;

	(void)argc;
	if (!cmd_hex(g, argv[1], &h, res))
		return false;
	if (!str_long(argv[2], 0, 9, &level))
		return cmd_fail(res, "level %s: a level is 0 to 9", argv[2]);
	if (!level_fits(g, h, level, res))
		return false;
	g->levels[scenario_hex_index(&g->sc, h)] = (int)level;
	label(g, h, buf);
	cmd_say(res, "%s is at level %ld", buf, level);
	game_log(g, "set-up: %s is at level %ld", buf, level);
	return true;
}

bool
cmd_token(struct game *g, int argc, char **argv, struct command_result *res)
{
	char buf[HEX_LABEL_SIZE];
	struct tset *cell;
	struct hex h;
	int token;
	bool adding = strcmp(argv[1], "add") == 0; /* reader: command words */

	(void)argc;
	if (!adding && strcmp(argv[1], "remove") != 0)
		return cmd_fail(res, "usage: token add|remove HEX TOKEN");
	if (!cmd_hex(g, argv[2], &h, res) ||
	    !cmd_terrain_id(g, argv[3], 1u << TERRAIN_TOKEN, &token, res))
		return false;
	cell = game_hex_terrain(g, h);
	label(g, h, buf);
	if (adding && tset_has(cell, token))
		return cmd_fail(res, "%s already holds %s", buf, argv[3]);
	if (adding) {
		char *warn = event_supply_warning(g, token);
		if (warn != NULL)
			cmd_say(res, "%s", warn);
		free(warn);
	}
	if (adding && !tset_add(cell, token))
		return cmd_fail(res, "%s holds too much already", buf);
	if (!adding && !tset_remove(cell, token))
		return cmd_fail(res, "%s holds no %s", buf, argv[3]);
	cmd_say(res, "%s %s %s", argv[3], adding ? "placed in" : "taken from", buf);
	game_log(g, "%s %s %s", argv[3], adding ? "placed in" : "taken from", buf);
	return true;
}

bool
cmd_structure(struct game *g, int argc, char **argv, struct command_result *res)
{
	const char *const *names = hex_direction_names(game_board(g));
	struct scen_structure *st;
	struct hex h;
	long strength, hits = 0;
	int dir = -1, next = 2;
	char *name;

	if (!cmd_hex(g, argv[1], &h, res))
		return false;
	for (int d = 0; d < HEX_DIRECTIONS; d++)
		if (strcmp(argv[2], names[d]) == 0) /* reader: command words */
			dir = d;
	if (dir >= 0)
		next = 3;
	if (argc <= next || argc > next + 2 || !str_long(argv[next], 1, 99, &strength))
		return cmd_fail(res, "usage: structure HEX [SIDE] STRENGTH [HITS], strength 1 to 99");
	if (argc == next + 2 && !str_long(argv[next + 1], 0, strength, &hits))
		return cmd_fail(res, "hits %s: 0 to the strength (%ld)", argv[next + 1], strength);
	st = event_structure_at(g, h, dir);
	if (st == NULL && dir < 0 && game_hex(g, h)->count > 0) {
		st = xgrow(&g->structures, &g->nstructures, &g->cap_structures, sizeof *st);
		*st = (struct scen_structure){ h, -1, game_hex(g, h)->items[0], 0, 0 };
	}
	if (st == NULL)
		return cmd_fail(res, "%s%s%s holds nothing to be a structure", argv[1],
		                dir >= 0 ? " " : "", dir >= 0 ? names[dir] : "");
	st->strength = (int)strength;
	st->hits = (int)hits;
	name = event_structure_name(g, st);
	cmd_say(res, "%s: a structure, %d/%d hits", name, st->hits, st->strength);
	game_log(g, "set-up: %s is a structure of strength %d", name, st->strength);
	free(name);
	return true;
}

/* ---- units ---------------------------------------------------------------------- */

static int
side_index(const struct game *g, const char *id)
{
	for (size_t i = 0; i < g->sc.nteams; i++)
		if (strcmp(g->sc.teams[i].id, id) == 0) /* reader: a side's id, typed */
			return (int)i;
	return -1;
}

static bool
unit_add(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct game_unit *u;
	char buf[HEX_LABEL_SIZE];
	struct hex h;
	int side, cls;
	long strength = 1;

	if (argc < 6 || argc > 7)
		return cmd_fail(res, "usage: unit add ID SIDE CLASS HEX [STRENGTH]");
	if (game_unit_find(g, argv[2]) >= 0)
		return cmd_fail(res, "there is a unit %s already", argv[2]);
	if (strlen(argv[2]) > 8)
		return cmd_fail(res, "%s: a unit id has at most 8 characters", argv[2]);
	if (argv[2][0] == '\0' || strpbrk(argv[2], " \"#") != NULL)
		return cmd_fail(res, "%s: a unit id is one word, without spaces, quotes or #",
		                argv[2]);
	if ((side = side_index(g, argv[3])) < 0)
		return cmd_fail(res, "no side %s in this game", argv[3]);
	if ((cls = card_class(game_card(g), argv[4])) < 0)
		return cmd_fail(res, "%s has no unit class %s", game_card(g)->id, argv[4]);
	if (!cmd_hex(g, argv[5], &h, res))
		return false;
	if (game_unit_at(g, h) >= 0)
		return cmd_fail(res, "%s is taken by %s", argv[5], g->units[game_unit_at(g, h)].id);
	if (argc == 7 && !str_long(argv[6], 1, 99, &strength))
		return cmd_fail(res, "strength %s: 1 to 99", argv[6]);
	u = xgrow(&g->units, &g->nunits, &g->cap_units, sizeof *u);
	u->id = xstrdup(argv[2]);
	u->side = side;
	u->cls = cls;
	u->hex = h;
	u->strength = u->max_strength = (int)strength;
	u->formation = -1;
	unit_own_init(&u->own);
	game_units_changed(g);
	label(g, h, buf);
	cmd_say(res, "%s (%s %s) placed in %s", u->id, g->sc.teams[side].name, argv[4], buf);
	game_log(g, "set-up: %s (%s %s) placed in %s", u->id, g->sc.teams[side].name, argv[4], buf);
	return true;
}

/* move=N (whole or N.5), or - for its class's. */
static bool
set_move(struct game_unit *u, const char *value, struct command_result *res)
{
	size_t len = strlen(value);
	long v;

	if (strcmp(value, "-") == 0) { /* reader: command words */
		u->own.move = -1;
		return true;
	}
	if (len > 2 && strcmp(value + len - 2, ".5") == 0) { /* reader: command words */
		char whole[24];
		snprintf(whole, sizeof whole, "%.*s", (int)(len - 2), value);
		if (!str_long(whole, 0, 999, &v))
			return cmd_fail(res, "move=%s: a number of points, such as 4 or 2.5", value);
		u->own.move = v * 2 + 1;
		return true;
	}
	if (!str_long(value, 0, 999, &v))
		return cmd_fail(res, "move=%s: a number of points, such as 4 or 2.5 (- for its class's)",
		                value);
	u->own.move = v * 2;
	return true;
}

/* dice.TYPE=N (any distance), dice.TYPE=0,2,1 (by distance: 1 hex, 2, ...), or -
 * for its class's. */
static bool
set_dice_of(struct class_dice *cd, const char *key, const char *value,
            struct command_result *res)
{
	char *copy, *save = NULL;
	long v;

	memset(cd, 0, sizeof *cd);
	if (strcmp(value, "-") == 0) /* reader: command words */
		return true;
	if (strchr(value, ',') == NULL) {
		if (!str_long(value, 0, 64, &v))
			return cmd_fail(res, "%s=%s: dice 0 to 64, or a list by distance such as 0,2,1",
			                key, value);
		cd->at[0] = (int)v;
		cd->n = -1;
		return true;
	}
	copy = xstrdup(value);
	for (char *w = strtok_r(copy, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save)) {
		if (cd->n == 12 || !str_long(w, 0, 64, &v)) {
			free(copy);
			memset(cd, 0, sizeof *cd);
			return cmd_fail(res, "%s=%s: dice 0 to 64 for 1 to 12 distances, such as 0,2,1",
			                key, value);
		}
		cd->at[cd->n++] = (int)v;
	}
	free(copy);
	return true;
}

/* dice=N (every combat type) or dice.TYPE=... */
static bool
set_dice(const struct card *card, struct game_unit *u, const char *key, const char *value,
         struct command_result *res)
{
	int combat;

	if (strcmp(key, "dice") == 0) { /* reader: command words */
		for (size_t c = 0; c < card->words[WL_COMBAT].count && c < 8; c++)
			if (!set_dice_of(&u->own.dice[c], key, value, res))
				return false;
		return true;
	}
	combat = card_word(card, WL_COMBAT, key + 5);
	if (combat < 0 || combat >= 8)
		return cmd_fail(res, "%s: %s has no combat type %s", key, card->id, key + 5);
	return set_dice_of(&u->own.dice[combat], key, value, res);
}

/* A unit value of the card (cohesion=3), or - for its class's. */
static bool
set_value(const struct card *card, struct game_unit *u, int v, const char *value,
          struct command_result *res)
{
	long x;

	if (strcmp(value, "-") == 0) { /* reader: command words */
		u->own.values_given &= ~(1u << v);
		return true;
	}
	if (!str_long(value, -99, 999, &x))
		return cmd_fail(res, "%s=%s: a number, -99 to 999 (- for its class's)",
		                card->values[v].id, value);
	u->own.values[v] = x;
	u->own.values_given |= 1u << v;
	return true;
}


static bool
unit_set_one(struct game *g, struct game_unit *u, const char *key, const char *value,
             struct command_result *res)
{
	const struct card *card = game_card(g);
	long v;
	int i;

	if (strcmp(key, "move") == 0) /* reader: command words, the key of unit set */
		return set_move(u, value, res);
	if (strcmp(key, "dice") == 0 || strncmp(key, "dice.", 5) == 0) /* reader: command words */
		return set_dice(card, u, key, value, res);
	if ((i = card_value(card, key)) >= 0)
		return set_value(card, u, i, value, res);

	if (strcmp(key, "strength") == 0) { /* reader: command words */
		if (!str_long(value, 0, u->max_strength, &v))
			return cmd_fail(res, "strength=%s: 0 to %d", value, u->max_strength);
		u->strength = (int)v;
		u->eliminated = v == 0;
		return true;
	}
	if (strcmp(key, "formation") == 0) { /* reader: command words */
		if ((i = card_vocabulary_find(card, FT_FORMATION, value)) < 0)
			return cmd_no_such_word(card, FT_FORMATION, key, value, "formation", res);
		u->formation = i;
		return true;
	}
	if (strcmp(key, "status") == 0 || strcmp(key, "clear") == 0) { /* reader: command words */
		bool set = strcmp(key, "status") == 0; /* the word read once: set, or clear */
		if ((i = card_vocabulary_find(card, FT_STATUS, value)) < 0)
			return cmd_no_such_word(card, FT_STATUS, key, value, "status", res);
		if (set)
			u->status |= UINT64_C(1) << i;
		else
			u->status &= ~(UINT64_C(1) << i);
		return true;
	}
	if (strcmp(key, "hex") == 0) { /* reader: command words */
		struct hex h;
		if (!cmd_hex(g, value, &h, res))
			return false;
		if (game_unit_at(g, h) >= 0 && &g->units[game_unit_at(g, h)] != u)
			return cmd_fail(res, "%s is taken", value);
		u->hex = h;
		return true;
	}
	return cmd_fail(res, "%s: a unit's keys are strength, formation, status, clear, hex, move, "
	                     "dice, dice.TYPE%s", key, card->nvalues > 0 ? " and its values (values UNIT)" : "");
}

static bool
unit_set(struct game *g, int argc, char **argv, struct command_result *res)
{
	int u;
	if (argc < 4)
		return cmd_fail(res, "usage: unit set ID KEY=VALUE...");
	struct game_unit changed;
	struct hex was;

	if ((u = game_unit_find(g, argv[2])) < 0)
		return cmd_unit(g, argv[2], &u, res);
	/* all the changes or none */
	changed = g->units[u];
	for (int i = 3; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		if (eq == NULL)
			return cmd_fail(res, "%s: write KEY=VALUE, such as strength=3", argv[i]);
		*eq = '\0';
		if (!unit_set_one(g, &changed, argv[i], eq + 1, res))
			return false;
		*eq = '=';
	}
	was = g->units[u].hex;
	g->units[u] = changed;
	game_unit_changed(g, u, was);
	cmd_say(res, "%s: %d/%d%s", g->units[u].id, g->units[u].strength, g->units[u].max_strength,
	        g->units[u].eliminated ? ", eliminated" : "");
	game_log(g, "%s changed: %d/%d%s", g->units[u].id, g->units[u].strength,
	         g->units[u].max_strength, g->units[u].eliminated ? ", eliminated" : "");
	return true;
}

/* A unit index held in the state (plus one, 0: none) once unit u is gone: none
 * when it was u, one less when it came after it. */
static int
index_after_removal(int held, int u)
{
	return held == u + 1 ? 0 : held > u + 1 ? held - 1 : held;
}

/* What the state holds of unit u, which is removed, and of the units after it,
 * whose indexes go down by one: the battles back and grounds owed against them,
 * and the effects of a result waiting for them. */
static void
forget_unit(struct game *g, int u)
{
	size_t kept = 0;

	for (size_t i = 0; i < g->nunits; i++) {
		g->units[i].battle_back_vs = index_after_removal(g->units[i].battle_back_vs, u);
		g->units[i].ground_vs = index_after_removal(g->units[i].ground_vs, u);
	}
	for (size_t i = 0; i < g->npending; i++) {
		struct pending_effect *e = &g->pending[i];
		if (e->unit == u) {
			free(e->code);
			free(e->words);
			continue;
		}
		if (e->unit > u)
			e->unit--;
		g->pending[kept++] = *e;
	}
	g->npending = kept;
}

static bool
unit_remove(struct game *g, int argc, char **argv, struct command_result *res)
{
	int u;

	if (argc != 3)
		return cmd_fail(res, "usage: unit remove ID");
	if ((u = game_unit_find(g, argv[2])) < 0)
		return cmd_unit(g, argv[2], &u, res);
	free(g->units[u].id);
	game_halt_clear(&g->units[u].halt);
	memmove(&g->units[u], &g->units[u + 1], (g->nunits - (size_t)u - 1) * sizeof *g->units);
	g->nunits--;
	forget_unit(g, u);
	g->selected = -1;
	game_units_changed(g);
	cmd_say(res, "%s removed", argv[2]);
	game_log(g, "set-up: %s removed", argv[2]);
	return true;
}

bool
cmd_unit_cmd(struct game *g, int argc, char **argv, struct command_result *res)
{
	if (strcmp(argv[1], "add") == 0) /* reader: command words */
		return unit_add(g, argc, argv, res);
	if (strcmp(argv[1], "set") == 0)
		return unit_set(g, argc, argv, res);
	if (strcmp(argv[1], "remove") == 0) /* reader: command words */
		return unit_remove(g, argc, argv, res);
	return cmd_fail(res, "usage: unit add ID SIDE CLASS HEX [STRENGTH] | set ID KEY=VALUE... | "
	                     "remove ID");
}
