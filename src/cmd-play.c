/* cmd-play.c: the commands of play (engine layer): select, move (along a path the
 * card allows, or to a hex by the cheapest such path), battle (the dice and the
 * target's protection, with every step), the turn and notes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
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

/* Does the step cross a side that a path (road) runs along? */
static bool
along_path(const struct game *g, struct hex from, struct hex to)
{
	struct tset feats;

	game_side_features(g, hexside_between(from, to), &feats);
	for (size_t i = 0; i < feats.count; i++)
		if (game_card(g)->terrain[feats.items[i]].kind == TERRAIN_PATH)
			return true;
	return false;
}

struct step_check {
	struct game *g;
	int unit;
	bool road;             /* the whole move follows a road */
};

/* The card's answer for one step, and the cost of it in the card's points (in
 * halves), or one per hex when the card gives no costs; -1 when it may not be
 * made. */
static long
step_cost(const struct step_check *sc, struct hex from, struct hex to, bool *stop_after,
          struct move_answer *m)
{
	struct situation sit;
	int other = game_unit_at(sc->g, to);

	game_step_situation(sc->g, sc->unit, from, to, sc->road, &sit);
	terrain_move(game_card(sc->g), &sit, m);
	*stop_after = m->must_stop;
	if (m->prohibited || (other >= 0 && other != sc->unit))
		return -1;
	return m->has_cost ? m->cost : 2;
}

static long
reach_cost(void *ctx, struct hex from, struct hex to, bool *stop_after)
{
	struct move_answer m;
	long cost = step_cost(ctx, from, to, stop_after, &m);

	explain_free(&m.why);
	return cost;
}

/* The first step of an explanation that says why, for one-line messages. */
static const char *
first_reason(const struct move_answer *m, const char *effect_words)
{
	for (size_t i = 0; i < m->why.count; i++)
		if (strstr(m->why.steps[i].text, effect_words) != NULL)
			return m->why.steps[i].text;
	return "";
}

static const char *
first_ref(const struct move_answer *m, const char *effect_words)
{
	for (size_t i = 0; i < m->why.count; i++)
		if (strstr(m->why.steps[i].text, effect_words) != NULL && m->why.steps[i].ref)
			return m->why.steps[i].ref;
	return "the card";
}

/* The hexes of the move: the words given, or the cheapest path to one hex. */
static size_t
move_path(struct game *g, struct step_check *sc, int argc, char **argv, struct hex **path,
          struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	struct hex start = g->units[sc->unit].hex, to;
	size_t n = 0;

	if (argc == 3) {
		struct hex_reached *reached;
		size_t cap = (size_t)b->columns * (size_t)b->rows, count;

		if (!cmd_hex(g, argv[2], &to, res))
			return 0;
		if (hex_direction_to(start, to) < 0 && !hex_eq(start, to)) {
			reached = xcalloc(cap, sizeof *reached);
			count = hex_reach(b, start, 1000000, reach_cost, sc, reached, cap);
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

/* Check each step of the path; on success fill *cost (halves or hexes). */
static bool
check_path(struct step_check *sc, const struct hex *path, size_t n, long *cost,
           struct command_result *res)
{
	const struct hex_board *b = game_board(sc->g);
	const char *id = sc->g->units[sc->unit].id;
	char at[HEX_LABEL_SIZE];

	*cost = 0;
	for (size_t i = 1; i < n; i++) {
		struct move_answer m;
		bool stop;
		long c = step_cost(sc, path[i - 1], path[i], &stop, &m);

		hex_label(b, path[i], at);
		if (c < 0 && game_unit_at(sc->g, path[i]) >= 0 && !m.prohibited) {
			explain_free(&m.why);
			return cmd_fail(res, "%s cannot enter %s: %s is there", id, at,
			                sc->g->units[game_unit_at(sc->g, path[i])].id);
		}
		if (c < 0) {
			cmd_fail(res, "%s cannot enter %s: %s (%s)", id, at,
			         first_reason(&m, "may not enter"), first_ref(&m, "may not enter"));
			explain_free(&m.why);
			return false;
		}
		if (stop && i + 1 < n) {
			cmd_fail(res, "%s must stop in %s: %s (%s)", id, at, first_reason(&m, "must stop"),
			         first_ref(&m, "must stop"));
			explain_free(&m.why);
			return false;
		}
		if (m.cannot_stop && i + 1 == n) {
			cmd_fail(res, "%s may not end its move in %s: %s (%s)", id, at,
			         first_reason(&m, "may not stop"), first_ref(&m, "may not stop"));
			explain_free(&m.why);
			return false;
		}
		*cost += c;
		explain_free(&m.why);
	}
	return true;
}

/* A unit that must stop after leaving its hex (a mine crater) moves one hex. */
static bool
check_leaving(struct step_check *sc, const struct hex *path, size_t n, struct command_result *res)
{
	struct move_answer m;
	bool stop;

	if (n <= 2)
		return true;
	step_cost(sc, path[1], path[0], &stop, &m);
	if (m.stop_after_leaving) {
		cmd_fail(res, "%s must stop in the first hex after leaving: %s (%s)",
		         sc->g->units[sc->unit].id, first_reason(&m, "after leaving"),
		         first_ref(&m, "after leaving"));
		explain_free(&m.why);
		return false;
	}
	explain_free(&m.why);
	return true;
}

bool
cmd_move(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	struct step_check sc = { g, -1, false };
	struct game_unit *u;
	struct hex *path = NULL;
	char from[HEX_LABEL_SIZE], to[HEX_LABEL_SIZE];
	size_t n;
	long cost;

	if (!cmd_unit(g, argv[1], &sc.unit, res))
		return false;
	u = &g->units[sc.unit];
	n = move_path(g, &sc, argc, argv, &path, res);
	if (n < 2) {
		free(path);
		return n == 1 ? cmd_fail(res, "%s is there already", u->id) : false;
	}
	sc.road = true;
	for (size_t i = 1; i < n; i++)
		sc.road = sc.road && along_path(g, path[i - 1], path[i]);
	if (!check_leaving(&sc, path, n, res) || !check_path(&sc, path, n, &cost, res)) {
		free(path);
		return false;
	}
	hex_label(b, u->hex, from);
	hex_label(b, path[n - 1], to);
	u->hex = path[n - 1];
	u->moved = u->moved_onto = true;
	u->road_move = sc.road;
	cmd_say(res, "%s moves %s to %s: %zu %s%s", u->id, from, to, n - 1, n == 2 ? "hex" : "hexes",
	        sc.road ? ", along the road" : "");
	game_log(g, "%s moves %s to %s (%zu %s%s)", u->id, from, to, n - 1,
	         n == 2 ? "hex" : "hexes", sc.road ? ", along the road" : "");
	free(path);
	return true;
}

/* ---- battling ---------------------------------------------------------------- */

/* The combat type a word names, or by default: close combat (the card's last
 * type) next to the target, ranged (its first) from further. */
static bool
combat_type(const struct game *g, const char *word, bool adjacent, int *out,
            struct command_result *res)
{
	const struct card *card = game_card(g);
	size_t n = card->words[WL_COMBAT].count;

	if (n == 0)
		return cmd_fail(res, "%s names no combat types", card->id);
	if (word == NULL) {
		*out = adjacent ? (int)n - 1 : 0;
		return true;
	}
	*out = card_word(card, WL_COMBAT, word);
	if (*out < 0)
		return cmd_fail(res, "%s: %s's combat types are %s%s%s", word, card->id,
		                card->words[WL_COMBAT].words[0], n > 1 ? " and " : "",
		                n > 1 ? card->words[WL_COMBAT].words[n - 1] : "");
	return true;
}

/* Work out one battle and say it; `commit` marks the attacker as having battled. */
bool
cmd_battle_between(struct game *g, int a, int t, const char *combat_word, bool commit,
                   struct command_result *res)
{
	struct situation sit;
	struct battle_answer b;
	struct protection_answer p;
	struct los_answer los;
	bool adjacent = hex_distance(g->units[a].hex, g->units[t].hex) == 1;
	int combat = 0;

	if (g->units[a].side == g->units[t].side)
		return cmd_fail(res, "%s and %s are on the same side", g->units[a].id, g->units[t].id);
	if (!combat_type(g, combat_word, adjacent, &combat, res))
		return false;
	if (!adjacent && (game_card(g)->adjacent_combat >> combat) & 1u)
		return cmd_fail(res, "%s is not next to %s: %s combat is against an adjacent unit (%s:%d)",
		                g->units[a].id, g->units[t].id,
		                game_card(g)->words[WL_COMBAT].words[combat],
		                game_card(g)->adjacent_combat_file, game_card(g)->adjacent_combat_line);
	if (!adjacent) {
		game_los(g, g->units[a].hex, g->units[t].hex, &los);
		if (!los.clear) {
			cmd_fail(res, "%s has no line of sight to %s:", g->units[a].id, g->units[t].id);
			cmd_say_steps(res, &los.why);
			explain_free(&los.why);
			return false;
		}
		explain_free(&los.why);
	}
	game_battle_situation(g, a, t, combat, &sit);
	terrain_battle(game_card(g), &sit, &b);
	terrain_protection(game_card(g), &sit, &p);
	if (!b.may_battle) {
		cmd_fail(res, "%s may not battle %s:", g->units[a].id, g->units[t].id);
		cmd_say_steps(res, &b.why);
	} else {
		cmd_say(res, "%s battles %s (%s)", g->units[a].id, g->units[t].id,
		        game_card(g)->words[WL_COMBAT].words[combat]);
		cmd_say_steps(res, &b.why);
		if (p.none)
			cmd_say(res, "%s has no terrain protection", g->units[t].id);
		else
			cmd_say(res, "%s ignores %s%ld hit(s), %s%ld flag(s)", g->units[t].id,
			        p.hits_optional ? "up to " : "", p.ignore_hits,
			        p.flags_optional ? "up to " : "", p.ignore_flags);
		cmd_say_steps(res, &p.why);
		if (commit) {
			g->units[a].battled = true;
			game_log(g, "%s battles %s (%s)", g->units[a].id, g->units[t].id,
			         game_card(g)->words[WL_COMBAT].words[combat]);
		}
	}
	explain_free(&b.why);
	explain_free(&p.why);
	return b.may_battle;
}

bool
cmd_battle(struct game *g, int argc, char **argv, struct command_result *res)
{
	int a, t;

	if (!cmd_unit(g, argv[1], &a, res) || !cmd_unit(g, argv[2], &t, res))
		return false;
	return cmd_battle_between(g, a, t, argc == 4 ? argv[3] : NULL, true, res);
}

static bool
battle_with(struct game *g, char **argv, bool first, struct command_result *res)
{
	const struct card *card = game_card(g);
	size_t n = card->words[WL_COMBAT].count;
	int a, t;

	if (!cmd_unit(g, argv[1], &a, res) || !cmd_unit(g, argv[2], &t, res))
		return false;
	if (n == 0)
		return cmd_fail(res, "%s names no combat types", card->id);
	return cmd_battle_between(g, a, t, card->words[WL_COMBAT].words[first ? 0 : n - 1], true,
	                          res);
}

bool
cmd_fire(struct game *g, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	return battle_with(g, argv, true, res);
}

bool
cmd_melee(struct game *g, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	return battle_with(g, argv, false, res);
}

/* ---- the turn ------------------------------------------------------------------ */

bool
cmd_phase(struct game *g, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	if (strcmp(argv[1], "next") != 0)
		return cmd_fail(res, "usage: phase next");
	cmd_say(res, "turn %d, %s: next phase", g->turn, g->sc.teams[g->side].name);
	game_log(g, "turn %d, %s: next phase", g->turn, g->sc.teams[g->side].name);
	return true;
}

bool
cmd_turn(struct game *g, int argc, char **argv, struct command_result *res)
{
	(void)argc;
	if (strcmp(argv[1], "end") != 0)
		return cmd_fail(res, "usage: turn end");
	for (size_t i = 0; i < g->nunits; i++) {
		struct game_unit *u = &g->units[i];
		u->moved = u->moved_onto = u->road_move = u->battled = false;
	}
	game_log(g, "turn %d: %s ends its turn", g->turn, g->sc.teams[g->side].name);
	g->side = (g->side + 1) % (int)g->sc.nteams;
	if (g->side == 0)
		g->turn++;
	cmd_say(res, "turn %d: %s to act", g->turn, g->sc.teams[g->side].name);
	return true;
}

bool
cmd_note(struct game *g, int argc, char **argv, struct command_result *res)
{
	char *text = xstrdup("");

	for (int i = 1; i < argc; i++) {
		char *next = xasprintf("%s%s%s", text, i > 1 ? " " : "", argv[i]);
		free(text);
		text = next;
	}
	cmd_say(res, "note: %s", text);
	game_log(g, "note: %s", text);
	free(text);
	return true;
}
