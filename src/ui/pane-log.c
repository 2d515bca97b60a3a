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

/* A line the interface adds to the log pane: a command that failed, a warning.
 * It is shown after the game log's line number `after`. */
struct tui_note {
	size_t after;
	enum note_kind kind;
	char *text;
};

/* One entry of the pane, in the order shown: a line of the game log or a note. */
struct entry {
	uint32_t index;          /* in the game log, or in the notes */
	uint32_t note;           /* 1: a note */
};

/* The log pane's own state. The game log only grows between two draws (a new
 * game starts a new pane), so its lines and the notes are put in order once, as
 * they come; for each, the lines it takes wrapped to the pane's width are
 * counted once (again when the width changes). Drawing wraps only what is in
 * view. */
struct log_state {
	struct tui_note *notes;
	size_t nnotes, cap_notes;
	struct entry *entries;
	size_t nentries, cap_entries;
	size_t *rows_before;     /* per entry and one more: the wrapped lines before it */
	size_t cap_rows;
	size_t lines;            /* the game log's lines among the entries */
	const char *last;        /* the last of them, to see the log was not replaced */
	int width;               /* the width counted for; 0: not yet known */
	int back;                /* lines scrolled back from the newest */
};

static const struct strlist *
game_log_of(const struct tui *t)
{
	return &t->s->game.log;
}

/* The text of an entry as shown (a note's detail after "! "), to free. */
static char *
entry_text(const struct tui *t, const struct log_state *ls, const struct entry *e)
{
	const struct tui_note *n;

	if (!e->note)
		return xstrdup(game_log_of(t)->items[e->index]);
	n = &ls->notes[e->index];
	return n->kind == NOTE_ERROR_DETAIL ? xasprintf("! %s", n->text) : xstrdup(n->text);
}

static size_t
entry_rows(const struct tui *t, const struct log_state *ls, const struct entry *e)
{
	char *text;
	size_t rows;

	if (ls->width <= 0)
		return 0;
	if (!e->note)
		return (size_t)tui_wrap_rows(game_log_of(t)->items[e->index], ls->width, 2);
	text = entry_text(t, ls, e);
	rows = (size_t)tui_wrap_rows(text, ls->width, 2);
	free(text);
	return rows;
}

static void
add_entry(const struct tui *t, struct log_state *ls, size_t index, bool note)
{
	struct entry *e = xgrow(&ls->entries, &ls->nentries, &ls->cap_entries, sizeof *e);

	e->index = (uint32_t)index;
	e->note = note;
	if (ls->cap_rows < ls->cap_entries + 1) {
		ls->cap_rows = ls->cap_entries + 1;
		ls->rows_before = xreallocarray(ls->rows_before, ls->cap_rows, sizeof *ls->rows_before);
	}
	if (ls->nentries == 1)
		ls->rows_before[0] = 0;
	ls->rows_before[ls->nentries] = ls->rows_before[ls->nentries - 1] + entry_rows(t, ls, e);
}

/* Count every entry's lines again, for a new width. */
static void
recount(const struct tui *t, struct log_state *ls, int width)
{
	ls->width = width;
	for (size_t i = 0; i < ls->nentries; i++)
		ls->rows_before[i + 1] = ls->rows_before[i] + entry_rows(t, ls, &ls->entries[i]);
}

/* A note in the order of rebuild: by the line it goes before, then as made. */
struct note_place {
	size_t after, index;
};

static int
compare_places(const void *pa, const void *pb)
{
	const struct note_place *a = pa, *b = pb;

	if (a->after != b->after)
		return a->after < b->after ? -1 : 1;
	return (a->index > b->index) - (a->index < b->index);
}

/* Put every line and note in order again: the log is not the one the entries
 * were made from (it got shorter: a change the journal could not take was taken
 * back). Each note goes before the line that was next when it was made, those
 * made after the last line at the end. */
static void
rebuild(const struct tui *t, struct log_state *ls)
{
	const struct strlist *log = game_log_of(t);
	struct note_place *order = xcalloc(ls->nnotes + 1, sizeof *order);
	size_t k = 0;

	for (size_t i = 0; i < ls->nnotes; i++)
		order[i] = (struct note_place){ ls->notes[i].after, i };
	qsort(order, ls->nnotes, sizeof *order, compare_places);
	ls->nentries = 0;
	for (size_t i = 0; i < log->count; i++) {
		for (; k < ls->nnotes && order[k].after <= i; k++)
			add_entry(t, ls, order[k].index, true);
		add_entry(t, ls, i, false);
	}
	for (; k < ls->nnotes; k++)
		add_entry(t, ls, order[k].index, true);
	ls->lines = log->count;
	free(order);
}

/* Bring the entries up to the game log as it stands, at the pane's width. */
static void
sync(const struct tui *t, struct log_state *ls, int width)
{
	const struct strlist *log = game_log_of(t);

	if (log->count < ls->lines || (ls->lines > 0 && log->items[ls->lines - 1] != ls->last))
		rebuild(t, ls);
	for (; ls->lines < log->count; ls->lines++)
		add_entry(t, ls, ls->lines, false);
	ls->last = ls->lines > 0 ? log->items[ls->lines - 1] : NULL;
	if (width != ls->width)
		recount(t, ls, width);
}

static size_t
total_rows(const struct log_state *ls)
{
	return ls->nentries > 0 ? ls->rows_before[ls->nentries] : 0;
}

/* The entry that holds wrapped line `row`. */
static size_t
entry_at_row(const struct log_state *ls, size_t row)
{
	size_t lo = 0, hi = ls->nentries;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (ls->rows_before[mid] <= row)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* The map's legend (what `hexaid render` prints under the map) in place of the
 * log, while `i` shows it. */
static void
draw_legend(struct tui *t, struct pane *p, int body, int width)
{
	char *legend = render_legend(&t->s->game, t->map_size), *save = NULL;
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

void
tui_note(struct tui *t, enum note_kind kind, const char *text)
{
	struct log_state *ls = tui_pane(t, &pane_log)->data;
	struct tui_note *n;

	sync(t, ls, ls->width);
	n = xgrow(&ls->notes, &ls->nnotes, &ls->cap_notes, sizeof *n);
	n->after = game_log_of(t)->count;
	n->kind = kind;
	n->text = xstrdup(text);
	add_entry(t, ls, ls->nnotes - 1, true);
	ls->back = 0;
}

/* The wrapped lines from `first` on, `body` of them at most, into the window. */
static void
draw_rows(struct tui *t, struct pane *p, size_t first, int body, int width)
{
	struct log_state *ls = p->data;
	int y = 0;

	for (size_t e = entry_at_row(ls, first); e < ls->nentries && y < body; e++) {
		struct strlist lines = { NULL, 0, 0 };
		char *text = entry_text(t, ls, &ls->entries[e]);
		size_t skip = first > ls->rows_before[e] ? first - ls->rows_before[e] : 0;

		tui_wrap(text, width, 2, &lines);
		wattrset(p->win, tui_attr(t, ls->entries[e].note &&
		                                 ls->notes[ls->entries[e].index].kind != NOTE_SAID
		                             ? ROLE_ERROR : ROLE_NORMAL));
		for (size_t i = skip; i < lines.count && y < body; i++)
			tui_put(t, p->win, 1 + y++, 1, lines.items[i], width);
		strlist_free(&lines);
		free(text);
	}
}

static void
log_draw(struct tui *t, struct pane *p)
{
	WINDOW *w = p->win;
	const struct rect *r = &p->rect;
	struct log_state *ls = p->data;
	int body = r->h - 2, width = r->w - 2;
	size_t total, first;
	char title[64];

	werase(w);
	if (t->legend) {
		draw_legend(t, p, body, width);
		return;
	}
	sync(t, ls, width);
	total = total_rows(ls);
	if (ls->back > (int)total - body)
		ls->back = (int)total - body > 0 ? (int)total - body : 0;
	first = total > (size_t)body + (size_t)ls->back ? total - (size_t)body - (size_t)ls->back : 0;
	if (ls->back > 0)
		snprintf(title, sizeof title, "Log (%d lines back, PgDn)", ls->back);
	else
		snprintf(title, sizeof title, "Log");
	tui_frame(t, p, title);
	draw_rows(t, p, first, body, width);
	if (total == 0) {
		wattrset(w, tui_attr(t, ROLE_DIM));
		tui_put(t, w, 1, 1, "(nothing has happened yet)", width);
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

	for (size_t i = 0; i < ls->nnotes; i++)
		free(ls->notes[i].text);
	free(ls->notes);
	free(ls->entries);
	free(ls->rows_before);
	free(ls);
}

const struct pane_ops pane_log = {
	.init = log_init,
	.free = log_end,
	.draw = log_draw,
	.key = log_key,
};
