/* measure.h: timing, medians, child processes and the results table of the
 * benchmarks (bench/README.md). Not part of libhexaid. */
#ifndef HEXAID_BENCH_MEASURE_H
#define HEXAID_BENCH_MEASURE_H

#include <stdbool.h>
#include <stddef.h>

/* One thing measured. `run` does it `batch` times; the median of `runs`
 * samples, divided by the batch, is the time of one. */
struct timed {
	void (*run)(void *ctx, size_t batch);
	void *ctx;
	size_t batch;
	bool cpu;            /* CPU time of this thread instead of wall time */
	int runs_used;       /* set by measure_median: fewer when one run is long */
};

/* Seconds now: monotonic wall time, or this thread's CPU time. */
double measure_now(bool cpu);

/* One warm-up, then `runs` samples (LONG_RUNS when the warm-up took over
 * LONG_RUN seconds); the median time of one, in seconds. */
#define LONG_RUN 0.5
#define LONG_RUNS 5
double measure_median(struct timed *t, int runs);

/* A batch that makes one sample last about `target` seconds (at least 1). */
size_t measure_batch_for(const struct timed *t, double target);

/* A program run to its end with its output thrown away: wall seconds, and its
 * peak resident memory in KiB. False when it could not run or failed. */
bool measure_process(const char *const argv[], double *seconds, long *peak_kib);

/* The median wall time and the largest peak memory of `runs` runs (fewer for
 * long runs, as measure_median). */
bool measure_process_median(const char *const argv[], int runs, double *seconds, long *peak_kib);

double measure_median_of(double *values, size_t n);

/* One row of the results table. Times in seconds; 0 where a column is empty. */
struct row {
	char what[96];
	double value;
	double budget;
	char ref[64];        /* what the value is compared with, or "" */
	double ref_value;
	double ratio_budget; /* the most value / ref_value may be, or 0 */
	long peak_kib;       /* -1: not measured */
	long peak_budget_kib;
	bool failed;         /* the measurement itself went wrong */
	bool section;        /* a heading, not a measurement */
};

struct results {
	struct row *rows;
	size_t count, cap;
};

struct row *results_add(struct results *t, const char *what);
void results_section(struct results *t, const char *title);

/* Print the rows as a Markdown table; returns how many budgets were missed. */
int results_print(const struct results *t);
void results_free(struct results *t);

#endif
