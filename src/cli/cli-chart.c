/* cli-chart.c: `hexaid chart`: a rule card printed as the paper terrain effects
 * chart players know, in 80 columns: each terrain with its rules and their seed
 * lines, the movement categories, the settings, the result tables and a key.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "cli.h"
#include "explain.h"
#include "strutil.h"
#include "table-lookup.h"
#include "terrain.h"
#include "xmalloc.h"

/* ---- chart ----------------------------------------------------------------------- */

#define CHART_WIDTH 80
#define CHART_LABEL 13
#define CHART_REF 14

/* Print `text` in a column `indent` characters in, at most `width` wide,
 * wrapped at spaces; `first` is printed before the first line (it is `indent`
 * characters wide) and `ref` after it, at the right margin. */
static void
print_column(const char *first, int indent, int width, const char *text, const char *ref)
{
	const char *p = text;
	bool first_line = true;

	while (*p != '\0' || first_line) {
		int len = (int)strlen(p);
		if (len > width) {
			len = width;
			while (len > 0 && p[len] != ' ')
				len--;
			if (len == 0)
				len = width;
		}
		if (first_line && ref[0] != '\0')
			printf("%-*s%-*.*s %s\n", indent, first, width, len, p, ref);
		else
			printf("%-*s%.*s\n", indent, first_line ? first : "", len, p);
		p += len;
		while (*p == ' ')
			p++;
		first_line = false;
	}
}

/* One chart line: the section label, the rule in words, its seed reference. */
static void
print_wrapped(const char *label, const char *text, const char *ref)
{
	int reflen = (int)strlen(ref) > CHART_REF ? (int)strlen(ref) : CHART_REF;
	char first[CHART_WIDTH];

	/* a long list of seed lines goes under the rule, in the text's column */
	if (reflen > 24) {
		char *seeds = xasprintf("seed %s", ref);
		print_wrapped(label, text, "");
		print_column("", CHART_LABEL + 2, CHART_WIDTH - CHART_LABEL - 2, seeds, "");
		free(seeds);
		return;
	}

	/* A label too long for its column stands on a line of its own. */
	if ((int)strlen(label) >= CHART_LABEL) {
		printf("  %s\n", label);
		label = "";
	}
	snprintf(first, sizeof first, "  %s", label);
	print_column(first, CHART_LABEL + 2, CHART_WIDTH - 2 - CHART_LABEL - reflen - 1, text, ref);
}

static char *
effect_words(const struct rule *r)
{
	const struct effect_info *e = &effect_info[r->effect];
	char num[24];

	if (e->value == EFFECT_INT && (r->effect == EFFECT_DICE || r->effect == EFFECT_DRM ||
	                               r->effect == EFFECT_COST_ADD))
		return xasprintf("%s %+ld%s", e->key, r->amount, r->may ? " (may)" : "");
	if (e->value == EFFECT_INT)
		return xasprintf("%s %ld%s", e->key, r->amount, r->may ? " (may)" : "");
	if (e->value == EFFECT_TEXT)
		return xasprintf("remember: %s", r->text);
	if (e->value == EFFECT_SIDE)
		return xasprintf("%s to the %s", e->key, r->amount > 0 ? "attacker" : "defender");
	if (e->value == EFFECT_POINTS)
		return xasprintf("%s %s%s", e->key,
		                 explain_points(r->amount, r->effect == EFFECT_COST_ADD, num),
		                 r->may ? " (may)" : "");
	return xasprintf("%s%s", e->key, r->may ? " (may)" : "");
}

/* "a, b, c", to free. */
static char *
join_ids(const char *const *ids, size_t n)
{
	struct strbuf list = { NULL, 0, 0 };

	for (size_t i = 0; i < n; i++)
		strbuf_addf(&list, "%s%s", i ? ", " : "", ids[i]);
	return list.text != NULL ? list.text : xstrdup("");
}

/* Notes, each with its seed line; false when there are none. */
static bool
chart_notes(const char *label, const struct note_list *notes, bool *any_assumed)
{
	for (size_t i = 0; i < notes->count; i++) {
		const struct card_note *note = &notes->items[i];
		char *ref = xasprintf("%s%s", note->seed ? note->seed : "", note->assumed ? "*" : "");

		print_wrapped(label, note->text, ref);
		*any_assumed |= note->assumed;
		free(ref);
	}
	return notes->count == 0;
}

/* What stands before a rule's conditions in the chart: "if " when it has a
 * condition that must hold; nothing when it has only `unless:` conditions (their
 * words begin "unless") or none. */
static const char *
conds_lead(const struct rule *r)
{
	for (size_t i = 0; i < r->nconds; i++)
		if (!r->conds[i].negated)
			return "if ";
	return "";
}

char *
cli_rule_words(const struct card *card, const struct rule *r)
{
	char *what = effect_words(r), *conds = terrain_describe_conds(card, r);
	char *text = conds[0] ? xasprintf("%s %s%s", what, conds_lead(r), conds) : xstrdup(what);

	free(what);
	free(conds);
	return text;
}

static void
chart_terrain(const struct card *card, const struct terrain *t, bool *any_assumed)
{
	static const char *const labels[N_SECTIONS] = {
		[SECTION_MOVE] = "move",
		[SECTION_BATTLE_FROM] = "battle from",
		[SECTION_BATTLE_INTO] = "targeted on",
		[SECTION_PROTECTION] = "protection",
		[SECTION_COVER] = "cover",
		[SECTION_MODIFIERS] = "modifier",
	};
	char head[CHART_WIDTH + 1];
	bool empty = true;

	char level[24] = "";

	if (t->level_most > 0)
		snprintf(level, sizeof level, "; level %d to %d", t->level, t->level_most);
	else if (t->level > 0)
		snprintf(level, sizeof level, "; level %d", t->level);
	snprintf(head, sizeof head, "%s (%s%s%c%s%s%s%s)", t->name ? t->name : t->id,
	         terrain_kind_names[t->kind], t->glyph ? " '" : "", t->glyph ? t->glyph : ' ',
	         t->glyph ? "'" : "", level, t->los_blocks ? "; blocks line of sight" : "",
	         t->los_unit_blocks ? "; a unit on it blocks line of sight" : "");
	printf("%s\n", head);
	for (int s = 0; s < N_SECTIONS; s++) {
		for (size_t i = 0; i < t->sections[s].count; i++) {
			const struct rule *r = &t->sections[s].items[i];
			char *text = cli_rule_words(card, r);
			char *ref = xasprintf("%s%s", r->seed ? r->seed : "", r->assumed ? "*" : "");

			print_wrapped(labels[s], text, ref);
			*any_assumed |= r->assumed;
			empty = false;
			free(text);
			free(ref);
		}
	}
	if (t->ncancels > 0) {
		const char **ids = xcalloc(t->ncancels, sizeof *ids);
		char *list;

		for (size_t i = 0; i < t->ncancels; i++)
			ids[i] = card->terrain[t->cancels[i]].id;
		list = join_ids(ids, t->ncancels);
		free(ids);
		print_wrapped("cancels", list, "");
		free(list);
		empty = false;
	}
	if (t->naliases > 0) {
		char *list = join_ids((const char *const *)t->aliases, t->naliases);

		print_wrapped("also named", list, t->seed ? t->seed : "");
		free(list);
		empty = false;
	}
	if (t->note != NULL) {
		print_wrapped("note", t->note, "");
		empty = false;
	}
	if (t->level_most > 0) {
		char *words = xasprintf("the players set each hex from level %d to %d; %d unless "
		                        "they do", t->level, t->level_most, t->level);
		print_wrapped("level", words, "");
		free(words);
		empty = false;
	}
	if (t->category >= 0) {
		char *words = xasprintf("%s (each class's allowance in it: below)",
		                        card->categories[t->category].id);
		print_wrapped("category", words, "");
		free(words);
		empty = false;
	}
	if (t->structure_strength > 0) {
		char *words = t->structure_becomes >= 0
		                      ? xasprintf("%d hits destroy it; it becomes %s",
		                                  t->structure_strength,
		                                  card->terrain[t->structure_becomes].name
		                                          ? card->terrain[t->structure_becomes].name
		                                          : card->terrain[t->structure_becomes].id)
		                      : xasprintf("%d hits destroy it; then it is gone",
		                                  t->structure_strength);
		print_wrapped("structure", words, t->structure_seed ? t->structure_seed : "");
		free(words);
		empty = false;
	}
	empty = chart_notes("note", &t->notes, any_assumed) && empty;
	if (empty)
		print_wrapped("", "no effect", "");
}

/* What each effect named in the chart means, one line each. */
static void
print_legend(const struct card *card, int only)
{
	bool used[N_EFFECTS] = { false }, any = false;

	for (size_t i = 0; i < card->nterrain; i++) {
		if (only >= 0 && (size_t)only != i)
			continue;
		for (int s = 0; s < N_SECTIONS; s++)
			for (size_t k = 0; k < card->terrain[i].sections[s].count; k++)
				used[card->terrain[i].sections[s].items[k].effect] = true;
	}
	for (size_t k = 0; only < 0 && k < card->modifiers.count; k++)
		used[card->modifiers.items[k].effect] = true;
	for (int e = 0; e < N_EFFECTS; e++) {
		if (!used[e])
			continue;
		if (!any)
			puts("\nKey:");
		any = true;
		char first[32];
		snprintf(first, sizeof first, "  %s", effect_info[e].key);
		print_column(first, 27, CHART_WIDTH - 27, effect_info[e].help, "");
	}
	print_column("  (may)", 27, CHART_WIDTH - 27, "optional: the owning player decides", "");
}

/* The terrain named on the command line, or -1 after saying what is wrong. */
static int
find_terrain(const struct card *card, const char *id)
{
	const char **names = xcalloc(card->nterrain + 1, sizeof *names);
	const char *near;
	int t = card_terrain(card, id);

	for (size_t i = 0; i < card->nterrain; i++)
		names[i] = card->terrain[i].id;
	near = str_nearest(id, names, card->nterrain);
	if (t < 0 && near != NULL)
		fprintf(stderr, "hexaid: %s has no terrain '%s'; did you mean '%s'?\n", card->id, id,
		        near);
	else if (t < 0)
		fprintf(stderr, "hexaid: %s has no terrain '%s'\n", card->id, id);
	free(names);
	return t;
}

/* The card's modifiers that belong to no terrain. */
static void
chart_modifiers(const struct card *card, bool *any_assumed)
{
	for (size_t i = 0; i < card->modifiers.count; i++) {
		const struct rule *r = &card->modifiers.items[i];
		char *what = effect_words(r), *conds = terrain_describe_conds(card, r);
		char *text = xasprintf("%s%s%s%s%s%s", what, conds[0] ? " " : "", conds_lead(r), conds,
		                       r->group ? "; not cumulative within " : "",
		                       r->group ? card->groups[r->group - 1] : "");
		char *ref = xasprintf("%s%s", r->seed ? r->seed : "", r->assumed ? "*" : "");

		if (i == 0)
			puts("\nModifiers");
		print_wrapped("", text, ref);
		*any_assumed |= r->assumed;
		free(what);
		free(conds);
		free(text);
		free(ref);
	}
}

char *
cli_event_does(const struct card *card, const struct rule *r)
{
	if (r->effect == EFFECT_REPLACE)
		return xasprintf("replace %s with %s", card->terrain[r->amount].id,
		                 card->terrain[r->with].id);
	if (effect_info[r->effect].value == EFFECT_TERRAIN)
		return xasprintf("%s %s", effect_info[r->effect].key, card->terrain[r->amount].id);
	if (r->effect == EFFECT_STRUCTURE_HIT_ON)
		return xasprintf("a structure roll: %ld or more of a d6 is a structural hit", r->amount);
	if (r->effect == EFFECT_LOSE)
		return xasprintf("the unit loses %ld, and its move ends in that hex", r->amount);
	if (r->effect == EFFECT_LOST)
		return xasprintf("the unit is lost");
	return xasprintf("nothing happens (an exception)");
}

/* The faces in bits `rolled` of the card's battle die, joined by "," (free it). */
static char *
rolled_words(const struct card *card, uint64_t rolled)
{
	const struct die_kind *d = card->battle_die >= 0 ? &card->dice[card->battle_die] : NULL;
	struct strbuf sb = { NULL, 0, 0 };

	for (size_t f = 0; d != NULL && f < d->nfaces && f < 64; f++)
		if (rolled & (UINT64_C(1) << f))
			strbuf_addf(&sb, "%s%s", sb.len ? "," : "", d->faces[f].id);
	return sb.text ? sb.text : xstrdup("");
}

/* What battles, actions and entering do to a hex (or a unit): each event rule in
 * the card's order (the first that holds acts), under the event it answers. */
static void
chart_events(const struct card *card, bool *any_assumed)
{
	for (size_t i = 0; i < card->events.count; i++) {
		const struct rule *r = &card->events.items[i];
		char *does = cli_event_does(card, r), *conds = terrain_describe_conds(card, r);
		char *faces = r->rolled ? rolled_words(card, r->rolled) : NULL;
		char *roll = r->roll > 0 ? xasprintf("roll %d battle %s: ", r->roll,
		                                     r->roll == 1 ? "die" : "dice")
		                         : xstrdup("");
		char *text = xasprintf("%s%s%s%s%s%s%s%s", roll, faces ? "on " : "",
		                       faces ? faces : "", faces ? ": " : "", does,
		                       conds[0] ? " " : "", conds[0] ? conds_lead(r) : "", conds);
		char *full = r->instead_of_battle ? xasprintf("%s (instead of battling)", text)
		                                  : xstrdup(text);
		char *ref = xasprintf("%s%s", r->seed ? r->seed : "", r->assumed ? "*" : "");

		if (i == 0)
			puts("\nEvents (what battles, actions and moves do; the first that holds acts)");
		print_wrapped(card_event_word(card, r), full, ref);
		*any_assumed |= r->assumed;
		free(does);
		free(conds);
		free(faces);
		free(roll);
		free(text);
		free(full);
		free(ref);
	}
}

/* Movement categories: one line per class, one column per category. */
static void
chart_categories(const struct card *card)
{
	char num[24];

	if (card->ncategories == 0)
		return;
	printf("\nMovement allowance by terrain category");
	if (card->categories[0].seed != NULL)
		printf(" (seed %s)", card->categories[0].seed);
	printf("\n  %-20s", "");
	for (size_t c = 0; c < card->ncategories; c++)
		printf(" %10.10s", card->categories[c].id);
	putchar('\n');
	for (size_t k = 0; k < card->nclasses; k++) {
		bool any = false;
		for (size_t c = 0; c < card->ncategories; c++)
			any |= card->categories[c].given != NULL && card->categories[c].given[k];
		if (!any)
			continue;
		printf("  %-20.20s", card->classes[k].id);
		for (size_t c = 0; c < card->ncategories; c++) {
			const struct category *cat = &card->categories[c];
			if (cat->given == NULL || !cat->given[k])
				printf(" %10s", "-");
			else if (cat->prohibited[k])
				printf(" %10s", "prohibited");
			else
				printf(" %10s", explain_points(cat->allowance[k], false, num));
		}
		putchar('\n');
	}
}

static void
chart_settings(const struct card *card)
{
	for (size_t i = 0; i < card->nsettings; i++) {
		const struct setting *st = &card->settings[i];
		char *choices = xstrdup("");

		if (i == 0)
			puts("\nSettings the players choose before the game");
		for (size_t k = 0; k < st->nchoices; k++) {
			char *next = xasprintf("%s%s%s%s", choices, k ? ", " : "", st->choices[k],
			                       (int)k == st->def ? " (default)" : "");
			free(choices);
			choices = next;
		}
		print_wrapped(st->id, choices, st->seed ? st->seed : "");
		if (st->note != NULL)
			print_wrapped("", st->note, "");
		free(choices);
	}
}

static void
chart_table(const struct table *t, bool *any_assumed)
{
	char head[CHART_WIDTH + 1];

	snprintf(head, sizeof head, "%s (%s%s%s)", t->name, table_by_names[t->by],
	         t->dice ? ", " : "", t->dice ? t->dice : "");
	printf("\n%-*s %s%s\n", CHART_WIDTH - CHART_REF - 1, head, t->seed ? t->seed : "",
	       t->assumed ? "*" : "");
	*any_assumed |= t->assumed;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct table_row *row = &t->rows[r];
		char band[64], *words = table_row_words(t, (int)r);

		if (t->by == TABLE_BY_ODDS)
			snprintf(band, sizeof band, "%ld%s:%ld%s", row->odds_att / 10,
			         row->odds_att % 10 ? ".5" : "", row->odds_def / 10,
			         row->odds_def % 10 ? ".5" : "");
		else if (row->from == row->upto)
			snprintf(band, sizeof band, "%ld", row->from);
		else if (row->from == LONG_MIN)
			snprintf(band, sizeof band, "%ld or less", row->upto);
		else if (row->upto == LONG_MAX)
			snprintf(band, sizeof band, "%ld or more", row->from);
		else
			snprintf(band, sizeof band, "%ld to %ld", row->from, row->upto);
		print_wrapped(band, words, "");
		free(words);
	}
	for (size_t i = 0; i < t->nlegend; i++) {
		char *line = xasprintf("%s: %s", t->legend[i].code, t->legend[i].meaning);
		print_wrapped(i == 0 ? "key" : "", line, "");
		free(line);
	}
	if (t->note != NULL)
		print_wrapped("note", t->note, "");
}

/* The chart of a card read (of one terrain: only >= 0). */
static void
chart(const struct card *card, int only)
{
	bool any_assumed = false;

	printf("%s: terrain effects chart\n", card->title);
	printf("%-*s%s\n\n", CHART_WIDTH - CHART_REF - 1, "", "seed line");
	if (only < 0 && card->notes.count > 0) {
		puts("About the card");
		chart_notes("", &card->notes, &any_assumed);
		putchar('\n');
	}
	for (size_t i = 0; i < card->nterrain; i++) {
		if (only >= 0 && (size_t)only != i)
			continue;
		chart_terrain(card, &card->terrain[i], &any_assumed);
		if (i + 1 < card->nterrain && only < 0)
			putchar('\n');
	}
	if (only < 0) {
		chart_modifiers(card, &any_assumed);
		chart_events(card, &any_assumed);
		chart_categories(card);
		chart_settings(card);
		for (size_t i = 0; i < card->ntables; i++)
			chart_table(&card->tables[i], &any_assumed);
	}
	print_legend(card, only);
	if (any_assumed)
		puts("* assumed: not in the seed rules; check your rulebook");
}

int
cli_chart_card(const struct card *card, const char *terrain)
{
	int only = -1;

	if (terrain != NULL && (only = find_terrain(card, terrain)) < 0)
		return EXIT_INVALID;
	chart(card, only);
	return EXIT_OK;
}

int
cli_chart(const struct cli_args *a)
{
	struct card card;
	int status;

	if (a->argc < 1 || a->argc > 2)
		return cli_usage_error(a->cmd);
	status = cli_load_card(a->argv[0], &card);
	if (status != EXIT_OK)
		return status;
	status = cli_chart_card(&card, a->argc == 2 ? a->argv[1] : NULL);
	card_free(&card);
	return status;
}
