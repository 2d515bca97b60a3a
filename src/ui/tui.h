/* tui.h: the terminal interface (ui layer), shared by its files. The screen is a
 * map pane, a unit pane, a dice pane and a log pane, a status line and a message
 * line; menus and dialogs open over them. Every change and every question goes
 * through the command table (session_run): the panes draw what the commands
 * answer, and the interface computes no rule of its own.
 *
 * Files, bottom up (tests/layering.sh checks that calls go only down): the
 * core: tui.c (terminal set-up and restore, colours, signals, text, running
 * commands, messages and notes), tui-term.c, tui-layout.c, tui-dialog.c,
 * tui-menu.c; the models: model-selection.c (the selected unit's reach,
 * targets, line of sight; what Enter does), model-battle.c (the battle
 * workflow), tui-open.c; the panes and the status line, which call no other
 * pane; the keys and the actions: tui-keys.c, tui-edit.c, tui-file.c; the top:
 * tui-main.c (the pane table, the main loop).
 * Besides: tui-open.c (opening a game, its journal, recovery), tui-layout.c
 * (pane geometry, the too-small screen), pane-map.c, pane-unit.c, pane-dice.c,
 * pane-log.c (each a struct pane_ops with its own state), tui-status.c (status
 * and message lines), tui-keys.c (the binding table, the help screen, the
 * playing actions), tui-edit.c (setting up the table), tui-file.c (save, open,
 * new game, export, quit), tui-menu.c (the menu bar), tui-dialog.c (text
 * entry, choices, confirmation, text to read).
 * Only these files include the curses headers.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_TUI_H
#define HEXAID_TUI_H

#include <stdbool.h>
#include <stddef.h>

#include <curses.h>
#include <menu.h>
#include <panel.h>

#include "hex.h"
#include "hexdraw.h"
#include "session.h"

#define TUI_MIN_COLS 80
#define TUI_MIN_LINES 24

/* What hexaid was asked to open (main.c fills it). */
struct tui_options {
	const char *file;       /* a scenario or a saved game; NULL: the default demo */
	bool seeded;            /* false: the system's dice */
	uint64_t seed;
	bool edit;              /* hexaid edit: the scenario opens in set-up */
};

/* Start the terminal interface; returns the exit status. */
int tui_main(const struct tui_options *opt);

/* Colours and attributes by meaning (htop/ncdu style): the foreground and
 * background on a colour terminal, the attributes added there, and the
 * attributes alone on a monochrome one (or with NO_COLOR). */
#define TUI_ROLES(X) \
	X(NORMAL,      -1,            -1,           A_NORMAL,              A_NORMAL) \
	X(BORDER,      COLOR_BLUE,    -1,           A_NORMAL,              A_NORMAL) \
	X(TITLE,       -1,            -1,           A_BOLD,                A_BOLD) \
	X(FOCUS,       COLOR_YELLOW,  -1,           A_BOLD,                A_BOLD | A_UNDERLINE) \
	X(LABEL,       COLOR_CYAN,    -1,           A_NORMAL,              A_NORMAL) \
	X(TOKEN,       COLOR_YELLOW,  -1,           A_BOLD,                A_BOLD) \
	X(DAMAGE,      COLOR_RED,     -1,           A_BOLD,                A_BOLD) \
	X(SIDE_1,      COLOR_CYAN,    -1,           A_BOLD,                A_BOLD) \
	X(SIDE_2,      COLOR_RED,     -1,           A_BOLD,                A_UNDERLINE) \
	X(SIDE_3,      COLOR_GREEN,   -1,           A_BOLD,                A_BOLD | A_UNDERLINE) \
	X(SIDE_4,      COLOR_MAGENTA, -1,           A_BOLD,                A_NORMAL) \
	X(CURSOR,      COLOR_BLACK,   COLOR_YELLOW, A_NORMAL,              A_REVERSE) \
	X(SELECTED,    COLOR_BLACK,   COLOR_CYAN,   A_BOLD,                A_REVERSE | A_BOLD) \
	X(RANGE,       COLOR_GREEN,   -1,           A_BOLD,                A_BOLD) \
	X(RANGE_STOP,  COLOR_YELLOW,  -1,           A_BOLD,                A_BOLD) \
	X(LOS,         COLOR_YELLOW,  -1,           A_BOLD,                A_BOLD) \
	X(LOS_BLOCKED, COLOR_WHITE,   COLOR_RED,    A_BOLD,                A_REVERSE | A_UNDERLINE) \
	X(TARGET,      COLOR_MAGENTA, -1,           A_BOLD | A_UNDERLINE,  A_BOLD | A_UNDERLINE) \
	X(ERROR,       COLOR_RED,     -1,           A_BOLD,                A_BOLD) \
	X(GOOD,        COLOR_GREEN,   -1,           A_BOLD,                A_BOLD) \
	X(DIM,         COLOR_BLUE,    -1,           A_NORMAL,              A_NORMAL) \
	X(KEY,         COLOR_YELLOW,  -1,           A_BOLD,                A_BOLD) \
	X(STATUS,      COLOR_BLACK,   COLOR_CYAN,   A_NORMAL,              A_REVERSE) \
	X(STATUS_MARK, COLOR_RED,     COLOR_CYAN,   A_BOLD,                A_REVERSE | A_BOLD) \
	X(DIALOG,      -1,            -1,           A_NORMAL,              A_NORMAL) \
	X(FIELD,       COLOR_BLACK,   COLOR_WHITE,  A_NORMAL,              A_UNDERLINE) \
	X(MENU_SEL,    COLOR_BLACK,   COLOR_YELLOW, A_NORMAL,              A_REVERSE) \
	X(MAP_OPEN,    -1,            -1,           A_NORMAL,              A_NORMAL) \
	X(MAP_WOODS,   COLOR_GREEN,   -1,           A_NORMAL,              A_NORMAL) \
	X(MAP_WATER,   COLOR_BLUE,    -1,           A_BOLD,                A_NORMAL) \
	X(MAP_MARSH,   COLOR_CYAN,    -1,           A_NORMAL,              A_NORMAL) \
	X(MAP_ROUGH,   COLOR_MAGENTA, -1,           A_NORMAL,              A_NORMAL) \
	X(MAP_HIGH,    COLOR_YELLOW,  -1,           A_NORMAL,              A_NORMAL) \
	X(MAP_BUILT,   COLOR_RED,     -1,           A_NORMAL,              A_NORMAL) \
	X(MAP_WORKS,   COLOR_WHITE,   -1,           A_BOLD,                A_BOLD) \
	X(MAP_ROAD,    COLOR_YELLOW,  -1,           A_BOLD,                A_NORMAL) \
	X(LEVEL,       COLOR_YELLOW,  -1,           A_BOLD,                A_BOLD) \
	X(STACK,       COLOR_WHITE,   COLOR_BLUE,   A_BOLD,                A_REVERSE) \
	X(UNIT_1,      COLOR_BLACK,   COLOR_CYAN,   A_NORMAL,              A_REVERSE | A_BOLD) \
	X(UNIT_2,      COLOR_WHITE,   COLOR_RED,    A_BOLD,                A_REVERSE | A_UNDERLINE) \
	X(UNIT_3,      COLOR_BLACK,   COLOR_GREEN,  A_NORMAL,              A_REVERSE) \
	X(UNIT_4,      COLOR_WHITE,   COLOR_MAGENTA, A_BOLD,               A_REVERSE | A_DIM)

enum tui_role {
#define TUI_ROLE_ENUM(name, fg, bg, cattr, mattr) ROLE_##name,
	TUI_ROLES(TUI_ROLE_ENUM)
#undef TUI_ROLE_ENUM
	N_ROLES
};

struct rect {
	int y, x, h, w;
};

struct tui;
struct pane;

/* A line of the interface's own in the log pane, after the game log's line
 * number `after` (before the line of that number): an error (a command that
 * failed, a warning), a line that tells more about one (the log shows it after
 * "! "), or what a change said that the game log does not hold (tui_tell). */
enum note_kind { NOTE_ERROR, NOTE_ERROR_DETAIL, NOTE_SAID };
struct tui_note {
	size_t after;
	enum note_kind kind;
	char *text;
};

/* What a pane of the screen is (tmux's window modes): a file pane-NAME.c
 * defines one of these and the pane table (tui-layout.c) gives it a row, which
 * says where it goes. Any op but draw may be NULL. */
struct pane_ops {
	/* its own state, made and ended with the game shown (p->data) */
	void *(*init)(void);
	void (*free)(void *data);
	/* of the lines and columns offered, the ones it fills (NULL: all of them) */
	void (*fit)(struct tui *t, int *lines, int *cols);
	/* work out what it shows, before any pane is drawn, shown or not */
	void (*update)(struct tui *t, struct pane *p);
	/* draw it (only when it has a window: another pane may be zoomed) */
	void (*draw)(struct tui *t, struct pane *p);
	/* a key while it has the focus; true when it took the key */
	bool (*key)(struct tui *t, struct pane *p, int ch);
	/* a click at a screen position inside it, after it took the focus; true
	 * when it pointed at a unit (the keys then do what pointing at one does) */
	bool (*click)(struct tui *t, struct pane *p, int y, int x);
};

/* Where a pane goes (tui-layout.c): the top (the map, as large as it fits),
 * beside it when there is room (else in the bottom row), the bottom row. */
enum pane_place { PLACE_TOP, PLACE_SIDE, PLACE_BOTTOM };

/* A row of the pane table (tui-main.c): a pane and its place. */
struct pane_row {
	const struct pane_ops *ops;
	enum pane_place place;
};

struct pane {
	const struct pane_ops *ops;
	enum pane_place place;
	void *data;
	WINDOW *win;            /* NULL while another pane is zoomed */
	PANEL *panel;
	struct rect rect;
};

extern const struct pane_ops pane_map, pane_unit, pane_dice, pane_log;

/* The menus of the menu bar (F10), left to right. */
enum tui_menu { MENU_NONE, MENU_GAME, MENU_MAP, MENU_UNITS, MENU_TURN, MENU_HELP, N_MENUS };

struct tui;

/* One thing the player can ask for: its keys, its line of help, its item in a
 * menu and what it does. The keys, the help screen and the menus are all read
 * from these rows (the table is in tui-keys.c). */
struct binding {
	const char *section;    /* a heading of the help screen, when it starts one */
	int keys[4];            /* the curses key codes; 0 ends the list */
	const char *names;      /* the keys as people write them; NULL: a menu item only */
	void (*act)(struct tui *t);                             /* what it does, or */
	void (*act_on)(struct tui *t, const struct binding *b); /* what it does with: */
	int arg;                /* a compass point, a direction, a battle (MAY_) */
	const char *command;    /* a command, or the command a battle is set up as */
	struct {
		enum tui_menu menu;     /* MENU_NONE: in no menu */
		int place;              /* its place in the menu, from 1 */
		const char *label;
	} item;
	const char *help;
};

/* The brush of map editing: what `.` and the capital direction keys paint. */
enum brush_kind { BRUSH_NONE, BRUSH_TERRAIN, BRUSH_TOKEN, BRUSH_LEVEL, BRUSH_HEXSIDE,
	          BRUSH_ERASE, BRUSH_COPY };

/* What the brush paints, as values (issue 27): the card's terrain, token or
 * hexside feature, the side of the hex a feature goes on, the level. The words
 * of brush_id are only for people (the status line). */
struct brush_paint {
	int terrain;            /* a card terrain index; -1: none */
	int side;               /* a direction of the hex, for a hexside feature */
	int level;
	/* BRUSH_COPY (C): a hex as it stood when copied: its terrain and tokens, its
	 * level, and the feature on each of its sides (-1: none) */
	struct tset copied;
	int copied_sides[HEX_DIRECTIONS];
};

/* A battle being set up in the dice pane: the command word (fire, melee,
 * battle), attacker and target ids, and the players' words (dice=2 charge...);
 * its combat type as the engine answered it (explain). */
struct pending_battle {
	bool active;
	bool has_combat;
	int combat;             /* in the card's combat types */
	unsigned kind;          /* the battle command: MAY_FIRE, MAY_MELEE or MAY_BATTLE */
	const char *verb;       /* its word, for the command line and the title */
	char *attacker, *target;
	char *words;
	unsigned verbs;         /* the battle commands `may` says the battle takes (MAY_*) */
	bool accepted;          /* the battle command of `verb` would take it */
	enum remedy remedy;     /* not accepted: what puts it right */
	char *refused;          /* not accepted: why, as `may` says it */
	char roll[24];          /* on a table: the dice each side rolls ("1d6"), or "" */
	bool opposed;           /* both sides roll them, the attacker first */
	char rolls[2][24];      /* each side its own dice (roll: hits): "4d6", "2d6" */
};

struct tui {
	struct session *s;
	SCREEN *screen;
	bool color, utf8, mouse;
	attr_t attr[N_ROLES];
	bool plain_bg[N_ROLES];  /* the role's background is the terminal's own */

	/* layout: the panes of the pane table, in its order */
	struct pane *panes;
	size_t npanes;
	WINDOW *statuswin;
	PANEL *statuspanel;
	bool too_small;
	int focus;              /* a pane */
	int zoom;               /* the pane shown alone, or -1 */
	bool legend;            /* the log pane shows the map's legend instead */
	enum map_choice { MAP_AUTO, MAP_COMPACT, MAP_LARGE } map_choice; /* `+` */
	enum hexdraw_size map_size; /* what the map pane draws: its choice, or by the
	                           terminal's size when it is MAP_AUTO */

	struct hex cursor;      /* the map's cursor, where the keys act */
	unsigned long gen;      /* bumped by every change */
	unsigned long layout;   /* bumped each time the panes' windows are made anew:
	                           a pane draws all of itself again then, and else only
	                           what changed */

	/* what the commands said about a unit, asked again only when the game
	 * changed or another unit is selected: model-selection.c works it out
	 * (selection_derive) for the selected unit, the map pane and the unit pane
	 * show it; kept when
	 * the unit is let go (selected again, nothing is asked) */
	unsigned long derived_gen;
	int derived_unit;       /* the unit it is about, or -1 */
	bool *reach, *reach_stop; /* per hex: in the unit's range */
	bool *target;           /* per unit: the unit may battle it */
	char *range_line;       /* the first line of `range` */
	struct may_now may;     /* what the unit may do now (`may UNIT`): the marks,
	                           Enter, > and the hints follow it */
	size_t ntargets;        /* how many units it may battle now */
	struct may_now may_at;  /* `may UNIT TARGET` of the target at the cursor (asked
	                           with the line of sight, when the cursor is on one) */
	/* the line of sight from the selected unit to the cursor, asked again when
	 * the game changed, the selection or the cursor moved */
	bool los_known;
	unsigned long los_gen;
	int los_sel;
	struct hex los_cursor;
	struct hex *los_hexes;  /* the hexes of the line */
	size_t nlos;
	int los_block;          /* index in los_hexes of the hex that blocks, or -1 */
	char *los_text;         /* the verdict and its reason */
	bool los_blocked;       /* the verdict: blocked */

	/* the battle being set up and what the commands said of it (pane-dice.c) */
	struct pending_battle battle;
	struct command_result dice; /* the answer the dice pane shows: its lines and
	                               what they are */
	bool dice_failed;       /* those lines are an answer that failed */
	bool dice_rolled;       /* they are a roll's result */
	unsigned long dice_answers; /* bumped with each answer put in t->dice */

	struct rect bottom_row; /* the panes under the map (tui-layout.c); h 0: zoomed */
	char *state_line;       /* where the game stands, from show state */
	char *state_owed;       /* the same and what is owed, with the keys */
	char *state_short;      /* shorter: "turn 1, British to act, Combat" */
	char *state_least;      /* shortest: "British, Combat" */
	char *owed_brief;       /* "; owed: C7 retreat 2 (v)" (the first only), or NULL */
	char *reminder;         /* the phase's reminder, or NULL */
	unsigned long status_gen; /* the change they were asked at (with state_line) */
	struct may_now state_may; /* `may`: whether the phase may end now */
	char *status_drawn;     /* what the status line and the message line were */
	char *message_drawn;    /* drawn from last (on the windows of t->layout) */
	char *message;          /* the message line */
	bool message_error;

	enum brush_kind brush;
	struct brush_paint paint; /* what it paints */
	char *brush_id;         /* what it paints, in words for people (the status line) */
	bool corner_marked;     /* F was pressed once: a rectangle to fill starts ... */
	struct hex corner;      /* ... at this hex */
	int last_added;         /* the unit added last (A), whose side, class and
	                           strength the next is offered; -1: none */

	/* the interface's notes (tui_note), in the order made; the log pane shows
	 * them among the game log's lines */
	struct tui_note *notes;
	size_t nnotes, cap_notes;

	char *journal_warning;  /* the journal could not be kept */
	bool no_game;           /* no session yet: draw nothing behind dialogs */
	/* draws the whole screen (tui-main.c's): what tui_draw does, for a dialog
	 * or a menu to draw what is behind it */
	void (*draw)(struct tui *t);
	bool quit;
};

/* tui.c */
attr_t tui_attr(const struct tui *t, enum tui_role role);
/* Does a blank in these attributes look like a blank in the normal ones (no
 * background colour, nothing drawn on it: reverse, underline)? */
bool tui_blank_plain(const struct tui *t, attr_t attr);
void tui_draw(struct tui *t);
/* Run a command as the user would; its first answer line goes to the message
 * line, a failure's lines to the log. True when it worked. */
bool tui_command(struct tui *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The key that puts right a refusal, in words for the message line ("p: next
 * phase"), or NULL for none. */
const char *tui_remedy_key(enum remedy remedy);
/* The key that settles a thing owed (the binding table's: Y applies, v
 * retreats, B battles back; N gives them all up). */
const char *tui_owed_key(enum owed_kind kind);
/* Run a question; free res with command_result_free. */
bool tui_query(struct tui *t, struct command_result *res, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tui_message(struct tui *t, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* What a change said, on the message line and, when the game log does not have
 * it from its line `logged` on, in the log pane too: always when `keep`, else
 * when the change logged nothing or the text is wider than the screen; so
 * nothing that matters is only on the message line. */
void tui_tell(struct tui *t, size_t logged, bool keep, const char *text);
/* A command that failed: "error: LINE" and its answer in the log, its last line
 * (or `otherwise`) on the message line. */
void tui_report_failure(struct tui *t, const char *line, const struct command_result *res,
                        const char *otherwise);
/* Draw text clipped to `width` cells (non-ASCII shown as '?' outside UTF-8). */
void tui_put(const struct tui *t, WINDOW *w, int y, int x, const char *text, int width);
/* The same, a text wider than width cut where a word ends (or within one,
 * when that would leave too much room), without the word's trailing comma or
 * full stop, and ended with "...": a line that says it goes on. The cells it
 * took. */
int tui_put_elided(const struct tui *t, WINDOW *w, int y, int x, const char *text, int width);
/* Break text into lines of at most `width` cells at spaces; lines after the
 * first are indented by the text's own leading blanks plus `hang`. */
void tui_wrap(const char *text, int width, int hang, struct strlist *out);
/* How many lines tui_wrap would make of the text. */
int tui_wrap_rows(const char *text, int width, int hang);
/* The label of a hex, or of the cursor's hex. */
void tui_hex_label(const struct tui *t, struct hex h, char buf[HEX_LABEL_SIZE]);
void tui_cursor_label(const struct tui *t, char buf[HEX_LABEL_SIZE]);
/* The id of unit u. */
const char *tui_unit_id(const struct tui *t, int u);
/* The unit standing at the cursor, or -1. */
int tui_unit_at_cursor(const struct tui *t);
/* The selected unit, or -1. */
int tui_selected(const struct tui *t);
/* A note in the log pane, after the game log's lines of now; forget them all
 * (a new game). */
void tui_note(struct tui *t, enum note_kind kind, const char *text);
void tui_notes_clear(struct tui *t);
/* Forget what was worked out from the game (after a change or a new game). */
void tui_game_changed(struct tui *t);
/* The same, when a command's result was a change or a save. */
void tui_game_changed_by(struct tui *t, const struct command_result *res);
/* Has a signal asked hexaid to stop; which (0: none)? */
bool tui_interrupted(void);
int tui_signal(void);
/* Start curses on the terminal (false, said on stderr, when it cannot); end it
 * (the panes' windows ended first), the terminal put back as it was. */
bool tui_start_curses(struct tui *t);
void tui_end_curses(struct tui *t);

/* tui-open.c */
/* Load a scenario or saved game; diagnostics go to *errors (free it). */
bool tui_load_game(const char *path, struct game *g, char **errors);
/* hexaid edit: the scenario loaded from `path` goes into set-up, saved to
 * `path` as a scenario: NULL. A saved game is refused: why (free it), the game
 * freed. */
char *tui_edit_setup(struct game *g, const char *path);
/* The default demo scenario's path (free it), or NULL. */
char *tui_default_scenario(void);
/* Start a session on a loaded game (taken over): its journal, and the offer to
 * recover what a journal left holds. False (with *err) when another hexaid
 * plays the saved game; the session is then ended. */
bool tui_start_session(struct tui *t, struct session *s, struct game *g, char **err);
/* Where a game's journal is kept (free it). */
char *tui_journal_path(const struct game *g);
/* Scenario files along the data path (free with strlist_free). */
void tui_list_scenarios(struct strlist *out);
/* The directory saves go to by default, created if need be (free it); NULL. */
char *tui_save_dir(void);
/* Put the cursor on the first unit of the side to act (mid-board when none). */
void tui_cursor_home(struct tui *t);

/* tui-layout.c: where the panes go */
/* Make the panes of the table and their state; forget it all (a new game:
 * their state made again); end them. */
void tui_panes_init(struct tui *t, const struct pane_row *rows, size_t n);
void tui_panes_reset(struct tui *t);
void tui_panes_free(struct tui *t);
/* The pane of the table with these ops (it must have a row). */
struct pane *tui_pane(struct tui *t, const struct pane_ops *ops);
bool tui_pane_focused(const struct tui *t, const struct pane *p);
void tui_layout(struct tui *t);
void tui_layout_free(struct tui *t);
void tui_draw_too_small(struct tui *t);
/* Read an input key, the panes laid out and drawn again on a resize; ERR on
 * timeout. */
int tui_getch(struct tui *t, WINDOW *w);
/* Text on the whole screen in place of a box, for a terminal too small for one:
 * its paragraphs (lines) wrapped and centred. */
void tui_draw_small(struct tui *t, const char *text);
/* Draw a pane's box and title. */
void tui_frame(struct tui *t, struct pane *p, const char *title);

/* model-selection.c: the selection model */
/* The eight ways the cursor keys point (vi and roguelike keys: k u l n j b h y).
 * Six are hex directions on a board; the other two step a row (pointy-top) or a
 * column (flat-top). */
enum compass { COMPASS_N, COMPASS_NE, COMPASS_E, COMPASS_SE, COMPASS_S, COMPASS_SW, COMPASS_W,
	       COMPASS_NW };
/* Move the cursor; false at the edge of the board. */
bool selection_go(struct tui *t, int compass);
/* The hex direction a compass point is on this board, or -1. */
int selection_compass_dir(const struct tui *t, int compass);
/* Work out again what the highlights show, if the game or selection changed. */
void selection_derive(struct tui *t);
/* Is what selection_derive worked out about the selected unit (false with none)? */
bool selection_derived(const struct tui *t);
/* After selection_derive: may the selected unit battle unit u; can it reach hex h
 * (false with no unit selected)? */
bool selection_targets(const struct tui *t, int u);
bool selection_reaches(const struct tui *t, struct hex h);
/* Forget what selection_derive worked out. */
void selection_free(struct tui *t);
/* What Enter does at the cursor now: Enter does it and the status line's hint
 * says it, both from this one function, so the hint cannot promise what Enter
 * does not do. */
enum enter_does { ENTER_NOTHING, ENTER_SELECT, ENTER_MOVE, ENTER_BATTLE, ENTER_ROLL,
	          ENTER_WHY /* an enemy it may not battle now: set up, to say why */ };
enum enter_does tui_enter_does(struct tui *t);
/* As the status line says it ("Enter:move"); NULL for nothing (Enter then only
 * says why). */
const char *tui_enter_hint(enum enter_does does);

/* pane-map.c */
/* Large hexes or compact ones (`+`): the other of what is drawn now. */
void map_toggle_size(struct tui *t);
/* The terminal's size from which the map chooses large hexes by itself. */
#define TUI_LARGE_COLS 120
#define TUI_LARGE_LINES 40

/* model-battle.c: the battle workflow */
void battle_clear(struct tui *t);
/* Set up a battle (kind: MAY_FIRE, MAY_MELEE or MAY_BATTLE) with the unit at
 * the cursor. */
void battle_prepare(struct tui *t, unsigned kind);
void battle_explain(struct tui *t);
void battle_roll(struct tui *t, const char *values);
void battle_enter(struct tui *t);
void battle_ask_words(struct tui *t);

/* pane-log.c */
/* A page back (1) or forward (-1): the pane's lines but one. */
void log_page(struct tui *t, int direction);


/* tui-status.c */
/* Ask `show state` again, for the status line and the map's edge. */
void status_derive(struct tui *t);
void tui_status_draw(struct tui *t);

/* tui-keys.c */
/* A key: the focused pane's, else the binding table's. */
void tui_key(struct tui *t, int ch);
/* Do what a row does. */
void tui_run(struct tui *t, const struct binding *b);
void tui_help(struct tui *t);

/* tui-edit.c: setting up the table (P . t X S K A c D and the Map menu) */
void edit_brush(struct tui *t);
/* Paint the hex at the cursor with the brush. */
void edit_paint(struct tui *t);
/* The same after the cursor moved from `from`: a road brush also lays the road
 * along the side between the two hexes; a hexside brush turns to the side the
 * cursor moved to, and paints there. */
void edit_paint_from(struct tui *t, struct hex from);
/* F: mark the hex at the cursor as a corner; pressed again, paint every hex of
 * the rectangle of rows and columns between the corner and the cursor (a row,
 * when both are in it) with the brush, one command a hex. */
void edit_fill(struct tui *t);
/* C: the hex at the cursor (terrain, tokens, level, hexside features) becomes
 * the brush, which paints each hex it reaches the same. */
void edit_copy(struct tui *t);
/* d: a copy of the selected unit (side, class, strength) in the empty hex at
 * the cursor, its id the next of its side offered; g in set-up: the selected
 * unit put in the hex at the cursor, without rules (unit set hex=); O: the
 * roster, every unit of each side with its class, hex and strength. */
void edit_unit_duplicate(struct tui *t);
void edit_unit_place(struct tui *t);
void edit_roster(struct tui *t);
void edit_token_add(struct tui *t);
void edit_token_remove(struct tui *t);
void edit_structure(struct tui *t);
void edit_damage(struct tui *t);
void edit_level(struct tui *t);
void edit_hexside(struct tui *t);
void edit_unit_add(struct tui *t);
/* tui-scenario.c: the scenario's own data in a form (E, in set-up). */
void edit_details(struct tui *t);
void edit_unit_edit(struct tui *t);
void edit_unit_remove(struct tui *t);

/* tui-file.c: the game's file (w W q and the Game menu) */
void file_save(struct tui *t);
void file_save_as(struct tui *t);
void file_open(struct tui *t);
void file_new(struct tui *t);
void file_edit(struct tui *t);
/* F10 -> Game -> New scenario...: a card, the board's size, a title and a new
 * file; the card's blank scenario is written there and opened in set-up. */
void file_new_scenario(struct tui *t);
void file_export_log(struct tui *t);
void file_export_svg(struct tui *t);
void file_quit(struct tui *t);

/* model-battle.c: what a battle leaves to do. The values the battle set up
 * lacks, asked and given to their units (false: cancelled or refused); after a
 * battle, its result offered (y applies it) or what waits said; Y, v and B. */
bool battle_ask_needs(struct tui *t);
void battle_after(struct tui *t);
void battle_apply(struct tui *t);
void battle_retreat(struct tui *t);
void battle_offer_back(struct tui *t);
void battle_take_ground(struct tui *t);

/* tui-menu.c: the menu bar over the rows of a binding table; the row chosen, or
 * NULL. */
const struct binding *tui_menu(struct tui *t, const struct binding *table, size_t n);

/* tui-dialog.c */
/* A line of text; false when cancelled. *out is set (free it) on true. */
bool dialog_input(struct tui *t, const char *title, const char *prompt, const char *initial,
                  char **out);
/* The same, with the text checked when Enter is pressed: check answers NULL to
 * take it, or what is wrong with it (freed by the dialog), which the dialog then
 * shows under the text, kept as typed. */
typedef char *(*input_check)(struct tui *t, const char *text, void *ctx);
bool dialog_input_checked(struct tui *t, const char *title, const char *prompt,
                          const char *initial, input_check check, void *ctx, char **out);
/* Text typed in the locale's encoding, in UTF-8 (free it): what goes into a
 * command. Text that is not of the locale comes back as it is. */
char *tui_utf8(const char *s);
/* One of `n` items; its index, or -1 when cancelled. */
int dialog_choose(struct tui *t, const char *title, const char *const *items, size_t n);
/* The same, the item `first` offered first (Enter takes it). */
int dialog_choose_from(struct tui *t, const char *title, const char *const *items, size_t n,
                       int first);
/* A question with answers given by their keys ("yn", "ync"; a capital, "Yn", is that
 * key only, the small letter not); the key, or 0 when
 * cancelled (Esc). */
int dialog_ask(struct tui *t, const char *title, const char *question, const char *keys);
/* The same, the box placed off `keep` (a part of the screen it must not hide:
 * the dice a result comes from), where there is room. */
int dialog_ask_keeping(struct tui *t, const char *title, const char *question,
                       const char *keys, const struct rect *keep);
/* Lines to read, scrolled with the arrows; any other key closes. */
void dialog_text(struct tui *t, const char *title, const struct strlist *lines);

/* A window with a border in a panel of its own, over the panes: a dialog's,
 * a menu's. Open: at (y, x), h lines by w columns, the title on its top edge
 * (NULL: none), with keypad keys; close: gone from the screen. */
struct box {
	WINDOW *w;
	PANEL *p;
	int h, width;
};
bool box_open_at(struct tui *t, struct box *b, int y, int x, int h, int w, const char *title);
void box_close(struct box *b);

/* A list of items shown by the menu library, `rows` at a time: the chooser's
 * and the menu bar's. New: the items (names, and descriptions beside them
 * unless descs is NULL) in the colours of their roles; post: in the part `at`
 * of window w; free: all of it (also when it was never posted). */
struct item_list {
	ITEM **items;
	MENU *menu;
	WINDOW *sub;
	size_t n;
};
void item_list_new(struct tui *t, struct item_list *l, const char *const *names,
                   const char *const *descs, size_t n, int rows);
void item_list_post(struct item_list *l, WINDOW *w, struct rect at);
void item_list_free(struct item_list *l);

#endif
