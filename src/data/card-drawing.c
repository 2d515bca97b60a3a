/* card-drawing.c: a rule card's `drawing:` section (data layer): how the map
 * draws the card's terrain, apart from its rules. Each entry names a terrain
 * and gives its colour (a role the terminal interface colours: water, woods,
 * ...) and, for a hexside feature, its side glyph (the character drawn along
 * the sides it stands on).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "card-read.h"

/* `side_glyph: "~"`: not a character the hex outlines are drawn with, and
 * each feature's own, so that a player tells a stream from a wall. */
static bool
read_side_glyph(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	const struct card *card = rd->ctx;
	struct terrain *t = rd->obj;
	const char *s;

	if (!ystring(doc, n, &s))
		return false;
	if (strlen(s) != 1 || s[0] < '!' || s[0] > '~')
		return yerror(doc, n, "a side glyph is one printable ASCII character, such as '~'");
	if (strchr("/\\|_", s[0]) != NULL)
		return yerror(doc, n, "'%c' draws the outline of every hex; give the feature a "
		              "character the outline does not use, such as '~' or '#'", s[0]);
	for (size_t i = 0; i < card->nterrain; i++) {
		const struct terrain *other = &card->terrain[i];

		if (other != t && other->side_glyph == s[0])
			return yerror(doc, n, "'%c' is already the side glyph of %s; give each "
			              "hexside feature its own", s[0], other->id);
	}
	t->side_glyph = s[0];
	return true;
}

/* `colour: water`: one of the roles of MAP_COLOURS but "none", which is what
 * saying nothing means. */
static bool
read_colour(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	int colour;

	if (!yenum(doc, n, map_colour_names + 1, N_MAP_COLOURS - 1, "map colour", &colour))
		return false;
	((struct terrain *)rd->obj)->colour = (enum map_colour)(colour + 1);
	return true;
}

static const struct yshape colours = { .kind = YS_ENUM, .names = map_colour_names + 1,
	                                .nnames = N_MAP_COLOURS - 1 };

/* The rows of a drawing entry, obj the terrain, ctx the card. */
static const struct yfield drawing_fields[] = {
	{ "colour", READ_BY(read_colour), .shape = &colours,
	  .help = "the map colour the terrain is drawn in" },
	{ "side_glyph", READ_BY(read_side_glyph), .shape = &ys_char,
	  .help = "a hexside feature: the character its sides are drawn with" },
};

static const struct ytable drawing_table = YTABLE("drawing entry", drawing_fields);

const struct yshape card_drawing_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &drawing_table }
};

bool
card_read_drawing(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "drawing"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		int t;

		if (!card_read_name(doc, card, n->keys[i], FT_TERRAIN, &t)) {
			ok = false;
			continue;
		}
		ok = ymap_read(doc, n->items[i], &drawing_table, &card->terrain[t], card) && ok;
	}
	return ok;
}

/* A side glyph that is another terrain's glyph would give one character two
 * meanings on one screen (the map draws the one, the paint menu and the
 * scenario's map rows the other): refused where it is written. */
static bool
side_glyph_own(struct ydoc *doc, const struct ynode *glyph, const struct card *card, int t)
{
	char ch = card->terrain[t].side_glyph;

	if (ch == '\0')        /* refused where it was read */
		return true;
	for (size_t i = 0; i < card->nterrain; i++) {
		const struct terrain *other = &card->terrain[i];

		if ((int)i != t && other->glyph == ch)
			return yerror(doc, glyph, "'%c' is already the glyph of %s (%s:%d): the map "
			              "would draw both alike; give %s a side glyph no terrain has",
			              ch, other->id, other->file, other->line, card->terrain[t].id);
	}
	return true;
}

/* Once every terrain is known: only hexside features have side glyphs, and no
 * side glyph is another terrain's glyph. */
bool
card_resolve_drawing(struct ydoc *doc, const struct card *card)
{
	const struct ynode *n = ymap_find(doc->root, "drawing");
	bool ok = true;

	if (n == NULL || n->kind != YNODE_MAPPING)
		return true;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *glyph = ymap_find(n->items[i], "side_glyph");
		int t = card_terrain(card, n->keys[i]->text);

		if (glyph == NULL || t < 0)
			continue;
		if (card->terrain[t].kind != TERRAIN_HEXSIDE)
			ok = yerror(doc, glyph, "%s is not a hexside feature: only those are drawn "
			            "along a side (side_glyph)", card->terrain[t].id) && ok;
		else
			ok = side_glyph_own(doc, glyph, card, t) && ok;
	}
	return ok;
}
