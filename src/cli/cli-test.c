/* cli-test.c: `hexaid test`: a card author's rules cases (.rules files,
 * hexaid(5)) run against the card each file names. A case is a question in
 * explain's key=value words (or `chart [TERRAIN]`) and the line of the answer
 * the rulebook gives; it is asked as `hexaid explain` or `hexaid chart` asks it,
 * in this process, its answer kept (cli_capture_start), and reported as TAP.
 * With --coverage, the card's rule rows (terrain rules, modifiers, events,
 * table rows) that no case's answer showed, by card line: read from the steps
 * of the answers (the rule or the card line each carries), never their words.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "card.h"
#include "cli.h"
#include "diag.h"
#include "explain.h"
#include "fileops.h"
#include "strutil.h"
#include "table-lookup.h"
#include "xmalloc.h"

#define RULES_FILE_MAX (16L * 1024 * 1024)

/* One case: SEED | QUESTION | ANSWER on line `line`. */
struct rules_case {
	int line;
	char *seed, *question, *answer;
};

struct rules_file {
	const char *path;
	char *text;
	size_t len;
	char *card_name;          /* as the card: line gives it */
	int card_line;
	size_t card;              /* which of the cards read */
	struct rules_case *cases;
	size_t ncases, cap;
};

/* A card the files name, read once, and what the cases' answers showed of it. */
struct test_card {
	char *name;               /* its id, or its path from where hexaid runs */
	struct card card;
	struct cli_reach reach;
};

struct test_run {
	struct rules_file *files;
	size_t nfiles;
	struct test_card *cards;
	size_t ncards, cap_cards;
	size_t n, failed;         /* cases run, failed */
};

/* ---- the cards' rows an answer showed --------------------------------------- */

void
cli_reach_rule(struct cli_reach *reach, const struct rule *r)
{
	if (reach == NULL || r == NULL)
		return;
	for (size_t i = 0; i < reach->nrules; i++)
		if (reach->rules[i] == r)
			return;
	*(const struct rule **)xgrow(&reach->rules, &reach->nrules, &reach->cap_rules,
	                             sizeof *reach->rules) = r;
}

static bool
reached_line(const struct cli_reach *reach, const char *file, int line)
{
	for (size_t i = 0; i < reach->nlines; i++)
		/* same text: a card file's name */
		if (reach->lines[i].line == line && str_eq(reach->lines[i].file, file))
			return true;
	return false;
}

void
cli_reach_steps(struct cli_reach *reach, const struct explanation *why)
{
	for (size_t i = 0; reach != NULL && i < why->count; i++) {
		const struct step *s = &why->steps[i];

		cli_reach_rule(reach, s->rule);
		if (s->rule != NULL || s->file == NULL || reached_line(reach, s->file, s->line))
			continue;
		*(struct cli_reach_line *)xgrow(&reach->lines, &reach->nlines, &reach->cap_lines,
		                                sizeof *reach->lines) =
		        (struct cli_reach_line){ s->file, s->line };
	}
}

static bool
reached_rule(const struct cli_reach *reach, const struct rule *r)
{
	for (size_t i = 0; i < reach->nrules; i++)
		if (reach->rules[i] == r)
			return true;
	return false;
}

/* ---- reading a .rules file ---------------------------------------------------- */

static bool
blank(char c)
{
	return c == ' ' || c == '\t';
}

/* text[from, to) without the blanks around it, runs of blanks inside made one
 * space (free it). */
static char *
trimmed(const char *text, size_t from, size_t to)
{
	struct strbuf sb = { NULL, 0, 0 };

	while (from < to && blank(text[from]))
		from++;
	while (to > from && (blank(text[to - 1]) || text[to - 1] == '\r'))
		to--;
	for (size_t i = from; i < to; i++)
		if (!blank(text[i]) || !blank(text[i - 1]))
			strbuf_addf(&sb, "%c", blank(text[i]) ? ' ' : text[i]);
	return sb.text != NULL ? sb.text : xstrdup("");
}

static bool
read_whole(struct rules_file *f)
{
	bool not_regular = false;
	int fd = fileops_open_regular(f->path, &not_regular);
	size_t cap = 0;
	ssize_t got = 1;

	if (fd < 0) {
		fprintf(stderr, "hexaid: test: %s: %s\n", f->path,
		        not_regular ? "not a regular file" : strerror(errno));
		return false;
	}
	f->len = 0;
	while (got > 0 && f->len < (size_t)RULES_FILE_MAX + 1) {
		if (f->len + 4096 + 1 > cap)
			f->text = xreallocarray(f->text, cap = cap * 2 + 8192, 1);
		got = read(fd, f->text + f->len, cap - f->len - 1);
		if (got > 0)
			f->len += (size_t)got;
	}
	close(fd);
	if (f->text == NULL)
		f->text = xstrdup("");
	f->text[f->len] = '\0';
	if (got < 0)
		fprintf(stderr, "hexaid: test: %s: %s\n", f->path, strerror(errno));
	else if (f->len > (size_t)RULES_FILE_MAX)
		fprintf(stderr, "hexaid: test: %s: larger than %ld bytes\n", f->path, RULES_FILE_MAX);
	return got >= 0 && f->len <= (size_t)RULES_FILE_MAX && memchr(f->text, '\0', f->len) == NULL;
}

static void
say_at(struct diag_list *dl, const struct rules_file *f, size_t offset, const char *what)
{
	struct diag_source src = { f->path, f->text, f->len };
	int line, col;

	diag_offset_position(&src, offset, &line, &col);
	diag_add(dl, DIAG_ERROR, &src, line, col, "%s", what);
}

/* `card: NAME` at text[at, end). */
static void
read_card_line(struct rules_file *f, size_t at, size_t end, int line, struct diag_list *dl)
{
	char *name = trimmed(f->text, at + strlen("card:"), end);

	if (f->card_name != NULL) {
		char *what = xasprintf("a second card: line (the first is line %d); a file's "
		                       "cases are for one card", f->card_line);
		say_at(dl, f, at, what);
		free(what);
		free(name);
	} else if (name[0] == '\0') {
		say_at(dl, f, end, "card: names no card: give its id or its file (card: ID or "
		                   "card: FILE.yaml)");
		free(name);
	} else {
		f->card_name = name;
		f->card_line = line;
	}
}

/* A case, SEED | QUESTION | ANSWER, at text[at, end). */
static void
read_case(struct rules_file *f, size_t at, size_t end, int line, struct diag_list *dl)
{
	size_t bar[3], nbars = 0;
	struct rules_case c = { line, NULL, NULL, NULL };

	for (size_t i = at; i < end && nbars < 3; i++)
		if (f->text[i] == '|')
			bar[nbars++] = i;
	if (nbars != 2) {
		say_at(dl, f, nbars == 3 ? bar[2] : end,
		       nbars == 3 ? "a case has three fields, SEED | QUESTION | ANSWER: a third '|'"
		                  : "a case has three fields, SEED | QUESTION | ANSWER, parted by "
		                    "'|'");
		return;
	}
	c.seed = trimmed(f->text, at, bar[0]);
	c.question = trimmed(f->text, bar[0] + 1, bar[1]);
	c.answer = trimmed(f->text, bar[1] + 1, end);
	if (c.question[0] == '\0' || c.answer[0] == '\0' || c.seed[0] == '\0') {
		say_at(dl, f, c.seed[0] == '\0' ? at : c.question[0] == '\0' ? bar[0] + 1 : bar[1] + 1,
		       c.seed[0] == '\0'       ? "a case names the rulebook's line it checks first "
		                                 "(SEED | QUESTION | ANSWER)"
		       : c.question[0] == '\0' ? "a case asks a question: explain's KEY=VALUE words, "
		                                 "or chart [TERRAIN]"
		                               : "a case gives the answer the rulebook gives: a "
		                                 "line of hexaid's answer");
		free(c.seed);
		free(c.question);
		free(c.answer);
		return;
	}
	/* reader: a test file's question */
	if (strncmp(c.question, "chart ", 6) == 0 && strchr(c.question + 6, ' ') != NULL)
		say_at(dl, f, bar[0] + 1, "chart takes one terrain at most: chart [TERRAIN]");
	*(struct rules_case *)xgrow(&f->cases, &f->ncases, &f->cap, sizeof c) = c;
}

/* The file's lines: blank, comments ('#'), its card: line, its cases. */
static bool
read_rules_file(struct rules_file *f, struct diag_list *dl)
{
	int line = 1;

	if (!read_whole(f))
		return false;
	for (size_t at = 0; at < f->len; line++) {
		const char *nl = memchr(f->text + at, '\n', f->len - at);
		size_t end = nl != NULL ? (size_t)(nl - f->text) : f->len, first = at;

		while (first < end && blank(f->text[first]))
			first++;
		if (first == end || f->text[first] == '#' || f->text[first] == '\r')
			;
		/* reader: a test file's lines */
		else if (strncmp(f->text + first, "card:", 5) == 0)
			read_card_line(f, first, end, line, dl);
		else
			read_case(f, first, end, line, dl);
		at = end + 1;
	}
	if (f->card_name == NULL) {
		struct diag_source src = { f->path, f->text, f->len };
		diag_file(dl, DIAG_ERROR, &src, "no card: line: a rules file names the card its "
		                                "cases are for (card: ID, or card: FILE.yaml beside it)");
	}
	return diag_error_count(dl) == 0;
}

/* ---- the cards ---------------------------------------------------------------- */

/* The card a file names: an id along the card path, or a file named from the
 * rules file's folder. */
static char *
card_name_from(const struct rules_file *f)
{
	const char *name = f->card_name;
	size_t n = strlen(name);
	char *dir;
	char *path;

	/* reader: a file name's ending */
	if ((strchr(name, '/') == NULL && (n <= 5 || strcmp(name + n - 5, ".yaml") != 0)) ||
	    name[0] == '/')
		return xstrdup(name);
	dir = fileops_dir_of(f->path);
	/* reader: a directory name */
	path = strcmp(dir, ".") == 0 ? xstrdup(name) : xasprintf("%s/%s", dir, name);
	free(dir);
	return path;
}

static bool
find_card(struct test_run *run, struct rules_file *f)
{
	char *name = card_name_from(f);
	struct test_card *tc;

	for (size_t i = 0; i < run->ncards; i++)
		if (strcmp(run->cards[i].name, name) == 0) { /* same text: a card loaded once */
			f->card = i;
			free(name);
			return true;
		}
	tc = xgrow(&run->cards, &run->ncards, &run->cap_cards, sizeof *tc);
	memset(tc, 0, sizeof *tc);
	tc->name = name;
	f->card = run->ncards - 1;
	if (cli_load_card(name, &tc->card) == EXIT_OK)
		return true;
	fprintf(stderr, "%s:%d: error: the card the cases are for cannot be read: %s\n", f->path,
	        f->card_line, f->card_name);
	run->ncards--;
	free(name);
	return false;
}

/* ---- a case ------------------------------------------------------------------- */

/* The lines of the answer that are the case's answer (without their leading
 * blanks, runs of blanks as one), or start with it when it ends in " ...". */
static size_t
matching_lines(const char *out, const char *want)
{
	size_t wlen = strlen(want), n = 0;
	/* reader: a test file's expected line */
	bool prefix = wlen >= 4 && strcmp(want + wlen - 4, " ...") == 0;

	if (prefix)
		wlen -= 4;
	for (const char *p = out; *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t end = nl != NULL ? (size_t)(nl - out) : strlen(out);
		char *line = trimmed(out, (size_t)(p - out), end);

		/* reader: a test file's expected line */
		n += prefix ? strncmp(line, want, wlen) == 0 : strcmp(line, want) == 0;
		free(line);
		p = nl != NULL ? nl + 1 : out + end;
	}
	return n;
}

/* Ask a case's question of the card: its exit status; what was printed in
 * cap's texts. */
static int
ask(struct test_card *tc, const struct rules_case *c, struct cli_capture *cap)
{
	char *copy = xstrdup(c->question), *save = NULL;
	char **words = xcalloc(strlen(copy) / 2 + 2, sizeof *words);
	int n = 0, status;

	for (char *w = strtok_r(copy, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	if (!cli_capture_start(cap)) {
		free(words);
		free(copy);
		return -1;
	}
	if (strcmp(words[0], "chart") == 0) /* reader: a test file's question */
		status = cli_chart_card(&tc->card, n > 1 ? words[1] : NULL);
	else
		status = cli_explain_card(&tc->card, n, words, false, &tc->reach);
	cli_capture_end(cap);
	free(words);
	free(copy);
	return status;
}

/* Each line of text as a TAP comment. */
static void
comment_lines(const char *text)
{
	for (const char *p = text; p != NULL && *p != '\0';) {
		const char *nl = strchr(p, '\n');
		int len = nl != NULL ? (int)(nl - p) : (int)strlen(p);

		printf("#   %.*s\n", len, p);
		p = nl != NULL ? nl + 1 : p + len;
	}
}

static void
run_case(struct test_run *run, const struct rules_file *f, const struct rules_case *c)
{
	struct cli_capture cap;
	int status = ask(&run->cards[f->card], c, &cap);
	size_t match = status >= 0 ? matching_lines(cap.out_text, c->answer) : 0;
	bool ok = status == EXIT_OK && cap.err_len == 0 && match == 1;

	run->n++;
	run->failed += !ok;
	printf("%s %zu - %s %s -> %s\n", ok ? "ok" : "not ok", run->n, c->seed, c->question,
	       c->answer);
	if (!ok && status < 0)
		printf("#   %s:%d: the answer could not be kept: out of memory\n", f->path, c->line);
	if (!ok && status >= 0) {
		printf("#   %s:%d: ", f->path, c->line);
		if (status != EXIT_OK)
			printf("the question was refused (exit status %d)\n", status);
		else if (cap.err_len > 0)
			puts("the answer came with a warning");
		else if (match == 0)
			printf("no line of the answer is '%s'\n", c->answer);
		else
			printf("%zu lines of the answer are '%s': the case must name the one it means\n",
			       match, c->answer);
		puts("#   the answer:");
		comment_lines(cap.out_text);
		comment_lines(cap.err_text);
	}
	if (status >= 0) {
		free(cap.out_text);
		free(cap.err_text);
	}
}

/* ---- coverage ----------------------------------------------------------------- */

/* One row no case reached: "FILE:LINE: WHERE: WHAT". */
static void
not_reached(const char *file, int line, const char *where, char *what, size_t *missed)
{
	printf("#   %s:%d: %s: %s\n", file, line, where, what);
	free(what);
	++*missed;
}

static void
rules_not_reached(const struct test_card *tc, const struct rule_list *rl, const char *where,
                  size_t *rows, size_t *missed)
{
	for (size_t i = 0; i < rl->count; i++) {
		const struct rule *r = &rl->items[i];

		char *does;

		++*rows;
		if (reached_rule(&tc->reach, r))
			continue;
		if (r->on == ON_NONE) {
			not_reached(r->file, r->line, where, cli_rule_words(&tc->card, r), missed);
			continue;
		}
		does = cli_event_does(&tc->card, r);
		not_reached(r->file, r->line, where, xasprintf("%s: %s", card_event_word(&tc->card, r), does), missed);
		free(does);
	}
}

/* The card's rule rows: its terrain's rules, section by section; its modifiers;
 * its events; its tables' rows. What a battle die's faces score is not a
 * question explain answers: play asks it (hexaid script). */
static void
coverage(const struct test_card *tc)
{
	const struct card *card = &tc->card;
	size_t rows = 0, missed = 0;

	printf("# coverage of %s (%s): the rule rows no case reached\n", card->id, tc->name);
	for (size_t t = 0; t < card->nterrain; t++)
		for (int s = 0; s < N_SECTIONS; s++) {
			char *where = xasprintf("%s, %s", card->terrain[t].id, section_keys[s]);
			rules_not_reached(tc, &card->terrain[t].sections[s], where, &rows, &missed);
			free(where);
		}
	rules_not_reached(tc, &card->modifiers, "modifiers", &rows, &missed);
	rules_not_reached(tc, &card->events, "events", &rows, &missed);
	for (size_t i = 0; i < card->ntables; i++) {
		const struct table *t = &card->tables[i];
		for (size_t r = 0; r < t->nrows; r++) {
			rows++;
			if (!reached_line(&tc->reach, t->file, t->rows[r].line))
				not_reached(t->file, t->rows[r].line, t->id, table_row_words(t, (int)r),
				            &missed);
		}
	}
	printf("# coverage of %s: %zu of %zu rule rows reached (%zu%%)\n", card->id, rows - missed,
	       rows, rows > 0 ? (rows - missed) * 100 / rows : 100);
}

/* ---- the subcommand ----------------------------------------------------------- */

void
cli_test_format(FILE *out)
{
	fputs("A rules file (hexaid(5)): a line 'card: ID' (or 'card: FILE.yaml', beside it),\n"
	      "then one case a line, SEED | QUESTION | ANSWER: the rulebook's line, explain's\n"
	      "KEY=VALUE words (or chart [TERRAIN]), and a whole line of the answer (or its\n"
	      "start, ending in ' ...'); '#' starts a comment line.\n", out);
}

static void
run_free(struct test_run *run)
{
	for (size_t i = 0; i < run->nfiles; i++) {
		struct rules_file *f = &run->files[i];
		for (size_t k = 0; k < f->ncases; k++) {
			free(f->cases[k].seed);
			free(f->cases[k].question);
			free(f->cases[k].answer);
		}
		free(f->cases);
		free(f->text);
		free(f->card_name);
	}
	for (size_t i = 0; i < run->ncards; i++) {
		card_free(&run->cards[i].card);
		free(run->cards[i].reach.rules);
		free(run->cards[i].reach.lines);
		free(run->cards[i].name);
	}
	free(run->cards);
	free(run->files);
}

/* Every file read and its card loaded before any case runs: a mistake in one
 * is said with its line, and nothing runs. */
static bool
read_all(struct test_run *run, const struct cli_args *a)
{
	bool ok = true;

	for (int i = 0; i < a->argc; i++) {
		struct rules_file *f = &run->files[run->nfiles++];
		struct diag_list dl;

		f->path = a->argv[i];
		diag_list_init(&dl, DIAG_MAX_ERRORS);
		if (!read_rules_file(f, &dl) || !find_card(run, f))
			ok = false;
		diag_print(&dl, stderr);
		diag_list_free(&dl);
	}
	return ok;
}

int
cli_test(const struct cli_args *a)
{
	struct test_run run;

	if (a->argc < 1)
		return cli_usage_error(a->cmd);
	memset(&run, 0, sizeof run);
	run.files = xcalloc((size_t)a->argc, sizeof *run.files);
	if (!read_all(&run, a)) {
		run_free(&run);
		return EXIT_INVALID;
	}
	for (size_t i = 0; i < run.nfiles; i++) {
		const struct rules_file *f = &run.files[i];

		printf("# %s: %zu cases for %s\n", f->path, f->ncases, run.cards[f->card].card.id);
		for (size_t k = 0; k < f->ncases; k++)
			run_case(&run, f, &f->cases[k]);
	}
	printf("1..%zu\n# %zu cases: %zu passed, %zu failed\n", run.n, run.n, run.n - run.failed,
	       run.failed);
	for (size_t i = 0; a->given[CLI_COVERAGE] && i < run.ncards; i++)
		coverage(&run.cards[i]);
	run_free(&run);
	return run.failed > 0 ? EXIT_INVALID : EXIT_OK;
}
