/* model-battle.c: the battle workflow (ui layer), from its set-up to what it
 * leaves to do, for the dice pane to show and the keys to drive. A battle is set
 * up between the selected unit and the one at the cursor, with a command word
 * (fire, melee, battle) and the players' words; `explain` says its dice, steps
 * and odds (the answer kept in t->dice for the dice pane). Before the dice, the
 * values it lacks are asked (`needs`, remembered with `unit set`); `r` runs the
 * battle command, `e` runs it with the dice rolled on the table (roll=...).
 * After it: its table's result applied with one confirmation (`apply`, taken
 * back by undo); the retreat a unit owes, to one of the hexes `retreats`
 * offers; the battle back of a defender the card allows one. The engine says
 * what waits (the game's pending effects, a unit's retreat_due and
 * battle_back_vs); this file offers it through keys and calls no pane.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "xmalloc.h"

void
battle_clear(struct tui *t)
{
	free(t->battle.refused);
	free(t->battle.attacker);
	free(t->battle.target);
	free(t->battle.words);
	memset(&t->battle, 0, sizeof t->battle);
}

/* Show an answer: its lines, and what each is. */
static void
set_lines(struct tui *t, const struct command_result *res)
{
	struct command_result *d = &t->dice;

	command_result_free(d);
	for (size_t i = 0; i < res->lines.count; i++)
		strlist_add(&d->lines, res->lines.items[i]);
	d->marks = xcalloc(res->nmarks + 1, sizeof *d->marks);
	for (size_t i = 0; i < res->nmarks; i++) {
		d->marks[i].kind = res->marks[i].kind;
		d->marks[i].brief = res->marks[i].brief ? xstrdup(res->marks[i].brief) : NULL;
	}
	d->nmarks = d->cap_marks = res->nmarks;
	t->dice_answers++;
}

/* The words that say the battle's combat type: the one the engine answered it
 * is, once asked; until then, as the command word chooses it (as=fire). */
static char *
combat_words(const struct tui *t)
{
	const struct card *card = game_card(&t->s->game);

	if (t->battle.has_combat && (size_t)t->battle.combat < card->words[WL_COMBAT].count)
		return xstrdup(card->words[WL_COMBAT].words[t->battle.combat]);
	return xasprintf("as=%s", t->battle.verb);
}

/* The command word of a battle command (its MAY_ bit): the word typed. */
static const char *
verb_word(unsigned kind)
{
	return kind == MAY_FIRE ? "fire" : kind == MAY_MELEE ? "melee" : "battle";
}

/* Would the battle command take the battle set up (`may`, the engine's one
 * answer)? Else why not, and what puts it right. */
static void
battle_may(struct tui *t)
{
	struct command_result res;

	free(t->battle.refused);
	t->battle.refused = NULL;
	t->battle.verbs = 0;
	t->battle.remedy = REMEDY_NONE;
	if (tui_query(t, &res, "may %s %s %s", t->battle.attacker, t->battle.target,
	              t->battle.words ? t->battle.words : "")) {
		t->battle.verbs = res.found.may.verbs;
		t->battle.remedy = res.found.may.remedy;
		if (res.found.reason != NULL)
			t->battle.refused = xstrdup(res.found.reason);
	} else if (res.lines.count > 0) {
		t->battle.refused = xstrdup(res.lines.items[res.lines.count - 1]);
		t->battle.remedy = res.remedy;
	}
	t->battle.accepted = (t->battle.verbs & t->battle.kind) != 0;
	command_result_free(&res);
}

/* Why the battle set up would be refused, with the key that puts it right
 * (free it). */
static char *
battle_refusal(struct tui *t)
{
	const struct game *g = &t->s->game;

	if (t->battle.remedy == REMEDY_PHASE_NEXT)
		return xasprintf("%s is not in the %s phase: %s", t->battle.verb, turn_phase_name(g),
		                 tui_remedy_key(t->battle.remedy));
	if (t->battle.remedy == REMEDY_TURN_END)
		return xasprintf("the %s are acting: %s", g->sc.teams[g->side].name,
		                 tui_remedy_key(t->battle.remedy));
	if (t->battle.remedy == REMEDY_SETUP)
		return xasprintf("set-up, not play: %s", tui_remedy_key(t->battle.remedy));
	if (t->battle.remedy == REMEDY_SETTLE)
		return xstrdup("something is owed first: the status line names its key");
	return xstrdup(t->battle.refused ? t->battle.refused : "hexaid says no (the dice pane tells why)");
}

void
battle_explain(struct tui *t)
{
	struct command_result res;
	char *combat;
	bool ok;

	if (!t->battle.active)
		return;
	combat = combat_words(t);
	ok = tui_query(t, &res, "explain %s %s %s %s", t->battle.attacker, t->battle.target,
	               combat, t->battle.words ? t->battle.words : "");
	free(combat);
	if (res.found.has_combat) {
		t->battle.has_combat = true;
		t->battle.combat = res.found.combat;
	}
	snprintf(t->battle.roll, sizeof t->battle.roll, "%s", res.found.roll ? res.found.roll : "");
	t->battle.opposed = res.found.opposed;
	memcpy(t->battle.rolls, res.found.rolls, sizeof t->battle.rolls);
	set_lines(t, &res);
	t->dice_failed = !ok;
	t->dice_rolled = false;
	command_result_free(&res);
	battle_may(t);
}

void
battle_prepare(struct tui *t, unsigned kind)
{
	const struct game *g = &t->s->game;
	int a = tui_selected(t), target = tui_unit_at_cursor(t);

	if (a < 0) {
		tui_message(t, true, "select one of your units first (Enter or s on it), then put the "
		                     "cursor on the unit to battle");
		return;
	}
	if (target < 0 || target == a) {
		tui_message(t, true, "put the cursor on the unit %s is to battle", g->units[a].id);
		return;
	}
	battle_clear(t);
	t->battle.active = true;
	t->battle.kind = kind;
	t->battle.verb = verb_word(kind);
	t->battle.attacker = xstrdup(g->units[a].id);
	t->battle.target = xstrdup(g->units[target].id);
	t->battle.words = xstrdup("");
	battle_explain(t);
	if (t->battle.accepted) {
		tui_message(t, false, "%s %s %s: r: roll   e: enter the dice rolled   o: add words   "
		            "Esc: cancel", t->battle.verb, t->battle.attacker, t->battle.target);
	} else {
		char *why = battle_refusal(t);
		tui_message(t, true, "%s %s %s: %s", t->battle.verb, t->battle.attacker,
		            t->battle.target, why);
		free(why);
	}
}

/* The battle set up, run with the dice given (NULL: hexaid rolls). True when it
 * was fought; else *why (when asked for, free it) is the reason, and the
 * failure is in the log pane only when why is NULL. */
static bool
run_battle(struct tui *t, const char *values, char **why)
{
	struct command_result res;
	size_t logged;
	char *line;
	bool ok;

	line = xasprintf("%s %s %s %s%s%s", t->battle.verb, t->battle.attacker, t->battle.target,
	                 t->battle.words ? t->battle.words : "", values ? " roll=" : "",
	                 values ? values : "");
	logged = t->s->game.log.count;
	ok = session_run(t->s, line, &res);
	if (ok) {
		tui_game_changed(t);
		set_lines(t, &res);
		t->dice_failed = false;
		t->dice_rolled = true;
		/* the battle's last word (a retreat to make) is kept in the log pane */
		tui_tell(t, logged, true, res.lines.count ? res.lines.items[res.lines.count - 1] : line);
		battle_clear(t);
	} else if (why != NULL) {
		*why = xstrdup(res.lines.count ? res.lines.items[res.lines.count - 1]
		                               : "the battle failed");
	} else {
		tui_report_failure(t, line, &res, "the battle failed");
	}
	command_result_free(&res);
	free(line);
	return ok;
}

/* Would the battle command take the battle set up? Else say why, with the key
 * that puts it right, before any die is rolled or typed. */
static bool
battle_taken(struct tui *t)
{
	char *why;

	if (t->battle.accepted)
		return true;
	why = battle_refusal(t);
	tui_message(t, true, "%s %s %s: %s", t->battle.verb, t->battle.attacker, t->battle.target,
	            why);
	free(why);
	return false;
}

void
battle_roll(struct tui *t, const char *values)
{
	if (!t->battle.active) {
		tui_message(t, true, "no battle is set up: put the cursor on an enemy and press f or m");
		return;
	}
	if (!battle_taken(t))
		return;
	if (battle_ask_needs(t) && run_battle(t, values, NULL))
		battle_after(t);
}

/* A plain die's faces, "1 to 6". */
static char *
numbers_help(const struct die_kind *d)
{
	return d->sides > 0 ? xasprintf("1 to %d", d->sides) : xstrdup("the numbers on the dice");
}

/* The faces players may type, from the card's battle die: "s soldier, f flag", or
 * "1 to 6" for a die of numbers. */
static char *
face_help(const struct tui *t)
{
	const struct card *card = game_card(&t->s->game);
	const struct die_kind *d;
	char *s = xstrdup("");

	if (card->battle_die < 0)
		return xstrdup("the numbers on the dice");
	d = &card->dice[card->battle_die];
	if (d->nfaces == 0) {
		free(s);
		return numbers_help(d);
	}
	for (size_t i = 0; i < d->nfaces; i++) {
		char *next = xasprintf("%s%s%s %s", s, i ? ", " : "",
		                       d->faces[i].short_name ? d->faces[i].short_name : d->faces[i].id,
		                       d->faces[i].name ? d->faces[i].name : d->faces[i].id);
		free(s);
		s = next;
	}
	return s;
}

/* Is c one die's word by itself: a face's one-letter short name, or a digit that
 * is a side of a plain die of fewer than ten sides (or, with no battle die, any)? */
static bool
one_char_die(const struct tui *t, char c)
{
	const struct card *card = game_card(&t->s->game);
	const struct die_kind *d = card->battle_die >= 0 ? &card->dice[card->battle_die] : NULL;
	char word[2] = { c, '\0' };

	if (c >= '1' && c <= '9')
		return d == NULL || (d->nfaces == 0 && d->sides < 10 && c - '0' <= d->sides);
	return d != NULL && d->nfaces > 0 && die_face_named(d, word) >= 0;
}

/* The dice as typed, as roll= takes them: words separated by commas. Words are
 * separated by blanks or commas; a word of several one-character dice ("sdf",
 * "35") is that many dice, so that a die is one key. */
static char *
dice_words(const struct tui *t, const char *typed)
{
	struct strbuf out = { NULL, 0, 0 };
	const char *p = typed;

	strbuf_addf(&out, "%s", "");
	while (*p != '\0') {
		size_t n = strcspn(p, " ,"), k;
		for (k = 0; k < n && n > 1 && one_char_die(t, p[k]); k++)
			;
		if (n > 0 && k == n && n > 1) {
			for (k = 0; k < n; k++)
				strbuf_addf(&out, "%s%c", out.len ? "," : "", p[k]);
		} else if (n > 0) {
			strbuf_addf(&out, "%s%.*s", out.len ? "," : "", (int)n, p);
		}
		p += n;
		p += strspn(p, " ,");
	}
	return out.text;
}

/* The dice dialog's check: fight the battle with them; what was wrong, else. */
static char *
try_dice(struct tui *t, const char *typed, void *ctx)
{
	char *values = dice_words(t, typed), *why = NULL;

	(void)ctx;
	if (*values == '\0')
		why = xstrdup("type the dice rolled, or Esc");
	else if (!t->battle.active)
		why = xstrdup("no battle is set up any more");
	else
		run_battle(t, values, &why);
	free(values);
	return why;
}

/* How many dice are typed and whose, from the battle's answer: "attacker 1d6,
 * then defender 1d6" on an opposed table (each side's own dice where they roll
 * their own: "attacker 4d6, then defender 2d6"), "attacker 1d6" on another,
 * "the attacker's dice (dice: 2)" with battle dice (free it). */
static char *
dice_whose(const struct tui *t, const char *dice_line)
{
	const char *roll = t->battle.roll[0] ? t->battle.roll : NULL;

	if (t->battle.rolls[0][0] && t->battle.rolls[1][0])
		return xasprintf("%s %s, then %s %s", t->battle.attacker, t->battle.rolls[0],
		                 t->battle.target, t->battle.rolls[1]);

	if (roll != NULL && t->battle.opposed)
		return xasprintf("%s %s, then %s %s", t->battle.attacker, roll, t->battle.target, roll);
	if (roll != NULL)
		return xasprintf("%s %s", t->battle.attacker, roll);
	return xasprintf("%s's dice (%s)", t->battle.attacker,
	                 dice_line ? dice_line : "as many as are rolled");
}

void
battle_enter(struct tui *t)
{
	char *prompt, *faces, *whose, *values = NULL, *dice = NULL;

	if (!t->battle.active) {
		tui_message(t, true, "no battle is set up: put the cursor on an enemy and press f or m");
		return;
	}
	if (!battle_taken(t) || !battle_ask_needs(t))
		return;
	for (size_t i = 0; i < t->dice.lines.count && dice == NULL; i++)
		if (command_line_kind(&t->dice, i) == LINE_DICE)
			dice = t->dice.lines.items[i];
	faces = face_help(t);
	whose = dice_whose(t, dice);
	prompt = xasprintf("The dice rolled on the table: %s; a key each, or words separated by "
	                   "spaces or commas. Faces: %s.", whose, faces);
	free(whose);
	if (dialog_input_checked(t, "Enter the dice", prompt, "", try_dice, NULL, &values))
		battle_after(t);
	free(values);
	free(prompt);
	free(faces);
}

void
battle_ask_words(struct tui *t)
{
	char *words = NULL;

	if (!t->battle.active) {
		tui_message(t, true, "no battle is set up: put the cursor on an enemy and press f or m");
		return;
	}
	if (dialog_input(t, "Battle words",
	                 "What the map cannot show, as words after the target: facts (charge, "
	                 "from_flank, stationary=false), dice=N, drm=N, target_on=TERRAIN, "
	                 "crossed=TERRAIN, without=TERRAIN, attacker_value=N defender_value=N.",
	                 t->battle.words, &words)) {
		free(t->battle.words);
		t->battle.words = words;
		t->battle.has_combat = false;   /* the words may name another */
		battle_explain(t);
	}
}

/* ---- what a battle leaves to do -------------------------------------------------- */

/* One value a battle lacks: asked, then given to its unit with `unit set`. */
static bool
ask_value(struct tui *t, const struct value_need *need)
{
	char *prompt, *value = NULL;
	bool ok;

	prompt = xasprintf("%s has no %s, and the battle needs it: the number (remembered on the "
	                   "unit: unit set %s %s=N):",
	                   tui_unit_id(t, need->unit), need->name, tui_unit_id(t, need->unit),
	                   need->key);
	ok = dialog_input(t, "A value the battle needs", prompt, "", &value) && *value != '\0';
	if (ok)
		ok = tui_command(t, "unit set %s %s=%s", tui_unit_id(t, need->unit), need->key, value);
	free(value);
	free(prompt);
	return ok;
}

bool
battle_ask_needs(struct tui *t)
{
	struct command_result res;
	char *combat;
	bool ok, asked = false;

	if (!t->battle.active)
		return true;
	combat = combat_words(t);
	ok = tui_query(t, &res, "needs %s %s %s %s", t->battle.attacker, t->battle.target, combat,
	               t->battle.words ? t->battle.words : "");
	free(combat);
	for (size_t i = 0; ok && i < res.found.nneeds; i++) {
		if (res.found.needs[i].optional)
			continue;
		ok = ask_value(t, &res.found.needs[i]);
		asked = true;
	}
	command_result_free(&res);
	if (asked && t->battle.active)
		battle_explain(t);
	return ok;
}

/* The unit the key is about: the one at the cursor when `wants` says so of it,
 * else the first that does; -1. */
static int
unit_owing(struct tui *t, bool (*wants)(const struct game_unit *))
{
	const struct game *g = &t->s->game;
	int u = tui_unit_at_cursor(t);

	if (u >= 0 && wants(&g->units[u]))
		return u;
	for (size_t i = 0; i < g->nunits; i++)
		if (!g->units[i].eliminated && wants(&g->units[i]))
			return (int)i;
	return -1;
}

static bool
owes_retreat(const struct game_unit *u)
{
	return u->retreat_due > 0;
}

static bool
may_battle_back(const struct game_unit *u)
{
	return u->battle_back_vs > 0;
}

static bool
may_take_ground(const struct game_unit *u)
{
	return u->ground_vs > 0;
}

/* What waits after a battle, on the message line: the key that does it. */
static void
say_what_waits(struct tui *t)
{
	const struct game *g = &t->s->game;
	int r = unit_owing(t, owes_retreat), b = unit_owing(t, may_battle_back);
	int a = unit_owing(t, may_take_ground);
	char at[HEX_LABEL_SIZE];

	if (g->npending > 0)
		tui_message(t, false, "the battle's result waits: Y applies it (undo: U)");
	else if (r >= 0)
		tui_message(t, false, "%s must retreat %d hex%s: v offers where", tui_unit_id(t, r),
		            g->units[r].retreat_due, g->units[r].retreat_due > 1 ? "es" : "");
	else if (b >= 0)
		tui_message(t, false, "%s may battle back against %s: B sets it up", tui_unit_id(t, b),
		            tui_unit_id(t, g->units[b].battle_back_vs - 1));
	else if (a >= 0 && game_unit_at(g, g->units[a].ground) < 0) {
		hex_label(game_board(g), g->units[a].ground, at);
		tui_message(t, false, "%s may take ground in %s: G takes it", tui_unit_id(t, a), at);
	}
}

void
battle_apply(struct tui *t)
{
	const struct game *g = &t->s->game;
	struct strbuf q = { NULL, 0, 0 };

	if (g->npending == 0) {
		tui_message(t, true, "no battle's result is waiting to be applied");
		return;
	}
	strbuf_addf(&q, "%s", "Apply the result?");
	for (size_t i = 0; i < g->npending; i++)
		strbuf_addf(&q, "\n%s %s: %s%s", tui_unit_id(t, g->pending[i].unit),
		            g->pending[i].code, g->pending[i].words ? g->pending[i].words : "",
		            g->pending[i].reminder ? " (a reminder: hexaid does not apply it)" : "");
	strbuf_addf(&q, "%s", "\nY applies it (U undoes it); n leaves it for later");
	/* (what apply does goes to the game log: the log pane has it whole); Y, the
	 * key that applies on the map too, never y, which moves the cursor there */
	/* the box leaves the panes under the map (the dice pane, the roll it asks
	 * about) in sight */
	if (dialog_ask_keeping(t, "The battle's result", q.text, "Yn",
	                       t->bottom_row.h > 0 ? &t->bottom_row : NULL) != 'Y' ||
	    tui_command(t, "apply"))
		say_what_waits(t);
	free(q.text);
}

/* The battle's line of the dice log (`rolls`, its last line) in the log pane:
 * the turn, phase and side, who rolled at whom, whose dice and the result. */
static void
log_roll_line(struct tui *t)
{
	struct command_result res;

	if (tui_query(t, &res, "rolls") && res.lines.count > 0)
		tui_note(t, NOTE_SAID, res.lines.items[res.lines.count - 1]);
	command_result_free(&res);
}

void
battle_after(struct tui *t)
{
	struct game *g = &t->s->game;

	log_roll_line(t);

	/* a unit of the other side (a battle back) is not left selected in this turn */
	if (g->selected >= 0 && g->units[g->selected].side != g->side)
		g->selected = -1;
	if (t->s->game.npending > 0)
		battle_apply(t);
	else
		say_what_waits(t);
}

void
battle_retreat(struct tui *t)
{
	const struct game *g = &t->s->game;
	struct command_result res;
	const char **items;
	char (*labels)[HEX_LABEL_SIZE];
	int u = unit_owing(t, owes_retreat), i;

	if (u < 0) {
		tui_message(t, true, "no unit owes a retreat");
		return;
	}
	if (!tui_query(t, &res, "retreats %s", tui_unit_id(t, u))) {
		tui_report_failure(t, "retreats", &res, "no retreat");
		command_result_free(&res);
		return;
	}
	if (res.found.nhexes == 0) {
		/* nowhere to go: the retreat costs what the card says */
		if (dialog_ask(t, "Retreat", res.lines.count ? res.lines.items[0] : "no hex to retreat to",
		               "yn") == 'y')
			tui_command(t, "retreat %s", tui_unit_id(t, u));
		command_result_free(&res);
		return;
	}
	items = xcalloc(res.found.nhexes + 1, sizeof *items);
	labels = xcalloc(res.found.nhexes, sizeof *labels);
	for (size_t k = 0; k < res.found.nhexes; k++) {
		tui_hex_label(t, res.found.hexes[k], labels[k]);
		items[k] = labels[k];
	}
	i = dialog_choose(t, res.lines.count ? res.lines.items[0] : "Retreat to", items,
	                  res.found.nhexes);
	if (i >= 0 && tui_command(t, "retreat %s %s", tui_unit_id(t, u), labels[i])) {
		t->cursor = g->units[u].hex;
		say_what_waits(t);
	}
	free(labels);
	free(items);
	command_result_free(&res);
}

/* G: the unit that may take ground (the one at the cursor, or the first) takes it. */
void
battle_take_ground(struct tui *t)
{
	int u = unit_owing(t, may_take_ground);

	if (u < 0) {
		tui_message(t, true, "no unit may take ground now");
		return;
	}
	if (tui_command(t, "advance %s", tui_unit_id(t, u)))
		say_what_waits(t);
}

void
battle_offer_back(struct tui *t)
{
	const struct game *g = &t->s->game;
	int u = unit_owing(t, may_battle_back), vs;

	if (u < 0) {
		tui_message(t, true, "no unit may battle back now");
		return;
	}
	vs = g->units[u].battle_back_vs - 1;
	if (!tui_command(t, "select %s", tui_unit_id(t, u)))
		return;
	t->cursor = g->units[vs].hex;
	battle_prepare(t, MAY_BATTLE);
}
