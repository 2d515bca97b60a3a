/* tui-menu.c: the menu bar (ui layer), opened with F10: Game, Map, Units, Turn
 * and Help, each a drop-down list (the menu library) of the rows of the binding
 * table that name it, in their places, with their keys beside them. Left and
 * Right go from menu to menu, Enter runs the item's row, Esc or F10 closes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <menu.h>

#include "tui.h"
#include "xmalloc.h"

#define KEY_ESC 27

static const char *const menu_titles[N_MENUS] = {
	[MENU_GAME] = "Game", [MENU_MAP] = "Map", [MENU_UNITS] = "Units", [MENU_TURN] = "Turn",
	[MENU_HELP] = "Help",
};

#define ON_BAR (N_MENUS - MENU_GAME)   /* the menus on the bar */
#define MAX_ITEMS 32

/* The rows of menu m in their places; how many. */
static size_t
menu_rows(enum tui_menu m, const struct binding *rows[MAX_ITEMS])
{
	size_t nb, n = 0;
	const struct binding *b = tui_bindings(&nb);
	bool found = true;

	while (found && n < MAX_ITEMS) {
		found = false;
		for (size_t i = 0; i < nb && !found; i++)
			if (b[i].item.menu == m && b[i].item.place == (int)n + 1) {
				rows[n++] = &b[i];
				found = true;
			}
	}
	return n;
}

struct dropdown {
	WINDOW *bar, *w, *sub;
	PANEL *bar_panel, *panel;
	ITEM **items;
	MENU *menu;
	const struct binding *rows[MAX_ITEMS];
	size_t n;
};

static int
title_x(int m)
{
	int x = 1;

	for (int i = MENU_GAME; i < m; i++)
		x += (int)strlen(menu_titles[i]) + 3;
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
	for (int i = MENU_GAME; i < N_MENUS; i++) {
		char buf[32];
		snprintf(buf, sizeof buf, " %s ", menu_titles[i]);
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
	int width = 0, x;

	memset(d, 0, sizeof *d);
	if (t->too_small)
		return false;
	d->bar = newwin(1, COLS, 0, 0);
	if (d->bar == NULL)
		return false;
	d->bar_panel = new_panel(d->bar);
	draw_bar(t, d, m);
	d->n = menu_rows((enum tui_menu)m, d->rows);
	d->items = xcalloc(d->n + 1, sizeof *d->items);
	for (size_t i = 0; i < d->n; i++) {
		const char *keys = d->rows[i]->names ? d->rows[i]->names : "";
		int len = (int)strlen(d->rows[i]->item.label) + (int)strlen(keys) + 2;
		d->items[i] = new_item(d->rows[i]->item.label, keys);
		if (len > width)
			width = len;
	}
	d->menu = new_menu(d->items);
	set_menu_mark(d->menu, " ");
	set_menu_format(d->menu, (int)d->n, 1);
	set_menu_fore(d->menu, tui_attr(t, ROLE_MENU_SEL));
	set_menu_back(d->menu, tui_attr(t, ROLE_DIALOG));
	set_menu_grey(d->menu, tui_attr(t, ROLE_DIM));
	width += 6;
	x = title_x(m);
	if (x + width > COLS)
		x = COLS - width > 0 ? COLS - width : 0;
	d->w = newwin((int)d->n + 2, width, 1, x);
	if (d->w == NULL)
		return false;
	d->panel = new_panel(d->w);
	keypad(d->w, TRUE);
	wbkgdset(d->w, ' ' | tui_attr(t, ROLE_DIALOG));
	werase(d->w);
	wattrset(d->w, tui_attr(t, ROLE_FOCUS));
	box(d->w, 0, 0);
	wattrset(d->w, tui_attr(t, ROLE_DIALOG));
	d->sub = derwin(d->w, (int)d->n, width - 2, 1, 1);
	set_menu_win(d->menu, d->w);
	set_menu_sub(d->menu, d->sub);
	post_menu(d->menu);
	return true;
}

void
tui_menu(struct tui *t)
{
	struct dropdown d;
	const struct binding *chosen = NULL;
	int m = MENU_GAME;
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
			m = MENU_GAME + (m - MENU_GAME + (ch == KEY_LEFT || ch == 'h' ? ON_BAR - 1 : 1)) %
			                ON_BAR;
			dropdown_close(&d);
			tui_draw(t);
			dropdown_open(t, &d, m);
			break;
		case KEY_UP: case 'k': menu_driver(d.menu, REQ_UP_ITEM); break;
		case KEY_DOWN: case 'j': menu_driver(d.menu, REQ_DOWN_ITEM); break;
		case '\r': case '\n': case KEY_ENTER:
			chosen = d.rows[item_index(current_item(d.menu))];
			done = true;
			break;
		default:
			break;
		}
	}
	dropdown_close(&d);
	tui_draw(t);
	if (chosen != NULL)
		tui_run(t, chosen);
}
