/* game.h: one game in play (engine layer): the scenario it started from, the
 * board as it stands now (terrain, tokens, hexside features, structures), the
 * units, the turn, the log, and the commands applied so far. Everything that
 * changes a game is a command (command.h); the game is passed by pointer.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_GAME_H
#define HEXAID_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "explain.h"
#include "rng.h"
#include "scenario.h"
#include "strutil.h"
#include "terrain.h"

/* Why a unit's move had to end this turn: where, and the card's rule that ended it. */
struct unit_halt {
	bool halted;
	struct hex hex;           /* the hex it had to stop in */
	const struct rule *rule;  /* the rule: a terrain's must_stop, or an enter event's
	                             lose (its amount the strength lost); NULL: the card's
	                             answer named none */
	char *words;              /* must_stop: its step's words, for people ("TERRAIN
	                             (entered): must stop"); NULL otherwise. Owned. */
};

struct game_unit {
	char *id;
	int side;
	int cls;
	struct hex hex;
	int strength, max_strength;
	int formation;
	uint64_t status;
	bool eliminated;
	/* what happened this turn, read by the rules */
	bool moved;         /* it moved */
	bool moved_onto;    /* it moved onto the hex it stands in */
	bool road_move;     /* it moved along a road the whole way */
	bool battled;       /* it battled */
	long moved_cost;    /* what its moves cost this turn, in halves */
	struct unit_halt halt; /* where and why its move had to end this turn */
	bool charging;      /* its last move was a charge: the attack it ends with is one */
	struct unit_own own;   /* its own move, dice and values, over its class's */
	int retreat_due;       /* hexes a battle's result says it must retreat, not yet
	                          made (`retreat`); 0: none */
	int battle_back_vs;    /* it may battle back against the unit of this index plus
	                          one, out of its side's turn (the card's battle_back);
	                          0: none */
	int ground_vs;         /* it may take the ground of the unit of this index plus
	                          one, which its battle put out of the hex `ground`
	                          (the card's take_ground); 0: none */
	struct hex ground;
	bool bonus_taken;      /* it battled once more this turn after taking ground */
};

/* One effect of a battle's result waiting to be applied (`apply`): what a code
 * of the card's table does to a unit, or a reminder of what hexaid cannot do. */
struct pending_effect {
	int unit;
	char *code;              /* as the cell writes it: "R2" */
	char *words;             /* "retreats 2" */
	long disorder, lose, retreat;
	int status;              /* a status given, or -1 */
	bool eliminate;
	bool reminder;           /* nothing hexaid applies: said for the players */
};

/* A line of the dice log, as players keep one in VASSAL: a roll with where the
 * game stood, who rolled at whom, whose dice (the table's, typed, or hexaid's),
 * the dice, the modifiers and the result; or a bookmark where a turn or a phase
 * starts. Kept with the state: the log holds the rolls of the commands in
 * force, so a save, an undo and a replay give the same log. */
struct dice_record {
	bool bookmark;            /* a turn or phase starts: only turn, phase and side */
	int turn;
	char *phase;              /* the phase's name, or NULL: the card gives none */
	char *side;               /* the side acting */
	char *who;                /* "F5 -> P2" */
	bool typed;               /* the dice on the table (roll=), not hexaid's */
	char *dice;               /* "1d6: 4", "3 dice: soldier, deadly, flag" */
	char *modifiers;          /* "+3", or NULL */
	char *result;             /* "DR2", "C3: 1 hit, 0 flags (3/4)" */
};

/* The dice a side has rolled this game, against what they were expected to give:
 * battle dice with faces by the hits they scored, numbered dice by their pips. */
struct dice_stats {
	long symbol_dice, hits;
	double hits_expected;
	long number_dice, pips;
	double pips_expected;
};

/* The files hexaid keeps for a game while it is played (session.c names them;
 * the names are the session's, borrowed): a save is never written over them. */
struct game_files {
	const char *journal;         /* its journal, or NULL */
	const char *locks[2];        /* the lock files held for it (NULL: none) */
};

struct game {
	struct scenario sc;          /* the start: card, board, initial state */
	struct tset *terrain;        /* per hex, as it stands now */
	int *levels;
	struct scen_hexside *sides;
	size_t nsides, cap_sides;
	struct scen_structure *structures;
	size_t nstructures, cap_structures;
	struct game_unit *units;
	size_t nunits, cap_units;
	int settings[MAX_SETTINGS];
	int turn;
	int side;                    /* the side whose turn it is */
	int phase;                   /* index in the card's sequence; -1: it gives none */
	int winner;                  /* the side that won (reached the victory target, or
	                                had more points at the turn limit), or -1 */
	bool over;                   /* the scenario's last turn has ended: no turn follows */
	bool drawn;                  /* over with the sides level on points (winner -1) */
	int selected;                /* a unit index, or -1 */
	struct strlist log;          /* what happened, for people */
	struct strlist done;         /* the commands in force, as journaled */
	struct strlist undone;       /* commands taken back, for redo */
	bool dirty;                  /* changed since the last save */
	bool replaying;              /* rebuilding: the log is not written again */
	size_t replay_end;           /* a save's commands replayed as it opens: how many
	                                will be in force at the end (0: none is) */
	char *save_path;             /* where `save` writes, once known */
	bool setup;                  /* set-up (hexaid edit): `save` writes the board and
	                                units as a scenario (scenario_text), never a save */
	struct game_files files;     /* hexaid's own files of the game, while played */
	bool forcing;                /* the command runs with --force */
	int command;                 /* the command running (enum command_id), or -1 */
	struct rng rng;              /* the dice hexaid rolls */
	struct dice_stats *stats;    /* per side */
	struct dice_record *rolls;   /* the dice log */
	size_t nrolls, cap_rolls;
	struct pending_effect *pending; /* the last battle's result, until applied */
	size_t npending, cap_pending;
	/* Indexes kept by game.c, so that a search of the board asks in constant time:
	 * the unit standing in each hex (-1: none), the entries of `sides` on each
	 * hexside, as a list through side_next (-1 ends it), and the units by id. */
	int *unit_at;                /* per hex */
	int *unit_ids;               /* open addressing over units: index + 1, 0 empty */
	size_t unit_id_slots;        /* a power of two, more than twice nunits */
	int *side_first;             /* per hexside of the board and its margin */
	int *side_next;              /* per entry of sides */
	/* The card's answers to steps, remembered for the life of the board (from
	 * the start or a reset): game_step_cost_remembered. */
	struct step_memory *step_memory;
	/* States kept along the way, so that undo replays only a few commands
	 * (checkpoint.h); every checkpoint_every commands (0: the default). */
	struct checkpoints *checkpoints;
	size_t checkpoint_every;
	/* The scenario's start as it was before set-up first changed its own data
	 * (cmd-scenario.c), which game_reset puts back; NULL: never changed. */
	struct scen_kept *start_kept;
};

/* A game at the start of its scenario (which it takes over: sc is emptied). */
void game_start(struct game *g, struct scenario *sc);
void game_free(struct game *g);

/* Put the game back to its scenario's start (commands are then replayed); the
 * log is kept. */
void game_reset(struct game *g);

/* The start kept while set-up changes the scenario's own data (cmd-scenario.c):
 * keep it (once), put it back into g->sc (game_reset), forget it (game_free). */
void game_start_keep(struct game *g);
void game_start_put_back(struct game *g);
void game_start_forget(struct game *g);

/* The dice log: a bookmark where the game stands now (a turn or a phase
 * starts), and a roll (strings copied; modifiers may be NULL). */
void game_dice_bookmark(struct game *g);
void game_dice_roll(struct game *g, const char *who, bool typed, const char *dice,
                    const char *modifiers, const char *result);

/* Keep the first n records of the dice log (undo takes back the others). */
void game_dice_keep(struct game *g, size_t n);

/* Drop the result waiting to be applied. */
void game_pending_clear(struct game *g);

/* Add a line to the game log, unless the game is being rebuilt or set up
 * (set-up edits are no part of a game's log). */
void game_log(struct game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Add the steps of an explanation to the log, one a line. */
void game_log_steps(struct game *g, const struct explanation *why);

const struct card *game_card(const struct game *g);
const struct hex_board *game_board(const struct game *g);

int game_unit_find(const struct game *g, const char *id);

/* A unit's value of the card's unit_values: its own, else its class's. False
 * when neither gives it. */
bool game_unit_value(const struct game *g, int unit, int value, long *out);
/* A unit's movement allowance in halves: its own, else its class's; -1. */
long game_unit_move(const struct game *g, int unit);
/* A unit's own dice for a combat type at a distance (its own, else its
 * class's), before any rule changes them; false when neither gives them. */
bool game_unit_battle_dice(const struct game *g, int unit, int combat, int distance, long *out);

/* A halt: set it (the words copied; NULL for none), clear it, and say it for
 * people: "in 0606: TERRAIN (entered): must stop (card.yaml:235)", "in 1206: it
 * lost 1 entering it (card.yaml:131, seed 001:72)" (a string to free). */
void game_halt_set(struct unit_halt *h, struct hex at, const struct rule *r, const char *words);
void game_halt_clear(struct unit_halt *h);
char *game_halt_words(const struct game *g, const struct unit_halt *h);
int game_unit_at(const struct game *g, struct hex h);   /* a unit standing there, or -1 */

/* Say that units were added, removed, moved, eliminated or brought back: call it
 * after any such change, before the board is asked again (game_unit_at). */
void game_units_changed(struct game *g);
/* The same for one unit that moved from hex `was` (its hex, when it did not
 * move), was eliminated or brought back: only those hexes are looked at again,
 * so a move costs the same on any board. */
void game_unit_changed(struct game *g, int unit, struct hex was);
/* Unit `unit` loses n strength (hits, losses), at most what it has: at 0 it is
 * eliminated, off the board (game_unit_changed is called). What it lost is
 * said by the caller, which reads the strength and the mark after. */
void game_unit_lose(struct game *g, int unit, long n);
/* The same for hexside features added or removed (game_side_add does it). */
void game_sides_changed(struct game *g);
struct tset *game_hex_terrain(struct game *g, struct hex h);
const struct tset *game_hex(const struct game *g, struct hex h);
int game_hex_level(const struct game *g, struct hex h);

/* The features on the side between two adjacent hexes. */
void game_side_features(const struct game *g, struct hexside side, struct tset *out);
/* Does the step between two adjacent hexes cross a side that a path (a road)
 * runs along? */
bool game_road_between(const struct game *g, struct hex from, struct hex to);
/* The card's rule that bars the unit's move along the path of that step (a
 * path's `no_road_move:` whose conditions hold: next to an enemy), or NULL. */
const struct rule *game_road_barred(const struct game *g, int unit, struct hex from,
                                    struct hex to);
/* May the unit make that step along a road: a path runs along it and no rule
 * of the path bars it? */
bool game_along_road(const struct game *g, int unit, struct hex from, struct hex to);
bool game_side_add(struct game *g, struct hex owner, int dir, int feature);
bool game_side_remove(struct game *g, struct hexside side, int feature);

/* How far hex h lies from the side's home edge, in half rows (or half columns):
 * a retreat steps to a hex nearer. -1 when the scenario gives the side none. */
int game_home_distance(const struct game *g, int side, struct hex h);

/* A unit's supports, were it in hex h: the other units of its side in the hexes
 * next to h. */
int game_unit_supports(const struct game *g, int unit, struct hex h);

/* Fill a situation from the board: the attacker's and target's hexes, what lies
 * between them, their levels and hill groups, the turn's facts, the settings. */
void game_battle_situation(const struct game *g, int attacker, int target, int combat,
                           struct situation *sit);
/* The same against a hex with no unit in it (fire at an undefended structure). */
void game_hex_battle_situation(const struct game *g, int attacker, struct hex h, int combat,
                               struct situation *sit);

/* A unit on its own, for what it may do to its hex: its class as unit and
 * attacker, its hex's terrain as attacker_on, its facts of the turn. */
void game_unit_situation(const struct game *g, int unit, struct situation *sit);

/* How a unit moves: along a road the whole way or not, and the true / false
 * facts the players state for the move (a charge, a redeployment): 1 true, 0
 * false, -1 not said. */
struct move_how {
	bool road;
	signed char given[N_FACTS];
};

/* A move off road with nothing stated. */
void game_move_how_init(struct move_how *how);

/* The move of a unit into `to` from the adjacent `from`: the card's answer. */
void game_step_situation(const struct game *g, int unit, struct hex from, struct hex to,
                         const struct move_how *how, struct situation *sit);

/* One step of a unit's move: its cost in halves of a movement point (of a hex
 * where the card prices no move), doubled at half rate; -1 when it may not be
 * made (the card prohibits it, or a unit is there that it may not pass). *m gets
 * the card's answer: free m->why. */
long game_step_cost(const struct game *g, int unit, struct hex from, struct hex to,
                    const struct move_how *how, bool *stop_after, struct move_answer *m);
/* The same with the card's answer not put in words (m->why is quiet): for
 * searches that ask it of many steps. Free m->why all the same. */
long game_step_cost_quiet(const struct game *g, int unit, struct hex from, struct hex to,
                          const struct move_how *how, bool *stop_after, struct move_answer *m);

/* Many steps of one unit's move asked in a row, as a search of the board asks
 * them: the answers of game_step_cost_quiet, but what is the same for every step
 * (the unit, how it moves, the card's conditions) is worked out once, whether a
 * hex is next to an enemy at most once, and the card's answer once for each
 * different thing a step meets (the terrain entered, the side's features, the
 * change of level, friends and enemies where the card's conditions ask). *m is
 * the card's answer, the search's own (do not free it), until the next step is
 * asked. The game must not change while a search is in use. */
struct step_search;

struct step_search *game_steps_start(const struct game *g, int unit, const struct move_how *how);
long game_steps_cost(struct step_search *s, struct hex from, struct hex to, bool *stop_after,
                     const struct move_answer **m);
void game_steps_free(struct step_search *s);

/* game_step_cost_quiet's answer remembered for the life of the game's board: the
 * card's answer is asked once for each mover (its class, formation, status, how
 * it moves, the settings) and each different thing a step meets, as a search
 * asks it, and remembered however the game changes after (what changes is in
 * the key). A replay asks the same steps again and again. *m is the game's own
 * (do not free it), until the next step is asked. */
long game_step_cost_remembered(const struct game *g, int unit, struct hex from, struct hex to,
                               const struct move_how *how, bool *stop_after,
                               const struct move_answer **m);
/* Whether leaving hex `from` stops the unit in the next hex (game_leave's
 * m->stop_after_leaving), remembered alike. */
bool game_leave_stops_remembered(const struct game *g, int unit, struct hex from,
                                 const struct move_how *how);

/* What leaving hex `from` (for the adjacent `to`) means for the unit: the card's
 * rules of the hex it leaves (must stop in the next hex; may not charge out of
 * it). Free m->why. */
void game_leave(const struct game *g, int unit, struct hex from, const struct move_how *how,
                struct move_answer *m);
/* The same with the card's answer not put in words (m->why is quiet). */
void game_leave_quiet(const struct game *g, int unit, struct hex from, const struct move_how *how,
                      struct move_answer *m);

/* Line of sight for a unit's fire: as game_los, but a unit the card lets fire
 * over an adjacent lower friend (fire_over_friends) does so. */
void game_fire_los(const struct game *g, int attacker, struct hex to, struct los_answer *out);

/* Line of sight from one hex to another over the board as it stands. */
void game_los(const struct game *g, struct hex a, struct hex b, struct los_answer *out);

#endif
