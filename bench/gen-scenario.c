/* gen-scenario.c: writes a large scenario for the benchmarks (bench/README.md):
 * a board of any size for any rule card, with every placeable kind of terrain the
 * card has (hex terrain in patches, tokens scattered, hexside features in chains,
 * paths as roads from one edge to the other), hills of levels 1 and 2, and two
 * armies of units facing each other. The same arguments and seed give the same
 * bytes. Nothing here knows a game: the terrain comes from the card.
 *
 *   gen-scenario [--seed N] CARD.yaml COLUMNS ROWS UNITS > SCENARIO.yaml
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "hex.h"
#include "rng.h"
#include "strutil.h"
#include "xmalloc.h"

/* What the generator places, before it is written out. */
struct plan {
	const struct card *card;
	struct hex_board board;
	struct rng rng;
	struct tset *cells;        /* per cell, row by row: hex terrain and tokens */
	int *levels;
	bool *occupied;
	int base;                  /* the hex terrain most of the board is */
};

static size_t
cell_index(const struct plan *p, struct hex h)
{
	int col, row;

	hex_to_offset(&p->board, h, &col, &row);
	return (size_t)row * (size_t)p->board.columns + (size_t)col;
}

static struct hex
random_hex(struct plan *p, int col_lo, int col_hi)
{
	int col = col_lo + (int)rng_below(&p->rng, (uint32_t)(col_hi - col_lo));
	int row = (int)rng_below(&p->rng, (uint32_t)p->board.rows);

	return hex_from_offset(&p->board, col, row);
}

static size_t
cell_count(const struct plan *p)
{
	return (size_t)p->board.columns * (size_t)p->board.rows;
}

/* ---- terrain ------------------------------------------------------------------- */

/* A patch of one hex terrain: every hex within `radius` of a centre. */
static void
put_patch(struct plan *p, int terrain, struct hex centre, int radius)
{
	struct hex area[64];
	size_t n = hex_range(centre, radius, area, 64);

	for (size_t i = 0; i < n && i < 64; i++) {
		struct tset *cell;
		if (!hex_on_board(&p->board, area[i]))
			continue;
		cell = &p->cells[cell_index(p, area[i])];
		cell->count = 0;
		tset_add(cell, terrain);
	}
}

/* Patches of each hex terrain but the base one: about a tenth of the board in
 * all, shared evenly. */
static void
place_hex_terrain(struct plan *p, const int *kinds, size_t nkinds)
{
	size_t patches = cell_count(p) / 40 / (nkinds > 1 ? nkinds - 1 : 1) + 1;

	for (size_t i = 0; i < cell_count(p); i++)
		tset_add(&p->cells[i], p->base);
	for (size_t k = 0; k < nkinds; k++) {
		if (kinds[k] == p->base)
			continue;
		for (size_t i = 0; i < patches; i++)
			put_patch(p, kinds[k], random_hex(p, 0, p->board.columns),
			          (int)rng_below(&p->rng, 3));
	}
}

static void
place_tokens(struct plan *p, const int *kinds, size_t nkinds, FILE *out)
{
	size_t each = cell_count(p) / 150 + 1;

	if (nkinds == 0)
		return;
	fputs("tokens:\n", out);
	for (size_t k = 0; k < nkinds; k++)
		for (size_t i = 0; i < each; i++) {
			struct hex h = random_hex(p, 0, p->board.columns);
			struct tset *cell = &p->cells[cell_index(p, h)];
			char at[HEX_LABEL_SIZE];
			if (tset_has(cell, kinds[k]) || cell->count + 2 >= TSET_MAX)
				continue;
			tset_add(cell, kinds[k]);
			hex_label(&p->board, h, at);
			fprintf(out, "  - { hex: \"%s\", token: %s }\n", at, p->card->terrain[kinds[k]].id);
		}
}

/* Hills: patches of level 1 with a level-2 top. */
static void
place_hills(struct plan *p)
{
	size_t hills = cell_count(p) / 150 + 1;

	for (size_t i = 0; i < hills; i++) {
		struct hex centre = random_hex(p, 0, p->board.columns), area[64];
		size_t n = hex_range(centre, 2, area, 64);
		for (size_t k = 0; k < n && k < 64; k++)
			if (hex_on_board(&p->board, area[k]))
				p->levels[cell_index(p, area[k])] = hex_distance(centre, area[k]) <= 1 ? 2 : 1;
	}
}

/* ---- hexsides and roads --------------------------------------------------------- */

/* Chains of one hexside feature, like streams: from a random hex southwards for
 * CHAIN hexes, the feature on the north-east and south-east sides of each. About
 * a quarter as many entries as hexes in all, shared evenly between the kinds;
 * a side gets a feature once. */
#define CHAIN 20

static void
place_hexsides(struct plan *p, const int *kinds, size_t nkinds, FILE *out)
{
	const char *const *names = hex_direction_names(&p->board);
	uint32_t *given = xcalloc(cell_count(p), sizeof *given);
	size_t chains = nkinds ? cell_count(p) / 4 / (2 * CHAIN) / nkinds + 1 : 0;

	if (nkinds > 0)
		fputs("hexsides:\n", out);
	for (size_t k = 0; k < nkinds && k < 16; k++)
		for (size_t c = 0; c < chains; c++) {
			struct hex h = random_hex(p, 0, p->board.columns);
			for (int i = 0; i < CHAIN && hex_on_board(&p->board, h); i++, h = hex_neighbor(h, 3)) {
				char at[HEX_LABEL_SIZE];
				hex_label(&p->board, h, at);
				for (int dir = 1; dir <= 2; dir++) {
					uint32_t bit = UINT32_C(1) << (2 * k + (size_t)dir - 1);
					if (given[cell_index(p, h)] & bit)
						continue;
					given[cell_index(p, h)] |= bit;
					fprintf(out, "  - { hex: \"%s\", side: %s, feature: %s }\n", at, names[dir],
					        p->card->terrain[kinds[k]].id);
				}
			}
		}
	free(given);
}

/* Roads from the west edge to the east edge, wandering a little. */
static void
place_roads(struct plan *p, const int *kinds, size_t nkinds, FILE *out)
{
	size_t roads = (size_t)p->board.rows / 25 + 1;

	if (nkinds == 0)
		return;
	fputs("roads:\n", out);
	for (size_t k = 0; k < nkinds; k++)
		for (size_t r = 0; r < roads; r++) {
			int row = (int)rng_below(&p->rng, (uint32_t)p->board.rows);
			struct hex h = hex_from_offset(&p->board, 0, row);
			fprintf(out, "  - feature: %s\n    path: [", p->card->terrain[kinds[k]].id);
			for (int i = 0; hex_on_board(&p->board, h); i++) {
				char at[HEX_LABEL_SIZE];
				hex_label(&p->board, h, at);
				fprintf(out, "%s\"%s\"", i ? (i % 10 ? ", " : ",\n           ") : "", at);
				/* eastwards on a flat-top board: north-east or south-east */
				h = hex_neighbor(h, 1 + (int)rng_below(&p->rng, 2));
			}
			fputs("]\n", out);
		}
}

/* ---- writing --------------------------------------------------------------------- */

static void
write_rows(const struct plan *p, FILE *out)
{
	fputs("map:\n  rows:\n", out);
	for (int r = 0; r < p->board.rows; r++) {
		fputs("    - \"", out);
		for (int c = 0; c < p->board.columns; c++) {
			const struct tset *cell = &p->cells[(size_t)r * (size_t)p->board.columns + (size_t)c];
			bool first = true;
			if (c > 0)
				fputc(' ', out);
			for (size_t k = 0; k < cell->count; k++) {
				const struct terrain *t = &p->card->terrain[cell->items[k]];
				if (t->kind != TERRAIN_HEX)
					continue; /* tokens are listed under tokens: */
				fprintf(out, "%s%c", first ? "" : "+", t->glyph);
				first = false;
			}
		}
		fputs("\"\n", out);
	}
	fputs("levels:\n", out);
	for (int r = 0; r < p->board.rows; r++) {
		fputs("  - \"", out);
		for (int c = 0; c < p->board.columns; c++)
			fprintf(out, "%s%d", c ? " " : "", p->levels[(size_t)r * (size_t)p->board.columns + (size_t)c]);
		fputs("\"\n", out);
	}
}

/* Two armies: the first side in the western third, the second in the eastern
 * third, each unit on a hex of the base terrain, classes in turn. */
static void
write_units(struct plan *p, int units, FILE *out)
{
	static const char *const sides[2] = { "blue", "red" };
	int third = p->board.columns / 3 > 0 ? p->board.columns / 3 : 1;

	fputs("sides:\n  blue: { name: Blue }\n  red: { name: Red }\n\nunits:\n", out);
	for (int i = 0; i < units; i++) {
		int side = i % 2, tries = 0;
		struct hex h;
		char at[HEX_LABEL_SIZE];
		do {
			h = random_hex(p, side == 0 ? 0 : p->board.columns - third,
			               side == 0 ? third : p->board.columns);
		} while ((p->occupied[cell_index(p, h)] || p->cells[cell_index(p, h)].items[0] != p->base) &&
		         ++tries < 1000);
		p->occupied[cell_index(p, h)] = true;
		hex_label(&p->board, h, at);
		fprintf(out, "  - { id: %c%d, side: %s, class: %s, hex: \"%s\", strength: %d }\n",
		        side == 0 ? 'B' : 'R', i / 2 + 1, sides[side],
		        p->card->classes[(size_t)(i / 2) % p->card->nclasses].id, at, 3 + i % 4);
	}
	fputs("\nstart: { turn: 1, side: blue }\n", out);
}

/* The card's terrain ids of one kind. */
static size_t
terrain_of_kind(const struct card *card, enum terrain_kind kind, int *out)
{
	size_t n = 0;

	for (size_t t = 0; t < card->nterrain; t++)
		if (card->terrain[t].kind == kind && (kind != TERRAIN_HEX || card->terrain[t].glyph))
			out[n++] = (int)t;
	return n;
}

static int
generate(const struct card *card, const char *card_path, int columns, int rows, int units,
         long seed, FILE *out)
{
	struct plan p = { .card = card, .board = { columns, rows, HEX_FLAT, HEX_ODD, 1, 1 } };
	int *kinds = xcalloc(card->nterrain + 1, sizeof *kinds);
	size_t n;

	rng_seed(&p.rng, (uint64_t)seed);
	p.cells = xcalloc(cell_count(&p), sizeof *p.cells);
	p.levels = xcalloc(cell_count(&p), sizeof *p.levels);
	p.occupied = xcalloc(cell_count(&p), sizeof *p.occupied);
	n = terrain_of_kind(card, TERRAIN_HEX, kinds);
	p.base = kinds[0];
	fprintf(out, "# Generated by bench/gen-scenario (seed %ld): a benchmark board, not a battle.\n"
	             "kind: scenario\nschema: 1\nid: bench-%dx%d\ntitle: \"Benchmark %dx%d\"\n"
	             "card: \"%s\"\nboard: { columns: %d, rows: %d, orientation: flat, offset: odd }\n\n",
	        seed, columns, rows, columns, rows, card_path, columns, rows);
	place_hex_terrain(&p, kinds, n);
	place_hills(&p);
	n = terrain_of_kind(card, TERRAIN_TOKEN, kinds);
	place_tokens(&p, kinds, n, out);
	n = terrain_of_kind(card, TERRAIN_HEXSIDE, kinds);
	place_hexsides(&p, kinds, n, out);
	n = terrain_of_kind(card, TERRAIN_PATH, kinds);
	place_roads(&p, kinds, n, out);
	write_rows(&p, out);
	write_units(&p, units, out);
	free(kinds);
	free(p.cells);
	free(p.levels);
	free(p.occupied);
	return fflush(out) == 0 ? 0 : 1;
}

int
main(int argc, char **argv)
{
	struct diag_list dl;
	struct card card;
	long seed = 1, columns, rows, units;
	int first = 1, status;
	char *abs;

	if (argc > 2 && strcmp(argv[1], "--seed") == 0) {
		if (!str_long(argv[2], 0, LONG_MAX, &seed))
			goto usage;
		first = 3;
	}
	if (argc - first != 4 || !str_long(argv[first + 1], 1, 200, &columns) ||
	    !str_long(argv[first + 2], 1, 200, &rows) || !str_long(argv[first + 3], 2, 10000, &units))
		goto usage;
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (!card_load(&card, argv[first], NULL, &dl)) {
		diag_print(&dl, stderr);
		diag_list_free(&dl);
		return 1;
	}
	diag_list_free(&dl);
	/* a whole path, so the scenario finds its card from any directory */
	abs = realpath(argv[first], NULL);
	status = generate(&card, abs ? abs : argv[first], (int)columns, (int)rows, (int)units, seed,
	                  stdout);
	free(abs);
	card_free(&card);
	return status;
usage:
	fputs("usage: gen-scenario [--seed N] CARD.yaml COLUMNS ROWS UNITS (1-200, 1-200, 2-10000)\n",
	      stderr);
	return 2;
}
