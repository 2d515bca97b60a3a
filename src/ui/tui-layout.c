/* tui-layout.c: where the panes go (ui layer). The map pane takes the top, as
 * large as its board needs; the unit pane sits beside it when the terminal is
 * wide enough, else it joins the dice and log panes in the bottom row; the status
 * and message lines are the last two. A zoomed pane takes the whole screen.
 * Below 80x24 a "terminal too small" screen stands in for all of it until the
 * terminal grows. Every pane is a window in a panel, so dialogs and menus open
 * over them. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "tui.h"
#include "xmalloc.h"

#define UNIT_WIDTH 28        /* the unit pane in the bottom row */
#define SIDE_MIN_WIDTH 28    /* the least width for the unit pane beside the map */

static void
free_windows(struct tui *t)
{
	for (int p = 0; p < N_PANES; p++) {
		if (t->panel[p] != NULL)
			del_panel(t->panel[p]);
		if (t->win[p] != NULL)
			delwin(t->win[p]);
		t->panel[p] = NULL;
		t->win[p] = NULL;
	}
	if (t->statuspanel != NULL)
		del_panel(t->statuspanel);
	if (t->statuswin != NULL)
		delwin(t->statuswin);
	t->statuspanel = NULL;
	t->statuswin = NULL;
}

void
tui_layout_free(struct tui *t)
{
	free_windows(t);
}

static void
set_rect(struct rect *r, int y, int x, int h, int w)
{
	r->y = y;
	r->x = x;
	r->h = h;
	r->w = w;
}

/* The panes' places on a screen of `lines` x `cols` (at least the minimum). */
static void
place_panes(struct tui *t, int lines, int cols)
{
	int avail = lines - 2, map_lines, map_cols, map_h, map_w, bottom_min, bottom_h, x;
	bool side;

	render_map_size(game_board(&t->s->game), &map_lines, &map_cols);
	bottom_min = avail / 3 > 8 ? avail / 3 : 8;
	map_h = map_lines + 2 < avail - bottom_min ? map_lines + 2 : avail - bottom_min;
	side = cols - (map_cols + 2) >= SIDE_MIN_WIDTH;
	map_w = side ? map_cols + 2 : cols;
	bottom_h = avail - map_h;
	set_rect(&t->rect[PANE_MAP], 0, 0, map_h, map_w);
	if (side) {
		set_rect(&t->rect[PANE_UNIT], 0, map_w, map_h, cols - map_w);
		x = 0;
	} else {
		set_rect(&t->rect[PANE_UNIT], map_h, 0, bottom_h, UNIT_WIDTH);
		x = UNIT_WIDTH;
	}
	set_rect(&t->rect[PANE_DICE], map_h, x, bottom_h, (cols - x + 1) / 2);
	set_rect(&t->rect[PANE_LOG], map_h, x + (cols - x + 1) / 2, bottom_h,
	         cols - x - (cols - x + 1) / 2);
	if (t->zoom >= 0)
		set_rect(&t->rect[t->zoom], 0, 0, avail, cols);
}

void
tui_layout(struct tui *t)
{
	int lines = LINES, cols = COLS;

	free_windows(t);
	t->too_small = lines < TUI_MIN_LINES || cols < TUI_MIN_COLS;
	werase(stdscr);
	wnoutrefresh(stdscr);
	if (t->too_small || t->no_game)
		return;
	place_panes(t, lines, cols);
	for (int p = 0; p < N_PANES; p++) {
		const struct rect *r = &t->rect[p];
		if (t->zoom >= 0 && p != t->zoom)
			continue;
		t->win[p] = newwin(r->h, r->w, r->y, r->x);
		if (t->win[p] == NULL)
			continue;
		keypad(t->win[p], TRUE);
		t->panel[p] = new_panel(t->win[p]);
	}
	t->statuswin = newwin(2, cols, lines - 2, 0);
	if (t->statuswin != NULL)
		t->statuspanel = new_panel(t->statuswin);
}

/* The message, its words laid on lines as wide as the screen, centred. */
void
tui_draw_too_small(struct tui *t)
{
	char text[128], lines[16][128], *save = NULL;
	int n = 0;

	snprintf(text, sizeof text, "terminal too small: need %d%s%d, have %d%s%d", TUI_MIN_COLS,
	         t->utf8 ? "\u00d7" : "x", TUI_MIN_LINES, COLS, t->utf8 ? "\u00d7" : "x", LINES);
	lines[0][0] = '\0';
	for (char *w = strtok_r(text, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save)) {
		size_t used = strlen(lines[n]);
		if (used > 0 && (int)(used + 1 + strlen(w)) > COLS && n < 15) {
			lines[++n][0] = '\0';
			used = 0;
		}
		snprintf(lines[n] + used, sizeof lines[n] - used, "%s%s", used ? " " : "", w);
	}
	n++;
	werase(stdscr);
	wattrset(stdscr, tui_attr(t, ROLE_ERROR));
	for (int i = 0; i < n; i++) {
		int len = (int)strlen(lines[i]);
		int y = (LINES - n) / 2 + i, x = (COLS - len) / 2;
		tui_put(t, stdscr, y < 0 ? i : y, x < 0 ? 0 : x, lines[i], COLS - (x < 0 ? 0 : x));
	}
	wattrset(stdscr, tui_attr(t, ROLE_NORMAL));
	wnoutrefresh(stdscr);
	doupdate();
}

void
tui_frame(struct tui *t, int pane, const char *title)
{
	WINDOW *w = t->win[pane];
	bool focused = t->focus == pane;
	char buf[256];

	wattrset(w, tui_attr(t, ROLE_BORDER));
	box(w, 0, 0);
	wattrset(w, tui_attr(t, focused ? ROLE_FOCUS : ROLE_TITLE));
	snprintf(buf, sizeof buf, focused ? "[%s]" : " %s ", title);
	tui_put(t, w, 0, 1, buf, t->rect[pane].w - 2);
	wattrset(w, tui_attr(t, ROLE_NORMAL));
}
