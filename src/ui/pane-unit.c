/* pane-unit.c: the unit pane (ui layer): the unit under the cursor, or else the
 * selected one, as `show unit` describes it (side, class, strength, formation,
 * statuses, hex and terrain, what it did this turn) and what its hex does for it
 * (`effects`: protection in each combat type, entering); for an empty hex,
 * `show hex` (terrain, tokens, level, hexsides, structure damage).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "xmalloc.h"

/* The lines of a question's answer, from line `from` on, trimmed and wrapped;
 * the first line's parts, as the answer gives them, each on a line of its own. */
static void
add_answer(struct tui *t, struct strlist *out, int width, size_t from, const char *command,
           const char *arg)
{
	struct command_result res;

	if (tui_query(t, &res, "%s %s", command, arg))
		for (size_t i = from; i < res.lines.count; i++) {
			const char *line = res.lines.items[i];
			if (i == 0 && res.found.parts.count > 0) {
				for (size_t k = 0; k < res.found.parts.count; k++)
					tui_wrap(res.found.parts.items[k], width, 2, out);
				continue;
			}
			while (*line == ' ')
				line++;
			tui_wrap(line, width, 2, out);
		}
	command_result_free(&res);
}

/* What `show hex` adds about the unit's hex beyond its terrain: the features on its
 * sides, its structure and the hits it has taken (not the unit, said already). */
static void
add_hex_extras(struct tui *t, struct strlist *out, int width, struct hex h)
{
	struct command_result res;
	char at[HEX_LABEL_SIZE];

	tui_hex_label(t, h, at);
	if (tui_query(t, &res, "show hex %s", at))
		for (size_t i = 1; i < res.found.hex_lines && i < res.lines.count; i++) {
			const char *line = res.lines.items[i];
			while (*line == ' ')
				line++;
			tui_wrap(line, width, 2, out);
		}
	command_result_free(&res);
}

/* What the pane shows was worked out from: it is asked and drawn again only
 * when one of these changed. */
struct unit_key {
	unsigned long layout, gen;
	bool focused, target;
	int unit, selected, width, height;
	struct hex cursor;
};

/* The unit pane's own state: what it drew last. */
struct unit_view {
	bool drawn;
	struct unit_key key;
};

static void *
unit_init(void)
{
	return xcalloc(1, sizeof(struct unit_view));
}

static bool
same_key(const struct unit_key *a, const struct unit_key *b)
{
	return a->layout == b->layout && a->gen == b->gen && a->focused == b->focused &&
	       a->target == b->target && a->unit == b->unit && a->selected == b->selected &&
	       a->width == b->width && a->height == b->height && hex_eq(a->cursor, b->cursor);
}

static void
unit_draw(struct tui *t, struct pane *p)
{
	WINDOW *w = p->win;
	const struct rect *r = &p->rect;
	const struct game *g = &t->s->game;
	struct unit_view *view = p->data;
	struct strlist lines = { 0 };
	char title[128], at[HEX_LABEL_SIZE];
	int u = tui_unit_at_cursor(t), sel = tui_selected(t), width = r->w - 2;
	struct unit_key key;

	if (u < 0)
		u = sel;
	key = (struct unit_key){ t->layout, t->gen, tui_pane_focused(t, p), selection_targets(t, u), u,
		                 sel, r->w, r->h, t->cursor };
	if (view->drawn && same_key(&key, &view->key))
		return;
	view->drawn = true;
	view->key = key;
	werase(w);
	tui_hex_label(t, t->cursor, at);
	if (u >= 0) {
		snprintf(title, sizeof title, "Unit %s%s", g->units[u].id,
		         u == sel ? " (selected)" : key.target ? " (target)" : "");
		add_answer(t, &lines, width, 0, "show unit", g->units[u].id);
		add_hex_extras(t, &lines, width, g->units[u].hex);
		add_answer(t, &lines, width, 1, "effects", g->units[u].id);
		if (!hex_eq(g->units[u].hex, t->cursor)) {
			tui_wrap("", width, 0, &lines);
			add_answer(t, &lines, width, 0, "show hex", at);
		}
	} else {
		snprintf(title, sizeof title, "Hex %s", at);
		add_answer(t, &lines, width, 0, "show hex", at);
	}
	tui_frame(t, p, title);
	for (size_t i = 0; i < lines.count && (int)i < r->h - 2; i++) {
		bool head = i == 0;
		wattrset(w, tui_attr(t, head ? ROLE_TITLE : ROLE_NORMAL));
		if (head && u >= 0)
			wattrset(w, tui_attr(t, g->units[u].side % 4 == 0 ? ROLE_SIDE_1
			                      : g->units[u].side % 4 == 1 ? ROLE_SIDE_2
			                      : g->units[u].side % 4 == 2 ? ROLE_SIDE_3 : ROLE_SIDE_4));
		tui_put(t, w, 1 + (int)i, 1, lines.items[i], width);
	}
	wattrset(w, tui_attr(t, ROLE_NORMAL));
	strlist_free(&lines);
	wnoutrefresh(w);
}

const struct pane_ops pane_unit = {
	.init = unit_init,
	.free = free,
	.draw = unit_draw,
};
