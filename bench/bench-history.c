/* bench-history.c: what a long game costs. A game of 100,000 commands in force
 * is played (bench-play.c: moves, battles, hits, notes, changes to the table,
 * refusals, undo and redo) on a board of a real game's size; then one undo is
 * timed with 10,000 and with 100,000 commands in force, `hexaid recover`
 * replays the first 100,000 lines of its journal (undos among them), and the
 * terminal interface opens its save and takes keys with its long log
 * (bench-tui.c). None of these may grow with the length of the game.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "command.h"
#include "save.h"
#include "xmalloc.h"


static double
thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double
wall_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* o->undos undos in a row (over every place between kept states), each timed,
 * then as many redos: the medians. */
static void
undo_row(struct results *t, const struct bench_options *o, struct game *g, const char *what)
{
	double cpu[BENCH_UNDOS], wall[BENCH_UNDOS];
	struct row *r = results_add(t, what);
	int done = 0;

	for (; done < o->undos && done < BENCH_UNDOS; done++) {
		struct command_result res;
		double c0 = thread_cpu(), w0 = wall_clock();
		bool ok = command_run(g, "undo", &res);
		cpu[done] = thread_cpu() - c0;
		wall[done] = wall_clock() - w0;
		command_result_free(&res);
		if (!ok)
			break;
	}
	for (int i = 0; i < done; i++)
		bench_command(g, "redo");
	r->failed = done < o->undos;
	r->t.cpu = measure_median_of(cpu, (size_t)done);
	r->t.wall = measure_median_of(wall, (size_t)done);
	r->t.runs = done;
	r->budget = 2 * MS;
}

/* The game as it stood when `changes` commands were in force, replayed from the
 * journal as `hexaid recover` does. */
static void
game_at(const char *map, const struct strlist *journal, size_t changes, struct game *g)
{
	bench_open(map, g);
	for (size_t i = 0; i < journal->count && g->done.count < changes; i++)
		bench_command(g, journal->items[i]);
}

static bool
save_to(struct game *g, const char *path)
{
	char *err = NULL, *warning = NULL;
	bool ok = save_write(g, path, &err, &warning);

	if (!ok)
		fprintf(stderr, "hexaid-bench: %s\n", err);
	free(err);
	free(warning);
	return ok;
}

static void
recover_row(struct results *t, const struct bench_options *o, const char *map,
            const struct strlist *journal, size_t undos)
{
	char *path = xasprintf("%s/history.journal", o->scratch);
	char *abs = realpath(map, NULL), *base = xasprintf("scenario=%s", abs ? abs : map);
	const char *recover[] = { o->hexaid, "recover", path, NULL };
	char what[112];
	struct row *r;
	size_t lines = journal->count < o->long_game ? journal->count : o->long_game;

	snprintf(what, sizeof what, "`hexaid recover` of a %zu-line journal, %.1f%% undos (a process)",
	         lines, 100.0 * (double)undos / (double)journal->count);
	r = results_add(t, what);
	r->failed = !bench_write_journal(journal, lines, path, base) ||
	            !measure_process(o->spawner, recover, o->runs, &r->t);
	r->budget = 1.0;
	free(path);
	free(abs);
	free(base);
}

void
bench_history(struct results *t, const struct bench_options *o, const char *map)
{
	struct strlist journal = { 0 };
	struct play_counts n;
	struct game g, shorter;
	char title[160], what[112];
	char *save_long = xasprintf("%s/history-long.sav", o->scratch);
	char *save_short = xasprintf("%s/history-short.sav", o->scratch);

	bench_open(map, &g);
	bench_play(&g, o->long_game, &journal, &n);
	snprintf(title, sizeof title,
	         "A long game: %dx%d %s, %zu units; %zu commands tried, %zu refused, %zu undos",
	         g.sc.board.columns, g.sc.board.rows, game_card(&g)->id, g.nunits, n.tried, n.failed,
	         n.undos);
	results_section(t, title);
	game_at(map, &journal, o->short_game, &shorter);
	snprintf(what, sizeof what, "one undo with %zu commands in force (`undo`)", shorter.done.count);
	undo_row(t, o, &shorter, what);
	snprintf(what, sizeof what, "one undo with %zu commands in force (`undo`)", g.done.count);
	undo_row(t, o, &g, what);
	recover_row(t, o, map, &journal, n.undos);
	if (save_to(&shorter, save_short) && save_to(&g, save_long))
		bench_tui_history(t, o, map, save_short, shorter.log.count, save_long, g.log.count);
	game_free(&shorter);
	game_free(&g);
	strlist_free(&journal);
	free(save_long);
	free(save_short);
}
