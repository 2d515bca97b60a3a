/* pane-log.c: the log pane (ui layer): the game's log, newest at the bottom,
 * with the interface's own notes (commands that failed, journal warnings) among
 * its lines where they happened. Errors have their colour and also start with
 * "error:" (their detail lines with "!"), so they read without colour. Focused,
 * its arrows scroll it a line and PgUp and PgDn a page ([ and ] a page from any
 * pane); a new line brings the view back to the bottom. */
#include "config.h"

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

/* The log pane's own state. */
struct log_state {
	struct tui_note *notes;
	size_t nnotes, cap_notes;
	int back;               /* lines scrolled back from the newest */
};

/* The log's lines as the pane shows them, wrapped. */
struct log_view {
	struct strlist lines;
	bool *error;
	size_t cap;
};

static void
add(struct log_view *v, const char *text, bool error, int width)
{
	size_t before = v->lines.count;

	tui_wrap(text, width, 2, &v->lines);
	if (v->lines.count > v->cap) {
		v->cap = v->lines.count * 2;
		v->error = xreallocarray(v->error, v->cap, sizeof *v->error);
	}
	for (size_t i = before; i < v->lines.count; i++)
		v->error[i] = error;
}

/* The notes made when the log had `from` to `to` lines (to: SIZE_MAX for any more). */
static void
add_notes(const struct log_state *ls, struct log_view *v, size_t from, size_t to, int width)
{
	for (size_t i = 0; i < ls->nnotes; i++) {
		const struct tui_note *n = &ls->notes[i];
		char *line;

		if (n->after < from || n->after > to)
			continue;
		line = n->kind == NOTE_ERROR_DETAIL ? xasprintf("! %s", n->text) : xstrdup(n->text);
		add(v, line, true, width);
		free(line);
	}
}

/* Every line of the log, wrapped to the pane. */
static void
build(const struct tui *t, const struct log_state *ls, struct log_view *v, int width)
{
	const struct game *g = &t->s->game;

	memset(v, 0, sizeof *v);
	for (size_t i = 0; i < g->log.count; i++) {
		add_notes(ls, v, i, i, width);
		add(v, g->log.items[i], false, width);
	}
	/* with those made after the last line, or when the log was longer (a change
	 * the journal could not take was taken back) */
	add_notes(ls, v, g->log.count, (size_t)-1, width);
}

/* The map's legend (what `hexaid render` prints under the map) in place of the
 * log, while `i` shows it. */
static void
draw_legend(struct tui *t, struct pane *p, int body, int width)
{
	char *full = render_map(&t->s->game, true), *map = render_map(&t->s->game, false);
	char *legend = full + strlen(map), *save = NULL;
	struct strlist lines = { 0 };

	for (char *l = strtok_r(legend, "\n", &save); l != NULL; l = strtok_r(NULL, "\n", &save))
		tui_wrap(l, width, 2, &lines);
	tui_frame(t, p, "Legend (i hides it)");
	for (int i = 0; i < body && (size_t)i < lines.count; i++)
		tui_put(t, p->win, 1 + i, 1, lines.items[i], width);
	strlist_free(&lines);
	free(full);
	free(map);
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
	struct tui_note *n = xgrow(&ls->notes, &ls->nnotes, &ls->cap_notes, sizeof *n);

	n->after = t->s->game.log.count;
	n->kind = kind;
	n->text = xstrdup(text);
	ls->back = 0;
}

static void
log_draw(struct tui *t, struct pane *p)
{
	WINDOW *w = p->win;
	const struct rect *r = &p->rect;
	struct log_state *ls = p->data;
	struct log_view v;
	int body = r->h - 2, width = r->w - 2, first;
	char title[64];

	werase(w);
	if (t->legend) {
		draw_legend(t, p, body, width);
		return;
	}
	build(t, ls, &v, width);
	if (ls->back > (int)v.lines.count - body)
		ls->back = (int)v.lines.count - body > 0 ? (int)v.lines.count - body : 0;
	first = (int)v.lines.count - body - ls->back;
	if (first < 0)
		first = 0;
	if (ls->back > 0)
		snprintf(title, sizeof title, "Log (%d lines back, PgDn)", ls->back);
	else
		snprintf(title, sizeof title, "Log");
	tui_frame(t, p, title);
	for (int i = 0; i < body && (size_t)(first + i) < v.lines.count; i++) {
		size_t k = (size_t)(first + i);
		wattrset(w, tui_attr(t, v.error[k] ? ROLE_ERROR : ROLE_NORMAL));
		tui_put(t, w, 1 + i, 1, v.lines.items[k], width);
	}
	if (v.lines.count == 0) {
		wattrset(w, tui_attr(t, ROLE_DIM));
		tui_put(t, w, 1, 1, "(nothing has happened yet)", width);
	}
	wattrset(w, tui_attr(t, ROLE_NORMAL));
	strlist_free(&v.lines);
	free(v.error);
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
	free(ls);
}

const struct pane_ops pane_log = {
	.init = log_init,
	.free = log_end,
	.draw = log_draw,
	.key = log_key,
};
