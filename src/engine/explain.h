/* explain.h: the steps behind every number the engine computes (engine layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_EXPLAIN_H
#define HEXAID_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "card.h"

/* What a step is: how the code that reads an answer tells its steps apart (never
 * by their words). Set where the engine makes the step. */
enum step_kind {
	STEP_NOTE,        /* how things stand, counting nothing: supports counted, a
	                     line of sight's verdict, a rule that scores nothing here */
	STEP_GIVEN,       /* a value given with the question (base dice, a roll) */
	STEP_AMOUNT,      /* a number the rules count: added, or (absolute) a starting
	                     value such as an allowance or a total */
	STEP_RULING,      /* a rule that decides without a number: half rate, a tie to
	                     one side, no terrain protection */
	STEP_REFUSAL,     /* what is asked is not allowed: may not enter, stop, charge
	                     or battle */
	STEP_HALT,        /* the unit must stop: on entering, or after leaving */
	STEP_REMINDER,    /* the card's words for the players (remind:): changes nothing */
	STEP_SKIPPED,     /* a rule that applies but is not counted (not cumulative) */
	STEP_BLOCK,       /* a hex blocks the line of sight; value: its place on the line */
	STEP_RESULT       /* a table's row read: what the battle does */
};

struct step {
	enum step_kind kind;
	enum effect effect;       /* the card's effect it records; N_EFFECTS: none */
	const struct rule *rule;  /* the card's rule it records, or NULL: the card
	                             outlives the explanation */
	long value;       /* what the step adds, or the value it sets */
	char *text;       /* what the step is, in words */
	size_t said;      /* text + said: what a rule's step says of its terrain, after
	                     the terrain and where ("remember: ..." in "TERRAIN
	                     (entered): remember: ..."); 0 for other steps */
	char *ref;        /* "card.yaml:LINE", or NULL for a given value */
	const char *file; /* the card file of that line (the card's own string), or NULL */
	int line;         /* ... and the line: what `hexaid test --coverage` reads */
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
/* What a new step is and where it comes from, beside its words (explain_add):
 * a rule of the card (which gives its effect, file, line, seed and assumed), or
 * a card line that is no rule (file, line, seed, assumed), or neither (file NULL:
 * a value given or counted). */
struct step_from {
	enum step_kind kind;
	long value;
	const struct rule *rule;
	const char *file;
	int line;
	const char *seed;
	bool assumed;
};

void explain_add(struct explanation *ex, const struct step_from *from, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

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

/* Say which of the card's effects the last step counts toward (a step made
 * from a rule has its rule's). */
void explain_counts_for(struct explanation *ex, enum effect effect);

/* Mark step i as a rule that applies but is not counted, and say why. */
void explain_not_counted(struct explanation *ex, size_t i, const char *why);

/* What the steps that count toward the effects of `mask` (bits of enum effect)
 * come to: a starting value sets the sum, the others add to it. An answer's
 * headline is this sum of the steps it shows, so the two cannot part. */
long explain_sum(const struct explanation *ex, uint64_t mask);
#define EXPLAIN_EFFECT(e) (UINT64_C(1) << (e))

/* The first step of this kind and effect (N_EFFECTS: any effect), or NULL. */
const struct step *explain_find(const struct explanation *ex, enum step_kind kind,
                                enum effect effect);

/* Print the steps, one a line: value, words, card reference, seed reference. */
void explain_print(const struct explanation *ex, bool with_values, FILE *out);

/* One step as explain_print prints it, without the indent, in a string to free;
 * without its value or its card and seed references when asked. */
char *explain_step_text(const struct step *s, bool with_value, bool with_refs);

/* The steps as explain_print prints them, one a line, in a string to free. */
char *explain_text(const struct explanation *ex);

/* Print the steps as a JSON array. */
void explain_print_json(const struct explanation *ex, FILE *out);
/* Print a string as a JSON string literal. */
void json_string(const char *s, FILE *out);

#endif
