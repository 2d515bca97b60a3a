/* cmd-query.c: the commands that only look (engine layer): show a unit, a hex or
 * the game; line of sight with its reason; where a unit can move; a battle's
 * dice and protection without battling. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "render.h"
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

static void
show_unit(struct game *g, int u, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct game_unit *x = &g->units[u];
	char at[HEX_LABEL_SIZE], words[256];

	hex_label(game_board(g), x->hex, at);
	cmd_say(res, "%s: %s %s, strength %d/%d%s", x->id, g->sc.teams[x->side].name,
	        card->classes[x->cls].name ? card->classes[x->cls].name : card->classes[x->cls].id,
	        x->strength, x->max_strength, x->eliminated ? ", eliminated" : "");
	cmd_say(res, "  in %s: %s", at, terrain_words(g, game_hex(g, x->hex), words, sizeof words));
	if (x->formation >= 0)
		cmd_say(res, "  formation: %s", card->words[WL_FORMATION].words[x->formation]);
	for (size_t s = 0; s < card->words[WL_STATUS].count; s++)
		if ((x->status >> s) & 1u)
			cmd_say(res, "  status: %s", card->words[WL_STATUS].words[s]);
	cmd_say(res, "  this turn: %s%s%s%s%s", x->moved ? "moved" : "", x->road_move ? " by road" : "",
	        x->moved && x->battled ? ", " : "", x->battled ? "battled" : "",
	        !x->moved && !x->battled ? "nothing yet" : "");
}

static void
show_hex(struct game *g, struct hex h, struct command_result *res)
{
	char at[HEX_LABEL_SIZE], words[256];
	int u = game_unit_at(g, h);

	hex_label(game_board(g), h, at);
	cmd_say(res, "%s: %s, level %d", at, terrain_words(g, game_hex(g, h), words, sizeof words),
	        game_hex_level(g, h));
	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		struct tset feats;
		game_side_features(g, hexside_of(h, d), &feats);
		if (feats.count > 0)
			cmd_say(res, "  %s side: %s", hex_direction_name(game_board(g), d),
			        terrain_words(g, &feats, words, sizeof words));
	}
	for (size_t i = 0; i < g->nstructures; i++)
		if (hex_eq(g->structures[i].hex, h))
			cmd_say(res, "  %s: %d/%d hits", game_card(g)->terrain[g->structures[i].terrain].name,
			        g->structures[i].hits, g->structures[i].strength);
	if (u >= 0)
		cmd_say(res, "  unit: %s (%s)", g->units[u].id, g->sc.teams[g->units[u].side].name);
}

static void
show_state(struct game *g, struct command_result *res)
{
	cmd_say(res, "%s (%s), turn %d, %s to act%s%s", g->sc.title, game_card(g)->id, g->turn,
	        g->sc.teams[g->side].name, g->phase[0] ? ", phase " : "", g->phase);
	for (size_t s = 0; s < g->sc.nteams; s++) {
		char *list = xstrdup("");
		for (size_t i = 0; i < g->nunits; i++) {
			char at[HEX_LABEL_SIZE], *next;
			if (g->units[i].side != (int)s)
				continue;
			hex_label(game_board(g), g->units[i].hex, at);
			next = xasprintf("%s %s%s%s(%d)", list, g->units[i].id,
			                 g->units[i].eliminated ? "" : "@",
			                 g->units[i].eliminated ? "eliminated" : at, g->units[i].strength);
			free(list);
			list = next;
		}
		cmd_say(res, "%s:%s", g->sc.teams[s].name, list[0] ? list : " no units");
		free(list);
	}
	cmd_say(res, "commands in force: %zu", g->done.count);
}

bool
cmd_show(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct hex h;
	int u;

	if (strcmp(argv[1], "state") == 0 && argc == 2) {
		show_state(g, res);
		return true;
	}
	if (argc != 3)
		return cmd_fail(res, "usage: show unit ID | hex HEX | state");
	if (strcmp(argv[1], "unit") == 0) {
		if (!cmd_unit(g, argv[2], &u, res))
			return false;
		show_unit(g, u, res);
		return true;
	}
	if (strcmp(argv[1], "hex") == 0) {
		if (!cmd_hex(g, argv[2], &h, res))
			return false;
		show_hex(g, h, res);
		return true;
	}
	return cmd_fail(res, "usage: show unit ID | hex HEX | state");
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
		hex_label(game_board(g), a.blocked_at >= 0 && (size_t)a.blocked_at < n ? line[a.blocked_at] : to,
		          at);
		cmd_say(res, "line of sight %s to %s: blocked at %s", x, y, at);
	}
	cmd_say_steps(res, &a.why);
	explain_free(&a.why);
	return true;
}

/* ---- range ---------------------------------------------------------------------- */

struct range_ctx {
	struct game *g;
	int unit;
};

static long
range_cost(void *arg, struct hex from, struct hex to, bool *stop_after)
{
	struct range_ctx *ctx = arg;
	struct situation sit;
	struct move_answer m;
	long cost;
	int other = game_unit_at(ctx->g, to);

	game_step_situation(ctx->g, ctx->unit, from, to, false, &sit);
	terrain_move(game_card(ctx->g), &sit, &m);
	*stop_after = m.must_stop;
	cost = m.prohibited || (other >= 0 && other != ctx->unit) ? -1 : m.has_cost ? m.cost : 2;
	explain_free(&m.why);
	return cost;
}

bool
cmd_range(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	struct range_ctx ctx = { g, -1 };
	struct hex_reached *reached;
	size_t cap = (size_t)b->columns * (size_t)b->rows, count;
	long budget = 2;
	char *list = xstrdup(""), *end;

	if (!cmd_unit(g, argv[1], &ctx.unit, res)) {
		free(list);
		return false;
	}
	if (argc == 3) {
		budget = strtol(argv[2], &end, 10) * 2;
		if (*end != '\0' || budget <= 0 || budget > 2000) {
			free(list);
			return cmd_fail(res, "range %s: give a number of hexes (or points), 1 to 1000",
			                argv[2]);
		}
	}
	reached = xcalloc(cap, sizeof *reached);
	count = hex_reach(b, g->units[ctx.unit].hex, budget, range_cost, &ctx, reached, cap);
	for (size_t i = 1; i < count; i++) {
		char at[HEX_LABEL_SIZE], *next;
		hex_label(b, reached[i].hex, at);
		next = xasprintf("%s %s%s", list, at, reached[i].must_stop ? "!" : "");
		free(list);
		list = next;
	}
	cmd_say(res, "%s can reach %zu %s within %ld%s:%s", g->units[ctx.unit].id, count - 1,
	        count == 2 ? "hex" : "hexes", budget / 2, argc == 3 ? "" : " (give a number)",
	        list);
	cmd_say(res, "(! marks a hex where the unit must stop)");
	free(list);
	free(reached);
	return true;
}

bool
cmd_explain(struct game *g, int argc, char **argv, struct command_result *res)
{
	int a, t;

	if (!cmd_unit(g, argv[1], &a, res) || !cmd_unit(g, argv[2], &t, res))
		return false;
	return cmd_battle_between(g, a, t, argc == 4 ? argv[3] : NULL, false, res);
}

bool
cmd_map(struct game *g, int argc, char **argv, struct command_result *res)
{
	char *text = render_map(g, true), *line, *nl;

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
