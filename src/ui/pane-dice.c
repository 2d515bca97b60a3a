/* pane-dice.c: the dice pane (ui layer): the battle being set up and its roll.
 * Before the roll it shows what `explain UNIT TARGET` answers (the dice or the
 * modifier, each step with its card line, the exact odds); `r` rolls by running
 * the battle command, `e` takes the dice rolled on the table (roll=...), and the
 * pane then shows the battle's answer: the faces rolled, what they scored, what
 * was applied.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "xmalloc.h"

void
pending_clear(struct tui *t)
{
	free(t->battle.attacker);
	free(t->battle.target);
	free(t->battle.words);
	memset(&t->battle, 0, sizeof t->battle);
}

/* The dice pane's own state: the first line in view, and what it drew last
 * (its title, lines and their roles, the bottom edge's words; on the windows
 * of a layout), to draw it again only when that changes. */
struct dice_view {
	int top;
	bool drawn;
	unsigned long layout;
	char *title;
	struct strlist lines;
	enum tui_role *roles;
	const char *more;
};

/* Show an answer: its lines, and what each is. */
static void
set_lines(struct tui *t, const struct command_result *res)
{
	struct dice_view *v = tui_pane(t, &pane_dice)->data;
	struct command_result *d = &t->dice;

	command_result_free(d);
	for (size_t i = 0; i < res->lines.count; i++)
		strlist_add(&d->lines, res->lines.items[i]);
	d->marks = xcalloc(res->nmarks + 1, sizeof *d->marks);
	for (size_t i = 0; i < res->nmarks; i++) {
		d->marks[i].kind = res->marks[i].kind;
		d->marks[i].brief = res->marks[i].brief ? xstrdup(res->marks[i].brief) : NULL;
	}
	d->nmarks = d->cap_marks = res->nmarks;
	v->top = 0;
}

/* The combat type a verb names, as fire and melee choose it: the card's first
 * or last; none for battle (the command then chooses by distance). */
static const char *
verb_combat(const struct tui *t)
{
	const struct card *card = game_card(&t->s->game);
	size_t n = card->words[WL_COMBAT].count;

	if (n == 0 || strcmp(t->battle.verb, "battle") == 0)
		return "";
	return card->words[WL_COMBAT].words[strcmp(t->battle.verb, "fire") == 0 ? 0 : n - 1];
}

void
pending_explain(struct tui *t)
{
	struct command_result res;
	bool ok;

	if (!t->battle.active)
		return;
	ok = tui_query(t, &res, "explain %s %s %s %s", t->battle.attacker, t->battle.target,
	               verb_combat(t), t->battle.words ? t->battle.words : "");
	set_lines(t, &res);
	t->dice_failed = !ok;
	t->dice_rolled = false;
	command_result_free(&res);
}

void
pending_prepare(struct tui *t, const char *verb)
{
	const struct game *g = &t->s->game;
	int a = tui_selected(t), target = tui_unit_at_cursor(t);

	if (a < 0) {
		tui_message(t, true, "select one of your units first (Enter or s on it), then put the "
		                     "cursor on the unit to battle");
		return;
	}
	if (target < 0 || target == a) {
		tui_message(t, true, "put the cursor on the unit %s is to battle", g->units[a].id);
		return;
	}
	pending_clear(t);
	t->battle.active = true;
	snprintf(t->battle.verb, sizeof t->battle.verb, "%s", verb);
	t->battle.attacker = xstrdup(g->units[a].id);
	t->battle.target = xstrdup(g->units[target].id);
	t->battle.words = xstrdup("");
	pending_explain(t);
	tui_message(t, t->dice_failed, "%s %s %s: %s", verb, t->battle.attacker, t->battle.target,
	            t->dice_failed ? "hexaid says no (the dice pane tells why)"
	                           : "r: roll   e: enter the dice rolled   o: add words   Esc: cancel");
}

/* The battle set up, run with the dice given (NULL: hexaid rolls). True when it
 * was fought; else *why (when asked for, free it) is the reason, and the
 * failure is in the log pane only when why is NULL. */
static bool
run_battle(struct tui *t, const char *values, char **why)
{
	struct command_result res;
	size_t logged;
	char *line;
	bool ok;

	line = xasprintf("%s %s %s %s%s%s", t->battle.verb, t->battle.attacker, t->battle.target,
	                 t->battle.words ? t->battle.words : "", values ? " roll=" : "",
	                 values ? values : "");
	logged = t->s->game.log.count;
	ok = session_run(t->s, line, &res);
	if (ok) {
		tui_game_changed(t);
		set_lines(t, &res);
		t->dice_failed = false;
		t->dice_rolled = true;
		/* the battle's last word (a retreat to make) is kept in the log pane */
		tui_tell(t, logged, true, res.lines.count ? res.lines.items[res.lines.count - 1] : line);
		pending_clear(t);
	} else if (why != NULL) {
		*why = xstrdup(res.lines.count ? res.lines.items[res.lines.count - 1]
		                               : "the battle failed");
	} else {
		tui_report_failure(t, line, &res, "the battle failed");
	}
	command_result_free(&res);
	free(line);
	return ok;
}

void
pending_roll(struct tui *t, const char *values)
{
	if (!t->battle.active) {
		tui_message(t, true, "no battle is set up: put the cursor on an enemy and press f or m");
		return;
	}
	if (results_ask_needs(t) && run_battle(t, values, NULL))
		results_after_battle(t);
}

/* A plain die's faces, "1 to 6". */
static char *
numbers_help(const struct die_kind *d)
{
	return d->sides > 0 ? xasprintf("1 to %d", d->sides) : xstrdup("the numbers on the dice");
}

/* The faces players may type, from the card's battle die: "s soldier, f flag", or
 * "1 to 6" for a die of numbers. */
static char *
face_help(const struct tui *t)
{
	const struct card *card = game_card(&t->s->game);
	const struct die_kind *d;
	char *s = xstrdup("");

	if (card->battle_die < 0)
		return xstrdup("the numbers on the dice");
	d = &card->dice[card->battle_die];
	if (d->nfaces == 0) {
		free(s);
		return numbers_help(d);
	}
	for (size_t i = 0; i < d->nfaces; i++) {
		char *next = xasprintf("%s%s%s %s", s, i ? ", " : "",
		                       d->faces[i].short_name ? d->faces[i].short_name : d->faces[i].id,
		                       d->faces[i].name ? d->faces[i].name : d->faces[i].id);
		free(s);
		s = next;
	}
	return s;
}

/* Is c one die's word by itself: a face's one-letter short name, or a digit that
 * is a side of a plain die of fewer than ten sides (or, with no battle die, any)? */
static bool
one_char_die(const struct tui *t, char c)
{
	const struct card *card = game_card(&t->s->game);
	const struct die_kind *d = card->battle_die >= 0 ? &card->dice[card->battle_die] : NULL;
	char word[2] = { c, '\0' };

	if (c >= '1' && c <= '9')
		return d == NULL || (d->nfaces == 0 && d->sides < 10 && c - '0' <= d->sides);
	return d != NULL && d->nfaces > 0 && die_face_named(d, word) >= 0;
}

/* The dice as typed, as roll= takes them: words separated by commas. Words are
 * separated by blanks or commas; a word of several one-character dice ("sdf",
 * "35") is that many dice, so that a die is one key. */
static char *
dice_words(const struct tui *t, const char *typed)
{
	struct strbuf out = { NULL, 0, 0 };
	const char *p = typed;

	strbuf_addf(&out, "%s", "");
	while (*p != '\0') {
		size_t n = strcspn(p, " ,"), k;
		for (k = 0; k < n && n > 1 && one_char_die(t, p[k]); k++)
			;
		if (n > 0 && k == n && n > 1) {
			for (k = 0; k < n; k++)
				strbuf_addf(&out, "%s%c", out.len ? "," : "", p[k]);
		} else if (n > 0) {
			strbuf_addf(&out, "%s%.*s", out.len ? "," : "", (int)n, p);
		}
		p += n;
		p += strspn(p, " ,");
	}
	return out.text;
}

/* The dice dialog's check: fight the battle with them; what was wrong, else. */
static char *
try_dice(struct tui *t, const char *typed, void *ctx)
{
	char *values = dice_words(t, typed), *why = NULL;

	(void)ctx;
	if (*values == '\0')
		why = xstrdup("type the dice rolled, or Esc");
	else if (!t->battle.active)
		why = xstrdup("no battle is set up any more");
	else
		run_battle(t, values, &why);
	free(values);
	return why;
}

void
pending_enter(struct tui *t)
{
	char *prompt, *faces, *values = NULL, *dice = NULL;

	if (!t->battle.active) {
		tui_message(t, true, "no battle is set up: put the cursor on an enemy and press f or m");
		return;
	}
	if (!results_ask_needs(t))
		return;
	for (size_t i = 0; i < t->dice.lines.count && dice == NULL; i++)
		if (command_line_kind(&t->dice, i) == LINE_DICE)
			dice = t->dice.lines.items[i];
	faces = face_help(t);
	prompt = xasprintf("The dice rolled on the table (%s), a key each, or words separated by "
	                   "spaces or commas. Faces: %s.", dice ? dice : "as many as are rolled",
	                   faces);
	if (dialog_input_checked(t, "Enter the dice", prompt, "", try_dice, NULL, &values))
		results_after_battle(t);
	free(values);
	free(prompt);
	free(faces);
}

void
pending_words(struct tui *t)
{
	char *words = NULL;

	if (!t->battle.active) {
		tui_message(t, true, "no battle is set up: put the cursor on an enemy and press f or m");
		return;
	}
	if (dialog_input(t, "Battle words",
	                 "What the map cannot show, as words after the target: facts (charge, "
	                 "from_flank, stationary=false), dice=N, drm=N, target_on=TERRAIN, "
	                 "crossed=TERRAIN, without=TERRAIN, attacker_value=N defender_value=N.",
	                 t->battle.words, &words)) {
		free(t->battle.words);
		t->battle.words = words;
		pending_explain(t);
	}
}

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
 * what it did), then the steps behind them (the indented lines). */
static void
build(const struct tui *t, struct wrapped *v, int width)
{
	bool narrow = width < 60, steps = false;

	if (t->dice.lines.count == 0 && !t->battle.active)
		for (size_t i = 0; i < sizeof idle_text / sizeof idle_text[0]; i++)
			view_add(v, idle_text[i], width, 0, ROLE_NORMAL);
	for (size_t i = 0; i < t->dice.lines.count; i++) {
		const char *line = t->dice.lines.items[i];
		if (line[0] != ' ')
			view_add(v, line, width, 2, line_role(t, i, i + 1 == t->dice.lines.count));
		else
			steps = true;
	}
	if (!steps)
		return;
	view_add(v, "steps:", width, 0, ROLE_DIM);
	for (size_t i = 0; i < t->dice.lines.count; i++) {
		if (t->dice.lines.items[i][0] != ' ')
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
	if (!d->drawn || d->layout != t->layout || strcmp(d->title, title) != 0 ||
	    d->more != more || d->lines.count != lines->count)
		return false;
	for (size_t i = 0; i < lines->count; i++)
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
