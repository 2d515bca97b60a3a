/* session.c: plays commands on a game and keeps its journal in step (engine
 * layer): a change goes to the journal, flushed, before the caller can show its
 * result; a change the journal cannot take is undone; a save starts a new journal
 * that replays onto the save. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "save.h"
#include "session.h"
#include "xmalloc.h"
#include "yaml-load.h"

static void measure_record(struct session *s);

bool
session_start(struct session *s, struct game *g, const char *journal_path, const char *base,
              char **err, char **warning)
{
	*warning = NULL;
	memset(s, 0, sizeof *s);
	s->journal.fd = -1;
	s->game = *g;
	memset(g, 0, sizeof *g);
	measure_record(s);
	if (s->game.save_path != NULL) {
		/* one hexaid at a time on a saved game; leftovers of a cut-off save go */
		if (!save_lock(s->game.save_path, err))
			return false;
		s->locked = xstrdup(s->game.save_path);
		save_clean_temps(s->game.save_path);
	}
	if (journal_path == NULL)
		return true;
	s->journal_path = xstrdup(journal_path);
	s->base = xstrdup(base);
	/* a journal being started when hexaid was cut off left its new file */
	save_clean_temps(journal_path);
	return journal_create(&s->journal, journal_path, base, err, warning);
}

static void
say_warning(struct command_result *res, const char *what, const char *then)
{
	char *line = xasprintf("warning: %s%s", what, then);

	strlist_add(&res->lines, line);
	free(line);
}

/* Take back the change just made, without a trace: it never reached the disk.
 * An undo is taken back by redo, a redo or a change by undo; the log loses
 * every line written since `log_before`. */
static void
take_back(struct session *s, bool was_undo, size_t log_before)
{
	struct command_result res;

	command_run(&s->game, was_undo ? "redo" : "undo", &res);
	command_result_free(&res);
	if (!was_undo && s->game.undone.count > 0)
		free(s->game.undone.items[--s->game.undone.count]);
	while (s->game.log.count > log_before)
		free(s->game.log.items[--s->game.log.count]);
}

/* ---- what a save can hold ----------------------------------------------------------
 * Every change is kept in the game's record (the commands in force, those taken
 * back, the log), and a save writes the record whole: a change is refused when
 * its save could not be read back (ylimits_save). The session keeps a bound on
 * the save's size, raised by what each change adds and never lowered, and
 * measures the save again only when the bound passes the limit. */

/* Structure beside the lists in a save: its keys and their values. */
#define SAVE_OTHER_VALUES 16

static void
measure_record(struct session *s)
{
	s->record_bytes = save_text_size(&s->game);
	s->record_values = s->game.done.count + s->game.undone.count + s->game.log.count +
	                   SAVE_OTHER_VALUES;
}

static bool
record_over(const struct session *s)
{
	return s->record_bytes > ylimits_save.max_bytes ||
	       s->record_values > ylimits_save.max_nodes;
}

/* After a change or an undo or redo: may it stay? NULL, or why not. */
static char *
record_refused(struct session *s, const struct command_result *res, size_t log_before)
{
	const struct game *g = &s->game;

	if (res->kind == COMMAND_CHANGE) {
		s->record_bytes += save_item_size(g->done.items[g->done.count - 1]);
		s->record_values++;
	}
	for (size_t i = log_before; i < g->log.count; i++) {
		if (strlen(g->log.items[i]) > ylimits_save.max_scalar)
			return xasprintf("a line of the log would be longer than a save holds "
			                 "(%zu bytes)", ylimits_save.max_scalar);
		s->record_bytes += save_item_size(g->log.items[i]);
		s->record_values++;
	}
	if (record_over(s))
		measure_record(s);
	if (!record_over(s))
		return NULL;
	return xasprintf("the game's record is full: a save holds at most %zu bytes and %zu "
	                 "values", ylimits_save.max_bytes, ylimits_save.max_nodes);
}

/* After a save, the journal starts again from it. The new journal replaces the
 * old one only once it is whole on the disk; when it cannot be made, the old one
 * goes on: it names the save before by its checksum, and recover finds that
 * save among the backups. */
static void
restart_journal(struct session *s, struct command_result *res)
{
	struct journal fresh;
	char *err = NULL, *warning, *base;

	if (s->journal.fd < 0 || s->journal_path == NULL)
		return;
	{
		/* a whole path, so the journal is found from any directory */
		char *abs = realpath(s->game.save_path, NULL);
		base = xasprintf("save=%s", abs ? abs : s->game.save_path);
		free(abs);
	}
	if (journal_create(&fresh, s->journal_path, base, &err, &warning)) {
		journal_close(&s->journal);
		s->journal = fresh;
		free(s->base);
		s->base = base;
		if (warning != NULL)
			say_warning(res, warning, "");
		free(warning);
	} else {
		free(base);
		say_warning(res, err, "; the journal goes on from before the save");
	}
	free(err);
}

/* What the journal gets for a result: a change as it was recorded (its full
 * name, one space, quoted as split_words reads it), undo or redo by name. */
static const char *
journal_line(const struct session *s, const struct command_result *res)
{
	return res->kind == COMMAND_CHANGE ? s->game.done.items[s->game.done.count - 1]
	                                   : res->name;
}

bool
session_run(struct session *s, const char *line, struct command_result *res)
{
	size_t log_before = s->game.log.count;
	char *err = NULL;
	bool ok = command_run(&s->game, line, res);

	if (ok && res->saved)
		restart_journal(s, res);
	if (!ok || res->kind == COMMAND_QUERY)
		return ok;
	err = record_refused(s, res, log_before);
	if (err == NULL && (s->journal.fd < 0 ||
	                    journal_append(&s->journal, journal_line(s, res), &err)))
		return true;
	take_back(s, res->kind == COMMAND_META && strcmp(res->name, "undo") == 0, log_before);
	command_result_clear_lines(res);
	strlist_add(&res->lines, err);
	strlist_add(&res->lines, "the command was taken back: nothing was lost, but it did not happen");
	free(err);
	res->ok = false;
	return false;
}

bool
session_journal_move(struct session *s, const char *path, char **err)
{
	struct journal_contents jc;
	struct journal moved = { .fd = -1 };
	char *base, *warning;
	bool created;

	if (s->journal.fd < 0 || s->journal_path == NULL || strcmp(path, s->journal_path) == 0)
		return true;
	if (!journal_read(s->journal_path, &jc, err))
		return false;
	/* the copy names the save the journal began from, not the file there now */
	base = journal_contents_base(&jc);
	created = journal_create(&moved, path, base, err, &warning);
	free(base);
	if (!created) {
		journal_contents_free(&jc);
		return false;
	}
	/* a directory that could not be flushed: the copy is in place all the same */
	free(warning);
	for (size_t i = 0; i < jc.lines.count; i++) {
		if (!journal_append(&moved, jc.lines.items[i], err)) {
			journal_close(&moved);
			unlink(path);
			journal_contents_free(&jc);
			return false;
		}
	}
	journal_contents_free(&jc);
	journal_close(&s->journal);
	unlink(s->journal_path);
	free(s->journal_path);
	s->journal = moved;
	s->journal_path = xstrdup(path);
	return true;
}

void
session_end(struct session *s)
{
	journal_close(&s->journal);
	if (s->locked != NULL)
		save_unlock(s->locked);
	free(s->locked);
	free(s->journal_path);
	free(s->base);
	game_free(&s->game);
	memset(s, 0, sizeof *s);
	s->journal.fd = -1;
}

char *
session_base_of(const struct game *g)
{
	const char *path = g->save_path ? g->save_path : g->sc.path;
	char *abs = realpath(path, NULL);
	char *base = xasprintf("%s=%s", g->save_path ? "save" : "scenario", abs ? abs : path);

	free(abs);
	return base;
}
