/* table-lookup.c: finds the row of a card's result table that a number or an
 * odds ratio stands for, and says which row it read and why (engine layer). The
 * tables are read from the card by card-read-tables.c (data layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"
#include "table-lookup.h"
#include "xmalloc.h"

int
table_row_for_value(const struct table *t, long value)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i].odds_def == 0 && t->rows[i].from <= value && value <= t->rows[i].upto)
			return (int)i;
	return -1;
}

/* Is odds row a worse for the attacker than row b? */
static bool
lower_odds(const struct table_row *a, const struct table_row *b)
{
	return a->odds_att * b->odds_def < b->odds_att * a->odds_def;
}

int
table_row_for_odds(const struct table *t, long att, long def)
{
	int best = -1, lowest = -1;

	if (att <= 0 || def <= 0)
		return -1;
	for (size_t i = 0; i < t->nrows; i++) {
		const struct table_row *r = &t->rows[i];

		if (r->odds_def == 0)
			continue;
		if (lowest < 0 || lower_odds(r, &t->rows[lowest]))
			lowest = (int)i;
		/* reached when att/def >= odds_att/odds_def */
		if (r->odds_att * def <= att * r->odds_def &&
		    (best < 0 || lower_odds(&t->rows[best], r)))
			best = (int)i;
	}
	return best >= 0 ? best : lowest;
}

char *
table_row_words(const struct table *t, int row)
{
	struct strbuf s = { NULL, 0, 0 };

	for (size_t c = 0; c < t->ncolumns; c++) {
		const char *cell = t->rows[row].cells[c];

		if (cell == NULL)
			continue;
		if ((int)c == t->result_column)
			strbuf_adds(&s, s.len ? ", " : "", cell, (const char *)NULL);
		else
			strbuf_adds(&s, s.len ? ", " : "", t->columns[c], " ", cell, (const char *)NULL);
	}
	return s.text != NULL ? s.text : xstrdup("");
}

char *
table_code_text(const struct table *t, const struct cell_code *c)
{
	if (c->n < 0)
		return xstrdup(t->legend[c->legend].code);
	return xasprintf("%s%s%ld", t->legend[c->legend].code, c->plus ? "+" : "", c->n);
}

char *
table_code_words(const struct table *t, const struct cell_code *c)
{
	const struct legend_entry *l = &t->legend[c->legend];
	const char *say = l->brief != NULL ? l->brief : l->meaning;
	const char *at = strstr(say, "{n}"); /* reader: the card's {n} mark in a legend's words */
	char num[24] = "";

	/* "{n}" is the card's mark for where the number goes, not a word read */
	long amount = l->retreat > 0 ? l->retreat : l->lose > 0 ? l->lose : l->disorder;

	if (c->n >= 0)
		snprintf(num, sizeof num, "%s%ld", c->plus ? "+" : "", c->n);
	else if (l->number_after && amount > 0)
		snprintf(num, sizeof num, "%ld", amount);
	if (at != NULL && num[0] == '\0' && at > say && at[-1] == ' ')
		return xasprintf("%.*s%s", (int)(at - say - 1), say, at + 3);
	if (at != NULL && num[0] == '\0' && at[3] == ' ')
		return xasprintf("%.*s%s", (int)(at - say), say, at + 4);
	if (at != NULL)
		return xasprintf("%.*s%s%s", (int)(at - say), say, num, at + 3);
	return xasprintf("%s%s%s", say, num[0] ? " " : "", num);
}

char *
table_cell_words(const struct table *t, int row, size_t col)
{
	const struct cell_codes *cc = &t->rows[row].codes[col];
	struct strbuf s = { NULL, 0, 0 };

	if (!cc->parsed || cc->ncodes == 0)
		return NULL;
	for (size_t i = 0; i < cc->ncodes; i++) {
		char *w = table_code_words(t, &cc->codes[i]);
		strbuf_addf(&s, "%s%s", i ? ", " : "", w);
		free(w);
	}
	return s.text;
}

/* "D: one level of disorganisation" for each code the row's cells hold. */
static char *
legend_words(const struct table *t, int row)
{
	struct strbuf s = { NULL, 0, 0 };
	bool *said = xcalloc(t->nlegend + 1, sizeof *said);

	for (size_t c = 0; t->rows[row].codes != NULL && c < t->ncolumns; c++) {
		const struct cell_codes *cc = &t->rows[row].codes[c];
		for (size_t i = 0; i < cc->ncodes; i++) {
			int k = cc->codes[i].legend;
			if (said[k])
				continue;
			said[k] = true;
			strbuf_addf(&s, "%s%s: %s", s.len ? "; " : "", t->legend[k].code,
			            t->legend[k].meaning);
		}
	}
	free(said);
	return s.text != NULL ? s.text : xstrdup("");
}

void
table_explain(const struct table *t, int row, const char *entry, struct explanation *why)
{
	char *words, *legend;

	if (row < 0) {
		explain_add(why,
		            &(struct step_from){ .kind = STEP_NOTE, .file = t->file,
		                                 .line = t->line, .seed = t->seed,
		                                 .assumed = t->assumed },
		            "%s: no row for %s", t->name, entry);
		return;
	}
	if (why->quiet) { /* the step's value and line, without the row in words */
		explain_add(why,
		            &(struct step_from){ .kind = STEP_RESULT, .file = t->file,
		                                 .line = t->rows[row].line, .seed = t->seed,
		                                 .assumed = t->assumed },
		            "%s", "");
		return;
	}
	words = table_row_words(t, row);
	legend = legend_words(t, row);
	explain_add(why,
	            &(struct step_from){ .kind = STEP_RESULT, .file = t->file,
	                                 .line = t->rows[row].line, .seed = t->seed,
	                                 .assumed = t->assumed },
	            "%s, %s: %s%s%s%s", t->name, entry, words, legend[0] ? " (" : "", legend,
	            legend[0] ? ")" : "");
	free(words);
	free(legend);
}
