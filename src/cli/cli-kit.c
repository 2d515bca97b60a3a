/* cli-kit.c: a card author's kit. `hexaid new-card`: a commented skeleton
 * card and its rules cases, written from the templates of the data directory
 * (skeleton/card.yaml.in and skeleton/card.rules.in, found along the card search
 * path), the new card's id put for each @ID@, and the card made to name the
 * schema of the data directory for an editor; `hexaid new`: a blank scenario of
 * a card (its new_scenario: section), written as scenario-write.c writes a game;
 * `hexaid schema`: the JSON Schema of the card or scenario format, written from
 * the readers' own field tables.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cardpath.h"
#include "card.h"
#include "cli.h"
#include "fileops.h"
#include "scenario-write.h"
#include "scenario.h"
#include "strutil.h"
#include "xmalloc.h"

#define TEMPLATE_MAX (1024 * 1024)

/* A file's text, when it is a regular file hexaid can read (free it), or NULL. */
static char *
read_text(const char *path)
{
	bool not_regular;
	int fd = fileops_open_regular(path, &not_regular);
	char *text;
	ssize_t got;

	if (fd < 0)
		return NULL;
	text = xmalloc(TEMPLATE_MAX + 1);
	got = read(fd, text, TEMPLATE_MAX);
	close(fd);
	if (got < 0) {
		free(text);
		return NULL;
	}
	text[got] = '\0';
	return text;
}

/* The template `name` of the first data directory that has it (free it), or
 * NULL after saying so. */
static char *
read_template(const char *name)
{
	struct cardpath cp;
	char *text = NULL;

	cardpath_init(&cp);
	for (size_t i = 0; i < cp.count && text == NULL; i++) {
		char *path = xasprintf("%s/skeleton/%s", cp.dirs[i], name);

		text = read_text(path);
		free(path);
	}
	if (text == NULL)
		fprintf(stderr, "hexaid: new-card: no skeleton/%s in the data directories (hexaid(6), "
		                "FILES)\n", name);
	cardpath_free(&cp);
	return text;
}

/* The card's text, a first line naming the card schema of the first data
 * directory that has it (for an editor's YAML language server) put before it
 * (free it). */
static char *
with_schema(char *card)
{
	struct cardpath cp;
	char *out = NULL;

	cardpath_init(&cp);
	for (size_t i = 0; i < cp.count && out == NULL; i++) {
		char *path = xasprintf("%s/schema/card.schema.json", cp.dirs[i]);

		if (access(path, R_OK) == 0)
			out = xasprintf("# yaml-language-server: $schema=%s\n%s", path, card);
		free(path);
	}
	cardpath_free(&cp);
	if (out == NULL)
		return card;
	free(card);
	return out;
}

/* The template's text with each @ID@ made the id (free it). */
static char *
with_id(const char *text, const char *id)
{
	struct strbuf sb = { NULL, 0, 0 };
	const char *p = text, *at;

	while ((at = strstr(p, "@ID@")) != NULL) { /* reader: the kit's @ID@ mark */
		strbuf_addf(&sb, "%.*s%s", (int)(at - p), p, id);
		p = at + 4;
	}
	strbuf_addf(&sb, "%s", p);
	return sb.text;
}

/* Write a new file (never over one there). */
static bool
write_new(const char *cmd, const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	bool ok;

	if (fd < 0) {
		fprintf(stderr, "hexaid: %s: %s: %s\n", cmd, path,
		        errno == EEXIST ? "already there; it is left as it is" : strerror(errno));
		return false;
	}
	ok = fileops_write_all(fd, text, strlen(text));
	if (close(fd) != 0)
		ok = false;
	if (!ok) {
		fprintf(stderr, "hexaid: %s: %s: %s\n", cmd, path, strerror(errno));
		unlink(path);
	}
	return ok;
}

int
cli_new_card(const struct cli_args *a)
{
	const char *id;
	char *card_path, *rules_path, *card = NULL, *rules = NULL;
	char *tcard, *trules;
	int status = EXIT_INVALID;

	if (a->argc != 1)
		return cli_usage_error(a->cmd);
	id = a->argv[0];
	if (!str_is_id(id)) {
		fprintf(stderr, "hexaid: new-card: '%s' is not an id: use 1 to 64 lower-case letters, "
		                "digits, '_' and '-'\n", id);
		return EXIT_USAGE;
	}
	card_path = xasprintf("%s.yaml", id);
	rules_path = xasprintf("%s.rules", id);
	tcard = read_template("card.yaml.in");
	trules = tcard != NULL ? read_template("card.rules.in") : NULL;
	if (trules != NULL) {
		card = with_schema(with_id(tcard, id));
		rules = with_id(trules, id);
	}
	if (rules != NULL && write_new("new-card", card_path, card)) {
		if (write_new("new-card", rules_path, rules)) {
			printf("wrote %s and %s; next: hexaid check %s, hexaid test --coverage %s\n",
			       card_path, rules_path, card_path, rules_path);
			status = EXIT_OK;
		} else {
			unlink(card_path);
		}
	}
	free(tcard);
	free(trules);
	free(card);
	free(rules);
	free(card_path);
	free(rules_path);
	return status;
}

/* ---- hexaid new ---------------------------------------------------------------- */

/* --size COLSxROWS: false after saying why. */
static bool
read_size(const char *text, int *cols, int *rows)
{
	if (scenario_size_read(text, cols, rows))
		return true;
	fprintf(stderr, "hexaid: new: --size '%s': give columns and rows, 1 to 200 each, such "
	                "as 13x9\n", text);
	return false;
}

int
cli_new_scenario(const struct cli_args *a)
{
	struct card card;
	struct game g;
	struct diag_list dl;
	int cols, rows, status = EXIT_INVALID;
	char *name, *title, *text;
	bool ok;

	if (a->argc != 2)
		return cli_usage_error(a->cmd);
	if (a->given[CLI_TITLE]) {
		for (const char *p = a->value[CLI_TITLE]; *p != '\0'; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f) {
				fprintf(stderr, "hexaid: new: --title holds a control character\n");
				return EXIT_USAGE;
			}
	}
	if (cli_load_card(a->argv[0], &card) != EXIT_OK)
		return EXIT_INVALID;
	if (card.new_scenario.ground < 0) {
		fprintf(stderr, "hexaid: new: the card %s gives no new_scenario: section (its ground "
		                "and sides; hexaid(5))\n", card.id);
		card_free(&card);
		return EXIT_INVALID;
	}
	cols = card.new_scenario.columns > 0 ? card.new_scenario.columns : 12;
	rows = card.new_scenario.rows > 0 ? card.new_scenario.rows : 8;
	if (a->given[CLI_SIZE] && !read_size(a->value[CLI_SIZE], &cols, &rows)) {
		card_free(&card);
		return EXIT_USAGE;
	}
	/* a card named by its file is named by its whole path: the scenario may be
	 * written anywhere */
	/* reader: a card named on the command line */
	name = strchr(a->argv[0], '/') != NULL || strstr(a->argv[0], ".yaml") != NULL
	               ? realpath(a->argv[0], NULL)
	               : xstrdup(card.id);
	title = a->given[CLI_TITLE] ? xstrdup(a->value[CLI_TITLE])
	                            : xasprintf("A new battle of %s", card.title);
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	ok = name != NULL && scenario_blank(a->argv[1], &card, name, title, cols, rows, &g, &dl);
	diag_print(&dl, stderr);
	diag_list_free(&dl);
	if (ok) {
		text = scenario_text(&g);
		if (write_new("new", a->argv[1], text)) {
			printf("wrote %s: a %dx%d board of %s, sides %s and %s; next: hexaid check %s\n",
			       a->argv[1], cols, rows, card.terrain[card.new_scenario.ground].id,
			       card.new_scenario.sides[0].name, card.new_scenario.sides[1].name,
			       a->argv[1]);
			status = EXIT_OK;
		}
		free(text);
		game_free(&g);
	}
	free(title);
	free(name);
	card_free(&card);
	return status;
}

int
cli_schema(const struct cli_args *a)
{
	/* reader: the format's word */
	if (a->argc != 1 || (strcmp(a->argv[0], "card") != 0 && strcmp(a->argv[0], "scenario") != 0))
		return cli_usage_error(a->cmd);
	if (a->argv[0][0] == 'c')
		card_schema_write(stdout, "card.schema.json");
	else
		scenario_schema_write(stdout, "scenario.schema.json");
	return fflush(stdout) == 0 && !ferror(stdout) ? EXIT_OK : EXIT_INVALID;
}
