/* gen-long-game.c: writes the battle-heavy long campaign of issue 32 as a save
 * (bench/README.md): a scenario played by seeded random commands
 * (bench_play_battles: moves, a battle in four tries with its result applied,
 * notes, undos, next phases) until COMMANDS are in force, then saved. The same
 * scenario and count give the same save. What the game is made of goes to stderr.
 *
 *   gen-long-game SCENARIO.yaml COMMANDS OUT.sav
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "save.h"
#include "scenario.h"
#include "strutil.h"

/* The share of the journal's lines that begin with `word`. */
static double
share(const struct strlist *journal, const char *word)
{
	size_t n = 0, len = strlen(word);

	for (size_t i = 0; i < journal->count; i++)
		n += strncmp(journal->items[i], word, len) == 0 &&
		     (journal->items[i][len] == ' ' || journal->items[i][len] == '\0');
	return journal->count ? 100.0 * (double)n / (double)journal->count : 0.0;
}

static void
describe(const struct game *g, const struct strlist *journal, const struct play_counts *n)
{
	static const char *const words[] = { "move", "phase", "note", "battle", "apply", "retreat", "skip" };

	fprintf(stderr, "gen-long-game: %zu commands tried, %zu refused; %zu journal lines:",
	        n->tried, n->failed, journal->count);
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		fprintf(stderr, " %s %.1f%%,", words[i], share(journal, words[i]));
	fprintf(stderr, " undo %.1f%%; %zu in force, %zu log lines\n",
	        journal->count ? 100.0 * (double)n->undos / (double)journal->count : 0.0,
	        g->done.count, g->log.count);
}

int
main(int argc, char **argv)
{
	struct strlist journal = { 0 };
	struct play_counts n;
	struct game g;
	char *err = NULL, *warning = NULL;
	long commands;
	bool ok;

	if (argc != 4 || !str_long(argv[2], 1, 10000000, &commands)) {
		fputs("usage: gen-long-game SCENARIO.yaml COMMANDS OUT.sav\n", stderr);
		return 2;
	}
	bench_open(argv[1], &g);
	bench_play_battles(&g, (size_t)commands, &journal, &n);
	describe(&g, &journal, &n);
	ok = save_write(&g, argv[3], &err, &warning);
	if (!ok)
		fprintf(stderr, "gen-long-game: %s\n", err);
	free(err);
	free(warning);
	strlist_free(&journal);
	game_free(&g);
	return ok ? 0 : 1;
}
