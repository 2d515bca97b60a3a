/* terrain.h: the terrain engine: pure queries over a card and a situation
 * (engine layer). Every answer comes with its explanation.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_TERRAIN_H
#define HEXAID_TERRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "explain.h"


/* One question put to the engine. Classes and types are card indexes, -1 when
 * not part of the question. */
struct situation {
	int attacker, target, unit;
	int combat, fire;
	int attacker_formation, target_formation;
	uint64_t attacker_status, target_status; /* bit i: status i of the card */
	struct tset attacker_on;  /* terrain in the attacker's hex (the mover's new hex) */
	struct tset target_on;    /* terrain in the target's hex */
	struct tset crossed;      /* hexside features the attack or move crosses */
	struct tset zone;         /* features in the zone of fire; one entry per feature */
	bool facts[N_FACTS];      /* the true / false facts */
	int settings[MAX_SETTINGS]; /* the choice made for each setting; -1: its default */
	long base;                /* base dice (battle) */
	bool base_given;          /* the question counts dice (else only modifiers) */
	const struct uclass *base_from; /* the class whose card line gave them; NULL: given */
	const char *base_unit;    /* the unit whose own dice they are (scenario, unit set) */
	int base_distance;        /* the distance they were read at */
	int numbers[N_FACTS];     /* the number facts (distance, supports, ...); each is
	                             the UNKNOWN of list-facts.h until said */
	int with[8];              /* classes of the units attacking with the attacker */
	size_t nwith;
	bool quiet;               /* only the numbers are wanted: the answer's steps are
	                             not put in words (see struct explanation) */
};

void situation_init(struct situation *sit);

/* What the sides of a battle carry that completes its situation: each side's
 * rating and the attacker's efficient range (card values of those uses; -1: none
 * given), and the levels of the attacker's and the target's hexes (-1: unknown). */
struct situation_sides {
	long rating[2];           /* the attacker's, the target's */
	long range;               /* the attacker's efficient range */
	int level[2];             /* the attacker's hex, the target's hex */
};
/* The sides as the classes in the situation give them (their class values) and
 * the levels the card gives the terrain of their hexes (unknown when a hex's
 * terrain is not said): what explain knows without a map. */
void situation_sides_of_classes(const struct card *card, const struct situation *sit,
                                struct situation_sides *out);
/* Complete a situation from its sides, for play and for explain alike: each
 * rating and beyond_range (from the distance and the range) that is unknown, and
 * from_lower from the levels when both are known. */
void situation_complete(struct situation *sit, const struct situation_sides *s);

struct battle_answer {
	bool may_battle;
	bool counts_dice;         /* dice were given, added, removed or halved */
	bool base_known;          /* the base dice were given */
	long dice_change;         /* dice added (or removed) by the rules */
	int halvings;             /* times the dice were halved */
	long dice;                /* final dice, after additions and halvings */
	long drm;                 /* summed die-roll modifier */
	long defense;             /* summed addition to the defender's value */
	long disorder;            /* levels of disorder the attacker takes for battling */
	long tie;                 /* tie rules: those for the attacker less those for the defender */
	int tie_rules;            /* how many tie rules apply */
	const struct rule *no_retreat; /* the rule that drops the result's retreats, or NULL */
	struct explanation why;
};

struct protection_answer {
	long ignore_hits, ignore_flags;
	bool hits_optional, flags_optional; /* "may": the owning player decides */
	bool none;                /* all terrain protection is removed */
	struct explanation why;
};

struct move_answer {
	bool prohibited, must_stop, stop_after_leaving, half_rate, cannot_stop, no_charge;
	bool cannot_stop_here;    /* the entered hex's own terrain forbids ending there */
	bool pass_through;        /* the unit may cross the terrain, not stop in it */
	long cost;                /* movement points, in halves: to enter plus added */
	long cost_to_enter;       /* the highest cost to enter among the hex's terrain */
	bool has_cost;            /* the card priced this move */
	long allowance;           /* from the terrain's category, in halves; -1: none */
	long disorder;
	long road_bonus;
	long road_rate;           /* allowance along a path, in the card's distance units */
	bool road_barred;         /* a road move, but a path's rule bars it here (no_road_move) */
	struct explanation why;
};

/* The effects whose steps a battle's dice come to: its base dice, dice added
 * or removed, halvings (each step the change it made). */
#define BATTLE_DICE_STEPS \
	(EXPLAIN_EFFECT(EFFECT_DICE) | EXPLAIN_EFFECT(EFFECT_HALVE))

/* The battle's dice, modifiers and ties, each headline the sum of its steps:
 * explain_sum(&out->why, BATTLE_DICE_STEPS) is out->dice when the base is
 * known, EXPLAIN_EFFECT(EFFECT_DRM) out->drm, EFFECT_DEFENSE out->defense. */
void terrain_battle(const struct card *card, const struct situation *sit,
                    struct battle_answer *out);
void terrain_protection(const struct card *card, const struct situation *sit,
                        struct protection_answer *out);
void terrain_move(const struct card *card, const struct situation *sit, struct move_answer *out);
/* The rule of path `path` that bars a road move in this situation (its
 * `no_road_move:` whose conditions hold), or NULL: none, or not a road move. */
const struct rule *terrain_path_barred(const struct card *card, const struct situation *sit,
                                       int path);
/* Leaving a hex: the rules of the terrain in sit->attacker_on (here the hex the
 * unit leaves) that act on leaving: must stop in the next hex, no charge out of
 * it. Only those are answered. */
void terrain_leave(const struct card *card, const struct situation *sit, struct move_answer *out);

/* One hex of a line of sight, from the viewer to the target inclusive. */
struct los_hex {
	struct tset terrain;
	bool unit;                /* a unit stands here */
	bool friend;              /* ... of the viewer's side */
	int level;                /* a level the map gives the hex beside its terrain's */
};

struct los_answer {
	bool clear;
	int blocked_at;           /* index of the blocking hex, or -1 */
	struct explanation why;
};

void terrain_los(const struct card *card, const struct los_hex *hexes, size_t n,
                 struct los_answer *out);

/* The same question asked hex by hex, so that a line is read only as far as its
 * first blocking hex (game.c walks the board's lines so): begin with the line's
 * two ends and its length n (false when nothing lies between), then each hex
 * between, i = 1 .. n - 2, while it answers true (the line is still clear), then
 * end. The answer is terrain_los's for the whole line. */
struct los_walk {
	size_t n;
	int lo;                   /* the lower end's level */
	bool can_block;           /* some terrain, level or unit may block a line on this
	                             card: false, and every line is clear, so its hexes
	                             need not be asked */
};

bool terrain_los_begin(const struct card *card, const struct los_hex *first,
                       const struct los_hex *last, size_t n, struct los_walk *walk,
                       struct los_answer *out);
bool terrain_los_hex(const struct card *card, const struct los_walk *walk, size_t i,
                     const struct los_hex *h, struct los_answer *out);
void terrain_los_end(const struct los_walk *walk, struct los_answer *out);

/* May a unit of class cls on hex `from` fire over the unit on `next`, the hex next
 * to it on the line: a friend, lower, on terrain that does not block the line, and
 * the card lets the class (`fire_over_friends`)? */
bool terrain_fires_over(const struct card *card, int cls, const struct los_hex *from,
                        const struct los_hex *next);

/* Does a rule apply in this situation (its `when:` holds, its `unless:` not)? And
 * is it overruled by a rule of the same list naming a more specific class? */
bool terrain_rule_applies(const struct card *card, const struct situation *sit,
                          const struct rule *r);
bool terrain_rule_overruled(const struct card *card, const struct situation *sit,
                            const struct rule_list *rl, size_t k);

/* A rule's conditions in words ("attacker class_a, combat melee"); free it. */
char *terrain_describe_conds(const struct card *card, const struct rule *r);

/* The level of a hex: the highest level its terrain gives. */
int terrain_level(const struct card *card, const struct tset *hex);

#endif
