/* cmd-query.c: the commands that only look (engine layer): show a unit, a hex or
 * the game; line of sight with its reason; where a unit can move; a battle's
 * dice and protection without battling.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "event.h"
#include "render.h"
#include "strutil.h"
#include "turn.h"
#include "xmalloc.h"

static const char *
terrain_words(const struct game *g, const struct tset *set, char *buf, size_t size)
{
	const struct card *card = game_card(g);
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < set->count && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "",
		                         card->terrain[set->items[i]].name);
	if (set->count == 0)
		snprintf(buf, size, "nothing");
	return buf;
}

/* One part of the first line of `show`, for the screen to list. */
static void __attribute__((format(printf, 2, 3)))
say_part(struct command_result *res, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strlist_vaddf(&res->found.parts, fmt, ap);
	va_end(ap);
}

static void
show_unit(struct game *g, int u, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct game_unit *x = &g->units[u];
	const char *cls = card->classes[x->cls].name ? card->classes[x->cls].name
	                                             : card->classes[x->cls].id;
	char at[HEX_LABEL_SIZE], words[256];

	hex_label(game_board(g), x->hex, at);
	cmd_say(res, "%s: %s %s, strength %d/%d%s", x->id, g->sc.teams[x->side].name, cls,
	        x->strength, x->max_strength, x->eliminated ? ", eliminated" : "");
	say_part(res, "%s: %s %s", x->id, g->sc.teams[x->side].name, cls);
	say_part(res, "strength %d/%d", x->strength, x->max_strength);
	if (x->eliminated)
		say_part(res, "eliminated");
	cmd_say(res, "  in %s: %s", at, terrain_words(g, game_hex(g, x->hex), words, sizeof words));
	if (x->formation >= 0)
		cmd_say(res, "  formation: %s", card->words[WL_FORMATION].words[x->formation]);
	for (size_t s = 0; s < card->words[WL_STATUS].count; s++)
		if ((x->status >> s) & 1u)
			cmd_say(res, "  status: %s", card->words[WL_STATUS].words[s]);
	cmd_say(res, "  this turn: %s%s%s%s%s%s", x->moved ? "moved" : "", x->road_move ? " by road" : "",
	        x->charging ? ", charging" : "", x->moved && x->battled ? ", " : "",
	        x->battled ? "battled" : "", !x->moved && !x->battled ? "nothing yet" : "");
	if (x->retreat_due > 0)
		cmd_say(res, "  must retreat %d hex%s toward its own side (retreat %s HEX...)",
		        x->retreat_due, x->retreat_due == 1 ? "" : "es", x->id);
	if (x->halt.halted) {
		char *why = game_halt_words(g, &x->halt);
		cmd_say(res, "  had to stop %s", why);
		free(why);
	}
}

static void
show_hex(struct game *g, struct hex h, struct command_result *res)
{
	char at[HEX_LABEL_SIZE], words[256];
	int u = game_unit_at(g, h);

	const struct tset *here = game_hex(g, h);
	size_t first = res->lines.count;

	hex_label(game_board(g), h, at);
	cmd_say(res, "%s: %s, level %d", at, terrain_words(g, here, words, sizeof words),
	        game_hex_level(g, h));
	if (here->count == 0)
		say_part(res, "%s: nothing", at);
	for (size_t i = 0; i < here->count; i++)
		say_part(res, "%s%s%s", i == 0 ? at : "", i == 0 ? ": " : "",
		         game_card(g)->terrain[here->items[i]].name);
	say_part(res, "level %d", game_hex_level(g, h));
	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		struct tset feats;
		game_side_features(g, hexside_of(h, d), &feats);
		if (feats.count > 0)
			cmd_say(res, "  %s side: %s", hex_direction_name(game_board(g), d),
			        terrain_words(g, &feats, words, sizeof words));
	}
	for (int d = -1; d < HEX_DIRECTIONS; d++) {
		const struct scen_structure *st = event_structure_at(g, h, d);
		char *name;

		if (st == NULL)
			continue;
		name = event_structure_name(g, st);
		cmd_say(res, "  structure: %s, %d/%d hits%s", name, st->hits, st->strength,
		        st->hits >= st->strength ? ", destroyed" : "");
		free(name);
	}
	res->found.hex_lines = res->lines.count - first;
	if (u >= 0)
		cmd_say(res, "  unit: %s (%s)", g->units[u].id, g->sc.teams[g->units[u].side].name);
}

/* "  owed: C7 retreat 2: retreat C7 HEX...", one line each; the list in
 * res->found.owed for the screen. */
static void
say_owed(const struct game *g, struct command_result *res)
{
	size_t n = turn_owed(g, NULL, 0);

	if (n == 0)
		return;
	res->found.owed = xcalloc(n, sizeof *res->found.owed);
	res->found.nowed = turn_owed(g, res->found.owed, n);
	for (size_t i = 0; i < n; i++) {
		char *words = turn_owed_words(g, &res->found.owed[i]);
		cmd_say(res, "  owed: %s", words);
		free(words);
	}
}

static void
show_state(struct game *g, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct scen_victory *v = &g->sc.victory;

	char *where = turn_state_words(g);
	/* over: no phase is played, nothing reacts */
	char *reminder = g->over ? NULL : turn_phase_reminder(g);
	char *reacts = g->over ? NULL : turn_reactions_words(g);

	cmd_say(res, "%s (%s), %s", g->sc.title, card->id, where);
	if (reminder != NULL)
		cmd_say(res, "  %s", reminder);
	if (reacts != NULL)
		cmd_say(res, "  the other side may react: %s", reacts);
	free(where);
	free(reminder);
	free(reacts);
	say_owed(g, res);
	if (g->phase >= 0 && !g->over) {
		struct strbuf seq = { NULL, 0, 0 };
		for (size_t i = 0; i < card->nphases; i++)
			strbuf_addf(&seq, "%s%s%s%s", i ? " > " : "", (int)i == g->phase ? "[" : "",
			            card->phases[i].name, (int)i == g->phase ? "]" : "");
		cmd_say(res, "  sequence: %s", seq.text != NULL ? seq.text : "");
		free(seq.text);
	}
	if (v->target > 0 || v->turns > 0) {
		struct strbuf score = { NULL, 0, 0 }, terms = { NULL, 0, 0 };
		for (size_t s = 0; s < g->sc.nteams; s++)
			strbuf_addf(&score, "%s%s %d", s ? ", " : "", g->sc.teams[s].name,
			            turn_points(g, (int)s));
		if (v->target > 0)
			strbuf_addf(&terms, "%d to win", v->target);
		if (v->turns > 0)
			strbuf_addf(&terms, "%smost after turn %d", v->target > 0 ? ", or the " : "the ",
			            v->turns);
		cmd_say(res, "  %s (%s): %s%s%s%s", v->name ? v->name : "victory points", terms.text,
		        score.text != NULL ? score.text : "", g->winner >= 0 ? "; won by the " : "",
		        g->winner >= 0 ? g->sc.teams[g->winner].name : "", g->drawn ? "; drawn" : "");
		free(score.text);
		free(terms.text);
	}
	for (size_t s = 0; s < g->sc.nteams; s++) {
		struct strbuf list = { NULL, 0, 0 };
		for (size_t i = 0; i < g->nunits; i++) {
			char at[HEX_LABEL_SIZE];
			if (g->units[i].side != (int)s)
				continue;
			hex_label(game_board(g), g->units[i].hex, at);
			strbuf_addf(&list, " %s%s%s(%d)", g->units[i].id, g->units[i].eliminated ? "" : "@",
			            g->units[i].eliminated ? "eliminated" : at, g->units[i].strength);
		}
		cmd_say(res, "%s:%s", g->sc.teams[s].name, list.text != NULL ? list.text : " no units");
		free(list.text);
	}
	cmd_say(res, "commands in force: %zu", g->done.count);
}

/* Each side's dice this game against what they were expected to give. */
static void
show_stats(const struct game *g, struct command_result *res)
{
	for (size_t i = 0; i < g->sc.nteams; i++) {
		const struct dice_stats *st = &g->stats[i];

		if (st->symbol_dice == 0 && st->number_dice == 0) {
			cmd_say(res, "%s: no dice rolled", g->sc.teams[i].name);
			continue;
		}
		if (st->symbol_dice > 0)
			cmd_say(res, "%s: %ld battle dice scored %ld hit%s (%.1f expected)",
			        g->sc.teams[i].name, st->symbol_dice, st->hits, st->hits == 1 ? "" : "s",
			        st->hits_expected);
		if (st->number_dice > 0)
			cmd_say(res, "%s: %ld numbered dice showed %ld pips (%.1f expected)",
			        g->sc.teams[i].name, st->number_dice, st->pips, st->pips_expected);
	}
}

bool
cmd_show(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct hex h;
	int u;

	if (strcmp(argv[1], "state") == 0 && argc == 2) { /* reader: command words */
		show_state(g, res);
		return true;
	}
	if (strcmp(argv[1], "stats") == 0 && argc == 2) { /* reader: command words */
		show_stats(g, res);
		return true;
	}
	if (argc != 3)
		return cmd_fail(res, "usage: show unit ID | hex HEX | state | stats");
	if (strcmp(argv[1], "unit") == 0) { /* reader: command words */
		if (!cmd_unit(g, argv[2], &u, res))
			return false;
		show_unit(g, u, res);
		return true;
	}
	if (strcmp(argv[1], "hex") == 0) { /* reader: command words */
		if (!cmd_hex(g, argv[2], &h, res))
			return false;
		show_hex(g, h, res);
		return true;
	}
	return cmd_fail(res, "usage: show unit ID | hex HEX | state | stats");
}

bool
cmd_los(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct los_answer a;
	struct hex from, to;
	char x[HEX_LABEL_SIZE], y[HEX_LABEL_SIZE];

	(void)argc;
	if (!cmd_hex(g, argv[1], &from, res) || !cmd_hex(g, argv[2], &to, res))
		return false;
	game_los(g, from, to, &a);
	hex_label(game_board(g), from, x);
	hex_label(game_board(g), to, y);
	if (a.clear) {
		cmd_say(res, "line of sight %s to %s: clear", x, y);
	} else {
		char at[HEX_LABEL_SIZE];
		struct hex line[512];
		size_t n = hex_line(from, to, line, 512);
		res->found.blocked = true;
		res->found.block = a.blocked_at >= 0 && (size_t)a.blocked_at < n ? line[a.blocked_at] : to;
		hex_label(game_board(g), res->found.block, at);
		cmd_say(res, "line of sight %s to %s: blocked at %s", x, y, at);
	}
	if (a.why.count > 0)
		res->found.reason = explain_step_text(&a.why.steps[0], false, true);
	cmd_say_steps(res, &a.why);
	explain_free(&a.why);
	return true;
}

/* ---- range ---------------------------------------------------------------------- */

struct range_ctx {
	struct game *g;
	int unit;
	bool road;             /* only steps along a road, as a road move */
	struct step_search *off_road, *on_road; /* the unit's steps, either way */
	struct hex_reached *reached; /* a search's list, room for every hex */
	long least;            /* a step into terrain whose category allows less than this
	                          (halves) is not taken; 0: any */
	bool stop_on_leaving;  /* its hex says: stop in the next hex after leaving */
};

static long
range_cost(void *arg, struct hex from, struct hex to, bool *stop_after)
{
	struct range_ctx *ctx = arg;
	const struct move_answer *m;
	long cost;

	if (ctx->road && !game_along_road(ctx->g, ctx->unit, from, to))
		return -1;
	cost = game_steps_cost(ctx->road ? ctx->on_road : ctx->off_road, from, to, stop_after, &m);
	if (ctx->least > 0 && m->allowance >= 0 && m->allowance < ctx->least)
		cost = -1;
	if (ctx->stop_on_leaving && hex_eq(from, ctx->g->units[ctx->unit].hex))
		*stop_after = true;
	return cost;
}

/* May the unit end its move in h, entered off road from `from` (not a hex it may
 * only pass)? */
static bool
may_end_in(struct range_ctx *ctx, struct hex from, struct hex h)
{
	const struct move_answer *m;
	bool stop;
	long cost = game_steps_cost(ctx->off_road, from, h, &stop, &m);

	return cost >= 0 && !m->cannot_stop_here && game_unit_at(ctx->g, h) < 0;
}

/* Every hex the unit reaches within `budget` (halves), off road and along roads. */
static void
reach_both(struct range_ctx *ctx, long budget, bool *reached, bool *stops)
{
	const struct hex_board *b = game_board(ctx->g);
	size_t cap = (size_t)b->columns * (size_t)b->rows;
	struct hex_reached *r = ctx->reached;

	for (int pass = 0; pass < 2; pass++) {
		size_t count;
		ctx->road = pass == 1;
		count = hex_reach(b, ctx->g->units[ctx->unit].hex, budget, range_cost, ctx, r, cap);
		for (size_t i = 1; i < count; i++) {
			size_t idx = scenario_hex_index(&ctx->g->sc, r[i].hex);
			if (!may_end_in(ctx, r[i].from, r[i].hex))
				continue;
			if (!reached[idx] || !r[i].must_stop)
				stops[idx] = r[i].must_stop;
			reached[idx] = true;
		}
	}
}

/* A unit that moves by its terrain's categories may move as far as the worst
 * category it passes allows: for each allowance A the categories give, every
 * hex it reaches within A through terrain that allows A or more. */
static void
reach_by_categories(struct range_ctx *ctx, long spent, bool *reached, bool *stops)
{
	const struct card *card = game_card(ctx->g);
	int cls = ctx->g->units[ctx->unit].cls;

	for (size_t i = 0; i < card->ncategories; i++)
		for (int c = cls; c >= 0; c = card->classes[c].parent)
			if (card->categories[i].given[c]) {
				long a = card->categories[i].allowance[c];
				if (!card->categories[i].prohibited[c] && a > spent) {
					ctx->least = a;
					reach_both(ctx, a - spent, reached, stops);
				}
				break;
			}
	ctx->least = 0;
}

/* Whose allowance a unit moves by, for people. */
static const char *
move_whose(const struct game *g, int unit, int from)
{
	if (g->units[unit].own.move >= 0)
		return "own";
	return from >= 0 ? "class's" : "terrain category's best";
}

bool
cmd_range(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	const struct card *card = game_card(g);
	struct range_ctx ctx = { .g = g, .unit = -1 };
	struct move_how how;
	struct move_answer left;
	size_t cells = (size_t)b->columns * (size_t)b->rows, count = 0, len = 0;
	bool *reached, *stops;
	long budget = 2, spent, whole_move;
	char *list, pts[24], moved[24], whole[24], *why;
	int from;

	if (!cmd_unit(g, argv[1], &ctx.unit, res))
		return false;
	spent = g->units[ctx.unit].moved_cost;
	from = card_class_move_from(card, g->units[ctx.unit].cls);
	whole_move = game_unit_move(g, ctx.unit);
	if (whole_move < 0)
		whole_move = card_class_best_allowance(card, g->units[ctx.unit].cls);
	if (whole_move >= 0)
		budget = whole_move > spent ? whole_move - spent : 0;
	if (g->units[ctx.unit].halt.halted)
		budget = 0;
	if (argc == 3) {
		if (!str_long(argv[2], 1, 1000, &budget))
			return cmd_fail(res, "range %s: give the points (or hexes) to spend, 1 to 1000",
			                argv[2]);
		budget *= 2; /* in halves */
	}
	game_move_how_init(&how);
	game_leave(g, ctx.unit, g->units[ctx.unit].hex, &how, &left);
	ctx.stop_on_leaving = left.stop_after_leaving;
	explain_free(&left.why);
	ctx.off_road = game_steps_start(g, ctx.unit, &how);
	how.road = true;
	ctx.on_road = game_steps_start(g, ctx.unit, &how);
	ctx.reached = xreallocarray(NULL, cells, sizeof *ctx.reached);
	reached = xcalloc(cells, sizeof *reached);
	stops = xcalloc(cells, sizeof *stops);
	if (argc < 3 && !g->units[ctx.unit].halt.halted && game_unit_move(g, ctx.unit) < 0 &&
	    whole_move >= 0)
		reach_by_categories(&ctx, spent, reached, stops);
	else
		reach_both(&ctx, budget, reached, stops);
	game_steps_free(ctx.off_road);
	game_steps_free(ctx.on_road);
	free(ctx.reached);
	/* " LABEL!" for each hex reached, row by row */
	for (size_t i = 0; i < cells; i++)
		count += reached[i];
	list = xmalloc(count * (HEX_LABEL_SIZE + 2) + 1);
	list[0] = '\0';
	res->found.hexes = xcalloc(count + 1, sizeof *res->found.hexes);
	res->found.stops = xcalloc(count + 1, sizeof *res->found.stops);
	count = 0;
	for (int r = 0; r < b->rows; r++)
		for (int c = 0; c < b->columns; c++) {
			size_t idx = scenario_offset_index(&g->sc, c, r), n;
			struct hex h;
			char at[HEX_LABEL_SIZE];
			if (!reached[idx])
				continue;
			h = hex_from_offset(b, c, r);
			hex_label(b, h, at);
			n = strlen(at);
			list[len++] = ' ';
			memcpy(list + len, at, n);
			len += n;
			if (stops[idx])
				list[len++] = '!';
			list[len] = '\0';
			res->found.hexes[count] = h;
			res->found.stops[count] = stops[idx];
			count++;
		}
	if (argc == 3)
		why = xstrdup("");
	else if (whole_move < 0)
		why = xasprintf(" (no allowance: set one with unit set %s move=N, or give a number)",
		                g->units[ctx.unit].id);
	else if (g->units[ctx.unit].halt.halted) {
		char *halt = game_halt_words(g, &g->units[ctx.unit].halt);
		why = xasprintf(" (it had to stop %s)", halt);
		free(halt);
	} else if (spent > 0)
		why = xasprintf(" (its %s move, %s, less the %s it moved this turn)", move_whose(g, ctx.unit, from),
		                explain_points(whole_move, false, whole),
		                explain_points(spent, false, moved));
	else
		why = xasprintf(" (its %s move)", move_whose(g, ctx.unit, from));
	res->found.nhexes = count;
	res->found.summary = xasprintf("%s can reach %zu %s with %s%s", g->units[ctx.unit].id,
	                               count, count == 1 ? "hex" : "hexes",
	                               explain_points(budget, false, pts), why);
	cmd_say(res, "%s:%s", res->found.summary, list);
	free(why);
	cmd_say(res, "(! marks a hex where the unit must stop)");
	free(list);
	free(reached);
	free(stops);
	return true;
}

bool
cmd_explain(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct battle_words w;
	int a, t;

	if (!cmd_unit(g, argv[1], &a, res) || !cmd_unit(g, argv[2], &t, res) ||
	    !cmd_battle_words(g, argc, argv, 3, &w, res))
		return false;
	if (w.rolled != NULL)
		return cmd_fail(res, "roll=%s: explain rolls nothing; give the dice to battle", w.rolled);
	return cmd_battle_between(g, a, t, &w, false, res);
}

bool
cmd_map(struct game *g, int argc, char **argv, struct command_result *res)
{
	char *text = render_map(g, HEXDRAW_COMPACT, true), *line, *nl;

	(void)argc;
	(void)argv;
	for (line = text; *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		if (nl == NULL) {
			strlist_add(&res->lines, line);
			break;
		}
		*nl = '\0';
		strlist_add(&res->lines, line);
	}
	free(text);
	return true;
}
