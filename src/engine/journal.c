/* journal.c: writes and reads the game journal (engine layer). A line is its
 * number, a space, the command, a tab, '#', and eight hex digits of the CRC-32
 * of what comes before the tab, then a newline; each is written with one
 * write(2) and fdatasync(2)ed before the caller shows the command's result. The
 * first line names what the journal replays onto, with the checksum of its
 * bytes, its path quoted as git quotes one when it holds a control character.
 * Reading keeps every line up to the first that is torn, damaged or out of
 * order, and counts the lines from there on. Journals of versions 1 (lines
 * without numbers) and 2 (paths as they are) are still read.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "fault.h"
#include "fileops.h"
#include "journal.h"
#include "xmalloc.h"

#define JOURNAL_MAGIC "hexaid-journal 3 "
#define JOURNAL_MAGIC_V2 "hexaid-journal 2 "
#define JOURNAL_MAGIC_V1 "hexaid-journal 1 "
#define SAVED_MARK "#saved crc="
#define JOURNAL_MAX (64u << 20)

static bool
fail(char **err, const char *what, const char *path)
{
	*err = xasprintf("%s: %s: %s", path, what, strerror(errno));
	return false;
}

/* Open a file to read it whole: a FIFO or a device is refused, never waited on. */
static int
open_to_read(const char *path, char **err)
{
	bool not_regular;
	int fd = fileops_open_regular(path, &not_regular);

	if (fd < 0 && not_regular)
		*err = xasprintf("%s: not a regular file", path);
	else if (fd < 0)
		fail(err, "cannot open", path);
	return fd;
}

/* The CRC-32 of ISO 3309 (zlib's crc32), carried on over len more bytes. */
static uint32_t
crc_update(uint32_t crc, const char *s, size_t len)
{
	while (len > 0) {
		uInt n = len > UINT_MAX ? UINT_MAX : (uInt)len;

		crc = (uint32_t)crc32(crc, (const Bytef *)s, n);
		s += n;
		len -= n;
	}
	return crc;
}

unsigned long
journal_crc(const char *s, size_t len)
{
	return (unsigned long)crc_update(0, s, len);
}

bool
journal_file_crc(const char *path, unsigned long *crc, char **err)
{
	int fd = open_to_read(path, err);
	uint32_t c = 0;
	char buf[65536];
	ssize_t n;

	if (fd < 0)
		return false;
	while ((n = fio_read(fd, buf, sizeof buf)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			fail(err, "cannot read", path);
			close(fd);
			return false;
		}
		c = crc_update(c, buf, (size_t)n);
	}
	close(fd);
	*crc = (unsigned long)c;
	return true;
}

/* Write all of buf, then flush it to the disk. */
static bool
write_line(int fd, const char *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n;
		fault_point("journal: before writing a line");
		n = fio_write(fd, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		done += (size_t)n;
	}
	fault_point("journal: before flushing a line");
	if (fio_fdatasync(fd) != 0)
		return false;
	fault_point("journal: line written");
	return true;
}

static char *
framed(const char *line)
{
	return xasprintf("%s\t#%08lx\n", line, journal_crc(line, strlen(line)));
}

char *
journal_base_named(const char *base, char **err)
{
	unsigned long crc;
	struct journal_base b;

	/* named with its checksum already, or "scenario=FILE" / "save=FILE" */
	/* reader: the journal's format */
	if (strncmp(base, "crc=", 4) == 0 || !journal_base_parse(base, &b)) /* the head's format */
		return xstrdup(base);
	if (!journal_file_crc(b.path, &crc, err))
		return NULL;
	return xasprintf("crc=%08lx %s", crc, base);
}

/* The text a journal starts with: the first line, framed (the magic, then what
 * the journal replays onto, named with the checksum of its bytes as they are
 * now, so that a recovery can tell it from a later save to the same name, or
 * from a scenario edited since), then `lines` (may be NULL), numbered. NULL and
 * *err when the file cannot be read. */
static char *
journal_start_text(const char *base, const struct strlist *lines, char **err)
{
	char *named = journal_base_named(base, err), *text;
	struct strlist none = { 0 };

	if (named == NULL)
		return NULL;
	text = journal_text(named, lines != NULL ? lines : &none);
	free(named);
	return text;
}

/* Write and flush the start of the journal to the new file, then put it in
 * place. NULL, or what failed (errno says why). */
static const char *
put_first_line(int fd, const char *tmp, const char *path, const char *text)
{
	if (fio_fchmod(fd, fileops_new_mode(path)) != 0 || !write_line(fd, text, strlen(text)))
		return "cannot write";
	fault_point("journal: before renaming into place");
	if (fio_rename(tmp, path) != 0)
		return "cannot rename into place";
	return NULL;
}

bool
journal_create(struct journal *j, const char *path, const char *base, char **err,
               char **warning)
{
	return journal_create_lines(j, path, base, NULL, err, warning);
}

bool
journal_create_lines(struct journal *j, const char *path, const char *base,
                     const struct strlist *lines, char **err, char **warning)
{
	char *line = journal_start_text(base, lines, err), *tmp = xasprintf("%s.tmp.XXXXXX", path);
	char *dir = fileops_dir_of(path), *own = xstrdup(path);
	const char *what = NULL;
	int fd = -1;

	memset(j, 0, sizeof *j);
	j->fd = -1;
	*warning = NULL;
	if (line != NULL && strlen(line) > JOURNAL_MAX) {
		free(line);
		line = NULL;
		*err = xasprintf("%s: the journal is full (a journal is at most %u bytes): save the "
		                 "game, which starts it afresh", path, JOURNAL_MAX);
	}
	if (line != NULL) {
		fault_point("journal: before creating");
		fd = fio_mkostemp(tmp, O_APPEND | O_CLOEXEC);
		what = fd < 0 ? "cannot create a file beside it" : put_first_line(fd, tmp, path, line);
	}
	if (line != NULL && what == NULL) {
		fault_point("journal: before flushing the directory");
		if (!fileops_sync_dir(dir))
			fail(warning, "in place, but its directory cannot be flushed", path);
		fault_point("journal: created");
		j->fd = fd;
		j->path = own;
		j->size = (off_t)strlen(line);
		j->seq = lines != NULL ? lines->count : 0;
		own = NULL;
	} else if (what != NULL) {
		int saved = errno;
		if (fd >= 0) {
			fio_close(fd);
			fio_unlink(tmp);
		}
		errno = saved;
		fail(err, what, path);
	}
	free(line);
	free(tmp);
	free(dir);
	free(own);
	return j->fd >= 0;
}

/* A line that could not be written whole and flushed may still be in the file,
 * in part or whole: cut the file back to the lines before it, so that a command
 * the game took back is not replayed by a recovery. */
static void
cut_back(struct journal *j, char **err)
{
	int write_errno = errno;

	if (fio_ftruncate(j->fd, j->size) == 0 && fio_fdatasync(j->fd) == 0) {
		errno = write_errno;
		fail(err, "cannot write the journal", j->path);
		return;
	}
	*err = xasprintf("%s: cannot write the journal: %s, nor take the line back out: %s; "
	                 "the journal stops (it may still hold this command) and starts again, "
	                 "whole, at the next change",
	                 j->path, strerror(write_errno), strerror(errno));
	journal_close(j);
}

/* A command's line, numbered and framed. */
static char *
numbered_line(size_t seq, const char *line)
{
	char *numbered = xasprintf("%zu %s", seq, line), *buf = framed(numbered);

	free(numbered);
	return buf;
}

bool
journal_base_parse(const char *base, struct journal_base *out)
{
	static const struct {
		const char *word;
		enum journal_base_kind kind;
	} kinds[] = { { "scenario=", BASE_SCENARIO }, { "save=", BASE_SAVE } };

	/* a journal's head (its file format): "crc=XXXXXXXX " before the base */
	/* reader: the journal's format */
	if (strncmp(base, "crc=", 4) == 0 && strlen(base) > 13 && base[12] == ' ')
		base += 13;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		/* the base's kind, by its word in the journal's head (its file format) */
		/* reader: the journal's format */
		if (strncmp(base, kinds[i].word, strlen(kinds[i].word)) == 0) {
			out->kind = kinds[i].kind;
			out->path = base + strlen(kinds[i].word);
			return true;
		}
	out->kind = BASE_NONE;
	out->path = NULL;
	return false;
}

char *
journal_base_words(enum journal_base_kind kind, const char *path)
{
	return xasprintf("%s=%s", kind == BASE_SAVE ? "save" : "scenario", path);
}

/* Where the path starts in a base, or NULL (journal_base_parse). */
static const char *
base_path(const char *base)
{
	struct journal_base b;

	return journal_base_parse(base, &b) ? b.path : NULL;
}

/* The base as the first line holds it (version 3): its path quoted as git
 * quotes one, so that any byte a file name holds (a newline) stays in the line. */
static char *
base_quoted(const char *base)
{
	const char *path = base_path(base);
	char *q, *line;

	if (path == NULL)
		return xstrdup(base);
	q = str_quote_path(path);
	line = xasprintf("%.*s%s", (int)(path - base), base, q);
	free(q);
	return line;
}

char *
journal_text(const char *base, const struct strlist *lines)
{
	struct strbuf s = { NULL, 0, 0 };
	char *quoted = base_quoted(base), *head = xasprintf(JOURNAL_MAGIC "%s", quoted);
	char *line = framed(head);

	strbuf_addf(&s, "%s", line);
	free(line);
	free(head);
	free(quoted);
	for (size_t i = 0; i < lines->count; i++) {
		line = numbered_line(i + 1, lines->items[i]);
		strbuf_addf(&s, "%s", line);
		free(line);
	}
	return s.text;
}

bool
journal_append(struct journal *j, const char *line, char **err)
{
	char *buf;
	bool ok;

	if (j->fd < 0) {
		*err = xasprintf("%s: the journal is not open", j->path ? j->path : "journal");
		return false;
	}
	buf = numbered_line(j->seq + 1, line);
	if ((uintmax_t)j->size + strlen(buf) > JOURNAL_MAX) {
		/* what journal_read would refuse is never written */
		*err = xasprintf("%s: the journal is full (a journal is at most %u bytes): save the "
		                 "game, which starts it afresh", j->path, JOURNAL_MAX);
		free(buf);
		return false;
	}
	ok = write_line(j->fd, buf, strlen(buf));
	if (ok) {
		j->size += (off_t)strlen(buf);
		j->seq++;
	} else
		cut_back(j, err);
	free(buf);
	return ok;
}

void
journal_close(struct journal *j)
{
	if (j->fd >= 0)
		fio_close(j->fd);
	j->fd = -1;
	free(j->path);
	j->path = NULL;
}

/* One framed line: true and its text in *text when the checksum holds. */
static bool
unframe(char *line, char **text)
{
	char *tab = strrchr(line, '\t');
	char *end;
	unsigned long want;

	if (tab == NULL || tab[1] != '#' || strlen(tab + 2) != 8)
		return false;
	want = strtoul(tab + 2, &end, 16);
	if (*end != '\0')
		return false;
	*tab = '\0';
	*text = line;
	return journal_crc(line, strlen(line)) == want;
}

static char *
read_all(const char *path, size_t *len, char **err)
{
	int fd = open_to_read(path, err);
	size_t cap = 65536;
	char *buf;

	*len = 0;
	if (fd < 0)
		return NULL;
	buf = xmalloc(cap + 1);
	for (;;) {
		ssize_t n;
		if (*len == cap) {
			/* room for one byte past the most a journal holds, to see it */
			if (cap > JOURNAL_MAX) {
				*err = xasprintf("%s: a journal is at most %u bytes", path, JOURNAL_MAX);
				close(fd);
				free(buf);
				return NULL;
			}
			cap = cap * 2 > JOURNAL_MAX ? JOURNAL_MAX + 1u : cap * 2;
			buf = xreallocarray(buf, cap + 1, 1);
		}
		n = fio_read(fd, buf + *len, cap - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			fail(err, "cannot read", path);
			close(fd);
			free(buf);
			return NULL;
		}
		if (n == 0)
			break;
		*len += (size_t)n;
	}
	close(fd);
	buf[*len] = '\0';
	return buf;
}

/* "crc=0123abcd save=PATH" or the base alone; from version 3 on, PATH may be
 * quoted (base_quoted). Nothing is read from a quoting that is broken. */
static void
read_base(struct journal_contents *out, const char *text, int version)
{
	const char *path;
	char *end, *raw;

	/* the journal's head (its file format): "crc=XXXXXXXX " before the base */
	/* reader: the journal's format */
	if (strncmp(text, "crc=", 4) == 0 && strspn(text + 4, "0123456789abcdef") == 8 &&
	    text[12] == ' ') {
		out->base_crc = strtoul(text + 4, &end, 16);
		out->has_crc = true;
		text += 13;
	}
	if (version < 3 || (path = base_path(text)) == NULL) {
		out->base = xstrdup(text);
		return;
	}
	if ((raw = str_unquote_path(path)) != NULL)
		out->base = xasprintf("%.*s%s", (int)(path - text), text, raw);
	free(raw);
}

/* A line of version 2 starts with its number, which must be `want`: the text
 * after it in *text, or false. */
static bool
take_number(char **text, size_t want)
{
	char *p = *text, *end;
	unsigned long long n;

	if (*p < '0' || *p > '9')
		return false;
	errno = 0;
	n = strtoull(p, &end, 10);
	if (errno != 0 || *end != ' ' || n != (unsigned long long)want)
		return false;
	*text = end + 1;
	return true;
}

/* A line not taken: it and every line after it are counted from here on. */
static void
not_taken(struct journal_contents *out, size_t lineno)
{
	out->dropped++;
	if (out->damaged_at == 0)
		out->damaged_at = lineno;
}

/* The first line: the version and the base. 0 when it is none. */
static int
read_first(struct journal_contents *out, char *text)
{
	/* reader: the journal's format */
	int version = strncmp(text, JOURNAL_MAGIC, strlen(JOURNAL_MAGIC)) == 0      ? 3
	              : strncmp(text, JOURNAL_MAGIC_V2, strlen(JOURNAL_MAGIC_V2)) == 0 ? 2
	              : strncmp(text, JOURNAL_MAGIC_V1, strlen(JOURNAL_MAGIC_V1)) == 0 ? 1
	                                                                              : 0;

	/* the magics of every version are of one length */
	if (version != 0)
		read_base(out, text + strlen(JOURNAL_MAGIC), version);
	return version;
}

/* Split buf (len bytes, NUL-terminated, changed in place) into the journal's
 * lines; frees buf. `path` names it in messages. */
static bool
parse(char *buf, size_t len, const char *path, struct journal_contents *out, char **err)
{
	size_t lineno = 0;
	char *p = buf, *text;
	int version = 0;

	while (p < buf + len) {
		char *nl = memchr(p, '\n', (size_t)(buf + len - p));
		bool good;

		lineno++;
		if (nl == NULL) {
			/* the last line, cut off as it was written: a crash, not damage */
			out->torn = out->damaged_at == 0;
			not_taken(out, lineno);
			break;
		}
		*nl = '\0';
		good = memchr(p, '\0', (size_t)(nl - p)) == NULL && unframe(p, &text);
		if (lineno == 1) {
			/* the file format: the first line starts with the magic */
			if (!good || (version = read_first(out, text)) == 0)
				break;
		} else if (out->damaged_at == 0 && good &&
		           (version == 1 || take_number(&text, out->lines.count + 1))) {
			strlist_add(&out->lines, text);
		} else {
			not_taken(out, lineno);
		}
		p = nl + 1;
	}
	free(buf);
	if (out->base == NULL) {
		*err = xasprintf("%s: not a hexaid journal (its first line is damaged or missing)", path);
		journal_contents_free(out);
		return false;
	}
	return true;
}

bool
journal_read(const char *path, struct journal_contents *out, char **err)
{
	size_t len;
	char *buf = read_all(path, &len, err);

	memset(out, 0, sizeof *out);
	return buf != NULL && parse(buf, len, path, out, err);
}

bool
journal_parse(const char *text, size_t len, const char *name, struct journal_contents *out,
              char **err)
{
	memset(out, 0, sizeof *out);
	return parse(xstrndup(text, len), len, name, out, err);
}

char *
journal_contents_base(const struct journal_contents *jc)
{
	return jc->has_crc ? xasprintf("crc=%08lx %s", jc->base_crc, jc->base) : xstrdup(jc->base);
}

/* Move `path` to `to` unless something is there: a hard link then the old name
 * removed, or, where links cannot be made, a rename after a look. */
static bool
move_unless_there(const char *path, const char *to)
{
	if (fio_link(path, to) == 0) {
		int saved;
		if (fio_unlink(path) == 0)
			return true;
		saved = errno;
		unlink(to);
		errno = saved;
		return false;
	}
	if (errno == EEXIST || (errno != EPERM && errno != ENOTSUP && errno != EXDEV &&
	                        errno != EMLINK && errno != ENOSYS))
		return false;
	if (access(to, F_OK) == 0) {
		errno = EEXIST;
		return false;
	}
	return fio_rename(path, to) == 0;
}

char *
journal_keep_aside(const char *path, char **err)
{
	for (int n = 1; n < 1000; n++) {
		char *to = n == 1 ? xasprintf("%s.discarded", path)
		                  : xasprintf("%s.discarded.%d", path, n);
		if (move_unless_there(path, to))
			return to;
		free(to);
		if (errno != EEXIST)
			break;
	}
	fail(err, "cannot keep it aside", path);
	return NULL;
}

bool
journal_lost_lines(const struct journal_contents *jc)
{
	return jc->dropped > (jc->torn ? 1u : 0u);
}

char *
journal_saved_line(unsigned long crc)
{
	return xasprintf(SAVED_MARK "%08lx", crc);
}

bool
journal_saved_mark(const char *line, unsigned long *crc)
{
	const char *hex = line + strlen(SAVED_MARK);

	if (strncmp(line, SAVED_MARK, strlen(SAVED_MARK)) != 0 || /* reader: the journal's format */
	    strspn(hex, "0123456789abcdef") != 8 || hex[8] != '\0')
		return false;
	*crc = strtoul(hex, NULL, 16);
	return true;
}

void
journal_contents_free(struct journal_contents *c)
{
	free(c->base);
	strlist_free(&c->lines);
	memset(c, 0, sizeof *c);
}
