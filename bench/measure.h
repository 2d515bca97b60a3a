/* measure.h: timing, medians, child processes and the results table of the
 * benchmarks (bench/README.md). Not part of libhexaid.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_BENCH_MEASURE_H
#define HEXAID_BENCH_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* One thing measured. `run` does it `batch` times; a sample is the time of
 * one, the batch's time divided by its size. */
struct timed {
	void (*run)(void *ctx, size_t batch);
	void *ctx;
	size_t batch;
};

/* What was measured: the medians of the samples' CPU time (this thread's, or a
 * child's user and system time) and wall time, in seconds; and a child's peak
 * resident memory in KiB (-1 for what runs in this process). */
struct timing {
	double cpu, wall;
	long peak_kib;
	int runs;
};

/* Samples taken: `runs`, or LONG_RUNS when `runs` would take over LONG_TOTAL
 * seconds by the warm-up's time. */
#define LONG_TOTAL 5.0
#define LONG_RUNS 5

/* One warm-up, then the samples. */
struct timing measure(const struct timed *t, int runs);

/* A batch that makes one sample take about `target` seconds (at least 1). */
size_t measure_batch_for(const struct timed *t, double target);

/* What starts the programs measured: a small process of its own, forked
 * before the benchmark grows, so that a child's peak memory is its own
 * (measure.c says why). */
struct spawner {
	pid_t pid;
	int to, from;
};
bool spawner_start(struct spawner *s);
void spawner_stop(struct spawner *s);

/* A program run to its end, its output thrown away, as many times: medians and
 * the largest peak memory. False when it could not run or failed. */
bool measure_process(const struct spawner *s, const char *const argv[], int runs,
                     struct timing *out);

double measure_median_of(double *values, size_t n);

/* One row of the results table. Times in seconds; 0 where a column is empty. A
 * row is judged by its CPU time, or by its wall time where the budget says so
 * (what waits for the disk). */
struct row {
	char what[112];
	struct timing t;
	bool by_wall;
	double budget;
	char ref[64];        /* what the row is compared with, or "" */
	double ref_value;    /* ... its time, by the same clock */
	double ratio_budget; /* the most the row may take against it, or 0 */
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

/* The time a row is judged by. */
double row_value(const struct row *r);

/* Print the rows as a Markdown table; returns how many missed their budgets. */
int results_print(const struct results *t);
/* The rows that could not be measured (FAILED). */
int results_failed(const struct results *t);
void results_free(struct results *t);

#endif
