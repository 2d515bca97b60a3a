/* list-commands.h: the words of hexaid's command language (an X-macro list).
 *
 * COMMAND(NAME, "word"), in the order of the engine's command table
 * (command_table in command.c, whose rows are indexed by CMD_NAME). The card
 * reader knows the words so that a phase's `allows:` and `reactions:` become
 * command indexes when a card is read, and a word that is no command is an
 * error there, with its place in the file; what each command does is the
 * engine's.
 * SPDX-License-Identifier: GPL-3.0-or-later */
COMMAND(TERRAIN, "terrain")
COMMAND(ERASE, "erase")
COMMAND(HEXSIDE, "hexside")
COMMAND(LEVEL, "level")
COMMAND(TOKEN, "token")
COMMAND(STRUCTURE, "structure")
COMMAND(UNIT, "unit")
COMMAND(SELECT, "select")
COMMAND(MOVE, "move")
COMMAND(RETREAT, "retreat")
COMMAND(ADVANCE, "advance")
COMMAND(FORM, "form")
COMMAND(BATTLE, "battle")
COMMAND(FIRE, "fire")
COMMAND(MELEE, "melee")
COMMAND(HIT, "hit")
COMMAND(APPLY, "apply")
COMMAND(ACT, "act")
COMMAND(DAMAGE, "damage")
COMMAND(PHASE, "phase")
COMMAND(TURN, "turn")
COMMAND(SKIP, "skip")
COMMAND(NOTE, "note")
COMMAND(SHOW, "show")
COMMAND(LOS, "los")
COMMAND(RANGE, "range")
COMMAND(EXPLAIN, "explain")
COMMAND(MAP, "map")
COMMAND(LINE, "line")
COMMAND(TARGETS, "targets")
COMMAND(MAY, "may")
COMMAND(EFFECTS, "effects")
COMMAND(ROLLS, "rolls")
COMMAND(RETREATS, "retreats")
COMMAND(VALUES, "values")
COMMAND(NEEDS, "needs")
COMMAND(HELP, "help")
COMMAND(UNDO, "undo")
COMMAND(REDO, "redo")
COMMAND(SAVE, "save")
