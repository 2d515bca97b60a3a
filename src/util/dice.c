/* dice.c: reads dice notation, rolls it fairly, takes the values of physical
 * dice, and counts the exact odds of every result by convolution (util layer).
 * Odds are whole counts of equally likely rolls while they fit in 64 bits, and
 * exact chances (in doubles) beyond.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* Does the word at p (len characters) name kind i, by its name in any case or,
 * when one letter, by its initial (4dB: battle)? */
static bool
names_kind(const struct dice_kinds *kinds, size_t i, const char *p, size_t len)
{
	const char *name = kinds->names[i];

	if (strlen(name) == len && strncasecmp(name, p, len) == 0)
		return true;
	return len == 1 && tolower((unsigned char)name[0]) == tolower((unsigned char)*p);
}

/* The kind the word at p names: by its whole name first, then (when `initials`)
 * by a unique initial; -1 when none, -2 when an initial is shared. */
static int
find_kind(const struct dice_kinds *kinds, const char *p, size_t len, bool initials)
{
	int found = -1;

	for (size_t i = 0; kinds != NULL && i < kinds->count; i++)
		if (strlen(kinds->names[i]) == len && strncmp(kinds->names[i], p, len) == 0)
			return (int)i;
	for (size_t i = 0; kinds != NULL && i < kinds->count; i++)
		if (names_kind(kinds, i, p, len) && (len > 1 || initials))
			found = found == -1 ? (int)i : -2;
	return found;
}

static size_t
word_length(const char *p)
{
	size_t len = 0;

	while (isalnum((unsigned char)p[len]) || p[len] == '_')
		len++;
	return len;
}

static bool
named_die(struct parser *ps, struct dice_term *t)
{
	const char *start = ps->p;
	size_t len = word_length(start);
	int k = find_kind(ps->kinds, start, len, false);
	char what[160];

	if (k >= 0) {
		t->named = k;
		t->sides = ps->kinds->faces[k];
		ps->p += len;
		return true;
	}
	snprintf(what, sizeof what, "'%.*s' is not a die%s", (int)(len ? len : 1), start,
	         ps->kinds && ps->kinds->count ? " of this card" : " (write NdS, such as 2d6)");
	return parse_error(ps, start, what);
}

/* A test after ro, rr, !, cs or cf: N (equal), =N, <=N, >=N. <N and >N mean
 * "below" in Foundry and "at most" in Roll20: refused, with both spellings. */
static bool
condition(struct parser *ps, const char *after, struct dice_cond *c)
{
	const char *at = ps->p;
	long v;

	if (ps->p[0] == '<' || ps->p[0] == '>') {
		bool below = ps->p[0] == '<';
		if (ps->p[1] != '=') {
			char what[160];
			long n = 0;
			ps->p++;
			if (!number(ps, 100000, &n))
				n = 3;
			snprintf(what, sizeof what, "%c%ld is %s %ld in Foundry and %s %ld in Roll20: "
			         "write %s%ld or %s%ld", below ? '<' : '>', n,
			         below ? "below" : "above", n, below ? "at most" : "at least", n,
			         below ? "<=" : ">=", below ? n - 1 : n + 1, below ? "<=" : ">=", n);
			return parse_error(ps, at, what);
		}
		c->cmp = below ? DICE_CMP_LE : DICE_CMP_GE;
		ps->p += 2;
	} else {
		c->cmp = DICE_CMP_EQ;
		if (ps->p[0] == '=')
			ps->p++;
	}
	if (!number(ps, DICE_MAX_SIDES * (DICE_EXPLODE_DEPTH + 1), &v)) {
		char what[160];
		snprintf(what, sizeof what, "a number (or <=N, >=N, =N) follows %s, such as %s",
		         after, after);
		if (*ps->msg == '\0')
			parse_error(ps, ps->p, what);
		return false;
	}
	c->value = (int)v;
	return true;
}

bool
dice_meets(const struct dice_cond *c, int v)
{
	switch (c->cmp) {
	case DICE_CMP_EQ: return v == c->value;
	case DICE_CMP_LE: return v <= c->value;
	case DICE_CMP_GE: return v >= c->value;
	default: return false;
	}
}

int
dice_face_value(const struct dice_term *t, int f)
{
	switch (t->faces) {
	case FACES_FUDGE: return f - 1;
	case FACES_TENS_UNITS: return (f / 6 + 1) * 10 + f % 6 + 1;
	default: return t->named >= 0 ? f : f + 1;
	}
}

/* How many faces of the term's die meet c. */
static int
faces_meeting(const struct dice_term *t, const struct dice_cond *c)
{
	int n = 0;

	for (int f = 0; f < t->sides; f++)
		n += dice_meets(c, dice_face_value(t, f));
	return n;
}

/* kh, kl, k (keep the highest), dh, dl (drop): how many dice count. */
static bool
keep_or_drop(struct parser *ps, struct dice_term *t)
{
	const char *at = ps->p;
	bool drop = ps->p[0] == 'd', low = ps->p[1] == 'l';
	long n;

	ps->p += ps->p[1] == 'h' || ps->p[1] == 'l' ? 2 : 1;
	if (t->keep != 0)
		return parse_error(ps, at, "keep or drop once in a term, such as 4d6kh3");
	if (!number(ps, DICE_MAX_DICE, &n) || n < (drop ? 0 : 1) || n > t->count - (drop ? 1 : 0))
		return parse_error(ps, at, drop ? "drop 1 to one less than the dice rolled, such as "
		                                  "4d6dl1"
		                                : "keep 1 to as many dice as are rolled, such as 4d6kh3");
	/* dropping the lowest keeps the highest rest, and the other way round */
	t->keep = drop ? (low ? 1 : -1) * (t->count - (int)n) : (low ? -1 : 1) * (int)n;
	if (t->keep == 0)
		t->keep = t->count;
	return true;
}

/* ro, rr (a bare r is refused) and ! after a die, each at most once. */
static bool
reroll_or_explode(struct parser *ps, struct dice_term *t)
{
	const char *at = ps->p;

	if (t->faces == FACES_TENS_UNITS || t->named >= 0)
		return parse_error(ps, at, "reroll and explode plain dice, Fudge dice or d%");
	if (*ps->p == '!') {
		ps->p++;
		if (t->explode.cmp != DICE_CMP_NONE || t->reroll.cmp != DICE_CMP_NONE)
			return parse_error(ps, at, "a term explodes once, and does not also reroll");
		if (isdigit((unsigned char)*ps->p) || *ps->p == '<' || *ps->p == '>' || *ps->p == '=') {
			if (!condition(ps, "!", &t->explode))
				return false;
		} else {
			t->explode = (struct dice_cond){ DICE_CMP_EQ, dice_face_value(t, t->sides - 1) };
		}
		if (faces_meeting(t, &t->explode) >= t->sides)
			return parse_error(ps, at, "every face would explode: test fewer, such as d6!>=5");
		return true;
	}
	if (ps->p[1] != 'o' && ps->p[1] != 'r')
		return parse_error(ps, at, "r is 'reroll once' in Foundry and 'reroll until' in "
		                           "Roll20: write ro1 (once) or rr1 (until)");
	t->reroll_until = ps->p[1] == 'r';
	ps->p += 2;
	if (t->reroll.cmp != DICE_CMP_NONE || t->explode.cmp != DICE_CMP_NONE)
		return parse_error(ps, at, "a term rerolls once, and does not also explode");
	if (!condition(ps, t->reroll_until ? "rr" : "ro", &t->reroll))
		return false;
	if (faces_meeting(t, &t->reroll) >= t->sides)
		return parse_error(ps, at, "every face would be rerolled: test fewer, such as ro1");
	return true;
}

/* [text]: a label for the term. */
static bool
label(struct parser *ps, struct dice_term *t)
{
	const char *at = ps->p, *end = strchr(ps->p, ']');

	if (end == NULL)
		return parse_error(ps, at, "a label ends with ], such as 2d6[fire]");
	if (end - at - 1 >= DICE_LABEL_SIZE)
		return parse_error(ps, at, "a label is at most 23 characters");
	snprintf(t->label, sizeof t->label, "%.*s", (int)(end - at - 1), at + 1);
	ps->p = end + 1;
	return true;
}

/* What may follow a die: keep or drop, reroll, explode, in any order; a label. */
static bool
die_modifiers(struct parser *ps, struct dice_term *t)
{
	for (;;) {
		const char *p = ps->p;
		if ((p[0] == 'k' && (p[1] == 'h' || p[1] == 'l' || isdigit((unsigned char)p[1]))) ||
		    (p[0] == 'd' && (p[1] == 'h' || p[1] == 'l'))) {
			if (t->named >= 0 || t->faces == FACES_TENS_UNITS)
				return parse_error(ps, p, "keep or drop plain dice, Fudge dice or d%");
			if (!keep_or_drop(ps, t))
				return false;
		} else if (p[0] == '!' || p[0] == 'r') {
			if (!reroll_or_explode(ps, t))
				return false;
		} else {
			return true;
		}
	}
}

/* d followed by: sides (d6; D66 read as tens and units), %, F, or a card's die by
 * name or initial (4dbattle, 4dB). */
static bool
dice_spec(struct parser *ps, struct dice_term *t)
{
	const char *d = ps->p;
	long sides;

	ps->p++;
	if (*ps->p == '%') {
		ps->p++;
		t->sides = 100;
		return die_modifiers(ps, t);
	}
	if (isalpha((unsigned char)*ps->p)) {
		size_t len = word_length(ps->p);
		int k = find_kind(ps->kinds, ps->p, len, true);
		if (k >= 0) {
			t->named = k;
			t->sides = ps->kinds->faces[k];
			ps->p += len;
			return die_modifiers(ps, t);
		}
		if (len == 1 && *ps->p == 'F') {
			ps->p++;
			t->sides = 3;
			t->faces = FACES_FUDGE;
			return die_modifiers(ps, t);
		}
		return parse_error(ps, ps->p, k == -2 ? "two of the card's dice start with this letter: "
		                                        "write the die's name, such as 4dbattle"
		                                      : "dF, d% or a number of sides comes after d, "
		                                        "such as 2d6");
	}
	if (!number(ps, DICE_MAX_SIDES, &sides)) {
		if (*ps->msg == '\0')
			parse_error(ps, ps->p, "a number of sides comes after d, such as 2d6");
		return false;
	}
	if (sides < 2)
		return parse_error(ps, d + 1, "a die has at least 2 sides; for a fixed number, "
		                              "write the number, such as 1");
	t->sides = (int)sides;
	if (*d == 'D' && sides == 66) {
		/* D66: a d6 for the tens and one for the units, not a die of 66 sides */
		t->sides = 36;
		t->faces = FACES_TENS_UNITS;
	}
	return die_modifiers(ps, t);
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
	t->col = (int)(start - ps->text) + 1;
	have_number = isdigit((unsigned char)*ps->p);
	if (have_number && !number(ps, 100000, &n))
		return false;
	if ((*ps->p == 'd' || *ps->p == 'D') &&
	    (find_kind(ps->kinds, ps->p, word_length(ps->p), false) < 0 || ps->p[1] == '%')) {
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

/* >=T, <=T, =T, cs TEST, cf TEST after the terms: count dice instead of adding. */
static bool
counting(struct parser *ps, struct dice_expr *out)
{
	const char *at = ps->p;

	for (;;) {
		const char *p;
		skip_blanks(ps);
		p = ps->p;
		if (p[0] == 'c' && (p[1] == 's' || p[1] == 'f')) {
			struct dice_cond *c = p[1] == 's' ? &out->success_if : &out->fail_if;
			ps->p += 2;
			if (c->cmp != DICE_CMP_NONE)
				return parse_error(ps, p, "count successes (cs) and failures (cf) once each");
			if (!condition(ps, p[1] == 's' ? "cs" : "cf", c))
				return false;
		} else if ((p[0] == '>' || p[0] == '<' || p[0] == '=') && out->nterms > 0) {
			if (out->success_if.cmp != DICE_CMP_NONE)
				return parse_error(ps, p, "count successes (cs) and failures (cf) once each");
			if (!condition(ps, "the dice", &out->success_if))
				return false;
		} else {
			break;
		}
		out->success = true;
	}
	if (!out->success)
		return true;
	for (size_t i = 0; i < out->nterms; i++) {
		const struct dice_term *t = &out->terms[i];
		if (t->count == 0 || t->named >= 0 || t->sign < 0 || t->keep != 0)
			return parse_error(ps, at, "count successes of plain dice only, such as 6d6>=5");
	}
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
	/* a sign before the first term, as before any other: -3d6 is 3d6 taken away */
	skip_blanks(&ps);
	if (*ps.p == '+' || *ps.p == '-')
		sign = *ps.p++ == '+' ? 1 : -1;
	for (;;) {
		struct dice_term *t;

		if (out->nterms == DICE_MAX_TERMS)
			return parse_error(&ps, ps.p, "too many terms");
		t = &out->terms[out->nterms++];
		if (!term(&ps, t))
			return false;
		if (*ps.p == '[' && !label(&ps, t))
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
	if (!counting(&ps, out))
		return false;
	skip_blanks(&ps);
	if (*ps.p != '\0')
		return parse_error(&ps, ps.p, "unexpected here; write terms such as 2d6+1d4-1");
	return true;
}

/* ---- rolling ------------------------------------------------------------------- */

/* What one die counts when the expression counts dice: 1 for a success, -1 for a
 * failure taken off successes, 1 for a failure counted alone. */
static int
die_score(const struct dice_expr *e, int v)
{
	if (e->success_if.cmp == DICE_CMP_NONE)
		return dice_meets(&e->fail_if, v) ? 1 : 0;
	return (dice_meets(&e->success_if, v) ? 1 : 0) - (dice_meets(&e->fail_if, v) ? 1 : 0);
}

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
			if (e->success)
				out->successes += die_score(e, v);
		}
	}
	out->ndice = d;
}

/* One die of term t rolled: rerolled and exploded as the term says. */
static void
roll_die(const struct dice_term *t, struct rng *r, struct dice_roll *out, int d)
{
	int v = dice_face_value(t, (int)rng_below(r, (uint32_t)t->sides));

	if (t->reroll.cmp != DICE_CMP_NONE && dice_meets(&t->reroll, v)) {
		out->rerolled[d] = true;
		out->first[d] = v;
		do
			v = dice_face_value(t, (int)rng_below(r, (uint32_t)t->sides));
		while (t->reroll_until && dice_meets(&t->reroll, v));
	}
	out->rolls[d][0] = v;
	out->nrolls[d] = 1;
	out->values[d] = v;
	while (t->explode.cmp != DICE_CMP_NONE && out->nrolls[d] <= DICE_EXPLODE_DEPTH &&
	       dice_meets(&t->explode, out->rolls[d][out->nrolls[d] - 1])) {
		v = dice_face_value(t, (int)rng_below(r, (uint32_t)t->sides));
		out->rolls[d][out->nrolls[d]++] = v;
		out->values[d] += v;
	}
}

void
dice_roll(const struct dice_expr *e, struct rng *r, struct dice_roll *out)
{
	int d = 0;

	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		for (int k = 0; k < t->count; k++)
			roll_die(t, r, out, d++);
	}
	settle(e, out);
}

/* Can a die of term t end on v (its rolls added up, for an exploding die)? */
static bool
die_can_show(const struct dice_term *t, int v)
{
	int top = dice_face_value(t, t->sides - 1), low = dice_face_value(t, 0);

	if (t->explode.cmp != DICE_CMP_NONE)
		return v >= low && v <= top * (DICE_EXPLODE_DEPTH + 1);
	for (int f = 0; f < t->sides; f++)
		if (dice_face_value(t, f) == v)
			return !(t->reroll_until && dice_meets(&t->reroll, v));
	return false;
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
		for (int k = 0; k < t->count; k++, d++) {
			bool ok = t->named >= 0 ? values[d] >= 0 && values[d] < t->sides
			                        : die_can_show(t, values[d]);
			if (!ok && t->named < 0 && t->faces == FACES_NUMBERED &&
			    t->explode.cmp == DICE_CMP_NONE && t->reroll.cmp == DICE_CMP_NONE) {
				snprintf(msg, 160, "value %d of the dice is %d; a d%d shows 1 to %d", d + 1,
				         values[d], t->sides, t->sides);
				return false;
			}
			if (!ok) {
				snprintf(msg, 160, "value %d of the dice is %d, which that die cannot show",
				         d + 1, values[d]);
				return false;
			}
			out->values[d] = values[d];
			out->rolls[d][0] = values[d];
			out->nrolls[d] = 1;
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

/* ---- odds of dice that are not plain ones --------------------------------------- */

/* An empty distribution over lo..hi, `outcomes` equally likely rolls. */
static void
dist_range(struct dist *d, long lo, long hi, uint64_t outcomes)
{
	d->min = lo;
	d->max = hi;
	d->ways = xcalloc((size_t)(hi - lo + 1), sizeof *d->ways);
	d->chance = xcalloc((size_t)(hi - lo + 1), sizeof *d->chance);
	d->outcomes = outcomes;
	d->exact = true;
}

static void
dist_free(struct dist *d)
{
	free(d->ways);
	free(d->chance);
}

/* The faces of t meeting c (with `meeting` false: not meeting it; c NULL: every
 * face), each once, as one roll of the die. */
static void
faces_dist(const struct dice_term *t, const struct dice_cond *c, bool meeting, struct dist *d)
{
	long lo = dice_face_value(t, 0), hi = dice_face_value(t, t->sides - 1);

	dist_range(d, lo, hi, (uint64_t)t->sides);
	for (int f = 0; f < t->sides; f++) {
		int v = dice_face_value(t, f);
		if (c == NULL || dice_meets(c, v) == meeting)
			d->ways[v - lo]++;
	}
}

/* a and b added, counted in ways only (both are kept). */
static void
ways_sum(const struct dist *a, const struct dist *b, struct dist *out)
{
	dist_range(out, a->min + b->min, a->max + b->max, a->outcomes * b->outcomes);
	for (long i = 0; i <= a->max - a->min; i++)
		for (long j = 0; j <= b->max - b->min; j++)
			out->ways[i + j] += a->ways[i] * b->ways[j];
}

/* acc += x, its ways times `scale`, acc widened to hold x's range. */
static void
ways_add(struct dist *acc, const struct dist *x, uint64_t scale)
{
	long lo = acc->min < x->min ? acc->min : x->min, hi = acc->max > x->max ? acc->max : x->max;
	uint64_t *ways = xcalloc((size_t)(hi - lo + 1), sizeof *ways);

	for (long v = acc->min; v <= acc->max; v++)
		ways[v - lo] += acc->ways[v - acc->min];
	for (long v = x->min; v <= x->max; v++)
		ways[v - lo] += x->ways[v - x->min] * scale;
	free(acc->ways);
	free(acc->chance);
	acc->ways = ways;
	acc->chance = xcalloc((size_t)(hi - lo + 1), sizeof *acc->chance);
	acc->min = lo;
	acc->max = hi;
}

/* An exploding die: it adds rolls while they meet the test, at most
 * DICE_EXPLODE_DEPTH of them, as hexaid rolls it. Over sides^(depth+1) equally
 * likely rolls, k exploding faces then one that stops count sides^(depth-k)
 * times each; `depth` exploding faces then any face, once. */
static void
explode_dist(const struct dice_term *t, struct dist *out)
{
	struct dist chain, boom, stop, all, ends, next;
	uint64_t scale = 1;

	faces_dist(t, &t->explode, true, &boom);
	faces_dist(t, &t->explode, false, &stop);
	faces_dist(t, NULL, true, &all);
	for (int k = 0; k < DICE_EXPLODE_DEPTH; k++)
		scale *= (uint64_t)t->sides;
	dist_point(&chain, 0);
	dist_range(out, 0, 0, scale * (uint64_t)t->sides);
	for (int k = 0; k <= DICE_EXPLODE_DEPTH; k++) {
		ways_sum(&chain, k < DICE_EXPLODE_DEPTH ? &stop : &all, &ends);
		ways_add(out, &ends, k < DICE_EXPLODE_DEPTH ? scale : 1);
		dist_free(&ends);
		scale /= (uint64_t)t->sides;
		if (k < DICE_EXPLODE_DEPTH) {
			ways_sum(&chain, &boom, &next);
			dist_free(&chain);
			chain = next;
		}
	}
	dist_free(&chain);
	dist_free(&boom);
	dist_free(&stop);
	dist_free(&all);
}

/* A rerolled die: once (ro), each face counts sides times when it passes and
 * once more for each face that is rerolled, over sides^2; until (rr), the faces
 * that pass, each once. */
static void
reroll_dist(const struct dice_term *t, struct dist *out)
{
	int again = faces_meeting(t, &t->reroll);
	uint64_t s = (uint64_t)t->sides;

	faces_dist(t, &t->reroll, false, out);
	if (t->reroll_until) {
		out->outcomes = s - (uint64_t)again;
		return;
	}
	for (long i = 0; i <= out->max - out->min; i++) {
		bool face = false;
		for (int f = 0; f < t->sides; f++)
			face |= dice_face_value(t, f) == out->min + i;
		if (face)
			out->ways[i] = out->ways[i] * s + (uint64_t)again;
	}
	out->outcomes = s * s;
}

/* One die of term t as the expression counts it: its value (negated for a
 * term taken off), or its score when the expression counts dice. */
static void
die_dist_of(const struct dice_expr *e, const struct dice_term *t, struct dist *out)
{
	struct dist v;

	if (t->explode.cmp != DICE_CMP_NONE)
		explode_dist(t, &v);
	else if (t->reroll.cmp != DICE_CMP_NONE)
		reroll_dist(t, &v);
	else
		faces_dist(t, NULL, true, &v);
	if (e->success) {
		dist_range(out, -1, 1, v.outcomes);
		for (long i = 0; i <= v.max - v.min; i++)
			out->ways[die_score(e, (int)(v.min + i)) + 1] += v.ways[i];
	} else if (t->sign < 0) {
		dist_range(out, -v.max, -v.min, v.outcomes);
		for (long i = 0; i <= v.max - v.min; i++)
			out->ways[v.max - v.min - i] = v.ways[i];
	} else {
		dist_range(out, v.min, v.max, v.outcomes);
		memcpy(out->ways, v.ways, (size_t)(v.max - v.min + 1) * sizeof *out->ways);
	}
	for (long i = 0; i <= out->max - out->min; i++)
		out->chance[i] = (double)out->ways[i] / (double)out->outcomes;
	dist_free(&v);
}

/* Is the term's die a plain one (numbered faces, each once)? */
static bool
plain_die(const struct dice_term *t)
{
	return t->faces == FACES_NUMBERED && t->reroll.cmp == DICE_CMP_NONE &&
	       t->explode.cmp == DICE_CMP_NONE;
}

/* Drop the results at either end that no roll makes (a die that only explodes
 * past 0, counts that never go below 0). */
static void
dist_trim(struct dist *d)
{
	long lo = 0, hi = d->max - d->min;

	while (lo < hi && d->chance[lo] == 0.0 && (!d->exact || d->ways[lo] == 0))
		lo++;
	while (hi > lo && d->chance[hi] == 0.0 && (!d->exact || d->ways[hi] == 0))
		hi--;
	if (lo == 0 && hi == d->max - d->min)
		return;
	memmove(d->chance, d->chance + lo, (size_t)(hi - lo + 1) * sizeof *d->chance);
	memmove(d->ways, d->ways + lo, (size_t)(hi - lo + 1) * sizeof *d->ways);
	d->max = d->min + hi;
	d->min += lo;
}

#define ODDS_WORK_LIMIT 400000000.0 /* additions the odds of one term may take */

/* d += each die of term t, which is not a plain die (or is counted). */
static bool
add_dice(const struct dice_expr *e, const struct dice_term *t, struct dist *d, char msg[160])
{
	struct dist x;

	die_dist_of(e, t, &x);
	if ((double)t->count * t->count * (double)(x.max - x.min + 1) * (x.max - x.min + 1) / 2 >
	    ODDS_WORK_LIMIT) {
		snprintf(msg, 160, "too many rolls to count exactly (%d of these dice)", t->count);
		dist_free(&x);
		return false;
	}
	for (int k = 0; k < t->count; k++) {
		if (k > 0)
			die_dist_of(e, t, &x);
		convolve(d, &x);
	}
	return true;
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
		bool ok = true;
		if (t->count == 0) {
			dist_point(&x, t->sign * t->constant);
			convolve(&d, &x);
		} else if (t->keep != 0 && !plain_die(t)) {
			snprintf(msg, 160, "exact odds of keeping some of rerolled, exploding, Fudge or "
			         "D66 dice are not counted");
			ok = false;
		} else if (t->keep != 0) {
			if ((ok = keep_dist(t, &x, msg)))
				convolve(&d, &x);
		} else if (e->success || !plain_die(t)) {
			ok = add_dice(e, t, &d, msg);
		} else {
			for (int k = 0; k < t->count; k++)
				convolve_die(&d, t->sides, t->sign);
		}
		if (!ok) {
			free(d.ways);
			free(d.chance);
			return false;
		}
	}
	dist_trim(&d);
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
