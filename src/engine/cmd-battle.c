/* cmd-battle.c: the battle commands (engine layer): battle, fire and melee, and
 * the words players add to them. A battle is checked (sides, combat type, range,
 * line of sight), the engine's dice and protection are said with every step, and
 * then the battle is settled on the card's table or with its battle dice
 * (cmd-outcome.c). explain asks the same question without fighting.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "event.h"
#include "question-keys.h"
#include "strutil.h"
#include "turn.h"
#include "xmalloc.h"

/* The combat type a word names, or else as the words choose it: as fire does
 * (the card's first type, ranged), as melee does (its last, close combat), or
 * by distance: close combat next to the target, ranged from further. */
static bool
combat_type(const struct game *g, const struct battle_words *w, bool adjacent, int *out,
            struct command_result *res)
{
	const struct card *card = game_card(g);
	size_t n = card->words[WL_COMBAT].count;
	const char *word = w->combat;

	*out = -1;
	if (n == 0)
		return cmd_fail(res, "%s names no combat types", card->id);
	if (word == NULL) {
		bool last = w->as == AS_MELEE || (w->as == AS_BATTLE && adjacent);
		*out = last ? (int)n - 1 : 0;
		/* a plain battle: the phase's own type, where it allows only the other */
		if (w->as == AS_BATTLE && !turn_combat_allowed(g, g->side, *out) &&
		    turn_combat_allowed(g, g->side, adjacent ? 0 : (int)n - 1) &&
		    (adjacent || !((card->adjacent_combat >> (n - 1)) & 1u)))
			*out = adjacent ? 0 : (int)n - 1;
		return true;
	}
	*out = card_word(card, WL_COMBAT, word);
	if (*out < 0)
		return cmd_fail(res, "%s: %s's combat types are %s%s%s", word, card->id,
		                card->words[WL_COMBAT].words[0], n > 1 ? " and " : "",
		                n > 1 ? card->words[WL_COMBAT].words[n - 1] : "");
	return true;
}

/* Does the current phase allow this combat type to the attacker? A phase that
 * names `fire` or `melee` among what it allows (or, for the other side, among
 * its reactions) allows those combat types only; else any. */
static bool
combat_in_phase(const struct game *g, int a, int combat, struct command_result *res)
{
	const struct card *card = game_card(g);
	int allowed;

	if (turn_combat_allowed(g, g->units[a].side, combat))
		return true;
	allowed = turn_combat_phase(g, combat);
	res->remedy = REMEDY_PHASE_NEXT;
	if (allowed < 0)
		return cmd_fail(res, "%s: %s combat is not in the %s phase", g->units[a].id,
		                card->words[WL_COMBAT].words[combat], turn_phase_name(g));
	return cmd_fail(res, "%s: %s combat is not in the %s phase; it is in the %s phase",
	                g->units[a].id, card->words[WL_COMBAT].words[combat], turn_phase_name(g),
	                card->phases[allowed].name);
}

/* The first of the card's combat types among the bits ("melee"). */
static const char *
first_combat_name(const struct card *card, uint64_t bits)
{
	for (size_t c = 0; c < card->words[WL_COMBAT].count; c++)
		if ((bits >> c) & 1u)
			return card->words[WL_COMBAT].words[c];
	return "no";
}

/* May the attacker battle at all: the combat type its class may use, and how far
 * it may have moved (infantry that moved two hexes does not battle). */
static bool
class_may_battle(const struct game *g, int a, int combat, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct game_unit *u = &g->units[a];
	int from = card_class_combat_from(card, u->cls);
	char moved[24], most[24];

	if (from >= 0 && !((card->classes[from].combat >> combat) & 1u))
		return cmd_fail(res, "%s (%s) does not battle in %s combat (%s:%d)", u->id,
		                card->classes[u->cls].id, card->words[WL_COMBAT].words[combat],
		                card->classes[from].file, card->classes[from].line);
	from = card_class_battle_move_from(card, u->cls);
	if (from >= 0 && u->moved_cost > card->classes[from].battle_move)
		return cmd_fail(res, "%s moved %s this turn; %s battles after moving at most %s (%s:%d%s)",
		                u->id, explain_points(u->moved_cost, false, moved),
		                card->classes[from].id,
		                explain_points(card->classes[from].battle_move, false, most),
		                card->classes[from].file, card->classes[from].battle_move_line,
		                card->classes[from].move_assumed ? "; assumed: check your rulebook" : "");
	return true;
}

/* What the engine says of a battle: the dice and their steps, the target's
 * protection and its steps. */
static void
say_battle_answer(const struct game *g, int a, int t, int combat, const struct battle_answer *b,
                  const struct protection_answer *p, struct command_result *res)
{
	cmd_say(res, "%s %s %s (%s)%s", g->units[a].id,
	        g->units[a].battle_back_vs == t + 1 && g->units[a].side != g->side ? "battles back against"
	                                                                         : "battles",
	        g->units[t].id, game_card(g)->words[WL_COMBAT].words[combat],
	        g->forcing ? " (forced)" : "");
	if (b->counts_dice && b->base_known)
		cmd_say(res, "dice: %ld", explain_sum(&b->why, BATTLE_DICE_STEPS));
	else if (b->counts_dice && b->halvings > 0)
		cmd_say(res, "dice: the unit's dice%s%.0ld, halved %d time%s, rounding down",
		        b->dice_change ? (b->dice_change > 0 ? " +" : " ") : "",
		        b->dice_change, b->halvings, b->halvings == 1 ? "" : "s");
	else if (b->counts_dice)
		cmd_say(res, "dice: the unit's dice %+ld", b->dice_change);
	if (b->counts_dice)
		cmd_mark(res, LINE_DICE, NULL);
	if (b->drm != 0)
		cmd_say(res, "die-roll modifier: %+ld", explain_sum(&b->why, EXPLAIN_EFFECT(EFFECT_DRM)));
	if (b->defense != 0)
		cmd_say(res, "defender's modifier: %+ld",
		        explain_sum(&b->why, EXPLAIN_EFFECT(EFFECT_DEFENSE)));
	cmd_say_steps(res, &b->why);
	if (p->none)
		cmd_say(res, "%s has no terrain protection", g->units[t].id);
	else if (p->ignore_hits || p->ignore_flags || p->why.count)
		cmd_say(res, "%s ignores %s%ld hit(s), %s%ld flag(s)", g->units[t].id,
		        p->hits_optional ? "up to " : "",
		        explain_sum(&p->why, EXPLAIN_EFFECT(EFFECT_IGNORE_HITS)),
		        p->flags_optional ? "up to " : "",
		        explain_sum(&p->why, EXPLAIN_EFFECT(EFFECT_IGNORE_FLAGS)));
	cmd_say_steps(res, &p->why);
}

/* Once a battle is fought: a battle back is spent; else a target the card lets
 * battle back (battle_back: this combat type), still standing and not
 * retreating, may battle back against the attacker out of its side's turn. */
static void
battle_back_after(struct battle *bt, struct command_result *res)
{
	struct game *g = bt->g;
	const struct card_mechanism *m = &game_card(g)->battle_back;
	struct game_unit *t = &g->units[bt->t];

	if (bt->back) {
		g->units[bt->a].battle_back_vs = 0;
		return;
	}
	if (!m->given || !((m->combat >> bt->combat) & 1u) || t->eliminated || t->retreat_due > 0)
		return;
	t->battle_back_vs = bt->a + 1;
	cmd_say(res, "%s may battle back against %s: battle %s %s (%s:%d%s)", t->id,
	        g->units[bt->a].id, t->id, g->units[bt->a].id, m->file, m->line,
	        m->assumed ? "; assumed: check your rulebook" : "");
	game_log(g, "%s may battle back against %s", t->id, g->units[bt->a].id);
}

/* Is the unit beaten back: eliminated, owing a retreat, or made to by a result
 * waiting for apply? */
static bool
beaten_back(const struct game *g, int unit)
{
	const struct game_unit *u = &g->units[unit];
	bool pending = false;

	for (size_t i = 0; i < g->npending; i++)
		pending |= g->pending[i].unit == unit && (g->pending[i].retreat > 0 ||
		                                          g->pending[i].eliminate);
	return u->eliminated || u->retreat_due > 0 || pending;
}

/* Once a battle the card lets the attacker take ground after (take_ground:
 * this combat type) has eliminated its target or made it owe a retreat (or a
 * result waiting for apply makes it), the
 * attacker may move into the target's hex once it is empty (`advance`). A
 * battle back takes no ground. */
static void
take_ground_after(struct battle *bt, struct command_result *res)
{
	struct game *g = bt->g;
	const struct card_mechanism *m = &game_card(g)->take_ground;
	struct game_unit *a = &g->units[bt->a], *t = &g->units[bt->t];
	char at[HEX_LABEL_SIZE];

	a->ground_vs = 0;
	if (beaten_back(g, bt->t))
		t->ground_vs = 0;   /* beaten back itself, it takes no ground */
	if (bt->back || !m->given || !((m->combat >> bt->combat) & 1u) || a->eliminated ||
	    beaten_back(g, bt->a) || !beaten_back(g, bt->t))
		return;
	a->ground_vs = bt->t + 1;
	a->ground = t->hex;
	if (!t->eliminated)
		return;   /* said once the retreat has emptied the hex */
	hex_label(game_board(g), t->hex, at);
	cmd_say(res, "%s may take ground in %s: advance %s (%s:%d%s)", a->id, at, a->id, m->file,
	        m->line, m->assumed ? "; assumed: check your rulebook" : "");
	game_log(g, "%s may take ground in %s", a->id, at);
}

/* A battle whose steps took every die away is no battle: refused, with the
 * steps that removed them (said above it); nothing is marked, no battle back. */
static bool
no_dice_left(const struct battle *bt, struct command_result *res)
{
	const struct game *g = bt->g;
	struct strbuf took = { NULL, 0, 0 };

	for (size_t i = 0; i < bt->b.why.count; i++) {
		const struct step *s = &bt->b.why.steps[i];
		char *text;

		if ((s->kind != STEP_AMOUNT && s->kind != STEP_GIVEN) || s->effect >= N_EFFECTS ||
		    !((BATTLE_DICE_STEPS >> s->effect) & 1u) || (s->value >= 0 && !s->halves))
			continue;
		text = explain_step_text(s, true, true);
		strbuf_addf(&took, "%s%s", took.text ? "; " : "", text + strspn(text, " "));
		free(text);
	}
	if (bt->commit || bt->probe)
		cmd_fail(res, "%s has no dice against %s, so no battle is fought (nothing is marked): %s",
		         g->units[bt->a].id, g->units[bt->t].id, took.text ? took.text : "none given");
	else
		cmd_say(res, "no dice are left, so no battle may be fought: %s",
		        took.text ? took.text : "none given");
	free(took.text);
	return !(bt->commit || bt->probe);
}

/* After the answer is said: refuse a battle with no dice to count, then settle
 * it on the card's table, or roll its battle dice, or (a card with neither)
 * only record it. Nothing changes until every check has passed. */
static bool
battle_outcome(struct battle *bt, struct command_result *res)
{
	struct game *g = bt->g;
	const struct card *card = game_card(g);
	const struct resolution *how = card_resolution(card, bt->combat);
	const char *type = card->words[WL_COMBAT].words[bt->combat];
	int distance = hex_distance(g->units[bt->a].hex, g->units[bt->t].hex);
	bool ok = true;

	if (bt->b.base_known && bt->b.dice == 0 && bt->sit.base == 0)
		return cmd_fail(res, "%s has no dice for %s combat at %d hex%s (out of range, or not "
		                     "at all)",
		                g->units[bt->a].id, type, distance, distance == 1 ? "" : "es");
	if (bt->b.counts_dice && bt->b.base_known && bt->b.dice <= 0)
		return no_dice_left(bt, res);
	if (how != NULL)
		ok = cmd_outcome_on_table(bt, how, res);
	else if (card->battle_die >= 0)
		ok = cmd_outcome_by_dice(bt, res);
	else if (bt->commit)
		cmd_battle_fought(bt);
	if (ok && bt->fought && bt->b.disorder > 0)
		cmd_disorder(g, &g->units[bt->a], bt->b.disorder, res);
	if (ok && bt->fought)
		cmd_battle_events(bt, res);
	else if (ok && !bt->commit)
		cmd_battle_events_preview(bt, res);
	if (ok && bt->fought)
		battle_back_after(bt, res);
	if (ok && bt->fought)
		take_ground_after(bt, res);
	return ok;
}

/* The table is the truth: terrain the players say is there, in the target's hex
 * (target_on=) or, for a hexside feature, along the line of fire (crossed=); and
 * terrain they say is not (without=), wherever the map put it. */
static void
table_overrides(const struct game *g, const struct battle_words *w, struct situation *sit)
{
	const struct card *card = game_card(g);

	for (int i = 0; i < w->nwith; i++) {
		int t = card_terrain(card, w->with[i]);
		tset_add(card->terrain[t].kind == TERRAIN_HEXSIDE ? &sit->crossed : &sit->target_on, t);
	}
	for (int i = 0; i < w->nwithout; i++) {
		int t = card_terrain(card, w->without[i]);
		tset_remove(&sit->attacker_on, t);
		tset_remove(&sit->target_on, t);
		tset_remove(&sit->crossed, t);
		while (tset_remove(&sit->zone, t))
			;
	}
}

/* Does the attacker's class battle without line of sight? It says so. */
static bool
class_sees_without_los(const struct game *g, int a, struct command_result *res)
{
	const struct card *card = game_card(g);
	int from = card_class_sight_from(card, g->units[a].cls);

	if (from < 0 || card->classes[from].sight)
		return false;
	cmd_say(res, "%s battles without line of sight (%s:%d)", g->units[a].id,
	        card->classes[from].file, card->classes[from].sight_line);
	return true;
}

/* A unit's value that the players' words stand in for: its rating or its
 * efficient range, where they state the count it gives (target_rating=2,
 * beyond_range=1). */
static bool
stated_instead(const struct battle *bt, const struct value_need *n)
{
	const struct card *card = game_card(bt->g);
	int v = card_value(card, n->key);
	enum value_use use = v >= 0 ? card->values[v].use : VALUE_USE_NONE;

	if (use == VALUE_USE_RATING)
		return bt->w->numbers[n->unit == bt->a ? FACT_ATTACKER_RATING : FACT_TARGET_RATING] >= 0;
	return use == VALUE_USE_RANGE && n->unit == bt->a && bt->w->numbers[FACT_BEYOND_RANGE] >= 0;
}

static void
drop_stated(const struct battle *bt, struct command_result *need)
{
	size_t kept = 0;

	for (size_t i = 0; i < need->found.nneeds; i++) {
		struct value_need *n = &need->found.needs[i];

		if (stated_instead(bt, n)) {
			free(n->key);
			free(n->name);
			free(n->now);
			continue;
		}
		need->found.needs[kept++] = *n;
	}
	need->found.nneeds = kept;
}

/* Has every value the battle needs been given, by the units or the words? A
 * battle fought is refused before any die is rolled or taken, with the `unit
 * set` lines that give them; a question says so in place of the odds. Either
 * way the values lacking are in res->found.needs for the screen to ask. */
static bool
values_given(struct battle *bt, struct command_result *res)
{
	struct command_result need;
	bool ok;

	memset(&need, 0, sizeof need);
	cmd_battle_value_needs(bt->g, bt->a, bt->t, bt->combat, bt->w->dice >= 0,
	                       bt->w->att_value >= 0 && bt->w->def_value >= 0, &need);
	drop_stated(bt, &need);
	ok = cmd_say_needs(bt->g, &need, bt->commit, res);
	res->found.needs = need.found.needs;
	res->found.nneeds = need.found.nneeds;
	res->found.cap_needs = need.found.cap_needs;
	need.found.needs = NULL;
	need.found.nneeds = 0;
	command_result_free(&need);
	return ok;
}

/* The counts and the kind of fire the players state, in place of what the map
 * and the units give. */
static void
stated_facts(const struct game *g, const struct battle_words *w, struct situation *sit)
{
	for (int f = 0; f < N_FACTS; f++)
		if (w->numbers[f] >= 0)
			sit->numbers[f] = w->numbers[f];
	if (w->fire != NULL)
		sit->fire = card_word(game_card(g), WL_FIRE, w->fire);
}

/* A charge may not go out of the attacker's hex, across the side between, or into
 * the target's hex where the card says no_charge (the rules a charging move
 * meets): refused with the card line. */
static bool
charge_allowed(const struct game *g, int a, int t, struct command_result *res)
{
	const struct step *why;
	struct move_answer m;
	struct move_how how;
	bool stop, ok = true;

	game_move_how_init(&how);
	how.given[FACT_CHARGE] = 1;
	game_leave(g, a, g->units[a].hex, &how, &m);
	if (!m.no_charge) {
		explain_free(&m.why);
		game_step_cost(g, a, g->units[a].hex, g->units[t].hex, &how, &stop, &m);
	}
	if (m.no_charge) {
		why = explain_find(&m.why, STEP_REFUSAL, EFFECT_NO_CHARGE);
		ok = cmd_fail(res, "%s may not charge %s: %s (%s)", g->units[a].id, g->units[t].id,
		              why ? why->text : "the card says no charge",
		              why && why->ref ? why->ref : "the card");
	}
	explain_free(&m.why);
	return ok;
}

/* Work out one battle and say it; `commit` marks the attacker as having battled.
 * `given` holds facts the players state that the board cannot show (a charge, an
 * attack from the flank), true or false; -1 where they say nothing. */
static bool
battle_between(struct game *g, int a, int t, const struct battle_words *w, bool commit,
               bool probe, struct command_result *res)
{
	struct battle bt = { .g = g, .a = a, .t = t, .at = g->units[t].hex, .w = w, .commit = commit,
		             .probe = probe };
	struct los_answer los;
	bool adjacent = hex_distance(g->units[a].hex, g->units[t].hex) == 1, ok, carried;
	bool strict = commit || probe;

	bt.back = strict && g->units[a].battle_back_vs == t + 1 && g->units[a].side != g->side;
	if (g->units[a].side == g->units[t].side)
		return cmd_fail(res, "%s and %s are on the same side", g->units[a].id, g->units[t].id);
	if (strict && !bt.back && !cmd_may_order(g, a, res))
		return false;
	if (strict && g->units[a].battled && !g->forcing && !bt.back)
		return cmd_fail(res, "%s has battled this turn (a unit battles once a turn; add "
		                     "--force, which the log records, to battle again)",
		                g->units[a].id);
	if (strict && !bt.back && g->units[a].side == g->side && g->npending > 0 && !g->forcing) {
		res->remedy = REMEDY_SETTLE;
		return cmd_fail(res, "the last battle's result is not applied: apply it first (or "
		                     "skip it)");
	}
	if (!combat_type(g, w, adjacent, &bt.combat, res))
		return false;
	res->found.has_combat = true;
	res->found.combat = bt.combat;
	if (strict && !g->forcing && !combat_in_phase(g, a, bt.combat, res))
		return false;
	if (bt.back && !((game_card(g)->battle_back.combat >> bt.combat) & 1u))
		return cmd_fail(res, "%s battles back against %s in %s combat only (%s:%d)",
		                g->units[a].id, g->units[t].id,
		                first_combat_name(game_card(g), game_card(g)->battle_back.combat),
		                game_card(g)->battle_back.file, game_card(g)->battle_back.line);
	if (!adjacent && (game_card(g)->adjacent_combat >> bt.combat) & 1u)
		return cmd_fail(res, "%s is not next to %s: %s combat is against an adjacent unit (%s:%d)",
		                g->units[a].id, g->units[t].id,
		                game_card(g)->words[WL_COMBAT].words[bt.combat],
		                game_card(g)->adjacent_combat_file, game_card(g)->adjacent_combat_line);
	if (!class_may_battle(g, a, bt.combat, res))
		return false;
	if (!adjacent && !class_sees_without_los(g, a, res)) {
		game_fire_los(g, a, g->units[t].hex, &los);
		if (!los.clear) {
			cmd_fail(res, "%s has no line of sight to %s:", g->units[a].id, g->units[t].id);
			cmd_say_steps(res, &los.why);
			explain_free(&los.why);
			return false;
		}
		explain_free(&los.why);
	}
	game_battle_situation(g, a, t, bt.combat, &bt.sit);
	bt.sit.quiet = cmd_unread(g, res);
	for (int f = 0; f < N_FACTS; f++)
		if (w->given[f] >= 0)
			bt.sit.facts[f] = w->given[f] != 0;
	stated_facts(g, w, &bt.sit);
	/* a charging move ends in the attack it charged for, unless they say not */
	carried = w->given[FACT_CHARGE] < 0 && g->units[a].charging;
	if (carried)
		bt.sit.facts[FACT_CHARGE] = true;
	if (bt.sit.facts[FACT_CHARGE] && adjacent && !charge_allowed(g, a, t, res))
		return false;
	if (w->dice >= 0) {
		bt.sit.base = w->dice;
		bt.sit.base_given = true;
		bt.sit.base_from = NULL;
		bt.sit.base_unit = NULL;
	}
	table_overrides(g, w, &bt.sit);
	terrain_battle(game_card(g), &bt.sit, &bt.b);
	terrain_protection(game_card(g), &bt.sit, &bt.p);
	if (w->drm != 0) {
		bt.b.drm += w->drm;
		explain_add(&bt.b.why, &(struct step_from){ .kind = STEP_AMOUNT, .value = w->drm },
		            "die-roll modifier the players give (drm=%+ld)", w->drm);
		explain_counts_for(&bt.b.why, EFFECT_DRM);
	}
	if (!bt.b.may_battle) {
		ok = cmd_fail(res, "%s may not battle %s:", g->units[a].id, g->units[t].id);
		cmd_say_steps(res, &bt.b.why);
	} else if (commit && !values_given(&bt, res)) {
		ok = false;
	} else {
		say_battle_answer(g, a, t, bt.combat, &bt.b, &bt.p, res);
		if (carried) {
			cmd_say(res, "    %s charged on its move: the attack is a charge (charge=false "
			             "says it is not)", g->units[a].id);
			cmd_mark(res, LINE_STEP, NULL);
		}
		ok = commit || values_given(&bt, res) ? battle_outcome(&bt, res) : true;
		if (ok && bt.fought)
			g->units[a].charging = false;
	}
	explain_free(&bt.b.why);
	explain_free(&bt.p.why);
	return ok;
}

bool
cmd_battle_between(struct game *g, int a, int t, const struct battle_words *w, bool commit,
                   struct command_result *res)
{
	return battle_between(g, a, t, w, commit, false, res);
}

bool
cmd_battle_probe(struct game *g, int a, int t, const struct battle_words *w,
                 struct command_result *res)
{
	int was = g->command;
	bool ok;

	g->command = CMD_BATTLE;
	ok = battle_between(g, a, t, w, false, true, res);
	g->command = was;
	return ok;
}

bool
cmd_battle_needs(struct game *g, int a, int t, const struct battle_words *w,
                 struct command_result *res)
{
	int combat;

	if (!combat_type(g, w, hex_distance(g->units[a].hex, g->units[t].hex) == 1, &combat,
	                 res))
		return false;
	res->found.has_combat = true;
	res->found.combat = combat;
	cmd_battle_value_needs(g, a, t, combat, w->dice >= 0, w->att_value >= 0 && w->def_value >= 0,
	                       res);
	cmd_say(res, "%s battles %s (%s): %zu value%s missing", g->units[a].id, g->units[t].id,
	        game_card(g)->words[WL_COMBAT].words[combat], res->found.nneeds,
	        res->found.nneeds == 1 ? "" : "s");
	for (size_t i = 0; i < res->found.nneeds; i++)
		cmd_say(res, "  %s %s: %s (unit set %s %s=N)", g->units[res->found.needs[i].unit].id,
		        res->found.needs[i].key, res->found.needs[i].name,
		        g->units[res->found.needs[i].unit].id, res->found.needs[i].key);
	return true;
}

/* target_on=ID, crossed=ID, without=ID: terrain the table has and the map not
 * (in the target's hex, or a hexside feature along the line of fire), or the
 * other way round; up to 8 of each. */
static bool
terrain_word(const struct game *g, const struct question_key *k, const char *word,
             const char *id, struct battle_words *w, struct command_result *res)
{
	const struct card *card = game_card(g);
	bool without = k->id == QK_WITHOUT;
	int *n = without ? &w->nwithout : &w->nwith;
	int t;

	if (*n == 8)
		return cmd_fail(res, "%s: at most 8 of these", word);
	if (!cmd_terrain_id(g, id, ~0u, &t, res))
		return false;
	if (!without && (card->terrain[t].kind == TERRAIN_HEXSIDE) != (k->id == QK_CROSSED))
		return cmd_fail(res, "%s: %s is %s: give it as %s=%s", word, id,
		                k->id == QK_CROSSED ? "not a hexside feature" : "a hexside feature",
		                k->id == QK_CROSSED ? "target_on" : "crossed", id);
	if (without)
		w->without[(*n)++] = id;
	else
		w->with[(*n)++] = id;
	return true;
}

/* A number word: dice=N, drm=N, structure_roll=N, attacker_value=N,
 * defender_value=N (the sides' values; attacker=N and defender=N, their old
 * spelling, still read). */
static bool
number_word(const struct question_key *k, const char *word, const char *value,
            struct battle_words *w, struct command_result *res)
{
	switch (k->id) {
	case QK_DICE:
		if (!str_long(value, 0, 64, &w->dice))
			return cmd_fail(res, "%s: give the dice as a number from 0 to 64", word);
		return true;
	case QK_STRUCTURE_ROLL:
		if (!str_long(value, 1, 6, &w->structure_roll))
			return cmd_fail(res, "%s: the structure's die shows 1 to 6", word);
		return true;
	case QK_DRM:
		if (!str_long(value, -99, 99, &w->drm) || w->drm == 0)
			return cmd_fail(res, "%s: give the modifier as a number, -99 to 99, not 0", word);
		return true;
	default:
		if (!str_long(value, 0, 999, k->id == QK_ATTACKER_VALUE ? &w->att_value : &w->def_value))
			return cmd_fail(res, "%s: give the value as a number from 0 to 999", word);
		return true;
	}
}

/* fact=VALUE for a fact that is neither true / false nor terrain: a count the
 * players state (beyond_range=2) or the kind of fire (fire=reaction). */
static bool
fact_word(const struct game *g, const struct question_key *k, const char *word, const char *value,
          struct battle_words *w, struct command_result *res)
{
	long n;

	if (fact_info[k->fact].type == FT_FIRE) {
		if (card_word(game_card(g), WL_FIRE, value) < 0)
			return cmd_fail(res, "%s: %s names no such kind of fire", word, game_card(g)->id);
		w->fire = value;
		return true;
	}
	if (!str_long(value, 0, 999, &n))
		return cmd_fail(res, "%s: give %s as a number from 0 to 999", word, k->key);
	w->numbers[k->fact] = (int)n;
	return true;
}

/* Is this word's key given already? The first of each is read, as before. */
static bool
said_before(const struct question_key *k, const struct battle_words *w)
{
	switch (k->id) {
	case QK_FACT:
		return (fact_info[k->fact].type == FT_NUMBER && w->numbers[k->fact] >= 0) ||
		       (fact_info[k->fact].type == FT_FIRE && w->fire != NULL);
	case QK_ROLL:
		return w->rolled != NULL;
	case QK_DICE:
		return w->dice >= 0;
	case QK_STRUCTURE_ROLL:
		return w->structure_roll >= 0;
	case QK_DRM:
		return w->drm != 0;
	case QK_ATTACKER_VALUE:
		return w->att_value >= 0;
	case QK_DEFENDER_VALUE:
		return w->def_value >= 0;
	default:
		return false;
	}
}

/* One key=value word (or a fact given bare), by its key in the engine's table of
 * question keys (question-keys.h), the same table explain reads. */
/* as=COMMAND: the combat type chosen as the battle command of that name
 * chooses it (command words, read where they are typed). */
static bool
as_word(const char *word, const char *value, struct battle_words *w,
        struct command_result *res)
{
	static const char *const names[] = { [AS_BATTLE] = "battle", [AS_FIRE] = "fire",
		                             [AS_MELEE] = "melee" };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(value, names[i]) == 0) { /* reader: command words */
			w->as = (enum battle_as)i;
			return true;
		}
	return cmd_fail(res, "%s: as=fire, as=melee or as=battle (by distance)", word);
}

static bool
battle_word(const struct game *g, char *word, struct battle_words *w, struct command_result *res)
{
	char *eq = strchr(word, '=');
	const char *value = eq != NULL ? eq + 1 : NULL;
	struct question_key k;

	if (!question_key_find(word, eq != NULL ? (size_t)(eq - word) : strlen(word), ASKER_BATTLE,
	                       &k) ||
	    said_before(&k, w) ||
	    (k.id == QK_FACT && fact_info[k.fact].type == FT_BOOL && value != NULL &&
	     /* reader: command words */
	     strcmp(value, "true") != 0 && strcmp(value, "false") != 0) ||
	    (!(k.id == QK_FACT && fact_info[k.fact].type == FT_BOOL) && value == NULL))
		return cmd_fail(res, "%s: after the target give a combat type, a fact such as "
		                     "charge, from_flank or stationary=false, dice=N, drm=N, "
		                     "target_on=TERRAIN, crossed=TERRAIN, without=TERRAIN, "
		                     "attacker_value=N defender_value=N or roll=DICE",
		                word);
	switch (k.id) {
	case QK_FACT:
		if (fact_info[k.fact].type == FT_TERRAIN)
			return terrain_word(g, &k, word, value, w, res);
		if (fact_info[k.fact].type != FT_BOOL)
			return fact_word(g, &k, word, value, w, res);
		/* reader: command words */
		w->given[k.fact] = value == NULL || strcmp(value, "true") == 0;
		return true;
	case QK_ROLL:
		w->rolled = value;
		return true;
	case QK_BY:
		if (strcmp(value, "hexaid") != 0) /* reader: command words */
			return cmd_fail(res, "%s: by=hexaid is the only source a journal names", word);
		w->by_hexaid = true;
		return true;
	case QK_AS:
		return as_word(word, value, w, res);
	case QK_CROSSED:
	case QK_WITHOUT:
		return terrain_word(g, &k, word, value, w, res);
	default:
		return number_word(&k, word, value, w, res);
	}
}

/* The words after the target: a combat type, facts the players state
 * (`charge`, `stationary=false`), `dice=N` for the attacker's dice as the players
 * count them, and `roll=a,b,c` with the dice on the table. */
bool
cmd_battle_words(const struct game *g, int argc, char **argv, int first, struct battle_words *w,
                 struct command_result *res)
{
	memset(w, 0, sizeof *w);
	memset(w->given, -1, sizeof w->given);
	for (int f = 0; f < N_FACTS; f++)
		w->numbers[f] = -1;
	w->dice = w->att_value = w->def_value = w->structure_roll = -1;
	for (int i = first; i < argc; i++) {
		if (card_word(game_card(g), WL_COMBAT, argv[i]) >= 0 && w->combat == NULL)
			w->combat = argv[i];
		else if (!battle_word(g, argv[i], w, res))
			return false;
	}
	return true;
}

/* Fire at a hex with no unit in it: at an undefended structure, whose damage
 * roll the card's events give. */
static bool
battle_at_hex(struct game *g, int a, struct hex h, const struct battle_words *w,
              struct command_result *res)
{
	struct battle bt = { .g = g, .a = a, .t = -1, .at = h, .w = w, .commit = true };
	struct scen_structure *st = event_structure_defended(g, h);
	struct los_answer los;
	char *name;

	if (st == NULL)
		return cmd_fail(res, "no unit and no standing structure there to fire at");
	if (g->units[a].battled && !g->forcing)
		return cmd_fail(res, "%s has battled this turn (add --force to battle again)",
		                g->units[a].id);
	if (!cmd_may_order(g, a, res) ||
	    !combat_type(g, w, hex_distance(g->units[a].hex, h) == 1, &bt.combat, res) ||
	    !class_may_battle(g, a, bt.combat, res))
		return false;
	if (hex_distance(g->units[a].hex, h) > 1 && !class_sees_without_los(g, a, res)) {
		game_fire_los(g, a, h, &los);
		if (!los.clear) {
			cmd_fail(res, "%s has no line of sight to it:", g->units[a].id);
			cmd_say_steps(res, &los.why);
		}
		explain_free(&los.why);
		if (!los.clear)
			return false;
	}
	game_hex_battle_situation(g, a, h, bt.combat, &bt.sit);
	table_overrides(g, w, &bt.sit);
	name = event_structure_name(g, st);
	cmd_say(res, "%s fires at the %s, which no unit defends", g->units[a].id, name);
	free(name);
	cmd_battle_fought(&bt);
	cmd_battle_events(&bt, res);
	return true;
}

/* The target: a unit, or a hex with no unit (an undefended structure). */
static bool
battle_target(struct game *g, int a, const char *word, const struct battle_words *w, int *t,
              struct command_result *res)
{
	struct hex h;

	*t = -1;
	if (game_unit_find(g, word) < 0 && hex_from_label(game_board(g), word, &h) &&
	    game_unit_at(g, h) < 0)
		return battle_at_hex(g, a, h, w, res);
	return cmd_unit(g, word, t, res);
}

bool
cmd_battle(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct battle_words w;
	int a, t;

	if (!cmd_unit(g, argv[1], &a, res) || !cmd_battle_words(g, argc, argv, 3, &w, res) ||
	    !battle_target(g, a, argv[2], &w, &t, res))
		return false;
	return t < 0 || cmd_battle_between(g, a, t, &w, true, res);
}

static bool
battle_with(struct game *g, int argc, char **argv, bool first, struct command_result *res)
{
	const struct card *card = game_card(g);
	size_t n = card->words[WL_COMBAT].count;
	struct battle_words w;
	int a, t;

	if (!cmd_unit(g, argv[1], &a, res) || !cmd_battle_words(g, argc, argv, 3, &w, res))
		return false;
	if (n == 0)
		return cmd_fail(res, "%s names no combat types", card->id);
	if (w.combat != NULL || w.as != AS_BATTLE)
		return cmd_fail(res, "%s%s%s chooses the combat type itself; use battle to name one",
		                w.combat != NULL ? w.combat : "", w.combat != NULL ? ": " : "",
		                argv[0]);
	w.as = first ? AS_FIRE : AS_MELEE;
	if (!battle_target(g, a, argv[2], &w, &t, res))
		return false;
	return t < 0 || cmd_battle_between(g, a, t, &w, true, res);
}

bool
cmd_fire(struct game *g, int argc, char **argv, struct command_result *res)
{
	return battle_with(g, argc, argv, true, res);
}

bool
cmd_melee(struct game *g, int argc, char **argv, struct command_result *res)
{
	return battle_with(g, argc, argv, false, res);
}

/* hit UNIT N: hits the players read from their dice or a table, taken off the
 * unit's strength (blocks, figures, strength points). */
bool
cmd_hit(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct game_unit *u;
	long hits;
	int i;

	(void)argc;
	if (!cmd_unit(g, argv[1], &i, res))
		return false;
	u = &g->units[i];
	if (!str_long(argv[2], 1, 99, &hits))
		return cmd_fail(res, "hit %s %s: give the hits, 1 to 99", argv[1], argv[2]);
	game_unit_lose(g, i, hits);
	cmd_say(res, "%s takes %ld hit%s: strength %d/%d%s", u->id, hits, hits == 1 ? "" : "s",
	        u->strength, u->max_strength, u->eliminated ? ", eliminated" : "");
	game_log(g, "%s takes %ld hit%s (%d/%d)%s", u->id, hits, hits == 1 ? "" : "s", u->strength,
	         u->max_strength, u->eliminated ? ", eliminated" : "");
	return true;
}
