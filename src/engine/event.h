/* event.h: what battles do to the hexes they hit (engine layer): the card's event
 * rules (place, remove or replace terrain and tokens; a structure's damage roll),
 * the structures the players track, and the physical supply of tokens.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_EVENT_H
#define HEXAID_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include "card.h"
#include "game.h"
#include "terrain.h"

/* The first of the card's event rules for the event `on` (and, for ON_ACTION,
 * the card's action `action`) that applies in this situation, with these faces
 * of the battle die rolled (bits); -1 when none. */
int event_rule_for(const struct card *card, enum event_on on, int action,
                   const struct situation *sit, uint64_t rolled);
/* The same among the rules after rule `after` (-1: all): the next that acts when
 * rule `after` continues. */
int event_rule_after(const struct card *card, enum event_on on, int action,
                     const struct situation *sit, uint64_t rolled, int after);
/* Does the card give any rule for the event `on`? (Then a move need not ask
 * for each hex it enters.) */
bool event_any(const struct card *card, enum event_on on, int action);

/* Do what an event rule (place, remove, replace) does to hex h. *what says what
 * changed, or why nothing did (free it). False when nothing changed. */
bool event_apply(struct game *g, struct hex h, const struct rule *r, char **what);

/* The structure a unit in hex h defends: the hex's own, else one on a side of
 * the hex; not a destroyed one. NULL when there is none. */
struct scen_structure *event_structure_defended(struct game *g, struct hex h);

/* The structure of hex h (dir -1) or of its side dir, or NULL. */
struct scen_structure *event_structure_at(struct game *g, struct hex h, int dir);
/* The terrain the card makes a structure of in hex h (dir -1) or on its side dir,
 * as scenario.c finds it: the first there with a structure strength; or -1. */
int event_card_structure(const struct game *g, struct hex h, int dir);

/* Add hits to a structure; at its strength it is destroyed and its terrain
 * becomes what the card says. *what says what happened (free it). */
void event_structure_hit(struct game *g, struct scen_structure *st, int hits, char **what);

/* "Mill in 0806" or "Span on the ne side of 0304": the structure for people;
 * free it. */
char *event_structure_name(const struct game *g, const struct scen_structure *st);

/* A warning when placing one more of token t goes past the supply the scenario
 * states (free it), or NULL. */
char *event_supply_warning(const struct game *g, int t);

#endif
