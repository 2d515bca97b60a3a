/* cmd-ui.c: the questions the terminal interface asks that the other commands do
 * not answer (engine layer; they read, never change): the hexes a line of sight
 * passes, the units a unit may battle now, what a unit may do now (the one
 * answer the screen's marks, hints and keys follow), and what a hex's terrain
 * does for a unit standing in it. The screen draws their answers and computes no rule.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "strutil.h"
#include "turn.h"
#include "xmalloc.h"

/* line FROM TO: the hexes of the line, both ends included; where it runs along a
 * hexside the two hexes beside it are joined by '|'. */
bool
cmd_line(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	struct hex from, to, *left, *right;
	struct strbuf list = { NULL, 0, 0 };
	size_t n;
	bool split = false;

	(void)argc;
	if (!cmd_hex(g, argv[1], &from, res) || !cmd_hex(g, argv[2], &to, res))
		return false;
	n = (size_t)hex_distance(from, to) + 1;
	left = xcalloc(n, sizeof *left);
	right = xcalloc(n, sizeof *right);
	res->found.hexes = xcalloc(2 * n, sizeof *res->found.hexes);
	hex_line_sides(from, to, left, right, n, &split);
	for (size_t i = 0; i < n; i++) {
		char l[HEX_LABEL_SIZE], r[HEX_LABEL_SIZE];

		hex_label(b, left[i], l);
		hex_label(b, right[i], r);
		res->found.hexes[res->found.nhexes++] = left[i];
		if (hex_eq(left[i], right[i])) {
			strbuf_addf(&list, " %s", l);
		} else {
			strbuf_addf(&list, " %s|%s", l, r);
			res->found.hexes[res->found.nhexes++] = right[i];
		}
	}
	cmd_say(res, "line %s to %s:%s", argv[1], argv[2], list.text);
	free(list.text);
	free(left);
	free(right);
	return true;
}

/* May the unit battle at all in this phase (the command `battle`, or a
 * reaction)? Else why not, and the phase that allows it. */
static bool
phase_battles(struct game *g, int a, struct command_result *res)
{
	int allowed;

	if (g->units[a].side == g->side ? turn_allows(g, CMD_BATTLE, &allowed)
	                                 : turn_reacts(g, CMD_BATTLE) || turn_reacts(g, CMD_FIRE) ||
	                                       turn_reacts(g, CMD_MELEE) ||
	                                       g->units[a].battle_back_vs > 0)
		return true;
	if (g->units[a].side != g->side) {
		res->remedy = REMEDY_TURN_END;
		return cmd_say(res, "%s can battle no unit now: the %s are acting", g->units[a].id,
		               g->sc.teams[g->side].name),
		       false;
	}
	res->remedy = REMEDY_PHASE_NEXT;
	cmd_say(res, "%s can battle no unit now: not in the %s phase; battles are in the %s phase",
	        g->units[a].id, turn_phase_name(g), game_card(g)->phases[allowed].name);
	return false;
}

/* Why the nearest unit of another side may not be battled: the first line of
 * the battle command's refusal. */
static void
say_nearest_refused(struct game *g, int a, const struct battle_words *w,
                    struct command_result *res)
{
	struct command_result one;
	int best = -1, far = 0;

	for (size_t t = 0; t < g->nunits; t++) {
		int d = hex_distance(g->units[a].hex, g->units[t].hex);
		if (g->units[t].side == g->units[a].side || g->units[t].eliminated)
			continue;
		if (best < 0 || d < far) {
			best = (int)t;
			far = d;
		}
	}
	if (best < 0)
		return;
	memset(&one, 0, sizeof one);
	if (!cmd_battle_probe(g, a, best, w, &one) && one.failed) {
		cmd_say(res, "  nearest: %s, %d hex%s away: %s", g->units[best].id, far,
		        far == 1 ? "" : "es", one.lines.items[one.fail_line]);
		if (res->remedy == REMEDY_NONE)
			res->remedy = one.remedy;
	}
	command_result_free(&one);
}

/* The units of other sides still standing, nearest to unit a first (by their
 * order in the scenario where as near). */
static int *
nearest_first(const struct game *g, int a, size_t *n)
{
	int *order = xcalloc(g->nunits + 1, sizeof *order);

	*n = 0;
	for (size_t t = 0; t < g->nunits; t++) {
		size_t k;
		int d = hex_distance(g->units[a].hex, g->units[t].hex);

		if (g->units[t].side == g->units[a].side || g->units[t].eliminated)
			continue;
		for (k = *n; k > 0 && hex_distance(g->units[a].hex, g->units[order[k - 1]].hex) > d; k--)
			order[k] = order[k - 1];
		order[k] = (int)t;
		(*n)++;
	}
	return order;
}

/* targets UNIT: the units of other sides it may battle now, as the battle
 * command would accept them (side, phase, once a turn, line of sight, dice
 * left), nearest first, with the combat type it would use by default and its
 * dice; none: why not, for the nearest. */
bool
cmd_targets(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct battle_words w;
	struct strlist found = { 0 };
	struct strbuf ids = { NULL, 0, 0 };
	int *order;
	size_t n;
	char *next;
	int a;

	(void)argc;
	if (!cmd_unit(g, argv[1], &a, res))
		return false;
	memset(&w, 0, sizeof w);
	memset(w.given, -1, sizeof w.given);
	w.dice = w.att_value = w.def_value = -1;
	res->found.units = xcalloc(g->nunits + 1, sizeof *res->found.units);
	if (g->units[a].eliminated || !phase_battles(g, a, res))
		return true;
	order = nearest_first(g, a, &n);
	for (size_t i = 0; i < n; i++) {
		struct command_result one;
		int t = order[i];

		memset(&one, 0, sizeof one);
		if (cmd_battle_probe(g, a, t, &w, &one) && one.lines.count >= 2) {
			strbuf_addf(&ids, " %s", g->units[t].id);
			res->found.units[res->found.nunits++] = t;
			next = xasprintf("  %s; %s", one.lines.items[0], one.lines.items[1]);
			strlist_add(&found, next);
			free(next);
		}
		command_result_free(&one);
	}
	free(order);
	cmd_say(res, "%s can battle %zu unit%s:%s", g->units[a].id, found.count,
	        found.count == 1 ? "" : "s", ids.text != NULL ? ids.text : "");
	for (size_t i = 0; i < found.count; i++)
		strlist_add(&res->lines, found.items[i]);
	if (found.count == 0)
		say_nearest_refused(g, a, &w, res);
	strlist_free(&found);
	free(ids.text);
	return true;
}

/* ---- may: what a unit may do now ----------------------------------------------- */

/* Would the command table take the battle command `verb` from unit a now (its
 * phase and its side; a battle back is the other side's by right)? */
static bool
verb_now(const struct game *g, int a, enum command_id verb)
{
	const struct game_unit *u = &g->units[a];
	int allowed;

	if (!turn_allows(g, verb, &allowed) && !turn_reacts(g, verb))
		return false;
	if (u->side == g->side)
		return turn_allows(g, verb, &allowed);
	return u->battle_back_vs > 0 || turn_reacts(g, verb);
}

/* The combat types unit a may battle in now: the phase's, its class's, a battle
 * back's; none once it has battled this turn. */
static uint64_t
combat_now(const struct game *g, int a)
{
	const struct card *card = game_card(g);
	const struct game_unit *u = &g->units[a];
	bool back = u->battle_back_vs > 0 && u->side != g->side;
	int from = card_class_combat_from(card, u->cls);
	uint64_t bits = 0;

	if (u->eliminated || (u->battled && !back) ||
	    !(verb_now(g, a, CMD_BATTLE) || verb_now(g, a, CMD_FIRE) || verb_now(g, a, CMD_MELEE)))
		return 0;
	for (size_t c = 0; c < card->words[WL_COMBAT].count && c < 64; c++)
		if (turn_combat_allowed(g, u->side, (int)c) &&
		    (from < 0 || ((card->classes[from].combat >> c) & 1u)) &&
		    (!back || ((card->battle_back.combat >> c) & 1u)))
			bits |= UINT64_C(1) << c;
	return bits;
}

/* Does the card give actions (event rules answering one of its actions)? */
static bool
card_gives_actions(const struct card *card)
{
	for (size_t i = 0; i < card->events.count; i++)
		if (card->events.items[i].on == ON_ACTION)
			return true;
	return false;
}

/* The battle commands unit a may give against t now, each probed as the command
 * would run it; none: the first refusal said, and its remedy kept. */
static void
may_against(struct game *g, int a, int t, const struct battle_words *given,
            struct command_result *res)
{
	static const struct {
		enum command_id id;
		const char *verb;
		unsigned bit;
		enum battle_as as;
	} verbs[] = { { CMD_BATTLE, "battle", MAY_BATTLE, AS_BATTLE },
		      { CMD_FIRE, "fire", MAY_FIRE, AS_FIRE },
		      { CMD_MELEE, "melee", MAY_MELEE, AS_MELEE } };
	struct may_now *m = &res->found.may;
	struct strbuf took = { NULL, 0, 0 };
	char *why = NULL;

	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
		struct battle_words w = *given;
		struct command_result one;
		bool ok;

		if (i > 0 && (w.combat != NULL || w.as != AS_BATTLE))
			continue;   /* fire and melee choose the combat type themselves */
		if (i > 0)
			w.as = verbs[i].as;
		memset(&one, 0, sizeof one);
		ok = verb_now(g, a, verbs[i].id) && cmd_battle_probe(g, a, t, &w, &one);
		if (!verb_now(g, a, verbs[i].id) && phase_battles(g, a, &one)) {
			/* the phase takes battles, not this command */
			one.remedy = REMEDY_PHASE_NEXT;
			cmd_say(&one, "%s: not in the %s phase", verbs[i].verb, turn_phase_name(g));
		}
		if (ok) {
			m->verbs |= verbs[i].bit;
			strbuf_addf(&took, "%s%s", took.len ? ", " : "", verbs[i].verb);
		} else if (why == NULL && one.lines.count > 0) {
			why = xstrdup(one.lines.items[one.failed ? one.fail_line : one.lines.count - 1]);
			m->remedy = one.remedy;
		}
		command_result_free(&one);
	}
	if (m->verbs != 0) {
		cmd_say(res, "against %s: %s", g->units[t].id, took.text);
		m->remedy = REMEDY_NONE;
	} else {
		cmd_say(res, "against %s: none: %s", g->units[t].id, why ? why : "refused");
		free(res->found.reason);
		res->found.reason = xstrdup(why ? why : "refused");
	}
	free(took.text);
	free(why);
}

/* Does unit u reach a hex by moving now (`range UNIT` finds one)? A unit that
 * spent its move, or had to stop, may not move on. */
static bool
may_reach(struct game *g, int u)
{
	struct command_result r;
	char verb[] = "range";
	char *argv[] = { verb, g->units[u].id, NULL };
	bool any;

	memset(&r, 0, sizeof r);
	any = cmd_range(g, 2, argv, &r) && r.found.nhexes > 0;
	command_result_free(&r);
	return any;
}

/* may [UNIT [TARGET [WORD...]]]: whether the phase may end now; what the unit may do now, as the commands would
 * take it: move, battle (in which combat types), act; whether the phase may end
 * (nothing owed); against TARGET, which battle commands. */
bool
cmd_may(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct card *card = game_card(g);
	struct may_now *m = &res->found.may;
	struct strbuf line = { NULL, 0, 0 };
	struct battle_words w;
	int a, t = -1;

	m->known = true;
	m->phase_ends = !g->over && turn_owed(g, NULL, 0) == 0;
	m->has_phases = card->nphases > 0;
	if (argc < 2 && g->over) {
		cmd_say(res, "the game is over: no phase or turn follows");
		return true;
	}
	if (argc < 2) {
		cmd_say(res, "%s%s", m->phase_ends ? "nothing is owed" : "something is owed",
		        m->has_phases ? (m->phase_ends ? ": phase next goes on"
		                                       : ": settle it before phase next")
		                      : "");
		return true;
	}
	if (!cmd_unit(g, argv[1], &a, res) || (argc > 2 && !cmd_unit(g, argv[2], &t, res)) ||
	    !cmd_battle_words(g, argc, argv, 3, &w, res))
		return false;
	m->move = !g->units[a].eliminated && turn_side_may(g, g->units[a].side, CMD_MOVE) &&
	          may_reach(g, a);
	m->combat = combat_now(g, a);
	m->act = !g->units[a].eliminated && card_gives_actions(card) &&
	         turn_side_may(g, g->units[a].side, CMD_ACT);
	if (m->move)
		strbuf_addf(&line, "; move");
	if (m->combat != 0) {
		const char *sep = " ";
		strbuf_addf(&line, "; battle in");
		for (size_t c = 0; c < card->words[WL_COMBAT].count && c < 64; c++)
			if ((m->combat >> c) & 1u) {
				strbuf_addf(&line, "%s%s", sep, card->words[WL_COMBAT].words[c]);
				sep = " or ";
			}
		strbuf_addf(&line, " combat");
	}
	if (m->act)
		strbuf_addf(&line, "; act");
	cmd_say(res, "%s may now: %s%s", g->units[a].id, line.text ? line.text + 2 : "nothing",
	        m->phase_ends || g->over ? "" : " (and something is owed before the phase ends)");
	free(line.text);
	if (t >= 0)
		may_against(g, a, t, &w, res);
	return true;
}

/* "ranged 2 hits, 2 flags (may)": the unit's protection in one combat type. */
static char *
protection_words(struct game *g, int u, struct hex h, int combat)
{
	const struct card *card = game_card(g);
	const struct game_unit *x = &g->units[u];
	const char *name = card->words[WL_COMBAT].words[combat];
	struct protection_answer p;
	struct situation sit;
	char *out;

	situation_init(&sit);
	memcpy(sit.settings, g->settings, sizeof sit.settings);
	sit.target = x->cls;
	sit.target_formation = x->formation;
	sit.target_status = x->status;
	sit.target_on = *game_hex(g, h);
	sit.numbers[FACT_TARGET_SUPPORTS] = game_unit_supports(g, u, h);
	sit.combat = combat;
	terrain_protection(card, &sit, &p);
	if (p.none || (p.ignore_hits == 0 && p.ignore_flags == 0))
		out = xasprintf("%s none", name);
	else
		out = xasprintf("%s %ld hit%s%s, %ld flag%s%s", name, p.ignore_hits,
		                p.ignore_hits == 1 ? "" : "s", p.hits_optional ? " (may)" : "",
		                p.ignore_flags, p.ignore_flags == 1 ? "" : "s",
		                p.flags_optional ? " (may)" : "");
	explain_free(&p.why);
	return out;
}

static void
say_protection(struct game *g, int u, struct hex h, struct command_result *res)
{
	size_t n = game_card(g)->words[WL_COMBAT].count;
	struct strbuf line = { NULL, 0, 0 };

	strbuf_addf(&line, "protection:");
	for (size_t c = 0; c < n; c++) {
		char *one = protection_words(g, u, h, (int)c);
		strbuf_addf(&line, "%s %s", c ? ";" : "", one);
		free(one);
	}
	cmd_say(res, "%s", line.text);
	free(line.text);
}

static void
say_entering(struct game *g, int u, struct hex h, struct command_result *res)
{
	const struct game_unit *x = &g->units[u];
	struct strbuf line = { NULL, 0, 0 };
	struct move_answer m;
	struct situation sit;
	char pts[24];

	situation_init(&sit);
	memcpy(sit.settings, g->settings, sizeof sit.settings);
	sit.unit = x->cls;
	sit.attacker_formation = x->formation;
	sit.attacker_status = x->status;
	sit.attacker_on = *game_hex(g, h);
	terrain_move(game_card(g), &sit, &m);
	if (m.has_cost)
		strbuf_addf(&line, ", costs %s", explain_points(m.cost, false, pts));
	if (m.must_stop)
		strbuf_addf(&line, ", must stop");
	if (m.half_rate)
		strbuf_addf(&line, ", half rate");
	if (m.pass_through)
		strbuf_addf(&line, ", may cross it, not stop in it");
	else if (m.cannot_stop_here)
		strbuf_addf(&line, ", may not stop here");
	if (m.stop_after_leaving)
		strbuf_addf(&line, ", must stop in the next hex after leaving");
	if (m.no_charge)
		strbuf_addf(&line, ", no charge");
	if (m.prohibited)
		cmd_say(res, "entering: prohibited");
	else
		cmd_say(res, "entering: %s", line.text ? line.text + 2 : "nothing special");
	free(line.text);
	explain_free(&m.why);
}

/* effects UNIT [HEX]: what the terrain of its hex (or of HEX) does for the unit:
 * its protection in each combat type (one line), and what entering it costs or
 * demands (one line). The units of its side next to that hex are its supports;
 * the hexsides crossed into it and the attacker's kind are not counted: a
 * battle's own answer (explain) is the whole one. */
bool
cmd_effects(struct game *g, int argc, char **argv, struct command_result *res)
{
	char at[HEX_LABEL_SIZE];
	struct hex h;
	int u;

	if (!cmd_unit(g, argv[1], &u, res))
		return false;
	h = g->units[u].hex;
	if (argc == 3 && !cmd_hex(g, argv[2], &h, res))
		return false;
	hex_label(game_board(g), h, at);
	if (hex_eq(h, g->units[u].hex)) {
		cmd_say(res, "%s in %s:", g->units[u].id, at);
	} else {
		char stands[HEX_LABEL_SIZE];

		/* asked of another hex: say where the unit is, and that this is an if */
		hex_label(game_board(g), g->units[u].hex, stands);
		cmd_say(res, "%s (in %s), if it stood in %s:", g->units[u].id, stands, at);
	}
	say_protection(g, u, h, res);
	say_entering(g, u, h, res);
	return true;
}

/* values UNIT: what the unit carries that a player may set with `unit set`: its
 * move, its battle dice, the card's unit values; each with where it comes from,
 * or "not given". */
bool
cmd_values(struct game *g, int argc, char **argv, struct command_result *res)
{
	int u;

	(void)argc;
	if (!cmd_unit(g, argv[1], &u, res))
		return false;
	cmd_unit_values(g, u, res);
	cmd_say(res, "%s carries %zu value%s (unit set %s KEY=N changes one; - gives back its "
	             "class's):",
	        g->units[u].id, res->found.nneeds, res->found.nneeds == 1 ? "" : "s", g->units[u].id);
	for (size_t i = 0; i < res->found.nneeds; i++)
		cmd_say(res, "  %s: %s: %s", res->found.needs[i].key, res->found.needs[i].name,
		        res->found.needs[i].now != NULL ? res->found.needs[i].now : "not given");
	return true;
}

/* needs UNIT TARGET [COMBAT] [WORD...]: the values a battle needs that neither
 * unit gives, asked before any die is rolled. */
bool
cmd_needs(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct battle_words w;
	int a, t;

	if (!cmd_unit(g, argv[1], &a, res) || !cmd_unit(g, argv[2], &t, res) ||
	    !cmd_battle_words(g, argc, argv, 3, &w, res))
		return false;
	return cmd_battle_needs(g, a, t, &w, res);
}

/* rolls: the dice log, a line each, with its bookmarks where a turn or a phase
 * starts. */
bool
cmd_rolls(struct game *g, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	(void)argv;
	for (size_t i = 0; i < g->nrolls; i++) {
		const struct dice_record *r = &g->rolls[i];
		if (r->bookmark) {
			cmd_say(res, "== turn %d, %s%s%s ==", r->turn, r->side, r->phase ? ": " : "",
			        r->phase ? r->phase : "");
			continue;
		}
		cmd_say(res, "turn %d, %s%s%s: %s, %s dice: %s%s%s; %s", r->turn, r->side,
		        r->phase ? ", " : "", r->phase ? r->phase : "", r->who,
		        r->typed ? "table" : "hexaid", r->dice, r->modifiers ? ", modifiers " : "",
		        r->modifiers ? r->modifiers : "", r->result);
		cmd_mark(res, LINE_ROLL, NULL);
	}
	return true;
}
