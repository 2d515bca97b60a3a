/* journal.h: the game's journal (engine layer): every applied command, one line
 * each with a checksum, written with one write and flushed to disk before its
 * result is shown, so that after a crash the game is rebuilt from it. */
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
};

/* Start a journal at `path` with a first line naming what it replays onto:
 * "scenario=PATH" or "save=PATH" (a save with the checksum of its bytes now), or
 * "crc=XXXXXXXX save=PATH" (a save as it was, as journal_contents_base gives). The
 * new journal is written beside and flushed, then put in place of any file at
 * `path`, so that a crash leaves the old journal or the new one, whole. On
 * false, *err says why and nothing changed (free it); on true, *warning is NULL
 * or says that the directory could not be flushed (free it). */
bool journal_create(struct journal *j, const char *path, const char *base, char **err,
                    char **warning);

/* Add one command line; it is on disk when this returns true. On false the
 * journal is cut back to the lines before it, so the line is not there either;
 * when even that fails, the journal is closed (fd -1) and *err says so. */
bool journal_append(struct journal *j, const char *line, char **err);

void journal_close(struct journal *j);

/* What a journal holds: its base and its commands. A last line that is torn (no
 * newline) or fails its checksum is dropped and counted, and so is anything after
 * a damaged line. False only when the file cannot be read or is no journal. */
struct journal_contents {
	char *base;              /* "scenario=PATH" or "save=PATH" */
	bool has_crc;            /* a save named with its checksum: */
	unsigned long base_crc;  /* the CRC-32 of its bytes when the journal began */
	struct strlist lines;
	size_t dropped;          /* lines dropped as torn or damaged */
	size_t damaged_at;       /* 1-based line of the first dropped line, or 0 */
};

bool journal_read(const char *path, struct journal_contents *out, char **err);
/* The same from text already read; `name` stands for the file in messages. */
bool journal_parse(const char *text, size_t len, const char *name, struct journal_contents *out,
                   char **err);

/* What a journal replays onto, checksum and all, for journal_create to start a
 * copy of it that names the same save (free it). */
char *journal_contents_base(const struct journal_contents *jc);
void journal_contents_free(struct journal_contents *c);

/* The checksum written after each line (CRC-32, as in zlib). */
unsigned long journal_crc(const char *s, size_t len);

/* The same checksum of a whole file's bytes. On false, *err says why. */
bool journal_file_crc(const char *path, unsigned long *crc, char **err);

#endif
