/* journal.h: the game's journal (engine layer): every applied command, one line
 * each with its number and a checksum, written with one write and flushed to
 * disk before its result is shown, so that after a crash the game is rebuilt
 * from it. Its first line names what it replays onto, with that file's
 * checksum.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_JOURNAL_H
#define HEXAID_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "strutil.h"

struct journal {
	int fd;
	char *path;
	off_t size;              /* bytes on the disk: whole, flushed lines */
	size_t seq;              /* the number of the last line written */
};

/* Start a journal at `path` with a first line naming what it replays onto:
 * "scenario=PATH" or "save=PATH" (named with the checksum of its bytes now), or
 * "crc=XXXXXXXX save=PATH" (a file as it was, as journal_contents_base gives). The
 * new journal is written beside and flushed, then put in place of any file at
 * `path`, so that a crash leaves the old journal or the new one, whole. On
 * false, *err says why and nothing changed (free it); on true, *warning is NULL
 * or says that the directory could not be flushed (free it). */
bool journal_create(struct journal *j, const char *path, const char *base, char **err,
                    char **warning);
/* The same, the new journal holding `lines` already (numbered from 1), all
 * written and flushed before it is put in place: a journal started again whole. */
bool journal_create_lines(struct journal *j, const char *path, const char *base,
                          const struct strlist *lines, char **err, char **warning);

/* What `base` names, with the checksum of that file's bytes now ("crc=XXXXXXXX
 * save=PATH"), as journal_create names it; a base named with its checksum is
 * given back as it is (free it). NULL and *err when the file cannot be read. */
char *journal_base_named(const char *base, char **err);

/* Add one command line, numbered after the last; it is on disk when this
 * returns true. On false the journal is cut back to the lines before it, so the
 * line is not there either; when even that fails, the journal is closed (fd -1)
 * and *err says so. A line that would make the journal larger than a journal is
 * read is refused, and the journal stays open. */
bool journal_append(struct journal *j, const char *line, char **err);

void journal_close(struct journal *j);

/* The text of a journal onto `base`, named with its checksum ("crc=XXXXXXXX
 * scenario=PATH"), holding `lines`, as journal_create and journal_append write
 * it (free it): for tests that keep journals in memory. */
char *journal_text(const char *base, const struct strlist *lines);

/* What a journal holds: its base and its commands, up to the first line that is
 * torn (no newline), fails its checksum or is out of order (its number is not
 * the next); that line and every line after it are not taken, and counted. False
 * only when the file cannot be read or is no journal. */
struct journal_contents {
	char *base;              /* "scenario=PATH" or "save=PATH" */
	bool has_crc;            /* named with its checksum: */
	unsigned long base_crc;  /* the CRC-32 of its bytes when the journal began */
	struct strlist lines;    /* the commands taken, without their numbers */
	size_t dropped;          /* lines not taken */
	size_t damaged_at;       /* 1-based line of the first of them, or 0 */
	bool torn;               /* only the last line was not taken, and it was torn */
};

bool journal_read(const char *path, struct journal_contents *out, char **err);
/* The same from text already read; `name` stands for the file in messages. */
bool journal_parse(const char *text, size_t len, const char *name, struct journal_contents *out,
                   char **err);

/* What a base names: a scenario or a save (its kind) and the file's path,
 * pointing into the base; read by journal_base_parse, the one reader of a
 * base's words. */
enum journal_base_kind { BASE_NONE, BASE_SCENARIO, BASE_SAVE };
struct journal_base {
	enum journal_base_kind kind;
	const char *path;        /* into the base; NULL when kind is BASE_NONE */
};
/* "scenario=PATH" or "save=PATH", after any "crc=XXXXXXXX ": false (kind
 * BASE_NONE) when it is neither. */
bool journal_base_parse(const char *base, struct journal_base *out);
/* The words of a base of this kind and path, as journal_base_parse reads them
 * (free it). */
char *journal_base_words(enum journal_base_kind kind, const char *path);

/* What a journal replays onto, checksum and all, for journal_create to start a
 * copy of it that names the same save (free it). */
char *journal_contents_base(const struct journal_contents *jc);
void journal_contents_free(struct journal_contents *c);

/* Did the journal hold whole lines that were not taken (damaged, out of order)?
 * A torn last line is a command cut off as it was written, never shown. */
bool journal_lost_lines(const struct journal_contents *jc);

/* Move the journal at `path` aside, to PATH.discarded (or .discarded.2 and on:
 * nothing there is replaced), before a new journal takes its name: its name
 * there (free it), or NULL and *err. The file keeps every byte and still names
 * what it replays onto, so `hexaid recover` takes it. */
char *journal_keep_aside(const char *path, char **err);

/* The line a journal gets when the game was saved but the journal could not
 * start again from that save: the checksum of the save's bytes (free it); a
 * recovery whose first save is gone replays the commands after it onto that
 * save. It is a comment to the command language. */
char *journal_saved_line(unsigned long crc);
bool journal_saved_mark(const char *line, unsigned long *crc);

/* The checksum written after each line (CRC-32, as in zlib). */
unsigned long journal_crc(const char *s, size_t len);

/* The same checksum of a whole file's bytes. On false, *err says why. */
bool journal_file_crc(const char *path, unsigned long *crc, char **err);

#endif
