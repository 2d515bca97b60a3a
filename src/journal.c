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

#include "journal.h"
#include "xmalloc.h"

#define JOURNAL_MAGIC "hexaid-journal 1 "
#define JOURNAL_MAX (64u << 20)

unsigned long
journal_crc(const char *s, size_t len)
{
	uint32_t crc = 0xFFFFFFFFu;

	for (size_t i = 0; i < len; i++) {
		crc ^= (unsigned char)s[i];
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	return (unsigned long)(crc ^ 0xFFFFFFFFu);
}

static bool
fail(char **err, const char *what, const char *path)
{
	*err = xasprintf("%s: %s: %s", path, what, strerror(errno));
	return false;
}

/* Write all of buf, then flush it to the disk. */
static bool
write_line(int fd, const char *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		done += (size_t)n;
	}
	return fdatasync(fd) == 0;
}

static char *
framed(const char *line)
{
	return xasprintf("%s\t#%08lx\n", line, journal_crc(line, strlen(line)));
}

bool
journal_create(struct journal *j, const char *path, const char *base, char **err)
{
	char *head = xasprintf(JOURNAL_MAGIC "%s", base), *line = framed(head);
	bool ok;

	j->path = xstrdup(path);
	j->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
	ok = j->fd >= 0 ? write_line(j->fd, line, strlen(line)) || fail(err, "cannot write", path)
	                : fail(err, "cannot create", path);
	free(head);
	free(line);
	if (!ok)
		journal_close(j);
	return ok;
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
	ok = write_line(j->fd, buf, strlen(buf)) || fail(err, "cannot write the journal", j->path);
	free(buf);
	return ok;
}

void
journal_close(struct journal *j)
{
	if (j->fd >= 0)
		close(j->fd);
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
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t cap = 65536;
	char *buf;

	*len = 0;
	if (fd < 0) {
		fail(err, "cannot open", path);
		return NULL;
	}
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
		n = read(fd, buf + *len, cap - *len);
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
			if (strncmp(text, JOURNAL_MAGIC, strlen(JOURNAL_MAGIC)) != 0)
				break;
			out->base = xstrdup(text + strlen(JOURNAL_MAGIC));
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

void
journal_contents_free(struct journal_contents *c)
{
	free(c->base);
	strlist_free(&c->lines);
	memset(c, 0, sizeof *c);
}
