/* tui-open.c: opening a game in the terminal interface (ui layer): finding the
 * default demo and the scenarios along the data path, loading a scenario or a
 * saved game, choosing where its journal is kept (beside a saved game; for a
 * scenario under $XDG_STATE_HOME/hexaid/journals/), and offering to recover the
 * commands a journal holds that its game does not.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cardpath.h"
#include "load.h"
#include "diag.h"
#include "journal.h"
#include "recover.h"
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

/* "NAME-XXXXXXXX": the start of the name of a scenario's journal, NAME the
 * scenario's file name without its extension, XXXXXXXX the checksum of its
 * whole path (free it). */
static char *
journal_stem(const char *scenario_path)
{
	const char *slash = strrchr(scenario_path, '/');
	char *name = xstrdup(slash ? slash + 1 : scenario_path), *dot, *abs, *stem;
	const char *whole;

	if ((dot = strrchr(name, '.')) != NULL && dot != name)
		*dot = '\0';
	abs = realpath(scenario_path, NULL);
	whole = abs ? abs : scenario_path;
	stem = xasprintf("%s-%08lx", name, journal_crc(whole, strlen(whole)));
	free(abs);
	free(name);
	return stem;
}

/* Is `name` a journal named the way an older hexaid named a scenario's,
 * NAME.journal, without the checksum of the scenario's path? */
static bool
old_style_name(const char *name)
{
	size_t n = strlen(name), end;

	if (n < 9 || strcmp(name + n - 8, ".journal") != 0) /* reader: a file name's ending */
		return false;
	end = n - 8;
	if (end >= 2 && name[end - 2] == '-' && name[end - 1] >= '2' && name[end - 1] <= '9')
		end -= 2; /* NAME-XXXXXXXX-2: a second hexaid's */
	if (end < 9 || name[end - 9] != '-')
		return true;
	return strspn(name + end - 8, "0123456789abcdef") < 8;
}

/* The name a journal file takes in the journals directory: its own, or for a
 * scenario's journal named the older way, the name scenario_journal gives it
 * (free it). */
static char *
journal_new_name(const char *path, const char *name)
{
	struct journal_contents jc;
	struct journal_base b;
	char *err = NULL, *stem, *renamed;

	if (!old_style_name(name))
		return xstrdup(name);
	if (!journal_read(path, &jc, &err)) {
		free(err);
		return xstrdup(name);
	}
	if (!journal_base_parse(jc.base, &b) || b.kind != BASE_SCENARIO) {
		journal_contents_free(&jc);
		return xstrdup(name);
	}
	stem = journal_stem(b.path);
	renamed = xasprintf("%s.journal", stem);
	free(stem);
	journal_contents_free(&jc);
	return renamed;
}

/* Move each journal in `from` to `to` under its new name (journal_new_name),
 * never over a file there, once no other hexaid holds it (its lock is taken
 * for the move). */
static void
move_journals(const char *from, const char *to)
{
	struct dirent *e;
	DIR *d;

	if ((d = opendir(from)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		/* reader: file names in the directory */
		if (e->d_name[0] == '.' || (n > 5 && strcmp(e->d_name + n - 5, ".lock") == 0))
			continue;
		char *src = xasprintf("%s/%s", from, e->d_name), *err = NULL;
		char *name = journal_new_name(src, e->d_name);
		char *dst = xasprintf("%s/%s", to, name);
		struct file_lock lock;
		struct stat st;
		/* same text: two paths */
		if (strcmp(src, dst) != 0 && lstat(dst, &st) != 0 && lstat(src, &st) == 0 &&
		    S_ISREG(st.st_mode) && save_lock(&lock, src, &err) == LOCK_TAKEN) {
			(void)rename(src, dst);
			save_unlock(&lock);
		}
		free(err);
		free(name);
		free(src);
		free(dst);
	}
	closedir(d);
}

/* Journals an older hexaid kept under the data directory move to the state
 * directory, and a scenario's journal named without the checksum of the
 * scenario's path (an older hexaid's) takes the name this one looks for. */
static void
move_old_journals(const char *to)
{
	char *data = xdg_user_dir(XDG_DATA), *from;

	move_journals(to, to);
	if (data == NULL)
		return;
	from = xasprintf("%s/journals", data);
	free(data);
	move_journals(from, to);
	(void)rmdir(from); /* when nothing is left */
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
	return strcmp(*(char *const *)a, *(char *const *)b); /* same text: names sorted */
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
			/* reader: file names in the directory */
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

char *
tui_edit_setup(struct game *g, const char *path)
{
	if (g->save_path != NULL) {
		char *q = str_quote_path(path), *why;
		why = xasprintf("%s is a saved game; set-up opens a scenario (kind: scenario)", q);
		free(q);
		game_free(g);
		return why;
	}
	g->setup = true;
	g->save_path = xstrdup(path);
	return NULL;
}

/* Does the journal at `path` hold commands for this game? */
static bool
holds_commands(const char *path, const struct game *g)
{
	struct journal_contents jc;
	char *err = NULL, *base;
	bool holds;

	if (access(path, F_OK) != 0)
		return false;
	if (!journal_read(path, &jc, &err)) {
		free(err);
		return false;
	}
	base = session_base_of(g);
	/* same text: the journal's base and the game's */
	holds = jc.lines.count > 0 && strcmp(jc.base, base) == 0;
	free(base);
	journal_contents_free(&jc);
	return holds;
}

/* A scenario's journal: NAME-XXXXXXXX.journal under the journals directory,
 * XXXXXXXX the checksum of the scenario's whole path, so that two scenarios of
 * one name (a copy, another version) never share a journal; or NAME-XXXXXXXX-2
 * and on when another hexaid plays the same scenario (each holds a lock, in
 * *lock). */
static char *
scenario_journal(const struct game *g, struct file_lock *lock, char **why)
{
	char *dir = journal_dir(), *stem, *state;

	lock->fd = -1;
	lock->path = NULL;
	if (dir == NULL) {
		int err = errno;
		/* where the journals go cannot be made ($XDG_STATE_HOME a file?) */
		if ((state = xdg_user_dir(XDG_STATE)) == NULL) {
			*why = xstrdup("no journal is kept: set HOME or XDG_STATE_HOME");
		} else {
			char *q = str_quote_path(state);
			*why = xasprintf("no journal is kept: %s/journals cannot be made: %s", q,
			                 strerror(err));
			free(q);
		}
		free(state);
		return NULL;
	}
	stem = journal_stem(g->sc.path);
	/* first a journal holding commands that no hexaid holds, which is offered
	 * (a second hexaid's, NAME-XXXXXXXX-2, once it is alone); then any free */
	for (int pass = 0; pass < 2; pass++) {
		for (int n = 1; n < 10; n++) {
			char *path = n == 1 ? xasprintf("%s/%s.journal", dir, stem)
			                    : xasprintf("%s/%s-%d.journal", dir, stem, n);
			char *err = NULL;
			if ((pass == 1 || holds_commands(path, g)) &&
			    save_lock(lock, path, &err) == LOCK_TAKEN) {
				free(dir);
				free(stem);
				return path;
			}
			free(err);
			free(path);
		}
	}
	free(dir);
	free(stem);
	return NULL;
}

char *
tui_journal_path(const struct game *g)
{
	return g->save_path != NULL ? session_journal_beside(g->save_path) : NULL;
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
	/* same text: the journal's base and the game's */
	if (jc->lines.count > 0 && strcmp(jc->base, base) == 0)
		return true;
	journal_contents_free(jc);
	return false;
}

/* Ask whether to recover, before the session starts the journal afresh (the
 * session keeps the old one aside either way). 'y', 'n', or 0 when hexaid is
 * stopped while asking. */
static int
ask_recover(struct tui *t, const char *path, const struct journal_contents *jc, size_t from)
{
	size_t n = jc->lines.count - from;
	char *qpath = str_quote_path(path);
	char *lost = journal_lost_lines(jc)
	                     ? xasprintf(" From line %zu on, %zu line%s damaged or out of order: "
	                                 "%s not replayed, and the journal is kept.",
	                                 jc->damaged_at, jc->dropped, jc->dropped == 1 ? " is" : "s are",
	                                 jc->dropped == 1 ? "it is" : "they are")
	                     : xstrdup("");
	char *q = xasprintf("The journal %s holds %zu command%s made after this game was last "
	                    "saved (hexaid or the computer stopped before a save).%s\n\n"
	                    "y: recover them, replaying them now\n"
	                    "n: start from the file (the journal is kept as .discarded)",
	                    qpath, n, n == 1 ? "" : "s", lost);
	int answer = 0;

	while (answer == 0 && !tui_interrupted())
		answer = dialog_ask(t, "Recover the game?", q, "yn");
	free(q);
	free(lost);
	free(qpath);
	return answer;
}

/* Is the journal newer than the file opened: does it continue it (recover.h)?
 * Its base then in rb. False, and why in *why, when a newer save replaced the
 * save it continues, or it replays onto nothing here: it is not offered (the
 * session keeps it aside, and `hexaid recover` still replays it). */
static bool
journal_is_newer(const char *path, const struct journal_contents *jc, struct recovery_base *rb,
                 char **why)
{
	char *err = NULL, *q = str_quote_path(path);
	bool newer = recovery_base(jc, rb, &err) && !rb->replaced;

	if (err != NULL)
		*why = xasprintf("the journal %s cannot be replayed: %s", q, err);
	else if (!newer)
		*why = xasprintf("a newer save replaced the one the journal %s continues: its %zu "
		                 "command%s %s not recovered", q, jc->lines.count,
		                 jc->lines.count == 1 ? "" : "s", jc->lines.count == 1 ? "is" : "are");
	if (!newer)
		recovery_base_free(rb);
	free(err);
	free(q);
	return newer;
}

/* Replay the journal's lines from `from` on; the old journal (kept aside when
 * the session started) goes once every line is in the new one, and stays, with
 * a message saying which lines were not replayed, when any was not. */
static void
replay(struct tui *t, const char *path, const struct journal_contents *jc, size_t from)
{
	size_t done = 0, total = jc->lines.count - from;
	const char *aside = t->s->kept_aside;

	for (size_t i = from; i < jc->lines.count; i++) {
		struct command_result res;
		bool ok = session_run(t->s, jc->lines.items[i], &res);

		command_result_free(&res);
		if (!ok) {
			char *why = xasprintf("recovery stopped at line %zu, which no longer applies: %s",
			                      i + 2, jc->lines.items[i]);
			tui_note(t, NOTE_ERROR_DETAIL, why);
			free(why);
			break;
		}
		done++;
	}
	if (done == total && !journal_lost_lines(jc)) {
		tui_message(t, false, "recovered %zu of %zu commands from %s%s", done, total, path,
		            jc->dropped ? " (a last line cut off as it was written was dropped)" : "");
		if (aside != NULL)
			unlink(aside);
	} else {
		size_t first = done < total ? from + done + 2 : jc->damaged_at;
		char *why = xasprintf("the lines of %s from line %zu on were not replayed (%s): the "
		                      "journal is kept as %s", path, first,
		                      done < total ? "one no longer applies" : "damaged or out of order",
		                      aside ? aside : path);
		tui_note(t, NOTE_ERROR, why);
		free(why);
		tui_message(t, true, "recovered %zu of %zu commands; lines %zu on were not replayed: "
		            "see the log", done, total, first);
	}
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

/* Give up opening: what was taken goes. */
static bool
not_opened(struct game *g, struct session_locks *held, char **err, char *why)
{
	*err = why;
	game_free(g);
	save_unlock(&held->save);
	save_unlock(&held->journal);
	return false;
}

bool
tui_start_session(struct tui *t, struct session *s, struct game *g, char **err)
{
	struct session_locks held = { { -1, NULL }, { -1, NULL } };
	struct recovery_base rb = { 0 };
	struct journal_contents jc;
	char *jpath = NULL, *base, *serr = NULL, *swarning = NULL, *why = NULL;
	int answer = 'n';
	bool recover;

	/* a saved game is locked first, so its journal is not one another hexaid
	 * writes (in a read-only place there is no lock: the session says so) */
	if (g->save_path != NULL && save_lock(&held.save, g->save_path, &serr) == LOCK_HELD)
		return not_opened(g, &held, err, xasprintf("hexaid: %s\n", serr));
	free(serr);
	serr = NULL;
	base = session_base_of(g);
	jpath = g->save_path ? tui_journal_path(g)
	                     : scenario_journal(g, &held.journal, &t->journal_warning);
	recover = journal_to_recover(jpath, base, &jc);
	if (recover && !journal_is_newer(jpath, &jc, &rb, &why)) {
		journal_contents_free(&jc);
		recover = false;
	}
	if (recover) {
		t->no_game = true;
		answer = ask_recover(t, jpath, &jc, rb.from);
		t->no_game = false;
		if (answer == 0) {
			journal_contents_free(&jc);
			free(jpath);
			free(base);
			return not_opened(g, &held, err, xstrdup("hexaid: stopped before the game was "
			                                         "opened; its journal is as it was\n"));
		}
	}
	if (recover && answer == 'y') {
		/* the new journal names the file the game was opened from */
		free(base);
		base = xstrdup(rb.base);
	}
	if (!session_start(s, g, jpath, base, &held, &serr, &swarning)) {
		free(t->journal_warning);
		t->journal_warning = xasprintf("no journal is kept: %s", serr ? serr : "no place for it");
		free(serr);
	}
	if (jpath == NULL && t->journal_warning == NULL)
		t->journal_warning = xstrdup("no journal is kept: set HOME or XDG_STATE_HOME");
	/* the journal goes beside the save, whichever way the game is saved */
	s->journal_beside_save = true;
	t->s = s;
	tui_cursor_home(t);
	tui_game_changed(t);
	tui_message(t, false, "%s: hjkl yubn move, Enter selects, ? keys, F10 menus", g_title(s));
	if (answer == 'y')
		replay(t, jpath, &jc, rb.from);
	else if (s->kept_aside != NULL) {
		char *aside = str_quote_path(s->kept_aside);
		tui_message(t, why != NULL, "%s%sthe old journal was kept as %s (hexaid recover "
		            "replays it)", why ? why : "", why ? "; " : "", aside);
		tui_note(t, why != NULL ? NOTE_ERROR : NOTE_SAID, t->message);
		free(aside);
	}
	if (recover)
		journal_contents_free(&jc);
	recovery_base_free(&rb);
	if (swarning != NULL)
		tui_note(t, NOTE_ERROR, swarning);
	if (t->journal_warning != NULL) {
		/* where the player looks first: the message line */
		tui_note(t, NOTE_ERROR, t->journal_warning);
		tui_message(t, true, "%s", t->journal_warning);
	}
	free(swarning);
	free(why);
	free(jpath);
	free(base);
	return true;
}
