/* cmd-event.c: what a battle does to the hex it hits (engine layer). After a
 * battle is fought, the first of the card's event rules for "battle" that
 * holds is done to the target's hex (a crater placed, wire removed, a building
 * turned to rubble), or rolls the damage die of the structure the target
 * defends. `act` does what the card allows a unit to do to its own hex (an
 * event rule `on: ACTION`); `damage` adds structural hits by hand, for what the
 * table says.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "event.h"
#include "strutil.h"
#include "xmalloc.h"

/* Append to what the journal adds to the command line. */
static void
record(struct command_result *res, const char *word)
{
	char *all = xasprintf("%s%s%s", res->record_extra ? res->record_extra : "",
	                      res->record_extra ? " " : "", word);

	free(res->record_extra);
	res->record_extra = all;
}

/* The structure roll: one d6 (typed with structure_roll=, or rolled), a hit at
 * the rule's number or more. */
static void
structure_roll(struct battle *bt, struct hex h, const struct rule *r, struct command_result *res)
{
	struct game *g = bt->g;
	struct scen_structure *st = event_structure_defended(g, h);
	char *name, *what;
	long die;

	if (st == NULL)
		return;
	name = event_structure_name(g, st);
	if (bt->w->structure_roll > 0) {
		die = bt->w->structure_roll;
	} else {
		char word[32];

		die = (long)rng_below(&g->rng, 6) + 1;
		snprintf(word, sizeof word, "structure_roll=%ld", die);
		record(res, word);
	}
	cmd_say(res, "%s: structure roll %ld%s; %ld or more is a hit (%s:%d%s%s)", name, die,
	        bt->w->structure_roll > 0 ? " (the die on the table)" : "", r->amount, r->file,
	        r->line, r->seed ? ", seed " : "", r->seed ? r->seed : "");
	game_log(g, "%s: structure roll %ld", name, die);
	free(name);
	if (die < r->amount)
		return;
	event_structure_hit(g, st, 1, &what);
	cmd_say(res, "%s", what);
	game_log(g, "%s", what);
	free(what);
}

/* What the battle does to the hex: the first event rule that applies, and the
 * next after it while the one that acted `continues` (each read against the hex
 * as the battle found it). */
void
cmd_battle_events(struct battle *bt, struct command_result *res)
{
	struct game *g = bt->g;
	const struct card *card = game_card(g);
	struct hex h = bt->at;
	const struct rule *r;
	char *what;

	for (int k = event_rule_for(card, ON_BATTLE, -1, &bt->sit, bt->rolled); k >= 0;
	     k = r->continues ? event_rule_after(card, ON_BATTLE, -1, &bt->sit, bt->rolled, k) : -1) {
		r = &card->events.items[k];
		if (r->effect == EFFECT_STRUCTURE_HIT_ON) {
			structure_roll(bt, h, r, res);
			continue;
		}
		event_apply(g, h, r, &what);
		cmd_say(res, "%s (%s:%d%s%s)", what, r->file, r->line, r->seed ? ", seed " : "",
		        r->seed ? r->seed : "");
		if (r->effect != EFFECT_NOTHING)
			game_log(g, "%s", what);
		free(what);
	}
}

/* What an event rule would do, in words; free it. */
static char *
rule_words(struct game *g, const struct rule *r, struct hex h)
{
	const struct card *card = game_card(g);
	struct scen_structure *st;
	char at[HEX_LABEL_SIZE], *name, *s;

	hex_label(game_board(g), h, at);
	switch (r->effect) {
	case EFFECT_PLACE:
		return xasprintf("%s placed in %s", card->terrain[r->amount].name, at);
	case EFFECT_REMOVE:
		return xasprintf("%s taken from %s", card->terrain[r->amount].name, at);
	case EFFECT_REPLACE:
		return xasprintf("%s in %s: then %s", card->terrain[r->amount].name, at,
		                 card->terrain[r->with].name);
	case EFFECT_STRUCTURE_HIT_ON:
		st = event_structure_defended(g, h);
		if (st == NULL)
			return xasprintf("no structure in %s to roll for", at);
		name = event_structure_name(g, st);
		s = xasprintf("%s: a structure roll, %ld or more of a d6 is a hit (%d in 6, "
		              "%.1f%%); %d/%d hits now",
		              name, r->amount, 7 - (int)r->amount, 100.0 * (7 - (int)r->amount) / 6.0,
		              st->hits, st->strength);
		free(name);
		return s;
	default:
		return xasprintf("nothing happens to %s", at);
	}
}

/* For a battle asked about: what it would do to the hex, by the faces it may roll. */
void
cmd_battle_events_preview(struct battle *bt, struct command_result *res)
{
	const struct card *card = game_card(bt->g);
	int any = event_rule_for(card, ON_BATTLE, -1, &bt->sit, ~UINT64_C(0));
	int none = event_rule_for(card, ON_BATTLE, -1, &bt->sit, 0);

	for (int pass = 0; pass < 2; pass++) {
		int k = pass == 0 ? any : none;
		const struct rule *r;
		char *words;

		if (k < 0 || (pass == 1 && k == any))
			continue;
		r = &card->events.items[k];
		if (r->effect == EFFECT_STRUCTURE_HIT_ON && event_structure_defended(bt->g, bt->at) == NULL)
			continue;
		for (;;) {
			words = rule_words(bt->g, r, bt->at);
			cmd_say(res, "then%s: %s (%s:%d%s%s)",
			        pass == 0 && r->rolled ? " if its faces allow" : "", words, r->file,
			        r->line, r->seed ? ", seed " : "", r->seed ? r->seed : "");
			free(words);
			k = r->continues ? event_rule_after(card, ON_BATTLE, -1, &bt->sit,
			                                    pass == 0 ? ~UINT64_C(0) : 0, k)
			                 : -1;
			if (k < 0)
				break;
			r = &card->events.items[k];
		}
	}
}

/* act UNIT ACTION: something a unit does to its own hex that the card allows
 * (an event rule with `on: ACTION`), such as clearing wire; it may count as the
 * unit's battle. */
bool
cmd_act(struct game *g, int argc, char **argv, struct command_result *res)
{
	const struct card *card = game_card(g);
	struct situation sit;
	struct game_unit *u;
	const struct rule *r;
	enum event_on on;
	char *what;
	int i, k, action;

	(void)argc;
	if (!cmd_unit(g, argv[1], &i, res) || !cmd_may_order(g, i, res))
		return false;
	/* the command's word, read once: one of the card's actions */
	if (!card_event_find(card, argv[2], &on, &action) || on != ON_ACTION)
		return cmd_fail(res, "%s: %s has no such action", argv[2], card->id);
	u = &g->units[i];
	game_unit_situation(g, i, &sit);
	k = event_rule_for(card, ON_ACTION, action, &sit, 0);
	if (k < 0) {
		for (size_t n = 0; n < card->events.count; n++)
			if (card_event_is(&card->events.items[n], ON_ACTION, action))
				return cmd_fail(res, "%s may not %s here (%s:%d)", u->id, argv[2],
				                card->events.items[n].file, card->events.items[n].line);
		return cmd_fail(res, "%s: %s has no such action", argv[2], card->id);
	}
	r = &card->events.items[k];
	if (r->instead_of_battle && u->battled)
		return cmd_fail(res, "%s has battled this turn; %s is instead of battling (%s:%d)",
		                u->id, argv[2], r->file, r->line);
	event_apply(g, u->hex, r, &what);
	if (r->instead_of_battle)
		u->battled = true;
	cmd_say(res, "%s: %s%s (%s:%d%s%s)", u->id, what,
	        r->instead_of_battle ? ", instead of battling" : "", r->file, r->line,
	        r->seed ? ", seed " : "", r->seed ? r->seed : "");
	game_log(g, "%s: %s%s", u->id, what, r->instead_of_battle ? ", instead of battling" : "");
	free(what);
	return true;
}

/* damage HEX [SIDE] [N]: structural hits the players count on the table. */
bool
cmd_damage(struct game *g, int argc, char **argv, struct command_result *res)
{
	const char *const *names = hex_direction_names(game_board(g));
	struct scen_structure *st;
	struct hex h;
	long hits = 1;
	int dir = -1, next = 2;
	char *what;

	if (!cmd_hex(g, argv[1], &h, res))
		return false;
	for (int d = 0; argc > 2 && d < HEX_DIRECTIONS; d++)
		if (strcmp(argv[2], names[d]) == 0) /* reader: command words */
			dir = d;
	if (dir >= 0)
		next = 3;
	if (argc > next + 1 || (argc == next + 1 && !str_long(argv[next], 1, 99, &hits)))
		return cmd_fail(res, "usage: damage HEX [SIDE] [HITS], hits 1 to 99");
	st = event_structure_at(g, h, dir);
	if (st == NULL)
		return cmd_fail(res, "%s%s%s holds no structure", argv[1], dir >= 0 ? " " : "",
		                dir >= 0 ? names[dir] : "");
	if (st->hits >= st->strength)
		return cmd_fail(res, "%s is destroyed already", argv[1]);
	event_structure_hit(g, st, (int)hits, &what);
	cmd_say(res, "%s", what);
	game_log(g, "%s", what);
	free(what);
	return true;
}
