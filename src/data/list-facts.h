/* list-facts.h: the facts a rule's conditions may test (an X-macro list).
 *
 * FACT(NAME, "key", TYPE, "what it means") where TYPE is how a condition's value is
 * read and matched, one of the nine fact types of card.h: a unit class (FT_CLASS:
 * matches the class and every class it is a kind of), a terrain id (FT_TERRAIN:
 * matches when the situation's hex holds it), a combat type (FT_COMBAT) or a fire
 * type (FT_FIRE) the card declares, one of its statuses (FT_STATUS: a unit may
 * have several) or formations (FT_FORMATION), true / false (FT_BOOL), a choice of
 * one of the players' settings (FT_SETTING), or a number (FT_NUMBER: N, A-B or N+).
 *
 * A number fact is written NUMBER_FACT(NAME, "key", UNKNOWN, "what it means"):
 * UNKNOWN is its value in a situation that does not say it (-1 matches no
 * condition; 0 counts none). A file that only needs FACT gets it as an FT_NUMBER
 * FACT. Like the true / false facts, a situation holds the numbers indexed by
 * fact (struct situation's facts[] and numbers[]) and `hexaid explain` reads each
 * by its key, so a new fact is a line here plus the code that works it out.
 * Cards name the key; C knows the fact.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef NUMBER_FACT
#define NUMBER_FACT(name, key, unknown, help) FACT(name, key, FT_NUMBER, help)
#define LIST_FACTS_NUMBER_AS_FACT
#endif
FACT(ATTACKER, "attacker", FT_CLASS, "the attacking unit is of this class")
FACT(TARGET, "target", FT_CLASS, "the target unit is of this class")
FACT(UNIT, "unit", FT_CLASS, "the moving unit is of this class")
FACT(COMBAT, "combat", FT_COMBAT, "the combat is of this type")
FACT(FIRE, "fire", FT_FIRE, "the fire is of this type")
FACT(ATTACKER_STATUS, "attacker_status", FT_STATUS, "the attacking unit has this status")
FACT(TARGET_STATUS, "target_status", FT_STATUS, "the target unit has this status")
FACT(ATTACKER_FORMATION, "attacker_formation", FT_FORMATION, "the attacker is in this formation")
FACT(TARGET_FORMATION, "target_formation", FT_FORMATION, "the target is in this formation")
FACT(ATTACKER_ON, "attacker_on", FT_TERRAIN, "the attacker's hex holds this terrain")
FACT(TARGET_ON, "target_on", FT_TERRAIN, "the target's hex holds this terrain")
NUMBER_FACT(DISTANCE, "distance", -1,
            "the target is this far from the attacker (hexes, or the card's unit): N, A-B or N+")
FACT(MOVED_ONTO, "moved_onto", FT_BOOL, "the attacker moved onto its hex this turn")
FACT(ROAD_MOVE, "road_move", FT_BOOL, "the unit used road movement this turn")
FACT(BATTLED, "battled", FT_BOOL, "the unit has battled this turn")
FACT(STATIONARY, "stationary", FT_BOOL, "the target stayed still this initiative")
FACT(FROM_LOWER, "from_lower", FT_BOOL, "the attacker stands lower than the target")
FACT(OTHER_HILL, "other_hill_group", FT_BOOL,
     "the attacker stands on a hill of another group of hill hexes")
FACT(FROM_FLANK, "from_flank", FT_BOOL, "the attack comes from the target's flank")
FACT(FROM_REAR, "from_rear", FT_BOOL, "the attack comes from the target's rear")
FACT(ON_TARGET, "on_target", FT_BOOL,
     "the attack's targeting dice were On Target in the number the card's events ask")
NUMBER_FACT(ATTACKER_SUPPORTS, "attacker_supports", 0,
            "the attacker has this many supports (friendly units next to it): N, A-B or N+")
NUMBER_FACT(TARGET_SUPPORTS, "target_supports", 0,
            "the target has this many supports (friendly units next to it, and terrain "
            "that counts as support): N, A-B or N+")
FACT(ANY_ATTACKER, "any_attacker", FT_CLASS,
     "the attacker, or a unit attacking with it (with=), is of this class")
FACT(ALL_ATTACKERS, "all_attackers", FT_CLASS,
     "the attacker and every unit attacking with it (with=) are of this class")
NUMBER_FACT(ATTACKER_STACK, "attacker_stack", -1,
            "this many units attack together from the attacker's hex: N, A-B or N+")
NUMBER_FACT(TARGET_STACK, "target_stack", -1,
            "this many units stand in the target's hex (those the card's rule counts): N, A-B or N+")
NUMBER_FACT(ATTACKER_RATING, "attacker_rating", -1,
            "the attacking side's rating that the card's rule names (its best cohesion, its "
            "strength plus morale), from the counters: N, A-B or N+")
NUMBER_FACT(TARGET_RATING, "target_rating", -1,
            "the defending side's rating that the card's rule names, from the counters: N, A-B or N+")
NUMBER_FACT(BEYOND_RANGE, "beyond_range", -1,
            "the target is this many hexes beyond the firer's efficient range: N, A-B or N+")
FACT(FRONT_AND_REAR, "from_front_and_rear", FT_BOOL,
     "the target is attacked at once from one of its front hexes and one of its rear hexes")
FACT(REAR_EXPOSED, "rear_exposed", FT_BOOL,
     "one of the attacker's rear hexes is a front hex of an enemy unit not in the battle")
FACT(ADJACENT, "adjacent", FT_BOOL, "attacker and target are in adjacent hexes")
FACT(CHARGE, "charge", FT_BOOL, "the move or attack is a charge")
FACT(REDEPLOY, "redeploy", FT_BOOL, "the move is a redeployment")
FACT(SETTING, "setting", FT_SETTING, "a setting the players chose has this value")
FACT(NEXT_TO_ENEMY, "next_to_enemy", FT_BOOL,
     "the hex the unit moves into is next to an enemy unit")
FACT(ATTACKING_OUT, "attacking_out", FT_BOOL,
     "the attacker is inside the feature, attacking out of it")
#ifdef LIST_FACTS_NUMBER_AS_FACT
#undef NUMBER_FACT
#undef LIST_FACTS_NUMBER_AS_FACT
#endif
