/* tui-layout.c: where the panes go (ui layer). A row of the pane table
 * (tui-main.c's) is a pane's ops (pane-NAME.c) and its place: the top pane (the map)
 * takes the top, as large as it fits; a side pane (the unit pane) sits beside it
 * when the terminal is wide enough, else it joins the bottom panes (dice, log),
 * which share the bottom row; the status and message lines are the last two.
 * The top pane is offered all but the bottom row's least height, and the
 * bottom row takes what it leaves. Tab goes through the panes in the table's order. A zoomed pane takes the
 * whole screen. Below 80x24 a "terminal too small" screen stands in for all of
 * it until the terminal grows (q and Esc quit from it). Every pane is a window in a panel, so dialogs
 * and menus open over them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "xmalloc.h"

#define SIDE_WIDTH 28        /* a side pane in the bottom row */
#define SIDE_MIN_WIDTH 28    /* the least width for a side pane beside the top one */
#define BOTTOM_MIN 8         /* the bottom row's least height: the top pane may take
                                the rest, and what it does not take goes below */

/* ---- the panes and their state ----------------------------------------------------- */

static void
init_data(struct pane *p)
{
	p->data = p->ops->init != NULL ? p->ops->init() : NULL;
}

static void
free_data(struct pane *p)
{
	if (p->ops->free != NULL)
		p->ops->free(p->data);
	p->data = NULL;
}

void
tui_panes_init(struct tui *t, const struct pane_row *rows, size_t n)
{
	t->npanes = n;
	t->panes = xcalloc(n, sizeof *t->panes);
	for (size_t i = 0; i < n; i++) {
		t->panes[i].ops = rows[i].ops;
		t->panes[i].place = rows[i].place;
		init_data(&t->panes[i]);
	}
}

void
tui_panes_reset(struct tui *t)
{
	for (size_t i = 0; i < t->npanes; i++) {
		free_data(&t->panes[i]);
		init_data(&t->panes[i]);
	}
}

void
tui_panes_free(struct tui *t)
{
	for (size_t i = 0; i < t->npanes; i++)
		free_data(&t->panes[i]);
	free(t->panes);
	t->panes = NULL;
	t->npanes = 0;
}

struct pane *
tui_pane(struct tui *t, const struct pane_ops *ops)
{
	for (size_t i = 0; i < t->npanes; i++)
		if (t->panes[i].ops == ops)
			return &t->panes[i];
	abort();        /* a pane file without its row in the pane table */
}

bool
tui_pane_focused(const struct tui *t, const struct pane *p)
{
	return p == &t->panes[t->focus];
}

/* ---- where they go ----------------------------------------------------------------- */

static void
free_windows(struct tui *t)
{
	for (size_t i = 0; i < t->npanes; i++) {
		struct pane *p = &t->panes[i];
		if (p->panel != NULL)
			del_panel(p->panel);
		if (p->win != NULL)
			delwin(p->win);
		p->panel = NULL;
		p->win = NULL;
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

/* The part of `total` cells that is the i-th of n shares, the first ones a
 * cell larger when they do not divide evenly (no shares: all of it). */
static void
share(int total, size_t n, size_t i, int *start, int *len)
{
	int each, more;

	if (n == 0) {
		*start = 0;
		*len = total;
		return;
	}
	each = total / (int)n;
	more = total % (int)n;

	*start = (int)i * each + ((int)i < more ? (int)i : more);
	*len = each + ((int)i < more ? 1 : 0);
}

static size_t
count_at(const struct tui *t, enum pane_place place)
{
	size_t n = 0;

	for (size_t i = 0; i < t->npanes; i++)
		n += t->panes[i].place == place;
	return n;
}

/* The panes' places on a screen of `lines` x `cols` (at least the minimum). */
static void
place_panes(struct tui *t, int lines, int cols)
{
	int avail = lines - 2, top_h = avail - BOTTOM_MIN, top_w = cols, bottom_h, x = 0, start, len;
	size_t nside = count_at(t, PLACE_SIDE), nbottom = count_at(t, PLACE_BOTTOM), side = 0, bottom = 0;
	bool beside;

	for (size_t i = 0; i < t->npanes; i++)
		if (t->panes[i].place == PLACE_TOP && t->panes[i].ops->fit != NULL)
			t->panes[i].ops->fit(t, &top_h, &top_w);
	beside = nside > 0 && cols - top_w >= SIDE_MIN_WIDTH;
	if (!beside)
		top_w = cols;
	bottom_h = avail - top_h;
	for (size_t i = 0; i < t->npanes; i++) {
		struct rect *r = &t->panes[i].rect;
		switch (t->panes[i].place) {
		case PLACE_TOP:
			set_rect(r, 0, 0, top_h, top_w);
			break;
		case PLACE_SIDE:
			if (beside) {
				share(top_h, nside, side++, &start, &len);
				set_rect(r, start, top_w, len, cols - top_w);
			} else {
				set_rect(r, top_h, x, bottom_h, SIDE_WIDTH);
				x += SIDE_WIDTH;
			}
			break;
		case PLACE_BOTTOM:
		default:
			break;
		}
	}
	for (size_t i = 0; i < t->npanes; i++)
		if (t->panes[i].place == PLACE_BOTTOM) {
			share(cols - x, nbottom, bottom++, &start, &len);
			set_rect(&t->panes[i].rect, top_h, x + start, bottom_h, len);
		}
	/* the bottom row (the dice pane among them), which a question about a
	 * roll keeps in sight; none while a pane is zoomed */
	set_rect(&t->bottom_row, top_h, 0, t->zoom >= 0 ? 0 : bottom_h, cols);
	if (t->zoom >= 0)
		set_rect(&t->panes[t->zoom].rect, 0, 0, avail, cols);
}

void
tui_layout(struct tui *t)
{
	int lines = LINES, cols = COLS;

	free_windows(t);
	t->layout++;
	t->too_small = lines < TUI_MIN_LINES || cols < TUI_MIN_COLS;
	werase(stdscr);
	wnoutrefresh(stdscr);
	if (t->too_small || t->no_game)
		return;
	place_panes(t, lines, cols);
	for (size_t i = 0; i < t->npanes; i++) {
		struct pane *p = &t->panes[i];
		const struct rect *r = &p->rect;
		if (t->zoom >= 0 && (int)i != t->zoom)
			continue;
		p->win = newwin(r->h, r->w, r->y, r->x);
		if (p->win == NULL)
			continue;
		/* no keypad(): keys are read from stdscr and the dialogs' windows,
		 * never from a pane's */
		p->panel = new_panel(p->win);
	}
	t->statuswin = newwin(2, cols, lines - 2, 0);
	if (t->statuswin != NULL)
		t->statuspanel = new_panel(t->statuswin);
}

/* Text on the whole screen, for a terminal too small for boxes: each paragraph
 * (ended by a newline) its words laid on lines as wide as the screen, the lines
 * centred; as many as fit. */
void
tui_draw_small(struct tui *t, const char *text)
{
	struct strlist lines = { 0 };
	char *copy = xstrdup(text), *next;
	int top;

	for (char *p = copy; p != NULL; p = next) {
		if ((next = strchr(p, '\n')) != NULL)
			*next++ = '\0';
		tui_wrap(p, COLS, 0, &lines);
	}
	free(copy);
	werase(stdscr);
	wattrset(stdscr, tui_attr(t, ROLE_ERROR));
	top = (LINES - (int)lines.count) / 2;
	for (size_t i = 0; i < lines.count && (int)i < LINES; i++) {
		int len = (int)strlen(lines.items[i]), x = (COLS - len) / 2;
		tui_put(t, stdscr, top < 0 ? (int)i : top + (int)i, x < 0 ? 0 : x, lines.items[i],
		        COLS - (x < 0 ? 0 : x));
	}
	wattrset(stdscr, tui_attr(t, ROLE_NORMAL));
	/* shown now: a dialog reads its keys without refreshing the screen */
	wnoutrefresh(stdscr);
	doupdate();
	strlist_free(&lines);
}

/* The screen below the least size: what it needs, and how to quit. */
void
tui_draw_too_small(struct tui *t)
{
	char text[192];

	snprintf(text, sizeof text, "terminal too small: need %d%s%d, have %d%s%d; q or Esc quits "
	         "(asking first about unsaved changes)", TUI_MIN_COLS, t->utf8 ? "\u00d7" : "x",
	         TUI_MIN_LINES, COLS, t->utf8 ? "\u00d7" : "x", LINES);
	tui_draw_small(t, text);
}

void
tui_frame(struct tui *t, struct pane *p, const char *title)
{
	WINDOW *w = p->win;
	bool focused = tui_pane_focused(t, p);
	char buf[256];

	wattrset(w, tui_attr(t, ROLE_BORDER));
	box(w, 0, 0);
	wattrset(w, tui_attr(t, focused ? ROLE_FOCUS : ROLE_TITLE));
	snprintf(buf, sizeof buf, focused ? "[%s]" : " %s ", title);
	tui_put(t, w, 0, 1, buf, p->rect.w - 2);
	wattrset(w, tui_attr(t, ROLE_NORMAL));
}

int
tui_getch(struct tui *t, WINDOW *w)
{
	int ch;

	wtimeout(w, 250);
	ch = wgetch(w);
	if (ch == KEY_RESIZE) {
		tui_layout(t);
		tui_draw(t);
	}
	return ch;
}
