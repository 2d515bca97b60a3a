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
add_notes(const struct tui *t, struct log_view *v, size_t from, size_t to, int width)
{
	for (size_t i = 0; i < t->nnotes; i++) {
		const struct tui_note *n = &t->notes[i];
		bool detail = n->error && strncmp(n->text, "error:", 6) != 0 &&
		              strncmp(n->text, "no journal", 10) != 0;
		char *line;

		if (n->after < from || n->after > to)
			continue;
		line = detail ? xasprintf("! %s", n->text) : xstrdup(n->text);
		add(v, line, n->error, width);
		free(line);
	}
}

/* Every line of the log, wrapped to the pane. */
static void
build(const struct tui *t, struct log_view *v, int width)
{
	const struct game *g = &t->s->game;

	memset(v, 0, sizeof *v);
	for (size_t i = 0; i < g->log.count; i++) {
		add_notes(t, v, i, i, width);
		add(v, g->log.items[i], false, width);
	}
	/* with those made after the last line, or when the log was longer (a change
	 * the journal could not take was taken back) */
	add_notes(t, v, g->log.count, (size_t)-1, width);
}

/* The map's legend (what `hexaid render` prints under the map) in place of the
 * log, while `i` shows it. */
static void
draw_legend(struct tui *t, WINDOW *w, int body, int width)
{
	char *full = render_map(&t->s->game, true), *map = render_map(&t->s->game, false);
	char *legend = full + strlen(map), *save = NULL;
	struct strlist lines = { 0 };

	for (char *l = strtok_r(legend, "\n", &save); l != NULL; l = strtok_r(NULL, "\n", &save))
		tui_wrap(l, width, 2, &lines);
	tui_frame(t, PANE_LOG, "Legend (i hides it)");
	for (int i = 0; i < body && (size_t)i < lines.count; i++)
		tui_put(t, w, 1 + i, 1, lines.items[i], width);
	strlist_free(&lines);
	free(full);
	free(map);
	wnoutrefresh(w);
}

void
log_scroll(struct tui *t, int lines)
{
	t->log_back += lines;
	if (t->log_back < 0)
		t->log_back = 0;
}

void
pane_log_draw(struct tui *t)
{
	WINDOW *w = t->win[PANE_LOG];
	const struct rect *r = &t->rect[PANE_LOG];
	struct log_view v;
	int body = r->h - 2, width = r->w - 2, first;
	char title[64];

	if (w == NULL)
		return;
	werase(w);
	if (t->legend) {
		draw_legend(t, w, body, width);
		return;
	}
	build(t, &v, width);
	if (t->log_back > (int)v.lines.count - body)
		t->log_back = (int)v.lines.count - body > 0 ? (int)v.lines.count - body : 0;
	first = (int)v.lines.count - body - t->log_back;
	if (first < 0)
		first = 0;
	if (t->log_back > 0)
		snprintf(title, sizeof title, "Log (%d lines back, PgDn)", t->log_back);
	else
		snprintf(title, sizeof title, "Log");
	tui_frame(t, PANE_LOG, title);
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

void
log_page(struct tui *t, int direction)
{
	int h = t->rect[PANE_LOG].h;

	log_scroll(t, direction * (h > 4 ? h - 3 : 1));
}

bool
pane_log_key(struct tui *t, int ch)
{
	switch (ch) {
	case KEY_PPAGE:
		log_page(t, 1);
		return true;
	case KEY_NPAGE:
		log_page(t, -1);
		return true;
	case KEY_UP:
	case 'k':
		log_scroll(t, 1);
		return true;
	case KEY_DOWN:
	case 'j':
		log_scroll(t, -1);
		return true;
	case KEY_HOME:
		log_scroll(t, 1 << 20);
		return true;
	case KEY_END:
		t->log_back = 0;
		return true;
	default:
		return false;
	}
}
