/* command.c: the command table and its dispatcher (engine layer): splits a line
 * into words, finds the command (by its name, or a prefix that names one command
 * alone), checks the number of arguments, runs it, and keeps the list of the
 * changes in force. Undo puts the game back to the last state kept before the
 * change it takes back (checkpoint.h) and replays the few changes in force after
 * it: decisions are taken back, the record of them is kept.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "checkpoint.h"
#include "cmd.h"
#include "save.h"
#include "strutil.h"
#include "turn.h"
#include "xmalloc.h"

static bool cmd_undo(struct game *g, int argc, char **argv, struct command_result *res);
static bool cmd_redo(struct game *g, int argc, char **argv, struct command_result *res);
static bool cmd_help(struct game *g, int argc, char **argv, struct command_result *res);
static bool cmd_save(struct game *g, int argc, char **argv, struct command_result *res);

const struct command_entry command_table[] = {
	/* setting up the table */
	[CMD_TERRAIN] = { "terrain", "HEX TERRAIN[+TERRAIN...]", "set a hex's terrain (tokens, roads and what it cancels stay)",
	  COMMAND_CHANGE, 2, 2, cmd_terrain, false, USE_SETUP },
	[CMD_ERASE] = { "erase", "HEX", "take away a hex's tokens, roads, hexside features, level and structures",
	  COMMAND_CHANGE, 1, 1, cmd_erase, false, USE_SETUP },
	[CMD_HEXSIDE] = { "hexside", "add|remove HEX SIDE FEATURE", "put or take a feature on a hexside",
	  COMMAND_CHANGE, 4, 4, cmd_hexside, false, USE_SETUP },
	[CMD_LEVEL] = { "level", "HEX N", "set a hex's level", COMMAND_CHANGE, 2, 2, cmd_level, false, USE_SETUP },
	[CMD_TOKEN] = { "token", "add|remove HEX TOKEN", "place or take away a token", COMMAND_CHANGE, 3, 3,
	  cmd_token, false, USE_SETUP },
	[CMD_STRUCTURE] = { "structure", "HEX [SIDE] STRENGTH [HITS]",
	  "make a hex's terrain (or a hexside feature) a structure, or set its strength",
	  COMMAND_CHANGE, 2, 4, cmd_structure, false, USE_SETUP },
	[CMD_UNIT] = { "unit", "add ID SIDE CLASS HEX [STRENGTH] | set ID KEY=VALUE... | remove ID",
	  "add, change or remove a unit", COMMAND_CHANGE, 2, -1, cmd_unit_cmd, false, USE_SETUP },
	[CMD_SCENARIO] = { "scenario", "title TEXT | notes TEXT | side SIDE name TEXT | side SIDE home EDGE | "
	  "first SIDE | target N|- | turns N|- | setting NAME CHOICE | size COLSxROWS",
	  "set the scenario's own data (in set-up only)", COMMAND_CHANGE, 2, -1, cmd_scenario, false,
	  USE_SCENARIO },
	/* playing */
	[CMD_SELECT] = { "select", "UNIT", "select a unit", COMMAND_QUERY, 1, 1, cmd_select, false, USE_ANY },
	[CMD_MOVE] = { "move", "UNIT HEX [HEX...] [charge] [redeploy] [roll=FACES]",
	  "move a unit along a path, or to a hex by the cheapest way", COMMAND_CHANGE, 2, -1,
	  cmd_move, false, USE_PLAY },
	[CMD_RETREAT] = { "retreat", "UNIT [HEX...] [roll=FACES]",
	  "the retreat a battle gave a unit, toward its side's edge (a hit for each hex it cannot)",
	  COMMAND_CHANGE, 1, -1, cmd_retreat, false, USE_PLAY },
	[CMD_ADVANCE] = { "advance", "UNIT", "take the ground the unit's battle emptied (the card's take_ground)",
	  COMMAND_CHANGE, 1, 1, cmd_advance, false, USE_PLAY },
	[CMD_FORM] = { "form", "UNIT FORMATION|-", "change a unit's formation to one the card names (- none), at the card's cost",
	  COMMAND_CHANGE, 2, 2, cmd_form, false, USE_PLAY },
	[CMD_BATTLE] = { "battle", "UNIT TARGET [COMBAT] [WORD...]",
	  "a unit battles another: dice, protection, the roll and its result",
	  COMMAND_CHANGE, 2, -1, cmd_battle, false, USE_PLAY },
	[CMD_FIRE] = { "fire", "UNIT TARGET [WORD...]", "battle with the card's first combat type (ranged fire)",
	  COMMAND_CHANGE, 2, -1, cmd_fire, false, USE_PLAY },
	[CMD_MELEE] = { "melee", "UNIT TARGET [WORD...]", "battle with the card's last combat type (close combat)",
	  COMMAND_CHANGE, 2, -1, cmd_melee, false, USE_PLAY },
	[CMD_HIT] = { "hit", "UNIT N", "take N hits off a unit's strength", COMMAND_CHANGE, 2, 2, cmd_hit, false, USE_PLAY },
	[CMD_APPLY] = { "apply", "", "apply the last battle's result as the card's table gives it",
	  COMMAND_CHANGE, 0, 0, cmd_apply, false, USE_PLAY },
	[CMD_ACT] = { "act", "UNIT ACTION", "a unit does to its own hex what the card lets it do, such as an action instead of battling",
	  COMMAND_CHANGE, 2, 2, cmd_act, false, USE_PLAY },
	[CMD_DAMAGE] = { "damage", "HEX [SIDE] [N]", "N structural hits (1 when not given) to a structure",
	  COMMAND_CHANGE, 1, 3, cmd_damage, false, USE_SETUP },
	[CMD_PHASE] = { "phase", "next", "go on to the next phase", COMMAND_CHANGE, 1, 1, cmd_phase, false, USE_PLAY },
	[CMD_TURN] = { "turn", "end", "end the acting side's turn", COMMAND_CHANGE, 1, 1, cmd_turn, false, USE_PLAY },
	[CMD_SKIP] = { "skip", "[UNIT]", "give up what is owed (a result, a retreat, a battle back): all, or a unit's",
	  COMMAND_CHANGE, 0, 1, cmd_skip, false, USE_PLAY },
	[CMD_NOTE] = { "note", "TEXT...", "write a note in the game log", COMMAND_CHANGE, 1, -1, cmd_note, false, USE_PLAY },
	/* looking */
	[CMD_SHOW] = { "show", "unit ID | hex HEX | state | stats",
	  "describe a unit, a hex, the game, or each side's dice against the odds",
	  COMMAND_QUERY, 1, 2, cmd_show, false, USE_ANY },
	[CMD_LOS] = { "los", "FROM TO", "line of sight between two hexes or units, with the reason",
	  COMMAND_QUERY, 2, 2, cmd_los, false, USE_ANY },
	[CMD_RANGE] = { "range", "UNIT [POINTS]", "where a unit can move", COMMAND_QUERY, 1, 2, cmd_range, false, USE_ANY },
	[CMD_EXPLAIN] = { "explain", "UNIT TARGET [COMBAT] [FACT...]",
	  "a battle's dice and protection, without battling", COMMAND_QUERY, 2, -1, cmd_explain, false, USE_ANY },
	[CMD_MAP] = { "map", "", "print the map, as hexaid render does", COMMAND_QUERY, 0, 0, cmd_map, false, USE_ANY },
	/* looking, for the terminal interface (cmd-ui.c) */
	[CMD_LINE] = { "line", "FROM TO", "the hexes a line of sight passes", COMMAND_QUERY, 2, 2, cmd_line, false, USE_ANY },
	[CMD_TARGETS] = { "targets", "UNIT", "the units a unit may battle now", COMMAND_QUERY, 1, 1, cmd_targets, false, USE_PLAY },
	[CMD_MAY] = { "may", "[UNIT [TARGET [WORD...]]]", "what may be done now: the phase ended; a unit's move, battle, act",
	  COMMAND_QUERY, 0, -1, cmd_may, false, USE_PLAY },
	[CMD_EFFECTS] = { "effects", "UNIT [HEX]", "what its hex's terrain does for a unit: protection, entering",
	  COMMAND_QUERY, 1, 2, cmd_effects, false, USE_ANY },
	[CMD_ROLLS] = { "rolls", "", "the dice log: each roll, with turn, phase, side, source and result",
	  COMMAND_QUERY, 0, 0, cmd_rolls, false, USE_ANY },
	[CMD_RETREATS] = { "retreats", "UNIT", "where the retreat a unit owes may end", COMMAND_QUERY, 1, 1,
	  cmd_retreats, false, USE_PLAY },
	[CMD_VALUES] = { "values", "UNIT", "a unit's move, dice and values, and where each comes from",
	  COMMAND_QUERY, 1, 1, cmd_values, false, USE_ANY },
	[CMD_NEEDS] = { "needs", "UNIT TARGET [COMBAT] [WORD...]",
	  "the values a battle lacks, asked before its dice", COMMAND_QUERY, 2, -1, cmd_needs, false, USE_PLAY },
	[CMD_HELP] = { "help", "[COMMAND]", "list the commands, or describe one", COMMAND_QUERY, 0, 1, cmd_help, false, USE_ANY },
	/* the record */
	[CMD_UNDO] = { "undo", "", "take back the last change", COMMAND_META, 0, 0, cmd_undo, true, USE_ANY },
	[CMD_REDO] = { "redo", "", "do again what undo took back", COMMAND_META, 0, 0, cmd_redo, false, USE_ANY },
	[CMD_SAVE] = { "save", "[--force] [FILE]",
	  "save the game (atomically; the last three saves are kept; --force: over a game "
	  "open in another hexaid)", COMMAND_QUERY, 0, 2, cmd_save, false, USE_ANY },
};

const size_t command_count = sizeof command_table / sizeof command_table[0];
/* a row for each word of list-commands.h, at its index (test-command.c checks
 * each row's name is its word) */
_Static_assert(sizeof command_table / sizeof command_table[0] == N_COMMANDS,
               "command_table has a row for each command of list-commands.h");

/* ---- words ------------------------------------------------------------------ */

/* The most words in one command (card.h's MAX_WORDS is a card's word lists),
 * and the longest line: a journal line and an item of a save, which hold it,
 * then stay far below what their readers take. */
#define COMMAND_MAX_WORDS 64
#define COMMAND_MAX_BYTES 16384

/* Is the line one a journal and a save can carry: at most COMMAND_MAX_BYTES of
 * UTF-8 without control characters? NULL, or why not. */
static const char *
line_refused(const char *line)
{
	const unsigned char *p = (const unsigned char *)line;
	size_t len = strlen(line);

	if (len > COMMAND_MAX_BYTES)
		return "a command is at most 16384 bytes long";
	/* most of a line is printable ASCII: nothing to decode */
	for (size_t i = str_ascii_run(p, len); i < len; i += str_ascii_run(p + i, len - i)) {
		size_t n = str_utf8_sequence(p + i, len - i);

		if (n == 0)
			return "a command is UTF-8 text: this one holds a byte that is not";
		/* C0 controls, DEL, and C1 controls (U+0080 to U+009F) */
		if (p[i] < 0x20 || p[i] == 0x7f || (p[i] == 0xc2 && p[i + 1] < 0xa0))
			return "control characters (a tab?) are not allowed in a command";
		i += n;
	}
	return NULL;
}

/* Split a line into words, in place. Words are parted by spaces; a word that
 * starts with a double quote runs to the closing quote, spaces and all, and a
 * doubled quote inside stands for one ("say ""hi"""); a word that starts with #
 * starts a comment. canonical_line writes what this reads. -1 and the reason in
 * *why for a line refused (line_refused), an unclosed quote, or a closing quote
 * followed by anything but a space. */
static int
split_words(char *line, char **words, const char **why)
{
	int n = 0;
	char *p = line, *out;

	if ((*why = line_refused(line)) != NULL)
		return -1;
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0' || *p == '#')
			break;
		if (n == COMMAND_MAX_WORDS) {
			*why = "too many words in one command";
			return -1;
		}
		words[n++] = out = p;
		if (*p == '"') {
			words[n - 1] = out = ++p;
			for (;; p++) {
				if (*p == '\0') {
					*why = "a quote (\") is not closed";
					return -1;
				}
				if (*p == '"' && p[1] != '"')
					break;
				*out++ = *p;
				p += *p == '"';       /* "" is one quote */
			}
			p++;
			if (*p != '\0' && *p != ' ') {
				*why = "a closing quote (\") must end its word: put a space after it, "
				       "or write a quote inside quotes as \"\"";
				return -1;
			}
		} else {
			while (*p != '\0' && *p != ' ')
				out++, p++;
		}
		if (*p != '\0')
			p++;
		*out = '\0';
	}
	return n;
}

/* The command whose name is the first len bytes of name, or begins with them
 * and no other does; NULL otherwise, with *matches the names so begun. */
static const struct command_entry *
command_matching(const char *name, size_t len, size_t *matches)
{
	const struct command_entry *found = NULL;

	*matches = 0;
	for (size_t i = 0; i < command_count; i++) {
		/* a command word may be shortened to any unique start of a name */
		if (strncmp(command_table[i].name, name, len) != 0) /* reader: command words */
			continue;
		if (command_table[i].name[len] == '\0') {
			*matches = 1;
			return &command_table[i];
		}
		found = &command_table[i];
		(*matches)++;
	}
	return *matches == 1 ? found : NULL;
}

static const struct command_entry *
find_command(const char *name, struct command_result *res)
{
	const struct command_entry *found;
	const char *names[sizeof command_table / sizeof command_table[0]];
	const char *near;
	size_t matches;

	if ((found = command_matching(name, strlen(name), &matches)) != NULL)
		return found;
	for (size_t i = 0; i < command_count; i++)
		names[i] = command_table[i].name;
	near = str_nearest(name, names, command_count);
	if (matches > 1)
		cmd_fail(res, "%s: more than one command starts so; say which", name);
	else if (near != NULL)
		cmd_fail(res, "%s: no such command; did you mean '%s'? (help lists them)", name, near);
	else
		cmd_fail(res, "%s: no such command (help lists them)", name);
	return NULL;
}

const struct command_entry *
command_named_by(const char *line)
{
	size_t len, matches;

	line += strspn(line, " ");
	len = strcspn(line, " ");
	for (size_t i = 0; i < len; i++)
		if (line[i] == '"' || line[i] == '#' || (unsigned char)line[i] < 0x20)
			return NULL;
	return len > 0 ? command_matching(line, len, &matches) : NULL;
}

/* How many bytes word w takes on a command line, as command_word writes it:
 * itself, or in quotes (empty, or holding a space, a quote or a #) with its
 * quotes doubled. */
static size_t
word_size(const char *w)
{
	size_t len = strlen(w), quotes = 0;

	if (len > 0 && strpbrk(w, " \"#") == NULL)
		return len;
	for (const char *q = w; (q = strchr(q, '"')) != NULL; q++)
		quotes++;
	return len + quotes + 2;
}

/* Word w written at out as command_word writes it, without a NUL; returns the
 * end. */
static char *
word_put(char *out, const char *w)
{
	if (w[0] != '\0' && strpbrk(w, " \"#") == NULL) {
		size_t len = strlen(w);
		memcpy(out, w, len);
		return out + len;
	}
	*out++ = '"';
	for (; *w != '\0'; w++) {
		*out++ = *w;
		if (*w == '"')
			*out++ = '"';
	}
	*out++ = '"';
	return out;
}

char *
command_word(const char *w)
{
	char *text = xmalloc(word_size(w) + 1);

	*word_put(text, w) = '\0';
	return text;
}

/* The line as it is recorded: the command's full name and its arguments joined
 * by one space, each as command_word writes it, then what the command adds to
 * its record (dice rolled) and --force when it was forced. Every change replayed
 * is recorded again, so this is put together by hand, not formatted. */
static char *
canonical_line(const char *name, size_t nargs, char *const *args, const char *extra,
               bool forced)
{
	static const char force[] = " --force";
	size_t size = strlen(name) + 1;
	char *text, *out;

	for (size_t i = 0; i < nargs; i++)
		size += 1 + word_size(args[i]);
	size += extra != NULL ? 1 + strlen(extra) : 0;
	size += forced ? sizeof force - 1 : 0;
	text = out = xmalloc(size);
	memcpy(out, name, strlen(name));
	out += strlen(name);
	for (size_t i = 0; i < nargs; i++) {
		*out++ = ' ';
		out = word_put(out, args[i]);
	}
	if (extra != NULL) {
		*out++ = ' ';
		memcpy(out, extra, strlen(extra));
		out += strlen(extra);
	}
	if (forced) {
		memcpy(out, force, sizeof force - 1);
		out += sizeof force - 1;
	}
	*out = '\0';
	return text;
}

/* Can a line be read back as one command: a journal and a save carry it, and
 * it has no more words than a command may? */
static bool
line_fits(const char *line)
{
	char *copy = xstrdup(line), *words[COMMAND_MAX_WORDS];
	const char *why;
	bool fits = split_words(copy, words, &why) >= 0;

	free(copy);
	return fits;
}

/* The line the record keeps of a change: its arguments as given, or those the
 * command says the record keeps (record_args), unless these make a line that
 * could not be read back (a way of more hexes than a command has words): then
 * as given, which a replay reads the same way. */
/* Is `line`, split into its n words, already as canonical_line writes it: the
 * command's full name, and words that need no quotes (word_size), one space
 * apart and nothing else (the line is no longer than they are), nothing added?
 * So is nearly every line a replay reads, which a journal or a save wrote. */
static bool
line_canonical(const char *line, int n, char *const *words, const char *name,
               const struct command_result *res, bool forced)
{
	size_t len = 0;

	if (res->record_args.count > 0 || res->record_extra != NULL || forced ||
	    strcmp(words[0], name) != 0) /* reader: command words, as typed */
		return false;
	for (int i = 0; i < n; i++) {
		size_t w = strlen(words[i]);

		if (i > 0 && word_size(words[i]) != w)
			return false;
		len += w + (i > 0);
	}
	return len == strlen(line);
}

static char *
record_line(const struct game *g, const char *given, const char *name, int n,
            char *const *words, const struct command_result *res)
{
	const struct strlist *args = &res->record_args;
	char *line;

	/* a line of the block the game's list holds (a save's, replayed as it
	 * opens) is kept where it is */
	if (line_canonical(given, n, words, name, res, g->forcing)) {
		line = strlist_block_line(&g->done, given);
		return line != NULL ? line : xstrdup(given);
	}
	if (args->count > 0) {
		line = canonical_line(name, args->count, args->items, res->record_extra, g->forcing);
		if (line_fits(line))
			return line;
		free(line);
	}
	return canonical_line(name, (size_t)n - 1, words + 1, res->record_extra, g->forcing);
}

/* Does the command belong to the current phase? Refused, with the phase that
 * allows it, unless --force. */
static bool
in_phase(struct game *g, const struct command_entry *c, struct command_result *res)
{
	const struct card *card = game_card(g);
	int allowed;

	enum command_id id = (enum command_id)(c - command_table);

	if (turn_allows(g, id, &allowed) || turn_reacts(g, id) || g->forcing)
		return true;
	res->remedy = REMEDY_PHASE_NEXT;
	return cmd_fail(res, "%s: not in the %s phase; allowed in %s (phase next goes on; --force "
	                     "does it now, and the log says so)",
	                c->name, card->phases[g->phase].name, card->phases[allowed].name);
}

/* Is the command one of play, refused in set-up? It is said with the commands
 * that set up the table (the table's rows of use USE_SETUP), and play starts
 * from the scenario that save writes. */
static bool
in_use(const struct game *g, const struct command_entry *c, struct command_result *res)
{
	struct strbuf sb = { NULL, 0, 0 };

	if (!g->setup && c->use == USE_SCENARIO) {
		return cmd_fail(res, "%s: a game keeps the scenario it started from: set up the "
		                     "scenario's own data with hexaid edit FILE", c->name);
	}
	if (!g->setup || c->use != USE_PLAY)
		return true;
	for (size_t i = 0; i < command_count; i++)
		if (command_table[i].use == USE_SETUP || command_table[i].use == USE_SCENARIO)
			strbuf_addf(&sb, "%s%s", sb.len > 0 ? ", " : "", command_table[i].name);
	res->remedy = REMEDY_SETUP;
	cmd_fail(res, "%s: set-up is not play (no turn, phase, log or dice): set up the table "
	              "with %s; save writes the scenario, and a game started from it plays",
	         c->name, sb.text);
	free(sb.text);
	return false;
}

/* When the last side has ended the scenario's last turn: the game is over,
 * won by the side with more points or drawn, each side's points said with
 * where they come from. */
static void
announce_turn_limit(struct game *g, struct command_result *res)
{
	const struct scen_victory *v = &g->sc.victory;
	const char *points = v->name ? v->name : "victory points";
	struct strbuf score = { NULL, 0, 0 };
	bool won_before = g->winner >= 0;

	if (!turn_check_limit(g))
		return;
	for (size_t s = 0; s < g->sc.nteams; s++)
		strbuf_addf(&score, "%s%s %d", s ? ", " : "", g->sc.teams[s].name,
		            turn_points(g, (int)s));
	if (won_before)
		cmd_say(res, "Turn %d of %d is over: the game ends, won by the %s at the target "
		             "(%s: %s).", v->turns, v->turns, g->sc.teams[g->winner].name, points,
		        score.text);
	else if (g->winner >= 0)
		cmd_say(res, "Turn %d of %d is over: the game ends. %s win on %s (%s).", v->turns,
		        v->turns, g->sc.teams[g->winner].name, points, score.text);
	else
		cmd_say(res, "Turn %d of %d is over: the game ends in a draw on %s (%s).", v->turns,
		        v->turns, points, score.text);
	for (size_t s = 0; s < g->sc.nteams; s++) {
		char *why = turn_points_words(g, (int)s);
		cmd_say(res, "  %s %d: %s", g->sc.teams[s].name, turn_points(g, (int)s), why);
		free(why);
	}
	cmd_say(res, "The game stays open for review; undo takes back the end of the last turn.");
	if (g->winner >= 0 && !won_before)
		game_log(g, "turn %d of %d over: %s win on %s (%s)", v->turns, v->turns,
		         g->sc.teams[g->winner].name, points, score.text);
	else
		game_log(g, "turn %d of %d over: %s (%s: %s)", v->turns, v->turns,
		         won_before ? "the game ends" : "a draw", points, score.text);
	free(score.text);
}

/* After a change: a side that has reached the scenario's target wins; the
 * end of the last turn ends the game. */
static void
announce_victory(struct game *g, struct command_result *res)
{
	const struct scen_victory *v = &g->sc.victory;
	int s = turn_check_victory(g);

	if (s >= 0) {
		cmd_say(res, "%s win: %d of %d %s. The game stays open for review.",
		        g->sc.teams[s].name, turn_points(g, s), v->target,
		        v->name ? v->name : "victory points");
		game_log(g, "%s win: %d of %d %s", g->sc.teams[s].name, turn_points(g, s), v->target,
		         v->name ? v->name : "victory points");
	}
	announce_turn_limit(g, res);
}

/* How dispatch runs a line: added to g->done when it changes the game; a
 * replay (of a save or a journal) runs only changes, undo and redo; quietly,
 * when nobody reads what it says; the commands of a save are changes only (a
 * save holds the changes in force). */
enum { RUN_RECORD = 1, RUN_REPLAY = 2, RUN_QUIET = 4, RUN_CHANGES = 8 };

/* Run `line`, split into words in `copy` (a copy of it, which this may change). */
static bool
run_line(struct game *g, const char *line, char *copy, struct command_result *res, unsigned how)
{
	bool record = (how & RUN_RECORD) != 0;
	char *words[COMMAND_MAX_WORDS];
	const struct command_entry *c;
	const char *why = NULL;
	int n;
	bool ok;

	memset(res, 0, sizeof *res);
	res->ok = true;
	res->kind = COMMAND_QUERY;
	res->quiet = (how & RUN_QUIET) != 0;
	n = split_words(copy, words, &why);
	if (n < 0)
		return cmd_fail(res, "%s", why);
	if (n == 0)
		return true;
	if ((c = find_command(words[0], res)) == NULL)
		return false;
	res->name = c->name;
	res->undoes = c->undoes;
	/* a query changes nothing, and one (save) writes a file a replayed line must
	 * never choose: a save or journal from elsewhere could name any file */
	if ((how & RUN_REPLAY) && c->kind == COMMAND_QUERY)
		return cmd_fail(res, "%s: only changes are replayed", c->name);
	/* undo and redo in a save's list would each replay the game from its start:
	 * hexaid never writes them there, and reading one is refused */
	if ((how & RUN_CHANGES) && c->kind != COMMAND_CHANGE) {
		res->kind = c->kind;
		return cmd_fail(res, "%s: a save holds only the changes in force", c->name);
	}
	/* --force, last: do it even where the turn says no; the record keeps it */
	g->forcing = n > 1 && strcmp(words[n - 1], "--force") == 0; /* reader: command words */
	if (g->forcing)
		n--;
	res->kind = c->kind;
	if (n - 1 < c->min_args || (c->max_args >= 0 && n - 1 > c->max_args))
		return cmd_fail(res, "usage: %s %s", c->name, c->args);
	if (!in_use(g, c, res) || !in_phase(g, c, res)) {
		g->forcing = false;
		return false;
	}
	g->command = (int)(c - command_table);
	ok = c->run(g, n, words, res);
	g->command = -1;
	if (ok && c->kind == COMMAND_CHANGE)
		announce_victory(g, res);
	if (ok && c->kind == COMMAND_CHANGE && record) {
		char **slot = xgrow(&g->done.items, &g->done.count, &g->done.cap, sizeof *slot);

		*slot = record_line(g, line, c->name, n, words, res);
		checkpoint_recorded(g);
		strlist_free(&g->undone);
		g->dirty = true;
	}
	g->forcing = false;
	res->ok = ok;
	return ok;
}

/* A line is split into words in a copy: one on the stack for the commands of
 * play, short lines all. */
static bool
dispatch(struct game *g, const char *line, struct command_result *res, unsigned how)
{
	char stack[256];
	size_t len = strlen(line);
	char *copy = len < sizeof stack ? memcpy(stack, line, len + 1) : xstrdup(line);
	bool ok = run_line(g, line, copy, res, how);

	if (copy != stack)
		free(copy);
	return ok;
}

const char *
command_record_line(const struct game *g, const struct command_result *res)
{
	return res->kind == COMMAND_CHANGE ? g->done.items[g->done.count - 1] : res->name;
}

bool
command_run(struct game *g, const char *line, struct command_result *res)
{
	return dispatch(g, line, res, RUN_RECORD);
}

/* Put the game back to where it stood with the first `count` changes of g->done
 * in force (the rest are dropped): from the last state kept at or before them,
 * replaying the changes after it. A change that no longer applies ends the list
 * there; false then. */
static bool
rebuild(struct game *g, size_t count)
{
	size_t from = checkpoint_restore(g, count);
	bool ok = true;

	while (g->done.count > count)
		strlist_drop_last(&g->done);
	g->replaying = true;
	for (size_t i = from; i < count; i++) {
		struct command_result res;
		ok = dispatch(g, g->done.items[i], &res, RUN_REPLAY | RUN_QUIET);
		command_result_free(&res);
		if (!ok) {
			while (g->done.count > i)
				strlist_drop_last(&g->done);
			break;
		}
		if (i + 1 < count)
			checkpoint_replayed(g, i + 1);
	}
	g->replaying = false;
	return ok;
}

/* A change ended a turn when the turn or the side acting is no longer what it
 * was before it: turn.c's turn_end is the one place that moves them on (turn
 * end, or phase next after the last phase). */
static void
watch_turn(const struct game *g, const struct replay_watch *w, int turn, int side, size_t rolls)
{
	if (w != NULL && (g->turn != turn || g->side != side))
		w->turn_ended(g, turn, side, rolls, w->data);
}

static bool
replay_lines(struct game *g, const struct strlist *lines, size_t *bad, unsigned how,
             const struct replay_watch *w)
{
	for (size_t i = 0; i < lines->count; i++) {
		struct command_result res;
		int turn = g->turn, side = g->side;
		size_t rolls = g->nrolls;
		bool ok = dispatch(g, lines->items[i], &res, how | RUN_QUIET);

		command_result_free(&res);
		if (ok)
			watch_turn(g, w, turn, side, rolls);
		/* a query is skipped (a file from elsewhere may hold one: it must not run);
		 * a line that is no command, or is refused, fails like a change that
		 * no longer applies */
		if (!ok && !(res.kind == COMMAND_QUERY && res.name != NULL)) {
			if (bad != NULL)
				*bad = i;
			return false;
		}
	}
	return true;
}

bool
command_replay(struct game *g, const struct strlist *lines, size_t *bad)
{
	return replay_lines(g, lines, bad, RUN_RECORD | RUN_REPLAY, NULL);
}

bool
command_replay_changes(struct game *g, const struct strlist *lines, size_t *bad,
                       const struct replay_watch *w)
{
	bool ok;

	g->replay_end = g->done.count + lines->count;
	ok = replay_lines(g, lines, bad, RUN_RECORD | RUN_REPLAY | RUN_CHANGES, w);
	g->replay_end = 0;
	return ok;
}

static bool
cmd_undo(struct game *g, int argc, char **argv, struct command_result *res)
{
	char *last;

	(void)argc;
	(void)argv;
	if (g->done.count == 0)
		return cmd_fail(res, "undo: nothing to take back");
	last = xstrdup(g->done.items[g->done.count - 1]);
	rebuild(g, g->done.count - 1);
	strlist_add(&g->undone, last);
	cmd_say(res, "undone: %s", last);
	game_log(g, "undone: %s", last);
	free(last);
	g->dirty = true;
	return true;
}

static bool
cmd_redo(struct game *g, int argc, char **argv, struct command_result *res)
{
	struct command_result again;
	struct strlist undone;
	char *line;
	bool ok;

	(void)argc;
	(void)argv;
	if (g->undone.count == 0)
		return cmd_fail(res, "redo: nothing to do again");
	line = strlist_take_last(&g->undone);
	undone = g->undone;
	memset(&g->undone, 0, sizeof g->undone);
	ok = dispatch(g, line, &again, RUN_RECORD | RUN_REPLAY);
	g->undone = undone;
	for (size_t i = 0; i < again.lines.count; i++)
		strlist_add(&res->lines, again.lines.items[i]);
	command_result_free(&again);
	if (ok)
		cmd_say(res, "redone: %s", line);
	free(line);
	return ok ? true : cmd_fail(res, "redo: it no longer applies");
}

static bool
cmd_help(struct game *g, int argc, char **argv, struct command_result *res)
{
	(void)g;
	for (size_t i = 0; i < command_count; i++) {
		const struct command_entry *c = &command_table[i];
		if (argc == 2 && strcmp(argv[1], c->name) != 0) /* reader: command words */
			continue;
		cmd_say(res, "%-9s %-40s %s", c->name, c->args, c->help);
	}
	if (res->lines.count == 0)
		return cmd_fail(res, "help: no command '%s'", argv[1]);
	return true;
}

/* save [--force] [FILE] (or --force last, as every command takes it): --force
 * writes over a save another hexaid has open, never over what save_check
 * refuses. */
static bool
cmd_save(struct game *g, int argc, char **argv, struct command_result *res)
{
	/* reader: command words */
	bool force = g->forcing || (argc > 1 && strcmp(argv[1], "--force") == 0);
	int first = argc > 1 && strcmp(argv[1], "--force") == 0 ? 2 : 1;
	const char *path = argc > first ? argv[first] : g->save_path;
	char *err = NULL, *warning;

	if (argc > first + 1)
		return cmd_fail(res, "usage: save [--force] [FILE]");
	if (path == NULL)
		return cmd_fail(res, "save: give a file the first time (save FILE)");
	if (!force && save_check(g, path, &err) == SAVE_HELD) {
		char *w = command_word(path);
		cmd_fail(res, "%s (nothing was written); save --force %s writes it all the same",
		         err, w);
		free(w);
		free(err);
		return false;
	}
	free(err);
	err = NULL;
	if (!save_write_as(g, path, force, &err, &warning)) {
		cmd_fail(res, "%s", err);
		free(err);
		return false;
	}
	if (path != g->save_path) {
		char *copy = xstrdup(path);
		free(g->save_path);
		g->save_path = copy;
	}
	g->dirty = false;
	res->saved = true;
	cmd_say(res, "saved to %s", g->save_path);
	if (warning != NULL)
		cmd_say(res, "warning: %s", warning);
	free(warning);
	return true;
}
