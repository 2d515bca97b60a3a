/* pane-log.c: the log pane (ui layer): the game's log, newest at the bottom,
 * with the interface's own notes (commands that failed, journal warnings) among
 * its lines where they happened. Errors have their colour and also start with
 * "error:" (their detail lines with "!"), so they read without colour. Focused,
 * its arrows scroll it a line and PgUp and PgDn a page ([ and ] a page from any
 * pane); a new line brings the view back to the bottom.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "tui.h"
#include "xmalloc.h"

/* What the log pane drew last: it is drawn again only when one of these
 * changed. */
struct log_drawn {
	bool valid;
	unsigned long layout, version, gen;
	bool focused, legend;
	int back, body, width;
	enum hexdraw_size map_size;
};

/* The log pane's own state. Its entries, in the order shown, are the game
 * log's lines with the interface's notes (t->notes, tui.c) among them: note k
 * (the notes are kept in that order) is entry k + after, the lines fill the others. The game log only
 * grows between two draws (a new game starts a new pane), and a note is made
 * after the lines there are, so both come at the end. Nothing is copied from
 * the game log, and nothing is done for every line when a game opens: a draw
 * walks up from the newest entry as far as the view goes back, counting the
 * lines each takes wrapped to the pane's width, and keeps those counts (for
 * the entries walked over only, counted again when the width changes). */
struct log_state {
	size_t nnotes;           /* the notes (t->notes) when last looked at */
	size_t lines;            /* the game log's lines when last looked at */
	const char *last;        /* the last of them, to see the log was not replaced */
	int width;               /* the width the counts are for */
	uint32_t *rows;          /* per entry from rows_lo: its wrapped lines, 0: not
	                            counted yet */
	size_t rows_lo, nrows, cap_rows;
	int back;                /* lines scrolled back from the newest */
	unsigned long version;   /* bumped when an entry comes or the counts go */
	struct log_drawn drawn;  /* what the window holds */
};

static const struct strlist *
game_log_of(const struct tui *t)
{
	return &t->s->game.log;
}

static size_t
entry_count(const struct log_state *ls)
{
	return ls->lines + ls->nnotes;
}

/* What entry e is: a note (*note set to its index) or a line of the game log
 * (*line set). */
static bool
entry_is_note(const struct tui *t, const struct log_state *ls, size_t e, size_t *note,
              size_t *line)
{
	size_t lo = 0, hi = ls->nnotes;

	/* the first note at entry e or after it */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (mid + t->notes[mid].after < e)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < ls->nnotes && lo + t->notes[lo].after == e) {
		*note = lo;
		return true;
	}
	*line = e - lo;
	return false;
}

/* The text of entry e as shown (a note's detail after "! "), to free. */
static char *
entry_text(const struct tui *t, const struct log_state *ls, size_t e)
{
	const struct tui_note *n;
	size_t k, line;

	if (!entry_is_note(t, ls, e, &k, &line))
		return xstrdup(game_log_of(t)->items[line]);
	n = &t->notes[k];
	return n->kind == NOTE_ERROR_DETAIL ? xasprintf("! %s", n->text) : xstrdup(n->text);
}

/* Forget the counts of wrapped lines (another width, another log). */
static void
forget_rows(struct log_state *ls)
{
	ls->nrows = 0;
	ls->version++;
}

/* The slot of entry e's count, the cache grown to hold it (what it did not
 * hold is 0: not counted). */
static uint32_t *
row_slot(struct log_state *ls, size_t e)
{
	size_t lo, hi, n, kept;

	if (ls->nrows == 0)
		ls->rows_lo = e;
	else if (e >= ls->rows_lo && e < ls->rows_lo + ls->nrows)
		return &ls->rows[e - ls->rows_lo];
	lo = ls->rows_lo;
	hi = ls->rows_lo + ls->nrows;
	/* grown down, with room for as many again below: scrolling back a line at
	 * a time moves the counts a few times, not once a line */
	if (e < lo)
		lo = e > hi - e ? e - (hi - e) : 0;
	if (e >= hi)
		hi = e + 1;
	n = hi - lo;
	if (n > ls->cap_rows) {
		size_t cap = n > 2 * ls->cap_rows ? n : 2 * ls->cap_rows;
		ls->rows = xreallocarray(ls->rows, cap, sizeof *ls->rows);
		ls->cap_rows = cap;
	}
	/* the counts kept move up to their place; the others are not counted */
	kept = ls->rows_lo - lo;
	if (ls->nrows > 0 && kept > 0)
		memmove(ls->rows + kept, ls->rows, ls->nrows * sizeof *ls->rows);
	memset(ls->rows, 0, kept * sizeof *ls->rows);
	memset(ls->rows + kept + ls->nrows, 0, (n - kept - ls->nrows) * sizeof *ls->rows);
	ls->rows_lo = lo;
	ls->nrows = n;
	return &ls->rows[e - lo];
}

/* The lines entry e takes wrapped to the pane's width. */
static size_t
entry_rows(const struct tui *t, struct log_state *ls, size_t e)
{
	uint32_t *slot = row_slot(ls, e);

	if (*slot == 0) {
		char *text = entry_text(t, ls, e);
		int rows = tui_wrap_rows(text, ls->width, 2);
		*slot = rows > 0 ? (uint32_t)rows : 1;
		free(text);
	}
	return *slot;
}

/* Bring the pane up to the game log as it stands, at the pane's width. A log
 * that is not the one seen (it got shorter: a change the journal could not
 * take was taken back) keeps the notes where they were, those after lines
 * that are no longer there after the last one. */
static void
sync(struct tui *t, struct log_state *ls, int width)
{
	const struct strlist *log = game_log_of(t);

	if (log->count < ls->lines || (ls->lines > 0 && log->items[ls->lines - 1] != ls->last)) {
		for (size_t i = 0; i < t->nnotes; i++)
			if (t->notes[i].after > log->count)
				t->notes[i].after = log->count;
		forget_rows(ls);
	}
	if (t->nnotes != ls->nnotes) {
		/* a new note brings the view back to the bottom */
		if (t->nnotes < ls->nnotes)
			forget_rows(ls);
		ls->nnotes = t->nnotes;
		ls->version++;
		ls->back = 0;
	}
	if (log->count != ls->lines)
		ls->version++;
	ls->lines = log->count;
	ls->last = ls->lines > 0 ? log->items[ls->lines - 1] : NULL;
	if (width != ls->width) {
		ls->width = width;
		forget_rows(ls);
	}
}

/* The map's legend (what `hexaid render` prints under the map) in place of the
 * log, while `i` shows it. */
static void
draw_legend(struct tui *t, struct pane *p, int body, int width)
{
	char *legend = render_legend(&t->s->game, t->map_size, width), *save = NULL;
	struct strlist lines = { 0 };

	for (char *l = strtok_r(legend, "\n", &save); l != NULL; l = strtok_r(NULL, "\n", &save))
		tui_wrap(l, width, 2, &lines);
	tui_frame(t, p, "Legend (i hides it)");
	for (int i = 0; i < body && (size_t)i < lines.count; i++)
		tui_put(t, p->win, 1 + i, 1, lines.items[i], width);
	strlist_free(&lines);
	free(legend);
	wnoutrefresh(p->win);
}

static void
scroll_back(struct log_state *ls, int lines)
{
	ls->back += lines;
	if (ls->back < 0)
		ls->back = 0;
}

static void
page(struct pane *p, int direction)
{
	int h = p->rect.h;

	scroll_back(p->data, direction * (h > 4 ? h - 3 : 1));
}

void
log_page(struct tui *t, int direction)
{
	page(tui_pane(t, &pane_log), direction);
}

/* The entry that holds the first line in view and how many of its lines are
 * above the view, found by walking up from the newest entry: `back` lines
 * back from the newest, `body` lines. When the log has fewer lines, back is
 * brought down to show its first line on top. */
static size_t
first_in_view(const struct tui *t, struct log_state *ls, int body, size_t *skip)
{
	size_t e = entry_count(ls), above = 0, need;

	if (ls->back < 0)
		ls->back = 0;
	need = (size_t)ls->back + (size_t)body;
	while (e > 0 && above < need)
		above += entry_rows(t, ls, --e);
	if (above < need) {
		ls->back = above > (size_t)body ? (int)(above - (size_t)body) : 0;
		need = (size_t)ls->back + (size_t)body;
	}
	*skip = above > need ? above - need : 0;
	return e;
}

/* `body` wrapped lines at most from entry e on, the first `skip` of its lines
 * left out, into the window. */
static void
draw_rows(struct tui *t, struct pane *p, size_t e, size_t skip, int body, int width)
{
	struct log_state *ls = p->data;
	size_t n = entry_count(ls);
	int y = 0;

	for (; e < n && y < body; e++, skip = 0) {
		struct strlist lines = { 0 };
		char *text = entry_text(t, ls, e);
		size_t k, line;
		bool error = entry_is_note(t, ls, e, &k, &line) && t->notes[k].kind != NOTE_SAID;

		tui_wrap(text, width, 2, &lines);
		wattrset(p->win, tui_attr(t, error ? ROLE_ERROR : ROLE_NORMAL));
		for (size_t i = skip; i < lines.count && y < body; i++)
			tui_put(t, p->win, 1 + y++, 1, lines.items[i], width);
		strlist_free(&lines);
		free(text);
	}
}

/* Has anything the pane shows changed since it was drawn? (The legend is the
 * game's: it changes with the game.) */
static bool
changed_since_drawn(struct tui *t, struct pane *p, int body, int width)
{
	struct log_state *ls = p->data;
	struct log_drawn now = { true, t->layout, ls->version, t->legend ? t->gen : 0,
		                 tui_pane_focused(t, p), t->legend, ls->back, body, width,
		                 t->legend ? t->map_size : HEXDRAW_COMPACT };
	const struct log_drawn *was = &ls->drawn;
	bool same = was->valid && was->layout == now.layout && was->version == now.version &&
	            was->gen == now.gen && was->focused == now.focused &&
	            was->legend == now.legend && was->back == now.back && was->body == now.body &&
	            was->width == now.width && was->map_size == now.map_size;

	ls->drawn = now;
	return !same;
}

static void
log_draw(struct tui *t, struct pane *p)
{
	WINDOW *w = p->win;
	const struct rect *r = &p->rect;
	struct log_state *ls = p->data;
	int body = r->h - 2, width = r->w - 2;
	size_t first = 0, skip = 0;
	char title[64];

	if (!t->legend) {
		sync(t, ls, width);
		first = first_in_view(t, ls, body, &skip);
	}
	if (!changed_since_drawn(t, p, body, width))
		return;
	werase(w);
	if (t->legend) {
		draw_legend(t, p, body, width);
		return;
	}
	if (ls->back > 0)
		snprintf(title, sizeof title, "Log (%d lines back, PgDn)", ls->back);
	else
		snprintf(title, sizeof title, "Log");
	tui_frame(t, p, title);
	draw_rows(t, p, first, skip, body, width);
	if (entry_count(ls) == 0) {
		struct strlist lines = { 0 };

		/* wrapped as the log is, whole in a narrow pane */
		tui_wrap("(nothing has happened yet)", width, 0, &lines);
		wattrset(w, tui_attr(t, ROLE_DIM));
		for (size_t i = 0; i < lines.count && (int)i < body; i++)
			tui_put(t, w, 1 + (int)i, 1, lines.items[i], width);
		strlist_free(&lines);
	}
	wattrset(w, tui_attr(t, ROLE_NORMAL));
	wnoutrefresh(w);
}

static bool
log_key(struct tui *t, struct pane *p, int ch)
{
	struct log_state *ls = p->data;

	(void)t;
	switch (ch) {
	case KEY_PPAGE:
		page(p, 1);
		return true;
	case KEY_NPAGE:
		page(p, -1);
		return true;
	case KEY_UP:
	case 'k':
		scroll_back(ls, 1);
		return true;
	case KEY_DOWN:
	case 'j':
		scroll_back(ls, -1);
		return true;
	case KEY_HOME:
		scroll_back(ls, 1 << 20);
		return true;
	case KEY_END:
		ls->back = 0;
		return true;
	default:
		return false;
	}
}

static void *
log_init(void)
{
	return xcalloc(1, sizeof(struct log_state));
}

static void
log_end(void *data)
{
	struct log_state *ls = data;

	free(ls->rows);
	free(ls);
}

const struct pane_ops pane_log = {
	.init = log_init,
	.free = log_end,
	.draw = log_draw,
	.key = log_key,
};
