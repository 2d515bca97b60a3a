/* turn.h: the sequence of play (engine layer): the phases of a side's turn as
 * the card gives them, which commands each allows, the end of a side's turn
 * (the per-turn facts forgotten, the next side), and the victory count.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_TURN_H
#define HEXAID_TURN_H

#include <stdbool.h>

#include "game.h"

/* May `command` be given now? Yes when the current phase allows it, or no phase
 * of the card names it. Otherwise *allowed_in is the first phase that does. */
bool turn_allows(const struct game *g, enum command_id command, int *allowed_in);

/* May a unit of `side` give `command` now, as the command table would take it:
 * the acting side when the current phase allows it (or no phase names it), the
 * other side when the phase names it among its reactions. */
bool turn_side_may(const struct game *g, int side, enum command_id command);

/* May a unit of `side` battle in this combat type in the current phase? A phase
 * that names the commands `fire` (the card's first combat type) or `melee` (its
 * last) among what it allows (the acting side) or its reactions (the other)
 * allows those types only; one that names neither allows any. */
bool turn_combat_allowed(const struct game *g, int side, int combat);
/* The first phase that allows the combat type to the acting side, or -1. */
int turn_combat_phase(const struct game *g, int combat);

/* May the units of a side that is not acting give `command` now, as a reaction
 * (the current phase's `reactions:`)? */
bool turn_reacts(const struct game *g, enum command_id command);

/* The current phase's reactions in words ("move, fire"), or NULL when it has
 * none (free it). */
char *turn_reactions_words(const struct game *g);

/* The current phase's name ("" when the card gives no sequence). */
const char *turn_phase_name(const struct game *g);

/* Where the game stands, for people: "turn 2, British to act, phase: Combat",
 * "turn 2 of 8, ..." with a turn limit, "the game is over after turn 8 of 8:
 * British win" once it has ended (free it). */
char *turn_state_words(const struct game *g);

/* The turn in words: "turn 2", "turn 2 of 8" ("turn 2/8" brief), "the game is
 * over after turn 8 of 8" ("over after turn 8/8") (free it). */
char *turn_number_words(const struct game *g, bool brief);

/* The current phase's reminder, marked when the card says it is assumed, or NULL
 * when the phase has none (free it). */
char *turn_phase_reminder(const struct game *g);

/* Go on to the next phase; after the last, the side's turn ends. True when the
 * turn ended. */
bool turn_next_phase(struct game *g);

/* End the turn of the side whose turn it is: its units' facts of the turn are
 * forgotten, the next side's turn starts at the first phase, and when play
 * comes back to the side that starts (the scenario's) the turn number goes
 * up. */
void turn_end(struct game *g);

/* What the game owes before a phase or a turn may end: a battle's result not
 * applied, a retreat not made, a battle back offered. Each is settled by a
 * command (`apply`, `retreat`, `battle`) or given up by `skip`. */
enum owed_kind {
	OWED_RESULT,        /* the last battle's result waits for `apply` (unit: one it hits) */
	OWED_RETREAT,       /* unit owes a retreat of `amount` hexes */
	OWED_BATTLE_BACK    /* unit may battle back against `other` */
};

struct owed {
	enum owed_kind kind;
	int unit;
	int other;          /* OWED_BATTLE_BACK: the unit it may battle back against */
	long amount;        /* OWED_RETREAT: hexes; OWED_RESULT: effects waiting */
};

/* What is owed now, in the order it should be settled (a result, then retreats,
 * then battles back): up to max of them into out (out may be NULL when max is
 * 0); the count of all of them. */
size_t turn_owed(const struct game *g, struct owed *out, size_t max);

/* One thing owed in words, with the command that settles it: "C7 retreat 2:
 * retreat C7 HEX..." (free it). */
char *turn_owed_words(const struct game *g, const struct owed *o);
/* The same without the command, for a status line: "C7 retreat 2" (free it). */
char *turn_owed_brief(const struct game *g, const struct owed *o);

/* A side's victory points now: enemy units eliminated and objectives held. */
int turn_points(const struct game *g, int side);

/* Where a side's points come from: "2 enemy units eliminated (1 each): 2;
 * 0702 held by B1: 1; 0807 not held: 0" (free it). */
char *turn_points_words(const struct game *g, int side);

/* The side that has reached the scenario's target and was not the winner
 * already, or -1. Sets g->winner. */
int turn_check_victory(struct game *g);

/* Has the last side just ended the scenario's last turn (victory: turns)?
 * Then the game is over (g->over): the side with the most points wins
 * (g->winner), or the game is drawn (g->drawn) when the most are shared;
 * a side that won at the target before keeps its win. True when the game
 * was not over before. */
bool turn_check_limit(struct game *g);

#endif
