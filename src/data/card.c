/* card.c: what a rule card holds, asked by id (data layer): the tables of facts,
 * effects and sections; the card's vocabularies (classes up their kinds,
 * terrain and its aliases, word lists, settings, categories, tables, dice,
 * phases, resolutions); terrain sets. Reading a card is card-load.c's.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "card.h"
#include "strutil.h"
#include "xmalloc.h"

const struct fact_info fact_info[N_FACTS] = {
#define FACT(name, key, type, help) [FACT_##name] = { key, type, help },
#include "list-facts.h"
#undef FACT
};

const struct effect_info effect_info[N_EFFECTS] = {
#define EFFECT(name, key, value, sections, help) [EFFECT_##name] = { key, value, sections, help },
#include "list-effects.h"
#undef EFFECT
};

const char *const section_keys[N_SECTIONS] = {
	[SECTION_MOVE] = "move",
	[SECTION_BATTLE_FROM] = "battle_from",
	[SECTION_BATTLE_INTO] = "battle_into",
	[SECTION_PROTECTION] = "protection",
	[SECTION_COVER] = "cover",
	[SECTION_MODIFIERS] = "modifiers",
	[SECTION_SCORING] = "scoring",
	[SECTION_EVENTS] = "events",
};

const char *const map_colour_names[N_MAP_COLOURS] = {
#define MAP_COLOUR_NAME(name, word) word,
	MAP_COLOURS(MAP_COLOUR_NAME)
#undef MAP_COLOUR_NAME
};

const char *const terrain_kind_names[N_TERRAIN_KINDS] = {
	[TERRAIN_HEX] = "hex",
	[TERRAIN_TOKEN] = "token",
	[TERRAIN_HEXSIDE] = "hexside",
	[TERRAIN_PATH] = "path",
	[TERRAIN_CONDITION] = "condition",
};

/* ---- vocabularies --------------------------------------------------------- */

static int
find_string(char *const *list, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (str_eq(list[i], id)) /* reader: an id read or typed */
			return (int)i;
	return -1;
}

int
card_class(const struct card *card, const char *id)
{
	for (size_t i = 0; i < card->nclasses; i++)
		if (str_eq(card->classes[i].id, id)) /* reader: an id read or typed */
			return (int)i;
	return -1;
}

int
card_terrain_id(const struct card *card, const char *id)
{
	for (size_t i = 0; i < card->nterrain; i++)
		if (str_eq(card->terrain[i].id, id)) /* reader: an id read or typed */
			return (int)i;
	return -1;
}

int
card_terrain(const struct card *card, const char *id)
{
	int t = card_terrain_id(card, id);

	if (t >= 0)
		return t;
	for (size_t i = 0; i < card->nterrain; i++)
		for (size_t k = 0; k < card->terrain[i].naliases; k++)
			/* reader: an id read or typed */
			if (str_eq(card->terrain[i].aliases[k], id))
				return (int)i;
	return -1;
}

const char *const word_list_keys[N_WORD_LISTS] = {
	[WL_COMBAT] = "combat_types",
	[WL_FIRE] = "fire_types",
	[WL_STATUS] = "statuses",
	[WL_FORMATION] = "formations",
};

int
card_word(const struct card *card, enum word_list_id list, const char *id)
{
	return find_string(card->words[list].words, card->words[list].count, id);
}

/* The word list a fact type takes its values from, or -1. */
static int
list_of(enum fact_type type)
{
	switch (type) {
	case FT_COMBAT:
		return WL_COMBAT;
	case FT_FIRE:
		return WL_FIRE;
	case FT_STATUS:
		return WL_STATUS;
	case FT_FORMATION:
		return WL_FORMATION;
	default:
		return -1;
	}
}

int
card_setting(const struct card *card, const char *id)
{
	for (size_t i = 0; i < card->nsettings; i++)
		if (str_eq(card->settings[i].id, id)) /* reader: an id read or typed */
			return (int)i;
	return -1;
}

int
card_category(const struct card *card, const char *id)
{
	for (size_t i = 0; i < card->ncategories; i++)
		if (str_eq(card->categories[i].id, id)) /* reader: an id read or typed */
			return (int)i;
	return -1;
}

int
card_table(const struct card *card, const char *id)
{
	for (size_t i = 0; i < card->ntables; i++)
		if (str_eq(card->tables[i].id, id)) /* reader: an id read or typed */
			return (int)i;
	return -1;
}

int
card_setting_choice(const struct setting *s, const char *choice)
{
	return find_string(s->choices, s->nchoices, choice);
}

/* The nearest class from c up its kinds for which `has` is true, or -1. */
static int
class_from(const struct card *card, int c, bool (*has)(const struct uclass *))
{
	for (size_t hops = 0; c >= 0 && hops <= card->nclasses; hops++) {
		if (has(&card->classes[c]))
			return c;
		c = card->classes[c].parent;
	}
	return -1;
}

static bool has_fire(const struct uclass *u) { return u->fire >= 0; }
static bool has_combat(const struct uclass *u) { return u->combat != 0; }
static bool has_move(const struct uclass *u) { return u->move >= 0; }
static bool has_battle_move(const struct uclass *u) { return u->battle_move >= 0; }
static bool has_retreat(const struct uclass *u) { return u->retreat >= 0; }
static bool has_sight(const struct uclass *u) { return u->sight >= 0; }

int
card_class_dice_from(const struct card *card, int c, int combat)
{
	for (size_t hops = 0; c >= 0 && combat >= 0 && combat < 8 && hops <= card->nclasses; hops++) {
		if (card->classes[c].dice[combat].n != 0)
			return c;
		c = card->classes[c].parent;
	}
	return -1;
}

int
card_class_retreat_from(const struct card *card, int c)
{
	return class_from(card, c, has_retreat);
}

int
card_class_sight_from(const struct card *card, int c)
{
	return class_from(card, c, has_sight);
}

int
card_class_fire_from(const struct card *card, int c)
{
	return class_from(card, c, has_fire);
}

int
card_class_combat_from(const struct card *card, int c)
{
	return class_from(card, c, has_combat);
}

static bool
list_tests_fact(const struct rule_list *rl, enum fact f)
{
	for (size_t k = 0; k < rl->count; k++)
		for (size_t i = 0; i < rl->items[k].nconds; i++)
			if (rl->items[k].conds[i].fact == f)
				return true;
	return false;
}

bool
card_tests_fact(const struct card *card, enum fact f)
{
	if (list_tests_fact(&card->modifiers, f) || list_tests_fact(&card->events, f))
		return true;
	for (size_t t = 0; t < card->nterrain; t++)
		for (int s = 0; s < N_SECTIONS; s++)
			if (list_tests_fact(&card->terrain[t].sections[s], f))
				return true;
	return false;
}

int
card_class_move_from(const struct card *card, int c)
{
	return class_from(card, c, has_move);
}

int
card_class_battle_move_from(const struct card *card, int c)
{
	return class_from(card, c, has_battle_move);
}

int
card_class_value_from(const struct card *card, int c, int value)
{
	for (size_t hops = 0; c >= 0 && value >= 0 && value < MAX_UNIT_VALUES &&
	                      hops <= card->nclasses; hops++) {
		if ((card->classes[c].values_given >> value) & 1u)
			return c;
		c = card->classes[c].parent;
	}
	return -1;
}

const char *const value_use_names[N_VALUE_USES] = { "none", "rating", "beyond_range",
	                                            "opposed", "hits_on" };

int
card_value(const struct card *card, const char *id)
{
	for (size_t i = 0; i < card->nvalues; i++)
		if (str_eq(card->values[i].id, id)) /* reader: an id read or typed */
			return (int)i;
	return -1;
}

int
card_value_of_use(const struct card *card, enum value_use use)
{
	for (size_t i = 0; i < card->nvalues; i++)
		if (card->values[i].use == use)
			return (int)i;
	return -1;
}

bool
card_value_needed(const struct card *card, int value, int combat)
{
	uint64_t in = card->values[value].combat;

	return card->values[value].use != VALUE_USE_NONE &&
	       (in == 0 || (combat >= 0 && ((in >> combat) & 1u)));
}

bool
card_class_is(const struct card *card, int c, int kind)
{
	for (size_t hops = 0; c >= 0 && hops <= card->nclasses; hops++) {
		if (c == kind)
			return true;
		c = card->classes[c].parent;
	}
	return false;
}

bool
card_has_section(const struct card *card, enum section s)
{
	for (size_t i = 0; i < card->nterrain; i++)
		if (card->terrain[i].sections[s].count > 0)
			return true;
	return false;
}

size_t
card_vocabulary_count(const struct card *card, enum fact_type type)
{
	int list = list_of(type);

	switch (type) {
	case FT_CLASS:
		return card->nclasses;
	case FT_TERRAIN:
		return card->nterrain;
	case FT_SETTING:
		return card->nsettings;
	case FT_CATEGORY:
		return card->ncategories;
	default:
		return list >= 0 ? card->words[list].count : 0;
	}
}

const char **
card_vocabulary(const struct card *card, enum fact_type type, size_t *n)
{
	const char **names;

	*n = card_vocabulary_count(card, type);
	names = xcalloc(*n + 1, sizeof *names);
	for (size_t i = 0; i < *n; i++)
		names[i] = card_vocabulary_id(card, type, (int)i);
	return names;
}

const char *
card_vocabulary_id(const struct card *card, enum fact_type type, int i)
{
	int list = list_of(type);

	switch (type) {
	case FT_CLASS:
		return card->classes[i].id;
	case FT_TERRAIN:
		return card->terrain[i].id;
	case FT_SETTING:
		return card->settings[i].id;
	case FT_CATEGORY:
		return card->categories[i].id;
	default:
		return list >= 0 ? card->words[list].words[i] : "?";
	}
}

int
card_vocabulary_find(const struct card *card, enum fact_type type, const char *id)
{
	size_t n;
	const char **names = card_vocabulary(card, type, &n);
	int found = -1;

	for (size_t i = 0; i < n && found < 0; i++)
		if (str_eq(names[i], id)) /* reader: an id read or typed */
			found = (int)i;
	free(names);
	if (found < 0 && type == FT_TERRAIN)
		found = card_terrain(card, id);
	return found;
}

const char *const card_vocabulary_what[] = {
	[FT_CLASS] = "unit class",
	[FT_TERRAIN] = "terrain",
	[FT_COMBAT] = "combat type",
	[FT_FIRE] = "fire type",
	[FT_STATUS] = "status",
	[FT_FORMATION] = "formation",
	[FT_BOOL] = "value",
	[FT_SETTING] = "setting",
	[FT_NUMBER] = "number",
	[FT_CATEGORY] = "movement category",
};

bool
tset_add(struct tset *s, int terrain)
{
	if (s->count == TSET_MAX || terrain < 0 || terrain >= TERRAIN_KINDS_MAX)
		return false;
	s->items[s->count++] = (unsigned char)terrain;
	return true;
}

bool
tset_has(const struct tset *s, int terrain)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->items[i] == terrain)
			return true;
	return false;
}

bool
tset_remove(struct tset *s, int terrain)
{
	for (size_t i = 0; i < s->count; i++) {
		if (s->items[i] == terrain) {
			memmove(&s->items[i], &s->items[i + 1], (s->count - i - 1) * sizeof *s->items);
			s->count--;
			return true;
		}
	}
	return false;
}

int
card_die(const struct card *card, const char *id)
{
	for (size_t i = 0; i < card->ndice; i++)
		if (str_eq(card->dice[i].id, id)) /* reader: an id read or typed */
			return (int)i;
	return -1;
}

int
die_face_of_side(const struct die_kind *d, int side)
{
	for (size_t f = 0; f < d->nfaces; f++) {
		if (side < d->faces[f].count)
			return (int)f;
		side -= d->faces[f].count;
	}
	return -1;
}

int
die_side_of_face(const struct die_kind *d, int face)
{
	int side = 0;

	for (int f = 0; f < face && (size_t)f < d->nfaces; f++)
		side += d->faces[f].count;
	return side;
}

int
die_face_named(const struct die_kind *d, const char *word)
{
	for (size_t f = 0; f < d->nfaces; f++) {
		const struct die_face *x = &d->faces[f];
		if (strcasecmp(word, x->id) == 0 || (x->name && strcasecmp(word, x->name) == 0) ||
		    (x->short_name && strcasecmp(word, x->short_name) == 0))
			return (int)f;
	}
	return -1;
}

const char *const event_on_words[N_EVENT_ON] = {
	[ON_BATTLE] = "battle",
	[ON_ENTER] = "enter",
};

bool
card_event_find(const struct card *card, const char *word, enum event_on *on, int *action)
{
	*action = -1;
	for (int e = 0; e < N_EVENT_ON; e++)
		/* reader: card words, an event's on */
		if (event_on_words[e] != NULL && str_eq(event_on_words[e], word)) {
			*on = (enum event_on)e;
			return true;
		}
	*on = ON_ACTION;
	for (size_t i = 0; i < card->nactions; i++)
		if (str_eq(card->actions[i], word)) { /* reader: card words, an action */
			*action = (int)i;
			return true;
		}
	*on = ON_NONE;
	return false;
}

const char *
card_event_word(const struct card *card, const struct rule *r)
{
	if (r->on == ON_ACTION)
		return card->actions[r->action];
	return event_on_words[r->on] != NULL ? event_on_words[r->on] : "";
}

bool
card_event_is(const struct rule *r, enum event_on on, int action)
{
	return r->on == on && (on != ON_ACTION || r->action == action);
}

int
card_phase(const struct card *card, const char *id)
{
	for (size_t i = 0; i < card->nphases; i++)
		if (str_eq(card->phases[i].id, id)) /* reader: an id read or typed */
			return (int)i;
	return -1;
}

const struct resolution *
card_resolution(const struct card *card, int combat)
{
	for (size_t i = 0; i < card->nresolutions; i++)
		if (card->resolutions[i].combat == combat)
			return &card->resolutions[i];
	return NULL;
}

long
card_class_best_allowance(const struct card *card, int cls)
{
	long best = -1;

	for (size_t i = 0; i < card->ncategories; i++)
		for (int c = cls; c >= 0; c = card->classes[c].parent)
			if (card->categories[i].given[c] && !card->categories[i].prohibited[c]) {
				if (card->categories[i].allowance[c] > best)
					best = card->categories[i].allowance[c];
				break;
			}
	return best;
}
