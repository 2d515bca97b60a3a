/* table-lookup.h: looking up the row of a card's result table (engine layer);
 * card-read-tables.c (data) reads the tables from the card.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_TABLE_LOOKUP_H
#define HEXAID_TABLE_LOOKUP_H

#include "card.h"
#include "explain.h"

/* The row standing for a number (a modified roll or a difference), or -1. */
int table_row_for_value(const struct table *t, long value);

/* The odds row for two strengths: the best column the attacker reaches, rounding
 * in the defender's favour; below the lowest column, the lowest. -1 when the
 * table has no odds rows or a strength is not positive. */
int table_row_for_odds(const struct table *t, long att, long def);

/* "winner M+2, loser MR": the row's cells with their column names; free it. */
char *table_row_words(const struct table *t, int row);

/* A code as its cell writes it ("R2", "M+2"), and in the legend's words with
 * its number ("retreats 2"); free them. */
char *table_code_text(const struct table *t, const struct cell_code *c);
char *table_code_words(const struct table *t, const struct cell_code *c);
/* A cell's codes in words, "disordered, retreats 2"; NULL for a cell that is no
 * codes (words, "-", or blank). Free it. */
char *table_cell_words(const struct table *t, int row, size_t col);

/* Add the step that read the row (or found none) to an explanation. */
void table_explain(const struct table *t, int row, const char *entry, struct explanation *why);

#endif
