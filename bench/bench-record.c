/* bench-record.c: the record of a game. A 10,000-line journal is made by
 * playing random commands (seeded, bench-play.c: undos, hits, refusals and notes
 * among them) on the 100x100 map and keeping what a session journals; then it is
 * replayed in process and by `hexaid recover` (the budget: under 1 s). A game with a 1,000-entry log is saved with `save_write`, against
 * the cost of flushing the same bytes to disk the same way (the budget: 10 ms
 * plus that), and loaded again.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "command.h"
#include "journal.h"
#include "load.h"
#include "save.h"
#include "xmalloc.h"


struct replay_ctx {
	const char *journal;
	const char *map;
	size_t commands;       /* replayed by the last run */
	bool ok;
};

static void
run_recover(void *ctx, size_t batch)
{
	struct replay_ctx *r = ctx;

	for (size_t i = 0; i < batch; i++) {
		struct journal_contents jc;
		struct game g;
		char *err = NULL;
		size_t bad = 0;
		if (!journal_read(r->journal, &jc, &err)) {
			fprintf(stderr, "hexaid-bench: %s\n", err);
			free(err);
			r->ok = false;
			return;
		}
		bench_open(r->map, &g);
		r->ok = command_replay(&g, &jc.lines, &bad);
		r->commands = r->ok ? jc.lines.count : bad;
		game_free(&g);
		journal_contents_free(&jc);
	}
}

static void
journal_rows(struct results *t, const struct bench_options *o, const struct strlist *lines,
             size_t undos, const char *map)
{
	char *journal = xasprintf("%s/bench.journal", o->scratch);
	char *abs = realpath(map, NULL), *base = xasprintf("scenario=%s", abs ? abs : map);
	const char *recover[] = { o->hexaid, "recover", journal, NULL };
	struct replay_ctx rc = { journal, map, 0, false };
	struct timed tm = { run_recover, &rc, 1 };
	size_t count = lines->count < o->journal_lines ? lines->count : o->journal_lines;
	char what[112];
	struct row *r;

	snprintf(what, sizeof what,
	         "replay a journal of %zu lines, %zu undos (`journal_read`, `command_replay`)", count,
	         undos);
	r = results_add(t, what);
	r->failed = !bench_write_journal(lines, count, journal, base);
	if (!r->failed)
		r->t = measure(&tm, o->runs);
	r->failed = r->failed || !rc.ok || rc.commands != count;
	r->budget = 1.0;
	r = results_add(t, "… `hexaid recover` of that journal (a process)");
	r->failed = !measure_process(o->spawner, recover, o->runs, &r->t);
	r->budget = 1.0;
	free(journal);
	free(abs);
	free(base);
}

/* ---- saves ------------------------------------------------------------------------- */

struct save_ctx {
	struct game *g;
	char *path;
	char *text;
	bool ok;
};

static void
run_save(void *ctx, size_t batch)
{
	struct save_ctx *s = ctx;

	for (size_t i = 0; i < batch; i++) {
		char *err = NULL, *warning;
		if (!save_write(s->g, s->path, &err, &warning)) {
			fprintf(stderr, "hexaid-bench: %s\n", err);
			s->ok = false;
		} else {
			free(warning);
		}
		free(err);
	}
}

static void
run_save_text(void *ctx, size_t batch)
{
	struct save_ctx *s = ctx;

	for (size_t i = 0; i < batch; i++)
		free(save_text(s->g));
}

/* The reference: the same bytes written beside the save, flushed, renamed over
 * a file and the directory flushed, as save_write does, with nothing else. */
static void
run_flush(void *ctx, size_t batch)
{
	struct save_ctx *s = ctx;
	char *tmp = xasprintf("%s.ref.tmp", s->path), *dest = xasprintf("%s.ref", s->path);
	size_t len = strlen(s->text);

	for (size_t i = 0; i < batch; i++) {
		int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644), dir;
		char *slash = strrchr(s->path, '/');
		char *dirname = slash ? xstrndup(s->path, (size_t)(slash - s->path)) : xstrdup(".");
		s->ok = s->ok && fd >= 0 && write(fd, s->text, len) == (ssize_t)len && fsync(fd) == 0;
		if (fd >= 0)
			close(fd);
		s->ok = s->ok && rename(tmp, dest) == 0;
		if ((dir = open(dirname, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
			fsync(dir);
			close(dir);
		}
		free(dirname);
	}
	unlink(dest);
	free(tmp);
	free(dest);
}

static void
run_load(void *ctx, size_t batch)
{
	struct save_ctx *s = ctx;

	for (size_t i = 0; i < batch; i++) {
		struct diag_list dl;
		struct game g;
		diag_list_init(&dl, DIAG_MAX_ERRORS);
		if (save_load(&g, s->path, NULL, &dl))
			game_free(&g);
		else
			s->ok = false;
		diag_print(&dl, stderr);
		diag_list_free(&dl);
	}
}

static struct timing
timed(void (*run)(void *, size_t), struct save_ctx *s, int runs)
{
	struct timed t = { run, s, 1 };

	t.batch = measure_batch_for(&t, 20 * MS);
	return measure(&t, runs);
}

/* A game played until its log holds o->log_entries lines, saved and loaded. */
static void
save_rows(struct results *t, const struct bench_options *o, const struct game *played,
          const char *map)
{
	struct game g;
	struct save_ctx s = { &g, xasprintf("%s/bench.save", o->scratch), NULL, true };
	struct timing save, flush;
	char what[112];
	struct row *r;

	bench_open(map, &g);
	for (size_t i = 0; i < played->done.count && g.log.count < o->log_entries; i++)
		bench_command(&g, played->done.items[i]);
	while (g.log.count > o->log_entries)
		strlist_drop_last(&g.log);
	s.text = save_text(&g);
	save = timed(run_save, &s, o->runs);
	flush = timed(run_flush, &s, o->runs);
	snprintf(what, sizeof what, "save, %zu log entries, %zu commands, %zu KiB, less the flush",
	         g.log.count, g.done.count, strlen(s.text) / 1024);
	r = results_add(t, what);
	r->t.cpu = save.cpu - flush.cpu > 0 ? save.cpu - flush.cpu : 1e-9;
	r->t.wall = save.wall - flush.wall > 0 ? save.wall - flush.wall : 1e-9;
	r->by_wall = true;
	r->budget = 10 * MS;
	r = results_add(t, "… the whole `save_write` (atomic, flushed, three backups kept)");
	r->t = save;
	r->by_wall = true;
	snprintf(r->ref, sizeof r->ref, "the same bytes flushed alone");
	r->ref_value = flush.wall;
	r = results_add(t, "… of which the text (`save_text`)");
	r->t = timed(run_save_text, &s, o->runs);
	r = results_add(t, "load that save (`save_load`: read, replay)");
	r->t = timed(run_load, &s, o->runs);
	r->failed = !s.ok;
	free(s.text);
	free(s.path);
	game_free(&g);
}

void
bench_record(struct results *t, const struct bench_options *o, const char *map)
{
	struct strlist journal = { 0 };
	struct play_counts n;
	struct game g;
	size_t undos = 0;

	results_section(t, "The record: journal and saves (100×100 map)");
	bench_open(map, &g);
	bench_play(&g, o->journal_lines, &journal, &n);
	for (size_t i = 0; i < journal.count && i < o->journal_lines; i++)
		undos += strcmp(journal.items[i], "undo") == 0;
	journal_rows(t, o, &journal, undos, map);
	save_rows(t, o, &g, map);
	game_free(&g);
	strlist_free(&journal);
}
