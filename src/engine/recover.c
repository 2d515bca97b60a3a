/* recover.c: finds the file a journal replays onto, and from which of its lines
 * (engine layer), by the checksums the journal keeps (recover.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "recover.h"
#include "save.h"
#include "xmalloc.h"

/* The last mark in the journal of the save now at `path` (crc `now`): true, and
 * the line after the mark in rb. */
static bool
after_its_mark(const struct journal_contents *jc, const char *path, unsigned long now,
               struct recovery_base *rb)
{
	for (size_t i = jc->lines.count; i-- > 0;) {
		unsigned long crc;

		if (!journal_saved_mark(jc->lines.items[i], &crc) || crc != now)
			continue;
		rb->file = xstrdup(path);
		rb->from = i + 1;
		rb->base = xasprintf("crc=%08lx save=%s", crc, path);
		rb->note = xasprintf("the game was saved as %s at line %zu of the journal: replaying "
		                     "the %zu commands after it", path, i + 2, jc->lines.count - i - 1);
		return true;
	}
	return false;
}

/* The last mark in the journal of a save kept among the backups: true, and the
 * file and the line after the mark in rb. */
static bool
after_a_kept_mark(const struct journal_contents *jc, const char *path, struct recovery_base *rb)
{
	for (size_t i = jc->lines.count; i-- > 0;) {
		unsigned long crc;
		char *file;

		if (!journal_saved_mark(jc->lines.items[i], &crc))
			continue;
		if ((file = save_find_version(path, crc)) == NULL)
			continue;
		rb->file = file;
		rb->from = i + 1;
		rb->base = xasprintf("crc=%08lx save=%s", crc, path);
		return true;
	}
	return false;
}

/* The journal continues the save at `path` when it began from it or marked it
 * as saved; else a newer save replaced the one it continues, which is then
 * found among the backups: rb->replaced. */
static bool
save_base(const struct journal_contents *jc, const char *path, struct recovery_base *rb,
          char **err)
{
	unsigned long now;
	char *why = NULL;
	bool readable;

	rb->is_save = true;
	if (!jc->has_crc) {
		rb->file = xstrdup(path);
		rb->base = journal_contents_base(jc);
		return true;
	}
	readable = journal_file_crc(path, &now, &why);
	free(why);
	if (readable && now == jc->base_crc) {
		rb->file = xstrdup(path);
		rb->base = journal_contents_base(jc);
		return true;
	}
	if (readable && after_its_mark(jc, path, now, rb))
		return true;
	/* a newer save replaced the one the journal continues, and holds none of
	 * the commands after it: they are a game of their own */
	if ((rb->file = save_find_version(path, jc->base_crc)) != NULL)
		rb->base = journal_contents_base(jc);
	else if (!after_a_kept_mark(jc, path, rb)) {
		*err = xasprintf("%s is not the save this journal began from, nor is any of its "
		                 "backups: replaying onto it would repeat commands", path);
		return false;
	}
	rb->replaced = true;
	rb->note = xasprintf("%s is a newer save that this journal does not continue: replaying "
	                     "onto %s, the save it began from (what the newer save holds is not "
	                     "in what is recovered)", path, rb->file);
	return true;
}

static bool
scenario_base(const struct journal_contents *jc, const char *path, struct recovery_base *rb,
              char **err)
{
	unsigned long crc;

	if (jc->has_crc) {
		if (!journal_file_crc(path, &crc, err))
			return false;
		if (crc != jc->base_crc) {
			*err = xasprintf("%s has changed since this journal began: its commands would be "
			                 "replayed onto another map; put back the scenario as it was",
			                 path);
			return false;
		}
	}
	rb->file = xstrdup(path);
	rb->base = journal_contents_base(jc);
	return true;
}

bool
recovery_base(const struct journal_contents *jc, struct recovery_base *rb, char **err)
{
	struct journal_base b;

	memset(rb, 0, sizeof *rb);
	(void)journal_base_parse(jc->base, &b);
	if (b.kind == BASE_SAVE)
		return save_base(jc, b.path, rb, err);
	if (b.kind == BASE_SCENARIO)
		return scenario_base(jc, b.path, rb, err);
	*err = xasprintf("the journal names no game (%s)", jc->base);
	return false;
}

void
recovery_base_free(struct recovery_base *rb)
{
	free(rb->file);
	free(rb->note);
	free(rb->base);
	memset(rb, 0, sizeof *rb);
}
