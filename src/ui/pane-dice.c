/* pane-dice.c: the dice pane (ui layer): draws the battle being set up and its
 * roll, as the battle model (model-battle.c) keeps them in t->dice. Before the
 * roll it shows what `explain UNIT TARGET` answers (the dice or the modifier,
 * each step with its card line, the exact odds); after it, the battle's answer:
 * the faces rolled, what they scored, what was applied. Its own keys scroll it;
 * each new answer is shown from its top, a roll from its line of the dice.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "xmalloc.h"

/* The dice pane's own state: the first line in view, and what it drew last
 * (its title, lines and their roles, the bottom edge's words; on the windows
 * of a layout), to draw it again only when that changes. */
struct dice_view {
	int top;
	unsigned long answer;   /* the answer (t->dice_answers) top is for */
	bool zoomed;            /* ... and whether the pane was zoomed then */
	bool drawn;
	unsigned long layout;
	char *title;
	struct strlist lines;
	enum tui_role *roles;
	const char *more;
};

/* ---- drawing -------------------------------------------------------------------- */

static enum tui_role
line_role(const struct tui *t, size_t i, bool last)
{
	enum line_kind kind = command_line_kind(&t->dice, i);

	if (t->dice_failed)
		return ROLE_ERROR;
	if (kind == LINE_ODDS || kind == LINE_DICE)
		return ROLE_TITLE;
	if (kind == LINE_ROLL)
		return ROLE_KEY;
	if (t->dice_rolled && last)
		return ROLE_GOOD;
	return ROLE_NORMAL;
}

static const char *const idle_text[] = {
	"No battle set up.",
	"Select a unit (Enter), put the cursor on an enemy: f fires, m melees, Enter "
	"battles; then r rolls, e enters the dice rolled.",
};

/* Line i as the pane shows it: a step without its card reference ("  [CARD.yaml:27]")
 * when the pane is narrow; zoomed (z) or wide, whole. */
static const char *
shown_line(const struct tui *t, size_t i, bool narrow)
{
	if (narrow && i < t->dice.nmarks && t->dice.marks[i].brief != NULL)
		return t->dice.marks[i].brief;
	return t->dice.lines.items[i];
}

struct wrapped {
	struct strlist lines;
	enum tui_role *roles;
	size_t n, cap;
};

static void
view_add(struct wrapped *v, const char *text, int width, int hang, enum tui_role role)
{
	tui_wrap(text, width, hang, &v->lines);
	while (v->n < v->lines.count) {
		enum tui_role *slot = xgrow(&v->roles, &v->n, &v->cap, sizeof *slot);
		*slot = role;
	}
}

/* The answer's own lines first (the battle, its dice, the odds, the roll and
 * what it did), then the steps behind them (its lines of kind LINE_STEP). */
static void
build(const struct tui *t, struct wrapped *v, int width)
{
	bool narrow = width < 60, steps = false;

	if (t->dice.lines.count == 0 && !t->battle.active)
		for (size_t i = 0; i < sizeof idle_text / sizeof idle_text[0]; i++)
			view_add(v, idle_text[i], width, 0, ROLE_NORMAL);
	for (size_t i = 0; i < t->dice.lines.count; i++) {
		const char *line = t->dice.lines.items[i];
		if (command_line_kind(&t->dice, i) != LINE_STEP)
			view_add(v, line, width, 2, line_role(t, i, i + 1 == t->dice.lines.count));
		else
			steps = true;
	}
	if (!steps)
		return;
	view_add(v, "steps:", width, 0, ROLE_DIM);
	for (size_t i = 0; i < t->dice.lines.count; i++) {
		if (command_line_kind(&t->dice, i) != LINE_STEP)
			continue;
		view_add(v, shown_line(t, i, narrow), width, 2,
		         t->dice_failed ? ROLE_ERROR : ROLE_NORMAL);
	}
}

/* Is what is to be drawn what the window holds? */
static bool
same_as_drawn(const struct tui *t, const struct dice_view *d, const char *title,
              const struct strlist *lines, const enum tui_role *roles, const char *more)
{
	/* same text: what the pane drew last */
	if (!d->drawn || d->layout != t->layout || strcmp(d->title, title) != 0 ||
	    d->more != more || d->lines.count != lines->count)
		return false;
	for (size_t i = 0; i < lines->count; i++)
		/* same text: what the pane drew last */
		if (roles[i] != d->roles[i] || strcmp(lines->items[i], d->lines.items[i]) != 0)
			return false;
	return true;
}

/* Keep what was drawn (the lines and roles are taken over). */
static void
keep_drawn(const struct tui *t, struct dice_view *d, const char *title, struct strlist *lines,
           enum tui_role *roles, const char *more)
{
	free(d->title);
	strlist_free(&d->lines);
	free(d->roles);
	d->drawn = true;
	d->layout = t->layout;
	d->title = xstrdup(title);
	d->lines = *lines;
	d->roles = roles;
	d->more = more;
	memset(lines, 0, sizeof *lines);
}

static void
dice_draw(struct tui *t, struct pane *p)
{
	WINDOW *w = p->win;
	const struct rect *r = &p->rect;
	struct dice_view *d = p->data;
	struct wrapped v = { { 0 }, NULL, 0, 0 };
	struct strlist shown = { 0 };
	enum tui_role *roles;
	const char *more = NULL;
	char title[128], framed[140];
	int width = r->w - 2, body = r->h - 2;

	if (t->battle.active)
		snprintf(title, sizeof title, "Dice: %s %s %s", t->battle.verb, t->battle.attacker,
		         t->battle.target);
	else
		snprintf(title, sizeof title, "Dice%s", t->dice_rolled ? ": rolled" : "");
	snprintf(framed, sizeof framed, "%c%s", tui_pane_focused(t, p) ? '[' : ' ', title);
	build(t, &v, width);
	if (d->answer != t->dice_answers || d->zoomed != (t->zoom >= 0)) {
		/* a new answer from its top; a roll's from its dice rolled (the line
		 * of the roll), so that the roll and its result are in sight; zoomed,
		 * from its top again */
		d->answer = t->dice_answers;
		d->zoomed = t->zoom >= 0;
		d->top = 0;
		for (size_t k = 0; !d->zoomed && t->dice_rolled && v.roles != NULL && k < v.n; k++)
			if (v.roles[k] == ROLE_KEY) {
				/* its end in sight, but never past the roll's line */
				int end = (int)v.lines.count - body;
				d->top = end < 0 ? 0 : end < (int)k ? end : (int)k;
				break;
			}
	}
	if (d->top > (int)v.lines.count - body)
		d->top = (int)v.lines.count - body > 0 ? (int)v.lines.count - body : 0;
	roles = xcalloc((size_t)body + 1, sizeof *roles);
	for (int i = 0; v.lines.items != NULL && i < body && (size_t)(d->top + i) < v.lines.count;
	     i++) {
		size_t k = (size_t)(d->top + i);
		roles[i] = v.roles != NULL && k < v.n ? v.roles[k] : ROLE_NORMAL;
		strlist_add(&shown, v.lines.items[k]);
	}
	if ((int)v.lines.count > body + d->top)
		more = tui_pane_focused(t, p) ? " more: j, z " : " more: Tab z ";
	free(v.roles);
	strlist_free(&v.lines);
	if (same_as_drawn(t, d, framed, &shown, roles, more)) {
		free(roles);
		strlist_free(&shown);
		return;
	}
	werase(w);
	tui_frame(t, p, title);
	for (size_t i = 0; i < shown.count; i++) {
		wattrset(w, tui_attr(t, roles[i]));
		tui_put(t, w, 1 + (int)i, 1, shown.items[i], width);
	}
	if (more != NULL) {
		wattrset(w, tui_attr(t, ROLE_DIM));
		tui_put(t, w, r->h - 1, r->w - (int)strlen(more) - 1, more, (int)strlen(more));
	}
	wattrset(w, tui_attr(t, ROLE_NORMAL));
	keep_drawn(t, d, framed, &shown, roles, more);
	wnoutrefresh(w);
}

static bool
dice_key(struct tui *t, struct pane *p, int ch)
{
	struct dice_view *d = p->data;

	(void)t;
	switch (ch) {
	case KEY_UP:
	case 'k':
		if (d->top > 0)
			d->top--;
		return true;
	case KEY_DOWN:
	case 'j':
		d->top++;
		return true;
	case KEY_PPAGE:
		d->top = d->top > 5 ? d->top - 5 : 0;
		return true;
	case KEY_NPAGE:
		d->top += 5;
		return true;
	default:
		return false;
	}
}

static void *
dice_init(void)
{
	return xcalloc(1, sizeof(struct dice_view));
}

static void
dice_end(void *data)
{
	struct dice_view *d = data;

	free(d->title);
	strlist_free(&d->lines);
	free(d->roles);
	free(d);
}

const struct pane_ops pane_dice = {
	.init = dice_init,
	.free = dice_end,
	.draw = dice_draw,
	.key = dice_key,
};
