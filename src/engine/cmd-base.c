/* cmd-base.c: what every command file builds on (engine layer): a command's
 * answer (its lines, a failure with the reason, an explanation's steps), the
 * arguments people type (hexes, units, terrain ids) read with messages that say
 * what is wrong and how to put it right, whether a unit may be ordered now, and
 * disorder. It calls no other command file: the command files form a tree above
 * it (HACKING.md, "Commands"). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "strutil.h"
#include "xmalloc.h"

/* ---- the answer ------------------------------------------------------------- */

void
command_result_free(struct command_result *res)
{
	command_result_clear_lines(res);
	free(res->record_extra);
	res->record_extra = NULL;
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
	strlist_free(&f->parts);
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

	va_start(ap, fmt);
	strlist_vaddf(&res->lines, fmt, ap);
	va_end(ap);
}

bool
cmd_fail(struct command_result *res, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strlist_vaddf(&res->lines, fmt, ap);
	va_end(ap);
	res->ok = false;
	return false;
}

void
cmd_say_steps(struct command_result *res, const struct explanation *why)
{
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
	cmd_say(res, "%s is now in %s (%s:%d)", u->id,
	        card->words[WL_STATUS].words[card->disorder_levels[now]], card->disorder_file,
	        card->disorder_line);
	game_log(g, "%s is now in %s", u->id, card->words[WL_STATUS].words[card->disorder_levels[now]]);
}

bool
cmd_may_order(struct game *g, int unit, struct command_result *res)
{
	if (g->units[unit].side == g->side || g->forcing)
		return true;
	return cmd_fail(res, "%s belongs to the %s, and the %s are acting: end the turn first "
	                     "(or add --force, which the log records)",
	                g->units[unit].id, g->sc.teams[g->units[unit].side].name,
	                g->sc.teams[g->side].name);
}
