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

/* Where the game stands, then what is owed with the key that settles each:
 * "turn 1, British to act, phase: Combat; owed: C7 retreat 2 (v)" (takes
 * `where` over). */
static char *
with_owed(const struct game *g, char *where)
{
	struct owed owed[4];
	size_t n = turn_owed(g, owed, 4);
	struct strbuf sb = { NULL, 0, 0 };

	if (n == 0)
		return where;
	strbuf_addf(&sb, "%s; owed:", where);
	for (size_t i = 0; i < n && i < 4; i++) {
		char *brief = turn_owed_brief(g, &owed[i]);
		strbuf_addf(&sb, "%s %s (%s)", i ? "," : "", brief, tui_owed_key(owed[i].kind));
		free(brief);
	}
	if (n > 4)
		strbuf_addf(&sb, " and %zu more", n - 4);
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
	if (t->s->game.setup) {
		/* set-up is not play: no turn, phase or side to act */
		t->state_line = xstrdup("SET-UP");
		t->state_owed = xstrdup(t->state_line);
		t->reminder = NULL;
		memset(&t->state_may, 0, sizeof t->state_may);
		t->status_gen = t->gen;
		return;
	}
	t->state_line = turn_state_words(&t->s->game);
	/* what is owed, said after it while no battle is set up (then the
	 * battle's keys need the room) */
	t->state_owed = with_owed(&t->s->game, turn_state_words(&t->s->game));
	t->reminder = turn_phase_reminder(&t->s->game);
	status_may(t);
	t->status_gen = t->gen;
}

/* The keys that settle what is owed ("v:retreat"), once each, into out. */
static size_t
owed_hints(struct tui *t, const char *out[], size_t n, size_t cap)
{
	static const char *const words[] = { [OWED_RESULT] = "Y:apply", [OWED_RETREAT] = "v:retreat",
		                             [OWED_BATTLE_BACK] = "B:battle back" };
	struct owed owed[8];
	size_t k = turn_owed(&t->s->game, owed, 8);
	bool seen[3] = { false, false, false };

	for (size_t i = 0; i < k && i < 8 && n + 1 < cap; i++)
		if (!seen[owed[i].kind]) {
			seen[owed[i].kind] = true;
			out[n++] = words[owed[i].kind];
		}
	if (k > 0 && n + 1 < cap)
		out[n++] = "N:skip";
	return n;
}

/* The keys that matter in the current state, most useful first: as many as fit.
 * Enter's hint is what Enter does at the cursor now (tui_enter_hint); the
 * others are offered only where the engine's `may` says their command would be
 * taken: p and T while nothing is owed (else the keys that settle it), > while
 * the selected unit has targets, r and e when the battle set up would be
 * fought, f and m when the unit at the cursor may be fired at or meleed. */
static size_t
hints(struct tui *t, const char *out[], size_t cap)
{
	const struct may_now *m = &t->state_may;
	int sel = tui_selected(t), u = tui_unit_at_cursor(t);
	enum enter_does does = ENTER_NOTHING;
	size_t n = 0;

#define HINT(text) do { if (n + 1 < cap) out[n++] = (text); } while (0)
	if (t->brush == BRUSH_NONE)
		does = tui_enter_hint(does = tui_enter_does(t)) != NULL ? does : ENTER_NOTHING;
	if (tui_enter_hint(does) != NULL)
		HINT(tui_enter_hint(does));
	if (t->brush != BRUSH_NONE) {
		HINT(".:paint here");
		HINT("?:help");
		HINT("Esc:stop");
		HINT("U:undo");
	} else if (t->s->game.setup) {
		HINT("P:paint");
		HINT("A:add unit");
		HINT("w:save scenario");
		HINT("?:help");
		HINT("F10:menu");
		HINT("q:quit");
	} else if (t->battle.active) {
		/* r:roll says again what Enter:roll says */
		if (t->battle.accepted && does != ENTER_ROLL)
			HINT("r:roll");
		if (t->battle.accepted)
			HINT("e:enter dice");
		HINT("?:help");
		if (sel >= 0 && t->ntargets > 0 && selection_derived(t))
			HINT(">:next target");
		HINT("Esc:cancel");
		HINT("o:words");
	} else {
		n = owed_hints(t, out, n, cap);
		if (sel >= 0 && selection_derived(t) && t->ntargets > 0)
			HINT(">:target");
		HINT("?:help");
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
		if (m->known && m->phase_ends && sel < 0)
			HINT("T:end turn");
		HINT("F10:menu");
		if (sel < 0)
			HINT("q:quit");
	}
#undef HINT
	out[n] = NULL;
	return n;
}

/* The hints that fit in `room` columns, joined by two blanks. */
static void
fit_hints(const char *const *keys, int room, char *out, size_t size)
{
	out[0] = '\0';
	for (size_t i = 0; keys[i] != NULL; i++) {
		size_t used = strlen(out);
		if ((int)(used + strlen(keys[i]) + (used ? 2 : 0)) > room)
			break;
		snprintf(out + used, size - used, "%s%s", used ? "  " : "", keys[i]);
	}
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

/* The status line, drawn again only when what it is drawn from changed (on
 * the same windows). */
static void
draw_status_line(struct tui *t, WINDOW *w, const char *const *now)
{
	struct strbuf sb = { NULL, 0, 0 };
	const char *reminder = t->reminder;
	char left[512], keys[256], least[256];
	int cols = COLS, x, room;

	/* what is owed, unless a battle being set up or the brush needs the room */
	const char *state = t->battle.active || t->brush != BRUSH_NONE ? t->state_line
	                                                                : t->state_owed;

	strbuf_addf(&sb, "%d %lu %d %d\n%s\n%s\n%s\n", cols, t->layout, t->s->game.dirty,
	            (int)t->brush, state ? state : "",
	            t->brush_id ? t->brush_id : "", reminder ? reminder : "\1");
	for (size_t i = 0; now[i] != NULL; i++)
		strbuf_addf(&sb, "%s\t", now[i]);
	if (same_as_drawn(&t->status_drawn, sb.text))
		return;
	wattrset(w, tui_attr(t, ROLE_STATUS));
	mvwhline(w, 0, 0, ' ', cols);
	snprintf(left, sizeof left, " %s", state ? state : "");
	tui_put(t, w, 0, 0, left, cols);
	x = (int)strlen(left) + 1;
	if (t->s->game.dirty) {
		wattrset(w, tui_attr(t, ROLE_STATUS_MARK));
		tui_put(t, w, 0, x, "[+] unsaved", cols - x);
		x += 12;
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
	/* the phase's reminder, when it fits whole beside the first hints (the map's
	 * bottom edge shows it otherwise) */
	fit_hints(now, cols - x - 2, keys, sizeof keys);
	fit_hints(now, 24, least, sizeof least);
	room = cols - x - 2 - (int)strlen(least) - 2;
	if (reminder != NULL && (int)strlen(reminder) + 1 <= room) {
		x++;
		tui_put(t, w, 0, x, reminder, room);
		x += (int)strlen(reminder) < room ? (int)strlen(reminder) + 1 : room + 1;
		fit_hints(now, cols - x - 2, keys, sizeof keys);
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
		tui_put(t, w, 1, 0, msg, COLS);
		free(msg);
	}
	wattrset(w, tui_attr(t, ROLE_NORMAL));
}

void
tui_status_draw(struct tui *t)
{
	WINDOW *w = t->statuswin;
	const char *now[16];

	if (w == NULL)
		return;
	hints(t, now, sizeof now / sizeof now[0]);
	draw_status_line(t, w, now);
	draw_message_line(t, w);
	wnoutrefresh(w);
}
