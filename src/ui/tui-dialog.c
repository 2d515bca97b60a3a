/* tui-dialog.c: dialogs over the panes (ui layer): a line of text to type (the
 * form library), one item of a list (the menu library), a question answered by
 * a key, and text to read. Each is a centred box in a panel of its own, built
 * again when the terminal is resized; Esc closes it at once (set_escdelay), and
 * a signal that stops hexaid closes it too.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <form.h>
#include <menu.h>

#include "tui.h"
#include "xmalloc.h"

#define CTRL(c) ((c) & 0x1f)
#define KEY_ESC 27

bool
box_open_at(struct tui *t, struct box *b, int y, int x, int h, int w, const char *title)
{
	char buf[256];

	b->h = h;
	b->width = w;
	b->w = newwin(h, w, y, x);
	if (b->w == NULL)
		return false;
	b->p = new_panel(b->w);
	keypad(b->w, TRUE);
	wbkgdset(b->w, ' ' | tui_attr(t, ROLE_DIALOG));
	werase(b->w);
	wattrset(b->w, tui_attr(t, ROLE_FOCUS));
	box(b->w, 0, 0);
	if (title != NULL) {
		snprintf(buf, sizeof buf, " %s ", title);
		tui_put(t, b->w, 0, 2, buf, w - 4);
	}
	wattrset(b->w, tui_attr(t, ROLE_DIALOG));
	return true;
}

/* A box in the middle of the screen. */
static bool
box_open(struct tui *t, struct box *b, int h, int w, const char *title)
{
	if (h > LINES)
		h = LINES;
	if (w > COLS)
		w = COLS;
	return box_open_at(t, b, (LINES - h) / 2, (COLS - w) / 2, h, w, title);
}

void
box_close(struct box *b)
{
	if (b->p != NULL)
		del_panel(b->p);
	if (b->w != NULL)
		delwin(b->w);
	b->p = NULL;
	b->w = NULL;
	update_panels();
}

static void
box_show(void)
{
	update_panels();
	doupdate();
}

/* Read a key for a dialog; KEY_RESIZE after the screen was laid out again, and
 * KEY_ESC when hexaid was asked to stop. */
static int
dialog_key(struct tui *t, struct box *b)
{
	int ch;

	for (;;) {
		ch = tui_getch(t, b->w != NULL ? b->w : stdscr);
		if (tui_interrupted())
			return KEY_ESC;
		if (ch != ERR)
			return ch;
	}
}

static int
dialog_width(int want)
{
	int w = COLS - 4 < want ? COLS - 4 : want;

	return w < 20 ? 20 : w;
}

/* ---- a line of text ------------------------------------------------------------- */

struct input {
	struct box b;
	FIELD *fields[2];
	FORM *form;
	WINDOW *sub;
};

static void
input_close(struct input *in)
{
	if (in->form != NULL) {
		unpost_form(in->form);
		free_form(in->form);
	}
	if (in->fields[0] != NULL)
		free_field(in->fields[0]);
	if (in->sub != NULL)
		delwin(in->sub);
	box_close(&in->b);
	memset(in, 0, sizeof *in);
}

/* The box, its prompt, and under the field what was wrong with the text last
 * offered (why; NULL: nothing). */
static bool
input_open(struct tui *t, struct input *in, const char *title, const char *prompt, const char *text,
           const char *why)
{
	struct strlist lines = { 0 }, wrong = { 0 };
	int width = dialog_width(76), h;

	memset(in, 0, sizeof *in);
	tui_wrap(prompt, width - 4, 0, &lines);
	if (why != NULL) {
		char *said = xasprintf("error: %s", why);
		tui_wrap(said, width - 4, 2, &wrong);
		free(said);
	}
	h = (int)lines.count + 6 + (int)wrong.count;
	if (t->too_small || !box_open(t, &in->b, h, width, title)) {
		char *say = xasprintf("%s\nterminal too small for this dialog: make it larger, or "
		                      "Esc goes back", title);
		if (t->too_small)
			tui_draw_small(t, say);
		free(say);
		strlist_free(&lines);
		strlist_free(&wrong);
		return false;
	}
	for (size_t i = 0; i < lines.count; i++)
		tui_put(t, in->b.w, 1 + (int)i, 2, lines.items[i], width - 4);
	wattrset(in->b.w, tui_attr(t, ROLE_ERROR));
	for (size_t i = 0; i < wrong.count; i++)
		tui_put(t, in->b.w, (int)(lines.count + 4 + i), 2, wrong.items[i], width - 4);
	strlist_free(&wrong);
	wattrset(in->b.w, tui_attr(t, ROLE_DIM));
	tui_put(t, in->b.w, h - 2, 2,
	        why != NULL ? "Enter: OK   Esc: cancel   arrows and Backspace edit the text"
	        : *text     ? "Enter: OK   Esc: cancel   typing replaces the text, arrows edit it"
	                    : "Enter: OK   Esc: cancel", width - 4);
	wattrset(in->b.w, tui_attr(t, ROLE_DIALOG));
	in->fields[0] = new_field(1, width - 4, 0, 0, 0, 0);
	in->fields[1] = NULL;
	field_opts_off(in->fields[0], O_AUTOSKIP | O_STATIC | O_BLANK);
	set_max_field(in->fields[0], 1024);
	set_field_back(in->fields[0], tui_attr(t, ROLE_FIELD));
	set_field_buffer(in->fields[0], 0, text);
	in->form = new_form(in->fields);
	in->sub = derwin(in->b.w, 1, width - 4, (int)lines.count + 2, 2);
	set_form_win(in->form, in->b.w);
	set_form_sub(in->form, in->sub);
	post_form(in->form);
	form_driver(in->form, REQ_END_LINE);
	strlist_free(&lines);
	return true;
}

static char *
input_text(struct input *in)
{
	char *s, *end;

	form_driver(in->form, REQ_VALIDATION);
	s = xstrdup(field_buffer(in->fields[0], 0));
	end = s + strlen(s);
	while (end > s && end[-1] == ' ')
		*--end = '\0';
	return s;
}

/* A key for the text field: a function or control key as wgetch gives it, or 0
 * with a character to insert in *wc (any character of the locale, not only
 * ASCII: a note may be in the players' language). */
static int
input_key(struct tui *t, struct box *b, wint_t *wc)
{
	for (;;) {
		WINDOW *w = b->w != NULL ? b->w : stdscr;
		int r;

		wtimeout(w, 250);
		r = wget_wch(w, wc);
		if (tui_interrupted())
			return KEY_ESC;
		if (r == ERR)
			continue;
		if (r == KEY_CODE_YES) {
			if (*wc == KEY_RESIZE) {
				tui_layout(t);
				tui_draw(t);
			}
			return (int)*wc;
		}
		if (*wc < 0x20 || *wc == 0x7f)
			return (int)*wc;
		return 0;
	}
}

/* The same in a locale of one byte a character (C, POSIX, Latin-1): ncurses'
 * wget_wch waits there for the rest of a character that a byte of 0x80 or more
 * does not end, swallowing the keys after it, Enter too. The key is read as a
 * byte: a character of the locale, or, when it is none (in C, any byte of 0x80
 * or more), nothing. */
static int
input_byte_key(struct tui *t, struct box *b, wint_t *wc)
{
	for (;;) {
		WINDOW *w = b->w != NULL ? b->w : stdscr;
		int c;

		wtimeout(w, 250);
		c = wgetch(w);
		if (tui_interrupted())
			return KEY_ESC;
		if (c == ERR)
			continue;
		if (c == KEY_RESIZE) {
			tui_layout(t);
			tui_draw(t);
		}
		if (c > 0xff || c < 0x20 || c == 0x7f)
			return c;
		if ((*wc = btowc(c)) == WEOF) {
			beep();
			continue;
		}
		return 0;
	}
}

char *
tui_utf8(const char *s)
{
	mbstate_t st;
	const char *p = s;
	size_t n;
	wchar_t *wide;
	struct strbuf out = { NULL, 0, 0 };

	memset(&st, 0, sizeof st);
	n = mbsrtowcs(NULL, &p, 0, &st);
	if (n == (size_t)-1)
		return xstrdup(s);      /* not text of the locale: the command says so */
	wide = xreallocarray(NULL, n + 1, sizeof *wide);
	p = s;
	memset(&st, 0, sizeof st);
	mbsrtowcs(wide, &p, n + 1, &st);
	strbuf_addf(&out, "%s", "");
	for (size_t i = 0; i < n; i++) {
		unsigned long c = (unsigned long)wide[i];
		if (c < 0x80)
			strbuf_addf(&out, "%c", (int)c);
		else if (c < 0x800)
			strbuf_addf(&out, "%c%c", (int)(0xC0 | c >> 6), (int)(0x80 | (c & 0x3F)));
		else if (c < 0x10000)
			strbuf_addf(&out, "%c%c%c", (int)(0xE0 | c >> 12), (int)(0x80 | (c >> 6 & 0x3F)),
			            (int)(0x80 | (c & 0x3F)));
		else
			strbuf_addf(&out, "%c%c%c%c", (int)(0xF0 | c >> 18), (int)(0x80 | (c >> 12 & 0x3F)),
			            (int)(0x80 | (c >> 6 & 0x3F)), (int)(0x80 | (c & 0x3F)));
	}
	free(wide);
	return out.text;
}

bool
dialog_input(struct tui *t, const char *title, const char *prompt, const char *initial,
             char **out)
{
	return dialog_input_checked(t, title, prompt, initial, NULL, NULL, out);
}

bool
dialog_input_checked(struct tui *t, const char *title, const char *prompt, const char *initial,
                     input_check check, void *ctx, char **out)
{
	struct input in;
	char *text = xstrdup(initial ? initial : ""), *why = NULL;
	bool done = false, ok = false, fresh = *text != '\0';

	*out = NULL;
	input_open(t, &in, title, prompt, text, NULL);
	curs_set(1);
	while (!done) {
		wint_t wc = 0;
		int ch;
		if (in.b.w != NULL) {
			pos_form_cursor(in.form);
			box_show();
			pos_form_cursor(in.form);
			wrefresh(in.b.w);
		}
		ch = MB_CUR_MAX == 1 ? input_byte_key(t, &in.b, &wc) : input_key(t, &in.b, &wc);
		if (ch == KEY_RESIZE) {
			if (in.form != NULL) {
				free(text);
				text = input_text(&in);
			}
			input_close(&in);
			input_open(t, &in, title, prompt, text, why);
			continue;
		}
		if (in.form == NULL) {
			done = ch == KEY_ESC;
			continue;
		}
		switch (ch) {
		case KEY_ESC: done = true; break;
		case '\r': case '\n': case KEY_ENTER:
			free(text);
			text = input_text(&in);
			free(why);
			why = check != NULL ? check(t, text, ctx) : NULL;
			if (why == NULL) {
				ok = done = true;
				break;
			}
			/* kept as typed, with what was wrong under it */
			input_close(&in);
			input_open(t, &in, title, prompt, text, why);
			curs_set(1);
			break;
		case KEY_LEFT: form_driver(in.form, REQ_PREV_CHAR); break;
		case KEY_RIGHT: form_driver(in.form, REQ_NEXT_CHAR); break;
		case KEY_HOME: case CTRL('a'): form_driver(in.form, REQ_BEG_LINE); break;
		case KEY_END: case CTRL('e'): form_driver(in.form, REQ_END_LINE); break;
		case KEY_BACKSPACE: case 127: case CTRL('h'): form_driver(in.form, REQ_DEL_PREV); break;
		case KEY_DC: case CTRL('d'): form_driver(in.form, REQ_DEL_CHAR); break;
		case CTRL('u'): form_driver(in.form, REQ_CLR_FIELD); break;
		case CTRL('k'): form_driver(in.form, REQ_CLR_EOL); break;
		case 0:
			/* the text offered is replaced by what is typed first */
			if (fresh)
				form_driver(in.form, REQ_CLR_FIELD);
			form_driver_w(in.form, OK, (wchar_t)wc);
			break;
		default:
			break;
		}
		fresh = false;
	}
	curs_set(0);
	input_close(&in);
	free(why);
	if (ok)
		*out = text;
	else
		free(text);
	tui_draw(t);
	return ok;
}

/* ---- a list of items (the chooser's, the menu bar's) -------------------------------- */

void
item_list_new(struct tui *t, struct item_list *l, const char *const *names,
              const char *const *descs, size_t n, int rows)
{
	memset(l, 0, sizeof *l);
	l->n = n;
	l->items = xcalloc(n + 1, sizeof *l->items);
	for (size_t i = 0; i < n; i++)
		l->items[i] = new_item(names[i], descs != NULL ? descs[i] : "");
	l->menu = new_menu(l->items);
	if (descs == NULL)
		menu_opts_off(l->menu, O_SHOWDESC);
	set_menu_format(l->menu, rows, 1);
	set_menu_fore(l->menu, tui_attr(t, ROLE_MENU_SEL));
	set_menu_back(l->menu, tui_attr(t, ROLE_DIALOG));
	set_menu_grey(l->menu, tui_attr(t, ROLE_DIM));
}

void
item_list_post(struct item_list *l, WINDOW *w, struct rect at)
{
	l->sub = derwin(w, at.h, at.w, at.y, at.x);
	set_menu_win(l->menu, w);
	set_menu_sub(l->menu, l->sub);
	post_menu(l->menu);
}

void
item_list_free(struct item_list *l)
{
	if (l->menu != NULL) {
		unpost_menu(l->menu);
		free_menu(l->menu);
	}
	for (size_t i = 0; l->items != NULL && i < l->n; i++)
		free_item(l->items[i]);
	free(l->items);
	if (l->sub != NULL)
		delwin(l->sub);
	memset(l, 0, sizeof *l);
}

/* ---- one of a list ---------------------------------------------------------------- */

struct chooser {
	struct box b;
	struct item_list list;
};

static void
chooser_close(struct chooser *c)
{
	item_list_free(&c->list);
	box_close(&c->b);
	memset(c, 0, sizeof *c);
}

static bool
chooser_open(struct tui *t, struct chooser *c, const char *title, const char *const *labels,
             size_t n, int current)
{
	static const char hint[] = "Enter: choose  Esc: cancel  letters: find";
	int widest = (int)strlen(hint) + 4, rows, width;

	memset(c, 0, sizeof *c);
	if ((int)strlen(title) + 6 > widest)
		widest = (int)strlen(title) + 6;
	if (t->too_small)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((int)strlen(labels[i]) + 6 > widest)
			widest = (int)strlen(labels[i]) + 6;
	width = dialog_width(widest);
	rows = (int)n < LINES - 8 ? (int)n : LINES - 8;
	if (rows < 1)
		rows = 1;
	if (!box_open(t, &c->b, rows + 4, width, title))
		return false;
	item_list_new(t, &c->list, labels, NULL, n, rows);
	set_menu_mark(c->list.menu, "> ");
	item_list_post(&c->list, c->b.w, (struct rect){ 1, 2, rows, width - 4 });
	if (current > 0 && (size_t)current < n)
		set_current_item(c->list.menu, c->list.items[current]);
	wattrset(c->b.w, tui_attr(t, ROLE_DIM));
	tui_put(t, c->b.w, rows + 2, 2, hint, width - 4);
	return true;
}

int
dialog_choose(struct tui *t, const char *title, const char *const *items, size_t n)
{
	return dialog_choose_from(t, title, items, n, 0);
}

int
dialog_choose_from(struct tui *t, const char *title, const char *const *items, size_t n,
                   int first)
{
	struct chooser c;
	int chosen = -1, current = first > 0 && (size_t)first < n ? first : 0;
	bool done = false;

	if (n == 0)
		return -1;
	chooser_open(t, &c, title, items, n, current);
	while (!done) {
		int ch;
		if (c.b.w != NULL)
			box_show();
		ch = dialog_key(t, &c.b);
		if (ch == KEY_RESIZE) {
			if (c.list.menu != NULL)
				current = item_index(current_item(c.list.menu));
			chooser_close(&c);
			chooser_open(t, &c, title, items, n, current);
			continue;
		}
		if (c.list.menu == NULL)
			continue;
		switch (ch) {
		case KEY_ESC: done = true; break;
		case '\r': case '\n': case KEY_ENTER:
			chosen = item_index(current_item(c.list.menu));
			done = true;
			break;
		case KEY_UP: menu_driver(c.list.menu, REQ_UP_ITEM); break;
		case KEY_DOWN: menu_driver(c.list.menu, REQ_DOWN_ITEM); break;
		case KEY_PPAGE: menu_driver(c.list.menu, REQ_SCR_UPAGE); break;
		case KEY_NPAGE: menu_driver(c.list.menu, REQ_SCR_DPAGE); break;
		case KEY_HOME: menu_driver(c.list.menu, REQ_FIRST_ITEM); break;
		case KEY_END: menu_driver(c.list.menu, REQ_LAST_ITEM); break;
		case KEY_BACKSPACE: case 127: menu_driver(c.list.menu, REQ_BACK_PATTERN); break;
		default:
			if (ch > 0x20 && ch < 0x7f && menu_driver(c.list.menu, ch) != E_OK)
				menu_driver(c.list.menu, REQ_CLEAR_PATTERN);
			break;
		}
	}
	chooser_close(&c);
	tui_draw(t);
	return chosen;
}

/* ---- a question ------------------------------------------------------------------ */

/* The line a box h lines high starts on: the middle of the screen, or, with
 * a part of the screen to keep in sight (keep), above it, else below it, where
 * there is room. */
static int
box_top(int h, const struct rect *keep)
{
	int middle = (LINES - h) / 2;

	if (keep == NULL || middle + h <= keep->y || middle >= keep->y + keep->h)
		return middle;
	if (h <= keep->y)
		return (keep->y - h) / 2;
	if (LINES - (keep->y + keep->h) >= h)
		return keep->y + keep->h;
	return middle;
}

static bool
ask_open(struct tui *t, struct box *b, const char *title, const char *question,
         const struct rect *keep)
{
	struct strlist lines = { 0 };
	int width = dialog_width(70), h;
	char *copy = xstrdup(question), *save = NULL;

	memset(b, 0, sizeof *b);
	/* each paragraph of the question wrapped on its own */
	for (char *p = copy; p != NULL; p = save) {
		save = strchr(p, '\n');
		if (save != NULL)
			*save++ = '\0';
		tui_wrap(p, width - 4, 3, &lines);
	}
	free(copy);
	h = (int)lines.count + 2 < LINES ? (int)lines.count + 2 : LINES;
	if (!t->too_small && box_open_at(t, b, box_top(h, keep), (COLS - width) / 2, h, width, title))
		for (size_t i = 0; i < lines.count; i++)
			tui_put(t, b->w, 1 + (int)i, 2, lines.items[i], width - 4);
	strlist_free(&lines);
	if (t->too_small) {
		/* no room for a box: the question on the whole screen, answered alike */
		char *all = xasprintf("%s\n%s", title, question);
		tui_draw_small(t, all);
		free(all);
	}
	return b->w != NULL;
}

int
dialog_ask(struct tui *t, const char *title, const char *question, const char *keys)
{
	return dialog_ask_keeping(t, title, question, keys, NULL);
}

int
dialog_ask_keeping(struct tui *t, const char *title, const char *question, const char *keys,
                   const struct rect *keep)
{
	struct box b;
	int answer = -1;

	ask_open(t, &b, title, question, keep);
	while (answer < 0) {
		int ch;
		if (b.w != NULL)
			box_show();
		ch = dialog_key(t, &b);
		if (ch == KEY_RESIZE) {
			box_close(&b);
			ask_open(t, &b, title, question, keep);
		} else if (ch == KEY_ESC) {
			answer = 0;
		} else if (ch >= 'A' && ch <= 'Z' && strchr(keys, ch) != NULL) {
			answer = ch;   /* a capital among the keys is that key only */
		} else if (ch > 0 && ch < 0x80 && ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) &&
		           strchr(keys, ch | 0x20) != NULL) {
			answer = ch | 0x20;
		}
	}
	box_close(&b);
	if (!t->no_game)
		tui_draw(t);
	return answer;
}

/* ---- text to read ---------------------------------------------------------------- */

static void
text_draw(struct tui *t, struct box *b, const char *title, const struct strlist *lines, int top)
{
	int rows = b->h - 2;
	char buf[128];

	werase(b->w);
	wattrset(b->w, tui_attr(t, ROLE_FOCUS));
	box(b->w, 0, 0);
	snprintf(buf, sizeof buf, " %s ", title);
	tui_put(t, b->w, 0, 2, buf, b->width - 4);
	if ((int)lines->count > rows) {
		snprintf(buf, sizeof buf, " %d-%d of %zu ", top + 1,
		         top + rows < (int)lines->count ? top + rows : (int)lines->count, lines->count);
		tui_put(t, b->w, b->h - 1, b->width - (int)strlen(buf) - 2, buf, (int)strlen(buf));
	}
	wattrset(b->w, tui_attr(t, ROLE_DIALOG));
	for (int i = 0; i < rows && (size_t)(top + i) < lines->count; i++) {
		const char *l = lines->items[top + i];
		bool head = l[0] != ' ' && l[0] != '\0' && top + i > 0;
		wattrset(b->w, tui_attr(t, head ? ROLE_TITLE : ROLE_DIALOG));
		tui_put(t, b->w, 1 + i, 2, l, b->width - 4);
	}
	wattrset(b->w, tui_attr(t, ROLE_DIALOG));
}

static bool
text_open(struct tui *t, struct box *b, const char *title, const struct strlist *lines)
{
	int widest = (int)strlen(title) + 8, h;

	memset(b, 0, sizeof *b);
	if (t->too_small)
		return false;
	for (size_t i = 0; i < lines->count; i++)
		if ((int)strlen(lines->items[i]) + 4 > widest)
			widest = (int)strlen(lines->items[i]) + 4;
	h = (int)lines->count + 2 < LINES - 2 ? (int)lines->count + 2 : LINES - 2;
	return box_open(t, b, h, widest < COLS - 2 ? widest : COLS - 2, title);
}

void
dialog_text(struct tui *t, const char *title, const struct strlist *lines)
{
	struct box b;
	int top = 0;
	bool done = false;

	text_open(t, &b, title, lines);
	while (!done) {
		int ch, rows = b.h - 2, last = (int)lines->count - rows;
		if (last < 0)
			last = 0;
		if (top > last)
			top = last;
		if (top < 0)
			top = 0;
		if (b.w != NULL) {
			text_draw(t, &b, title, lines, top);
			box_show();
		}
		ch = dialog_key(t, &b);
		switch (ch) {
		case KEY_RESIZE:
			box_close(&b);
			text_open(t, &b, title, lines);
			break;
		case KEY_UP: case 'k': top--; break;
		case KEY_DOWN: case 'j': top++; break;
		case KEY_PPAGE: case 'b': top -= rows; break;
		case KEY_NPAGE: case ' ': top += rows; break;
		case KEY_HOME: case 'g': top = 0; break;
		case KEY_END: case 'G': top = last; break;
		default:
			done = true;
			break;
		}
	}
	box_close(&b);
	tui_draw(t);
}
