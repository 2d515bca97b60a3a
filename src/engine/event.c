/* event.c: what battles do to the hexes they hit (engine layer). For an event
 * ("battle"), the card's event rules are tried in order and the first whose
 * conditions hold applies (and the next after it, if it `continues`): it places, removes or replaces a terrain or token of the
 * target's hex, or asks for a structure's damage roll. Structures take hits up
 * to their strength, then become the terrain the card names.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "event.h"
#include "xmalloc.h"

int
event_rule_for(const struct card *card, enum event_on on, int action,
               const struct situation *sit, uint64_t rolled)
{
	return event_rule_after(card, on, action, sit, rolled, -1);
}

int
event_rule_after(const struct card *card, enum event_on on, int action,
                 const struct situation *sit, uint64_t rolled, int after)
{
	for (size_t k = (size_t)(after + 1); k < card->events.count; k++) {
		const struct rule *r = &card->events.items[k];

		if (!card_event_is(r, on, action) || (r->rolled != 0 && (r->rolled & rolled) == 0))
			continue;
		if (terrain_rule_applies(card, sit, r))
			return (int)k;
	}
	return -1;
}

bool
event_any(const struct card *card, enum event_on on, int action)
{
	for (size_t k = 0; k < card->events.count; k++)
		if (card_event_is(&card->events.items[k], on, action))
			return true;
	return false;
}

static char *
hex_words(const struct game *g, struct hex h)
{
	char buf[HEX_LABEL_SIZE];

	hex_label(game_board(g), h, buf);
	return xstrdup(buf);
}

bool
event_apply(struct game *g, struct hex h, const struct rule *r, char **what)
{
	const struct card *card = game_card(g);
	struct tset *cell = game_hex_terrain(g, h);
	int t = (int)r->amount;
	char *at = hex_words(g, h), *warn = NULL;
	bool done = false;

	switch (r->effect) {
	case EFFECT_PLACE:
		warn = event_supply_warning(g, t);
		done = !tset_has(cell, t) && tset_add(cell, t);
		*what = xasprintf(done ? "%s placed in %s%s%s" : "%s: %s holds one already%s%s",
		                  card->terrain[t].name, at, warn ? "; " : "", warn ? warn : "");
		break;
	case EFFECT_REMOVE:
		done = tset_remove(cell, t);
		*what = xasprintf(done ? "%s taken from %s" : "%s: %s holds none", card->terrain[t].name,
		                  at);
		break;
	case EFFECT_REPLACE:
		done = tset_remove(cell, t);
		if (done)
			tset_add(cell, r->with);
		*what = done ? xasprintf("%s in %s: now %s", card->terrain[t].name, at,
		                         card->terrain[r->with].name)
		             : xasprintf("%s: %s holds none", card->terrain[t].name, at);
		break;
	default:
		*what = xasprintf("nothing happens to %s", at);
		break;
	}
	free(warn);
	free(at);
	return done;
}

int
event_card_structure(const struct game *g, struct hex h, int dir)
{
	const struct card *card = game_card(g);
	const struct tset *cell = game_hex(g, h);

	if (dir < 0) {
		for (size_t k = 0; k < cell->count; k++)
			if (card->terrain[cell->items[k]].structure_strength > 0)
				return cell->items[k];
		return -1;
	}
	for (size_t i = 0; i < g->nsides; i++)
		if (hexside_eq(g->sides[i].side, hexside_of(h, dir)) &&
		    card->terrain[g->sides[i].feature].structure_strength > 0)
			return g->sides[i].feature;
	return -1;
}

struct scen_structure *
event_structure_at(struct game *g, struct hex h, int dir)
{
	for (size_t i = 0; i < g->nstructures; i++) {
		struct scen_structure *st = &g->structures[i];
		if (dir < 0 ? st->dir < 0 && hex_eq(st->hex, h)
		            : st->dir >= 0 && hexside_eq(hexside_of(st->hex, st->dir), hexside_of(h, dir)))
			return st;
	}
	return NULL;
}

struct scen_structure *
event_structure_defended(struct game *g, struct hex h)
{
	struct scen_structure *st = event_structure_at(g, h, -1);

	if (st != NULL && st->hits < st->strength)
		return st;
	for (int d = 0; d < HEX_DIRECTIONS; d++) {
		st = event_structure_at(g, h, d);
		if (st != NULL && st->hits < st->strength)
			return st;
	}
	return NULL;
}

char *
event_structure_name(const struct game *g, const struct scen_structure *st)
{
	char buf[HEX_LABEL_SIZE];

	hex_label(game_board(g), st->hex, buf);
	if (st->dir < 0)
		return xasprintf("%s in %s", game_card(g)->terrain[st->terrain].name, buf);
	return xasprintf("%s on the %s side of %s", game_card(g)->terrain[st->terrain].name,
	                 hex_direction_names(game_board(g))[st->dir], buf);
}

/* A destroyed structure's terrain becomes the card's `becomes`, or goes. */
static void
destroy(struct game *g, const struct scen_structure *st)
{
	int becomes = game_card(g)->terrain[st->terrain].structure_becomes;

	if (st->dir < 0) {
		struct tset *cell = game_hex_terrain(g, st->hex);
		tset_remove(cell, st->terrain);
		if (becomes >= 0)
			tset_add(cell, becomes);
		return;
	}
	for (size_t i = 0; i < g->nsides; i++) {
		struct scen_hexside *s = &g->sides[i];
		if (!hexside_eq(s->side, hexside_of(st->hex, st->dir)) || s->feature != st->terrain)
			continue;
		if (becomes >= 0)
			s->feature = becomes;
		else
			game_side_remove(g, s->side, st->terrain);
		return;
	}
}

void
event_structure_hit(struct game *g, struct scen_structure *st, int hits, char **what)
{
	const struct terrain *t = &game_card(g)->terrain[st->terrain];
	char *name = event_structure_name(g, st);

	st->hits = st->hits + hits > st->strength ? st->strength : st->hits + hits;
	if (st->hits < st->strength) {
		*what = xasprintf("%s: %d/%d hits", name, st->hits, st->strength);
	} else {
		destroy(g, st);
		*what = xasprintf("%s: %d/%d hits, destroyed%s%s (%s:%d)", name, st->hits, st->strength,
		                  t->structure_becomes >= 0 ? "; it is now " : "",
		                  t->structure_becomes >= 0
		                          ? game_card(g)->terrain[t->structure_becomes].name
		                          : "",
		                  t->file, t->structure_line);
	}
	free(name);
}

char *
event_supply_warning(const struct game *g, int t)
{
	const struct scenario *sc = &g->sc;

	for (size_t i = 0; i < sc->nsupplies; i++) {
		const struct scen_supply *s = &sc->supplies[i];
		long used = 0;
		bool counts = false;

		for (size_t k = 0; k < s->ntokens; k++)
			counts |= s->tokens[k] == t;
		if (!counts)
			continue;
		for (size_t c = 0; c < (size_t)sc->board.rows * (size_t)sc->board.columns; c++)
			for (size_t k = 0; k < s->ntokens; k++)
				used += tset_has(&g->terrain[c], s->tokens[k]);
		if (used + 1 > s->count)
			return xasprintf("warning: that makes %ld, and the box holds %d", used + 1,
			                 s->count);
	}
	return NULL;
}
