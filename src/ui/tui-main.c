/* tui-main.c: the terminal interface's top (ui layer): checks that there is a
 * terminal hexaid can drive, opens the game, makes the panes of the pane table
 * (which pane goes where), draws the whole screen and reads keys until the
 * player quits, then puts the terminal back and says how to come back.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "tui-term.h"
#include "tui.h"
#include "xmalloc.h"

/* The pane table: the panes of the screen, in the order Tab goes through them,
 * and where each goes (tui-layout.c places them). */
static const struct pane_row pane_table[] = {
	{ &pane_map, PLACE_TOP },
	{ &pane_unit, PLACE_SIDE },
	{ &pane_dice, PLACE_BOTTOM },
	{ &pane_log, PLACE_BOTTOM },
};

/* The whole screen: every pane works out what it shows, then the panes in view,
 * the status and message lines are drawn (t->draw). */
static void
draw_screen(struct tui *t)
{
	if (t->too_small) {
		tui_draw_too_small(t);
		return;
	}
	if (t->no_game) {
		update_panels();
		doupdate();
		return;
	}
	for (size_t i = 0; i < t->npanes; i++)
		if (t->panes[i].ops->update != NULL)
			t->panes[i].ops->update(t, &t->panes[i]);
	status_derive(t);
	for (size_t i = 0; i < t->npanes; i++)
		if (t->panes[i].win != NULL)
			t->panes[i].ops->draw(t, &t->panes[i]);
	tui_status_draw(t);
	update_panels();
	doupdate();
}

/* The panes' windows ended, then curses. */
static void
end_screen(struct tui *t)
{
	if (t->screen != NULL)
		tui_layout_free(t);
	tui_end_curses(t);
}

static void
free_tui(struct tui *t)
{
	selection_free(t);
	battle_clear(t);
	command_result_free(&t->dice);
	tui_panes_free(t);
	free(t->message);
	free(t->state_line);
	free(t->state_owed);
	free(t->state_short);
	free(t->state_least);
	free(t->owed_brief);
	free(t->reminder);
	free(t->status_drawn);
	free(t->message_drawn);
	free(t->brush_id);
	free(t->journal_warning);
	tui_notes_clear(t);
}

/* Draw, read a key, act on it, until the player quits or a signal stops hexaid.
 * The screen is drawn again only after a key: an idle hexaid asks nothing. Below
 * the least size only a resize, q and Esc (quit, as q does) are heeded. */
static void
main_loop(struct tui *t)
{
	bool draw = true;

	tui_layout(t);
	while (!t->quit && !tui_interrupted()) {
		int ch;

		if (draw)
			tui_draw(t);
		draw = false;
		ch = tui_getch(t, stdscr);
		if (t->too_small && (ch == 'q' || ch == 27)) {
			/* quit as q does elsewhere: unsaved changes asked about on the
			 * small screen itself (dialog_ask) */
			file_quit(t);
			draw = true;
			continue;
		}
		if (ch == ERR || ch == KEY_RESIZE || t->too_small)
			continue;
		tui_key(t, ch);
		draw = true;
	}
}

/* After a game started as the default demo (hexaid with no file): how to start
 * it again, or to go on with it when it was saved. */
static void
say_how_to_come_back(const struct game *g)
{
	if (g->save_path != NULL)
		printf("hexaid: the game is saved in %s; hexaid %s goes on with it\n", g->save_path,
		       g->save_path);
	else
		puts("hexaid: that was the demo game; hexaid starts it again (and offers back what "
		     "was not saved), hexaid FILE opens a scenario or a saved game");
}

int
tui_main(const struct tui_options *opt)
{
	struct session session;
	struct game g;
	struct tui t;
	char *path, *err = NULL;
	int status = EXIT_OK, sig;

	setlocale(LC_ALL, "");
	if (!tui_terminal_usable())
		return EXIT_USAGE;
	path = opt->file ? xstrdup(opt->file) : tui_default_scenario();
	if (path == NULL) {
		fputs("hexaid: the default demo scenario (" HEXAID_DEFAULT_SCENARIO ") was not found "
		      "in the scenarios of the data path; give a scenario file\n", stderr);
		return EXIT_INVALID;
	}
	if (!tui_load_game(path, &g, &err)) {
		fputs(err ? err : "", stderr);
		free(err);
		free(path);
		return EXIT_INVALID;
	}
	free(err);
	err = NULL;
	if (opt->edit && (err = tui_edit_setup(&g, path)) != NULL) {
		fprintf(stderr, "hexaid: edit: %s\n", err);
		free(err);
		free(path);
		return EXIT_INVALID;
	}
	free(path);
	if (opt->seeded)
		rng_seed(&g.rng, opt->seed);
	memset(&t, 0, sizeof t);
	memset(&session, 0, sizeof session);
	session.journal.fd = -1;
	t.zoom = -1;
	t.derived_unit = -1;
	t.last_added = -1;
	t.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0; /* reader: the locale's codeset */
	t.s = &session;
	t.draw = draw_screen;
	tui_panes_init(&t, pane_table, sizeof pane_table / sizeof pane_table[0]);
	if (!tui_start_curses(&t)) {
		tui_panes_free(&t);
		game_free(&g);
		return EXIT_USAGE;
	}
	if (!tui_start_session(&t, &session, &g, &err)) {
		end_screen(&t);
		fputs(err, stderr);
		free(err);
		free_tui(&t);
		if (tui_signal() != 0) {
			signal(tui_signal(), SIG_DFL);
			raise(tui_signal());
		}
		return EXIT_INVALID;
	}
	main_loop(&t);
	end_screen(&t);
	sig = tui_signal();
	if (t.journal_warning != NULL)
		fprintf(stderr, "hexaid: %s\n", t.journal_warning);
	if (sig == 0 && opt->file == NULL)
		say_how_to_come_back(&session.game);
	free_tui(&t);
	session_end(&session);
	if (sig != 0) {
		/* everything is put back and the journal is on disk: die of the signal */
		signal(sig, SIG_DFL);
		raise(sig);
		status = 128 + sig;
	}
	return status;
}
