/* tui-open.c: opening a game in the terminal interface (ui layer): finding the
 * default demo and the scenarios along the data path, loading a scenario or a
 * saved game, choosing where its journal is kept (beside a saved game; for a
 * scenario under $XDG_STATE_HOME/hexaid/journals/), and offering to recover the
 * commands a journal holds that its game does not. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cardpath.h"
#include "load.h"
#include "diag.h"
#include "journal.h"
#include "save.h"
#include "tui.h"
#include "xdg.h"
#include "xmalloc.h"

/* The scenario hexaid opens when given no file (Makefile.am names it). */
#ifndef HEXAID_DEFAULT_SCENARIO
#error "HEXAID_DEFAULT_SCENARIO must name the default demo scenario"
#endif

char *
tui_save_dir(void)
{
	return xdg_user_subdir(XDG_DATA, "saves");
}

/* Journals an older hexaid kept under the data directory move to the state
 * directory: each file not already there, a journal once no other hexaid holds
 * it (its lock is taken for the move). */
static void
move_old_journals(const char *to)
{
	char *data = xdg_user_dir(XDG_DATA), *from;
	struct dirent *e;
	DIR *d;

	if (data == NULL)
		return;
	from = xasprintf("%s/journals", data);
	free(data);
	if ((d = opendir(from)) != NULL) {
		while ((e = readdir(d)) != NULL) {
			size_t n = strlen(e->d_name);
			if (e->d_name[0] == '.' || (n > 5 && strcmp(e->d_name + n - 5, ".lock") == 0))
				continue;
			char *src = xasprintf("%s/%s", from, e->d_name);
			char *dst = xasprintf("%s/%s", to, e->d_name), *err = NULL;
			struct stat st;
			if (lstat(dst, &st) != 0 && lstat(src, &st) == 0 && S_ISREG(st.st_mode) &&
			    save_lock(src, &err)) {
				(void)rename(src, dst);
				save_unlock(src);
			}
			free(err);
			free(src);
			free(dst);
		}
		closedir(d);
		(void)rmdir(from); /* when nothing is left */
	}
	free(from);
}

/* $XDG_STATE_HOME/hexaid/journals (journals are state: the undo history of a
 * game not yet saved), made when missing; NULL when there is no such place. */
static char *
journal_dir(void)
{
	char *dir = xdg_user_subdir(XDG_STATE, "journals");

	if (dir != NULL)
		move_old_journals(dir);
	return dir;
}

char *
tui_default_scenario(void)
{
	struct cardpath cp;
	char *found = NULL;

	cardpath_init(&cp);
	for (size_t i = 0; i < cp.count && found == NULL; i++) {
		char *p = xasprintf("%s/scenarios/%s", cp.dirs[i], HEXAID_DEFAULT_SCENARIO);
		if (access(p, R_OK) == 0)
			found = p;
		else
			free(p);
	}
	cardpath_free(&cp);
	return found;
}

static int
compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
tui_list_scenarios(struct strlist *out)
{
	struct cardpath cp;

	memset(out, 0, sizeof *out);
	cardpath_init(&cp);
	for (size_t i = 0; i < cp.count; i++) {
		char *dir = xasprintf("%s/scenarios", cp.dirs[i]);
		DIR *d = opendir(dir);
		size_t first = out->count;
		struct dirent *e;

		while (d != NULL && (e = readdir(d)) != NULL) {
			size_t n = strlen(e->d_name);
			char *p;
			if (e->d_name[0] == '.' || n < 6 || strcmp(e->d_name + n - 5, ".yaml") != 0)
				continue;
			p = xasprintf("%s/%s", dir, e->d_name);
			strlist_add(out, p);
			free(p);
		}
		if (d != NULL)
			closedir(d);
		if (out->count - first > 1)
			qsort(out->items + first, out->count - first, sizeof *out->items,
			      compare_strings);
		free(dir);
	}
	cardpath_free(&cp);
}

bool
tui_load_game(const char *path, struct game *g, char **errors)
{
	struct diag_list dl;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	bool ok;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	ok = game_open(g, path, &dl);
	mem = open_memstream(&buf, &len);
	if (mem != NULL) {
		diag_print(&dl, mem);
		fclose(mem);
	}
	*errors = buf;
	diag_list_free(&dl);
	return ok;
}

/* A scenario's journal: NAME.journal under the journals directory, or NAME-2
 * and on when another hexaid plays the same scenario (each holds a lock). */
static char *
scenario_journal(const struct game *g, char **locked)
{
	const char *slash = strrchr(g->sc.path, '/');
	char *dir = journal_dir(), *name, *dot;

	*locked = NULL;
	if (dir == NULL)
		return NULL;
	name = xstrdup(slash ? slash + 1 : g->sc.path);
	if ((dot = strrchr(name, '.')) != NULL && dot != name)
		*dot = '\0';
	for (int n = 1; n < 10; n++) {
		char *path = n == 1 ? xasprintf("%s/%s.journal", dir, name)
		                    : xasprintf("%s/%s-%d.journal", dir, name, n);
		char *err = NULL;
		if (save_lock(path, &err)) {
			*locked = xstrdup(path);
			free(dir);
			free(name);
			return path;
		}
		free(err);
		free(path);
	}
	free(dir);
	free(name);
	return NULL;
}

char *
tui_journal_path(const struct game *g)
{
	char *abs, *path;

	if (g->save_path == NULL)
		return NULL;
	abs = realpath(g->save_path, NULL);
	path = xasprintf("%s.journal", abs ? abs : g->save_path);
	free(abs);
	return path;
}

/* The commands a journal at `path` holds for this game, if any. */
static bool
journal_to_recover(const char *path, const char *base, struct journal_contents *jc)
{
	char *err = NULL;

	if (path == NULL || access(path, F_OK) != 0)
		return false;
	if (!journal_read(path, jc, &err)) {
		free(err);
		return false;
	}
	if (jc->lines.count > 0 && strcmp(jc->base, base) == 0)
		return true;
	journal_contents_free(jc);
	return false;
}

/* Keep a journal aside as JOURNAL.discarded, for `hexaid recover`, before the
 * session starts the journal afresh; it names the same save. */
static void
keep_aside(struct tui *t, const char *path, const struct journal_contents *jc, const char *why)
{
	struct journal aside = { .fd = -1 };
	char *aside_path = xasprintf("%s.discarded", path), *base = journal_contents_base(jc);
	char *err = NULL, *warning;
	bool ok;

	/* a directory that could not be flushed: the copy is kept all the same */
	ok = journal_create(&aside, aside_path, base, &err, &warning);
	free(warning);
	for (size_t i = 0; ok && i < jc->lines.count; i++)
		ok = journal_append(&aside, jc->lines.items[i], &err);
	journal_close(&aside);
	if (ok)
		tui_message(t, why != NULL, "%sthe old journal was kept as %s", why ? why : "", aside_path);
	else
		tui_message(t, true, "%s", err);
	free(err);
	free(base);
	free(aside_path);
}

/* Ask whether to recover, before the session starts the journal afresh; a
 * declined journal is kept aside. 'y', 'n', or 0 when hexaid is stopped while
 * asking. */
static int
ask_recover(struct tui *t, const char *path, const struct journal_contents *jc)
{
	char *q = xasprintf("The journal %s holds %zu command%s made after this game was last "
	                    "saved (hexaid or the computer stopped before a save).\n\n"
	                    "y: recover them, replaying them now\n"
	                    "n: start from the file (the journal is kept as .discarded)",
	                    path, jc->lines.count, jc->lines.count == 1 ? "" : "s");
	int answer = 0;

	while (answer == 0 && !tui_interrupted())
		answer = dialog_ask(t, "Recover the game?", q, "yn");
	free(q);
	if (answer == 'n')
		keep_aside(t, path, jc, NULL);
	return answer;
}

/* A journal names its save by the checksum of its bytes. When a later save took
 * the name (hexaid stopped between a save and its new journal, or the journal
 * could not start again), its commands follow the backup that is that save:
 * the game is opened from it, under the save's name, so that they are replayed
 * onto what they followed and not a second time. False when no file is that
 * save; the game is then as it was. */
static bool
onto_its_save(const struct journal_contents *jc, struct game *g)
{
	char *file, *errors = NULL;
	struct game older;
	bool ok, same;

	/* the journal's head names its base: "save=FILE" (the journal file format) */
	if (!jc->has_crc || g->save_path == NULL || strncmp(jc->base, "save=", 5) != 0)
		return true;
	if ((file = save_find_version(jc->base + 5, jc->base_crc)) == NULL)
		return false;
	same = strcmp(file, jc->base + 5) == 0;
	ok = same || tui_load_game(file, &older, &errors);
	if (ok && !same) {
		free(older.save_path);
		older.save_path = g->save_path;
		g->save_path = NULL;
		game_free(g);
		*g = older;
	}
	free(errors);
	free(file);
	return ok;
}

static void
replay(struct tui *t, const char *path, const struct journal_contents *jc)
{
	size_t done = 0;

	for (size_t i = 0; i < jc->lines.count; i++) {
		struct command_result res;
		bool ok = session_run(t->s, jc->lines.items[i], &res);

		command_result_free(&res);
		if (!ok) {
			char *why = xasprintf("recovery stopped at a command that no longer applies: %s",
			                      jc->lines.items[i]);
			tui_note(t, NOTE_ERROR_DETAIL, why);
			free(why);
			break;
		}
		done++;
	}
	tui_message(t, false, "recovered %zu of %zu commands from %s%s", done, jc->lines.count, path,
	            jc->dropped ? " (a damaged last line was dropped)" : "");
	tui_game_changed(t);
}

/* The cursor starts on the first unit of the side to act, or mid-board. */
void
tui_cursor_home(struct tui *t)
{
	const struct game *g = &t->s->game;
	const struct hex_board *b = game_board(g);

	t->cursor = hex_from_offset(b, b->columns / 2, b->rows / 2);
	for (size_t i = 0; i < g->nunits; i++)
		if (g->units[i].side == g->side && !g->units[i].eliminated) {
			t->cursor = g->units[i].hex;
			break;
		}
}

static const char *
g_title(const struct session *s)
{
	return s->game.sc.title ? s->game.sc.title : s->game.sc.id;
}

bool
tui_start_session(struct tui *t, struct session *s, struct game *g, char **err)
{
	struct journal_contents jc;
	char *jpath = NULL, *base, *locked = NULL, *serr = NULL, *swarning = NULL;
	int answer = 'n';
	bool recover;

	/* a saved game is locked first, so its journal is not one another hexaid writes */
	if (g->save_path != NULL && !save_lock(g->save_path, &serr)) {
		*err = xasprintf("hexaid: %s\n", serr);
		free(serr);
		game_free(g);
		return false;
	}
	base = session_base_of(g);
	jpath = g->save_path ? tui_journal_path(g) : scenario_journal(g, &locked);
	recover = journal_to_recover(jpath, base, &jc);
	if (recover) {
		t->no_game = true;
		answer = ask_recover(t, jpath, &jc);
		t->no_game = false;
		if (answer == 0) {
			*err = xstrdup("hexaid: stopped before the game was opened; its journal is as it was\n");
			journal_contents_free(&jc);
			if (g->save_path != NULL)
				save_unlock(g->save_path);
			game_free(g);
			if (locked)
				save_unlock(locked);
			free(locked);
			free(jpath);
			free(base);
			return false;
		}
	}
	if (recover && answer == 'y') {
		if (onto_its_save(&jc, g)) {
			/* the new journal names the save the game was opened from */
			free(base);
			base = journal_contents_base(&jc);
		} else {
			keep_aside(t, jpath, &jc, "the journal began from a save of this game that is "
			                          "no longer here, nor among its backups; ");
			answer = 'n';
		}
	}
	if (!session_start(s, g, jpath, base, &serr, &swarning)) {
		t->journal_warning = xasprintf("no journal is kept: %s", serr ? serr : "no place for it");
		free(serr);
	}
	free(swarning);
	if (jpath == NULL && t->journal_warning == NULL)
		t->journal_warning = xstrdup("no journal is kept: set HOME or XDG_STATE_HOME");
	t->s = s;
	free(t->journal_lock);
	t->journal_lock = locked;
	tui_cursor_home(t);
	tui_game_changed(t);
	tui_message(t, false, "%s: hjkl yubn move, Enter selects, ? keys, F10 menus", g_title(s));
	if (recover) {
		if (answer == 'y')
			replay(t, jpath, &jc);
		journal_contents_free(&jc);
	}
	if (t->journal_warning != NULL)
		tui_note(t, NOTE_ERROR, t->journal_warning);
	free(jpath);
	free(base);
	return true;
}
