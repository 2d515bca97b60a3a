/* scenario.c: reads a scenario file (data layer): its card, found beside the file
 * or along the card path; the board; the terrain as rows of short codes with a
 * legend (the card's glyphs unless the scenario says otherwise); levels; hexside
 * features and roads; tokens; structures; the sides and their units; settings;
 * the start of the sequence. Every problem is reported at its line and column,
 * down to the code in a map row.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "card-read.h"
#include "cardpath.h"
#include "filehead.h"
#include "scenario.h"
#include "strutil.h"
#include "xmalloc.h"

#define SCENARIO_SCHEMA 1

struct sc_ctx {
	struct scenario *sc;
	const struct cardpath *cp;
	const char *legend_code[256];   /* one-character codes: the terrain they stand for */
	char *legend_multi[64];         /* longer codes */
	int legend_multi_terrain[64];
	size_t nlegend_multi;
};

/* ---- the card -------------------------------------------------------------- */

static char *
card_file_for(const char *scenario_path, const char *name, const struct cardpath *cp,
              char **passed)
{
	const char *slash = strrchr(scenario_path, '/');
	int dirlen = slash ? (int)(slash - scenario_path) : 1;
	const char *dir = slash ? scenario_path : ".";
	char *first[3], *file;

	*passed = NULL;
	/* a card named by a file name (with a '/' or ".yaml"), not by its id */
	/* reader: a card's name given */
	if (strchr(name, '/') != NULL || strstr(name, ".yaml") != NULL)
		return name[0] == '/' ? xstrdup(name) : xasprintf("%.*s/%s", dirlen, dir, name);
	/* beside the scenario, in the cards folder next to its folder, then the path */
	first[0] = xasprintf("%.*s", dirlen, dir);
	first[1] = xasprintf("%.*s/../cards", dirlen, dir);
	first[2] = NULL;
	file = cardpath_find(cp, (const char *const *)first, name, passed);
	free(first[0]);
	free(first[1]);
	return file;
}

static bool
load_card(struct ydoc *doc, struct sc_ctx *ctx)
{
	const struct ynode *n = ymap_find(doc->root, "card");
	char *file, *passed;
	size_t mark;
	bool ok;

	if (n == NULL)
		return yerror(doc, doc->root, "scenario has no 'card'; add a line 'card: ID' naming "
		                              "the rule card it is played with");
	if (n->kind != YNODE_SCALAR || n->len == 0)
		return yerror(doc, n, "'card' names a rule card by its id or file");
	free(ctx->sc->card_name);
	ctx->sc->card_name = xstrdup(n->text);
	file = card_file_for(doc->name, n->text, ctx->cp, &passed);
	if (file == NULL) {
		if (passed != NULL)
			yerror(doc, n, "no card '%s' beside this scenario or on the card path "
			               "(passed over %s; hexaid cards lists them)", n->text, passed);
		else
			yerror(doc, n, "no card '%s' beside this scenario or on the card path "
			               "(hexaid cards lists them)", n->text);
		free(passed);
		return false;
	}
	mark = doc->diags->count;
	ok = card_load(&ctx->sc->card, file, ctx->cp, doc->diags);
	if (!ok) {
		filehead_quote_if_own(doc->diags, mark, file);
		yerror(doc, n, "the card %s is not valid", file);
	}
	free(file);
	return ok;
}

/* ---- the board ------------------------------------------------------------- */

static const char *const orientations[] = { "flat", "pointy" };
static const char *const offsets[] = { "odd", "even" };

static const struct yfield board_fields[] = {
	{ "columns", AS_INT(struct hex_board, columns, 1, 200), .help = "the board's columns" },
	{ "rows", AS_INT(struct hex_board, rows, 1, 200), .help = "the board's rows" },
	{ "orientation", AS_ENUM(struct hex_board, orientation, orientations, 2, "orientation"),
	  .help = "flat: hexes with a flat top; pointy: with a point" },
	{ "offset", AS_ENUM(struct hex_board, offset, offsets, 2, "offset"),
	  .help = "which columns (or rows) are pushed half a hex" },
	{ "first_column", AS_INT(struct hex_board, first_column, 0, 99),
	  .help = "the number of the first column (1 unless given)" },
	{ "first_row", AS_INT(struct hex_board, first_row, 0, 99),
	  .help = "the number of the first row (1 unless given)" },
};

static const struct ytable board_table = YTABLE_UNKNOWN("board", board_fields, YUNKNOWN_ALL);

static bool
read_board(struct ydoc *doc, const struct ynode *n, struct sc_ctx *ctx)
{
	struct hex_board *b = &ctx->sc->board;
	bool ok;

	b->first_column = b->first_row = 1;
	ok = ymap_read(doc, n, &board_table, b, NULL);
	if (ok && (b->columns == 0 || b->rows == 0))
		ok = yerror(doc, n, "the board needs 'columns' and 'rows'");
	if (!ok || !hex_board_ok(b))
		return false;
	ctx->sc->terrain = xcalloc((size_t)b->columns * (size_t)b->rows, sizeof *ctx->sc->terrain);
	ctx->sc->levels = xcalloc((size_t)b->columns * (size_t)b->rows, sizeof *ctx->sc->levels);
	return true;
}

/* A hex label; an error at the node when it is malformed or off the board. */
static bool
read_hex(struct ydoc *doc, const struct ynode *n, const struct scenario *sc, struct hex *out)
{
	char first[HEX_LABEL_SIZE], last[HEX_LABEL_SIZE];

	if (n->kind != YNODE_SCALAR || n->len == 0)
		return yerror(doc, n, "expected a hex label such as 0405");
	if (hex_from_label(&sc->board, n->text, out))
		return true;
	hex_label(&sc->board, hex_from_offset(&sc->board, 0, 0), first);
	hex_label(&sc->board, hex_from_offset(&sc->board, sc->board.columns - 1, sc->board.rows - 1),
	          last);
	return yerror(doc, n, "'%s' is not a hex of this %dx%d board (%s to %s)", n->text,
	              sc->board.columns, sc->board.rows, first, last);
}

/* ---- terrain ------------------------------------------------------------------- */

static bool
terrain_of_kind(struct ydoc *doc, const struct ynode *n, const struct card *card, int t,
                unsigned kinds, const char *what)
{
	if (kinds & (1u << card->terrain[t].kind))
		return true;
	return yerror(doc, n, "'%s' is a %s in %s, not %s", card->terrain[t].id,
	              terrain_kind_names[card->terrain[t].kind], card->id, what);
}

static bool
read_terrain_id(struct ydoc *doc, const struct ynode *n, const struct card *card, int *out)
{
	size_t count;
	const char **names = card_vocabulary(card, FT_TERRAIN, &count);
	bool ok = yenum(doc, n, names, count, "terrain", out);

	free(names);
	return ok;
}

/* ---- the entries' keys -----------------------------------------------------
 *
 * The entries below are read by hand (they need the board, the card and the
 * sides); their tables say which keys each may hold, what each is (for the
 * schema), and are read first (check_keys) so that a key no reader reads is an
 * error at its place, as in the tables of the card. */

#define KEY(k, shape_, help_) { k, READ_BY(NULL), .shape = (shape_), .help = (help_) }

static const struct yshape hex_shape = { .kind = YS_TEXT };
static const struct yshape texts = { .kind = YS_LIST, .item = &ys_text };
static const struct yshape code_legend = { .kind = YS_MAP, .pattern = "^.+$", .item = &ys_id };
static const struct yshape strength_shape = { .kind = YS_INT, .min = 0, .max = 99 };
static const struct yshape count_shape = { .kind = YS_INT, .min = 1, .max = 999 };
static const struct yshape int_1_99 = { .kind = YS_INT, .min = 1, .max = 99 };
static const struct yshape int_1_999 = { .kind = YS_INT, .min = 1, .max = 999 };
static const struct yshape home_shape = { .kind = YS_ENUM, .names = home_edge_names + 1,
	                                  .nnames = N_HOME_EDGES - 1 };
static const struct yshape own_dice = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_INT, .max = 64,
	                                                .or = &(const struct yshape){
	                                                        .kind = YS_LIST,
	                                                        .item = &(const struct yshape){
	                                                                .kind = YS_INT, .max = 64 } } }
};
static const struct yshape own_values = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_INT, .min = -99, .max = 999 }
};

static const struct yfield map_fields[] = {
	KEY("legend", &code_legend, "the terrain each code stands for, over the card's glyphs"),
	KEY("rows", &texts, "the board's rows, one code (or codes joined by '+') a hex"),
};
static const struct ytable map_table = YTABLE_UNKNOWN("map", map_fields, YUNKNOWN_ALL);

static const struct yfield hexside_fields[] = {
	KEY("hex", &hex_shape, "the hex, as the board numbers it (0702)"),
	KEY("side", &ys_text, "its side: a direction (n, ne, se...) or the hex beyond"),
	KEY("feature", &ys_id, "the hexside feature of the card along it"),
};
static const struct ytable hexside_table = YTABLE("hexside entry", hexside_fields);

static const struct yfield road_fields[] = {
	KEY("feature", &ys_id, "the path of the card (road, trail...)"),
	KEY("path", &texts, "the hexes it runs through, each next to the one before"),
};
static const struct ytable road_table = YTABLE("road entry", road_fields);

static const struct yfield token_fields[] = {
	KEY("hex", &hex_shape, "the hex, as the board numbers it"),
	KEY("token", &ys_id, "the token of the card on it"),
};
static const struct ytable token_table = YTABLE("token entry", token_fields);

static const struct yfield structure_entry_fields[] = {
	KEY("hex", &hex_shape, "the hex, as the board numbers it"),
	KEY("side", &ys_text, "its side, for a structure along a hexside"),
	KEY("terrain", &ys_id, "the terrain the structure is"),
	KEY("strength", &int_1_99,
	    "the hits that destroy it, over the card's"),
	KEY("hits", &strength_shape, "the hits it has taken"),
};
static const struct ytable structure_entry_table = YTABLE("structure entry",
                                                          structure_entry_fields);

static const struct yfield supply_fields[] = {
	KEY("tokens", &ys_ids, "the tokens of the card the players may place"),
	KEY("count", &count_shape, "how many"),
};
static const struct ytable supply_table = YTABLE("supply entry", supply_fields);

static const struct yfield side_fields[] = {
	KEY("name", &ys_text, "the side's name for the players"),
	KEY("home", &home_shape,
	    "the board edge the side's retreats go towards"),
};
static const struct ytable side_table = YTABLE("side", side_fields);

static const struct yfield unit_fields[] = {
	KEY("id", &ys_text, "the unit's id, as commands name it (A1)"),
	KEY("side", &ys_id, "its side (sides:)"),
	KEY("class", &ys_id, "its class (the card's classes:)"),
	KEY("hex", &hex_shape, "the hex it starts on"),
	KEY("strength", &strength_shape, "its strength (blocks, figures, steps)"),
	KEY("max_strength", &int_1_99,
	    "its full strength, when more than it starts with"),
	KEY("formation", &ys_id, "its formation (the card's formations:)"),
	KEY("status", &ys_id_or_ids, "its statuses (the card's statuses:)"),
	KEY("move", &ys_points, "its own movement allowance, over its class's"),
	KEY("dice", &own_dice, "its own battle dice by combat type, over its class's"),
	KEY("values", &own_values, "its own unit values, over its class's"),
};
static const struct ytable unit_table = YTABLE_UNKNOWN("unit", unit_fields, YUNKNOWN_NEAREST);

static const struct yfield start_fields[] = {
	KEY("turn", &int_1_999,
	    "the turn the game starts on"),
	KEY("side", &ys_id, "the side that plays first"),
	KEY("phase", &ys_text, "the phase of the card's sequence it starts in"),
};
static const struct ytable start_table = YTABLE("start", start_fields);

static const struct yfield objective_fields[] = {
	KEY("hex", &hex_shape, "the hex, as the board numbers it"),
	KEY("side", &ys_id, "the side it counts for"),
	KEY("value", &int_1_99,
	    "what holding it counts (1 unless given)"),
};
static const struct ytable objective_table = YTABLE("objective", objective_fields);
static const struct yshape objectives_shape = {
	.kind = YS_LIST, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &objective_table }
};

static const struct yfield victory_fields[] = {
	KEY("target", &int_1_999,
	    "what a side needs to win"),
	KEY("turns", &int_1_999,
	    "the last turn: when the last side has ended it, the side with more points wins"),
	KEY("per_unit", &strength_shape,
	    "what each enemy unit eliminated counts"),
	KEY("name", &ys_text, "what the points are called (Victory Medals)"),
	KEY("objectives", &objectives_shape,
	    "the hexes that count for a side that holds them"),
};
static const struct ytable victory_table = YTABLE("victory", victory_fields);

#undef KEY

/* An entry's keys checked against its table: a mapping holding only them. */
static bool
check_keys(struct ydoc *doc, const struct ynode *e, const struct ytable *table)
{
	return ymap_read(doc, e, table, NULL, NULL);
}

/* The legend: `legend: { ".": open, f: woods }`, else the card's glyphs. */
static bool
read_legend(struct ydoc *doc, const struct ynode *n, struct sc_ctx *ctx)
{
	const struct card *card = &ctx->sc->card;
	bool ok = true;

	for (size_t t = 0; t < card->nterrain; t++)
		if (card->terrain[t].glyph != '\0')
			ctx->legend_code[(unsigned char)card->terrain[t].glyph] = card->terrain[t].id;
	if (n == NULL)
		return true;
	if (!yis_mapping(doc, n, "legend"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const char *code = n->keys[i]->text;
		int t;

		if (!read_terrain_id(doc, n->items[i], card, &t)) {
			ok = false;
			continue;
		}
		if (strlen(code) == 1) {
			ctx->legend_code[(unsigned char)code[0]] = card->terrain[t].id;
		} else if (ctx->nlegend_multi < 64 && strchr(code, '+') == NULL) {
			ctx->legend_multi[ctx->nlegend_multi] = xstrdup(code);
			ctx->legend_multi_terrain[ctx->nlegend_multi++] = t;
		} else {
			ok = yerror(doc, n->keys[i], "a legend code has no '+' (it joins codes in a hex)");
		}
	}
	return ok;
}

static int
legend_lookup(const struct sc_ctx *ctx, const char *code, size_t len)
{
	if (len == 1 && ctx->legend_code[(unsigned char)code[0]] != NULL)
		return card_terrain(&ctx->sc->card, ctx->legend_code[(unsigned char)code[0]]);
	for (size_t i = 0; i < ctx->nlegend_multi; i++)
		/* a map row's code: the characters read so far */
		/* reader: a map row's codes */
		if (strlen(ctx->legend_multi[i]) == len && strncmp(ctx->legend_multi[i], code, len) == 0)
			return ctx->legend_multi_terrain[i];
	return -1;
}

/* The column of character `offset` of a one-line scalar. */
static int
scalar_col(const struct ynode *n, size_t offset)
{
	return n->col + (n->plain ? 0 : 1) + (int)offset;
}

/* An error at one code of a row; `what` is said before the code in quotes. */
static bool
code_error(struct ydoc *doc, const struct ynode *row, size_t offset, const char *what,
           const char *code, size_t len)
{
	struct ynode at = *row;

	at.col = scalar_col(row, offset);
	return yerror(doc, &at, "%s '%.*s'", what, (int)len, code);
}

/* One row of codes: each hex a code or codes joined by '+', hexes apart by spaces. */
static bool
read_map_row(struct ydoc *doc, const struct ynode *n, struct sc_ctx *ctx, int row)
{
	struct scenario *sc = ctx->sc;
	const char *p;
	int col = 0;

	if (n->kind != YNODE_SCALAR)
		return yerror(doc, n, "a map row is one line of codes, such as \". . f f\"");
	p = n->text;
	while (*p != '\0') {
		const char *start;
		struct tset *cell;

		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		start = p;
		while (*p != '\0' && *p != ' ')
			p++;
		if (col >= sc->board.columns)
			return code_error(doc, n, (size_t)(start - n->text),
			                  "more hexes in this row than the board's columns, from", start,
			                  (size_t)(p - start));
		cell = &sc->terrain[(size_t)row * (size_t)sc->board.columns + (size_t)col];
		for (const char *c = start; c < p;) {
			const char *end = memchr(c, '+', (size_t)(p - c));
			int t;
			if (end == NULL)
				end = p;
			t = legend_lookup(ctx, c, (size_t)(end - c));
			if (t < 0)
				return code_error(doc, n, (size_t)(c - n->text),
				                  "not in the legend (nor a glyph of the card):", c,
				                  (size_t)(end - c));
			if (!tset_add(cell, t))
				return code_error(doc, n, (size_t)(c - n->text),
				                  "too much terrain in one hex at", c, (size_t)(end - c));
			c = end < p ? end + 1 : end;
		}
		col++;
	}
	if (col < sc->board.columns)
		return yerror(doc, n, "this row has %d hexes; the board has %d columns", col,
		              sc->board.columns);
	return true;
}

static bool
read_map(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	const struct ynode *rows;
	bool ok;

	if (!check_keys(doc, n, &map_table))
		return false;
	ok = read_legend(doc, ymap_find(n, "legend"), ctx);
	rows = ymap_find(n, "rows");
	if (rows == NULL)
		return yerror(doc, n, "map has no 'rows'");
	if (!yis_sequence(doc, rows, "rows"))
		return false;
	if (rows->count != (size_t)ctx->sc->board.rows)
		return yerror(doc, rows, "the map has %zu rows; the board has %d", rows->count,
		              ctx->sc->board.rows);
	for (size_t r = 0; r < rows->count; r++)
		ok = read_map_row(doc, rows->items[r], ctx, (int)r) && ok;
	return ok;
}

/* `levels:` rows of digits, '.' for none, apart by spaces like the map. */
static bool
read_levels(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	struct scenario *sc = ctx->sc;
	bool ok = true;

	if (!yis_sequence(doc, n, "levels"))
		return false;
	if (n->count != (size_t)sc->board.rows)
		return yerror(doc, n, "levels has %zu rows; the board has %d", n->count, sc->board.rows);
	for (size_t r = 0; r < n->count; r++) {
		const struct ynode *row = n->items[r];
		int col = 0;

		if (row->kind != YNODE_SCALAR) {
			ok = yerror(doc, row, "a levels row is one line such as \". 1 1 2 .\"");
			continue;
		}
		for (const char *p = row->text; *p != '\0'; p++) {
			if (*p == ' ')
				continue;
			if ((*p != '.' && (*p < '0' || *p > '9')) || col >= sc->board.columns ||
			    (p[1] != ' ' && p[1] != '\0')) {
				ok = code_error(doc, row, (size_t)(p - row->text),
				                "a level is one digit or '.', one per hex:", p, 1);
				break;
			}
			sc->levels[r * (size_t)sc->board.columns + (size_t)col++] = *p == '.' ? 0 : *p - '0';
		}
	}
	return ok;
}

static void
add_side_feature(struct scenario *sc, struct hex owner, int dir, int feature)
{
	struct scen_hexside *s = xgrow(&sc->sides, &sc->nsides, &sc->cap_sides, sizeof *s);

	s->side = hexside_of(owner, dir);
	s->owner = owner;
	s->feature = feature;
}

/* `hexsides: [ { hex: "0405", side: ne, feature: stream }, ... ]` */
static bool
read_hexsides(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	struct scenario *sc = ctx->sc;
	bool ok = true;

	if (!yis_sequence(doc, n, "hexsides"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *e = n->items[i], *h, *s, *f;
		struct hex hex;
		int dir, feature;
		const char *const *names = hex_direction_names(&sc->board);

		if (!yis_mapping(doc, e, "a hexside entry") || !check_keys(doc, e, &hexside_table)) {
			ok = false;
			continue;
		}
		h = ymap_find(e, "hex");
		s = ymap_find(e, "side");
		f = ymap_find(e, "feature");
		if (h == NULL || s == NULL || f == NULL) {
			ok = yerror(doc, e, "a hexside entry gives hex, side and feature");
			continue;
		}
		if (!read_hex(doc, h, sc, &hex) ||
		    !yenum(doc, s, names, HEX_DIRECTIONS, "side", &dir) ||
		    !read_terrain_id(doc, f, &sc->card, &feature) ||
		    !terrain_of_kind(doc, f, &sc->card, feature, 1u << TERRAIN_HEXSIDE, "a hexside")) {
			ok = false;
			continue;
		}
		add_side_feature(sc, hex, dir, feature);
	}
	return ok;
}

/* `roads: [ { feature: road, path: [0101, 0201, ...] } ]`: the path terrain in each
 * hex, and on each side crossed, so moves along it can be told from moves across. */
static bool
read_roads(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	struct scenario *sc = ctx->sc;
	bool ok = true;

	if (!yis_sequence(doc, n, "roads"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *e = n->items[i], *f, *path;
		struct hex prev = { 0, 0 };
		int feature;

		if (!yis_mapping(doc, e, "a road entry") || !check_keys(doc, e, &road_table)) {
			ok = false;
			continue;
		}
		f = ymap_find(e, "feature");
		path = ymap_find(e, "path");
		if (f == NULL || path == NULL) {
			ok = yerror(doc, e, "a road entry gives feature and path");
			continue;
		}
		if (!read_terrain_id(doc, f, &sc->card, &feature) ||
		    !terrain_of_kind(doc, f, &sc->card, feature, 1u << TERRAIN_PATH, "a path") ||
		    !yis_sequence(doc, path, "path")) {
			ok = false;
			continue;
		}
		for (size_t k = 0; k < path->count; k++) {
			struct hex h;
			struct tset *cell;
			if (!read_hex(doc, path->items[k], sc, &h)) {
				ok = false;
				break;
			}
			if (k > 0 && hex_direction_to(prev, h) < 0) {
				ok = yerror(doc, path->items[k], "%s is not next to the hex before it on this "
				                                 "road", path->items[k]->text);
				break;
			}
			cell = &sc->terrain[scenario_hex_index(sc, h)];
			if (!tset_has(cell, feature))
				tset_add(cell, feature);
			if (k > 0)
				add_side_feature(sc, prev, hex_direction_to(prev, h), feature);
			prev = h;
		}
	}
	return ok;
}

/* `tokens: [ { hex: "0506", token: wire } ]` */
static bool
read_tokens(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	struct scenario *sc = ctx->sc;
	bool ok = true;

	if (!yis_sequence(doc, n, "tokens"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *e = n->items[i], *h, *t;
		struct hex hex;
		int token;

		if (!yis_mapping(doc, e, "a token entry") || !check_keys(doc, e, &token_table)) {
			ok = false;
			continue;
		}
		h = ymap_find(e, "hex");
		t = ymap_find(e, "token");
		if (h == NULL || t == NULL) {
			ok = yerror(doc, e, "a token entry gives hex and token");
			continue;
		}
		if (!read_hex(doc, h, sc, &hex) || !read_terrain_id(doc, t, &sc->card, &token) ||
		    !terrain_of_kind(doc, t, &sc->card, token, 1u << TERRAIN_TOKEN, "a token")) {
			ok = false;
			continue;
		}
		if (!tset_add(&sc->terrain[scenario_hex_index(sc, hex)], token))
			ok = yerror(doc, e, "too much terrain in %s", h->text);
	}
	return ok;
}

/* The structure of a hex (dir -1) or of one of its sides, or NULL. */
static struct scen_structure *
structure_at(struct scenario *sc, struct hex h, int dir)
{
	for (size_t i = 0; i < sc->nstructures; i++) {
		struct scen_structure *st = &sc->structures[i];
		if (dir < 0 ? st->dir < 0 && hex_eq(st->hex, h)
		            : st->dir >= 0 && hexside_eq(hexside_of(st->hex, st->dir), hexside_of(h, dir)))
			return st;
	}
	return NULL;
}

/* The first terrain of the card's structures in a hex, or on one of its sides. */
static int
structural_terrain(const struct scenario *sc, struct hex h, int dir)
{
	const struct tset *cell = &sc->terrain[scenario_hex_index(sc, h)];

	if (dir < 0) {
		for (size_t k = 0; k < cell->count; k++)
			if (sc->card.terrain[cell->items[k]].structure_strength > 0)
				return cell->items[k];
		return -1;
	}
	for (size_t i = 0; i < sc->nsides; i++)
		if (hexside_eq(sc->sides[i].side, hexside_of(h, dir)) &&
		    sc->card.terrain[sc->sides[i].feature].structure_strength > 0)
			return sc->sides[i].feature;
	return -1;
}

static int
default_strength(const struct scenario *sc, int terrain)
{
	return terrain >= 0 && sc->card.terrain[terrain].structure_strength > 0
	               ? sc->card.terrain[terrain].structure_strength
	               : 4;
}

/* `structures: [ { hex: "0607", strength: 8, hits: 0 } ]`: the hex's structural
 * terrain (or, with `side:`, the feature on that side) is the structure;
 * `terrain:` names it when there is a choice. The card's strength by default. */
static bool
read_structures(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	struct scenario *sc = ctx->sc;
	bool ok = true;

	if (!yis_sequence(doc, n, "structures"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *e = n->items[i], *h = ymap_find(e, "hex");
		struct scen_structure st = { .terrain = -1, .dir = -1 }, *old;
		const struct ynode *v;
		long x;

		if (!yis_mapping(doc, e, "a structure entry") || !check_keys(doc, e, &structure_entry_table)) {
			ok = false;
			continue;
		}
		if (h == NULL || !read_hex(doc, h, sc, &st.hex)) {
			ok = h != NULL ? false : yerror(doc, e, "a structure entry gives its hex");
			continue;
		}
		if ((v = ymap_find(e, "side")) != NULL &&
		    !yenum(doc, v, hex_direction_names(&sc->board), HEX_DIRECTIONS, "side", &st.dir))
			ok = false;
		if ((v = ymap_find(e, "terrain")) != NULL && !read_terrain_id(doc, v, &sc->card, &st.terrain))
			ok = false;
		if (st.terrain < 0)
			st.terrain = structural_terrain(sc, st.hex, st.dir);
		if (st.terrain < 0 && st.dir < 0 && sc->terrain[scenario_hex_index(sc, st.hex)].count > 0)
			st.terrain = sc->terrain[scenario_hex_index(sc, st.hex)].items[0];
		if (st.terrain < 0) {
			ok = yerror(doc, e, "%s holds nothing to be a structure", h->text);
			continue;
		}
		st.strength = default_strength(sc, st.terrain);
		if ((v = ymap_find(e, "strength")) != NULL && (ok = yint(doc, v, 1, 99, &x) && ok))
			st.strength = (int)x;
		if ((v = ymap_find(e, "hits")) != NULL && (ok = yint(doc, v, 0, 99, &x) && ok))
			st.hits = (int)x;
		if ((old = structure_at(sc, st.hex, st.dir)) != NULL)
			*old = st;
		else
			*(struct scen_structure *)xgrow(&sc->structures, &sc->nstructures,
			                                &sc->cap_structures, sizeof st) = st;
	}
	return ok;
}

/* `supply: [ { tokens: [wire, shell_crater], count: 26 } ]`: how many tokens the
 * box holds, for a warning when the table runs out. */
static bool
read_supply(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	struct scenario *sc = ctx->sc;
	bool ok = true;

	if (!yis_sequence(doc, n, "supply"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *e = n->items[i], *tokens, *count;
		struct scen_supply s = { .ntokens = 0 };
		long x;

		if (!yis_mapping(doc, e, "a supply entry") || !check_keys(doc, e, &supply_table)) {
			ok = false;
			continue;
		}
		tokens = ymap_find(e, "tokens");
		count = ymap_find(e, "count");
		if (tokens == NULL || count == NULL || !yis_sequence(doc, tokens, "tokens")) {
			ok = tokens != NULL && count != NULL ? false
			                                     : yerror(doc, e, "a supply entry gives tokens and count");
			continue;
		}
		if (!yint(doc, count, 1, 9999, &x)) {
			ok = false;
			continue;
		}
		s.count = (int)x;
		for (size_t k = 0; k < tokens->count && k < 8; k++) {
			int t;
			if (read_terrain_id(doc, tokens->items[k], &sc->card, &t) &&
			    terrain_of_kind(doc, tokens->items[k], &sc->card, t, 1u << TERRAIN_TOKEN, "a token"))
				s.tokens[s.ntokens++] = t;
			else
				ok = false;
		}
		*(struct scen_supply *)xgrow(&sc->supplies, &sc->nsupplies, &sc->cap_supplies,
		                             sizeof s) = s;
	}
	return ok;
}

/* Every hex and hexside feature the card makes a structure is one, at the card's
 * strength, unless the scenario listed it. */
static void
add_card_structures(struct scenario *sc)
{
	for (int r = 0; r < sc->board.rows; r++)
		for (int c = 0; c < sc->board.columns; c++) {
			struct hex h = hex_from_offset(&sc->board, c, r);
			int t = structural_terrain(sc, h, -1);
			if (t >= 0 && structure_at(sc, h, -1) == NULL)
				*(struct scen_structure *)xgrow(&sc->structures, &sc->nstructures,
				                                &sc->cap_structures, sizeof(struct scen_structure)) =
				        (struct scen_structure){ h, -1, t, default_strength(sc, t), 0 };
		}
	for (size_t i = 0; i < sc->nsides; i++) {
		int t = sc->sides[i].feature;
		struct hexside s = sc->sides[i].side;
		if (sc->card.terrain[t].structure_strength > 0 && structure_at(sc, s.a, s.dir) == NULL)
			*(struct scen_structure *)xgrow(&sc->structures, &sc->nstructures,
			                                &sc->cap_structures, sizeof(struct scen_structure)) =
			        (struct scen_structure){ s.a, s.dir, t, default_strength(sc, t), 0 };
	}
}

/* ---- sides and units ------------------------------------------------------------- */

static int
team_index(const struct scenario *sc, const char *id)
{
	for (size_t i = 0; i < sc->nteams; i++)
		if (strcmp(sc->teams[i].id, id) == 0) /* reader: scenario ids, a team's */
			return (int)i;
	return -1;
}


void
unit_own_init(struct unit_own *own)
{
	memset(own, 0, sizeof *own);
	own->move = -1;
}

static bool
read_sides(struct ydoc *doc, const struct ynode *n, struct sc_ctx *ctx)
{
	struct scenario *sc = ctx->sc;
	bool ok = true;

	if (!yis_mapping(doc, n, "sides"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		struct scen_side *s;
		const struct ynode *name = ymap_find(n->items[i], "name");
		const struct ynode *home = ymap_find(n->items[i], "home");
		const char *id, *text = NULL;
		int edge = HOME_NONE;

		if (!yid(doc, n->keys[i], &id) ||
		    (n->items[i]->kind == YNODE_MAPPING && !check_keys(doc, n->items[i], &side_table)) ||
		    (name != NULL && !ystring(doc, name, &text)) ||
		    (home != NULL && !yenum(doc, home, home_edge_names + 1, N_HOME_EDGES - 1,
		                            "board edge", &edge))) {
			ok = false;
			continue;
		}
		s = xgrow(&sc->teams, &sc->nteams, &sc->cap_teams, sizeof *s);
		s->id = xstrdup(id);
		s->name = xstrdup(text ? text : id);
		s->home = home != NULL ? (enum home_edge)(edge + 1) : HOME_NONE;
	}
	if (ok && sc->nteams < 2)
		ok = yerror(doc, n, "a scenario has at least two sides");
	return ok;
}

static bool
read_unit_status(struct ydoc *doc, const struct ynode *v, const struct card *card, uint64_t *out)
{
	size_t count;
	const char **names = card_vocabulary(card, FT_STATUS, &count);
	bool ok = true;
	int s;

	for (size_t k = 0; k < (v->kind == YNODE_SEQUENCE ? v->count : 1); k++) {
		const struct ynode *one = v->kind == YNODE_SEQUENCE ? v->items[k] : v;
		if (yenum(doc, one, names, count, "status", &s))
			*out |= UINT64_C(1) << s;
		else
			ok = false;
	}
	free(names);
	return ok;
}

/* A unit's own values over its class's: `move: 4`, `dice: { fire: 3 }`,
 * `values: { cohesion: 3 }`. */
static bool
read_unit_own(struct ydoc *doc, const struct ynode *e, const struct card *card,
              struct unit_own *own)
{
	const struct ynode *v;
	bool ok = true;

	if ((v = ymap_find(e, "move")) != NULL)
		ok = card_read_points(doc, v, &own->move) && ok;
	if ((v = ymap_find(e, "dice")) != NULL)
		ok = card_read_battle_dice(doc, card, v, own->dice) && ok;
	if ((v = ymap_find(e, "values")) != NULL)
		ok = card_read_unit_values(doc, card, v, own->values, &own->values_given) && ok;
	return ok;
}

static bool
read_unit(struct ydoc *doc, const struct ynode *e, struct sc_ctx *ctx, struct scen_unit *u)
{
	struct scenario *sc = ctx->sc;
	const struct ynode *v;
	const char *id;
	long x;
	bool ok = true;
	size_t count;
	const char **names;

	u->formation = -1;
	unit_own_init(&u->own);
	if (!check_keys(doc, e, &unit_table))
		ok = false;
	if ((v = ymap_find(e, "id")) == NULL || !ystring(doc, v, &id))
		return v ? false : yerror(doc, e, "a unit gives its id, side, class and hex");
	if (strlen(id) > 8 || strpbrk(id, " \"#") != NULL)
		return yerror(doc, v, "a unit id is a short word of at most 8 characters, such as B3");
	for (size_t i = 0; i < sc->nunits; i++)
		/* reader: scenario ids, a unit's */
		if (sc->units[i].id != NULL && strcmp(sc->units[i].id, id) == 0)
			return yerror(doc, v, "unit '%s' is given twice", id);
	u->id = xstrdup(id);
	if ((v = ymap_find(e, "side")) == NULL)
		ok = yerror(doc, e, "unit %s has no side", id);
	else if (v->kind != YNODE_SCALAR || (u->side = team_index(sc, v->text)) < 0)
		ok = yerror(doc, v, "unit %s: no side '%s' in this scenario's sides", id, v->text);
	if ((v = ymap_find(e, "class")) == NULL) {
		ok = yerror(doc, e, "unit %s has no class", id);
	} else {
		names = card_vocabulary(&sc->card, FT_CLASS, &count);
		ok = yenum(doc, v, names, count, "unit class", &u->cls) && ok;
		free(names);
	}
	if ((v = ymap_find(e, "hex")) == NULL)
		ok = yerror(doc, e, "unit %s has no hex", id);
	else
		ok = read_hex(doc, v, sc, &u->hex) && ok;
	u->strength = u->max_strength = 1;
	if ((v = ymap_find(e, "strength")) != NULL && (ok = yint(doc, v, 0, 99, &x) && ok))
		u->strength = u->max_strength = (int)x;
	if ((v = ymap_find(e, "max_strength")) != NULL && (ok = yint(doc, v, 1, 99, &x) && ok))
		u->max_strength = (int)x;
	if (u->strength > u->max_strength)
		ok = yerror(doc, e, "unit %s: strength %d is above its max_strength %d", id,
		            u->strength, u->max_strength);
	if ((v = ymap_find(e, "formation")) != NULL) {
		names = card_vocabulary(&sc->card, FT_FORMATION, &count);
		ok = yenum(doc, v, names, count, "formation", &u->formation) && ok;
		free(names);
	}
	if ((v = ymap_find(e, "status")) != NULL)
		ok = read_unit_status(doc, v, &sc->card, &u->status) && ok;
	return read_unit_own(doc, e, &sc->card, &u->own) && ok;
}

static bool
read_units(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	struct scenario *sc = ctx->sc;
	bool ok = true;

	if (!yis_sequence(doc, n, "units"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		struct scen_unit *u;

		if (!yis_mapping(doc, n->items[i], "a unit")) {
			ok = false;
			continue;
		}
		u = xgrow(&sc->units, &sc->nunits, &sc->cap_units, sizeof *u);
		if (!read_unit(doc, n->items[i], ctx, u)) {
			free(u->id);
			sc->nunits--;
			ok = false;
		}
	}
	return ok;
}

/* ---- settings and start ---------------------------------------------------------- */

static bool
read_settings(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	const struct card *card = &ctx->sc->card;
	bool ok = true;

	if (!yis_mapping(doc, n, "settings"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		size_t count;
		const char **names = card_vocabulary(card, FT_SETTING, &count);
		int which, choice;

		if (!yenum(doc, n->keys[i], names, count, "setting", &which)) {
			free(names);
			ok = false;
			continue;
		}
		free(names);
		names = xcalloc(card->settings[which].nchoices + 1, sizeof *names);
		for (size_t k = 0; k < card->settings[which].nchoices; k++)
			names[k] = card->settings[which].choices[k];
		if (yenum(doc, n->items[i], names, card->settings[which].nchoices, "choice", &choice))
			ctx->sc->settings[which] = choice;
		else
			ok = false;
		free(names);
	}
	return ok;
}

static bool
read_start(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	struct scenario *sc = ctx->sc;
	const struct ynode *v;
	long x;
	bool ok = true;

	if (!check_keys(doc, n, &start_table))
		return false;
	if ((v = ymap_find(n, "turn")) != NULL && (ok = yint(doc, v, 1, 999, &x) && ok))
		sc->start_turn = (int)x;
	if ((v = ymap_find(n, "side")) != NULL) {
		if (v->kind != YNODE_SCALAR || (sc->start_side = team_index(sc, v->text)) < 0)
			ok = yerror(doc, v, "no side '%s' in this scenario's sides", v->text);
	}
	if ((v = ymap_find(n, "phase")) != NULL) {
		const char *s;
		if (!ystring(doc, v, &s))
			ok = false;
		else if (sc->card.nphases > 0 && card_phase(&sc->card, s) < 0)
			ok = yerror(doc, v, "no phase '%s' in the card's sequence", s);
		else
			sc->start_phase = xstrdup(s);
	}
	return ok;
}

/* `victory: { target: 6, name: Victory Medals, per_unit: 1,
 *             objectives: [ { hex: "0702", side: allies, value: 1 } ] }` */
static bool
read_victory(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct sc_ctx *ctx = rd->ctx;
	struct scen_victory *v = &ctx->sc->victory;
	const struct ynode *x, *objs;
	long num;
	bool ok = true;

	if (!check_keys(doc, n, &victory_table))
		return false;
	v->per_unit = 1;
	if (ymap_find(n, "target") == NULL && ymap_find(n, "turns") == NULL)
		return yerror(doc, n, "victory gives its target (target: N), its turn limit "
		                      "(turns: N), or both");
	if ((x = ymap_find(n, "target")) != NULL) {
		if (!yint(doc, x, 1, 999, &num))
			return false;
		v->target = (int)num;
	}
	if ((x = ymap_find(n, "turns")) != NULL) {
		if (!yint(doc, x, 1, 999, &num))
			return false;
		if (num < ctx->sc->start_turn)
			return yerror(doc, x, "the turn limit %ld is before the start's turn %d", num,
			              ctx->sc->start_turn);
		v->turns = (int)num;
	}
	if ((x = ymap_find(n, "per_unit")) != NULL && (ok = yint(doc, x, 0, 99, &num) && ok))
		v->per_unit = (int)num;
	if ((x = ymap_find(n, "name")) != NULL) {
		const char *s;
		if (ystring(doc, x, &s))
			v->name = xstrdup(s);
		else
			ok = false;
	}
	if ((objs = ymap_find(n, "objectives")) == NULL)
		return ok;
	if (!yis_sequence(doc, objs, "objectives"))
		return false;
	v->objectives = xcalloc(objs->count + 1, sizeof *v->objectives);
	for (size_t i = 0; i < objs->count; i++) {
		const struct ynode *e = objs->items[i], *h = ymap_find(e, "hex"), *s = ymap_find(e, "side");
		struct scen_objective o = { .value = 1 };

		if (!yis_mapping(doc, e, "an objective") || !check_keys(doc, e, &objective_table)) {
			ok = false;
			continue;
		}
		if (h == NULL || s == NULL) {
			ok = yerror(doc, e, "an objective gives hex and side");
			continue;
		}
		if (!read_hex(doc, h, ctx->sc, &o.hex)) {
			ok = false;
			continue;
		}
		if (s->kind != YNODE_SCALAR || (o.side = team_index(ctx->sc, s->text)) < 0) {
			ok = yerror(doc, s, "no side '%s' in this scenario's sides", s->text);
			continue;
		}
		if ((x = ymap_find(e, "value")) != NULL && (ok = yint(doc, x, 1, 99, &num) && ok))
			o.value = (int)num;
		v->objectives[v->nobjectives++] = o;
	}
	return ok;
}

/* ---- the scenario ------------------------------------------------------------------ */

static bool
check_kind_and_schema(struct ydoc *doc)
{
	const struct ynode *kind = ymap_find(doc->root, "kind"), *schema;
	long v;

	/* reader: scenario values */
	if (kind == NULL || kind->kind != YNODE_SCALAR || strcmp(kind->text, "scenario") != 0)
		return yerror(doc, kind ? kind : doc->root, "this file is not a scenario "
		                                            "('kind: scenario')");
	schema = ymap_find(doc->root, "schema");
	if (schema == NULL)
		return yerror(doc, doc->root, "scenario has no 'schema'; add a line 'schema: 1'");
	return yschema(doc, schema, SCENARIO_SCHEMA, &v);
}

/* The scenario's top level: typed rows store into the struct scenario, read
 * functions get the sc_ctx. kind, schema, card, board and sides are read before
 * the table (read_scenario), as all else needs them; the map comes in the first
 * pass, and what stands on it (roads, tokens, structures, units...) in the
 * second, whatever order the file gives them in. */
static const char *const scenario_kind[] = { "scenario" };
#define TABLE_OF(t) (&(const struct yshape){ .kind = YS_TABLE, .table = &(t) })
#define LIST_OF(t) (&(const struct yshape){ .kind = YS_LIST, .item = TABLE_OF(t) })
static const struct yshape sides_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &side_table,
	                                                .or = &ys_null }
};

static const struct yfield scenario_fields[] = {
	{ "kind", READ_BY(NULL), .required = true,
	  .shape = &(const struct yshape){ .kind = YS_ENUM, .names = scenario_kind, .nnames = 1 },
	  .help = "what the file is: scenario" },
	{ "schema", READ_BY(NULL), .required = true,
	  .shape = &(const struct yshape){ .kind = YS_INT, .min = 1, .max = SCENARIO_SCHEMA },
	  .help = "the version of the scenario format the file is written in" },
	{ "id", AS_ID(struct scenario, id), .help = "the scenario's id" },
	{ "title", AS_TEXT(struct scenario, title), .help = "the scenario's title" },
	{ "notes", AS_TEXT(struct scenario, notes), .help = "words for the players" },
	{ "card", READ_BY(NULL), .required = true, .shape = &ys_text,
	  .help = "the rule card it is played with: its id, or its file beside the scenario" },
	{ "scale", AS_TEXT(struct scenario, scale), .help = "what a hex and a turn stand for" },
	{ "board", READ_BY(NULL), .required = true,
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &board_table },
	  .help = "the board's size and the way its hexes lie" },
	{ "map", READ_BY(read_map), .shape = TABLE_OF(map_table),
	  .help = "the terrain: rows of codes, and the legend of the codes (legend, rows)" },
	{ "levels", READ_BY(read_levels), .shape = &texts,
	  .help = "the hexes' levels: rows of digits, '.' for none" },
	{ "hexsides", READ_BY(read_hexsides), .shape = LIST_OF(hexside_table),
	  .help = "hexside features: hex, side, feature" },
	{ "roads", READ_BY(read_roads), .pass = 1, .shape = LIST_OF(road_table),
	  .help = "paths through hexes: feature, path" },
	{ "tokens", READ_BY(read_tokens), .pass = 1, .shape = LIST_OF(token_table),
	  .help = "tokens on hexes: hex, token" },
	{ "structures", READ_BY(read_structures), .pass = 1,
	  .shape = LIST_OF(structure_entry_table),
	  .help = "terrain that can be damaged: hex, side, terrain, strength, hits" },
	{ "supply", READ_BY(read_supply), .shape = LIST_OF(supply_table),
	  .help = "tokens the sides hold to place: tokens, count" },
	{ "sides", READ_BY(NULL), .required = true, .shape = &sides_shape,
	  .help = "the sides, by id: name, home edge" },
	{ "units", READ_BY(read_units), .pass = 1, .shape = LIST_OF(unit_table),
	  .help = "the units: id, side, class, hex, and their own values" },
	{ "settings", READ_BY(read_settings), .shape = &(const struct yshape){ .kind = YS_MAP,
	                                                                      .item = &ys_id },
	  .help = "the card's settings chosen for the scenario, by id" },
	{ "start", READ_BY(read_start), .pass = 1, .shape = TABLE_OF(start_table),
	  .help = "where the sequence starts: turn, side, phase" },
	{ "victory", READ_BY(read_victory), .pass = 1, .shape = TABLE_OF(victory_table),
	  .help = "what wins: target, turns, per_unit, name, objectives" },
};

#undef TABLE_OF
#undef LIST_OF

static const struct ytable scenario_table =
	YTABLE_UNKNOWN("scenario", scenario_fields, YUNKNOWN_NEAREST);

void
scenario_schema_write(FILE *out, const char *id)
{
	yschema_write(out, &scenario_table, id, "hexaid scenario (hexaid(5))");
}

static bool
read_scenario(struct ydoc *doc, struct sc_ctx *ctx)
{
	const struct ynode *root = doc->root, *n;
	bool ok = true;

	if (!yis_mapping(doc, root, "a scenario") || !check_kind_and_schema(doc) ||
	    !load_card(doc, ctx))
		return false;
	if ((n = ymap_find(root, "board")) == NULL)
		return yerror(doc, root, "scenario has no 'board'");
	if (!read_board(doc, n, ctx))
		return false;
	if ((n = ymap_find(root, "sides")) == NULL)
		ok = yerror(doc, root, "scenario has no 'sides'");
	else
		ok = read_sides(doc, n, ctx);
	if (ymap_find(root, "map") == NULL)
		ok = yerror(doc, root, "scenario has no 'map'");
	ok = ymap_read(doc, root, &scenario_table, ctx->sc, ctx) && ok;
	if (ctx->sc->title == NULL)
		ok = yerror(doc, root, "scenario has no 'title'");
	if (ok)
		add_card_structures(ctx->sc);
	return ok;
}

static bool
load(struct scenario *sc, const char *path, const char *text, size_t len,
     const struct cardpath *cp, struct diag_list *dl)
{
	struct sc_ctx ctx;
	struct ydoc doc;
	bool ok = false, loaded;

	memset(sc, 0, sizeof *sc);
	memset(&ctx, 0, sizeof ctx);
	ctx.sc = sc;
	ctx.cp = cp;
	/* a file's path is kept whole, so a save made of it finds it from anywhere */
	sc->path = text == NULL ? realpath(path, NULL) : NULL;
	if (sc->path == NULL)
		sc->path = xstrdup(path);
	sc->start_turn = 1;
	for (int i = 0; i < MAX_SETTINGS; i++)
		sc->settings[i] = -1;
	loaded = text != NULL ? ydoc_load_string(&doc, path, text, len, &ylimits_card, dl)
	                      : ydoc_load_file(&doc, path, &ylimits_card, dl);
	if (loaded) {
		ok = read_scenario(&doc, &ctx) && diag_error_count(dl) == 0;
		/* the document's own text, taken, not copied (a 200x200 map's is
		 * 0.7 MB, every page of a copy touched) */
		sc->text = doc.text;
		sc->len = doc.len;
		doc.text = NULL;
	}
	ydoc_free(&doc);
	for (size_t i = 0; i < ctx.nlegend_multi; i++)
		free(ctx.legend_multi[i]);
	if (!ok)
		scenario_free(sc);
	return ok;
}

bool
scenario_load(struct scenario *sc, const char *path, const struct cardpath *cp,
              struct diag_list *dl)
{
	return load(sc, path, NULL, 0, cp, dl);
}

bool
scenario_load_text(struct scenario *sc, const char *name, const char *text, size_t len,
                   const struct cardpath *cp, struct diag_list *dl)
{
	return load(sc, name, text, len, cp, dl);
}

void
scenario_free(struct scenario *sc)
{
	free(sc->path);
	free(sc->text);
	free(sc->id);
	free(sc->title);
	free(sc->notes);
	free(sc->scale);
	free(sc->card_name);
	if (sc->card.id != NULL || sc->card.nfiles > 0)
		card_free(&sc->card);
	free(sc->terrain);
	free(sc->levels);
	free(sc->sides);
	free(sc->structures);
	free(sc->supplies);
	for (size_t i = 0; i < sc->nteams; i++) {
		free(sc->teams[i].id);
		free(sc->teams[i].name);
	}
	free(sc->teams);
	for (size_t i = 0; i < sc->nunits; i++)
		free(sc->units[i].id);
	free(sc->units);
	free(sc->start_phase);
	free(sc->victory.name);
	free(sc->victory.objectives);
	memset(sc, 0, sizeof *sc);
}
