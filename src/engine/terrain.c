/* terrain.c: the terrain engine (engine layer). Answers movement, battle,
 * protection and line-of-sight questions for one situation by running the card's
 * rules: a rule applies when all its conditions hold, and each rule that applies
 * becomes a step of the answer's explanation, naming its card line. How effects
 * combine is fixed per effect and documented in hexaid(5): dice and modifiers
 * add up; halvings apply after them, one per feature, rounding down; half rate
 * applies once; protection takes the best figure the target's terrain offers.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"
#include "terrain.h"
#include "xmalloc.h"

void
situation_init(struct situation *sit)
{
	memset(sit, 0, sizeof *sit);
	sit->attacker = sit->target = sit->unit = -1;
	sit->combat = sit->fire = -1;
	sit->attacker_formation = sit->target_formation = -1;
#define FACT(name, key, type, help)
#define NUMBER_FACT(name, key, unknown, help) sit->numbers[FACT_##name] = unknown;
#include "list-facts.h"
#undef NUMBER_FACT
#undef FACT
	for (int i = 0; i < MAX_SETTINGS; i++)
		sit->settings[i] = -1;
}

int
terrain_level(const struct card *card, const struct tset *hex)
{
	int level = 0;

	for (size_t i = 0; i < hex->count; i++)
		if (card->terrain[hex->items[i]].level > level)
			level = card->terrain[hex->items[i]].level;
	return level;
}

/* A class's value of the card's values of this use, or -1 when it gives none. */
static long
class_value(const struct card *card, int cls, enum value_use use)
{
	int v = card_value_of_use(card, use);
	int from = cls >= 0 && v >= 0 ? card_class_value_from(card, cls, v) : -1;

	return from >= 0 ? card->classes[from].values[v] : -1;
}

void
situation_sides_of_classes(const struct card *card, const struct situation *sit,
                           struct situation_sides *out)
{
	out->rating[0] = class_value(card, sit->attacker, VALUE_USE_RATING);
	out->rating[1] = class_value(card, sit->target, VALUE_USE_RATING);
	out->range = class_value(card, sit->attacker, VALUE_USE_RANGE);
	out->level[0] = sit->attacker_on.count > 0 ? terrain_level(card, &sit->attacker_on) : -1;
	out->level[1] = sit->target_on.count > 0 ? terrain_level(card, &sit->target_on) : -1;
}

void
situation_complete(struct situation *sit, const struct situation_sides *s)
{
	int distance = sit->numbers[FACT_DISTANCE];

	if (sit->numbers[FACT_ATTACKER_RATING] < 0 && s->rating[0] >= 0)
		sit->numbers[FACT_ATTACKER_RATING] = (int)s->rating[0];
	if (sit->numbers[FACT_TARGET_RATING] < 0 && s->rating[1] >= 0)
		sit->numbers[FACT_TARGET_RATING] = (int)s->rating[1];
	if (sit->numbers[FACT_BEYOND_RANGE] < 0 && s->range >= 0 && distance >= 0)
		sit->numbers[FACT_BEYOND_RANGE] = distance > s->range ? distance - (int)s->range : 0;
	if (s->level[0] >= 0 && s->level[1] >= 0)
		sit->facts[FACT_FROM_LOWER] = s->level[0] < s->level[1];
}

/* ---- conditions ------------------------------------------------------------- */

static int
class_of(const struct situation *sit, enum fact f)
{
	switch (f) {
	case FACT_ATTACKER:
		return sit->attacker;
	case FACT_TARGET:
		return sit->target;
	default:
		return sit->unit;
	}
}

static bool
any_value(const struct cond *c, bool (*match)(const void *, int), const void *arg)
{
	for (size_t i = 0; i < c->nvalues; i++)
		if (match(arg, c->values[i]))
			return true;
	return false;
}

struct class_match {
	const struct card *card;
	int cls;
};

static bool
match_class(const void *arg, int kind)
{
	const struct class_match *m = arg;

	return m->cls >= 0 && card_class_is(m->card, m->cls, kind);
}

static bool
match_terrain(const void *arg, int t)
{
	return tset_has(arg, t);
}

static bool
match_bit(const void *arg, int v)
{
	return (*(const uint64_t *)arg >> v) & 1u;
}

static bool
match_index(const void *arg, int v)
{
	return *(const int *)arg == v;
}

/* any_attacker: one unit of the attacking group is of a class named; all_attackers:
 * each one is. The group is the attacker and the units attacking with it. */
static bool
group_holds(const struct card *card, const struct situation *sit, const struct cond *c)
{
	struct class_match cm = { card, sit->attacker };
	bool all = c->fact == FACT_ALL_ATTACKERS;
	bool holds = any_value(c, match_class, &cm);

	if (sit->attacker < 0)
		return false;
	for (size_t i = 0; i < sit->nwith && holds == all; i++) {
		cm.cls = sit->with[i];
		holds = any_value(c, match_class, &cm);
	}
	return holds;
}

/* Does the condition hold in this situation? */
static bool
cond_holds(const struct card *card, const struct situation *sit, const struct cond *c)
{
	struct class_match cm = { card, -1 };
	bool holds = false;
	int chosen, number;

	switch (fact_info[c->fact].type) {
	case FT_BOOL:
		holds = sit->facts[c->fact] == c->truth;
		break;
	case FT_CLASS:
		if (c->fact == FACT_ANY_ATTACKER || c->fact == FACT_ALL_ATTACKERS)
			return group_holds(card, sit, c);
		cm.cls = class_of(sit, c->fact);
		holds = any_value(c, match_class, &cm);
		break;
	case FT_TERRAIN:
		holds = any_value(c, match_terrain,
		                  c->fact == FACT_ATTACKER_ON ? &sit->attacker_on : &sit->target_on);
		break;
	case FT_COMBAT:
		holds = any_value(c, match_index, &sit->combat);
		break;
	case FT_FIRE:
		holds = any_value(c, match_index, &sit->fire);
		break;
	case FT_FORMATION:
		holds = any_value(c, match_index, c->fact == FACT_ATTACKER_FORMATION
		                                          ? &sit->attacker_formation
		                                          : &sit->target_formation);
		break;
	case FT_STATUS:
		holds = any_value(c, match_bit, c->fact == FACT_ATTACKER_STATUS ? &sit->attacker_status
		                                                              : &sit->target_status);
		break;
	case FT_SETTING:
		chosen = sit->settings[c->setting] >= 0 ? sit->settings[c->setting]
		                                        : card->settings[c->setting].def;
		holds = any_value(c, match_index, &chosen);
		break;
	case FT_NUMBER:
		number = sit->numbers[c->fact];
		for (size_t v = 0; v + 1 < c->nvalues && number >= 0; v += 2)
			holds = holds || (number >= c->values[v] && number <= c->values[v + 1]);
		break;
	case FT_CATEGORY:
		break;
	}
	return holds;
}

/* A rule applies when every `when:` condition holds, unless every one of its
 * `unless:` conditions holds too ("except from one class in ranged combat"). */
bool
terrain_rule_applies(const struct card *card, const struct situation *sit, const struct rule *r)
{
	bool has_unless = false, all_unless = true;

	for (size_t i = 0; i < r->nconds; i++) {
		const struct cond *c = &r->conds[i];
		bool holds = cond_holds(card, sit, c);

		if (!c->negated && !holds)
			return false;
		if (c->negated) {
			has_unless = true;
			all_unless = all_unless && holds;
		}
	}
	return !(has_unless && all_unless);
}

const struct rule *
terrain_path_barred(const struct card *card, const struct situation *sit, int path)
{
	const struct rule_list *rl = &card->terrain[path].sections[SECTION_MOVE];

	if (card->terrain[path].kind != TERRAIN_PATH || !sit->facts[FACT_ROAD_MOVE])
		return NULL;
	for (size_t k = 0; k < rl->count; k++)
		if (rl->items[k].effect == EFFECT_NO_ROAD_MOVE &&
		    terrain_rule_applies(card, sit, &rl->items[k]))
			return &rl->items[k];
	return NULL;
}

/* Does the unit move along path t in this step: a road move its rules do not
 * bar here (`no_road_move:`)? */
static bool
path_followed(const struct card *card, const struct situation *sit, int t)
{
	return sit->facts[FACT_ROAD_MOVE] && terrain_path_barred(card, sit, t) == NULL;
}

/* Is terrain t, in a hex holding `hex`, in force for section s? Another terrain
 * of the hex may cancel it (a bridge cancels the stream; a path only while the
 * unit moves along it) or override the section (a token replacing the
 * protection of what lies beneath); a path moves only units that follow it. */
static bool
in_force(const struct card *card, const struct situation *sit, const struct tset *hex, int t,
         enum section s)
{
	/* A path's movement rules are for units moving along it. */
	if (card->terrain[t].kind == TERRAIN_PATH && s == SECTION_MOVE &&
	    !path_followed(card, sit, t))
		return false;
	for (size_t i = 0; i < hex->count; i++) {
		const struct terrain *u = &card->terrain[hex->items[i]];

		if (hex->items[i] == t)
			continue;
		/* a path cancels terrain only for a unit moving along it */
		if (u->kind == TERRAIN_PATH &&
		    (s != SECTION_MOVE || !path_followed(card, sit, hex->items[i])))
			continue;
		for (size_t k = 0; k < u->ncancels; k++)
			if (u->cancels[k] == t)
				return false;
		if ((u->overrides & (1u << s)) && !(card->terrain[t].overrides & (1u << s)))
			return false;
	}
	return true;
}

/* "distance 1-2/6+", "target_supports 2+" */
static char *
describe_number(const struct cond *c)
{
	struct strbuf s = { NULL, 0, 0 };

	strbuf_addf(&s, "%s ", fact_info[c->fact].key);
	for (size_t v = 0; v + 1 < c->nvalues; v += 2) {
		strbuf_addf(&s, "%s%d", v ? "/" : "", c->values[v]);
		if (c->values[v + 1] == INT_MAX)
			strbuf_addf(&s, "+");
		else if (c->values[v + 1] != c->values[v])
			strbuf_addf(&s, "-%d", c->values[v + 1]);
	}
	return s.text;
}

/* One condition in words: "attacker class_a/class_b", "not moved_onto". */
static char *
describe_cond(const struct card *card, const struct cond *c)
{
	const char *key = fact_info[c->fact].key;
	struct strbuf part = { NULL, 0, 0 };

	if (fact_info[c->fact].type == FT_BOOL)
		return xasprintf("%s%s", c->truth ? "" : "not ", key);
	if (fact_info[c->fact].type == FT_NUMBER)
		return describe_number(c);
	if (fact_info[c->fact].type == FT_SETTING)
		strbuf_addf(&part, "%s %s ", key, card->settings[c->setting].id);
	else
		strbuf_addf(&part, "%s ", key);
	for (size_t v = 0; v < c->nvalues; v++) {
		const char *name = fact_info[c->fact].type == FT_SETTING
		                           ? card->settings[c->setting].choices[c->values[v]]
		                           : card_vocabulary_id(card, fact_info[c->fact].type,
		                                                c->values[v]);

		strbuf_addf(&part, "%s%s", v ? "/" : "", name);
	}
	return part.text;
}

/* The conditions in words: "attacker a, combat b, unless attacker_on c". */
char *
terrain_describe_conds(const struct card *card, const struct rule *r)
{
	struct strbuf s = { NULL, 0, 0 };
	int pos = 0, neg = 0;

	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < r->nconds; i++) {
			const struct cond *c = &r->conds[i];
			const char *sep;
			char *part;

			if (c->negated != (pass == 1))
				continue;
			if (pass == 0)
				sep = pos++ ? ", " : "";
			else
				sep = neg++ ? " and " : pos ? ", unless " : "unless ";
			part = describe_cond(card, c);
			strbuf_addf(&s, "%s%s", sep, part);
			free(part);
		}
	}
	return s.text != NULL ? s.text : xstrdup("");
}

/* Record a rule that applied as a step of this kind: "TERRAIN (entered): WORDS
 * (CONDITIONS)", where the step says WORDS of the terrain. */
static void
step_for(struct explanation *why, enum step_kind kind, const struct card *card,
         const struct terrain *t, const struct rule *r, const char *where, long value,
         const char *effect_words)
{
	const struct step_from from = { .kind = kind, .value = value, .rule = r };
	char *conds, *subject;

	if (why->quiet) {
		explain_add(why, &from, "%s", "");
		return;
	}
	conds = terrain_describe_conds(card, r);
	subject = xasprintf("%s%s%s", t == NULL ? "Modifier" : t->name ? t->name : t->id,
	                    where[0] ? " " : "", where);
	explain_add(why, &from, "%s: %s%s%s%s%s", subject, effect_words,
	            r->may ? " (may: the owner decides)" : "", conds[0] ? " (" : "", conds,
	            conds[0] ? ")" : "");
	why->steps[why->count - 1].said = strlen(subject) + 2;
	free(subject);
	free(conds);
}

/* A rule hexaid does not reckon: its words, for the players, in the answer. */
static void
remind_step(struct explanation *why, const struct card *card, const struct terrain *t,
            const struct rule *r, const char *where)
{
	char *words = xasprintf("remember: %s", r->text);

	step_for(why, STEP_REMINDER, card, t, r, where, 0, words);
	free(words);
}

/* Visit every rule of section s, of each terrain in `hex` in force, that applies. */
typedef void (*rule_visit)(const struct card *, const struct terrain *, const struct rule *,
                           const char *where, void *);

static int
class_depth(const struct card *card, int c)
{
	int depth = 0;

	for (size_t hops = 0; c >= 0 && hops <= card->nclasses; hops++) {
		c = card->classes[c].parent;
		depth += c >= 0;
	}
	return depth;
}

/* The most specific class a rule's class conditions matched in this situation,
 * or -1 when it names no class; *role is the fact that named it. */
static int
matched_class(const struct card *card, const struct situation *sit, const struct rule *r,
              enum fact *role)
{
	int best = -1;

	for (size_t i = 0; i < r->nconds; i++) {
		const struct cond *c = &r->conds[i];
		int who = class_of(sit, c->fact);

		if (fact_info[c->fact].type != FT_CLASS || c->negated || who < 0)
			continue;
		for (size_t v = 0; v < c->nvalues; v++)
			if (card_class_is(card, who, c->values[v]) &&
			    (best < 0 || class_depth(card, c->values[v]) > class_depth(card, best))) {
				best = c->values[v];
				*role = c->fact;
			}
	}
	return best;
}

/* A rule for a class covers its kinds unless a rule of the same terrain, section
 * and effect names, for the same unit, a more specific kind that the unit is
 * (light infantry's own cost beats infantry's). Rules naming no class are never
 * overruled: exceptions to them are written with `unless:`. */
bool
terrain_rule_overruled(const struct card *card, const struct situation *sit,
                       const struct rule_list *rl, size_t k)
{
	enum fact my_role = N_FACTS, their_role = N_FACTS;
	bool rivals = false;
	int mine;

	/* only a rule of the same effect can overrule it */
	for (size_t i = 0; i < rl->count && !rivals; i++)
		rivals = i != k && rl->items[i].effect == rl->items[k].effect;
	if (!rivals)
		return false;
	mine = matched_class(card, sit, &rl->items[k], &my_role);
	if (mine < 0)
		return false;
	for (size_t i = 0; i < rl->count; i++) {
		int theirs;

		if (i == k || rl->items[i].effect != rl->items[k].effect ||
		    !terrain_rule_applies(card, sit, &rl->items[i]))
			continue;
		theirs = matched_class(card, sit, &rl->items[i], &their_role);
		if (theirs >= 0 && theirs != mine && their_role == my_role &&
		    card_class_is(card, theirs, mine))
			return true;
	}
	return false;
}

/* Hexside features and conditions apply when crossed or met; they stand in the
 * `crossed` set of a situation. */
static bool
applies_when_crossed(const struct terrain *t)
{
	return t->kind == TERRAIN_HEXSIDE || t->kind == TERRAIN_CONDITION;
}

/* A set of effects, bit EFFECT_x for each. */
typedef uint64_t effect_set;
_Static_assert(N_EFFECTS <= 64, "an effect_set holds every effect");
#define ALL_EFFECTS (~(effect_set)0)

/* Visit the rules of section s of each terrain in force in `hex` that apply to
 * the situation and have one of the effects `only`; those of other effects are
 * passed over before their conditions are asked. */
static void
each_rule_of(const struct card *card, const struct situation *sit, const struct tset *hex,
             enum section s, bool hexsides_only, effect_set only, const char *where,
             rule_visit visit, void *arg)
{
	for (size_t i = 0; i < hex->count; i++) {
		int t = hex->items[i];
		const struct terrain *ter = &card->terrain[t];
		const struct rule_list *rl = &ter->sections[s];

		if (hexsides_only && !applies_when_crossed(ter))
			continue;
		if (!in_force(card, sit, hex, t, s))
			continue;
		for (size_t k = 0; k < rl->count; k++)
			if ((only >> rl->items[k].effect & 1u) &&
			    terrain_rule_applies(card, sit, &rl->items[k]) &&
			    !terrain_rule_overruled(card, sit, rl, k))
				visit(card, ter, &rl->items[k], where, arg);
	}
}

static void
each_rule(const struct card *card, const struct situation *sit, const struct tset *hex,
          enum section s, bool hexsides_only, const char *where, rule_visit visit, void *arg)
{
	each_rule_of(card, sit, hex, s, hexsides_only, ALL_EFFECTS, where, visit, arg);
}

/* ---- supports ------------------------------------------------------------------ */

#define MAX_APPLIED 128

/* The rules that apply, gathered first: battle rules of one `group:` are
 * weighed against each other, and the supports are said when a rule tests
 * them, before any rule is counted. */
struct rule_walk {
	struct applied {
		const struct rule *rule;
		const struct terrain *by;   /* NULL for a card-wide modifier */
		const char *where;
		bool skipped;               /* a better rule of its group applies */
		long amount;                /* the rule's amount, times its `per:` count */
	} items[MAX_APPLIED];
	size_t count;
	const struct situation *sit;
};

static void
gather_rule(const struct card *card, const struct terrain *t, const struct rule *r,
             const char *where, void *arg)
{
	struct rule_walk *w = arg;
	long times = r->per > 0 ? w->sit->numbers[r->per - 1] : 1;

	(void)card;
	if (times > 0 && w->count < MAX_APPLIED)
		w->items[w->count++] = (struct applied){ r, t, where, false, r->amount * times };
}


/* Does one of the rule's conditions test this fact? */
static bool
rule_tests(const struct rule *r, enum fact f)
{
	for (size_t i = 0; i < r->nconds; i++)
		if (r->conds[i].fact == f)
			return true;
	return false;
}

struct support_walk {
	int added;
	struct explanation *why;
};

static void
support_visit(const struct card *card, const struct terrain *t, const struct rule *r,
              const char *where, void *arg)
{
	struct support_walk *w = arg;

	if (r->effect != EFFECT_SUPPORT)
		return;
	w->added += (int)r->amount;
	step_for(w->why, STEP_AMOUNT, card, t, r, where, r->amount,
	         "counts as support for the target");
}

/* Terrain that counts as support for the target (`support:` in its protection)
 * is added to the target's supports before any rule tests them: *with is the
 * situation asked, with those supports, that the other rules are weighed in. */
static void
add_terrain_supports(const struct card *card, const struct situation *asked,
                     struct situation *with, struct explanation *why)
{
	struct support_walk w = { 0, why };
	int *supports = &with->numbers[FACT_TARGET_SUPPORTS];

	*with = *asked;
	explain_add(why, &(struct step_from){ .kind = STEP_NOTE },
	            "the target has %d support%s from units next to it", *supports,
	            *supports == 1 ? "" : "s");
	each_rule(card, asked, &asked->target_on, SECTION_PROTECTION, false, "(target's hex)",
	          support_visit, &w);
	each_rule(card, asked, &asked->crossed, SECTION_PROTECTION, true, "(crossed)",
	          support_visit, &w);
	*supports += w.added;
	if (w.added != 0)
		explain_add(why, &(struct step_from){ .kind = STEP_NOTE },
		            "the target has %d support%s in all", *supports, *supports == 1 ? "" : "s");
}

/* The supports as steps, where a rule that applies tests them: the attacker's,
 * and the target's with the terrain that counts as support (target_steps). */
static void
supports_steps(const struct rule_walk *w, const struct situation *sit,
               const struct explanation *target_steps, struct explanation *why)
{
	bool attacker = false, target = false;
	int supports = sit->numbers[FACT_ATTACKER_SUPPORTS];

	for (size_t i = 0; i < w->count; i++) {
		attacker = attacker || rule_tests(w->items[i].rule, FACT_ATTACKER_SUPPORTS);
		target = target || rule_tests(w->items[i].rule, FACT_TARGET_SUPPORTS);
	}
	if (attacker)
		explain_add(why, &(struct step_from){ .kind = STEP_NOTE },
		            "the attacker has %d support%s from units next to it", supports,
		            supports == 1 ? "" : "s");
	for (size_t k = 0; target && k < target_steps->count; k++)
		explain_copy(why, &target_steps->steps[k]);
}

/* ---- battle ------------------------------------------------------------------- */

/* Rules of one group are not cumulative: of those that apply, only the one with
 * the largest amount counts. */
static void
weigh_groups(struct rule_walk *w)
{
	for (size_t i = 0; i < w->count; i++) {
		const struct rule *r = w->items[i].rule;

		if (r->group == 0)
			continue;
		for (size_t k = 0; k < w->count; k++) {
			const struct rule *q = w->items[k].rule;

			if (k == i || q->group != r->group ||
			    q->effect != r->effect || w->items[k].skipped)
				continue;
			long theirs = w->items[k].amount, mine = w->items[i].amount;

			if (theirs > mine || (theirs == mine && k < i)) {
				w->items[i].skipped = true;
				break;
			}
		}
	}
}

/* "die-roll modifier, -2 for each beyond_range" for a rule with `per:`. */
static const char *
per_words(const struct rule *r, const char *what, char *buf, size_t size)
{
	if (r->per <= 0)
		return what;
	snprintf(buf, size, "%s, %+ld for each %s", what, r->amount, fact_info[r->per - 1].key);
	return buf;
}

static void
count_rule(const struct card *card, const struct applied *a, struct battle_answer *out)
{
	const struct rule *r = a->rule;
	long amount = a->amount;
	char words[160];

	if (a->skipped) {
		step_for(&out->why, STEP_SKIPPED, card, a->by, r, a->where, 0,
		         "not counted: not cumulative");
		return;
	}
	switch (r->effect) {
	case EFFECT_DICE:
		out->counts_dice = true;
		out->dice += amount;
		out->dice_change += amount;
		step_for(&out->why, STEP_AMOUNT, card, a->by, r, a->where, amount,
		         per_words(r, amount < 0 ? "dice removed" : "dice added", words, sizeof words));
		break;
	case EFFECT_NO_BATTLE:
		out->may_battle = false;
		step_for(&out->why, STEP_REFUSAL, card, a->by, r, a->where, 0, "may not battle");
		break;
	case EFFECT_DRM:
		out->drm += amount;
		step_for(&out->why, STEP_AMOUNT, card, a->by, r, a->where, amount,
		         per_words(r, "die-roll modifier", words, sizeof words));
		break;
	case EFFECT_DEFENSE:
		out->defense += amount;
		step_for(&out->why, STEP_AMOUNT, card, a->by, r, a->where, amount,
		         per_words(r, "added to the defender's value", words, sizeof words));
		break;
	case EFFECT_DISORDER:
		out->disorder += r->amount;
		step_for(&out->why, STEP_AMOUNT, card, a->by, r, a->where, r->amount,
		         "disorder for the attacker once it has battled");
		break;
	case EFFECT_TIE:
		out->tie += r->amount;
		out->tie_rules++;
		step_for(&out->why, STEP_RULING, card, a->by, r, a->where, 0,
		         r->amount > 0 ? "a tie goes to the attacker" : "a tie goes to the defender");
		break;
	case EFFECT_NO_RETREAT:
		if (out->no_retreat == NULL)
			out->no_retreat = r;
		step_for(&out->why, STEP_RULING, card, a->by, r, a->where, 0,
		         "the result's retreats are not taken, its other effects are");
		break;
	case EFFECT_REMIND:
		remind_step(&out->why, card, a->by, r, a->where);
		break;
	default:
		break;
	}
}

/* A crossed feature that encloses a hex (a redoubt, a fortification) may replace
 * the battle rules of the hex it encloses (`overrides: [battle_into]` or
 * `[battle_from]`): the target's hex when attacking in, the attacker's hex when
 * attacking out. Returns the sections so replaced. */
static unsigned
enclosing_overrides(const struct card *card, const struct situation *sit)
{
	unsigned mask = 0;

	for (size_t i = 0; i < sit->crossed.count; i++) {
		const struct terrain *t = &card->terrain[sit->crossed.items[i]];

		if (!applies_when_crossed(t) || !in_force(card, sit, &sit->crossed, sit->crossed.items[i],
		                                       SECTION_BATTLE_INTO))
			continue;
		if (sit->facts[FACT_ATTACKING_OUT])
			mask |= t->overrides & (1u << SECTION_BATTLE_FROM);
		else
			mask |= t->overrides & (1u << SECTION_BATTLE_INTO);
	}
	return mask;
}

/* The first step of a battle: the base dice, from the attacker's class line in
 * the card or given with the question. */
static void
base_dice_step(const struct card *card, const struct situation *sit, struct explanation *why)
{
	const struct uclass *c = sit->base_from;

	if (c == NULL && sit->base_unit != NULL) {
		explain_add(why, &(struct step_from){ .kind = STEP_AMOUNT, .value = sit->base },
		            "base dice: %s's own, %s combat at %d hex%s", sit->base_unit,
		            card->words[WL_COMBAT].words[sit->combat], sit->base_distance,
		            sit->base_distance == 1 ? "" : "es");
		explain_as_start(why);
		explain_counts_for(why, EFFECT_DICE);
		return;
	}
	if (c == NULL) {
		explain_set(why, sit->base, "base dice");
		explain_counts_for(why, EFFECT_DICE);
		return;
	}
	explain_add(why,
	            &(struct step_from){ .kind = STEP_AMOUNT, .value = sit->base, .file = c->file,
	                                 .line = c->dice[sit->combat].line,
	                                 .assumed = c->move_assumed },
	            "base dice: %s, %s combat at %d hex%s", c->id,
	            card->words[WL_COMBAT].words[sit->combat], sit->base_distance,
	            sit->base_distance == 1 ? "" : "es");
	explain_as_start(why);
	explain_counts_for(why, EFFECT_DICE);
}

void
terrain_battle(const struct card *card, const struct situation *asked, struct battle_answer *out)
{
	struct situation with_supports;
	const struct situation *sit = &with_supports;
	struct explanation supports_why;
	struct rule_walk w;
	unsigned enclosed;

	memset(out, 0, sizeof *out);
	out->why.quiet = asked->quiet;
	w.count = 0;
	w.sit = sit;
	out->may_battle = true;
	out->dice = asked->base;
	out->counts_dice = out->base_known = asked->base_given;
	if (asked->base_given)
		base_dice_step(card, asked, &out->why);
	explain_init(&supports_why);
	supports_why.quiet = asked->quiet;
	add_terrain_supports(card, asked, &with_supports, &supports_why);
	enclosed = enclosing_overrides(card, sit);
	if (!(enclosed & (1u << SECTION_BATTLE_FROM)))
		each_rule(card, sit, &sit->attacker_on, SECTION_BATTLE_FROM, false,
		          "(attacker's hex)", gather_rule, &w);
	if (!(enclosed & (1u << SECTION_BATTLE_INTO)))
		each_rule(card, sit, &sit->target_on, SECTION_BATTLE_INTO, false, "(target's hex)",
		          gather_rule, &w);
	each_rule(card, sit, &sit->crossed, SECTION_BATTLE_INTO, true, "(crossed)", gather_rule,
	          &w);
	/* Cover: what the target stands in, the features the fire crosses, and those
	 * between; each feature halves once. */
	each_rule(card, sit, &sit->target_on, SECTION_COVER, false, "(target's hex)",
	          gather_rule, &w);
	each_rule(card, sit, &sit->crossed, SECTION_COVER, true, "(crossed)", gather_rule, &w);
	for (size_t i = 0; i < sit->zone.count; i++) {
		struct tset one = { { sit->zone.items[i] }, 1 };
		each_rule(card, sit, &one, SECTION_COVER, false, "(in the zone of fire)",
		          gather_rule, &w);
	}
	for (size_t k = 0; k < card->modifiers.count; k++)
		if ((effect_info[card->modifiers.items[k].effect].sections & SEC_BATTLE) &&
		    terrain_rule_applies(card, sit, &card->modifiers.items[k]))
			gather_rule(card, NULL, &card->modifiers.items[k], "", &w);
	weigh_groups(&w);
	supports_steps(&w, sit, &supports_why, &out->why);
	explain_free(&supports_why);
	for (size_t i = 0; i < w.count; i++)
		if (w.items[i].rule->effect != EFFECT_HALVE)
			count_rule(card, &w.items[i], out);
	if (out->dice < 0 && out->counts_dice) {
		explain_add(&out->why, &(struct step_from){ .kind = STEP_AMOUNT, .value = -out->dice },
		            "no fewer than 0 dice");
		explain_counts_for(&out->why, EFFECT_DICE);
	}
	if (out->dice < 0)
		out->dice = 0;
	if (out->tie_rules > 1 && out->tie == 0)
		explain_add(&out->why, &(struct step_from){ .kind = STEP_RULING },
		            "the tie rules for each side cancel each other: a tie stands");
	for (size_t i = 0; i < w.count; i++) {
		long before = out->dice;
		if (w.items[i].rule->effect != EFFECT_HALVE)
			continue;
		if (w.items[i].skipped) {
			step_for(&out->why, STEP_SKIPPED, card, w.items[i].by, w.items[i].rule,
			         w.items[i].where, 0, "not counted: not cumulative");
			continue;
		}
		out->counts_dice = true;
		out->halvings++;
		out->dice /= 2;
		step_for(&out->why, STEP_AMOUNT, card, w.items[i].by, w.items[i].rule, w.items[i].where,
		         out->dice - before, "dice halved, rounding down");
	}
}

/* ---- protection ---------------------------------------------------------------- */

static void
protection_visit(const struct card *card, const struct terrain *t, const struct rule *r,
                 const char *where, void *arg)
{
	struct protection_answer *out = arg;

	switch (r->effect) {
	case EFFECT_NO_PROTECTION:
		out->none = true;
		step_for(&out->why, STEP_RULING, card, t, r, where, 0, "no terrain protection");
		break;
	case EFFECT_IGNORE_HITS:
		step_for(&out->why, STEP_AMOUNT, card, t, r, where, r->amount, "hits ignored");
		if (r->amount > out->ignore_hits)
			out->hits_optional = r->may;
		else if (r->amount == out->ignore_hits)
			out->hits_optional = out->hits_optional && r->may;
		if (r->amount >= out->ignore_hits)
			out->ignore_hits = r->amount;
		break;
	case EFFECT_IGNORE_FLAGS:
		step_for(&out->why, STEP_AMOUNT, card, t, r, where, r->amount, "flags ignored");
		if (r->amount > out->ignore_flags)
			out->flags_optional = r->may;
		else if (r->amount == out->ignore_flags)
			out->flags_optional = out->flags_optional && r->may;
		if (r->amount >= out->ignore_flags)
			out->ignore_flags = r->amount;
		break;
	case EFFECT_REMIND:
		remind_step(&out->why, card, t, r, where);
		break;
	default:
		break;
	}
}

/* Protection takes the best figure offered: the first step giving it counts;
 * every other step of the effect says why it does not (a better figure, or
 * protection removed), so that the steps add up to the answer. A step's value
 * is a number of hits or flags, not a change to the dice: it shows unsigned. */
static void
best_protection_counted(struct explanation *why, enum effect e, long best, bool none)
{
	bool counted = false;

	for (size_t i = 0; i < why->count; i++) {
		struct step *s = &why->steps[i];
		if (s->kind != STEP_AMOUNT || s->effect != e)
			continue;
		s->absolute = true;
		if (!none && !counted && s->value == best) {
			counted = true;
			continue;
		}
		explain_not_counted(why, i, none ? "no terrain protection" : "a better figure counts");
		s->absolute = true;
	}
}

void
terrain_protection(const struct card *card, const struct situation *asked,
                   struct protection_answer *out)
{
	struct situation with_supports;
	const struct situation *sit = &with_supports;
	struct explanation supports_why;
	struct rule_walk w;

	memset(out, 0, sizeof *out);
	out->why.quiet = asked->quiet;
	w.count = 0;
	w.sit = sit;
	explain_init(&supports_why);
	supports_why.quiet = asked->quiet;
	add_terrain_supports(card, asked, &with_supports, &supports_why);
	each_rule(card, sit, &sit->target_on, SECTION_PROTECTION, false, "(target's hex)",
	          gather_rule, &w);
	each_rule(card, sit, &sit->crossed, SECTION_PROTECTION, true, "(crossed)", gather_rule,
	          &w);
	/* the card's reminders are said once, with the battle */
	for (size_t k = 0; k < card->modifiers.count; k++)
		if ((effect_info[card->modifiers.items[k].effect].sections & SEC_PROTECTION) &&
		    card->modifiers.items[k].effect != EFFECT_REMIND &&
		    terrain_rule_applies(card, sit, &card->modifiers.items[k]))
			gather_rule(card, NULL, &card->modifiers.items[k], "", &w);
	supports_steps(&w, sit, &supports_why, &out->why);
	explain_free(&supports_why);
	for (size_t i = 0; i < w.count; i++)
		protection_visit(card, w.items[i].by, w.items[i].rule, w.items[i].where, out);
	if (out->none) {
		out->ignore_hits = out->ignore_flags = 0;
		out->hits_optional = out->flags_optional = false;
	}
	best_protection_counted(&out->why, EFFECT_IGNORE_HITS, out->ignore_hits, out->none);
	best_protection_counted(&out->why, EFFECT_IGNORE_FLAGS, out->ignore_flags, out->none);
}

/* ---- movement ---------------------------------------------------------------------- */

static void
move_visit(const struct card *card, const struct terrain *t, const struct rule *r,
           const char *where, void *arg)
{
	struct move_answer *out = arg;
	bool *flag = NULL;
	const char *words = "";
	enum step_kind kind = STEP_REFUSAL;

	switch (r->effect) {
	case EFFECT_COST:
		if (r->amount > out->cost_to_enter)
			out->cost += r->amount - out->cost_to_enter;
		if (r->amount > out->cost_to_enter)
			out->cost_to_enter = r->amount;
		out->has_cost = true;
		step_for(&out->why, STEP_AMOUNT, card, t, r, where, r->amount,
		         "movement points to enter");
		explain_in_halves(&out->why);
		return;
	case EFFECT_COST_ADD:
		out->cost += r->amount;
		out->has_cost = true;
		step_for(&out->why, STEP_AMOUNT, card, t, r, where, r->amount, "movement points added");
		explain_in_halves(&out->why);
		return;
	case EFFECT_DISORDER:
		out->disorder += r->amount;
		step_for(&out->why, STEP_AMOUNT, card, t, r, where, r->amount, "disorder on entering");
		return;
	case EFFECT_ROAD_BONUS:
		if (r->amount > out->road_bonus)
			out->road_bonus = r->amount;
		step_for(&out->why, STEP_AMOUNT, card, t, r, where, r->amount,
		         "movement bonus along it");
		return;
	case EFFECT_ROAD_RATE:
		if (r->amount > out->road_rate)
			out->road_rate = r->amount;
		step_for(&out->why, STEP_AMOUNT, card, t, r, where, r->amount,
		         "movement allowance along it");
		return;
	case EFFECT_REMIND:
		remind_step(&out->why, card, t, r, where);
		return;
	case EFFECT_PROHIBITED:
		flag = &out->prohibited, words = "may not enter or cross";
		break;
	case EFFECT_MUST_STOP:
		flag = &out->must_stop, words = "must stop", kind = STEP_HALT;
		break;
	case EFFECT_STOP_AFTER:
		flag = &out->stop_after_leaving, words = "must stop in the next hex after leaving";
		kind = STEP_HALT;
		break;
	case EFFECT_HALF_RATE:
		flag = &out->half_rate, kind = STEP_RULING;
		words = out->half_rate ? "half rate (already halved: not cumulative)" : "half rate";
		break;
	case EFFECT_CANNOT_STOP:
		/* on a grid no unit stops on a hexside: a crossed feature's "may not stop"
		 * is said, but does not keep the unit out of the hex beyond */
		if (!applies_when_crossed(t))
			out->cannot_stop_here = true;
		flag = &out->cannot_stop, words = "may not stop here";
		break;
	case EFFECT_NO_CHARGE:
		flag = &out->no_charge;
		words = applies_when_crossed(t) ? "may not charge across it"
		                                : "may not charge into, through or out of it";
		break;
	case EFFECT_PASS_THROUGH:
		if (!applies_when_crossed(t))
			out->cannot_stop_here = true;
		flag = &out->pass_through, kind = STEP_RULING;
		words = "may cross it, not stop in it: its category does not limit the move";
		break;
	default:
		return;
	}
	*flag = true;
	step_for(&out->why, kind, card, t, r, where, 0, words);
}

/* The allowance a category gives a class: the entry of the class itself or of
 * the nearest class it is a kind of; -1 when the category names none. */
static int
allowance_class(const struct card *card, const struct category *cat, int cls)
{
	for (size_t hops = 0; cls >= 0 && hops <= card->nclasses; hops++) {
		if (cat->given != NULL && cat->given[cls])
			return cls;
		cls = card->classes[cls].parent;
	}
	return -1;
}

/* Does a `pass_through:` rule of the terrain apply to the unit? Its category
 * then neither bars nor limits the move (the step is the rule's own). */
static bool
passes_through(const struct card *card, const struct situation *sit, const struct terrain *t)
{
	const struct rule_list *rl = &t->sections[SECTION_MOVE];

	for (size_t k = 0; k < rl->count; k++)
		if (rl->items[k].effect == EFFECT_PASS_THROUGH &&
		    terrain_rule_applies(card, sit, &rl->items[k]) &&
		    !terrain_rule_overruled(card, sit, rl, k))
			return true;
	return false;
}

/* A terrain's own `allowance:` rule for the unit, in place of its category's
 * (a class its category prohibits may still cross it). */
static bool
own_allowance(const struct card *card, const struct situation *sit, const struct terrain *t,
              struct move_answer *out)
{
	const struct rule_list *rl = &t->sections[SECTION_MOVE];

	for (size_t k = 0; k < rl->count; k++) {
		const struct rule *r = &rl->items[k];

		if (r->effect != EFFECT_ALLOWANCE || !terrain_rule_applies(card, sit, r) ||
		    terrain_rule_overruled(card, sit, rl, k))
			continue;
		if (out->allowance < 0 || r->amount < out->allowance)
			out->allowance = r->amount;
		step_for(&out->why, STEP_AMOUNT, card, t, r, "(entered)", r->amount,
		         "movement allowance, instead of its category's");
		explain_in_halves(&out->why);
		out->why.steps[out->why.count - 1].absolute = true;
		return true;
	}
	return false;
}

static void
allowance_of(const struct card *card, const struct situation *sit, const struct tset *hex,
             bool crossed, struct move_answer *out)
{
	for (size_t i = 0; i < hex->count && sit->unit >= 0; i++) {
		const struct terrain *t = &card->terrain[hex->items[i]];
		const struct category *cat;
		int cls;

		if (t->category < 0 || !in_force(card, sit, hex, hex->items[i], SECTION_MOVE) ||
		    crossed != applies_when_crossed(t) || passes_through(card, sit, t) ||
		    own_allowance(card, sit, t, out))
			continue;
		cat = &card->categories[t->category];
		cls = allowance_class(card, cat, sit->unit);
		if (cls < 0)
			continue;
		if (cat->prohibited[cls]) {
			out->prohibited = true;
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_REFUSAL, .file = cat->file,
			                                 .line = cat->line, .seed = cat->seed },
			            "%s is %s: prohibited for %s", t->name ? t->name : t->id,
			            cat->name ? cat->name : cat->id, card->classes[cls].id);
			continue;
		}
		if (out->allowance < 0 || cat->allowance[cls] < out->allowance)
			out->allowance = cat->allowance[cls];
		explain_add(&out->why,
		            &(struct step_from){ .kind = STEP_AMOUNT, .value = cat->allowance[cls],
		                                 .file = cat->file, .line = cat->line,
		                                 .seed = cat->seed },
		            "%s is %s: %s moves this far", t->name ? t->name : t->id,
		            cat->name ? cat->name : cat->id, card->classes[cls].id);
		explain_in_halves(&out->why);
		out->why.steps[out->why.count - 1].absolute = true;
	}
}

/* Movement categories: the entered hex's terrain in force, and the features
 * crossed to enter it, each give their category's allowance for the unit; the
 * move takes the worst. */
static void
move_allowance(const struct card *card, const struct situation *sit, struct move_answer *out)
{
	allowance_of(card, sit, &sit->attacker_on, false, out);
	allowance_of(card, sit, &sit->crossed, true, out);
}

/* A path the unit would move along, that its rules bar here: the step that says
 * so (the terrain it passes through then counts). */
static void
road_barred_steps(const struct card *card, const struct situation *sit, const struct tset *hex,
                  const char *where, struct move_answer *out)
{
	for (size_t i = 0; i < hex->count; i++) {
		const struct rule *r = terrain_path_barred(card, sit, hex->items[i]);

		if (r == NULL)
			continue;
		out->road_barred = true;
		step_for(&out->why, STEP_RULING, card, &card->terrain[hex->items[i]], r, where, 0,
		         "no movement along it here: the terrain it passes through counts");
	}
}

void
terrain_move(const struct card *card, const struct situation *sit, struct move_answer *out)
{
	memset(out, 0, sizeof *out);
	out->allowance = -1;
	out->why.quiet = sit->quiet;
	move_allowance(card, sit, out);
	road_barred_steps(card, sit, &sit->attacker_on, "(entered)", out);
	road_barred_steps(card, sit, &sit->crossed, "(crossed)", out);
	each_rule(card, sit, &sit->attacker_on, SECTION_MOVE, false, "(entered)", move_visit, out);
	each_rule(card, sit, &sit->crossed, SECTION_MOVE, true, "(crossed)", move_visit, out);
}

/* The rules of a hex that act when a unit leaves it. */
static void
leave_visit(const struct card *card, const struct terrain *t, const struct rule *r,
            const char *where, void *arg)
{
	if (r->effect == EFFECT_STOP_AFTER || r->effect == EFFECT_NO_CHARGE)
		move_visit(card, t, r, where, arg);
}

void
terrain_leave(const struct card *card, const struct situation *sit, struct move_answer *out)
{
	memset(out, 0, sizeof *out);
	out->allowance = -1;
	out->why.quiet = sit->quiet;
	each_rule_of(card, sit, &sit->attacker_on, SECTION_MOVE, false,
	             (effect_set)1 << EFFECT_STOP_AFTER | (effect_set)1 << EFFECT_NO_CHARGE, "(left)",
	             leave_visit, out);
}

/* ---- line of sight --------------------------------------------------------------- */

static bool
unit_blocks(const struct card *card, const struct los_hex *h, const struct terrain **by)
{
	*by = NULL;
	if (!h->unit)
		return false;
	for (size_t i = 0; i < h->terrain.count; i++) {
		if (card->terrain[h->terrain.items[i]].los_unit_blocks) {
			*by = &card->terrain[h->terrain.items[i]];
			return true;
		}
	}
	return card->units_block_los;
}

/* A hex's level: the one the map gives, or its terrain's. */
static int
hex_level(const struct card *card, const struct los_hex *h)
{
	int own = terrain_level(card, &h->terrain);

	return h->level > own ? h->level : own;
}

bool
terrain_fires_over(const struct card *card, int cls, const struct los_hex *from,
                   const struct los_hex *next)
{
	if (cls < 0 || !next->unit || !next->friend || hex_level(card, next) >= hex_level(card, from))
		return false;
	for (size_t k = 0; k < next->terrain.count; k++)
		if (card->terrain[next->terrain.items[k]].los_blocks)
			return false;
	for (int c = 0; c < 64 && (size_t)c < card->nclasses; c++)
		if (((card->fire_over_friends >> c) & 1u) && card_class_is(card, cls, c))
			return true;
	return false;
}

bool
terrain_los_begin(const struct card *card, const struct los_hex *first, const struct los_hex *last,
                  size_t n, struct los_walk *walk, struct los_answer *out)
{
	memset(out, 0, sizeof *out);
	out->clear = true;
	out->blocked_at = -1;
	walk->n = n;
	walk->lo = 0;
	walk->can_block = card->levels_block_los || card->units_block_los;
	for (size_t t = 0; t < card->nterrain && !walk->can_block; t++)
		walk->can_block = card->terrain[t].los_blocks || card->terrain[t].los_unit_blocks;
	if (n < 3) {
		explain_add(&out->why, &(struct step_from){ .kind = STEP_NOTE },
		            "adjacent or same hex: nothing lies between");
		return false;
	}
	walk->lo = hex_level(card, first);
	if (hex_level(card, last) < walk->lo)
		walk->lo = hex_level(card, last);
	return true;
}

bool
terrain_los_hex(const struct card *card, const struct los_walk *walk, size_t i,
                const struct los_hex *h, struct los_answer *out)
{
	const struct terrain *by;
	int lo = walk->lo, level;

	if (!walk->can_block)
		return true;
	level = hex_level(card, h);
	for (size_t k = 0; k < h->terrain.count && out->clear; k++) {
		const struct terrain *t = &card->terrain[h->terrain.items[k]];
		if (t->los_blocks) {
			out->clear = false;
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_BLOCK, .value = (long)i,
			                                 .file = t->file, .line = t->line },
			            "hex %zu holds %s, which blocks line of sight", i,
			            t->name ? t->name : t->id);
		} else if (card->levels_block_los && level > lo && t->level == level) {
			out->clear = false;
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_BLOCK, .value = (long)i,
			                                 .file = t->file, .line = t->line },
			            "hex %zu is %s, level %d, higher than the lower end (level %d)",
			            i, t->name ? t->name : t->id, level, lo);
		}
	}
	if (out->clear && card->levels_block_los && level > lo) {
		out->clear = false;
		explain_add(&out->why, &(struct step_from){ .kind = STEP_BLOCK, .value = (long)i },
		            "hex %zu is at level %d (the map's), higher than the lower end (%d)", i,
		            level, lo);
	}
	if (out->clear && unit_blocks(card, h, &by)) {
		out->clear = false;
		if (by != NULL)
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_BLOCK, .value = (long)i,
			                                 .file = by->file, .line = by->line },
			            "hex %zu holds a unit on %s, which blocks line of sight",
			            i, by->name ? by->name : by->id);
		else
			explain_add(&out->why,
			            &(struct step_from){ .kind = STEP_BLOCK, .value = (long)i,
			                                 .file = card->units_block_los_file,
			                                 .line = card->units_block_los_line },
			            "hex %zu holds a unit, and units block line of sight", i);
	}
	if (!out->clear)
		out->blocked_at = (int)i;
	return out->clear;
}

void
terrain_los_end(const struct los_walk *walk, struct los_answer *out)
{
	if (walk->n >= 3 && out->clear)
		explain_add(&out->why, &(struct step_from){ .kind = STEP_NOTE },
		            "no hex between blocks line of sight");
}

void
terrain_los(const struct card *card, const struct los_hex *hexes, size_t n,
            struct los_answer *out)
{
	struct los_walk walk;

	if (terrain_los_begin(card, hexes, n >= 3 ? &hexes[n - 1] : hexes, n, &walk, out))
		for (size_t i = 1; i + 1 < n && terrain_los_hex(card, &walk, i, &hexes[i], out); i++)
			continue;
	terrain_los_end(&walk, out);
}
