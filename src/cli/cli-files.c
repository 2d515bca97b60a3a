/* cli-files.c: `hexaid check` (validate files, print diagnostics) and
 * `hexaid cards` (list the cards along the search path); and finding a card by
 * its id or path for the subcommands that take one.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "card.h"
#include "cardpath.h"
#include "cli.h"
#include "diag.h"
#include "hexfile.h"
#include "load.h"
#include "render.h"
#include "strutil.h"
#include "xmalloc.h"
#include "yaml-load.h"

/* A card, read as the data layer checks it (its phases' commands too), then
 * its glyphs as the map would draw them (warnings). */
static bool
check_card(struct ydoc *doc, const char *path, const struct cardpath *cp, struct diag_list *dl)
{
	struct card card;

	if (!card_load_doc(&card, doc, cp, dl))
		return false;
	render_check_card(&card, path, dl);
	card_free(&card);
	return true;
}

/* One file: its kind from its first lines; a card then parsed on from there,
 * so it is read and parsed once, its tree built in the memory the file before
 * was read in (pool); any other kind read whole by its reader. */
static bool
check_file(const char *path, const struct cardpath *cp, struct ypool *pool,
           struct diag_list *dl)
{
	struct ydoc doc;
	enum hexfile_kind kind = hexfile_open(&doc, path, pool, dl);
	bool ok;

	if (diag_error_count(dl) > 0) {
		ydoc_free(&doc);
		return false;
	}
	if (kind != HEXFILE_CARD)
		return game_check_opened(&doc, kind, path, cp, dl);
	ok = ydoc_load_rest(&doc) && check_card(&doc, path, cp, dl);
	ydoc_free(&doc);
	return ok;
}

/* One reminder: "FILE:LINE: WHERE: WORDS  [seed S]". */
struct reminder {
	const struct rule *rule;
	const char *terrain;      /* its terrain's id, or NULL: a modifier */
	int section;
};

static int
by_line(const void *a, const void *b)
{
	const struct reminder *x = a, *y = b;
	int c = strcmp(x->rule->file, y->rule->file); /* same text: file names sorted */

	return c != 0 ? c : (x->rule->line > y->rule->line) - (x->rule->line < y->rule->line);
}

static void
add_reminders_of(const struct rule_list *rl, const char *terrain, int section,
                 struct reminder **list, size_t *n, size_t *cap)
{
	for (size_t k = 0; k < rl->count; k++)
		if (rl->items[k].effect == EFFECT_REMIND)
			*(struct reminder *)xgrow(list, n, cap, sizeof **list) =
			        (struct reminder){ &rl->items[k], terrain, section };
}

/* Every `remind:` rule of the card, in the order of its lines: the rules hexaid
 * tells the players of and does not reckon. Returns how many. */
static size_t
print_reminders(const struct card *card, FILE *out)
{
	struct reminder *list = NULL;
	size_t n = 0, cap = 0;

	for (size_t t = 0; t < card->nterrain; t++)
		for (int s = 0; s < N_SECTIONS; s++)
			add_reminders_of(&card->terrain[t].sections[s], card->terrain[t].id, s, &list,
			                 &n, &cap);
	add_reminders_of(&card->modifiers, NULL, SECTION_MODIFIERS, &list, &n, &cap);
	if (n > 0)
		qsort(list, n, sizeof *list, by_line);
	for (size_t i = 0; i < n; i++) {
		const struct rule *r = list[i].rule;

		fprintf(out, "%s:%d: %s%s%s: %s%s%s%s\n", r->file, r->line,
		        list[i].terrain ? list[i].terrain : "", list[i].terrain ? ", " : "",
		        section_keys[list[i].section], r->text, r->seed ? "  [seed " : "",
		        r->seed ? r->seed : "", r->seed ? "]" : "");
	}
	free(list);
	return n;
}

/* check --reminders CARD...: each card (an id or a path) read, its reminders
 * listed, or "CARD: no reminders". */
static int
check_reminders(const struct cli_args *a)
{
	int status = EXIT_OK;

	for (int i = 0; i < a->argc; i++) {
		struct card card;

		if (cli_load_card(a->argv[i], &card) != EXIT_OK) {
			status = EXIT_INVALID;
			continue;
		}
		if (print_reminders(&card, stdout) == 0)
			printf("%s: no reminders: hexaid reckons each of its rules\n", card.id);
		card_free(&card);
	}
	return status;
}

int
cli_check(const struct cli_args *a)
{
	struct ypool pool = { NULL };
	struct cardpath cp;
	int status = EXIT_OK;
	char **argv = a->argv;

	if (a->argc < 1)
		return cli_usage_error(a->cmd);
	if (a->given[CLI_REMINDERS])
		return check_reminders(a);
	cardpath_init(&cp);
	for (int i = 0; i < a->argc; i++) {
		struct diag_list dl;

		diag_list_init(&dl, DIAG_MAX_ERRORS);
		if (!check_file(argv[i], &cp, &pool, &dl))
			status = EXIT_INVALID;
		if (diag_error_count(&dl) > 0)
			status = EXIT_INVALID;
		diag_print(&dl, stderr);
		diag_list_free(&dl);
	}
	ypool_free(&pool);
	cardpath_free(&cp);
	return status;
}

/* Has a card with this id been listed already (so this one is shadowed)? */
static const char *
shadowing(char **ids, char **paths, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(ids[i], id) == 0) /* reader: card ids */
			return paths[i];
	return NULL;
}

int
cli_cards(const struct cli_args *a)
{
	struct cardpath cp;
	size_t nfiles, nseen = 0;
	char **files, **ids, **paths;
	int status = EXIT_OK;

	if (a->argc != 0)
		return cli_usage_error(a->cmd);
	cardpath_init(&cp);
	files = cardpath_files(&cp, &nfiles);
	ids = xcalloc(nfiles + 1, sizeof *ids);
	paths = xcalloc(nfiles + 1, sizeof *paths);
	for (size_t i = 0; i < nfiles; i++) {
		struct diag_list dl;
		struct card card;
		const char *over;

		diag_list_init(&dl, DIAG_MAX_ERRORS);
		if (!card_load(&card, files[i], &cp, &dl)) {
			fprintf(stderr, "hexaid: %s: not a valid card (hexaid check %s tells why)\n",
			        files[i], files[i]);
			status = EXIT_INVALID;
			diag_list_free(&dl);
			continue;
		}
		over = shadowing(ids, paths, nseen, card.id);
		printf("%-16s %-40s %s", card.id, card.title, files[i]);
		if (over != NULL)
			printf(" (shadowed by %s)", over);
		putchar('\n');
		ids[nseen] = xstrdup(card.id);
		paths[nseen++] = xstrdup(files[i]);
		card_free(&card);
		diag_list_free(&dl);
	}
	if (nfiles == 0)
		fputs("hexaid: no rule cards found; searched:\n", stderr);
	for (size_t i = 0; nfiles == 0 && i < cp.count; i++)
		fprintf(stderr, "  %s/cards\n", cp.dirs[i]);
	for (size_t i = 0; i < nseen; i++) {
		free(ids[i]);
		free(paths[i]);
	}
	free(ids);
	free(paths);
	cardpath_files_free(files, nfiles);
	cardpath_free(&cp);
	return nfiles == 0 ? EXIT_INVALID : status;
}

/* ---- finding a card ------------------------------------------------------------ */

static bool
looks_like_path(const char *name)
{
	size_t n = strlen(name);

	/* reader: a card's name as typed */
	return strchr(name, '/') != NULL || (n > 5 && strcmp(name + n - 5, ".yaml") == 0);
}

bool
cli_seed(const char *sub, const char *arg, uint64_t *seed)
{
	if (str_seed(arg, seed))
		return true;
	fprintf(stderr, "hexaid: %s%s--seed %s: expected a whole number from 0 to %" PRIu64 "\n",
	        sub ? sub : "", sub ? ": " : "", arg, UINT64_MAX);
	return false;
}

int
cli_load_card(const char *name, struct card *card)
{
	struct diag_list dl;
	struct cardpath cp;
	char **files;
	size_t n;
	int status = EXIT_INVALID;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	cardpath_init(&cp);
	if (looks_like_path(name)) {
		status = card_load(card, name, &cp, &dl) ? EXIT_OK : EXIT_INVALID;
		diag_print(&dl, stderr);
		diag_list_free(&dl);
		cardpath_free(&cp);
		return status;
	}
	files = cardpath_files(&cp, &n);
	for (size_t i = 0; i < n && status != EXIT_OK; i++) {
		const char *base = strrchr(files[i], '/') + 1;
		size_t len = strlen(name);

		/* Cards are named by their id; the file name is the id by convention, so
		 * look there first and confirm by loading (a file name: ID.yaml). */
		/* reader: file names in the directory */
		if (strncmp(base, name, len) != 0 || strcmp(base + len, ".yaml") != 0)
			continue;
		/* reader: the card's id */
		if (card_load(card, files[i], &cp, &dl) && strcmp(card->id, name) == 0)
			status = EXIT_OK;
		else if (card->id != NULL)
			card_free(card);
	}
	if (status != EXIT_OK && diag_error_count(&dl) == 0)
		fprintf(stderr, "hexaid: no rule card '%s' found (hexaid cards lists them)\n", name);
	diag_print(&dl, stderr);
	diag_list_free(&dl);
	cardpath_files_free(files, n);
	cardpath_free(&cp);
	return status;
}
