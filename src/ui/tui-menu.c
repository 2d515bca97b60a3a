/* tui-menu.c: the menu bar (ui layer), opened with F10: Game, Map, Units, Turn
 * and Help, each a drop-down list (the menu library) of the actions the keys
 * run, with their keys beside them. Left and Right go from menu to menu, Enter
 * runs the item, Esc or F10 closes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <menu.h>

#include "tui.h"
#include "xmalloc.h"

#define KEY_ESC 27

struct menu_entry {
	const char *label;
	enum tui_action action;
	const char *command;   /* for ACT_COMMAND */
};

static const struct menu_entry game_menu[] = {
	{ "New game from a scenario...", ACT_NEW, NULL },
	{ "Open a saved game...", ACT_OPEN, NULL },
	{ "Save", ACT_SAVE, NULL },
	{ "Save as...", ACT_SAVE_AS, NULL },
	{ "Export the log...", ACT_EXPORT_LOG, NULL },
	{ "Type a command...", ACT_PROMPT, NULL },
	{ "Quit", ACT_QUIT, NULL },
};

static const struct menu_entry map_menu[] = {
	{ "Paint with a brush...", ACT_BRUSH, NULL },
	{ "Paint the hex here", ACT_PAINT, NULL },
	{ "Stop painting", ACT_CANCEL, NULL },
	{ "Place a token...", ACT_TOKEN_ADD, NULL },
	{ "Take away a token...", ACT_TOKEN_REMOVE, NULL },
	{ "Set the level...", ACT_LEVEL, NULL },
	{ "Add a hexside feature...", ACT_HEXSIDE, NULL },
	{ "Structure...", ACT_STRUCTURE, NULL },
	{ "Structural hits...", ACT_DAMAGE, NULL },
	{ "Show or hide the legend", ACT_LEGEND, NULL },
};

static const struct menu_entry units_menu[] = {
	{ "Select the unit here", ACT_SELECT, NULL },
	{ "Move the selected unit here", ACT_COMMAND, "move" },
	{ "Fire at the unit here", ACT_FIRE, NULL },
	{ "Melee the unit here", ACT_MELEE, NULL },
	{ "Battle the unit here (by distance)", ACT_BATTLE, NULL },
	{ "Battle words...", ACT_WORDS, NULL },
	{ "Roll the battle", ACT_ROLL, NULL },
	{ "Enter the dice rolled...", ACT_ENTER_DICE, NULL },
	{ "Take hits...", ACT_HIT, NULL },
	{ "Act (an action of the card)...", ACT_ACT_ON_HEX, NULL },
	{ "Add a unit here...", ACT_UNIT_ADD, NULL },
	{ "Change the unit here...", ACT_UNIT_EDIT, NULL },
	{ "Remove the unit here", ACT_UNIT_REMOVE, NULL },
};

static const struct menu_entry turn_menu[] = {
	{ "Next phase", ACT_COMMAND, "phase next" },
	{ "End the turn", ACT_COMMAND, "turn end" },
	{ "Undo", ACT_COMMAND, "undo" },
	{ "Redo", ACT_COMMAND, "redo" },
	{ "Write a note...", ACT_NOTE, NULL },
};

static const struct menu_entry help_menu[] = {
	{ "Keys", ACT_HELP, NULL },
	{ "Zoom the focused pane", ACT_ZOOM, NULL },
	{ "Next pane", ACT_FOCUS, NULL },
};

struct menu_def {
	const char *title;
	const struct menu_entry *entries;
	size_t n;
};

#define MENU(title, e) { title, e, sizeof e / sizeof e[0] }
static const struct menu_def menus[] = {
	MENU("Game", game_menu), MENU("Map", map_menu), MENU("Units", units_menu),
	MENU("Turn", turn_menu), MENU("Help", help_menu),
};
#define N_MENUS (int)(sizeof menus / sizeof menus[0])

struct dropdown {
	WINDOW *bar, *w, *sub;
	PANEL *bar_panel, *panel;
	ITEM **items;
	MENU *menu;
	size_t n;
};

static int
title_x(int m)
{
	int x = 1;

	for (int i = 0; i < m; i++)
		x += (int)strlen(menus[i].title) + 3;
	return x;
}

static void
dropdown_close(struct dropdown *d)
{
	if (d->menu != NULL) {
		unpost_menu(d->menu);
		free_menu(d->menu);
	}
	for (size_t i = 0; d->items != NULL && i < d->n; i++)
		free_item(d->items[i]);
	free(d->items);
	if (d->sub != NULL)
		delwin(d->sub);
	if (d->panel != NULL)
		del_panel(d->panel);
	if (d->w != NULL)
		delwin(d->w);
	if (d->bar_panel != NULL)
		del_panel(d->bar_panel);
	if (d->bar != NULL)
		delwin(d->bar);
	memset(d, 0, sizeof *d);
	update_panels();
}

static void
draw_bar(struct tui *t, struct dropdown *d, int current)
{
	wbkgdset(d->bar, ' ' | tui_attr(t, ROLE_STATUS));
	werase(d->bar);
	for (int i = 0; i < N_MENUS; i++) {
		char buf[32];
		snprintf(buf, sizeof buf, " %s ", menus[i].title);
		wattrset(d->bar, tui_attr(t, i == current ? ROLE_MENU_SEL : ROLE_STATUS));
		tui_put(t, d->bar, 0, title_x(i), buf, COLS - title_x(i));
	}
	wattrset(d->bar, tui_attr(t, ROLE_STATUS));
	tui_put(t, d->bar, 0, title_x(N_MENUS) + 2, "Left/Right: menus  Enter: run  Esc: close",
	        COLS - title_x(N_MENUS) - 2);
}

static bool
dropdown_open(struct tui *t, struct dropdown *d, int m)
{
	const struct menu_def *def = &menus[m];
	int width = 0, x;

	memset(d, 0, sizeof *d);
	if (t->too_small)
		return false;
	d->bar = newwin(1, COLS, 0, 0);
	if (d->bar == NULL)
		return false;
	d->bar_panel = new_panel(d->bar);
	draw_bar(t, d, m);
	d->n = def->n;
	d->items = xcalloc(def->n + 1, sizeof *d->items);
	for (size_t i = 0; i < def->n; i++) {
		const char *keys = tui_key_names(def->entries[i].action, def->entries[i].command);
		int len = (int)strlen(def->entries[i].label) + (int)strlen(keys) + 2;
		d->items[i] = new_item(def->entries[i].label, keys);
		if (len > width)
			width = len;
	}
	d->menu = new_menu(d->items);
	set_menu_mark(d->menu, " ");
	set_menu_format(d->menu, (int)def->n, 1);
	set_menu_fore(d->menu, tui_attr(t, ROLE_MENU_SEL));
	set_menu_back(d->menu, tui_attr(t, ROLE_DIALOG));
	set_menu_grey(d->menu, tui_attr(t, ROLE_DIM));
	width += 6;
	x = title_x(m);
	if (x + width > COLS)
		x = COLS - width > 0 ? COLS - width : 0;
	d->w = newwin((int)def->n + 2, width, 1, x);
	if (d->w == NULL)
		return false;
	d->panel = new_panel(d->w);
	keypad(d->w, TRUE);
	wbkgdset(d->w, ' ' | tui_attr(t, ROLE_DIALOG));
	werase(d->w);
	wattrset(d->w, tui_attr(t, ROLE_FOCUS));
	box(d->w, 0, 0);
	wattrset(d->w, tui_attr(t, ROLE_DIALOG));
	d->sub = derwin(d->w, (int)def->n, width - 2, 1, 1);
	set_menu_win(d->menu, d->w);
	set_menu_sub(d->menu, d->sub);
	post_menu(d->menu);
	return true;
}

void
tui_menu(struct tui *t)
{
	struct dropdown d;
	const struct menu_entry *chosen = NULL;
	int m = 0;
	bool done = false;

	dropdown_open(t, &d, m);
	while (!done) {
		int ch;
		if (d.w != NULL) {
			update_panels();
			doupdate();
		}
		ch = tui_getch(t, d.w != NULL ? d.w : stdscr);
		if (tui_interrupted())
			break;
		if (ch == ERR)
			continue;
		if (ch == KEY_RESIZE) {
			dropdown_close(&d);
			dropdown_open(t, &d, m);
			continue;
		}
		if (d.menu == NULL)
			continue;
		switch (ch) {
		case KEY_ESC: case KEY_F(10): case 'q':
			done = true;
			break;
		case KEY_LEFT: case KEY_RIGHT: case 'h': case 'l':
			m = (m + (ch == KEY_LEFT || ch == 'h' ? N_MENUS - 1 : 1)) % N_MENUS;
			dropdown_close(&d);
			tui_draw(t);
			dropdown_open(t, &d, m);
			break;
		case KEY_UP: case 'k': menu_driver(d.menu, REQ_UP_ITEM); break;
		case KEY_DOWN: case 'j': menu_driver(d.menu, REQ_DOWN_ITEM); break;
		case '\r': case '\n': case KEY_ENTER:
			chosen = &menus[m].entries[item_index(current_item(d.menu))];
			done = true;
			break;
		default:
			break;
		}
	}
	dropdown_close(&d);
	tui_draw(t);
	if (chosen != NULL)
		tui_do(t, chosen->action, 0, chosen->command);
}
