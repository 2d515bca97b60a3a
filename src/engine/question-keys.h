/* question-keys.h: the key=value words of a rule question (engine layer): one
 * table for `hexaid explain CARD key=value ...`, for the words players add to
 * the battle commands (battle, fire, melee and the game's explain) and for those
 * they add to a move (a charge, a redeployment). A key
 * means one thing wherever it is read; each asker takes the keys that make
 * sense to it, and the facts of list-facts.h are keys by their own key, so a
 * new fact needs no line here. Reading a value stays with the asker (explain
 * prints its errors, a command fails with them).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_QUESTION_KEYS_H
#define HEXAID_QUESTION_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "card.h"

/* Who asks: bits of a key's askers. */
enum { ASKER_EXPLAIN = 1u, ASKER_BATTLE = 2u, ASKER_MOVE = 4u };

enum question_key_id {
	QK_FACT,            /* a fact of list-facts.h, by its key (the fact is named) */
	QK_WITH,            /* with=CLASS,...: the units attacking with the attacker */
	QK_CROSSED,         /* crossed=TERRAIN: hexside features the move or attack crosses */
	QK_ZONE,            /* zone=TERRAIN: features in the zone of fire */
	QK_WITHOUT,         /* without=TERRAIN: terrain the map has and the table not */
	QK_LOS,             /* los=HEX,...: a line of sight, hex by hex */
	QK_SETTING,         /* setting.NAME=CHOICE: one of the card's settings */
	QK_DICE,            /* dice=N: the attacker's base dice */
	QK_DRM,             /* drm=N: a die-roll modifier the players add */
	QK_TABLE,           /* table=ID: a result looked up on the card's table */
	QK_ROLL,            /* roll=...: what the dice show, numbers or faces */
	QK_VALUE,           /* value=N: the number a table is read with, as it stands */
	QK_DEFENDER_ROLL,   /* defender_roll=N: the defender's roll */
	QK_ODDS,            /* odds=A:D: the two strengths */
	QK_EVENT,           /* event=ID: what an event does to the target's hex */
	QK_STRUCTURE_ROLL,  /* structure_roll=N: the die of a structure's damage */
	QK_ATTACKER_VALUE,  /* attacker_value=N: the attacker's value in an opposed roll */
	QK_DEFENDER_VALUE,  /* defender_value=N: the defender's */
	QK_BY,              /* by=hexaid: the roll= that follows is hexaid's, as journaled */
	QK_AS               /* as=fire, as=melee: the combat type that command chooses */
};

/* A key found for an asker. */
struct question_key {
	enum question_key_id id;
	int fact;                 /* QK_FACT: the fact; else -1 */
	const char *key;          /* the key as it is spelt now */
	bool old;                 /* the word used an old spelling of it */
};

/* The key `word` (its first len characters: the part before '=') names for
 * `asker`; false when that asker takes no such key. "setting.NAME" is the key
 * setting. */
bool question_key_find(const char *word, size_t len, unsigned asker, struct question_key *out);

/* The keys `asker` takes, spelt now (for suggestions): at most max of them into
 * names; returns how many. */
size_t question_keys(unsigned asker, const char **names, size_t max);

/* Each key `asker` takes, spelt now, with what its value is and what it means:
 * the keys of the table, then the facts (the help of hexaid explain). */
void question_keys_help(unsigned asker, void (*each)(const char *key, const char *value,
                                                     const char *help, void *ctx), void *ctx);

#endif
