/* card-read-terrain.c: reads the terrain section of a rule card (data layer):
 * each terrain entry's attributes, and its sections of rules (read by
 * card-read-rules.c). Shorthands (`costs:`, `extra_costs:`) expand into
 * ordinary rules.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "xmalloc.h"

/* ---- terrain ---------------------------------------------------------------- */

/* A terrain's section of rules; the row's arg says which. */
static bool
read_section(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct terrain *t = rd->obj;
	enum section section = (enum section)rd->field->arg;

	return card_read_rules(doc, n, rd->ctx, &t->sections[section], section);
}

static bool
read_glyph(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	const struct card *card = rd->ctx;
	struct terrain *t = rd->obj;
	const char *s;

	if (!ystring(doc, n, &s))
		return false;
	if (strlen(s) != 1 || s[0] < '!' || s[0] > '~')
		return yerror(doc, n, "a glyph is one printable ASCII character, such as 'f'");
	for (size_t i = 0; i < card->nterrain; i++) {
		const struct terrain *other = &card->terrain[i];

		if (other != t && other->glyph == s[0])
			return yerror(doc, n, "'%c' is already the glyph of %s (%s:%d); give each "
			              "terrain its own", s[0], other->id, other->file, other->line);
	}
	t->glyph = s[0];
	return true;
}

/* `level: 2`, or `level: [2, 4]` where the players set each of its hexes from 2
 * to 4 (the map's level of the hex), 2 unless they do. */
static bool
read_level(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct terrain *t = rd->obj;
	long level, most;

	if (n->kind == YNODE_SEQUENCE) {
		if (n->count != 2)
			return yerror(doc, n, "give one level, or the least and the most: [2, 4]");
		if (!yint(doc, n->items[0], 0, 9, &level) || !yint(doc, n->items[1], 0, 9, &most))
			return false;
		if (level >= most)
			return yerror(doc, n, "the least comes first, and is less than the most: "
			                      "[%ld, %ld]", most < level ? most : level, most < level ? level : most);
	} else if (!yint(doc, n, 0, 9, &level)) {
		return false;
	} else {
		most = 0;
	}
	t->level = (int)level;
	t->level_most = (int)most;
	return true;
}

/* A terrain's id may not be another terrain's alias (a house card's new
 * terrain named like the base card's alias). */
static bool
id_is_no_alias(struct ydoc *doc, const struct card *card, const struct ynode *at, const char *id)
{
	for (size_t i = 0; i < card->nterrain; i++)
		for (size_t k = 0; k < card->terrain[i].naliases; k++)
			/* reader: card ids, aliases */
			if (strcmp(card->terrain[i].aliases[k], id) == 0)
				return yerror(doc, at, "'%s' is already another name of %s (%s:%d); give "
				              "the terrain another id", id, card->terrain[i].id,
				              card->terrain[i].file, card->terrain[i].line);
	return true;
}

static void
free_aliases(struct terrain *t)
{
	for (size_t i = 0; i < t->naliases; i++)
		free(t->aliases[i]);
	free(t->aliases);
	t->aliases = NULL;
	t->naliases = 0;
}

/* `aliases: [vineyards, rocky_ground]`: other names that mean this terrain, on
 * the map's legend, in commands and questions. */
static bool
read_aliases(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	const struct card *card = rd->ctx;
	struct terrain *t = rd->obj;
	bool ok = true;

	if (!yis_sequence(doc, n, "aliases"))
		return false;
	free_aliases(t);
	t->aliases = xcalloc(n->count + 1, sizeof *t->aliases);
	for (size_t i = 0; i < n->count; i++) {
		const char *id;
		int other;

		if (!yid(doc, n->items[i], &id)) {
			ok = false;
			continue;
		}
		other = card_terrain(card, id);
		if (other >= 0 && &card->terrain[other] != t) {
			ok = yerror(doc, n->items[i], "'%s' already names %s (%s:%d)", id,
			            card->terrain[other].id, card->terrain[other].file,
			            card->terrain[other].line) && ok;
			continue;
		}
		t->aliases[t->naliases++] = xstrdup(id);
	}
	return ok;
}

static bool
read_terrain_notes(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct terrain *t = rd->obj;

	return card_read_notes(doc, n, rd->ctx, &t->notes);
}

/* `structure: { strength: 8, becomes: rough_ground }`: the terrain can be damaged;
 * the hits that destroy it unless the scenario says otherwise, and what it
 * becomes then (nothing given: it is gone). */
static const struct yfield structure_fields[] = {
	{ "strength", AS_INT(struct terrain, structure_strength, 1, 99), .required = true,
	  .help = "the hits that destroy it, unless the scenario says otherwise" },
	{ "becomes", AS_NAME(struct terrain, structure_becomes, FT_TERRAIN), .shape = &ys_id,
	  .help = "the terrain it becomes when destroyed (none: it is gone)" },
	{ "seed", AS_TEXT(struct terrain, structure_seed), .help = "the rulebook line it comes from" },
	{ "note", AS_COMMENT, .help = "words for the players" },
};

static const struct ytable structure_table = YTABLE("structure", structure_fields);

static bool
read_structure(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct terrain *t = rd->obj;

	t->structure_line = n->line;
	return yis_mapping(doc, n, "structure") && ymap_read(doc, n, &structure_table, t, rd->ctx);
}

static bool
read_overrides(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct terrain *t = rd->obj;
	bool ok = true;
	int s;

	if (!yis_sequence(doc, n, "overrides"))
		return false;
	t->overrides = 0;
	for (size_t i = 0; i < n->count; i++) {
		if (yenum(doc, n->items[i], section_keys, N_SECTIONS, "section", &s))
			t->overrides |= 1u << s;
		else
			ok = false;
	}
	return ok;
}

static bool
read_cancels(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct terrain *t = rd->obj;
	bool ok = true;

	if (!yis_sequence(doc, n, "cancels"))
		return false;
	free(t->cancels);
	t->ncancels = 0;
	t->cancels = xcalloc(n->count + 1, sizeof *t->cancels);
	for (size_t i = 0; i < n->count; i++) {
		if (card_read_name(doc, rd->ctx, n->items[i], FT_TERRAIN, &t->cancels[t->ncancels]))
			t->ncancels++;
		else
			ok = false;
	}
	return ok;
}

/* Drop the rules a shorthand table made, so a house-rules card's table replaces
 * them (and only them). */
static void
drop_shorthand(struct rule_list *rl, enum effect e)
{
	size_t kept = 0;

	for (size_t i = 0; i < rl->count; i++) {
		if (rl->items[i].shorthand && rl->items[i].effect == e)
			card_rule_free(&rl->items[i]);
		else
			rl->items[kept++] = rl->items[i];
	}
	rl->count = kept;
}

/* `costs: { infantry: 1, cavalry: 2, artillery: prohibited }` (the row's arg:
 * EFFECT_COST) or `extra_costs:` (EFFECT_COST_ADD): one rule per class. */
static bool
read_cost_table(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->ctx;
	struct terrain *t = rd->obj;
	enum effect e = (enum effect)rd->field->arg;
	struct rule_list *rl = &t->sections[SECTION_MOVE];
	bool ok = true;

	if (!yis_mapping(doc, n, effect_info[e].key))
		return false;
	drop_shorthand(rl, e);
	drop_shorthand(rl, EFFECT_PROHIBITED);
	for (size_t i = 0; i < n->count; i++) {
		struct rule r;
		struct cond *c;
		int cls;

		memset(&r, 0, sizeof r);
		if (!card_read_name(doc, card, n->keys[i], FT_CLASS, &cls)) {
			ok = false;
			continue;
		}
		r.line = n->keys[i]->line;
		r.file = card->reading;
		r.shorthand = true;
		r.seed = t->seed ? xstrdup(t->seed) : NULL;
		r.effect = e;
		/* reader: card values */
		if (n->items[i]->kind == YNODE_SCALAR && strcmp(n->items[i]->text, "prohibited") == 0) {
			r.effect = EFFECT_PROHIBITED;
			r.amount = 1;
		} else if (!card_read_points(doc, n->items[i], &r.amount)) {
			free(r.seed);
			ok = false;
			continue;
		}
		r.conds = c = xcalloc(1, sizeof *c);
		r.nconds = 1;
		c->fact = FACT_UNIT;
		c->values = xcalloc(1, sizeof *c->values);
		c->values[0] = cls;
		c->nvalues = 1;
		*(struct rule *)xgrow(&rl->items, &rl->count, &rl->cap, sizeof r) = r;
	}
	return ok;
}

/* `level_change: 1` or `level_change: [2, 9]`: levels climbed (negative: down);
 * `levels_apart: [3, 99]` (the row's arg 1): levels between the two hexes, up or
 * down. */
static bool
read_level_change(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct terrain *t = rd->obj;
	bool apart = rd->field->arg == 1;
	long lo, hi;

	if (n->kind == YNODE_SEQUENCE) {
		if (n->count != 2)
			return yerror(doc, n, "give one number, or the least and the most: [2, 9]");
		if (!yint(doc, n->items[0], -99, 99, &lo) || !yint(doc, n->items[1], -99, 99, &hi))
			return false;
		if (lo > hi)
			return yerror(doc, n, "the least comes first: [%ld, %ld]", hi, lo);
	} else if (!yint(doc, n, -99, 99, &lo)) {
		return false;
	} else {
		hi = lo;
	}
	if (apart && lo < 0)
		return yerror(doc, n, "levels apart count up or down: give 0 or more");
	if (apart) {
		t->on_levels_apart = true;
		t->apart_min = (int)lo;
		t->apart_max = (int)hi;
		return true;
	}
	t->on_level_change = true;
	t->level_min = (int)lo;
	t->level_max = (int)hi;
	return true;
}

/* The key `attacking_out` in the conditions of one of an entry's rules, or NULL. */
static const struct ynode *
attacking_out_key(const struct ynode *entry)
{
	static const char *const conds[] = { "when", "unless" };

	for (int s = 0; s < N_SECTIONS; s++) {
		const struct ynode *rules = ymap_find(entry, section_keys[s]);

		for (size_t i = 0; rules != NULL && rules->kind == YNODE_SEQUENCE && i < rules->count;
		     i++)
			for (size_t c = 0; c < 2 && rules->items[i]->kind == YNODE_MAPPING; c++) {
				const struct ynode *m = ymap_find(rules->items[i], conds[c]);

				for (size_t k = 0; m != NULL && m->kind == YNODE_MAPPING && k < m->count; k++)
					/* reader: card keys */
					if (strcmp(m->keys[k]->text, fact_info[FACT_ATTACKING_OUT].key) == 0)
						return m->keys[k];
			}
	}
	return NULL;
}

/* Only an attack across a feature that encloses a hex is attacking out: on any
 * other feature the target is behind it, whichever side the attack comes from,
 * and a rule testing attacking_out would mean what the scenario happened to list. */
static bool
check_attacking_out(struct ydoc *doc, const struct terrain *t, const struct ynode *entry)
{
	const struct ynode *key;

	if (t->kind != TERRAIN_HEXSIDE || t->encloses || entry->kind != YNODE_MAPPING ||
	    (key = attacking_out_key(entry)) == NULL)
		return true;
	return yerror(doc, key, "'%s' encloses no hex, so an attack across it is never "
	                        "attacking out: drop the condition, or give '%s' 'encloses: true'",
	              t->id, t->id);
}

static const char *const prohibited[] = { "prohibited" };
static const struct yshape cost_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_POINTS, .or = &(const struct yshape){
	                                            .kind = YS_ENUM, .names = prohibited, .nnames = 1 } }
};
static const struct yshape level_pair = {
	.kind = YS_LIST, .item = &(const struct yshape){ .kind = YS_INT, .min = -99, .max = 99 }
};
static const struct yshape levels = { .kind = YS_INT, .min = -99, .max = 99, .or = &level_pair };
static const struct yshape sections = {
	.kind = YS_LIST, .item = &(const struct yshape){ .kind = YS_ENUM, .names = section_keys,
	                                         .nnames = N_SECTIONS }
};

static const struct yfield terrain_fields[] = {
	{ "seed", AS_TEXT(struct terrain, seed), .help = "the rulebook line the entry comes from" },
	{ "level_change", READ_BY(read_level_change), .shape = &levels,
	  .help = "condition: levels climbed (negative: down), or [least, most]" },
	{ "levels_apart", READ_BY(read_level_change), .arg = 1, .shape = &levels,
	  .help = "condition: levels between the two hexes, up or down, or [least, most]" },
	{ "friendly_unit", AS_BOOL(struct terrain, on_friendly_unit),
	  .help = "condition: met when the hex holds a friendly unit" },
	{ "leaving_zoc", AS_BOOL(struct terrain, on_leaving_zoc),
	  .help = "condition: met when the unit leaves an enemy zone of control" },
	{ "entering_zoc", AS_BOOL(struct terrain, on_entering_zoc),
	  .help = "condition: met when the unit enters an enemy zone of control" },
	{ "on_side", AS_NAME(struct terrain, on_side, FT_TERRAIN), .shape = &ys_id,
	  .help = "condition: met on a side that holds this hexside feature" },
	{ "note", AS_TEXT(struct terrain, note), .help = "words for the players" },
	{ "notes", READ_BY(read_terrain_notes), .shape = &card_notes_shape,
	  .help = "words for the players, a note or a list of them" },
	{ "aliases", READ_BY(read_aliases), .shape = &ys_ids,
	  .help = "other ids the terrain goes by in maps, commands and questions" },
	{ "category", AS_NAME(struct terrain, category, FT_CATEGORY), .shape = &ys_id,
	  .help = "its movement category (categories:)" },
	{ "costs", READ_BY(read_cost_table), .arg = EFFECT_COST, .shape = &cost_shape,
	  .help = "movement points to enter, by class, or prohibited" },
	{ "extra_costs", READ_BY(read_cost_table), .arg = EFFECT_COST_ADD, .shape = &cost_shape,
	  .help = "movement points added to the cost, by class, or prohibited" },
	{ "name", AS_TEXT(struct terrain, name), .help = "the terrain's name for the players" },
	{ "kind", AS_ENUM(struct terrain, kind, terrain_kind_names, N_TERRAIN_KINDS,
	                  "kind of terrain"),
	  .help = "where it lies: a hex, a token on one, a hexside, a path or a condition" },
	{ "glyph", READ_BY(read_glyph), .shape = &ys_char,
	  .help = "the character the map draws it with" },
	{ "level", READ_BY(read_level), .shape = &levels,
	  .help = "the level of its hexes, or the least and the most [2, 4]" },
	{ "blocks_los", AS_BOOL(struct terrain, los_blocks), .help = "true: it blocks line of sight" },
	{ "unit_blocks_los", AS_BOOL(struct terrain, los_unit_blocks),
	  .help = "true: a unit on it blocks line of sight" },
	{ "overrides", READ_BY(read_overrides), .shape = &sections,
	  .help = "the sections in which its rules replace the hex's others" },
	{ "encloses", AS_BOOL(struct terrain, encloses),
	  .help = "hexside: true when it encloses a hex (attacking out)" },
	{ "cancels", READ_BY(read_cancels), .shape = &ys_ids,
	  .help = "terrain whose rules it cancels in the same hex" },
	{ "move", READ_BY(read_section), .arg = SECTION_MOVE, .shape = &card_rules_shape,
	  .help = "rules for a unit moving into or across it" },
	{ "battle_from", READ_BY(read_section), .arg = SECTION_BATTLE_FROM,
	  .shape = &card_rules_shape, .help = "rules for a unit battling from it" },
	{ "battle_into", READ_BY(read_section), .arg = SECTION_BATTLE_INTO,
	  .shape = &card_rules_shape, .help = "rules for a battle into it" },
	{ "protection", READ_BY(read_section), .arg = SECTION_PROTECTION,
	  .shape = &card_rules_shape, .help = "what it cancels of a battle's score on its target" },
	{ "cover", READ_BY(read_section), .arg = SECTION_COVER, .shape = &card_rules_shape,
	  .help = "rules for a target it covers" },
	{ "structure", READ_BY(read_structure),
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &structure_table },
	  .help = "the terrain can be damaged: its strength and what it becomes" },
};

static const struct ytable terrain_table = YTABLE("terrain entry", terrain_fields);

const struct yshape card_terrain_shape = {
	.kind = YS_MAP, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &terrain_table }
};

bool
card_read_terrain(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "terrain"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *seed;
		struct terrain *t;
		const char *id;

		if (!yid(doc, n->keys[i], &id)) {
			ok = false;
			continue;
		}
		if (!id_is_no_alias(doc, card, n->keys[i], id)) {
			ok = false;
			continue;
		}
		if (card_terrain_id(card, id) >= TERRAIN_KINDS_MAX) {
			ok = yerror(doc, n->keys[i], "'%s' is one terrain kind too many: a card and "
			                             "the cards it extends define %d at most", id,
			            TERRAIN_KINDS_MAX);
			continue;
		}
		t = &card->terrain[card_terrain_id(card, id)];
		t->file = card->reading;
		t->line = n->keys[i]->line;
		/* The row's seed line is given to the shorthand rules, wherever it stands. */
		seed = ymap_find(n->items[i], "seed");
		if (seed != NULL && seed->kind == YNODE_SCALAR && t->seed == NULL)
			t->seed = xstrdup(seed->text);
		ok = ymap_read(doc, n->items[i], &terrain_table, t, card) && ok;
		if ((t->on_level_change || t->on_levels_apart || t->on_friendly_unit ||
		     t->on_leaving_zoc || t->on_entering_zoc || t->on_side >= 0) &&
		    t->kind != TERRAIN_CONDITION)
			ok = yerror(doc, n->keys[i], "'%s' says when it is met (level_change, "
			                             "levels_apart, friendly_unit, leaving_zoc, "
			                             "entering_zoc, on_side): give it 'kind: condition'",
			            id) && ok;
		if (t->on_side >= 0 && card->terrain[t->on_side].kind != TERRAIN_HEXSIDE)
			ok = yerror(doc, n->keys[i], "'%s' is met on a side that holds %s, which is "
			                             "no hexside feature", id, card->terrain[t->on_side].id) && ok;
		ok = check_attacking_out(doc, t, n->items[i]) && ok;
		if (t->encloses && t->kind != TERRAIN_HEXSIDE)
			ok = yerror(doc, n->keys[i], "'%s' encloses a hex, which only a feature along "
			                             "hexsides does: give it 'kind: hexside'", id) && ok;
		/* A new entry names itself; one that changes a card it extends keeps its name. */
		if (t->name == NULL && n->items[i]->kind == YNODE_MAPPING)
			ok = yerror(doc, n->items[i], "terrain entry '%s' has no 'name'; add a line "
			                              "'name: ...'", id) && ok;
	}
	return ok;
}

void
card_terrain_free(struct terrain *t)
{
	free(t->id);
	free(t->seed);
	free(t->note);
	card_notes_free(&t->notes);
	free_aliases(t);
	free(t->name);
	free(t->cancels);
	free(t->structure_seed);
	for (int s = 0; s < N_SECTIONS; s++) {
		for (size_t i = 0; i < t->sections[s].count; i++)
			card_rule_free(&t->sections[s].items[i]);
		free(t->sections[s].items);
	}
}
