/* dice.c: reads dice notation, rolls it fairly, takes the values of physical
 * dice, and counts the exact odds of every result by convolution (util layer).
 * Odds are whole counts of equally likely rolls while they fit in 64 bits, and
 * exact chances (in doubles) beyond. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "xmalloc.h"

/* ---- parsing ------------------------------------------------------------------ */

struct parser {
	const char *text, *p;
	const struct dice_kinds *kinds;
	int *col;
	char *msg;
};

static bool
parse_error(struct parser *ps, const char *where, const char *what)
{
	*ps->col = (int)(where - ps->text) + 1;
	snprintf(ps->msg, 160, "%s", what);
	return false;
}

static void
skip_blanks(struct parser *ps)
{
	while (*ps->p == ' ')
		ps->p++;
}

static bool
number(struct parser *ps, long max, long *out)
{
	const char *start = ps->p;
	long v = 0;

	if (!isdigit((unsigned char)*ps->p))
		return false;
	while (isdigit((unsigned char)*ps->p)) {
		v = v * 10 + (*ps->p++ - '0');
		if (v > max)
			return parse_error(ps, start, "this number is too big");
	}
	*out = v;
	return true;
}

static bool
named_die(struct parser *ps, struct dice_term *t)
{
	const char *start = ps->p;
	size_t len = 0;

	while (isalnum((unsigned char)start[len]) || start[len] == '_')
		len++;
	for (size_t i = 0; ps->kinds != NULL && i < ps->kinds->count; i++) {
		/* the notation names a kind of die: the word read so far */
		if (strlen(ps->kinds->names[i]) == len && strncmp(ps->kinds->names[i], start, len) == 0) {
			t->named = (int)i;
			t->sides = ps->kinds->faces[i];
			ps->p += len;
			return true;
		}
	}
	{
		char what[160];
		snprintf(what, sizeof what, "'%.*s' is not a die%s", (int)(len ? len : 1), start,
		         ps->kinds && ps->kinds->count ? " of this card" : " (write NdS, such as 2d6)");
		return parse_error(ps, start, what);
	}
}

/* [count] d sides [kh|kl n] */
static bool
dice_spec(struct parser *ps, struct dice_term *t)
{
	const char *d = ps->p;
	long sides, keep;

	ps->p++;
	if (!number(ps, DICE_MAX_SIDES, &sides)) {
		if (*ps->msg == '\0')
			parse_error(ps, ps->p, "a number of sides comes after d, such as 2d6");
		return false;
	}
	if (sides < 2)
		return parse_error(ps, d + 1, "a die has at least 2 sides");
	t->sides = (int)sides;
	if (ps->p[0] == 'k' && (ps->p[1] == 'h' || ps->p[1] == 'l')) {
		bool high = ps->p[1] == 'h';
		const char *k = ps->p;
		ps->p += 2;
		if (!number(ps, DICE_MAX_DICE, &keep) || keep < 1 || keep > t->count)
			return parse_error(ps, k, "keep 1 to as many dice as are rolled, such as 4d6kh3");
		t->keep = high ? (int)keep : -(int)keep;
	}
	return true;
}

static bool
term(struct parser *ps, struct dice_term *t)
{
	const char *start;
	long n = 1;
	bool have_number;

	t->named = -1;
	skip_blanks(ps);
	start = ps->p;
	have_number = isdigit((unsigned char)*ps->p);
	if (have_number && !number(ps, 100000, &n))
		return false;
	if ((*ps->p == 'd' || *ps->p == 'D') && !isalpha((unsigned char)ps->p[1]) &&
	    ps->p[1] != '_') {
		if (n < 1 || n > DICE_MAX_DICE)
			return parse_error(ps, start, "roll 1 to 64 dice at once");
		t->count = (int)n;
		return dice_spec(ps, t);
	}
	skip_blanks(ps);
	if (isalpha((unsigned char)*ps->p)) {
		if (n < 1 || n > DICE_MAX_DICE)
			return parse_error(ps, start, "roll 1 to 64 dice at once");
		t->count = (int)n;
		return named_die(ps, t);
	}
	if (!have_number)
		return parse_error(ps, start, *start ? "expected dice here, such as 2d6 or 3"
		                                     : "expected dice at the end, such as 2d6");
	t->constant = n;
	return true;
}

bool
dice_parse(const char *text, const struct dice_kinds *kinds, struct dice_expr *out, int *col,
           char msg[160])
{
	/* cppcheck-suppress ctuuninitvar ; col is only written (the column of an error) */
	struct parser ps = { text, text, kinds, col, msg };
	int sign = 1;

	memset(out, 0, sizeof *out);
	msg[0] = '\0';
	for (;;) {
		struct dice_term *t;

		if (out->nterms == DICE_MAX_TERMS)
			return parse_error(&ps, ps.p, "too many terms");
		t = &out->terms[out->nterms++];
		if (!term(&ps, t))
			return false;
		t->sign = sign;
		out->ndice += t->count;
		if (out->ndice > DICE_MAX_DICE)
			return parse_error(&ps, text, "at most 64 dice in one roll");
		skip_blanks(&ps);
		if (*ps.p == '+' || *ps.p == '-') {
			sign = *ps.p++ == '+' ? 1 : -1;
			continue;
		}
		break;
	}
	if (ps.p[0] == '>' && ps.p[1] == '=') {
		const char *at = ps.p;
		long target;
		ps.p += 2;
		skip_blanks(&ps);
		if (!number(&ps, DICE_MAX_SIDES, &target))
			return parse_error(&ps, ps.p, "a target number follows >=, such as 6d6>=5");
		for (size_t i = 0; i < out->nterms; i++)
			if (out->terms[i].count == 0 || out->terms[i].named >= 0 || out->terms[i].sign < 0 ||
			    out->terms[i].keep != 0)
				return parse_error(&ps, at, "count successes of plain dice only, such as 6d6>=5");
		out->success = true;
		out->target = (int)target;
		skip_blanks(&ps);
	}
	if (*ps.p != '\0')
		return parse_error(&ps, ps.p, "unexpected here; write terms such as 2d6+1d4-1");
	return true;
}

/* ---- rolling ------------------------------------------------------------------- */

/* Mark which dice of each term count, and add up the total and the successes. */
static void
settle(const struct dice_expr *e, struct dice_roll *out)
{
	int d = 0;

	out->total = 0;
	out->successes = 0;
	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		int first = d;

		if (t->count == 0) {
			out->total += t->sign * t->constant;
			continue;
		}
		for (int k = 0; k < t->count; k++, d++) {
			int v = out->values[d], rank = 0;
			out->term[d] = (int)i;
			/* kept when fewer than `keep` dice of the term beat it (ties: the first) */
			for (int j = first; j < first + t->count; j++)
				if (t->keep >= 0 ? out->values[j] > v || (j < d && out->values[j] == v)
				                 : out->values[j] < v || (j < d && out->values[j] == v))
					rank++;
			out->kept[d] = t->keep == 0 || rank < (t->keep > 0 ? t->keep : -t->keep);
			if (t->named < 0 && out->kept[d])
				out->total += t->sign * v;
			if (e->success && v >= e->target)
				out->successes++;
		}
	}
	out->ndice = d;
}

void
dice_roll(const struct dice_expr *e, struct rng *r, struct dice_roll *out)
{
	int d = 0;

	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		for (int k = 0; k < t->count; k++)
			out->values[d++] = (int)rng_below(r, (uint32_t)t->sides) + (t->named < 0 ? 1 : 0);
	}
	settle(e, out);
}

bool
dice_take(const struct dice_expr *e, const int *values, int n, struct dice_roll *out,
          char msg[160])
{
	int d = 0;

	memset(out, 0, sizeof *out);
	if (n != e->ndice) {
		snprintf(msg, 160, "%d %s rolled, and %d %s given: give one for each die", e->ndice,
		         e->ndice == 1 ? "die is" : "dice are", n, n == 1 ? "value is" : "values are");
		return false;
	}
	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		int lo = t->named < 0 ? 1 : 0, hi = t->named < 0 ? t->sides : t->sides - 1;
		for (int k = 0; k < t->count; k++, d++) {
			if (values[d] < lo || values[d] > hi) {
				snprintf(msg, 160, "value %d of the dice is %d; a d%d shows 1 to %d", d + 1,
				         values[d], t->sides, t->sides);
				return false;
			}
			out->values[d] = values[d];
		}
	}
	settle(e, out);
	return true;
}

/* ---- odds ---------------------------------------------------------------------- */

/* A distribution being built: ways (while exact) and chances of min..max. */
struct dist {
	long min, max;
	uint64_t *ways;
	double *chance;
	uint64_t outcomes;
	bool exact;
};

static void
dist_point(struct dist *d, long v)
{
	d->min = d->max = v;
	d->ways = xcalloc(1, sizeof *d->ways);
	d->chance = xcalloc(1, sizeof *d->chance);
	d->ways[0] = 1;
	d->chance[0] = 1.0;
	d->outcomes = 1;
	d->exact = true;
}

/* d := d + x (independent); x is freed. */
static void
convolve(struct dist *d, struct dist *x)
{
	long n = (d->max - d->min) + (x->max - x->min) + 1;
	uint64_t *ways = xcalloc((size_t)n, sizeof *ways);
	double *chance = xcalloc((size_t)n, sizeof *chance);
	bool exact = d->exact && x->exact &&
	             !__builtin_mul_overflow(d->outcomes, x->outcomes, &(uint64_t){ 0 });

	for (long i = 0; i <= d->max - d->min; i++) {
		for (long j = 0; j <= x->max - x->min; j++) {
			uint64_t w;
			chance[i + j] += d->chance[i] * x->chance[j];
			if (exact && (__builtin_mul_overflow(d->ways[i], x->ways[j], &w) ||
			              __builtin_add_overflow(ways[i + j], w, &ways[i + j])))
				exact = false;
		}
	}
	free(d->ways);
	free(d->chance);
	d->ways = ways;
	d->chance = chance;
	d->exact = exact;
	if (exact)
		d->outcomes *= x->outcomes;
	d->min += x->min;
	d->max += x->max;
	free(x->ways);
	free(x->chance);
}

/* d := d + one plain die of `sides` faces, times `sign`. Each face once, so a
 * value's ways are a sliding sum of `sides` old ones, kept as a running total:
 * the work grows with the range, not with the range times the faces (64d1000
 * counted face by face took seconds). While exact, the running total is at
 * most d's outcomes, so it cannot overflow; chances then come from the ways. */
static void
convolve_die(struct dist *d, int sides, int sign)
{
	long oldn = d->max - d->min + 1, n = oldn + sides - 1;
	uint64_t *ways = xcalloc((size_t)n, sizeof *ways), outcomes = 0, run = 0;
	double *chance = xcalloc((size_t)n, sizeof *chance), frun = 0.0;
	bool exact = d->exact && !__builtin_mul_overflow(d->outcomes, (uint64_t)sides, &outcomes);

	for (long k = 0; k < n; k++) {
		if (k < oldn) {
			run += exact ? d->ways[k] : 0;
			frun += d->chance[k];
		}
		if (k >= sides) {
			run -= exact ? d->ways[k - sides] : 0;
			frun -= d->chance[k - sides];
		}
		ways[k] = run;
		chance[k] = exact ? (double)run / (double)outcomes : frun > 0.0 ? frun / sides : 0.0;
	}
	free(d->ways);
	free(d->chance);
	d->ways = ways;
	d->chance = chance;
	d->exact = exact;
	d->outcomes = exact ? outcomes : d->outcomes;
	d->min += sign > 0 ? 1 : -sides;
	d->max += sign > 0 ? sides : -1;
}

/* One die (or a success test on it) as a distribution, times `sign`. */
static void
die_dist(int sides, int sign, int target, struct dist *out)
{
	if (target > 0) {
		int hits = sides - target + 1;
		hits = hits < 0 ? 0 : hits > sides ? sides : hits;
		out->min = 0;
		out->max = 1;
		out->ways = xcalloc(2, sizeof *out->ways);
		out->chance = xcalloc(2, sizeof *out->chance);
		out->ways[0] = (uint64_t)(sides - hits);
		out->ways[1] = (uint64_t)hits;
		out->chance[0] = (double)(sides - hits) / sides;
		out->chance[1] = (double)hits / sides;
	} else {
		out->min = sign > 0 ? 1 : -sides;
		out->max = sign > 0 ? sides : -1;
		out->ways = xcalloc((size_t)sides, sizeof *out->ways);
		out->chance = xcalloc((size_t)sides, sizeof *out->chance);
		for (int i = 0; i < sides; i++) {
			out->ways[i] = 1;
			out->chance[i] = 1.0 / sides;
		}
	}
	out->outcomes = (uint64_t)sides;
	out->exact = true;
}

/* ---- keeping the highest or lowest dice ---------------------------------------- */

/* The work a keep may take, in steps of its count (below): far past any pool a
 * table rolls (64d1000kh8 is 10^9). */
#define KEEP_WORK_LIMIT 400000000.0

/* A count kept two ways: whole (while it fits in 64 bits) and as a double. */
struct count {
	uint64_t ways;
	double approx;
};

/* *to += from * factor, with the whole count given up on overflow (*exact). */
static void
count_add(struct count *to, struct count from, uint64_t factor, double approx_factor,
          bool *exact)
{
	uint64_t w;

	if (*exact && (__builtin_mul_overflow(from.ways, factor, &w) ||
	               __builtin_add_overflow(to->ways, w, &to->ways)))
		*exact = false;
	to->approx += from.approx * approx_factor;
}

/* What keep_dist works with: the binomials C(r, c) for r, c up to the dice, and
 * the powers of the faces still to come. */
struct keep_tables {
	uint64_t choose[DICE_MAX_DICE + 1][DICE_MAX_DICE + 1];
	double choose_d[DICE_MAX_DICE + 1][DICE_MAX_DICE + 1];
	uint64_t power[DICE_MAX_DICE + 1];     /* rest^e, or 0 past 64 bits */
	bool power_fits[DICE_MAX_DICE + 1];
	double power_d[DICE_MAX_DICE + 1];
};

static void
binomials(struct keep_tables *kt, int n)
{
	for (int r = 0; r <= n; r++) {
		kt->choose[r][0] = kt->choose[r][r] = 1;
		kt->choose_d[r][0] = kt->choose_d[r][r] = 1.0;
		for (int c = 1; c < r; c++) {
			/* C(64, 32) < 2^61: no overflow */
			kt->choose[r][c] = kt->choose[r - 1][c - 1] + kt->choose[r - 1][c];
			kt->choose_d[r][c] = kt->choose_d[r - 1][c - 1] + kt->choose_d[r - 1][c];
		}
	}
}

/* The ways for dice still unplaced to show the `rest` faces after this one. */
static void
powers(struct keep_tables *kt, int n, int rest)
{
	kt->power[0] = 1;
	kt->power_fits[0] = true;
	kt->power_d[0] = 1.0;
	for (int e = 1; e <= n; e++) {
		kt->power_fits[e] = kt->power_fits[e - 1] &&
		                    !__builtin_mul_overflow(kt->power[e - 1], (uint64_t)rest, &kt->power[e]);
		kt->power_d[e] = kt->power_d[e - 1] * rest;
	}
}

/* One face, `v`, taken in turn (the highest first to keep the highest, the lowest
 * first to keep the lowest), with `rest` faces after it. From each way of having
 * placed j < keep dice (all kept) for a kept total t, c more dice show v: while
 * fewer than `keep` are placed they go on to the next face; once `keep` are, the
 * total is final and the other dice show any of the faces after this one. */
static void
keep_face(const struct dice_term *t, int keep, int v, int rest, struct keep_tables *kt,
          const struct count *dp, struct count *next, struct count *final, long width,
          bool *exact)
{
	powers(kt, t->count, rest);
	for (int j = 0; j < keep; j++) {
		int r = t->count - j;
		for (long sum = 0; sum < width; sum++) {
			struct count w = dp[(long)j * width + sum];
			if (w.ways == 0 && w.approx == 0.0)
				continue;
			for (int c = 0; c <= r; c++) {
				uint64_t f = 0;
				bool fits;
				if (j + c < keep) {
					count_add(&next[(long)(j + c) * width + sum + (long)c * v], w,
					          kt->choose[r][c], kt->choose_d[r][c], exact);
					continue;
				}
				fits = kt->power_fits[r - c] &&
				       !__builtin_mul_overflow(kt->choose[r][c], kt->power[r - c], &f);
				*exact = *exact && fits;
				count_add(&final[sum + (long)(keep - j) * v], w, f,
				          kt->choose_d[r][c] * kt->power_d[r - c], exact);
			}
		}
	}
}

/* A term that keeps its highest or lowest dice: the order-statistics count. The
 * faces are taken one at a time, keeping for each number of dice placed so far
 * (fewer than those kept) and each total of them the ways to get there; its work
 * grows with faces^2 x kept^2 x dice, where counting every roll grew as
 * faces^dice (9d6kh3 was refused). Whole counts while they fit in 64 bits, as
 * for the other dice. */
static bool
keep_dist(const struct dice_term *t, struct dist *out, char msg[160])
{
	int keep = t->keep > 0 ? t->keep : -t->keep, s = t->sides;
	long width = (long)keep * s + 1, lo = keep, hi = (long)keep * s;
	double work = (double)s * keep * (double)width * (t->count + 1), all = 1.0;
	struct count *dp, *next, *final;
	struct keep_tables *kt;
	bool exact = true;

	if (work > KEEP_WORK_LIMIT) {
		snprintf(msg, 160, "too many rolls to count exactly (keep of %dd%d)", t->count, s);
		return false;
	}
	kt = xcalloc(1, sizeof *kt);
	dp = xcalloc((size_t)(keep * width), sizeof *dp);
	next = xcalloc((size_t)(keep * width), sizeof *next);
	final = xcalloc((size_t)width, sizeof *final);
	binomials(kt, t->count);
	dp[0] = (struct count){ 1, 1.0 };
	for (int i = 1; i <= s; i++) {
		struct count *swap;
		keep_face(t, keep, t->keep > 0 ? s + 1 - i : i, s - i, kt, dp, next, final, width,
		          &exact);
		swap = dp, dp = next, next = swap;
		memset(next, 0, (size_t)(keep * width) * sizeof *next);
	}
	out->min = t->sign > 0 ? lo : -hi;
	out->max = t->sign > 0 ? hi : -lo;
	out->ways = xcalloc((size_t)(hi - lo + 1), sizeof *out->ways);
	out->chance = xcalloc((size_t)(hi - lo + 1), sizeof *out->chance);
	out->exact = exact;
	out->outcomes = 1;
	for (int i = 0; i < t->count; i++) {
		out->exact = out->exact && !__builtin_mul_overflow(out->outcomes, (uint64_t)s,
		                                                    &out->outcomes);
		all *= s;
	}
	for (long sum = lo; sum <= hi; sum++) {
		long at = t->sign > 0 ? sum - lo : hi - sum;
		out->ways[at] = out->exact ? final[sum].ways : 0;
		out->chance[at] = out->exact ? (double)final[sum].ways / (double)out->outcomes
		                             : final[sum].approx / all;
	}
	free(kt);
	free(dp);
	free(next);
	free(final);
	return true;
}

bool
dice_odds(const struct dice_expr *e, struct dice_odds *out, char msg[160])
{
	struct dist d, x;

	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < e->nterms; i++) {
		if (e->terms[i].named >= 0) {
			snprintf(msg, 160, "named dice are not added up: their odds are counted per face");
			return false;
		}
	}
	dist_point(&d, 0);
	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		if (t->count == 0) {
			dist_point(&x, t->sign * t->constant);
			convolve(&d, &x);
		} else if (t->keep != 0) {
			if (!keep_dist(t, &x, msg)) {
				free(d.ways);
				free(d.chance);
				return false;
			}
			convolve(&d, &x);
		} else {
			for (int k = 0; k < t->count; k++) {
				if (e->success) {
					die_dist(t->sides, t->sign, e->target, &x);
					convolve(&d, &x);
				} else {
					convolve_die(&d, t->sides, t->sign);
				}
			}
		}
	}
	out->min = d.min;
	out->max = d.max;
	out->chance = d.chance;
	out->ways = d.ways;
	out->outcomes = d.outcomes;
	out->exact = d.exact;
	return true;
}

void
dice_odds_free(struct dice_odds *o)
{
	free(o->chance);
	free(o->ways);
	memset(o, 0, sizeof *o);
}

void
dice_count_odds(int n, int hits, int faces, double *chance)
{
	double p = (double)hits / faces;

	for (int k = 0; k <= n; k++)
		chance[k] = 0.0;
	chance[0] = 1.0;
	for (int d = 0; d < n; d++)
		for (int k = d + 1; k >= 0; k--)
			chance[k] = chance[k] * (1.0 - p) + (k > 0 ? chance[k - 1] * p : 0.0);
}
