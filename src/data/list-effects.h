/* list-effects.h: what a rule may do (an X-macro list).
 *
 * EFFECT(NAME, "key", VALUE, SECTIONS, "what it does"). VALUE says how the key's
 * value is read: EFFECT_INT a whole number, EFFECT_POINTS a number of movement
 * points that may be a half (1/2, 1.5), EFFECT_FLAG the word true, EFFECT_TERRAIN a
 * terrain id of the card, EFFECT_SIDE the word attacker or defender, EFFECT_TEXT
 * words for the players. SECTIONS are
 * the sections the effect may stand in.
 * SPDX-License-Identifier: GPL-3.0-or-later */
EFFECT(COST, "cost", EFFECT_POINTS, SEC_MOVE, "movement points to enter")
EFFECT(ALLOWANCE, "allowance", EFFECT_POINTS, SEC_MOVE,
       "movement allowance through it, instead of its category's")
EFFECT(COST_ADD, "cost_add", EFFECT_POINTS, SEC_MOVE, "movement points added to the cost")
EFFECT(PROHIBITED, "prohibited", EFFECT_FLAG, SEC_MOVE, "may not enter or cross")
EFFECT(MUST_STOP, "must_stop", EFFECT_FLAG, SEC_MOVE, "must stop on entering or crossing")
EFFECT(STOP_AFTER, "must_stop_after_leaving", EFFECT_FLAG, SEC_MOVE,
       "must stop in the next hex after leaving")
EFFECT(HALF_RATE, "half_rate", EFFECT_FLAG, SEC_MOVE,
       "moves at half rate (not cumulative: half once, however many features)")
EFFECT(CANNOT_STOP, "cannot_stop", EFFECT_FLAG, SEC_MOVE, "may not end its move here")
EFFECT(PASS_THROUGH, "pass_through", EFFECT_FLAG, SEC_MOVE,
       "may cross it but not stop in it: its category neither bars nor limits the move")
EFFECT(NO_CHARGE, "no_charge", EFFECT_FLAG, SEC_MOVE,
       "may not charge into, through, out of or across it")
EFFECT(DISORDER, "disorder", EFFECT_INT, SEC_MOVE | SEC_BATTLE,
       "levels of disorder: for the unit that enters (move), or for the attacker "
       "once it has battled (battle)")
EFFECT(ROAD_BONUS, "road_bonus", EFFECT_INT, SEC_MOVE,
       "extra movement when the whole move follows it")
EFFECT(NO_ROAD_MOVE, "no_road_move", EFFECT_FLAG, SEC_MOVE,
       "a path's: the unit may not move along it in this step; the terrain it passes "
       "through counts, as off the path")
EFFECT(ROAD_RATE, "road_rate", EFFECT_INT, SEC_MOVE,
       "movement allowance when the whole move follows it")
EFFECT(DICE, "dice", EFFECT_INT, SEC_BATTLE | SEC_MODIFIERS, "battle dice added (or removed when negative)")
EFFECT(NO_BATTLE, "no_battle", EFFECT_FLAG, SEC_BATTLE | SEC_MODIFIERS, "may not battle")
EFFECT(HALVE, "halve", EFFECT_FLAG, SEC_BATTLE | SEC_COVER | SEC_MODIFIERS,
       "halve the dice, rounding down (cumulative: once per feature)")
EFFECT(DRM, "drm", EFFECT_INT, SEC_BATTLE | SEC_MODIFIERS, "added to the attacker's die roll")
EFFECT(DEFENSE, "defense", EFFECT_INT, SEC_BATTLE | SEC_MODIFIERS,
       "added to the defender's value, where both sides roll")
EFFECT(NO_RETREAT, "no_retreat", EFFECT_FLAG, SEC_BATTLE | SEC_MODIFIERS,
       "the result's retreats are not taken; its other effects are (a duel of two classes, say)")
EFFECT(TIE, "tie", EFFECT_SIDE, SEC_BATTLE | SEC_MODIFIERS,
       "where both sides roll, a tie goes to this side (attacker or defender); rules "
       "for both sides cancel out, one for one")
EFFECT(IGNORE_HITS, "ignore_hits", EFFECT_INT, SEC_PROTECTION | SEC_MODIFIERS,
       "hit symbols the target ignores")
EFFECT(IGNORE_FLAGS, "ignore_flags", EFFECT_INT, SEC_PROTECTION | SEC_MODIFIERS,
       "flags the target ignores")
EFFECT(SUPPORT, "support", EFFECT_INT, SEC_PROTECTION,
       "counts as this many supports for the target it shelters (target_supports)")
EFFECT(HITS, "hits", EFFECT_INT, SEC_SCORING, "hits a face of the battle die scores")
EFFECT(FLAGS, "flags", EFFECT_INT, SEC_SCORING, "flags (retreats) a face of the battle die scores")
EFFECT(NO_PROTECTION, "no_protection", EFFECT_FLAG, SEC_PROTECTION | SEC_MODIFIERS,
       "the target has no terrain protection at all")
EFFECT(PLACE, "place", EFFECT_TERRAIN, SEC_EVENTS, "put this token on the hex")
EFFECT(REMOVE, "remove", EFFECT_TERRAIN, SEC_EVENTS, "take this terrain or token off the hex")
EFFECT(REPLACE, "replace", EFFECT_TERRAIN, SEC_EVENTS,
       "put the terrain given with `with:` in place of this one")
EFFECT(NOTHING, "nothing", EFFECT_FLAG, SEC_EVENTS,
       "nothing happens to the hex (an exception to the rules after it)")
EFFECT(STRUCTURE_HIT_ON, "structure_hit_on", EFFECT_INT, SEC_EVENTS,
       "roll one more d6 for the structure the target defends: this or more is a hit")
EFFECT(REMIND, "remind", EFFECT_TEXT,
       SEC_MOVE | SEC_BATTLE | SEC_PROTECTION | SEC_COVER | SEC_MODIFIERS,
       "a rule hexaid does not reckon, told to the players where it applies")
EFFECT(LOSE, "lose", EFFECT_INT, SEC_EVENTS,
       "an enter event: the unit that enters loses this much strength, and its move ends there")
EFFECT(LOST, "lost", EFFECT_FLAG, SEC_EVENTS,
       "an enter event: the unit that enters is lost (eliminated, whatever its strength)")
