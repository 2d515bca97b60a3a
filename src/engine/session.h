/* session.h: a game being played, with its journal (engine layer): the one place
 * that runs a command, writes it to the journal before its result is shown, and
 * starts a new journal when the game is saved. `hexaid script` and the terminal
 * interface both play through it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_SESSION_H
#define HEXAID_SESSION_H

#include <stdbool.h>

#include "command.h"
#include "game.h"
#include "journal.h"
#include "save.h"

/* The locks a session holds (fd -1: none). */
struct session_locks {
	struct file_lock save;   /* on the saved game */
	struct file_lock journal;
};

struct session {
	struct game game;
	struct journal journal;  /* fd -1 when the session keeps none */
	char *journal_path;
	char *base;              /* what the journal replays onto, named with its checksum */
	struct strlist journaled;/* the lines of the journal after its first */
	bool journal_beside_save;/* a save to a new file moves the journal beside it
	                            (session_journal_beside) and holds the save */
	bool journal_stopped;    /* it stopped on an error: the next change starts it
	                            again, whole, or is refused */
	struct session_locks locks;
	char *kept_aside;        /* where a journal found at journal_path was moved, or NULL */
	struct save_size size;   /* a game in play: its save's size, as sums (session.c) */
	size_t record_bytes;     /* the size of a save of the game now (in set-up, at
	                            least that) */
	size_t record_values;    /* the values in that save */
};

/* Start a session on a game (taken over), journaling to `journal_path` (may be
 * NULL) onto `base` ("scenario=PATH" or "save=PATH"). A saved game and the
 * journal are locked against a second hexaid (locks the caller took are in
 * `held`, taken over; may be NULL), and temporary files a cut-off save left are
 * removed. A saved game in a place where no lock can be made opens with a
 * warning. A journal already at `journal_path` that holds commands is moved
 * aside, never replaced (s->kept_aside says where). On false *err says why
 * (free it); call session_end all the same. On true *warning is NULL or says
 * what went wrong without stopping it (free it). */
bool session_start(struct session *s, struct game *g, const char *journal_path,
                   const char *base, struct session_locks *held, char **err, char **warning);

/* "scenario=/abs/path" or "save=/abs/path": what a journal of this game replays
 * onto, for session_start (free it). */
char *session_base_of(const struct game *g);

/* Run one command. A change is on disk in the journal when this returns; if it
 * cannot be written, the change is taken back and the result says so. */
bool session_run(struct session *s, const char *line, struct command_result *res);

/* Keep the journal at `path` from now on: its commands are copied there and the
 * old file is removed (the terminal interface keeps a saved game's journal beside
 * it); a journal holding commands at `path` is moved aside first. On false *err
 * says why and the journal stays where it was. */
bool session_journal_move(struct session *s, const char *path, char **err);

/* Where a saved game's journal is kept beside it: the save, its links
 * followed, and ".journal" (free it). */
char *session_journal_beside(const char *save_path);

/* Hold the lock of the game's save_path, when it is not the one held (after a
 * save to a new file), letting the old one go. On false *err says why. */
bool session_hold_save(struct session *s, char **err);

void session_end(struct session *s);

#endif
