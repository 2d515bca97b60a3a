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

bool
session_start(struct session *s, struct game *g, const char *journal_path, const char *base,
              char **err, char **warning)
{
	*warning = NULL;
	memset(s, 0, sizeof *s);
	s->journal.fd = -1;
	s->game = *g;
	memset(g, 0, sizeof *g);
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
 * An undo is taken back by redo, a redo or a change by undo. */
static void
take_back(struct session *s, bool was_undo)
{
	struct command_result res;

	command_run(&s->game, was_undo ? "redo" : "undo", &res);
	command_result_free(&res);
	if (!was_undo && s->game.undone.count > 0)
		free(s->game.undone.items[--s->game.undone.count]);
	if (s->game.log.count > 0)
		free(s->game.log.items[--s->game.log.count]);
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

bool
session_run(struct session *s, const char *line, struct command_result *res)
{
	char *err = NULL;
	bool ok = command_run(&s->game, line, res);

	if (ok && res->saved)
		restart_journal(s, res);
	if (!ok || res->kind == COMMAND_QUERY || s->journal.fd < 0)
		return ok;
	/* the journal gets the line as recorded (full command name, one space) */
	if (journal_append(&s->journal, res->kind == COMMAND_CHANGE
	                                        ? s->game.done.items[s->game.done.count - 1]
	                                        : line,
	                   &err))
		return true;
	/* the command word: undo (u...) is taken back by redo, redo by undo */
	take_back(s, res->kind == COMMAND_META && strncmp(line, "u", 1) == 0);
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
