/* card-read-tables.c: reads the `categories` and `tables` sections of a rule card
 * (data layer). A category says what each unit class may move through terrain of
 * that category; a table turns a number (a modified roll, a difference of two
 * rolls, an odds ratio) into a result, by rows that hold a band of numbers or an
 * odds column and one cell per named column.
 * SPDX-License-Identifier: GPL-3.0-or-later */
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
		/* reader: card values */
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

static const char *const prohibited[] = { "prohibited" };
static const struct yshape allowance_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_POINTS, .or = &(const struct yshape){
	                                            .kind = YS_ENUM, .names = prohibited, .nnames = 1 } }
};

static const struct yfield category_fields[] = {
	{ "name", AS_TEXT(struct category, name), .help = "the category's name for the players" },
	{ "seed", AS_TEXT(struct category, seed), .help = "the rulebook line it comes from" },
	{ "allowance", READ_BY(read_allowance), .required = true, .shape = &allowance_shape,
	  .help = "movement allowance through it, by class, or prohibited" },
};

static const struct ytable category_table = YTABLE("category", category_fields);

const struct yshape card_categories_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &category_table }
};

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
		if (strcmp(t->columns[i], name) == 0) /* reader: card keys, a table's columns */
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

/* One row: its band (at / from / to) or odds, then its cells. Cells come after
 * the columns are known, so they are read in a second pass by read_cells.
 * "upto" is the older spelling of "to", still read so that older cards load. */
static bool
read_row_key(struct ydoc *doc, struct table *t, struct table_row *row, const struct ynode *key,
             const struct ynode *value, bool *banded)
{
	const char *k = key->text;
	long v;

	/* reader: card keys */
	if (strcmp(k, "at") == 0 || strcmp(k, "from") == 0 || strcmp(k, "to") == 0 ||
	    strcmp(k, "upto") == 0) {
		if (t->by == TABLE_BY_ODDS)
			return yerror(doc, key, "an odds table's rows give 'odds: A:D', not '%s'", k);
		if (!read_bound(doc, value, &v))
			return false;
		if (k[0] == 'a' || k[0] == 'f')
			row->from = v;
		if (k[0] != 'f')
			row->upto = v;
		*banded = true;
		return true;
	}
	if (strcmp(k, "odds") == 0) { /* reader: card keys */
		if (t->by != TABLE_BY_ODDS)
			return yerror(doc, key, "only a table 'by: odds' has odds rows");
		*banded = true;
		return read_odds(doc, value, &row->odds_att, &row->odds_def);
	}
	if (strcmp(k, "note") == 0) /* reader: card keys */
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
		                    "'from: N' and/or 'to: N'%s",
		            t->by == TABLE_BY_ODDS ? ", or 'odds: A:D'" : "");
	if (ok && row->from > row->upto)
		ok = yerror(doc, n, "this row's band is empty: 'from' is above 'to'");
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

/* What a table's field rows share: the card, and its rows once found. */
struct table_ctx {
	struct card *card;
	const struct ynode *rows;
};

/* `rows:` are read once the columns are known: here they are only kept (ctx). */
static bool
read_table_rows(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	((struct table_ctx *)rd->ctx)->rows = n;
	return yis_sequence(doc, n, "rows");
}

const char *const result_who_names[N_RESULT_WHO] = { "none", "target", "attacker", "winner",
	                                               "loser" };

static const struct yfield legend_fields[] = {
	{ "say", AS_TEXT(struct legend_entry, meaning), .required = true,
	  .help = "what the code means, in words" },
	{ "brief", AS_TEXT(struct legend_entry, brief), .help = "a few words for narrow places" },
	{ "disorder", AS_LONG(struct legend_entry, disorder, 1, 9),
	  .help = "levels of disorder the code gives" },
	{ "lose", AS_LONG(struct legend_entry, lose, 1, 99), .help = "strength the code takes" },
	{ "retreat", AS_LONG(struct legend_entry, retreat, 1, 99), .help = "hexes of retreat" },
	{ "status", AS_NAME(struct legend_entry, status, FT_STATUS), .shape = &ys_id,
	  .help = "the status the code gives (statuses:)" },
	{ "eliminate", AS_BOOL(struct legend_entry, eliminate), .help = "true: the unit is lost" },
	{ "number_after", AS_BOOL(struct legend_entry, number_after),
	  .help = "true: a number after the code counts it" },
	{ "assumed", AS_BOOL(struct legend_entry, assumed),
	  .help = "true: assumed, not from the rulebook" },
	{ "note", AS_TEXT(struct legend_entry, note), .help = "words for the players" },
	{ "seed", AS_COMMENT, .help = "the rulebook line it comes from" },
};

static const struct ytable legend_table = YTABLE("legend entry", legend_fields);

/* `legend: { D: { say: disordered, disorder: 1 }, M: words }`: a code's words,
 * and what it does (words alone: a reminder). */
static bool
read_legend(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct table *t = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "legend"))
		return false;
	t->legend = xcalloc(n->count + 1, sizeof *t->legend);
	for (size_t i = 0; i < n->count; i++) {
		struct legend_entry *e = &t->legend[t->nlegend];
		const char *meaning;

		e->status = -1;
		if (n->keys[i]->len == 0) {
			ok = yerror(doc, n->keys[i], "a legend's code is not empty");
			continue;
		}
		if (n->items[i]->kind == YNODE_MAPPING) {
			if (!ymap_read(doc, n->items[i], &legend_table, e,
			               ((struct table_ctx *)rd->ctx)->card)) {
				free(e->meaning);
				free(e->brief);
				free(e->note);
				memset(e, 0, sizeof *e);
				ok = false;
				continue;
			}
		} else if (ystring(doc, n->items[i], &meaning)) {
			e->meaning = xstrdup(meaning);
		} else {
			ok = false;
			continue;
		}
		e->code = xstrdup(n->keys[i]->text);
		t->nlegend++;
	}
	return ok;
}

/* `who: { winner: winner, loser: loser }`: whom each column's codes apply to
 * (target, attacker, winner, loser); kept until the columns are known (ctx). */
static bool
read_who(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	(void)rd;
	return yis_mapping(doc, n, "who");
}

/* The legend entry whose code is the longest that `at` starts with, or -1. */
static int
code_at(const struct table *t, const char *at, size_t *len)
{
	int best = -1;

	*len = 0;
	for (size_t k = 0; k < t->nlegend; k++) {
		size_t n = strlen(t->legend[k].code);
		/* reader: a cell's codes */
		if (n > *len && strncmp(at, t->legend[k].code, n) == 0) {
			best = (int)k;
			*len = n;
		}
	}
	return best;
}

/* A cell's text as its legend's codes: longest code first, a number after a
 * code that takes one, '+', '/' and blanks between them; anything else and the
 * cell is words to be said as they stand. "-" is no result. */
static void
parse_cell(const struct table *t, const char *cell, struct cell_codes *out)
{
	const char *p = cell;
	size_t cap = 0;

	memset(out, 0, sizeof *out);
	out->parsed = true;
	if (strcmp(cell, "-") == 0) /* reader: card values */
		return;
	while (*p != '\0') {
		size_t len;
		int k = code_at(t, p, &len);
		struct cell_code *c;

		if (k < 0 && (*p == '+' || *p == '/' || *p == ' ')) {
			p++;
			continue;
		}
		if (k < 0) {
			out->parsed = false;
			break;
		}
		p += len;
		c = xgrow(&out->codes, &out->ncodes, &cap, sizeof *c);
		c->legend = k;
		c->n = -1;
		if (t->legend[k].number_after) {
			const char *q = p + ((*p == '+' || *p == '-') ? 1 : 0);
			c->plus = q > p;
			if (*q >= '0' && *q <= '9') {
				char *end;
				c->n = strtol(q, &end, 10);
				if (end - q > 3)
					c->n = 999;
				p += end - p;
			}
		}
	}
	if (!out->parsed) {
		free(out->codes);
		out->codes = NULL;
		out->ncodes = 0;
	}
}

/* Every cell's codes, once the legend and the columns are known. */
static void
parse_cells(struct table *t)
{
	for (size_t r = 0; r < t->nrows; r++) {
		t->rows[r].codes = xcalloc(t->ncolumns + 1, sizeof *t->rows[r].codes);
		for (size_t c = 0; c < t->ncolumns; c++)
			if (t->rows[r].cells[c] != NULL && t->nlegend > 0)
				parse_cell(t, t->rows[r].cells[c], &t->rows[r].codes[c]);
	}
}

/* `who:` read against the columns the rows gave. */
static bool
read_who_columns(struct ydoc *doc, struct table *t, const struct ynode *n)
{
	bool ok = true;
	int who;

	t->who = xcalloc(t->ncolumns + 1, sizeof *t->who);
	for (size_t i = 0; n != NULL && i < n->count; i++) {
		int c = column_index(t, n->keys[i]->text, false);
		if (c < 0) {
			ok = yerror(doc, n->keys[i], "no column '%s' in this table's rows", n->keys[i]->text);
			continue;
		}
		if (!yenum(doc, n->items[i], result_who_names + 1, N_RESULT_WHO - 1, "side",
		           &who)) {
			ok = false;
			continue;
		}
		t->who[c] = (enum result_who)(who + 1);
	}
	return ok;
}

static const struct yshape legend_shape = {
	.kind = YS_MAP, .pattern = "^.+$",
	.item = &(const struct yshape){ .kind = YS_TEXT,
	                                .or = &(const struct yshape){ .kind = YS_TABLE, .table = &legend_table } }
};
static const struct yshape who_shape = {
	.kind = YS_MAP, .pattern = "^.+$",
	.item = &(const struct yshape){ .kind = YS_ENUM, .names = result_who_names + 1,
	                                .nnames = N_RESULT_WHO - 1 }
};
/* A row: its band (at, from, to, or upto, the older spelling of to) or its odds,
 * a note, and a cell (one value) for each column, all read by read_row_key. */
static const struct yshape rows_shape = {
	.kind = YS_LIST, .item = &(const struct yshape){ .kind = YS_MAP, .item = &ys_text }
};

/* `by:` is read before the others (read_table); its row only lets it stand. */
static const struct yfield table_fields[] = {
	{ "name", AS_TEXT(struct table, name), .required = true, .help = "the table's name" },
	{ "by", READ_BY(NULL),
	  .shape = &(const struct yshape){ .kind = YS_ENUM, .names = table_by_names, .nnames = N_TABLE_BY },
	  .help = "what its rows are read by: a roll, or the odds" },
	{ "dice", AS_TEXT(struct table, dice), .help = "the dice rolled on it, such as 1d6" },
	{ "seed", AS_TEXT(struct table, seed), .help = "the rulebook line it comes from" },
	{ "note", AS_TEXT(struct table, note), .help = "words for the players" },
	{ "assumed", AS_BOOL(struct table, assumed), .help = "true: assumed, not from the rulebook" },
	{ "legend", READ_BY(read_legend), .shape = &legend_shape,
	  .help = "what each code of its cells means, and does" },
	{ "who", READ_BY(read_who), .shape = &who_shape,
	  .help = "whom each column's codes apply to" },
	{ "rows", READ_BY(read_table_rows), .required = true, .shape = &rows_shape,
	  .help = "its rows: at / from / to (or odds), and a cell for each column" },
};

static const struct ytable table_table = YTABLE("table", table_fields);

const struct yshape card_tables_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &table_table }
};

static bool
read_table(struct ydoc *doc, const struct ynode *n, struct card *card, struct table *t)
{
	const struct ynode *by = ymap_find(n, "by"), *rows;
	struct table_ctx ctx = { card, NULL };
	bool ok;

	/* `by:` decides how rows read, so it is read first wherever it stands. */
	if (by != NULL && !read_table_by(doc, by, t))
		return false;
	ok = ymap_read(doc, n, &table_table, t, &ctx);
	rows = ctx.rows;
	if (rows == NULL)
		return false;
	for (size_t i = 0; i < rows->count; i++)
		ok = read_row(doc, t, rows->items[i]) && ok;
	if (!ok)
		return false;
	if (t->nrows == 0)
		return yerror(doc, rows, "a table needs at least one row");
	fill_cells(t, rows);
	parse_cells(t);
	t->result_column = column_index(t, "result", false);
	t->drm_column = column_index(t, "drm", false);
	ok = read_who_columns(doc, t, ymap_find(n, "who"));
	return check_overlaps(doc, t, rows) && ok;
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
		ok = yis_mapping(doc, n->items[i], "table") && read_table(doc, n->items[i], card, t) &&
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
		for (size_t c = 0; t->rows[r].codes != NULL && c < t->ncolumns; c++)
			free(t->rows[r].codes[c].codes);
		free(t->rows[r].codes);
		free(t->rows[r].note);
	}
	free(t->rows);
	for (size_t i = 0; i < t->nlegend; i++) {
		free(t->legend[i].code);
		free(t->legend[i].meaning);
		free(t->legend[i].brief);
		free(t->legend[i].note);
	}
	free(t->legend);
	free(t->who);
}
