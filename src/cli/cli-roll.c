/* cli-roll.c: `hexaid roll`: roll dice fairly (or from a seed), take the values
 * of physical dice (after `=`), or print the exact odds (--odds); plain dice
 * notation, and a card's own dice by name with --card.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "cli.h"
#include "dice.h"
#include "xmalloc.h"

struct roll_options {
	bool odds, seeded;
	enum dice_cs_reading cs;
	uint64_t seed;
	const char *card;
};

/* The card's dice as the notation parser sees them. */
struct card_kinds {
	struct dice_kinds kinds;
	const char **names;
	int *faces;
};

static void
card_kinds_init(struct card_kinds *ck, const struct card *card)
{
	ck->names = xcalloc(card ? card->ndice + 1 : 1, sizeof *ck->names);
	ck->faces = xcalloc(card ? card->ndice + 1 : 1, sizeof *ck->faces);
	for (size_t i = 0; card != NULL && i < card->ndice; i++) {
		ck->names[i] = card->dice[i].id;
		ck->faces[i] = card->dice[i].total;
	}
	ck->kinds.count = card ? card->ndice : 0;
	ck->kinds.names = ck->names;
	ck->kinds.faces = ck->faces;
}

static void
card_kinds_free(struct card_kinds *ck)
{
	free(ck->names);
	free(ck->faces);
}

/* A value of a die: Fudge dice show -, 0 and + (and their sums, signed). */
static void
print_number(const struct dice_term *t, int v)
{
	if (t->faces == FACES_FUDGE)
		printf(v < 0 ? "%d" : v == 0 ? "0" : "+%d", v);
	else
		printf("%d", v);
}

/* What one die shows, in words: a face of a symbol die; a number, the one it
 * showed first when it was rerolled (1->4), its rolls when it exploded (6+6+2),
 * in parentheses when it was dropped. */
static void
print_value(const struct card *card, const struct dice_expr *e, const struct dice_term *t,
            const struct dice_roll *r, int d)
{
	int v = r->values[d];

	if (t->named >= 0 && card != NULL) {
		const struct die_kind *k = &card->dice[t->named];
		if (k->sides > 0)
			printf(" %d", v + 1);
		else
			printf(" %s", k->faces[die_face_of_side(k, v)].id);
		return;
	}
	fputs(r->kept[d] ? " " : " (", stdout);
	if (r->rerolled[d]) {
		print_number(t, r->first[d]);
		fputs("->", stdout);
	}
	for (int i = 0; r->nrolls[d] > 1 && i < r->nrolls[d] && i < DICE_ROLLS_KEPT; i++) {
		if (i > 0)
			putchar('+');
		print_number(t, r->rolls[d][i]);
	}
	if (r->nrolls[d] > DICE_ROLLS_KEPT) /* the rest in one: 6+6+...(12 rolls, 70 in all) */
		printf("+...(%d rolls, %d in all)", r->nrolls[d], v);
	if (r->nrolls[d] <= 1)
		print_number(t, v);
	if (e->crit_if.cmp != DICE_CMP_NONE && dice_meets(&e->crit_if, v))
		fputs("**", stdout);
	if (e->fumble_if.cmp != DICE_CMP_NONE && dice_meets(&e->fumble_if, v))
		fputs("__", stdout);
	if (!r->kept[d])
		putchar(')');
}

/* The test of a count, in words: "5 or more". */
static void
print_test(const struct dice_cond *c)
{
	printf("%s%d%s", c->cmp == DICE_CMP_EQ ? "exactly " : "", c->value,
	       c->cmp == DICE_CMP_GE ? " or more" : c->cmp == DICE_CMP_LE ? " or less" : "");
}

static void
print_roll(const char *text, const struct dice_expr *e, const struct dice_roll *r,
           const struct card *card)
{
	bool named = false;

	printf("%s:", text);
	for (int i = 0; i < r->ndice; i++) {
		const struct dice_term *t = &e->terms[r->term[i]];
		bool first = i == 0 || r->term[i - 1] != r->term[i];
		if (first && t->label[0] != '\0')
			printf(" [%s]", t->label);
		print_value(card, e, t, r, i);
		named |= t->named >= 0;
	}
	if (e->success) {
		bool both = e->success_if.cmp != DICE_CMP_NONE && e->fail_if.cmp != DICE_CMP_NONE;
		const struct dice_cond *c = e->success_if.cmp != DICE_CMP_NONE ? &e->success_if
		                                                                 : &e->fail_if;
		printf(": %d %s%s (", r->successes,
		       e->success_if.cmp != DICE_CMP_NONE ? "success" : "failure",
		       r->successes == 1 || r->successes == -1 ? "" : (c == &e->fail_if ? "s" : "es"));
		print_test(c);
		if (both) {
			fputs("; less a failure for each ", stdout);
			print_test(&e->fail_if);
		}
		puts(")");
	} else if (!named && r->exact_den != 1) {
		printf(" = %ld (%ld/%ld rounded down)\n", r->total, r->exact_num, r->exact_den);
	} else if (!named) {
		printf(" = %ld\n", r->total);
	} else {
		putchar('\n');
	}
}

/* The value a typed word means on the die of term t. */
static bool
word_value(const struct card *card, const struct dice_term *t, const char *w, int *out)
{
	char *end;

	if (t->named >= 0 && card != NULL && card->dice[t->named].nfaces > 0) {
		int f = die_face_named(&card->dice[t->named], w);
		if (f < 0)
			return false;
		*out = die_side_of_face(&card->dice[t->named], f);
		return true;
	}
	/* reader: dice typed */
	if (t->faces == FACES_FUDGE && (strcmp(w, "+") == 0 || strcmp(w, "-") == 0)) {
		*out = w[0] == '+' ? 1 : -1;
		return true;
	}
	*out = (int)strtol(w, &end, 10);
	if (*end != '\0' || end == w)
		return false;
	if (t->named >= 0)
		(*out)--;
	return true;
}

/* Physical dice: the values in the order of the dice; faces of symbol dice may
 * come in any order (each is matched to a die of the kind that has that face). */
static int
take_values(const char *text, const struct dice_expr *e, const struct card *card, char **words,
            int nwords)
{
	int values[DICE_MAX_DICE], d = 0;
	struct dice_roll r;
	char msg[160];

	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		for (int k = 0; k < t->count; k++, d++) {
			if (d >= nwords)
				break;
			if (!word_value(card, t, words[d], &values[d])) {
				fprintf(stderr, "hexaid: roll: '%s' is not a face of %s\n", words[d],
				        t->named >= 0 && card != NULL ? card->dice[t->named].id : "this die");
				return EXIT_INVALID;
			}
		}
	}
	if (!dice_take(e, values, nwords, &r, msg)) {
		fprintf(stderr, "hexaid: roll: %s\n", msg);
		return EXIT_INVALID;
	}
	print_roll(text, e, &r, card);
	return EXIT_OK;
}

static void
print_fraction(uint64_t ways, uint64_t outcomes)
{
	uint64_t a = ways, b = outcomes;

	while (b != 0) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	if (a == 0)
		a = 1;
	printf("%12llu/%-12llu", (unsigned long long)(ways / a), (unsigned long long)(outcomes / a));
}

/* A row shows a chance of at least 0.01% (0.005% rounds up to it); the rows
 * below that at either end are a tail, said in one line. */
#define ODDS_SHOWN 0.00005

/* One line for the results lo..hi of a tail, when there are at least two of
 * them (one is printed as a row); returns the chance they hold together. Past
 * o->min..o->max (exploding dice: to o->least or o->most), the longest chains
 * of explosions, left out of the rows, hold o->beyond. */
static double
print_odds_tail(const struct dice_odds *o, long lo, long hi)
{
	double sum = 0.0;
	long made = 0;

	if (hi > o->max || lo < o->min) {
		double left = hi > o->max || o->most <= o->max ? o->beyond : 0.0;
		for (long v = lo > o->min ? lo : o->min; v <= hi && v <= o->max; v++)
			sum += o->chance[v - o->min];
		printf("  %6ld to %ld: each under 0.005%%, %.2g%% in all\n", lo, hi,
		       100.0 * (sum + left));
		return sum + left;
	}
	if (hi - lo < 1) {
		if (hi == lo)
			printf("  %6ld %7.2f%%\n", lo, 100.0 * o->chance[lo - o->min]);
		return hi == lo ? o->chance[lo - o->min] : 0.0;
	}
	for (long v = lo; v <= hi; v++) {
		sum += o->chance[v - o->min];
		made += !o->exact || o->ways[v - o->min] > 0;
	}
	printf("  %6ld to %ld: %ld results, each under 0.005%%, %.2g%% in all\n", lo, hi, made,
	       100.0 * sum);
	return sum;
}

static int
print_sum_odds(const char *text, const struct dice_expr *e)
{
	struct dice_odds o;
	double at_least = 1.0;
	char msg[160];

	if (!dice_odds(e, &o, msg)) {
		fprintf(stderr, "hexaid: roll: %s\n", msg);
		return EXIT_INVALID;
	}
	printf("%s: %s odds%s%s\n", text, o.capped ? "the" : "exact",
	       e->success ? " of the number of " : "",
	       !e->success ? "" : e->success_if.cmp != DICE_CMP_NONE ? "successes" : "failures");
	if (o.capped)
		printf("  (a die explodes at most %d times, as in rpg-dice-roller: %ld to %ld,\n"
		       "   mean %.6g; the chains of explosions past %.0e of a die are in a tail)\n",
		       DICE_EXPLODE_DEPTH, o.least, o.most, fabs(o.mean) < 1e-9 ? 0.0 : o.mean,
		       DICE_ODDS_CUT);
	if (o.rounded)
		printf("  (a total that is a fraction is rounded down; write ceil( ) or round( ) "
		       "to round otherwise)\n");
	printf("  %6s %8s %25s %9s\n", e->success ? "count" : "total", "chance",
	       o.exact ? "in lowest terms" : "", "at least");
	long first = o.min, last = o.max;
	while (first < last && o.chance[first - o.min] < ODDS_SHOWN)
		first++;
	while (last > first && o.chance[last - o.min] < ODDS_SHOWN)
		last--;
	at_least -= print_odds_tail(&o, o.least, first - 1);
	for (long v = first; v <= last; v++) {
		double c = o.chance[v - o.min];
		if (o.exact ? o.ways[v - o.min] == 0 : c == 0.0)
			continue; /* a result no roll makes (1d6*10+1d6 has no 17, d6! no 6) */
		printf("  %6ld %7.2f%% ", v, 100.0 * c);
		if (o.exact)
			print_fraction(o.ways[v - o.min], o.outcomes);
		else
			printf("%25s", "");
		printf(" %8.2f%%\n", at_least > 0.0 ? 100.0 * at_least : 0.0);
		at_least -= c;
	}
	print_odds_tail(&o, last + 1, o.max < o.most ? o.most : o.max);
	dice_odds_free(&o);
	return EXIT_OK;
}

/* Symbol dice: for each face, the chance of each number of dice showing it. */
static int
print_face_odds(const char *text, const struct dice_expr *e, const struct card *card)
{
	printf("%s: exact odds of each face\n", text);
	for (size_t i = 0; i < e->nterms; i++) {
		const struct dice_term *t = &e->terms[i];
		const struct die_kind *d;
		double chance[DICE_MAX_DICE + 1];

		if (t->named < 0 || card == NULL || card->dice[t->named].nfaces == 0) {
			fprintf(stderr, "hexaid: roll: mix symbol dice with no other dice for --odds\n");
			return EXIT_INVALID;
		}
		d = &card->dice[t->named];
		for (size_t f = 0; f < d->nfaces; f++) {
			double none;
			dice_count_odds(t->count, d->faces[f].count, d->total, chance);
			none = chance[0];
			printf("  %-12s (%d of %d sides):", d->faces[f].id, d->faces[f].count, d->total);
			for (int k = 0; k <= t->count; k++)
				printf(" %d: %.2f%%", k, 100.0 * chance[k]);
			printf("; at least one: %.2f%%\n", 100.0 * (1.0 - none));
		}
	}
	return EXIT_OK;
}

static bool
has_named(const struct dice_expr *e)
{
	for (size_t i = 0; i < e->nterms; i++)
		if (e->terms[i].named >= 0)
			return true;
	return false;
}

/* Say which of the card's dice are assumed, once per roll. */
static void
print_assumed(const struct dice_expr *e, const struct card *card)
{
	for (size_t i = 0; i < e->nterms; i++) {
		int k = e->terms[i].named;
		bool seen = false;
		for (size_t j = 0; j < i; j++)
			seen |= e->terms[j].named == k;
		if (k >= 0 && !seen && card->dice[k].assumed)
			printf("(%s: %s [%s:%d])\n", card->dice[k].id,
			       card->dice[k].note ? card->dice[k].note
			                          : "assumed: check your rulebook",
			       card->dice[k].file, card->dice[k].line);
	}
}

static int
roll_text(const char *text, char **values, int nvalues, bool physical,
          const struct roll_options *opt, const struct card *card)
{
	struct card_kinds ck;
	struct dice_expr e;
	struct dice_roll r;
	struct rng rng;
	char msg[160];
	int col, status = EXIT_OK;

	card_kinds_init(&ck, card);
	if (!dice_parse_as(text, &ck.kinds, opt->cs, &e, &col, msg)) {
		fprintf(stderr, "hexaid: roll: %s\n  %s\n  %*s^\n", msg, text, col - 1, "");
		card_kinds_free(&ck);
		return EXIT_INVALID;
	}
	if (physical)
		status = take_values(text, &e, card, values, nvalues);
	else if (opt->odds)
		status = has_named(&e) ? print_face_odds(text, &e, card) : print_sum_odds(text, &e);
	else {
		if (opt->seeded)
			rng_seed(&rng, opt->seed);
		else
			rng_system(&rng);
		dice_roll(&e, &rng, &r);
		print_roll(text, &e, &r, card);
	}
	if (status == EXIT_OK && card != NULL)
		print_assumed(&e, card);
	card_kinds_free(&ck);
	return status;
}

int
cli_roll(const struct cli_args *a)
{
	struct roll_options opt = { .odds = a->given[CLI_ODDS], .card = a->value[CLI_CARD] };
	struct card card, *cardp = NULL;
	char *text;
	int status, eq;

	if (a->given[CLI_SEED]) {
		if (!cli_seed("roll", a->value[CLI_SEED], &opt.seed))
			return EXIT_USAGE;
		opt.seeded = true;
	}
	if (a->given[CLI_CS]) {
		const char *v = a->value[CLI_CS];
		/* reader: command-line words */
		if (strcmp(v, "count") != 0 && strcmp(v, "mark") != 0) {
			fprintf(stderr, "hexaid: roll: --cs is 'count' (Foundry) or 'mark' (Roll20), "
			        "not '%s'\n", v);
			return EXIT_USAGE;
		}
		/* reader: command-line words */
		opt.cs = strcmp(v, "count") == 0 ? DICE_CS_COUNT : DICE_CS_MARK;
	}
	if (a->argc < 1)
		return cli_usage_error(a->cmd);
	/* EXPR is every word up to "=", the physical dice every word after it */
	/* reader: command-line words */
	for (eq = 0; eq < a->argc && strcmp(a->argv[eq], "=") != 0; eq++)
		;
	text = xstrdup("");
	for (int i = 0; i < eq; i++) {
		char *next = xasprintf("%s%s%s", text, i > 0 ? " " : "", a->argv[i]);
		free(text);
		text = next;
	}
	if (opt.card != NULL) {
		if ((status = cli_load_card(opt.card, &card)) != EXIT_OK) {
			free(text);
			return status;
		}
		cardp = &card;
	}
	status = roll_text(text, a->argv + eq + 1, eq < a->argc ? a->argc - eq - 1 : 0,
	                   eq < a->argc, &opt, cardp);
	if (cardp != NULL)
		card_free(cardp);
	free(text);
	return status;
}

/* What EXPR may be, for roll --help. */
void
cli_roll_notation(FILE *out)
{
	fputs("Dice notation (EXPR), as Roll20, Foundry, rpg-dice-roller and AnyDice write it:\n"
	      "  NdS+M           N dice (1 to 999) of S sides added, plus or minus M (3d6+2, d20-1)\n"
	      "  d%, dF, d66     d100; Fudge dice (-1, 0, +1); one die of 66 sides. D66 is\n"
	      "                  refused (tens and units, or 66 sides): write 1d6*10+1d6 or 1d66\n"
	      "  NdSkhK, NdSkK   keep the K highest (4d6kh3); NdSklK keeps the lowest\n"
	      "  NdSdK, dlK, dhK drop the K lowest (4d6d1, 4d6dl1) or highest; without K, one\n"
	      "  NdSroT, NdSrrT  reroll a die meeting T once (ro), or until it does not (rr);\n"
	      "                  a bare r is refused: Foundry reads it once, Roll20 until\n"
	      "  NdS!, NdS!T     explode: a die meeting T (the top face) adds a roll, each a\n"
	      "                  die of its own; !! compounds (one die), !p penetrates (each\n"
	      "                  roll after the first counts one less). A die explodes at\n"
	      "                  most 1000 times, as in rpg-dice-roller; --odds says so\n"
	      "  NdSminN, maxN   a roll below N counts N (3d6min2); above N, N (3d6max5)\n"
	      "  A*B, (A)        multiply; A/N divides by a number inside floor( ), ceil( )\n"
	      "                  or round( ) (floor(1d6/2) is 0 to 3): a bare / is refused,\n"
	      "                  as rpg-dice-roller keeps the fraction and AnyDice rounds down\n"
	      "  floor(A), ceil(A), round(A), abs(A)   round down, up, to nearest (halves up)\n"
	      "  {A,B}khK, max(A,B), min(A,B)          the highest K (or klK, dlK...) of A, B\n"
	      "  EXPR>=T, <=T    count the dice meeting T instead of adding (6d6>=5)\n"
	      "  EXPR>=TfU       a die meeting U takes a success off (6d6>=5f1)\n"
	      "  EXPRcsT, cfT    refused unless --cs says: Foundry counts (--cs=count), Roll20\n"
	      "                  adds and marks criticals ** and fumbles __ (--cs=mark)\n"
	      "  T               N (exactly N), =N, <=N or >=N; <N and >N are refused (Foundry\n"
	      "                  reads <3 as 'below 3', Roll20 as '3 or below')\n"
	      "  NdS[label]      a name for the term, shown with its dice\n"
	      "  N NAME, NdNAME  a card's die (--card), by its name or initial: 4 battle, 4dB\n"
	      "  = VALUE...      the dice rolled on the table, in place of hexaid's roll\n"
	      "  EXPR after --   one that starts with - (hexaid roll -- -3d6)\n", out);
}
