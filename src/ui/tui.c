/* tui.c: the terminal interface's core (ui layer), under its models, panes and
 * keys: starts curses with newterm (never initscr), chooses colours or
 * monochrome attributes by meaning, restores the terminal on every way out
 * (signals included), draws text clipped and wrapped, runs commands for the
 * rest of the interface and keeps what they said (the message line, the notes
 * of the log pane). It calls none of the files above it; the screen behind a
 * dialog is drawn with t->draw (tui-main.c's).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#include "diag.h"
#include "render.h"
#include "save.h"
#include "tui-term.h"
#include "tui.h"
#include "xmalloc.h"

/* The terminal as it was before curses, and what puts it back, for the signal
 * handlers: the one piece of state that has to be global. */
static struct {
	volatile sig_atomic_t caught;   /* a signal that asks hexaid to stop */
	struct termios modes;
	bool have_modes;
	char reset[256];                /* leave the alternate screen, show the cursor */
	size_t reset_len;
} term_saved;

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

static void
on_stop_signal(int sig)
{
	term_saved.caught = sig;
}

/* A crash: put the terminal back with what is safe in a signal handler, then die
 * of the same signal. */
static void
on_fatal_signal(int sig)
{
	if (term_saved.reset_len > 0) {
		ssize_t n = write(STDOUT_FILENO, term_saved.reset, term_saved.reset_len);
		(void)n;
	}
	if (term_saved.have_modes)
		tcsetattr(STDIN_FILENO, TCSANOW, &term_saved.modes);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop_signal;   /* no SA_RESTART: a read returns at once */
	for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
		struct sigaction old;
		/* a signal ignored when hexaid started (nohup, a background job) stays so */
		if (sigaction(stop_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(stop_signals[i], &sa, NULL);
	}
	sa.sa_handler = on_fatal_signal;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
		struct sigaction old;
		/* a sanitizer's own handler stays: it restores nothing but reports more */
		if (sigaction(fatal_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_DFL)
			continue;
		sigaction(fatal_signals[i], &sa, NULL);
	}
}

static void
release_signals(void)
{
	for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
		struct sigaction old;
		if (sigaction(stop_signals[i], NULL, &old) == 0 && old.sa_handler == on_stop_signal)
			signal(stop_signals[i], SIG_DFL);
	}
}

bool
tui_interrupted(void)
{
	return term_saved.caught != 0;
}

int
tui_signal(void)
{
	return term_saved.caught;
}

/* ---- colours ---------------------------------------------------------------------- */

struct role_def {
	short fg, bg;
	attr_t color_attr, mono_attr;
};

static const struct role_def role_defs[N_ROLES] = {
#define TUI_ROLE_DEF(name, fg, bg, cattr, mattr) { fg, bg, cattr, mattr },
	TUI_ROLES(TUI_ROLE_DEF)
#undef TUI_ROLE_DEF
};

static void
setup_colors(struct tui *t)
{
	const char *no_color = getenv("NO_COLOR");
	bool defaults;

	/* ncurses does not read NO_COLOR itself */
	t->color = has_colors() && (no_color == NULL || *no_color == '\0');
	if (t->color && start_color() != OK)
		t->color = false;
	if (!t->color) {
		for (int r = 0; r < N_ROLES; r++)
			t->attr[r] = role_defs[r].mono_attr;
		return;
	}
	defaults = use_default_colors() == OK;
	for (int r = 0; r < N_ROLES; r++) {
		short fg = role_defs[r].fg, bg = role_defs[r].bg;

		t->plain_bg[r] = defaults && bg < 0;

		if (!defaults) {
			fg = fg < 0 ? COLOR_WHITE : fg;
			bg = bg < 0 ? COLOR_BLACK : bg;
		}
		if (r == ROLE_NORMAL || r >= COLOR_PAIRS) {
			t->attr[r] = role_defs[r].color_attr;
			continue;
		}
		init_pair((short)r, fg, bg);
		t->attr[r] = COLOR_PAIR(r) | role_defs[r].color_attr;
	}
}

attr_t
tui_attr(const struct tui *t, enum tui_role role)
{
	return t->attr[role];
}

bool
tui_blank_plain(const struct tui *t, attr_t attr)
{
	int pair = PAIR_NUMBER(attr);

	if (attr & (A_REVERSE | A_UNDERLINE | A_STANDOUT | A_BLINK | A_INVIS | A_ITALIC))
		return false;
	return pair == 0 || (pair < N_ROLES && t->plain_bg[pair]);
}

/* ---- helpers for the panes ------------------------------------------------------- */

/* How many cells the next character takes, and its length in bytes (1 for a byte
 * that is not UTF-8, shown as '?'). */
static int
next_char(const char *s, size_t *len, bool utf8)
{
	mbstate_t st;
	wchar_t wc;
	size_t n;
	int w;

	if ((unsigned char)*s < 0x80 || !utf8) {
		*len = 1;
		return 1;
	}
	memset(&st, 0, sizeof st);
	n = mbrtowc(&wc, s, MB_CUR_MAX, &st);
	if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
		*len = 1;
		return 1;
	}
	*len = n;
	w = wcwidth(wc);
	return w < 0 ? 1 : w;
}

/* A run of printable ASCII at (y, x), its cells made as waddnstr would make
 * them (the window's attributes, its background being a plain blank) and put
 * in at once, the cursor left after it; false (nothing done) when the window's
 * background is not plain or the run reaches its last column (where waddnstr
 * moves the cursor on its own way). */
static bool
put_run(WINDOW *w, int y, int x, const char *text, int len)
{
	chtype cells[256];
	attr_t attrs = (attr_t)getattrs(w);

	if (len > (int)(sizeof cells / sizeof cells[0]) || x + len >= getmaxx(w) ||
	    (getbkgd(w) & ~(chtype)' ') != 0)
		return false;
	for (int i = 0; i < len; i++)
		cells[i] = (chtype)(unsigned char)text[i] | attrs;
	mvwaddchnstr(w, y, x, cells, len);
	wmove(w, y, x + len);
	return true;
}

void
tui_put(const struct tui *t, WINDOW *w, int y, int x, const char *text, int width)
{
	int used = 0;

	if (width <= 0 || wmove(w, y, x) == ERR)
		return;
	while (*text != '\0') {
		size_t len;
		int cw;

		/* a run of printable ASCII, as much as fits, in one call */
		for (len = 0; (int)len < width - used && text[len] >= ' ' && text[len] < 0x7f; len++)
			;
		if (len > 0 && put_run(w, y, x + used, text, (int)len)) {
			used += (int)len;
			text += len;
			continue;
		}
		if (len > 0) {
			waddnstr(w, text, (int)len);
			used += (int)len;
			text += len;
			continue;
		}
		cw = next_char(text, &len, t->utf8);
		if (used + cw > width)
			break;
		if ((unsigned char)*text < 0x20 || *text == 0x7f ||
		    ((unsigned char)*text >= 0x80 && (!t->utf8 || len == 1)))
			waddch(w, '?');
		else
			waddnstr(w, text, (int)len);
		used += cw;
		text += len;
	}
}

int
tui_put_elided(const struct tui *t, WINDOW *w, int y, int x, const char *text, int width)
{
	size_t at = 0, cut = 0, space = 0, len;
	int used = 0, cut_used = 0, space_used = 0;
	char *part;

	/* the end of the last whole character that leaves room for "...", and the
	 * last space before it */
	while (text[at] != '\0') {
		int cw = next_char(text + at, &len, t->utf8);
		if (used + cw > width)
			break;
		if (used + cw <= width - 3) {
			cut = at + len;
			cut_used = used + cw;
			if (text[at] == ' ')
				space = at, space_used = used;
		}
		used += cw;
		at += len;
	}
	if (text[at] == '\0' || width < 8) {
		tui_put(t, w, y, x, text, width);
		return used;
	}
	/* at a word's end, when that keeps most of the line */
	if (space > 0 && space_used >= cut_used * 2 / 3)
		cut = space;
	/* "extra." and "fire," end as "extra..." and "fire..." */
	while (cut > 0 && strchr(" .,;:", text[cut - 1]) != NULL)
		cut--;
	part = xasprintf("%.*s...", (int)cut, text);
	tui_put(t, w, y, x, part, width);
	for (at = 0, used = 0; part[at] != '\0'; at += len)
		used += next_char(part + at, &len, t->utf8);
	free(part);
	return used;
}

/* How tui_wrap breaks a text: its width (at least 8), the hang and the
 * indentation of the lines after the first. */
struct wrap {
	int width, hang, indent;
};

static struct wrap
wrap_start(const char *text, int width, int hang)
{
	struct wrap w = { width < 8 ? 8 : width, hang, 0 };

	while (text[w.indent] == ' ')
		w.indent++;
	if (w.indent + w.hang > w.width / 2)
		w.hang = 0, w.indent = w.indent > w.width / 2 ? w.width / 2 : w.indent;
	return w;
}

/* The bytes of p that make its next line when `room` cells are left: all that
 * fits (a UTF-8 sequence is one cell), cut at the last space when more follows. */
static int
wrap_cut(const char *p, int room)
{
	int n = 0, sp;

	while (p[n] != '\0' && room > 0) {
		n++;
		while (((unsigned char)p[n] & 0xC0) == 0x80)
			n++;
		room--;
	}
	if (p[n] == '\0')
		return n;
	for (sp = n; sp > 0 && p[sp] != ' '; sp--)
		;
	return sp > 0 ? sp : n;
}

/* The next line of a text being wrapped: its lead (blanks before it) and its
 * length; p moves past it and the spaces after it. */
static int
wrap_next(const struct wrap *w, bool first, const char **p, int *lead)
{
	int cut;

	*lead = first ? 0 : w->indent + w->hang;
	cut = wrap_cut(*p, w->width - *lead);
	*p += cut;
	while (**p == ' ')
		(*p)++;
	return cut;
}

void
tui_wrap(const char *text, int width, int hang, struct strlist *out)
{
	struct wrap w = wrap_start(text, width, hang);
	const char *p = text;
	char *line = xmalloc(strlen(text) + (size_t)w.width + 2);
	bool first = true;

	do {
		const char *from = p;
		int lead, cut = wrap_next(&w, first, &p, &lead);
		memset(line, ' ', (size_t)lead);
		memcpy(line + lead, from, (size_t)cut);
		line[lead + cut] = '\0';
		strlist_add(out, line);
		first = false;
	} while (*p != '\0');
	free(line);
}

int
tui_wrap_rows(const char *text, int width, int hang)
{
	struct wrap w = wrap_start(text, width, hang);
	const char *p = text;
	int rows = 0, lead;

	do
		wrap_next(&w, rows == 0, &p, &lead), rows++;
	while (*p != '\0');
	return rows;
}

void
tui_hex_label(const struct tui *t, struct hex h, char buf[HEX_LABEL_SIZE])
{
	hex_label(game_board(&t->s->game), h, buf);
}

void
tui_cursor_label(const struct tui *t, char buf[HEX_LABEL_SIZE])
{
	tui_hex_label(t, t->cursor, buf);
}

const char *
tui_unit_id(const struct tui *t, int u)
{
	return t->s->game.units[u].id;
}

int
tui_unit_at_cursor(const struct tui *t)
{
	return game_unit_at(&t->s->game, t->cursor);
}

int
tui_selected(const struct tui *t)
{
	const struct game *g = &t->s->game;

	if (g->selected < 0 || (size_t)g->selected >= g->nunits || g->units[g->selected].eliminated)
		return -1;
	return g->selected;
}

void
tui_message(struct tui *t, bool error, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	free(t->message);
	t->message = s;
	t->message_error = error;
}

/* Is text one of the game log's lines from `from` on? */
static bool
logged_since(const struct tui *t, size_t from, const char *text)
{
	const struct strlist *log = &t->s->game.log;

	for (size_t i = from; i < log->count; i++)
		if (strcmp(log->items[i], text) == 0) /* same text: a message the log holds */
			return true;
	return false;
}

void
tui_tell(struct tui *t, size_t logged, bool keep, const char *text)
{
	size_t now = t->s->game.log.count;

	tui_message(t, false, "%s", text);
	if (logged_since(t, logged < now ? logged : now, text))
		return;
	if (keep || now <= logged || (int)strlen(text) > COLS)
		tui_note(t, NOTE_SAID, text);
}

const char *
tui_remedy_key(enum remedy remedy)
{
	switch (remedy) {
	case REMEDY_PHASE_NEXT: return "p: next phase";
	case REMEDY_TURN_END: return "T: end the turn";
	case REMEDY_SETUP:
		return "P paint, A add unit, c change, D remove, w save";
	case REMEDY_SETTLE:
	case REMEDY_NONE:
	default: return NULL;
	}
}

const char *
tui_owed_key(enum owed_kind kind)
{
	switch (kind) {
	case OWED_RESULT: return "Y";
	case OWED_RETREAT: return "v";
	case OWED_BATTLE_BACK:
	default: return "B";
	}
}

/* What is owed, each with the key that settles it: "C7 retreat 2 (v), ..." */
static void
owed_with_keys(const struct game *g, struct strbuf *sb)
{
	struct owed owed[4];
	size_t n = turn_owed(g, owed, 4);

	for (size_t i = 0; i < n && i < 4; i++) {
		char *brief = turn_owed_brief(g, &owed[i]);
		strbuf_addf(sb, "%s%s (%s)", i ? ", " : "", brief, tui_owed_key(owed[i].kind));
		free(brief);
	}
	if (n > 4)
		strbuf_addf(sb, " and %zu more", n - 4);
}

/* A refusal with a remedy, in the interface's words: what stands in the way,
 * from what the game is (its phase, its side, what is owed), and the key that
 * puts it right, never the command line's way (free it). */
static char *
refusal(struct tui *t, const char *line, const struct command_result *res)
{
	const struct game *g = &t->s->game;
	const char *name = res->name ? res->name : line;
	struct strbuf sb = { NULL, 0, 0 };
	size_t n = turn_owed(g, NULL, 0);

	switch (res->remedy) {
	case REMEDY_PHASE_NEXT:
		strbuf_addf(&sb, "%s: not in the %s phase: %s", name, turn_phase_name(g),
		            tui_remedy_key(res->remedy));
		break;
	case REMEDY_TURN_END:
		strbuf_addf(&sb, "%s: the %s are acting: %s", name, g->sc.teams[g->side].name,
		            tui_remedy_key(res->remedy));
		break;
	case REMEDY_SETUP:
		strbuf_addf(&sb, "%s: set-up, not play: %s", name, tui_remedy_key(res->remedy));
		break;
	case REMEDY_SETTLE:
	case REMEDY_NONE:
	default:
		strbuf_addf(&sb, "%s: %zu thing%s owed first: ", name, n, n == 1 ? " is" : "s are");
		owed_with_keys(g, &sb);
		break;
	}
	return sb.text;
}

void
tui_report_failure(struct tui *t, const char *line, const struct command_result *res,
                   const char *otherwise)
{
	char *what = xasprintf("error: %s", line);

	tui_note(t, NOTE_ERROR, what);
	free(what);
	for (size_t i = 0; i < res->lines.count; i++)
		tui_note(t, NOTE_ERROR_DETAIL, res->lines.items[i]);
	if (res->remedy != REMEDY_NONE) {
		char *why = refusal(t, line, res);
		tui_message(t, true, "%s", why);
		free(why);
	} else
		tui_message(t, true, "%s", res->lines.count > 0 ? res->lines.items[res->lines.count - 1]
		                                                : otherwise);
}

void
tui_note(struct tui *t, enum note_kind kind, const char *text)
{
	struct tui_note *n = xgrow(&t->notes, &t->nnotes, &t->cap_notes, sizeof *n);

	n->after = t->s->game.log.count;
	n->kind = kind;
	n->text = xstrdup(text);
}

void
tui_notes_clear(struct tui *t)
{
	for (size_t i = 0; i < t->nnotes; i++)
		free(t->notes[i].text);
	free(t->notes);
	t->notes = NULL;
	t->nnotes = t->cap_notes = 0;
}

void
tui_game_changed(struct tui *t)
{
	t->gen++;
	/* the board may have shrunk (scenario size, or its undo): the cursor stays on it */
	if (t->s != NULL && !hex_on_board(game_board(&t->s->game), t->cursor)) {
		const struct hex_board *b = game_board(&t->s->game);
		t->cursor = hex_from_offset(b, b->columns / 2, b->rows / 2);
	}
}

void
tui_game_changed_by(struct tui *t, const struct command_result *res)
{
	if (res->kind != COMMAND_QUERY || res->saved)
		tui_game_changed(t);
}

static bool run_formatted(struct tui *t, struct command_result *res, char **line,
                          const char *fmt, va_list ap) __attribute__((format(printf, 4, 0)));

/* Run the command that fmt and ap make through the session; *line is that
 * command (free it). */
static bool
run_formatted(struct tui *t, struct command_result *res, char **line, const char *fmt,
              va_list ap)
{
	*line = xvasprintf(fmt, ap);
	return session_run(t->s, *line, res);
}

bool
tui_query(struct tui *t, struct command_result *res, const char *fmt, ...)
{
	va_list ap;
	char *line;
	bool ok;

	va_start(ap, fmt);
	ok = run_formatted(t, res, &line, fmt, ap);
	va_end(ap);
	free(line);
	return ok;
}

bool
tui_command(struct tui *t, const char *fmt, ...)
{
	struct command_result res;
	size_t logged = t->s->game.log.count;
	va_list ap;
	char *line;
	bool ok;

	va_start(ap, fmt);
	ok = run_formatted(t, &res, &line, fmt, ap);
	va_end(ap);
	tui_game_changed_by(t, &res);
	if (ok && res.kind == COMMAND_CHANGE)
		tui_tell(t, logged, false, res.lines.count > 0 ? res.lines.items[0] : line);
	else if (ok)
		tui_message(t, false, "%s", res.lines.count > 0 ? res.lines.items[0] : line);
	else
		tui_report_failure(t, line, &res, "the command failed");
	command_result_free(&res);
	free(line);
	return ok;
}

/* ---- drawing and reading keys ------------------------------------------------------ */

void
tui_draw(struct tui *t)
{
	t->draw(t);
}

/* ---- start and end ------------------------------------------------------------------ */

bool
tui_start_curses(struct tui *t)
{
	const char *esc = getenv("ESCDELAY");

	tcgetattr(STDIN_FILENO, &term_saved.modes);
	term_saved.have_modes = true;
	t->screen = newterm(NULL, stdout, stdin);
	if (t->screen == NULL) {
		fprintf(stderr, "hexaid: cannot start the terminal (TERM=%s)\n", getenv("TERM"));
		return false;
	}
	set_term(t->screen);
	term_saved.reset_len = tui_reset_string(term_saved.reset, sizeof term_saved.reset);
	catch_signals();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	/* Esc closes a dialog at once, not after ncurses' default second */
	if (esc == NULL || *esc == '\0')
		set_escdelay(50);
	setup_colors(t);
	if (mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL) != 0) {
		t->mouse = true;
		mouseinterval(0);
	}
	return true;
}

void
tui_end_curses(struct tui *t)
{
	if (t->screen == NULL)
		return;
	endwin();
	delscreen(t->screen);
	t->screen = NULL;
	release_signals();
	term_saved.reset_len = 0;
}
