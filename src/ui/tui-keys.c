/* tui-keys.c: the key binding table and what each action does (ui layer). A
 * key runs a command of the command language, as it stands or built from the
 * cursor and the selection, or acts on the interface itself (focus, zoom, help).
 * The help screen (?) is printed from the same table, and the menus run the
 * same actions, so a key, its menu item and its help line cannot part ways. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "save.h"
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

/* ---- small helpers -------------------------------------------------------------- */

static const char *
unit_id(const struct tui *t, int u)
{
	return t->s->game.units[u].id;
}

static void
cursor_label(const struct tui *t, char buf[HEX_LABEL_SIZE])
{
	tui_hex_label(t, t->cursor, buf);
}

/* A word for a command line: quoted when it holds a blank. */
static char *
word(const char *s)
{
	if (strchr(s, ' ') != NULL)
		return xasprintf("\"%s\"", s);
	return xstrdup(s);
}

/* ---- playing -------------------------------------------------------------------- */

static void
select_at_cursor(struct tui *t)
{
	int u = tui_unit_at_cursor(t);

	if (u < 0) {
		tui_message(t, true, "no unit at the cursor");
		return;
	}
	tui_command(t, "select %s", unit_id(t, u));
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
	cursor_label(t, at);
	if (tui_command(t, "move %s %s", unit_id(t, sel), at))
		pending_clear(t);
}

/* Enter: the obvious thing at the cursor. */
static void
act(struct tui *t)
{
	const struct game *g = &t->s->game;
	int u = tui_unit_at_cursor(t), sel = tui_selected(t);

	if (t->battle.active && u >= 0 && strcmp(unit_id(t, u), t->battle.target) == 0) {
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
	q = xasprintf("Hits to take off %s's strength (%d/%d):", unit_id(t, u),
	              t->s->game.units[u].strength, t->s->game.units[u].max_strength);
	if (dialog_input(t, "Hits", q, "1", &n))
		tui_command(t, "hit %s %s", unit_id(t, u), n);
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
		tui_command(t, "act %s %s", unit_id(t, u), actions[i]);
}

static void
damage(struct tui *t)
{
	char at[HEX_LABEL_SIZE], *v = NULL;

	cursor_label(t, at);
	if (dialog_input(t, "Structural hits",
	                 "Hits to the structure in the hex, or a side and hits for one on a "
	                 "hexside (such as 'ne 1'):", "1", &v) && *v)
		tui_command(t, "damage %s %s", at, v);
	free(v);
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

/* ---- the game file -------------------------------------------------------------- */

static bool
save_as(struct tui *t)
{
	const struct game *g = &t->s->game;
	char *dir = tui_save_dir(), *initial, *path = NULL, *w, *jpath, *err = NULL;
	bool ok = false;

	initial = g->save_path ? xstrdup(g->save_path)
	          : dir ? xasprintf("%s/%s.sav", dir, g->sc.id) : xasprintf("%s.sav", g->sc.id);
	if (dialog_input(t, "Save as", "Save the game to the file:", initial, &path) && *path) {
		w = word(path);
		ok = tui_command(t, "save %s", w);
		free(w);
		if (ok && (jpath = tui_journal_path(&t->s->game)) != NULL) {
			/* the journal lives beside its save, where the next start looks */
			if (!session_journal_move(t->s, jpath, &err)) {
				tui_note(t, true, err);
				free(err);
			}
			/* the scenario's journal lock goes; the new save is held instead, as a
			 * saved game opened is, against a second hexaid */
			if (t->journal_lock != NULL) {
				save_unlock(t->journal_lock);
				free(t->journal_lock);
				t->journal_lock = NULL;
			}
			if (t->s->locked == NULL || strcmp(t->s->locked, t->s->game.save_path) != 0) {
				char *lerr = NULL;
				if (save_lock(t->s->game.save_path, &lerr))
					t->journal_lock = xstrdup(t->s->game.save_path);
				free(lerr);
			}
			free(jpath);
		}
	}
	free(path);
	free(initial);
	free(dir);
	return ok;
}

static bool
save(struct tui *t)
{
	if (t->s->game.save_path == NULL)
		return save_as(t);
	return tui_command(t, "save");
}

/* Unsaved changes: save them first? False when the player goes back. */
static bool
settle_unsaved(struct tui *t, const char *doing)
{
	char *q;
	int a;

	if (!t->s->game.dirty)
		return true;
	q = xasprintf("The game has unsaved changes.\n\ny: save, then %s\nn: %s without saving "
	              "(the journal keeps every change)\nEsc: go back to the game", doing, doing);
	a = dialog_ask(t, "Unsaved changes", q, "yn");
	free(q);
	if (a == 'y')
		return save(t);
	return a == 'n';
}

static void
reset_view(struct tui *t)
{
	pending_clear(t);
	strlist_free(&t->dice_lines);
	for (size_t i = 0; i < t->nnotes; i++)
		free(t->notes[i].text);
	t->nnotes = 0;
	t->log_back = 0;
	t->top = t->left = 0;
	t->brush = BRUSH_NONE;
	free(t->journal_warning);
	t->journal_warning = NULL;
	map_free(t);
	tui_game_changed(t);
}

/* Close this game and open the file instead; if that fails, this one again. */
static void
open_game(struct tui *t, const char *path)
{
	struct game g;
	char *errors = NULL, *err = NULL, *previous;

	if (!tui_load_game(path, &g, &errors)) {
		struct strlist lines = { 0 };
		char *save = NULL;
		if (errors == NULL)
			errors = xstrdup("");
		for (char *l = strtok_r(errors, "\n", &save); l != NULL;
		     l = strtok_r(NULL, "\n", &save))
			strlist_add(&lines, l);
		if (lines.count == 0)
			strlist_add(&lines, "the file cannot be opened");
		dialog_text(t, path, &lines);
		strlist_free(&lines);
		free(errors);
		return;
	}
	free(errors);
	previous = xstrdup(t->s->game.save_path ? t->s->game.save_path : t->s->game.sc.path);
	session_end(t->s);
	if (t->journal_lock != NULL) {
		save_unlock(t->journal_lock);
		free(t->journal_lock);
		t->journal_lock = NULL;
	}
	reset_view(t);
	if (!tui_start_session(t, t->s, &g, &err)) {
		struct strlist lines = { 0 };
		strlist_add(&lines, err);
		dialog_text(t, "Cannot open", &lines);
		strlist_free(&lines);
		free(err);
		err = NULL;
		if (!tui_load_game(previous, &g, &errors) || !tui_start_session(t, t->s, &g, &err)) {
			/* nothing to go back to: stop, the journal has every change */
			t->quit = true;
		}
		free(errors);
		free(err);
	}
	free(previous);
	if (!t->quit)
		tui_layout(t);
}

static void
open_saved(struct tui *t)
{
	char *dir = tui_save_dir(), *path = NULL, *initial;

	initial = dir ? xasprintf("%s/", dir) : xstrdup("");
	if (dialog_input(t, "Open a saved game", "The saved game (or scenario) to open:", initial,
	                 &path) &&
	    *path && settle_unsaved(t, "open it"))
		open_game(t, path);
	free(path);
	free(initial);
	free(dir);
}

static void
new_game(struct tui *t)
{
	struct strlist files;
	const char **names;
	int i;

	tui_list_scenarios(&files);
	if (files.count == 0) {
		tui_message(t, true, "no scenarios found along the data path");
		return;
	}
	names = xcalloc(files.count, sizeof *names);
	for (size_t k = 0; k < files.count; k++) {
		const char *slash = strrchr(files.items[k], '/');
		names[k] = slash ? slash + 1 : files.items[k];
	}
	i = dialog_choose(t, "New game from a scenario", names, files.count);
	if (i >= 0 && settle_unsaved(t, "start it"))
		open_game(t, files.items[i]);
	free(names);
	strlist_free(&files);
}

static void
export_log(struct tui *t)
{
	const struct game *g = &t->s->game;
	struct command_result res;
	char *dir = tui_save_dir(), *initial, *path = NULL;
	FILE *f;

	initial = dir ? xasprintf("%s/%s-log.txt", dir, g->sc.id) : xasprintf("%s-log.txt", g->sc.id);
	if (!dialog_input(t, "Export the log", "Write the log and the dice statistics to (a name "
	                                       "ending in .md writes Markdown):", initial, &path) ||
	    *path == '\0') {
		free(path);
		free(initial);
		free(dir);
		return;
	}
	if ((f = fopen(path, "w")) == NULL) {
		tui_message(t, true, "%s: cannot write it", path);
	} else {
		size_t n = strlen(path);
		bool md = n > 3 && strcmp(path + n - 3, ".md") == 0;
		fprintf(f, md ? "# %s\n\n## Log\n\n" : "%s\n\n", g->sc.title ? g->sc.title : g->sc.id);
		for (size_t i = 0; i < g->log.count; i++)
			fprintf(f, "%s%s\n", md ? "- " : "", g->log.items[i]);
		fputs(md ? "\n## Dice\n\n" : "\nDice:\n", f);
		tui_query(t, &res, "show stats");
		for (size_t i = 0; i < res.lines.count; i++)
			fprintf(f, "%s%s\n", md ? "- " : "", res.lines.items[i]);
		command_result_free(&res);
		if (fclose(f) == 0)
			tui_message(t, false, "the log was written to %s", path);
		else
			tui_message(t, true, "%s: the log could not be written whole", path);
	}
	free(path);
	free(initial);
	free(dir);
}

static void
quit(struct tui *t)
{
	if (settle_unsaved(t, "quit"))
		t->quit = true;
}

/* ---- setting up the table --------------------------------------------------------- */

/* Terrain ids of the given kinds (bits of 1 << kind), with their names. */
static size_t
terrain_choices(const struct tui *t, unsigned kinds, const struct tset *only, char ***labels,
                int **ids)
{
	const struct card *card = game_card(&t->s->game);
	size_t n = 0;

	*labels = xcalloc(card->nterrain + 1, sizeof **labels);
	*ids = xcalloc(card->nterrain + 1, sizeof **ids);
	for (size_t i = 0; i < card->nterrain; i++) {
		const struct terrain *ter = &card->terrain[i];
		if (!((kinds >> ter->kind) & 1u) || (only != NULL && !tset_has(only, (int)i)))
			continue;
		if (ter->glyph)
			(*labels)[n] = xasprintf("%s (%s, %c)", ter->name ? ter->name : ter->id, ter->id,
			                         ter->glyph);
		else
			(*labels)[n] = xasprintf("%s (%s)", ter->name ? ter->name : ter->id, ter->id);
		(*ids)[n++] = (int)i;
	}
	return n;
}

static void
free_choices(char **labels, int *ids, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(labels[i]);
	free(labels);
	free(ids);
}

/* Choose one terrain of the kinds; its id, or -1. */
static int
choose_terrain(struct tui *t, const char *title, unsigned kinds, const struct tset *only)
{
	char **labels;
	int *ids, i, id = -1;
	size_t n = terrain_choices(t, kinds, only, &labels, &ids);

	if (n == 0) {
		tui_message(t, true, "%s: there is none to choose", title);
	} else {
		i = dialog_choose(t, title, (const char *const *)labels, n);
		id = i >= 0 ? ids[i] : -1;
	}
	free_choices(labels, ids, n);
	return id;
}

/* A side of the hex, by its name on this board; -1 when cancelled. */
static int
choose_side(struct tui *t)
{
	const char *const *names = hex_direction_names(game_board(&t->s->game));

	return dialog_choose(t, "Which side of the hex?", names, HEX_DIRECTIONS);
}

static void
paint(struct tui *t)
{
	const struct game *g = &t->s->game;
	const struct card *card = game_card(g);
	const struct tset *here = game_hex(g, t->cursor);
	char at[HEX_LABEL_SIZE];

	cursor_label(t, at);
	switch (t->brush) {
	case BRUSH_TERRAIN:
		tui_command(t, "terrain %s %s", at, t->brush_id);
		break;
	case BRUSH_TOKEN:
		if (!tset_has(here, card_terrain(card, t->brush_id)))
			tui_command(t, "token add %s %s", at, t->brush_id);
		break;
	case BRUSH_LEVEL:
		tui_command(t, "level %s %s", at, t->brush_id);
		break;
	case BRUSH_HEXSIDE: {
		/* "feature side" */
		char feature[128], side[16];
		if (sscanf(t->brush_id, "%127s on %15s", feature, side) == 2)
			tui_command(t, "hexside add %s %s %s", at, side, feature);
		break;
	}
	case BRUSH_ERASE: {
		struct tset tokens = *here;
		for (size_t i = 0; i < tokens.count; i++)
			if (card->terrain[tokens.items[i]].kind == TERRAIN_TOKEN)
				tui_command(t, "token remove %s %s", at, card->terrain[tokens.items[i]].id);
		break;
	}
	case BRUSH_NONE:
	default:
		tui_message(t, true, "no brush: P chooses one");
		break;
	}
}

static void
set_brush(struct tui *t, enum brush_kind kind, char *id)
{
	free(t->brush_id);
	t->brush_id = id;
	t->brush = kind;
	tui_message(t, false, "painting %s: every cursor move paints, . paints here, Esc stops", id);
}

static void
choose_brush(struct tui *t)
{
	static const char *const kinds[] = { "terrain", "token", "level", "hexside feature",
		                             "eraser (takes tokens away)" };
	const struct card *card = game_card(&t->s->game);
	int k = dialog_choose(t, "Paint with", kinds, 5), id, side;
	char *level = NULL;

	switch (k) {
	case 0:
		if ((id = choose_terrain(t, "Terrain", 1u << TERRAIN_HEX, NULL)) >= 0)
			set_brush(t, BRUSH_TERRAIN, xstrdup(card->terrain[id].id));
		break;
	case 1:
		if ((id = choose_terrain(t, "Token", 1u << TERRAIN_TOKEN, NULL)) >= 0)
			set_brush(t, BRUSH_TOKEN, xstrdup(card->terrain[id].id));
		break;
	case 2:
		if (dialog_input(t, "Level", "The level to paint, 0 to 9:", "1", &level))
			set_brush(t, BRUSH_LEVEL, xstrdup(level));
		free(level);
		break;
	case 3:
		if ((id = choose_terrain(t, "Hexside feature", 1u << TERRAIN_HEXSIDE, NULL)) >= 0 &&
		    (side = choose_side(t)) >= 0)
			set_brush(t, BRUSH_HEXSIDE,
			          xasprintf("%s on %s", card->terrain[id].id,
			                    hex_direction_name(game_board(&t->s->game), side)));
		break;
	case 4:
		set_brush(t, BRUSH_ERASE, xstrdup("eraser"));
		break;
	default:
		break;
	}
}

static void
token_add(struct tui *t)
{
	char at[HEX_LABEL_SIZE];
	int id = choose_terrain(t, "Place a token", 1u << TERRAIN_TOKEN, NULL);

	cursor_label(t, at);
	if (id >= 0)
		tui_command(t, "token add %s %s", at, game_card(&t->s->game)->terrain[id].id);
}

static void
token_remove(struct tui *t)
{
	char at[HEX_LABEL_SIZE];
	int id = choose_terrain(t, "Take away a token", 1u << TERRAIN_TOKEN,
	                        game_hex(&t->s->game, t->cursor));

	cursor_label(t, at);
	if (id >= 0)
		tui_command(t, "token remove %s %s", at, game_card(&t->s->game)->terrain[id].id);
}

static void
structure(struct tui *t)
{
	char at[HEX_LABEL_SIZE], *v = NULL;

	cursor_label(t, at);
	if (dialog_input(t, "Structure", "Its strength (hits that destroy it), and the hits it has "
	                                 "taken if any, such as '4' or '4 1':", "4", &v) && *v)
		tui_command(t, "structure %s %s", at, v);
	free(v);
}

static void
level(struct tui *t)
{
	char at[HEX_LABEL_SIZE], *v = NULL;

	cursor_label(t, at);
	if (dialog_input(t, "Level", "The hex's level, 0 to 9:", "1", &v) && *v)
		tui_command(t, "level %s %s", at, v);
	free(v);
}

static void
hexside(struct tui *t)
{
	char at[HEX_LABEL_SIZE];
	int id = choose_terrain(t, "Hexside feature", 1u << TERRAIN_HEXSIDE, NULL), side;

	cursor_label(t, at);
	if (id >= 0 && (side = choose_side(t)) >= 0)
		tui_command(t, "hexside add %s %s %s", at,
		            hex_direction_name(game_board(&t->s->game), side),
		            game_card(&t->s->game)->terrain[id].id);
}

static void
unit_add(struct tui *t)
{
	const struct game *g = &t->s->game;
	const struct card *card = game_card(g);
	const char **sides, **classes;
	char at[HEX_LABEL_SIZE], *id = NULL, *strength = NULL;
	int side, cls;

	cursor_label(t, at);
	if (tui_unit_at_cursor(t) >= 0) {
		tui_message(t, true, "a unit stands in %s already", at);
		return;
	}
	if (!dialog_input(t, "Add a unit", "The new unit's id (as on its counter):", "", &id) ||
	    *id == '\0') {
		free(id);
		return;
	}
	sides = xcalloc(g->sc.nteams + 1, sizeof *sides);
	for (size_t i = 0; i < g->sc.nteams; i++)
		sides[i] = g->sc.teams[i].name ? g->sc.teams[i].name : g->sc.teams[i].id;
	classes = xcalloc(card->nclasses + 1, sizeof *classes);
	for (size_t i = 0; i < card->nclasses; i++)
		classes[i] = card->classes[i].id;
	side = dialog_choose(t, "Its side", sides, g->sc.nteams);
	cls = side >= 0 ? dialog_choose(t, "Its class", classes, card->nclasses) : -1;
	if (cls >= 0 && dialog_input(t, "Strength", "Its strength (blocks, figures, steps):", "4",
	                             &strength))
		tui_command(t, "unit add %s %s %s %s %s", id, g->sc.teams[side].id,
		            card->classes[cls].id, at, strength);
	free(strength);
	free(sides);
	free(classes);
	free(id);
}

static void
unit_edit(struct tui *t)
{
	const struct game *g = &t->s->game;
	int u = tui_unit_at_cursor(t);
	char *initial, *words = NULL;

	if (u < 0) {
		tui_message(t, true, "put the cursor on the unit to change");
		return;
	}
	initial = xasprintf("strength=%d", g->units[u].strength);
	if (dialog_input(t, "Change a unit",
	                 "Changes as key=value words: strength=N, formation=F, status=S, clear=S, "
	                 "hex=HEX:",
	                 initial, &words) &&
	    *words)
		tui_command(t, "unit set %s %s", unit_id(t, u), words);
	free(words);
	free(initial);
}

static void
unit_remove(struct tui *t)
{
	int u = tui_unit_at_cursor(t);
	char *q;

	if (u < 0) {
		tui_message(t, true, "put the cursor on the unit to remove");
		return;
	}
	q = xasprintf("Remove %s from the board? (undo puts it back)", unit_id(t, u));
	if (dialog_ask(t, "Remove a unit", q, "yn") == 'y')
		tui_command(t, "unit remove %s", unit_id(t, u));
	free(q);
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
			paint(t);
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
	case ACT_DAMAGE: damage(t); break;
	case ACT_PROMPT: prompt(t); break;
	case ACT_GOTO: go_to(t); break;
	case ACT_NOTE: note(t); break;
	case ACT_SAVE: save(t); break;
	case ACT_SAVE_AS: save_as(t); break;
	case ACT_OPEN: open_saved(t); break;
	case ACT_NEW: new_game(t); break;
	case ACT_EXPORT_LOG: export_log(t); break;
	case ACT_QUIT: quit(t); break;
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
	case ACT_BRUSH: choose_brush(t); break;
	case ACT_PAINT: paint(t); break;
	case ACT_TOKEN_ADD: token_add(t); break;
	case ACT_TOKEN_REMOVE: token_remove(t); break;
	case ACT_STRUCTURE: structure(t); break;
	case ACT_LEVEL: level(t); break;
	case ACT_HEXSIDE: hexside(t); break;
	case ACT_UNIT_ADD: unit_add(t); break;
	case ACT_UNIT_EDIT: unit_edit(t); break;
	case ACT_UNIT_REMOVE: unit_remove(t); break;
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
