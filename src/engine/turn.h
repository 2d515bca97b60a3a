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
bool turn_allows(const struct game *g, const char *command, int *allowed_in);

/* May the units of a side that is not acting give `command` now, as a reaction
 * (the current phase's `reactions:`)? */
bool turn_reacts(const struct game *g, const char *command);

/* The current phase's reactions in words ("move, fire"), or NULL when it has
 * none (free it). */
char *turn_reactions_words(const struct game *g);

/* The current phase's name ("" when the card gives no sequence). */
const char *turn_phase_name(const struct game *g);

/* Where the game stands, for people: "turn 2, British to act, phase: Combat"
 * (free it). */
char *turn_state_words(const struct game *g);

/* The current phase's reminder, marked when the card says it is assumed, or NULL
 * when the phase has none (free it). */
char *turn_phase_reminder(const struct game *g);

/* Go on to the next phase; after the last, the side's turn ends. True when the
 * turn ended. */
bool turn_next_phase(struct game *g);

/* End the turn of the side whose turn it is: its units' facts of the turn are
 * forgotten, the next side's turn starts at the first phase, and after the last
 * side the turn number goes up. */
void turn_end(struct game *g);

/* A side's victory points now: enemy units eliminated and objectives held. */
int turn_points(const struct game *g, int side);

/* The side that has reached the scenario's target and was not the winner
 * already, or -1. Sets g->winner. */
int turn_check_victory(struct game *g);

#endif
