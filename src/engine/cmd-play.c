/* cmd-play.c: the commands of play (engine layer): select, move (along a path the
 * card allows, or to a hex by the cheapest such path, with the card's enter
 * events for the hexes it enters), the turn and notes. Battles are in
 * cmd-battle.c.
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

bool
cmd_select(struct game *g, int argc, char **argv, struct command_result *res)
{
	char buf[HEX_LABEL_SIZE];
	int u;

	(void)argc;
	if (!cmd_unit(g, argv[1], &u, res))
		return false;
	g->selected = u;
	hex_label(game_board(g), g->units[u].hex, buf);
	cmd_say(res, "%s selected, in %s", g->units[u].id, buf);
	return true;
}

/* ---- moving ------------------------------------------------------------------ */

struct step_check {
	struct game *g;
	int unit;
	struct move_how how;   /* along a road; the facts stated for the move */
	struct step_search *steps; /* the steps a search for the way asks in a row */
};

static long
reach_cost(void *ctx, struct hex from, struct hex to, bool *stop_after)
{
	struct step_check *sc = ctx;
	const struct move_answer *m;
	long cost = game_steps_cost(sc->steps, from, to, stop_after, &m);

	/* a charge finds no way where the card forbids charging */
	return sc->how.given[FACT_CHARGE] == 1 && m->no_charge ? -1 : cost;
}

/* Refuse a move, with the step of the card's answer that says why: the first of
 * this kind made by a rule with this effect. */
static bool
refuse(struct command_result *res, const char *id, const char *what, const char *at,
       const struct move_answer *m, enum step_kind kind, enum effect effect)
{
	const struct step *why = explain_find(&m->why, kind, effect);

	if (why != NULL)
		return cmd_fail(res, "%s %s %s: %s (%s)", id, what, at, why->text,
		                why->ref ? why->ref : "the card");
	return cmd_fail(res, "%s %s %s", id, what, at);
}

/* The hexes of the move: the words given, or the cheapest path to one hex
 * (*searched then). */
static size_t
move_path(struct game *g, struct step_check *sc, int argc, char **argv, struct hex **path,
          bool *searched, struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	struct hex start = g->units[sc->unit].hex, to;
	size_t n = 0;

	if (argc == 3) {
		struct hex_reached *reached;
		size_t cap = (size_t)b->columns * (size_t)b->rows, count;

		if (!cmd_hex(g, argv[2], &to, res))
			return 0;
		if (hex_eq(start, to)) {
			cmd_fail(res, "%s is there already", g->units[sc->unit].id);
			return 0;
		}
		if (hex_direction_to(start, to) < 0) {
			*searched = true;
			reached = xcalloc(cap, sizeof *reached);
			sc->steps = game_steps_start(g, sc->unit, &sc->how);
			count = hex_reach_to(b, start, to, 1000000, reach_cost, sc, reached, cap);
			game_steps_free(sc->steps);
			sc->steps = NULL;
			*path = xcalloc(cap + 1, sizeof **path);
			n = hex_reach_path(b, reached, count, to, *path, cap + 1);
			free(reached);
			if (n == 0)
				cmd_fail(res, "%s cannot reach %s: no way the card allows", g->units[sc->unit].id,
				         argv[2]);
			return n;
		}
	}
	*path = xcalloc((size_t)argc, sizeof **path);
	(*path)[n++] = start;
	for (int i = 2; i < argc; i++) {
		if (!cmd_hex(g, argv[i], &(*path)[n], res))
			return 0;
		if (hex_direction_to((*path)[n - 1], (*path)[n]) < 0) {
			char a[HEX_LABEL_SIZE];
			hex_label(b, (*path)[n - 1], a);
			cmd_fail(res, "%s is not next to %s: give the path hex by hex, or one hex to go to",
			         argv[i], a);
			return 0;
		}
		n++;
	}
	return n;
}

struct path_cost {
	long cost;             /* in halves */
	long allowance;        /* the worst category's, in halves; -1: none */
	long road_bonus;       /* hexes added to the allowance along a road */
	long disorder;         /* levels of disorder the move brings */
	const struct rule *road_rate; /* the rule giving the unit's rate along the road, or NULL */
	struct unit_halt halt; /* the last hex is one the unit must stop in: where and why */
	struct strlist reminders; /* the card's reminders for the hexes entered, a line each */
	const struct rule **reminded; /* the rules of those reminders, each said once */
	size_t nreminded, cap_reminded;
};

static void
path_cost_free(struct path_cost *pc)
{
	game_halt_clear(&pc->halt);
	strlist_free(&pc->reminders);
	free(pc->reminded);
	pc->reminded = NULL;
	pc->nreminded = pc->cap_reminded = 0;
}

/* The card's reminders among a step's answer, each rule's said once: what it
 * says of its terrain ("remember: ..."), in the hex it applies in. */
static void
add_reminders(struct path_cost *pc, const char *at, const struct move_answer *m)
{
	for (size_t i = 0; i < m->why.count; i++) {
		const struct step *why = &m->why.steps[i];
		const struct rule **slot;
		bool said = false;
		char *line;

		for (size_t k = 0; why->kind == STEP_REMINDER && k < pc->nreminded && !said; k++)
			said = pc->reminded[k] == why->rule;
		if (why->kind != STEP_REMINDER || said)
			continue;
		slot = xgrow(&pc->reminded, &pc->nreminded, &pc->cap_reminded, sizeof *slot);
		*slot = why->rule;
		line = xasprintf("    in %s, %s  [%s]", at, why->text + why->said,
		                 why->ref ? why->ref : "the card");
		strlist_add(&pc->reminders, line);
		free(line);
	}
}

/* A road's rate for the unit, where the step's answer gives one (only a move
 * along the road the whole way has its path's rules): the lowest of the way. */
static void
road_rate_of(struct path_cost *pc, const struct move_answer *m)
{
	const struct step *why = explain_find(&m->why, STEP_AMOUNT, EFFECT_ROAD_RATE);

	if (why != NULL && why->rule != NULL && m->road_rate > 0 &&
	    (pc->road_rate == NULL || m->road_rate < pc->road_rate->amount))
		pc->road_rate = why->rule;
}

/* The unit must stop in the hex `at` of the path: the step of the card's
 * answer that stops it, kept as the halt. */
static void
halt_reason(struct unit_halt *halt, struct hex at, const struct move_answer *m)
{
	const struct step *why = explain_find(&m->why, STEP_HALT, EFFECT_MUST_STOP);

	game_halt_set(halt, at, why ? why->rule : NULL, why ? why->text : NULL);
}

/* The card's answer for one step of the path, in *a: *m, asked now in words
 * (free m->why), or, when nobody reads what the move says (a replay), the
 * game's remembered answer without words (*m is then empty), unless the step
 * refuses the move or stops the unit: a refusal says why, and a halt keeps its
 * words in the unit's state, which is the same whether the move is played or
 * replayed. */
static long
path_step(struct step_check *sc, const struct hex *path, size_t i, size_t n, bool quiet,
          bool *stop, struct move_answer *m, const struct move_answer **a)
{
	long c;

	memset(m, 0, sizeof *m);
	*a = m;
	if (!quiet)
		return game_step_cost(sc->g, sc->unit, path[i - 1], path[i], &sc->how, stop, m);
	c = game_step_cost_remembered(sc->g, sc->unit, path[i - 1], path[i], &sc->how, stop, a);
	if ((c < 0 && (*a)->prohibited) || *stop || ((*a)->cannot_stop_here && i + 1 == n)) {
		*a = m;
		c = game_step_cost(sc->g, sc->unit, path[i - 1], path[i], &sc->how, stop, m);
	}
	return c;
}

/* Check each step of the path and add up its cost. */
static bool
check_path(struct step_check *sc, const struct hex *path, size_t n, struct path_cost *pc,
           struct command_result *res)
{
	const struct hex_board *b = game_board(sc->g);
	const char *id = sc->g->units[sc->unit].id;
	char at[HEX_LABEL_SIZE];
	bool ok = true;

	pc->cost = 0;
	pc->allowance = -1;
	pc->road_bonus = 0;
	pc->disorder = 0;
	pc->road_rate = NULL;
	path_cost_free(pc);
	for (size_t i = 1; i < n && ok; i++) {
		struct move_answer own;
		const struct move_answer *a;
		bool stop;
		long c = path_step(sc, path, i, n, res->quiet, &stop, &own, &a);
		int other = game_unit_at(sc->g, path[i]);

		/* the hex's label, where a refusal or a reminder says it */
		if (!res->quiet || c < 0 || stop || a->cannot_stop_here || other >= 0)
			hex_label(b, path[i], at);
		if (c < 0 && a->prohibited)
			ok = refuse(res, id, "cannot enter", at, a, STEP_REFUSAL, EFFECT_PROHIBITED);
		else if (c < 0)
			ok = cmd_fail(res, "%s cannot enter %s: %s is there", id, at, sc->g->units[other].id);
		else if (stop && i + 1 < n)
			ok = refuse(res, id, "must stop in", at, a, STEP_HALT, EFFECT_MUST_STOP);
		else if (stop)
			halt_reason(&pc->halt, path[i], a);
		else if (a->cannot_stop_here && i + 1 == n)
			ok = refuse(res, id, "may not end its move in", at, a, STEP_REFUSAL,
			            EFFECT_CANNOT_STOP);
		else if (other >= 0 && i + 1 == n)
			ok = cmd_fail(res, "%s may not end its move in %s: %s is there", id, at,
			              sc->g->units[other].id);
		pc->cost += c;
		if (a->allowance >= 0 && (pc->allowance < 0 || a->allowance < pc->allowance))
			pc->allowance = a->allowance;
		if (a->road_bonus > pc->road_bonus)
			pc->road_bonus = a->road_bonus;
		pc->disorder += a->disorder;
		road_rate_of(pc, a);
		if (!res->quiet)
			add_reminders(pc, at, a);
		explain_free(&own.why);
	}
	return ok;
}

/* ---- entering hexes: the card's enter events ------------------------------------- */

#define MAX_ENTER_DICE 64

/* What entering one hex of the move does: the enter event that applies (-1: none),
 * and the faces rolled for it (a slice of the plan's faces). */
struct entered {
	size_t at;
	int rule;
	int first, count;
};

struct enter_plan {
	struct entered *steps;
	size_t nsteps, cap;
	int faces[MAX_ENTER_DICE];
	int nfaces;
	size_t stop;           /* the hex of the path the move ends in */
	bool typed;            /* the faces are the players' (roll=) */
};

/* The faces of one enter roll: the next of the typed ones, or rolled now. */
static bool
enter_faces(struct game *g, struct enter_plan *p, int need, const int *typed, int ntyped,
            int *used, struct command_result *res)
{
	if (p->nfaces + need > MAX_ENTER_DICE)
		return cmd_fail(res, "this move rolls more than %d dice", MAX_ENTER_DICE);
	if (!p->typed)
		return cmd_faces_take(g, need, NULL, &p->faces[p->nfaces], res);
	if (*used + need > ntyped)
		return cmd_fail(res, "roll=: this move rolls at least %d %s as it enters its hexes; "
		                     "give a face for each", *used + need, *used + need == 1 ? "die" : "dice");
	memcpy(&p->faces[p->nfaces], &typed[*used], (size_t)need * sizeof *typed);
	*used += need;
	return true;
}

/* Does any of the card's enter events roll dice? */
static bool
events_roll(const struct card *card)
{
	for (size_t i = 0; i < card->events.count; i++)
		if (card->events.items[i].rolled != 0 && card->events.items[i].on == ON_ENTER)
			return true;
	return false;
}

/* Work out what each hex the move enters does, before anything changes: the
 * first enter event whose conditions hold; when it names faces, its dice are
 * rolled (or taken from roll=) and the first rule that holds for the faces applies.
 * A rule that makes the unit lose strength, or lose it, ends the move in that hex. */
static bool
plan_entering(struct step_check *sc, const struct hex *path, size_t n, const char *typed_words,
              struct enter_plan *p, struct command_result *res)
{
	const struct card *card = game_card(sc->g);
	int typed[MAX_ENTER_DICE], ntyped = 0, used = 0;
	bool events = event_any(card, ON_ENTER, -1);

	p->stop = n - 1;
	p->typed = typed_words != NULL;
	/* faces typed for a card whose moves roll nothing are refused before they are read */
	if (p->typed && !events_roll(card))
		return cmd_fail(res, "roll=%s: nothing rolls as a unit enters a hex with this card "
		                     "(none of its enter events rolls dice)", typed_words);
	if (p->typed) {
		ntyped = 1;
		for (const char *c = typed_words; *c != '\0'; c++)
			ntyped += *c == ',';
		if (ntyped > MAX_ENTER_DICE)
			return cmd_fail(res, "roll=%s: at most %d dice", typed_words, MAX_ENTER_DICE);
		if (!cmd_faces_take(sc->g, ntyped, typed_words, typed, res))
			return false;
	}
	/* a card without enter events has nothing to work out, hex by hex */
	for (size_t i = 1; i < n && events; i++) {
		struct situation sit;
		struct entered *e;
		int k, first = p->nfaces;
		uint64_t bits = 0;

		game_step_situation(sc->g, sc->unit, path[i - 1], path[i], &sc->how, &sit);
		k = event_rule_for(card, ON_ENTER, -1, &sit, ~UINT64_C(0));
		if (k < 0)
			continue;
		if (card->events.items[k].rolled != 0) {
			int need = card->events.items[k].roll;
			if (!enter_faces(sc->g, p, need, typed, ntyped, &used, res))
				return false;
			for (int f = first; f < first + need; f++)
				bits |= p->faces[f] < 64 ? UINT64_C(1) << p->faces[f] : 0;
			p->nfaces += need;
			k = event_rule_for(card, ON_ENTER, -1, &sit, bits);
		}
		e = xgrow(&p->steps, &p->nsteps, &p->cap, sizeof *e);
		*e = (struct entered){ i, k, first, p->nfaces - first };
		if (k >= 0 && (card->events.items[k].effect == EFFECT_LOSE ||
		               card->events.items[k].effect == EFFECT_LOST)) {
			p->stop = i;
			break;
		}
	}
	if (p->typed && used == 0)
		return cmd_fail(res, "roll=%s: this move rolls no dice: it enters no hex where the card "
		                     "rolls", typed_words);
	if (p->typed && used != ntyped)
		return cmd_fail(res, "roll=%s: this move rolls %d %s as it enters its hexes; give %d",
		                typed_words, used, used == 1 ? "die" : "dice", used);
	return true;
}

/* Say and do what one entered hex's event does. */
static void
apply_entered(struct game *g, int unit, const struct hex *path, const struct enter_plan *p,
              const struct entered *e, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct rule *r = e->rule >= 0 ? &card->events.items[e->rule] : NULL;
	struct game_unit *u = &g->units[unit];
	char at[HEX_LABEL_SIZE], ref[96], *what = NULL;

	hex_label(game_board(g), path[e->at], at);
	if (e->count > 0) {
		char *words = cmd_faces_words(&card->dice[card->battle_die], &p->faces[e->first],
		                              e->count, ", ");
		cmd_say(res, "%s enters %s: rolls %d %s: %s%s", u->id, at, e->count,
		        e->count == 1 ? "die" : "dice", words, p->typed ? " (the dice on the table)" : "");
		cmd_mark(res, LINE_ROLL, NULL);
		game_log(g, "%s enters %s: rolls %s", u->id, at, words);
		free(words);
	}
	if (r == NULL) {
		cmd_say(res, "    nothing happens: no enter event of the card holds for that roll");
		return;
	}
	snprintf(ref, sizeof ref, "%s:%d%s%s", r->file, r->line, r->seed ? ", seed " : "",
	         r->seed ? r->seed : "");
	if (r->effect == EFFECT_LOST) {
		game_unit_lose(g, unit, u->strength);
		cmd_say(res, "    %s is lost in %s: eliminated  [%s]", u->id, at, ref);
		game_log(g, "%s is lost entering %s, eliminated", u->id, at);
		return;
	}
	if (r->effect == EFFECT_LOSE) {
		game_unit_lose(g, unit, r->amount);
		cmd_say(res, "    %s loses %ld: strength %d/%d%s; its move ends in %s  [%s]", u->id,
		        r->amount, u->strength, u->max_strength, u->eliminated ? ", eliminated" : "", at,
		        ref);
		game_halt_set(&u->halt, path[e->at], r, NULL);
		game_log(g, "%s loses %ld entering %s (%d/%d)%s", u->id, r->amount, at, u->strength,
		         u->max_strength, u->eliminated ? ", eliminated" : "");
		return;
	}
	event_apply(g, path[e->at], r, &what);
	cmd_say(res, "    %s  [%s]", what, ref);
	if (r->effect != EFFECT_NOTHING)
		game_log(g, "%s", what);
	free(what);
}

/* What leaving its hex means: a unit that must stop in the next hex after
 * leaving it (a mine crater) moves one hex, and no further this turn: that halt
 * is kept in *halt. */
static bool
check_leaving(struct step_check *sc, const struct hex *path, size_t n, struct unit_halt *halt,
              struct command_result *res)
{
	struct move_answer m;
	bool ok = true;

	/* remembered without words, asked in words for a halt, which keeps them */
	if (!game_leave_stops_remembered(sc->g, sc->unit, path[0], &sc->how))
		return true;
	game_leave(sc->g, sc->unit, path[0], &sc->how, &m);
	if (m.stop_after_leaving && n > 2) {
		ok = refuse(res, sc->g->units[sc->unit].id, "must stop in the first hex after leaving",
		            "its hex", &m, STEP_HALT, EFFECT_STOP_AFTER);
	} else if (m.stop_after_leaving) {
		const struct step *why = explain_find(&m.why, STEP_HALT, EFFECT_STOP_AFTER);

		game_halt_set(halt, path[1], why ? why->rule : NULL, why ? why->text : NULL);
	}
	explain_free(&m.why);
	return ok;
}

/* The move fits the unit's allowance for the turn: its class's, or its terrain
 * category's, and a road's bonus when the whole move follows the road. */
static bool
check_allowance(struct step_check *sc, const struct path_cost *pc, struct command_result *res)
{
	const struct card *card = game_card(sc->g);
	const struct game_unit *u = &sc->g->units[sc->unit];
	int from = card_class_move_from(card, u->cls);
	long allowance = pc->allowance, spent = u->moved_cost + pc->cost;
	long own = u->own.move;
	char a[24], c[24];
	const char *why = "its terrain's category";
	bool by_class = own < 0 && from >= 0 && (allowance < 0 || card->classes[from].move < allowance);
	bool by_own = own >= 0 && (allowance < 0 || own < allowance);

	if (by_own) {
		allowance = own;
		why = "its own";
	} else if (by_class) {
		allowance = card->classes[from].move;
		why = card->classes[from].name ? card->classes[from].name : card->classes[from].id;
	}
	if (allowance < 0)
		return true;
	explain_points(allowance, false, a);
	if (sc->how.road && pc->road_bonus > 0)
		allowance += pc->road_bonus * 2;
	if (spent <= allowance)
		return true;
	explain_points(spent, false, c);
	if (by_class)
		return cmd_fail(res, "%s may move %s%s%.0ld%s this turn; this makes %s (%s, %s:%d%s)",
		                u->id, a, sc->how.road && pc->road_bonus ? ", +" : "",
		                sc->how.road ? pc->road_bonus : 0L,
		                sc->how.road && pc->road_bonus ? " along the road," : "", c, why,
		                card->classes[from].file, card->classes[from].move_line,
		                card->classes[from].move_assumed ? "; assumed: check your rulebook" : "");
	if (by_own)
		return cmd_fail(res, "%s may move %s%s%.0ld%s this turn; this makes %s (its own "
		                     "allowance: unit set %s move=N changes it)",
		                u->id, a, sc->how.road && pc->road_bonus ? ", +" : "",
		                sc->how.road ? pc->road_bonus : 0L,
		                sc->how.road && pc->road_bonus ? " along the road," : "", c, u->id);
	return cmd_fail(res, "%s may move %s here this turn (%s); this makes %s", u->id, a, why, c);
}

/* The move's words: roll=FACES (into *rolled), the facts the players state for
 * the move (charge, redeploy: the engine's table of question words), and the
 * hexes, which go into hexes[] (the command's own words, its name and the unit
 * first, are left as they are: the record keeps them). Returns how many went
 * into hexes[], or -1 with the reason. */
static int
take_move_words(int argc, char **argv, const char **rolled, struct move_how *how, char **hexes,
                struct command_result *res)
{
	int n = 0;

	*rolled = NULL;
	hexes[n++] = argv[0];
	hexes[n++] = argv[1];
	for (int i = 2; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		const char *value = eq != NULL ? eq + 1 : NULL;
		struct question_key k;

		/* reader: command words */
		if (*rolled == NULL && strncmp(argv[i], "roll=", 5) == 0) {
			*rolled = argv[i] + 5;
		} else if (question_key_find(argv[i], eq ? (size_t)(eq - argv[i]) : strlen(argv[i]),
		                             ASKER_MOVE, &k) &&
		           k.id == QK_FACT) {
			/* reader: command words */
			if (value != NULL && strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
				cmd_fail(res, "%s: say %s, %s=true or %s=false", argv[i], k.key, k.key, k.key);
				return -1;
			}
			/* reader: command words */
			how->given[k.fact] = value == NULL || strcmp(value, "true") == 0;
		} else {
			hexes[n++] = argv[i];
		}
	}
	return n;
}

/* A charge may not go out of, into, through or across terrain whose rules say
 * no_charge (a cavalry charge into rough ground, across a stream): each is
 * refused with the card line. */
static bool
check_charge(struct step_check *sc, const struct hex *path, size_t n, struct command_result *res)
{
	const char *id = sc->g->units[sc->unit].id;
	struct move_answer m;
	char at[HEX_LABEL_SIZE];
	bool stop, ok = true;

	if (sc->how.given[FACT_CHARGE] != 1)
		return true;
	game_leave(sc->g, sc->unit, path[0], &sc->how, &m);
	if (m.no_charge)
		ok = refuse(res, id, "may not charge out of", "its hex", &m, STEP_REFUSAL,
		            EFFECT_NO_CHARGE);
	explain_free(&m.why);
	for (size_t i = 1; i < n && ok; i++) {
		game_step_cost(sc->g, sc->unit, path[i - 1], path[i], &sc->how, &stop, &m);
		hex_label(game_board(sc->g), path[i], at);
		if (m.no_charge)
			ok = refuse(res, id, i + 1 < n ? "may not charge through" : "may not charge into",
			            at, &m, STEP_REFUSAL, EFFECT_NO_CHARGE);
		explain_free(&m.why);
	}
	return ok;
}

/* A move to a hex whose way was searched is recorded with that way, hex by
 * hex: the way taken is a fact of the game, as dice are, and a replay then
 * checks its steps without searching again. The words that are not hexes
 * (charge, roll=...) follow, as given; `target` is the hex word given. */
static void
record_way(struct game *g, int argc, char **argv, const char *target, const struct hex *path,
           size_t n, struct command_result *res)
{
	char at[HEX_LABEL_SIZE];

	strlist_add(&res->record_args, argv[1]);
	for (size_t i = 1; i < n; i++) {
		hex_label(game_board(g), path[i], at);
		strlist_add(&res->record_args, at);
	}
	for (int i = 2; i < argc; i++)
		if (argv[i] != target)
			strlist_add(&res->record_args, argv[i]);
}

/* A move along a road on the map that a rule of the road bars (no road movement
 * next to an enemy): the rule and the hex where it holds. */
struct road_barred {
	const struct rule *rule;
	struct hex at;
};

/* Is the move a road move: each step along a path on the map, and no rule of the
 * path barring one? *barred gets the first such rule (NULL when none). */
static bool
road_move(const struct step_check *sc, const struct hex *path, size_t n,
          struct road_barred *barred)
{
	barred->rule = NULL;
	for (size_t i = 1; i < n; i++)
		if (!game_road_between(sc->g, path[i - 1], path[i]))
			return false;
	for (size_t i = 1; i < n && barred->rule == NULL; i++) {
		barred->rule = game_road_barred(sc->g, sc->unit, path[i - 1], path[i]);
		barred->at = path[i];
	}
	return barred->rule == NULL;
}

/* "    not along the road: in 0501, ...  [card.yaml:225, seed 004:97]" */
static void
say_road_barred(const struct game *g, const struct road_barred *b, struct command_result *res)
{
	const struct rule *r = b->rule;
	char at[HEX_LABEL_SIZE], *conds = terrain_describe_conds(game_card(g), r);

	hex_label(game_board(g), b->at, at);
	cmd_say(res, "    not along the road: in %s, no movement along it (%s); the terrain "
	             "counts  [%s:%d%s%s]",
	        at, conds, r->file, r->line, r->seed ? ", seed " : "", r->seed ? r->seed : "");
	free(conds);
}

bool
cmd_move(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	struct step_check sc = { .g = g, .unit = -1 };
	struct unit_halt leaving = { .halted = false };
	struct enter_plan plan;
	struct path_cost pc;
	struct game_unit *u;
	struct hex *path = NULL;
	char from[HEX_LABEL_SIZE] = "", to[HEX_LABEL_SIZE] = "", cost[24] = "", **hexes;
	const char *rolled, *target = NULL;
	size_t n;
	int nhexes;
	bool ok, searched = false;
	struct road_barred barred;

	if (!cmd_unit(g, argv[1], &sc.unit, res) || !cmd_may_order(g, sc.unit, res))
		return false;
	game_move_how_init(&sc.how);
	hexes = xcalloc((size_t)argc + 1, sizeof *hexes);
	nhexes = take_move_words(argc, argv, &rolled, &sc.how, hexes, res);
	if (nhexes >= 0 && nhexes < 3)
		cmd_fail(res, "usage: move UNIT HEX [HEX...] [charge] [redeploy] [roll=FACES]");
	u = &g->units[sc.unit];
	if (nhexes >= 3 && u->halt.halted && !g->forcing) {
		char *halt = game_halt_words(g, &u->halt);
		cmd_fail(res, "%s had to stop %s; it moves no further this turn (--force moves it, "
		              "and the log says so)", u->id, halt);
		free(halt);
		nhexes = -1;
	}
	n = nhexes >= 3 ? move_path(g, &sc, nhexes, hexes, &path, &searched, res) : 0;
	target = nhexes >= 3 ? hexes[2] : NULL;
	free(hexes);
	if (n < 2) {
		free(path);
		return false;
	}
	sc.how.road = road_move(&sc, path, n, &barred);
	memset(&plan, 0, sizeof plan);
	memset(&pc, 0, sizeof pc);
	ok = check_charge(&sc, path, n, res) && check_leaving(&sc, path, n, &leaving, res) &&
	     check_path(&sc, path, n, &pc, res) &&
	     check_allowance(&sc, &pc, res) && plan_entering(&sc, path, n, rolled, &plan, res);
	if (ok && plan.stop + 1 < n) {
		/* a loss on the way ends the move there: it costs what it took to get there */
		struct command_result scratch;
		memset(&scratch, 0, sizeof scratch);
		scratch.quiet = res->quiet;
		check_path(&sc, path, plan.stop + 1, &pc, &scratch);
		command_result_free(&scratch);
	}
	if (!ok) {
		free(plan.steps);
		path_cost_free(&pc);
		game_halt_clear(&leaving);
		free(path);
		return false;
	}
	/* a halt on entering the hex is said before one for having left the last */
	if (!pc.halt.halted) {
		pc.halt = leaving;
		memset(&leaving, 0, sizeof leaving);
	}
	game_halt_clear(&leaving);
	if (searched)
		record_way(g, argc, argv, target, path, n, res);
	n = plan.stop + 1;
	/* what the move says and logs, unless nobody reads it (a replay) */
	if (!res->quiet || !g->replaying) {
		hex_label(b, u->hex, from);
		hex_label(b, path[n - 1], to);
	}
	u->hex = path[n - 1];
	game_unit_changed(g, sc.unit, path[0]);
	u->moved = u->moved_onto = true;
	u->road_move = sc.how.road;
	u->charging = sc.how.given[FACT_CHARGE] == 1;
	u->moved_cost += pc.cost;
	game_halt_clear(&u->halt);
	u->halt = pc.halt;
	memset(&pc.halt, 0, sizeof pc.halt);
	if (!res->quiet)
		explain_points(pc.cost, false, cost);
	cmd_say(res, "%s %s %s to %s: %zu %s, costing %s%s%s", u->id,
	        u->charging ? "charges from" : "moves", from, to, n - 1, n == 2 ? "hex" : "hexes",
	        cost, sc.how.road ? ", along the road" : "", g->forcing ? " (forced)" : "");
	game_log(g, "%s %s %s to %s (%zu %s%s)%s", u->id, u->charging ? "charges from" : "moves",
	         from, to, n - 1, n == 2 ? "hex" : "hexes", sc.how.road ? ", along the road" : "",
	         g->forcing ? " (forced)" : "");
	if (pc.road_rate != NULL)
		cmd_say(res, "    along the road, %s's road rate: %ld (the card's distances, for the "
		             "players to measure)  [%s:%d%s%s]",
		        u->id, pc.road_rate->amount, pc.road_rate->file, pc.road_rate->line,
		        pc.road_rate->seed ? ", seed " : "", pc.road_rate->seed ? pc.road_rate->seed : "");
	if (barred.rule != NULL && !res->quiet)
		say_road_barred(g, &barred, res);
	for (size_t i = 0; i < pc.reminders.count; i++)
		cmd_say(res, "%s", pc.reminders.items[i]);
	for (size_t i = 0; i < plan.nsteps; i++)
		apply_entered(g, sc.unit, path, &plan, &plan.steps[i], res);
	if (!plan.typed && plan.nfaces > 0)
		cmd_faces_record(res, &game_card(g)->dice[game_card(g)->battle_die], plan.faces,
		                 plan.nfaces);
	if (!u->eliminated)
		cmd_disorder(g, u, pc.disorder, res);
	free(plan.steps);
	path_cost_free(&pc);
	free(path);
	return true;
}

/* ---- retreats ------------------------------------------------------------------ */

#define RETREAT_MOST 12     /* hexes a retreat is searched for */
#define RETREAT_ENDS 64

/* The ways a unit may retreat: the most hexes it can (at most what it owes) and
 * the hexes where such a retreat ends, each with one path to it. */
struct retreat_ways {
	int depth;
	size_t nends;
	struct hex ends[RETREAT_ENDS];
	struct hex paths[RETREAT_ENDS][RETREAT_MOST + 1];
};

/* May a unit retreat from `from` into the adjacent `to`: on the board, nearer
 * its side's home edge, no unit there, terrain it may enter at all (a retreat
 * is not slowed or stopped by terrain, only barred by what it may not enter). */
static bool
retreat_step_ok(const struct game *g, int unit, struct hex from, struct hex to)
{
	int side = g->units[unit].side;
	struct move_answer m;
	struct move_how how;
	bool stop;
	long cost;

	if (!hex_on_board(game_board(g), to) || game_unit_at(g, to) >= 0 ||
	    game_home_distance(g, side, to) >= game_home_distance(g, side, from))
		return false;
	game_move_how_init(&how);
	cost = game_step_cost_quiet(g, unit, from, to, &how, &stop, &m);
	explain_free(&m.why);
	return cost >= 0;
}

static void
retreat_record(const struct hex *path, int len, struct retreat_ways *w)
{
	if (len < w->depth)
		return;
	if (len > w->depth) {
		w->depth = len;
		w->nends = 0;
	}
	for (size_t i = 0; i < w->nends; i++)
		if (hex_eq(w->ends[i], path[len]))
			return;
	if (w->nends == RETREAT_ENDS)
		return;
	w->ends[w->nends] = path[len];
	memcpy(w->paths[w->nends++], path, (size_t)(len + 1) * sizeof *path);
}

/* Every retreat from path[len]: each step nearer home, so none comes back. */
static void
retreat_search(const struct game *g, int unit, struct hex *path, int len, int due,
               struct retreat_ways *w)
{
	bool further = false;

	for (int d = 0; len < due && d < HEX_DIRECTIONS; d++) {
		struct hex next = hex_neighbor(path[len], d);
		if (!retreat_step_ok(g, unit, path[len], next))
			continue;
		further = true;
		path[len + 1] = next;
		retreat_search(g, unit, path, len + 1, due, w);
	}
	if (!further)
		retreat_record(path, len, w);
}

/* The ways the unit may retreat `due` hexes; false (said) when its side has no
 * home edge. */
static bool
retreat_ways(struct game *g, int unit, int due, struct retreat_ways *w,
             struct command_result *res)
{
	struct hex path[RETREAT_MOST + 1];
	const struct game_unit *u = &g->units[unit];

	memset(w, 0, sizeof *w);
	if (game_home_distance(g, u->side, u->hex) < 0)
		return cmd_fail(res, "the scenario gives the %s no home edge to retreat toward "
		                     "(sides: %s: { home: north, south, east or west })",
		                g->sc.teams[u->side].name, g->sc.teams[u->side].id);
	path[0] = u->hex;
	retreat_search(g, unit, path, 0, due > RETREAT_MOST ? RETREAT_MOST : due, w);
	return true;
}

/* "0406, 0506": where the ways end. */
static char *
ends_words(const struct game *g, const struct retreat_ways *w)
{
	struct strbuf s = { NULL, 0, 0 };
	char at[HEX_LABEL_SIZE];

	for (size_t i = 0; i < w->nends; i++)
		strbuf_addf(&s, "%s%s", i ? ", " : "", (hex_label(game_board(g), w->ends[i], at), at));
	return s.text != NULL ? s.text : xstrdup("nowhere");
}

/* retreats UNIT: where the retreat it owes may end, and what falling short
 * costs. */
bool
cmd_retreats(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct retreat_ways w;
	char *ends;
	int u, due;

	(void)argc;
	if (!cmd_unit(g, argv[1], &u, res))
		return false;
	due = g->units[u].retreat_due;
	if (due == 0) {
		cmd_say(res, "%s owes no retreat", g->units[u].id);
		return true;
	}
	if (!retreat_ways(g, u, due, &w, res))
		return false;
	res->found.hexes = xcalloc(w.nends + 1, sizeof *res->found.hexes);
	memcpy(res->found.hexes, w.ends, w.nends * sizeof *w.ends);
	res->found.nhexes = w.depth > 0 ? w.nends : 0;
	ends = ends_words(g, &w);
	if (w.depth > 0)
		cmd_say(res, "%s retreats %d of the %d hex%s it owes: to %s", g->units[u].id, w.depth,
		        due, due == 1 ? "" : "es", ends);
	else
		cmd_say(res, "%s cannot retreat: it owes %d hex%s", g->units[u].id, due,
		        due == 1 ? "" : "es");
	if (w.depth < due && game_card(g)->retreat_blocked.given)
		cmd_say(res, "  it loses %ld for the %d hex%s it cannot retreat (%s:%d%s)",
		        game_card(g)->retreat_blocked.lose * (due - w.depth), due - w.depth,
		        due - w.depth == 1 ? "" : "es", game_card(g)->retreat_blocked.file,
		        game_card(g)->retreat_blocked.line,
		        game_card(g)->retreat_blocked.assumed ? "; assumed: check your rulebook" : "");
	free(ends);
	return true;
}

/* The path the players give: the end of one of the ways, or hex by hex. */
static bool
retreat_path(struct game *g, int unit, int argc, char **argv, const struct retreat_ways *w,
             struct hex *path, size_t *n, struct command_result *res)
{
	char *ends = ends_words(g, w);
	bool ok = true;
	struct hex h;

	path[0] = g->units[unit].hex;
	*n = 1;
	if (argc == 2 && w->depth > 0)
		ok = cmd_fail(res, "%s can retreat %d hex%s: to %s (retreat %s HEX)",
		              g->units[unit].id, w->depth, w->depth == 1 ? "" : "es", ends,
		              g->units[unit].id);
	for (int i = 2; ok && i < argc; i++) {
		if (!cmd_hex(g, argv[i], &h, res)) {
			ok = false;
			break;
		}
		for (size_t k = 0; argc == 3 && k < w->nends && w->depth > 1; k++)
			if (hex_eq(w->ends[k], h)) {
				memcpy(path, w->paths[k], (size_t)(w->depth + 1) * sizeof *path);
				*n = (size_t)w->depth + 1;
				free(ends);
				return true;
			}
		if (*n > RETREAT_MOST || !retreat_step_ok(g, unit, path[*n - 1], h))
			ok = cmd_fail(res, "%s cannot retreat into %s: a retreat goes one hex at a time "
			                   "nearer its side's edge, into empty hexes it may enter (it may "
			                   "retreat to %s)",
			              g->units[unit].id, argv[i], ends);
		else
			path[(*n)++] = h;
	}
	if (ok && (int)*n - 1 != w->depth)
		ok = cmd_fail(res, "%s retreats %d hex%s: to %s", g->units[unit].id, w->depth,
		              w->depth == 1 ? "" : "es", ends);
	free(ends);
	return ok;
}

/* Strength lost for the hexes a retreat falls short, as the card says. */
static void
retreat_short(struct game *g, struct game_unit *u, int hexes, struct command_result *res)
{
	const struct card_mechanism *m = &game_card(g)->retreat_blocked;
	long lose;

	if (hexes <= 0)
		return;
	if (!m->given) {
		cmd_say(res, "%s could not retreat %d hex%s: the card says nothing of it", u->id,
		        hexes, hexes == 1 ? "" : "es");
		return;
	}
	lose = m->lose * hexes;
	game_unit_lose(g, (int)(u - g->units), lose);
	cmd_say(res, "%s cannot retreat %d hex%s: it loses %ld, strength %d/%d%s (%s:%d%s)", u->id,
	        hexes, hexes == 1 ? "" : "es", lose, u->strength, u->max_strength,
	        u->eliminated ? ", eliminated" : "", m->file, m->line,
	        m->assumed ? "; assumed: check your rulebook" : "");
	game_log(g, "%s cannot retreat %d hex%s: loses %ld (%d/%d)%s", u->id, hexes,
	         hexes == 1 ? "" : "es", lose, u->strength, u->max_strength,
	         u->eliminated ? ", eliminated" : "");
}

/* retreat UNIT [HEX...] [roll=FACES]: the retreat a battle gave it, hex by hex
 * toward its side's edge (or to where one of its ways ends), in its side's turn
 * or not; entering raises the card's enter events, as a move does. */
static void ground_offered(struct game *g, int unit, struct hex left,
                           struct command_result *res);

bool
cmd_retreat(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct step_check sc = { .g = g, .unit = -1 };
	const char *rolled;
	struct hex path[RETREAT_MOST + 2];
	struct retreat_ways w;
	struct enter_plan plan;
	struct game_unit *u;
	char from[HEX_LABEL_SIZE], to[HEX_LABEL_SIZE], **words;
	size_t n;
	int due;
	bool ok;

	/* roll=FACES for its enter events; a retreat is no charge */
	game_move_how_init(&sc.how);
	words = xcalloc((size_t)argc + 1, sizeof *words);
	argc = take_move_words(argc, argv, &rolled, &sc.how, words, res);
	ok = argc >= 2 && sc.how.given[FACT_CHARGE] < 0 && sc.how.given[FACT_REDEPLOY] < 0;
	if (argc >= 2 && !ok)
		cmd_fail(res, "a retreat takes hexes and roll=FACES, no charge or redeploy");
	if (ok)
		memcpy(argv, words, (size_t)argc * sizeof *argv);
	free(words);
	if (!ok || !cmd_unit(g, argv[1], &sc.unit, res))
		return false;
	u = &g->units[sc.unit];
	due = u->retreat_due > 0 ? u->retreat_due : g->forcing ? argc - 2 : 0;
	if (due == 0)
		return cmd_fail(res, "%s owes no retreat (a battle's flags or result give one; "
		                     "--force retreats it all the same)", u->id);
	if (!retreat_ways(g, sc.unit, due, &w, res) ||
	    !retreat_path(g, sc.unit, argc, argv, &w, path, &n, res))
		return false;
	memset(&plan, 0, sizeof plan);
	if (!plan_entering(&sc, path, n, rolled, &plan, res)) {
		free(plan.steps);
		return false;
	}
	hex_label(game_board(g), path[0], from);
	hex_label(game_board(g), path[plan.stop], to);
	u->hex = path[plan.stop];
	u->retreat_due = 0;
	game_unit_changed(g, sc.unit, path[0]);
	if (plan.stop > 0)
		cmd_say(res, "%s retreats %s to %s: %zu hex%s%s", u->id, from, to, plan.stop,
		        plan.stop == 1 ? "" : "es", g->forcing ? " (forced)" : "");
	game_log(g, "%s retreats %s to %s (%zu hex%s)", u->id, from, to, plan.stop,
	         plan.stop == 1 ? "" : "es");
	for (size_t i = 0; i < plan.nsteps; i++)
		apply_entered(g, sc.unit, path, &plan, &plan.steps[i], res);
	if (!plan.typed && plan.nfaces > 0)
		cmd_faces_record(res, &game_card(g)->dice[game_card(g)->battle_die], plan.faces,
		                 plan.nfaces);
	if (plan.stop + 1 == n && !u->eliminated)
		retreat_short(g, u, due - (int)(n - 1), res);
	if (plan.stop > 0 || u->eliminated)
		ground_offered(g, sc.unit, path[0], res);
	free(plan.steps);
	return true;
}

/* ---- the turn ------------------------------------------------------------------ */

/* "turn 3, Blue, Move: each ordered unit may move" (the phase and its reminder) */
static void
say_where(struct game *g, struct command_result *res)
{
	const struct card *card = game_card(g);
	char *turn;

	/* past the last turn: the end of the game is said instead */
	if (g->sc.victory.turns > 0 && g->turn > g->sc.victory.turns)
		return;
	turn = turn_number_words(g, false);
	if (g->phase < 0)
		cmd_say(res, "%s: %s to act", turn, g->sc.teams[g->side].name);
	else
		cmd_say(res, "%s, %s: %s%s%s", turn, g->sc.teams[g->side].name,
		        card->phases[g->phase].name, card->phases[g->phase].reminder ? ": " : "",
		        card->phases[g->phase].reminder ? card->phases[g->phase].reminder : "");
	free(turn);
}

/* No turn follows the scenario's last: ending a phase or a turn is refused
 * once the game is over. */
static bool
not_over(const struct game *g, const char *ending, struct command_result *res)
{
	if (!g->over)
		return true;
	return cmd_fail(res, "%s: the game is over: turn %d was the scenario's last, and %s%s; "
	                     "the board stays open for review, and undo takes back the end of "
	                     "the last turn", ending, g->sc.victory.turns,
	                g->winner >= 0 ? "the game went to the " : "it is a draw",
	                g->winner >= 0 ? g->sc.teams[g->winner].name : "");
}

/* Nothing owed may be dropped by ending a phase or a turn: refused with each
 * thing owed and the command that settles it, or `skip` that gives it up. */
static bool
nothing_owed(struct game *g, const char *ending, struct command_result *res)
{
	size_t n = turn_owed(g, NULL, 0);
	struct owed *owed;

	if (n == 0)
		return true;
	owed = xcalloc(n, sizeof *owed);
	turn_owed(g, owed, n);
	cmd_fail(res, "%s: %zu thing%s owed first (skip gives %s up, and the log says so):", ending,
	         n, n == 1 ? " is" : "s are", n == 1 ? "it" : "them");
	for (size_t i = 0; i < n; i++) {
		char *words = turn_owed_words(g, &owed[i]);
		cmd_fail(res, "  %s", words);
		free(words);
	}
	res->found.owed = owed;
	res->found.nowed = n;
	res->remedy = REMEDY_SETTLE;
	return false;
}

/* A unit whose battle made `unit` retreat may take the hex it left: said. */
static void
ground_offered(struct game *g, int unit, struct hex left, struct command_result *res)
{
	const struct card_mechanism *m = &game_card(g)->take_ground;
	char at[HEX_LABEL_SIZE];

	for (size_t i = 0; i < g->nunits; i++) {
		const struct game_unit *a = &g->units[i];

		if (a->ground_vs != unit + 1 || !hex_eq(a->ground, left) ||
		    game_unit_at(g, left) >= 0)
			continue;
		hex_label(game_board(g), left, at);
		cmd_say(res, "%s may take ground in %s: advance %s (%s:%d%s)", a->id, at, a->id,
		        m->file, m->line, m->assumed ? "; assumed: check your rulebook" : "");
		game_log(g, "%s may take ground in %s", a->id, at);
	}
}

/* Does the card let a unit of class `cls` battle once more after taking ground? */
static bool
bonus_class(const struct card *card, int cls)
{
	for (size_t c = 0; c < card->nclasses && c < 64; c++)
		if (((card->take_ground.bonus >> c) & 1u) && card_class_is(card, cls, (int)c))
			return true;
	return false;
}

/* advance UNIT: the unit takes the ground its last battle emptied (the card's
 * take_ground), once the unit it beat is off the hex; a class the card names
 * in bonus_battle may then battle once more this turn. */
bool
cmd_advance(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct card_mechanism *m = &card->take_ground;
	struct game_unit *u;
	char from[HEX_LABEL_SIZE], to[HEX_LABEL_SIZE];
	struct hex was;
	int i, in;

	(void)argc;
	if (!cmd_unit(g, argv[1], &i, res) || !cmd_may_order(g, i, res))
		return false;
	u = &g->units[i];
	if (!m->given)
		return cmd_fail(res, "%s takes no ground: the card %s has no take_ground", u->id,
		                card->id);
	if (u->ground_vs == 0)
		return cmd_fail(res, "%s has no ground to take: a unit takes ground after a battle "
		                     "that eliminates its target or makes it retreat (%s:%d)",
		                u->id, m->file, m->line);
	hex_label(game_board(g), u->ground, to);
	in = game_unit_at(g, u->ground);
	if (in >= 0)
		return cmd_fail(res, "%s cannot take ground in %s yet: %s is there%s", u->id, to,
		                g->units[in].id,
		                g->units[in].retreat_due > 0 ? " and owes its retreat first" : "");
	was = u->hex;
	hex_label(game_board(g), was, from);
	u->hex = u->ground;
	u->ground_vs = 0;
	u->moved = u->moved_onto = true;
	game_unit_changed(g, i, was);
	cmd_say(res, "%s takes ground: %s to %s (%s:%d%s%s%s)", u->id, from, to, m->file, m->line,
	        m->seed ? ", seed " : "", m->seed ? m->seed : "",
	        m->assumed ? "; assumed: check your rulebook" : "");
	game_log(g, "%s takes ground: %s to %s", u->id, from, to);
	if (u->battled && !u->bonus_taken && bonus_class(card, u->cls)) {
		u->battled = false;
		u->bonus_taken = true;
		cmd_say(res, "%s may battle once more this turn (bonus combat, %s:%d)", u->id, m->file,
		        m->line);
		game_log(g, "%s may battle once more (bonus combat)", u->id);
	}
	return true;
}

/* One thing owed given up: said and logged. */
static void
skip_one(struct game *g, const struct owed *o, struct command_result *res)
{
	struct game_unit *u = &g->units[o->unit];
	char *words = turn_owed_brief(g, o);

	cmd_say(res, "skipped: %s", words);
	game_log(g, "skipped by the players: %s", words);
	free(words);
	switch (o->kind) {
	case OWED_RESULT:
		game_pending_clear(g);
		break;
	case OWED_RETREAT:
		u->retreat_due = 0;
		break;
	case OWED_BATTLE_BACK:
		u->battle_back_vs = 0;
		break;
	}
}

/* skip [UNIT]: give up what is owed (all of it, or what a unit owes or is owed
 * by a result waiting), the players' choice, which the log keeps. */
bool
cmd_skip(struct game *g, int argc, char **argv, struct command_result *res)
{
	size_t n = turn_owed(g, NULL, 0), done = 0;
	struct owed *owed;
	int unit = -1;

	if (argc > 1 && !cmd_unit(g, argv[1], &unit, res))
		return false;
	if (n == 0)
		return cmd_fail(res, "skip: nothing is owed (a result to apply, a retreat, a battle "
		                     "back)");
	owed = xcalloc(n, sizeof *owed);
	turn_owed(g, owed, n);
	for (size_t i = 0; i < n; i++) {
		bool pending_on = false;

		for (size_t k = 0; owed[i].kind == OWED_RESULT && k < g->npending; k++)
			pending_on |= g->pending[k].unit == unit;
		if (unit >= 0 && owed[i].unit != unit && !pending_on)
			continue;
		skip_one(g, &owed[i], res);
		done++;
	}
	free(owed);
	if (done == 0)
		return cmd_fail(res, "skip: %s owes nothing", g->units[unit].id);
	return true;
}

bool
cmd_phase(struct game *g, int argc, char **argv, struct command_result *res)
{
	const char *was = turn_phase_name(g);
	int side = g->side;

	(void)argc;
	if (strcmp(argv[1], "next") != 0) /* reader: command words */
		return cmd_fail(res, "usage: phase next");
	if (g->phase < 0)
		return cmd_fail(res, "%s gives no sequence of play: end the turn with turn end",
		                game_card(g)->id);
	if (!not_over(g, "phase next", res) || !nothing_owed(g, "phase next", res))
		return false;
	if (turn_next_phase(g))
		game_log(g, "turn %d: %s end their turn", g->turn - (g->side == g->sc.start_side),
		         g->sc.teams[side].name);
	else
		game_log(g, "%s: %s done", g->sc.teams[side].name, was);
	game_dice_bookmark(g);
	say_where(g, res);
	return true;
}

bool
cmd_turn(struct game *g, int argc, char **argv, struct command_result *res)
{
	int side = g->side;

	(void)argc;
	if (strcmp(argv[1], "end") != 0) /* reader: command words */
		return cmd_fail(res, "usage: turn end");
	if (!not_over(g, "turn end", res) || !nothing_owed(g, "turn end", res))
		return false;
	turn_end(g);
	game_log(g, "turn %d: %s end their turn", g->turn - (g->side == g->sc.start_side),
	         g->sc.teams[side].name);
	game_dice_bookmark(g);
	say_where(g, res);
	return true;
}

bool
cmd_note(struct game *g, int argc, char **argv, struct command_result *res)
{
	size_t size = 1;
	char *text, *out;

	/* the words joined by one space */
	for (int i = 1; i < argc; i++)
		size += strlen(argv[i]) + 1;
	text = out = xmalloc(size);
	for (int i = 1; i < argc; i++) {
		if (i > 1)
			*out++ = ' ';
		memcpy(out, argv[i], strlen(argv[i]));
		out += strlen(argv[i]);
	}
	*out = '\0';
	cmd_say(res, "note: %s", text);
	game_log(g, "note: %s", text);
	free(text);
	return true;
}

/* What a change of formation costs the unit (the card's formation_change), in
 * halves of movement points; refused when its move has not that much left. */
static bool
formation_cost(struct game *g, int unit, struct command_result *res)
{
	const struct card_mechanism *m = &game_card(g)->formation_change;
	struct game_unit *u = &g->units[unit];
	long allowance = game_unit_move(g, unit), cost = m->given ? 2 * m->cost : 0;
	char spent[24], most[24], needs[24];

	if (allowance < 0)
		allowance = card_class_best_allowance(game_card(g), u->cls);

	if (allowance >= 0 && u->moved_cost + cost > allowance && !g->forcing)
		return cmd_fail(res, "%s has %s of its %s movement points left; a change of formation "
		                     "costs %s (%s:%d%s)",
		                u->id,
		                explain_points(allowance > u->moved_cost ? allowance - u->moved_cost : 0,
		                               false, spent),
		                explain_points(allowance, false, most), explain_points(cost, false, needs),
		                m->file, m->line, m->assumed ? "; assumed: check your rulebook" : "");
	return true;
}

/* The cost of the change, taken off the unit's move and said as a step. */
static void
formation_spend(struct game *g, int unit, struct command_result *res)
{
	const struct card_mechanism *m = &game_card(g)->formation_change;
	long cost = m->given ? 2 * m->cost : 0;
	char needs[24];

	if (cost == 0)
		return;
	g->units[unit].moved_cost += cost;
	cmd_say(res, "    costs %s movement point%s  [%s:%d%s%s]%s", explain_points(cost, false, needs),
	        cost == 2 ? "" : "s", m->file, m->line, m->seed ? ", seed " : "",
	        m->seed ? m->seed : "", m->assumed ? "  (assumed: check your rulebook)" : "");
	cmd_mark(res, LINE_STEP, NULL);
}

/* form UNIT FORMATION: the unit takes one of the card's formations (- none),
 * in a phase whose sequence allows form, at the card's cost (formation_change)
 * out of its movement; a name the card has not is refused with those it has. */
bool
cmd_form(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct card *card = game_card(g);
	struct game_unit *u;
	int i, f = -1;

	(void)argc;
	if (!cmd_unit(g, argv[1], &i, res) || !cmd_may_order(g, i, res))
		return false;
	u = &g->units[i];
	if (card->words[WL_FORMATION].count == 0)
		return cmd_fail(res, "%s names no formations", card->id);
	if (strcmp(argv[2], "-") != 0 && /* reader: command words */
	    (f = card_vocabulary_find(card, FT_FORMATION, argv[2])) < 0)
		return cmd_no_such_word(card, FT_FORMATION, "formation", argv[2], "formation", res);
	if (u->eliminated)
		return cmd_fail(res, "%s is eliminated", u->id);
	if (f == u->formation)
		return cmd_fail(res, "%s is in %s already", u->id,
		                f >= 0 ? card->words[WL_FORMATION].words[f] : "no formation");
	if (!formation_cost(g, i, res))
		return false;
	cmd_say(res, "%s changes formation: %s to %s", u->id,
	        u->formation >= 0 ? card->words[WL_FORMATION].words[u->formation] : "none",
	        f >= 0 ? card->words[WL_FORMATION].words[f] : "none");
	formation_spend(g, i, res);
	game_log(g, "%s changes formation to %s", u->id,
	         f >= 0 ? card->words[WL_FORMATION].words[f] : "none");
	u->formation = f;
	game_unit_changed(g, i, u->hex);
	return true;
}
