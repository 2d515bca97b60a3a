/* streams.c: random streams of command lines for a game, seeded so that a
 * stream repeats (issue 26: every command text path against every card). Each
 * line is a command of the command table, its words drawn from what its
 * arguments say in the table (UNIT, HEX, TERRAIN, COMBAT, add|remove ...) and
 * filled from the game: its units, hexes, sides, the card's terrain, classes,
 * word lists, dice faces, actions, settings, unit values and the question keys;
 * with, now and then, `roll=` faces, `--force`, odd words, a word dropped or a
 * command name cut short. Used by tests/test-streams.c, fuzz/stream (the
 * streams as text, for tests/command-streams.sh and the fuzz seeds).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "fuzz.h"
#include "question-keys.h"
#include "xmalloc.h"

/* xorshift64*: the streams must not depend on the game's own generator. */
static uint64_t
next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static size_t
pick(uint64_t *s, size_t n)
{
	return n == 0 ? 0 : (size_t)(next(s) % n);
}

static bool
chance(uint64_t *s, unsigned in)
{
	return pick(s, in) == 0;
}

/* Words that fit no argument, or fit one badly. */
static const char *const odd_words[] = {
	"", "\"\"", "-", "--", "--force", "=", "roll=", "roll=,", "roll=0", "roll=1,1,1,1,1,1,1,1",
	"roll=99", "by=hexaid", "dice=0", "dice=-1", "dice=99999", "drm=-99", "odds=0:0",
	"0", "-1", "2147483648", "99999999999999999999", "x", "all", "next", "end", "add",
	"remove", "set", "unit", "hex", "state", "stats", "charge", "redeploy", "0000", "9999",
	"caf\xc3\xa9", "\xe2\x80\xae", "#", "a#b", "\"a b\"", "setting.x=y", "with=", "los=",
	"table=", "event=", "value=", "status=", "hex=", "strength=0", "move=-1", "dice.=1",
};

#define N_ODD (sizeof odd_words / sizeof odd_words[0])

struct pools {
	const struct game *g;
	int last_unit;           /* the unit the line named last, or -1 */
	struct strlist units, hexes, terrain, classes, sides, combat, words, faces, actions,
		values, keys, directions, settings;
};

static void
add_hex(struct pools *p, int col, int row)
{
	const struct hex_board *b = game_board(p->g);
	char label[HEX_LABEL_SIZE];

	if (hex_offset_on_board(b, col, row)) {
		hex_label(b, hex_from_offset(b, col, row), label);
		strlist_add(&p->hexes, label);
	}
}

static void
fill_card(struct pools *p, const struct card *card)
{
	const char *keys[64];
	size_t nkeys = question_keys(ASKER_BATTLE | ASKER_MOVE | ASKER_EXPLAIN, keys, 64);

	for (size_t i = 0; i < card->nterrain; i++)
		strlist_add(&p->terrain, card->terrain[i].id);
	for (size_t i = 0; i < card->nclasses; i++)
		strlist_add(&p->classes, card->classes[i].id);
	for (size_t i = 0; i < card->words[WL_COMBAT].count; i++)
		strlist_add(&p->combat, card->words[WL_COMBAT].words[i]);
	for (size_t l = 0; l < N_WORD_LISTS; l++)
		for (size_t i = 0; i < card->words[l].count; i++)
			strlist_add(&p->words, card->words[l].words[i]);
	for (size_t d = 0; d < card->ndice; d++)
		for (size_t f = 0; f < card->dice[d].nfaces; f++) {
			strlist_add(&p->faces, card->dice[d].faces[f].id);
			if (card->dice[d].faces[f].short_name != NULL)
				strlist_add(&p->faces, card->dice[d].faces[f].short_name);
		}
	for (size_t i = 0; i < card->events.count; i++)
		strlist_add(&p->actions, card_event_word(card, &card->events.items[i]));
	for (size_t i = 0; i < card->nvalues; i++)
		strlist_add(&p->values, card->values[i].id);
	for (size_t i = 0; i < card->nsettings; i++)
		for (size_t c = 0; c < card->settings[i].nchoices; c++) {
			char *w = xasprintf("setting.%s=%s", card->settings[i].id,
			                    card->settings[i].choices[c]);
			strlist_add(&p->settings, w);
			free(w);
		}
	for (size_t i = 0; i < nkeys; i++)
		strlist_add(&p->keys, keys[i]);
}

static void
pools_fill(struct pools *p, const struct game *g)
{
	const struct hex_board *b = game_board(g);
	const char *const *dirs = hex_direction_names(b);
	char label[HEX_LABEL_SIZE];

	memset(p, 0, sizeof *p);
	p->g = g;
	/* the units' hexes and their neighbours, twice over: moves that can be made */
	for (size_t i = 0; i < g->nunits; i++) {
		struct hex next_to[HEX_DIRECTIONS];

		strlist_add(&p->units, g->units[i].id);
		hex_label(b, g->units[i].hex, label);
		strlist_add(&p->hexes, label);
		hex_neighbors(g->units[i].hex, next_to);
		for (size_t d = 0; d < 2 * HEX_DIRECTIONS; d++)
			if (hex_on_board(b, next_to[d % HEX_DIRECTIONS])) {
				hex_label(b, next_to[d % HEX_DIRECTIONS], label);
				strlist_add(&p->hexes, label);
			}
	}
	for (int row = 0; row < b->rows; row++)
		for (int col = 0; col < b->columns; col++)
			if ((col * 7 + row * 3) % 5 == 0 || col == 0 || row == b->rows - 1)
				add_hex(p, col, row);
	for (size_t i = 0; i < g->sc.nteams; i++)
		strlist_add(&p->sides, g->sc.teams[i].id);
	for (size_t i = 0; i < HEX_DIRECTIONS && dirs != NULL && dirs[i] != NULL; i++)
		strlist_add(&p->directions, dirs[i]);
	fill_card(p, game_card(g));
	for (size_t i = 0; i < command_count; i++)
		strlist_add(&p->words, command_table[i].name);
}

static void
pools_free(struct pools *p)
{
	struct strlist *all[] = { &p->units, &p->hexes, &p->terrain, &p->classes, &p->sides,
		                  &p->combat, &p->words, &p->faces, &p->actions, &p->values,
		                  &p->keys, &p->directions, &p->settings };

	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		strlist_free(all[i]);
}

/* One of a pool's words, or an odd word when the pool is empty or now and then. */
static const char *
from(uint64_t *s, const struct strlist *pool)
{
	if (pool->count == 0 || chance(s, 25))
		return odd_words[pick(s, N_ODD)];
	return pool->items[pick(s, pool->count)];
}

/* roll=FACES: one to four faces of the card's dice, or side numbers. */
static void
add_roll(struct strbuf *line, uint64_t *s, const struct pools *p)
{
	size_t n = 1 + pick(s, chance(s, 3) ? 4 : 2);

	strbuf_addf(line, " roll=");
	for (size_t i = 0; i < n; i++) {
		if (p->faces.count > 0 && chance(s, 2))
			strbuf_addf(line, "%s%s", i ? "," : "", p->faces.items[pick(s, p->faces.count)]);
		else
			strbuf_addf(line, "%s%d", i ? "," : "", (int)pick(s, 8));
	}
}

/* KEY=VALUE for `unit set` or a battle's words. */
static void
add_key_value(struct strbuf *line, uint64_t *s, const struct pools *p)
{
	static const char *const own[] = { "move", "dice", "strength", "formation", "status",
		                           "clear", "hex" };

	switch (pick(s, 5)) {
	case 0:
		strbuf_addf(line, " %s=%d", from(s, &p->values), (int)pick(s, 9) - 1);
		break;
	case 1:
		strbuf_addf(line, " %s=%s", own[pick(s, 7)],
		            chance(s, 2) ? from(s, &p->hexes) : from(s, &p->words));
		break;
	case 2:
		strbuf_addf(line, " %s=%d", own[pick(s, 7)], (int)pick(s, 12) - 1);
		break;
	case 3:
		strbuf_addf(line, " dice.%s=%d", from(s, &p->combat), (int)pick(s, 6));
		break;
	default:
		strbuf_addf(line, " %s", from(s, &p->settings));
	}
}

/* A question key's word: key=VALUE with a value of the kind it might take. */
static void
add_question(struct strbuf *line, uint64_t *s, const struct pools *p)
{
	const char *key = from(s, &p->keys);

	if (strchr(key, '=') != NULL) {
		strbuf_addf(line, " %s", key);
		return;
	}
	switch (pick(s, 5)) {
	case 0: strbuf_addf(line, " %s=%d", key, (int)pick(s, 8)); break;
	case 1: strbuf_addf(line, " %s=%s", key, from(s, &p->terrain)); break;
	case 2: strbuf_addf(line, " %s=%s", key, from(s, &p->hexes)); break;
	case 3: strbuf_addf(line, " %s=%s", key, from(s, &p->words)); break;
	default: strbuf_addf(line, " %s", key);
	}
}

/* A unit's id (or one of no unit), remembered for the hexes that follow it. */
static void
add_unit(struct strbuf *line, uint64_t *s, struct pools *p)
{
	if (p->g->nunits == 0 || chance(s, 12)) {
		strbuf_addf(line, " %s", chance(s, 2) ? "Z99" : from(s, &p->units));
		return;
	}
	p->last_unit = (int)pick(s, p->g->nunits);
	strbuf_addf(line, " %s", p->g->units[p->last_unit].id);
}

/* A hex: half the time one next to where the last unit named started, so
 * that moves are made and their rolls reached; else any of the pool. */
static void
add_hex_word(struct strbuf *line, uint64_t *s, struct pools *p)
{
	const struct hex_board *b = game_board(p->g);
	char label[HEX_LABEL_SIZE];
	struct hex h;

	if (p->last_unit < 0 || chance(s, 2)) {
		strbuf_addf(line, " %s", from(s, &p->hexes));
		return;
	}
	h = hex_neighbor(p->g->units[p->last_unit].hex, (int)pick(s, HEX_DIRECTIONS));
	if (chance(s, 3))
		h = hex_neighbor(h, (int)pick(s, HEX_DIRECTIONS));
	if (!hex_on_board(b, h))
		h = p->g->units[p->last_unit].hex;
	hex_label(b, h, label);
	strbuf_addf(line, " %s", label);
	p->last_unit = -1;
}

/* The words for one argument of the table's help, such as UNIT or TERRAIN[+TERRAIN...]. */
static void
add_arg(struct strbuf *line, uint64_t *s, struct pools *p, const char *arg)
{
	if (strncmp(arg, "roll=", 5) == 0)
		add_roll(line, s, p);
	else if (strncmp(arg, "KEY=", 4) == 0)
		add_key_value(line, s, p);
	else if (strncmp(arg, "UNIT", 4) == 0 || strncmp(arg, "TARGET", 6) == 0 ||
	         strcmp(arg, "ID") == 0)
		add_unit(line, s, p);
	else if (strncmp(arg, "HEX", 3) == 0)
		add_hex_word(line, s, p);
	else if (strncmp(arg, "FROM", 4) == 0 || strncmp(arg, "TO", 2) == 0)
		strbuf_addf(line, " %s", chance(s, 2) ? from(s, &p->units) : from(s, &p->hexes));
	else if (strncmp(arg, "TERRAIN", 7) == 0) {
		strbuf_addf(line, " %s", from(s, &p->terrain));
		while (chance(s, 3))
			strbuf_addf(line, "+%s", from(s, &p->terrain));
	} else if (strcmp(arg, "FEATURE") == 0 || strcmp(arg, "TOKEN") == 0)
		strbuf_addf(line, " %s", from(s, &p->terrain));
	else if (strcmp(arg, "SIDE") == 0)
		strbuf_addf(line, " %s", chance(s, 2) ? from(s, &p->sides) : from(s, &p->directions));
	else if (strcmp(arg, "CLASS") == 0)
		strbuf_addf(line, " %s", from(s, &p->classes));
	else if (strcmp(arg, "COMBAT") == 0)
		strbuf_addf(line, " %s", from(s, &p->combat));
	else if (strcmp(arg, "ACTION") == 0)
		strbuf_addf(line, " %s", from(s, &p->actions));
	else if (strcmp(arg, "COMMAND") == 0)
		strbuf_addf(line, " %s", command_table[pick(s, command_count)].name);
	else if (strncmp(arg, "WORD", 4) == 0 || strncmp(arg, "FACT", 4) == 0) {
		if (chance(s, 3))
			add_roll(line, s, p);
		else if (chance(s, 2))
			add_question(line, s, p);
		else
			strbuf_addf(line, " %s", from(s, &p->words));
	} else if (strcmp(arg, "N") == 0 || strcmp(arg, "STRENGTH") == 0 ||
	           strcmp(arg, "HITS") == 0 || strcmp(arg, "POINTS") == 0)
		strbuf_addf(line, " %d", (int)pick(s, 7) - (chance(s, 10) ? 3 : 0));
	else if (strncmp(arg, "TEXT", 4) == 0)
		strbuf_addf(line, " %s %s", from(s, &p->words), odd_words[pick(s, N_ODD)]);
	else
		strbuf_addf(line, " %s", arg);   /* a literal word: charge, next, end ... */
}

/* The arguments of an alternative such as "add ID SIDE CLASS HEX [STRENGTH]":
 * [optional] words each taken or not, ... repeated now and then. */
static void
add_args(struct strbuf *line, uint64_t *s, struct pools *p, const char *args)
{
	char *copy = xstrdup(args), *save = NULL;

	for (char *w = strtok_r(copy, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save)) {
		bool optional = w[0] == '[';
		size_t len;
		char *bar;

		if (optional && chance(s, 2))
			continue;
		w += optional;
		len = strlen(w);
		if (len > 0 && w[len - 1] == ']')
			w[--len] = '\0';
		if (len > 3 && strcmp(w + len - 3, "...") == 0) {
			w[len - 3] = '\0';
			for (size_t k = 1 + pick(s, 3); k-- > 0;)
				add_arg(line, s, p, w);
			continue;
		}
		bar = strchr(w, '|');
		if (bar != NULL) {        /* add|remove: one of them */
			char *alt = xstrdup(w), *asave = NULL, *a;
			size_t n = 1, k;
			for (const char *c = w; *c; c++)
				n += *c == '|';
			k = pick(s, n);
			a = strtok_r(alt, "|", &asave);
			while (k-- > 0 && a != NULL)
				a = strtok_r(NULL, "|", &asave);
			strbuf_addf(line, " %s", a != NULL ? a : "");
			free(alt);
			continue;
		}
		add_arg(line, s, p, w);
	}
	free(copy);
}

/* One command of the table (save left out: a stream writes no file) with its
 * arguments: one of its alternatives ("unit ID | hex HEX | state"). */
static void
add_command(struct strbuf *line, uint64_t *s, struct pools *p)
{
	const struct command_entry *c;
	char *alts, *alt, *bar;
	size_t k;

	/* mostly the changes a unit makes (move, battle ...): their dice are where a
	 * card's absences meet a command's words */
	do
		c = &command_table[pick(s, command_count)];
	while (strcmp(c->name, "save") == 0 ||
	       (!chance(s, 3) && (c->kind != COMMAND_CHANGE || strstr(c->args, "UNIT") == NULL)));
	if (chance(s, 10))   /* a name cut short: "mo" for move */
		strbuf_addf(line, "%.*s", (int)(1 + pick(s, strlen(c->name))), c->name);
	else
		strbuf_addf(line, "%s", c->name);
	/* alternatives are parted by " | "; add|remove with no spaces is a word's choice */
	alts = xstrdup(c->args);
	alt = alts;
	for (k = pick(s, 4); k-- > 0 && (bar = strstr(alt, " | ")) != NULL;)
		alt = bar + 3;
	if ((bar = strstr(alt, " | ")) != NULL)
		*bar = '\0';
	add_args(line, s, p, alt);
	free(alts);
}

/* Now and then: --force, roll=, an odd word added, or the last word dropped. */
static void
mutate(struct strbuf *line, uint64_t *s, const struct pools *p)
{
	if (chance(s, 4))
		strbuf_addf(line, " --force");
	if (chance(s, 8))
		add_roll(line, s, p);
	if (chance(s, 10))
		strbuf_addf(line, " %s", odd_words[pick(s, N_ODD)]);
	if (chance(s, 20) && line->len > 0) {
		char *sp = strrchr(line->text, ' ');
		if (sp != NULL) {
			*sp = '\0';
			line->len = (size_t)(sp - line->text);
		}
	}
}

char *
fuzz_command_stream(const struct game *g, uint64_t seed, size_t count)
{
	struct strbuf out = { NULL, 0, 0 };
	struct pools p;
	uint64_t s = seed * 0x9E3779B97F4A7C15ULL + 1;

	pools_fill(&p, g);
	for (size_t i = 0; i < count; i++) {
		struct strbuf line = { NULL, 0, 0 };

		if (chance(&s, 12))
			strbuf_addf(&line, "%s", chance(&s, 2) ? "phase next" : "turn end");
		else if (chance(&s, 15))
			strbuf_addf(&line, "%s", chance(&s, 2) ? "undo" : "redo");
		else {
			p.last_unit = -1;
			add_command(&line, &s, &p);
		}
		mutate(&line, &s, &p);
		strbuf_addf(&out, "%s\n", line.text);
		free(line.text);
	}
	pools_free(&p);
	return out.text != NULL ? out.text : xstrdup("");
}
