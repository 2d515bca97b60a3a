/* explain.h: the steps behind every number the engine computes (engine layer). */
#ifndef HEXAID_EXPLAIN_H
#define HEXAID_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct step {
	long value;       /* what the step adds, or the value it sets */
	char *text;       /* what the step is, in words */
	char *ref;        /* "card.yaml:LINE", or NULL for a given value */
	char *seed;       /* the seed line the rule encodes, or NULL */
	bool assumed;     /* not from the seed: check your rulebook */
	bool absolute;    /* value is a starting value, not a change */
	bool halves;      /* value counts halves (movement points) */
};

struct explanation {
	struct step *steps;
	size_t count, cap;
	bool quiet;       /* steps keep their values but no words (text, ref and seed are
	                     NULL): for searches that ask many questions and read only
	                     the numbers; such an explanation is never printed */
};

void explain_init(struct explanation *ex);
void explain_free(struct explanation *ex);
void explain_add(struct explanation *ex, long value, const char *file, int line,
                 const char *seed, bool assumed, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* Add a copy of a step from another explanation. */
void explain_copy(struct explanation *ex, const struct step *step);

/* Mark the last step's value as counted in halves. */
void explain_in_halves(struct explanation *ex);

/* A number of halves as people write it: "2", "1.5", "+0.5" (with `sign`). */
const char *explain_points(long halves, bool sign, char buf[24]);

/* A starting value given with the question (base dice, say). */
void explain_set(struct explanation *ex, long value, const char *what);

/* Mark the last step's value as a starting value rather than a change. */
void explain_as_start(struct explanation *ex);

/* Print the steps, one a line: value, words, card reference, seed reference. */
void explain_print(const struct explanation *ex, bool with_values, FILE *out);

/* The steps as explain_print prints them, one a line, in a string to free. */
char *explain_text(const struct explanation *ex);

/* Print the steps as a JSON array. */
void explain_print_json(const struct explanation *ex, FILE *out);
/* Print a string as a JSON string literal. */
void json_string(const char *s, FILE *out);

#endif
