/* main.c: the hexaid program's entry point. Parses the global options and hands
 * the rest of the command line to one subcommand from a table; the same table
 * prints --help. */
#include "config.h"

#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "strutil.h"
#include "tui.h"

struct subcommand {
	const char *name;
	const char *args;
	const char *summary;
	int (*run)(int argc, char **argv);
};

static const struct subcommand subcommands[] = {
	{ "check", "FILE...", "validate cards, scenarios and saves", cli_check },
	{ "cards", "", "list the rule cards found", cli_cards },
	{ "chart", "CARD [TERRAIN]", "print a card's terrain effects chart", cli_chart },
	{ "explain", "[--json] CARD KEY=VALUE...", "answer one rule question with its steps",
	  cli_explain },
	{ "roll", "[--seed N] [--card CARD] [--odds] EXPR [= VALUE...]",
	  "roll dice, take physical dice, or print exact odds", cli_roll },
	{ "script", "[--seed N] [--json] [--keep-going] [--journal FILE] GAME [FILE|-]",
	  "run commands headless",
	  cli_script },
	{ "render", "FILE", "print the ASCII map", cli_render },
	{ "log", "[--markdown] GAME", "print a game's log and dice statistics", cli_log },
	{ "recover", "JOURNAL [-o SAVE]", "rebuild a game from its journal", cli_recover },
};

#define N_SUBCOMMANDS (sizeof subcommands / sizeof subcommands[0])

static void
print_usage(FILE *out)
{
	fputs("usage: hexaid [--seed N] [FILE]\n", out);
	for (size_t i = 0; i < N_SUBCOMMANDS; i++)
		fprintf(out, "       hexaid %s%s%s\n", subcommands[i].name,
		        *subcommands[i].args ? " " : "", subcommands[i].args);
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
		printf("  %-9s %s\n", subcommands[i].name, subcommands[i].summary);
	puts("\nOptions:\n"
	     "  -h, --help     print this help and exit\n"
	     "  -V, --version  print the version and exit\n"
	     "  --seed N       the terminal interface's dice start from seed N\n\n"
	     "Exit status: 0 success, 1 invalid input or a failed command, 2 usage error.\n"
	     "See hexaid(6) for the program and hexaid(5) for the file formats.\n\n"
	     "Report bugs to: " PACKAGE_BUGREPORT "\n"
	     PACKAGE_NAME " home page: <" PACKAGE_URL ">");
}

static void
print_version(void)
{
	puts(PACKAGE_NAME " " PACKAGE_VERSION "\n"
	     "Copyright (C) 2026 the hexaid authors.\n"
	     "License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
	     "This is free software: you are free to change and redistribute it.\n"
	     "There is NO WARRANTY, to the extent permitted by law.\n"
	     "The rule cards and scenarios are licensed CC-BY-4.0 (see README.md in the data\n"
	     "directory).");
}

static const struct subcommand *
find_subcommand(const char *name)
{
	for (size_t i = 0; i < N_SUBCOMMANDS; i++)
		if (strcmp(subcommands[i].name, name) == 0)
			return &subcommands[i];
	return NULL;
}

/* hexaid [--seed N] [FILE]: the terminal interface. */
static int
play(const char *file, bool seeded, uint64_t seed)
{
	struct tui_options opt = { file, seeded, seed };

	return tui_main(&opt);
}

int
main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	const struct subcommand *sub;
	uint64_t seed = 0;
	bool seeded = false;
	int c;

	/* A save that meets the file size limit must fail with a message, not kill
	 * the game: write(2) then returns EFBIG and the previous save is kept. */
	signal(SIGXFSZ, SIG_IGN);
	/* '+': stop at the first non-option, which is the subcommand or FILE. */
	while ((c = getopt_long(argc, argv, "+hV", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			print_help();
			return EXIT_OK;
		case 'V':
			print_version();
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
		return play(NULL, seeded, seed);
	sub = find_subcommand(argv[0]);
	if (sub == NULL) {
		if (argc == 1)
			return play(argv[0], seeded, seed);
		fprintf(stderr, "hexaid: unknown subcommand '%s'\n", argv[0]);
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (seeded) {
		fprintf(stderr, "hexaid: --seed is for the terminal interface; the subcommands that "
		                "roll dice take their own (hexaid %s --help)\n", sub->name);
		return EXIT_USAGE;
	}
	optind = 1;
	return sub->run(argc, argv);
}
