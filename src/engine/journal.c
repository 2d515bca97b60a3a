/* journal.c: writes and reads the game journal (engine layer). A line is the
 * command, a tab, '#', and eight hex digits of its CRC-32, then a newline; each
 * is written with one write(2) and fdatasync(2)ed before the caller shows the
 * command's result. Reading keeps every line up to the first that is torn or
 * damaged, and says how many it dropped. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fault.h"
#include "fileops.h"
#include "journal.h"
#include "xmalloc.h"

#define JOURNAL_MAGIC "hexaid-journal 1 "
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

static uint32_t
crc_update(uint32_t crc, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		crc ^= (unsigned char)s[i];
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	return crc;
}

unsigned long
journal_crc(const char *s, size_t len)
{
	return (unsigned long)(crc_update(0xFFFFFFFFu, s, len) ^ 0xFFFFFFFFu);
}

bool
journal_file_crc(const char *path, unsigned long *crc, char **err)
{
	int fd = open_to_read(path, err);
	uint32_t c = 0xFFFFFFFFu;
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
	*crc = (unsigned long)(c ^ 0xFFFFFFFFu);
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

/* The first line, framed: the magic, then what the journal replays onto. A save
 * is named with the checksum of its bytes as they are now, so that a recovery
 * can tell it from a later save to the same name. NULL and *err when the save
 * cannot be read. */
static char *
first_line(const char *base, char **err)
{
	unsigned long crc;
	char *head, *line;

	/* the journal's head (its file format): a scenario, or "save=FILE" */
	if (strncmp(base, "save=", 5) != 0)
		head = xasprintf(JOURNAL_MAGIC "%s", base);   /* a scenario, or "crc=... save=" */
	else if (journal_file_crc(base + 5, &crc, err))
		head = xasprintf(JOURNAL_MAGIC "crc=%08lx %s", crc, base);
	else
		return NULL;
	line = framed(head);
	free(head);
	return line;
}

/* Write and flush the first line to the new file, then put it in place. NULL,
 * or what failed (errno says why). */
static const char *
put_first_line(int fd, const char *tmp, const char *path, const char *line)
{
	if (fio_fchmod(fd, 0644) != 0 || !write_line(fd, line, strlen(line)))
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
	char *line = first_line(base, err), *tmp = xasprintf("%s.tmp.XXXXXX", path);
	char *dir = fileops_dir_of(path), *own = xstrdup(path);
	const char *what = NULL;
	int fd = -1;

	memset(j, 0, sizeof *j);
	j->fd = -1;
	*warning = NULL;
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
	                 "the journal is closed and may still hold this command: save the game",
	                 j->path, strerror(write_errno), strerror(errno));
	journal_close(j);
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
	buf = framed(line);
	if ((uintmax_t)j->size + strlen(buf) > JOURNAL_MAX) {
		/* what journal_read would refuse is never written */
		*err = xasprintf("%s: the journal is full (a journal is at most %u bytes): save the "
		                 "game, which starts it afresh", j->path, JOURNAL_MAX);
		free(buf);
		return false;
	}
	ok = write_line(j->fd, buf, strlen(buf));
	if (ok)
		j->size += (off_t)strlen(buf);
	else
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
			if (cap >= JOURNAL_MAX) {
				*err = xasprintf("%s: a journal is at most %u bytes", path, JOURNAL_MAX);
				close(fd);
				free(buf);
				return NULL;
			}
			cap *= 2;
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

/* "crc=0123abcd save=PATH" or the base alone. */
static void
read_base(struct journal_contents *out, const char *text)
{
	char *end;

	/* the journal's head (its file format): "crc=XXXXXXXX " before the base */
	if (strncmp(text, "crc=", 4) == 0 && strspn(text + 4, "0123456789abcdef") == 8 &&
	    text[12] == ' ') {
		out->base_crc = strtoul(text + 4, &end, 16);
		out->has_crc = true;
		text += 13;
	}
	out->base = xstrdup(text);
}

/* Split buf (len bytes, NUL-terminated, changed in place) into the journal's
 * lines; frees buf. `path` names it in messages. */
static bool
parse(char *buf, size_t len, const char *path, struct journal_contents *out, char **err)
{
	size_t lineno = 0;
	char *p = buf, *text;

	while (p < buf + len) {
		char *nl = memchr(p, '\n', (size_t)(buf + len - p));
		lineno++;
		if (nl == NULL || memchr(p, '\0', (size_t)(nl - p)) != NULL) {
			out->dropped++;
			out->damaged_at = out->damaged_at ? out->damaged_at : lineno;
			break;
		}
		*nl = '\0';
		if (out->damaged_at != 0 || !unframe(p, &text)) {
			out->dropped++;
			out->damaged_at = out->damaged_at ? out->damaged_at : lineno;
		} else if (lineno == 1) {
			/* the file format: the first line starts with the magic */
			if (strncmp(text, JOURNAL_MAGIC, strlen(JOURNAL_MAGIC)) != 0)
				break;
			read_base(out, text + strlen(JOURNAL_MAGIC));
		} else {
			strlist_add(&out->lines, text);
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

void
journal_contents_free(struct journal_contents *c)
{
	free(c->base);
	strlist_free(&c->lines);
	memset(c, 0, sizeof *c);
}
