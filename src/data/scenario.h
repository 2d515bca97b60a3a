/* scenario.h: a battle set up on a board (data layer): the card it is played with,
 * the board and its terrain, hexside features and roads, tokens, structures, the
 * sides and their units, the settings chosen and where the sequence starts.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_SCENARIO_H
#define HEXAID_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "card.h"
#include "diag.h"
#include "hex.h"

struct cardpath;

struct scen_hexside {
	struct hexside side;
	struct hex owner;       /* the hex it was given for: inside a redoubt, say */
	int feature;            /* terrain index of a hexside or path feature */
};

struct scen_structure {
	struct hex hex;
	int dir;                /* a hexside feature: its side of `hex`; -1: the hex itself */
	int terrain;            /* the structural terrain in the hex (or on the side) */
	int strength;           /* hits that destroy it */
	int hits;
};

/* Tokens from one pile of the box: `count` between them (double-sided tokens
 * share a pile). */
struct scen_supply {
	int tokens[8];
	size_t ntokens;
	int count;
};

/* A hex worth points to a side while one of its units holds it. */
struct scen_objective {
	struct hex hex;
	int side;
	int value;
};

/* How the game is won: the first side to `target` points, or the side with
 * more points when the last side has ended turn `turns`; a point (or
 * `per_unit`) for each enemy unit eliminated, and the objectives it holds. */
struct scen_victory {
	int target;             /* 0: the scenario sets no target */
	int turns;              /* the last turn played; 0: no turn limit */
	char *name;             /* "Victory Medals" */
	int per_unit;
	struct scen_objective *objectives;
	size_t nobjectives;
};


struct scen_side {
	char *id;
	char *name;
	enum home_edge home;    /* HOME_NONE: the scenario does not say */
};

/* What a unit carries of its own, over its class's: from the scenario, or set
 * in play (`unit set`). */
struct unit_own {
	long move;                    /* its movement allowance, in halves; -1: its class's */
	struct class_dice dice[8];    /* its battle dice by combat type; n = 0: its class's */
	long values[MAX_UNIT_VALUES]; /* the card's unit values ... */
	unsigned values_given;        /* ... where given (bits) */
};

/* Nothing of its own: everything from its class. */
void unit_own_init(struct unit_own *own);

struct scen_unit {
	char *id;
	int side;
	int cls;
	struct hex hex;
	int strength, max_strength;
	int formation;          /* -1: none given */
	uint64_t status;
	struct unit_own own;
};

struct scenario {
	char *path;
	char *text;             /* the file as read, for saves to carry */
	size_t len;
	char *id;
	char *title;
	char *notes;
	char *scale;            /* "1 hex = 10 cm" on miniatures tables */
	char *card_name;        /* the card as the file names it: an id or a file */
	struct card card;
	struct hex_board board;
	struct tset *terrain;   /* per hex, row by row from the top left */
	int *levels;            /* per hex: a height given beside the terrain's own */
	struct scen_hexside *sides;
	size_t nsides, cap_sides;
	struct scen_structure *structures;
	size_t nstructures, cap_structures;
	struct scen_supply *supplies;
	size_t nsupplies, cap_supplies;
	struct scen_side *teams;
	size_t nteams, cap_teams;
	struct scen_unit *units;
	size_t nunits, cap_units;
	int settings[MAX_SETTINGS]; /* chosen choice, or -1 for the card's default */
	int start_turn;
	int start_side;
	char *start_phase;
	struct scen_victory victory;
};

/* Load a scenario file and its card; problems go to dl. On false it is freed. */
/* The scenario format's JSON Schema, written from the reader's field tables
 * (`hexaid schema scenario`); id is its $id. */
void scenario_schema_write(FILE *out, const char *id);
bool scenario_load(struct scenario *sc, const char *path, const struct cardpath *cp,
                   struct diag_list *dl);
/* The same from text already read; `name` is where it came from (its card is
 * looked for beside it). */
bool scenario_load_text(struct scenario *sc, const char *name, const char *text, size_t len,
                        const struct cardpath *cp, struct diag_list *dl);
void scenario_free(struct scenario *sc);

/* The index in per-hex arrays of the hex in column col and row row (0-based):
 * row by row, so that going through the board by rows and columns goes
 * through the arrays in order. */
static inline size_t
scenario_offset_index(const struct scenario *sc, int col, int row)
{
	return (size_t)row * (size_t)sc->board.columns + (size_t)col;
}

/* The index of a hex in per-hex arrays (inline: searches ask it of every hex). */
static inline size_t
scenario_hex_index(const struct scenario *sc, struct hex h)
{
	int col, row;

	hex_to_offset(&sc->board, h, &col, &row);
	return scenario_offset_index(sc, col, row);
}

#endif
