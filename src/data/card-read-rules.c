/* card-read-rules.c: reads the rules of a rule card (data layer): a rule is a
 * mapping with conditions (`when:`, `unless:`, keys from list-facts.h) and
 * exactly one effect (a key from list-effects.h) allowed in the section it
 * stands in. Rules stand in a terrain entry's sections, and in the card's
 * `modifiers`, `events` and `scoring`.
 * SPDX-License-Identifier: GPL-3.0-or-later */
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

static bool
read_fact(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	return read_cond(doc, n, rd->ctx, (enum fact)rd->field->arg);
}

/* What a condition's value looks like, by its fact's type. */
static const struct yshape setting_conds = { .kind = YS_MAP, .item = &ys_id_or_ids };
#define fact_shape_FT_CLASS ys_id_or_ids
#define fact_shape_FT_TERRAIN ys_id_or_ids
#define fact_shape_FT_COMBAT ys_id_or_ids
#define fact_shape_FT_FIRE ys_id_or_ids
#define fact_shape_FT_STATUS ys_id_or_ids
#define fact_shape_FT_FORMATION ys_id_or_ids
#define fact_shape_FT_BOOL ys_bool
#define fact_shape_FT_SETTING setting_conds
#define fact_shape_FT_NUMBER ys_range_or_list

static const struct yfield cond_fields[] = {
#define FACT(name, key, type, help_) \
	{ key, READ_BY(read_fact), .arg = FACT_##name, .shape = &fact_shape_##type, .help = help_ },
#include "list-facts.h"
#undef FACT
};

static const struct ytable when_table = YTABLE("when", cond_fields);
static const struct ytable unless_table = YTABLE("unless", cond_fields);

/* `when:` (arg 0) or `unless:` (arg 1) conditions. */
static bool
read_conds(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;

	ctx->negated = rd->field->arg != 0;
	return ymap_read(doc, n, ctx->negated ? &unless_table : &when_table, rd->obj, ctx);
}

static bool
read_face(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;
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
read_beats_protection(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;

	if (ctx->section != SECTION_SCORING)
		return yerror(doc, n, "'beats_protection' belongs in a scoring rule");
	return ybool(doc, n, &ctx->rule->beats_protection);
}

/* `on: battle`: the event an event rule answers, read into its trigger; a word
 * that is no trigger's names an action, added to the card's actions when new. */
static bool
read_on(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;
	struct card *card = ctx->card;
	const char *id;

	if (ctx->section != SECTION_EVENTS)
		return yerror(doc, n, "'on' belongs in an event rule");
	if (!yid(doc, n, &id))
		return false;
	if (!card_event_find(card, id, &ctx->rule->on, &ctx->rule->action)) {
		card->actions = xreallocarray(card->actions, card->nactions + 1, sizeof *card->actions);
		card->actions[card->nactions] = xstrdup(id);
		ctx->rule->on = ON_ACTION;
		ctx->rule->action = (int)card->nactions++;
	}
	return true;
}

/* `group: cover`: the rule's group, by its index in the card's groups, so a
 * battle weighs rules of one group without comparing their names. */
static bool
read_group(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;
	struct card *card = ctx->card;
	const char *id;
	size_t i;

	if (!yid(doc, n, &id))
		return false;
	for (i = 0; i < card->ngroups; i++)
		if (str_eq(card->groups[i], id)) /* reader: card ids, a rule's group */
			break;
	if (i == card->ngroups) {
		card->groups = xreallocarray(card->groups, card->ngroups + 1, sizeof *card->groups);
		card->groups[card->ngroups++] = xstrdup(id);
	}
	ctx->rule->group = (int)i + 1;
	return true;
}

/* `rolled: [burst]`: faces of the battle die; the rule applies when one was rolled. */
static bool
read_rolled(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;
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
read_instead_of_battle(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;

	if (ctx->section != SECTION_EVENTS)
		return yerror(doc, n, "'instead_of_battle' belongs in an event rule");
	return ybool(doc, n, &ctx->rule->instead_of_battle);
}

/* `roll: 1`: an enter event's battle dice, rolled when a unit enters to see
 * whether its `rolled:` faces come up. */
static bool
read_roll(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;
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
read_with(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;

	if (ctx->section != SECTION_EVENTS)
		return yerror(doc, n, "'with' belongs in an event rule that replaces");
	return card_read_name(doc, ctx->card, n, FT_TERRAIN, &ctx->rule->with);
}

/* `per: beyond_range`: a number fact the rule's amount counts once for each of. */
static bool
read_per(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule *rule = rd->obj;
	const char *keys[N_FACTS];
	size_t nkeys = 0;
	int k;

	for (int f = 0; f < N_FACTS; f++)
		if (fact_info[f].type == FT_NUMBER)
			keys[nkeys++] = fact_info[f].key;
	if (!yenum(doc, n, keys, nkeys, "count", &k))
		return false;
	for (int f = 0; f < N_FACTS; f++)
		if (strcmp(fact_info[f].key, keys[k]) == 0) /* reader: card keys */
			rule->per = f + 1;
	return true;
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

/* The rule's one effect; the row's arg says which. */
static bool
read_effect(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct rule_ctx *ctx = rd->ctx;
	const struct ynode *key = rd->key;
	enum effect e = (enum effect)rd->field->arg;
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

/* What an effect's value looks like, by how it is read. */
static const char *const tie_sides[] = { "attacker", "defender" };
static const struct yshape effect_shape_EFFECT_INT = { .kind = YS_INT, .min = -99, .max = 99 };
static const struct yshape effect_shape_EFFECT_SIDE = { .kind = YS_ENUM, .names = tie_sides,
	                                                .nnames = 2 };
#define effect_shape_EFFECT_POINTS ys_points
#define effect_shape_EFFECT_FLAG ys_true
#define effect_shape_EFFECT_TERRAIN ys_id
#define effect_shape_EFFECT_TEXT ys_text

/* Typed rows store into the struct rule; read functions get the rule_ctx. */
static const struct yfield rule_fields[] = {
	{ "when", READ_BY(read_conds), .arg = 0,
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &when_table },
	  .help = "the facts that must all hold for the rule to apply" },
	{ "unless", READ_BY(read_conds), .arg = 1,
	  .shape = &(const struct yshape){ .kind = YS_TABLE, .table = &unless_table },
	  .help = "facts any of which stops the rule applying" },
	{ "may", AS_BOOL(struct rule, may), .help = "true: the player chooses whether it applies" },
	{ "seed", AS_TEXT(struct rule, seed), .help = "the rulebook line the rule comes from" },
	{ "note", AS_TEXT(struct rule, note), .help = "words for the players" },
	{ "per", READ_BY(read_per), .shape = &ys_id,
	  .help = "a number fact the amount counts once for each of" },
	{ "group", READ_BY(read_group), .shape = &ys_id,
	  .help = "rules of one group do not add up: the largest counts" },
	{ "face", READ_BY(read_face), .shape = &ys_id,
	  .help = "scoring: the face of the battle die the rule scores" },
	{ "beats_protection", READ_BY(read_beats_protection), .shape = &ys_bool,
	  .help = "scoring: terrain protection does not cancel what the face scores" },
	{ "on", READ_BY(read_on), .shape = &ys_id,
	  .help = "events: the event the rule answers (battle, enter...) or an action" },
	{ "rolled", READ_BY(read_rolled), .shape = &ys_id_or_ids,
	  .help = "events: faces of the battle die; the rule applies when one was rolled" },
	{ "with", READ_BY(read_with), .shape = &ys_id,
	  .help = "events: the terrain a replace: puts in place of this one" },
	{ "instead_of_battle", READ_BY(read_instead_of_battle), .shape = &ys_bool,
	  .help = "events: an action a unit takes in place of its battle" },
	{ "roll", READ_BY(read_roll), .shape = &(const struct yshape){ .kind = YS_INT, .min = 1, .max = 64 },
	  .help = "events: the dice an enter event rolls" },
	{ "assumed", AS_BOOL(struct rule, assumed), .help = "true: assumed, not from the rulebook" },
	{ "continues", AS_BOOL(struct rule, continues),
	  .help = "events: the rules after this one are read too" },
#define EFFECT(name, key, value, sections, help_) \
	{ key, READ_BY(read_effect), .arg = EFFECT_##name, .shape = &effect_shape_##value, \
	  .help = help_ },
#include "list-effects.h"
#undef EFFECT
};

static const struct ytable rule_table = YTABLE("rule", rule_fields);

const struct yshape card_rules_shape = {
	.kind = YS_LIST, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &rule_table }
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
	free(r->face_id);
	for (size_t i = 0; i < r->nrolled; i++)
		free(r->rolled_ids[i]);
	free(r->rolled_ids);
}

static bool
read_rule(struct ydoc *doc, const struct ynode *n, struct card *card, struct rule_list *list,
          enum section section)
{
	struct rule_ctx ctx;
	struct rule r;
	bool ok;

	memset(&r, 0, sizeof r);
	r.face = -1;
	r.with = -1;
	memset(&ctx, 0, sizeof ctx);
	ctx.card = card;
	ctx.rule = &r;
	ctx.section = section;
	r.line = n->line;
	r.file = card->reading;
	ok = ymap_read(doc, n, &rule_table, &r, &ctx);
	if (ok && ctx.effects == 0)
		ok = yerror(doc, n, "this rule has no effect; give one, such as 'dice: -1' or "
		                    "'must_stop: true' (hexaid(5) lists them)");
	if (ok && r.per > 0 && r.effect != EFFECT_DICE && r.effect != EFFECT_DRM &&
	    r.effect != EFFECT_DEFENSE)
		ok = yerror(doc, n, "'per' counts a 'dice', 'drm' or 'defense' amount, not '%s'",
		            effect_info[r.effect].key);
	if (ok && r.continues && section != SECTION_EVENTS)
		ok = yerror(doc, n, "'continues' is for an event rule: the rules after it are read too");
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

bool
card_read_rules(struct ydoc *doc, const struct ynode *n, struct card *card,
                struct rule_list *list, enum section section)
{
	bool ok = true;

	if (!yis_sequence(doc, n, section_keys[section]))
		return false;
	drop_written_rules(list);
	for (size_t i = 0; i < n->count; i++)
		ok = read_rule(doc, n->items[i], card, list, section) && ok;
	return ok;
}

/* An enter event (`on: enter`) is tried for each hex a move enters; only it may
 * make the unit lose strength or be lost, and only it rolls dice (`roll:`, one when it names
 * `rolled:` faces and no count). */
static bool
check_enter_event(struct ydoc *doc, const struct ynode *n, struct rule *r)
{
	bool enter = r->on == ON_ENTER;

	if (!enter && (r->effect == EFFECT_LOSE || r->effect == EFFECT_LOST))
		return yerror(doc, n, "'%s' is for a unit entering a hex: on: enter",
		              effect_info[r->effect].key);
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
 * roll). For each event, the first rule that applies acts; one that `continues`
 * lets the next that applies act too. */
bool
card_read_events(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
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
		if (r->on == ON_NONE)
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
				/* reader: card ids, a face's */
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
card_read_scoring(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
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
			/* reader: card ids, a face's */
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
