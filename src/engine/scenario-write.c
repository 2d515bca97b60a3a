/* scenario-write.c: a game's board and units written as a scenario file (engine
 * layer), laid out like the scenarios of data/scenarios: the map as rows of the
 * card's glyphs, levels, hexside features, roads as paths, tokens, structures
 * that differ from the card's, supply, victory, sides, units and their own
 * values, settings and the start. What it writes, scenario.c reads back to the
 * same state, and writing that again gives the same bytes. Also the blank
 * scenario of a card (hexaid new, and New scenario... in the interface).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cardpath.h"
#include "event.h"
#include "scenario-write.h"
#include "scenario.h"
#include "strutil.h"
#include "xmalloc.h"

/* ---- words and values ------------------------------------------------------- */

/* A double-quoted YAML string: quotes and backslashes escaped, line breaks and
 * tabs as \n and \t (text values hold no other control character). */
static void
put_quoted(struct strbuf *b, const char *s)
{
	strbuf_addf(b, "\"");
	for (const char *p = s; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addf(b, "\\%c", *p);
		else if (*p == '\n')
			strbuf_addf(b, "\\n");
		else if (*p == '\t')
			strbuf_addf(b, "\\t");
		else if ((unsigned char)*p < 0x20)
			strbuf_addf(b, "\\x%02x", (unsigned char)*p);
		else
			strbuf_addf(b, "%c", *p);
	}
	strbuf_addf(b, "\"");
}

/* Can s be written as a plain YAML scalar, in a flow mapping too, and read
 * back as the same text: a letter first, then letters, digits, spaces and a
 * few marks, no space last, and no word YAML reads as anything but text? */
static bool
plain_ok(const char *s)
{
	static const char *const words[] = { "true", "false", "null", "yes", "no", "on", "off",
		                             "y", "n" };
	size_t len = strlen(s);

	/* same text: a double space, which a plain scalar would not keep */
	if (len == 0 || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')) ||
	    s[len - 1] == ' ' || strstr(s, "  ") != NULL)
		return false;
	for (const char *p = s; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || strchr(" _.'()/-", *p) != NULL))
			return false;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcasecmp(s, words[i]) == 0)
			return false;
	return true;
}

/* A name or an id: plain where it reads back so, as a person writes it, else
 * quoted. */
static void
put_text(struct strbuf *b, const char *s)
{
	if (plain_ok(s))
		strbuf_addf(b, "%s", s);
	else
		put_quoted(b, s);
}

/* Notes as a person writes them, folded (`>`) in lines of at most 80
 * characters, where that reads back the same: one paragraph of words parted by
 * single spaces, ending in one line break. Else quoted. */
static bool
folds(const char *s)
{
	size_t len = strlen(s);

	/* same text: a double space, which folding would not keep */
	if (len < 2 || s[len - 1] != '\n' || s[0] == ' ' || s[len - 2] == ' ' ||
	    strstr(s, "  ") != NULL)
		return false;
	for (size_t i = 0; i + 1 < len; i++)
		if ((unsigned char)s[i] < 0x20)
			return false;
	return true;
}

static void
put_notes(struct strbuf *b, const char *s)
{
	const char *p = s;
	size_t col = 0;

	if (!folds(s)) {
		strbuf_addf(b, "notes: ");
		put_quoted(b, s);
		strbuf_addf(b, "\n");
		return;
	}
	strbuf_addf(b, "notes: >\n");
	while (*p != '\n') {
		size_t w = strcspn(p, " \n");
		if (col > 0 && col + 1 + w > 80) {
			strbuf_addf(b, "\n");
			col = 0;
		}
		strbuf_addf(b, "%s%.*s", col == 0 ? "  " : " ", (int)w, p);
		col += (col == 0 ? 2 : 1) + w;
		p += w;
		if (*p == ' ')
			p++;
	}
	strbuf_addf(b, "\n");
}

/* ---- the comments of the file read ------------------------------------------- */

/* A person's comments are kept where they stand in the file the scenario was
 * read from (sc.text): those before its first key, and those just before each
 * top-level key, which are written again before the same section. Only the
 * layout of lines is looked at (a line that starts with # or with the key);
 * nothing is decided from what the comments say. */
static const char *
line_after(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl != NULL ? nl + 1 : p + strlen(p);
}

/* The comment lines just before the line that starts with `key:` at the top
 * level (key NULL: those at the very top), written to b; false when none. */
static bool
put_comments(struct strbuf *b, const struct game *g, const char *key)
{
	const char *p = g->sc.text, *block = NULL;
	size_t klen = key != NULL ? strlen(key) : 0;

	if (p == NULL)
		return false;
	for (; *p != '\0'; p = line_after(p)) {
		if (*p == '#') {
			if (block == NULL)
				block = p;
			continue;
		}
		/* reader: a top-level key of the scenario file, at the start of its line */
		if (key == NULL || (strncmp(p, key, klen) == 0 && p[klen] == ':'))
			break;
		block = NULL;
	}
	if (block == NULL || *p == '\0' || (key == NULL && block != g->sc.text))
		return false;
	strbuf_addf(b, "%.*s", (int)(p - block), block);
	return true;
}

/* A section: a blank line, its comments, its key. */
static void
put_section(struct strbuf *b, const struct game *g, const char *key)
{
	strbuf_addf(b, "\n");
	put_comments(b, g, key);
	strbuf_addf(b, "%s:", key);
}

static void
put_label(struct strbuf *b, const struct game *g, struct hex h)
{
	char at[HEX_LABEL_SIZE];

	hex_label(game_board(g), h, at);
	strbuf_addf(b, "\"%s\"", at);
}

static const char *
terrain_id(const struct game *g, int t)
{
	return game_card(g)->terrain[t].id;
}

static enum terrain_kind
terrain_kind(const struct game *g, int t)
{
	return game_card(g)->terrain[t].kind;
}

/* ---- the map ------------------------------------------------------------------ */

/* The code of terrain t in a map row: its glyph when the glyph reads back as t
 * (the last terrain of the card with that glyph wins, as scenario.c reads it),
 * else its id, which the legend then gives. */
static bool
glyph_reads_back(const struct card *card, int t)
{
	char gl = card->terrain[t].glyph;

	if (gl == '\0' || gl == ' ' || gl == '+')
		return false;
	for (size_t i = (size_t)t + 1; i < card->nterrain; i++)
		if (card->terrain[i].glyph == gl)
			return false;
	return true;
}

/* Is terrain t written in the map row of its hex (not a token, a road or a
 * side's feature)? */
static bool
in_map(const struct game *g, int t)
{
	enum terrain_kind k = terrain_kind(g, t);

	return k != TERRAIN_TOKEN && k != TERRAIN_PATH && k != TERRAIN_HEXSIDE;
}

static void
put_legend(struct strbuf *b, const struct game *g)
{
	const struct card *card = game_card(g);
	size_t cells = (size_t)g->sc.board.columns * (size_t)g->sc.board.rows;
	bool *used = xcalloc(card->nterrain + 1, sizeof *used);
	bool any = false;

	for (size_t i = 0; i < cells; i++)
		for (size_t k = 0; k < g->terrain[i].count; k++) {
			int t = g->terrain[i].items[k];
			if (in_map(g, t) && !glyph_reads_back(card, t))
				used[t] = true;
		}
	for (size_t t = 0; t < card->nterrain; t++) {
		if (!used[t])
			continue;
		strbuf_addf(b, "%s%s: %s", any ? ", " : "  legend: { ", card->terrain[t].id,
		            card->terrain[t].id);
		any = true;
	}
	if (any)
		strbuf_addf(b, " }\n");
	free(used);
}

/* One hex's code: its map terrain joined by '+'. A hex with none (a token or a
 * road alone) takes the first map terrain of the card, as nothing else reads. */
static void
put_cell(struct strbuf *b, const struct game *g, const struct tset *cell)
{
	const struct card *card = game_card(g);
	bool any = false;

	for (size_t k = 0; k < cell->count; k++) {
		int t = cell->items[k];
		if (!in_map(g, t))
			continue;
		if (any)
			strbuf_addf(b, "+");
		if (glyph_reads_back(card, t))
			strbuf_addf(b, "%c", card->terrain[t].glyph);
		else
			strbuf_addf(b, "%s", card->terrain[t].id);
		any = true;
	}
	for (size_t t = 0; !any && t < card->nterrain; t++)
		if (card->terrain[t].kind == TERRAIN_HEX) {
			if (glyph_reads_back(card, (int)t))
				strbuf_addf(b, "%c", card->terrain[t].glyph);
			else
				strbuf_addf(b, "%s", card->terrain[t].id);
			any = true;
		}
}

static void
put_map(struct strbuf *b, const struct game *g)
{
	const struct hex_board *bd = &g->sc.board;

	put_section(b, g, "map");
	strbuf_addf(b, "\n");
	put_legend(b, g);
	strbuf_addf(b, "  rows:\n");
	for (int r = 0; r < bd->rows; r++) {
		strbuf_addf(b, "    - \"");
		for (int c = 0; c < bd->columns; c++) {
			if (c > 0)
				strbuf_addf(b, " ");
			put_cell(b, g, &g->terrain[scenario_offset_index(&g->sc, c, r)]);
		}
		strbuf_addf(b, "\"\n");
	}
}

static void
put_levels(struct strbuf *b, const struct game *g)
{
	const struct hex_board *bd = &g->sc.board;
	size_t cells = (size_t)bd->columns * (size_t)bd->rows;
	bool any = false;

	for (size_t i = 0; i < cells; i++)
		any |= g->levels[i] != 0;
	if (!any)
		return;
	put_section(b, g, "levels");
	strbuf_addf(b, "\n");
	for (int r = 0; r < bd->rows; r++) {
		strbuf_addf(b, "  - \"");
		for (int c = 0; c < bd->columns; c++) {
			int lv = g->levels[scenario_offset_index(&g->sc, c, r)];
			strbuf_addf(b, c > 0 ? " %c" : "%c", lv == 0 ? '.' : (char)('0' + lv));
		}
		strbuf_addf(b, "\"\n");
	}
}

/* ---- hexsides and roads --------------------------------------------------------- */

/* The direction of a side entry from the hex it was given for. */
static int
owner_dir(const struct scen_hexside *s)
{
	return hex_eq(s->owner, s->side.a) ? s->side.dir : s->side.dir + HEX_DIRECTIONS / 2;
}

static void
put_hexsides(struct strbuf *b, const struct game *g)
{
	bool any = false;

	for (size_t i = 0; i < g->nsides; i++) {
		const struct scen_hexside *s = &g->sides[i];
		if (terrain_kind(g, s->feature) != TERRAIN_HEXSIDE)
			continue;
		if (!any)
			put_section(b, g, "hexsides"), strbuf_addf(b, "\n");
		any = true;
		strbuf_addf(b, "  - { hex: ");
		put_label(b, g, s->owner);
		strbuf_addf(b, ", side: %s, feature: %s }\n",
		            hex_direction_name(game_board(g), owner_dir(s)), terrain_id(g, s->feature));
	}
}

/* The other hex of a road's side entry. */
static struct hex
entry_far(const struct scen_hexside *s)
{
	return hex_neighbor(s->owner, owner_dir(s));
}

/* The first road entry of `feature` not used yet that leaves `from`: one given
 * from it first (as a path read forward gives them), then one towards it.
 * -1: none. *far is the hex at its other end. */
static int
next_entry(const struct game *g, int feature, const bool *used, struct hex from, struct hex *far)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < g->nsides; i++) {
			const struct scen_hexside *s = &g->sides[i];
			if (used[i] || s->feature != feature)
				continue;
			if (pass == 0 && hex_eq(s->owner, from)) {
				*far = entry_far(s);
				return (int)i;
			}
			if (pass == 1 && hex_eq(entry_far(s), from)) {
				*far = s->owner;
				return (int)i;
			}
		}
	return -1;
}

/* One road: from the first entry not used, on as far as it goes. */
static void
put_path(struct strbuf *b, const struct game *g, int feature, bool *used, int first)
{
	struct hex at = entry_far(&g->sides[first]), far;
	int i, n = 1;

	used[first] = true;
	strbuf_addf(b, "  - feature: %s\n    path: [", terrain_id(g, feature));
	put_label(b, g, g->sides[first].owner);
	strbuf_addf(b, ", ");
	put_label(b, g, at);
	while ((i = next_entry(g, feature, used, at, &far)) >= 0) {
		used[i] = true;
		strbuf_addf(b, ++n % 9 == 0 ? ",\n           " : ", ");
		put_label(b, g, far);
		at = far;
	}
	strbuf_addf(b, "]\n");
}

/* Does a road of `feature` reach hex h along a side? */
static bool
road_reaches(const struct game *g, int feature, struct hex h)
{
	for (size_t i = 0; i < g->nsides; i++)
		if (g->sides[i].feature == feature &&
		    (hex_eq(g->sides[i].owner, h) || hex_eq(entry_far(&g->sides[i]), h)))
			return true;
	return false;
}

static void
put_roads(struct strbuf *b, const struct game *g)
{
	const struct card *card = game_card(g);
	bool *used = xcalloc(g->nsides + 1, sizeof *used), any = false;

	for (size_t t = 0; t < card->nterrain; t++) {
		if (card->terrain[t].kind != TERRAIN_PATH)
			continue;
		for (size_t i = 0; i < g->nsides; i++) {
			if (used[i] || g->sides[i].feature != (int)t)
				continue;
			if (!any)
				put_section(b, g, "roads"), strbuf_addf(b, "\n");
			any = true;
			put_path(b, g, (int)t, used, (int)i);
		}
		/* a hex of road that no side of road reaches: a path of one hex */
		for (int r = 0; r < g->sc.board.rows; r++)
			for (int c = 0; c < g->sc.board.columns; c++) {
				struct hex h = hex_from_offset(&g->sc.board, c, r);
				if (!tset_has(&g->terrain[scenario_offset_index(&g->sc, c, r)], (int)t) ||
				    road_reaches(g, (int)t, h))
					continue;
				if (!any)
					put_section(b, g, "roads"), strbuf_addf(b, "\n");
				any = true;
				strbuf_addf(b, "  - feature: %s\n    path: [", card->terrain[t].id);
				put_label(b, g, h);
				strbuf_addf(b, "]\n");
			}
	}
	free(used);
}

static void
put_tokens(struct strbuf *b, const struct game *g)
{
	bool any = false;

	for (int r = 0; r < g->sc.board.rows; r++)
		for (int c = 0; c < g->sc.board.columns; c++) {
			const struct tset *cell = &g->terrain[scenario_offset_index(&g->sc, c, r)];
			for (size_t k = 0; k < cell->count; k++) {
				if (terrain_kind(g, cell->items[k]) != TERRAIN_TOKEN)
					continue;
				if (!any)
					put_section(b, g, "tokens"), strbuf_addf(b, "\n");
				any = true;
				strbuf_addf(b, "  - { hex: ");
				put_label(b, g, hex_from_offset(&g->sc.board, c, r));
				strbuf_addf(b, ", token: %s }\n", terrain_id(g, cell->items[k]));
			}
		}
}

/* ---- structures and supply ----------------------------------------------------- */

static void
put_structures(struct strbuf *b, const struct game *g)
{
	const struct card *card = game_card(g);
	bool any = false;

	for (size_t i = 0; i < g->nstructures; i++) {
		const struct scen_structure *st = &g->structures[i];
		int own = event_card_structure(g, st->hex, st->dir);
		bool same_terrain = own == st->terrain;

		if (same_terrain && st->hits == 0 &&
		    st->strength == card->terrain[st->terrain].structure_strength)
			continue;
		if (!any)
			put_section(b, g, "structures"), strbuf_addf(b, "\n");
		any = true;
		strbuf_addf(b, "  - { hex: ");
		put_label(b, g, st->hex);
		if (st->dir >= 0)
			strbuf_addf(b, ", side: %s", hex_direction_name(game_board(g), st->dir));
		if (!same_terrain)
			strbuf_addf(b, ", terrain: %s", terrain_id(g, st->terrain));
		strbuf_addf(b, ", strength: %d", st->strength);
		if (st->hits > 0)
			strbuf_addf(b, ", hits: %d", st->hits);
		strbuf_addf(b, " }\n");
	}
}

static void
put_supply(struct strbuf *b, const struct game *g)
{
	for (size_t i = 0; i < g->sc.nsupplies; i++) {
		const struct scen_supply *s = &g->sc.supplies[i];
		if (i == 0)
			put_section(b, g, "supply"), strbuf_addf(b, "\n");
		strbuf_addf(b, "  - { tokens: [");
		for (size_t k = 0; k < s->ntokens; k++)
			strbuf_addf(b, "%s%s", k ? ", " : "", terrain_id(g, s->tokens[k]));
		strbuf_addf(b, "], count: %d }\n", s->count);
	}
}

/* ---- victory, sides, units ---------------------------------------------------- */

static void
put_victory(struct strbuf *b, const struct game *g)
{
	const struct scen_victory *v = &g->sc.victory;

	if (v->target <= 0 && v->turns <= 0)
		return;
	put_section(b, g, "victory");
	strbuf_addf(b, "\n");
	if (v->target > 0)
		strbuf_addf(b, "  target: %d\n", v->target);
	if (v->turns > 0)
		strbuf_addf(b, "  turns: %d\n", v->turns);
	if (v->name != NULL) {
		strbuf_addf(b, "  name: ");
		put_text(b, v->name);
		strbuf_addf(b, "\n");
	}
	if (v->per_unit != 1)
		strbuf_addf(b, "  per_unit: %d\n", v->per_unit);
	if (v->nobjectives > 0)
		strbuf_addf(b, "  objectives:\n");
	for (size_t i = 0; i < v->nobjectives; i++) {
		strbuf_addf(b, "    - { hex: ");
		put_label(b, g, v->objectives[i].hex);
		strbuf_addf(b, ", side: %s", g->sc.teams[v->objectives[i].side].id);
		if (v->objectives[i].value != 1)
			strbuf_addf(b, ", value: %d", v->objectives[i].value);
		strbuf_addf(b, " }\n");
	}
}

static void
put_sides(struct strbuf *b, const struct game *g)
{
	put_section(b, g, "sides");
	strbuf_addf(b, "\n");
	for (size_t i = 0; i < g->sc.nteams; i++) {
		const struct scen_side *s = &g->sc.teams[i];
		strbuf_addf(b, "  %s: { name: ", s->id);
		put_text(b, s->name ? s->name : s->id);
		if (s->home != HOME_NONE)
			strbuf_addf(b, ", home: %s", home_edge_names[s->home]);
		strbuf_addf(b, " }\n");
	}
}

/* A unit's own move, dice and values, over its class's. */
static void
put_unit_own(struct strbuf *b, const struct game *g, const struct unit_own *own)
{
	const struct card *card = game_card(g);
	bool any = false;

	if (own->move >= 0)
		strbuf_addf(b, ", move: %ld%s", own->move / 2, own->move % 2 ? ".5" : "");
	for (int c = 0; c < 8; c++) {
		const struct class_dice *d = &own->dice[c];
		if (d->n == 0)
			continue;
		strbuf_addf(b, "%s%s: ", any ? ", " : ", dice: { ",
		            card_vocabulary_id(card, FT_COMBAT, c));
		any = true;
		if (d->n < 0) {
			strbuf_addf(b, "%d", d->at[0]);
			continue;
		}
		for (int k = 0; k < d->n; k++)
			strbuf_addf(b, "%s%d", k ? ", " : "[", d->at[k]);
		strbuf_addf(b, "]");
	}
	if (any)
		strbuf_addf(b, " }");
	any = false;
	for (size_t v = 0; v < card->nvalues; v++) {
		if (!(own->values_given & (1u << v)))
			continue;
		strbuf_addf(b, "%s%s: %ld", any ? ", " : ", values: { ", card->values[v].id,
		            own->values[v]);
		any = true;
	}
	if (any)
		strbuf_addf(b, " }");
}

static void
put_status(struct strbuf *b, const struct game *g, uint64_t status)
{
	size_t n = card_vocabulary_count(game_card(g), FT_STATUS);
	bool any = false;

	bool one = status != 0 && (status & (status - 1)) == 0;

	for (size_t s = 0; s < n && s < 64; s++) {
		if (!(status & (UINT64_C(1) << s)))
			continue;
		/* one status alone as a word, as a person writes it */
		strbuf_addf(b, "%s%s", any ? ", " : one ? ", status: " : ", status: [",
		            card_vocabulary_id(game_card(g), FT_STATUS, (int)s));
		any = true;
	}
	if (any && !one)
		strbuf_addf(b, "]");
}

static void
put_units(struct strbuf *b, const struct game *g)
{
	const struct card *card = game_card(g);
	bool any = false;

	for (size_t i = 0; i < g->nunits; i++) {
		const struct game_unit *u = &g->units[i];
		if (u->eliminated)
			continue;
		if (!any)
			put_section(b, g, "units"), strbuf_addf(b, "\n");
		any = true;
		strbuf_addf(b, "  - { id: ");
		put_text(b, u->id);
		strbuf_addf(b, ", side: %s, class: %s, hex: ", g->sc.teams[u->side].id,
		            card->classes[u->cls].id);
		put_label(b, g, u->hex);
		strbuf_addf(b, ", strength: %d", u->strength);
		if (u->max_strength != u->strength)
			strbuf_addf(b, ", max_strength: %d", u->max_strength);
		if (u->formation >= 0)
			strbuf_addf(b, ", formation: %s",
			            card_vocabulary_id(card, FT_FORMATION, u->formation));
		put_status(b, g, u->status);
		put_unit_own(b, g, &u->own);
		strbuf_addf(b, " }\n");
	}
}

static void
put_settings(struct strbuf *b, const struct game *g)
{
	const struct card *card = game_card(g);
	bool any = false;

	for (size_t i = 0; i < card->nsettings && i < MAX_SETTINGS; i++) {
		if (g->settings[i] < 0)
			continue;
		if (!any)
			put_section(b, g, "settings"), strbuf_addf(b, "\n");
		any = true;
		strbuf_addf(b, "  %s: %s\n", card->settings[i].id,
		            card->settings[i].choices[g->settings[i]]);
	}
}

static void
put_start(struct strbuf *b, const struct game *g)
{
	put_section(b, g, "start");
	strbuf_addf(b, " { turn: %d, side: %s", g->sc.start_turn,
	            g->sc.teams[g->sc.start_side].id);
	if (g->sc.start_phase != NULL) {
		strbuf_addf(b, ", phase: ");
		put_quoted(b, g->sc.start_phase);
	}
	strbuf_addf(b, " }\n");
}

/* ---- the file ------------------------------------------------------------------- */

static void
put_head(struct strbuf *b, const struct game *g)
{
	const struct hex_board *bd = &g->sc.board;

	if (!put_comments(b, g, NULL))
		strbuf_addf(b, "# A scenario written by hexaid; the format is described in "
		               "hexaid(5).\n");
	strbuf_addf(b, "kind: scenario\nschema: 1\n");
	if (g->sc.id != NULL)
		strbuf_addf(b, "id: %s\n", g->sc.id);
	strbuf_addf(b, "title: ");
	put_quoted(b, g->sc.title ? g->sc.title : "");
	strbuf_addf(b, "\ncard: %s\n", g->sc.card_name ? g->sc.card_name : game_card(g)->id);
	if (g->sc.scale != NULL) {
		strbuf_addf(b, "scale: ");
		put_quoted(b, g->sc.scale);
		strbuf_addf(b, "\n");
	}
	if (g->sc.notes != NULL)
		put_notes(b, g->sc.notes);
	strbuf_addf(b, "board:\n  columns: %d\n  rows: %d\n  orientation: %s\n  offset: %s\n",
	            bd->columns, bd->rows, bd->orientation == HEX_POINTY ? "pointy" : "flat",
	            bd->offset == HEX_EVEN ? "even" : "odd");
	if (bd->first_column != 1)
		strbuf_addf(b, "  first_column: %d\n", bd->first_column);
	if (bd->first_row != 1)
		strbuf_addf(b, "  first_row: %d\n", bd->first_row);
}

char *
scenario_text(const struct game *g)
{
	struct strbuf b = { NULL, 0, 0 };

	put_head(&b, g);
	put_map(&b, g);
	put_levels(&b, g);
	put_hexsides(&b, g);
	put_roads(&b, g);
	put_tokens(&b, g);
	put_structures(&b, g);
	put_supply(&b, g);
	put_victory(&b, g);
	put_sides(&b, g);
	put_units(&b, g);
	put_settings(&b, g);
	put_start(&b, g);
	return b.text;
}

/* ---- a blank scenario (hexaid new, F10 -> Game -> New scenario...) ---------- */

/* The scenario's id: the file's name less .yaml, when that is an id. */
static char *
id_of_file(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	size_t len = strlen(base);
	char *id;

	/* reader: a file name */
	if (len > 5 && strcmp(base + len - 5, ".yaml") == 0)
		len -= 5;
	id = xstrndup(base, len);
	if (!str_is_id(id)) {
		free(id);
		return NULL;
	}
	return id;
}

/* The blank scenario's first text: every hex the ground, the card's sides; read
 * back and written again by scenario_text, so it is laid out as any other. */
static char *
blank_text(const struct card *card, const char *card_name, const char *id, int cols, int rows)
{
	const struct card_new_scenario *ns = &card->new_scenario;
	struct strbuf b = { NULL, 0, 0 };

	strbuf_addf(&b, "kind: scenario\nschema: 1\n%s%s%stitle: new\ncard: \"%s\"\n",
	            id ? "id: " : "", id ? id : "", id ? "\n" : "", card_name);
	strbuf_addf(&b, "board: { columns: %d, rows: %d, orientation: %s, offset: %s }\n", cols,
	            rows, ns->orientation ? "pointy" : "flat", ns->offset ? "even" : "odd");
	strbuf_addf(&b, "map:\n  legend: { g: %s }\n  rows:\n", card->terrain[ns->ground].id);
	for (int r = 0; r < rows; r++) {
		strbuf_addf(&b, "    - \"g");
		for (int c = 1; c < cols; c++)
			strbuf_addf(&b, " g");
		strbuf_addf(&b, "\"\n");
	}
	strbuf_addf(&b, "sides:\n");
	for (size_t i = 0; i < ns->nsides; i++)
		strbuf_addf(&b, "  %s: { home: %s }\n", ns->sides[i].id,
		            home_edge_names[ns->sides[i].home]);
	strbuf_addf(&b, "start: { turn: 1, side: %s }\n", ns->sides[0].id);
	return b.text;
}

bool
scenario_size_read(const char *text, int *cols, int *rows)
{
	char x, end;

	/* reader: a board size typed, COLSxROWS */
	return sscanf(text, "%d%c%d%c", cols, &x, rows, &end) == 3 && (x == 'x' || x == 'X') &&
	       *cols >= 1 && *cols <= 200 && *rows >= 1 && *rows <= 200;
}

bool
scenario_blank(const char *file, const struct card *card, const char *card_name,
               const char *title, int cols, int rows, struct game *g, struct diag_list *dl)
{
	char *id = id_of_file(file), *text = blank_text(card, card_name, id, cols, rows);
	struct scenario sc;
	struct cardpath cp;
	bool ok;

	cardpath_init(&cp);
	ok = scenario_load_text(&sc, file, text, strlen(text), &cp, dl);
	cardpath_free(&cp);
	free(text);
	free(id);
	if (!ok)
		return false;
	free(sc.title);
	sc.title = xstrdup(title);
	for (size_t i = 0; i < card->new_scenario.nsides && i < sc.nteams; i++) {
		free(sc.teams[i].name);
		sc.teams[i].name = xstrdup(card->new_scenario.sides[i].name);
	}
	game_start(g, &sc);
	return true;
}
