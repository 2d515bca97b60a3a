/* savefile.h: the contents of a saved game's file (data layer). Reading a save is
 * two steps: this file reads the YAML (the scenario's text and the lists of
 * commands, undone commands and log lines); the engine (load.h) then builds the
 * game by replaying the commands.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_SAVEFILE_H
#define HEXAID_SAVEFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "scenario.h"
#include "strutil.h"
#include "yaml-load.h"

/* The schema a save is written with, and the newest one this hexaid reads. Schema
 * 2 may write a list as a literal block, one item a line; schema 1 wrote every
 * list as a sequence of double-quoted texts, and is read as it was. */
#define SAVEFILE_SCHEMA 2

struct cardpath;

/* A place in the file, 1-based (yaml-load.h's line and column). */
struct savefile_pos {
	int line, col;
};

/* Where the commands stood in the file: what a message about one of them needs
 * once the parsed file is let go. */
struct savefile_commands_at {
	char *file;                 /* the file's name, as messages give it */
	struct diag_list *diags;    /* where messages go */
	struct savefile_pos list;   /* the list's value */
	int block_indent;           /* a literal block: its lines' indentation; else -1 */
	struct savefile_pos *items; /* a sequence: where each item stands; else NULL */
};

struct savefile {
	struct scenario sc;        /* the scenario the save holds, loaded */
	struct strlist commands;   /* the commands in force, in order */
	struct strlist undone;     /* commands taken back, for redo */
	struct strlist log;        /* what happened, for people */
	struct savefile_commands_at commands_at;
};

/* Read a save from a file or from text already read (`name` is where it came
 * from, for messages). On true the save is read and its scenario loaded, and the
 * YAML let go: free it with savefile_free; dl stays in use for
 * savefile_replay_failed. On false problems are in dl and nothing is left to
 * free. */
bool savefile_read(struct savefile *sf, const char *path, const struct cardpath *cp,
                   struct diag_list *dl);
bool savefile_read_text(struct savefile *sf, const char *name, const char *text, size_t len,
                        const struct cardpath *cp, struct diag_list *dl);
/* The same for a file hexfile_open read as far as its `kind: save`: read on
 * from there, once (doc is let go). */
bool savefile_read_doc(struct savefile *sf, struct ydoc *doc, const struct cardpath *cp,
                       struct diag_list *dl);

/* Report that command i (from 0) of the save could not be replayed, at its
 * line in a literal block (quoted), at its place in a sequence. */
void savefile_replay_failed(struct savefile *sf, size_t i);

/* Free what savefile_read kept (the scenario too, unless game_start took it). */
void savefile_free(struct savefile *sf);

#endif
