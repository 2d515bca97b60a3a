/* checkpoint.h: the states a game went through, kept so that undo costs the same
 * however long the game (engine layer). Every few commands in force the state
 * is kept: the latest one whole, each earlier one as the bytes in which it
 * differs from the one after it. To take back commands, the game is put back to
 * the last kept state at or before the commands still in force, and the few
 * after it are replayed (command.c). Dice results stay facts: the commands carry
 * them, and a save is still its scenario and its commands.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_CHECKPOINT_H
#define HEXAID_CHECKPOINT_H

#include <stddef.h>

struct game;

/* How often a state is kept, in commands, unless a game says otherwise (tests set
 * g->checkpoint_every small to cross many of them): keeping one costs a pass
 * over its bytes, undo replays half the interval on average, so the interval
 * grows with the square root of the state's size, from CHECKPOINT_MIN (a small
 * board; 19 on a 30x20 one with 60 units, 59 on a 100x100 one) to
 * CHECKPOINT_MAX (a 200x200 one). */
#define CHECKPOINT_MIN 16
#define CHECKPOINT_MAX 64
size_t checkpoint_interval(const struct game *g);

/* After a command was added to g->done: keep the state when their count is a
 * multiple of the interval (of twice the interval while a save's commands are
 * replayed: g->replaying; of CHECKPOINT_FAR times that for those more than
 * CHECKPOINT_NEAR such intervals before the end of a save being opened,
 * g->replay_end, which an undo reaches only after hundreds and then replays at
 * most the wider interval: under a millisecond). */
#define CHECKPOINT_NEAR 8
#define CHECKPOINT_FAR 4
void checkpoint_recorded(struct game *g);

/* While commands are replayed to take some back (an undo), `at` of g->done are
 * in force: keep the state at the interval, so that an undo far back (where a
 * save opened keeps states sparsely) replays the wide gap once, and the undos
 * after it each a few commands. */
void checkpoint_replayed(struct game *g, size_t at);

/* Keep the state as it is now, g->done.count commands in force, unless one is
 * kept there: a change about to be tried that is likely to be taken back (a game
 * at its save's size cap, session.c) is then undone without a replay. */
void checkpoint_keep(struct game *g);
/* How many states are kept (tests). */
size_t checkpoint_kept(const struct game *g);

/* Put the game back to the last state kept after at most `count` commands
 * (forgetting those kept after it), or to its start; returns how many commands
 * that state had in force. The caller replays g->done from there to `count`. */
size_t checkpoint_restore(struct game *g, size_t count);

/* Forget every state kept (game_free; game_reset). */
void checkpoint_free_all(struct game *g);

#endif
