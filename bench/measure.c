/* measure.c: timing and the results table of the benchmarks: CPU and wall
 * clocks, medians of repeated samples, programs run as children with their CPU
 * time and peak memory (wait4's rusage), and the table printed in Markdown with
 * each row's budget, its ratio to the reference measured beside it, and a
 * verdict.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "measure.h"
#include "xmalloc.h"

extern char **environ;

static double
now(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
compare_doubles(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

double
measure_median_of(double *values, size_t n)
{
	if (n == 0)
		return 0.0;
	qsort(values, n, sizeof *values, compare_doubles);
	return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

/* One sample: the CPU and wall time of one of the batch. */
static void
sample(const struct timed *t, double *cpu, double *wall)
{
	double c0 = now(CLOCK_THREAD_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC);

	t->run(t->ctx, t->batch);
	*cpu = (now(CLOCK_THREAD_CPUTIME_ID) - c0) / (double)t->batch;
	*wall = (now(CLOCK_MONOTONIC) - w0) / (double)t->batch;
}

static int
runs_for(double one, int runs)
{
	return one * (double)runs > LONG_TOTAL && runs > LONG_RUNS ? LONG_RUNS : runs;
}

/* The medians of n samples of each clock into *out. */
static void
medians(double *cpu, double *wall, int n, struct timing *out)
{
	out->cpu = measure_median_of(cpu, (size_t)n);
	out->wall = measure_median_of(wall, (size_t)n);
	out->runs = n;
}

struct timing
measure(const struct timed *t, int runs)
{
	double *cpu = xcalloc((size_t)runs + 1, sizeof *cpu);
	double *wall = xcalloc((size_t)runs + 1, sizeof *wall);
	struct timing out = { 0, 0, -1, 0 };

	sample(t, &cpu[0], &wall[0]);
	runs = runs_for(wall[0] * (double)t->batch, runs);
	for (int i = 0; i < runs; i++)
		sample(t, &cpu[i], &wall[i]);
	medians(cpu, wall, runs, &out);
	free(cpu);
	free(wall);
	return out;
}

size_t
measure_batch_for(const struct timed *t, double target)
{
	struct timed once = *t;
	double cpu, wall;

	once.batch = 1;
	sample(&once, &cpu, &wall);
	sample(&once, &cpu, &wall);
	if (wall <= 0.0 || wall >= target)
		return 1;
	return (size_t)(target / wall) + 1;
}

/* ---- child processes -------------------------------------------------------------- */

static void
free_args(char **args)
{
	for (size_t i = 0; args[i] != NULL; i++)
		free(args[i]);
	free(args);
}

static double
seconds(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/* One run: its CPU (user and system) and wall time, and its peak memory; false
 * (and what ended it on stderr) when it did not exit 0. */
static bool
run_child(char **argv, double *cpu, double *wall, long *peak_kib)
{
	posix_spawn_file_actions_t fa;
	struct rusage ru;
	double w0;
	pid_t pid;
	int status, rc;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	w0 = now(CLOCK_MONOTONIC);
	rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0 || wait4(pid, &status, 0, &ru) != pid)
		return false;
	*wall = now(CLOCK_MONOTONIC) - w0;
	*cpu = seconds(ru.ru_utime) + seconds(ru.ru_stime);
	*peak_kib = ru.ru_maxrss;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return true;
	fprintf(stderr, "hexaid-bench: %s %s failed: %s %d\n", argv[0], argv[1] ? argv[1] : "",
	        WIFEXITED(status) ? "exit status" : "signal",
	        WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	return false;
}

/* The spawner. Linux carries a process's memory high-water mark across exec,
 * and posix_spawn starts the child in its parent's memory, so a child started
 * by the benchmark itself reports at least the benchmark's own peak (28 MiB once
 * the 200x200 maps are open) as its peak memory. Children are therefore started
 * by a small process forked before the benchmark opens anything: it reads a
 * request (the arguments, each ended by a NUL, then an empty one), runs it and
 * answers with a struct answer. */
struct answer {
	double cpu, wall;
	long peak_kib;
	int ok;
};

static bool
read_full(int fd, void *buf, size_t n)
{
	char *p = buf;

	while (n > 0) {
		ssize_t got = read(fd, p, n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return false;
		p += got;
		n -= (size_t)got;
	}
	return true;
}

static bool
write_full(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n > 0) {
		ssize_t put = write(fd, p, n);
		if (put < 0 && errno == EINTR)
			continue;
		if (put <= 0)
			return false;
		p += put;
		n -= (size_t)put;
	}
	return true;
}

/* One request's arguments, or NULL at the end of the requests. */
static char **
read_request(int fd)
{
	char **argv = NULL, buf[4096];
	size_t n = 0, cap = 0, len = 0;

	for (;;) {
		if (len == sizeof buf || !read_full(fd, &buf[len], 1)) {
			for (size_t i = 0; i < n; i++)
				free(argv[i]);
			free(argv);
			return NULL;
		}
		if (buf[len++] != '\0')
			continue;
		if (len == 1)
			break;
		*(char **)xgrow(&argv, &n, &cap, sizeof *argv) = xstrdup(buf);
		len = 0;
	}
	*(char **)xgrow(&argv, &n, &cap, sizeof *argv) = NULL;
	return argv;
}

static void
serve(int in, int out)
{
	char **argv;

	while ((argv = read_request(in)) != NULL) {
		struct answer a = { 0, 0, 0, 0 };
		a.ok = argv[0] != NULL && run_child(argv, &a.cpu, &a.wall, &a.peak_kib);
		free_args(argv);
		if (!write_full(out, &a, sizeof a))
			break;
	}
	_exit(0);
}

bool
spawner_start(struct spawner *s)
{
	int req[2], ans[2];

	if (pipe(req) != 0)
		return false;
	if (pipe(ans) != 0) {
		close(req[0]);
		close(req[1]);
		return false;
	}
	s->pid = fork();
	if (s->pid == 0) {
		close(req[1]);
		close(ans[0]);
		serve(req[0], ans[1]);
	}
	close(req[0]);
	close(ans[1]);
	s->to = req[1];
	s->from = ans[0];
	return s->pid > 0;
}

void
spawner_stop(struct spawner *s)
{
	close(s->to);
	close(s->from);
	if (s->pid > 0)
		waitpid(s->pid, NULL, 0);
}

static bool
spawn_measured(const struct spawner *s, const char *const args[], double *cpu, double *wall,
               long *peak_kib)
{
	struct answer a;

	for (size_t i = 0; args[i] != NULL; i++)
		if (!write_full(s->to, args[i], strlen(args[i]) + 1))
			return false;
	if (!write_full(s->to, "", 1) || !read_full(s->from, &a, sizeof a))
		return false;
	*cpu = a.cpu;
	*wall = a.wall;
	*peak_kib = a.peak_kib;
	return a.ok;
}

bool
measure_process(const struct spawner *s, const char *const args[], int runs, struct timing *out)
{
	double *cpu = xcalloc((size_t)runs + 1, sizeof *cpu);
	double *wall = xcalloc((size_t)runs + 1, sizeof *wall);
	long kib;
	bool ok = spawn_measured(s, args, &cpu[0], &wall[0], &kib); /* warm-up: the page cache */

	out->peak_kib = 0;
	runs = runs_for(wall[0], runs);
	for (int i = 0; ok && i < runs; i++) {
		ok = spawn_measured(s, args, &cpu[i], &wall[i], &kib);
		out->peak_kib = kib > out->peak_kib ? kib : out->peak_kib;
	}
	medians(cpu, wall, runs, out);
	free(cpu);
	free(wall);
	return ok;
}

/* ---- the table --------------------------------------------------------------------- */

struct row *
results_add(struct results *t, const char *what)
{
	struct row *r = xgrow(&t->rows, &t->count, &t->cap, sizeof *r);

	snprintf(r->what, sizeof r->what, "%s", what);
	r->t.peak_kib = -1;
	return r;
}

void
results_section(struct results *t, const char *title)
{
	results_add(t, title)->section = true;
}

double
row_value(const struct row *r)
{
	return r->by_wall ? r->t.wall : r->t.cpu;
}

/* A time in the unit that suits it: "412 µs", "3.2 ms", "1.05 s". */
static const char *
format_time(double s, char buf[32])
{
	if (s <= 0.0)
		snprintf(buf, 32, "-");
	else if (s < 1e-6)
		snprintf(buf, 32, "%.0f ns", s * 1e9);
	else if (s < 1e-4)
		snprintf(buf, 32, "%.1f µs", s * 1e6);
	else if (s < 1e-3)
		snprintf(buf, 32, "%.0f µs", s * 1e6);
	else if (s < 1.0)
		snprintf(buf, 32, "%.*f ms", s < 1e-2 ? 2 : 1, s * 1e3);
	else
		snprintf(buf, 32, "%.2f s", s);
	return buf;
}

/* Does the row keep its budgets? Rows with none are for information. */
static const char *
verdict(const struct row *r)
{
	bool judged = r->budget > 0.0 || r->ratio_budget > 0.0 || r->peak_budget_kib > 0;
	double v = row_value(r);

	if (r->failed)
		return "FAILED";
	if (!judged)
		return "-";
	if ((r->budget > 0.0 && v > r->budget) ||
	    (r->ratio_budget > 0.0 && r->ref_value > 0.0 && v / r->ref_value > r->ratio_budget) ||
	    (r->peak_budget_kib > 0 && r->t.peak_kib > r->peak_budget_kib))
		return "MISS";
	return "ok";
}

/* "20.0 ms", "10.0 ms wall", "50.0 ms, 16 MiB" */
static void
format_budget(const struct row *r, char *buf, size_t size)
{
	char b[32];

	snprintf(buf, size, "%s%s", format_time(r->budget, b), r->by_wall && r->budget > 0 ? " wall" : "");
	if (r->peak_budget_kib > 0)
		snprintf(buf + strlen(buf), size - strlen(buf), ", %.0f MiB",
		         (double)r->peak_budget_kib / 1024.0);
}

static void
print_row(const struct row *r)
{
	char cpu[32], wall[32], rv[32], ratio[48] = "-", peak[32] = "-", budget[64];

	if (r->ref[0] != '\0' && r->ref_value > 0.0)
		snprintf(ratio, sizeof ratio, "%.2f×", row_value(r) / r->ref_value);
	if (r->ref[0] != '\0' && r->ref_value > 0.0 && r->ratio_budget > 0.0)
		snprintf(ratio + strlen(ratio), sizeof ratio - strlen(ratio), " (≤ %g×)",
		         r->ratio_budget);
	if (r->t.peak_kib >= 0)
		snprintf(peak, sizeof peak, "%.1f MiB", (double)r->t.peak_kib / 1024.0);
	format_budget(r, budget, sizeof budget);
	printf("| %s | %s | %s | %s | %s%s%s | %s | %s | %s |\n", r->what,
	       r->failed ? "-" : format_time(r->t.cpu, cpu),
	       r->failed || r->t.wall < 0 ? "-" : format_time(r->t.wall, wall), budget, r->ref[0] ? r->ref : "-",
	       r->ref[0] ? " " : "", r->ref[0] ? format_time(r->ref_value, rv) : "", ratio, peak,
	       verdict(r));
}

int
results_failed(const struct results *t)
{
	int failed = 0;

	for (size_t i = 0; i < t->count; i++)
		failed += t->rows[i].failed;
	return failed;
}

int
results_print(const struct results *t)
{
	int missed = 0;

	puts("| measurement | CPU | wall | budget | reference | ratio | peak memory | verdict |");
	puts("|---|--:|--:|--:|---|--:|--:|---|");
	for (size_t i = 0; i < t->count; i++) {
		const struct row *r = &t->rows[i];
		if (r->section) {
			printf("| **%s** | | | | | | | |\n", r->what);
			continue;
		}
		print_row(r);
		missed += strcmp(verdict(r), "MISS") == 0 || r->failed;
	}
	return missed;
}

void
results_free(struct results *t)
{
	free(t->rows);
	memset(t, 0, sizeof *t);
}
