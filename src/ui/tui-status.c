/* tui-status.c: the status line and the message line (ui layer). The status
 * line says where the game stands as `show state` puts it (turn, side to act,
 * phase and the phase's reminder, from the engine's turn_state_words and
 * turn_phase_reminder, as far as it fits; SET-UP and the set-up keys while a
 * scenario is edited), marks unsaved changes, names the brush while painting, and ends
 * with the keys that matter now; the message line below it holds the last
 * command's answer, or its error.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "turn.h"
#include "xmalloc.h"

/* A key the status line offers: "p:phase"; `whole`: never cut to its key. */
struct status_hint {
	const char *text;
	bool whole;
};

/* What is owed in brief, from the owed thing itself ("C7 retreat 2",
 * "C5 battle back", "a result on P2"): the status line at its narrowest. */
static char *
owed_short(const struct game *g, const struct owed *o)
{
	const char *id = g->units[o->unit].id;

	switch (o->kind) {
	case OWED_RESULT: return xasprintf("a result on %s", id);
	case OWED_RETREAT: return xasprintf("%s retreat %ld", id, o->amount);
	case OWED_BATTLE_BACK:
	default: return xasprintf("%s battle back", id);
	}
}

/* Where the game stands, then what is owed with the key that settles each:
 * "turn 1, British to act, phase: Combat; owed: C7 retreat 2 (v); N skips"
 * (takes `where` over); `brief`: the first owed thing only, said short, and
 * no N (its hint says it). */
static char *
with_owed(const struct game *g, char *where, bool brief)
{
	struct owed owed[4];
	size_t n = turn_owed(g, owed, 4), shown = brief ? 1 : 4;
	struct strbuf sb = { NULL, 0, 0 };

	if (n == 0)
		return where;
	strbuf_addf(&sb, "%s; owed:", where);
	for (size_t i = 0; i < n && i < shown; i++) {
		char *what = brief ? owed_short(g, &owed[i]) : turn_owed_brief(g, &owed[i]);
		strbuf_addf(&sb, "%s %s (%s)", i ? "," : "", what, tui_owed_key(owed[i].kind));
		free(what);
	}
	if (n > shown)
		strbuf_addf(&sb, " and %zu more", n - shown);
	if (!brief)
		strbuf_addf(&sb, "; N skips");
	free(where);
	return sb.text;
}

/* Whether the phase and the turn may end now (`may`). */
static void
status_may(struct tui *t)
{
	struct command_result res;

	memset(&t->state_may, 0, sizeof t->state_may);
	if (tui_query(t, &res, "may"))
		t->state_may = res.found.may;
	command_result_free(&res);
}

/* Where the game stands in fewer words: "turn 1, British to act, Combat"
 * ("turn 1/8" with a turn limit), or with `turn` false "turn 1, British,
 * Combat"; "over after turn 8/8: British win" once the game is over. */
static char *
short_state(const struct game *g, bool turn)
{
	const char *side = g->sc.teams[g->side].name, *phase = turn_phase_name(g);
	char *number = turn_number_words(g, true), *out;

	if (g->over && g->winner >= 0)
		out = xasprintf("%s: %s win", number, g->sc.teams[g->winner].name);
	else if (g->over)
		out = xasprintf("%s: a draw", number);
	else if (turn)
		out = xasprintf("%s, %s to act%s%s", number, side, *phase ? ", " : "", phase);
	else
		out = xasprintf("%s, %s%s%s", number, side, *phase ? ", " : "", phase);
	free(number);
	return out;
}

/* Where the game stands and the phase's reminder, as `show state` says them:
 * asked again when the game changed. */
void
status_derive(struct tui *t)
{
	if (t->state_line != NULL && t->status_gen == t->gen)
		return;
	free(t->state_line);
	free(t->reminder);
	free(t->state_owed);
	free(t->state_short);
	free(t->state_least);
	free(t->owed_brief);
	t->owed_brief = NULL;
	if (t->s->game.setup) {
		/* set-up is not play: no turn, phase or side to act */
		t->state_line = xstrdup("SET-UP");
		t->state_owed = xstrdup(t->state_line);
		t->state_short = xstrdup(t->state_line);
		t->state_least = xstrdup(t->state_line);
		t->reminder = NULL;
		memset(&t->state_may, 0, sizeof t->state_may);
		t->status_gen = t->gen;
		return;
	}
	t->state_line = turn_state_words(&t->s->game);
	/* what is owed, said after it while no battle is set up (then the
	 * battle's keys need the room) */
	t->state_owed = with_owed(&t->s->game, turn_state_words(&t->s->game), false);
	t->state_short = short_state(&t->s->game, true);
	t->state_least = short_state(&t->s->game, false);
	t->owed_brief = with_owed(&t->s->game, xstrdup(""), true);
	if (t->owed_brief[0] == '\0') {
		free(t->owed_brief);
		t->owed_brief = NULL;
	}
	t->reminder = t->s->game.over ? NULL : turn_phase_reminder(&t->s->game);
	status_may(t);
	t->status_gen = t->gen;
}

/* The keys that settle what is owed ("v:retreat"), once each, into out. */
static size_t
owed_hints(struct tui *t, struct status_hint out[], size_t n, size_t cap)
{
	static const char *const words[] = { [OWED_RESULT] = "Y:apply", [OWED_RETREAT] = "v:retreat",
		                             [OWED_BATTLE_BACK] = "B:battle back" };
	struct owed owed[8];
	size_t k = turn_owed(&t->s->game, owed, 8);
	bool seen[3] = { false, false, false };

	for (size_t i = 0; i < k && i < 8 && n + 1 < cap; i++)
		if (!seen[owed[i].kind]) {
			seen[owed[i].kind] = true;
			out[n++] = (struct status_hint){ words[owed[i].kind], false };
		}
	if (k > 0 && n + 1 < cap)
		out[n++] = (struct status_hint){ "N:skip", false };
	return n;
}

/* c in play: the formation of the unit at the cursor (the form command), where
 * the card names formations and the phase gives form to the unit's side, as
 * the engine's `may` asks it of move and act (turn_side_may). */
static bool
may_form(const struct tui *t, int u)
{
	const struct game *g = &t->s->game;

	return u >= 0 && game_card(g)->words[WL_FORMATION].count > 0 &&
	       !g->units[u].eliminated && turn_side_may(g, g->units[u].side, CMD_FORM);
}

/* The keys that matter in the current state, most useful first: as many as fit.
 * Enter's hint is what Enter does at the cursor now (tui_enter_hint); the
 * others are offered only where the engine's `may` says their command would be
 * taken: p and T while nothing is owed (else the keys that settle it), > while
 * the selected unit has targets, r and e when the battle set up would be
 * fought, f and m when the unit at the cursor may be fired at or meleed, c
 * when it may change formation (may_form); in set-up, E for the scenario's
 * details. Enter's and ?'s are whole on the narrowest line; the others may be
 * cut to their key. */
static size_t
hints(struct tui *t, struct status_hint out[], size_t cap)
{
	const struct may_now *m = &t->state_may;
	int sel = tui_selected(t), u = tui_unit_at_cursor(t);
	enum enter_does does = ENTER_NOTHING;
	size_t n = 0;

#define HINT(text) do { if (n + 1 < cap) out[n++] = (struct status_hint){ (text), false }; } while (0)
#define WHOLE(text) do { if (n + 1 < cap) out[n++] = (struct status_hint){ (text), true }; } while (0)
	if (t->brush == BRUSH_NONE)
		does = tui_enter_hint(does = tui_enter_does(t)) != NULL ? does : ENTER_NOTHING;
	if (tui_enter_hint(does) != NULL)
		WHOLE(tui_enter_hint(does));
	if (t->brush != BRUSH_NONE) {
		HINT(".:paint here");
		WHOLE("?:help");
		HINT("Esc:stop");
		HINT("U:undo");
	} else if (t->s->game.setup) {
		HINT("P:paint");
		HINT("A:add unit");
		HINT("w:save");
		WHOLE("?:help");
		HINT("E:details");
		HINT("F10:menu");
		HINT("q:quit");
	} else if (t->battle.active) {
		/* r:roll says again what Enter:roll says */
		if (t->battle.accepted && does != ENTER_ROLL)
			HINT("r:roll");
		if (t->battle.accepted)
			HINT("e:enter dice");
		WHOLE("?:help");
		if (sel >= 0 && t->ntargets > 0 && selection_derived(t))
			HINT(">:next target");
		HINT("Esc:cancel");
		HINT("o:words");
	} else {
		n = owed_hints(t, out, n, cap);
		if (sel >= 0 && selection_derived(t) && t->ntargets > 0)
			HINT(">:target");
		WHOLE("?:help");
		if (sel >= 0 && u >= 0 && selection_targets(t, u)) {
			unsigned verbs = t->may_at.verbs;
			if (verbs & MAY_FIRE)
				HINT("f:fire");
			if (verbs & MAY_MELEE)
				HINT("m:melee");
		}
		if (sel >= 0)
			HINT("Esc");
		if (m->known && m->has_phases && m->phase_ends)
			HINT("p:phase");
		if (m->known && m->phase_ends)
			HINT("T:end turn");
		if (may_form(t, u))
			HINT("c:formation");
		HINT("F10:menu");
		if (sel < 0)
			HINT("q:quit");
	}
#undef HINT
#undef WHOLE
	out[n].text = NULL;
	return n;
}

/* A hint as the line shows it: whole ("p:phase"), or cut to its key ("p"). */
static size_t
hint_len(const struct status_hint *h, bool cut)
{
	return cut && !h->whole ? strcspn(h->text, ":") : strlen(h->text);
}

/* The hints (cut to their keys with `cut`, all but the whole ones) that fit in
 * `room` columns, joined by two blanks; how many were left out. */
static size_t
fit_hints(const struct status_hint *keys, bool cut, int room, char *out, size_t size)
{
	size_t left_out = 0;

	out[0] = '\0';
	for (size_t i = 0; keys[i].text != NULL; i++) {
		size_t used = strlen(out), len = hint_len(&keys[i], cut);
		if ((int)(used + len + (used ? 2 : 0)) > room) {
			left_out++;
			continue;
		}
		snprintf(out + used, size - used, "%s%.*s", used ? "  " : "", (int)len, keys[i].text);
	}
	return left_out;
}

/* Is `now` what a line was drawn from last (*drawn, taken over)? */
static bool
same_as_drawn(char **drawn, char *now)
{
	bool same = *drawn != NULL && strcmp(now, *drawn) == 0; /* same text: the line drawn last */

	free(*drawn);
	*drawn = now;
	return same;
}

/* How the status line is said, the longest first: where the game stands,
 * the unsaved mark, whether the hints other than Enter's and ?'s are cut to
 * their keys. The first whose hints all fit is drawn; the last drops hints. */
struct status_form {
	const char *state;
	bool owed;               /* what is owed said after it in brief */
	const char *mark;
	bool cut;
};

/* The width of the line said in form f with all its hints. */
static int
form_width(const struct tui *t, const struct status_form *f, const struct status_hint *now)
{
	int w = 1 + (int)strlen(f->state) + 1;

	if (f->owed && t->owed_brief != NULL)
		w += (int)strlen(t->owed_brief);
	if (t->s->game.dirty)
		w += (int)strlen(f->mark) + 1;
	if (t->brush != BRUSH_NONE)
		w += 6 + (int)strlen(t->brush_id ? t->brush_id : "") + 1;
	for (size_t i = 0; now[i].text != NULL; i++)
		w += (i ? 2 : 1) + (int)hint_len(&now[i], f->cut);
	return w;
}

/* The status line, drawn again only when what it is drawn from changed (on
 * the same windows). At 80 columns the side, the phase, what is owed, Enter's
 * hint and ? are whole; the rest is said shorter or left out. */
static void
draw_status_line(struct tui *t, WINDOW *w, const struct status_hint *now)
{
	struct strbuf sb = { NULL, 0, 0 };
	const char *reminder = t->reminder;
	char left[512], keys[256], least[256];
	int cols = COLS, x, room;
	size_t left_out;
	/* what is owed, unless a battle being set up or the brush needs the room */
	bool plain = t->battle.active || t->brush != BRUSH_NONE;
	const struct status_form forms[] = {
		{ plain ? t->state_line : t->state_owed, false, "[+] unsaved", false },
		{ t->state_line, !plain, "[+] unsaved", true },
		{ t->state_line, !plain, "[+]", true },
		{ t->state_short, !plain, "[+]", true },
		{ t->state_least, !plain, "[+]", true },
	};
	size_t nforms = sizeof forms / sizeof forms[0], fi = 0;
	const struct status_form *f;

	while (fi + 1 < nforms && (forms[fi].state == NULL || form_width(t, &forms[fi], now) > cols))
		fi++;
	f = &forms[fi];
	strbuf_addf(&sb, "%d %lu %d %d %zu\n%s\n%s\n%s\n%s\n", cols, t->layout, t->s->game.dirty,
	            (int)t->brush, fi, f->state ? f->state : "", f->owed && t->owed_brief ? t->owed_brief : "",
	            t->brush_id ? t->brush_id : "", reminder ? reminder : "\1");
	for (size_t i = 0; now[i].text != NULL; i++)
		strbuf_addf(&sb, "%s\t", now[i].text);
	if (same_as_drawn(&t->status_drawn, sb.text))
		return;
	wattrset(w, tui_attr(t, ROLE_STATUS));
	mvwhline(w, 0, 0, ' ', cols);
	snprintf(left, sizeof left, " %s%s", f->state ? f->state : "",
	         f->owed && t->owed_brief ? t->owed_brief : "");
	tui_put(t, w, 0, 0, left, cols);
	x = (int)strlen(left) + 1;
	if (t->s->game.dirty) {
		wattrset(w, tui_attr(t, ROLE_STATUS_MARK));
		tui_put(t, w, 0, x, f->mark, cols - x);
		x += (int)strlen(f->mark) + 1;
		wattrset(w, tui_attr(t, ROLE_STATUS));
	}
	if (t->brush != BRUSH_NONE) {
		char brush[128];
		snprintf(brush, sizeof brush, "PAINT %s", t->brush_id ? t->brush_id : "");
		wattrset(w, tui_attr(t, ROLE_STATUS_MARK));
		tui_put(t, w, 0, x, brush, cols - x);
		x += (int)strlen(brush) + 1;
		wattrset(w, tui_attr(t, ROLE_STATUS));
	}
	/* the phase's reminder, when it fits whole beside every hint the line has
	 * room for without it (the map's bottom edge shows it otherwise) */
	left_out = fit_hints(now, f->cut, cols - x - 2, keys, sizeof keys);
	room = reminder != NULL ? cols - x - 1 - (int)strlen(reminder) - 1 - 2 : 0;
	if (reminder != NULL && reminder[0] != '\0' && room > 0 &&
	    fit_hints(now, f->cut, room, least, sizeof least) <= left_out) {
		tui_put(t, w, 0, x + 1, reminder, (int)strlen(reminder));
		snprintf(keys, sizeof keys, "%s", least);
	}
	if (keys[0] != '\0')
		tui_put(t, w, 0, cols - (int)strlen(keys) - 1, keys, (int)strlen(keys));
	wattrset(w, tui_attr(t, ROLE_NORMAL));
}

/* The message line, drawn again only when the message changed. */
static void
draw_message_line(struct tui *t, WINDOW *w)
{
	char *now = xasprintf("%d %lu %d\n%s", COLS, t->layout, t->message_error,
	                      t->message ? t->message : "\1");

	if (same_as_drawn(&t->message_drawn, now))
		return;
	wmove(w, 1, 0);
	wclrtoeol(w);
	wattrset(w, tui_attr(t, t->message_error ? ROLE_ERROR : ROLE_NORMAL));
	if (t->message != NULL) {
		char *msg = t->message_error ? xasprintf("error: %s", t->message) : xstrdup(t->message);
		tui_put_elided(t, w, 1, 0, msg, COLS);
		free(msg);
	}
	wattrset(w, tui_attr(t, ROLE_NORMAL));
}

void
tui_status_draw(struct tui *t)
{
	WINDOW *w = t->statuswin;
	struct status_hint now[16];

	if (w == NULL)
		return;
	hints(t, now, sizeof now / sizeof now[0]);
	draw_status_line(t, w, now);
	draw_message_line(t, w);
	wnoutrefresh(w);
}
