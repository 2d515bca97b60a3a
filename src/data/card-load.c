/* card-load.c: reads a rule card's file into a struct card (data layer): its
 * top level, and the card it `extends`.
 *
 * The top level of a card is read against one field table; each section has its
 * own reader and field table, so adding to the format is adding a row and a
 * reader. Ids are gathered in a first pass, so rules may name classes and terrain
 * defined further down the file; every name is checked, and a wrong one is
 * reported at its line and column with the nearest known id.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "cardpath.h"
#include "filehead.h"
#include "hex.h"
#include "strutil.h"
#include "xmalloc.h"

/* ---- first pass: ids ------------------------------------------------------- */

static void
add_class_id(struct card *card, const char *id, int line)
{
	struct uclass *c = xgrow(&card->classes, &card->nclasses, &card->cap_classes, sizeof *c);

	c->id = xstrdup(id);
	c->parent = -1;
	c->line = line;
	c->file = card->reading;
	c->fire = -1;
	c->move = c->battle_move = -1;
	c->retreat = -1;
	c->sight = -1;
}

static void
add_terrain_id(struct card *card, const char *id, int line)
{
	struct terrain *t = xgrow(&card->terrain, &card->nterrain, &card->cap_terrain, sizeof *t);

	t->id = xstrdup(id);
	t->line = line;
	t->category = -1;
	t->structure_becomes = -1;
	t->on_side = -1;
	t->file = card->reading;
}

static void
add_word(char ***list, size_t *n, size_t *cap, const char *word)
{
	char **slot = xgrow(list, n, cap, sizeof *slot);

	*slot = xstrdup(word);
}

/* Gather the ids a rule may name before reading any rule; errors in these
 * sections are reported by the main pass, so this pass says nothing. */
static void
collect_ids(struct card *card, const struct ynode *root)
{
	const struct ynode *n;

	if ((n = ymap_find(root, "classes")) != NULL && n->kind == YNODE_MAPPING)
		for (size_t i = 0; i < n->count; i++)
			if (card_class(card, n->keys[i]->text) < 0)
				add_class_id(card, n->keys[i]->text, n->keys[i]->line);
	if ((n = ymap_find(root, "terrain")) != NULL && n->kind == YNODE_MAPPING)
		for (size_t i = 0; i < n->count; i++)
			if (card_terrain_id(card, n->keys[i]->text) < 0)
				add_terrain_id(card, n->keys[i]->text, n->keys[i]->line);
	if ((n = ymap_find(root, "unit_values")) != NULL && n->kind == YNODE_MAPPING)
		for (size_t i = 0; i < n->count && card->nvalues < MAX_UNIT_VALUES; i++) {
			struct unit_value_def *v;
			if (card_value(card, n->keys[i]->text) >= 0)
				continue;
			v = xgrow(&card->values, &card->nvalues, &card->cap_values, sizeof *v);
			v->id = xstrdup(n->keys[i]->text);
			v->line = n->keys[i]->line;
			v->file = card->reading;
		}
	if ((n = ymap_find(root, "settings")) != NULL && n->kind == YNODE_MAPPING)
		for (size_t i = 0; i < n->count && card->nsettings < MAX_SETTINGS; i++) {
			struct setting *st;
			if (card_setting(card, n->keys[i]->text) >= 0)
				continue;
			st = xgrow(&card->settings, &card->nsettings, &card->cap_settings, sizeof *st);
			st->id = xstrdup(n->keys[i]->text);
			st->line = n->keys[i]->line;
		}
	if ((n = ymap_find(root, "categories")) != NULL && n->kind == YNODE_MAPPING)
		for (size_t i = 0; i < n->count; i++) {
			struct category *cat;
			if (card_category(card, n->keys[i]->text) >= 0)
				continue;
			cat = xgrow(&card->categories, &card->ncategories, &card->cap_categories,
			            sizeof *cat);
			cat->id = xstrdup(n->keys[i]->text);
			cat->line = n->keys[i]->line;
			cat->file = card->reading;
		}
	for (int w = 0; w < N_WORD_LISTS; w++) {
		struct word_list *wl = &card->words[w];
		if ((n = ymap_find(root, word_list_keys[w])) == NULL || n->kind != YNODE_SEQUENCE)
			continue;
		for (size_t i = 0; i < n->count; i++)
			if (n->items[i]->kind == YNODE_SCALAR && card_word(card, w, n->items[i]->text) < 0)
				add_word(&wl->words, &wl->count, &wl->cap, n->items[i]->text);
	}
}

/* ---- metadata ------------------------------------------------------------- */

static bool
read_kind(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	const char *s;

	(void)rd;
	if (!ystring(doc, n, &s))
		return false;
	if (strcmp(s, "card") != 0) /* reader: card values */
		return yerror(doc, n, "this file is a '%s', not a 'card'", s);
	return true;
}

static bool
read_schema(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	return yschema(doc, n, CARD_SCHEMA, &((struct card *)rd->obj)->schema);
}

static bool
read_notes(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;

	return card_read_notes(doc, n, card, &card->notes);
}

/* ---- classes and types ----------------------------------------------------- */

static bool
read_class_is(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	const struct card *card = rd->ctx;
	struct uclass *cls = rd->obj;
	int parent;

	if (!card_read_name(doc, card, n, FT_CLASS, &parent))
		return false;
	if (card_class_is(card, parent, (int)(cls - card->classes)))
		return yerror(doc, n, "class '%s' cannot be a kind of '%s': that makes a loop",
		              cls->id, n->text);
	cls->parent = parent;
	return true;
}

static bool
read_class_combat(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct uclass *cls = rd->obj;
	bool ok = true;
	int which;

	if (!yis_sequence(doc, n, "combat"))
		return false;
	cls->combat = 0;
	for (size_t i = 0; i < n->count; i++) {
		if (card_read_name(doc, rd->ctx, n->items[i], FT_COMBAT, &which))
			cls->combat |= UINT64_C(1) << which;
		else
			ok = false;
	}
	return ok;
}

static bool
read_class_move(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct uclass *cls = rd->obj;

	cls->move_line = n->line;
	return card_read_points(doc, n, &cls->move);
}

static bool
read_class_battle_move(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct uclass *cls = rd->obj;

	cls->battle_move_line = n->line;
	return card_read_points(doc, n, &cls->battle_move);
}

bool
card_read_battle_dice(struct ydoc *doc, const struct card *card, const struct ynode *n,
                      struct class_dice *dice)
{
	bool ok = true;

	if (!yis_mapping(doc, n, "dice"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *v = n->items[i];
		struct class_dice *cd;
		int combat;
		long x;

		if (!card_read_name(doc, card, n->keys[i], FT_COMBAT, &combat) || combat >= 8) {
			ok = false;
			continue;
		}
		cd = &dice[combat];
		cd->n = 0;
		cd->line = v->line;
		if (v->kind == YNODE_SEQUENCE) {
			if (v->count == 0 || v->count > 12) {
				ok = yerror(doc, v, "give dice for 1 to 12 distances");
				continue;
			}
			for (size_t k = 0; k < v->count; k++) {
				if (!yint(doc, v->items[k], 0, 64, &x)) {
					ok = false;
					break;
				}
				cd->at[cd->n++] = (int)x;
			}
		} else if (yint(doc, v, 0, 64, &x)) {
			cd->at[0] = (int)x;
			cd->n = -1; /* any distance */
		} else {
			ok = false;
		}
	}
	return ok;
}

/* `dice: { melee: 3, ranged: [0, 2, 1, 1] }`: battle dice by combat type, one
 * number for any distance or a list by distance (1, 2, ...). */
static bool
read_class_dice(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct uclass *cls = rd->obj;

	return card_read_battle_dice(doc, rd->ctx, n, cls->dice);
}

bool
card_read_unit_values(struct ydoc *doc, const struct card *card, const struct ynode *n,
                      long *values, unsigned *given)
{
	const char *ids[MAX_UNIT_VALUES];
	bool ok = true;
	long x;
	int v;

	if (!yis_mapping(doc, n, "values"))
		return false;
	for (size_t i = 0; i < card->nvalues; i++)
		ids[i] = card->values[i].id;
	for (size_t i = 0; i < n->count; i++) {
		if (card->nvalues == 0) {
			ok = yerror(doc, n->keys[i], "%s names no unit values (unit_values:)", card->id);
			continue;
		}
		if (!yenum(doc, n->keys[i], ids, card->nvalues, "unit value", &v) ||
		    !yint(doc, n->items[i], -99, 999, &x)) {
			ok = false;
			continue;
		}
		values[v] = x;
		*given |= 1u << v;
	}
	return ok;
}

static bool
read_class_values(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct uclass *cls = rd->obj;

	cls->values_line = n->line;
	return card_read_unit_values(doc, rd->ctx, n, cls->values, &cls->values_given);
}

static bool
read_class_retreat(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct uclass *cls = rd->obj;
	long x;

	if (!yint(doc, n, 0, 9, &x))
		return false;
	cls->retreat = (int)x;
	cls->retreat_line = n->line;
	return true;
}

/* `line_of_sight: false`: the class battles without seeing its target (off-board
 * artillery, a mortar firing by range alone). */
static bool
read_class_sight(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct uclass *cls = rd->obj;
	bool sight;

	if (!ybool(doc, n, &sight))
		return false;
	cls->sight = sight;
	cls->sight_line = n->line;
	return true;
}

/* Typed rows store into the class; read functions get the card as ctx. */
static const struct yshape dice_by_distance = { .kind = YS_LIST,
	                                         .item = &(const struct yshape){ .kind = YS_INT, .max = 64 } };
static const struct yshape battle_dice_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_INT, .max = 64, .or = &dice_by_distance }
};
static const struct yshape unit_values_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_INT, .min = -99, .max = 999 }
};

static const struct yfield class_fields[] = {
	{ "line_of_sight", READ_BY(read_class_sight), .shape = &ys_bool,
	  .help = "false: the class battles without seeing its target" },
	{ "dice", READ_BY(read_class_dice), .shape = &battle_dice_shape,
	  .help = "battle dice by combat type: a number, or a list by distance 1, 2, ..." },
	{ "values", READ_BY(read_class_values), .shape = &unit_values_shape,
	  .help = "the class's unit values (unit_values:), by id" },
	{ "retreat", READ_BY(read_class_retreat), .shape = &(const struct yshape){ .kind = YS_INT, .max = 9 },
	  .help = "hexes a retreat moves the unit" },
	{ "name", AS_TEXT(struct uclass, name), .help = "the class's name for the players" },
	{ "is", READ_BY(read_class_is), .shape = &ys_id,
	  .help = "the class this one is a kind of: its rules apply to this one too" },
	{ "fire", AS_NAME(struct uclass, fire, FT_FIRE), .shape = &ys_id,
	  .help = "the fire type (fire_types:) the class fires" },
	{ "combat", READ_BY(read_class_combat), .shape = &ys_ids,
	  .help = "the combat types (combat_types:) the class may battle in" },
	{ "move", READ_BY(read_class_move), .shape = &ys_points,
	  .help = "movement allowance, in movement points" },
	{ "battle_move", READ_BY(read_class_battle_move), .shape = &ys_points,
	  .help = "movement allowance in a turn it battles, when that is less" },
	{ "assumed", AS_BOOL(struct uclass, move_assumed),
	  .help = "true: the movement allowance is assumed, not from the rulebook" },
	{ "note", AS_COMMENT, .help = "words for the players" },
	{ "seed", AS_COMMENT, .help = "the rulebook line the class comes from" },
};

static const struct ytable class_table = YTABLE("class", class_fields);

static bool
read_classes(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "classes"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const char *id;

		if (!yid(doc, n->keys[i], &id)) {
			ok = false;
			continue;
		}
		if (n->items[i]->kind == YNODE_SCALAR && n->items[i]->plain && n->items[i]->len == 0)
			continue; /* `light_infantry:` with nothing: a class with no details */
		ok = ymap_read(doc, n->items[i], &class_table, &card->classes[card_class(card, id)],
		               card) && ok;
	}
	return ok;
}

/* A unit value's `combat: [shock]`: the combat types that need it. */
static bool
read_value_combat(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct unit_value_def *v = rd->obj;
	bool ok = true;
	int which;

	if (!yis_sequence(doc, n, "combat"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		if (card_read_name(doc, rd->ctx, n->items[i], FT_COMBAT, &which))
			v->combat |= UINT64_C(1) << which;
		else
			ok = false;
	}
	return ok;
}

static const struct yfield value_fields[] = {
	{ "name", AS_TEXT(struct unit_value_def, name), .required = true,
	  .help = "the value's name for the players" },
	{ "use", AS_ENUM(struct unit_value_def, use, value_use_names, N_VALUE_USES, "use"),
	  .help = "what the value is used for" },
	{ "combat", READ_BY(read_value_combat), .shape = &ys_ids,
	  .help = "the combat types that need the value" },
	{ "seed", AS_TEXT(struct unit_value_def, seed), .help = "the rulebook line it comes from" },
	{ "note", AS_TEXT(struct unit_value_def, note), .help = "words for the players" },
	{ "assumed", AS_BOOL(struct unit_value_def, assumed),
	  .help = "true: assumed, not from the rulebook" },
};

static const struct ytable value_table = YTABLE("unit value", value_fields);

/* `unit_values: { cohesion: { name: Cohesion, use: rating } }`: the numbers the
 * card's units carry; ids gathered by the first pass. */
static bool
read_unit_values(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "unit_values"))
		return false;
	if (n->count > MAX_UNIT_VALUES)
		return yerror(doc, n, "at most %d unit values", MAX_UNIT_VALUES);
	for (size_t i = 0; i < n->count; i++) {
		const char *id;
		struct unit_value_def *v;

		if (!yid(doc, n->keys[i], &id)) {
			ok = false;
			continue;
		}
		v = &card->values[card_value(card, id)];
		v->file = card->reading;
		v->line = n->keys[i]->line;
		v->combat = 0;
		ok = ymap_read(doc, n->items[i], &value_table, v, card) && ok;
	}
	return ok;
}

static bool
read_mechanism_combat(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card_mechanism *m = rd->obj;
	bool ok = true;
	int which;

	if (!yis_sequence(doc, n, "combat"))
		return false;
	m->combat = 0;
	for (size_t i = 0; i < n->count; i++) {
		if (card_read_name(doc, rd->ctx, n->items[i], FT_COMBAT, &which))
			m->combat |= UINT64_C(1) << which;
		else
			ok = false;
	}
	return ok;
}

/* `bonus_battle: [CLASS...]`: the classes that may battle once more after
 * taking ground. */
static bool
read_mechanism_bonus(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card_mechanism *m = rd->obj;
	bool ok = true;
	int c;

	if (!yis_sequence(doc, n, "bonus_battle"))
		return false;
	m->bonus = 0;
	for (size_t i = 0; i < n->count; i++) {
		if (card_read_name(doc, rd->ctx, n->items[i], FT_CLASS, &c) && c < 64)
			m->bonus |= UINT64_C(1) << c;
		else
			ok = false;
	}
	return ok;
}

static const struct yfield take_ground_fields[] = {
	{ "combat", READ_BY(read_mechanism_combat), .required = true, .shape = &ys_ids,
	  .help = "the combat types it follows" },
	{ "bonus_battle", READ_BY(read_mechanism_bonus), .shape = &ys_ids,
	  .help = "the classes that may battle once more after taking ground" },
	{ "seed", AS_TEXT(struct card_mechanism, seed), .help = "the rulebook line it comes from" },
	{ "note", AS_TEXT(struct card_mechanism, note), .help = "words for the players" },
	{ "assumed", AS_BOOL(struct card_mechanism, assumed),
	  .help = "true: assumed, not from the rulebook" },
};

static const struct yfield battle_back_fields[] = {
	{ "combat", READ_BY(read_mechanism_combat), .required = true, .shape = &ys_ids,
	  .help = "the combat types it follows" },
	{ "seed", AS_TEXT(struct card_mechanism, seed), .help = "the rulebook line it comes from" },
	{ "note", AS_TEXT(struct card_mechanism, note), .help = "words for the players" },
	{ "assumed", AS_BOOL(struct card_mechanism, assumed),
	  .help = "true: assumed, not from the rulebook" },
};

static const struct yfield retreat_blocked_fields[] = {
	{ "lose", AS_LONG(struct card_mechanism, lose, 0, 99), .required = true,
	  .help = "strength lost for each hex of retreat that cannot be taken" },
	{ "seed", AS_TEXT(struct card_mechanism, seed), .help = "the rulebook line it comes from" },
	{ "note", AS_TEXT(struct card_mechanism, note), .help = "words for the players" },
	{ "assumed", AS_BOOL(struct card_mechanism, assumed),
	  .help = "true: assumed, not from the rulebook" },
};

static const struct yfield formation_change_fields[] = {
	{ "cost", AS_LONG(struct card_mechanism, cost, 0, 99), .required = true,
	  .help = "movement points a change of formation costs (0: none)" },
	{ "seed", AS_TEXT(struct card_mechanism, seed), .help = "the rulebook line it comes from" },
	{ "note", AS_TEXT(struct card_mechanism, note), .help = "words for the players" },
	{ "assumed", AS_BOOL(struct card_mechanism, assumed),
	  .help = "true: assumed, not from the rulebook" },
};

static const struct ytable battle_back_table = YTABLE("battle_back", battle_back_fields);
static const struct ytable formation_change_table = YTABLE("formation_change",
                                                           formation_change_fields);
static const struct ytable retreat_blocked_table = YTABLE("retreat_blocked",
                                                          retreat_blocked_fields);
static const struct ytable take_ground_table = YTABLE("take_ground", take_ground_fields);

/* `battle_back: { combat: [melee] }`, `retreat_blocked: { lose: 1 }`,
 * `take_ground: { combat: [melee], bonus_battle: [cavalry] }`,
 * `formation_change: { cost: 1 }` (the row's arg: 0, 1, 2, 3). */
static bool
read_mechanism(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	static const struct ytable *const tables[] = { &battle_back_table, &retreat_blocked_table,
		                                       &take_ground_table, &formation_change_table };
	struct card *card = rd->obj;
	struct card_mechanism *const ms[] = { &card->battle_back, &card->retreat_blocked,
		                              &card->take_ground, &card->formation_change };
	struct card_mechanism *m = ms[rd->field->arg];

	if (!yis_mapping(doc, n, rd->field->key))
		return false;
	free(m->seed);
	free(m->note);
	memset(m, 0, sizeof *m);
	m->given = true;
	m->file = card->reading;
	m->line = n->line;
	return ymap_read(doc, n, tables[rd->field->arg], m, card);
}

/* `combat_types:`, `fire_types:`... (the row's arg: which list): checked here,
 * kept by the first pass (collect_ids). */
static bool
read_word_list(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	const char *what = word_list_keys[rd->field->arg];
	const char *s;
	bool ok = true;

	if (!yis_sequence(doc, n, what))
		return false;
	if (n->count > MAX_WORDS)
		return yerror(doc, n->items[MAX_WORDS], "at most %d %s", MAX_WORDS, what);
	for (size_t i = 0; i < n->count; i++)
		ok = yid(doc, n->items[i], &s) && ok;
	return ok;
}

/* ---- settings --------------------------------------------------------------- */

static bool
read_choices(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct setting *st = rd->obj;
	const char *id;
	bool ok = true;

	if (!yis_sequence(doc, n, "choices"))
		return false;
	if (n->count < 2)
		return yerror(doc, n, "a setting offers at least two choices");
	for (size_t i = 0; i < st->nchoices; i++)
		free(st->choices[i]);
	st->nchoices = 0;
	for (size_t i = 0; i < n->count; i++) {
		if (!yid(doc, n->items[i], &id)) {
			ok = false;
			continue;
		}
		if (card_setting_choice(st, id) >= 0) {
			ok = yerror(doc, n->items[i], "choice '%s' is given twice", id);
			continue;
		}
		st->choices = xreallocarray(st->choices, st->nchoices + 1, sizeof *st->choices);
		st->choices[st->nchoices++] = xstrdup(id);
	}
	return ok;
}

/* `default:` is read once the choices are known (read_settings): kept in ctx. */
static bool
read_default(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	(void)doc;
	*(const struct ynode **)rd->ctx = n;
	return true;
}

static const struct yfield setting_fields[] = {
	{ "choices", READ_BY(read_choices), .required = true, .shape = &ys_ids,
	  .help = "the choices the players have" },
	{ "default", READ_BY(read_default), .required = true, .shape = &ys_id,
	  .help = "the choice unless the scenario or the players say otherwise" },
	{ "seed", AS_TEXT(struct setting, seed), .help = "the rulebook line it comes from" },
	{ "note", AS_TEXT(struct setting, note), .help = "words for the players" },
};

static const struct ytable setting_table = YTABLE("setting", setting_fields);

static bool
read_settings(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "settings"))
		return false;
	if (n->count > MAX_SETTINGS)
		return yerror(doc, n->keys[MAX_SETTINGS], "a card has at most %d settings",
		              MAX_SETTINGS);
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *given = NULL;
		struct setting *st;
		const char *id;
		int def;

		if (!yid(doc, n->keys[i], &id) || card_setting(card, id) < 0) {
			ok = false;
			continue;
		}
		st = &card->settings[card_setting(card, id)];
		if (!ymap_read(doc, n->items[i], &setting_table, st, &given)) {
			ok = false;
			continue;
		}
		if (yenum(doc, given, (const char *const *)st->choices, st->nchoices, "choice", &def))
			st->def = def;
		else
			ok = false;
	}
	return ok;
}

static bool
read_units_block_los(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;

	card->units_block_los_line = n->line;
	card->units_block_los_file = card->reading;
	return ybool(doc, n, &card->units_block_los);
}

/* `los_along_hexside: both` (blocked only when the hexes on both sides block) or
 * `either` (one is enough). */
static bool
read_los_along_hexside(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	static const char *const choices[] = { "both", "either" };
	int which;

	if (!yenum(doc, n, choices, 2, "choice", &which))
		return false;
	((struct card *)rd->obj)->split_los_either = which == 1;
	return true;
}

/* `adjacent_combat: [melee]`: combat types fought only against an adjacent unit. */
static bool
read_adjacent_combat(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;
	int which;

	if (!yis_sequence(doc, n, "adjacent_combat"))
		return false;
	card->adjacent_combat = 0;
	card->adjacent_combat_line = n->line;
	card->adjacent_combat_file = card->reading;
	for (size_t i = 0; i < n->count; i++) {
		if (card_read_name(doc, card, n->items[i], FT_COMBAT, &which))
			card->adjacent_combat |= UINT64_C(1) << which;
		else
			ok = false;
	}
	return ok;
}

/* `disorder_levels: [disorder, great_disorder]`: the statuses a unit goes
 * through, one level for each point of a `disorder` effect. */
static bool
read_disorder_levels(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;
	int which;

	if (!yis_sequence(doc, n, "disorder_levels"))
		return false;
	if (n->count > 4)
		return yerror(doc, n, "at most 4 levels of disorder");
	card->ndisorder_levels = 0;
	card->disorder_line = n->line;
	card->disorder_file = card->reading;
	for (size_t i = 0; i < n->count; i++) {
		if (card_read_name(doc, card, n->items[i], FT_STATUS, &which))
			card->disorder_levels[card->ndisorder_levels++] = which;
		else
			ok = false;
	}
	return ok;
}

/* `new_scenario: { ground: clear, columns: 13, rows: 9, orientation: pointy,
 * offset: odd, sides: { british: { name: British, home: north }, ... } }`: what
 * `hexaid new` starts a blank scenario of the card with. */
static const char *const new_orientations[] = { "flat", "pointy" };
static const char *const new_offsets[] = { "odd", "even" };

static bool
read_new_sides(struct ydoc *doc, const struct ynode *n, struct card_new_scenario *ns)
{
	bool ok = true;

	if (!yis_mapping(doc, n, "sides"))
		return false;
	if (n->count < 2 || n->count > MAX_NEW_SIDES)
		return yerror(doc, n, "new_scenario gives 2 to %d sides", MAX_NEW_SIDES);
	for (size_t i = 0; i < ns->nsides; i++) {
		free(ns->sides[i].id);
		free(ns->sides[i].name);
	}
	ns->nsides = 0;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *name = ymap_find(n->items[i], "name");
		const struct ynode *home = ymap_find(n->items[i], "home");
		const char *id, *text = NULL;
		int edge = -1;

		if (!yid(doc, n->keys[i], &id) || !yis_mapping(doc, n->items[i], "a side") ||
		    (name != NULL && !ystring(doc, name, &text)) ||
		    (home != NULL && !yenum(doc, home, home_edge_names + 1, N_HOME_EDGES - 1,
		                            "board edge", &edge))) {
			ok = false;
			continue;
		}
		ns->sides[ns->nsides].id = xstrdup(id);
		ns->sides[ns->nsides].name = xstrdup(text ? text : id);
		ns->sides[ns->nsides++].home = edge + 1;
	}
	return ok;
}

static bool
read_new_ground(struct ydoc *doc, const struct ynode *v, const struct yread *rd)
{
	struct card_new_scenario *ns = rd->obj;

	if (!card_read_name(doc, rd->ctx, v, FT_TERRAIN, &ns->ground))
		return false;
	ns->ground_line = v->line;
	ns->ground_col = v->col;
	return true;
}

static bool
read_new_side_list(struct ydoc *doc, const struct ynode *v, const struct yread *rd)
{
	return read_new_sides(doc, v, rd->obj);
}

static const struct yshape new_sides_shape = { .kind = YS_MAP, .item = &ys_any };

static const struct yfield new_scenario_fields[] = {
	{ "ground", READ_BY(read_new_ground), .shape = &ys_id,
	  .help = "the terrain every hex of a blank scenario starts as" },
	{ "columns", AS_INT(struct card_new_scenario, columns, 1, 200),
	  .help = "the board's columns, 1 to 200" },
	{ "rows", AS_INT(struct card_new_scenario, rows, 1, 200), .help = "the board's rows, 1 to 200" },
	{ "orientation", AS_ENUM(struct card_new_scenario, orientation, new_orientations, 2,
	                         "orientation"), .help = "flat or pointy hexes" },
	{ "offset", AS_ENUM(struct card_new_scenario, offset, new_offsets, 2, "offset"),
	  .help = "which columns or rows are shoved: odd or even" },
	{ "sides", READ_BY(read_new_side_list), .shape = &new_sides_shape,
	  .help = "the sides, by id: { name: NAME, home: EDGE }" },
};

static const struct ytable new_scenario_table =
	YTABLE_UNKNOWN("new_scenario", new_scenario_fields, YUNKNOWN_ALL);

static bool
read_new_scenario(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	struct card_new_scenario *ns = &card->new_scenario;
	bool ok;

	if (!yis_mapping(doc, n, "new_scenario"))
		return false;
	ok = ymap_read(doc, n, &new_scenario_table, ns, card);
	if (ymap_find(n, "ground") == NULL)
		return yerror(doc, n, "new_scenario gives its ground: the terrain every hex starts as");
	if (ymap_find(n, "sides") == NULL)
		return yerror(doc, n, "new_scenario gives the sides, such as sides: { blue: "
		                      "{ name: Blue, home: south }, red: { name: Red, home: north } }");
	return ok;
}

/* `fire_over_friends: { attacker: [artillery], seed: ... }`: units of these
 * classes standing higher than the next hex may fire over a friendly unit there,
 * when that hex holds no terrain that blocks line of sight. */
static bool
read_fire_over_attacker(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;
	int c;

	if (!yis_sequence(doc, n, "attacker"))
		return false;
	card->fire_over_friends = 0;
	for (size_t i = 0; i < n->count; i++) {
		if (card_read_name(doc, card, n->items[i], FT_CLASS, &c) && c < 64)
			card->fire_over_friends |= UINT64_C(1) << c;
		else
			ok = false;
	}
	return ok;
}

static const struct yfield fire_over_fields[] = {
	{ "attacker", READ_BY(read_fire_over_attacker), .required = true, .shape = &ys_ids,
	  .help = "the classes that may fire over friends" },
	{ "seed", AS_TEXT(struct card, fire_over_seed), .help = "the rulebook line it comes from" },
};

static const struct ytable fire_over_table = YTABLE("fire_over_friends", fire_over_fields);

static bool
read_fire_over_friends(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;

	card->fire_over_line = n->line;
	card->fire_over_file = card->reading;
	return ymap_read(doc, n, &fire_over_table, card, NULL);
}

/* `battle_die: ID`: the die battles roll. The dice may be given further down the
 * card, so the name is checked once the card is read whole. */
static bool
read_battle_die(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	const char *id;

	if (!yid(doc, n, &id))
		return false;
	free(card->battle_die_id);
	card->battle_die_id = xstrdup(id);
	card->battle_die_line = n->line;
	card->battle_die_col = n->col;
	return true;
}

static bool
read_modifiers(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;

	return card_read_rules(doc, n, card, &card->modifiers, SECTION_MODIFIERS);
}

/* What can only be checked once the whole card (and what it extends) is read. */
static bool
finish(struct ydoc *doc, struct card *card)
{
	bool ok = true;

	if (card->new_scenario.ground >= 0 &&
	    card->terrain[card->new_scenario.ground].kind != TERRAIN_HEX) {
		struct ynode at = { .line = card->new_scenario.ground_line,
			            .col = card->new_scenario.ground_col };
		ok = yerror(doc, &at, "the ground of a new scenario is a terrain of kind hex; '%s' "
		            "is a %s", card->terrain[card->new_scenario.ground].id,
		            terrain_kind_names[card->terrain[card->new_scenario.ground].kind]);
	}
	if (card->battle_die_id != NULL) {
		struct ynode at = { .line = card->battle_die_line, .col = card->battle_die_col };
		card->battle_die = card_die(card, card->battle_die_id);
		if (card->battle_die < 0)
			ok = yerror(doc, &at, "no die '%s' in this card's dice", card->battle_die_id);
		free(card->battle_die_id);
		card->battle_die_id = NULL;
	}
	free(card->conditions);
	card->conditions = xreallocarray(NULL, card->nterrain + 1, sizeof *card->conditions);
	card->nconditions = 0;
	for (size_t t = 0; t < card->nterrain; t++)
		if (card->terrain[t].kind == TERRAIN_CONDITION)
			card->conditions[card->nconditions++] = (int)t;
	ok = card_resolve_resolutions(doc, card) && ok;
	ok = card_resolve_events(doc, card) && ok;
	ok = card_resolve_drawing(doc, card) && ok;
	return card_resolve_scoring(doc, card) && ok;
}

/* ---- the card ----------------------------------------------------------------- */

static const char *const card_kind[] = { "card" };
static const char *const los_along_choices[] = { "both", "either" };
static const struct yshape class_or_nothing = { .kind = YS_TABLE, .table = &class_table, .or = &ys_null };
static const struct yshape classes_shape = { .kind = YS_MAP, .item = &class_or_nothing };
static const struct yshape unit_value_defs = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &value_table }
};
static const struct yshape settings_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &setting_table }
};

/* The rows of the card's top level, obj the card. */
static const struct yfield card_fields[] = {
	{ "kind", READ_BY(read_kind), .required = true,
	  .shape = &(const struct yshape){ .kind = YS_ENUM, .names = card_kind, .nnames = 1 },
	  .help = "what the file is: card" },
	{ "schema", READ_BY(read_schema), .required = true,
	  .shape = &(const struct yshape){ .kind = YS_INT, .min = 1, .max = CARD_SCHEMA },
	  .help = "the version of the card format the file is written in" },
	{ "id", AS_ID(struct card, id), .required = true,
	  .help = "the card's id: scenarios and rules files name it" },
	{ "title", AS_TEXT(struct card, title), .required = true, .help = "the card's title" },
	{ "publisher", AS_TEXT(struct card, publisher), .help = "who publishes the game" },
	{ "edition", AS_TEXT(struct card, edition), .help = "the edition of the rules summarised" },
	{ "based_on", AS_TEXT(struct card, based_on), .help = "what the card was written from" },
	{ "extends", AS_ID(struct card, extends),
	  .help = "the card this one changes (a house-rules card)" },
	{ "notes", READ_BY(read_notes), .shape = &card_notes_shape,
	  .help = "words for the players about the whole card" },
	{ "unit_values", READ_BY(read_unit_values), .shape = &unit_value_defs,
	  .help = "the numbers the card's units carry, by id" },
	{ "classes", READ_BY(read_classes), .shape = &classes_shape,
	  .help = "the kinds of unit the rules tell apart, by id" },
	{ "combat_types", READ_BY(read_word_list), .arg = WL_COMBAT, .shape = &ys_ids,
	  .help = "the kinds of combat the rules tell apart" },
	{ "fire_types", READ_BY(read_word_list), .arg = WL_FIRE, .shape = &ys_ids,
	  .help = "the kinds of fire the rules tell apart" },
	{ "statuses", READ_BY(read_word_list), .arg = WL_STATUS, .shape = &ys_ids,
	  .help = "the statuses a unit may have" },
	{ "formations", READ_BY(read_word_list), .arg = WL_FORMATION, .shape = &ys_ids,
	  .help = "the formations a unit may be in" },
	{ "settings", READ_BY(read_settings), .shape = &settings_shape,
	  .help = "the options the players choose, by id" },
	{ "categories", READ_BY(card_read_categories), .shape = &card_categories_shape,
	  .help = "movement categories of terrain and their allowances, by id" },
	{ "units_block_los", READ_BY(read_units_block_los), .shape = &ys_bool,
	  .help = "true: units block line of sight" },
	{ "levels_block_los", AS_BOOL(struct card, levels_block_los),
	  .help = "true: a higher hex between blocks line of sight" },
	{ "los_along_hexside", READ_BY(read_los_along_hexside),
	  .shape = &(const struct yshape){ .kind = YS_ENUM, .names = los_along_choices, .nnames = 2 },
	  .help = "a sight line along a hexside is blocked when both hexes block, or either" },
	{ "adjacent_combat", READ_BY(read_adjacent_combat), .shape = &ys_ids,
	  .help = "combat types fought only against an adjacent unit" },
	{ "battle_back", READ_BY(read_mechanism), .arg = 0,
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &battle_back_table },
	  .help = "the target battles back after these combat types" },
	{ "retreat_blocked", READ_BY(read_mechanism), .arg = 1,
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &retreat_blocked_table },
	  .help = "what a unit loses when it cannot retreat" },
	{ "take_ground", READ_BY(read_mechanism), .arg = 2,
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &take_ground_table },
	  .help = "the attacker may move into a hex a battle empties" },
	{ "formation_change", READ_BY(read_mechanism), .arg = 3,
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &formation_change_table },
	  .help = "what a unit's change of formation (form) costs" },
	{ "enter_friendly", AS_BOOL(struct card, enter_friendly),
	  .help = "true: a unit may move through hexes its side holds" },
	{ "disorder_levels", READ_BY(read_disorder_levels), .shape = &ys_ids,
	  .help = "the statuses a unit goes through, a level for each point of disorder" },
	{ "fire_over_friends", READ_BY(read_fire_over_friends),
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &fire_over_table },
	  .help = "classes that fire over a friendly unit standing lower" },
	{ "new_scenario", READ_BY(read_new_scenario),
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &new_scenario_table },
	  .help = "what `hexaid new` starts a blank scenario of the card with" },
	{ "terrain", READ_BY(card_read_terrain), .shape = &card_terrain_shape,
	  .help = "the terrain, tokens, hexsides, paths and conditions, by id" },
	{ "tables", READ_BY(card_read_tables), .shape = &card_tables_shape,
	  .help = "the rulebook's tables (results, fire), by id" },
	{ "modifiers", READ_BY(read_modifiers), .shape = &card_rules_shape,
	  .help = "battle rules that belong to no terrain" },
	{ "dice", READ_BY(card_read_dice), .shape = &card_dice_shape,
	  .help = "the dice the game rolls, by id" },
	{ "battle_die", READ_BY(read_battle_die), .shape = &ys_id,
	  .help = "the die (of dice:) battles roll" },
	{ "scoring", READ_BY(card_read_scoring), .shape = &card_rules_shape,
	  .help = "what each face of the battle die scores" },
	{ "resolution", READ_BY(card_read_resolutions), .shape = &card_resolutions_shape,
	  .help = "how a combat type's battle is read on a table, by combat type" },
	{ "events", READ_BY(card_read_events), .shape = &card_rules_shape,
	  .help = "what battles and moves do to hexes: rules with on:" },
	{ "sequence", READ_BY(card_read_sequence), .shape = &card_sequence_shape,
	  .help = "a side's turn, phase by phase" },
	{ "drawing", READ_BY(card_read_drawing), .shape = &card_drawing_shape,
	  .help = "how the map draws terrain, by terrain id" },
};

static const struct ytable top_level_table = YTABLE("rule card", card_fields);

void
card_schema_write(FILE *out, const char *id)
{
	yschema_write(out, &top_level_table, id, "hexaid rule card (hexaid(5))");
}


/* Read a card's document onto what `card` already holds: nothing for a card of
 * its own, the card it extends for a house-rules card. Every value the document
 * gives replaces the one before; a terrain section given replaces that section. */
static bool
card_merge(struct card *card, struct ydoc *doc)
{
	const char *slash = strrchr(doc->name, '/');
	bool ok;

	card->files = xreallocarray(card->files, card->nfiles + 1, sizeof *card->files);
	card->files[card->nfiles] = xstrdup(slash ? slash + 1 : doc->name);
	card->reading = card->files[card->nfiles++];
	free(card->path);
	card->path = xstrdup(doc->name);
	free(card->extends);
	card->extends = NULL;
	if (doc->root->kind == YNODE_MAPPING)
		collect_ids(card, doc->root);
	ok = ymap_read(doc, doc->root, &top_level_table, card, NULL);
	/* finish even when a field was wrong: its checks find further mistakes */
	return finish(doc, card) && ok;
}

bool
card_read(struct card *card, struct ydoc *doc)
{
	memset(card, 0, sizeof *card);
	card->battle_die = -1;
	card->new_scenario.ground = -1;
	return card_merge(card, doc);
}

#define MAX_EXTENDS 8

/* The file of the card `id` that `path` extends: beside it, then along the card
 * path (cardpath_find). NULL when there is none. */
static char *
find_base(const char *path, const char *id, const struct cardpath *cp, char **passed)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xasprintf("%.*s", (int)(slash - path), path) : xstrdup(".");
	const char *first[2] = { dir, NULL };
	char *file = cardpath_find(cp, first, id, passed);

	free(dir);
	return file;
}

static bool load_card(struct card *card, const char *path, const struct cardpath *cp,
                      struct diag_list *dl, int depth);

/* A card's document read onto `card`: the card it extends (loaded from its own
 * file) first, when it extends one. */
static bool
read_doc(struct card *card, struct ydoc *doc, const struct cardpath *cp, struct diag_list *dl,
         int depth)
{
	const struct ynode *ext = ymap_find(doc->root, "extends");
	char *base, *passed = NULL;
	bool ok = false;

	if (ext == NULL || ext->kind != YNODE_SCALAR || ext->len == 0) {
		ok = card_read(card, doc);
	} else if (depth >= MAX_EXTENDS) {
		yerror(doc, ext, "cards extend each other more than %d deep; is there a loop?",
		       MAX_EXTENDS);
	} else if ((base = find_base(doc->name, ext->text, cp, &passed)) == NULL) {
		if (passed != NULL)
			yerror(doc, ext, "no card '%s' beside this file or on the card path "
			                 "(passed over %s; hexaid cards lists them)", ext->text, passed);
		else
			yerror(doc, ext, "no card '%s' beside this file or on the card path "
			                 "(hexaid cards lists them)", ext->text);
		free(passed);
	} else {
		size_t mark = dl->count;
		if (!load_card(card, base, cp, dl, depth + 1)) {
			filehead_quote_if_own(dl, mark, base);
			yerror(doc, ext, "the card it extends, %s, is not valid", base);
		}
		else if (strcmp(card->id, ext->text) != 0) /* reader: card ids */
			yerror(doc, ext, "%s holds the card '%s', not '%s'", base, card->id, ext->text);
		else
			ok = card_merge(card, doc);
		free(base);
	}
	return ok;
}

static bool
load_card(struct card *card, const char *path, const struct cardpath *cp, struct diag_list *dl,
          int depth)
{
	struct ydoc doc;
	bool ok;

	if (!ydoc_load_file(&doc, path, &ylimits_card, dl)) {
		ydoc_free(&doc);
		return false;
	}
	ok = read_doc(card, &doc, cp, dl, depth);
	ydoc_free(&doc);
	return ok;
}

bool
card_load(struct card *card, const char *path, const struct cardpath *cp, struct diag_list *dl)
{
	bool ok;

	memset(card, 0, sizeof *card);
	ok = load_card(card, path, cp, dl, 0);
	if (!ok)
		card_free(card);
	return ok;
}

bool
card_load_doc(struct card *card, struct ydoc *doc, const struct cardpath *cp,
              struct diag_list *dl)
{
	bool ok;

	memset(card, 0, sizeof *card);
	ok = read_doc(card, doc, cp, dl, 0);
	if (!ok)
		card_free(card);
	return ok;
}

void
card_free(struct card *card)
{
	for (size_t i = 0; i < card->new_scenario.nsides; i++) {
		free(card->new_scenario.sides[i].id);
		free(card->new_scenario.sides[i].name);
	}
	free(card->path);
	free(card->conditions);
	free(card->id);
	free(card->title);
	free(card->publisher);
	free(card->edition);
	free(card->based_on);
	free(card->extends);
	card_notes_free(&card->notes);
	free(card->fire_over_seed);
	free(card->battle_back.seed);
	free(card->battle_back.note);
	free(card->retreat_blocked.seed);
	free(card->retreat_blocked.note);
	free(card->take_ground.seed);
	free(card->take_ground.note);
	free(card->formation_change.seed);
	free(card->formation_change.note);
	for (size_t i = 0; i < card->nclasses; i++) {
		free(card->classes[i].id);
		free(card->classes[i].name);
	}
	free(card->classes);
	for (size_t i = 0; i < card->nvalues; i++) {
		free(card->values[i].id);
		free(card->values[i].name);
		free(card->values[i].seed);
		free(card->values[i].note);
	}
	free(card->values);
	for (int w = 0; w < N_WORD_LISTS; w++) {
		for (size_t i = 0; i < card->words[w].count; i++)
			free(card->words[w].words[i]);
		free(card->words[w].words);
	}
	for (size_t i = 0; i < card->nterrain; i++)
		card_terrain_free(&card->terrain[i]);
	for (size_t i = 0; i < card->nsettings; i++) {
		for (size_t k = 0; k < card->settings[i].nchoices; k++)
			free(card->settings[i].choices[k]);
		free(card->settings[i].choices);
		free(card->settings[i].id);
		free(card->settings[i].seed);
		free(card->settings[i].note);
	}
	free(card->settings);
	for (size_t i = 0; i < card->ncategories; i++)
		card_category_free(&card->categories[i]);
	free(card->categories);
	for (size_t i = 0; i < card->ntables; i++)
		card_table_free(&card->tables[i]);
	free(card->tables);
	for (size_t i = 0; i < card->ndice; i++)
		card_die_free(&card->dice[i]);
	free(card->dice);
	for (size_t i = 0; i < card->modifiers.count; i++)
		card_rule_free(&card->modifiers.items[i]);
	for (size_t i = 0; i < card->scoring.count; i++)
		card_rule_free(&card->scoring.items[i]);
	free(card->scoring.items);
	for (size_t i = 0; i < card->events.count; i++)
		card_rule_free(&card->events.items[i]);
	free(card->events.items);
	for (size_t i = 0; i < card->nactions; i++)
		free(card->actions[i]);
	free(card->actions);
	for (size_t i = 0; i < card->ngroups; i++)
		free(card->groups[i]);
	free(card->groups);
	for (size_t i = 0; i < card->nphases; i++)
		card_phase_free(&card->phases[i]);
	free(card->phases);
	for (size_t i = 0; i < card->nresolutions; i++)
		card_resolution_free(&card->resolutions[i]);
	free(card->resolutions);
	free(card->battle_die_id);
	free(card->modifiers.items);
	for (size_t i = 0; i < card->nfiles; i++)
		free(card->files[i]);
	free(card->files);
	free(card->terrain);
	memset(card, 0, sizeof *card);
}
