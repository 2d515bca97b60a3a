/* table-lookup.c: finds the row of a card's result table that a number or an
 * odds ratio stands for, and says which row it read and why (engine layer). The
 * tables are read from the card by card-read-tables.c (data layer). */
#include "config.h"

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
		if (strcmp(t->columns[c], "result") == 0)
			strbuf_addf(&s, "%s%s", s.len ? ", " : "", cell);
		else
			strbuf_addf(&s, "%s%s %s", s.len ? ", " : "", t->columns[c], cell);
	}
	return s.text != NULL ? s.text : xstrdup("");
}

/* "D: one level of disorganisation" for each code of the row the legend knows. */
static char *
legend_words(const struct table *t, int row)
{
	struct strbuf s = { NULL, 0, 0 };
	bool *said = xcalloc(t->nlegend + 1, sizeof *said);

	for (size_t c = 0; c < t->ncolumns; c++) {
		const char *cell = t->rows[row].cells[c];
		for (size_t k = 0; cell != NULL && k < t->nlegend; k++) {
			/* a cell is the card's notation: the codes of its legend in it */
			if (said[k] || strstr(cell, t->legend[k].code) == NULL)
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
