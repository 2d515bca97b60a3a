/* card-read-tables.c: reads the `categories` and `tables` sections of a rule card
 * (data layer). A category says what each unit class may move through terrain of
 * that category; a table turns a number (a modified roll, a difference of two
 * rolls, an odds ratio) into a result, by rows that hold a band of numbers or an
 * odds column and one cell per named column. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "xmalloc.h"

const char *const table_by_names[N_TABLE_BY] = {
	[TABLE_BY_ROLL] = "roll",
	[TABLE_BY_DIFFERENCE] = "difference",
	[TABLE_BY_ODDS] = "odds",
};

/* ---- categories ------------------------------------------------------------- */

static bool
read_allowance(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	const struct card *card = rd->ctx;
	struct category *cat = rd->obj;
	size_t nc = card->nclasses;
	bool ok = true;

	if (!yis_mapping(doc, n, "allowance"))
		return false;
	free(cat->allowance);
	free(cat->given);
	free(cat->prohibited);
	cat->allowance = xcalloc(nc + 1, sizeof *cat->allowance);
	cat->given = xcalloc(nc + 1, sizeof *cat->given);
	cat->prohibited = xcalloc(nc + 1, sizeof *cat->prohibited);
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *v = n->items[i];
		int cls;

		if (!card_read_name(doc, card, n->keys[i], FT_CLASS, &cls)) {
			ok = false;
			continue;
		}
		if (v->kind == YNODE_SCALAR && strcmp(v->text, "prohibited") == 0)
			cat->prohibited[cls] = true;
		else if (!card_read_points(doc, v, &cat->allowance[cls])) {
			ok = false;
			continue;
		}
		cat->given[cls] = true;
	}
	return ok;
}

static const struct yfield category_fields[] = {
	{ "name", AS_TEXT(struct category, name) },
	{ "seed", AS_TEXT(struct category, seed) },
	{ "allowance", READ_BY(read_allowance), .required = true },
};

static const struct ytable category_table = YTABLE("category", category_fields);

bool
card_read_categories(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "categories"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		struct category *cat;
		const char *id;

		if (!yid(doc, n->keys[i], &id)) {
			ok = false;
			continue;
		}
		cat = &card->categories[card_category(card, id)];
		cat->file = card->reading;
		cat->line = n->keys[i]->line;
		ok = ymap_read(doc, n->items[i], &category_table, cat, card) && ok;
	}
	return ok;
}

void
card_category_free(struct category *cat)
{
	free(cat->id);
	free(cat->name);
	free(cat->seed);
	free(cat->allowance);
	free(cat->given);
	free(cat->prohibited);
}

/* ---- tables ---------------------------------------------------------------------- */

/* "3:1", "1.5:1", "1:1.5": an odds ratio, both sides in tenths. */
static bool
read_odds(struct ydoc *doc, const struct ynode *n, long *att, long *def)
{
	long v[2] = { 0, 0 };
	const char *p;

	if (n->kind != YNODE_SCALAR)
		return yerror(doc, n, "expected odds such as 3:1 or 1:1.5");
	p = n->text;
	for (int side = 0; side < 2; side++) {
		int digits = 0;
		while (*p >= '0' && *p <= '9' && v[side] < 10000) {
			v[side] = v[side] * 10 + (*p++ - '0');
			digits++;
		}
		v[side] *= 10;
		if (*p == '.' && p[1] >= '0' && p[1] <= '9') {
			v[side] += p[1] - '0';
			p += 2;
		}
		if (digits == 0 || v[side] == 0 || (side == 0 && *p++ != ':'))
			return yerror(doc, n, "expected odds such as 3:1 or 1:1.5, found '%s'",
			              n->text);
	}
	if (*p != '\0')
		return yerror(doc, n, "expected odds such as 3:1 or 1:1.5, found '%s'", n->text);
	*att = v[0];
	*def = v[1];
	return true;
}

static int
column_index(struct table *t, const char *name, bool add)
{
	for (size_t i = 0; i < t->ncolumns; i++)
		if (strcmp(t->columns[i], name) == 0)
			return (int)i;
	if (!add)
		return -1;
	t->columns = xreallocarray(t->columns, t->ncolumns + 1, sizeof *t->columns);
	t->columns[t->ncolumns] = xstrdup(name);
	return (int)t->ncolumns++;
}

static bool
read_bound(struct ydoc *doc, const struct ynode *n, long *out)
{
	return yint(doc, n, -999, 999, out);
}

/* One row: its band (at / from / upto) or odds, then its cells. Cells come after
 * the columns are known, so they are read in a second pass by read_cells. */
static bool
read_row_key(struct ydoc *doc, struct table *t, struct table_row *row, const struct ynode *key,
             const struct ynode *value, bool *banded)
{
	const char *k = key->text;
	long v;

	if (strcmp(k, "at") == 0 || strcmp(k, "from") == 0 || strcmp(k, "upto") == 0) {
		if (t->by == TABLE_BY_ODDS)
			return yerror(doc, key, "an odds table's rows give 'odds: A:D', not '%s'", k);
		if (!read_bound(doc, value, &v))
			return false;
		if (k[0] != 'u')
			row->from = v;
		if (k[0] != 'f')
			row->upto = v;
		*banded = true;
		return true;
	}
	if (strcmp(k, "odds") == 0) {
		if (t->by != TABLE_BY_ODDS)
			return yerror(doc, key, "only a table 'by: odds' has odds rows");
		*banded = true;
		return read_odds(doc, value, &row->odds_att, &row->odds_def);
	}
	if (strcmp(k, "note") == 0)
		return card_read_text(doc, value, &row->note);
	if (value->kind != YNODE_SCALAR)
		return yerror(doc, value, "a table cell is a single value");
	column_index(t, k, true);
	return true;
}

static bool
read_row(struct ydoc *doc, struct table *t, const struct ynode *n)
{
	struct table_row *row;
	bool ok = true, banded = false;
	const char *id;

	if (!yis_mapping(doc, n, "table row"))
		return false;
	row = xgrow(&t->rows, &t->nrows, &t->cap_rows, sizeof *row);
	row->from = LONG_MIN;
	row->upto = LONG_MAX;
	row->line = n->line;
	for (size_t i = 0; i < n->count; i++) {
		if (!yid(doc, n->keys[i], &id)) {
			ok = false;
			continue;
		}
		ok = read_row_key(doc, t, row, n->keys[i], n->items[i], &banded) && ok;
	}
	if (ok && !banded)
		ok = yerror(doc, n, "this row says for which numbers it stands: give 'at: N', "
		                    "'from: N' and/or 'upto: N'%s",
		            t->by == TABLE_BY_ODDS ? ", or 'odds: A:D'" : "");
	if (ok && row->from > row->upto)
		ok = yerror(doc, n, "this row's band is empty: 'from' is above 'upto'");
	return ok;
}

/* Put each row's cells in column order, now that every column is known. */
static void
fill_cells(struct table *t, const struct ynode *rows)
{
	for (size_t r = 0; r < t->nrows && r < rows->count; r++) {
		const struct ynode *n = rows->items[r];
		struct table_row *row = &t->rows[r];

		row->cells = xcalloc(t->ncolumns + 1, sizeof *row->cells);
		for (size_t i = 0; i < n->count; i++) {
			int c = column_index(t, n->keys[i]->text, false);
			if (c >= 0 && n->items[i]->kind == YNODE_SCALAR)
				row->cells[c] = xstrdup(n->items[i]->text);
		}
	}
}

/* Two rows that both claim a number make the table ambiguous. */
static bool
check_overlaps(struct ydoc *doc, const struct table *t, const struct ynode *rows)
{
	bool ok = true;

	if (t->by == TABLE_BY_ODDS)
		return true;
	for (size_t i = 0; i < t->nrows; i++)
		for (size_t k = i + 1; k < t->nrows; k++)
			if (t->rows[i].from <= t->rows[k].upto && t->rows[k].from <= t->rows[i].upto)
				ok = yerror(doc, rows->items[k],
				            "this row's numbers overlap those of the row at line %d",
				            t->rows[i].line);
	return ok;
}

static bool
read_table_by(struct ydoc *doc, const struct ynode *n, struct table *t)
{
	int by;

	if (!yenum(doc, n, table_by_names, N_TABLE_BY, "kind of table", &by))
		return false;
	t->by = (enum table_by)by;
	return true;
}

/* `rows:` are read once the columns are known: here they are only kept (ctx). */
static bool
read_table_rows(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	*(const struct ynode **)rd->ctx = n;
	return yis_sequence(doc, n, "rows");
}

static bool
read_legend(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct table *t = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "legend"))
		return false;
	t->legend = xcalloc(n->count + 1, sizeof *t->legend);
	for (size_t i = 0; i < n->count; i++) {
		const char *meaning;
		if (!ystring(doc, n->items[i], &meaning)) {
			ok = false;
			continue;
		}
		t->legend[t->nlegend].code = xstrdup(n->keys[i]->text);
		t->legend[t->nlegend++].meaning = xstrdup(meaning);
	}
	return ok;
}

/* `by:` is read before the others (read_table); its row only lets it stand. */
static const struct yfield table_fields[] = {
	{ "name", AS_TEXT(struct table, name), .required = true },
	{ "by", READ_BY(NULL) },
	{ "dice", AS_TEXT(struct table, dice) },
	{ "seed", AS_TEXT(struct table, seed) },
	{ "note", AS_TEXT(struct table, note) },
	{ "assumed", AS_BOOL(struct table, assumed) },
	{ "legend", READ_BY(read_legend) },
	{ "rows", READ_BY(read_table_rows), .required = true },
};

static const struct ytable table_table = YTABLE("table", table_fields);

static bool
read_table(struct ydoc *doc, const struct ynode *n, struct table *t)
{
	const struct ynode *by = ymap_find(n, "by"), *rows = NULL;
	bool ok;

	/* `by:` decides how rows read, so it is read first wherever it stands. */
	if (by != NULL && !read_table_by(doc, by, t))
		return false;
	ok = ymap_read(doc, n, &table_table, t, &rows);
	if (rows == NULL)
		return false;
	for (size_t i = 0; i < rows->count; i++)
		ok = read_row(doc, t, rows->items[i]) && ok;
	if (!ok)
		return false;
	if (t->nrows == 0)
		return yerror(doc, rows, "a table needs at least one row");
	fill_cells(t, rows);
	return check_overlaps(doc, t, rows);
}

bool
card_read_tables(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "tables"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		struct table *t;
		const char *id;

		if (!yid(doc, n->keys[i], &id)) {
			ok = false;
			continue;
		}
		/* A table given again (by a card that extends another) replaces it. */
		if (card_table(card, id) >= 0) {
			t = &card->tables[card_table(card, id)];
			card_table_free(t);
			memset(t, 0, sizeof *t);
		} else {
			t = xgrow(&card->tables, &card->ntables, &card->cap_tables, sizeof *t);
		}
		t->id = xstrdup(id);
		t->line = n->keys[i]->line;
		t->file = card->reading;
		ok = yis_mapping(doc, n->items[i], "table") && read_table(doc, n->items[i], t) &&
		     ok;
	}
	return ok;
}

void
card_table_free(struct table *t)
{
	free(t->id);
	free(t->name);
	free(t->dice);
	free(t->seed);
	free(t->note);
	for (size_t i = 0; i < t->ncolumns; i++)
		free(t->columns[i]);
	free(t->columns);
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; t->rows[r].cells != NULL && c < t->ncolumns; c++)
			free(t->rows[r].cells[c]);
		free(t->rows[r].cells);
		free(t->rows[r].note);
	}
	free(t->rows);
	for (size_t i = 0; i < t->nlegend; i++) {
		free(t->legend[i].code);
		free(t->legend[i].meaning);
	}
	free(t->legend);
}
