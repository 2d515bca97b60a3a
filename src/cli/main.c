/* main.c: the hexaid program's entry point. Parses the global options and hands
 * the rest of the command line to one subcommand from a table; the same table
 * prints --help. What the subcommands print goes through cli-output.c.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <getopt.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "strutil.h"
#include "tui.h"

static int cli_help(const struct cli_args *a);
static int cli_edit(const struct cli_args *a);
static void help_topics(FILE *out);

static const struct cli_option no_options[] = { { NULL, 0, NULL, 0, NULL } };

static const struct cli_option check_options[] = {
	{ "reminders", 0, NULL, CLI_REMINDERS,
	  "list each card's reminders: the rules hexaid leaves to the players" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_option explain_options[] = {
	{ "json", 0, NULL, CLI_JSON, "print the answer as one JSON object" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_option roll_options[] = {
	{ "seed", 0, "N", CLI_SEED, "roll from seed N (0 to 2^64-1): the same dice each time" },
	{ "card", 0, "CARD", CLI_CARD, "read symbol dice (4dB, 4 battle) from CARD's faces" },
	{ "odds", 0, NULL, CLI_ODDS, "print the exact odds instead of rolling" },
	{ "cs", 0, "READING", CLI_CS, "read cs and cf as Foundry (count) or Roll20 (mark)" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_option script_options[] = {
	{ "seed", 0, "N", CLI_SEED, "the dice hexaid rolls start from seed N (0 to 2^64-1)" },
	{ "json", 0, NULL, CLI_JSON, "one JSON object per command (JSON Lines)" },
	{ "keep-going", 0, NULL, CLI_KEEP_GOING, "run every command even after one fails" },
	{ "journal", 0, "FILE", CLI_JOURNAL, "journal the changes to FILE, for hexaid recover" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_option log_options[] = {
	{ "markdown", 0, NULL, CLI_MARKDOWN, "write the log as Markdown" },
	{ "svg", 0, "DIR", CLI_SVG,
	  "with --markdown: the board at each turn's end as SVG pictures in DIR, linked" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_option render_options[] = {
	{ "large", 0, NULL, CLI_LARGE, "draw large hexes: terrain, level, tokens and a unit's strength" },
	{ "compact", 0, NULL, CLI_COMPACT, "draw compact hexes (the default)" },
	{ "legend", 0, NULL, CLI_LEGEND, "print the map's legend under it" },
	{ "svg", 0, "OUT", CLI_SVG, "write the board as an SVG picture to OUT instead" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_option new_options[] = {
	{ "size", 0, "COLSxROWS", CLI_SIZE, "the board's columns and rows (the card's by default)" },
	{ "title", 0, "TEXT", CLI_TITLE, "the scenario's title" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_option test_options[] = {
	{ "coverage", 0, NULL, CLI_COVERAGE, "list the card's rule rows no case reached" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_option recover_options[] = {
	{ "output", 'o', "SAVE", CLI_OUTPUT, "save the rebuilt game to SAVE" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_command subcommands[] = {
	{ "check", "FILE...", "Validate cards, scenarios and saves", check_options, NULL,
	  cli_check },
	{ "cards", "", "List the rule cards found", no_options, NULL, cli_cards },
	{ "chart", "CARD [TERRAIN]", "Print a card's terrain effects chart", no_options, NULL,
	  cli_chart },
	{ "explain", "CARD KEY=VALUE...", "Answer one rule question with its steps",
	  explain_options, cli_explain_keys, cli_explain },
	{ "test", "FILE...", "Run a card's rules cases and say which rules they reach",
	  test_options, cli_test_format, cli_test },
	{ "new", "CARD FILE", "Write a blank scenario of CARD to FILE", new_options, NULL,
	  cli_new_scenario },
	{ "edit", "FILE", "Open a scenario in set-up, to lay out and save as a scenario",
	  no_options, NULL, cli_edit },
	{ "new-card", "ID", "Write a skeleton card ID.yaml and its rules cases ID.rules",
	  no_options, NULL, cli_new_card },
	{ "schema", "card|scenario", "Print the JSON Schema of the card or scenario format",
	  no_options, NULL, cli_schema },
	{ "roll", "EXPR [= VALUE...]", "Roll dice, take physical dice, or print exact odds",
	  roll_options, cli_roll_notation, cli_roll },
	{ "script", "GAME [FILE|-]", "Run commands headless", script_options,
	  cli_script_commands, cli_script },
	{ "render", "FILE", "Print the map", render_options, NULL, cli_render },
	{ "log", "GAME", "Print a game's log and dice statistics", log_options, NULL, cli_log },
	{ "recover", "JOURNAL", "Rebuild a game from its journal", recover_options, NULL,
	  cli_recover },
	{ "help", "[SUBCOMMAND]", "Print the help of hexaid or of one subcommand", no_options,
	  help_topics, cli_help },
};

#define N_SUBCOMMANDS (sizeof subcommands / sizeof subcommands[0])

static void
print_usage(FILE *out)
{
	fputs("usage: hexaid [--seed N] [FILE]\n", out);
	for (size_t i = 0; i < N_SUBCOMMANDS; i++)
		cli_usage_line(&subcommands[i], "       ", out);
	fputs("       hexaid --help | --version\n", out);
}

static void
print_help(void)
{
	puts("hexaid: a terminal play aid for tabletop wargames.\n");
	print_usage(stdout);
	puts("\nWith no subcommand, hexaid opens FILE (a scenario or a saved game), or the\n"
	     "default demo game, in the terminal interface.\n\nSubcommands:");
	for (size_t i = 0; i < N_SUBCOMMANDS; i++)
		printf("  %-9s %c%s\n", subcommands[i].name, tolower((unsigned char)subcommands[i].summary[0]),
		       subcommands[i].summary + 1);
	puts("\nOptions:\n"
	     "  -h, --help     print this help and exit\n"
	     "  -V, --version  print the version and exit\n"
	     "  --seed N       the terminal interface's dice start from seed N (0 to 2^64-1)\n\n"
	     "Each subcommand takes --help (or: hexaid help SUBCOMMAND).\n"
	     "Exit status: 0 success, 1 invalid input or a failed command, 2 usage error.\n"
	     "See hexaid(6) for the program and hexaid(5) for the file formats.");
}

static const struct cli_command *
find_subcommand(const char *name)
{
	for (size_t i = 0; i < N_SUBCOMMANDS; i++)
		if (strcmp(subcommands[i].name, name) == 0) /* reader: command-line words */
			return &subcommands[i];
	return NULL;
}

static void
help_topics(FILE *out)
{
	fputs("Subcommands:", out);
	for (size_t i = 0; i < N_SUBCOMMANDS; i++)
		fprintf(out, " %s", subcommands[i].name);
	fputc('\n', out);
}

/* hexaid help [SUBCOMMAND]: the same as hexaid --help, or SUBCOMMAND --help. */
static int
cli_help(const struct cli_args *a)
{
	const struct cli_command *sub;

	if (a->argc == 0) {
		print_help();
		return EXIT_OK;
	}
	if (a->argc > 1)
		return cli_usage_error(a->cmd);
	if ((sub = find_subcommand(a->argv[0])) == NULL) {
		fprintf(stderr, "hexaid: help: no subcommand '%s' (hexaid help lists them)\n",
		        a->argv[0]);
		return EXIT_USAGE;
	}
	cli_print_help(sub, stdout);
	return EXIT_OK;
}

/* Read a subcommand's command line and run it. */
static int
run_subcommand(const struct cli_command *sub, int argc, char **argv, struct cli_output *out)
{
	struct cli_args a;
	int status = cli_parse(sub, argc, argv, &a);

	if (status == CLI_HELP_DONE)
		return EXIT_OK;
	if (status != EXIT_OK)
		return status;
	a.out = out;
	status = sub->run(&a);
	cli_args_free(&a);
	return status;
}

/* hexaid [--seed N] [FILE]: the terminal interface, which draws on the terminal
 * itself (the escaping streams are put back first). */
static int
play(const char *file, bool seeded, uint64_t seed, struct cli_output *out)
{
	struct tui_options opt = { file, seeded, seed, false };

	cli_output_stop(out);
	return tui_main(&opt);
}

/* hexaid edit FILE: the terminal interface on a scenario in set-up. */
static int
cli_edit(const struct cli_args *a)
{
	struct tui_options opt = { NULL, false, 0, true };

	if (a->argc != 1)
		return cli_usage_error(a->cmd);
	opt.file = a->argv[0];
	cli_output_stop(a->out);
	return tui_main(&opt);
}

static int
run(int argc, char **argv, struct cli_output *out)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli_command *sub;
	uint64_t seed = 0;
	bool seeded = false;
	int c;

	/* '+': stop at the first non-option, which is the subcommand or FILE. */
	while ((c = getopt_long(argc, argv, "+hV", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			print_help();
			return EXIT_OK;
		case 'V':
			cli_print_version(stdout);
			return EXIT_OK;
		case 's':
			if (!cli_seed(NULL, optarg, &seed))
				return EXIT_USAGE;
			seeded = true;
			break;
		default:
			print_usage(stderr);
			return EXIT_USAGE;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		return play(NULL, seeded, seed, out);
	sub = find_subcommand(argv[0]);
	if (sub == NULL) {
		if (argc == 1)
			return play(argv[0], seeded, seed, out);
		fprintf(stderr, "hexaid: unknown subcommand '%s'\n", argv[0]);
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (seeded) {
		fprintf(stderr, "hexaid: --seed is for the terminal interface; the subcommands that "
		                "roll dice take their own (hexaid %s --help)\n", sub->name);
		return EXIT_USAGE;
	}
	return run_subcommand(sub, argc, argv, out);
}

int
main(int argc, char **argv)
{
	struct cli_output out;

	/* A save that meets the file size limit must fail with a message, not kill
	 * the game: write(2) then returns EFBIG and the previous save is kept. */
	signal(SIGXFSZ, SIG_IGN);
	/* getopt's own messages start with argv[0]: "hexaid:", as every other one,
	 * whatever path the program was started by. */
	if (argc > 0)
		argv[0] = program_invocation_short_name;
	cli_output_start(&out);
	return cli_output_end(&out, run(argc, argv, &out));
}
