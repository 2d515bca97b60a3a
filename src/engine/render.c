/* render.c: the ASCII map (engine layer, no curses): a pure function from a game
 * to lines of text, used by `hexaid render` and by the terminal interface's map
 * pane. Each hex is a cell of five characters: the terrain glyph, a mark for a
 * token, a road or a damaged structure, the unit's id (its first two characters)
 * and a blank. Pointy-top boards shift every other row; flat-top boards print each
 * row of hexes on two lines, the shifted columns on the second. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "xmalloc.h"

#define CELL RENDER_CELL

static char
terrain_glyph(const struct card *card, const struct tset *set, enum terrain_kind kind)
{
	for (size_t i = 0; i < set->count; i++) {
		const struct terrain *t = &card->terrain[set->items[i]];
		if (t->kind == kind && t->glyph != '\0')
			return t->glyph;
	}
	return '\0';
}

static const struct scen_structure *
structure_at(const struct game *g, struct hex h)
{
	for (size_t i = 0; i < g->nstructures; i++)
		if (g->structures[i].dir < 0 && hex_eq(g->structures[i].hex, h))
			return &g->structures[i];
	return NULL;
}

/* The four characters of one hex. */
static void
cell_text(const struct game *g, struct hex h, char out[CELL + 1])
{
	const struct card *card = game_card(g);
	const struct tset *set = game_hex(g, h);
	const struct scen_structure *st = structure_at(g, h);
	char base = terrain_glyph(card, set, TERRAIN_HEX);
	char token = terrain_glyph(card, set, TERRAIN_TOKEN);
	char path = terrain_glyph(card, set, TERRAIN_PATH);
	int u = game_unit_at(g, h);

	memset(out, ' ', CELL);
	out[CELL] = '\0';
	out[0] = base ? base : '.';
	if (st != NULL && st->hits >= st->strength)
		out[1] = 'X';
	else if (st != NULL && st->hits > 0)
		out[1] = '*';
	else if (token)
		out[1] = token;
	else if (path)
		out[1] = path;
	if (u >= 0) {
		size_t len = strlen(g->units[u].id);
		memcpy(out + 2, g->units[u].id, len < 2 ? len : 2);
	}
}

static void append(char **buf, size_t *len, size_t *cap, const char *s);

/* Add `item` to a line being filled, starting a new line (indented) when the
 * current one would pass 80 columns. */
static void
append_wrapped(char **buf, size_t *len, size_t *cap, size_t *col, const char *item)
{
	size_t n = strlen(item);

	if (*col > 2 && *col + n > 80) {
		append(buf, len, cap, "\n ");
		*col = 1;
	}
	append(buf, len, cap, item);
	*col += n;
}

static void
append(char **buf, size_t *len, size_t *cap, const char *s)
{
	size_t n = strlen(s);

	if (*len + n + 1 > *cap) {
		*cap = (*len + n + 1) * 2;
		*buf = xreallocarray(*buf, *cap, 1);
	}
	memcpy(*buf + *len, s, n + 1);
	*len += n;
}

/* The column numbers over the map. */
static void
column_header(const struct hex_board *b, int lw, char **buf, size_t *len, size_t *cap)
{
	char num[16];

	append(buf, len, cap, lw == 2 ? "   " : "    ");
	for (int c = 0; c < b->columns; c++) {
		snprintf(num, sizeof num, "%0*d   ", lw, b->first_column + c);
		num[CELL] = '\0';
		append(buf, len, cap, num);
	}
	while (*len > 0 && (*buf)[*len - 1] == ' ')
		(*buf)[--*len] = '\0';
	append(buf, len, cap, "\n");
}

/* Is column c (0-based) of a flat-top board shoved half a hex down? */
static bool
column_shoved(const struct hex_board *b, int c)
{
	return b->offset == HEX_ODD ? c % 2 == 1 : c % 2 == 0;
}

static void
render_flat(const struct game *g, char **buf, size_t *len, size_t *cap)
{
	const struct hex_board *b = game_board(g);
	int lw = hex_label_width(b);
	char cell[CELL + 1], num[16];

	for (int r = 0; r < b->rows; r++) {
		for (int half = 0; half < 2; half++) {
			if (half == 0)
				snprintf(num, sizeof num, "%0*d ", lw, b->first_row + r);
			else
				snprintf(num, sizeof num, "%*s ", lw, "");
			append(buf, len, cap, num);
			for (int c = 0; c < b->columns; c++) {
				if (column_shoved(b, c) == (half == 1)) {
					cell_text(g, hex_from_offset(b, c, r), cell);
					append(buf, len, cap, cell);
				} else {
					append(buf, len, cap, "     ");
				}
			}
			while (*len > 0 && (*buf)[*len - 1] == ' ')
				(*buf)[--*len] = '\0';
			append(buf, len, cap, "\n");
		}
	}
}

static void
render_pointy(const struct game *g, char **buf, size_t *len, size_t *cap)
{
	const struct hex_board *b = game_board(g);
	int lw = hex_label_width(b);
	char cell[CELL + 1], num[16];

	for (int r = 0; r < b->rows; r++) {
		bool shoved = b->offset == HEX_ODD ? r % 2 == 1 : r % 2 == 0;
		snprintf(num, sizeof num, "%0*d %s", lw, b->first_row + r, shoved ? "  " : "");
		append(buf, len, cap, num);
		for (int c = 0; c < b->columns; c++) {
			cell_text(g, hex_from_offset(b, c, r), cell);
			append(buf, len, cap, cell);
		}
		while (*len > 0 && (*buf)[*len - 1] == ' ')
			(*buf)[--*len] = '\0';
		append(buf, len, cap, "\n");
	}
}

/* What the glyphs and marks mean, the units, the hexside features. */
static void
render_legend(const struct game *g, char **buf, size_t *len, size_t *cap)
{
	const struct card *card = game_card(g);
	const struct hex_board *b = game_board(g);
	bool used[256] = { false };
	char line[256], at[HEX_LABEL_SIZE];
	size_t cells = (size_t)b->columns * (size_t)b->rows;

	for (size_t i = 0; i < cells; i++)
		for (size_t k = 0; k < g->terrain[i].count; k++)
			used[(unsigned char)card->terrain[g->terrain[i].items[k]].glyph] = true;
	size_t col = 4;

	append(buf, len, cap, "\nKey:");
	for (size_t t = 0; t < card->nterrain; t++) {
		const struct terrain *ter = &card->terrain[t];
		if (ter->glyph == '\0' || !used[(unsigned char)ter->glyph])
			continue;
		used[(unsigned char)ter->glyph] = false;
		snprintf(line, sizeof line, " %c %s%s;", ter->glyph, ter->name,
		         ter->kind == TERRAIN_TOKEN ? " (token)" : ter->kind == TERRAIN_PATH ? " (road)" : "");
		append_wrapped(buf, len, cap, &col, line);
	}
	append_wrapped(buf, len, cap, &col, " * damaged structure;");
	append_wrapped(buf, len, cap, &col, " X destroyed structure");
	append(buf, len, cap, "\n");
	for (size_t s = 0; s < g->sc.nteams; s++) {
		snprintf(line, sizeof line, "%s:", g->sc.teams[s].name);
		append(buf, len, cap, line);
		col = strlen(line);
		for (size_t i = 0; i < g->nunits; i++) {
			const struct game_unit *u = &g->units[i];
			if (u->side != (int)s || u->eliminated)
				continue;
			hex_label(b, u->hex, at);
			snprintf(line, sizeof line, " %s %s %s %d/%d;", u->id, card->classes[u->cls].id, at,
			         u->strength, u->max_strength);
			append_wrapped(buf, len, cap, &col, line);
		}
		append(buf, len, cap, "\n");
	}
	for (size_t i = 0; i < g->nsides; i++) {
		const struct terrain *f = &card->terrain[g->sides[i].feature];
		if (f->kind == TERRAIN_PATH)
			continue;
		hex_label(b, g->sides[i].side.a, at);
		snprintf(line, sizeof line, "%s %s side: %s\n", at,
		         hex_direction_name(b, g->sides[i].side.dir), f->name);
		append(buf, len, cap, line);
	}
}

void
render_hex_origin(const struct hex_board *b, struct hex h, int *line, int *col)
{
	int lw = hex_label_width(b), c, r;

	hex_to_offset(b, h, &c, &r);
	if (b->orientation == HEX_FLAT) {
		*line = 1 + 2 * r + (column_shoved(b, c) ? 1 : 0);
		*col = lw + 1 + c * CELL;
	} else {
		bool shoved = b->offset == HEX_ODD ? r % 2 == 1 : r % 2 == 0;
		*line = 1 + r;
		*col = lw + 1 + (shoved ? 2 : 0) + c * CELL;
	}
}

void
render_map_size(const struct hex_board *b, int *lines, int *cols)
{
	int lw = hex_label_width(b);

	if (b->orientation == HEX_FLAT) {
		*lines = 1 + 2 * b->rows;
		*cols = lw + 1 + b->columns * CELL;
	} else {
		*lines = 1 + b->rows;
		*cols = lw + 1 + 2 + b->columns * CELL;
	}
}

char *
render_map(const struct game *g, bool legend)
{
	const struct hex_board *b = game_board(g);
	size_t len = 0, cap = 1024;
	char *buf = xmalloc(cap);

	buf[0] = '\0';
	column_header(b, hex_label_width(b), &buf, &len, &cap);
	if (b->orientation == HEX_FLAT)
		render_flat(g, &buf, &len, &cap);
	else
		render_pointy(g, &buf, &len, &cap);
	if (legend)
		render_legend(g, &buf, &len, &cap);
	return buf;
}
