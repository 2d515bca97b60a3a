/* question-keys.c: the one table of the key=value words of a rule question
 * (engine layer), shared by `hexaid explain` and the battle commands, and the
 * askers of each fact of list-facts.h.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "question-keys.h"

struct key_row {
	const char *key;
	enum question_key_id id;
	unsigned askers;
	const char *now;          /* an old spelling: the key as spelt now; else NULL */
	const char *value;        /* what its value is, for the help */
	const char *help;         /* what it means, for the help (NULL for an old spelling) */
};

/* The keys that are not facts. An old spelling is read still because saved
 * games, scripts and the tests use it; it means what its new key means. */
static const struct key_row key_rows[] = {
	{ "with", QK_WITH, ASKER_EXPLAIN, NULL,
	  "CLASS,...", "the classes of the units attacking with the attacker" },
	{ "crossed", QK_CROSSED, ASKER_EXPLAIN | ASKER_BATTLE, NULL,
	  "TERRAIN,...", "hexside features the move or the attack crosses" },
	{ "zone", QK_ZONE, ASKER_EXPLAIN, NULL, "TERRAIN,...", "features in the zone of fire" },
	{ "without", QK_WITHOUT, ASKER_BATTLE, NULL,
	  "TERRAIN,...", "terrain the map has and the table has not" },
	{ "los", QK_LOS, ASKER_EXPLAIN, NULL, "HEX,...", "a line of sight, hex by hex" },
	{ "setting.", QK_SETTING, ASKER_EXPLAIN, NULL,
	  "CHOICE", "one of the card's settings (setting.NAME=CHOICE)" },
	{ "dice", QK_DICE, ASKER_EXPLAIN | ASKER_BATTLE, NULL, "N", "the attacker's base dice" },
	{ "drm", QK_DRM, ASKER_BATTLE, NULL, "N", "a die-roll modifier the players add" },
	{ "table", QK_TABLE, ASKER_EXPLAIN, NULL, "ID", "read the card's result table ID" },
	{ "roll", QK_ROLL, ASKER_EXPLAIN | ASKER_BATTLE, NULL,
	  "N|FACES", "what the dice show: a number, or faces" },
	{ "rolled", QK_ROLL, ASKER_EXPLAIN, "roll", NULL, NULL },
	{ "value", QK_VALUE, ASKER_EXPLAIN, NULL,
	  "N", "the number the table is read with, as it stands" },
	{ "defender_roll", QK_DEFENDER_ROLL, ASKER_EXPLAIN, NULL,
	  "N", "the defender's roll, for a table read by difference" },
	{ "odds", QK_ODDS, ASKER_EXPLAIN, NULL,
	  "A:D", "the attacker's and the defender's strengths" },
	{ "event", QK_EVENT, ASKER_EXPLAIN, NULL,
	  "ID", "what the event ID does (enter, battle, ...)" },
	{ "structure_roll", QK_STRUCTURE_ROLL, ASKER_BATTLE, NULL,
	  "N", "the die of a structure's damage" },
	{ "attacker_value", QK_ATTACKER_VALUE, ASKER_BATTLE, NULL,
	  "N", "the attacker's value in an opposed roll" },
	{ "defender_value", QK_DEFENDER_VALUE, ASKER_BATTLE, NULL,
	  "N", "the defender's value in an opposed roll" },
	{ "by", QK_BY, ASKER_BATTLE, NULL, "hexaid", "the roll= that follows is hexaid's, as journaled" },
	{ "as", QK_AS, ASKER_BATTLE, NULL,
	  "fire|melee|battle", "the combat type that command chooses (the card's first, its last, by distance)" },
	{ "attacker", QK_ATTACKER_VALUE, ASKER_BATTLE, "attacker_value", NULL, NULL },
	{ "defender", QK_DEFENDER_VALUE, ASKER_BATTLE, "defender_value", NULL, NULL },
};
#define N_KEY_ROWS (sizeof key_rows / sizeof key_rows[0])

/* Who gives a fact as a key: explain every fact a situation holds; a battle's
 * words the true / false facts, the target's terrain, the kind of fire and the
 * counts the players may know better than the map (ratings, stacks, range
 * beyond the efficient one, supports), but not the distance the map shows;
 * a move's words what the move itself is, which no map shows (a charge, a
 * redeployment). any_attacker and all_attackers come from with=, a setting from
 * setting.NAME. */
static unsigned
fact_askers(enum fact f)
{
	if (f == FACT_ANY_ATTACKER || f == FACT_ALL_ATTACKERS || f == FACT_SETTING)
		return 0;
	if (f == FACT_CHARGE || f == FACT_REDEPLOY)
		return ASKER_EXPLAIN | ASKER_BATTLE | ASKER_MOVE;
	if (fact_info[f].type == FT_BOOL || f == FACT_TARGET_ON || f == FACT_FIRE ||
	    (fact_info[f].type == FT_NUMBER && f != FACT_DISTANCE))
		return ASKER_EXPLAIN | ASKER_BATTLE;
	return ASKER_EXPLAIN;
}

/* Does the word's key part (len characters, before its '=') name this key? It
 * compares a word the players typed with a key of the table, not the text of a
 * step or an answer. */
static bool
key_is(const char *key, const char *word, size_t len)
{
	size_t n;

	/* most words of a command are no key: they part at the first letter */
	if (len == 0 || key[0] != word[0])
		return false;
	n = strlen(key);

	/* "setting." takes the setting's name after it */
	if (n > 0 && key[n - 1] == '.')
		return len > n && strncmp(word, key, n) == 0; /* reader: question keys typed */
	return n == len && strncmp(word, key, len) == 0;
}

bool
question_key_find(const char *word, size_t len, unsigned asker, struct question_key *out)
{
	/* every key begins with a lower-case letter: a hex label or a number, most
	 * of the words of a move, names none */
	if (len == 0 || word[0] < 'a' || word[0] > 'z')
		return false;
	for (size_t i = 0; i < N_KEY_ROWS; i++)
		if ((key_rows[i].askers & asker) && key_is(key_rows[i].key, word, len)) {
			out->id = key_rows[i].id;
			out->fact = -1;
			out->key = key_rows[i].now != NULL ? key_rows[i].now : key_rows[i].key;
			out->old = key_rows[i].now != NULL;
			return true;
		}
	for (int f = 0; f < N_FACTS; f++)
		if (key_is(fact_info[f].key, word, len) && (fact_askers((enum fact)f) & asker)) {
			out->id = QK_FACT;
			out->fact = f;
			out->key = fact_info[f].key;
			out->old = false;
			return true;
		}
	return false;
}

size_t
question_keys(unsigned asker, const char **names, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < N_KEY_ROWS && n < max; i++)
		if ((key_rows[i].askers & asker) && key_rows[i].now == NULL &&
		    key_rows[i].id != QK_SETTING)
			names[n++] = key_rows[i].key;
	for (int f = 0; f < N_FACTS && n < max; f++)
		if (fact_askers((enum fact)f) & asker)
			names[n++] = fact_info[f].key;
	return n;
}

void
question_keys_help(unsigned asker, void (*each)(const char *key, const char *value,
                                                const char *help, void *ctx), void *ctx)
{
	static const char *const fact_values[] = {
		[FT_CLASS] = "CLASS", [FT_TERRAIN] = "TERRAIN", [FT_COMBAT] = "COMBAT",
		[FT_FIRE] = "FIRE", [FT_STATUS] = "STATUS", [FT_FORMATION] = "FORMATION",
		[FT_BOOL] = "true|false", [FT_SETTING] = "CHOICE", [FT_NUMBER] = "N",
	};

	for (size_t i = 0; i < N_KEY_ROWS; i++)
		if ((key_rows[i].askers & asker) && key_rows[i].now == NULL)
			each(key_rows[i].key, key_rows[i].value, key_rows[i].help, ctx);
	for (int f = 0; f < N_FACTS; f++)
		if (fact_askers((enum fact)f) & asker)
			each(fact_info[f].key, fact_values[fact_info[f].type], fact_info[f].help, ctx);
}
