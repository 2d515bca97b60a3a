/* cmd-base.c: what every command file builds on (engine layer): a command's
 * answer (its lines, a failure with the reason, an explanation's steps), the
 * arguments people type (hexes, units, terrain ids) read with messages that say
 * what is wrong and how to put it right, whether a unit may be ordered now, and
 * disorder. It calls no other command file: the command files form a tree above
 * it (HACKING.md, "Commands").
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "strutil.h"
#include "turn.h"
#include "xmalloc.h"

/* ---- the answer ------------------------------------------------------------- */

void
command_result_free(struct command_result *res)
{
	command_result_clear_lines(res);
	free(res->record_extra);
	res->record_extra = NULL;
	strlist_free(&res->record_args);
}

void
command_result_clear_lines(struct command_result *res)
{
	struct query_found *f = &res->found;

	strlist_free(&res->lines);
	for (size_t i = 0; i < res->nmarks; i++)
		free(res->marks[i].brief);
	free(res->marks);
	res->marks = NULL;
	res->nmarks = res->cap_marks = 0;
	free(f->hexes);
	free(f->stops);
	free(f->units);
	free(f->reason);
	free(f->summary);
	free(f->owed);
	strlist_free(&f->parts);
	for (size_t i = 0; i < f->nneeds; i++) {
		free(f->needs[i].key);
		free(f->needs[i].name);
		free(f->needs[i].now);
	}
	free(f->needs);
	memset(f, 0, sizeof *f);
}

enum line_kind
command_line_kind(const struct command_result *res, size_t i)
{
	return i < res->nmarks ? res->marks[i].kind : LINE_SAID;
}

void
cmd_mark(struct command_result *res, enum line_kind kind, const char *brief)
{
	struct line_mark *m = NULL;

	while (res->nmarks < res->lines.count) {
		m = xgrow(&res->marks, &res->nmarks, &res->cap_marks, sizeof *m);
		m->kind = LINE_SAID;
		m->brief = NULL;
	}
	if (m == NULL)
		return;
	m->kind = kind;
	m->brief = brief != NULL ? xstrdup(brief) : NULL;
}

void
cmd_say(struct command_result *res, const char *fmt, ...)
{
	va_list ap;

	if (res->quiet)
		return;
	va_start(ap, fmt);
	strlist_vaddf(&res->lines, fmt, ap);
	va_end(ap);
}

bool
cmd_fail(struct command_result *res, const char *fmt, ...)
{
	va_list ap;

	if (!res->failed)
		res->fail_line = res->lines.count;
	res->failed = true;
	va_start(ap, fmt);
	strlist_vaddf(&res->lines, fmt, ap);
	va_end(ap);
	res->ok = false;
	return false;
}

bool
cmd_unread(const struct game *g, const struct command_result *res)
{
	return res->quiet && g->replaying;
}

void
cmd_say_steps(struct command_result *res, const struct explanation *why)
{
	if (res->quiet)
		return;
	for (size_t i = 0; i < why->count; i++) {
		char *text = explain_step_text(&why->steps[i], true, true), *line = text, *nl;
		char *refless = explain_step_text(&why->steps[i], true, false);
		char *brief = xasprintf("  %s", refless);
		bool one = strchr(text, '\n') == NULL;

		for (; line != NULL; line = nl ? nl + 1 : NULL) {
			nl = strchr(line, '\n');
			if (nl != NULL)
				*nl = '\0';
			cmd_say(res, "%s%s", line == text ? "  " : "", line);
			cmd_mark(res, LINE_STEP, one ? brief : NULL);
		}
		free(text);
		free(refless);
		free(brief);
	}
}

/* ---- arguments ------------------------------------------------------------- */

bool
cmd_hex(const struct game *g, const char *word, struct hex *out, struct command_result *res)
{
	const struct hex_board *b = game_board(g);
	char first[HEX_LABEL_SIZE], last[HEX_LABEL_SIZE];
	int u;

	if (hex_from_label(b, word, out))
		return true;
	u = game_unit_find(g, word);
	if (u >= 0 && !g->units[u].eliminated) {
		*out = g->units[u].hex;
		return true;
	}
	hex_label(b, hex_from_offset(b, 0, 0), first);
	hex_label(b, hex_from_offset(b, b->columns - 1, b->rows - 1), last);
	return cmd_fail(res, "%s is off the board (%dx%d: %s to %s)", word, b->columns, b->rows,
	                first, last);
}

bool
cmd_unit(const struct game *g, const char *word, int *out, struct command_result *res)
{
	const char **ids;
	const char *near;
	struct hex h;

	*out = game_unit_find(g, word);
	if (*out >= 0 && !g->units[*out].eliminated)
		return true;
	if (*out >= 0)
		return cmd_fail(res, "%s has been eliminated", word);
	if (hex_from_label(game_board(g), word, &h) && (*out = game_unit_at(g, h)) >= 0)
		return true;
	ids = xcalloc(g->nunits + 1, sizeof *ids);
	for (size_t i = 0; i < g->nunits; i++)
		ids[i] = g->units[i].id;
	near = str_nearest(word, ids, g->nunits);
	free(ids);
	if (near != NULL)
		return cmd_fail(res, "no unit %s; did you mean %s?", word, near);
	return cmd_fail(res, "no unit %s (show state lists them)", word);
}

bool
cmd_terrain_id(const struct game *g, const char *word, unsigned kinds, int *out,
               struct command_result *res)
{
	const struct card *card = game_card(g);
	size_t n;
	const char **names = card_vocabulary(card, FT_TERRAIN, &n);
	const char *near;

	*out = card_terrain(card, word);
	if (*out >= 0 && (kinds & (1u << card->terrain[*out].kind))) {
		free(names);
		return true;
	}
	if (*out >= 0) {
		free(names);
		return cmd_fail(res, "%s is a %s in %s, not what goes here", word,
		                terrain_kind_names[card->terrain[*out].kind], card->id);
	}
	near = str_nearest(word, names, n);
	free(names);
	if (near != NULL)
		return cmd_fail(res, "%s has no terrain %s; did you mean %s?", card->id, word, near);
	return cmd_fail(res, "%s has no terrain %s (hexaid chart %s lists it)", card->id, word,
	                card->id);
}

/* ---- units ----------------------------------------------------------------- */

void
cmd_disorder(struct game *g, struct game_unit *u, long levels, struct command_result *res)
{
	const struct card *card = game_card(g);
	int now = -1;

	if (levels <= 0 || card->ndisorder_levels == 0)
		return;
	for (int i = 0; i < card->ndisorder_levels; i++)
		if ((u->status >> card->disorder_levels[i]) & 1u)
			now = i;
	now += (int)levels;
	if (now >= card->ndisorder_levels)
		now = card->ndisorder_levels - 1;
	for (int i = 0; i < card->ndisorder_levels; i++)
		u->status &= ~(UINT64_C(1) << card->disorder_levels[i]);
	u->status |= UINT64_C(1) << card->disorder_levels[now];
	cmd_say(res, "%s's status is now %s (%s:%d)", u->id,
	        card->words[WL_STATUS].words[card->disorder_levels[now]], card->disorder_file,
	        card->disorder_line);
	game_log(g, "%s's status is now %s", u->id, card->words[WL_STATUS].words[card->disorder_levels[now]]);
}

bool
cmd_may_order(struct game *g, int unit, struct command_result *res)
{
	int command = g->command;
	int allowed;
	char *reacts;

	if (g->forcing)
		return true;
	if (g->units[unit].side == g->side) {
		/* a reaction of this phase is the other side's, unless the phase allows
		 * the command to the acting side too */
		if (command < 0 || turn_allows(g, (enum command_id)command, &allowed) ||
		    !turn_reacts(g, (enum command_id)command))
			return true;
		return cmd_fail(res, "%s: in the %s phase the %s do not %s; it is the other side's "
		                     "reaction (or add --force, which the log records)",
		                g->units[unit].id, turn_phase_name(g), g->sc.teams[g->side].name,
		                command_words[command]);
	}
	if (command >= 0 && turn_reacts(g, (enum command_id)command))
		return true;
	reacts = turn_reactions_words(g);
	res->remedy = REMEDY_TURN_END;
	cmd_fail(res, "%s belongs to the %s, and the %s are acting: end the turn first%s%s "
	              "(or add --force, which the log records)",
	         g->units[unit].id, g->sc.teams[g->units[unit].side].name,
	         g->sc.teams[g->side].name, reacts ? "; in this phase they may react with " : "",
	         reacts ? reacts : "");
	free(reacts);
	return false;
}

/* ---- the values a unit carries ------------------------------------------------- */

void
cmd_value_add(struct command_result *res, int unit, const char *key, char *name, char *now)
{
	struct value_need *v = xgrow(&res->found.needs, &res->found.nneeds, &res->found.cap_needs,
	                             sizeof *v);

	v->unit = unit;
	v->key = xstrdup(key);
	v->name = name;
	v->now = now;
}

/* "3" for any distance, "0,2,1" by distance. */
static char *
dice_words(const struct class_dice *cd)
{
	struct strbuf s = { NULL, 0, 0 };

	if (cd->n < 0)
		return xasprintf("%d", cd->at[0]);
	for (int i = 0; i < cd->n; i++)
		strbuf_addf(&s, "%s%d", i ? "," : "", cd->at[i]);
	return s.text != NULL ? s.text : xstrdup("");
}

/* Does the card roll its battle dice in this combat type (not a table's roll;
 * roll: hits rolls each side's battle dice for a table)? */
static bool
rolls_dice(const struct card *card, int combat)
{
	const struct resolution *how = card_resolution(card, combat);

	return (how == NULL || how->hits) && card->battle_die >= 0;
}

/* Does each side roll its own battle dice and count its hits (roll: hits)? */
static bool
both_roll_hits(const struct card *card, int combat)
{
	const struct resolution *how = card_resolution(card, combat);

	return how != NULL && how->hits;
}

static void
add_move(const struct game *g, int unit, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct game_unit *u = &g->units[unit];
	int from = card_class_move_from(card, u->cls);
	char pts[24];
	char *now = NULL;

	if (u->own.move >= 0)
		now = xasprintf("%s (its own)", explain_points(u->own.move, false, pts));
	else if (from >= 0)
		now = xasprintf("%s (its class's)",
		                explain_points(card->classes[from].move, false, pts));
	else if (card->ncategories > 0)
		now = xstrdup("by its terrain's category");
	cmd_value_add(res, unit, "move", xstrdup("movement allowance"), now);
}

static void
add_dice(const struct game *g, int unit, int combat, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct game_unit *u = &g->units[unit];
	int from = card_class_dice_from(card, u->cls, combat);
	char *key = xasprintf("dice.%s", card->words[WL_COMBAT].words[combat]);
	char *now = NULL, *w;

	if (u->own.dice[combat].n != 0) {
		w = dice_words(&u->own.dice[combat]);
		now = xasprintf("%s (its own)", w);
		free(w);
	} else if (from >= 0) {
		w = dice_words(&card->classes[from].dice[combat]);
		now = xasprintf("%s (its class's)", w);
		free(w);
	}
	cmd_value_add(res, unit, key,
	              xasprintf("battle dice, %s combat", card->words[WL_COMBAT].words[combat]),
	              now);
	free(key);
}

static void
add_value(const struct game *g, int unit, int v, struct command_result *res)
{
	const struct unit_value_def *def = &game_card(g)->values[v];
	long x;
	char *now = NULL;

	if ((g->units[unit].own.values_given >> v) & 1u)
		now = xasprintf("%ld (its own)", g->units[unit].own.values[v]);
	else if (game_unit_value(g, unit, v, &x))
		now = xasprintf("%ld (its class's)", x);
	cmd_value_add(res, unit, def->id, xstrdup(def->name ? def->name : def->id), now);
}

/* May the unit's class battle in this combat type? */
static bool
class_uses(const struct card *card, int cls, int combat)
{
	int from = card_class_combat_from(card, cls);

	return from < 0 || ((card->classes[from].combat >> combat) & 1u);
}

void
cmd_unit_values(const struct game *g, int unit, struct command_result *res)
{
	const struct card *card = game_card(g);

	add_move(g, unit, res);
	for (size_t c = 0; c < card->words[WL_COMBAT].count && c < 8; c++)
		if (rolls_dice(card, (int)c) && class_uses(card, g->units[unit].cls, (int)c))
			add_dice(g, unit, (int)c, res);
	for (size_t v = 0; v < card->nvalues; v++)
		add_value(g, unit, (int)v, res);
}

void
cmd_battle_value_needs(const struct game *g, int a, int t, int combat, bool dice_given,
                       bool sides_given, struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct resolution *how = card_resolution(card, combat);
	bool plain = rolls_dice(card, combat) && card->dice[card->battle_die].nfaces == 0;
	struct command_result all;
	bool hits = both_roll_hits(card, combat);

	memset(&all, 0, sizeof all);
	if (rolls_dice(card, combat) && !dice_given)
		add_dice(g, a, combat, &all);
	if (hits && t >= 0)
		add_dice(g, t, combat, &all);
	for (size_t v = 0; v < card->nvalues; v++) {
		enum value_use use = card->values[v].use;
		if (!card_value_needed(card, (int)v, combat) ||
		    (use == VALUE_USE_OPPOSED && (how == NULL || !how->opposed || sides_given)) ||
		    (use == VALUE_USE_HITS_ON && !plain))
			continue;
		add_value(g, a, (int)v, &all);
		if (t >= 0 && (use == VALUE_USE_RATING || use == VALUE_USE_OPPOSED ||
		               (use == VALUE_USE_HITS_ON && hits)))
			add_value(g, t, (int)v, &all);
	}
	for (size_t i = 0; i < all.found.nneeds; i++) {
		struct value_need *n = &all.found.needs[i];
		if (n->now != NULL)
			continue;
		cmd_value_add(res, n->unit, n->key, n->name, NULL);
		res->found.needs[res->found.nneeds - 1].optional =
		        !hits && card_value(card, n->key) >= 0 &&
		        card->values[card_value(card, n->key)].use == VALUE_USE_HITS_ON;
		n->name = NULL;
	}
	command_result_free(&all);
}

bool
cmd_say_needs(const struct game *g, const struct command_result *found, bool refuse,
              struct command_result *res)
{
	struct strbuf s = { NULL, 0, 0 };
	int last = -1;

	for (size_t i = 0; i < found->found.nneeds; i++) {
		const struct value_need *n = &found->found.needs[i];
		if (n->optional)
			continue;
		if (n->unit != last)
			strbuf_addf(&s, "%sunit set %s", last < 0 ? "" : "; ", g->units[n->unit].id);
		strbuf_addf(&s, " %s=N", n->key);
		last = n->unit;
	}
	if (s.text == NULL)
		return true;
	if (refuse)
		cmd_fail(res, "values missing before the dice: %s", s.text);
	else
		cmd_say(res, "values missing before the dice: %s", s.text);
	free(s.text);
	return false;
}

/* A formation or status the card does not name: refused with those it does
 * ("formation=line: ud-napoleonic's formations are march_column, en_masse"). */
bool
cmd_no_such_word(const struct card *card, enum fact_type type, const char *key, const char *value,
             const char *what, struct command_result *res)
{
	size_t n;
	const char **names = card_vocabulary(card, type, &n);
	struct strbuf list = { NULL, 0, 0 };

	for (size_t i = 0; i < n; i++)
		strbuf_addf(&list, "%s%s", i ? ", " : "", names[i]);
	free(names);
	if (n == 0)
		cmd_fail(res, "%s=%s: %s names no %s", key, value, card->id,
		         type == FT_STATUS ? "statuses" : "formations");
	else
		cmd_fail(res, "%s=%s: %s has no such %s; its %s are %s", key, value, card->id, what,
		         type == FT_STATUS ? "statuses" : "formations", list.text);
	free(list.text);
	return false;
}
