/* measure.c: timing and the results table of the benchmarks: wall or CPU
 * clocks, medians of repeated samples, programs run as children with their peak
 * memory (wait4's rusage), and the table printed in Markdown with each row's
 * budget, its ratio to the reference measured beside it, and a verdict. */
#include "config.h"

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

double
measure_now(bool cpu)
{
	struct timespec ts;

	clock_gettime(cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
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

static double
sample(const struct timed *t)
{
	double t0 = measure_now(t->cpu);

	t->run(t->ctx, t->batch);
	return (measure_now(t->cpu) - t0) / (double)t->batch;
}

static int
runs_for(double warm_up, int runs)
{
	return warm_up * (double)runs > LONG_RUN * LONG_RUNS && runs > LONG_RUNS ? LONG_RUNS : runs;
}

double
measure_median(struct timed *t, int runs)
{
	double *v = xcalloc((size_t)runs, sizeof *v), m;

	runs = t->runs_used = runs_for(sample(t) * (double)t->batch, runs);
	for (int i = 0; i < runs; i++)
		v[i] = sample(t);
	m = measure_median_of(v, (size_t)runs);
	free(v);
	return m;
}

size_t
measure_batch_for(const struct timed *t, double target)
{
	struct timed once = *t;
	double one;

	once.batch = 1;
	sample(&once);
	one = sample(&once);
	if (one <= 0.0 || one >= target)
		return 1;
	return (size_t)(target / one) + 1;
}

/* ---- child processes -------------------------------------------------------------- */

/* A copy of the arguments posix_spawn may take (it wants them writable). */
static char **
copy_args(const char *const args[])
{
	size_t n = 0;
	char **copy;

	while (args[n] != NULL)
		n++;
	copy = xcalloc(n + 1, sizeof *copy);
	for (size_t i = 0; i < n; i++)
		copy[i] = xstrdup(args[i]);
	return copy;
}

static void
free_args(char **args)
{
	for (size_t i = 0; args[i] != NULL; i++)
		free(args[i]);
	free(args);
}

bool
measure_process(const char *const args[], double *seconds, long *peak_kib)
{
	posix_spawn_file_actions_t fa;
	char **argv = copy_args(args);
	struct rusage ru;
	double t0;
	pid_t pid;
	int status, rc;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	t0 = measure_now(false);
	rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	free_args(argv);
	if (rc != 0 || wait4(pid, &status, 0, &ru) != pid)
		return false;
	*seconds = measure_now(false) - t0;
	*peak_kib = ru.ru_maxrss;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool
measure_process_median(const char *const argv[], int runs, double *seconds, long *peak_kib)
{
	double *v = xcalloc((size_t)runs + 1, sizeof *v), s;
	long kib, most = 0;
	bool ok = measure_process(argv, &s, &kib); /* warm-up: the page cache */

	runs = runs_for(s, runs);
	for (int i = 0; ok && i < runs; i++) {
		ok = measure_process(argv, &v[i], &kib);
		most = kib > most ? kib : most;
	}
	*seconds = measure_median_of(v, (size_t)runs);
	*peak_kib = most;
	free(v);
	return ok;
}

/* ---- the table --------------------------------------------------------------------- */

struct row *
results_add(struct results *t, const char *what)
{
	struct row *r = xgrow(&t->rows, &t->count, &t->cap, sizeof *r);

	snprintf(r->what, sizeof r->what, "%s", what);
	r->peak_kib = -1;
	return r;
}

void
results_section(struct results *t, const char *title)
{
	results_add(t, title)->section = true;
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

	if (r->failed)
		return "FAILED";
	if (!judged)
		return "-";
	if ((r->budget > 0.0 && r->value > r->budget) ||
	    (r->ratio_budget > 0.0 && r->ref_value > 0.0 && r->value / r->ref_value > r->ratio_budget) ||
	    (r->peak_budget_kib > 0 && r->peak_kib > r->peak_budget_kib))
		return "MISS";
	return "ok";
}

static void
print_row(const struct row *r)
{
	char v[32], b[32], rv[32], ratio[48] = "-", peak[32] = "-", budget[64];

	if (r->ref[0] != '\0' && r->ref_value > 0.0 && r->ratio_budget > 0.0)
		snprintf(ratio, sizeof ratio, "%.2f× (≤ %.0f×)", r->value / r->ref_value,
		         r->ratio_budget);
	else if (r->ref[0] != '\0' && r->ref_value > 0.0)
		snprintf(ratio, sizeof ratio, "%.2f×", r->value / r->ref_value);
	if (r->peak_kib >= 0)
		snprintf(peak, sizeof peak, "%.1f MiB", (double)r->peak_kib / 1024.0);
	snprintf(budget, sizeof budget, "%s", format_time(r->budget, b));
	if (r->peak_budget_kib > 0)
		snprintf(budget + strlen(budget), sizeof budget - strlen(budget), ", %.0f MiB",
		         (double)r->peak_budget_kib / 1024.0);
	printf("| %s | %s | %s | %s%s%s | %s | %s | %s |\n", r->what,
	       r->failed ? "-" : format_time(r->value, v), budget, r->ref[0] ? r->ref : "-",
	       r->ref[0] ? " " : "", r->ref[0] ? format_time(r->ref_value, rv) : "", ratio, peak,
	       verdict(r));
}

int
results_print(const struct results *t)
{
	int missed = 0;

	puts("| measurement | median | budget | reference | ratio | peak memory | verdict |");
	puts("|---|--:|--:|---|--:|--:|---|");
	for (size_t i = 0; i < t->count; i++) {
		const struct row *r = &t->rows[i];
		if (r->section) {
			printf("| **%s** | | | | | | |\n", r->what);
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
