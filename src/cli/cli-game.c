/* cli-game.c: the subcommands that play a game without the terminal interface:
 * `hexaid script` (commands from a file, one result each, as text or JSON Lines),
 * `hexaid render` (the map of a scenario or a saved game, or its picture) and
 * `hexaid log` (a game's report, with the board pictured at each turn's end).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cardpath.h"
#include "cli.h"
#include "command.h"
#include "explain.h"
#include "game.h"
#include "render.h"
#include "hexfile.h"
#include "journal.h"
#include "load.h"
#include "recover.h"
#include "save.h"
#include "scenario.h"
#include "session.h"
#include "strutil.h"
#include "xmalloc.h"

int
cli_open_game(const char *path, struct game *g)
{
	struct diag_list dl;
	bool ok;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	ok = game_open(g, path, &dl);
	diag_print(&dl, stderr);
	diag_list_free(&dl);
	return ok ? EXIT_OK : EXIT_INVALID;
}

/* The board as an SVG picture in out, or on stdout for "-" (atomically: a picture half written is
 * never left where one was). */
static int
write_svg(const struct game *g, const char *out)
{
	int err;

	if (strcmp(out, "-") == 0) { /* reader: command line */
		char *svg = render_svg(g);
		fputs(svg, stdout);
		free(svg);
		return EXIT_OK;
	}
	if ((err = render_svg_write(g, out)) == 0)
		return EXIT_OK;
	fprintf(stderr, "hexaid: %s: cannot write: %s\n", out, strerror(err));
	return EXIT_INVALID;
}

/* hexaid render [--large | --compact] [--legend] [--svg OUT] FILE: the map,
 * compact unless asked, and its legend when asked; or its picture. */
int
cli_render(const struct cli_args *a)
{
	enum hexdraw_size size = a->given[CLI_LARGE] && !a->given[CLI_COMPACT] ? HEXDRAW_LARGE
	                                                                          : HEXDRAW_COMPACT;
	struct game g;
	char *text;
	int status;

	if (a->argc != 1)
		return cli_usage_error(a->cmd);
	if ((status = cli_open_game(a->argv[0], &g)) != EXIT_OK)
		return status;
	if (a->given[CLI_SVG]) {
		status = write_svg(&g, a->value[CLI_SVG]);
		game_free(&g);
		return status;
	}
	text = render_map(&g, size, a->given[CLI_LEGEND]);
	fputs(text, stdout);
	free(text);
	game_free(&g);
	return EXIT_OK;
}

/* Text of the game's (a note, a title, a unit's id) in Markdown, taken as text
 * whatever it holds: '<' and '&' cannot open HTML or an entity, '`' a code span
 * or fence, '\\' an escape; a block marker at its start ('#', '>', '-', '+',
 * '*', '=') is escaped, so an item stays an item; in a table cell, '|'. */
static void
md_text(const char *s, bool cell)
{
	if (!cell && s != NULL && *s != '\0' && strchr("#>-+*=", *s) != NULL)
		putchar('\\');
	for (; s != NULL && *s != '\0'; s++) {
		if (*s == '<')
			fputs("&lt;", stdout);
		else if (*s == '&')
			fputs("&amp;", stdout);
		else if (*s == '`' || *s == '\\' || (cell && *s == '|'))
			printf("\\%c", *s);
		else
			putchar(*s);
	}
}

/* A cell of a Markdown table. */
static void
md_cell(const char *s)
{
	fputs("| ", stdout);
	md_text(s, true);
	putchar(' ');
}

/* A line of text: an item of a Markdown list, or as it is. */
static void
print_item(const char *s, bool md)
{
	if (md) {
		fputs("- ", stdout);
		md_text(s, false);
		putchar('\n');
	} else {
		puts(s);
	}
}

/* The report's pictures (hexaid log --markdown --svg DIR): the board at the end
 * of each turn, as the save's replay passes it (DIR/turn-1.svg, ...), then as
 * it stands (DIR/final.svg). */
struct turn_picture {
	int turn, side;
	size_t rolls;            /* the dice records before the change that ended it */
};

struct pictures {
	const char *dir;
	struct turn_picture *ends;
	size_t count, cap;
	int err;                 /* the first picture that could not be written: errno */
	char *failed;            /* ... and its path */
};

/* DIR/NAME, one slash between. */
static char *
picture_path(const char *dir, const char *name)
{
	size_t n = strlen(dir);

	return xasprintf("%s%s%s", dir, n > 0 && dir[n - 1] == '/' ? "" : "/", name);
}

/* Write the board as it stands to DIR/NAME; the first failure is kept. */
static void
write_picture(struct pictures *p, const struct game *g, const char *name)
{
	char *path;
	int err;

	if (p->err != 0)
		return;
	path = picture_path(p->dir, name);
	if ((err = render_svg_write(g, path)) != 0) {
		p->err = err;
		p->failed = path;
		return;
	}
	free(path);
}

/* The replay's hook: a turn ended, the board is drawn as it stands. */
static void
picture_turn_ended(const struct game *g, int turn, int side, size_t rolls, void *data)
{
	struct pictures *p = data;
	struct turn_picture *t = xgrow(&p->ends, &p->count, &p->cap, sizeof *t);
	char *name;

	t->turn = turn;
	t->side = side;
	t->rolls = rolls;
	name = xasprintf("turn-%zu.svg", p->count);
	write_picture(p, g, name);
	free(name);
}

/* A path in a Markdown link, as a URL path: a byte other than a letter, digit,
 * '/', '.', '-', '_' or '~' percent-encoded (a space, a parenthesis, '<'). */
static void
md_link_path(const char *path)
{
	for (const unsigned char *c = (const unsigned char *)path; *c != '\0'; c++) {
		if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
		    strchr("/.-_~", *c) != NULL)
			putchar(*c);
		else
			printf("%%%02X", *c);
	}
}

/* A picture of the report under its heading: alt text, then the link. */
static void
md_picture(const struct pictures *p, const char *name, const char *heading)
{
	char *path = picture_path(p->dir, name);

	fputs("\n### ", stdout);
	md_text(heading, false);
	fputs("\n\n![", stdout);
	/* the alt text is text: a bracket in it cannot end it, '<' open HTML */
	for (const char *c = heading; *c != '\0'; c++) {
		if (*c == '<')
			fputs("&lt;", stdout);
		else if (*c == '&')
			fputs("&amp;", stdout);
		else if (strchr("[]\\`", *c) != NULL)
			printf("\\%c", *c);
		else
			putchar(*c);
	}
	fputs("](", stdout);
	md_link_path(path);
	puts(")");
	free(path);
}

/* The picture of turn end k (0-based), where the dice log reaches it. */
static void
md_turn_picture(const struct game *g, const struct pictures *p, size_t k)
{
	const struct turn_picture *t = &p->ends[k];
	char *name = xasprintf("turn-%zu.svg", k + 1);
	char *heading = xasprintf("Turn %d, %s: the board at its end", t->turn,
	                          g->sc.teams[t->side].name);

	md_picture(p, name, heading);
	free(heading);
	free(name);
}

/* The dice log, as players keep it in VASSAL: a heading for each turn and
 * phase, a row for each roll (Markdown: a table under each phase); with
 * pictures, the board at each turn's end after that turn's rolls, and the
 * board as it stands at the end. */
static void
print_dice_log(const struct game *g, bool md, const struct pictures *pics)
{
	const struct dice_record *mark = NULL;
	bool header = false;
	size_t k = 0;

	puts(md ? "\n## Dice log" : "\nDice log:");
	for (size_t i = 0; i < g->nrolls; i++) {
		const struct dice_record *r = &g->rolls[i];
		for (; pics != NULL && k < pics->count && pics->ends[k].rolls <= i; k++) {
			md_turn_picture(g, pics, k);
			header = false;
		}
		if (r->bookmark && md) {
			mark = r; /* its heading comes with its first roll */
			header = false;
			continue;
		}
		if (md && mark != NULL) {
			printf("\n### Turn %d, ", mark->turn);
			md_text(mark->side, false);
			if (mark->phase != NULL) {
				fputs(": ", stdout);
				md_text(mark->phase, false);
			}
			putchar('\n');
			mark = NULL;
		}
		if (r->bookmark) {
			printf("  turn %d, %s%s%s\n", r->turn, r->side, r->phase ? ": " : "",
			       r->phase ? r->phase : "");
		} else if (md) {
			if (!header)
				puts("\n| Roll | Source | Dice | Modifiers | Result |\n|---|---|---|---|---|");
			header = true;
			md_cell(r->who);
			md_cell(r->typed ? "table" : "hexaid");
			md_cell(r->dice);
			md_cell(r->modifiers ? r->modifiers : "");
			md_cell(r->result);
			puts("|");
		} else {
			printf("    %s (%s) %s%s%s: %s\n", r->who, r->typed ? "table" : "hexaid", r->dice,
			       r->modifiers ? ", modifiers " : "", r->modifiers ? r->modifiers : "",
			       r->result);
		}
	}
	for (; pics != NULL && k < pics->count; k++)
		md_turn_picture(g, pics, k);
	if (pics != NULL)
		md_picture(pics, "final.svg", "The board as the game stands");
}

/* The directory the pictures go to is one, and may be written: a message and
 * false when not (a picture that cannot be written all the same is said when
 * it is). */
static bool
pictures_dir_ok(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) != 0) {
		fprintf(stderr, "hexaid: %s: cannot write the pictures there: %s\n", dir,
		        strerror(errno));
		return false;
	}
	if (!S_ISDIR(st.st_mode) || access(dir, W_OK | X_OK) != 0) {
		fprintf(stderr, "hexaid: %s: cannot write the pictures there: %s\n", dir,
		        strerror(S_ISDIR(st.st_mode) ? errno : ENOTDIR));
		return false;
	}
	return true;
}

/* Open the game for its log; with pictures, each turn's end drawn as the
 * save's commands are replayed, and the board at the end. */
static int
open_for_log(const char *path, struct game *g, struct pictures *pics)
{
	struct replay_watch watch = { picture_turn_ended, pics };
	struct diag_list dl;
	bool ok;

	if (pics == NULL)
		return cli_open_game(path, g);
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	ok = game_open_watched(g, path, &watch, &dl);
	diag_print(&dl, stderr);
	diag_list_free(&dl);
	if (!ok)
		return EXIT_INVALID;
	write_picture(pics, g, "final.svg");
	if (pics->err != 0) {
		fprintf(stderr, "hexaid: %s: cannot write: %s\n", pics->failed, strerror(pics->err));
		game_free(g);
		return EXIT_INVALID;
	}
	return EXIT_OK;
}

/* hexaid log [--markdown [--svg DIR]] GAME: the game log, then each side's dice
 * against the odds (the `show stats` command), as plain text or Markdown; with
 * --svg, the board at each turn's end and at the end as pictures in DIR, each
 * linked where the dice log reaches it. */
int
cli_log(const struct cli_args *a)
{
	bool md = a->given[CLI_MARKDOWN];
	struct pictures pics = { .dir = a->value[CLI_SVG] };
	struct command_result res;
	struct game g;
	int status;

	if (a->argc != 1)
		return cli_usage_error(a->cmd);
	if (a->given[CLI_SVG] && !md) {
		fputs("hexaid: log: --svg DIR draws the pictures of a Markdown report: give "
		      "--markdown too\n", stderr);
		return EXIT_USAGE;
	}
	if (a->given[CLI_SVG] && !pictures_dir_ok(pics.dir))
		return EXIT_INVALID;
	status = open_for_log(a->argv[0], &g, a->given[CLI_SVG] ? &pics : NULL);
	if (status != EXIT_OK) {
		free(pics.ends);
		free(pics.failed);
		return status;
	}
	if (md) {
		fputs("# ", stdout);
		md_text(g.sc.title ? g.sc.title : g.sc.id, false);
		puts("\n");
	} else {
		printf("%s\n\n", g.sc.title ? g.sc.title : g.sc.id);
	}
	if (md)
		puts("## Log\n");
	for (size_t i = 0; i < g.log.count; i++)
		print_item(g.log.items[i], md);
	if (g.log.count == 0)
		printf("%s(nothing has happened yet)\n", md ? "- " : "");
	print_dice_log(&g, md, a->given[CLI_SVG] ? &pics : NULL);
	puts(md ? "\n## Dice\n" : "\nDice:");
	command_run(&g, "show stats", &res);
	for (size_t i = 0; i < res.lines.count; i++)
		print_item(res.lines.items[i], md);
	command_result_free(&res);
	game_free(&g);
	free(pics.ends);
	return EXIT_OK;
}

static void
print_result(const char *line, const struct command_result *res, bool json)
{
	if (json) {
		fputs("{\"command\":", stdout);
		json_string(line, stdout);
		printf(",\"ok\":%s,\"lines\":[", res->ok ? "true" : "false");
		for (size_t i = 0; i < res->lines.count; i++) {
			if (i > 0)
				putchar(',');
			json_string(res->lines.items[i], stdout);
		}
		puts("]}");
		return;
	}
	printf("> %s\n", line);
	for (size_t i = 0; i < res->lines.count; i++)
		printf("%s%s\n", res->ok ? "" : "error: ", res->lines.items[i]);
}

struct script_options {
	bool json, keep_going;
	bool seeded;             /* false: the system's dice */
	uint64_t seed;
	const char *journal;
};

/* The input could not be read on (a read error, or no memory for its line):
 * an error, never the end of the script. */
static int
input_failed(const char *name, size_t lineno, int err)
{
	fprintf(stderr, "hexaid: %s:%zu: error: cannot read line %zu of the script: %s; "
	                "the commands before it ran, none after it\n", name, lineno, lineno,
	        strerror(err));
	return EXIT_INVALID;
}

static int
run_script(struct session *s, FILE *in, const char *name, const struct script_options *opt)
{
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	ssize_t n;
	int status = EXIT_OK;

	for (;;) {
		struct command_result res;
		const char *p;

		errno = 0;
		n = getline(&line, &cap, in);
		lineno++;
		if (n < 0 && (ferror(in) || (errno != 0 && !feof(in)))) {
			status = input_failed(name, lineno, errno != 0 ? errno : EIO);
			break;
		}
		if (n <= 0)
			break;
		p = line;

		/* a line ends with LF or CR LF (a script written on Windows) */
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (n > 0 && line[n - 1] == '\r')
			line[--n] = '\0';
		while (*p == ' ')
			p++;
		if (*p == '\0' || *p == '#')
			continue;
		if (memchr(line, '\0', (size_t)n) != NULL) {
			/* the line would end at its NUL and run as what comes before it */
			memset(&res, 0, sizeof res);
			strlist_add(&res.lines, "a NUL byte in the line: a command is text");
			res.ok = false;
		} else {
			session_run(s, line, &res);
		}
		print_result(line, &res, opt->json);
		fflush(stdout);
		if (!res.ok)
			status = EXIT_INVALID;
		command_result_free(&res);
		if (status != EXIT_OK && !opt->keep_going)
			break;
	}
	free(line);
	return status;
}

/* A saved game's journal beside it that holds commands (a game in the terminal
 * interface that stopped before it was saved) is not what a script plays: it
 * says so. A save the script makes then replaces the one that journal
 * continues, and the journal is no longer offered (recover.h). */
static void
warn_journal_beside(const struct game *g, const char *given)
{
	struct journal_contents jc;
	char *path, *err = NULL, *base, *q;

	if (g->save_path == NULL)
		return;
	path = session_journal_beside(g->save_path);
	base = session_base_of(g);
	/* same text: two paths */
	if ((given == NULL || strcmp(given, path) != 0) && access(path, F_OK) == 0 &&
	    journal_read(path, &jc, &err)) {
		/* same text: the journal's base and the game's */
		if (jc.lines.count > 0 && strcmp(jc.base, base) == 0) {
			q = str_quote_path(path);
			fprintf(stderr, "hexaid: warning: %s holds %zu command%s not in this save (a game "
			        "that stopped before it was saved): they are not played here; hexaid "
			        "recover %s replays them\n", q, jc.lines.count,
			        jc.lines.count == 1 ? "" : "s", q);
			free(q);
		}
		journal_contents_free(&jc);
	}
	free(err);
	free(base);
	free(path);
}

int
cli_script(const struct cli_args *a)
{
	struct script_options opt = { .json = a->given[CLI_JSON],
	                              .keep_going = a->given[CLI_KEEP_GOING],
	                              .journal = a->value[CLI_JOURNAL] };
	struct session session;
	struct game g;
	char *err = NULL, *warning, *base;
	FILE *in = stdin;
	int status;

	if (a->given[CLI_SEED]) {
		if (!cli_seed("script", a->value[CLI_SEED], &opt.seed))
			return EXIT_USAGE;
		opt.seeded = true;
	}
	if (a->argc < 1 || a->argc > 2)
		return cli_usage_error(a->cmd);
	if (a->argc == 2 && strcmp(a->argv[1], "-") != 0 && /* reader: command-line words */
	    (in = fopen(a->argv[1], "r")) == NULL) {
		fprintf(stderr, "hexaid: %s: cannot open: %s\n", a->argv[1], strerror(errno));
		return EXIT_INVALID;
	}
	if ((status = cli_open_game(a->argv[0], &g)) == EXIT_OK) {
		if (opt.seeded)
			rng_seed(&g.rng, opt.seed);
		base = session_base_of(&g);
		if (session_start(&session, &g, opt.journal, base, NULL, &err, &warning)) {
			warn_journal_beside(&session.game, opt.journal);
			if (warning != NULL)
				fprintf(stderr, "hexaid: warning: %s\n", warning);
			if (session.kept_aside != NULL)
				fprintf(stderr, "hexaid: warning: %s held commands not in a save: it was "
				                "kept as %s (hexaid recover replays it)\n", opt.journal,
				        session.kept_aside);
			free(warning);
			status = run_script(&session, in, in == stdin ? "<stdin>" : a->argv[1], &opt);
		} else {
			fprintf(stderr, "hexaid: %s\n", err);
			status = EXIT_INVALID;
		}
		free(err);
		free(base);
		session_end(&session);
	}
	if (in != stdin)
		fclose(in);
	return status;
}

/* The commands a script runs: the command table, one line each. */
void
cli_script_commands(FILE *out)
{
	fputs("Commands (one a line; # starts a comment):\n", out);
	for (size_t i = 0; i < command_count; i++)
		fprintf(out, "  %s%s%s\n", command_table[i].name, *command_table[i].args ? " " : "",
		        command_table[i].args);
}


/* ---- recover --------------------------------------------------------------------- */

/* Open the game a journal replays onto (recover.h): the line to replay from in
 * *from. */
static int
open_base(const struct journal_contents *jc, struct game *g, size_t *from)
{
	struct recovery_base rb;
	char *err = NULL;
	int status;

	if (!recovery_base(jc, &rb, &err)) {
		fprintf(stderr, "hexaid: recover: %s\n", err);
		free(err);
		return EXIT_INVALID;
	}
	if (rb.note != NULL)
		fprintf(stderr, "hexaid: recover: %s\n", rb.note);
	status = cli_open_game(rb.file, g);
	*from = rb.from;
	recovery_base_free(&rb);
	return status;
}

/* Write the game recovered to `out`. */
static int
write_recovered(const struct game *g, const char *out)
{
	char *err = NULL, *warning;

	if (!save_write(g, out, &err, &warning)) {
		fprintf(stderr, "hexaid: %s\n", err);
		free(err);
		return EXIT_INVALID;
	}
	printf("saved to %s\n", out);
	if (warning != NULL)
		fprintf(stderr, "hexaid: warning: %s\n", warning);
	free(warning);
	return EXIT_OK;
}

/* hexaid recover JOURNAL [-o SAVE]: replays the journal up to its first line
 * that is damaged, out of order or no longer applies, says what it did not
 * replay (the journal itself is never changed, so those lines stay in it), and
 * writes what it recovered to SAVE. */
int
cli_recover(const struct cli_args *a)
{
	struct journal_contents jc;
	struct command_result res;
	struct strlist rest = { 0 };
	const char *out = a->value[CLI_OUTPUT], *journal;
	struct game g;
	size_t bad = 0, from = 0, total;
	char *err = NULL;
	int status;

	if (a->argc != 1)
		return cli_usage_error(a->cmd);
	journal = a->argv[0];
	if (!journal_read(journal, &jc, &err)) {
		fprintf(stderr, "hexaid: %s\n", err);
		free(err);
		return EXIT_INVALID;
	}
	if ((status = open_base(&jc, &g, &from)) != EXIT_OK) {
		journal_contents_free(&jc);
		return status;
	}
	for (size_t i = from; i < jc.lines.count; i++)
		strlist_add(&rest, jc.lines.items[i]);
	total = rest.count;
	if (!command_replay(&g, &rest, &bad) && bad < total) {
		fprintf(stderr, "hexaid: %s: line %zu no longer applies: %s; it and the %zu after it "
		                "were not replayed\n", journal, from + bad + 2, rest.items[bad],
		        total - bad - 1);
		status = EXIT_INVALID;
	}
	printf("recovered %zu of %zu commands from %s", status == EXIT_OK ? total : bad, total,
	       journal);
	if (jc.dropped > 0)
		printf("; dropped %zu incomplete or damaged line(s) from line %zu on", jc.dropped,
		       jc.damaged_at);
	puts("");
	if (journal_lost_lines(&jc))
		status = EXIT_INVALID;
	command_run(&g, "show state", &res);
	for (size_t i = 0; i < res.lines.count; i++)
		puts(res.lines.items[i]);
	command_result_free(&res);
	/* what was recovered is written even when some lines were not, never over
	 * the journal it came from */
	g.files.journal = journal;
	if (out != NULL && write_recovered(&g, out) != EXIT_OK)
		status = EXIT_INVALID;
	strlist_free(&rest);
	game_free(&g);
	journal_contents_free(&jc);
	return status;
}
