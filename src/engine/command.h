/* command.h: the command language (engine layer). Every change to a game is a
 * line of text such as `move B3 0405` run through one table; the terminal
 * interface, `hexaid script`, the journal and the tests all go through it. */
#ifndef HEXAID_COMMAND_H
#define HEXAID_COMMAND_H

#include <stdbool.h>

#include "game.h"

enum command_kind {
	COMMAND_CHANGE,   /* changes the game: journaled, undoable */
	COMMAND_QUERY,    /* only reads it */
	COMMAND_META      /* undo, redo: work on the list of commands itself */
};

/* What a command answered: lines for people, and whether it worked. */
struct command_result {
	bool ok;
	enum command_kind kind;
	bool saved;              /* the game was saved: a new journal starts */
	char *record_extra;      /* what the journal adds to the line (dice rolled) */
	struct strlist lines;
};

void command_result_free(struct command_result *res);

struct command_entry {
	const char *name;
	const char *args;        /* what follows the name, as in the help */
	const char *help;
	enum command_kind kind;
	int min_args, max_args;  /* after the name; -1: no limit */
	bool (*run)(struct game *g, int argc, char **argv, struct command_result *res);
};

extern const struct command_entry command_table[];
extern const size_t command_count;

/* Run one line on the game. A change that works is added to g->done; a failed
 * command leaves the game as it was. Comments (#) and blank lines do nothing. */
bool command_run(struct game *g, const char *line, struct command_result *res);

/* Replay a game's journaled lines onto its start, without output; false (and the
 * line that failed in *bad) when one no longer applies. */
bool command_replay(struct game *g, const struct strlist *lines, size_t *bad);

#endif
