/* filehead.c: the first kilobytes of a file, read without parsing it (data
 * layer): whether a line of them starts with a key (`kind: save`), and the
 * guard that quotes no line of a file hexaid did not write. Below the readers
 * of every kind (hexfile.c, card-load.c, scenario.c), which all call it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fault.h"
#include "filehead.h"
#include "fileops.h"

/* The first kilobytes of a regular file, NUL-terminated, in head (4097
 * bytes). False when it cannot be opened: *not_regular says whether that was
 * why, errno otherwise. */
bool
filehead_read(const char *path, char *head, bool *not_regular)
{
	int fd = fileops_open_regular(path, not_regular);
	ssize_t n;

	/* a FIFO or a device is refused before anything is read from it */
	if (fd < 0)
		return false;
	do
		n = fio_read(fd, head, FILEHEAD_SIZE);
	while (n < 0 && errno == EINTR);
	close(fd);
	head[n > 0 ? n : 0] = '\0';
	return true;
}

/* Does a line of the head start with `key`, then a space, CR or the end of it? */
bool
filehead_has_line(const char *head, const char *key)
{
	size_t k = strlen(key);

	for (const char *line = head; line != NULL && *line != '\0';) {
		const char *nl = strchr(line, '\n');
		/* the file format: a hexaid file says its kind on a line of its own */
		if (strncmp(line, key, k) == 0 && /* reader: a file's head */
		    (line[k] == '\n' || line[k] == '\r' || line[k] == ' ' || line[k] == '\0'))
			return true;
		line = nl ? nl + 1 : NULL;
	}
	return false;
}

bool
filehead_other_kind(const char *path, const char *kind, char *word, size_t n)
{
	char head[FILEHEAD_SIZE + 1];
	bool not_regular;
	size_t len;

	if (!filehead_read(path, head, &not_regular))
		return false;
	for (const char *line = head; *line != '\0';) {
		const char *nl = strchr(line, '\n');
		/* reader: a file's kind: line */
		if (strncmp(line, "kind:", 5) == 0) {
			const char *w = line + 5 + strspn(line + 5, " \t\"'");
			len = strcspn(w, " \t\r\n\"'#");
			if (len == strlen(kind) && strncmp(w, kind, len) == 0) /* reader: its word */
				return false;
			snprintf(word, n, "%.*s", (int)len, w);
			return true;
		}
		if (nl == NULL)
			break;
		line = nl + 1;
	}
	return false;
}

void
filehead_quote_if_own(struct diag_list *dl, size_t from, const char *path)
{
	char head[FILEHEAD_SIZE + 1];
	bool not_regular;

	if (!filehead_read(path, head, &not_regular) || !filehead_has_line(head, "kind:"))
		diag_drop_quotes(dl, from, path);
}
