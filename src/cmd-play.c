/* cmd-play.c: the commands of play (engine layer): select, move (along a path the
 * card allows, or to a hex by the cheapest such path), battle (the dice and the
 * target's protection, with every step), the turn and notes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "combat.h"
#include "strutil.h"
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

static long
reach_cost(void *ctx, struct hex from, struct hex to, bool *stop_after)
{
	struct step_check *sc = ctx;
	struct move_answer m;
	long cost = game_step_cost(sc->g, sc->unit, from, to, sc->road, stop_after, &m);

	explain_free(&m.why);
	return cost;
}

/* Refuse a move, with the step of the card's answer that says why. */
static bool
refuse(struct command_result *res, const char *id, const char *what, const char *at,
       const struct move_answer *m, const char *effect_words)
{
	for (size_t i = 0; i < m->why.count; i++) {
		const struct step *why = &m->why.steps[i];
		if (strstr(why->text, effect_words) != NULL)
			return cmd_fail(res, "%s %s %s: %s (%s)", id, what, at, why->text,
			                why->ref ? why->ref : "the card");
	}
	return cmd_fail(res, "%s %s %s", id, what, at);
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
		if (hex_eq(start, to)) {
			cmd_fail(res, "%s is there already", g->units[sc->unit].id);
			return 0;
		}
		if (hex_direction_to(start, to) < 0) {
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

struct path_cost {
	long cost;             /* in halves */
	long allowance;        /* the worst category's, in halves; -1: none */
	long road_bonus;       /* hexes added to the allowance along a road */
	long disorder;         /* levels of disorder the move brings */
};

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
	for (size_t i = 1; i < n && ok; i++) {
		struct move_answer m;
		bool stop;
		long c = game_step_cost(sc->g, sc->unit, path[i - 1], path[i], sc->road, &stop, &m);
		int other = game_unit_at(sc->g, path[i]);

		hex_label(b, path[i], at);
		if (c < 0 && m.prohibited)
			ok = refuse(res, id, "cannot enter", at, &m, "may not enter");
		else if (c < 0)
			ok = cmd_fail(res, "%s cannot enter %s: %s is there", id, at, sc->g->units[other].id);
		else if (stop && i + 1 < n)
			ok = refuse(res, id, "must stop in", at, &m, "must stop");
		else if (m.cannot_stop_here && i + 1 == n)
			ok = refuse(res, id, "may not end its move in", at, &m, "may not stop");
		else if (other >= 0 && i + 1 == n)
			ok = cmd_fail(res, "%s may not end its move in %s: %s is there", id, at,
			              sc->g->units[other].id);
		pc->cost += c;
		if (m.allowance >= 0 && (pc->allowance < 0 || m.allowance < pc->allowance))
			pc->allowance = m.allowance;
		if (m.road_bonus > pc->road_bonus)
			pc->road_bonus = m.road_bonus;
		pc->disorder += m.disorder;
		explain_free(&m.why);
	}
	return ok;
}

/* A unit that must stop after leaving its hex (a mine crater) moves one hex. */
static bool
check_leaving(struct step_check *sc, const struct hex *path, size_t n, struct command_result *res)
{
	struct move_answer m;
	bool stop, ok = true;

	if (n <= 2)
		return true;
	game_step_cost(sc->g, sc->unit, path[1], path[0], sc->road, &stop, &m);
	if (m.stop_after_leaving)
		ok = refuse(res, sc->g->units[sc->unit].id, "must stop in the first hex after leaving",
		            "its hex", &m, "after leaving");
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
	char a[24], c[24];
	const char *why = "its terrain's category";

	if (from >= 0 && (allowance < 0 || card->classes[from].move < allowance)) {
		allowance = card->classes[from].move;
		why = card->classes[from].name ? card->classes[from].name : card->classes[from].id;
	}
	if (allowance < 0)
		return true;
	explain_points(allowance, false, a);
	if (sc->road && pc->road_bonus > 0)
		allowance += pc->road_bonus * 2;
	if (spent <= allowance)
		return true;
	explain_points(spent, false, c);
	if (from >= 0 && why != NULL && strcmp(why, "its terrain's category") != 0)
		return cmd_fail(res, "%s may move %s%s%.0ld%s this turn; this makes %s (%s, %s:%d%s)",
		                u->id, a, sc->road && pc->road_bonus ? ", +" : "",
		                sc->road ? pc->road_bonus : 0L,
		                sc->road && pc->road_bonus ? " along the road," : "", c, why,
		                card->classes[from].file, card->classes[from].move_line,
		                card->classes[from].move_assumed ? "; assumed: check your rulebook" : "");
	return cmd_fail(res, "%s may move %s here this turn (%s); this makes %s", u->id, a, why, c);
}

/* A move that disorders the unit moves it down the card's levels of disorder. */
static void
disorder(struct game *g, struct game_unit *u, long levels, struct command_result *res)
{
	const struct card *card = game_card(g);
	int now = -1;

	if (levels <= 0 || card->ndisorder_levels == 0)
		return;
	for (int i = 0; i < card->ndisorder_levels; i++)
		if ((u->status >> card->disorder_levels[i]) & 1u)
			now = i;
	now += (int)levels;
	if (now >= card->ndisorder_levels)
		now = card->ndisorder_levels - 1;
	for (int i = 0; i < card->ndisorder_levels; i++)
		u->status &= ~(UINT64_C(1) << card->disorder_levels[i]);
	u->status |= UINT64_C(1) << card->disorder_levels[now];
	cmd_say(res, "%s is now in %s (%s:%d)", u->id,
	        card->words[WL_STATUS].words[card->disorder_levels[now]], card->disorder_file,
	        card->disorder_line);
	game_log(g, "%s is now in %s", u->id, card->words[WL_STATUS].words[card->disorder_levels[now]]);
}

bool
cmd_may_act(struct game *g, int unit, struct command_result *res)
{
	if (g->units[unit].side == g->side || g->forcing)
		return true;
	return cmd_fail(res, "%s belongs to the %s, and the %s are acting: end the turn first "
	                     "(or add --force, which the log records)",
	                g->units[unit].id, g->sc.teams[g->units[unit].side].name,
	                g->sc.teams[g->side].name);
}

bool
cmd_move(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	struct step_check sc = { g, -1, false };
	struct path_cost pc;
	struct game_unit *u;
	struct hex *path = NULL;
	char from[HEX_LABEL_SIZE], to[HEX_LABEL_SIZE], cost[24];
	size_t n;

	if (!cmd_unit(g, argv[1], &sc.unit, res) || !cmd_may_act(g, sc.unit, res))
		return false;
	u = &g->units[sc.unit];
	n = move_path(g, &sc, argc, argv, &path, res);
	if (n < 2) {
		free(path);
		return false;
	}
	sc.road = along_path(g, path[0], path[1]);
	for (size_t i = 2; i < n; i++)
		sc.road = sc.road && along_path(g, path[i - 1], path[i]);
	if (!check_leaving(&sc, path, n, res) || !check_path(&sc, path, n, &pc, res) ||
	    !check_allowance(&sc, &pc, res)) {
		free(path);
		return false;
	}
	hex_label(b, u->hex, from);
	hex_label(b, path[n - 1], to);
	u->hex = path[n - 1];
	u->moved = u->moved_onto = true;
	u->road_move = sc.road;
	u->moved_cost += pc.cost;
	explain_points(pc.cost, false, cost);
	cmd_say(res, "%s moves %s to %s: %zu %s, costing %s%s%s", u->id, from, to, n - 1,
	        n == 2 ? "hex" : "hexes", cost, sc.road ? ", along the road" : "",
	        g->forcing ? " (forced)" : "");
	game_log(g, "%s moves %s to %s (%zu %s%s)%s", u->id, from, to, n - 1,
	         n == 2 ? "hex" : "hexes", sc.road ? ", along the road" : "",
	         g->forcing ? " (forced)" : "");
	disorder(g, u, pc.disorder, res);
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

/* "soldier (s), flag (f) or burst (b)": a die's faces for a message; free it. */
static char *
face_choices(const struct die_kind *d)
{
	char *s = xstrdup("");

	for (size_t i = 0; i < d->nfaces; i++) {
		const struct die_face *f = &d->faces[i];
		char *next = xasprintf("%s%s%s%s%s%s", s,
		                       i == 0 ? "" : i + 1 == d->nfaces ? " or " : ", ", f->id,
		                       f->short_name ? " (" : "", f->short_name ? f->short_name : "",
		                       f->short_name ? ")" : "");
		free(s);
		s = next;
	}
	return s;
}

/* The faces of the dice: typed (`roll=a,b,c`, names or short forms, any order),
 * or rolled by hexaid. False with the reason when the typed ones do not fit. */
static bool
battle_faces(struct game *g, int n, const char *rolled, int *faces, struct command_result *res)
{
	const struct die_kind *d = &game_card(g)->dice[game_card(g)->battle_die];
	char *copy, *save = NULL;
	int k = 0;

	if (rolled == NULL) {
		for (int i = 0; i < n; i++)
			faces[i] = die_face_of_side(d, (int)rng_below(&g->rng, (uint32_t)d->total));
		return true;
	}
	copy = xstrdup(rolled);
	for (char *w = strtok_r(copy, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save)) {
		int f = die_face_named(d, w);
		if (f < 0) {
			char *choices = face_choices(d);
			cmd_fail(res, "roll=%s: '%s' is not a face of the %s die; its faces are %s",
			         rolled, w, d->id, choices);
			free(choices);
			free(copy);
			return false;
		}
		if (k < 64)
			faces[k] = f;
		k++;
	}
	free(copy);
	if (k != n)
		return cmd_fail(res, "roll=%s: %d dice are rolled here; give %d faces", rolled, n, n);
	return true;
}

/* The faces as words, for the record and for people. */
static char *
faces_words(const struct die_kind *d, const int *faces, int n, const char *sep)
{
	char *s = xstrdup("");

	for (int i = 0; i < n; i++) {
		char *next = xasprintf("%s%s%s", s, i ? sep : "", d->faces[faces[i]].id);
		free(s);
		s = next;
	}
	return s;
}

/* Score the faces rolled and apply what is left: hits off the target's strength,
 * flags as a retreat the players make. */
static void
apply_roll(struct game *g, int a, int t, const struct situation *sit,
           const struct protection_answer *p, const int *faces, int n, bool typed,
           struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct die_kind *d = &card->dice[card->battle_die];
	struct game_unit *target = &g->units[t];
	struct combat_result c;
	char *words = faces_words(d, faces, n, ", ");
	int r;

	cmd_say(res, "%s rolls %d %s: %s%s", g->units[a].id, n, n == 1 ? "die" : "dice", words,
	        typed ? " (the dice on the table)" : "");
	if (!typed) {
		char *list = faces_words(d, faces, n, ",");
		res->record_extra = xasprintf("roll=%s", list);
		free(list);
	}
	combat_score(card, sit, faces, n, p, &c);
	cmd_say_steps(res, &c.why);
	target->strength -= (int)(c.hits_left < target->strength ? c.hits_left : target->strength);
	target->eliminated = target->strength == 0;
	cmd_say(res, "%s: %ld hit%s, %ld flag%s: strength %d/%d%s", target->id, c.hits_left,
	        c.hits_left == 1 ? "" : "s", c.flags_left, c.flags_left == 1 ? "" : "s",
	        target->strength, target->max_strength, target->eliminated ? ", eliminated" : "");
	r = card_class_retreat_from(card, target->cls);
	if (c.flags_left > 0 && !target->eliminated && r >= 0)
		cmd_say(res, "%s retreats %ld hex%s toward its own side (%ld flag%s x %d; %s:%d): move "
		             "it, or take a hit for each hex it cannot",
		        target->id, c.flags_left * card->classes[r].retreat,
		        c.flags_left * card->classes[r].retreat == 1 ? "" : "es", c.flags_left,
		        c.flags_left == 1 ? "" : "s", card->classes[r].retreat, card->classes[r].file,
		        card->classes[r].retreat_line);
	else if (c.flags_left > 0 && !target->eliminated)
		cmd_say(res, "%s must retreat for %ld flag%s: the card gives no retreat distance", target->id,
		        c.flags_left, c.flags_left == 1 ? "" : "s");
	game_log(g, "%s rolls %s: %ld hit%s, %ld flag%s on %s (%d/%d)%s", g->units[a].id, words,
	         c.hits_left, c.hits_left == 1 ? "" : "s", c.flags_left, c.flags_left == 1 ? "" : "s",
	         target->id, target->strength, target->max_strength,
	         target->eliminated ? ", eliminated" : "");
	free(words);
	explain_free(&c.why);
}

/* The exact odds of the pending roll: the chance of each number of hits left. */
static void
say_odds(struct game *g, const struct situation *sit, const struct battle_answer *b,
         const struct protection_answer *p, struct command_result *res)
{
	size_t count;
	double *chance = combat_hit_odds(game_card(g), sit, (int)b->dice, p, &count);
	const struct die_kind *d = &game_card(g)->dice[game_card(g)->battle_die];
	char *line;

	if (chance == NULL) {
		cmd_say(res, "odds of hits: too many dice to work out");
		return;
	}
	line = xstrdup("odds of hits:");
	for (size_t k = 0; k < count; k++) {
		char *next;
		if (chance[k] < 0.00005 && k > 0)
			continue;
		next = xasprintf("%s %zu: %.1f%%", line, k, 100.0 * chance[k]);
		free(line);
		line = next;
	}
	cmd_say(res, "%s%s", line, d->assumed ? " (the die's faces are assumed: check your dice)" : "");
	free(chance);
	free(line);
}

/* What the engine says of a battle: the dice and their steps, the target's
 * protection and its steps. */
static void
say_battle_answer(const struct game *g, int a, int t, int combat, const struct battle_answer *b,
                  const struct protection_answer *p, struct command_result *res)
{
	cmd_say(res, "%s battles %s (%s)%s", g->units[a].id, g->units[t].id,
	        game_card(g)->words[WL_COMBAT].words[combat], g->forcing ? " (forced)" : "");
	if (b->counts_dice && b->base_known)
		cmd_say(res, "dice: %ld", b->dice);
	else if (b->counts_dice && b->halvings > 0)
		cmd_say(res, "dice: the unit's dice%s%.0ld, halved %d time%s, rounding down",
		        b->dice_change ? (b->dice_change > 0 ? " +" : " ") : "",
		        b->dice_change, b->halvings, b->halvings == 1 ? "" : "s");
	else if (b->counts_dice)
		cmd_say(res, "dice: the unit's dice %+ld", b->dice_change);
	if (b->drm != 0)
		cmd_say(res, "die-roll modifier: %+ld", b->drm);
	if (b->defense != 0)
		cmd_say(res, "defender's modifier: %+ld", b->defense);
	cmd_say_steps(res, &b->why);
	if (p->none)
		cmd_say(res, "%s has no terrain protection", g->units[t].id);
	else if (p->ignore_hits || p->ignore_flags || p->why.count)
		cmd_say(res, "%s ignores %s%ld hit(s), %s%ld flag(s)", g->units[t].id,
		        p->hits_optional ? "up to " : "", p->ignore_hits,
		        p->flags_optional ? "up to " : "", p->ignore_flags);
	cmd_say_steps(res, &p->why);
}

/* After the answer is said: refuse a battle with no dice to count, then (for a
 * battle fought) take or roll the dice and apply them, or (for a question) give
 * the odds. Nothing changes until every check has passed. */
static bool
battle_outcome(struct game *g, int a, int t, int combat, const struct situation *sit,
               const struct battle_answer *b, const struct protection_answer *p,
               const struct battle_words *w, bool commit, struct command_result *res)
{
	const struct card *card = game_card(g);
	const char *type = card->words[WL_COMBAT].words[combat];
	int distance = hex_distance(g->units[a].hex, g->units[t].hex);
	int faces[64], n = b->dice > 64 ? 64 : (int)b->dice;
	bool rolls = card->battle_die >= 0 && b->base_known && n > 0;

	if (b->base_known && b->dice == 0 && sit->base == 0)
		return cmd_fail(res, "%s has no dice for %s combat at %d hex%s (out of range, or not "
		                     "at all)",
		                g->units[a].id, type, distance, distance == 1 ? "" : "es");
	if (card->battle_die >= 0 && !b->base_known && !commit) {
		cmd_say(res, "the card gives %s no dice for %s combat: give dice=N",
		        card->classes[g->units[a].cls].id, type);
		return true;
	}
	if (card->battle_die >= 0 && !b->base_known)
		return cmd_fail(res, "the card gives %s no dice for %s combat: count them and give "
		                     "dice=N to roll",
		                card->classes[g->units[a].cls].id, type);
	if (!commit) {
		if (rolls)
			say_odds(g, sit, b, p, res);
		return true;
	}
	if (rolls && !battle_faces(g, n, w->rolled, faces, res))
		return false;
	g->units[a].battled = true;
	game_log(g, "%s battles %s (%s)%s", g->units[a].id, g->units[t].id, type,
	         g->forcing ? " (forced)" : "");
	if (rolls)
		apply_roll(g, a, t, sit, p, faces, n, w->rolled != NULL, res);
	else if (card->battle_die >= 0)
		cmd_say(res, "no dice are left to roll: the battle does nothing");
	return true;
}

/* Work out one battle and say it; `commit` marks the attacker as having battled.
 * `given` holds facts the players state that the board cannot show (a charge, an
 * attack from the flank), true or false; -1 where they say nothing. */
bool
cmd_battle_between(struct game *g, int a, int t, const struct battle_words *w, bool commit,
                   struct command_result *res)
{
	struct situation sit;
	struct battle_answer b;
	struct protection_answer p;
	struct los_answer los;
	bool adjacent = hex_distance(g->units[a].hex, g->units[t].hex) == 1, ok;
	int combat = 0;

	if (g->units[a].side == g->units[t].side)
		return cmd_fail(res, "%s and %s are on the same side", g->units[a].id, g->units[t].id);
	if (commit && !cmd_may_act(g, a, res))
		return false;
	if (!combat_type(g, w->combat, adjacent, &combat, res))
		return false;
	if (!adjacent && (game_card(g)->adjacent_combat >> combat) & 1u)
		return cmd_fail(res, "%s is not next to %s: %s combat is against an adjacent unit (%s:%d)",
		                g->units[a].id, g->units[t].id,
		                game_card(g)->words[WL_COMBAT].words[combat],
		                game_card(g)->adjacent_combat_file, game_card(g)->adjacent_combat_line);
	if (!class_may_battle(g, a, combat, res))
		return false;
	if (!adjacent) {
		game_fire_los(g, a, g->units[t].hex, &los);
		if (!los.clear) {
			cmd_fail(res, "%s has no line of sight to %s:", g->units[a].id, g->units[t].id);
			cmd_say_steps(res, &los.why);
			explain_free(&los.why);
			return false;
		}
		explain_free(&los.why);
	}
	game_battle_situation(g, a, t, combat, &sit);
	for (int f = 0; f < N_FACTS; f++)
		if (w->given[f] >= 0)
			sit.facts[f] = w->given[f] != 0;
	if (w->dice >= 0) {
		sit.base = w->dice;
		sit.base_given = true;
		sit.base_from = NULL;
	}
	terrain_battle(game_card(g), &sit, &b);
	terrain_protection(game_card(g), &sit, &p);
	if (!b.may_battle) {
		ok = cmd_fail(res, "%s may not battle %s:", g->units[a].id, g->units[t].id);
		cmd_say_steps(res, &b.why);
	} else {
		say_battle_answer(g, a, t, combat, &b, &p, res);
		ok = battle_outcome(g, a, t, combat, &sit, &b, &p, w, commit, res);
	}
	explain_free(&b.why);
	explain_free(&p.why);
	return ok;
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
	w->dice = -1;
	for (int i = first; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		size_t len = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);
		int f;

		if (card_word(game_card(g), WL_COMBAT, argv[i]) >= 0 && w->combat == NULL) {
			w->combat = argv[i];
			continue;
		}
		if (strncmp(argv[i], "roll=", 5) == 0 && w->rolled == NULL) {
			w->rolled = argv[i] + 5;
			continue;
		}
		if (strncmp(argv[i], "dice=", 5) == 0 && w->dice < 0) {
			if (!str_long(argv[i] + 5, 0, 64, &w->dice))
				return cmd_fail(res, "%s: give the dice as a number from 0 to 64", argv[i]);
			continue;
		}
		for (f = 0; f < N_FACTS; f++)
			if (fact_info[f].type == FT_BOOL && strlen(fact_info[f].key) == len &&
			    strncmp(fact_info[f].key, argv[i], len) == 0)
				break;
		if (f == N_FACTS || (eq && strcmp(eq + 1, "true") && strcmp(eq + 1, "false")))
			return cmd_fail(res, "%s: after the target give a combat type, a fact such as "
			                     "charge, from_flank or stationary=false, dice=N or roll=FACES",
			                argv[i]);
		w->given[f] = !eq || strcmp(eq + 1, "true") == 0;
	}
	return true;
}

bool
cmd_battle(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct battle_words w;
	int a, t;

	if (!cmd_unit(g, argv[1], &a, res) || !cmd_unit(g, argv[2], &t, res) ||
	    !cmd_battle_words(g, argc, argv, 3, &w, res))
		return false;
	return cmd_battle_between(g, a, t, &w, true, res);
}

static bool
battle_with(struct game *g, int argc, char **argv, bool first, struct command_result *res)
{
	const struct card *card = game_card(g);
	size_t n = card->words[WL_COMBAT].count;
	struct battle_words w;
	int a, t;

	if (!cmd_unit(g, argv[1], &a, res) || !cmd_unit(g, argv[2], &t, res) ||
	    !cmd_battle_words(g, argc, argv, 3, &w, res))
		return false;
	if (n == 0)
		return cmd_fail(res, "%s names no combat types", card->id);
	if (w.combat != NULL)
		return cmd_fail(res, "%s: %s chooses the combat type itself; use battle to name one",
		                w.combat, argv[0]);
	w.combat = card->words[WL_COMBAT].words[first ? 0 : n - 1];
	return cmd_battle_between(g, a, t, &w, true, res);
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
		u->moved_cost = 0;
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
