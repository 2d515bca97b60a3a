/* tui-menu.c: the menu bar (ui layer), opened with F10: Game, Map, Units, Turn
 * and Help, each a drop-down list (the menu library) of the rows of the binding
 * table that name it, in their places, with their keys beside them. Left and
 * Right go from menu to menu, Enter chooses the item's row (the keys run it),
 * Esc or F10 closes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"

#define KEY_ESC 27

static const char *const menu_titles[N_MENUS] = {
	[MENU_GAME] = "Game", [MENU_MAP] = "Map", [MENU_UNITS] = "Units", [MENU_TURN] = "Turn",
	[MENU_HELP] = "Help",
};

#define ON_BAR (N_MENUS - MENU_GAME)   /* the menus on the bar */
#define MAX_ITEMS 32

/* The rows of menu m in their places; how many. */
static size_t
menu_rows(const struct binding *b, size_t nb, enum tui_menu m,
          const struct binding *rows[MAX_ITEMS])
{
	size_t n = 0;
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
	const struct binding *table; /* the binding table */
	size_t ntable;
	WINDOW *bar;
	PANEL *bar_panel;
	struct box b;
	struct item_list list;
	const struct binding *rows[MAX_ITEMS];
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
	const struct binding *table = d->table;
	size_t ntable = d->ntable;

	item_list_free(&d->list);
	box_close(&d->b);
	if (d->bar_panel != NULL)
		del_panel(d->bar_panel);
	if (d->bar != NULL)
		delwin(d->bar);
	memset(d, 0, sizeof *d);
	d->table = table;       /* the table stays for the next menu */
	d->ntable = ntable;
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
	const char *labels[MAX_ITEMS], *keys[MAX_ITEMS];
	int width = 0, x, n;

	const struct binding *table = d->table;
	size_t ntable = d->ntable;

	memset(d, 0, sizeof *d);
	d->table = table;
	d->ntable = ntable;
	if (t->too_small)
		return false;
	d->bar = newwin(1, COLS, 0, 0);
	if (d->bar == NULL)
		return false;
	d->bar_panel = new_panel(d->bar);
	draw_bar(t, d, m);
	n = (int)menu_rows(d->table, d->ntable, (enum tui_menu)m, d->rows);
	for (int i = 0; i < n; i++) {
		int len;
		labels[i] = d->rows[i]->item.label;
		keys[i] = d->rows[i]->names ? d->rows[i]->names : "";
		len = (int)strlen(labels[i]) + (int)strlen(keys[i]) + 2;
		if (len > width)
			width = len;
	}
	item_list_new(t, &d->list, labels, keys, (size_t)n, n);
	set_menu_mark(d->list.menu, " ");
	width += 6;
	x = title_x(m);
	if (x + width > COLS)
		x = COLS - width > 0 ? COLS - width : 0;
	if (!box_open_at(t, &d->b, 1, x, n + 2, width, NULL))
		return false;
	item_list_post(&d->list, d->b.w, (struct rect){ 1, 1, n, width - 2 });
	return true;
}

const struct binding *
tui_menu(struct tui *t, const struct binding *table, size_t n)
{
	struct dropdown d = { .table = table, .ntable = n };
	const struct binding *chosen = NULL;
	int m = MENU_GAME;
	bool done = false;

	dropdown_open(t, &d, m);
	while (!done) {
		int ch;
		if (d.b.w != NULL) {
			update_panels();
			doupdate();
		}
		ch = tui_getch(t, d.b.w != NULL ? d.b.w : stdscr);
		if (tui_interrupted())
			break;
		if (ch == ERR)
			continue;
		if (ch == KEY_RESIZE) {
			dropdown_close(&d);
			dropdown_open(t, &d, m);
			continue;
		}
		if (d.list.menu == NULL)
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
		case KEY_UP: case 'k': menu_driver(d.list.menu, REQ_UP_ITEM); break;
		case KEY_DOWN: case 'j': menu_driver(d.list.menu, REQ_DOWN_ITEM); break;
		case '\r': case '\n': case KEY_ENTER:
			chosen = d.rows[item_index(current_item(d.list.menu))];
			done = true;
			break;
		default:
			break;
		}
	}
	dropdown_close(&d);
	tui_draw(t);
	return chosen;
}
