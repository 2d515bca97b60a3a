/* save.h: writing saved games (engine layer). A save holds the scenario's text,
 * the commands in force and those taken back, and the log; loading it (load.h)
 * replays the commands, so save, load and save again give the same bytes. Writing is atomic:
 * a temporary file beside the save, written and flushed, then renamed over it,
 * and the directory flushed; the three previous saves are kept as .bak.1 to 3.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_SAVE_H
#define HEXAID_SAVE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "game.h"


/* What a save to a file would meet (save_check). */
enum save_check {
	SAVE_MAY,                /* it may be written */
	SAVE_REFUSED,            /* never: not a regular file, or one of hexaid's own */
	SAVE_HELD                /* another hexaid has it open: only when forced */
};

/* May the game be saved to `path` (its links followed)? hexaid writes only
 * regular files it made or the user named as a save: a device, a FIFO, a
 * directory, a journal (the game's own or any other: it holds commands no save
 * has), a lock file a hexaid holds, the game's own lock files (g->files) and the
 * backups of its save, or of a save another hexaid has open, are refused; a save
 * another hexaid has open is SAVE_HELD (its lock is looked at, not taken: Vim's
 * E768). On anything but SAVE_MAY *why says so (free it). Exports ask the same. */
enum save_check save_check(const struct game *g, const char *path, char **why);

/* Why `path` (its links followed) is a file hexaid keeps beside a save, a lock
 * file or a backup of this game's save or of one another hexaid has open, ending
 * with `then` (free it); NULL when it is none. */
char *save_kept_file(const struct game *g, const char *path, const char *then);

/* Write the game to `path`: a symbolic link there is followed, so its target is
 * written and the link stays; what save_check refuses is refused, and a save
 * another hexaid has open too unless `force`; the target's lock is held while it
 * is written. On false *err says why (free it), and the file at `path` is as it
 * was. On true *warning is NULL, or says that the new file is in place but its
 * directory could not be flushed (free it). */
bool save_write_as(const struct game *g, const char *path, bool force, char **err,
                   char **warning);
/* save_write_as, not forced. */
bool save_write(const struct game *g, const char *path, char **err, char **warning);

/* The text save_write would write (free it). Each of its lists (the commands,
 * the undone commands, the log) is a literal block, one item a line, when every
 * item of that list can stand in one (save_item_in_block), else a line of
 * double-quoted text for each item (hexaid(5)). */
char *save_text(const struct game *g);
/* Its length exactly, counted without writing it. */
size_t save_text_size(const struct game *g);
/* What one item of a list takes in a save at most: its line in either form,
 * while its list keeps the form it has. */
size_t save_item_size(const char *item);
/* The fewest bytes a change named `name` adds to the save of a game in play
 * whose redo list is empty: its line in the commands in force begins with the
 * name, and takes two spaces and a line break beside it in a literal block,
 * more quoted (a list turning quoted grows by more than it loses). */
size_t save_change_least(const char *name);
/* The size of a save of a game in play, kept as its lists change, so that a
 * change costs what it adds, not a count of the whole save (session.c). Each
 * list's sums (put_list in save.c); the rest of the save, `frame`, does not
 * change in play. */
enum { SAVE_LIST_DONE, SAVE_LIST_UNDONE, SAVE_LIST_LOG, SAVE_LISTS };
struct save_list_size {
	size_t count, bytes, empty;  /* items, their lengths, the empty ones */
	size_t unblocked;            /* items that cannot stand in a literal block */
	size_t quoted;               /* their quoted lines' length, while unblocked > 0 */
};
struct save_size {
	size_t frame;
	struct save_list_size list[SAVE_LISTS];
};
/* Count it all (a pass over the save's lists, as save_text_size). */
void save_size_measure(struct save_size *z, const struct game *g);
/* save_text_size of the game counted. */
size_t save_size_bytes(const struct save_size *z);
/* One list counted again; the items of l from `from` on counted as added; an
 * item dropped from its end. */
void save_list_size_measure(struct save_list_size *z, const struct strlist *l);
void save_list_size_grow(struct save_list_size *z, const struct strlist *l, size_t from);
void save_list_size_drop(struct save_list_size *z, const char *item);
/* Can this item be a line of a literal block: UTF-8 of characters that YAML
 * lets stand as themselves, none of which ends a line? */
bool save_item_in_block(const char *item);

/* The file among `path` and its backups (.bak.0, which a save cut off may leave,
 * and .bak.1 to .bak.3) whose bytes have the
 * checksum `crc` (journal_crc), newest first: its name (free it), or NULL. A
 * journal names the save it began from this way, so that a recovery finds that
 * save even after a later save took its name. */
char *save_find_version(const char *path, unsigned long crc);

/* Remove temporary files left beside `path` by a save that was cut off. Returns
 * how many it removed. */
int save_clean_temps(const char *path);

/* A lock on a file: PATH.lock held with flock(2) by this process. */
struct file_lock {
	int fd;                  /* -1: none held */
	char *path;              /* the lock file */
};

enum lock_result {
	LOCK_TAKEN,
	LOCK_HELD,               /* another hexaid holds it: *err names its pid */
	LOCK_NO_PLACE,           /* the lock file cannot be made (a read-only place) */
	LOCK_GONE                /* (internal: the file was removed while it was taken) */
};

/* Take the lock of `path` (its links followed): PATH.lock, held until
 * save_unlock or the end of the process, whatever ends it. A lock file no
 * process holds is free, whatever it says. On anything but LOCK_TAKEN *err says
 * why (free it) and l holds nothing. */
enum lock_result save_lock(struct file_lock *l, const char *path, char **err);
void save_unlock(struct file_lock *l);

#endif
