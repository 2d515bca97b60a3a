/* test-play-rules.c: no rule of a card is silently skipped in play. For every
 * rule of every shipped card (played on its demo scenario), the test looks for
 * a situation play can bring about that triggers it: units of some classes
 * placed on the board, the rule's terrain where it acts (the hex entered or
 * left, the attacker's or the target's hex, the side between, a change of
 * level, a friendly unit, an enemy's zone), the units' statuses and
 * formations, the scenario's settings, and only those facts and counts that
 * the commands take as words (the engine's table of question words: a battle's
 * or a move's). The situation is built by the game as play builds it, and the
 * engine's answer must hold a step of the rule. A rule no situation triggers
 * is listed with its card line: make play able to, or write it as what it is
 * (a reminder, `remind:`, which says why).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "event.h"
#include "load.h"
#include "question-keys.h"
#include "strutil.h"
#include "testutil.h"
#include "xmalloc.h"

/* What a rule is: where its terrain acts, or a card-wide list. */
struct target {
	const struct terrain *t;  /* NULL: modifiers, scoring or events */
	int terrain;
	enum section section;
	const struct rule *r;
};

/* One try: classes, combat and how the negated conditions are broken. */
struct attempt {
	int acls, tcls, combat;
	int broken;               /* the `unless:` condition made false, or -1 */
};

struct board {
	struct game *g;
	int a, t;                 /* the attacking (moving) unit and the target */
	struct hex ha, ht;        /* their hexes: the move is from ha to ht */
	struct battle_words_lite {
		signed char given[N_FACTS];
		int numbers[N_FACTS];
		int fire;
	} w;
	struct move_how how;
};

/* ---- the board ------------------------------------------------------------------ */

static void
reset_board(struct board *b, int distance)
{
	struct game *g = b->g;
	const struct hex_board *hb = game_board(g);

	while (g->nsides > 0)
		assert_true(game_side_remove(g, g->sides[0].side, g->sides[0].feature));
	for (int r = 0; r < hb->rows; r++)
		for (int c = 0; c < hb->columns; c++) {
			struct hex h = hex_from_offset(hb, c, r);
			game_hex_terrain(g, h)->count = 0;
			g->levels[scenario_hex_index(&g->sc, h)] = 0;
		}
	for (size_t i = 0; i < g->nunits; i++) {
		struct game_unit *u = &g->units[i];
		u->eliminated = (int)i != b->a && (int)i != b->t;
		u->status = 0;
		u->formation = -1;
		u->moved = u->moved_onto = u->road_move = u->battled = u->charging = false;
	}
	for (int s = 0; s < MAX_SETTINGS; s++)
		g->settings[s] = -1;
	b->ht = hex_from_offset(hb, hb->columns / 2, hb->rows / 2);
	b->ha = b->ht;
	/* the attacker that far away, in the direction with room for it */
	for (int dir = 0, best = -1; dir < HEX_DIRECTIONS && best < distance; dir++) {
		struct hex h = b->ht;
		int d = 0;

		while (d < distance && hex_on_board(hb, hex_neighbor(h, dir)))
			h = hex_neighbor(h, dir), d++;
		if (d > best)
			best = d, b->ha = h;
	}
	g->units[b->a].hex = b->ha;
	g->units[b->t].hex = b->ht;
	game_units_changed(g);
	memset(b->w.given, -1, sizeof b->w.given);
	for (int f = 0; f < N_FACTS; f++)
		b->w.numbers[f] = -1;
	b->w.fire = -1;
	game_move_how_init(&b->how);
}

/* Another unit of the side of unit u, placed at h (for supports, a friendly
 * unit's hex); false when the scenario has none left. */
static bool
place_friend(struct board *b, int u, struct hex h, bool enemy)
{
	struct game *g = b->g;

	for (size_t i = 0; i < g->nunits; i++) {
		if ((int)i == b->a || (int)i == b->t || !g->units[i].eliminated ||
		    (g->units[i].side == g->units[u].side) == enemy)
			continue;
		g->units[i].eliminated = false;
		g->units[i].hex = h;
		game_units_changed(g);
		return true;
	}
	return false;
}

static void
add_terrain(struct game *g, struct hex h, int t)
{
	struct tset *s = game_hex_terrain(g, h);

	if (!tset_has(s, t))
		tset_add(s, t);
}

/* A hex next to h on the board that neither unit stands in. */
static struct hex
free_neighbour(const struct board *b, struct hex h)
{
	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		struct hex n = hex_neighbor(h, d);

		if (hex_on_board(game_board(b->g), n) && !hex_eq(n, b->ha) && !hex_eq(n, b->ht))
			return n;
	}
	return h;
}

/* A road from the hex left to the hex entered, of the card's first path. */
static void
place_road(struct board *b)
{
	const struct card *card = game_card(b->g);

	for (size_t t = 0; t < card->nterrain; t++)
		if (card->terrain[t].kind == TERRAIN_PATH) {
			add_terrain(b->g, b->ha, (int)t);
			add_terrain(b->g, b->ht, (int)t);
			if (game_side_add(b->g, b->ha, hex_direction_to(b->ha, b->ht), (int)t))
				b->how.road = true;
			return;
		}
}

/* The rule's own terrain where it acts. */
static void
place_own(struct board *b, const struct target *tg, bool out)
{
	const struct card *card = game_card(b->g);
	const struct terrain *t = tg->t;
	struct hex here = tg->section == SECTION_BATTLE_FROM ? b->ha : b->ht;

	if (t == NULL)
		return;
	switch (t->kind) {
	case TERRAIN_HEXSIDE:
		/* an enclosing feature is listed under the hex it encloses */
		assert_true(game_side_add(b->g, out ? b->ha : b->ht,
		                          hex_direction_to(out ? b->ha : b->ht, out ? b->ht : b->ha),
		                          tg->terrain));
		break;
	case TERRAIN_PATH:
		add_terrain(b->g, b->ha, tg->terrain);
		add_terrain(b->g, b->ht, tg->terrain);
		if (game_side_add(b->g, b->ha, hex_direction_to(b->ha, b->ht), tg->terrain))
			b->how.road = true;
		break;
	case TERRAIN_CONDITION:
		if (t->on_level_change)
			b->g->levels[scenario_hex_index(&b->g->sc, b->ht)] =
			        t->level_min > 0 ? t->level_min : 0,
			b->g->levels[scenario_hex_index(&b->g->sc, b->ha)] =
			        t->level_min > 0 ? 0 : -t->level_min;
		if (t->on_levels_apart)
			b->g->levels[scenario_hex_index(&b->g->sc, b->ht)] = t->apart_min;
		if (t->on_side >= 0)
			game_side_add(b->g, b->ha, hex_direction_to(b->ha, b->ht), t->on_side);
		if (t->on_friendly_unit)
			place_friend(b, b->a, b->ht, false);
		if (t->on_leaving_zoc)
			place_friend(b, b->a, free_neighbour(b, b->ha), true);
		if (t->on_entering_zoc)
			place_friend(b, b->a, free_neighbour(b, b->ht), true);
		break;
	default:
		/* must_stop_after_leaving acts on the hex left */
		if (tg->section == SECTION_MOVE && tg->r->effect == EFFECT_STOP_AFTER)
			here = b->ha;
		add_terrain(b->g, here, tg->terrain);
		break;
	}
	(void)card;
}

/* ---- conditions as play can give them ---------------------------------------------- */

/* Does the asker take this fact as a word? */
static bool
word_for(enum fact f, unsigned asker)
{
	struct question_key k;

	return question_key_find(fact_info[f].key, strlen(fact_info[f].key), asker, &k) &&
	       k.id == QK_FACT && k.fact == (int)f;
}

/* Every key a command takes is a word that begins with a lower-case letter, and
 * is found as itself; a hex label of the board, or a number, is no key (a move
 * passes over its hexes without looking them up). */
static void
check_keys_are_words(const struct game *g)
{
	static const unsigned askers[] = { ASKER_EXPLAIN, ASKER_BATTLE, ASKER_MOVE };
	const char *names[128];
	char label[HEX_LABEL_SIZE];
	struct question_key k;

	hex_label(game_board(g), g->units[0].hex, label);
	for (size_t a = 0; a < sizeof askers / sizeof askers[0]; a++) {
		size_t n = question_keys(askers[a], names, 128);

		assert_true(n > 0 && n < 128);
		for (size_t i = 0; i < n; i++) {
			assert_true(names[i][0] >= 'a' && names[i][0] <= 'z');
			assert_true(question_key_find(names[i], strlen(names[i]), askers[a], &k));
		}
		assert_false(question_key_find(label, strlen(label), askers[a], &k));
		assert_false(question_key_find("2", 1, askers[a], &k));
	}
}

/* A number within the condition's first range, or (broken) outside all of them. */
static int
number_for(const struct cond *c, bool broken)
{
	if (!broken)
		return c->values[0] > 0 || c->values[1] == 0 ? c->values[0] : 1;
	for (int n = 0; n < 12; n++) {
		bool in = false;
		for (size_t v = 0; v + 1 < c->nvalues; v += 2)
			in = in || (n >= c->values[v] && n <= c->values[v + 1]);
		if (!in)
			return n;
	}
	return 99;
}

/* Make one condition hold (or, broken, fail) by what play gives. */
static void
give_cond(struct board *b, const struct target *tg, const struct cond *c, bool broken,
          unsigned asker)
{
	struct game *g = b->g;
	bool want = broken ? !c->truth : c->truth;
	int who = c->fact == FACT_TARGET || c->fact == FACT_TARGET_ON ||
	                          c->fact == FACT_TARGET_STATUS || c->fact == FACT_TARGET_FORMATION
	                  ? b->t
	                  : b->a;

	switch (fact_info[c->fact].type) {
	case FT_BOOL:
		if (c->fact == FACT_ROAD_MOVE && asker == ASKER_MOVE) {
			if (want)
				place_road(b);
			break;
		}
		if (c->fact == FACT_FROM_LOWER && asker == ASKER_MOVE) {
			g->levels[scenario_hex_index(&g->sc, b->ht)] = want;
			break;
		}
		if (c->fact == FACT_NEXT_TO_ENEMY && asker == ASKER_MOVE) {
			/* an enemy beside the hex entered */
			if (want)
				place_friend(b, b->a, free_neighbour(b, b->ht), true);
			break;
		}
		if (c->fact == FACT_ATTACKING_OUT || c->fact == FACT_ADJACENT)
			break; /* from the board */
		if (asker == ASKER_MOVE && word_for(c->fact, ASKER_MOVE))
			b->how.given[c->fact] = want;
		else if (asker == ASKER_BATTLE && word_for(c->fact, ASKER_BATTLE))
			b->w.given[c->fact] = want;
		break;
	case FT_TERRAIN:
		/* a move's attacker_on is the hex it enters */
		if (!broken)
			add_terrain(g, who == b->t || asker == ASKER_MOVE ? b->ht : b->ha, c->values[0]);
		break;
	case FT_STATUS:
		if (!broken)
			g->units[who].status |= UINT64_C(1) << c->values[0];
		break;
	case FT_FORMATION:
		if (!broken)
			g->units[who].formation = c->values[0];
		break;
	case FT_SETTING:
		g->settings[c->setting] =
		        !broken
		                ? c->values[0]
		                : (c->values[0] + 1) % (int)game_card(g)->settings[c->setting].nchoices;
		break;
	case FT_FIRE:
		if (!broken && asker == ASKER_BATTLE && word_for(c->fact, ASKER_BATTLE))
			b->w.fire = c->values[0];
		break;
	case FT_NUMBER:
		if (c->fact == FACT_DISTANCE)
			break; /* placed */
		if (asker == ASKER_BATTLE && word_for(c->fact, ASKER_BATTLE))
			b->w.numbers[c->fact] = number_for(c, !broken ? false : true);
		break;
	default:
		break;
	}
	(void)tg;
}

/* ---- asking play ---------------------------------------------------------------- */

static bool
has_step(const struct explanation *why, const struct rule *r)
{
	for (size_t i = 0; i < why->count; i++)
		if (why->steps[i].rule == r)
			return true;
	return false;
}

static void
battle_sit(struct board *b, int combat, struct situation *sit)
{
	game_battle_situation(b->g, b->a, b->t, combat, sit);
	for (int f = 0; f < N_FACTS; f++) {
		if (b->w.given[f] >= 0)
			sit->facts[f] = b->w.given[f] != 0;
		if (b->w.numbers[f] >= 0)
			sit->numbers[f] = b->w.numbers[f];
	}
	if (b->w.fire >= 0)
		sit->fire = b->w.fire;
}

/* Does play's answer in this board hold a step of the rule (or, for a rule
 * that makes no step, does it apply)? */
static bool
triggered(struct board *b, const struct target *tg, int combat)
{
	const struct card *card = game_card(b->g);
	const struct rule *r = tg->r;
	struct situation sit;
	struct move_answer m;
	struct battle_answer ba;
	struct protection_answer pa;
	bool hit, stop;

	if (tg->section == SECTION_MOVE) {
		if (r->effect == EFFECT_STOP_AFTER) {
			game_leave(b->g, b->a, b->ha, &b->how, &m);
		} else {
			game_step_cost(b->g, b->a, b->ha, b->ht, &b->how, &stop, &m);
		}
		hit = has_step(&m.why, r);
		explain_free(&m.why);
		return hit;
	}
	if (tg->section == SECTION_EVENTS) {
		if (r->on == ON_BATTLE) {
			battle_sit(b, combat, &sit);
		} else if (r->on == ON_ENTER) {
			game_step_situation(b->g, b->a, b->ha, b->ht, &b->how, &sit);
		} else {
			game_unit_situation(b->g, b->a, &sit);
		}
		return terrain_rule_applies(card, &sit, r);
	}
	battle_sit(b, combat, &sit);
	if (tg->section == SECTION_SCORING)
		return terrain_rule_applies(card, &sit, r);
	terrain_battle(card, &sit, &ba);
	terrain_protection(card, &sit, &pa);
	hit = has_step(&ba.why, r) || has_step(&pa.why, r);
	/* terrain that counts as a support acts through the target's supports:
	 * the count is said where a rule tests it */
	if (!hit && r->effect == EFFECT_SUPPORT && terrain_rule_applies(card, &sit, r))
		hit = true;
	explain_free(&ba.why);
	explain_free(&pa.why);
	return hit;
}

/* The distance the rule's conditions ask (within a condition that must hold,
 * outside the one broken), or 1. */
static int
distance_for(const struct rule *r, int broken)
{
	for (size_t i = 0; i < r->nconds; i++)
		if (r->conds[i].fact == FACT_DISTANCE && (!r->conds[i].negated || (int)i == broken))
			return number_for(&r->conds[i], (int)i == broken);
	return 1;
}

static bool
try_once(struct board *b, const struct target *tg, const struct attempt *at)
{
	const struct rule *r = tg->r;
	unsigned asker = tg->section == SECTION_MOVE ? ASKER_MOVE : ASKER_BATTLE;
	bool out = false;
	int distance = distance_for(r, at->broken);

	if (tg->section == SECTION_EVENTS && r->on == ON_ENTER)
		asker = ASKER_MOVE;
	if (distance < 1)
		distance = 1;
	reset_board(b, distance);
	b->g->units[b->a].cls = at->acls;
	b->g->units[b->t].cls = at->tcls;
	for (size_t i = 0; i < r->nconds; i++) {
		const struct cond *c = &r->conds[i];
		if (c->negated && (int)i != at->broken)
			continue;
		if (c->fact == FACT_ATTACKING_OUT)
			out = c->truth != ((int)i == at->broken);
		give_cond(b, tg, c, (int)i == at->broken, asker);
	}
	if (r->per > 0 && word_for((enum fact)(r->per - 1), ASKER_BATTLE))
		b->w.numbers[r->per - 1] = 1;
	place_own(b, tg, out);
	/* attacker_on / target_on of the move: the hex entered is the mover's */
	return triggered(b, tg, at->combat);
}

/* Search classes, combat types and which `unless:` condition to break. */
static bool
find_trigger(struct board *b, const struct target *tg)
{
	const struct card *card = game_card(b->g);
	size_t ncombat = card->words[WL_COMBAT].count ? card->words[WL_COMBAT].count : 1;
	int nneg = 0;

	for (size_t i = 0; i < tg->r->nconds; i++)
		nneg += tg->r->conds[i].negated;
	for (int broken = nneg ? 0 : -1; broken < (int)tg->r->nconds; broken++) {
		if (broken >= 0 && !tg->r->conds[broken].negated)
			continue;
		for (size_t a = 0; a < card->nclasses; a++)
			for (size_t t = 0; t < card->nclasses; t++)
				for (size_t k = 0; k < ncombat; k++) {
					struct attempt at = { (int)a, (int)t,
					                      card->words[WL_COMBAT].count ? (int)k : -1,
					                      broken };
					if (try_once(b, tg, &at))
						return true;
				}
		if (nneg == 0)
			break;
	}
	return false;
}

/* ---- every rule of a card -------------------------------------------------------- */

static void
note_missed(struct strbuf *missed, const struct target *tg)
{
	strbuf_addf(missed, "\n  %s:%d (%s%s%s): no play situation triggers it", tg->r->file,
	            tg->r->line, tg->t ? tg->t->id : "", tg->t ? ", " : "",
	            section_keys[tg->section]);
}

static void
check_list(struct board *b, const struct terrain *t, int terrain, enum section s,
           const struct rule_list *rl, struct strbuf *missed, size_t *rules)
{
	for (size_t k = 0; k < rl->count; k++) {
		struct target tg = { t, terrain, s, &rl->items[k] };

		(*rules)++;
		if (!find_trigger(b, &tg))
			note_missed(missed, &tg);
	}
}

static void
check_card(const char *id)
{
	struct strbuf missed = { NULL, 0, 0 };
	struct game g;
	struct board b = { .g = &g, .a = -1, .t = -1 };
	const struct card *card;
	size_t rules = 0;

	open_card_demo(id, &g);
	check_keys_are_words(&g);
	card = game_card(&g);
	for (size_t i = 0; i < g.nunits; i++) {
		if (b.a < 0)
			b.a = (int)i;
		else if (b.t < 0 && g.units[i].side != g.units[b.a].side)
			b.t = (int)i;
	}
	for (size_t t = 0; t < card->nterrain; t++)
		for (int s = 0; s < SECTION_MODIFIERS; s++)
			check_list(&b, &card->terrain[t], (int)t, (enum section)s,
			           &card->terrain[t].sections[s], &missed, &rules);
	check_list(&b, NULL, -1, SECTION_MODIFIERS, &card->modifiers, &missed, &rules);
	check_list(&b, NULL, -1, SECTION_SCORING, &card->scoring, &missed, &rules);
	check_list(&b, NULL, -1, SECTION_EVENTS, &card->events, &missed, &rules);
	print_message("# %s: %zu rules\n", id, rules);
	game_free(&g);
	if (missed.text != NULL) {
		fail_msg("%s: rules that play cannot trigger:%s", id, missed.text);
		free(missed.text);
	}
}

int
main(void)
{
	return run_card_tests("play-rules", check_card);
}
