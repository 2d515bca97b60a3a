/* cli-rules.c: `hexaid explain`: one rule question in key=value words, answered
 * with its steps, as text or JSON.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "cli.h"
#include "event.h"
#include "question-keys.h"
#include "settle.h"
#include "strutil.h"
#include "table-lookup.h"
#include "terrain.h"
#include "xmalloc.h"

/* ---- explain: reading the question -------------------------------------------- */

struct query {
	struct situation sit;
	int table;                /* -1: no table question */
	bool has_roll, has_value, has_defender_roll, has_odds;
	long roll, value, defender_roll, odds_att, odds_def;
	char *event;              /* event=ID: what that event does to the target's hex */
	enum event_on on;         /* ... the event it names (ON_NONE: none of the card's) */
	int action;               /* ... for an action, which of the card's */
	uint64_t rolled;          /* rolled=FACE,...: faces of the battle die rolled */
	bool has_los;
	struct los_hex los[64];
	size_t nlos;
	bool json;
	bool given[N_FACTS];      /* the facts the question gave (the rest may be worked out) */
	struct explanation derived; /* facts worked out from what was given, as steps */
	struct cli_reach *reach;  /* the card's rows the answer shows are noted here, or NULL */
};

static int
bad_value(const char *key, const char *value, const char *what, const char **names, size_t n)
{
	const char *near = str_nearest(value, names, n);

	if (near != NULL) {
		fprintf(stderr, "hexaid: %s=%s: unknown %s; did you mean '%s'?\n", key,
		        value, what, near);
	} else {
		char *choices = str_join_choices(names, n);
		fprintf(stderr, "hexaid: %s=%s: unknown %s; the card has %s\n", key, value,
		        what, n ? choices : "none");
		free(choices);
	}
	return EXIT_INVALID;
}


static int
lookup(const struct card *card, const char *key, const char *value, enum fact_type type, int *out)
{
	size_t n;
	const char **names = card_vocabulary(card, type, &n);
	int status;

	*out = card_vocabulary_find(card, type, value);
	status = *out >= 0 ? EXIT_OK : bad_value(key, value, card_vocabulary_what[type], names, n);
	free(names);
	return status;
}

/* Statuses joined by '+', into a set of bits. */
static int
read_statuses(const struct card *card, const char *key, const char *value, uint64_t *mask)
{
	char *copy = xstrdup(value), *save = NULL;
	int status = EXIT_OK;

	for (char *w = strtok_r(copy, ",+", &save); w && status == EXIT_OK;
	     w = strtok_r(NULL, ",+", &save)) {
		int i;
		status = lookup(card, key, w, FT_STATUS, &i);
		if (status == EXIT_OK)
			*mask |= UINT64_C(1) << i;
	}
	free(copy);
	return status;
}

/* Terrain ids joined by '+' (or ','), such as "woods+token", into a set. */
/* Where terrain given in a question is: in a hex (attacker_on=, target_on=),
 * crossed (crossed=), or either (the zone of fire, a line of sight's hexes). */
enum terrain_place { IN_HEX, CROSSED, ANYWHERE };

/* A terrain given where it means nothing: a hexside feature as the terrain of a
 * hex, or hex terrain as crossed. The answer goes on; the asker is told. */
static void
warn_terrain_kind(const struct card *card, const char *key, int t, enum terrain_place where)
{
	enum terrain_kind kind = card->terrain[t].kind;
	const char *id = card->terrain[t].id;

	if (where == IN_HEX && kind == TERRAIN_HEXSIDE)
		fprintf(stderr, "hexaid: explain: warning: %s=%s: %s is a hexside feature, which a "
		                "hex does not hold; give it as crossed=%s\n", key, id, id, id);
	else if (where == CROSSED &&
	         (kind == TERRAIN_HEX || kind == TERRAIN_TOKEN || kind == TERRAIN_PATH))
		fprintf(stderr, "hexaid: explain: warning: %s=%s: %s is %s, which is not crossed; "
		                "give it as attacker_on=%s (the hex entered) or target_on=%s\n",
		        key, id, id, kind == TERRAIN_TOKEN ? "a token" : "hex terrain", id, id);
}

/* Terrain ids joined by seps into set, which is where `where` says. */
static int
read_tset(const struct card *card, const char *key, const char *value, const char *seps,
          enum terrain_place where, struct tset *set)
{
	char *copy = xstrdup(value), *save = NULL;
	int status = EXIT_OK;

	for (char *w = strtok_r(copy, seps, &save); w && status == EXIT_OK;
	     w = strtok_r(NULL, seps, &save)) {
		int t;
		status = lookup(card, key, w, FT_TERRAIN, &t);
		if (status == EXIT_OK)
			warn_terrain_kind(card, key, t, where);
		if (status == EXIT_OK && !tset_add(set, t)) {
			fprintf(stderr, "hexaid: explain: %s: at most %d terrain at once\n", key,
			        TSET_MAX);
			status = EXIT_INVALID;
		}
	}
	free(copy);
	return status;
}

/* Hexes from viewer to target, such as "open*,woods,high+token*": each hex's
 * terrain joined by '+', '*' where a unit stands, '*friend' where a unit of the
 * viewer's side does. */
static int
read_los(const struct card *card, const char *value, struct query *q)
{
	char *copy = xstrdup(value), *save = NULL;
	int status = EXIT_OK;

	for (char *w = strtok_r(copy, ",", &save); w && status == EXIT_OK;
	     w = strtok_r(NULL, ",", &save)) {
		struct los_hex *h;
		size_t len = strlen(w);

		if (q->nlos == sizeof q->los / sizeof q->los[0]) {
			fputs("hexaid: explain: los: at most 64 hexes\n", stderr);
			status = EXIT_INVALID;
			break;
		}
		h = &q->los[q->nlos++];
		/* reader: question words typed */
		if (len > 7 && strcmp(w + len - 7, "*friend") == 0) {
			h->unit = h->friend = true;
			w[len - 7] = '\0';
		} else if (len > 0 && w[len - 1] == '*') {
			h->unit = true;
			w[len - 1] = '\0';
		}
		status = read_tset(card, "los", w, "+", ANYWHERE, &h->terrain);
	}
	free(copy);
	q->has_los = true;
	if (status == EXIT_OK && q->nlos < 2) {
		fputs("hexaid: explain: los needs at least two hexes: the viewer's and the "
		      "target's\n", stderr);
		status = EXIT_INVALID;
	}
	return status;
}

static int
read_number(const char *key, const char *value, long min, long max, long *out, bool *given)
{
	char *end;
	long v = strtol(value, &end, 10);

	if (*end != '\0' || end == value || v < min || v > max) {
		fprintf(stderr, "hexaid: explain: %s=%s: expected a whole number from %ld to %ld\n",
		        key, value, min, max);
		return EXIT_INVALID;
	}
	*out = v;
	if (given != NULL)
		*given = true;
	return EXIT_OK;
}

/* odds=A:D, the attacking and defending strengths. */
static int
read_strengths(const char *value, struct query *q)
{
	char *end;

	q->odds_att = strtol(value, &end, 10);
	if (*end == ':')
		q->odds_def = strtol(end + 1, &end, 10);
	if (*end != '\0' || q->odds_att <= 0 || q->odds_def <= 0) {
		fprintf(stderr, "hexaid: explain: odds=%s: expected two strengths, such as 12:4\n",
		        value);
		return EXIT_INVALID;
	}
	q->has_odds = true;
	return EXIT_OK;
}

static int
read_table_name(const struct card *card, const char *value, struct query *q)
{
	const char **names = xcalloc(card->ntables + 1, sizeof *names);
	int status = EXIT_OK;

	q->table = card_table(card, value);
	if (q->table < 0) {
		for (size_t i = 0; i < card->ntables; i++)
			names[i] = card->tables[i].id;
		status = bad_value("table", value, "table", names, card->ntables);
	}
	free(names);
	return status;
}

static int
read_bool_fact(const char *key, const char *value, bool *out)
{
	if (value == NULL || strcmp(value, "true") == 0) /* reader: question words typed */
		*out = true;
	else if (strcmp(value, "false") == 0)
		*out = false;
	else {
		fprintf(stderr, "hexaid: explain: %s=%s: expected true or false\n", key, value);
		return EXIT_INVALID;
	}
	return EXIT_OK;
}

/* setting.NAME=CHOICE: the players' choice for one of the card's settings. */
static int
read_setting(const struct card *card, const char *name, const char *value,
             struct situation *sit)
{
	const char **names = xcalloc(card->nsettings + 1, sizeof *names);
	const struct setting *st;
	int which = card_setting(card, name), choice;

	for (size_t i = 0; i < card->nsettings; i++)
		names[i] = card->settings[i].id;
	if (which < 0) {
		bad_value("setting", name, "setting", names, card->nsettings);
		free(names);
		return EXIT_INVALID;
	}
	free(names);
	st = &card->settings[which];
	choice = card_setting_choice(st, value);
	if (choice < 0) {
		names = xcalloc(st->nchoices + 1, sizeof *names);
		for (size_t i = 0; i < st->nchoices; i++)
			names[i] = st->choices[i];
		bad_value(name, value, "choice", names, st->nchoices);
		free(names);
		return EXIT_INVALID;
	}
	sit->settings[which] = choice;
	return EXIT_OK;
}

static int
unknown_key(const char *key)
{
	const char *names[64];
	size_t n = question_keys(ASKER_EXPLAIN, names, sizeof names / sizeof names[0]);
	const char *near = str_nearest(key, names, n);

	fprintf(stderr, "hexaid: explain: unknown key '%s'", key);
	if (near != NULL)
		fprintf(stderr, "; did you mean '%s'?", near);
	fputs(" (hexaid explain --help lists them)\n", stderr);
	return EXIT_USAGE;
}

/* distance=3: how far the target is; target_supports=2: a count. */
static int
read_count(const char *key, const char *value, int *out)
{
	long v;

	if (!str_long(value, 0, 10000, &v)) {
		fprintf(stderr, "hexaid: explain: %s=%s: give a whole number, 0 to 10000\n", key, value);
		return EXIT_INVALID;
	}
	*out = (int)v;
	return EXIT_OK;
}

/* with=cavalry,infantry: the classes of the units attacking with the attacker. */
static int
read_with(const struct card *card, const char *value, struct situation *sit)
{
	char *copy = xstrdup(value), *save = NULL;
	int status = EXIT_OK;

	for (char *w = strtok_r(copy, ",+", &save); w != NULL && status == EXIT_OK;
	     w = strtok_r(NULL, ",+", &save)) {
		if (sit->nwith == sizeof sit->with / sizeof sit->with[0]) {
			fputs("hexaid: explain: with: at most 8 units attack with the attacker\n", stderr);
			status = EXIT_INVALID;
		} else {
			status = lookup(card, "with", w, FT_CLASS, &sit->with[sit->nwith]);
			sit->nwith += status == EXIT_OK;
		}
	}
	free(copy);
	return status;
}

/* roll=3 or roll=4,2: what the attacker's dice show, added up (a table reads
 * the sum); roll=burst,soldier: faces of the card's battle die (an event asks
 * which were rolled). The battle commands read roll= the same way. */
static int
read_roll(const struct card *card, const char *key, const char *value, struct query *q)
{
	const struct die_kind *d = card->battle_die >= 0 ? &card->dice[card->battle_die] : NULL;
	char *copy = xstrdup(value), *save = NULL;
	int status = EXIT_OK;

	for (char *w = strtok_r(copy, ",", &save); w != NULL && status == EXIT_OK;
	     w = strtok_r(NULL, ",", &save)) {
		long v;
		int f = d != NULL ? die_face_named(d, w) : -1;

		if (str_long(w, -99, 99, &v) && q->roll + v >= -99 && q->roll + v <= 99) {
			q->roll += v;
			q->has_roll = true;
		} else if (f >= 0 && f < 64) {
			q->rolled |= UINT64_C(1) << f;
		} else {
			fprintf(stderr, "hexaid: explain: %s=%s: '%s' is neither a number from -99 to 99 "
			                "nor a face of %s's battle die\n", key, value, w, card->id);
			status = EXIT_INVALID;
		}
	}
	free(copy);
	return status;
}

/* A fact's value: a class, a combat or fire type, statuses, a formation, terrain
 * or a number (true / false facts are read before). */
static int
read_fact(const struct card *card, const char *word, const char *value, enum fact f,
          struct situation *sit)
{
	switch (f) {
	case FACT_ATTACKER:
		return lookup(card, word, value, FT_CLASS, &sit->attacker);
	case FACT_TARGET:
		return lookup(card, word, value, FT_CLASS, &sit->target);
	case FACT_UNIT:
		return lookup(card, word, value, FT_CLASS, &sit->unit);
	case FACT_COMBAT:
		return lookup(card, word, value, FT_COMBAT, &sit->combat);
	case FACT_FIRE:
		return lookup(card, word, value, FT_FIRE, &sit->fire);
	case FACT_ATTACKER_FORMATION:
		return lookup(card, word, value, FT_FORMATION, &sit->attacker_formation);
	case FACT_TARGET_FORMATION:
		return lookup(card, word, value, FT_FORMATION, &sit->target_formation);
	case FACT_ATTACKER_STATUS:
		return read_statuses(card, word, value, &sit->attacker_status);
	case FACT_TARGET_STATUS:
		return read_statuses(card, word, value, &sit->target_status);
	case FACT_ATTACKER_ON:
		return read_tset(card, word, value, ",+", IN_HEX, &sit->attacker_on);
	case FACT_TARGET_ON:
		return read_tset(card, word, value, ",+", IN_HEX, &sit->target_on);
	default:
		return read_count(word, value, &sit->numbers[f]);
	}
}

/* One key=value word, by its key in the engine's table of question keys. */
static int
read_word(const struct card *card, char *word, struct query *q)
{
	struct situation *sit = &q->sit;
	char *eq = strchr(word, '=');
	const char *value = eq ? eq + 1 : NULL;
	struct question_key k;

	if (eq != NULL)
		*eq = '\0';
	if (!question_key_find(word, strlen(word), ASKER_EXPLAIN, &k))
		return unknown_key(word);
	if (k.id == QK_FACT)
		q->given[k.fact] = true;
	if (k.id == QK_FACT && fact_info[k.fact].type == FT_BOOL)
		return read_bool_fact(word, value, &sit->facts[k.fact]);
	if (value == NULL || *value == '\0') {
		/* a key of the table (found by its id above) that is no true/false fact */
		fprintf(stderr, "hexaid: explain: %s needs a value (%s=...)\n", word, word);
		return EXIT_USAGE;
	}
	switch (k.id) {
	case QK_FACT:
		return read_fact(card, word, value, (enum fact)k.fact, sit);
	case QK_WITH:
		return read_with(card, value, sit);
	case QK_CROSSED:
		return read_tset(card, word, value, ",+", CROSSED, &sit->crossed);
	case QK_ZONE:
		return read_tset(card, word, value, ",+", ANYWHERE, &sit->zone);
	case QK_LOS:
		return read_los(card, value, q);
	case QK_SETTING:
		return read_setting(card, word + strlen("setting."), value, sit);
	case QK_DICE:
		return read_number(word, value, 0, 99, &sit->base, &sit->base_given);
	case QK_TABLE:
		return read_table_name(card, value, q);
	case QK_ROLL:
		return read_roll(card, word, value, q);
	case QK_VALUE:
		return read_number(word, value, -999, 999, &q->value, &q->has_value);
	case QK_DEFENDER_ROLL:
		return read_number(word, value, -99, 99, &q->defender_roll, &q->has_defender_roll);
	case QK_ODDS:
		return read_strengths(value, q);
	case QK_EVENT:
		free(q->event);
		q->event = xstrdup(value);
		/* the word read once: an event of the card, or none (nothing happens) */
		(void)card_event_find(card, value, &q->on, &q->action);
		return EXIT_OK;
	default:
		return unknown_key(word);
	}
}

/* ---- explain: answering ------------------------------------------------------------ */

static void
print_battle(const struct card *card, const struct situation *sit, bool json,
              struct cli_reach *reach)
{
	struct battle_answer a;

	terrain_battle(card, sit, &a);
	cli_reach_steps(reach, &a.why);
	if (json) {
		printf("\"battle\":{\"may_battle\":%s,\"dice\":%ld,\"drm\":%ld,\"defense\":%ld,"
		       "\"tie\":%ld,\"disorder\":%ld,\"steps\":",
		       a.may_battle ? "true" : "false", a.dice, a.drm, a.defense, a.tie, a.disorder);
		explain_print_json(&a.why, stdout);
		fputc('}', stdout);
	} else {
		const char *sep = ", ";

		if (!a.may_battle)
			fputs("battle: may not battle", stdout);
		else if (a.counts_dice)
			printf("battle: %ld %s", a.dice, a.dice == 1 ? "die" : "dice");
		else if (a.drm == 0 && a.defense == 0 && a.tie == 0 && a.disorder == 0)
			fputs("battle: no modifier", stdout);
		else
			fputs("battle", stdout), sep = ": ";
		if (a.drm != 0)
			printf("%sdie-roll modifier %+ld", sep, a.drm), sep = ", ";
		if (a.defense != 0)
			printf("%sdefender %+ld", sep, a.defense), sep = ", ";
		if (a.tie != 0)
			printf("%sa tie goes to the %s", sep, a.tie > 0 ? "attacker" : "defender"), sep = ", ";
		if (a.disorder != 0)
			printf("%sthe attacker disordered %ld", sep, a.disorder);
		putchar('\n');
		explain_print(&a.why, true, stdout);
	}
	explain_free(&a.why);
}

static void
print_protection(const struct card *card, const struct situation *sit, bool json,
                  struct cli_reach *reach)
{
	struct protection_answer a;

	terrain_protection(card, sit, &a);
	cli_reach_steps(reach, &a.why);
	if (json) {
		printf("\"protection\":{\"none\":%s,\"ignore_hits\":%ld,\"hits_optional\":%s,"
		       "\"ignore_flags\":%ld,\"flags_optional\":%s,\"steps\":",
		       a.none ? "true" : "false", a.ignore_hits, a.hits_optional ? "true" : "false",
		       a.ignore_flags, a.flags_optional ? "true" : "false");
		explain_print_json(&a.why, stdout);
		fputc('}', stdout);
	} else {
		if (a.none)
			fputs("protection: none", stdout);
		else
			printf("protection: ignores %s%ld %s, %s%ld %s",
			       a.hits_optional ? "up to " : "", a.ignore_hits,
			       a.ignore_hits == 1 ? "hit" : "hits", a.flags_optional ? "up to " : "",
			       a.ignore_flags, a.ignore_flags == 1 ? "flag" : "flags");
		if (a.hits_optional || a.flags_optional)
			fputs(" (the owner decides)", stdout);
		putchar('\n');
		if (a.why.count == 0)
			puts("  no protection rule applies");
		explain_print(&a.why, true, stdout);
	}
	explain_free(&a.why);
}

static void
print_flag(bool json, bool *first, const char *key, bool value)
{
	if (json)
		printf("%s\"%s\":%s", *first ? "" : ",", key, value ? "true" : "false");
	else if (value)
		printf("%s%s", *first ? ": " : ", ", key);
	*first = !json && !value ? *first : false;
}

static void
print_move(const struct card *card, const struct situation *sit, bool json,
            struct cli_reach *reach)
{
	struct move_answer a;
	bool first = true;
	char num[24], num2[24];

	terrain_move(card, sit, &a);
	cli_reach_steps(reach, &a.why);
	fputs(json ? "\"move\":{" : "move", stdout);
	print_flag(json, &first, "prohibited", a.prohibited);
	print_flag(json, &first, "must_stop", a.must_stop);
	print_flag(json, &first, "must_stop_after_leaving", a.stop_after_leaving);
	print_flag(json, &first, "half_rate", a.half_rate);
	print_flag(json, &first, "cannot_stop", a.cannot_stop);
	print_flag(json, &first, "no_charge", a.no_charge);
	print_flag(json, &first, "pass_through", a.pass_through);
	if (json) {
		printf(",\"cost\":%s,\"allowance\":%s,\"disorder\":%ld,\"road_bonus\":%ld,"
		       "\"road_rate\":%ld,\"steps\":",
		       a.has_cost ? explain_points(a.cost, false, num) : "null",
		       a.allowance >= 0 ? explain_points(a.allowance, false, num2) : "null",
		       a.disorder, a.road_bonus, a.road_rate);
		explain_print_json(&a.why, stdout);
		fputc('}', stdout);
	} else {
		if (a.allowance >= 0)
			printf("%sallowance %s", first ? ": " : ", ", explain_points(a.allowance, false, num)),
			        first = false;
		if (a.has_cost)
			printf("%scost %s", first ? ": " : ", ", explain_points(a.cost, false, num)),
			        first = false;
		if (a.disorder)
			printf("%sdisorder %ld", first ? ": " : ", ", a.disorder), first = false;
		if (a.road_bonus)
			printf("%sroad bonus %ld", first ? ": " : ", ", a.road_bonus), first = false;
		if (a.road_rate)
			printf("%sroad rate %ld", first ? ": " : ", ", a.road_rate), first = false;
		if (first)
			fputs(": no effect", stdout);
		putchar('\n');
		explain_print(&a.why, true, stdout);
	}
	explain_free(&a.why);
}

static void
print_los(const struct card *card, const struct query *q, bool json)
{
	struct los_answer a;
	int viewer = q->sit.attacker >= 0 ? q->sit.attacker : q->sit.unit;

	if (q->nlos >= 3 && terrain_fires_over(card, viewer, &q->los[0], &q->los[1])) {
		struct los_hex over[64];

		memcpy(over, q->los, q->nlos * sizeof over[0]);
		over[1].unit = false;
		terrain_los(card, over, q->nlos, &a);
		explain_add(&a.why,
		            &(struct step_from){ .kind = STEP_NOTE, .file = card->fire_over_file,
		                                 .line = card->fire_over_line,
		                                 .seed = card->fire_over_seed },
		            "%s fires over the friendly unit on the lower hex next to it",
		            card->classes[viewer].id);
	} else {
		terrain_los(card, q->los, q->nlos, &a);
	}
	cli_reach_steps(q->reach, &a.why);
	if (json) {
		printf("\"los\":{\"clear\":%s,\"blocked_at\":%d,\"steps\":", a.clear ? "true" : "false",
		       a.blocked_at);
		explain_print_json(&a.why, stdout);
		fputc('}', stdout);
	} else {
		printf("line of sight: %s\n", a.clear ? "clear" : "blocked");
		explain_print(&a.why, false, stdout);
	}
	explain_free(&a.why);
}

/* The resolution that settles battles on table t, if one does. */
static const struct resolution *
resolution_reading(const struct card *card, int table)
{
	for (size_t i = 0; i < card->nresolutions; i++)
		if (card->resolutions[i].table == table)
			return &card->resolutions[i];
	return NULL;
}

/* Copy the battle's steps of this kind made by rules with this effect (its
 * modifiers counted, its tie rules). */
static void
copy_steps(const struct battle_answer *b, enum step_kind kind, enum effect effect,
           struct explanation *why)
{
	for (size_t i = 0; i < b->why.count; i++)
		if (b->why.steps[i].kind == kind && b->why.steps[i].effect == effect)
			explain_copy(why, &b->why.steps[i]);
}

/* The sides' totals a table is read with, and the steps that made them: a
 * value as given, or the roll with the battle's die-roll modifiers and, on a
 * table by difference, the defender's roll with the defender's modifiers. */
static void
table_totals(const struct query *q, const struct battle_answer *b, struct settle_result *r)
{
	if (q->has_value) {
		r->att_total = q->value;
		explain_set(&r->why, q->value, "value");
		return;
	}
	r->att_total = q->roll + b->drm;
	explain_set(&r->why, q->roll, "roll");
	copy_steps(b, STEP_AMOUNT, EFFECT_DRM, &r->why);
	if (q->has_defender_roll) {
		explain_set(&r->why, q->defender_roll, "defender's roll");
		if (b->defense != 0)
			explain_add(&r->why,
			            &(struct step_from){ .kind = STEP_AMOUNT, .value = -b->defense },
			            "the defender's modifiers, subtracted from the difference");
		r->def_total = q->defender_roll + b->defense;
	}
}

/* The row a table question reads, the words of the number read (below 0 on a
 * table by difference: the defender wins) and the steps; the number and its
 * row are asked of settle.c, as a battle fought in the game asks them. False
 * when the question gives no number to read the table with. */
static bool
table_entry(const struct card *card, const struct query *q, const struct table *t,
            struct settle_result *r, char *words, size_t nwords)
{
	struct settle_question ties = { .how = resolution_reading(card, q->table) };
	struct battle_answer b;

	if (t->by == TABLE_BY_ODDS) {
		if (!q->has_odds)
			return false;
		r->row = table_row_for_odds(t, q->odds_att, q->odds_def);
		snprintf(words, nwords, "strengths %ld to %ld", q->odds_att, q->odds_def);
		return true;
	}
	if (!q->has_value && !q->has_roll)
		return false;
	terrain_battle(card, &q->sit, &b);
	ties.tie = b.tie;
	ties.tie_rules = b.tie_rules;
	table_totals(q, &b, r);
	if (t->by == TABLE_BY_DIFFERENCE && r->att_total == r->def_total && ties.how != NULL)
		copy_steps(&b, STEP_RULING, EFFECT_TIE, &r->why);
	settle_totals(t, &ties, r);
	explain_free(&b.why);
	snprintf(words, nwords, "%ld", r->winner < 0 ? -r->value : r->value);
	return true;
}

/* Each cell of the row that is the legend's codes, in its words: "code DR2:
 * disordered, retreats 2 (target)", whom its column is for when the table
 * says. */
static void
print_codes(const struct table *t, int row)
{
	for (size_t c = 0; row >= 0 && c < t->ncolumns; c++) {
		char *words = t->rows[row].cells[c] != NULL ? table_cell_words(t, row, c) : NULL;

		if (words != NULL)
			printf("code %s: %s%s%s%s\n", t->rows[row].cells[c], words,
			       t->who != NULL && t->who[c] != WHO_NONE ? " (" : "",
			       t->who != NULL && t->who[c] != WHO_NONE ? result_who_names[t->who[c]] : "",
			       t->who != NULL && t->who[c] != WHO_NONE ? ")" : "");
		free(words);
	}
}

static void
print_table(const struct card *card, const struct query *q, bool json)
{
	const struct table *t = &card->tables[q->table];
	struct settle_result r;
	char entry_words[64];
	char *words;

	memset(&r, 0, sizeof r);
	explain_init(&r.why);
	if (!table_entry(card, q, t, &r, entry_words, sizeof entry_words)) {
		if (json)
			fputs("\"table\":null", stdout);
		else
			printf("table %s: give %s\n", t->id,
			       t->by == TABLE_BY_ODDS ? "odds=A:D" : "roll=N or value=N");
		explain_free(&r.why);
		return;
	}
	table_explain(t, r.row, entry_words, &r.why);
	cli_reach_steps(q->reach, &r.why);
	words = r.row >= 0 ? table_row_words(t, r.row) : xstrdup("no row");
	if (json) {
		printf("\"table\":{\"id\":\"%s\",\"row\":%d,\"result\":", t->id, r.row);
		json_string(words, stdout);
		fputs(",\"steps\":", stdout);
		explain_print_json(&r.why, stdout);
		fputc('}', stdout);
	} else {
		printf("table %s: %s%s\n", t->id, words, r.winner < 0 ? " (the defender wins)" : "");
		explain_print(&r.why, true, stdout);
		print_codes(t, r.row);
	}
	free(words);
	explain_free(&r.why);
}

/* The faces of the battle die in bits `rolled`, joined by ", " (free it). */
static char *
faces_words(const struct card *card, uint64_t rolled)
{
	const struct die_kind *d = card->battle_die >= 0 ? &card->dice[card->battle_die] : NULL;
	struct strbuf sb = { NULL, 0, 0 };

	for (size_t f = 0; d != NULL && f < d->nfaces && f < 64; f++)
		if (rolled & (UINT64_C(1) << f))
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", d->faces[f].id);
	return sb.text ? sb.text : xstrdup("");
}

/* An event asked without the faces rolled, whose first rule that holds rolls
 * dice (an enter event with rolled:): how many dice are rolled, and what each set
 * of faces does, rule by rule, the first that holds acting; false otherwise. */
static bool
print_event_roll(const struct card *card, const struct query *q)
{
	bool any = false;

	for (size_t k = 0; k < card->events.count; k++) {
		const struct rule *r = &card->events.items[k];
		if (!card_event_is(r, q->on, q->action) || !terrain_rule_applies(card, &q->sit, r))
			continue;
		/* the first rule that holds rolls dice on the event (an enter rule with
		 * rolled: rolls `roll` dice), or this is not such an event */
		if (!any && r->roll == 0)
			return false;
		char *does = r->effect == EFFECT_NOTHING ? xstrdup("nothing happens")
		                                         : cli_event_does(card, r);
		char *faces = faces_words(card, r->rolled);
		if (!any)
			printf("event %s: %d %s rolled; the first line that holds acts "
			       "(give roll=FACE,... for the faces rolled):\n", q->event, r->roll,
			       r->roll > 1 ? "battle dice are" : "battle die is");
		any = true;
		cli_reach_rule(q->reach, r);
		printf("  %s: %s  [%s:%d%s%s]\n", r->rolled ? faces : "any other faces", does, r->file,
		       r->line, r->seed ? ", seed " : "", r->seed ? r->seed : "");
		free(does);
		free(faces);
		if (r->rolled == 0)
			break;
	}
	return any;
}

/* The reference of an event rule that applies, and, while a rule continues,
 * the next that applies with its own. */
static void
print_event_chain(const struct card *card, const struct query *q, const struct rule *r, int k)
{
	for (;;) {
		printf("        [%s:%d%s%s]\n", r->file, r->line, r->seed ? ", seed " : "",
		       r->seed ? r->seed : "");
		if (!r->continues ||
		    (k = event_rule_after(card, q->on, q->action, &q->sit, q->rolled, k)) < 0)
			return;
		r = &card->events.items[k];
		char *what = cli_event_does(card, r);
		printf("then: %s\n", what);
		free(what);
	}
}

/* What an event does to the target's hex: the first of the card's event rules
 * for it that applies (and, in words, the next after one that continues). */
static void
print_event(const struct card *card, const struct query *q, bool json)
{
	int k = event_rule_for(card, q->on, q->action, &q->sit, q->rolled);
	const struct rule *r = k >= 0 ? &card->events.items[k] : NULL;
	char *what;

	if (!json && q->rolled == 0 && print_event_roll(card, q))
		return;
	if (r != NULL)
		cli_reach_rule(q->reach, r);
	what = r != NULL ? cli_event_does(card, r) : xasprintf("no event rule applies: nothing happens");
	if (json) {
		fputs("\"event\":{\"name\":", stdout);
		json_string(q->event, stdout);
		fputs(",\"does\":", stdout);
		json_string(what, stdout);
		if (r != NULL)
			printf(",\"ref\":\"%s:%d\"", r->file, r->line);
		if (r != NULL && r->seed != NULL) {
			fputs(",\"seed\":", stdout);
			json_string(r->seed, stdout);
		}
		putchar('}');
	} else {
		printf("event %s: %s\n", q->event, what);
		if (r != NULL)
			print_event_chain(card, q, r, k);
	}
	free(what);
}

/* What the question did not give that follows from what it gave, completed by
 * the engine as play completes a battle's situation (situation_complete): each
 * side's rating and beyond_range from the classes' values, from_lower from the
 * levels the card gives the terrain of the attacker's and the target's hexes
 * (a step when it holds). */
static void
derive_facts(const struct card *card, struct query *q)
{
	struct situation *sit = &q->sit;
	struct situation_sides s;

	situation_sides_of_classes(card, sit, &s);
	if (q->given[FACT_FROM_LOWER] || sit->attacker < 0)
		s.level[0] = s.level[1] = -1; /* said, or no attacker: from_lower stays */
	situation_complete(sit, &s);
	if (s.level[0] >= 0 && s.level[1] >= 0 && sit->facts[FACT_FROM_LOWER])
		explain_add(&q->derived, &(struct step_from){ .kind = STEP_NOTE },
		            "from_lower: attacking from lower ground (the attacker's hex at level %d, "
		            "the target's at level %d, from the card's terrain levels)",
		            s.level[0], s.level[1]);
}

/* Does the question give what only an attacker or a mover has (base dice, the
 * terrain of the attacker's hex) without saying who? A protection question
 * (target_on=, combat=, its facts) needs neither. */
static bool
asks_battle(const struct query *q)
{
	return q->sit.base_given || q->sit.attacker_on.count > 0;
}

static void
answer(const struct card *card, const struct query *q)
{
	const struct situation *sit = &q->sit;
	bool any = false;

	if (q->json)
		printf("{\"card\":\"%s\"", card->id);
	if (q->derived.count > 0) {
		if (q->json) {
			fputs(",\"derived\":", stdout);
			explain_print_json(&q->derived, stdout);
		} else {
			puts("worked out:");
			explain_print(&q->derived, false, stdout);
		}
	}
	if (q->event != NULL) {
		fputs(q->json ? "," : "", stdout);
		print_event(card, q, q->json);
		return (void)(q->json && puts("}"));
	}
	if (q->has_los) {
		fputs(q->json ? "," : "", stdout);
		print_los(card, q, q->json);
		any = true;
	}
	if (q->table >= 0) {
		fputs(q->json ? "," : "", stdout);
		print_table(card, q, q->json);
		return (void)(q->json && puts("}"));
	}
	if (sit->unit >= 0) {
		fputs(q->json ? "," : "", stdout);
		print_move(card, sit, q->json, q->reach);
		any = true;
	}
	if (sit->attacker >= 0) {
		fputs(q->json ? "," : "", stdout);
		print_battle(card, sit, q->json, q->reach);
		any = true;
	} else if (sit->unit < 0 && asks_battle(q)) {
		/* a battle's words with no one to battle: say so, not answer another question */
		if (q->json)
			fputs(",\"missing\":\"attacker\"", stdout);
		else
			puts("battle: not answered: give attacker=CLASS, the attacking unit's class "
			     "(or unit=CLASS for a move)");
	}
	if ((sit->target >= 0 || sit->target_on.count > 0 || !any) &&
	    card_has_section(card, SECTION_PROTECTION)) {
		fputs(q->json ? "," : "", stdout);
		print_protection(card, sit, q->json, q->reach);
	}
	if (q->json)
		puts("}");
}

int
cli_explain_card(const struct card *card, int argc, char **words, bool json,
                 struct cli_reach *reach)
{
	struct query q;
	int status = EXIT_OK;

	memset(&q, 0, sizeof q);
	situation_init(&q.sit);
	explain_init(&q.derived);
	q.table = -1;
	q.json = json;
	q.reach = reach;
	for (int i = 0; i < argc && status == EXIT_OK; i++) {
		char *word = xstrdup(words[i]);
		status = read_word(card, word, &q);
		free(word);
	}
	if (status == EXIT_OK && q.has_defender_roll && q.table >= 0 &&
	    card->tables[q.table].by != TABLE_BY_DIFFERENCE) {
		fprintf(stderr, "hexaid: explain: defender_roll: table %s is not read by difference\n",
		        card->tables[q.table].id);
		status = EXIT_INVALID;
	}
	if (status == EXIT_OK) {
		derive_facts(card, &q);
		answer(card, &q);
	}
	explain_free(&q.derived);
	free(q.event);
	return status;
}

int
cli_explain(const struct cli_args *a)
{
	struct card card;
	int status;

	if (a->argc < 1)
		return cli_usage_error(a->cmd);
	status = cli_load_card(a->argv[0], &card);
	if (status != EXIT_OK)
		return status;
	status = cli_explain_card(&card, a->argc - 1, a->argv + 1, a->given[CLI_JSON], NULL);
	card_free(&card);
	return status;
}
