/* bench-campaign.c: issue 32's rows (bench/README.md), each against a floor
 * measured in the same run: the battle-heavy long campaign's save (and the same
 * game at the 16 MiB cap, both written by gen-long-game) opened by the terminal
 * interface against a bare libyaml parse of it as a process; undo far back
 * against undo near the end of the opened save; the first change after opening
 * and a refused change at the cap against a change in a small game; and output:
 * `render --legend` and `check` of the largest map against a bare parse, `roll
 * --odds 30d6!` against a plain convolution.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bench.h"
#include "command.h"
#include "diag.h"
#include "load.h"
#include "save.h"
#include "session.h"
#include "xmalloc.h"

#define CAMPAIGN_OPENS 5        /* opens of a long save per measurement at most */
#define NOTES 64                /* changes timed in a row */
#define NEAR_UNDOS 128          /* undos near the end of the save */
#define FAR_FROM 256            /* an undo further back than this is far */

static double
thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- a bare parse, as a process of its own ----------------------------------------- */

int
bench_parse_main(const char *path)
{
	size_t len;
	char *text = bench_read_file(path, &len);

	bench_bare_parse(text, len);
	free(text);
	return 0;
}

/* The TUI's open of `save` against `hexaid-bench --parse save`: CPU time within
 * 2× the parse's, peak memory within 1.2× (issue 32). */
static void
open_row(struct results *t, const struct bench_options *o, const char *save, const char *what)
{
	const char *parse[] = { o->self, "--parse", save, NULL };
	struct timing floor;
	struct row *r = results_add(t, what);
	bool ok = measure_process(o->spawner, parse, o->runs < CAMPAIGN_OPENS ? o->runs : CAMPAIGN_OPENS,
	                          &floor);

	r->t = bench_tui_open(o, save, &r->failed);
	r->failed = r->failed || !ok;
	snprintf(r->ref, sizeof r->ref, "bare libyaml parse (a process, %.1f MiB)",
	         (double)floor.peak_kib / 1024.0);
	r->ref_value = floor.cpu;
	r->ratio_budget = 2.0;
	r->peak_budget_kib = floor.peak_kib + floor.peak_kib / 5;
}

/* ---- games opened in process ---------------------------------------------------------- */

static bool
open_save(const char *path, struct game *g)
{
	struct diag_list dl;
	bool ok;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	ok = save_load(g, path, NULL, &dl);
	if (!ok)
		diag_print(&dl, stderr);
	diag_list_free(&dl);
	return ok;
}

static bool
open_session(const char *path, struct session *s)
{
	struct game g;
	char *err = NULL, *warning = NULL;
	bool ok = open_save(path, &g);

	if (ok && !session_start(s, &g, NULL, NULL, NULL, &err, &warning)) {
		fprintf(stderr, "hexaid-bench: %s: %s\n", path, err);
		session_end(s);
		ok = false;
	}
	free(err);
	free(warning);
	return ok;
}

/* One command through the session, timed; *taken says whether it stayed. */
static double
timed_run(struct session *s, const char *line, bool *taken)
{
	struct command_result res;
	double c0 = thread_cpu();

	*taken = session_run(s, line, &res);
	c0 = thread_cpu() - c0;
	command_result_free(&res);
	return c0;
}

/* The first change after opening `save`, over a few opens: the median. */
static double
first_change(const struct bench_options *o, const char *save, bool *failed)
{
	double cpu[CAMPAIGN_OPENS];
	int n = o->runs < CAMPAIGN_OPENS ? o->runs : CAMPAIGN_OPENS;

	for (int i = 0; i < n; i++) {
		struct session s;
		bool taken = false;

		if (!open_session(save, &s)) {
			*failed = true;
			return 0.0;
		}
		cpu[i] = timed_run(&s, "note the first change after opening", &taken);
		*failed = *failed || !taken;
		session_end(&s);
	}
	return measure_median_of(cpu, (size_t)n);
}

/* NOTES notes in a row in the session: the median; each must be taken or, at
 * the cap, refused (`taken`). */
static double
notes(struct session *s, bool taken, bool *failed)
{
	double cpu[NOTES];

	for (int i = 0; i < NOTES; i++) {
		bool stayed;
		cpu[i] = timed_run(s, "note a change of the game", &stayed);
		*failed = *failed || stayed != taken;
	}
	return measure_median_of(cpu, NOTES);
}

/* The small game: a campaign of o->small_game commands on `map`, saved. */
static bool
small_save(const struct bench_options *o, const char *map, const char *path)
{
	struct strlist journal = { 0 };
	struct play_counts n;
	struct game g;
	char *err = NULL, *warning = NULL;
	bool ok;

	bench_open(map, &g);
	bench_play_battles(&g, o->small_game, &journal, &n);
	ok = save_write(&g, path, &err, &warning);
	if (!ok)
		fprintf(stderr, "hexaid-bench: %s\n", err);
	free(err);
	free(warning);
	strlist_free(&journal);
	game_free(&g);
	return ok;
}

static void
change_rows(struct results *t, const struct bench_options *o, const char *map)
{
	char *small = xasprintf("%s/campaign-small.sav", o->scratch);
	struct session s;
	bool failed = !small_save(o, map, small);
	double small_first = failed ? 0.0 : first_change(o, small, &failed);
	double small_note = 0.0;
	struct row *r;

	if (!failed && open_session(small, &s)) {
		small_note = notes(&s, true, &failed);
		session_end(&s);
	} else {
		failed = true;
	}
	r = results_add(t, "first change after opening the save (a note)");
	r->t.cpu = first_change(o, o->campaign, &r->failed);
	r->t.runs = o->runs < CAMPAIGN_OPENS ? o->runs : CAMPAIGN_OPENS;
	r->failed = r->failed || failed;
	snprintf(r->ref, sizeof r->ref, "the same in a %zu-command game", o->small_game);
	r->ref_value = small_first;
	r->ratio_budget = 2.0;
	r = results_add(t, "a change at the 16 MiB cap, refused (a note)");
	r->failed = failed || !open_session(o->campaign_cap, &s);
	if (!r->failed) {
		r->t.cpu = notes(&s, false, &r->failed);
		session_end(&s);
	}
	r->t.runs = NOTES;
	snprintf(r->ref, sizeof r->ref, "a note in that game");
	r->ref_value = small_note;
	r->ratio_budget = 2.0;
	free(small);
}

/* Undos from the end of the opened save, each timed: the median of the first
 * NEAR_UNDOS, and the median and the worst of those more than FAR_FROM back. */
static void
undo_rows(struct results *t, const struct bench_options *o)
{
	size_t n = o->far_undos, done = 0;
	double *cpu = xcalloc(n + 1, sizeof *cpu), near, worst = 0.0;
	struct game g;
	bool opened = open_save(o->campaign, &g), ok = opened;
	struct row *r;
	char what[112];

	for (; ok && done < n && done + 1 < g.done.count; done++) {
		struct command_result res;
		double c0 = thread_cpu();
		ok = command_run(&g, "undo", &res);
		cpu[done] = thread_cpu() - c0;
		command_result_free(&res);
	}
	r = results_add(t, "undo near the end of the opened save (`undo`, the first 128)");
	near = measure_median_of(cpu, done < NEAR_UNDOS ? done : NEAR_UNDOS);
	r->t.cpu = near;
	r->t.runs = (int)(done < NEAR_UNDOS ? done : NEAR_UNDOS);
	r->failed = !ok || done <= FAR_FROM;
	for (size_t i = FAR_FROM; i < done; i++)
		worst = cpu[i] > worst ? cpu[i] : worst;
	snprintf(what, sizeof what, "undo more than %d back (undos %d to %zu): the median",
	         FAR_FROM, FAR_FROM + 1, done);
	r = results_add(t, what);
	r->failed = !ok || done <= FAR_FROM;
	r->t.cpu = r->failed ? 0.0 : measure_median_of(cpu + FAR_FROM, done - FAR_FROM);
	r->t.runs = (int)(done > FAR_FROM ? done - FAR_FROM : 0);
	snprintf(r->ref, sizeof r->ref, "undo near the end");
	r->ref_value = near;
	r->ratio_budget = 4.0;
	r = results_add(t, "… the worst of them");
	r->failed = !ok || done <= FAR_FROM;
	r->t.cpu = worst;
	r->t.runs = (int)(done > FAR_FROM ? done - FAR_FROM : 0);
	r->budget = 2 * MS;
	if (opened)
		game_free(&g);
	free(cpu);
}

/* ---- output at memory speed ------------------------------------------------------------ */

/* A process against its floor, round by round (bench-cards.c says why), each
 * process less the start of one: hexaid's (`hexaid --version`), and the floor's
 * own when it is a process too (a bare parse of an empty file). */
struct floor {
	void (*run)(void *ctx, size_t batch);   /* a floor in this process ... */
	void *ctx;
	const char *const *argv;                /* ... or a process */
};

static bool
sample(const struct bench_options *o, const char *const argv[], double *cpu, long *peak)
{
	struct timing k;
	bool ok = measure_process(o->spawner, argv, 1, &k);

	*cpu = k.cpu;
	*peak = k.peak_kib > *peak ? k.peak_kib : *peak;
	return ok;
}

static void
in_turn_row(struct results *t, const struct bench_options *o, const char *const argv[],
            const struct floor *f, const char *what, const char *ref, double ratio)
{
	const char *version[] = { o->hexaid, "--version", NULL };
	const char *empty[] = { o->self, "--parse", "/dev/null", NULL };
	struct timed floor = { f->run, f->ctx, 1 };
	size_t n = (size_t)o->runs;
	double *s = xcalloc(4 * n + 1, sizeof *s), *start = s, *proc = s + n, *fl = s + 2 * n,
	       *fl_start = s + 3 * n;
	struct row *r = results_add(t, what);
	long unused = 0;
	bool ok = true;

	if (f->argv == NULL)
		floor.batch = measure_batch_for(&floor, 5 * MS);
	for (size_t i = 0; ok && i < n; i++) {
		ok = sample(o, version, &start[i], &unused) && sample(o, argv, &proc[i], &r->t.peak_kib);
		if (ok && f->argv != NULL)
			ok = sample(o, f->argv, &fl[i], &unused) && sample(o, empty, &fl_start[i], &unused);
		else if (ok)
			fl[i] = measure(&floor, 1).cpu;
	}
	r->failed = !ok;
	r->t.cpu = measure_median_of(proc, n) - measure_median_of(start, n);
	r->t.cpu = r->t.cpu > 0 ? r->t.cpu : 1e-9;
	r->t.runs = (int)n;
	snprintf(r->ref, sizeof r->ref, "%s", ref);
	r->ref_value = measure_median_of(fl, n) - (f->argv ? measure_median_of(fl_start, n) : 0.0);
	r->ref_value = r->ref_value > 0 ? r->ref_value : 1e-9;
	r->ratio_budget = ratio;
	free(s);
}

/* The floor of `roll --odds 30d6!`: an exploding d6 (a 6 rolls again, chains
 * kept to 16 dice, past a chance of 6^-16) convolved 30 times, and the rows
 * that carry probability printed (to /dev/null). */
#define ODDS_DICE 30
#define ODDS_CHAIN 16
#define ODDS_DIE (6 * ODDS_CHAIN + 1)

static void
run_convolution(void *ctx, size_t batch)
{
	FILE *out = ctx;
	static double die[ODDS_DIE], sum[ODDS_DICE * ODDS_DIE], next[ODDS_DICE * ODDS_DIE];

	for (size_t b = 0; b < batch; b++) {
		size_t width = 1;
		double p = 1.0;

		memset(die, 0, sizeof die);
		for (int k = 0; k < ODDS_CHAIN; k++, p /= 6)
			for (int f = 1; f <= 5; f++)
				die[6 * k + f] += p / 6;
		memset(sum, 0, sizeof sum);
		sum[0] = 1.0;
		for (int d = 0; d < ODDS_DICE; d++) {
			memset(next, 0, (width + ODDS_DIE) * sizeof *next);
			for (size_t i = 0; i < width; i++)
				for (size_t j = 1; j < ODDS_DIE; j++)
					next[i + j] += sum[i] * die[j];
			width += ODDS_DIE - 1;
			memcpy(sum, next, width * sizeof *sum);
		}
		for (size_t i = 0; i < width; i++)
			if (sum[i] >= 0.00005)
				fprintf(out, "  %6zu  %6.2f%%\n", i, 100 * sum[i]);
		fflush(out);
	}
}

/* The largest map given (the 200x200 napoleonic-tec one in `make bench`). */
static const char *
largest_map(const struct bench_options *o)
{
	const char *best = o->maps[0];
	off_t size = -1;
	struct stat st;

	for (int i = 0; i < o->nmaps; i++)
		if (stat(o->maps[i], &st) == 0 && st.st_size > size) {
			size = st.st_size;
			best = o->maps[i];
		}
	return best;
}

static const char *
map_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL ? slash + 1 : path;
}

static void
output_rows(struct results *t, const struct bench_options *o)
{
	const char *map = largest_map(o);
	const char *render[] = { o->hexaid, "render", "--legend", map, NULL };
	const char *check[] = { o->hexaid, "check", map, NULL };
	const char *roll[] = { o->hexaid, "roll", "--odds", "30d6!", NULL };
	const char *parse_it[] = { o->self, "--parse", map, NULL };
	FILE *null = fopen("/dev/null", "w");
	struct floor parse = { NULL, NULL, parse_it }, conv = { run_convolution, null, NULL };
	char title[160];

	if (null == NULL) {
		perror("hexaid-bench: /dev/null");
		exit(2);
	}
	snprintf(title, sizeof title, "Output at memory speed (issue 32): %s, processes less "
	         "their start", map_name(map));
	results_section(t, title);
	in_turn_row(t, o, render, &parse, "`hexaid render --legend` of the map",
	            "bare libyaml parse of it (a process), in turn", 1.5);
	in_turn_row(t, o, check, &parse, "`hexaid check` of the map",
	            "bare libyaml parse of it (a process), in turn", 2.0);
	in_turn_row(t, o, roll, &conv, "`hexaid roll --odds 30d6!`",
	            "a C convolution and its rows, in turn", 2.0);
	fclose(null);
}

static double
megabytes(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (double)st.st_size / 1e6 : 0.0;
}

void
bench_campaign(struct results *t, const struct bench_options *o, const char *map)
{
	char title[160];

	snprintf(title, sizeof title,
	         "Issue 32: the battle-heavy campaign (gen-long-game), a %.1f MB save; the same "
	         "at the cap, %.1f MB", megabytes(o->campaign), megabytes(o->campaign_cap));
	results_section(t, title);
	open_row(t, o, o->campaign, "TUI open of the save, and quit");
	open_row(t, o, o->campaign_cap, "TUI open of the save at the 16 MiB cap, and quit");
	undo_rows(t, o);
	change_rows(t, o, map);
	output_rows(t, o);
}
