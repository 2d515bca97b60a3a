/* hexaid-bench.c: the benchmark program `make bench` runs (bench/README.md):
 * reads its options, opens the inputs, runs each part (cards, odds, each
 * generated map, the journal and saves) and prints one table of medians against
 * the budgets. A missed budget is reported, never an error: the exit status is 0
 * unless a measurement could not be made at all.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cardpath.h"
#include "command.h"
#include "scenario.h"
#include "strutil.h"
#include "xmalloc.h"

bool
bench_command(struct game *g, const char *line)
{
	struct command_result res;
	bool ok = command_run(g, line, &res);

	if (!ok)
		fprintf(stderr, "hexaid-bench: %s: %s\n", line,
		        res.lines.count ? res.lines.items[0] : "failed");
	command_result_free(&res);
	return ok;
}

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
bench_card_files(const char *dir, int *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **list = NULL;
	size_t n = 0, cap = 0;

	while (d != NULL && (e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0)
			*(char **)xgrow(&list, &n, &cap, sizeof *list) = xasprintf("%s/%s", dir, e->d_name);
	}
	if (d != NULL)
		closedir(d);
	if (n > 0)
		qsort(list, n, sizeof *list, compare_names);
	*count = (int)n;
	return list;
}

void
bench_free_list(char **list, int count)
{
	for (int i = 0; i < count; i++)
		free(list[i]);
	free(list);
}

static void
print_machine(const struct bench_options *o)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256], model[256] = "unknown CPU";

	while (f != NULL && fgets(line, sizeof line, f) != NULL) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) == 0 && colon != NULL) {
			snprintf(model, sizeof model, "%s", colon + 2);
			model[strcspn(model, "\n")] = '\0';
			break;
		}
	}
	if (f != NULL)
		fclose(f);
	printf("hexaid-bench: %s, %ld CPU(s) online; medians of %d runs\n\n", model,
	       sysconf(_SC_NPROCESSORS_ONLN), o->runs);
}

/* The budgets are for maps of at most 100x100; larger ones are reported. */
static bool
budgets_apply(const char *map)
{
	struct game g;
	bool small;

	bench_open(map, &g);
	small = g.sc.board.columns <= 100 && g.sc.board.rows <= 100;
	game_free(&g);
	return small;
}

/* Is the part named in the --only list (or is there none)? */
static bool
wanted(const char *only, const char *part)
{
	size_t n = strlen(part);

	for (const char *p = only; p != NULL; p = strchr(p, ','), p = p ? p + 1 : NULL)
		if (strncmp(p, part, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return true;
	return only == NULL;
}

static void
usage(void)
{
	fputs("usage: hexaid-bench [--runs N] [--smoke] [--only PART,...] --hexaid PROGRAM\n"
	      "                    --cards DIR --scratch DIR [--history MAP]\n"
	      "                    [--campaign SAVE --campaign-cap SAVE] MAP...\n"
	      "       hexaid-bench --parse FILE      (a bare libyaml parse: a floor)\n"
	      "  --smoke: every part once with a short game and record (make check)\n"
	      "  PART: cards, odds, maps, tui, record, history, campaign (all by default)\n"
	      "  --campaign SAVE --campaign-cap SAVE: gen-long-game's saves (campaign)\n"
	      "  --history: the board of the long game (a real game's size)\n"
	      "  MAP: scenarios from gen-scenario; the first is the 100x100 one the\n"
	      "  journal and save rows use; budgets apply to 100x100 maps\n",
	      stderr);
	exit(2);
}

int
main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "runs", required_argument, NULL, 'r' },
		{ "hexaid", required_argument, NULL, 'h' },
		{ "cards", required_argument, NULL, 'c' },
		{ "scratch", required_argument, NULL, 's' },
		{ "only", required_argument, NULL, 'o' },
		{ "history", required_argument, NULL, 'H' },
		{ "smoke", no_argument, NULL, 'S' },
		{ "campaign", required_argument, NULL, 'C' },
		{ "campaign-cap", required_argument, NULL, 'K' },
		{ NULL, 0, NULL, 0 },
	};
	struct bench_options o = { .runs = 21, .long_game = 100000, .short_game = 10000,
		                   .journal_lines = 10000, .log_entries = 1000,
		                   .undos = BENCH_UNDOS, .small_game = 3000, .far_undos = 1400 };
	struct spawner spawner;
	struct results t = { NULL, 0, 0 };
	const char *only = NULL;
	long runs;
	int c, missed, failed;

	/* a bare parse as a process, the floor of the campaign's opens */
	if (argc == 3 && strcmp(argv[1], "--parse") == 0)
		return bench_parse_main(argv[2]);
	o.self = argv[0];
	if (!spawner_start(&spawner)) {
		perror("hexaid-bench: fork");
		return 1;
	}
	o.spawner = &spawner;
	while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
		switch (c) {
		case 'r':
			if (!str_long(optarg, 1, 1001, &runs))
				usage();
			o.runs = (int)runs;
			break;
		case 'h':
			o.hexaid = optarg;
			break;
		case 'c':
			o.cards = optarg;
			break;
		case 's':
			o.scratch = optarg;
			break;
		case 'o':
			only = optarg;
			break;
		case 'H':
			o.history = optarg;
			break;
		case 'C':
			o.campaign = optarg;
			break;
		case 'K':
			o.campaign_cap = optarg;
			break;
		case 'S':
			o.runs = 1;
			o.small_game = 300;
			o.far_undos = 400;
			o.long_game = 2000;
			o.short_game = 500;
			o.journal_lines = 1000;
			o.log_entries = 100;
			o.undos = 16;
			break;
		default:
			usage();
		}
	}
	if (o.hexaid == NULL || o.cards == NULL || o.scratch == NULL || optind >= argc)
		usage();
	o.maps = (const char *const *)argv + optind;
	o.nmaps = argc - optind;
	print_machine(&o);
	if (wanted(only, "cards"))
		bench_cards(&t, &o);
	if (wanted(only, "odds"))
		bench_odds(&t, &o);
	for (int i = 0; wanted(only, "maps") && i < o.nmaps; i++)
		bench_map(&t, &o, o.maps[i], budgets_apply(o.maps[i]));
	for (int i = 0; wanted(only, "tui") && i < o.nmaps; i++)
		bench_tui(&t, &o, o.maps[i], budgets_apply(o.maps[i]), !budgets_apply(o.maps[i]));
	if (wanted(only, "record"))
		bench_record(&t, &o, o.maps[0]);
	if (wanted(only, "history") && o.history != NULL)
		bench_history(&t, &o, o.history);
	if (wanted(only, "campaign") && o.campaign != NULL && o.campaign_cap != NULL &&
	    o.history != NULL)
		bench_campaign(&t, &o, o.history);
	missed = results_print(&t);
	failed = results_failed(&t);
	printf("\n%d budget(s) missed\n", missed);
	if (failed > 0)
		printf("%d measurement(s) FAILED: see above\n", failed);
	results_free(&t);
	spawner_stop(&spawner);
	return failed > 0;
}
