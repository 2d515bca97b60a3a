/* dice.c: reads dice notation, rolls it fairly, takes the values of physical
 * dice, and counts the exact odds of every result by convolution (util layer).
 * Odds are whole counts of equally likely rolls while they fit in 64 bits, and
 * exact chances (in doubles) beyond; exploding dice (to 1000 explosions) are
 * chances counted until the chains left hold under DICE_ODDS_CUT, with their
 * least, greatest and mean in closed form.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <ctype.h>
#include <math.h>
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
	struct dice_expr *e;
	enum dice_cs_reading cs;
	int depth;        /* parentheses and braces open */
	int rounding;     /* floor( ), ceil( ), round( ) open: a / inside is rounded */
};

#define DICE_MAX_DEPTH 16 /* ( and { inside each other */

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
		/* reader: dice notation, a die kind's name */
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

static int
face_value_raw(const struct dice_term *t, int f)
{
	switch (t->faces) {
	case FACES_FUDGE: return f - 1;
	default: return t->named >= 0 ? f : f + 1;
	}
}

int
dice_face_value(const struct dice_term *t, int f)
{
	int v = face_value_raw(t, f);

	if (t->has_min && v < t->min_value)
		v = t->min_value;
	if (t->has_max && v > t->max_value)
		v = t->max_value;
	return v;
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

/* kh, kl, k (keep the highest), d, dl, dh (drop; d is dl): how many dice
 * count; without a count, one is kept or dropped (4d6d is 4d6dl1). */
static bool
keep_or_drop(struct parser *ps, struct dice_term *t)
{
	const char *at = ps->p;
	bool drop = ps->p[0] == 'd', low = drop ? ps->p[1] != 'h' : ps->p[1] == 'l';
	long n = 1;

	ps->p += ps->p[1] == 'h' || ps->p[1] == 'l' ? 2 : 1;
	if (t->keep != 0)
		return parse_error(ps, at, "keep or drop once in a term, such as 4d6kh3");
	if ((isdigit((unsigned char)*ps->p) && !number(ps, DICE_MAX_DICE, &n)) ||
	    n < (drop ? 0 : 1) || n > t->count - (drop ? 1 : 0))
		return parse_error(ps, at, drop ? "drop 1 to one less than the dice rolled, such as "
		                                  "4d6dl1"
		                                : "keep 1 to as many dice as are rolled, such as 4d6kh3");
	/* dropping the lowest keeps the highest rest, and the other way round */
	t->keep = drop ? (low ? 1 : -1) * (t->count - (int)n) : (low ? -1 : 1) * (int)n;
	if (t->keep == 0)
		t->keep = t->count;
	return true;
}

/* min N, max N: each roll below N counts N (above N, N), as Foundry and
 * rpg-dice-roller read them. */
static bool
min_or_max(struct parser *ps, struct dice_term *t)
{
	const char *at = ps->p;
	bool is_min = ps->p[1] == 'i';
	long n;

	ps->p += 3;
	if (t->named >= 0)
		return parse_error(ps, at, "min and max apply to plain dice, Fudge dice or d%");
	if ((is_min ? t->has_min : t->has_max) || !number(ps, DICE_MAX_SIDES, &n))
		return parse_error(ps, at, is_min ? "min takes a number once, such as 3d6min2"
		                                  : "max takes a number once, such as 3d6max5");
	if (is_min) {
		t->has_min = true;
		t->min_value = (int)n;
	} else {
		t->has_max = true;
		t->max_value = (int)n;
	}
	return true;
}

/* ro, rr (a bare r is refused) and ! after a die, each at most once. */
static bool
reroll_or_explode(struct parser *ps, struct dice_term *t)
{
	const char *at = ps->p;

	if (t->named >= 0)
		return parse_error(ps, at, "reroll and explode plain dice, Fudge dice or d%");
	if (*ps->p == '!') {
		ps->p++;
		if (t->explode.cmp != DICE_CMP_NONE || t->reroll.cmp != DICE_CMP_NONE)
			return parse_error(ps, at, "a term explodes once, and does not also reroll");
		if (*ps->p == '!') {
			t->compound = true;
			ps->p++;
		}
		if (*ps->p == 'p') {
			t->penetrate = true;
			ps->p++;
		}
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

/* Does a keep or drop start at p: kh, kl, k, dh, dl, d, with or without a
 * count (a word such as "kill" is not one)? */
static bool
keep_at(const char *p)
{
	const char *q = p + 1;

	if (p[0] != 'k' && p[0] != 'd')
		return false;
	if (*q == 'h' || *q == 'l')
		q++;
	return !isalpha((unsigned char)*q) && *q != '%';
}

/* What may follow a die: keep or drop, reroll, explode, min and max, in any
 * order; a label. */
static bool
die_modifiers(struct parser *ps, struct dice_term *t)
{
	const char *start = ps->p;

	for (;;) {
		const char *p = ps->p;
		if (keep_at(p)) {
			if (t->named >= 0)
				return parse_error(ps, p, "keep or drop plain dice, Fudge dice or d%");
			if (!keep_or_drop(ps, t))
				return false;
		} else if (p[0] == '!' || p[0] == 'r') {
			if (!reroll_or_explode(ps, t))
				return false;
		/* reader: dice notation */
		} else if (strncmp(p, "min", 3) == 0 || strncmp(p, "max", 3) == 0) {
			if (!min_or_max(ps, t))
				return false;
		} else {
			break;
		}
	}
	if (t->keep != 0 && t->explode.cmp != DICE_CMP_NONE && !t->compound)
		return parse_error(ps, start, "! makes each roll a die of its own (rpg-dice-roller "
		                              "keeps among them): to keep whole dice, write !!");
	return true;
}

/* d followed by: sides (d6; D66 refused: it is read two ways), %, F, or a card's die by
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
	if (sides < 1) /* a die of one side is 1, as the other tools read 1d1 */
		return parse_error(ps, d + 1, "a die has at least 1 side, such as 2d6");
	if (*d == 'D' && sides == 66 && ps->p - d == 3)
		return parse_error(ps, d, "D66 is read two ways: two d6 as tens and units (11 to "
		                          "66), or one die of 66 sides (rpg-dice-roller): write "
		                          "1d6*10+1d6 or 1d66");
	t->sides = (int)sides;
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
			return parse_error(ps, start, "roll 1 to 999 dice at once, such as 100d100");
		t->count = (int)n;
		return dice_spec(ps, t);
	}
	skip_blanks(ps);
	if (isalpha((unsigned char)*ps->p)) {
		if (n < 1 || n > DICE_MAX_DICE)
			return parse_error(ps, start, "roll 1 to 999 dice at once, such as 100d100");
		t->count = (int)n;
		return named_die(ps, t);
	}
	if (!have_number)
		return parse_error(ps, start, *start ? "expected dice here, such as 2d6 or 3"
		                                     : "expected dice at the end, such as 2d6");
	t->constant = n;
	return true;
}

/* The test c as it is written: >=5, <=2, =6. */
static void
cond_text(const struct dice_cond *c, char *buf, size_t size)
{
	snprintf(buf, size, "%s%d", c->cmp == DICE_CMP_GE ? ">=" : c->cmp == DICE_CMP_LE ? "<=" : "=",
	         c->value);
}

/* cs and cf, which the tools read differently: refused with both readings
 * unless the caller chose one. Foundry counts successes (cf: failures, taken
 * off successes); Roll20 and rpg-dice-roller add the dice and mark criticals. */
static bool
cs_reading(struct parser *ps, const char *at, bool cs, const struct dice_cond *c,
           bool counting_already)
{
	char test[24], what[160];

	if (ps->cs != DICE_CS_ASK)
		return true;
	cond_text(c, test, sizeof test);
	snprintf(what, sizeof what, "%.*s counts %s in Foundry, marks critical ones of a sum in "
	         "Roll20: write %s%s to count, or roll --cs=mark", (int)(ps->p - at), at,
	         cs ? "successes" : "failures", !cs && counting_already ? "f" : "",
	         !cs && counting_already ? at + 2 : test);
	return parse_error(ps, at, what);
}

/* >=T, <=T, =T, cs TEST, cf TEST after the terms: count dice instead of adding
 * (or, cs and cf read as Roll20 does, mark them); fT after a test: a failure
 * takes one off (Roll20's and rpg-dice-roller's spelling of Foundry's cf). */
static bool
counting(struct parser *ps, struct dice_expr *out)
{
	const char *at = ps->p;

	for (;;) {
		const char *p;
		skip_blanks(ps);
		p = ps->p;
		if (p[0] == 'c' && (p[1] == 's' || p[1] == 'f')) {
			bool cs = p[1] == 's', mark = ps->cs == DICE_CS_MARK;
			struct dice_cond *c = mark ? (cs ? &out->crit_if : &out->fumble_if)
			                           : (cs ? &out->success_if : &out->fail_if);
			ps->p += 2;
			if (c->cmp != DICE_CMP_NONE)
				return parse_error(ps, p, "count successes (cs) and failures (cf) once each");
			if (!condition(ps, cs ? "cs" : "cf", c) ||
			    !cs_reading(ps, p, cs, c, out->success_if.cmp != DICE_CMP_NONE))
				return false;
			if (mark)
				continue;
		} else if (p[0] == 'f' && out->success_if.cmp != DICE_CMP_NONE &&
		           !isalpha((unsigned char)p[1])) {
			ps->p++;
			if (out->fail_if.cmp != DICE_CMP_NONE)
				return parse_error(ps, p, "count successes (cs) and failures (cf) once each");
			if (!condition(ps, "f", &out->fail_if))
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
	if (!out->success && out->crit_if.cmp == DICE_CMP_NONE && out->fumble_if.cmp == DICE_CMP_NONE)
		return true;
	if (out->arith)
		return parse_error(ps, at, "count or mark dice of a sum of dice, such as 6d6>=5, not "
		                           "of * / ( ) { } or functions");
	for (size_t i = 0; out->success && i < out->nterms; i++) {
		const struct dice_term *t = &out->terms[i];
		if (t->count == 0 || t->named >= 0 || t->sign < 0 || t->keep != 0)
			return parse_error(ps, at, "count successes of plain dice only, such as 6d6>=5");
	}
	return true;
}

/* ---- the arithmetic: * / ( ) { } and functions over the terms ----------------- */

static bool sum(struct parser *ps, int *node);

static bool
new_node(struct parser *ps, enum dice_op op, int a, int b, int *node)
{
	struct dice_expr *e = ps->e;

	if (e->nnodes == DICE_MAX_NODES)
		return parse_error(ps, ps->p, "too many parts: at most 96 dice, numbers and signs");
	e->nodes[e->nnodes] = (struct dice_node){ op, a, b, -1, 0, 0, 1 };
	*node = e->nnodes++;
	return true;
}

/* A term (dice, a card's die, a number) with its label, as a node. */
static bool
term_node(struct parser *ps, int *node)
{
	struct dice_expr *e = ps->e;
	struct dice_term *t;

	if (e->nterms == DICE_MAX_TERMS)
		return parse_error(ps, ps->p, "too many terms: at most 32");
	t = &e->terms[e->nterms++];
	if (!term(ps, t))
		return false;
	if (*ps->p == '[' && !label(ps, t))
		return false;
	t->sign = 1;
	e->ndice += t->count;
	if (e->ndice > DICE_MAX_DICE)
		return parse_error(ps, ps->text, "at most 999 dice in one roll");
	return new_node(ps, DICE_OP_TERM, (int)(e->nterms - 1), -1, node);
}

/* The members of a pool or of min( ) and max( ), up to `close`, separated by
 * commas; the first at *first, each linked to the next. */
static bool
members(struct parser *ps, char close, const char *what, int *first)
{
	int last = -1, m;

	for (;;) {
		if (!sum(ps, &m))
			return false;
		if (last < 0)
			*first = m;
		else
			ps->e->nodes[last].next = m;
		last = m;
		skip_blanks(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p != close)
			return parse_error(ps, ps->p, what);
		ps->p++;
		return true;
	}
}

static int
pool_size(const struct dice_expr *e, int first)
{
	int n = 0;

	for (int m = first; m >= 0; m = e->nodes[m].next)
		n++;
	return n;
}

/* {A, B, ...} and a keep or drop after it ({2d6,1d8}kh1): its members' values
 * kept as dice are; without one, added. */
static bool
pool(struct parser *ps, int *node)
{
	int first, n, keep;
	long k = 1;

	ps->p++;
	if (!members(ps, '}', "a pool is written {2d6,1d8}: expected , or } here", &first) ||
	    !new_node(ps, DICE_OP_POOL, first, -1, node))
		return false;
	n = pool_size(ps->e, first);
	if (keep_at(ps->p)) {
		const char *p = ps->p;
		bool drop = p[0] == 'd', low = drop ? p[1] != 'h' : p[1] == 'l';
		ps->p += p[1] == 'h' || p[1] == 'l' ? 2 : 1;
		if ((isdigit((unsigned char)*ps->p) && !number(ps, DICE_MAX_TERMS, &k)) ||
		    k < (drop ? 0 : 1) || k > n - (drop ? 1 : 0))
			return parse_error(ps, p, "keep 1 to as many as the pool holds, such as "
			                          "{2d6,1d8}kh1");
		keep = drop ? (low ? 1 : -1) * (n - (int)k) : (low ? -1 : 1) * (int)k;
		ps->e->nodes[*node].keep = keep == 0 ? n : keep;
	}
	return true;
}

/* floor( ), ceil( ), round( ), abs( ), min( , ), max( , ) at p (len letters):
 * its index, or -1. */
static int
function_at(const struct parser *ps, size_t len)
{
	static const char *const names[] = { "floor", "ceil", "round", "abs", "min", "max" };

	if (len == 0 || ps->p[len] != '(' || find_kind(ps->kinds, ps->p, len, false) >= 0)
		return -1;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		/* reader: dice notation, a function's name */
		if (strlen(names[i]) == len && strncmp(names[i], ps->p, len) == 0)
			return (int)i;
	return -1;
}

static bool
function(struct parser *ps, int f, size_t len, int *node)
{
	static const enum dice_op ops[] = { DICE_OP_FLOOR, DICE_OP_CEIL, DICE_OP_ROUND, DICE_OP_ABS };
	int a;

	ps->p += len + 1;
	if (f >= 4) {
		if (!members(ps, ')', "min( ) and max( ) take values with commas between, such as "
		                      "max(1d6,1d8)", &a) ||
		    !new_node(ps, DICE_OP_POOL, a, -1, node))
			return false;
		ps->e->nodes[*node].keep = f == 4 ? -1 : 1;
		return true;
	}
	ps->rounding += f < 3;
	if (!sum(ps, &a))
		return false;
	ps->rounding -= f < 3;
	skip_blanks(ps);
	if (*ps->p != ')')
		return parse_error(ps, ps->p, "expected ) here, such as floor(1d6/2)");
	ps->p++;
	return new_node(ps, ops[f], a, -1, node);
}

static bool
atom(struct parser *ps, int *node)
{
	bool ok;
	int f = -1;

	skip_blanks(ps);
	if (*ps->p != '(' && *ps->p != '{' && (f = function_at(ps, word_length(ps->p))) < 0)
		return term_node(ps, node);
	if (++ps->depth > DICE_MAX_DEPTH)
		return parse_error(ps, ps->p, "parentheses and braces go at most 16 deep");
	if (*ps->p == '{') {
		ok = pool(ps, node);
	} else if (*ps->p == '(') {
		ps->p++;
		ok = sum(ps, node);
		skip_blanks(ps);
		if (ok && *ps->p != ')')
			ok = parse_error(ps, ps->p, "expected ) here, such as (2d6)*2");
		if (ok)
			ps->p++;
	} else {
		ok = function(ps, f, word_length(ps->p), node);
	}
	ps->depth--;
	return ok;
}

static bool
unary(struct parser *ps, int *node)
{
	bool neg, ok;
	int a;

	skip_blanks(ps);
	if (*ps->p != '+' && *ps->p != '-')
		return atom(ps, node);
	neg = *ps->p++ == '-';
	if (++ps->depth > DICE_MAX_DEPTH)
		return parse_error(ps, ps->p, "too many signs in a row: at most 16");
	ok = unary(ps, &a);
	ps->depth--;
	if (!ok)
		return false;
	if (!neg) {
		*node = a;
		return true;
	}
	return new_node(ps, DICE_OP_NEG, a, -1, node);
}

/* The value of a node without dice (a divisor), a fraction; false when it has
 * dice. */
static bool
constant_value(const struct dice_expr *e, int n, long *num, long *den)
{
	const struct dice_node *x = &e->nodes[n];

	switch (x->op) {
	case DICE_OP_TERM:
		*num = e->terms[x->a].constant;
		*den = 1;
		return e->terms[x->a].count == 0;
	case DICE_OP_NEG:
		if (!constant_value(e, x->a, num, den))
			return false;
		*num = -*num;
		return true;
	default:
		return false;
	}
}

/* A / outside floor( ), ceil( ) and round( ): the other tools keep the
 * fraction, hexaid rounded it down; both spellings of the text start..end. */
static bool
bare_division(struct parser *ps, const char *slash, const char *start)
{
	int len = (int)(ps->p - start);
	char what[160];

	if (len > 24) {
		start = "1d6/2";
		len = 5;
	}
	snprintf(what, sizeof what, "/ is read two ways: rpg-dice-roller keeps the fraction, "
	         "AnyDice rounds it down: write floor(%.*s) or ceil(%.*s)", len, start, len, start);
	return parse_error(ps, slash, what);
}

static bool
product(struct parser *ps, int *node)
{
	const char *start;

	skip_blanks(ps);
	start = ps->p;
	if (!unary(ps, node))
		return false;
	for (;;) {
		const char *at, *slash;
		int b;
		char op;
		skip_blanks(ps);
		slash = ps->p;
		op = *ps->p;
		if (op != '*' && op != '/')
			return true;
		ps->p++;
		skip_blanks(ps);
		at = ps->p;
		if (!unary(ps, &b) || !new_node(ps, op == '*' ? DICE_OP_MUL : DICE_OP_DIV, *node, b, node))
			return false;
		if (op == '/') {
			struct dice_node *x = &ps->e->nodes[*node];
			if (!constant_value(ps->e, b, &x->qn, &x->qd))
				return parse_error(ps, at, "divide by a number, such as floor(1d6/2) (the "
				                           "odds of dividing by dice are not counted)");
			if (x->qn == 0)
				return parse_error(ps, at, "a division by 0: divide by a number such as 2");
			if (ps->rounding == 0)
				return bare_division(ps, slash, start);
		}
	}
}

static bool
sum(struct parser *ps, int *node)
{
	if (!product(ps, node))
		return false;
	for (;;) {
		int b;
		bool minus;
		skip_blanks(ps);
		if (*ps->p != '+' && *ps->p != '-')
			return true;
		minus = *ps->p++ == '-';
		if (!product(ps, &b) ||
		    !new_node(ps, minus ? DICE_OP_SUB : DICE_OP_ADD, *node, b, node))
			return false;
	}
}

/* Is node n a sum of terms (2d6+1d4-1, -3d6)? Then each term takes its sign
 * and the expression adds them, as it always did. */
static bool
flatten(struct dice_expr *e, int n, int sign)
{
	const struct dice_node *x = &e->nodes[n];

	switch (x->op) {
	case DICE_OP_TERM:
		e->terms[x->a].sign = sign;
		return true;
	case DICE_OP_ADD:
	case DICE_OP_SUB:
		return flatten(e, x->a, sign) && flatten(e, x->b, x->op == DICE_OP_SUB ? -sign : sign);
	case DICE_OP_NEG:
		return flatten(e, x->a, -sign);
	default:
		return false;
	}
}

/* The greatest size of a node's values, and the product of the divisors
 * under it (their denominator), to keep the arithmetic in range. */
static void
bounds(const struct dice_expr *e, int n, double *size, double *den)
{
	const struct dice_node *x = &e->nodes[n];
	double as, ad, bs = 1.0, bd = 1.0;

	if (x->op == DICE_OP_TERM) {
		const struct dice_term *t = &e->terms[x->a];
		double top = t->count ? fabs((double)dice_face_value(t, t->sides - 1)) : 0.0;
		double low = t->count ? fabs((double)dice_face_value(t, 0)) : 0.0;
		top = (top > low ? top : low) * (t->explode.cmp != DICE_CMP_NONE ? DICE_EXPLODE_DEPTH + 1
		                                                                : 1);
		*size = t->count ? t->count * top : labs(t->constant);
		*den = 1.0;
		return;
	}
	if (x->op == DICE_OP_POOL) {
		*size = 0.0;
		*den = 1.0;
		for (int m = x->a; m >= 0; m = e->nodes[m].next) {
			bounds(e, m, &as, &ad);
			*size += as;
			*den *= ad;
		}
		return;
	}
	bounds(e, x->a, &as, &ad);
	if (x->b >= 0 && x->op != DICE_OP_DIV)
		bounds(e, x->b, &bs, &bd);
	switch (x->op) {
	case DICE_OP_ADD:
	case DICE_OP_SUB: *size = as + bs, *den = ad * bd; return;
	case DICE_OP_MUL: *size = as * bs, *den = ad * bd; return;
	case DICE_OP_DIV: *size = as * (double)x->qd, *den = ad * (double)labs(x->qn); return;
	case DICE_OP_FLOOR:
	case DICE_OP_CEIL:
	case DICE_OP_ROUND: *size = as + 1, *den = 1.0; return;
	default: *size = as, *den = ad; return;
	}
}

/* An expression with arithmetic: no card dice, values in range. */
static bool
arith_check(struct parser *ps)
{
	const struct dice_expr *e = ps->e;
	double size, den;

	for (size_t i = 0; i < e->nterms; i++)
		if (e->terms[i].named >= 0)
			return parse_error(ps, ps->text + e->terms[i].col - 1, "a card's dice are counted "
			                   "face by face: write them added, such as 3 battle, without * / ( ) {}");
	bounds(e, e->root, &size, &den);
	if (size * den > 1e9 || den > 1e4)
		return parse_error(ps, ps->text, "the numbers would pass a billion, or divide by more "
		                                 "than 10000: use smaller ones");
	return true;
}

/* What is left at the end, named, with the nearest spelling hexaid takes. */
static bool
not_understood(struct parser *ps)
{
	const char *p = ps->p, *before = ps->p;
	size_t len = word_length(p);
	char what[160];

	while (before > ps->text && before[-1] == ' ')
		before--;
	if (len == 0)
		len = 1;
	if (isdigit((unsigned char)*p) || *p == 'd' || *p == '(')
		snprintf(what, sizeof what, "'%.*s' is not understood here: terms are joined by "
		         "+, -, * or /, such as %.*s+%.20s", (int)len, p, (int)(before - ps->text),
		         ps->text, p);
	else if (*p == 'x')
		snprintf(what, sizeof what, "'%.*s' is not understood here: to explode (Foundry's "
		         "x), write !, such as 3d6!", (int)len, p);
	else if (*p == 's')
		snprintf(what, sizeof what, "'%.*s' is not understood here: sorting does not change "
		         "a roll; leave it out, such as 4d6", (int)len, p);
	else
		snprintf(what, sizeof what, "'%.*s' is not understood here: write terms such as "
		         "2d6+1d4-1, (2d6)*2 or {2d6,1d8}kh1", (int)len, p);
	return parse_error(ps, p, what);
}

bool
dice_parse_as(const char *text, const struct dice_kinds *kinds, enum dice_cs_reading cs,
              struct dice_expr *out, int *col, char msg[160])
{
	/* cppcheck-suppress ctuuninitvar ; col is only written (the column of an error) */
	struct parser ps = { text, text, kinds, col, msg, out, cs, 0, 0 };

	memset(out, 0, sizeof *out);
	msg[0] = '\0';
	if (!sum(&ps, &out->root))
		return false;
	out->arith = !flatten(out, out->root, 1);
	if (out->arith && !arith_check(&ps))
		return false;
	if (!counting(&ps, out))
		return false;
	skip_blanks(&ps);
	if (*ps.p != '\0')
		return not_understood(&ps);
	return true;
}

bool
dice_parse(const char *text, const struct dice_kinds *kinds, struct dice_expr *out, int *col,
           char msg[160])
{
	return dice_parse_as(text, kinds, DICE_CS_ASK, out, col, msg);
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

/* What a die of term t counts: its value, or (a die that explodes into dice
 * of their own, !) each of its rolls. */
static int
die_counted(const struct dice_expr *e, const struct dice_term *t, const struct dice_roll *out,
            int d)
{
	if (t->explode.cmp == DICE_CMP_NONE || t->compound || out->nrolls[d] <= 1)
		return die_score(e, out->values[d]);
	return out->scored[d];
}

/* ---- exact fractions, for the arithmetic -------------------------------------- */

struct frac {
	long n, d; /* d > 0 */
};

static long
gcd(long a, long b)
{
	a = labs(a), b = labs(b);
	while (b != 0) {
		long t = a % b;
		a = b;
		b = t;
	}
	return a == 0 ? 1 : a;
}

static struct frac
frac(long n, long d)
{
	long g = gcd(n, d);

	if (d < 0)
		n = -n, d = -d;
	return (struct frac){ n / g, d / g };
}

/* floor(a / b) for b > 0 (a denominator: never 0). */
static long
floor_div(long a, long b)
{
	if (b <= 0)
		return a;
	return a / b - (a % b != 0 && a < 0);
}

static int
frac_cmp(struct frac a, struct frac b)
{
	long l = a.n * b.d, r = b.n * a.d;

	return (l > r) - (l < r);
}

static struct frac eval(const struct dice_expr *e, const struct dice_roll *r, int n);

/* A pool's value: its members' values, the highest (or lowest) `keep` added. */
static struct frac
eval_pool(const struct dice_expr *e, const struct dice_roll *r, const struct dice_node *x)
{
	struct frac v[DICE_MAX_NODES], total = { 0, 1 };
	int n = 0, keep;

	for (int m = x->a; m >= 0; m = e->nodes[m].next)
		v[n++] = eval(e, r, m);
	keep = x->keep == 0 ? n : x->keep;
	for (int i = 0; i < n; i++) {
		int rank = 0;
		for (int j = 0; j < n; j++) {
			int c = frac_cmp(v[j], v[i]);
			rank += keep > 0 ? c > 0 || (c == 0 && j < i) : c < 0 || (c == 0 && j < i);
		}
		if (rank < (keep > 0 ? keep : -keep))
			total = frac(total.n * v[i].d + v[i].n * total.d, total.d * v[i].d);
	}
	return total;
}

static struct frac
eval(const struct dice_expr *e, const struct dice_roll *r, int n)
{
	const struct dice_node *x = &e->nodes[n];
	struct frac a, b;

	if (x->op == DICE_OP_TERM)
		return (struct frac){ r->term_total[x->a], 1 };
	if (x->op == DICE_OP_POOL)
		return eval_pool(e, r, x);
	a = eval(e, r, x->a);
	b = x->b >= 0 && x->op != DICE_OP_DIV ? eval(e, r, x->b) : (struct frac){ 0, 1 };
	switch (x->op) {
	case DICE_OP_ADD: return frac(a.n * b.d + b.n * a.d, a.d * b.d);
	case DICE_OP_SUB: return frac(a.n * b.d - b.n * a.d, a.d * b.d);
	case DICE_OP_MUL: return frac(a.n * b.n, a.d * b.d);
	case DICE_OP_DIV: return frac(a.n * x->qd, a.d * x->qn);
	case DICE_OP_NEG: return (struct frac){ -a.n, a.d };
	case DICE_OP_FLOOR: return (struct frac){ floor_div(a.n, a.d), 1 };
	case DICE_OP_CEIL: return (struct frac){ -floor_div(-a.n, a.d), 1 };
	case DICE_OP_ROUND: return (struct frac){ floor_div(2 * a.n + a.d, 2 * a.d), 1 };
	default: return (struct frac){ labs(a.n), a.d };
	}
}

/* Mark which dice of each term count, and add up each term, the total and the
 * successes. */
static void
settle(const struct dice_expr *e, struct dice_roll *out)
{
	int d = 0;

	out->total = 0;
	out->successes = 0;
	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		int first = d;

		out->term_total[i] = t->count == 0 ? t->constant : 0;
		for (int k = 0; k < t->count; k++, d++) {
			int v = out->values[d], rank = 0;
			out->term[d] = (int)i;
			/* kept when fewer than `keep` dice of the term beat it (ties: the first) */
			for (int j = first; t->keep != 0 && j < first + t->count; j++)
				if (t->keep >= 0 ? out->values[j] > v || (j < d && out->values[j] == v)
				                 : out->values[j] < v || (j < d && out->values[j] == v))
					rank++;
			out->kept[d] = t->keep == 0 || rank < (t->keep > 0 ? t->keep : -t->keep);
			if (t->named < 0 && out->kept[d])
				out->term_total[i] += v;
			if (e->success)
				out->successes += die_counted(e, t, out, d);
		}
		out->total += t->sign * out->term_total[i];
	}
	out->ndice = d;
	out->exact_num = out->total;
	out->exact_den = 1;
	if (e->arith) {
		struct frac v = eval(e, out, e->root);
		out->exact_num = v.n;
		out->exact_den = v.d;
		out->total = floor_div(v.n, v.d);
	}
}

/* A roll of die d: added up, kept to show, and scored. */
static void
add_roll(const struct dice_expr *e, struct dice_roll *out, int d, int v)
{
	if (out->nrolls[d] < DICE_ROLLS_KEPT)
		out->rolls[d][out->nrolls[d]] = v;
	out->nrolls[d]++;
	out->values[d] += v;
	out->scored[d] += die_score(e, v);
}

/* One die of term t rolled: rerolled and exploded as the term says (each roll
 * after the first one less, penetrating). */
static void
roll_die(const struct dice_expr *e, const struct dice_term *t, struct rng *r,
         struct dice_roll *out, int d)
{
	int v = dice_face_value(t, (int)rng_below(r, (uint32_t)t->sides));

	if (t->reroll.cmp != DICE_CMP_NONE && dice_meets(&t->reroll, v)) {
		out->rerolled[d] = true;
		out->first[d] = v;
		do
			v = dice_face_value(t, (int)rng_below(r, (uint32_t)t->sides));
		while (t->reroll_until && dice_meets(&t->reroll, v));
	}
	add_roll(e, out, d, v);
	while (t->explode.cmp != DICE_CMP_NONE && out->nrolls[d] <= DICE_EXPLODE_DEPTH &&
	       dice_meets(&t->explode, v)) {
		v = dice_face_value(t, (int)rng_below(r, (uint32_t)t->sides));
		add_roll(e, out, d, v - t->penetrate);
	}
}

void
dice_roll_clear(struct dice_roll *out, int ndice)
{
	size_t n = (size_t)(ndice < 0 ? 0 : ndice > DICE_MAX_DICE ? DICE_MAX_DICE : ndice);

	/* a roll holds room for DICE_MAX_DICE dice (tens of kilobytes): only the
	 * dice rolled are cleared, which is all that is read of it */
	memset(out->values, 0, n * sizeof *out->values);
	memset(out->kept, 0, n * sizeof *out->kept);
	memset(out->term, 0, n * sizeof *out->term);
	memset(out->rerolled, 0, n * sizeof *out->rerolled);
	memset(out->first, 0, n * sizeof *out->first);
	memset(out->rolls, 0, n * sizeof *out->rolls);
	memset(out->nrolls, 0, n * sizeof *out->nrolls);
	memset(out->scored, 0, n * sizeof *out->scored);
	out->ndice = 0;
	out->total = 0;
	out->exact_num = 0;
	out->exact_den = 1;
	memset(out->term_total, 0, sizeof out->term_total);
	out->successes = 0;
}

void
dice_roll(const struct dice_expr *e, struct rng *r, struct dice_roll *out)
{
	int d = 0;

	dice_roll_clear(out, e->ndice);
	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		for (int k = 0; k < t->count; k++)
			roll_die(e, t, r, out, d++);
	}
	settle(e, out);
}

/* Can a die of term t end on v (its rolls added up, for an exploding die)? */
static bool
die_can_show(const struct dice_term *t, int v)
{
	int top = dice_face_value(t, t->sides - 1), low = dice_face_value(t, 0);

	if (t->explode.cmp != DICE_CMP_NONE)
		return v >= (low < 0 ? low * (DICE_EXPLODE_DEPTH + 1) : low) &&
		       v <= top * (DICE_EXPLODE_DEPTH + 1);
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

	dice_roll_clear(out, e->ndice);
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
			if (!ok && t->named < 0 && t->faces == FACES_NUMBERED && !t->has_min &&
			    !t->has_max && t->explode.cmp == DICE_CMP_NONE &&
			    t->reroll.cmp == DICE_CMP_NONE) {
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
	long min, max;    /* numerators over den */
	uint64_t *ways;
	double *chance;
	uint64_t outcomes;
	bool exact;
	long den;         /* the values are min/den .. max/den (arithmetic with /) */
	bool cut;         /* exploding dice: ends under CUT_END may be left out */
};

/* What a sum of exploding dice may leave out at each end, in all: the far
 * results of 30d6! are chances like 6^-600, too small for a double to count
 * quickly (subnormal), and nothing a row shows. */
#define CUT_END (DICE_ODDS_CUT * 1e-4)

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
	d->den = 1;
	d->cut = false;
}

/* Keep only the results lo..hi of d (counted from its least). */
static void
dist_keep(struct dist *d, long lo, long hi)
{
	memmove(d->chance, d->chance + lo, (size_t)(hi - lo + 1) * sizeof *d->chance);
	memmove(d->ways, d->ways + lo, (size_t)(hi - lo + 1) * sizeof *d->ways);
	d->max = d->min + hi;
	d->min += lo;
}

/* Leave out the results at each end of d that hold under CUT_END together. */
static void
cut_ends(struct dist *d)
{
	long lo = 0, hi = d->max - d->min;
	double sum = 0.0;

	while (lo < hi && (sum += d->chance[lo]) < CUT_END)
		lo++;
	sum = 0.0;
	while (hi > lo && (sum += d->chance[hi]) < CUT_END)
		hi--;
	dist_keep(d, lo, hi);
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
	d->cut |= x->cut;
	free(x->ways);
	free(x->chance);
	if (d->cut)
		cut_ends(d);
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
	d->den = 1;
	d->cut = false;
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

/* Drop the results at either end that one die never makes: its chances are
 * at least DICE_ODDS_CUT / sides^2, so a 0 is a whole 0, never one too small. */
static void
chance_trim(struct dist *d)
{
	long lo = 0, hi = d->max - d->min;

	while (lo < hi && d->chance[lo] == 0.0)
		lo++;
	while (hi > lo && d->chance[hi] == 0.0)
		hi--;
	dist_keep(d, lo, hi);
}

/* a and b added, in chances (both are kept). */
static void
chance_sum(const struct dist *a, const struct dist *b, struct dist *out)
{
	dist_range(out, a->min + b->min, a->max + b->max, 0);
	out->exact = false;
	for (long i = 0; i <= a->max - a->min; i++)
		for (long j = 0; a->chance[i] != 0.0 && j <= b->max - b->min; j++)
			out->chance[i + j] += a->chance[i] * b->chance[j];
}

/* acc += x, in chances, acc widened to hold x's range (acc empty: min > max). */
static void
chance_add(struct dist *acc, const struct dist *x)
{
	bool empty = acc->min > acc->max;
	long lo = !empty && acc->min < x->min ? acc->min : x->min;
	long hi = !empty && acc->max > x->max ? acc->max : x->max;
	double *chance = xcalloc((size_t)(hi - lo + 1), sizeof *chance);

	for (long v = acc->min; v <= acc->max; v++)
		chance[v - lo] += acc->chance[v - acc->min];
	for (long v = x->min; v <= x->max; v++)
		chance[v - lo] += x->chance[v - x->min];
	free(acc->chance);
	free(acc->ways);
	acc->chance = chance;
	acc->ways = xcalloc((size_t)(hi - lo + 1), sizeof *acc->ways);
	acc->min = lo;
	acc->max = hi;
}

/* What one roll of term t adds: its value (one less after the first, !p), or
 * its score when the expression counts and each roll of an exploding die is a
 * die of its own (!, not !!). */
static int
roll_worth(const struct dice_expr *e, const struct dice_term *t, int v, bool later)
{
	int w = v - (later && t->penetrate);

	return e->success && !t->compound ? die_score(e, w) : w;
}

/* One roll of t (the first, or a later one) as it adds up: its faces meeting c
 * (with `meeting` false: not meeting it; c NULL: every face), each once. */
static void
worth_dist(const struct dice_expr *e, const struct dice_term *t, const struct dice_cond *c,
           bool meeting, bool later, struct dist *d)
{
	long lo = 0, hi = 0;

	for (int f = 0; f < t->sides; f++) {
		long w = roll_worth(e, t, dice_face_value(t, f), later);
		lo = f == 0 || w < lo ? w : lo;
		hi = f == 0 || w > hi ? w : hi;
	}
	dist_range(d, lo, hi, (uint64_t)t->sides);
	for (int f = 0; f < t->sides; f++) {
		int v = dice_face_value(t, f);
		if (c == NULL || dice_meets(c, v) == meeting)
			d->ways[roll_worth(e, t, v, later) - lo]++;
	}
}

/* The additions explode_dist may take (30d6! takes 10^4; d1000!>=2, which
 * goes on 1000 times, would take 10^12). */
#define EXPLODE_WORK_LIMIT 100000000.0

/* The chance that a roll of term t explodes. */
static double
explode_chance(const struct dice_term *t)
{
	return (double)faces_meeting(t, &t->explode) / t->sides;
}

/* An exploding die: it adds rolls while they meet the test, at most
 * DICE_EXPLODE_DEPTH of them, as hexaid and rpg-dice-roller roll it. A chain
 * of k exploding rolls then one that stops (any roll, at the depth) has the
 * chance of each of its rolls; the chains are counted, in chances, while those
 * left hold at least DICE_ODDS_CUT (a d6!: 21 rolls), the rest left out. The
 * first roll and the later ones may add differently (!p). */
static bool
explode_dist(const struct dice_expr *e, const struct dice_term *t, struct dist *out,
             char msg[160])
{
	struct dist chain, boom[2], stop[2], all[2], ends, next;
	double left = 1.0, p = explode_chance(t), work = 0.0;

	for (int later = 0; later < 2; later++) {
		worth_dist(e, t, &t->explode, true, later, &boom[later]);
		worth_dist(e, t, &t->explode, false, later, &stop[later]);
		worth_dist(e, t, NULL, true, later, &all[later]);
		for (long i = 0; i <= all[later].max - all[later].min; i++) {
			boom[later].chance[i] = (double)boom[later].ways[i] / t->sides;
			stop[later].chance[i] = (double)stop[later].ways[i] / t->sides;
			all[later].chance[i] = (double)all[later].ways[i] / t->sides;
		}
	}
	dist_point(&chain, 0);
	dist_range(out, 1, 0, 0);
	out->exact = false;
	for (int k = 0; k <= DICE_EXPLODE_DEPTH; k++) {
		int later = k > 0;
		long width = all[later].max - all[later].min + 1;
		work += 2.0 * (double)(chain.max - chain.min + 1) * (double)width;
		if (work > EXPLODE_WORK_LIMIT) {
			snprintf(msg, 160, "too many rolls to count: a d%d that explodes on %d of its "
			         "faces goes on too long", t->sides, faces_meeting(t, &t->explode));
			break;
		}
		chance_sum(&chain, k < DICE_EXPLODE_DEPTH ? &stop[later] : &all[later], &ends);
		chance_add(out, &ends);
		dist_free(&ends);
		left *= p;
		if (k == DICE_EXPLODE_DEPTH || left < DICE_ODDS_CUT)
			break;
		chance_sum(&chain, &boom[later], &next);
		dist_free(&chain);
		chain = next;
	}
	dist_free(&chain);
	for (int later = 0; later < 2; later++) {
		dist_free(&boom[later]);
		dist_free(&stop[later]);
		dist_free(&all[later]);
	}
	chance_trim(out);
	out->cut = true;
	return work <= EXPLODE_WORK_LIMIT;
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
static bool
die_dist_of(const struct dice_expr *e, const struct dice_term *t, struct dist *out,
            char msg[160])
{
	struct dist v;
	bool scored = false, counted;
	long lo, hi;

	if (t->explode.cmp != DICE_CMP_NONE) {
		if (!explode_dist(e, t, &v, msg)) {
			dist_free(&v);
			return false;
		}
		scored = e->success && !t->compound;
	} else if (t->reroll.cmp != DICE_CMP_NONE) {
		reroll_dist(t, &v);
	} else {
		faces_dist(t, NULL, true, &v);
	}
	for (long i = 0; v.exact && i <= v.max - v.min; i++)
		v.chance[i] = (double)v.ways[i] / (double)v.outcomes;
	counted = e->success && !scored;
	lo = counted ? -1 : t->sign < 0 ? -v.max : v.min;
	hi = counted ? 1 : t->sign < 0 ? -v.min : v.max;
	dist_range(out, lo, hi, v.outcomes);
	out->exact = v.exact;
	out->cut = v.cut;
	for (long i = 0; i <= v.max - v.min; i++) {
		long to = counted ? die_score(e, (int)(v.min + i)) : t->sign < 0 ? -(v.min + i)
		                                                                 : v.min + i;
		out->ways[to - lo] += v.ways[i];
		out->chance[to - lo] += v.chance[i];
	}
	dist_free(&v);
	chance_trim(out);
	return true;
}

/* Is the term's die a plain one (numbered faces, each once)? */
static bool
plain_die(const struct dice_term *t)
{
	return t->faces == FACES_NUMBERED && t->reroll.cmp == DICE_CMP_NONE &&
	       t->explode.cmp == DICE_CMP_NONE && !t->has_min && !t->has_max;
}

/* Can keep_dist count the term: numbered faces, 1 to sides after min and max,
 * neither rerolled nor exploding (or exploding into one die, !!, which it
 * does not count either)? */
static bool
keepable(const struct dice_term *t)
{
	return t->faces == FACES_NUMBERED && t->reroll.cmp == DICE_CMP_NONE &&
	       t->explode.cmp == DICE_CMP_NONE && (!t->has_min || t->min_value >= 1) &&
	       (!t->has_max || (t->max_value >= 1 && t->max_value <= t->sides));
}

/* Drop the results at either end that no roll makes (a die that only explodes
 * past 0, counts that never go below 0). */
static void
dist_trim(struct dist *d)
{
	long lo = 0, hi = d->max - d->min;

	/* a chance of 0 may be one too small for a double (6^-999): only whole
	 * counts say that no roll makes a result */
	while (d->exact && lo < hi && d->ways[lo] == 0)
		lo++;
	while (d->exact && hi > lo && d->ways[hi] == 0)
		hi--;
	if (lo == 0 && hi == d->max - d->min)
		return;
	dist_keep(d, lo, hi);
}

#define ODDS_WORK_LIMIT 400000000.0 /* additions the odds of one term may take */
#define PLAIN_WORK_LIMIT 40000000.0 /* steps of a plain term's sliding sums */

/* d += each die of term t, which is not a plain die (or is counted). */
static bool
add_dice(const struct dice_expr *e, const struct dice_term *t, struct dist *d, char msg[160])
{
	struct dist x;

	if (!die_dist_of(e, t, &x, msg))
		return false;
	if ((double)t->count * t->count * (double)(x.max - x.min + 1) * (x.max - x.min + 1) / 2 >
	    ODDS_WORK_LIMIT) {
		snprintf(msg, 160, "too many rolls to count exactly (%d of these dice)", t->count);
		dist_free(&x);
		return false;
	}
	for (int k = 0; k < t->count; k++) {
		struct dist y = x;
		size_t n = (size_t)(x.max - x.min + 1);
		y.ways = xcalloc(n, sizeof *y.ways);
		y.chance = xcalloc(n, sizeof *y.chance);
		memcpy(y.ways, x.ways, n * sizeof *y.ways);
		memcpy(y.chance, x.chance, n * sizeof *y.chance);
		convolve(d, &y);
	}
	dist_free(&x);
	return true;
}

/* ---- keeping the highest or lowest dice ---------------------------------------- */

/* The work a keep may take, in steps of its count (below): far past any pool a
 * table rolls (64d1000kh8 is 10^9). */
#define KEEP_WORK_LIMIT 400000000.0

/* A count kept two ways: whole (while it fits in 64 bits) and as a chance. */
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

/* What keep_dist works with, for the rows r = dice - j (j < keep) it reaches:
 * the binomials C(r, c) (0 once past 64 bits), their logarithms, and for the
 * face in turn the powers of the faces still to come and the chances that
 * take a count forward (c dice on this face) or end it (c dice here, the rest
 * below). Chances go by logarithms: 999 dice are past a double's range. */
struct keep_tables {
	int n, keep;
	uint64_t *choose;
	double *lchoose;
	uint64_t *power;        /* rest^e, or 0 past 64 bits */
	double *go, *end;       /* per row and c */
};

static size_t
kt_at(const struct keep_tables *kt, int j, int c)
{
	return (size_t)j * (size_t)(kt->n + 1) + (size_t)c;
}

static void
binomials(struct keep_tables *kt)
{
	for (int j = 0; j < kt->keep; j++) {
		int r = kt->n - j;
		uint64_t c_prev = 1;
		bool fits = true;
		for (int c = 0; c <= r; c++) {
			if (c > 0) {
				unsigned __int128 w = (unsigned __int128)c_prev * (unsigned)(r - c + 1) / (unsigned)c;
				fits = fits && w <= UINT64_MAX;
				c_prev = fits ? (uint64_t)w : 0;
			}
			kt->choose[kt_at(kt, j, c)] = c_prev;
			kt->lchoose[kt_at(kt, j, c)] = lgamma(r + 1.0) - lgamma(c + 1.0) - lgamma(r - c + 1.0);
		}
		/* the second half mirrors the first, where the first half fits */
		for (int c = r / 2 + 1; c <= r; c++)
			kt->choose[kt_at(kt, j, c)] = kt->choose[kt_at(kt, j, r - c)];
	}
}

/* The tables for a face with `rest` of `s` faces after it. */
static void
face_tables(struct keep_tables *kt, int rest, int s)
{
	double lp = -log((double)s), lrest = rest > 0 ? log((double)rest / s) : 0.0;

	kt->power[0] = 1;
	for (int e = 1; e <= kt->n; e++)
		if (__builtin_mul_overflow(kt->power[e - 1], (uint64_t)rest, &kt->power[e]) ||
		    kt->power[e - 1] == 0)
			kt->power[e] = 0;
	for (int j = 0; j < kt->keep; j++) {
		int r = kt->n - j;
		for (int c = 0; c <= r; c++) {
			double l = kt->lchoose[kt_at(kt, j, c)] + c * lp;
			kt->go[kt_at(kt, j, c)] = exp(l);
			kt->end[kt_at(kt, j, c)] = rest == 0 && r - c > 0 ? 0.0 : exp(l + (r - c) * lrest);
		}
	}
}

/* One face, of value `v`, taken in turn (the highest first to keep the
 * highest, the lowest first to keep the lowest), with `rest` faces after it.
 * From each way of having placed j < keep dice (all kept) for a kept total t,
 * c more dice show v: while fewer than `keep` are placed they go on to the next
 * face; once `keep` are, the total is final and the other dice show any of the
 * faces after this one. */
static void
keep_face(const struct dice_term *t, int keep, int v, int rest, struct keep_tables *kt,
          const struct count *dp, struct count *next, struct count *final, long width,
          bool *exact)
{
	face_tables(kt, rest, t->sides);
	for (int j = 0; j < keep; j++) {
		int r = t->count - j;
		for (long sum = 0; sum < width; sum++) {
			struct count w = dp[(long)j * width + sum];
			if (w.ways == 0 && w.approx == 0.0)
				continue;
			for (int c = 0; c <= r; c++) {
				uint64_t ch = kt->choose[kt_at(kt, j, c)], f = 0;
				bool fits;
				if (j + c < keep) {
					*exact = *exact && ch != 0;
					count_add(&next[(long)(j + c) * width + sum + (long)c * v], w, ch,
					          kt->go[kt_at(kt, j, c)], exact);
					continue;
				}
				fits = ch != 0 && (kt->power[r - c] != 0 || rest == 0) &&
				       !__builtin_mul_overflow(ch, kt->power[r - c], &f);
				*exact = *exact && fits;
				count_add(&final[sum + (long)(keep - j) * v], w, f, kt->end[kt_at(kt, j, c)],
				          exact);
			}
		}
	}
}

/* A term that keeps its highest or lowest dice: the order-statistics count. The
 * faces are taken one at a time, keeping for each number of dice placed so far
 * (fewer than those kept) and each total of them the ways to get there; its work
 * grows with faces^2 x kept^2 x dice, where counting every roll grew as
 * faces^dice (9d6kh3 was refused). Whole counts while they fit in 64 bits, as
 * for the other dice. Faces are worth their values after min and max. */
static bool
keep_dist(const struct dice_term *t, struct dist *out, char msg[160])
{
	int keep = t->keep > 0 ? t->keep : -t->keep, s = t->sides;
	long width = (long)keep * s + 1, lo = keep, hi = (long)keep * s;
	double work = (double)s * keep * (double)width * (t->count + 1);
	struct count *dp, *next, *final;
	struct keep_tables kt = { t->count, keep, NULL, NULL, NULL, NULL, NULL };
	size_t cells = (size_t)keep * (size_t)(t->count + 1);
	bool exact = true;

	if (work > KEEP_WORK_LIMIT) {
		snprintf(msg, 160, "too many rolls to count exactly (keep of %dd%d)", t->count, s);
		return false;
	}
	kt.choose = xcalloc(cells, sizeof *kt.choose);
	kt.lchoose = xcalloc(cells, sizeof *kt.lchoose);
	kt.go = xcalloc(cells, sizeof *kt.go);
	kt.end = xcalloc(cells, sizeof *kt.end);
	kt.power = xcalloc((size_t)t->count + 1, sizeof *kt.power);
	dp = xcalloc((size_t)(keep * width), sizeof *dp);
	next = xcalloc((size_t)(keep * width), sizeof *next);
	final = xcalloc((size_t)width, sizeof *final);
	binomials(&kt);
	dp[0] = (struct count){ 1, 1.0 };
	for (int i = 1; i <= s; i++) {
		struct count *swap;
		int face = t->keep > 0 ? s + 1 - i : i;
		keep_face(t, keep, dice_face_value(t, face - 1), s - i, &kt, dp, next, final, width,
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
	out->den = 1;
	out->cut = false;
	for (int i = 0; i < t->count; i++)
		out->exact = out->exact && !__builtin_mul_overflow(out->outcomes, (uint64_t)s,
		                                                    &out->outcomes);
	for (long sum = lo; sum <= hi; sum++) {
		long at = t->sign > 0 ? sum - lo : hi - sum;
		out->ways[at] = out->exact ? final[sum].ways : 0;
		out->chance[at] = out->exact ? (double)final[sum].ways / (double)out->outcomes
		                             : final[sum].approx;
	}
	free(kt.choose);
	free(kt.lchoose);
	free(kt.go);
	free(kt.end);
	free(kt.power);
	free(dp);
	free(next);
	free(final);
	return true;
}

/* d += term t, as the expression counts it. */
static bool
term_into(const struct dice_expr *e, const struct dice_term *t, struct dist *d, char msg[160])
{
	struct dist x;

	if (t->count == 0) {
		dist_point(&x, t->sign * t->constant);
		convolve(d, &x);
		return true;
	}
	if (t->keep != 0 && !keepable(t)) {
		snprintf(msg, 160, "exact odds of keeping some of rerolled, exploding or Fudge "
		         "dice (or min and max past the faces) are not counted");
		return false;
	}
	if (t->keep != 0) {
		if (!keep_dist(t, &x, msg))
			return false;
		convolve(d, &x);
		return true;
	}
	if (e->success || !plain_die(t))
		return add_dice(e, t, d, msg);
	/* the range grows with each die: 100d100 is 5*10^5 steps, 282d1000 the most */
	if ((double)t->count * t->count * t->sides / 2 > PLAIN_WORK_LIMIT) {
		snprintf(msg, 160, "too many rolls to count exactly (%dd%d)", t->count, t->sides);
		return false;
	}
	for (int k = 0; k < t->count; k++)
		convolve_die(d, t->sides, t->sign);
	return true;
}

/* ---- odds of the arithmetic: * / ( ) { } and the functions ------------------- */

#define ODDS_CELLS_LIMIT 20000000L /* values one distribution may span */

static long
dist_size(const struct dist *d)
{
	return d->max - d->min + 1;
}

static bool
too_wide(double cells, char msg[160])
{
	if (cells <= (double)ODDS_CELLS_LIMIT)
		return false;
	snprintf(msg, 160, "too many results to count exactly (over 20 million)");
	return true;
}

/* Does entry i of d happen at all? */
static bool
dist_has(const struct dist *d, long i)
{
	return d->exact ? d->ways[i] != 0 : d->chance[i] != 0.0;
}

/* A new distribution over lo..hi (numerators over den), like d: exact as d is. */
static void
dist_like(struct dist *out, const struct dist *d, long lo, long hi, long den)
{
	dist_range(out, lo, hi, d->outcomes);
	out->exact = d->exact;
	out->den = den;
}

/* d := d with each value mapped by f(v) (numerators; den becomes `den`). */
static void
dist_map(struct dist *d, long (*f)(long v, long arg), long arg, long den)
{
	struct dist out;
	long lo = 0, hi = 0;
	bool any = false;

	for (long i = 0; i < dist_size(d); i++) {
		long v = f(d->min + i, arg);
		if (!dist_has(d, i))
			continue;
		lo = !any || v < lo ? v : lo;
		hi = !any || v > hi ? v : hi;
		any = true;
	}
	dist_like(&out, d, lo, hi, den);
	for (long i = 0; i < dist_size(d); i++) {
		long at;
		if (!dist_has(d, i))
			continue;
		at = f(d->min + i, arg) - lo;
		out.ways[at] += d->exact ? d->ways[i] : 0;
		out.chance[at] += d->chance[i];
	}
	dist_free(d);
	*d = out;
}

static long map_times(long v, long k) { return v * k; }
static long map_floor(long v, long den) { return floor_div(v, den); }
static long map_ceil(long v, long den) { return -floor_div(-v, den); }
static long map_round(long v, long den) { return floor_div(2 * v + den, 2 * den); }
static long map_abs(long v, long den) { (void)den; return labs(v); }

/* Both over one denominator (the smallest that holds both). */
static bool
dist_align(struct dist *a, struct dist *b, char msg[160])
{
	long l = a->den / gcd(a->den, b->den) * b->den;

	if (a->den < 1 || b->den < 1 || l < 1) { /* denominators are 1 or more */
		snprintf(msg, 160, "a fraction out of range");
		return false;
	}
	if (too_wide((double)dist_size(a) * (double)(l / a->den), msg) ||
	    too_wide((double)dist_size(b) * (double)(l / b->den), msg))
		return false;
	if (l != a->den)
		dist_map(a, map_times, l / a->den, l);
	if (l != b->den)
		dist_map(b, map_times, l / b->den, l);
	return true;
}

/* a := a + b (sign 1) or a - b (sign -1); b is freed. */
static bool
dist_add(struct dist *a, struct dist *b, int sign, char msg[160])
{
	if (!dist_align(a, b, msg) ||
	    too_wide((double)dist_size(a) * (double)dist_size(b) / 20.0, msg)) {
		dist_free(b);
		return false;
	}
	if (sign < 0)
		dist_map(b, map_times, -1, b->den);
	convolve(a, b);
	return true;
}

/* a := a * b, each value by each; b is freed. */
static bool
dist_mul(struct dist *a, struct dist *b, char msg[160])
{
	long lo = 0, hi = 0;
	struct dist out;
	bool ok;

	for (int i = 0; i < 4; i++) {
		long v = (i & 1 ? a->max : a->min) * (i & 2 ? b->max : b->min);
		lo = i == 0 || v < lo ? v : lo;
		hi = i == 0 || v > hi ? v : hi;
	}
	ok = !too_wide((double)hi - (double)lo + 1, msg) &&
	     !too_wide((double)dist_size(a) * (double)dist_size(b) / 20.0, msg);
	if (ok) {
		dist_like(&out, a, lo, hi, a->den * b->den);
		out.exact = a->exact && b->exact &&
		            !__builtin_mul_overflow(a->outcomes, b->outcomes, &out.outcomes);
		for (long i = 0; i < dist_size(a); i++) {
			for (long j = 0; dist_has(a, i) && j < dist_size(b); j++) {
				long at = (a->min + i) * (b->min + j) - lo;
				uint64_t w;
				if (!dist_has(b, j))
					continue;
				out.chance[at] += a->chance[i] * b->chance[j];
				if (out.exact && (__builtin_mul_overflow(a->ways[i], b->ways[j], &w) ||
				                  __builtin_add_overflow(out.ways[at], w, &out.ways[at])))
					out.exact = false;
			}
		}
		dist_free(a);
		*a = out;
	}
	dist_free(b);
	return ok;
}

static bool node_dist(const struct dice_expr *e, int n, struct dist *out, char msg[160]);

/* The highest (or lowest) `keep` of values v[0..n-1] added. */
static long
kept_sum(long *v, int n, int keep)
{
	long total = 0;

	for (int i = 1; i < n; i++) /* a few members: insertion sort, highest first */
		for (int j = i; j > 0 && v[j] > v[j - 1]; j--) {
			long t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	for (int i = 0; i < (keep > 0 ? keep : -keep); i++)
		total += keep > 0 ? v[i] : v[n - 1 - i];
	return total;
}

/* A pool that keeps some of its members: every way its members can come out,
 * each member's values in turn (an odometer), their kept values added. */
static bool
pool_keep_dist(struct dist *m, int n, int keep, struct dist *out, char msg[160])
{
	long idx[DICE_MAX_NODES] = { 0 }, v[DICE_MAX_NODES], lo = 0, hi = 0;
	double combos = 1.0;

	for (int i = 0; i < n; i++) {
		lo += m[i].min < 0 ? m[i].min : 0;
		hi += m[i].max > 0 ? m[i].max : 0;
		combos *= (double)dist_size(&m[i]);
	}
	if (too_wide(combos, msg) || too_wide((double)hi - (double)lo + 1, msg))
		return false;
	dist_like(out, &m[0], lo, hi, m[0].den);
	for (int i = 1; i < n; i++)
		out->exact = out->exact && m[i].exact &&
		             !__builtin_mul_overflow(out->outcomes, m[i].outcomes, &out->outcomes);
	for (;;) {
		bool happens = true;
		uint64_t w = 1;
		double c = 1.0;
		int i;
		for (i = 0; i < n; i++) {
			happens = happens && dist_has(&m[i], idx[i]);
			v[i] = m[i].min + idx[i];
			c *= m[i].chance[idx[i]];
			if (out->exact && happens && __builtin_mul_overflow(w, m[i].ways[idx[i]], &w))
				out->exact = false;
		}
		if (happens) {
			long at = kept_sum(v, n, keep) - lo;
			out->chance[at] += c;
			if (out->exact && __builtin_add_overflow(out->ways[at], w, &out->ways[at]))
				out->exact = false;
		}
		for (i = 0; i < n && ++idx[i] == dist_size(&m[i]); i++)
			idx[i] = 0;
		if (i == n)
			return true;
	}
}

static bool
pool_dist(const struct dice_expr *e, const struct dice_node *x, struct dist *out, char msg[160])
{
	struct dist m[DICE_MAX_NODES];
	int n = 0;
	bool ok = true;

	memset(m, 0, sizeof m);
	for (int k = x->a; ok && k >= 0; k = e->nodes[k].next)
		if ((ok = node_dist(e, k, &m[n], msg)))
			n++;
	for (int i = 1; ok && i < n; i++)
		ok = dist_align(&m[0], &m[i], msg);
	for (int i = 1; ok && i < n; i++) /* the others to the common denominator */
		ok = dist_align(&m[i], &m[0], msg);
	if (ok && (x->keep == 0 || x->keep == n || x->keep == -n)) {
		*out = m[0];
		memset(&m[0], 0, sizeof m[0]);
		for (int i = 1; i < n && ok; i++) {
			ok = dist_add(out, &m[i], 1, msg); /* m[i] is freed, added or not */
			memset(&m[i], 0, sizeof m[i]);
		}
		if (!ok)
			dist_free(out);
	} else if (ok) {
		ok = pool_keep_dist(m, n, x->keep, out, msg);
	}
	for (int i = 0; i < n; i++)
		dist_free(&m[i]);
	return ok;
}

/* The odds of node n: its values (over a denominator) and their ways. */
static bool
node_dist(const struct dice_expr *e, int n, struct dist *out, char msg[160])
{
	const struct dice_node *x = &e->nodes[n];
	struct dist b;

	switch (x->op) {
	case DICE_OP_TERM: {
		struct dice_term t = e->terms[x->a];
		t.sign = 1;
		dist_point(out, 0);
		if (!term_into(e, &t, out, msg)) {
			dist_free(out);
			return false;
		}
		return true;
	}
	case DICE_OP_POOL:
		return pool_dist(e, x, out, msg);
	default:
		break;
	}
	if (!node_dist(e, x->a, out, msg))
		return false;
	switch (x->op) {
	case DICE_OP_ADD:
	case DICE_OP_SUB:
	case DICE_OP_MUL:
		if (!node_dist(e, x->b, &b, msg) ||
		    !(x->op == DICE_OP_MUL ? dist_mul(out, &b, msg)
		                           : dist_add(out, &b, x->op == DICE_OP_SUB ? -1 : 1, msg))) {
			dist_free(out);
			return false;
		}
		return true;
	case DICE_OP_DIV:
		/* by qn/qd: times qd (its sign with it), over |qn| more */
		dist_point(&b, x->qn < 0 ? -x->qd : x->qd);
		b.den = labs(x->qn);
		if (!dist_mul(out, &b, msg)) {
			dist_free(out);
			return false;
		}
		return true;
	case DICE_OP_NEG: dist_map(out, map_times, -1, out->den); return true;
	case DICE_OP_FLOOR: dist_map(out, map_floor, out->den, 1); return true;
	case DICE_OP_CEIL: dist_map(out, map_ceil, out->den, 1); return true;
	case DICE_OP_ROUND: dist_map(out, map_round, out->den, 1); return true;
	default: dist_map(out, map_abs, out->den, out->den); return true;
	}
}

/* The whole expression, by its nodes; a result that is a fraction rounded down
 * (and said to be). */
static bool
arith_dist(const struct dice_expr *e, struct dist *d, bool *rounded, char msg[160])
{
	if (!node_dist(e, e->root, d, msg))
		return false;
	for (long i = 0; d->den > 1 && i < dist_size(d); i++)
		*rounded = *rounded || (dist_has(d, i) && (d->min + i) % d->den != 0);
	if (d->den != 1)
		dist_map(d, map_floor, d->den, 1);
	return true;
}

/* ---- the least, the greatest and the mean of exploding dice, closed form --- */

/* The least, greatest and mean worth of one roll of t (the first, or a later
 * one) over its faces meeting c (`meeting` false: not meeting it; c NULL:
 * every face); the mean over all the faces, those not meeting it counting 0. */
static void
roll_range(const struct dice_expr *e, const struct dice_term *t, const struct dice_cond *c,
           bool meeting, bool later, double *lo, double *hi, long double *mean)
{
	*lo = HUGE_VAL;
	*hi = -HUGE_VAL;
	*mean = 0.0L;
	for (int f = 0; f < t->sides; f++) {
		int v = dice_face_value(t, f);
		double w = roll_worth(e, t, v, later);
		if (c != NULL && dice_meets(c, v) != meeting)
			continue;
		*lo = w < *lo ? w : *lo;
		*hi = w > *hi ? w : *hi;
		*mean += (long double)w / t->sides;
	}
}

/* One exploding die of t (not one compounded and counted): the least and the
 * greatest over every chain of rolls to the depth, and the mean, each roll's
 * mean times the chance it is rolled: E = m1 + m2 (p + p^2 + ... + p^depth),
 * where p is the chance a roll explodes (a d6!: 3.5 (1 + 1/6 + ... + 6^-1000)). */
static void
explode_range(const struct dice_expr *e, const struct dice_term *t, double *lo, double *hi,
              long double *mean)
{
	double blo[2], bhi[2], slo[2], shi[2], alo[2], ahi[2], clo = 0.0, chi = 0.0;
	long double bm, sm, am[2], p = (long double)explode_chance(t), pk = 1.0L;

	for (int later = 0; later < 2; later++) {
		roll_range(e, t, &t->explode, true, later, &blo[later], &bhi[later], &bm);
		roll_range(e, t, &t->explode, false, later, &slo[later], &shi[later], &sm);
		roll_range(e, t, NULL, true, later, &alo[later], &ahi[later], &am[later]);
	}
	*lo = HUGE_VAL;
	*hi = -HUGE_VAL;
	*mean = am[0];
	for (int k = 0; k <= DICE_EXPLODE_DEPTH; k++) {
		int later = k > 0;
		double elo = clo + (k < DICE_EXPLODE_DEPTH ? slo[later] : alo[later]);
		double ehi = chi + (k < DICE_EXPLODE_DEPTH ? shi[later] : ahi[later]);
		*lo = elo < *lo ? elo : *lo;
		*hi = ehi > *hi ? ehi : *hi;
		clo += blo[later];
		chi += bhi[later];
		if (k > 0) {
			pk *= p;
			*mean += pk * am[1];
		}
	}
}

/* A die of term t as the expression counts it, apart from the chances: its
 * least, greatest and mean; the exploding one in closed form, the others (and
 * one compounded then counted) from its own odds. */
static bool
die_range(const struct dice_expr *e, const struct dice_term *t, double *lo, double *hi,
          long double *mean, char msg[160])
{
	struct dist x;

	if (t->explode.cmp != DICE_CMP_NONE && !(e->success && t->compound)) {
		explode_range(e, t, lo, hi, mean);
		if (t->sign < 0) {
			double l = *lo;
			*lo = -*hi;
			*hi = -l;
			*mean = -*mean;
		}
		return true;
	}
	if (!die_dist_of(e, t, &x, msg))
		return false;
	*lo = (double)x.min;
	*hi = (double)x.max;
	*mean = 0.0L;
	for (long i = 0; i <= x.max - x.min; i++)
		*mean += (long double)(x.min + i) * x.chance[i];
	dist_free(&x);
	return true;
}

/* The highest (or lowest) `keep` of values v[0..n-1] added; keep 0: all. */
static double
kept_sum_of(double *v, int n, int keep)
{
	double total = 0.0;
	int count = keep == 0 ? n : keep > 0 ? keep : -keep;

	if (count > n) /* keeping more than there are keeps them all */
		count = n;
	for (int i = 1; i < n; i++) /* a few members: insertion sort, highest first */
		for (int j = i; j > 0 && v[j] > v[j - 1]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	for (int i = 0; i < count; i++)
		total += keep >= 0 ? v[i] : v[n - 1 - i];
	return total;
}

/* The least and greatest that term t adds (its dice kept, times its sign). */
static bool
term_range(const struct dice_expr *e, const struct dice_term *t, double *lo, double *hi,
           char msg[160])
{
	int dice = t->keep != 0 ? abs(t->keep) : t->count;
	long double mean;

	if (t->count == 0) {
		*lo = *hi = (double)(t->sign < 0 ? -t->constant : t->constant);
		return true;
	}
	if (!die_range(e, t, lo, hi, &mean, msg))
		return false;
	*lo *= dice;
	*hi *= dice;
	return true;
}

/* The least and greatest value of node n (closed form; a value of abs( )
 * across 0 is taken as reaching 0). */
static bool
node_range(const struct dice_expr *e, int n, double *lo, double *hi, char msg[160])
{
	const struct dice_node *x = &e->nodes[n];
	double alo, ahi, blo = 0.0, bhi = 0.0, c[4];

	if (x->op == DICE_OP_TERM) {
		struct dice_term t = e->terms[x->a];
		t.sign = 1;
		return term_range(e, &t, lo, hi, msg);
	}
	if (x->op == DICE_OP_POOL) {
		double mlo[DICE_MAX_NODES], mhi[DICE_MAX_NODES];
		int m = 0, keep = x->keep;
		for (int i = x->a; i >= 0; i = e->nodes[i].next, m++)
			if (!node_range(e, i, &mlo[m], &mhi[m], msg))
				return false;
		*lo = kept_sum_of(mlo, m, keep);
		*hi = kept_sum_of(mhi, m, keep);
		return true;
	}
	if (!node_range(e, x->a, &alo, &ahi, msg) ||
	    (x->b >= 0 && x->op != DICE_OP_DIV && !node_range(e, x->b, &blo, &bhi, msg)))
		return false;
	if (x->op == DICE_OP_DIV)
		blo = bhi = (double)x->qd / (double)x->qn;
	switch (x->op) {
	case DICE_OP_ADD: *lo = alo + blo, *hi = ahi + bhi; return true;
	case DICE_OP_SUB: *lo = alo - bhi, *hi = ahi - blo; return true;
	case DICE_OP_NEG: *lo = -ahi, *hi = -alo; return true;
	case DICE_OP_FLOOR: *lo = floor(alo), *hi = floor(ahi); return true;
	case DICE_OP_CEIL: *lo = ceil(alo), *hi = ceil(ahi); return true;
	case DICE_OP_ROUND: *lo = floor(alo + 0.5), *hi = floor(ahi + 0.5); return true;
	case DICE_OP_ABS:
		*lo = alo > 0 ? alo : ahi < 0 ? -ahi : 0.0;
		*hi = fabs(alo) > fabs(ahi) ? fabs(alo) : fabs(ahi);
		return true;
	default: /* a times b, or a divided: times 1/q */
		c[0] = alo * blo, c[1] = alo * bhi, c[2] = ahi * blo, c[3] = ahi * bhi;
		*lo = *hi = c[0];
		for (int i = 1; i < 4; i++) {
			*lo = c[i] < *lo ? c[i] : *lo;
			*hi = c[i] > *hi ? c[i] : *hi;
		}
		return true;
	}
}

/* Odds with exploding dice: the least and greatest results and the mean, in
 * closed form, where the chances leave out the longest chains. A sum of terms:
 * each exploding term's own least, greatest and mean put in place of its
 * counted ones; arithmetic: by the nodes, and the mean of the chances. */
static bool
explode_summary(const struct dice_expr *e, const struct dist *d, struct dice_odds *out,
                char msg[160])
{
	double lo, hi;
	long double mean = 0.0L;

	for (long i = 0; i <= d->max - d->min; i++)
		mean += (long double)(d->min + i) * d->chance[i];
	if (e->arith && !node_range(e, e->root, &lo, &hi, msg))
		return false;
	out->least = e->arith ? (long)floor(lo) : 0;
	out->most = e->arith ? (long)floor(hi) : 0;
	for (size_t i = 0; !e->arith && i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		long double cm = 0.0L, m;
		struct dist x;
		if (!term_range(e, t, &lo, &hi, msg))
			return false;
		out->least += (long)lo;
		out->most += (long)hi;
		if (t->explode.cmp == DICE_CMP_NONE || (e->success && t->compound))
			continue;
		if (!die_range(e, t, &lo, &hi, &m, msg) || !die_dist_of(e, t, &x, msg))
			return false;
		for (long k = 0; k <= x.max - x.min; k++)
			cm += (long double)(x.min + k) * x.chance[k];
		mean += t->count * (m - cm);
		dist_free(&x);
	}
	out->least = out->least < d->min ? out->least : d->min;
	out->most = out->most > d->max ? out->most : d->max;
	out->mean = (double)mean;
	return true;
}

bool
dice_odds(const struct dice_expr *e, struct dice_odds *out, char msg[160])
{
	struct dist d;

	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < e->nterms; i++) {
		if (e->terms[i].named >= 0) {
			snprintf(msg, 160, "named dice are not added up: their odds are counted per face");
			return false;
		}
		out->capped |= e->terms[i].explode.cmp != DICE_CMP_NONE;
	}
	if (e->arith) {
		if (!arith_dist(e, &d, &out->rounded, msg))
			return false;
	} else {
		dist_point(&d, 0);
		for (size_t i = 0; i < e->nterms; i++) {
			if (!term_into(e, &e->terms[i], &d, msg)) {
				dist_free(&d);
				return false;
			}
		}
	}
	dist_trim(&d);
	if (out->capped)
		cut_ends(&d); /* the results no roll makes, and those under CUT_END */
	out->min = out->least = d.min;
	out->max = out->most = d.max;
	for (long i = 0; i <= d.max - d.min; i++) {
		out->mean += (double)(d.min + i) * d.chance[i];
		out->beyond += d.chance[i];
	}
	out->beyond = out->capped && out->beyond < 1.0 ? 1.0 - out->beyond : 0.0;
	if (out->capped && !explode_summary(e, &d, out, msg)) {
		dist_free(&d);
		return false;
	}
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
