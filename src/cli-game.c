/* cli-game.c: the subcommands that play a game without the terminal interface:
 * `hexaid script` (commands from a file, one result each, as text or JSON Lines)
 * and `hexaid render` (the ASCII map of a scenario). */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardpath.h"
#include "cli.h"
#include "command.h"
#include "explain.h"
#include "game.h"
#include "render.h"
#include "scenario.h"
#include "xmalloc.h"

/* Load a scenario into a new game; prints the diagnostics. */
int
cli_open_game(const char *path, struct game *g)
{
	struct cardpath cp;
	struct diag_list dl;
	struct scenario sc;
	bool ok;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	cardpath_init(&cp, PKGDATADIR, cli_uninstalled_data_dir());
	ok = scenario_load(&sc, path, &cp, &dl);
	diag_print(&dl, stderr);
	diag_list_free(&dl);
	cardpath_free(&cp);
	if (!ok)
		return EXIT_INVALID;
	game_start(g, &sc);
	return EXIT_OK;
}

int
cli_render(int argc, char **argv)
{
	struct game g;
	char *text;
	int status;

	if (argc != 2) {
		fputs("usage: hexaid render FILE\n", stderr);
		return EXIT_USAGE;
	}
	if ((status = cli_open_game(argv[1], &g)) != EXIT_OK)
		return status;
	text = render_map(&g, true);
	fputs(text, stdout);
	free(text);
	game_free(&g);
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
	long seed;
};

static int
run_script(struct game *g, FILE *in, const struct script_options *opt)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int status = EXIT_OK;

	while ((n = getline(&line, &cap, in)) > 0) {
		struct command_result res;
		const char *p = line;

		if (line[n - 1] == '\n')
			line[--n] = '\0';
		while (*p == ' ')
			p++;
		if (*p == '\0' || *p == '#')
			continue;
		command_run(g, line, &res);
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

int
cli_script(int argc, char **argv)
{
	static const struct option options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "keep-going", no_argument, NULL, 'k' },
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	struct script_options opt = { false, false, 0 };
	struct game g;
	FILE *in = stdin;
	char *end;
	int c, status;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+", options, NULL)) != -1) {
		switch (c) {
		case 'j':
			opt.json = true;
			break;
		case 'k':
			opt.keep_going = true;
			break;
		case 's':
			opt.seed = strtol(optarg, &end, 10);
			if (*end != '\0' || end == optarg) {
				fprintf(stderr, "hexaid: script: --seed %s: expected a whole number\n", optarg);
				return EXIT_USAGE;
			}
			break;
		default:
			goto usage;
		}
	}
	if (argc - optind < 1 || argc - optind > 2)
		goto usage;
	if (argc - optind == 2 && strcmp(argv[optind + 1], "-") != 0 &&
	    (in = fopen(argv[optind + 1], "r")) == NULL) {
		fprintf(stderr, "hexaid: %s: cannot open: %s\n", argv[optind + 1], strerror(errno));
		return EXIT_INVALID;
	}
	if ((status = cli_open_game(argv[optind], &g)) == EXIT_OK) {
		status = run_script(&g, in, &opt);
		game_free(&g);
	}
	if (in != stdin)
		fclose(in);
	return status;
usage:
	fputs("usage: hexaid script [--seed N] [--json] [--keep-going] SCENARIO [FILE|-]\n", stderr);
	return EXIT_USAGE;
}
