/* gen-long-game.c: writes the battle-heavy long campaign of issue 32 as a save
 * (bench/README.md): a scenario played by seeded random commands
 * (bench_play_battles: moves, a battle in four tries with its result applied,
 * notes, undos, next phases) until COMMANDS are in force, then saved. The same
 * scenario and count give the same save. What the game is made of goes to stderr.
 * With CAP.sav, the same game is then filled with notes, through a session as
 * a player's would be, until the save's cap refuses the shortest, and saved
 * there too: a game at the cap (the notes are added after OUT.sav is written).
 *
 *   gen-long-game SCENARIO.yaml COMMANDS OUT.sav [CAP.sav]
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "save.h"
#include "scenario.h"
#include "session.h"
#include "strutil.h"
#include "xmalloc.h"
#include "yaml-load.h"

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

/* One note of `len` letters through the session: taken? */
static bool
note_of(struct session *s, size_t len)
{
	struct command_result res;
	char *line = xmalloc(len + 8);
	bool ok;

	memcpy(line, "note ", 5);
	memset(line + 5, 'x', len);
	line[len + 5] = '\0';
	ok = session_run(s, line, &res);
	command_result_free(&res);
	free(line);
	return ok;
}

/* Fill the game with notes until the cap refuses even one letter, halving the
 * note each time one is refused (from the longest a command may be, 16 KiB);
 * then save it. */
#define LONGEST_NOTE 16000

static bool
fill_to_cap(struct game *g, const char *path)
{
	struct session s;
	char *err = NULL, *warning = NULL;
	size_t len = LONGEST_NOTE, notes = 0;
	bool ok;

	ok = session_start(&s, g, NULL, NULL, NULL, &err, &warning);
	while (ok && len > 0)
		if (note_of(&s, len))
			notes++;
		else
			len /= 2;
	fprintf(stderr, "gen-long-game: %zu notes to the cap, %zu bytes of %zu\n", notes,
	        s.record_bytes, ylimits_save.max_bytes);
	ok = ok && save_write(&s.game, path, &err, &warning);
	if (!ok)
		fprintf(stderr, "gen-long-game: %s\n", err);
	free(err);
	free(warning);
	session_end(&s);
	return ok;
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

	if (argc < 4 || argc > 5 || !str_long(argv[2], 1, 10000000, &commands)) {
		fputs("usage: gen-long-game SCENARIO.yaml COMMANDS OUT.sav [CAP.sav]\n", stderr);
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
	if (ok && argc == 5)
		ok = fill_to_cap(&g, argv[4]);
	else
		game_free(&g);
	return ok ? 0 : 1;
}
