/* tui-scenario.c: the scenario's own data in a form (ui layer), in set-up: its
 * title and notes, each side's name and home edge, the side that plays first,
 * the victory target and the turn limit (blank: none), the card's settings and
 * the board's size, one field a line (the form library). Fields of a few choices (edges, sides, a setting's
 * choices) take only those, turned with the arrows or space; Enter sends a
 * `scenario ...` command for each field changed (so each is journaled and
 * undone alone), the board's size last; Esc sends none.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <form.h>

#include "tui.h"
#include "xmalloc.h"

#define CTRL(c) ((c) & 0x1f)
#define KEY_ESC 27
#define LABEL_W 22

/* One line of the form: what it is called, the command it sends (its words
 * before the value), what it holds now, and for a field of choices those. */
struct row {
	char *label;
	char *command;
	char *now;
	char **choices;          /* NULL-ended; NULL: free text */
	FIELD *field;
};

struct details {
	struct row *rows;
	size_t n, cap;
	FIELD **fields;
	FORM *form;
	WINDOW *sub;
	struct box b;
};

static void
row_add(struct details *d, char *label, char *command, const char *now, char **choices)
{
	struct row *r = xgrow(&d->rows, &d->n, &d->cap, sizeof *r);

	r->label = label;
	r->command = command;
	r->now = xstrdup(now != NULL ? now : "");
	r->choices = choices;
	r->field = NULL;
}

/* A NULL-ended copy of n strings. */
static char **
choice_list(const char *const *items, size_t n)
{
	char **c = xcalloc(n + 1, sizeof *c);

	for (size_t i = 0; i < n; i++)
		c[i] = xstrdup(items[i]);
	return c;
}

static void
rows_build(struct tui *t, struct details *d)
{
	const struct game *g = &t->s->game;
	const struct scenario *sc = &g->sc;
	const struct card *card = game_card(g);
	const char **ids = xcalloc(sc->nteams + 1, sizeof *ids);
	char size[32], *notes;

	row_add(d, xstrdup("Title"), xstrdup("scenario title"), sc->title, NULL);
	/* notes on one line: their line breaks as spaces, the last one left out
	 * (`scenario notes` gives it back) */
	notes = xstrdup(sc->notes != NULL ? sc->notes : "");
	for (char *p = notes; *p != '\0'; p++)
		if (*p == '\n')
			*p = p[1] != '\0' ? ' ' : '\0';
	row_add(d, xstrdup("Notes"), xstrdup("scenario notes"), notes, NULL);
	free(notes);
	for (size_t i = 0; i < sc->nteams; i++) {
		const struct scen_side *s = &sc->teams[i];
		ids[i] = s->id;
		row_add(d, xasprintf("Side %zu name", i + 1), xasprintf("scenario side %s name", s->id),
		        s->name ? s->name : s->id, NULL);
		row_add(d, xasprintf("Side %zu home edge", i + 1),
		        xasprintf("scenario side %s home", s->id), home_edge_names[s->home],
		        choice_list(home_edge_names, N_HOME_EDGES));
	}
	row_add(d, xstrdup("First side"), xstrdup("scenario first"), sc->teams[sc->start_side].id,
	        choice_list(ids, sc->nteams));
	free(ids);
	snprintf(size, sizeof size, "%d", sc->victory.target);
	row_add(d, xstrdup("Victory target"), xstrdup("scenario target"),
	        sc->victory.target > 0 ? size : "", NULL);
	snprintf(size, sizeof size, "%d", sc->victory.turns);
	row_add(d, xstrdup("Turn limit"), xstrdup("scenario turns"),
	        sc->victory.turns > 0 ? size : "", NULL);
	for (size_t i = 0; i < card->nsettings && i < MAX_SETTINGS; i++) {
		const struct setting *s = &card->settings[i];
		int c = g->settings[i] >= 0 ? g->settings[i] : s->def;
		row_add(d, xstrdup(s->id), xasprintf("scenario setting %s", s->id),
		        s->choices[c], choice_list((const char *const *)s->choices, s->nchoices));
	}
	snprintf(size, sizeof size, "%dx%d", sc->board.columns, sc->board.rows);
	row_add(d, xstrdup("Board (COLSxROWS)"), xstrdup("scenario size"), size, NULL);
}

static void
details_close(struct details *d)
{
	if (d->form != NULL) {
		unpost_form(d->form);
		free_form(d->form);
	}
	for (size_t i = 0; i < d->n; i++)
		if (d->rows[i].field != NULL)
			free_field(d->rows[i].field);
	free(d->fields);
	if (d->sub != NULL)
		delwin(d->sub);
	box_close(&d->b);
	d->form = NULL;
	d->fields = NULL;
	d->sub = NULL;
}

static void
rows_free(struct details *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->rows[i].label);
		free(d->rows[i].command);
		free(d->rows[i].now);
		for (char **c = d->rows[i].choices; c != NULL && *c != NULL; c++)
			free(*c);
		free(d->rows[i].choices);
	}
	free(d->rows);
}

/* The box: a line a field, its label left, and the keys under them. */
static bool
details_open(struct tui *t, struct details *d)
{
	int w = COLS - 4 < 76 ? COLS - 4 : 76, h = (int)d->n + 4;

	if (t->too_small || h > LINES || w < LABEL_W + 12 ||
	    !box_open_at(t, &d->b, (LINES - h) / 2, (COLS - w) / 2, h, w, "Scenario details"))
		return false;
	d->fields = xcalloc(d->n + 1, sizeof *d->fields);
	for (size_t i = 0; i < d->n; i++) {
		struct row *r = &d->rows[i];
		tui_put(t, d->b.w, 1 + (int)i, 2, r->label, LABEL_W);
		r->field = new_field(1, w - LABEL_W - 4, (int)i, 0, 0, 0);
		field_opts_off(r->field, O_AUTOSKIP | O_STATIC | O_BLANK);
		set_max_field(r->field, 1024);
		set_field_back(r->field, tui_attr(t, ROLE_FIELD));
		set_field_buffer(r->field, 0, r->now);
		if (r->choices != NULL)
			set_field_type(r->field, TYPE_ENUM, r->choices, 0, 1);
		d->fields[i] = r->field;
	}
	wattrset(d->b.w, tui_attr(t, ROLE_DIM));
	tui_put(t, d->b.w, h - 2, 2,
	        "Enter: apply  Esc: cancel  Tab/arrows: field  Left/Right/space: choice  C-u: clear",
	        w - 4);
	wattrset(d->b.w, tui_attr(t, ROLE_DIALOG));
	d->form = new_form(d->fields);
	d->sub = derwin(d->b.w, (int)d->n, w - LABEL_W - 4, 1, LABEL_W + 2);
	set_form_win(d->form, d->b.w);
	set_form_sub(d->form, d->sub);
	post_form(d->form);
	form_driver(d->form, REQ_END_LINE);
	return true;
}

/* The text of a field, without the spaces the form pads it with. */
static char *
field_text(FIELD *f)
{
	char *s = xstrdup(field_buffer(f, 0)), *end = s + strlen(s), *u;

	while (end > s && end[-1] == ' ')
		*--end = '\0';
	u = tui_utf8(s);
	free(s);
	return u;
}

/* Each field changed as its command, the board's size last (it may be
 * refused); false at the first refused (its message said). */
static bool
details_apply(struct tui *t, struct details *d)
{
	size_t sent = 0;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < d->n; i++) {
			struct row *r = &d->rows[i];
			char *text = field_text(r->field), *word;
			bool last = i + 1 == d->n, ok = true;

			/* same text: the field as the form offered it */
			if ((pass == 0) == last || strcmp(text, r->now) == 0) {
				free(text);
				continue;
			}
			word = command_word(text);
			ok = tui_command(t, "%s %s", r->command, word);
			free(word);
			free(text);
			if (!ok)
				return false;
			sent++;
		}
	if (sent == 0)
		tui_message(t, false, "scenario details: nothing changed");
	else if (sent > 1)
		tui_message(t, false, "scenario details: %zu changes (U takes back one at a time)",
		            sent);
	return true;
}

/* A key: a function or control key, or 0 with a character in *wc. */
static int
details_key(struct details *d, wint_t *wc)
{
	for (;;) {
		WINDOW *w = d->b.w != NULL ? d->b.w : stdscr;
		int r;

		wtimeout(w, 250);
		r = wget_wch(w, wc);
		if (tui_interrupted())
			return KEY_ESC;
		if (r == ERR)
			continue;
		if (r == KEY_CODE_YES || *wc < 0x20 || *wc == 0x7f)
			return (int)*wc;
		return 0;
	}
}

/* One key in the form: false when the form is done. */
static bool
details_drive(struct tui *t, struct details *d, int ch, wint_t wc, bool *apply)
{
	const struct row *r = &d->rows[field_index(current_field(d->form))];
	bool choice = r->choices != NULL;

	switch (ch) {
	case KEY_ESC: return false;
	case '\r': case '\n': case KEY_ENTER:
		*apply = form_driver(d->form, REQ_VALIDATION) == E_OK;
		if (!*apply)
			tui_message(t, true, "%s: one of its choices (Left and Right turn them)",
			            r->label);
		return !*apply;
	case '\t': case KEY_DOWN:
		form_driver(d->form, REQ_NEXT_FIELD);
		form_driver(d->form, REQ_END_LINE);
		break;
	case KEY_BTAB: case KEY_UP:
		form_driver(d->form, REQ_PREV_FIELD);
		form_driver(d->form, REQ_END_LINE);
		break;
	case KEY_LEFT: form_driver(d->form, choice ? REQ_PREV_CHOICE : REQ_PREV_CHAR); break;
	case KEY_RIGHT: form_driver(d->form, choice ? REQ_NEXT_CHOICE : REQ_NEXT_CHAR); break;
	case KEY_HOME: case CTRL('a'): form_driver(d->form, REQ_BEG_LINE); break;
	case KEY_END: case CTRL('e'): form_driver(d->form, REQ_END_LINE); break;
	case KEY_BACKSPACE: case 127: case CTRL('h'):
		if (!choice)
			form_driver(d->form, REQ_DEL_PREV);
		break;
	case KEY_DC: case CTRL('d'):
		if (!choice)
			form_driver(d->form, REQ_DEL_CHAR);
		break;
	case CTRL('u'):
		if (!choice)
			form_driver(d->form, REQ_CLR_FIELD);
		break;
	case 0:
		/* a field of choices takes only those: space turns them */
		if (choice && wc == ' ')
			form_driver(d->form, REQ_NEXT_CHOICE);
		else if (!choice)
			form_driver_w(d->form, OK, (wchar_t)wc);
		break;
	default:
		break;
	}
	return true;
}

void
edit_details(struct tui *t)
{
	struct details d;
	bool apply = false, going = true;

	if (!t->s->game.setup) {
		tui_message(t, true, "scenario details: only in set-up (F10 -> Game -> Edit "
		                     "scenario...); a game keeps the scenario it started from");
		return;
	}
	memset(&d, 0, sizeof d);
	rows_build(t, &d);
	if (!details_open(t, &d)) {
		tui_message(t, true, "scenario details: the terminal is too small for the form");
		rows_free(&d);
		return;
	}
	curs_set(1);
	while (going) {
		wint_t wc = 0;
		int ch;

		update_panels();
		doupdate();
		pos_form_cursor(d.form);
		wrefresh(d.b.w);
		ch = details_key(&d, &wc);
		if (ch == KEY_RESIZE) {
			tui_layout(t);
			tui_draw(t);
			continue;
		}
		going = details_drive(t, &d, ch, wc, &apply);
	}
	curs_set(0);
	form_driver(d.form, REQ_VALIDATION);
	if (apply)
		details_apply(t, &d);
	details_close(&d);
	rows_free(&d);
	tui_draw(t);
}
