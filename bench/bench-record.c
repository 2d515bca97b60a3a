/* bench-record.c: the record of a game. A 10,000-command journal is made by
 * playing random commands (seeded) on the 100x100 map and keeping those that
 * worked; then it is replayed in process and by `hexaid recover` (the budget:
 * under 1 s). A game with a 1,000-entry log is saved with `save_write`, against
 * the cost of flushing the same bytes to disk the same way (the budget: 10 ms
 * plus that), and loaded again. */
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

#define JOURNAL_COMMANDS 10000
#define LOG_ENTRIES 1000

/* ---- playing random commands ----------------------------------------------------- */

struct play {
	struct game *g;
	struct rng rng;
	int hexsides[16], nhexsides;   /* the card's hexside features */
	int tokens[16], ntokens;
};

static int
random_unit(struct play *p, int side)
{
	for (int tries = 0; tries < 100; tries++) {
		int u = (int)rng_below(&p->rng, (uint32_t)p->g->nunits);
		if (!p->g->units[u].eliminated && (side < 0 || p->g->units[u].side == side))
			return u;
	}
	return 0;
}

static int
nearest_enemy(const struct game *g, int u)
{
	int best = -1, far = 1 << 30;

	for (size_t i = 0; i < g->nunits; i++) {
		int d = hex_distance(g->units[u].hex, g->units[i].hex);
		if (g->units[i].side != g->units[u].side && !g->units[i].eliminated && d < far) {
			far = d;
			best = (int)i;
		}
	}
	return best;
}

/* A hex `steps` random steps from h (may be off the board: the command says so). */
static void
label_near(struct play *p, struct hex h, int steps, char at[HEX_LABEL_SIZE])
{
	for (int i = 0; i < steps; i++)
		h = hex_neighbor(h, (int)rng_below(&p->rng, 6));
	hex_label(game_board(p->g), h, at);
}

/* Changes to the table: a token, a hexside feature, a level. */
static void
setup_command(struct play *p, char *line, size_t size)
{
	const struct card *card = game_card(p->g);
	char at[HEX_LABEL_SIZE];
	const char *const *sides = hex_direction_names(game_board(p->g));
	uint32_t what = rng_below(&p->rng, 3);

	label_near(p, p->g->units[random_unit(p, -1)].hex, 1, at);
	if (what == 0 && p->ntokens > 0)
		snprintf(line, size, "token %s %s %s", rng_below(&p->rng, 2) ? "add" : "remove", at,
		         card->terrain[p->tokens[rng_below(&p->rng, (uint32_t)p->ntokens)]].id);
	else if (what == 1 && p->nhexsides > 0)
		snprintf(line, size, "hexside %s %s %s %s", rng_below(&p->rng, 2) ? "add" : "remove", at,
		         sides[rng_below(&p->rng, 6)],
		         card->terrain[p->hexsides[rng_below(&p->rng, (uint32_t)p->nhexsides)]].id);
	else
		snprintf(line, size, "level %s %u", at, rng_below(&p->rng, 3));
}

/* One command a player might give: mostly moves of the side acting, some to a
 * hex a few steps off (the cheapest way is searched), battles against the
 * nearest enemy, notes, changes to the table, and the next phase. */
static void
random_command(struct play *p, char *line, size_t size)
{
	uint32_t roll = rng_below(&p->rng, 100);
	int u = random_unit(p, p->g->side), e;
	char at[HEX_LABEL_SIZE];

	if (roll < 55) {
		label_near(p, p->g->units[u].hex, 1, at);
		snprintf(line, size, "move %s %s", p->g->units[u].id, at);
	} else if (roll < 65) {
		label_near(p, p->g->units[u].hex, 2 + (int)rng_below(&p->rng, 2), at);
		snprintf(line, size, "move %s %s", p->g->units[u].id, at);
	} else if (roll < 75 && (e = nearest_enemy(p->g, u)) >= 0) {
		snprintf(line, size, "battle %s %s", p->g->units[u].id, p->g->units[e].id);
	} else if (roll < 80) {
		snprintf(line, size, "note \"turn %d: a note for the record\"", p->g->turn);
	} else if (roll < 88) {
		setup_command(p, line, size);
	} else {
		snprintf(line, size, "%s", game_card(p->g)->nphases > 0 ? "phase next" : "turn end");
	}
}

static void
play_init(struct play *p, struct game *g)
{
	const struct card *card = game_card(g);

	memset(p, 0, sizeof *p);
	p->g = g;
	rng_seed(&p->rng, 7);
	for (size_t t = 0; t < card->nterrain; t++) {
		if (card->terrain[t].kind == TERRAIN_HEXSIDE && p->nhexsides < 16)
			p->hexsides[p->nhexsides++] = (int)t;
		if (card->terrain[t].kind == TERRAIN_TOKEN && p->ntokens < 16)
			p->tokens[p->ntokens++] = (int)t;
	}
}

/* Play until `changes` commands are in force (or until too many were refused). */
static void
play(struct game *g, size_t changes)
{
	struct play p;

	play_init(&p, g);
	for (size_t tries = 0; g->done.count < changes && tries < 50 * changes; tries++) {
		struct command_result res;
		char line[160];
		random_command(&p, line, sizeof line);
		command_run(g, line, &res);
		command_result_free(&res);
	}
}

/* ---- the journal ------------------------------------------------------------------ */

/* The journal of g's commands: its first line by journal_create, the rest framed
 * as journal.c frames them (command, tab, '#', CRC-32) but written without a flush
 * per line, which would take longer than the benchmark. */
static bool
write_journal(const struct game *g, const char *path, const char *base)
{
	struct journal j;
	char *err = NULL, *warning;
	FILE *f;

	if (!journal_create(&j, path, base, &err, &warning)) {
		fprintf(stderr, "hexaid-bench: %s\n", err);
		free(err);
		return false;
	}
	free(warning);
	journal_close(&j);
	if ((f = fopen(path, "a")) == NULL)
		return false;
	for (size_t i = 0; i < g->done.count; i++)
		fprintf(f, "%s\t#%08lx\n", g->done.items[i],
		        journal_crc(g->done.items[i], strlen(g->done.items[i])));
	return fclose(f) == 0;
}

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
journal_rows(struct results *t, const struct bench_options *o, struct game *g, const char *map)
{
	char *journal = xasprintf("%s/bench.journal", o->scratch);
	char *abs = realpath(map, NULL), *base = xasprintf("scenario=%s", abs ? abs : map);
	const char *recover[] = { o->hexaid, "recover", journal, NULL };
	struct replay_ctx rc = { journal, map, 0, false };
	struct timed tm = { run_recover, &rc, 1 };
	char what[112];
	struct row *r;

	snprintf(what, sizeof what, "replay a journal of %zu commands (`journal_read`, `command_replay`)",
	         g->done.count);
	r = results_add(t, what);
	r->failed = !write_journal(g, journal, base);
	if (!r->failed)
		r->t = measure(&tm, o->runs);
	r->failed = r->failed || !rc.ok || rc.commands != g->done.count;
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

/* A game played until its log holds LOG_ENTRIES lines, saved and loaded. */
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
	for (size_t i = 0; i < played->done.count && g.log.count < LOG_ENTRIES; i++)
		bench_command(&g, played->done.items[i]);
	while (g.log.count > LOG_ENTRIES)
		free(g.log.items[--g.log.count]);
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
	struct game g;

	results_section(t, "The record: journal and saves (100×100 map)");
	bench_open(map, &g);
	play(&g, JOURNAL_COMMANDS);
	journal_rows(t, o, &g, map);
	save_rows(t, o, &g, map);
	game_free(&g);
}
