/* tui-status.c: the status line and the message line (ui layer). The status
 * line says where the game stands as `show state` puts it (turn, side to act,
 * phase and the phase's reminder, from the engine's turn_state_words and
 * turn_phase_reminder, as far as it fits), marks unsaved changes, names the brush while painting, and ends
 * with the keys that matter now; the message line below it holds the last
 * command's answer, or its error. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "turn.h"
#include "xmalloc.h"

/* Where the game stands and the phase's reminder, as `show state` says them. */
void
status_derive(struct tui *t)
{
	free(t->state_line);
	free(t->reminder);
	t->state_line = turn_state_words(&t->s->game);
	t->reminder = turn_phase_reminder(&t->s->game);
}

/* The keys that matter in the current state, most useful first: as many as fit. */
static const char *const *
hints(const struct tui *t)
{
	static const char *const painting[] = { ".:paint here", "?:help", "Esc:stop", "U:undo",
		                                NULL };
	static const char *const battle[] = { "r:roll", "?:help", "e:enter dice", "o:words",
		                              "Esc:cancel", NULL };
	static const char *const selected[] = { "Enter:move/battle", "?:help", "f:fire",
		                                "m:melee", "Esc", "F10:menu", NULL };
	static const char *const idle[] = { "Enter:select", "?:help", "p:phase", "T:end turn",
		                            "F10:menu", "q:quit", NULL };

	if (t->brush != BRUSH_NONE)
		return painting;
	if (t->battle.active)
		return battle;
	if (tui_selected(t) >= 0)
		return selected;
	return idle;
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

void
tui_status_draw(struct tui *t)
{
	WINDOW *w = t->statuswin;
	const char *reminder = t->reminder;
	char left[512], keys[256], least[256];
	int cols = COLS, x, room;

	if (w == NULL)
		return;
	werase(w);
	wattrset(w, tui_attr(t, ROLE_STATUS));
	mvwhline(w, 0, 0, ' ', cols);
	snprintf(left, sizeof left, " %s", t->state_line ? t->state_line : "");
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
	fit_hints(hints(t), cols - x - 2, keys, sizeof keys);
	fit_hints(hints(t), 24, least, sizeof least);
	room = cols - x - 2 - (int)strlen(least) - 2;
	if (reminder != NULL && (int)strlen(reminder) + 1 <= room) {
		x++;
		tui_put(t, w, 0, x, reminder, room);
		x += (int)strlen(reminder) < room ? (int)strlen(reminder) + 1 : room + 1;
		fit_hints(hints(t), cols - x - 2, keys, sizeof keys);
	}
	if (keys[0] != '\0')
		tui_put(t, w, 0, cols - (int)strlen(keys) - 1, keys, (int)strlen(keys));
	wattrset(w, tui_attr(t, t->message_error ? ROLE_ERROR : ROLE_NORMAL));
	if (t->message != NULL) {
		char *msg = t->message_error ? xasprintf("error: %s", t->message) : xstrdup(t->message);
		tui_put(t, w, 1, 0, msg, cols);
		free(msg);
	}
	wattrset(w, tui_attr(t, ROLE_NORMAL));
	wnoutrefresh(w);
}
