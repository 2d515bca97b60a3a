/* model-selection.c: the selection model (ui layer): what the commands say about
 * the selected unit, worked out once per change of the game, of the selection
 * or of the cursor, for the panes and keys to read: the hexes it can reach
 * (`range`, with the hexes where it must stop), the units it may battle
 * (`targets`), the line of sight to the cursor (`los` and `line`, with the hex
 * that blocks it); the cursor's moves by compass point; and what Enter does at
 * the cursor, which the keys do and the status line says. What the unit may do
 * now is the engine's one answer (`may UNIT`): no hex is marked for a unit the
 * phase does not let move, no unit offered that the battle command refuses. It
 * asks the command table only (tui_query), and calls no pane.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "xmalloc.h"

static void los_forget(struct tui *t);

void
selection_free(struct tui *t)
{
	free(t->reach);
	free(t->reach_stop);
	free(t->target);
	free(t->range_line);
	t->reach = t->reach_stop = t->target = NULL;
	t->range_line = NULL;
	t->derived_unit = -1;
	los_forget(t);
	t->los_known = false;
}

/* ---- what the commands say about the selected unit --------------------------------- */

static void
derive_range(struct tui *t, int sel)
{
	struct game *g = &t->s->game;
	struct command_result res;

	if (!tui_query(t, &res, "range %s", g->units[sel].id) || res.found.summary == NULL) {
		command_result_free(&res);
		return;
	}
	t->range_line = xstrdup(res.found.summary);
	for (size_t i = 0; i < res.found.nhexes; i++) {
		size_t idx = scenario_hex_index(&g->sc, res.found.hexes[i]);
		t->reach[idx] = true;
		t->reach_stop[idx] = res.found.stops[i];
	}
	command_result_free(&res);
}

static void
derive_targets(struct tui *t, int sel)
{
	struct game *g = &t->s->game;
	struct command_result res;

	if (tui_query(t, &res, "targets %s", g->units[sel].id))
		for (size_t i = 0; i < res.found.nunits; i++)
			t->target[res.found.units[i]] = true;
	t->ntargets = res.found.nunits;
	command_result_free(&res);
}

/* What the unit may do now, as the commands would take it. */
static void
derive_may(struct tui *t, int sel)
{
	struct command_result res;

	memset(&t->may, 0, sizeof t->may);
	if (tui_query(t, &res, "may %s", t->s->game.units[sel].id))
		t->may = res.found.may;
	command_result_free(&res);
}

/* Forget the line of sight asked last. */
static void
los_forget(struct tui *t)
{
	free(t->los_hexes);
	free(t->los_text);
	t->los_hexes = NULL;
	t->los_text = NULL;
	t->nlos = 0;
	t->los_block = -1;
	t->los_blocked = false;
}

/* The line of sight from the selected unit to the cursor: the verdict with its
 * reason, the hexes of the line and the one that blocks it. */
static void
derive_los(struct tui *t, int sel)
{
	struct game *g = &t->s->game;
	const struct hex_board *b = game_board(g);
	struct command_result res;
	char from[HEX_LABEL_SIZE], to[HEX_LABEL_SIZE], at[HEX_LABEL_SIZE] = "";
	struct hex block = { 0, 0 };
	bool blocked = false;
	size_t cap = 0;

	los_forget(t);
	if (sel < 0 || hex_eq(g->units[sel].hex, t->cursor))
		return;
	tui_hex_label(t, g->units[sel].hex, from);
	tui_hex_label(t, t->cursor, to);
	if (tui_query(t, &res, "los %s %s", from, to)) {
		const char *why = res.found.reason ? res.found.reason : "";
		blocked = t->los_blocked = res.found.blocked;
		block = res.found.block;
		if (blocked)
			tui_hex_label(t, block, at);
		t->los_text = xasprintf("LOS %s to %s: %s%s%s%s", from, to,
		                        blocked ? "blocked at " : "clear", at, *why ? ": " : "", why);
	}
	command_result_free(&res);
	if (!tui_query(t, &res, "line %s %s", from, to)) {
		command_result_free(&res);
		return;
	}
	for (size_t i = 0; i < res.found.nhexes; i++) {
		struct hex *slot;
		if (!hex_on_board(b, res.found.hexes[i]))
			continue;
		slot = xgrow(&t->los_hexes, &t->nlos, &cap, sizeof *slot);
		*slot = res.found.hexes[i];
		if (blocked && hex_eq(*slot, block))
			t->los_block = (int)t->nlos - 1;
	}
	command_result_free(&res);
}

/* Range and targets of unit `unit`: asked when the game changed since they
 * were, or they are another unit's. */
static void
derive_unit(struct tui *t, int unit)
{
	struct game *g = &t->s->game;
	const struct hex_board *b = game_board(g);
	size_t cells = (size_t)b->columns * (size_t)b->rows;

	if (t->reach != NULL && t->derived_gen == t->gen && t->derived_unit == unit)
		return;
	free(t->reach);
	free(t->reach_stop);
	free(t->target);
	free(t->range_line);
	t->range_line = NULL;
	t->reach = xcalloc(cells, sizeof *t->reach);
	t->reach_stop = xcalloc(cells, sizeof *t->reach_stop);
	t->target = xcalloc(g->nunits + 1, sizeof *t->target);
	t->ntargets = 0;
	derive_may(t, unit);
	if (t->may.move)
		derive_range(t, unit);
	if (t->may.combat != 0)
		derive_targets(t, unit);
	t->derived_gen = t->gen;
	t->derived_unit = unit;
}

/* The battle commands the selected unit may give against the target at the
 * cursor (f and m are offered by it). */
static void
derive_may_at(struct tui *t, int sel)
{
	int u = tui_unit_at_cursor(t);
	struct command_result res;

	memset(&t->may_at, 0, sizeof t->may_at);
	if (sel < 0 || u < 0 || !selection_targets(t, u))
		return;
	if (tui_query(t, &res, "may %s %s", t->s->game.units[sel].id, t->s->game.units[u].id))
		t->may_at = res.found.may;
	command_result_free(&res);
}

void
selection_derive(struct tui *t)
{
	int sel = tui_selected(t);

	if (sel >= 0)
		derive_unit(t, sel);
	if (t->los_known && t->los_gen == t->gen && t->los_sel == sel &&
	    hex_eq(t->los_cursor, t->cursor))
		return;
	derive_los(t, sel);
	derive_may_at(t, sel);
	t->los_known = true;
	t->los_gen = t->gen;
	t->los_sel = sel;
	t->los_cursor = t->cursor;
}

bool
selection_derived(const struct tui *t)
{
	int sel = tui_selected(t);

	return sel >= 0 && t->reach != NULL && t->derived_unit == sel && t->derived_gen == t->gen;
}

bool
selection_targets(const struct tui *t, int u)
{
	return selection_derived(t) && u >= 0 && (size_t)u < t->s->game.nunits && t->target[u];
}

bool
selection_reaches(const struct tui *t, struct hex h)
{
	return selection_derived(t) && hex_on_board(game_board(&t->s->game), h) &&
	       t->reach[scenario_hex_index(&t->s->game.sc, h)];
}

/* ---- moving the cursor ----------------------------------------------------------- */

int
selection_compass_dir(const struct tui *t, int compass)
{
	/* pointy-top directions: 0 ne, 1 e, 2 se, 3 sw, 4 w, 5 nw;
	 * flat-top: 0 n, 1 ne, 2 se, 3 s, 4 sw, 5 nw */
	static const int pointy[8] = { -1, 0, 1, 2, -1, 3, 4, 5 };
	static const int flat[8] = { 0, 1, -1, 2, 3, 4, -1, 5 };

	if (compass < 0 || compass > 7)
		return -1;
	return game_board(&t->s->game)->orientation == HEX_FLAT ? flat[compass] : pointy[compass];
}

bool
selection_go(struct tui *t, int compass)
{
	const struct hex_board *b = game_board(&t->s->game);
	int dir = selection_compass_dir(t, compass), c, r;
	struct hex to;

	if (dir >= 0) {
		to = hex_neighbor(t->cursor, dir);
	} else {
		hex_to_offset(b, t->cursor, &c, &r);
		if (compass == COMPASS_N)
			r--;
		else if (compass == COMPASS_S)
			r++;
		else if (compass == COMPASS_W)
			c--;
		else
			c++;
		to = hex_from_offset(b, c, r);
	}
	if (!hex_on_board(b, to))
		return false;
	t->cursor = to;
	return true;
}

/* ---- what Enter does ----------------------------------------------------------- */

static bool
cursor_in_reach(struct tui *t)
{
	selection_derive(t);
	return selection_reaches(t, t->cursor);
}

enum enter_does
tui_enter_does(struct tui *t)
{
	const struct game *g = &t->s->game;
	int u = tui_unit_at_cursor(t), sel = tui_selected(t);

	if (t->battle.active && u >= 0 && game_unit_find(g, t->battle.target) == u &&
	    t->battle.accepted)
		return ENTER_ROLL;
	if (u >= 0) {
		if (sel < 0 || u == sel || g->units[u].side == g->units[sel].side)
			return u == sel ? ENTER_NOTHING : ENTER_SELECT;
		selection_derive(t);
		/* an enemy it may not battle now: no hint; Enter sets it up to say why */
		return selection_targets(t, u) ? ENTER_BATTLE : ENTER_WHY;
	}
	if (sel >= 0 && cursor_in_reach(t))
		return ENTER_MOVE;
	return ENTER_NOTHING;
}

const char *
tui_enter_hint(enum enter_does does)
{
	static const char *const hint[] = {
		[ENTER_NOTHING] = NULL, [ENTER_SELECT] = "Enter:select", [ENTER_MOVE] = "Enter:move",
		[ENTER_BATTLE] = "Enter:battle", [ENTER_ROLL] = "Enter:roll", [ENTER_WHY] = NULL,
	};

	return hint[does];
}
