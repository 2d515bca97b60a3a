/* tui-edit.c: setting up the table from the terminal interface (ui layer): the
 * brush that paints terrain, tokens, levels and hexside features as the cursor
 * moves, or erases what lies over a hex's terrain, or paints a hex copied (a
 * struct brush_paint of values, never words read back), a rectangle filled
 * with it, tokens placed and taken away, levels, hexside features, structures
 * and their hits, and units added, copied, put anywhere, changed, removed and
 * listed (the roster). Each runs a command of the
 * setting-up group (terrain, token, level, hexside, structure, damage, unit);
 * the dialogs choose its words from the card.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "tui.h"
#include "xmalloc.h"

/* Terrain ids of the given kinds (bits of 1 << kind), with their names. */
static size_t
terrain_choices(const struct tui *t, unsigned kinds, const struct tset *only, char ***labels,
                int **ids)
{
	const struct card *card = game_card(&t->s->game);
	size_t n = 0;

	*labels = xcalloc(card->nterrain + 1, sizeof **labels);
	*ids = xcalloc(card->nterrain + 1, sizeof **ids);
	for (size_t i = 0; i < card->nterrain; i++) {
		const struct terrain *ter = &card->terrain[i];
		if (!((kinds >> ter->kind) & 1u) || (only != NULL && !tset_has(only, (int)i)))
			continue;
		if (render_glyph(ter))     /* as the map draws it: a feature's side glyph */
			(*labels)[n] = xasprintf("%s (%s, %c)", ter->name ? ter->name : ter->id, ter->id,
			                         render_glyph(ter));
		else
			(*labels)[n] = xasprintf("%s (%s)", ter->name ? ter->name : ter->id, ter->id);
		(*ids)[n++] = (int)i;
	}
	return n;
}

static void
free_choices(char **labels, int *ids, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(labels[i]);
	free(labels);
	free(ids);
}

/* Choose one terrain of the kinds; its id, or -1. */
static int
choose_terrain(struct tui *t, const char *title, unsigned kinds, const struct tset *only)
{
	char **labels;
	int *ids, i, id = -1;
	size_t n = terrain_choices(t, kinds, only, &labels, &ids);

	if (n == 0) {
		tui_message(t, true, "%s: there is none to choose", title);
	} else {
		i = dialog_choose(t, title, (const char *const *)labels, n);
		id = i >= 0 ? ids[i] : -1;
	}
	free_choices(labels, ids, n);
	return id;
}

/* A side of the hex, by its name on this board; -1 when cancelled. */
static int
choose_side(struct tui *t)
{
	const char *const *names = hex_direction_names(game_board(&t->s->game));

	return dialog_choose(t, "Which side of the hex?", names, HEX_DIRECTIONS);
}

/* Has the side `dir` of the hex at the cursor the feature? */
static bool
side_has(const struct game *g, struct hex h, int dir, int feature)
{
	struct hexside side = hexside_of(h, dir);

	for (size_t i = 0; i < g->nsides; i++)
		if (hexside_eq(g->sides[i].side, side) && g->sides[i].feature == feature)
			return true;
	return false;
}

/* The copied hex painted at `at` (the cursor): its terrain and roads, tokens,
 * level and hexside features, each by its command, what is there already
 * left alone. */
static void
paint_copy(struct tui *t, const char *at)
{
	const struct game *g = &t->s->game;
	const struct card *card = game_card(g);
	const struct brush_paint *p = &t->paint;
	struct strbuf ground = { NULL, 0, 0 };

	for (size_t i = 0; i < p->copied.count; i++)
		if (card->terrain[p->copied.items[i]].kind != TERRAIN_TOKEN)
			strbuf_addf(&ground, "%s%s", ground.len ? "+" : "",
			            card->terrain[p->copied.items[i]].id);
	if (ground.text != NULL)
		tui_command(t, "terrain %s %s", at, ground.text);
	free(ground.text);
	for (size_t i = 0; i < p->copied.count; i++)
		if (card->terrain[p->copied.items[i]].kind == TERRAIN_TOKEN &&
		    !tset_has(game_hex(g, t->cursor), p->copied.items[i]))
			tui_command(t, "token add %s %s", at, card->terrain[p->copied.items[i]].id);
	if (game_hex_level(g, t->cursor) != p->level)
		tui_command(t, "level %s %d", at, p->level);
	for (int d = 0; d < HEX_DIRECTIONS; d++)
		if (p->copied_sides[d] >= 0 && !side_has(g, t->cursor, d, p->copied_sides[d]) &&
		    hex_on_board(game_board(g), hex_neighbor(t->cursor, d)))
			tui_command(t, "hexside add %s %s %s", at, hex_direction_name(game_board(g), d),
			            card->terrain[p->copied_sides[d]].id);
}

void
edit_paint(struct tui *t)
{
	const struct game *g = &t->s->game;
	const struct card *card = game_card(g);
	const struct brush_paint *p = &t->paint;
	char at[HEX_LABEL_SIZE];

	tui_cursor_label(t, at);
	switch (t->brush) {
	case BRUSH_TERRAIN:
		tui_command(t, "terrain %s %s", at, card->terrain[p->terrain].id);
		break;
	case BRUSH_TOKEN:
		if (!tset_has(game_hex(g, t->cursor), p->terrain))
			tui_command(t, "token add %s %s", at, card->terrain[p->terrain].id);
		break;
	case BRUSH_LEVEL:
		tui_command(t, "level %s %d", at, p->level);
		break;
	case BRUSH_HEXSIDE:
		tui_command(t, "hexside add %s %s %s", at, hex_direction_name(game_board(g), p->side),
		            card->terrain[p->terrain].id);
		break;
	case BRUSH_ERASE:
		tui_command(t, "erase %s", at);
		break;
	case BRUSH_COPY:
		paint_copy(t, at);
		break;
	case BRUSH_NONE:
	default:
		tui_message(t, true, "no brush: P chooses one");
		break;
	}
}

void
edit_paint_from(struct tui *t, struct hex from)
{
	const struct game *g = &t->s->game;
	const struct card *card = game_card(g);
	char at[HEX_LABEL_SIZE];
	int dir = hex_direction_to(from, t->cursor);

	/* a hexside feature goes on the side the cursor points at: the way it moved */
	if (t->brush == BRUSH_HEXSIDE && dir >= 0 && dir != t->paint.side) {
		t->paint.side = dir;
		free(t->brush_id);
		t->brush_id = xasprintf("%s on %s", card->terrain[t->paint.terrain].id,
		                        hex_direction_name(game_board(g), dir));
	}
	edit_paint(t);
	if (t->brush != BRUSH_TERRAIN || card->terrain[t->paint.terrain].kind != TERRAIN_PATH ||
	    dir < 0 ||
	    !tset_has(game_hex(g, from), t->paint.terrain))
		return;
	hex_label(game_board(g), from, at);
	tui_command(t, "hexside add %s %s %s", at, hex_direction_name(game_board(g), dir),
	            card->terrain[t->paint.terrain].id);
}

void
edit_fill(struct tui *t)
{
	const struct hex_board *b = game_board(&t->s->game);
	struct hex at = t->cursor;
	char from[HEX_LABEL_SIZE], to[HEX_LABEL_SIZE];
	int c0, r0, c1, r1, n = 0;

	if (t->brush == BRUSH_NONE) {
		tui_message(t, true, "no brush: P chooses one, then F marks a corner and F fills");
		return;
	}
	tui_cursor_label(t, to);
	if (!t->corner_marked) {
		t->corner_marked = true;
		t->corner = at;
		tui_message(t, false, "corner %s marked: move to the other corner, F fills", to);
		return;
	}
	t->corner_marked = false;
	hex_label(b, t->corner, from);
	hex_to_offset(b, t->corner, &c0, &r0);
	hex_to_offset(b, at, &c1, &r1);
	for (int r = r0 < r1 ? r0 : r1; r <= (r0 < r1 ? r1 : r0); r++)
		for (int c = c0 < c1 ? c0 : c1; c <= (c0 < c1 ? c1 : c0); c++, n++) {
			t->cursor = hex_from_offset(b, c, r);
			edit_paint(t);
		}
	t->cursor = at;
	tui_message(t, false, "%s to %s: %d hexes painted with %s (U takes back one)", from, to, n,
	            t->brush_id ? t->brush_id : "the brush");
}

static void
set_brush(struct tui *t, enum brush_kind kind, struct brush_paint paint, char *words)
{
	free(t->brush_id);
	t->brush_id = words;
	t->brush = kind;
	t->paint = paint;
	t->corner_marked = false;
	tui_message(t, false, "painting %s: every cursor move paints, . paints here, Esc stops",
	            words);
}

void
edit_copy(struct tui *t)
{
	const struct game *g = &t->s->game;
	struct brush_paint p = { .terrain = -1, .side = -1, .level = game_hex_level(g, t->cursor),
		                 .copied = *game_hex(g, t->cursor),
		                 .copied_sides = { -1, -1, -1, -1, -1, -1 } };
	char at[HEX_LABEL_SIZE];

	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		struct hexside side = hexside_of(t->cursor, d);
		for (size_t i = 0; i < g->nsides && p.copied_sides[d] < 0; i++)
			if (hexside_eq(g->sides[i].side, side) &&
			    game_card(g)->terrain[g->sides[i].feature].kind == TERRAIN_HEXSIDE)
				p.copied_sides[d] = g->sides[i].feature;
	}
	tui_cursor_label(t, at);
	set_brush(t, BRUSH_COPY, p, xasprintf("copy of %s", at));
}

void
edit_brush(struct tui *t)
{
	static const char *const kinds[] = { "terrain", "token", "level", "hexside feature",
		                             "eraser (tokens, roads, hexsides, level, structures)" };
	const struct card *card = game_card(&t->s->game);
	int k = dialog_choose(t, "Paint with", kinds, 5), id, side;
	char *level = NULL, *end;
	long lv;

	switch (k) {
	case 0:
		if ((id = choose_terrain(t, "Terrain (or a road, laid over it)",
		                         1u << TERRAIN_HEX | 1u << TERRAIN_PATH, NULL)) >= 0)
			set_brush(t, BRUSH_TERRAIN, (struct brush_paint){ .terrain = id, .side = -1 },
			          xstrdup(card->terrain[id].id));
		break;
	case 1:
		if ((id = choose_terrain(t, "Token", 1u << TERRAIN_TOKEN, NULL)) >= 0)
			set_brush(t, BRUSH_TOKEN, (struct brush_paint){ .terrain = id, .side = -1 },
			          xstrdup(card->terrain[id].id));
		break;
	case 2:
		if (dialog_input(t, "Level", "The level to paint, 0 to 9:", "1", &level)) {
			lv = strtol(level, &end, 10);
			if (end != level && *end == '\0' && lv >= 0 && lv <= 9)
				set_brush(t, BRUSH_LEVEL, (struct brush_paint){ .terrain = -1, .side = -1, .level = (int)lv },
				          xasprintf("level %ld", lv));
			else
				tui_message(t, true, "a level is 0 to 9, not '%s'", level);
		}
		free(level);
		break;
	case 3:
		/* the side asked is where . paints first; each cursor move turns the
		 * brush to the side it moved to (edit_paint_from) */
		if ((id = choose_terrain(t, "Hexside feature", 1u << TERRAIN_HEXSIDE, NULL)) >= 0 &&
		    (side = choose_side(t)) >= 0)
			set_brush(t, BRUSH_HEXSIDE, (struct brush_paint){ .terrain = id, .side = side },
			          xasprintf("%s on %s", card->terrain[id].id,
			                    hex_direction_name(game_board(&t->s->game), side)));
		break;
	case 4:
		set_brush(t, BRUSH_ERASE, (struct brush_paint){ .terrain = -1, .side = -1 }, xstrdup("eraser"));
		break;
	default:
		break;
	}
}

void
edit_token_add(struct tui *t)
{
	char at[HEX_LABEL_SIZE];
	int id = choose_terrain(t, "Place a token", 1u << TERRAIN_TOKEN, NULL);

	tui_cursor_label(t, at);
	if (id >= 0)
		tui_command(t, "token add %s %s", at, game_card(&t->s->game)->terrain[id].id);
}

void
edit_token_remove(struct tui *t)
{
	char at[HEX_LABEL_SIZE];
	int id = choose_terrain(t, "Take away a token", 1u << TERRAIN_TOKEN,
	                        game_hex(&t->s->game, t->cursor));

	tui_cursor_label(t, at);
	if (id >= 0)
		tui_command(t, "token remove %s %s", at, game_card(&t->s->game)->terrain[id].id);
}

void
edit_structure(struct tui *t)
{
	char at[HEX_LABEL_SIZE], *v = NULL;

	tui_cursor_label(t, at);
	if (dialog_input(t, "Structure", "Its strength (hits that destroy it), and the hits it has "
	                                 "taken if any, such as '4' or '4 1':", "4", &v) && *v)
		tui_command(t, "structure %s %s", at, v);
	free(v);
}

void
edit_level(struct tui *t)
{
	char at[HEX_LABEL_SIZE], *v = NULL;

	tui_cursor_label(t, at);
	if (dialog_input(t, "Level", "The hex's level, 0 to 9:", "1", &v) && *v)
		tui_command(t, "level %s %s", at, v);
	free(v);
}

void
edit_hexside(struct tui *t)
{
	char at[HEX_LABEL_SIZE];
	int id = choose_terrain(t, "Hexside feature", 1u << TERRAIN_HEXSIDE, NULL), side;

	tui_cursor_label(t, at);
	if (id >= 0 && (side = choose_side(t)) >= 0)
		tui_command(t, "hexside add %s %s %s", at,
		            hex_direction_name(game_board(&t->s->game), side),
		            game_card(&t->s->game)->terrain[id].id);
}

void
edit_damage(struct tui *t)
{
	char at[HEX_LABEL_SIZE], *v = NULL;

	tui_cursor_label(t, at);
	if (dialog_input(t, "Structural hits",
	                 "Hits to the structure in the hex, or a side and hits for one on a "
	                 "hexside (such as 'ne 1'):", "1", &v) && *v)
		tui_command(t, "damage %s %s", at, v);
	free(v);
}

/* The letters an id of side `side` starts with: those of its first unit's id,
 * else the first letter of the side's name, capital (free it). */
static char *
id_prefix(const struct game *g, int side)
{
	const struct scen_side *team = &g->sc.teams[side];
	const char *name = team->name ? team->name : team->id;
	size_t n;

	for (size_t u = 0; u < g->nunits; u++)
		if (g->units[u].side == side) {
			n = strcspn(g->units[u].id, "0123456789");
			if (n > 0)
				return xstrndup(g->units[u].id, n);
		}
	return xasprintf("%c", toupper((unsigned char)name[0]));
}

/* The id offered for a new unit of `side`: its prefix and the number after the
 * highest of the ids of that prefix, not taken by any unit (free it). */
static char *
suggest_id(const struct game *g, int side)
{
	char *prefix = id_prefix(g, side), *id;
	size_t len = strlen(prefix);
	long next = 1;

	for (size_t u = 0; u < g->nunits; u++) {
		const char *rest = g->units[u].id + len;
		char *end;
		long n;
		/* reader: unit ids, for the next number of a side */
		if (strncmp(g->units[u].id, prefix, len) != 0 || !isdigit((unsigned char)*rest))
			continue;
		n = strtol(rest, &end, 10);
		if (*end == '\0' && n >= next)
			next = n + 1;
	}
	id = xasprintf("%s%ld", prefix, next);
	while (game_unit_find(g, id) >= 0) {
		free(id);
		id = xasprintf("%s%ld", prefix, ++next);
	}
	free(prefix);
	return id;
}

void
edit_unit_add(struct tui *t)
{
	const struct game *g = &t->s->game;
	const struct card *card = game_card(g);
	const char **sides, **classes;
	char at[HEX_LABEL_SIZE], *id = NULL, *strength = NULL, *offer = NULL, *initial;
	int side, cls, last = t->last_added >= 0 && (size_t)t->last_added < g->nunits
	                              ? t->last_added : -1;

	tui_cursor_label(t, at);
	if (tui_unit_at_cursor(t) >= 0) {
		tui_message(t, true, "a unit stands in %s already", at);
		return;
	}
	sides = xcalloc(g->sc.nteams + 1, sizeof *sides);
	for (size_t i = 0; i < g->sc.nteams; i++)
		sides[i] = g->sc.teams[i].name ? g->sc.teams[i].name : g->sc.teams[i].id;
	classes = xcalloc(card->nclasses + 1, sizeof *classes);
	for (size_t i = 0; i < card->nclasses; i++)
		classes[i] = card->classes[i].id;
	/* the side, class and strength of the unit added last are offered first */
	side = dialog_choose_from(t, "Add a unit: its side", sides, g->sc.nteams,
	                          last >= 0 ? g->units[last].side : 0);
	cls = side >= 0 ? dialog_choose_from(t, "Its class", classes, card->nclasses,
	                                     last >= 0 ? g->units[last].cls : 0)
	                : -1;
	if (cls >= 0)
		offer = suggest_id(g, side);
	initial = xasprintf("%d", last >= 0 ? g->units[last].strength : 4);
	if (cls >= 0 &&
	    dialog_input(t, "Its id", "The new unit's id (as on its counter):", offer, &id) &&
	    *id != '\0' &&
	    dialog_input(t, "Strength", "Its strength (blocks, figures, steps):", initial,
	                 &strength) &&
	    tui_command(t, "unit add %s %s %s %s %s", id, g->sc.teams[side].id,
	                card->classes[cls].id, at, strength))
		t->last_added = game_unit_find(g, id);
	free(initial);
	free(offer);
	free(strength);
	free(sides);
	free(classes);
	free(id);
}

/* The prompt of the unit's changes: the keys of unit set, then each value the
 * unit carries (`values`) with its key and what it is now. */
static char *
unit_edit_prompt(struct tui *t, int u)
{
	struct command_result res;
	struct strbuf p = { NULL, 0, 0 };

	strbuf_addf(&p, "%s", "Changes as key=value words: strength=N, formation=F, status=S, "
	            "clear=S, hex=HEX");
	if (tui_query(t, &res, "values %s", tui_unit_id(t, u)) && res.found.nneeds > 0) {
		strbuf_addf(&p, "%s", "; its values (KEY=N, - gives back its class's):");
		for (size_t i = 0; i < res.found.nneeds; i++)
			strbuf_addf(&p, "%s %s (%s) %s", i ? ";" : "", res.found.needs[i].key,
			            res.found.needs[i].name,
			            res.found.needs[i].now ? res.found.needs[i].now : "not given");
	}
	strbuf_addf(&p, "%s", ":");
	command_result_free(&res);
	return p.text;
}

/* In play, on a card with formations: the card's formations by name (the
 * unit's own marked), none, and the unit's values; a formation chosen is the
 * form command, refused where the phase does not allow it. True when the menu
 * was shown (the values' item chosen: false, the values asked as in set-up). */
static bool
formation_menu(struct tui *t, int u)
{
	const struct game *g = &t->s->game;
	const struct card *card = game_card(g);
	size_t n = card->words[WL_FORMATION].count, k;
	char **labels;
	int i;

	if (g->setup || n == 0)
		return false;
	labels = xreallocarray(NULL, n + 2, sizeof *labels);
	for (k = 0; k < n; k++)
		labels[k] = xasprintf("%s%s", card->words[WL_FORMATION].words[k],
		                      g->units[u].formation == (int)k ? " (now)" : "");
	labels[n] = xasprintf("- no formation%s", g->units[u].formation < 0 ? " (now)" : "");
	labels[n + 1] = xstrdup("Change the unit's values (unit set)...");
	i = dialog_choose_from(t, "Formation: form (the card's cost, in the phase that allows it)",
	                       (const char *const *)labels, n + 2,
	                       g->units[u].formation >= 0 ? g->units[u].formation : (int)n);
	for (k = 0; k < n + 2; k++)
		free(labels[k]);
	free(labels);
	if (i >= 0 && (size_t)i < n)
		tui_command(t, "form %s %s", tui_unit_id(t, u), card->words[WL_FORMATION].words[i]);
	else if ((size_t)i == n)
		tui_command(t, "form %s -", tui_unit_id(t, u));
	return i < 0 || (size_t)i <= n;
}

void
edit_unit_edit(struct tui *t)
{
	const struct game *g = &t->s->game;
	int u = tui_unit_at_cursor(t);
	char *initial, *words = NULL, *prompt;

	if (u < 0) {
		tui_message(t, true, "put the cursor on the unit to change");
		return;
	}
	if (formation_menu(t, u))
		return;
	initial = xasprintf("strength=%d", g->units[u].strength);
	prompt = unit_edit_prompt(t, u);
	if (dialog_input(t, "Change a unit", prompt, initial, &words) && *words)
		tui_command(t, "unit set %s %s", tui_unit_id(t, u), words);
	free(prompt);
	free(words);
	free(initial);
}

void
edit_unit_remove(struct tui *t)
{
	int u = tui_unit_at_cursor(t);
	char *q;

	if (u < 0) {
		tui_message(t, true, "put the cursor on the unit to remove");
		return;
	}
	q = xasprintf("Remove %s from the board? (undo puts it back)", tui_unit_id(t, u));
	if (dialog_ask(t, "Remove a unit", q, "yn") == 'y')
		tui_command(t, "unit remove %s", tui_unit_id(t, u));
	free(q);
}

void
edit_unit_duplicate(struct tui *t)
{
	const struct game *g = &t->s->game;
	int sel = tui_selected(t);
	char at[HEX_LABEL_SIZE], *offer, *id = NULL;

	tui_cursor_label(t, at);
	if (sel < 0) {
		tui_message(t, true, "select the unit to copy (s on it), then d on an empty hex");
		return;
	}
	if (tui_unit_at_cursor(t) >= 0) {
		tui_message(t, true, "a unit stands in %s already: d puts the copy in an empty hex", at);
		return;
	}
	offer = suggest_id(g, g->units[sel].side);
	if (dialog_input(t, "Copy a unit", "The copy's id (as on its counter):", offer, &id) &&
	    *id != '\0' &&
	    tui_command(t, "unit add %s %s %s %s %d", id, g->sc.teams[g->units[sel].side].id,
	                game_card(g)->classes[g->units[sel].cls].id, at, g->units[sel].strength))
		t->last_added = game_unit_find(g, id);
	free(offer);
	free(id);
}

void
edit_unit_place(struct tui *t)
{
	char at[HEX_LABEL_SIZE];
	int sel = tui_selected(t);

	tui_cursor_label(t, at);
	if (sel < 0)
		tui_message(t, true, "select a unit first (Enter or s on it)");
	else
		tui_command(t, "unit set %s hex=%s", tui_unit_id(t, sel), at);
}

/* The units of a side, one a line: id, class, hex, strength. */
static void
roster_side(const struct game *g, int side, struct strlist *lines)
{
	char at[HEX_LABEL_SIZE], *line;
	size_t n = 0;

	for (size_t u = 0; u < g->nunits; u++)
		n += g->units[u].side == side && !g->units[u].eliminated;
	line = xasprintf("%s: %zu unit%s", g->sc.teams[side].name ? g->sc.teams[side].name
	                                                           : g->sc.teams[side].id,
	                 n, n == 1 ? "" : "s");
	strlist_add(lines, line);
	free(line);
	for (size_t u = 0; u < g->nunits; u++) {
		const struct game_unit *un = &g->units[u];
		if (un->side != side || un->eliminated)
			continue;
		hex_label(game_board(g), un->hex, at);
		line = xasprintf("  %-6s %-16s %s  %d/%d", un->id, game_card(g)->classes[un->cls].id, at,
		                 un->strength, un->max_strength);
		strlist_add(lines, line);
		free(line);
	}
}

void
edit_roster(struct tui *t)
{
	const struct game *g = &t->s->game;
	struct strlist lines = { 0 };

	for (size_t s = 0; s < g->sc.nteams; s++) {
		if (s > 0)
			strlist_add(&lines, "");
		roster_side(g, (int)s, &lines);
	}
	dialog_text(t, "Roster: id, class, hex, strength", &lines);
	strlist_free(&lines);
}
