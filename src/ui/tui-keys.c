/* tui-keys.c: the binding table (ui layer): every key and menu item is a row
 * that holds what it does (a function, or a command of the command language as
 * it stands), the keys' names, its line of help and its place in a menu. The
 * help screen (?) and the menus (tui-menu.c) are printed from the rows and run
 * the rows, so a key, its menu item and its help line cannot part ways. This
 * file also holds the actions of playing (select, move, battle, hits, notes,
 * the ':' prompt); setting up the table is tui-edit.c, the game's file
 * tui-file.c, a battle being set up model-battle.c, the selection's reach and
 * targets model-selection.c.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "tui.h"
#include "xmalloc.h"

#define CTRL(c) ((c) & 0x1f)
#define KEY_ESC 27

/* ---- playing -------------------------------------------------------------------- */

/* Select the unit at the cursor (s, and a click on it). */
static void
tui_select_at_cursor(struct tui *t)
{
	int u = tui_unit_at_cursor(t);

	if (u < 0) {
		tui_message(t, true, "no unit at the cursor");
		return;
	}
	tui_command(t, "select %s", tui_unit_id(t, u));
}

static void
move_selected(struct tui *t)
{
	char at[HEX_LABEL_SIZE];
	int sel = tui_selected(t);

	/* set-up is not play: the unit is put there, without rules */
	if (t->s->game.setup) {
		edit_unit_place(t);
		return;
	}
	if (sel < 0) {
		tui_message(t, true, "select a unit first (Enter or s on it)");
		return;
	}
	tui_cursor_label(t, at);
	if (tui_command(t, "move %s %s", tui_unit_id(t, sel), at))
		battle_clear(t);
}

/* Enter with nothing to do: say why, and what would do something. */
static void
enter_idle(struct tui *t)
{
	int u = tui_unit_at_cursor(t), sel = tui_selected(t);
	char at[HEX_LABEL_SIZE];

	tui_cursor_label(t, at);
	if (u >= 0)
		tui_message(t, false, "%s is selected: put the cursor on a hex marked ++ to move it, "
		            "or on an enemy (> finds them)", tui_unit_id(t, u));
	else if (sel >= 0 && selection_derived(t) && !t->may.move)
		tui_message(t, true, "%s does not move now (%s): %s", tui_unit_id(t, sel),
		            t->s->game.units[sel].side == t->s->game.side ? "not in this phase"
		                                                           : "the other side acts",
		            t->s->game.units[sel].side == t->s->game.side ? "p: next phase"
		                                                           : "T: end the turn");
	else if (sel >= 0)
		tui_message(t, true, "%s cannot move to %s: the hexes it can reach are marked ++",
		            tui_unit_id(t, sel), at);
	else
		tui_message(t, true, "no unit here: put the cursor on a unit and press Enter to "
		            "select it");
}

/* Enter: the obvious thing at the cursor. */
static void
act(struct tui *t)
{
	switch (tui_enter_does(t)) {
	case ENTER_ROLL: battle_roll(t, NULL); break;
	case ENTER_SELECT: tui_select_at_cursor(t); break;
	case ENTER_BATTLE:
	case ENTER_WHY: battle_prepare(t, MAY_BATTLE); break;
	case ENTER_MOVE: move_selected(t); break;
	case ENTER_NOTHING: enter_idle(t); break;
	}
}

/* A unit pointed at (a click): select it, or, an enemy of the selected unit,
 * set up the battle with it (Enter does the same, and rolls it the second time). */
static void
tui_point_at_unit(struct tui *t)
{
	switch (tui_enter_does(t)) {
	case ENTER_SELECT: tui_select_at_cursor(t); break;
	case ENTER_BATTLE:
	case ENTER_WHY: battle_prepare(t, MAY_BATTLE); break;
	default: break;
	}
}

/* The units the selected unit `sel` may battle now, nearest first (then in the
 * scenario's order); how many. */
static size_t
targets_by_distance(struct tui *t, int sel, int *out)
{
	const struct game *g = &t->s->game;
	size_t n = 0;

	selection_derive(t);
	for (int u = 0; u < (int)g->nunits; u++) {
		int d = hex_distance(g->units[sel].hex, g->units[u].hex);
		size_t k = n;
		if (!selection_targets(t, u))
			continue;
		/* inserted after every unit as near or nearer */
		while (k > 0 && hex_distance(g->units[sel].hex, g->units[out[k - 1]].hex) > d) {
			out[k] = out[k - 1];
			k--;
		}
		out[k] = u;
		n++;
	}
	return n;
}

/* > with no target: why not, for the nearest enemy (`targets` says it), and the
 * key that puts it right. */
static void
no_targets(struct tui *t, int sel)
{
	struct command_result res;
	const char *key;

	tui_query(t, &res, "targets %s", tui_unit_id(t, sel));
	key = tui_remedy_key(res.remedy);
	if (res.remedy != REMEDY_NONE && key != NULL)
		tui_message(t, true, "%s may battle no unit in this phase: %s",
		            tui_unit_id(t, sel), key);
	else if (res.lines.count > 1)
		tui_message(t, true, "%s may battle no unit now; %s", tui_unit_id(t, sel),
		            res.lines.items[res.lines.count - 1] + strspn(res.lines.items[res.lines.count - 1], " "));
	else
		tui_message(t, true, "%s may battle no unit now", tui_unit_id(t, sel));
	command_result_free(&res);
}

/* > and <: the cursor to the next (or the one before) of the units the selected
 * unit may battle now, nearest first, and that battle set up. */
static void
cycle_targets(struct tui *t, const struct binding *b)
{
	const struct game *g = &t->s->game;
	int sel = tui_selected(t), at = tui_unit_at_cursor(t), *list;
	size_t n, i;

	if (sel < 0) {
		tui_message(t, true, "select a unit first (Enter on it): > and < then go through "
		            "the units it may battle");
		return;
	}
	list = xcalloc(g->nunits + 1, sizeof *list);
	n = targets_by_distance(t, sel, list);
	for (i = 0; i < n && list[i] != at; i++)
		;
	if (n == 0) {
		no_targets(t, sel);
	} else {
		/* from none (i == n): the first forward, the last back */
		if (i == n)
			i = b->arg > 0 ? 0 : n - 1;
		else
			i = b->arg > 0 ? (i + 1) % n : (i + n - 1) % n;
		t->cursor = g->units[list[i]].hex;
		battle_prepare(t, MAY_BATTLE);
	}
	free(list);
}

/* p and T: the next phase, the end of the turn; what was selected and set up
 * belongs to the phase that ended. */
static void
next_phase(struct tui *t, const struct binding *b)
{
	int side = t->s->game.side;

	if (!tui_command(t, "%s", b->command))
		return;
	battle_clear(t);
	t->s->game.selected = -1;
	if (t->s->game.side != side)
		tui_cursor_home(t);
}

static void
cancel(struct tui *t)
{
	if (t->brush != BRUSH_NONE) {
		t->brush = BRUSH_NONE;
		t->corner_marked = false;
		tui_message(t, false, "painting stopped");
	} else if (t->battle.active) {
		battle_clear(t);
		command_result_free(&t->dice);
		tui_message(t, false, "battle cancelled");
	} else if (tui_selected(t) >= 0) {
		/* which unit is selected is the interface's business: no command needed */
		t->s->game.selected = -1;
		tui_message(t, false, "no unit selected");
	}
}

static void
hit(struct tui *t)
{
	int u = tui_unit_at_cursor(t);
	char *n = NULL, *q;

	if (u < 0) {
		tui_message(t, true, "put the cursor on the unit that takes the hits");
		return;
	}
	q = xasprintf("Hits to take off %s's strength (%d/%d):", tui_unit_id(t, u),
	              t->s->game.units[u].strength, t->s->game.units[u].max_strength);
	if (dialog_input(t, "Hits", q, "1", &n))
		tui_command(t, "hit %s %s", tui_unit_id(t, u), n);
	free(n);
	free(q);
}

static void
act_on_hex(struct tui *t)
{
	/* the card's actions (act UNIT ACTION), each once, as the card reader found them */
	const struct card *card = game_card(&t->s->game);
	const char *const *actions = (const char *const *)card->actions;
	size_t n = card->nactions;
	int u = tui_unit_at_cursor(t), i;

	if (u < 0)
		u = tui_selected(t);
	if (u < 0) {
		tui_message(t, true, "put the cursor on the unit that acts");
		return;
	}
	if (n == 0) {
		tui_message(t, true, "%s gives no actions", game_card(&t->s->game)->id);
		return;
	}
	if ((i = dialog_choose(t, "The action", actions, n)) >= 0)
		tui_command(t, "act %s %s", tui_unit_id(t, u), actions[i]);
}

static void
note(struct tui *t)
{
	char *text = NULL;

	if (dialog_input(t, "Note", "A note for the game log:", "", &text) && *text != '\0') {
		/* one word, quoted as the command line reads it: the note as typed, in
		 * UTF-8 whatever the locale (a game's record is UTF-8) */
		char *u = tui_utf8(text), *w = command_word(u);
		free(u);
		tui_command(t, "note %s", w);
		free(w);
	}
	free(text);
}

/* ":": any command; an answer of several lines opens in a window. */
static void
prompt(struct tui *t)
{
	struct command_result res;
	char *line = NULL;
	bool ok;

	if (!dialog_input(t, "Command", "A command, as hexaid script takes it (help lists them):", "",
	                  &line) ||
	    *line == '\0') {
		free(line);
		return;
	}
	{
		/* a command is UTF-8 whatever the locale */
		char *u = tui_utf8(line);
		free(line);
		line = u;
	}
	ok = tui_query(t, &res, "%s", line);
	tui_game_changed_by(t, &res);
	if (ok && res.lines.count > 1) {
		tui_message(t, false, "%s", res.lines.items[0]);
		dialog_text(t, line, &res.lines);
	} else {
		if (ok)
			tui_message(t, false, "%s", res.lines.count ? res.lines.items[0] : line);
		else
			tui_report_failure(t, line, &res, "the command failed");
	}
	command_result_free(&res);
	free(line);
}

static void
go_to(struct tui *t)
{
	const struct game *g = &t->s->game;
	char *where = NULL;
	struct hex h;
	int u;

	if (dialog_input(t, "Go to", "A hex (such as 0405) or a unit's id:", "", &where) && *where) {
		if (hex_from_label(game_board(g), where, &h))
			t->cursor = h;
		else if ((u = game_unit_find(g, where)) >= 0 && !g->units[u].eliminated)
			t->cursor = g->units[u].hex;
		else
			tui_message(t, true, "%s: no such hex or unit on this board", where);
	}
	free(where);
}

/* ---- the interface itself ------------------------------------------------------ */

static void
cursor_go(struct tui *t, const struct binding *b)
{
	struct hex from = t->cursor;

	if (selection_go(t, b->arg) && t->brush != BRUSH_NONE)
		edit_paint_from(t, from);
}

static void
run_command(struct tui *t, const struct binding *b)
{
	tui_command(t, "%s", b->command);
}

/* f, m and the Units menu's battle: the command the battle will be. */
static void
set_up_battle(struct tui *t, const struct binding *b)
{
	battle_prepare(t, (unsigned)b->arg);
}

static void
roll(struct tui *t)
{
	battle_roll(t, NULL);
}

static void
scroll_log(struct tui *t, const struct binding *b)
{
	log_page(t, b->arg);
}

static void open_menu(struct tui *t);

static void
toggle_legend(struct tui *t)
{
	t->legend = !t->legend;
}

/* L: the legend in a box over the screen, whatever its size: the marks the map
 * pane lays over the map, then the card's glyphs on it (render_legend). */
static void
show_legend(struct tui *t)
{
	int width = COLS - 6 > 40 ? COLS - 6 : 40;
	char *legend = render_legend(&t->s->game, t->map_size, width);
	struct strlist lines = { 0 };

	strlist_add(&lines, "Marks of the map pane:");
	for (int o = 0; o < N_OVERLAYS; o++) {
		const struct render_overlay_mark *mk = render_overlay((enum render_overlay)o);
		char line[160];

		if (o == OVERLAY_CURSOR || o == OVERLAY_SELECTED)   /* either side of a hex */
			snprintf(line, sizeof line, "  %c %c %s", mk->glyph[0], mk->glyph[1], mk->meaning);
		else
			snprintf(line, sizeof line, "  %-3s %s", mk->glyph, mk->meaning);
		strlist_add(&lines, line);
	}
	strlist_add(&lines, "");
	for (char *l = legend, *next; l != NULL && *l != '\0'; l = next) {
		if ((next = strchr(l, '\n')) != NULL)
			*next++ = '\0';
		tui_wrap(l, width, 2, &lines);
	}
	dialog_text(t, "Legend (q or Esc closes)", &lines);
	strlist_free(&lines);
	free(legend);
}

static void
focus_next(struct tui *t)
{
	t->focus = (t->focus + 1) % (int)t->npanes;
}

static void
zoom(struct tui *t)
{
	t->zoom = t->zoom >= 0 ? -1 : t->focus;
	tui_layout(t);
}

/* C-l: the terminal painted again from scratch, and every pane drawn whole
 * again, asking again what it shows (the windows stay as they are). */
static void
redraw(struct tui *t)
{
	clearok(curscr, TRUE);
	t->layout++;
}

/* ---- the table ------------------------------------------------------------------- */

/* What a row does: a function of the interface; a function given the row (the
 * compass point it goes, the command it runs); a command as it stands. */
#define DO(fn) .act = (fn)
#define GO(point) .act_on = cursor_go, .arg = (point)
#define RUN(line) .act_on = run_command, .command = (line)
#define BATTLE(kind) .act_on = set_up_battle, .arg = (kind)
/* Its item in a menu: the menu, its place there (from 1) and its label. */
#define ITEM(m, n, text) .item = { (m), (n), (text) }

/* In the order of the help screen; a row without keys is a menu item only. */
static const struct binding bindings[] = {
	{ .section = "Moving the cursor", .keys = { 'h', KEY_LEFT }, .names = "h Left",
	  GO(COMPASS_W), .help = "west (a column left on a flat-top board)" },
	{ .keys = { 'l', KEY_RIGHT }, .names = "l Right", GO(COMPASS_E),
	  .help = "east (a column right on a flat-top board)" },
	{ .keys = { 'k', KEY_UP }, .names = "k Up", GO(COMPASS_N),
	  .help = "north (a row up on a pointy-top board)" },
	{ .keys = { 'j', KEY_DOWN }, .names = "j Down", GO(COMPASS_S),
	  .help = "south (a row down on a pointy-top board)" },
	{ .keys = { 'y', KEY_HOME }, .names = "y Home", GO(COMPASS_NW), .help = "north-west" },
	{ .keys = { 'u', KEY_PPAGE }, .names = "u PgUp", GO(COMPASS_NE), .help = "north-east" },
	{ .keys = { 'b', KEY_END }, .names = "b End", GO(COMPASS_SW), .help = "south-west" },
	{ .keys = { 'n', KEY_NPAGE }, .names = "n PgDn", GO(COMPASS_SE), .help = "south-east" },
	{ .keys = { '/' }, .names = "/", DO(go_to),
	  .help = "put the cursor on a hex (0405) or a unit (A1)" },

	{ .section = "Playing", .keys = { '\r', '\n', KEY_ENTER, ' ' }, .names = "Enter Space",
	  DO(act), .help = "at the cursor: select a unit; with one selected, move it to an empty "
	  "hex or battle an enemy (again: roll)" },
	{ .keys = { 's' }, .names = "s", DO(tui_select_at_cursor), ITEM(MENU_UNITS, 1, "Select the unit here"),
	  .help = "select the unit at the cursor, of any side" },
	{ .keys = { 'g' }, .names = "g", DO(move_selected),
	  ITEM(MENU_UNITS, 2, "Move the selected unit here"),
	  .help = "move the selected unit to the cursor" },
	{ .keys = { 'f' }, .names = "f", BATTLE(MAY_FIRE), ITEM(MENU_UNITS, 3, "Fire at the unit here"),
	  .help = "fire at the unit at the cursor: the dice pane shows the dice, steps and odds" },
	{ .keys = { 'm' }, .names = "m", BATTLE(MAY_MELEE), ITEM(MENU_UNITS, 4, "Melee the unit here"),
	  .help = "melee (close combat) with the unit at the cursor" },
	{ BATTLE(MAY_BATTLE), ITEM(MENU_UNITS, 5, "Battle the unit here (by distance)"),
	  .help = "battle the unit at the cursor, as the distance calls for" },
	{ .keys = { '>' }, .names = ">", .act_on = cycle_targets, .arg = 1,
	  ITEM(MENU_UNITS, 14, "Next target"),
	  .help = "the cursor to the next unit the selected unit may battle, nearest first, that "
	  "battle set up" },
	{ .keys = { '<' }, .names = "<", .act_on = cycle_targets, .arg = -1,
	  ITEM(MENU_UNITS, 15, "Target before"),
	  .help = "the cursor back to the target before, that battle set up" },
	{ .keys = { 'o' }, .names = "o", DO(battle_ask_words), ITEM(MENU_UNITS, 6, "Battle words..."),
	  .help = "the battle's words: facts the map cannot show, dice=N, drm=N, target_on=, "
	          "crossed=, without=" },
	{ .keys = { 'r' }, .names = "r", DO(roll), ITEM(MENU_UNITS, 7, "Roll the battle"),
	  .help = "roll the battle set up in the dice pane" },
	{ .keys = { 'e' }, .names = "e", DO(battle_enter),
	  ITEM(MENU_UNITS, 8, "Enter the dice rolled..."),
	  .help = "enter the dice rolled on the table for that battle" },
	{ .keys = { 'Y' }, .names = "Y", DO(battle_apply), ITEM(MENU_UNITS, 16, "Apply the result..."),
	  .help = "apply the last battle's result as the card's table gives it (asked after each "
	  "roll; U undoes it)" },
	{ .keys = { 'v' }, .names = "v", DO(battle_retreat),
	  ITEM(MENU_UNITS, 17, "Retreat..."),
	  .help = "the retreat a unit owes (the one at the cursor, or the first): choose among "
	  "the hexes it may end in, in any phase and either side's turn" },
	{ .keys = { 'B' }, .names = "B", DO(battle_offer_back),
	  ITEM(MENU_UNITS, 18, "Battle back"),
	  .help = "the unit that may battle back (the card allows it) against its attacker: "
	  "the battle set up, Enter rolls" },
	{ .keys = { 'G' }, .names = "G", DO(battle_take_ground),
	  ITEM(MENU_UNITS, 19, "Take ground"),
	  .help = "the unit whose battle emptied a hex (the card allows it) moves into it; "
	  "a class the card names may then battle once more" },
	{ .keys = { 'x' }, .names = "x", DO(hit), ITEM(MENU_UNITS, 9, "Take hits..."),
	  .help = "take hits off the unit at the cursor" },
	{ .keys = { 'a' }, .names = "a", DO(act_on_hex),
	  ITEM(MENU_UNITS, 10, "Act (an action of the card)..."),
	  .help = "the unit at the cursor (or the selected one) does an action the card gives "
	  "(act), often instead of battling" },
	{ .keys = { KEY_ESC }, .names = "Esc", DO(cancel), ITEM(MENU_MAP, 3, "Stop painting"),
	  .help = "stop painting, or cancel the battle, or deselect the unit" },
	{ .keys = { 'p' }, .names = "p", .act_on = next_phase, .command = "phase next",
	  ITEM(MENU_TURN, 1, "Next phase"),
	  .help = "go on to the next phase (the selection and the battle set up end with it)" },
	{ .keys = { 'T' }, .names = "T", .act_on = next_phase, .command = "turn end",
	  ITEM(MENU_TURN, 2, "End the turn"),
	  .help = "end the acting side's turn; the cursor goes to the next side's first unit" },
	{ .keys = { 'U' }, .names = "U", RUN("undo"), ITEM(MENU_TURN, 3, "Undo"),
	  .help = "undo the last change" },
	{ .keys = { 'R', CTRL('r') }, .names = "R C-r", RUN("redo"), ITEM(MENU_TURN, 4, "Redo"),
	  .help = "redo what undo took back" },
	{ .keys = { '#' }, .names = "#", DO(note), ITEM(MENU_TURN, 5, "Write a note..."),
	  .help = "write a note in the log" },
	{ .keys = { 'N' }, .names = "N", RUN("skip"), ITEM(MENU_TURN, 6, "Skip what is owed"),
	  .help = "give up everything owed (a result, a retreat, a battle back): the log says "
	  "so, U takes it back" },
	{ .keys = { ':' }, .names = ":", DO(prompt), ITEM(MENU_GAME, 7, "Type a command..."),
	  .help = "type any command (help lists them)" },

	{ .section = "Setting up the table", .keys = { 'P' }, .names = "P", DO(edit_brush),
	  ITEM(MENU_MAP, 1, "Paint with a brush..."),
	  .help = "choose a brush (terrain, token, level, hexside feature, eraser): then every "
	  "cursor move paints the hex it reaches (a hexside feature on the side it moved to); "
	  "hold a key to paint a row" },
	{ .keys = { '.' }, .names = ".", DO(edit_paint), ITEM(MENU_MAP, 2, "Paint the hex here"),
	  .help = "paint the hex at the cursor with the brush" },
	{ .keys = { 'C' }, .names = "C", DO(edit_copy), ITEM(MENU_MAP, 14, "Copy the hex here"),
	  .help = "the hex at the cursor (terrain, tokens, level, hexside features) becomes the "
	  "brush: every cursor move paints a hex the same" },
	{ .keys = { 'F' }, .names = "F", DO(edit_fill), ITEM(MENU_MAP, 13, "Fill a rectangle"),
	  .help = "with a brush: mark a corner at the cursor; move to the other corner (or along "
	  "the row) and F again paints every hex between" },
	{ .keys = { 't' }, .names = "t", DO(edit_token_add), ITEM(MENU_MAP, 4, "Place a token..."),
	  .help = "place a token in the hex at the cursor" },
	{ .keys = { 'X' }, .names = "X", DO(edit_token_remove),
	  ITEM(MENU_MAP, 5, "Take away a token..."), .help = "take a token away from the hex" },
	{ DO(edit_level), ITEM(MENU_MAP, 6, "Set the level..."), .help = "set the hex's level" },
	{ DO(edit_hexside), ITEM(MENU_MAP, 7, "Add a hexside feature..."),
	  .help = "add a feature on one side of the hex" },
	{ .keys = { 'S' }, .names = "S", DO(edit_structure), ITEM(MENU_MAP, 8, "Structure..."),
	  .help = "make the hex a structure, or set its hits" },
	{ .keys = { 'K' }, .names = "K", DO(edit_damage), ITEM(MENU_MAP, 9, "Structural hits..."),
	  .help = "structural hits to the structure in the hex (or on one of its sides)" },
	{ .keys = { 'A' }, .names = "A", DO(edit_unit_add), ITEM(MENU_UNITS, 11, "Add a unit here..."),
	  .help = "add a unit in the hex at the cursor" },
	{ .keys = { 'c' }, .names = "c", DO(edit_unit_edit),
	  ITEM(MENU_UNITS, 12, "Change the unit here..."),
	  .help = "change the unit at the cursor: in play, on a card with formations, its formation "
	  "(form, at the card's cost) or its values; else strength, formation, status, hex, and "
	  "its values (move, dice, the card's ratings), each listed with what it is now" },
	{ .keys = { 'd' }, .names = "d", DO(edit_unit_duplicate),
	  ITEM(MENU_UNITS, 20, "Copy the selected unit here..."),
	  .help = "a copy of the selected unit (side, class, strength) in the empty hex at the "
	  "cursor, the next id of its side offered; in set-up g puts the selected unit anywhere" },
	{ .keys = { 'O' }, .names = "O", DO(edit_roster), ITEM(MENU_UNITS, 21, "Roster"),
	  .help = "every unit of each side with its class, hex and strength, to check against "
	  "the booklet" },
	{ .keys = { 'D' }, .names = "D", DO(edit_unit_remove),
	  ITEM(MENU_UNITS, 13, "Remove the unit here"), .help = "remove the unit at the cursor" },

	{ .section = "The screen and the game", .keys = { '\t' }, .names = "Tab", DO(focus_next),
	  ITEM(MENU_HELP, 3, "Next pane"),
	  .help = "next pane: the dice and log panes scroll with the arrows and PgUp PgDn when "
	  "focused" },
	{ .keys = { 'z' }, .names = "z", DO(zoom), ITEM(MENU_HELP, 2, "Zoom the focused pane"),
	  .help = "zoom the focused pane to the whole screen, or back" },
	{ .keys = { '[' }, .names = "[", .act_on = scroll_log, .arg = 1,
	  .help = "scroll the log back" },
	{ .keys = { ']' }, .names = "]", .act_on = scroll_log, .arg = -1,
	  .help = "scroll the log forward" },
	{ .keys = { 'i' }, .names = "i", DO(toggle_legend), ITEM(MENU_MAP, 10, "Show or hide the legend"),
	  .help = "show or hide the map's legend (in the log pane)" },
	{ .keys = { 'L' }, .names = "L", DO(show_legend), ITEM(MENU_MAP, 12, "Legend in a box"),
	  .help = "the legend in a box over the screen: every glyph and mark of the map" },
	{ .keys = { '+' }, .names = "+", DO(map_toggle_size),
	  ITEM(MENU_MAP, 11, "Large or compact hexes"),
	  .help = "large hexes (names and strengths) or compact ones (the whole board)" },
	{ DO(file_new), ITEM(MENU_GAME, 1, "New game from a scenario..."),
	  .help = "close this game and start one from a scenario" },
	{ DO(file_open), ITEM(MENU_GAME, 2, "Open a saved game..."),
	  .help = "close this game and open a saved one" },
	{ .keys = { 'w' }, .names = "w", DO(file_save), ITEM(MENU_GAME, 3, "Save"),
	  .help = "save the game (asks for a file the first time)" },
	{ .keys = { 'W' }, .names = "W", DO(file_save_as), ITEM(MENU_GAME, 4, "Save as..."),
	  .help = "save the game to another file" },
	{ DO(file_export_log), ITEM(MENU_GAME, 5, "Export the log..."),
	  .help = "write the log and the dice statistics to a file" },
	{ DO(file_export_svg), ITEM(MENU_GAME, 6, "Export the board..."),
	  .help = "write the board as an SVG picture (as hexaid render --svg draws it)" },
	{ .keys = { KEY_F(10), 'M' }, .names = "F10 M", DO(open_menu),
	  .help = "the menus: game, map, units, turn" },
	{ .keys = { '?', KEY_F(1) }, .names = "? F1", DO(tui_help), ITEM(MENU_HELP, 1, "Keys"),
	  .help = "this help" },
	{ .keys = { CTRL('l') }, .names = "C-l", DO(redraw), .help = "redraw the screen" },
	{ DO(file_edit), ITEM(MENU_GAME, 8, "Edit scenario..."),
	  .help = "open a scenario in set-up: w saves the board and units as a scenario" },
	{ DO(file_new_scenario), ITEM(MENU_GAME, 9, "New scenario..."),
	  .help = "a blank scenario of a card (its size and title asked), written to a new file "
	  "and opened in set-up" },
	{ .keys = { 'E' }, .names = "E", DO(edit_details), ITEM(MENU_GAME, 10, "Scenario details..."),
	  .help = "in set-up: the scenario's title, notes, sides (name, home edge), first side, "
	  "victory target, turn limit, the card's settings and the board's size, in a form; "
	  "Enter applies "
	  "each change as a command (U takes it back)" },
	{ .keys = { 'q' }, .names = "q", DO(file_quit), ITEM(MENU_GAME, 11, "Quit"),
	  .help = "quit (asks first when there are unsaved changes)" },
};

#define N_BINDINGS (sizeof bindings / sizeof bindings[0])

/* F10: the menu bar over the binding table, and the row chosen run. */
static void
open_menu(struct tui *t)
{
	const struct binding *chosen = tui_menu(t, bindings, N_BINDINGS);

	if (chosen != NULL)
		tui_run(t, chosen);
}

void
tui_run(struct tui *t, const struct binding *b)
{
	if (b->act != NULL)
		b->act(t);
	else
		b->act_on(t, b);
}

/* ---- the help screen ------------------------------------------------------------- */

void
tui_help(struct tui *t)
{
	struct strlist lines = { 0 };
	char buf[512];

	strlist_add(&lines, "Every key runs a command of hexaid(6); the message line shows its answer.");
	for (size_t i = 0; i < N_BINDINGS; i++) {
		const struct binding *b = &bindings[i];
		if (b->names == NULL)
			continue;
		if (b->section != NULL) {
			strlist_add(&lines, "");
			strlist_add(&lines, b->section);
		}
		snprintf(buf, sizeof buf, "  %-12s %s", b->names, b->help);
		tui_wrap(buf, COLS - 8 > 40 ? COLS - 8 : 40, 13, &lines);
	}
	strlist_add(&lines, "");
	strlist_add(&lines, "Mouse");
	tui_wrap("  click        put the cursor on a hex; on a unit, select it, or on an enemy of "
	         "the selected unit, set up the battle (Enter then rolls)",
	         COLS - 8 > 40 ? COLS - 8 : 40, 13, &lines);
	dialog_text(t, "Keys (q or Esc closes)", &lines);
	strlist_free(&lines);
}

/* ---- dispatch ---------------------------------------------------------------------- */

/* A click: the pane clicked takes the focus, then the click (on the map, the
 * cursor goes there and a unit there is selected). */
static void
mouse(struct tui *t)
{
	MEVENT ev;

	if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return;
	for (size_t i = 0; i < t->npanes; i++) {
		struct pane *p = &t->panes[i];
		const struct rect *r = &p->rect;
		if (p->win == NULL || ev.y < r->y || ev.y >= r->y + r->h || ev.x < r->x ||
		    ev.x >= r->x + r->w)
			continue;
		t->focus = (int)i;
		if (p->ops->click != NULL && p->ops->click(t, p, ev.y, ev.x))
			tui_point_at_unit(t);
		return;
	}
}

void
tui_key(struct tui *t, int ch)
{
	struct pane *focused = &t->panes[t->focus];

	if (ch == KEY_MOUSE) {
		mouse(t);
		return;
	}
	if (focused->ops->key != NULL && focused->ops->key(t, focused, ch))
		return;
	for (size_t i = 0; i < N_BINDINGS; i++)
		for (int k = 0; k < 4 && bindings[i].keys[k] != 0; k++)
			if (bindings[i].keys[k] == ch) {
				tui_run(t, &bindings[i]);
				return;
			}
	tui_message(t, true, "%s: no such key (? lists them)", keyname(ch) ? keyname(ch) : "?");
}
