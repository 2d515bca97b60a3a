/* tui-file.c: the game's file from the terminal interface (ui layer): saving
 * (asking where the first time, the journal moved beside the save and the save
 * locked; never over hexaid's own files, and over a game open in another
 * hexaid only when the player says so), opening a saved game or a new game from
 * a scenario in place of this one, a new scenario of a card (written as hexaid
 * new writes it, then opened in set-up), exporting the log with the dice statistics,
 * and quitting; each asks first about unsaved changes where they would be left
 * behind.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cardpath.h"
#include "fileops.h"
#include "render.h"
#include "save.h"
#include "scenario-write.h"
#include "tui.h"
#include "xmalloc.h"

/* Save to `path` (NULL: the game's own file) with the save command, asking
 * first, before anything is written, when another hexaid has the file open
 * (save_check): y saves over it all the same (save --force). A file hexaid
 * never saves over is refused, saying why. False when nothing was saved. */
static bool
save_to(struct tui *t, const char *path)
{
	char *why = NULL, *q, *w;
	bool force = false, ok;

	switch (save_check(&t->s->game, path ? path : t->s->game.save_path, &why)) {
	case SAVE_REFUSED:
		tui_message(t, true, "%s", why);
		free(why);
		return false;
	case SAVE_HELD:
		q = xasprintf("%s.\n\ny: save over it all the same\nEsc: do not save", why);
		force = dialog_ask(t, "Open in another hexaid", q, "y") == 'y';
		free(q);
		free(why);
		if (!force) {
			tui_message(t, false, "not saved: the file is open in another hexaid");
			return false;
		}
		break;
	case SAVE_MAY:
		break;
	}
	w = path != NULL ? command_word(path) : NULL;
	ok = tui_command(t, "save%s%s%s", force ? " --force" : "", w ? " " : "", w ? w : "");
	free(w);
	return ok;
}

static bool
save_as(struct tui *t)
{
	const struct game *g = &t->s->game;
	char *dir = tui_save_dir(), *initial, *path = NULL;
	bool ok = false;

	initial = g->save_path ? xstrdup(g->save_path)
	          : dir ? xasprintf("%s/%s.sav", dir, g->sc.id) : xasprintf("%s.sav", g->sc.id);
	if (dialog_input(t, "Save as", "Save the game to the file:", initial, &path) && *path) {
		/* the session moves the journal beside the save and holds it
		 * (session.h), as for a save typed at the prompt */
		ok = save_to(t, path);
	}
	free(path);
	free(initial);
	free(dir);
	return ok;
}

static bool
save(struct tui *t)
{
	if (t->s->game.save_path == NULL)
		return save_as(t);
	return save_to(t, NULL);
}

/* Unsaved changes: save them first? False when the player goes back. */
static bool
settle_unsaved(struct tui *t, const char *doing)
{
	char *q;
	int a;

	if (!t->s->game.dirty)
		return true;
	q = xasprintf("The game has unsaved changes.\n\ny: save, then %s\nn: %s without saving "
	              "(the journal keeps every change)\nEsc: go back to the game", doing, doing);
	a = dialog_ask(t, "Unsaved changes", q, "yn");
	free(q);
	if (a == 'y')
		return save(t);
	return a == 'n';
}

static void
reset_view(struct tui *t)
{
	battle_clear(t);
	command_result_free(&t->dice);
	t->brush = BRUSH_NONE;
	t->last_added = -1;
	free(t->journal_warning);
	t->journal_warning = NULL;
	selection_free(t);
	tui_notes_clear(t);
	tui_panes_reset(t);
	tui_game_changed(t);
}

/* Load the file, in set-up when `edit`; false with *errors saying why. */
static bool
load_game(const char *path, bool edit, struct game *g, char **errors)
{
	if (!tui_load_game(path, g, errors))
		return false;
	if (!edit)
		return true;
	free(*errors);
	*errors = tui_edit_setup(g, path);
	return *errors == NULL;
}

/* Close this game and open the file instead (in set-up when `edit`); if that
 * fails, this one again. */
static void
open_game(struct tui *t, const char *path, bool edit)
{
	struct game g;
	char *errors = NULL, *err = NULL, *previous;
	bool was_setup = t->s->game.setup;

	if (!load_game(path, edit, &g, &errors)) {
		struct strlist lines = { 0 };
		char *save = NULL;
		if (errors == NULL)
			errors = xstrdup("");
		for (char *l = strtok_r(errors, "\n", &save); l != NULL;
		     l = strtok_r(NULL, "\n", &save))
			strlist_add(&lines, l);
		if (lines.count == 0)
			strlist_add(&lines, "the file cannot be opened");
		dialog_text(t, path, &lines);
		strlist_free(&lines);
		free(errors);
		return;
	}
	free(errors);
	previous = xstrdup(t->s->game.save_path ? t->s->game.save_path : t->s->game.sc.path);
	session_end(t->s);
	reset_view(t);
	if (!tui_start_session(t, t->s, &g, &err)) {
		struct strlist lines = { 0 };
		strlist_add(&lines, err);
		dialog_text(t, "Cannot open", &lines);
		strlist_free(&lines);
		free(err);
		err = NULL;
		if (!load_game(previous, was_setup, &g, &errors) ||
		    !tui_start_session(t, t->s, &g, &err)) {
			/* nothing to go back to: stop, the journal has every change */
			t->quit = true;
		}
		free(errors);
		free(err);
	}
	free(previous);
	if (!t->quit)
		tui_layout(t);
}

void
file_save(struct tui *t)
{
	save(t);
}

void
file_save_as(struct tui *t)
{
	save_as(t);
}

void
file_open(struct tui *t)
{
	char *dir = tui_save_dir(), *path = NULL, *initial;

	initial = dir ? xasprintf("%s/", dir) : xstrdup("");
	if (dialog_input(t, "Open a saved game", "The saved game (or scenario) to open:", initial,
	                 &path) &&
	    *path && settle_unsaved(t, "open it"))
		open_game(t, path, false);
	free(path);
	free(initial);
	free(dir);
}

void
file_new(struct tui *t)
{
	struct strlist files;
	const char **names;
	int i;

	tui_list_scenarios(&files);
	if (files.count == 0) {
		tui_message(t, true, "no scenarios found along the data path");
		return;
	}
	names = xcalloc(files.count, sizeof *names);
	for (size_t k = 0; k < files.count; k++) {
		const char *slash = strrchr(files.items[k], '/');
		names[k] = slash ? slash + 1 : files.items[k];
	}
	i = dialog_choose(t, "New game from a scenario", names, files.count);
	if (i >= 0 && settle_unsaved(t, "start it"))
		open_game(t, files.items[i], false);
	free(names);
	strlist_free(&files);
}

void
file_edit(struct tui *t)
{
	const struct game *g = &t->s->game;
	char *path = NULL;

	if (dialog_input(t, "Edit scenario", "The scenario to set up (w saves it, as a scenario):",
	                 g->setup && g->save_path ? g->save_path : g->sc.path, &path) &&
	    *path && settle_unsaved(t, "open it"))
		open_game(t, path, true);
	free(path);
}

/* ---- a new scenario ------------------------------------------------------------ */

/* The cards along the card path that give a blank scenario (new_scenario:), read
 * into cards[] with a line each for the list; how many. */
static size_t
new_scenario_cards(struct card **cards, char ***labels)
{
	struct cardpath cp;
	size_t nfiles, n = 0;
	char **files;

	cardpath_init(&cp);
	files = cardpath_files(&cp, &nfiles);
	*cards = xcalloc(nfiles + 1, sizeof **cards);
	*labels = xcalloc(nfiles + 1, sizeof **labels);
	for (size_t i = 0; i < nfiles; i++) {
		struct diag_list dl;
		struct card *c = &(*cards)[n];
		bool ok;

		diag_list_init(&dl, DIAG_MAX_ERRORS);
		ok = card_load(c, files[i], &cp, &dl);
		diag_list_free(&dl);
		if (!ok)
			continue;
		if (c->new_scenario.ground < 0) {
			card_free(c);
			continue;
		}
		(*labels)[n++] = xasprintf("%s: %s", c->id, c->title);
	}
	cardpath_files_free(files, nfiles);
	cardpath_free(&cp);
	return n;
}

/* A board's size typed as COLSxROWS: NULL, or what is wrong (dialog_input_checked). */
static char *
size_wrong(struct tui *t, const char *text, void *ctx)
{
	int *size = ctx;

	(void)t;
	if (scenario_size_read(text, &size[0], &size[1]))
		return NULL;
	return xstrdup("columns x rows, 1 to 200 each, such as 13x9");
}

/* Write text to a new file at path (never over one there): NULL, or why not. */
static char *
write_new_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	bool ok;

	if (fd < 0)
		return xasprintf("%s: %s", path, errno == EEXIST ? "already there; it is left as it is"
		                                                 : strerror(errno));
	ok = fileops_write_all(fd, text, strlen(text));
	if (close(fd) != 0)
		ok = false;
	if (!ok) {
		char *why = xasprintf("%s: %s", path, strerror(errno));
		unlink(path);
		return why;
	}
	return NULL;
}

/* The card's blank scenario, sized and titled, written to a new file; NULL, or
 * why not. */
static char *
write_blank(const struct card *card, const char *path, const char *title, const int *size)
{
	struct diag_list dl;
	struct game g;
	char *why = NULL, *text;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (!scenario_blank(path, card, card->id, title, size[0], size[1], &g, &dl)) {
		why = xasprintf("%s: the card's blank scenario does not read (hexaid new %s says why)",
		                card->id, card->id);
	} else {
		text = scenario_text(&g);
		why = write_new_file(path, text);
		free(text);
		game_free(&g);
	}
	diag_list_free(&dl);
	return why;
}

/* Ask the board's size, the title and the file of a new scenario of the card. */
static bool
ask_new_scenario(struct tui *t, const struct card *card, int *size, char **title, char **path)
{
	const struct card_new_scenario *ns = &card->new_scenario;
	char *initial = xasprintf("%dx%d", ns->columns > 0 ? ns->columns : 12,
	                          ns->rows > 0 ? ns->rows : 8);
	char *dir = tui_save_dir(), *typed = NULL;
	bool ok = dialog_input_checked(t, "New scenario", "The board, columns x rows:", initial,
	                               size_wrong, size, &typed);

	free(initial);
	free(typed);
	initial = xasprintf("A new battle of %s", card->title);
	typed = NULL;
	ok = ok && dialog_input(t, "New scenario", "Its title:", initial, &typed) && *typed;
	*title = ok ? tui_utf8(typed) : NULL;
	free(initial);
	free(typed);
	initial = dir ? xasprintf("%s/%s-new.yaml", dir, card->id) : xasprintf("%s-new.yaml", card->id);
	ok = ok && dialog_input(t, "New scenario", "The file to write it to (a new one):", initial,
	                        path) && **path;
	free(initial);
	free(dir);
	return ok;
}

void
file_new_scenario(struct tui *t)
{
	struct card *cards;
	char **labels, *title = NULL, *path = NULL, *why;
	size_t n = new_scenario_cards(&cards, &labels);
	int i = n > 0 ? dialog_choose(t, "New scenario: the card", (const char *const *)labels, n)
	              : -1;
	int size[2] = { 0, 0 };

	if (n == 0)
		tui_message(t, true, "no card along the card path gives a blank scenario (new_scenario:)");
	if (i >= 0 && ask_new_scenario(t, &cards[i], size, &title, &path) &&
	    settle_unsaved(t, "set up the new one")) {
		if ((why = write_blank(&cards[i], path, title, size)) != NULL) {
			tui_message(t, true, "%s", why);
			free(why);
		} else {
			open_game(t, path, true);
		}
	}
	for (size_t k = 0; k < n; k++) {
		card_free(&cards[k]);
		free(labels[k]);
	}
	free(cards);
	free(labels);
	free(title);
	free(path);
}

/* Is `path` the game's save, links followed? */
static bool
is_the_save(const struct game *g, const char *path)
{
	char *a, *b;
	bool same;

	if (g->save_path == NULL)
		return false;
	a = fileops_resolve(path);
	b = fileops_resolve(g->save_path);
	same = strcmp(a, b) == 0; /* same text: two paths */
	free(a);
	free(b);
	return same;
}

void
file_export_log(struct tui *t)
{
	const struct game *g = &t->s->game;
	struct command_result res;
	char *dir = tui_save_dir(), *initial, *path = NULL, *why = NULL;
	FILE *f;

	initial = dir ? xasprintf("%s/%s-log.txt", dir, g->sc.id) : xasprintf("%s-log.txt", g->sc.id);
	if (!dialog_input(t, "Export the log", "Write the log and the dice statistics to (a name "
	                                       "ending in .md writes Markdown):", initial, &path) ||
	    *path == '\0') {
		free(path);
		free(initial);
		free(dir);
		return;
	}
	if (save_check(g, path, &why) != SAVE_MAY) {
		/* only a regular file, never one of hexaid's own or a game open elsewhere */
		tui_message(t, true, "%s", why);
	} else if (is_the_save(g, path)) {
		tui_message(t, true, "%s is this game's save: the log is written to another file",
		            path);
	} else if ((f = fopen(path, "w")) == NULL) {
		tui_message(t, true, "%s: cannot write it", path);
	} else {
		size_t n = strlen(path);
		/* reader: a file name's ending */
		bool md = n > 3 && strcmp(path + n - 3, ".md") == 0;
		fprintf(f, md ? "# %s\n\n## Log\n\n" : "%s\n\n", g->sc.title ? g->sc.title : g->sc.id);
		for (size_t i = 0; i < g->log.count; i++)
			fprintf(f, "%s%s\n", md ? "- " : "", g->log.items[i]);
		fputs(md ? "\n## Dice\n\n" : "\nDice:\n", f);
		tui_query(t, &res, "show stats");
		for (size_t i = 0; i < res.lines.count; i++)
			fprintf(f, "%s%s\n", md ? "- " : "", res.lines.items[i]);
		command_result_free(&res);
		if (fclose(f) == 0)
			tui_message(t, false, "the log was written to %s", path);
		else
			tui_message(t, true, "%s: the log could not be written whole", path);
	}
	free(why);
	free(path);
	free(initial);
	free(dir);
}

/* The picture's name: the save's without its ending, else the scenario's id;
 * in the directory saves go to. */
static char *
svg_name(const struct game *g)
{
	char *dir = tui_save_dir(), *name, *path;
	const char *base = g->save_path ? strrchr(g->save_path, '/') : NULL;

	base = g->save_path ? (base ? base + 1 : g->save_path) : g->sc.id;
	name = xstrdup(base);
	if (g->save_path && strrchr(name, '.') != NULL && strrchr(name, '.') != name)
		*strrchr(name, '.') = '\0';
	path = dir ? xasprintf("%s/%s.svg", dir, name) : xasprintf("%s.svg", name);
	free(name);
	free(dir);
	return path;
}

/* Game -> Export the board as a picture: the SVG `hexaid render --svg` draws
 * (render_svg_write), of the game as it stands now. */
void
file_export_svg(struct tui *t)
{
	const struct game *g = &t->s->game;
	char *initial = svg_name(g), *path = NULL, *why = NULL;
	int err;

	if (!dialog_input(t, "Export the board", "Write the board as an SVG picture to:", initial,
	                  &path) || *path == '\0') {
		free(path);
		free(initial);
		return;
	}
	if (save_check(g, path, &why) != SAVE_MAY)
		tui_message(t, true, "%s", why);
	else if (is_the_save(g, path))
		tui_message(t, true, "%s is this game's save: the picture is written to another file",
		            path);
	else if ((err = render_svg_write(g, path)) != 0)
		tui_message(t, true, "%s: cannot write: %s", path, strerror(err));
	else
		tui_message(t, false, "the board was written to %s", path);
	free(why);
	free(path);
	free(initial);
}

void
file_quit(struct tui *t)
{
	if (settle_unsaved(t, "quit"))
		t->quit = true;
}
