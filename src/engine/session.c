/* session.c: plays commands on a game and keeps its journal in step (engine
 * layer): a change goes to the journal, flushed, before the caller can show its
 * result; a change the journal cannot take is undone; a save starts a new journal
 * that replays onto the save.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkpoint.h"
#include "fileops.h"
#include "save.h"
#include "session.h"
#include "xmalloc.h"
#include "yaml-load.h"

static void measure_record(struct session *s);
static size_t record_values(const struct game *g);

/* Take the lock of the saved game. In a place where no lock file can be made
 * (a read-only directory), the game opens all the same, read-only in effect:
 * *warning says so. */
static bool
hold_save(struct session *s, char **err, char **warning)
{
	char *why = NULL;

	switch (save_lock(&s->locks.save, s->game.save_path, &why)) {
	case LOCK_TAKEN:
		/* leftovers of a cut-off save go */
		save_clean_temps(s->game.save_path);
		return true;
	case LOCK_NO_PLACE:
		*warning = xasprintf("%s; the game is open without a lock: to keep changes, save "
		                     "it to a file in another place (save FILE)", why);
		free(why);
		return true;
	case LOCK_HELD:
	case LOCK_GONE:
		break;
	}
	*err = why;
	return false;
}

/* Does the file at `path` hold what a new journal must not replace: commands
 * (or lines that could not be read) not in a save? */
static bool
holds_unsaved(const char *path)
{
	struct journal_contents jc;
	char *err = NULL;
	bool empty;

	if (access(path, F_OK) != 0)
		return false;
	empty = journal_read(path, &jc, &err) && jc.lines.count == 0 && !journal_lost_lines(&jc);
	journal_contents_free(&jc);
	free(err);
	return !empty;
}

/* A journal is never started over one that holds commands not in a save: that
 * one is moved aside first (s->kept_aside). */
static bool
keep_unsaved(struct session *s, const char *path, char **err)
{
	char *aside;

	if (!holds_unsaved(path))
		return true;
	if ((aside = journal_keep_aside(path, err)) == NULL)
		return false;
	free(s->kept_aside);
	s->kept_aside = aside;
	return true;
}

/* A journal is kept only in a regular file hexaid makes or made: what is at
 * its path (a device, a FIFO, a directory, a symbolic link), the game's save,
 * and the files kept beside a save (locks, backups) are refused before anything
 * is done there, its lock included. */
static bool
journal_place_ok(const struct game *g, const char *path, char **err)
{
	static const char then[] = "a journal is kept only in a file of its own "
	                           "(nothing was changed there)";
	const char *kind = fileops_not_regular(path);
	char *a, *b;
	bool same;

	if (kind != NULL) {
		*err = xasprintf("%s: %s, not a regular file: a journal is kept only in a file "
		                 "(nothing was changed there)", path, kind);
		return false;
	}
	if (g->save_path != NULL) {
		a = fileops_resolve(path);
		b = fileops_resolve(g->save_path);
		same = strcmp(a, b) == 0; /* same text: two paths */
		free(a);
		free(b);
		if (same) {
			*err = xasprintf("%s is the game's save: %s", path, then);
			return false;
		}
	}
	return (*err = save_kept_file(g, path, then)) == NULL;
}

/* Name the files the session keeps for the game, so that a save never goes
 * over them (game.h: the names are the session's). */
static void
note_files(struct session *s)
{
	s->game.files.journal = s->journal_path;
	s->game.files.locks[0] = s->locks.save.fd >= 0 ? s->locks.save.path : NULL;
	s->game.files.locks[1] = s->locks.journal.fd >= 0 ? s->locks.journal.path : NULL;
}

/* Both warnings, or either (free them). */
static char *
join_warnings(char *a, char *b)
{
	char *both;

	if (a == NULL || b == NULL)
		return a != NULL ? a : b;
	both = xasprintf("%s; %s", a, b);
	free(a);
	free(b);
	return both;
}

static bool
start(struct session *s, struct game *g, const char *journal_path, const char *base,
      struct session_locks *held, char **err, char **warning)
{
	char *created_warning = NULL;
	bool ok;

	*warning = NULL;
	memset(s, 0, sizeof *s);
	s->journal.fd = -1;
	s->locks.save.fd = s->locks.journal.fd = -1;
	s->game = *g;
	memset(g, 0, sizeof *g);
	measure_record(s);
	if (held != NULL) {
		s->locks = *held;
		held->save = (struct file_lock){ -1, NULL };
		held->journal = (struct file_lock){ -1, NULL };
	}
	/* one hexaid at a time on a saved game, and on a journal */
	if (s->game.save_path != NULL && s->locks.save.fd < 0 && !hold_save(s, err, warning))
		return false;
	if (journal_path == NULL)
		return true;
	s->journal_path = xstrdup(journal_path);
	note_files(s);
	if (!journal_place_ok(&s->game, journal_path, err))
		return false;
	if (s->locks.journal.fd < 0 && save_lock(&s->locks.journal, journal_path, err) != LOCK_TAKEN)
		return false;
	/* a journal being started when hexaid was cut off left its new file */
	save_clean_temps(journal_path);
	if (!keep_unsaved(s, journal_path, err))
		return false;
	/* the base as it is now, so that a journal started again names the same */
	if ((s->base = journal_base_named(base, err)) == NULL)
		return false;
	ok = journal_create(&s->journal, journal_path, s->base, err, &created_warning);
	*warning = join_warnings(*warning, created_warning);
	return ok;
}

bool
session_start(struct session *s, struct game *g, const char *journal_path, const char *base,
              struct session_locks *held, char **err, char **warning)
{
	bool ok = start(s, g, journal_path, base, held, err, warning);

	note_files(s);
	return ok;
}

static void
say_warning(struct command_result *res, const char *what, const char *then)
{
	char *line = xasprintf("warning: %s%s", what, then);

	strlist_add(&res->lines, line);
	free(line);
}

/* What a command may change that taking it back by undo or redo does not put
 * back: the redo list (a change empties it), the log, whether the game is
 * saved, and the dice hexaid rolls; and what the session knew of the save's
 * size, with what it needs to follow the lists' changes (session_run). */
struct before {
	struct strlist undone;   /* a copy (empty when the list was) */
	size_t log;
	bool dirty;
	struct rng rng;
	size_t done;             /* commands in force */
	char *done_last;         /* a copy of the last of them (NULL: none) */
	bool setup;
	struct save_size size;
	size_t record_bytes;
};

static void
before_take(struct before *b, const struct session *s)
{
	const struct game *g = &s->game;

	memset(&b->undone, 0, sizeof b->undone);
	for (size_t i = 0; i < g->undone.count; i++)
		strlist_add(&b->undone, g->undone.items[i]);
	b->log = g->log.count;
	b->dirty = g->dirty;
	b->rng = g->rng;
	b->done = g->done.count;
	b->done_last = g->done.count > 0 ? xstrdup(g->done.items[g->done.count - 1]) : NULL;
	b->setup = g->setup;
	b->size = s->size;
	b->record_bytes = s->record_bytes;
}

static void
before_free(struct before *b)
{
	strlist_free(&b->undone);
	free(b->done_last);
	b->done_last = NULL;
}

/* Take back the change just made, without a trace: it never reached the disk.
 * An undo is taken back by redo, a redo or a change by undo; then the game is
 * put back as it was before the command, redo list and all. */
static void
take_back(struct session *s, bool was_undo, struct before *b)
{
	struct command_result res;

	command_run(&s->game, was_undo ? "redo" : "undo", &res);
	command_result_free(&res);
	strlist_free(&s->game.undone);
	s->game.undone = b->undone;
	memset(&b->undone, 0, sizeof b->undone);
	while (s->game.log.count > b->log)
		strlist_drop_last(&s->game.log);
	s->game.dirty = b->dirty;
	s->game.rng = b->rng;
	s->size = b->size;
	s->record_bytes = b->record_bytes;
	s->record_values = record_values(&s->game);
}

/* ---- what a save can hold ----------------------------------------------------------
 * Every change is kept in the game's record (the commands in force, those taken
 * back, the log), and a save writes the record whole: a change is refused when
 * its save could not be read back (ylimits_save). A game in play knows its
 * save's size exactly: the sums that make each list's size (struct save_size)
 * follow each command's change to the lists, at the cost of what it added or
 * took out, however long the game (a list's form changing from a literal block
 * to quoted lines is counted again whole, once). A game in set-up saves as a
 * scenario: the session keeps a bound on its size, raised by what each change
 * adds and never lowered, and measures it only when the bound passes the
 * limit. */

/* Structure beside the lists in a save: its keys and their values. */
#define SAVE_OTHER_VALUES 16

static size_t
record_values(const struct game *g)
{
	return g->done.count + g->undone.count + g->log.count + SAVE_OTHER_VALUES;
}

static void
measure_record(struct session *s)
{
	if (s->game.setup) {
		s->record_bytes = save_text_size(&s->game);
	} else {
		save_size_measure(&s->size, &s->game);
		s->record_bytes = save_size_bytes(&s->size);
	}
	s->record_values = record_values(&s->game);
}

static bool
record_over(const struct session *s)
{
	return s->record_bytes > ylimits_save.max_bytes ||
	       s->record_values > ylimits_save.max_nodes;
}

/* A game in play: the sums follow the lists. The commands in force grow at
 * their end, or lose their last (an undo); the redo list is counted again (a
 * copy of it is made for every command anyway); the log only grows. Anything
 * else is counted again whole. */
static void
follow_lists(struct session *s, const struct before *b)
{
	const struct game *g = &s->game;
	struct save_list_size *z = s->size.list;

	if (g->done.count >= b->done)
		save_list_size_grow(&z[SAVE_LIST_DONE], &g->done, b->done);
	else if (g->done.count + 1 == b->done)
		save_list_size_drop(&z[SAVE_LIST_DONE], b->done_last);
	else
		save_list_size_measure(&z[SAVE_LIST_DONE], &g->done);
	save_list_size_measure(&z[SAVE_LIST_UNDONE], &g->undone);
	if (g->log.count >= b->log)
		save_list_size_grow(&z[SAVE_LIST_LOG], &g->log, b->log);
	else
		save_list_size_measure(&z[SAVE_LIST_LOG], &g->log);
	s->record_bytes = save_size_bytes(&s->size);
}

/* A game in set-up: the bound raised by the command recorded. */
static void
raise_bound(struct session *s, const struct command_result *res)
{
	const struct game *g = &s->game;

	if (res->kind == COMMAND_CHANGE)
		s->record_bytes += save_item_size(g->done.items[g->done.count - 1]);
	if (record_over(s))
		measure_record(s);
}

/* Within a sixteenth of the cap, a change may well be refused: the state before
 * it is kept (checkpoint_keep), so that taking it back costs what restoring the
 * state does, not a replay of the commands since the last state kept. */
#define NEAR_CAP_PART 16

static bool
near_cap(const struct session *s)
{
	return s->record_bytes > ylimits_save.max_bytes - ylimits_save.max_bytes / NEAR_CAP_PART ||
	       s->record_values > ylimits_save.max_nodes - ylimits_save.max_nodes / NEAR_CAP_PART;
}

static char *
record_full(void)
{
	return xasprintf("the game's record is full: a save holds at most %zu bytes and %zu "
	                 "values", ylimits_save.max_bytes, ylimits_save.max_nodes);
}

/* Before a change: can it not fit, whatever it does? A change of a game in play
 * adds its line to the commands in force (save_change_least bytes at the
 * fewest) and a value, and the log only grows; only the redo list, made empty
 * by a change, could make room. So a change refused here is one the record
 * would refuse once done, decided before anything is touched: at the cap, a
 * refusal costs no change made and taken back (asked only near the cap:
 * below it any command's line fits). NULL, or why not. */
static char *
record_cannot_fit(const struct session *s, const char *line)
{
	const struct command_entry *c;

	if (!near_cap(s) || s->game.setup || s->game.undone.count > 0 ||
	    (c = command_named_by(line)) == NULL || c->kind != COMMAND_CHANGE)
		return NULL;
	if (s->record_bytes + save_change_least(c->name) <= ylimits_save.max_bytes &&
	    s->record_values + 1 <= ylimits_save.max_nodes)
		return NULL;
	return record_full();
}

/* After a change or an undo or redo: may it stay? NULL, or why not. */
static char *
record_refused(struct session *s, const struct command_result *res, const struct before *b)
{
	const struct game *g = &s->game;

	for (size_t i = b->log; i < g->log.count; i++)
		if (strlen(g->log.items[i]) > ylimits_save.max_scalar)
			return xasprintf("a line of the log would be longer than a save holds "
			                 "(%zu bytes)", ylimits_save.max_scalar);
	s->record_values = record_values(g);
	if (g->setup != b->setup)
		measure_record(s);
	else if (g->setup)
		raise_bound(s, res);
	else
		follow_lists(s, b);
	if (!record_over(s))
		return NULL;
	return record_full();
}

/* Write a line to the journal, and keep it for a journal started again. A
 * journal that closes on an error is stopped: it starts again, whole, at the
 * next change (journal_resume). */
static bool
journal_put(struct session *s, const char *line, char **err)
{
	if (!journal_append(&s->journal, line, err)) {
		s->journal_stopped = s->journal.fd < 0;
		return false;
	}
	strlist_add(&s->journaled, line);
	return true;
}

/* A journal that stopped on an error starts again in its place, whole: what it
 * replays onto and every line it held, written and flushed before it replaces
 * the file there. */
static bool
journal_resume(struct session *s, char **err)
{
	struct journal fresh;
	char *why = NULL, *warning = NULL;

	if (!s->journal_stopped)
		return true;
	if (!journal_create_lines(&fresh, s->journal_path, s->base, &s->journaled, &why,
	                          &warning)) {
		*err = xasprintf("the journal stopped after an error and cannot start again: %s; "
		                 "no change is made until it can, or the game is saved (save FILE)",
		                 why);
		free(why);
		return false;
	}
	free(warning);
	s->journal = fresh;
	s->journal_stopped = false;
	return true;
}

/* The journal of a game: on and on, or stopped after an error (and started again
 * before the next change); or none kept. May this change be shown? */
static bool
journal_keeps(struct session *s, const char *line, char **err)
{
	if (s->journal.fd < 0 && !s->journal_stopped)
		return true;
	return journal_resume(s, err) && journal_put(s, line, err);
}

/* The journal starts from the save `named` (its base): its lines are in it. */
static void
journal_from(struct session *s, char *named)
{
	free(s->base);
	s->base = named;
	strlist_free(&s->journaled);
}

/* When the journal cannot start again from a save, the old one goes on, marked
 * with the save's checksum: a recovery replays what follows the mark onto this
 * save (recover.h). When even the mark cannot be written, the journal stops;
 * the next change starts it afresh from the save. */
static void
mark_saved(struct session *s, char *named, struct command_result *res, char *why)
{
	unsigned long crc = strtoul(named + 4, NULL, 16);
	char *err = NULL, *mark = journal_saved_line(crc);

	if (s->journal.fd >= 0 && journal_put(s, mark, &err)) {
		say_warning(res, why, "; the journal goes on from before the save, marked with it");
		free(named);
	} else {
		journal_close(&s->journal);
		s->journal_stopped = true;
		journal_from(s, named);
		say_warning(res, why, "; the journal starts again from the save at the next change");
		if (err != NULL)
			say_warning(res, err, "");
	}
	free(mark);
	free(err);
}

/* After a save, the journal starts again from it. The new journal replaces the
 * old one only once it is whole on the disk; when it cannot be made, the old one
 * goes on, marked with the save (mark_saved). */
static void
restart_journal(struct session *s, struct command_result *res)
{
	struct journal fresh;
	char *err = NULL, *warning, *base, *abs, *named;

	if (s->journal_path == NULL || (s->journal.fd < 0 && !s->journal_stopped))
		return;
	/* a whole path, so the journal is found from any directory */
	abs = realpath(s->game.save_path, NULL);
	base = journal_base_words(BASE_SAVE, abs ? abs : s->game.save_path);
	named = journal_base_named(base, &err);
	if (named == NULL) {
		/* the save just written cannot be read: the journal goes on as it was */
		say_warning(res, err, "; the journal goes on from before the save");
	} else if (journal_create(&fresh, s->journal_path, named, &err, &warning)) {
		journal_close(&s->journal);
		s->journal = fresh;
		s->journal_stopped = false;
		journal_from(s, named);
		if (warning != NULL)
			say_warning(res, warning, "");
		free(warning);
	} else {
		mark_saved(s, named, res, err);
	}
	free(base);
	free(abs);
	free(err);
}

char *
session_journal_beside(const char *save_path)
{
	char *abs = realpath(save_path, NULL);
	char *path = xasprintf("%s.journal", abs ? abs : save_path);

	free(abs);
	return path;
}

/* After a save, the journal of a game that keeps it beside its save goes there
 * (a save to a new file), and the new save is held, as a saved game opened is. */
static void
follow_save(struct session *s, struct command_result *res)
{
	char *path = session_journal_beside(s->game.save_path), *err = NULL;

	if (!session_journal_move(s, path, &err)) {
		say_warning(res, err, "");
		free(err);
		err = NULL;
	}
	if (!session_hold_save(s, &err)) {
		say_warning(res, err, "");
		free(err);
	}
	free(path);
}

/* The answer to a change the record refuses (err is let go). */
static void
refuse(struct command_result *res, char *err)
{
	strlist_add(&res->lines, err);
	strlist_add(&res->lines, "the command was taken back: nothing was lost, but it did not happen");
	free(err);
	res->ok = false;
}

bool
session_run(struct session *s, const char *line, struct command_result *res)
{
	struct before b;
	char *err = NULL;
	bool ok;

	if ((err = record_cannot_fit(s, line)) != NULL) {
		memset(res, 0, sizeof *res);
		res->kind = COMMAND_CHANGE;
		res->name = command_named_by(line)->name;
		refuse(res, err);
		return false;
	}
	before_take(&b, s);
	if (near_cap(s))
		checkpoint_keep(&s->game);
	ok = command_run(&s->game, line, res);
	if (ok && res->saved)
		restart_journal(s, res);
	if (ok && res->saved && s->journal_beside_save)
		follow_save(s, res);
	if (!ok || res->kind == COMMAND_QUERY) {
		before_free(&b);
		return ok;
	}
	err = record_refused(s, res, &b);
	if (err == NULL && journal_keeps(s, command_record_line(&s->game, res), &err)) {
		before_free(&b);
		return true;
	}
	take_back(s, res->undoes, &b);
	before_free(&b);
	command_result_clear_lines(res);
	refuse(res, err);
	return false;
}

bool
session_journal_move(struct session *s, const char *path, char **err)
{
	struct journal moved = { .fd = -1 };
	struct file_lock lock;
	char *warning = NULL;

	if ((s->journal.fd < 0 && !s->journal_stopped) || s->journal_path == NULL ||
	    strcmp(path, s->journal_path) == 0) /* same text: two paths */
		return true;
	if (save_lock(&lock, path, err) != LOCK_TAKEN)
		return false;
	/* the copy names the save the journal began from, not the file there now */
	if (!keep_unsaved(s, path, err) ||
	    (!s->journal_stopped &&
	     !journal_create_lines(&moved, path, s->base, &s->journaled, err, &warning))) {
		save_unlock(&lock);
		return false;
	}
	/* a directory that could not be flushed: the copy is in place all the same */
	free(warning);
	journal_close(&s->journal);
	/* a journal stopped keeps what it holds until it starts again, elsewhere */
	if (!s->journal_stopped || s->journaled.count == 0)
		unlink(s->journal_path);
	free(s->journal_path);
	save_unlock(&s->locks.journal);
	s->locks.journal = lock;
	s->journal = moved;
	s->journal_path = xstrdup(path);
	note_files(s);
	return true;
}

bool
session_hold_save(struct session *s, char **err)
{
	struct file_lock lock;
	char *target;
	bool same;

	if (s->game.save_path == NULL)
		return true;
	target = fileops_resolve(s->game.save_path);
	{
		char *lock_path = xasprintf("%s.lock", target);
		/* same text: two paths */
		same = s->locks.save.path != NULL && strcmp(s->locks.save.path, lock_path) == 0;
		free(lock_path);
	}
	free(target);
	if (same)
		return true;
	if (save_lock(&lock, s->game.save_path, err) != LOCK_TAKEN)
		return false;
	save_unlock(&s->locks.save);
	s->locks.save = lock;
	note_files(s);
	return true;
}

void
session_end(struct session *s)
{
	journal_close(&s->journal);
	save_unlock(&s->locks.save);
	save_unlock(&s->locks.journal);
	free(s->journal_path);
	free(s->base);
	free(s->kept_aside);
	strlist_free(&s->journaled);
	game_free(&s->game);
	memset(s, 0, sizeof *s);
	s->journal.fd = -1;
	s->locks.save.fd = s->locks.journal.fd = -1;
}

char *
session_base_of(const struct game *g)
{
	const char *path = g->save_path ? g->save_path : g->sc.path;
	char *abs = realpath(path, NULL);
	char *base = journal_base_words(g->save_path ? BASE_SAVE : BASE_SCENARIO, abs ? abs : path);

	free(abs);
	return base;
}
