/* bench-map.c: what a player waits for on one generated map: `hexaid render` as a
 * process (time and peak memory), opening the scenario, the map drawn, a unit's
 * movement range, lines of sight (20 hexes long, and between every pair of 200
 * units), and key presses replayed headless: a query command and the map drawn
 * again, as the terminal interface does for each key (its own drawing is not
 * counted). Budgets apply on 100x100 maps; larger ones are reported.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "command.h"
#include "render.h"
#include "xmalloc.h"

#define LOS_PAIRS 64
#define LOS_LENGTH 20
#define LOS_UNITS 200
#define MOVE_DEFAULT 12     /* points of movement when the card gives its classes none */

struct map_ctx {
	struct game g;
	const char *path;
	int unit;               /* the unit whose range is asked */
	long points;            /* its movement points */
	char range_line[64];
	struct hex from[LOS_PAIRS], to[LOS_PAIRS];
	int npairs;
	int nunits;             /* units taken for the all-pairs line of sight */
	size_t key;             /* which key is next */
	char *text;             /* the scenario file's bytes, for the bare parse */
	size_t len;
};

/* ---- choosing what to ask ---------------------------------------------------------- */

/* The unit of the class that moves furthest (the first such), and its points. */
static void
choose_mover(struct map_ctx *m)
{
	const struct card *card = game_card(&m->g);
	long best = -1;

	m->unit = 0;
	for (size_t i = 0; i < m->g.nunits; i++) {
		int from = card_class_move_from(card, m->g.units[i].cls);
		long move = from >= 0 ? card->classes[from].move : -1;
		if (move > best) {
			best = move;
			m->unit = (int)i;
		}
	}
	m->points = best > 0 ? (best + 1) / 2 : MOVE_DEFAULT;
	snprintf(m->range_line, sizeof m->range_line, "range %s %ld", m->g.units[m->unit].id,
	         m->points);
}

/* Pairs of hexes LOS_LENGTH apart: some steps one way and the rest in the next
 * direction, so straight lines, lines along hexsides and lines between both. */
static void
choose_lines(struct map_ctx *m)
{
	const struct hex_board *b = game_board(&m->g);
	struct rng rng;

	rng_seed(&rng, 20);
	for (int tries = 0; m->npairs < LOS_PAIRS && tries < 100000; tries++) {
		struct hex a = hex_from_offset(b, (int)rng_below(&rng, (uint32_t)b->columns),
		                               (int)rng_below(&rng, (uint32_t)b->rows));
		struct hex h = a;
		int dir = (int)rng_below(&rng, 6), first = (int)rng_below(&rng, LOS_LENGTH + 1);
		for (int i = 0; i < LOS_LENGTH; i++)
			h = hex_neighbor(h, i < first ? dir : dir + 1);
		if (!hex_on_board(b, h) || hex_distance(a, h) != LOS_LENGTH)
			continue;
		m->from[m->npairs] = a;
		m->to[m->npairs++] = h;
	}
}

/* ---- the things timed -------------------------------------------------------------- */

static void
run_bare_parse(void *ctx, size_t batch)
{
	struct map_ctx *m = ctx;

	for (size_t i = 0; i < batch; i++)
		bench_bare_parse(m->text, m->len);
}

static void
run_render(void *ctx, size_t batch)
{
	struct map_ctx *m = ctx;

	for (size_t i = 0; i < batch; i++)
		free(render_map(&m->g, HEXDRAW_COMPACT, true));
}

static void
run_render_large(void *ctx, size_t batch)
{
	struct map_ctx *m = ctx;

	for (size_t i = 0; i < batch; i++)
		free(render_map(&m->g, HEXDRAW_LARGE, true));
}

static void
run_open(void *ctx, size_t batch)
{
	struct map_ctx *m = ctx;

	for (size_t i = 0; i < batch; i++) {
		struct game g;
		bench_open(m->path, &g);
		game_free(&g);
	}
}

static void
run_range(void *ctx, size_t batch)
{
	struct map_ctx *m = ctx;

	for (size_t i = 0; i < batch; i++)
		bench_command(&m->g, m->range_line);
}

static long
flat_cost(void *ctx, struct hex from, struct hex to, bool *stop_after)
{
	(void)ctx;
	(void)from;
	(void)to;
	(void)stop_after;
	return 2;
}

/* The reference: the same search with every step costing one point, no rules. */
static void
run_dijkstra(void *ctx, size_t batch)
{
	struct map_ctx *m = ctx;
	const struct hex_board *b = game_board(&m->g);
	size_t cap = (size_t)b->columns * (size_t)b->rows;
	struct hex_reached *r = xcalloc(cap, sizeof *r);

	for (size_t i = 0; i < batch; i++)
		hex_reach(b, m->g.units[m->unit].hex, 2 * m->points, flat_cost, NULL, r, cap);
	free(r);
}

static void
run_los(void *ctx, size_t batch)
{
	struct map_ctx *m = ctx;

	for (size_t i = 0; i < batch; i++)
		for (int k = 0; k < m->npairs; k++) {
			struct los_answer a;
			game_los(&m->g, m->from[k], m->to[k], &a);
			explain_free(&a.why);
		}
}

static void
run_line(void *ctx, size_t batch)
{
	struct map_ctx *m = ctx;
	struct hex left[LOS_LENGTH + 1], right[LOS_LENGTH + 1];

	for (size_t i = 0; i < batch; i++)
		for (int k = 0; k < m->npairs; k++) {
			bool split;
			hex_line_sides(m->from[k], m->to[k], left, right, LOS_LENGTH + 1, &split);
		}
}

static void
run_all_pairs(void *ctx, size_t batch)
{
	struct map_ctx *m = ctx;

	for (size_t i = 0; i < batch; i++)
		for (int a = 0; a < m->nunits; a++)
			for (int b = a + 1; b < m->nunits; b++) {
				struct los_answer ans;
				game_fire_los(&m->g, a, m->g.units[b].hex, &ans);
				explain_free(&ans.why);
			}
}

/* ---- key presses --------------------------------------------------------------------- */

enum key_kind { KEY_CURSOR, KEY_SELECT, KEY_RANGE, KEY_LOS, N_KEY_KINDS };

static const char *const key_names[N_KEY_KINDS] = {
	"cursor move (`show hex` + map)",
	"select a unit (`select`, `show unit` + map)",
	"movement range (`range` + map)",
	"line of sight (`los` + map)",
};

struct key_ctx {
	struct map_ctx *m;
	enum key_kind kind;
};

/* The query one key asks: about the next unit in turn, or the hex beside it. */
static void
key_query(struct map_ctx *m, enum key_kind kind)
{
	const struct game_unit *u = &m->g.units[m->key % m->g.nunits];
	const struct game_unit *v = &m->g.units[(m->key * 7 + 1) % m->g.nunits];
	char line[96], at[HEX_LABEL_SIZE], to[HEX_LABEL_SIZE];

	m->key++;
	hex_label(game_board(&m->g), u->hex, at);
	hex_label(game_board(&m->g), v->hex, to);
	switch (kind) {
	case KEY_CURSOR:
		snprintf(line, sizeof line, "show hex %s", at);
		break;
	case KEY_SELECT:
		snprintf(line, sizeof line, "select %s", u->id);
		bench_command(&m->g, line);
		snprintf(line, sizeof line, "show unit %s", u->id);
		break;
	case KEY_RANGE:
		snprintf(line, sizeof line, "%s", m->range_line);
		break;
	default:
		snprintf(line, sizeof line, "los %s %s", at, to);
		break;
	}
	bench_command(&m->g, line);
}

/* What the map pane draws for a key at 160x48: the part of the map in view,
 * 36 lines by 158 columns, with the hex of the key's unit in it (as if the
 * cursor had just scrolled there: the pane keeps a frame it need not redraw). */
#define PANE_LINES 36
#define PANE_COLS 158

static void
draw_view(struct map_ctx *m, struct render_frame *f, int k)
{
	struct hex h = m->g.units[(size_t)k % m->g.nunits].hex;
	int line, col;

	hexdraw_origin(&f->d, h, &line, &col);
	render_frame_draw(f, &m->g, line > PANE_LINES / 2 ? line - PANE_LINES / 2 : 1,
	                  col > PANE_COLS / 2 ? col - PANE_COLS / 2 : f->d.prefix, PANE_LINES,
	                  PANE_COLS);
}

static void
run_key(void *ctx, size_t batch)
{
	struct key_ctx *k = ctx;
	struct render_frame f;

	render_frame_init(&f, &k->m->g, HEXDRAW_COMPACT);
	for (size_t i = 0; i < batch; i++) {
		key_query(k->m, k->kind);
		draw_view(k->m, &f, (int)k->m->key);
	}
	render_frame_free(&f);
}

struct view_ctx {
	struct map_ctx *m;
	enum hexdraw_size size;
	long hexes;             /* hexes in view, over the frames drawn */
	long frames;
};

static void
run_view(void *ctx, size_t batch)
{
	struct view_ctx *v = ctx;
	struct render_frame f;

	render_frame_init(&f, &v->m->g, v->size);
	for (size_t i = 0; i < batch; i++) {
		int c0, c1, r0, r1;
		draw_view(v->m, &f, (int)(v->frames % 97));
		hexdraw_visible(&f.d, f.top, f.left, PANE_LINES - 1, PANE_COLS - f.d.prefix, &c0,
		                &c1, &r0, &r1);
		v->hexes += (long)(c1 - c0) * (r1 - r0);
		v->frames++;
	}
	render_frame_free(&f);
}

static void
run_map_pane(void *ctx, size_t batch)
{
	struct view_ctx v = { ctx, HEXDRAW_COMPACT, 0, 0 };

	run_view(&v, batch);
}

/* ---- rows ------------------------------------------------------------------------------ */

static struct timing
timed(void (*run)(void *, size_t), void *ctx, int runs)
{
	struct timed t = { run, ctx, 1 };

	t.batch = measure_batch_for(&t, 20 * MS);
	return measure(&t, runs);
}

/* The time of one of `n` things done in each run. */
static struct timing
each(struct timing t, int n)
{
	t.cpu /= n;
	t.wall /= n;
	return t;
}

static void
process_row(struct results *t, const struct bench_options *o, struct map_ctx *m, bool budgets)
{
	const char *render[] = { o->hexaid, "render", "--legend", m->path, NULL };
	const char *large[] = { o->hexaid, "render", "--large", "--legend", m->path, NULL };
	const char *version[] = { o->hexaid, "--version", NULL };
	struct timing start;
	bool ok = measure_process(o->spawner, version, o->runs, &start);

	for (int i = 0; i < 2; i++) {
		struct row *r = results_add(t, i == 0 ? "`hexaid render --legend` (a process)"
		                                      : "`hexaid render --large --legend` (a process)");
		r->failed = !ok || !measure_process(o->spawner, i == 0 ? render : large, o->runs, &r->t);
		snprintf(r->ref, sizeof r->ref, "`hexaid --version`");
		r->ref_value = start.cpu;
		if (budgets) {
			r->budget = 50 * MS;
			r->peak_budget_kib = 16 * 1024;
		}
	}
}

/* The part of the map a 160x48 pane shows, in both sizes, judged per pane (issue
 * 32): the large-hex pane may cost no more than the compact one. A large hex
 * looks up what a compact one does and has more cells, but a pane holds a third
 * as many: the cost of a hex in view is reported beside, without a verdict. */
static void
view_rows(struct results *t, const struct bench_options *o, struct map_ctx *m)
{
	struct view_ctx v[2] = { { m, HEXDRAW_COMPACT, 0, 0 }, { m, HEXDRAW_LARGE, 0, 0 } };
	static const char *const names[2] = { "compact", "large" };
	double per_hex[2];
	char what[112];
	struct row *r, *pane[2];

	for (int i = 0; i < 2; i++) {
		snprintf(what, sizeof what, "the part in view at 160×48, %s hexes (`render_frame_draw`)",
		         names[i]);
		r = pane[i] = results_add(t, what);
		r->t = timed(run_view, &v[i], o->runs);
		/* a frame's time over the hexes a frame had in view */
		per_hex[i] = v[i].hexes > 0 ? r->t.cpu * (double)v[i].frames / (double)v[i].hexes : 0.0;
	}
	snprintf(pane[1]->ref, sizeof pane[1]->ref, "the pane in compact hexes");
	pane[1]->ref_value = pane[0]->t.cpu;
	pane[1]->ratio_budget = 1.0;
	r = results_add(t, "… a hex in view, large hexes");
	r->t.cpu = r->t.wall = per_hex[1];
	snprintf(r->ref, sizeof r->ref, "a hex in view, compact");
	r->ref_value = per_hex[0];
}

static void
key_rows(struct results *t, const struct bench_options *o, struct map_ctx *m, bool budgets)
{
	struct timing pane = timed(run_map_pane, m, o->runs);

	for (int k = 0; k < N_KEY_KINDS; k++) {
		struct key_ctx kc = { m, (enum key_kind)k };
		char what[112];
		struct row *r;

		snprintf(what, sizeof what, "key: %s", key_names[k]);
		r = results_add(t, what);
		r->t = timed(run_key, &kc, o->runs);
		snprintf(r->ref, sizeof r->ref, "the map in view");
		r->ref_value = pane.cpu;
		r->budget = budgets ? 2 * MS : 0;
		/* issue 16: a cursor key on a 200x200 map, under a millisecond */
		if (k == KEY_CURSOR && m->g.sc.board.columns >= 200 && m->g.sc.board.rows >= 200)
			r->budget = 1 * MS;
	}
}

static void
section(struct results *t, const struct map_ctx *m)
{
	char title[112];

	snprintf(title, sizeof title, "Map %d×%d (%s): %zu units, %zu hexside entries",
	         m->g.sc.board.columns, m->g.sc.board.rows, game_card(&m->g)->id, m->g.nunits,
	         m->g.nsides);
	results_section(t, title);
}

static void
line_rows(struct results *t, const struct bench_options *o, struct map_ctx *m, bool budgets)
{
	char what[112];
	struct row *r;

	snprintf(what, sizeof what, "line of sight, %d hexes (`game_los`, %d lines)", LOS_LENGTH,
	         m->npairs);
	r = results_add(t, what);
	r->t = each(timed(run_los, m, o->runs), m->npairs);
	snprintf(r->ref, sizeof r->ref, "the line's hexes alone");
	r->ref_value = each(timed(run_line, m, o->runs), m->npairs).cpu;
	r->budget = budgets ? 20 * US : 0;
	snprintf(what, sizeof what, "line of sight between all pairs of %d units (%d lines)", m->nunits,
	         m->nunits * (m->nunits - 1) / 2);
	r = results_add(t, what);
	r->t = timed(run_all_pairs, m, o->runs);
	r->budget = budgets ? 100 * MS : 0;
}

void
bench_map(struct results *t, const struct bench_options *o, const char *path, bool budgets)
{
	struct map_ctx m = { .path = path };
	char what[112];
	struct row *r;

	bench_open(path, &m.g);
	choose_mover(&m);
	choose_lines(&m);
	m.nunits = m.g.nunits < LOS_UNITS ? (int)m.g.nunits : LOS_UNITS;
	section(t, &m);
	process_row(t, o, &m, budgets);
	r = results_add(t, "open the scenario (`scenario_load`, `game_start`)");
	r->t = timed(run_open, &m, o->runs);
	/* Drawing the map writes about what the file holds: at most 1.5x reading it. */
	m.text = bench_read_file(path, &m.len);
	r = results_add(t, "draw the map with its key (`render_map`)");
	r->t = timed(run_render, &m, o->runs);
	snprintf(r->ref, sizeof r->ref, "bare libyaml parse of the file");
	r->ref_value = timed(run_bare_parse, &m, o->runs).cpu;
	r->ratio_budget = 1.5;
	free(m.text);
	r = results_add(t, "… in large hexes");
	r->t = timed(run_render_large, &m, o->runs);
	view_rows(t, o, &m);
	snprintf(what, sizeof what, "movement range, %ld points (`%s`)", m.points, m.range_line);
	r = results_add(t, what);
	r->t = timed(run_range, &m, o->runs);
	snprintf(r->ref, sizeof r->ref, "search without rules");
	r->ref_value = timed(run_dijkstra, &m, o->runs).cpu;
	r->budget = budgets ? 1 * MS : 0;
	line_rows(t, o, &m, budgets);
	key_rows(t, o, &m, budgets);
	game_free(&m.g);
}
