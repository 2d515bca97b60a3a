/* bench-cards.c: loading the five rule cards, against a bare libyaml parse of
 * the same bytes measured beside it (the budget: 20 ms in all, at most 3x the
 * bare parse), with hexaid's own YAML tree in between to show where the time
 * goes, and `hexaid check` of the five as a process. The bare parse is the
 * benchmark's own: the library keeps <yaml.h> to src/data/yaml-load.c.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "bench.h"
#include "card.h"
#include "xmalloc.h"
#include "yaml-load.h"

struct cards {
	char **files;
	int count;
	char **text;             /* each file's bytes */
	size_t *len;
};

char *
bench_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		fprintf(stderr, "hexaid-bench: %s: cannot read\n", path);
		exit(2);
	}
	buf = xmalloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static void
run_card_load(void *ctx, size_t batch)
{
	const struct cards *c = ctx;

	for (size_t b = 0; b < batch; b++)
		for (int i = 0; i < c->count; i++) {
			struct diag_list dl;
			struct card card;
			diag_list_init(&dl, DIAG_MAX_ERRORS);
			if (card_load(&card, c->files[i], NULL, &dl))
				card_free(&card);
			else
				diag_print(&dl, stderr);
			diag_list_free(&dl);
		}
}

void
bench_bare_parse(const char *text, size_t len)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	bool done = false;

	if (!yaml_parser_initialize(&parser))
		return;
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	while (!done && yaml_parser_parse(&parser, &ev)) {
		done = ev.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
}

static void
run_bare_parse(void *ctx, size_t batch)
{
	const struct cards *c = ctx;

	for (size_t b = 0; b < batch; b++)
		for (int i = 0; i < c->count; i++)
			bench_bare_parse(c->text[i], c->len[i]);
}

static void
run_tree(void *ctx, size_t batch)
{
	const struct cards *c = ctx;

	for (size_t b = 0; b < batch; b++)
		for (int i = 0; i < c->count; i++) {
			struct diag_list dl;
			struct ydoc doc;
			diag_list_init(&dl, DIAG_MAX_ERRORS);
			ydoc_load_string(&doc, c->files[i], c->text[i], c->len[i], &ylimits_card, &dl);
			ydoc_free(&doc);
			diag_list_free(&dl);
		}
}

static struct timing
time_it(void (*run)(void *, size_t), struct cards *c, const struct bench_options *o)
{
	struct timed t = { run, c, 1 };

	t.batch = measure_batch_for(&t, 5 * MS);
	return measure(&t, o->runs);
}

/* `hexaid check` of the cards as a process, beside `hexaid --version`; and what
 * the check itself costs (the process less the start of one) against a bare
 * parse of the cards' bytes: parsing each card more than once shows there. The
 * two processes and a bare parse are measured in turn, round by round, so that
 * on a shared machine, whose speed moves from one second to the next, the ratio
 * compares the same moments. */
static void
process_rows(struct results *t, const struct bench_options *o, struct cards *c)
{
	const char **argv = xcalloc((size_t)c->count + 3, sizeof *argv);
	const char *version[] = { o->hexaid, "--version", NULL };
	struct timed bare = { run_bare_parse, c, 1 };
	size_t n = (size_t)o->runs;
	double *samples = xcalloc(5 * n + 1, sizeof *samples);
	double *start_cpu = samples, *start_wall = samples + n, *check_cpu = samples + 2 * n,
	       *check_wall = samples + 3 * n, *bare_cpu = samples + 4 * n;
	struct timing start = { 0, 0, -1, 0 };
	struct row *r, *check;
	bool ok = true;

	argv[0] = o->hexaid;
	argv[1] = "check";
	for (int i = 0; i < c->count; i++)
		argv[i + 2] = c->files[i];
	bare.batch = measure_batch_for(&bare, 5 * MS);
	r = results_add(t, "`hexaid check` of the cards (a process)");
	r->t.peak_kib = 0;
	for (size_t i = 0; ok && i < n; i++) {
		struct timing v = { 0, 0, 0, 0 }, k = { 0, 0, 0, 0 }, b;
		ok = measure_process(o->spawner, version, 1, &v) &&
		     measure_process(o->spawner, argv, 1, &k);
		b = measure(&bare, 1);
		start_cpu[i] = v.cpu;
		start_wall[i] = v.wall;
		check_cpu[i] = k.cpu;
		check_wall[i] = k.wall;
		bare_cpu[i] = b.cpu;
		r->t.peak_kib = k.peak_kib > r->t.peak_kib ? k.peak_kib : r->t.peak_kib;
	}
	r->failed = !ok;
	start.cpu = measure_median_of(start_cpu, n);
	start.wall = measure_median_of(start_wall, n);
	r->t.cpu = measure_median_of(check_cpu, n);
	r->t.wall = measure_median_of(check_wall, n);
	r->t.runs = (int)n;
	snprintf(r->ref, sizeof r->ref, "`hexaid --version`");
	r->ref_value = start.cpu;
	check = r;
	r = results_add(t, "… less the start of a process (`hexaid --version`)");
	r->failed = check->failed;
	r->t.cpu = check->t.cpu - start.cpu > 0 ? check->t.cpu - start.cpu : 1e-9;
	r->t.wall = check->t.wall - start.wall > 0 ? check->t.wall - start.wall : 1e-9;
	snprintf(r->ref, sizeof r->ref, "bare libyaml parse, in turn");
	r->ref_value = measure_median_of(bare_cpu, n);
	r->ratio_budget = 2.0;
	free(samples);
	free(argv);
}

void
bench_cards(struct results *t, const struct bench_options *o)
{
	struct cards c;
	struct timing load, bare, tree;
	char what[96];
	struct row *r;

	c.files = bench_card_files(o->cards, &c.count);
	c.text = xcalloc((size_t)c.count + 1, sizeof *c.text);
	c.len = xcalloc((size_t)c.count + 1, sizeof *c.len);
	for (int i = 0; i < c.count; i++)
		c.text[i] = bench_read_file(c.files[i], &c.len[i]);
	load = time_it(run_card_load, &c, o);
	bare = time_it(run_bare_parse, &c, o);
	tree = time_it(run_tree, &c, o);
	results_section(t, "Rule cards");
	snprintf(what, sizeof what, "load and validate the %d cards (`card_load`)", c.count);
	r = results_add(t, what);
	r->t = load;
	r->budget = 20 * MS;
	snprintf(r->ref, sizeof r->ref, "bare libyaml parse");
	r->ref_value = bare.cpu;
	r->ratio_budget = 3.0;
	r = results_add(t, "… of which hexaid's YAML tree (`ydoc_load_string`)");
	r->t = tree;
	snprintf(r->ref, sizeof r->ref, "bare libyaml parse");
	r->ref_value = bare.cpu;
	r = results_add(t, "bare libyaml parse of the same bytes (events only)");
	r->t = bare;
	process_rows(t, o, &c);
	for (int i = 0; i < c.count; i++)
		free(c.text[i]);
	free(c.text);
	free(c.len);
	bench_free_list(c.files, c.count);
}
