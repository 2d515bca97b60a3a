/* card-terrain.c: reads the terrain section of a rule card (data layer): each
 * terrain entry's attributes and its rules. A rule is a mapping with conditions
 * (`when:`, `unless:`, keys from list-facts.h) and exactly one effect (a key from
 * list-effects.h) allowed in the section it stands in. Shorthands (`costs:`,
 * `extra_costs:`) expand into ordinary rules. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "strutil.h"
#include "xmalloc.h"

/* ---- rules ---------------------------------------------------------------- */

struct rule_ctx {
	struct card *card;
	struct rule *rule;
	enum section section;
	const struct ynode *effect_key; /* the effect given first, for messages */
	bool negated;                   /* reading `unless:` */
	int effects;
};

static bool
read_cond_values(struct ydoc *doc, struct rule_ctx *ctx, struct cond *c, const struct ynode *n)
{
	const struct ynode *one = n;
	size_t count = 1;
	bool ok = true;

	if (n->kind == YNODE_SEQUENCE) {
		count = n->count;
		if (count == 0)
			return yerror(doc, n, "an empty list matches nothing; give at least one %s",
			              card_vocabulary_what[fact_info[c->fact].type]);
	}
	c->values = xcalloc(count, sizeof *c->values);
	for (size_t i = 0; i < count; i++) {
		if (n->kind == YNODE_SEQUENCE)
			one = n->items[i];
		if (card_read_name(doc, ctx->card, one, fact_info[c->fact].type, &c->values[c->nvalues]))
			c->nvalues++;
		else
			ok = false;
	}
	return ok;
}

static struct cond *
new_cond(struct rule *r)
{
	struct cond *c;

	r->conds = xreallocarray(r->conds, r->nconds + 1, sizeof *r->conds);
	c = &r->conds[r->nconds++];
	memset(c, 0, sizeof *c);
	return c;
}

/* `setting: { name: choice }` or `{ name: [choice, ...] }`: one condition each. */
static bool
read_setting_conds(struct ydoc *doc, const struct ynode *n, struct rule_ctx *ctx)
{
	bool ok = true;

	if (!yis_mapping(doc, n, "setting"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *v = n->items[i];
		struct setting *st;
		struct cond *c;
		int which;

		if (!card_read_name(doc, ctx->card, n->keys[i], FT_SETTING, &which)) {
			ok = false;
			continue;
		}
		st = &ctx->card->settings[which];
		c = new_cond(ctx->rule);
		c->fact = FACT_SETTING;
		c->negated = ctx->negated;
		c->setting = which;
		c->values = xcalloc(v->kind == YNODE_SEQUENCE ? v->count + 1 : 1, sizeof *c->values);
		for (size_t k = 0; k < (v->kind == YNODE_SEQUENCE ? v->count : 1); k++) {
			const struct ynode *one = v->kind == YNODE_SEQUENCE ? v->items[k] : v;
			if (yenum(doc, one, (const char *const *)st->choices, st->nchoices,
			          "choice", &c->values[c->nvalues]))
				c->nvalues++;
			else
				ok = false;
		}
	}
	return ok;
}

/* One number range of a distance or count: "3", "1-2" or "6+", as the pair
 * (min, max). */
static bool
read_one_number(struct ydoc *doc, const struct ynode *n, const char *key, int *min, int *max)
{
	const char *s = n->kind == YNODE_SCALAR ? n->text : NULL;
	long a, b;
	char *dash, *copy;
	bool ok;

	if (s == NULL)
		return yerror(doc, n, "%s: give a number, A-B or N+ (such as 3, 1-2 or 6+)", key);
	copy = xstrdup(s);
	dash = strchr(copy, '-');
	if (dash != NULL)
		*dash = '\0';
	if (copy[0] != '\0' && copy[strlen(copy) - 1] == '+' && dash == NULL) {
		copy[strlen(copy) - 1] = '\0';
		ok = str_long(copy, 0, 10000, &a);
		b = INT_MAX;
	} else {
		ok = str_long(copy, 0, 10000, &a) &&
		     (dash == NULL ? (b = a, true) : str_long(dash + 1, 0, 10000, &b)) && a <= b;
	}
	free(copy);
	if (!ok)
		return yerror(doc, n, "%s: '%s' is not a number, A-B (A at most B) or N+, "
		                      "0 to 10000", key, s);
	*min = (int)a;
	*max = (int)b;
	return true;
}

/* `distance: 3`, `target_supports: 1-2`, `distance: 6+` or a list of them. */
static bool
read_number_cond(struct ydoc *doc, const struct ynode *n, struct cond *c)
{
	size_t count = n->kind == YNODE_SEQUENCE ? n->count : 1;
	bool ok = true;

	c->values = xcalloc(2 * count, sizeof *c->values);
	for (size_t k = 0; k < count; k++) {
		const struct ynode *one = n->kind == YNODE_SEQUENCE ? n->items[k] : n;
		if (read_one_number(doc, one, fact_info[c->fact].key, &c->values[c->nvalues],
		                    &c->values[c->nvalues + 1]))
			c->nvalues += 2;
		else
			ok = false;
	}
	return ok;
}

static bool
read_cond(struct ydoc *doc, const struct ynode *n, struct rule_ctx *ctx, enum fact fact)
{
	struct rule *r = ctx->rule;
	struct cond *c;

	if (fact_info[fact].type == FT_SETTING)
		return read_setting_conds(doc, n, ctx);
	r->conds = xreallocarray(r->conds, r->nconds + 1, sizeof *r->conds);
	c = &r->conds[r->nconds++];
	memset(c, 0, sizeof *c);
	c->fact = fact;
	c->negated = ctx->negated;
	if (fact_info[fact].type == FT_BOOL)
		return ybool(doc, n, &c->truth);
	if (fact_info[fact].type == FT_NUMBER)
		return read_number_cond(doc, n, c);
	return read_cond_values(doc, ctx, c, n);
}

#define FACT(name, key, type, help)                                               \
	static bool read_fact_##name(struct ydoc *doc, const struct ynode *n, void *obj) \
	{                                                                         \
		return read_cond(doc, n, obj, FACT_##name);                       \
	}
#include "list-facts.h"
#undef FACT

static const struct yfield cond_fields[] = {
#define FACT(name, key, type, help) { key, false, read_fact_##name },
#include "list-facts.h"
#undef FACT
};

static bool
read_conds(struct ydoc *doc, const struct ynode *n, struct rule_ctx *ctx, bool negated)
{
	ctx->negated = negated;
	return ymap_read(doc, n, cond_fields, N_FACTS, negated ? "unless" : "when", ctx);
}

static bool
read_when(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return read_conds(doc, n, obj, false);
}

static bool
read_unless(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return read_conds(doc, n, obj, true);
}

static bool
read_may(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return ybool(doc, n, &((struct rule_ctx *)obj)->rule->may);
}

static bool
read_assumed(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return ybool(doc, n, &((struct rule_ctx *)obj)->rule->assumed);
}

static bool
read_seed(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return card_read_text(doc, n, &((struct rule_ctx *)obj)->rule->seed);
}

static bool
read_face(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct rule_ctx *ctx = obj;
	const char *id;

	if (ctx->section != SECTION_SCORING)
		return yerror(doc, n, "'face' belongs in a scoring rule");
	if (!yid(doc, n, &id))
		return false;
	free(ctx->rule->face_id);
	ctx->rule->face_id = xstrdup(id);
	ctx->rule->face_line = n->line;
	ctx->rule->face_col = n->col;
	return true;
}

/* `beats_protection: true`: what this face scores is not cancelled by terrain
 * protection (protection ignores some symbols, not every hit). */
static bool
read_beats_protection(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct rule_ctx *ctx = obj;

	if (ctx->section != SECTION_SCORING)
		return yerror(doc, n, "'beats_protection' belongs in a scoring rule");
	return ybool(doc, n, &ctx->rule->beats_protection);
}

/* `on: battle`: the event an event rule answers. */
static bool
read_on(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct rule_ctx *ctx = obj;
	const char *id;

	if (ctx->section != SECTION_EVENTS)
		return yerror(doc, n, "'on' belongs in an event rule");
	if (!yid(doc, n, &id))
		return false;
	free(ctx->rule->on);
	ctx->rule->on = xstrdup(id);
	return true;
}

/* `rolled: [burst]`: faces of the battle die; the rule applies when one was rolled. */
static bool
read_rolled(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct rule_ctx *ctx = obj;
	size_t count = n->kind == YNODE_SEQUENCE ? n->count : 1;
	bool ok = true;

	if (ctx->section != SECTION_EVENTS)
		return yerror(doc, n, "'rolled' belongs in an event rule");
	ctx->rule->rolled_line = n->line;
	ctx->rule->rolled_col = n->col;
	for (size_t i = 0; i < count; i++) {
		const char *id;
		if (!yid(doc, n->kind == YNODE_SEQUENCE ? n->items[i] : n, &id)) {
			ok = false;
			continue;
		}
		ctx->rule->rolled_ids = xreallocarray(ctx->rule->rolled_ids, ctx->rule->nrolled + 1,
		                                      sizeof *ctx->rule->rolled_ids);
		ctx->rule->rolled_ids[ctx->rule->nrolled++] = xstrdup(id);
	}
	return ok;
}

/* `instead_of_battle: true`: an action a unit takes in place of its battle. */
static bool
read_instead_of_battle(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct rule_ctx *ctx = obj;

	if (ctx->section != SECTION_EVENTS)
		return yerror(doc, n, "'instead_of_battle' belongs in an event rule");
	return ybool(doc, n, &ctx->rule->instead_of_battle);
}

/* `roll: 1`: an enter event's battle dice, rolled when a unit enters to see
 * whether its `rolled:` faces come up. */
static bool
read_roll(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct rule_ctx *ctx = obj;
	long v;

	if (ctx->section != SECTION_EVENTS)
		return yerror(doc, n, "'roll' belongs in an event rule");
	if (!yint(doc, n, 1, 64, &v))
		return false;
	ctx->rule->roll = (int)v;
	return true;
}

/* `with: shell_crater`: what a `replace:` puts in place of the terrain. */
static bool
read_with(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct rule_ctx *ctx = obj;

	if (ctx->section != SECTION_EVENTS)
		return yerror(doc, n, "'with' belongs in an event rule that replaces");
	return card_read_name(doc, ctx->card, n, FT_TERRAIN, &ctx->rule->with);
}

static bool
read_group(struct ydoc *doc, const struct ynode *n, void *obj)
{
	const char *id;

	if (!yid(doc, n, &id))
		return false;
	free(((struct rule_ctx *)obj)->rule->group);
	((struct rule_ctx *)obj)->rule->group = xstrdup(id);
	return true;
}

/* `per: beyond_range`: a number fact the rule's amount counts once for each of. */
static bool
read_per(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct rule *r = ((struct rule_ctx *)obj)->rule;
	const char *keys[N_FACTS];
	size_t nkeys = 0;
	int k;

	for (int f = 0; f < N_FACTS; f++)
		if (fact_info[f].type == FT_NUMBER)
			keys[nkeys++] = fact_info[f].key;
	if (!yenum(doc, n, keys, nkeys, "count", &k))
		return false;
	for (int f = 0; f < N_FACTS; f++)
		if (strcmp(fact_info[f].key, keys[k]) == 0)
			r->per = f + 1;
	return true;
}

static bool
read_note(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return card_read_text(doc, n, &((struct rule_ctx *)obj)->rule->note);
}

/* The section an effect belongs in, for the message when it stands elsewhere. */
static const char *
home_section(enum effect e)
{
	for (int s = 0; s < N_SECTIONS; s++)
		if (effect_info[e].sections & (1u << s))
			return section_keys[s];
	return "?";
}

static const struct ynode *
key_of(const struct ynode *map, const struct ynode *value)
{
	for (size_t i = 0; i < map->count; i++)
		if (map->items[i] == value)
			return map->keys[i];
	return value;
}

/* attacker or defender: the side a tie goes to, as 1 or -1. */
static bool
read_side(struct ydoc *doc, const struct ynode *n, long *amount)
{
	static const char *const sides[] = { "attacker", "defender" };
	int k;

	if (!yenum(doc, n, sides, 2, "side", &k))
		return false;
	*amount = k == 0 ? 1 : -1;
	return true;
}

static bool
read_effect(struct ydoc *doc, const struct ynode *n, struct rule_ctx *ctx, enum effect e,
            const struct ynode *map)
{
	const struct ynode *key = key_of(map, n);
	bool flag;

	if (ctx->effects++ > 0)
		return yerror(doc, key,
		              "a rule has one effect, and '%s' was given at line %d; write a second "
		              "rule for '%s'",
		              ctx->effect_key->text, ctx->effect_key->line, key->text);
	ctx->effect_key = key;
	ctx->rule->effect = e;
	if (!(effect_info[e].sections & (1u << ctx->section)))
		return yerror(doc, key, "'%s' belongs in '%s', not in '%s'", key->text,
		              home_section(e), section_keys[ctx->section]);
	if (effect_info[e].value == EFFECT_INT)
		return yint(doc, n, -99, 99, &ctx->rule->amount);
	if (effect_info[e].value == EFFECT_POINTS)
		return card_read_points(doc, n, &ctx->rule->amount);
	if (effect_info[e].value == EFFECT_TERRAIN) {
		int t;
		if (!card_read_name(doc, ctx->card, n, FT_TERRAIN, &t))
			return false;
		ctx->rule->amount = t;
		return true;
	}
	if (effect_info[e].value == EFFECT_SIDE)
		return read_side(doc, n, &ctx->rule->amount);
	if (effect_info[e].value == EFFECT_TEXT) {
		ctx->rule->amount = 0;
		return card_read_text(doc, n, &ctx->rule->text);
	}
	if (!ybool(doc, n, &flag))
		return false;
	if (!flag)
		return yerror(doc, n, "write '%s: true', or leave the rule out", key->text);
	ctx->rule->amount = 1;
	return true;
}

/* ymap_read does not pass the mapping to readers; the effect readers need it for
 * positions, so the rule reader keeps it here for the duration of one rule. */
struct effect_reader_ctx {
	struct rule_ctx rule;
	const struct ynode *map;
};

#define EFFECT(name, key, value, sections, help)                                       \
	static bool read_effect_##name(struct ydoc *doc, const struct ynode *n, void *obj) \
	{                                                                              \
		struct effect_reader_ctx *ec = obj;                                    \
		return read_effect(doc, n, &ec->rule, EFFECT_##name, ec->map);         \
	}
#include "list-effects.h"
#undef EFFECT

/* Readers of the rule fields that are not effects take a struct rule_ctx; the
 * effect_reader_ctx starts with one, so the same pointer serves both. */
static const struct yfield rule_fields[] = {
	{ "when", false, read_when },
	{ "unless", false, read_unless },
	{ "may", false, read_may },
	{ "seed", false, read_seed },
	{ "note", false, read_note },
	{ "per", false, read_per },
	{ "group", false, read_group },
	{ "face", false, read_face },
	{ "beats_protection", false, read_beats_protection },
	{ "on", false, read_on },
	{ "rolled", false, read_rolled },
	{ "with", false, read_with },
	{ "instead_of_battle", false, read_instead_of_battle },
	{ "roll", false, read_roll },
	{ "assumed", false, read_assumed },
#define EFFECT(name, key, value, sections, help) { key, false, read_effect_##name },
#include "list-effects.h"
#undef EFFECT
};

void
card_rule_free(struct rule *r)
{
	for (size_t i = 0; i < r->nconds; i++)
		free(r->conds[i].values);
	free(r->conds);
	free(r->seed);
	free(r->note);
	free(r->text);
	free(r->group);
	free(r->face_id);
	free(r->on);
	for (size_t i = 0; i < r->nrolled; i++)
		free(r->rolled_ids[i]);
	free(r->rolled_ids);
}

static bool
read_rule(struct ydoc *doc, const struct ynode *n, struct card *card, struct rule_list *list,
          enum section section)
{
	struct effect_reader_ctx ec;
	struct rule r;
	bool ok;

	memset(&r, 0, sizeof r);
	r.face = -1;
	r.with = -1;
	memset(&ec, 0, sizeof ec);
	ec.rule.card = card;
	ec.rule.rule = &r;
	ec.rule.section = section;
	ec.map = n;
	r.line = n->line;
	r.file = card->reading;
	ok = ymap_read(doc, n, rule_fields, sizeof rule_fields / sizeof rule_fields[0], "rule",
	               &ec);
	if (ok && ec.rule.effects == 0)
		ok = yerror(doc, n, "this rule has no effect; give one, such as 'dice: -1' or "
		                    "'must_stop: true' (hexaid(5) lists them)");
	if (ok && r.per > 0 && r.effect != EFFECT_DICE && r.effect != EFFECT_DRM &&
	    r.effect != EFFECT_DEFENSE)
		ok = yerror(doc, n, "'per' counts a 'dice', 'drm' or 'defense' amount, not '%s'",
		            effect_info[r.effect].key);
	if (!ok) {
		card_rule_free(&r);
		return false;
	}
	*(struct rule *)xgrow(&list->items, &list->count, &list->cap, sizeof r) = r;
	return true;
}

/* A section given again (by a card that extends another) replaces the rules
 * written in it; rules made by a `costs:` table stay until a table replaces them. */
static void
drop_written_rules(struct rule_list *rl)
{
	size_t kept = 0;

	for (size_t i = 0; i < rl->count; i++) {
		if (rl->items[i].shorthand)
			rl->items[kept++] = rl->items[i];
		else
			card_rule_free(&rl->items[i]);
	}
	rl->count = kept;
}

static bool
read_rules(struct ydoc *doc, const struct ynode *n, struct card *card, struct terrain *t,
           enum section section)
{
	bool ok = true;

	if (!yis_sequence(doc, n, section_keys[section]))
		return false;
	drop_written_rules(&t->sections[section]);
	for (size_t i = 0; i < n->count; i++)
		ok = read_rule(doc, n->items[i], card, &t->sections[section], section) && ok;
	return ok;
}

/* `modifiers:` battle rules of the card that belong to no terrain (a unit's
 * status, formation, the direction of the attack...). A card that extends
 * another replaces the list when it gives one. */
bool
card_read_modifiers(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct card *card = obj;
	bool ok = true;

	if (!yis_sequence(doc, n, "modifiers"))
		return false;
	drop_written_rules(&card->modifiers);
	for (size_t i = 0; i < n->count; i++)
		ok = read_rule(doc, n->items[i], card, &card->modifiers, SECTION_MODIFIERS) && ok;
	return ok;
}

/* An enter event (`on: enter`) is tried for each hex a move enters; only it may
 * make the unit lose strength, and only it rolls dice (`roll:`, one when it names
 * `rolled:` faces and no count). */
static bool
check_enter_event(struct ydoc *doc, const struct ynode *n, struct rule *r)
{
	bool enter = r->on != NULL && strcmp(r->on, "enter") == 0;

	if (!enter && r->effect == EFFECT_LOSE)
		return yerror(doc, n, "'lose' is for a unit entering a hex: on: enter");
	if (!enter && r->roll > 0)
		return yerror(doc, n, "'roll' is for a unit entering a hex: on: enter");
	if (enter && r->roll > 0 && r->nrolled == 0)
		return yerror(doc, n, "say which faces of the roll make the rule apply: rolled: FACE");
	if (enter && r->nrolled > 0 && r->roll == 0)
		r->roll = 1;
	return true;
}

/* `events:` what battles do to hexes: rules with `on:` (the event), conditions,
 * `rolled:` faces, and one effect (place, remove, replace, nothing, a structure
 * roll). For each event, the first rule that applies acts. */
bool
card_read_events(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct card *card = obj;
	bool ok = true;

	if (!yis_sequence(doc, n, "events"))
		return false;
	drop_written_rules(&card->events);
	for (size_t i = 0; i < n->count; i++) {
		size_t before = card->events.count;
		struct rule *r;

		if (!read_rule(doc, n->items[i], card, &card->events, SECTION_EVENTS)) {
			ok = false;
			continue;
		}
		r = &card->events.items[before];
		if (r->on == NULL)
			ok = yerror(doc, n->items[i], "an event rule names its event: on: battle");
		if (r->effect == EFFECT_REPLACE && r->with < 0)
			ok = yerror(doc, n->items[i], "say what replaces it: with: TERRAIN");
		if (r->effect != EFFECT_REPLACE && r->with >= 0)
			ok = yerror(doc, n->items[i], "'with' goes with 'replace'");
		ok = check_enter_event(doc, n->items[i], r) && ok;
	}
	return ok;
}

/* Once the card is read whole: the faces event rules name, on its battle die. */
bool
card_resolve_events(struct ydoc *doc, struct card *card)
{
	const struct die_kind *d = card->battle_die >= 0 ? &card->dice[card->battle_die] : NULL;
	bool ok = true;

	for (size_t i = 0; i < card->events.count; i++) {
		struct rule *r = &card->events.items[i];
		struct ynode at = { .line = r->rolled_line, .col = r->rolled_col };

		for (size_t k = 0; k < r->nrolled; k++) {
			int face = -1;

			for (size_t f = 0; d != NULL && f < d->nfaces && f < 64; f++)
				if (strcmp(d->faces[f].id, r->rolled_ids[k]) == 0)
					face = (int)f;
			if (face < 0)
				ok = yerror(doc, &at, "'%s' is not a face of the card's battle die",
				            r->rolled_ids[k]);
			else
				r->rolled |= UINT64_C(1) << face;
			free(r->rolled_ids[k]);
		}
		free(r->rolled_ids);
		r->rolled_ids = NULL;
		r->nrolled = 0;
	}
	return ok;
}

/* `scoring:` what each face of the battle die scores: rules with a `face:`, one
 * effect (hits or flags) and conditions (the target's class, the combat type). */
bool
card_read_scoring(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct card *card = obj;
	bool ok = true;

	if (!yis_sequence(doc, n, "scoring"))
		return false;
	drop_written_rules(&card->scoring);
	for (size_t i = 0; i < n->count; i++) {
		size_t before = card->scoring.count;
		ok = read_rule(doc, n->items[i], card, &card->scoring, SECTION_SCORING) && ok;
		if (card->scoring.count > before && card->scoring.items[before].face_id == NULL)
			ok = yerror(doc, n->items[i], "a scoring rule names the face it scores: "
			                              "face: ID") && ok;
	}
	return ok;
}

/* Once the card is read whole: the faces scoring rules name, on its battle die. */
bool
card_resolve_scoring(struct ydoc *doc, struct card *card)
{
	const struct die_kind *d = card->battle_die >= 0 ? &card->dice[card->battle_die] : NULL;
	bool ok = true;

	for (size_t i = 0; i < card->scoring.count; i++) {
		struct rule *r = &card->scoring.items[i];
		struct ynode at = { .line = r->face_line, .col = r->face_col };

		if (r->face_id == NULL || r->face >= 0)
			continue;
		if (d == NULL) {
			ok = yerror(doc, &at, "scoring needs the card's battle_die");
			break;
		}
		for (size_t f = 0; f < d->nfaces; f++)
			if (strcmp(d->faces[f].id, r->face_id) == 0)
				r->face = (int)f;
		if (r->face < 0) {
			const char *ids[64];
			size_t n = d->nfaces < 64 ? d->nfaces : 64;
			char *choices;

			for (size_t f = 0; f < n; f++)
				ids[f] = d->faces[f].id;
			choices = str_join_choices(ids, n);
			ok = yerror(doc, &at, "the battle die %s has no face '%s'; its faces are %s",
			            d->id, r->face_id, choices);
			free(choices);
		}
	}
	return ok;
}

/* ---- terrain ---------------------------------------------------------------- */

struct terrain_ctx {
	struct card *card;
	struct terrain *t;
};

#define SECTION_READER(sec, lower)                                                     \
	static bool read_##lower(struct ydoc *doc, const struct ynode *n, void *obj)    \
	{                                                                              \
		struct terrain_ctx *ctx = obj;                                         \
		return read_rules(doc, n, ctx->card, ctx->t, sec);                     \
	}
SECTION_READER(SECTION_MOVE, move)
SECTION_READER(SECTION_BATTLE_FROM, battle_from)
SECTION_READER(SECTION_BATTLE_INTO, battle_into)
SECTION_READER(SECTION_PROTECTION, protection)
SECTION_READER(SECTION_COVER, cover)
#undef SECTION_READER

static bool
read_terrain_name(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return card_read_text(doc, n, &((struct terrain_ctx *)obj)->t->name);
}

static bool
read_terrain_kind(struct ydoc *doc, const struct ynode *n, void *obj)
{
	int kind;

	if (!yenum(doc, n, terrain_kind_names, N_TERRAIN_KINDS, "kind of terrain", &kind))
		return false;
	((struct terrain_ctx *)obj)->t->kind = (enum terrain_kind)kind;
	return true;
}

static bool
read_glyph(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain_ctx *ctx = obj;
	const char *s;

	if (!ystring(doc, n, &s))
		return false;
	if (strlen(s) != 1 || s[0] < '!' || s[0] > '~')
		return yerror(doc, n, "a glyph is one printable ASCII character, such as 'f'");
	for (size_t i = 0; i < ctx->card->nterrain; i++) {
		const struct terrain *other = &ctx->card->terrain[i];

		if (other != ctx->t && other->glyph == s[0])
			return yerror(doc, n, "'%c' is already the glyph of %s (%s:%d); give each "
			              "terrain its own", s[0], other->id, other->file, other->line);
	}
	ctx->t->glyph = s[0];
	return true;
}

/* `level: 2`, or `level: [2, 4]` where the players set each of its hexes from 2
 * to 4 (the map's level of the hex), 2 unless they do. */
static bool
read_level(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain *t = ((struct terrain_ctx *)obj)->t;
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
read_aliases(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain_ctx *ctx = obj;
	struct terrain *t = ctx->t;
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
		other = card_terrain(ctx->card, id);
		if (other >= 0 && &ctx->card->terrain[other] != t) {
			ok = yerror(doc, n->items[i], "'%s' already names %s (%s:%d)", id,
			            ctx->card->terrain[other].id, ctx->card->terrain[other].file,
			            ctx->card->terrain[other].line) && ok;
			continue;
		}
		t->aliases[t->naliases++] = xstrdup(id);
	}
	return ok;
}

static bool
read_terrain_notes(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain_ctx *ctx = obj;

	return card_read_notes(doc, n, ctx->card, &ctx->t->notes);
}

/* `structure: { strength: 8, becomes: rough_ground }`: the terrain can be damaged;
 * the hits that destroy it unless the scenario says otherwise, and what it
 * becomes then (nothing given: it is gone). */
static bool
read_structure_strength(struct ydoc *doc, const struct ynode *n, void *obj)
{
	long x;

	if (!yint(doc, n, 1, 99, &x))
		return false;
	((struct terrain_ctx *)obj)->t->structure_strength = (int)x;
	return true;
}

static bool
read_structure_becomes(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain_ctx *ctx = obj;

	return card_read_name(doc, ctx->card, n, FT_TERRAIN, &ctx->t->structure_becomes);
}

static bool
read_structure_seed(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return card_read_text(doc, n, &((struct terrain_ctx *)obj)->t->structure_seed);
}

static bool
read_structure_note(struct ydoc *doc, const struct ynode *n, void *obj)
{
	const char *s;

	(void)obj;
	return ystring(doc, n, &s);
}

static const struct yfield structure_fields[] = {
	{ "strength", true, read_structure_strength },
	{ "becomes", false, read_structure_becomes },
	{ "seed", false, read_structure_seed },
	{ "note", false, read_structure_note },
};

static bool
read_structure(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain_ctx *ctx = obj;

	ctx->t->structure_line = n->line;
	return yis_mapping(doc, n, "structure") &&
	       ymap_read(doc, n, structure_fields, sizeof structure_fields / sizeof structure_fields[0],
	                 "structure", ctx);
}

static bool
read_blocks_los(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return ybool(doc, n, &((struct terrain_ctx *)obj)->t->los_blocks);
}

static bool
read_unit_blocks_los(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return ybool(doc, n, &((struct terrain_ctx *)obj)->t->los_unit_blocks);
}

static bool
read_overrides(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain *t = ((struct terrain_ctx *)obj)->t;
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
read_cancels(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain_ctx *ctx = obj;
	struct terrain *t = ctx->t;
	bool ok = true;

	if (!yis_sequence(doc, n, "cancels"))
		return false;
	free(t->cancels);
	t->ncancels = 0;
	t->cancels = xcalloc(n->count + 1, sizeof *t->cancels);
	for (size_t i = 0; i < n->count; i++) {
		if (card_read_name(doc, ctx->card, n->items[i], FT_TERRAIN, &t->cancels[t->ncancels]))
			t->ncancels++;
		else
			ok = false;
	}
	return ok;
}

static bool
read_terrain_seed(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return card_read_text(doc, n, &((struct terrain_ctx *)obj)->t->seed);
}

static bool
read_category(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain_ctx *ctx = obj;

	return card_read_name(doc, ctx->card, n, FT_CATEGORY, &ctx->t->category);
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

/* `costs: { infantry: 1, cavalry: 2, artillery: prohibited }`: one rule per class. */
static bool
read_cost_table(struct ydoc *doc, const struct ynode *n, struct terrain_ctx *ctx, enum effect e)
{
	struct rule_list *rl = &ctx->t->sections[SECTION_MOVE];
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
		if (!card_read_name(doc, ctx->card, n->keys[i], FT_CLASS, &cls)) {
			ok = false;
			continue;
		}
		r.line = n->keys[i]->line;
		r.file = ctx->card->reading;
		r.shorthand = true;
		r.seed = ctx->t->seed ? xstrdup(ctx->t->seed) : NULL;
		r.effect = e;
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

static bool
read_costs(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return read_cost_table(doc, n, obj, EFFECT_COST);
}

static bool
read_extra_costs(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return read_cost_table(doc, n, obj, EFFECT_COST_ADD);
}

static bool
read_terrain_note(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return card_read_text(doc, n, &((struct terrain_ctx *)obj)->t->note);
}

/* `level_change: 1` or `level_change: [2, 9]`: levels climbed (negative: down). */
static bool
read_level_change(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct terrain *t = ((struct terrain_ctx *)obj)->t;
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
	t->on_level_change = true;
	t->level_min = (int)lo;
	t->level_max = (int)hi;
	return true;
}

static bool
read_friendly_unit(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return ybool(doc, n, &((struct terrain_ctx *)obj)->t->on_friendly_unit);
}

static bool
read_leaving_zoc(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return ybool(doc, n, &((struct terrain_ctx *)obj)->t->on_leaving_zoc);
}

static bool
read_entering_zoc(struct ydoc *doc, const struct ynode *n, void *obj)
{
	return ybool(doc, n, &((struct terrain_ctx *)obj)->t->on_entering_zoc);
}

static const struct yfield terrain_fields[] = {
	{ "seed", false, read_terrain_seed },
	{ "level_change", false, read_level_change },
	{ "friendly_unit", false, read_friendly_unit },
	{ "leaving_zoc", false, read_leaving_zoc },
	{ "entering_zoc", false, read_entering_zoc },
	{ "note", false, read_terrain_note },
	{ "notes", false, read_terrain_notes },
	{ "aliases", false, read_aliases },
	{ "category", false, read_category },
	{ "costs", false, read_costs },
	{ "extra_costs", false, read_extra_costs },
	{ "name", false, read_terrain_name },
	{ "kind", false, read_terrain_kind },
	{ "glyph", false, read_glyph },
	{ "level", false, read_level },
	{ "blocks_los", false, read_blocks_los },
	{ "unit_blocks_los", false, read_unit_blocks_los },
	{ "overrides", false, read_overrides },
	{ "cancels", false, read_cancels },
	{ "move", false, read_move },
	{ "battle_from", false, read_battle_from },
	{ "battle_into", false, read_battle_into },
	{ "protection", false, read_protection },
	{ "cover", false, read_cover },
	{ "structure", false, read_structure },
};

bool
card_read_terrain(struct ydoc *doc, const struct ynode *n, void *obj)
{
	struct card *card = obj;
	bool ok = true;

	if (!yis_mapping(doc, n, "terrain"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		struct terrain_ctx ctx = { card, NULL };
		const char *id;

		if (!yid(doc, n->keys[i], &id)) {
			ok = false;
			continue;
		}
		if (!id_is_no_alias(doc, card, n->keys[i], id)) {
			ok = false;
			continue;
		}
		ctx.t = &card->terrain[card_terrain_id(card, id)];
		ctx.t->file = card->reading;
		ctx.t->line = n->keys[i]->line;
		/* The row's seed line is given to the shorthand rules, wherever it stands. */
		const struct ynode *seed = ymap_find(n->items[i], "seed");
		if (seed != NULL && seed->kind == YNODE_SCALAR && ctx.t->seed == NULL)
			ctx.t->seed = xstrdup(seed->text);
		ok = ymap_read(doc, n->items[i], terrain_fields,
		               sizeof terrain_fields / sizeof terrain_fields[0], "terrain entry",
		               &ctx) &&
		     ok;
		if ((ctx.t->on_level_change || ctx.t->on_friendly_unit || ctx.t->on_leaving_zoc ||
		     ctx.t->on_entering_zoc) &&
		    ctx.t->kind != TERRAIN_CONDITION)
			ok = yerror(doc, n->keys[i], "'%s' says when it is met (level_change, "
			                             "friendly_unit, leaving_zoc, entering_zoc): give it 'kind: condition'",
			            id) && ok;
		/* A new entry names itself; one that changes a card it extends keeps its name. */
		if (ctx.t->name == NULL && n->items[i]->kind == YNODE_MAPPING)
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

