/* cmd-scenario.c: the scenario's own data, set up (engine layer): its title and
 * notes, its sides' names and home edges, the side that starts, the victory
 * target and turn limit, the card's settings and the board's size
 * (`scenario ...`, in set-up only). These change the scenario a game starts
 * from, not a game's state: so that undo, which puts the game back to its
 * start and replays, takes them back too, the start as it was before the
 * first of them is kept (game-start.c).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "checkpoint.h"
#include "cmd.h"
#include "scenario-write.h"
#include "strutil.h"
#include "xmalloc.h"

/* ---- the command ------------------------------------------------------------ */

/* Before a change of the scenario: its start kept, and the states kept for
 * undo forgotten (they would miss the change: undo replays from the start). */
static void
keep_start(struct game *g)
{
	game_start_keep(g);
	checkpoint_free_all(g);
}

/* The words from argv[from] on, joined by spaces (a title typed unquoted). */
static char *
joined(int argc, char **argv, int from)
{
	struct strbuf b = { NULL, 0, 0 };

	strbuf_addf(&b, "%s", "");
	for (int i = from; i < argc; i++)
		strbuf_addf(&b, "%s%s", i > from ? " " : "", argv[i]);
	return b.text;
}

/* A side by its id or its number (1 for the first). */
static bool
side_word(const struct game *g, const char *w, int *out, struct command_result *res)
{
	char *end;
	long n = strtol(w, &end, 10);

	if (*end == '\0' && end != w && n >= 1 && (size_t)n <= g->sc.nteams) {
		*out = (int)n - 1;
		return true;
	}
	for (size_t i = 0; i < g->sc.nteams; i++)
		if (strcmp(g->sc.teams[i].id, w) == 0) { /* reader: a side's id */
			*out = (int)i;
			return true;
		}
	return cmd_fail(res, "scenario: %s: no such side (a side's id, or its number from 1 to %zu)",
	                w, g->sc.nteams);
}

static bool
set_text(struct game *g, char **field, const char *what, int argc, char **argv, int from,
         bool may_be_empty, struct command_result *res)
{
	char *text = joined(argc, argv, from);

	if (text[0] == '\0' && !may_be_empty) {
		free(text);
		return cmd_fail(res, "scenario %s: give the text", what);
	}
	keep_start(g);
	free(*field);
	*field = text[0] != '\0' ? text : NULL;
	if (text[0] == '\0')
		free(text);
	cmd_say(res, "%s: %s", what, *field ? *field : "(none)");
	return true;
}

static bool
set_side(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct scen_side *s;
	int side = 0;

	if (argc < 5 || !side_word(g, argv[2], &side, res))
		return argc < 5 ? cmd_fail(res, "usage: scenario side SIDE name TEXT | side SIDE home "
		                                "EDGE") : false;
	s = &g->sc.teams[side];
	if (strcmp(argv[3], "name") == 0) /* reader: command words */
		return set_text(g, &s->name, "side's name", argc, argv, 4, false, res);
	if (strcmp(argv[3], "home") == 0 && argc == 5) { /* reader: command words */
		for (int e = 0; e < N_HOME_EDGES; e++)
			if (strcmp(argv[4], home_edge_names[e]) == 0) { /* reader: an edge's name */
				keep_start(g);
				s->home = (enum home_edge)e;
				cmd_say(res, "%s: home edge %s", s->id, home_edge_names[e]);
				return true;
			}
		return cmd_fail(res, "scenario side: %s: no such edge (none, north, south, east, west)",
		                argv[4]);
	}
	return cmd_fail(res, "usage: scenario side SIDE name TEXT | side SIDE home EDGE");
}

static bool
set_first(struct game *g, int argc, char **argv, struct command_result *res)
{
	int side = 0;

	if (argc != 3)
		return cmd_fail(res, "usage: scenario first SIDE");
	if (!side_word(g, argv[2], &side, res))
		return false;
	keep_start(g);
	g->sc.start_side = side;
	g->side = side;
	cmd_say(res, "%s play first", g->sc.teams[side].name ? g->sc.teams[side].name
	                                                     : g->sc.teams[side].id);
	return true;
}

/* `scenario target N|-` and `scenario turns N|-`: the victory target, the
 * turn limit (the last turn), each from 1 to 999; `-` (or nothing) takes it
 * away. A victory of objectives or a name keeps one of the two (a scenario's
 * victory gives its target or its turn limit). */
static bool
set_victory(struct game *g, int argc, char **argv, bool turns, struct command_result *res)
{
	struct scen_victory *v = &g->sc.victory;
	const char *what = turns ? "turns" : "target";
	int *field = turns ? &v->turns : &v->target, other = turns ? v->target : v->turns;
	/* reader: command words */
	bool none = argc == 3 && (strcmp(argv[2], "-") == 0 || argv[2][0] == '\0');
	char *end;
	long n = 0;

	if (argc != 3)
		return cmd_fail(res, "usage: scenario %s N|-", what);
	if (!none) {
		n = strtol(argv[2], &end, 10);
		if (*end != '\0' || end == argv[2] || n < 1 || n > 999)
			return cmd_fail(res, "scenario %s: %s: a number from 1 to 999, or - for none",
			                what, argv[2]);
		if (turns && n < g->sc.start_turn)
			return cmd_fail(res, "scenario turns: %ld: the game starts at turn %d", n,
			                g->sc.start_turn);
	}
	if (none && other <= 0 && *field > 0 &&
	    (v->nobjectives > 0 || v->name != NULL || v->per_unit != 1))
		return cmd_fail(res, "scenario %s -: the victory's points (%s%s) count toward a target "
		                     "or a turn limit: set the other first (scenario %s N)",
		                what, v->name != NULL ? v->name : "victory points",
		                v->nobjectives > 0 ? ", objectives" : "", turns ? "target" : "turns");
	keep_start(g);
	/* a victory new to the scenario counts a point an enemy unit, as read */
	if (!none && v->target <= 0 && v->turns <= 0)
		v->per_unit = 1;
	*field = (int)n;
	if (none)
		cmd_say(res, "%s: none", turns ? "turn limit" : "victory target");
	else
		cmd_say(res, "%s: %ld", turns ? "turn limit" : "victory target", n);
	return true;
}

static bool
set_setting(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct card *card = game_card(g);

	if (argc != 4)
		return cmd_fail(res, "usage: scenario setting NAME CHOICE");
	for (size_t i = 0; i < card->nsettings && i < MAX_SETTINGS; i++) {
		const struct setting *s = &card->settings[i];
		struct strbuf b = { NULL, 0, 0 };
		int c;

		if (strcmp(s->id, argv[2]) != 0) /* reader: a setting's id */
			continue;
		if ((c = card_setting_choice(s, argv[3])) >= 0) {
			g->settings[i] = c;
			cmd_say(res, "%s: %s", s->id, s->choices[c]);
			return true;
		}
		for (size_t k = 0; k < s->nchoices; k++)
			strbuf_addf(&b, "%s%s", k ? ", " : "", s->choices[k]);
		cmd_fail(res, "scenario setting %s: %s is not one of its choices (%s)", s->id, argv[3],
		         b.text ? b.text : "");
		free(b.text);
		return false;
	}
	return cmd_fail(res, "scenario setting: %s: the card has no such setting", argv[2]);
}

/* The card's ground, that a grown board is filled with: its new scenario's, or
 * its first hex terrain. */
static int
ground_of(const struct card *card)
{
	if (card->new_scenario.ground >= 0)
		return card->new_scenario.ground;
	for (size_t t = 0; t < card->nterrain; t++)
		if (card->terrain[t].kind == TERRAIN_HEX)
			return (int)t;
	return 0;
}

/* Per-hex arrays of a board of cols x rows, from those of board `was`: what
 * fits kept, the rest the ground. */
static void
relay(const struct hex_board *was, int cols, int rows, int ground, struct tset **terrain,
      int **levels)
{
	struct tset *t = xcalloc((size_t)cols * (size_t)rows + 1, sizeof *t);
	int *l = xcalloc((size_t)cols * (size_t)rows + 1, sizeof *l);

	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++) {
			size_t to = (size_t)r * (size_t)cols + (size_t)c;
			if (c < was->columns && r < was->rows) {
				size_t from = (size_t)r * (size_t)was->columns + (size_t)c;
				t[to] = (*terrain)[from];
				l[to] = (*levels)[from];
			} else {
				tset_add(&t[to], ground);
			}
		}
	free(*terrain);
	free(*levels);
	*terrain = t;
	*levels = l;
}

/* Keep the side entries and structures whose hexes are on board b. */
static size_t
keep_sides(const struct hex_board *b, struct scen_hexside *s, size_t n)
{
	size_t kept = 0;

	for (size_t i = 0; i < n; i++) {
		struct hex far = hex_eq(s[i].owner, s[i].side.a)
		                         ? hex_neighbor(s[i].side.a, s[i].side.dir)
		                         : s[i].side.a;
		if (hex_on_board(b, s[i].owner) && hex_on_board(b, far))
			s[kept++] = s[i];
	}
	return kept;
}

static size_t
keep_structures(const struct hex_board *b, struct scen_structure *s, size_t n)
{
	size_t kept = 0;

	for (size_t i = 0; i < n; i++)
		if (hex_on_board(b, s[i].hex))
			s[kept++] = s[i];
	return kept;
}

/* The hexes of board `was` outside `b` that hold more than the ground (or a
 * level), said in res; how many. */
static int
say_lost(const struct game *g, const struct hex_board *b, int ground,
         struct command_result *res)
{
	const struct hex_board *was = &g->sc.board;
	struct strbuf sb = { NULL, 0, 0 };
	int n = 0;

	for (int r = 0; r < was->rows; r++)
		for (int c = 0; c < was->columns; c++) {
			size_t i = (size_t)r * (size_t)was->columns + (size_t)c;
			char at[HEX_LABEL_SIZE];
			if (c < b->columns && r < b->rows)
				continue;
			if (g->levels[i] == 0 && g->terrain[i].count == 1 &&
			    g->terrain[i].items[0] == ground)
				continue;
			if (++n <= 8) {
				hex_label(was, hex_from_offset(was, c, r), at);
				strbuf_addf(&sb, "%s%s", n > 1 ? " " : "", at);
			}
		}
	if (n > 0)
		cmd_say(res, "warning: the terrain of %d hex%s left off the board: %s%s (undo "
		             "puts it back)", n, n == 1 ? "" : "es", sb.text, n > 8 ? " ..." : "");
	free(sb.text);
	return n;
}

static bool
set_size(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct scenario *sc = &g->sc;
	struct hex_board b;
	struct strbuf sb = { NULL, 0, 0 };
	int cols, rows, ground = ground_of(game_card(g));
	size_t kept = 0;

	if (argc != 3 || !scenario_size_read(argv[2], &cols, &rows))
		return cmd_fail(res, "usage: scenario size COLSxROWS (each from 1 to 200)");
	b = sc->board;
	b.columns = cols;
	b.rows = rows;
	/* a unit is never lost: the set-up moves or removes it first */
	for (size_t i = 0; i < g->nunits; i++)
		if (!g->units[i].eliminated && !hex_on_board(&b, g->units[i].hex))
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", g->units[i].id);
	if (sb.text != NULL) {
		cmd_fail(res, "scenario size %dx%d: these units would be off the board: %s (move or "
		              "remove them first)", cols, rows, sb.text);
		free(sb.text);
		return false;
	}
	keep_start(g);
	say_lost(g, &b, ground, res);
	relay(&sc->board, cols, rows, ground, &g->terrain, &g->levels);
	relay(&sc->board, cols, rows, ground, &sc->terrain, &sc->levels);
	g->nsides = keep_sides(&b, g->sides, g->nsides);
	sc->nsides = keep_sides(&b, sc->sides, sc->nsides);
	g->nstructures = keep_structures(&b, g->structures, g->nstructures);
	sc->nstructures = keep_structures(&b, sc->structures, sc->nstructures);
	for (size_t i = 0; i < sc->nunits; i++) {
		if (hex_on_board(&b, sc->units[i].hex))
			sc->units[kept++] = sc->units[i];
		else
			free(sc->units[i].id);
	}
	sc->nunits = kept;
	sc->board = b;
	game_sides_changed(g);
	game_units_changed(g);
	cmd_say(res, "board: %d columns, %d rows", cols, rows);
	return true;
}

bool
cmd_scenario(struct game *g, int argc, char **argv, struct command_result *res)
{
	const char *what = argv[1];

	/* reader: command words */
	if (strcmp(what, "title") == 0)
		return set_text(g, &g->sc.title, "title", argc, argv, 2, false, res);
	if (strcmp(what, "notes") == 0) { /* reader: command words */
		/* a paragraph ends in a line break, as notes folded in a file do */
		bool ok = set_text(g, &g->sc.notes, "notes", argc, argv, 2, true, res);
		char **n = &g->sc.notes;
		if (ok && *n != NULL && (*n)[strlen(*n) - 1] != '\n') {
			char *with = xasprintf("%s\n", *n);
			free(*n);
			*n = with;
		}
		return ok;
	}
	if (strcmp(what, "side") == 0) /* reader: command words */
		return set_side(g, argc, argv, res);
	if (strcmp(what, "first") == 0) /* reader: command words */
		return set_first(g, argc, argv, res);
	if (strcmp(what, "target") == 0) /* reader: command words */
		return set_victory(g, argc, argv, false, res);
	if (strcmp(what, "turns") == 0) /* reader: command words */
		return set_victory(g, argc, argv, true, res);
	if (strcmp(what, "setting") == 0) /* reader: command words */
		return set_setting(g, argc, argv, res);
	if (strcmp(what, "size") == 0) /* reader: command words */
		return set_size(g, argc, argv, res);
	return cmd_fail(res, "usage: scenario title TEXT | notes TEXT | side SIDE name TEXT | side "
	                     "SIDE home EDGE | first SIDE | target N|- | turns N|- | setting NAME "
	                     "CHOICE | size COLSxROWS");
}
