/* cmd.h: what the files implementing commands share (engine layer, internal).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_CMD_H
#define HEXAID_CMD_H

#include <stdbool.h>

#include "command.h"
#include "game.h"

/* cmd-base.c: what every command file builds on; it calls no other one. */

void cmd_say(struct command_result *res, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Report a failure; returns false so a command can `return cmd_fail(...)`. */
bool cmd_fail(struct command_result *res, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Say what the last line said is (and, for a step, how a narrow pane shows it). */
void cmd_mark(struct command_result *res, enum line_kind kind, const char *brief);
/* Each step of an explanation as a line of the result. */
void cmd_say_steps(struct command_result *res, const struct explanation *why);
/* Nobody reads this command's words: it says nothing (res->quiet) and the log is
 * not written (g->replaying: a save's log, or the one kept, stands). Its
 * explanations are then built quiet, steps with values and no words, and text
 * that only they would show is not made (a quiet replay, HACKING.md). */
bool cmd_unread(const struct game *g, const struct command_result *res);

/* Arguments people type: a hex label, a unit id (or a unit's hex), a terrain id of
 * some kinds. Each reports what is wrong and how to put it right. */
bool cmd_hex(const struct game *g, const char *word, struct hex *out, struct command_result *res);
bool cmd_unit(const struct game *g, const char *word, int *out, struct command_result *res);
bool cmd_terrain_id(const struct game *g, const char *word, unsigned kinds, int *out,
                    struct command_result *res);

/* Move a unit down the card's levels of disorder (a move or a battle that
 * disorders it), saying so and logging it. */
void cmd_disorder(struct game *g, struct game_unit *u, long levels, struct command_result *res);

/* The values a unit carries and a player may set (`unit set`): its move, its
 * battle dice by combat type (where the card rolls them), the card's unit
 * values; into res->found.needs, with what each is now. cmd_value_add adds one
 * (name and now are taken over; now NULL: missing). */
void cmd_unit_values(const struct game *g, int unit, struct command_result *res);
void cmd_value_add(struct command_result *res, int unit, const char *key, char *name,
                   char *now);
/* The values a battle of attacker a at target t (-1: none) in this combat type
 * needs that neither unit gives, into res->found.needs; `dice_given`: the
 * players gave the attacker's dice (dice=N); `sides_given`: the
 * players gave each side's value of an opposed roll with the battle's words. */
void cmd_battle_value_needs(const struct game *g, int a, int t, int combat, bool dice_given,
                            bool sides_given, struct command_result *res);
/* Say the values `found` lacks, as the `unit set` lines that give them (refused,
 * or said); true when nothing is missing but optional ones. */
bool cmd_say_needs(const struct game *g, const struct command_result *found, bool refuse,
                   struct command_result *res);

/* May this unit be given an order now (move, battle, act)? Its side must be the
 * one whose turn it is, unless --force. */
bool cmd_may_order(struct game *g, int unit, struct command_result *res);

/* cmd-scenario.c */
bool cmd_scenario(struct game *g, int argc, char **argv, struct command_result *res);

/* cmd-setup.c */
bool cmd_terrain(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_erase(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_hexside(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_level(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_token(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_structure(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_unit_cmd(struct game *g, int argc, char **argv, struct command_result *res);

/* cmd-play.c, cmd-battle.c */
bool cmd_select(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_move(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_retreat(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_advance(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_form(struct game *g, int argc, char **argv, struct command_result *res);
/* cmd-base.c: a formation or status the card does not name, refused with
 * those it does. */
bool cmd_no_such_word(const struct card *card, enum fact_type type, const char *key,
                      const char *value, const char *what, struct command_result *res);
bool cmd_retreats(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_battle(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_fire(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_melee(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_hit(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_phase(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_turn(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_skip(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_note(struct game *g, int argc, char **argv, struct command_result *res);
/* What the players say after a battle's target: the keys of question-keys.h
 * that a battle takes, and a combat type. */
struct battle_words {
	const char *combat;          /* a combat type, or NULL: the only one that fits */
	enum battle_as {             /* with no combat type: chosen ... */
		AS_BATTLE,           /* ... by distance (close combat next to the target) */
		AS_FIRE,             /* ... as fire chooses it: the card's first (as=fire) */
		AS_MELEE             /* ... as melee chooses it: the card's last (as=melee) */
	} as;
	signed char given[N_FACTS];  /* stated facts (charge, stationary=false); -1: unsaid */
	int numbers[N_FACTS];        /* counts the players state in place of the map's
	                                (beyond_range=2, target_stack=2); -1: unsaid */
	const char *fire;            /* fire=TYPE: the kind of fire (reaction fire), or NULL */
	const char *rolled;          /* roll=a,b,c: the dice on the table, or NULL: hexaid rolls */
	bool by_hexaid;              /* by=hexaid: roll= is what hexaid rolled (the journal) */
	long dice;                   /* dice=N: the attacker's dice as counted; -1: its class's */
	long att_value, def_value;   /* attacker_value=N defender_value=N: each side's value;
	                                -1: unsaid */
	long drm;                    /* drm=N: a modifier the players add (0: none) */
	long structure_roll;         /* structure_roll=N: the structure's damage die; -1 */
	const char *with[8];         /* target_on=ID, crossed=ID: terrain the table has and the
	                                map not */
	const char *without[8];      /* without=ID: terrain the map has and the table not */
	int nwith, nwithout;
};

/* A battle being worked out: who, the engine's answers, what the players said. */
struct battle {
	struct game *g;
	int a, t, combat;         /* t: -1 for fire at an undefended structure */
	struct hex at;            /* the hex the battle hits */
	struct situation sit;
	struct battle_answer b;
	struct protection_answer p;
	const struct battle_words *w;
	bool commit;              /* fought, not only asked about */
	bool probe;               /* asked as the battle command would be, not fought */
	bool fought;              /* the battle took place (the dice were good) */
	bool back;                /* the target of a battle battling back (battle_back) */
	uint64_t rolled;          /* faces of the battle die rolled (bits) */
};

/* cmd-outcome.c: the battle is fought: the attacker has battled, the log says so. */
void cmd_battle_fought(struct battle *bt);

/* cmd-event.c: what the fought battle does to the target's hex (the card's event
 * rules), and a structure's damage roll. */
void cmd_battle_events(struct battle *bt, struct command_result *res);
void cmd_battle_events_preview(struct battle *bt, struct command_result *res);
bool cmd_damage(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_act(struct game *g, int argc, char **argv, struct command_result *res);

/* Whom a result is for: attacker a, target, the winner of an opposed roll (1 the
 * attacker, -1 the target, 0 a tie or not opposed), and the card's rule that
 * drops the result's retreats in this battle (no_retreat), or NULL. */
struct result_for {
	int a, target, winner;
	const struct rule *no_retreat;
};

/* cmd-result.c: the effects of row `row` of table t, for the units of *who, put
 * waiting for `apply` and said. */
void cmd_result_pending(struct game *g, const struct table *t, int row,
                        const struct result_for *who, struct command_result *res);
bool cmd_apply(struct game *g, int argc, char **argv, struct command_result *res);

/* cmd-outcome.c: roll (or take) the battle dice and apply them, or give the odds. */
bool cmd_outcome_by_dice(struct battle *bt, struct command_result *res);
/* cmd-faces.c: n faces of the card's battle die: typed (`roll=a,b,c`, names or short forms;
 * false with the reason when they do not fit) or, when `rolled` is NULL, rolled. */
bool cmd_faces_take(struct game *g, int n, const char *rolled, int *faces,
                    struct command_result *res);
/* Keep the faces hexaid rolled in the command's record (roll=a,b,c), so that undo,
 * replay and recovery apply the same dice. */
void cmd_faces_record(struct command_result *res, const struct die_kind *d, const int *faces,
                      int n);
/* The faces as words, joined by sep; the caller frees it. */
char *cmd_faces_words(const struct die_kind *d, const int *faces, int n, const char *sep);
/* cmd-outcome.c: settle the battle on the card's table, or give the odds of each row. */
bool cmd_outcome_on_table(struct battle *bt, const struct resolution *how,
                          struct command_result *res);

/* Read the words from argv[first] on; false with the reason for a word that fits
 * nothing. */
bool cmd_battle_words(const struct game *g, int argc, char **argv, int first,
                      struct battle_words *w, struct command_result *res);

/* One battle worked out and said; `commit` records that the attacker battled and
 * rolls (or takes) the dice. */
bool cmd_battle_between(struct game *g, int a, int t, const struct battle_words *w, bool commit,
                        struct command_result *res);
/* The same asked as the battle command would be (the side, the phase, once a
 * turn, the dice left), without fighting it: may it be fought now? */
bool cmd_battle_probe(struct game *g, int a, int t, const struct battle_words *w,
                      struct command_result *res);

/* The values a battle needs that no unit gives (the query `needs`): said, and
 * in res->found.needs. */
bool cmd_battle_needs(struct game *g, int a, int t, const struct battle_words *w,
                      struct command_result *res);

/* cmd-query.c */
bool cmd_show(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_los(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_range(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_explain(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_map(struct game *g, int argc, char **argv, struct command_result *res);

/* cmd-ui.c: questions the terminal interface asks */
bool cmd_line(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_targets(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_may(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_effects(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_values(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_needs(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_rolls(struct game *g, int argc, char **argv, struct command_result *res);

#endif
