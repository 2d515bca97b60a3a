/* tui-status.c: the status line and the message line (ui layer). The status
 * line says where the game stands as `show state` puts it (turn, side to act,
 * phase and its reminder, whatever the engine adds there), marks unsaved
 * changes, names the brush while painting, and ends with the keys that matter
 * now; the message line below it holds the last command's answer, or its error. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui.h"
#include "xmalloc.h"

/* The first line of `show state` without the scenario's title and card. */
static char *
state_text(struct tui *t)
{
	const struct game *g = &t->s->game;
	struct command_result res;
	char *prefix, *out;

	if (!tui_query(t, &res, "show state") || res.lines.count == 0) {
		command_result_free(&res);
		return xasprintf("turn %d", g->turn);
	}
	prefix = xasprintf("%s (%s), ", g->sc.title ? g->sc.title : "", game_card(g)->id);
	if (strncmp(res.lines.items[0], prefix, strlen(prefix)) == 0)
		out = xstrdup(res.lines.items[0] + strlen(prefix));
	else
		out = xstrdup(res.lines.items[0]);
	free(prefix);
	command_result_free(&res);
	return out;
}

/* The keys that matter in the current state, most useful first: as many as fit. */
static const char *const *
hints(const struct tui *t)
{
	static const char *const painting[] = { ".:paint here", "Esc:stop", "U:undo", "?:help",
		                                NULL };
	static const char *const battle[] = { "r:roll", "e:enter dice", "o:words", "Esc:cancel",
		                              "?:help", NULL };
	static const char *const selected[] = { "Enter:move/battle", "f:fire", "m:melee",
		                                "Esc", "?:help", "F10:menu", NULL };
	static const char *const idle[] = { "Enter:select", "T:end turn", "p:phase", "?:help",
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
	char *state, left[512], keys[256];
	int cols = COLS, x;

	if (w == NULL)
		return;
	werase(w);
	state = state_text(t);
	wattrset(w, tui_attr(t, ROLE_STATUS));
	mvwhline(w, 0, 0, ' ', cols);
	snprintf(left, sizeof left, " %s", state);
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
	fit_hints(hints(t), cols - x - 2, keys, sizeof keys);
	if (keys[0] != '\0')
		tui_put(t, w, 0, cols - (int)strlen(keys) - 1, keys, (int)strlen(keys));
	wattrset(w, tui_attr(t, t->message_error ? ROLE_ERROR : ROLE_NORMAL));
	if (t->message != NULL) {
		char *msg = t->message_error ? xasprintf("error: %s", t->message) : xstrdup(t->message);
		tui_put(t, w, 1, 0, msg, cols);
		free(msg);
	}
	wattrset(w, tui_attr(t, ROLE_NORMAL));
	free(state);
	wnoutrefresh(w);
}
