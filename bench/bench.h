/* bench.h: the parts of hexaid-bench (bench/README.md): each adds its rows to
 * the results table.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_BENCH_BENCH_H
#define HEXAID_BENCH_BENCH_H

#include <stdbool.h>

#include "game.h"
#include "measure.h"

#define MS 1e-3
#define US 1e-6

struct bench_options {
	int runs;                /* samples per measurement (heavy ones take fewer) */
	const char *hexaid;      /* the program, for the rows that run it */
	const char *cards;       /* the directory of the five cards */
	const char *scratch;     /* a directory for journals and saves */
	const char *const *maps; /* generated scenarios; the first is the 100x100 one */
	int nmaps;
	const struct spawner *spawner; /* starts the programs measured */
	const char *history;     /* a scenario of a real game's size, for the long game */
	/* The sizes of the record and of the long game: bench/README.md's, or small
	 * ones for --smoke (make check runs every part once, to see that each works). */
	size_t long_game, short_game;  /* commands in force in the long game, and earlier */
	size_t journal_lines;          /* the record's journal */
	size_t log_entries;            /* the record's save */
	int undos;                     /* undos timed in a row (at most BENCH_UNDOS) */
	const char *self;              /* this program, for its --parse */
	const char *campaign, *campaign_cap; /* issue 32's saves (gen-long-game) */
	size_t small_game;             /* commands in force in its small game */
	size_t far_undos;              /* undos timed from the end of its save */
};

#define BENCH_UNDOS 128

/* What a game of random commands did (bench-play.c). */
struct play_counts {
	size_t tried, failed, undos;
};

/* Play seeded random commands on g, as players do, until `changes` are in force.
 * `journal` gets what a session's journal would: each change as recorded, each
 * undo and redo as given. */
void bench_play(struct game *g, size_t changes, struct strlist *journal, struct play_counts *n);
/* The same, battle-heavy: a battle in four tries, each result applied (issue 32's
 * long campaign). */
void bench_play_battles(struct game *g, size_t changes, struct strlist *journal,
                        struct play_counts *n);

/* A journal file of the first `count` lines, framed as journal.c frames them
 * but flushed once, beginning from `base`. */
bool bench_write_journal(const struct strlist *lines, size_t count, const char *path,
                         const char *base);

/* Open a scenario file as a new game, seeded (1) so that rolls repeat. Exits
 * on failure: a benchmark without its input has nothing to say. */
void bench_open(const char *path, struct game *g);

/* The card files of the directory, sorted; free with bench_free_list. */
char **bench_card_files(const char *dir, int *count);
void bench_free_list(char **list, int count);

/* A file's bytes (NUL-terminated; exits when it cannot be read), and every
 * event of a bare libyaml parse of such bytes with nothing done with them: the
 * floor that loading and drawing are compared with (bench-cards.c). */
char *bench_read_file(const char *path, size_t *len);
void bench_bare_parse(const char *text, size_t len);

/* Run one command; false (and its first line on stderr) when it fails. */
bool bench_command(struct game *g, const char *line);

void bench_cards(struct results *t, const struct bench_options *o);
void bench_map(struct results *t, const struct bench_options *o, const char *map, bool budgets);
void bench_odds(struct results *t, const struct bench_options *o);
/* `budgets`: the map's keys are judged; `large_budget`: its cursor key is, by
 * the budget of the large maps. */
void bench_tui(struct results *t, const struct bench_options *o, const char *map, bool budgets,
               bool large_budget);
/* The terminal interface on the long game's saves (bench-history.c). */
void bench_tui_history(struct results *t, const struct bench_options *o, const char *map,
                       const char *save_short, size_t log_short, const char *save_long,
                       size_t log_long);
/* The terminal interface opening a file and quitting once it is open: the
 * median CPU time of a few sessions, the largest peak memory (bench-tui.c). */
struct timing bench_tui_open(const struct bench_options *o, const char *file, bool *failed);
/* Issue 32's battle-heavy campaign and its floors (bench-campaign.c). */
void bench_campaign(struct results *t, const struct bench_options *o, const char *map);
/* A bare parse of a file as a process of its own (hexaid-bench --parse FILE):
 * the floor of a process that opens it, its peak memory too. */
int bench_parse_main(const char *path);
void bench_record(struct results *t, const struct bench_options *o, const char *map);
void bench_history(struct results *t, const struct bench_options *o, const char *map);

#endif
