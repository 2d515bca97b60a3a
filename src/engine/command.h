/* command.h: the command language (engine layer). Every change to a game is a
 * line of text such as `move B3 0405` run through one table; the terminal
 * interface, `hexaid script`, the journal and the tests all go through it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_COMMAND_H
#define HEXAID_COMMAND_H

#include <stdbool.h>

#include "game.h"
#include "turn.h"

/* When a command may run: a set-up edit (also in play: the table set up again),
 * a command of play (refused in set-up, which has no turn, phase, log or dice),
 * or either (a query, undo). */
enum command_use {
	USE_ANY,
	USE_SETUP,        /* sets up the table: named when play is refused in set-up */
	USE_SCENARIO,     /* sets the scenario's own data: only in set-up (a game keeps
	                     the scenario it started from) */
	USE_PLAY          /* plays: refused while the game is set up (g->setup) */
};

enum command_kind {
	COMMAND_CHANGE,   /* changes the game: journaled, undoable */
	COMMAND_QUERY,    /* only reads it */
	COMMAND_META      /* undo, redo: work on the list of commands itself */
};

/* What a line of an answer is, where the screen shows it apart. */
enum line_kind {
	LINE_SAID,               /* words */
	LINE_DICE,               /* the dice a battle rolls ("dice: 3") */
	LINE_ODDS,               /* the odds of its outcomes */
	LINE_ROLL,               /* dice rolled, with their faces */
	LINE_STEP                /* a step of an explanation */
};

struct line_mark {
	enum line_kind kind;
	char *brief;             /* LINE_STEP: the line without its card and seed
	                            references, for a narrow pane; or NULL */
};

/* A value a unit carries that a player may give or change: what `unit set UNIT
 * KEY=N` takes, what it is called, and what it is now (NULL: not given, by the
 * unit or its class). */
struct value_need {
	int unit;
	char *key;               /* "move", "dice.ranged", "cohesion" */
	char *name;              /* "Cohesion", "battle dice, ranged combat" */
	char *now;               /* "3 (its own)", "2, 1 (its class's)"; NULL: missing */
	bool optional;           /* a battle goes on without it, and says what the players
	                            then do by hand (a plain die's number to hit) */
};

/* What puts right a command refused, as the screen offers it (a key), where the
 * words say the command line's way. */
enum remedy {
	REMEDY_NONE,
	REMEDY_PHASE_NEXT,       /* not in this phase: go on to the one that allows it */
	REMEDY_TURN_END,         /* not this side's turn: end the turn */
	REMEDY_SETTLE,           /* something is owed first (found.owed) */
	REMEDY_SETUP             /* a command of play in set-up: the set-up's own keys,
	                            and play from the scenario written */
};

/* The battle commands, as bits of may_now.verbs. */
enum { MAY_BATTLE = 1, MAY_FIRE = 2, MAY_MELEE = 4 };

/* may: what a unit may do now, as the commands would take it (the card's sequence
 * of play, the side acting, what the unit has done, what is owed). */
struct may_now {
	bool known;              /* a may query answered */
	bool move;               /* move: the phase gives it to the unit's side */
	uint64_t combat;         /* the combat types it may battle in now (bits) */
	bool act;                /* act: an action of the card, in this phase */
	bool phase_ends;         /* phase next, turn end: nothing is owed */
	bool has_phases;         /* the card gives a sequence (phase next goes on) */
	unsigned verbs;          /* with a target: the battle commands it takes (MAY_*) */
	enum remedy remedy;      /* with a target taken by none: what puts it right */
};

/* What a query found, as data beside its lines, so that the screen draws it
 * without reading words. Each query fills its part; the rest stays empty. */
struct query_found {
	struct hex *hexes;       /* line: the hexes it passes in order, both of a pair
	                            where it runs along a hexside; range: those reached */
	bool *stops;             /* range: the unit must stop in hexes[i] */
	size_t nhexes;
	int *units;              /* targets: the units it may battle */
	size_t nunits;
	bool blocked;            /* los: the line is blocked ... */
	struct hex block;        /* ... in this hex */
	char *reason;            /* los: its first step, without its value */
	char *summary;           /* range: the first line without its list of hexes */
	struct strlist parts;    /* show unit, show hex: the parts of the first line,
	                            which it joins with ", " */
	size_t hex_lines;        /* show hex: how many of its lines are about the hex
	                            itself (terrain, sides, structure); the next, if
	                            any, names the unit in it */
	struct owed *owed;       /* phase next, turn end refused: what is owed */
	size_t nowed;
	struct value_need *needs;/* values: a unit's values; needs (and a battle refused
	                            for want of them): those a battle lacks */
	size_t nneeds, cap_needs;
	bool has_combat;         /* explain, needs, a battle: the combat type it is ... */
	int combat;              /* ... by its index in the card's combat types */
	struct may_now may;      /* may: what the unit may do now */
	const char *roll;        /* explain, a battle on a table: the dice each side rolls
	                            ("1d6"; the card's, not to be freed) ... */
	bool opposed;            /* ... both sides, the attacker's first */
	char rolls[2][24];       /* explain, a battle of roll: hits: the dice of each
	                            side, its own ("4d6", "2d6"; roll is then NULL) */
};

/* What a command answered: lines for people, what some of them are, what a query
 * found, and whether it worked. */
struct command_result {
	bool ok;
	enum command_kind kind;
	const char *name;        /* the command that ran (its full name), or NULL */
	bool undoes;             /* it was one that takes back a change (undo) */
	bool saved;              /* the game was saved: a new journal starts */
	bool quiet;              /* nobody reads what it says (a replay): cmd_say says
	                            nothing; a failure still says why */
	char *record_extra;      /* what the journal adds to the line (dice rolled) */
	struct strlist record_args; /* the words the record keeps after the command's
	                            name, in place of those given: a move to a hex
	                            names the hexes of the way it found; none: as given */
	struct strlist lines;
	struct line_mark *marks; /* marks[i] is what lines.items[i] is, for i < nmarks;
	                            a line past them is LINE_SAID */
	size_t nmarks, cap_marks;
	struct query_found found;
	enum remedy remedy;      /* refused: what puts it right, or REMEDY_NONE */
	bool failed;             /* cmd_fail was called ... */
	size_t fail_line;        /* ... first to say this line (the refusal, after what
	                            the command said before it) */
};

void command_result_free(struct command_result *res);
/* Drop the lines, their marks and what was found (a command taken back). */
void command_result_clear_lines(struct command_result *res);
/* What line i of the answer is. */
enum line_kind command_line_kind(const struct command_result *res, size_t i);

struct command_entry {
	const char *name;
	const char *args;        /* what follows the name, as in the help */
	const char *help;
	enum command_kind kind;
	int min_args, max_args;  /* after the name; -1: no limit */
	bool (*run)(struct game *g, int argc, char **argv, struct command_result *res);
	bool undoes;             /* takes back the last change (undo): a journal that
	                            cannot record it gives the change back */
	enum command_use use;    /* set-up, play or either */
};

extern const struct command_entry command_table[];
extern const size_t command_count;

/* Run one line on the game. A change that works is added to g->done; a failed
 * command leaves the game as it was. Comments (#) and blank lines do nothing. */
bool command_run(struct game *g, const char *line, struct command_result *res);

/* The command a line's first word names (its full name, or the start of one
 * name only), as the line would run; NULL when it names none, or is quoted or
 * a comment. */
const struct command_entry *command_named_by(const char *line);
/* What a journal keeps of a command that worked and changed the game (a change,
 * undo or redo): a change as the game recorded it (its full name, one space
 * between words, each as command_word writes it), undo or redo by name. */
const char *command_record_line(const struct game *g, const struct command_result *res);

/* A word as a command line carries it, so that it is read back as it is: in
 * double quotes, its quotes doubled, when it is empty or holds a space, a quote
 * or a # (free it). */
char *command_word(const char *word);

/* Replay a game's journaled lines onto its start, without output; false (and the
 * line that failed in *bad) when one fails: it no longer applies, it is no
 * command, or it is refused (control characters, not UTF-8). A query is
 * skipped: it changes nothing, and one from a file must not run. */
bool command_replay(struct game *g, const struct strlist *lines, size_t *bad);
/* What a replay tells as it goes: after each change that ended a side's turn
 * (the turn or the side acting went on: turn end, or phase next after the last
 * phase), the game as it stands then, the turn and side that ended, and how
 * many records the dice log held before that change (the rolls of the turns up
 * to the one that ended). hexaid log --svg draws the board there. */
struct replay_watch {
	void (*turn_ended)(const struct game *g, int turn, int side, size_t rolls, void *data);
	void *data;
};

/* The same for a save's list, which holds only changes: undo and redo fail. w
 * (or NULL) is told of each turn that ends on the way. */
bool command_replay_changes(struct game *g, const struct strlist *lines, size_t *bad,
                            const struct replay_watch *w);

#endif
