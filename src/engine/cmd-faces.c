/* cmd-faces.c: the faces of the card's battle die (engine layer), for a battle's
 * dice and for the dice a move rolls as it enters hexes: typed from the table
 * (`roll=a,b,c`, names or short forms) or rolled by hexaid, said as words, and
 * kept in the command's record so that a replay applies the same faces.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "strutil.h"
#include "xmalloc.h"

/* "soldier (s), flag (f) or burst (b)": a die's faces for a message; free it. */
static char *
face_choices(const struct die_kind *d)
{
	struct strbuf s = { NULL, 0, 0 };

	for (size_t i = 0; i < d->nfaces; i++) {
		const struct die_face *f = &d->faces[i];
		strbuf_addf(&s, "%s%s%s%s%s", i == 0 ? "" : i + 1 == d->nfaces ? " or " : ", ", f->id,
		            f->short_name ? " (" : "", f->short_name ? f->short_name : "",
		            f->short_name ? ")" : "");
	}
	return s.text != NULL ? s.text : xstrdup("");
}

/* The faces of the dice: typed (`roll=a,b,c`, names or short forms, any order),
 * or rolled by hexaid. False with the reason when the typed ones do not fit. */
bool
cmd_faces_take(struct game *g, int n, const char *rolled, int *faces,
               struct command_result *res)
{
	const struct card *card = game_card(g);
	const struct die_kind *d;
	char *copy, *save = NULL;
	int k = 0;

	/* a card without a battle die has no faces to take: refused, never read */
	if (card->battle_die < 0 || (size_t)card->battle_die >= card->ndice)
		return cmd_fail(res, "%s%s: this card has no battle die (battle_die:), so "
		                     "nothing here rolls its faces", rolled ? "roll=" : "dice",
		                rolled ? rolled : "");
	d = &card->dice[card->battle_die];
	if (rolled == NULL) {
		for (int i = 0; i < n; i++)
			faces[i] = d->nfaces == 0
			                   ? (int)rng_below(&g->rng, (uint32_t)d->sides)
			                   : die_face_of_side(d, (int)rng_below(&g->rng, (uint32_t)d->total));
		return true;
	}
	copy = xstrdup(rolled);
	for (char *w = strtok_r(copy, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save)) {
		long v;
		int f = d->nfaces == 0 ? (str_long(w, 1, d->sides, &v) ? (int)v - 1 : -1)
		                       : die_face_named(d, w);
		if (f < 0 && d->nfaces == 0) {
			cmd_fail(res, "roll=%s: '%s' is not a side of the %s die (1 to %d)", rolled, w,
			         d->id, d->sides);
			free(copy);
			return false;
		}
		if (f < 0) {
			char *choices = face_choices(d);
			cmd_fail(res, "roll=%s: '%s' is not a face of the %s die; its faces are %s",
			         rolled, w, d->id, choices);
			free(choices);
			free(copy);
			return false;
		}
		if (k < n)
			faces[k] = f;
		k++;
	}
	free(copy);
	if (k != n)
		return cmd_fail(res, "roll=%s: %d dice are rolled here; give %d faces", rolled, n, n);
	return true;
}

/* The faces as words, for the record and for people. */
void
cmd_faces_record(struct command_result *res, const struct die_kind *d, const int *faces, int n)
{
	char *list = cmd_faces_words(d, faces, n, ",");

	free(res->record_extra);
	res->record_extra = xasprintf("roll=%s", list);
	free(list);
}

char *
cmd_faces_words(const struct die_kind *d, const int *faces, int n, const char *sep)
{
	struct strbuf s = { NULL, 0, 0 };

	for (int i = 0; i < n; i++) {
		char number[16];

		snprintf(number, sizeof number, "%d", faces[i] + 1);
		strbuf_addf(&s, "%s%s", i ? sep : "", d->nfaces ? d->faces[faces[i]].id : number);
	}
	return s.text != NULL ? s.text : xstrdup("");
}
