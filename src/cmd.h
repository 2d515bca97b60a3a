/* cmd.h: what the files implementing commands share (engine layer, internal). */
#ifndef HEXAID_CMD_H
#define HEXAID_CMD_H

#include <stdbool.h>

#include "command.h"
#include "game.h"

void cmd_say(struct command_result *res, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Report a failure; returns false so a command can `return cmd_fail(...)`. */
bool cmd_fail(struct command_result *res, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Each step of an explanation as a line of the result. */
void cmd_say_steps(struct command_result *res, const struct explanation *why);

/* Arguments people type: a hex label, a unit id (or a unit's hex), a terrain id of
 * some kinds. Each reports what is wrong and how to put it right. */
bool cmd_hex(const struct game *g, const char *word, struct hex *out, struct command_result *res);
bool cmd_unit(const struct game *g, const char *word, int *out, struct command_result *res);
bool cmd_terrain_id(const struct game *g, const char *word, unsigned kinds, int *out,
                    struct command_result *res);

/* May this unit act now? Its side must be the acting one, unless --force. */
bool cmd_may_act(struct game *g, int unit, struct command_result *res);

/* cmd-setup.c */
bool cmd_terrain(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_hexside(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_level(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_token(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_structure(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_unit_cmd(struct game *g, int argc, char **argv, struct command_result *res);

/* cmd-play.c */
bool cmd_select(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_move(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_battle(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_fire(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_melee(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_phase(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_turn(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_note(struct game *g, int argc, char **argv, struct command_result *res);
/* One battle worked out and said; `commit` records that the attacker battled. */
bool cmd_battle_between(struct game *g, int a, int t, const char *combat_word,
                        const signed char *given, bool commit, struct command_result *res);

/* The words after a battle's target: a combat type, and stated facts. */
bool cmd_battle_words(const struct game *g, int argc, char **argv, int first, const char **combat,
                      signed char *given, struct command_result *res);

/* cmd-query.c */
bool cmd_show(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_los(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_range(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_explain(struct game *g, int argc, char **argv, struct command_result *res);
bool cmd_map(struct game *g, int argc, char **argv, struct command_result *res);

#endif
