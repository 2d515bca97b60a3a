/* tui-keys.c: the key binding table and what each action does (ui layer). A
 * key runs a command of the command language, as it stands or built from the
 * cursor and the selection, or acts on the interface itself (focus, zoom, help).
 * The help screen (?) is printed from the same table, and the menus run the
 * same actions, so a key, its menu item and its help line cannot part ways. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "xmalloc.h"

#define CTRL(c) ((c) & 0x1f)
#define KEY_ESC 27

struct binding {
	const char *section;    /* a heading of the help screen, when it starts one */
	int keys[4];            /* the curses key codes; 0 ends the list */
	const char *names;      /* the keys as people write them */
	enum tui_action action;
	int arg;
	const char *command;    /* for ACT_COMMAND: the command it runs */
	const char *help;
};

static const struct binding bindings[] = {
	{ "Moving the cursor", { 'h', KEY_LEFT }, "h Left", ACT_CURSOR_DIR, COMPASS_W, NULL,
	  "west (a column left on a flat-top board)" },
	{ NULL, { 'l', KEY_RIGHT }, "l Right", ACT_CURSOR_DIR, COMPASS_E, NULL,
	  "east (a column right on a flat-top board)" },
	{ NULL, { 'k', KEY_UP }, "k Up", ACT_CURSOR_DIR, COMPASS_N, NULL,
	  "north (a row up on a pointy-top board)" },
	{ NULL, { 'j', KEY_DOWN }, "j Down", ACT_CURSOR_DIR, COMPASS_S, NULL,
	  "south (a row down on a pointy-top board)" },
	{ NULL, { 'y', KEY_HOME }, "y Home", ACT_CURSOR_DIR, COMPASS_NW, NULL, "north-west" },
	{ NULL, { 'u', KEY_PPAGE }, "u PgUp", ACT_CURSOR_DIR, COMPASS_NE, NULL, "north-east" },
	{ NULL, { 'b', KEY_END }, "b End", ACT_CURSOR_DIR, COMPASS_SW, NULL, "south-west" },
	{ NULL, { 'n', KEY_NPAGE }, "n PgDn", ACT_CURSOR_DIR, COMPASS_SE, NULL, "south-east" },
	{ NULL, { '/' }, "/", ACT_GOTO, 0, NULL, "put the cursor on a hex (0405) or a unit (A1)" },

	{ "Playing", { '\r', '\n', KEY_ENTER, ' ' }, "Enter Space", ACT_ACT, 0, NULL,
	  "at the cursor: select a unit; with one selected, move it to an empty hex or "
	  "battle an enemy (again: roll)" },
	{ NULL, { 's' }, "s", ACT_SELECT, 0, NULL, "select the unit at the cursor, of any side" },
	{ NULL, { 'g' }, "g", ACT_COMMAND, 0, "move", "move the selected unit to the cursor" },
	{ NULL, { 'f' }, "f", ACT_FIRE, 0, NULL,
	  "fire at the unit at the cursor: the dice pane shows the dice, steps and odds" },
	{ NULL, { 'm' }, "m", ACT_MELEE, 0, NULL, "melee (close combat) with the unit at the cursor" },
	{ NULL, { 'o' }, "o", ACT_WORDS, 0, NULL,
	  "the battle's words: facts the map cannot show, dice=N, drm=N, target_on=, "
	  "crossed=, without=" },
	{ NULL, { 'r' }, "r", ACT_ROLL, 0, NULL, "roll the battle set up in the dice pane" },
	{ NULL, { 'e' }, "e", ACT_ENTER_DICE, 0, NULL,
	  "enter the dice rolled on the table for that battle" },
	{ NULL, { 'x' }, "x", ACT_HIT, 0, NULL, "take hits off the unit at the cursor" },
	{ NULL, { 'a' }, "a", ACT_ACT_ON_HEX, 0, NULL,
	  "the unit at the cursor (or the selected one) does an action the card gives (act), "
	  "often instead of battling" },
	{ NULL, { KEY_ESC }, "Esc", ACT_CANCEL, 0, NULL,
	  "stop painting, or cancel the battle, or deselect the unit" },
	{ NULL, { 'p' }, "p", ACT_COMMAND, 0, "phase next", "go on to the next phase" },
	{ NULL, { 'T' }, "T", ACT_COMMAND, 0, "turn end", "end the acting side's turn" },
	{ NULL, { 'U' }, "U", ACT_COMMAND, 0, "undo", "undo the last change" },
	{ NULL, { 'R', CTRL('r') }, "R C-r", ACT_COMMAND, 0, "redo", "redo what undo took back" },
	{ NULL, { '#' }, "#", ACT_NOTE, 0, NULL, "write a note in the log" },
	{ NULL, { ':' }, ":", ACT_PROMPT, 0, NULL, "type any command (help lists them)" },

	{ "Setting up the table", { 'P' }, "P", ACT_BRUSH, 0, NULL,
	  "choose a brush (terrain, token, level, hexside feature, eraser): then every "
	  "cursor move paints the hex it reaches; hold a key to paint a row" },
	{ NULL, { '.' }, ".", ACT_PAINT, 0, NULL, "paint the hex at the cursor with the brush" },
	{ NULL, { 't' }, "t", ACT_TOKEN_ADD, 0, NULL, "place a token in the hex at the cursor" },
	{ NULL, { 'X' }, "X", ACT_TOKEN_REMOVE, 0, NULL, "take a token away from the hex" },
	{ NULL, { 'S' }, "S", ACT_STRUCTURE, 0, NULL, "make the hex a structure, or set its hits" },
	{ NULL, { 'K' }, "K", ACT_DAMAGE, 0, NULL,
	  "structural hits to the structure in the hex (or on one of its sides)" },
	{ NULL, { 'A' }, "A", ACT_UNIT_ADD, 0, NULL, "add a unit in the hex at the cursor" },
	{ NULL, { 'c' }, "c", ACT_UNIT_EDIT, 0, NULL,
	  "change the unit at the cursor: strength, formation, status, hex" },
	{ NULL, { 'D' }, "D", ACT_UNIT_REMOVE, 0, NULL, "remove the unit at the cursor" },

	{ "The screen and the game", { '\t' }, "Tab", ACT_FOCUS, 0, NULL,
	  "next pane: the dice and log panes scroll with the arrows and PgUp PgDn when focused" },
	{ NULL, { 'z' }, "z", ACT_ZOOM, 0, NULL, "zoom the focused pane to the whole screen, or back" },
	{ NULL, { '[' }, "[", ACT_LOG_UP, 0, NULL, "scroll the log back" },
	{ NULL, { ']' }, "]", ACT_LOG_DOWN, 0, NULL, "scroll the log forward" },
	{ NULL, { 'i' }, "i", ACT_LEGEND, 0, NULL, "show or hide the map's legend (in the log pane)" },
	{ NULL, { 'w' }, "w", ACT_SAVE, 0, NULL, "save the game (asks for a file the first time)" },
	{ NULL, { 'W' }, "W", ACT_SAVE_AS, 0, NULL, "save the game to another file" },
	{ NULL, { KEY_F(10), 'M' }, "F10 M", ACT_MENU, 0, NULL, "the menus: game, map, units, turn" },
	{ NULL, { '?', KEY_F(1) }, "? F1", ACT_HELP, 0, NULL, "this help" },
	{ NULL, { CTRL('l') }, "C-l", ACT_REDRAW, 0, NULL, "redraw the screen" },
	{ NULL, { 'q' }, "q", ACT_QUIT, 0, NULL, "quit (asks first when there are unsaved changes)" },
};

#define N_BINDINGS (sizeof bindings / sizeof bindings[0])

/* ---- playing -------------------------------------------------------------------- */

static void
select_at_cursor(struct tui *t)
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

	if (sel < 0) {
		tui_message(t, true, "select a unit first (Enter or s on it)");
		return;
	}
	tui_cursor_label(t, at);
	if (tui_command(t, "move %s %s", tui_unit_id(t, sel), at))
		pending_clear(t);
}

/* Enter: the obvious thing at the cursor. */
static void
act(struct tui *t)
{
	const struct game *g = &t->s->game;
	int u = tui_unit_at_cursor(t), sel = tui_selected(t);

	if (t->battle.active && u >= 0 && strcmp(tui_unit_id(t, u), t->battle.target) == 0) {
		pending_roll(t, NULL);
		return;
	}
	if (u >= 0) {
		if (sel < 0 || u == sel || g->units[u].side == g->units[sel].side)
			select_at_cursor(t);
		else
			pending_prepare(t, "battle");
		return;
	}
	if (sel >= 0)
		move_selected(t);
	else
		tui_message(t, true, "no unit here: put the cursor on a unit and press Enter to select it");
}

static void
cancel(struct tui *t)
{
	if (t->brush != BRUSH_NONE) {
		t->brush = BRUSH_NONE;
		tui_message(t, false, "painting stopped");
	} else if (t->battle.active) {
		pending_clear(t);
		strlist_free(&t->dice_lines);
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

/* The actions a card gives: its event rules answering something else than a
 * battle (act UNIT ACTION), each once. */
static size_t
card_actions(const struct card *card, const char **out, size_t cap)
{
	size_t n = 0;

	for (size_t i = 0; i < card->events.count && n < cap; i++) {
		const char *on = card->events.items[i].on;
		bool seen = on == NULL || strcmp(on, "battle") == 0;
		for (size_t k = 0; k < n && !seen; k++)
			seen = strcmp(out[k], on) == 0;
		if (!seen)
			out[n++] = on;
	}
	return n;
}

static void
act_on_hex(struct tui *t)
{
	const char *actions[32];
	size_t n = card_actions(game_card(&t->s->game), actions, 32);
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
		for (char *p = text; *p; p++)
			if (*p == '"')
				*p = '\'';
		tui_command(t, "note %s", text);
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

/* ---- the help screen ------------------------------------------------------------- */

void
tui_help(struct tui *t)
{
	struct strlist lines = { 0 };
	char buf[512];

	strlist_add(&lines, "Every key runs a command of hexaid(6); the message line shows its answer.");
	for (size_t i = 0; i < N_BINDINGS; i++) {
		const struct binding *b = &bindings[i];
		if (b->section != NULL) {
			strlist_add(&lines, "");
			strlist_add(&lines, b->section);
		}
		snprintf(buf, sizeof buf, "  %-12s %s", b->names, b->help);
		tui_wrap(buf, COLS - 8 > 40 ? COLS - 8 : 40, 13, &lines);
	}
	strlist_add(&lines, "");
	strlist_add(&lines, "Mouse");
	strlist_add(&lines, "  click        put the cursor on a hex; on a unit, select it");
	dialog_text(t, "Keys (q or Esc closes)", &lines);
	strlist_free(&lines);
}

const char *
tui_key_names(enum tui_action a, const char *command)
{
	for (size_t i = 0; i < N_BINDINGS; i++)
		if (bindings[i].action == a &&
		    (command == NULL || (bindings[i].command && strcmp(bindings[i].command, command) == 0)))
			return bindings[i].names;
	return "";
}

/* ---- dispatch ---------------------------------------------------------------------- */

void
tui_do(struct tui *t, enum tui_action a, int arg, const char *command)
{
	switch (a) {
	case ACT_COMMAND:
		if (strcmp(command, "move") == 0)
			move_selected(t);
		else
			tui_command(t, "%s", command);
		break;
	case ACT_CURSOR_DIR:
		if (map_go(t, arg) && t->brush != BRUSH_NONE)
			edit_paint(t);
		break;
	case ACT_ACT: act(t); break;
	case ACT_SELECT: select_at_cursor(t); break;
	case ACT_CANCEL: cancel(t); break;
	case ACT_FIRE: pending_prepare(t, "fire"); break;
	case ACT_MELEE: pending_prepare(t, "melee"); break;
	case ACT_BATTLE: pending_prepare(t, "battle"); break;
	case ACT_WORDS: pending_words(t); break;
	case ACT_ROLL: pending_roll(t, NULL); break;
	case ACT_ENTER_DICE: pending_enter(t); break;
	case ACT_HIT: hit(t); break;
	case ACT_ACT_ON_HEX: act_on_hex(t); break;
	case ACT_DAMAGE: edit_damage(t); break;
	case ACT_PROMPT: prompt(t); break;
	case ACT_GOTO: go_to(t); break;
	case ACT_NOTE: note(t); break;
	case ACT_SAVE: file_save(t); break;
	case ACT_SAVE_AS: file_save_as(t); break;
	case ACT_OPEN: file_open(t); break;
	case ACT_NEW: file_new(t); break;
	case ACT_EXPORT_LOG: file_export_log(t); break;
	case ACT_QUIT: file_quit(t); break;
	case ACT_LEGEND: t->legend = !t->legend; break;
	case ACT_FOCUS: t->focus = (t->focus + 1) % N_PANES; break;
	case ACT_ZOOM:
		t->zoom = t->zoom >= 0 ? -1 : t->focus;
		tui_layout(t);
		break;
	case ACT_LOG_UP: log_page(t, 1); break;
	case ACT_LOG_DOWN: log_page(t, -1); break;
	case ACT_HELP: tui_help(t); break;
	case ACT_MENU: tui_menu(t); break;
	case ACT_REDRAW:
		clearok(curscr, TRUE);
		tui_layout(t);
		break;
	case ACT_BRUSH: edit_brush(t); break;
	case ACT_PAINT: edit_paint(t); break;
	case ACT_TOKEN_ADD: edit_token_add(t); break;
	case ACT_TOKEN_REMOVE: edit_token_remove(t); break;
	case ACT_STRUCTURE: edit_structure(t); break;
	case ACT_LEVEL: edit_level(t); break;
	case ACT_HEXSIDE: edit_hexside(t); break;
	case ACT_UNIT_ADD: edit_unit_add(t); break;
	case ACT_UNIT_EDIT: edit_unit_edit(t); break;
	case ACT_UNIT_REMOVE: edit_unit_remove(t); break;
	case ACT_NONE:
	default:
		break;
	}
}

/* A click: on the map, the cursor goes there and a unit there is selected; on
 * another pane, that pane takes the focus. */
static void
mouse(struct tui *t)
{
	MEVENT ev;

	if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return;
	if (map_click(t, ev.y, ev.x)) {
		t->focus = PANE_MAP;
		if (tui_unit_at_cursor(t) >= 0)
			select_at_cursor(t);
		return;
	}
	for (int p = 0; p < N_PANES; p++) {
		const struct rect *r = &t->rect[p];
		if (t->win[p] != NULL && ev.y >= r->y && ev.y < r->y + r->h && ev.x >= r->x &&
		    ev.x < r->x + r->w)
			t->focus = p;
	}
}

void
tui_key(struct tui *t, int ch)
{
	if (ch == KEY_MOUSE) {
		mouse(t);
		return;
	}
	if (t->focus == PANE_LOG && pane_log_key(t, ch))
		return;
	if (t->focus == PANE_DICE && pane_dice_key(t, ch))
		return;
	for (size_t i = 0; i < N_BINDINGS; i++)
		for (int k = 0; k < 4 && bindings[i].keys[k] != 0; k++)
			if (bindings[i].keys[k] == ch) {
				tui_do(t, bindings[i].action, bindings[i].arg, bindings[i].command);
				return;
			}
	tui_message(t, true, "%s: no such key (? lists them)", keyname(ch) ? keyname(ch) : "?");
}
