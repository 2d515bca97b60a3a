/* save.c: writes saved games atomically, keeps their backups and their lock
 * (engine layer). A save is written as plain text in the YAML subset hexaid
 * reads; reading it back is savefile.c (the YAML) and load.c (the replay). A
 * game in set-up is written as a scenario instead (scenario-write.c).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fault.h"
#include "fileops.h"
#include "journal.h"
#include "save.h"
#include "savefile.h"
#include "scenario-write.h"
#include "xmalloc.h"

#define BACKUPS 3

/* ---- writing the text ------------------------------------------------------- */

/* The text being written, or only its length being counted (count_only). */
struct text {
	char *buf;
	size_t len, cap;
	bool count_only;
};

static void
put(struct text *t, const char *s, size_t n)
{
	if (t->count_only) {
		t->len += n;
		return;
	}
	if (t->len + n + 1 > t->cap) {
		t->cap = (t->len + n + 1) * 2;
		t->buf = xreallocarray(t->buf, t->cap, 1);
	}
	memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->buf[t->len] = '\0';
}

static void
puts_text(struct text *t, const char *s)
{
	put(t, s, strlen(s));
}

static void
put_schema(struct text *t)
{
	char line[64];

	snprintf(line, sizeof line, "kind: save\nschema: %d\nscenario_file: ", SAVEFILE_SCHEMA);
	puts_text(t, line);
}

/* The code point of the UTF-8 sequence of n bytes at p (n from
 * str_utf8_sequence, so valid). */
static unsigned long
code_point(const unsigned char *p, size_t n)
{
	unsigned long cp = n == 1 ? p[0] : p[0] & (0x7fu >> n);

	for (size_t i = 1; i < n; i++)
		cp = cp << 6 | (p[i] & 0x3fu);
	return cp;
}

/* May the character stand as itself in a YAML scalar, and not end a line? What
 * libyaml reads as printable (tab, U+0020 to U+007E, U+00A0 up, but for
 * surrogates, U+FFFE and U+FFFF), less the line breaks U+2028 and U+2029 (CR,
 * LF and NEL are controls) and the byte-order mark U+FEFF, which YAML does not
 * allow inside a document. */
static bool
plain_char(unsigned long cp)
{
	if (cp < 0x80)
		return cp == '\t' || (cp >= 0x20 && cp != 0x7f);
	return cp >= 0xa0 && cp != 0x2028 && cp != 0x2029 && cp != 0xfeff && cp != 0xfffe &&
	       cp != 0xffff;
}

/* save_item_in_block of an item whose length is known. */
static bool
item_in_block(const char *item, size_t len)
{
	const unsigned char *p = (const unsigned char *)item;

	for (size_t i = str_ascii_run(p, len); i < len; i += str_ascii_run(p + i, len - i)) {
		size_t n = str_utf8_sequence(p + i, len - i);

		if (n == 0 || !plain_char(code_point(p + i, n)))
			return false;
		i += n;
	}
	return true;
}

bool
save_item_in_block(const char *item)
{
	return item_in_block(item, strlen(item));
}

/* How a character of an item is written between double quotes: as itself (0),
 * or escaped into esc (its length): a quote or a backslash after a backslash, a
 * control as \xNN, a character plain_char refuses as \uNNNN (YAML would read a
 * line separator there as a line break, folded into a space). Bytes that are not
 * UTF-8 go as they are (a save holds none: commands are UTF-8). */
static size_t
quoted_char(const unsigned char *p, size_t n, char esc[8])
{
	unsigned long cp;

	if (n == 1 && (*p == '"' || *p == '\\')) {
		esc[0] = '\\';
		esc[1] = (char)*p;
		return 2;
	}
	if (n == 0)
		return 0;
	cp = code_point(p, n);
	if (plain_char(cp) && cp != '\t')
		return 0;
	return (size_t)snprintf(esc, 8, cp < 0x80 ? "\\x%02lx" : "\\u%04lx", cp);
}

/* A YAML double-quoted string, or its length (count_only): runs of characters
 * that stand as themselves, and escapes between them. */
static void
put_quoted(struct text *t, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), run = 0;
	char esc[8];

	puts_text(t, "\"");
	for (size_t i = 0; i < len;) {
		size_t n = str_utf8_sequence(p + i, len - i), e = quoted_char(p + i, n, esc);
		if (e == 0) {
			i += n > 0 ? n : 1;
			continue;
		}
		put(t, s + run, i - run);
		put(t, esc, e);
		i += n;
		run = i;
	}
	put(t, s + run, len - run);
	puts_text(t, "\"");
}

/* One item of a list as a quoted line: '  - "..."'. */
static void
put_quoted_item(struct text *t, const char *item)
{
	puts_text(t, "  - ");
	put_quoted(t, item);
	puts_text(t, "\n");
}

/* A list: [] when empty; a literal block (|2+: indented by two, every line and
 * the last line break kept), one item a line, when every item can stand there;
 * else a line '  - "..."' for each item. */
static void
put_list(struct text *t, const char *key, const struct strlist *l)
{
	bool block = true;
	size_t bytes = 0, empty = 0;

	puts_text(t, key);
	if (l->count == 0) {
		puts_text(t, ": []\n");
		return;
	}
	for (size_t i = 0; i < l->count && block; i++) {
		size_t len = strlen(l->items[i]);

		block = item_in_block(l->items[i], len);
		bytes += len;
		empty += len == 0;
	}
	puts_text(t, block ? ": |2+\n" : ":\n");
	if (block && t->count_only) {
		/* each item a line, indented by two unless it is empty */
		t->len += bytes + l->count + 2 * (l->count - empty);
		return;
	}
	for (size_t i = 0; i < l->count; i++) {
		if (!block) {
			put_quoted_item(t, l->items[i]);
			continue;
		}
		if (l->items[i][0] != '\0')
			puts_text(t, "  ");
		puts_text(t, l->items[i]);
		puts_text(t, "\n");
	}
}

/* The scenario's text as a literal block, each line indented by two. */
static void
put_block(struct text *t, const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	puts_text(t, "scenario: |2+\n");
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0)
			puts_text(t, "  ");
		put(t, p, n);
		puts_text(t, "\n");
		p += n + (nl ? 1 : 0);
	}
}

static void
put_head(struct text *t, const struct game *g)
{
	puts_text(t, "# A game saved by hexaid: hexaid FILE opens it. Do not edit the commands by\n"
	              "# hand unless you mean to: they are replayed when the game is loaded.\n");
	put_schema(t);
	put_quoted(t, g->sc.path);
	puts_text(t, "\n");
}

/* The lists of a save, in order, and their keys. */
static const char *const list_key[SAVE_LISTS] = { "commands", "undone", "log" };

static void
put_save(struct text *t, const struct game *g)
{
	put_head(t, g);
	put_list(t, list_key[SAVE_LIST_DONE], &g->done);
	put_list(t, list_key[SAVE_LIST_UNDONE], &g->undone);
	put_list(t, list_key[SAVE_LIST_LOG], &g->log);
	put_block(t, g->sc.text, g->sc.len);
}

char *
save_text(const struct game *g)
{
	struct text t = { NULL, 0, 0, false };

	if (g->setup)
		return scenario_text(g);
	put_save(&t, g);
	return t.buf;
}

size_t
save_text_size(const struct game *g)
{
	struct text t = { NULL, 0, 0, true };

	if (g->setup) {
		char *text = scenario_text(g);
		size_t len = strlen(text);
		free(text);
		return len;
	}
	put_save(&t, g);
	return t.len;
}

/* ---- the size of a save, kept as the game changes ---------------------------------
 * A list's size in a save follows from five sums over its items (put_list): as
 * a literal block when every item can stand in one, from their lengths; else
 * from the lengths of their quoted lines, which are summed only then. */

/* One item's part of those sums, added (sign 1) or taken out (-1); its quoted
 * line's length too when `quoted`. */
static void
list_size_count(struct save_list_size *z, const char *item, int sign, bool quoted)
{
	size_t len = strlen(item);
	size_t n = sign > 0 ? 1 : SIZE_MAX;   /* times n: modular, SIZE_MAX subtracts */

	z->count += n;
	z->bytes += n * len;
	z->empty += len == 0 ? n : 0;
	z->unblocked += item_in_block(item, len) ? 0 : n;
	if (quoted)
		z->quoted += n * save_item_size(item);
}

void
save_list_size_measure(struct save_list_size *z, const struct strlist *l)
{
	memset(z, 0, sizeof *z);
	for (size_t i = 0; i < l->count && z->unblocked == 0; i++)
		list_size_count(z, l->items[i], 1, false);
	if (z->unblocked == 0)
		return;
	/* quoted lines: every item's line counted, from the start */
	memset(z, 0, sizeof *z);
	for (size_t i = 0; i < l->count; i++)
		list_size_count(z, l->items[i], 1, true);
}

void
save_list_size_grow(struct save_list_size *z, const struct strlist *l, size_t from)
{
	for (size_t i = from; i < l->count; i++) {
		if (z->unblocked == 0 && !save_item_in_block(l->items[i])) {
			/* the list turns into quoted lines: each item's line counted */
			save_list_size_measure(z, l);
			return;
		}
		list_size_count(z, l->items[i], 1, z->unblocked > 0);
	}
}

void
save_list_size_drop(struct save_list_size *z, const char *item)
{
	list_size_count(z, item, -1, z->unblocked > 0);
	if (z->unblocked == 0)
		z->quoted = 0;
}

/* The list's bytes in a save, its key's line with them (put_list). */
static size_t
list_size_bytes(const struct save_list_size *z, const char *key)
{
	size_t len = strlen(key);

	if (z->count == 0)
		return len + strlen(": []\n");
	if (z->unblocked > 0)
		return len + strlen(":\n") + z->quoted;
	return len + strlen(": |2+\n") + z->bytes + z->count + 2 * (z->count - z->empty);
}

void
save_size_measure(struct save_size *z, const struct game *g)
{
	struct text t = { NULL, 0, 0, true };

	put_head(&t, g);
	put_block(&t, g->sc.text, g->sc.len);
	z->frame = t.len;
	save_list_size_measure(&z->list[SAVE_LIST_DONE], &g->done);
	save_list_size_measure(&z->list[SAVE_LIST_UNDONE], &g->undone);
	save_list_size_measure(&z->list[SAVE_LIST_LOG], &g->log);
}

size_t
save_size_bytes(const struct save_size *z)
{
	size_t bytes = z->frame;

	for (int i = 0; i < SAVE_LISTS; i++)
		bytes += list_size_bytes(&z->list[i], list_key[i]);
	return bytes;
}

size_t
save_item_size(const char *item)
{
	struct text t = { NULL, 0, 0, true };

	put_quoted_item(&t, item);
	return t.len;
}

size_t
save_change_least(const char *name)
{
	return strlen("  ") + strlen(name) + strlen("\n");
}

/* ---- writing the file ------------------------------------------------------- */

/* Every name a save needs, made before the first file is touched: running out of
 * memory in the middle of a save then never leaves a temporary file behind. */
struct save_files {
	char *path;                  /* the file written: the save, its links followed */
	char *tmp;                   /* PATH.tmp.XXXXXX */
	char *copy_tmp;              /* the same, for a backup made by copying */
	char *dir;                   /* the directory flushed after the rename */
	char *bak[BACKUPS + 1];      /* bak[i] is PATH.bak.i; bak[0] the save being replaced */
};

/* The step that failed and its errno; the message is made once the temporary
 * file is gone. */
struct save_failure {
	const char *what;
	int err;
};

static void
files_init(struct save_files *f, const char *path)
{
	f->path = fileops_resolve(path);
	f->tmp = xasprintf("%s.tmp.XXXXXX", f->path);
	f->copy_tmp = xasprintf("%s.tmp.XXXXXX", f->path);
	f->dir = fileops_dir_of(f->path);
	for (int i = 0; i <= BACKUPS; i++)
		f->bak[i] = xasprintf("%s.bak.%d", f->path, i);
}

static void
files_free(struct save_files *f)
{
	free(f->path);
	free(f->tmp);
	free(f->copy_tmp);
	free(f->dir);
	for (int i = 0; i <= BACKUPS; i++)
		free(f->bak[i]);
}

static bool
failed(struct save_failure *f, const char *what)
{
	f->what = what;
	f->err = errno;
	return false;
}

/* Copy the save to .bak.0 where it cannot be linked (FAT, some network file
 * systems): through a temporary file, flushed, then renamed. */
static bool
copy_to_backup(struct save_files *f)
{
	char buf[65536];
	bool ok;
	int in, out;
	ssize_t n;

	if ((in = fio_open(f->path, O_RDONLY | O_CLOEXEC, 0)) < 0)
		return false;
	if ((out = fio_mkstemp(f->copy_tmp)) < 0) {
		close(in);
		return false;
	}
	ok = fio_fchmod(out, fileops_new_mode(f->path)) == 0;
	while (ok && (n = fio_read(in, buf, sizeof buf)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		ok = n > 0 && fileops_write_all(out, buf, (size_t)n);
	}
	close(in);
	ok = ok && fio_fsync(out) == 0;
	ok = fio_close(out) == 0 && ok;
	fault_point("save: before renaming the copy to .bak.0");
	ok = ok && fio_rename(f->copy_tmp, f->bak[0]) == 0;
	if (!ok)
		fio_unlink(f->copy_tmp);
	return ok;
}

/* Keep the save being replaced as .bak.0: a hard link, so that the file stays
 * whole until the rename replaces it, or a copy where links cannot be made. A
 * backup is a nicety: when it cannot be made, the save goes on without. */
static void
keep_previous(struct save_files *f)
{
	if (access(f->path, F_OK) != 0)
		return;
	fault_point("save: before linking the save to .bak.0");
	if (fio_link(f->path, f->bak[0]) == 0)
		return;
	if (errno == EPERM || errno == ENOTSUP || errno == EXDEV || errno == EMLINK ||
	    errno == ENOSYS)
		copy_to_backup(f);
}

/* Once the new save is in place: .bak.2 -> .bak.3, .bak.1 -> .bak.2, .bak.0 ->
 * .bak.1. Also at the start of a save, to finish what a save cut off between
 * its rename and this left. */
static void
shift_backups(const struct save_files *f)
{
	if (access(f->bak[0], F_OK) != 0)
		return;
	for (int i = BACKUPS - 1; i >= 0; i--) {
		if (access(f->bak[i], F_OK) != 0)
			continue;
		fault_point("save: before moving a backup down");
		fio_rename(f->bak[i], f->bak[i + 1]);
	}
}

/* At the start of a save, what a save cut off left as .bak.0: the save it
 * replaced is shifted down as it would have been; a link to the save that was
 * never replaced goes. */
static void
finish_backups(const struct save_files *f)
{
	struct stat kept, now;

	if (lstat(f->bak[0], &kept) != 0)
		return;
	if (stat(f->path, &now) == 0 && now.st_ino == kept.st_ino && now.st_dev == kept.st_dev)
		fio_unlink(f->bak[0]);
	else
		shift_backups(f);
}

/* Fill the temporary file, flush it and close it (fd is closed either way). It
 * gets the permissions of the save it replaces, or what the umask allows. */
static bool
write_temp(int fd, const char *text, const struct save_files *files, struct save_failure *f)
{
	bool ok = fio_fchmod(fd, fileops_new_mode(files->path)) == 0 || failed(f, "cannot write");

	if (ok) {
		fault_point("save: before writing");
		ok = fileops_write_all(fd, text, strlen(text)) || failed(f, "cannot write");
	}
	if (ok) {
		fault_point("save: before flushing");
		ok = fio_fsync(fd) == 0 || failed(f, "cannot flush to disk");
	}
	if (ok)
		fault_point("save: before closing");
	if (fio_close(fd) != 0 && ok)
		ok = failed(f, "cannot close");
	return ok;
}

/* Put the whole new file in place, then the backups: true once it is there,
 * even when the directory could not be flushed after (that is in *f). When the
 * rename fails, the backups are as they were. */
static bool
put_in_place(struct save_files *files, struct save_failure *f)
{
	keep_previous(files);
	fault_point("save: before renaming into place");
	if (fio_rename(files->tmp, files->path) != 0) {
		failed(f, "cannot rename the new save into place");
		fio_unlink(files->bak[0]);
		return false;
	}
	shift_backups(files);
	fault_point("save: before flushing the directory");
	if (!fileops_sync_dir(files->dir))
		failed(f, "cannot flush the directory");
	fault_point("save: done");
	return true;
}

/* The file a save to `path` writes: `path`, or the file the symbolic links
 * there lead to (fileops_resolve, even to a file not made yet), so the save
 * replaces the target and the link stays. NULL and *err when that is not a
 * regular file (a device, a FIFO, a directory) or the links go round. */
static char *
save_target(const char *path, char **err)
{
	char *at = fileops_resolve(path);
	struct stat st;

	if (lstat(at, &st) != 0 || S_ISREG(st.st_mode))
		return at; /* nothing there yet (or unreadable: the save says why) */
	if (S_ISLNK(st.st_mode))
		*err = xasprintf("%s: the symbolic links there cannot be followed to a file "
		                 "(nothing was written)", path);
	else
		*err = xasprintf("%s: %s, not a regular file: a game is saved only to a "
		                 "file (nothing was written)", path, fileops_kind(st.st_mode));
	free(at);
	return NULL;
}

/* Write the save to `path` (save_target's), named `given` in messages. */
static bool
write_save(const struct game *g, char *path, const char *given, char **err, char **warning)
{
	struct save_files files;
	struct save_failure f = { NULL, 0 };
	bool in_place = false;
	char *text;
	int fd;

	text = save_text(g);
	files_init(&files, path);
	finish_backups(&files);
	fault_point("save: before creating the temporary file");
	fd = fio_mkstemp(files.tmp);
	if (fd < 0)
		failed(&f, "cannot create a temporary file beside it");
	else if (write_temp(fd, text, &files, &f))
		in_place = put_in_place(&files, &f);
	if (fd >= 0 && !in_place)
		fio_unlink(files.tmp);
	files_free(&files);
	free(text);
	free(path);
	if (f.what == NULL)
		return true;
	if (in_place) {
		*warning = xasprintf("%s: saved, but %s: %s; a power loss may bring back the "
		                 "previous save", given, f.what, strerror(f.err));
		return true;
	}
	*err = xasprintf("%s: %s: %s (previous save kept)", given, f.what, strerror(f.err));
	return false;
}

char *
save_find_version(const char *path, unsigned long crc)
{
	/* newest first: the save, the one a cut-off save was replacing, the backups */
	for (int i = -1; i <= BACKUPS; i++) {
		char *name = i < 0 ? xstrdup(path) : xasprintf("%s.bak.%d", path, i), *err = NULL;
		unsigned long c;

		if (journal_file_crc(name, &c, &err) && c == crc)
			return name;
		free(err);
		free(name);
	}
	return NULL;
}

int
save_clean_temps(const char *given)
{
	char *path = fileops_resolve(given), *dir = fileops_dir_of(path), *base;
	const char *slash = strrchr(path, '/');
	DIR *d = fio_opendir(dir);
	struct dirent *e;
	int removed = 0;

	base = xasprintf("%s.tmp.", slash ? slash + 1 : path);
	while (d != NULL && (e = readdir(d)) != NULL) {
		/* a file name: BASE.tmp.XXXXXX, a temporary file of this save */
		/* reader: file names in the directory */
		if (strncmp(e->d_name, base, strlen(base)) == 0 && strlen(e->d_name) == strlen(base) + 6) {
			char *full = xasprintf("%s/%s", dir, e->d_name);
			if (fio_unlink(full) == 0)
				removed++;
			free(full);
		}
	}
	if (d != NULL)
		closedir(d);
	free(base);
	free(dir);
	free(path);
	return removed;
}

/* ---- the lock ------------------------------------------------------------------ */

/* The lock file is held with flock(2), which goes with the process that holds it:
 * a hexaid that is killed leaves no lock that stops the next one. The file holds
 * the holder's pid, for messages. It is removed by its holder on release, so a
 * lock taken checks that the file it holds is still the one at its name. */

/* How many times a lock is tried when its file is removed under it. */
#define LOCK_TRIES 8

/* The pid written in a lock file held by another hexaid, or 0. */
static long
holder_of(int fd)
{
	char text[32];
	ssize_t n = pread(fd, text, sizeof text - 1, 0);
	long pid;

	if (n <= 0)
		return 0;
	text[n] = '\0';
	return sscanf(text, "%ld", &pid) == 1 ? pid : 0; /* reader: a lock file's pid */
}

/* Is fd still the file at `lock`? */
static bool
still_there(int fd, const char *lock)
{
	struct stat held, named;

	return fstat(fd, &held) == 0 && stat(lock, &named) == 0 && held.st_ino == named.st_ino &&
	       held.st_dev == named.st_dev;
}

static enum lock_result
try_lock(struct file_lock *l, const char *path, const char *lock, char **err)
{
	int fd = fio_open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);

	if (fd < 0) {
		*err = xasprintf("%s: cannot take the lock: %s", lock, strerror(errno));
		return LOCK_NO_PLACE;
	}
	if (fio_flock(fd, LOCK_EX | LOCK_NB) != 0) {
		bool held = errno == EWOULDBLOCK;
		long pid = held ? holder_of(fd) : 0;
		if (!held)
			*err = xasprintf("%s: cannot take the lock: %s", lock, strerror(errno));
		else if (pid > 0)
			*err = xasprintf("%s is open in another hexaid (pid %ld)", path, pid);
		else
			*err = xasprintf("%s is open in another hexaid", path);
		fio_close(fd);
		return held ? LOCK_HELD : LOCK_NO_PLACE;
	}
	if (!still_there(fd, lock)) {
		fio_close(fd);
		return LOCK_GONE;
	}
	{
		char pidtext[32];
		int n = snprintf(pidtext, sizeof pidtext, "%ld\n", (long)getpid());
		/* the pid is for messages: a lock that cannot say it is held all the same */
		if (fio_ftruncate(fd, 0) == 0)
			(void)!pwrite(fd, pidtext, (size_t)n, 0);
	}
	l->fd = fd;
	l->path = xstrdup(lock);
	return LOCK_TAKEN;
}

enum lock_result
save_lock(struct file_lock *l, const char *path, char **err)
{
	char *target = fileops_resolve(path), *lock = xasprintf("%s.lock", target);
	enum lock_result r = LOCK_GONE;

	l->fd = -1;
	l->path = NULL;
	*err = NULL;
	for (int tries = 0; tries < LOCK_TRIES && r == LOCK_GONE; tries++)
		r = try_lock(l, path, lock, err);
	if (r == LOCK_GONE) {
		*err = xasprintf("%s: cannot take the lock: it keeps being removed", lock);
		r = LOCK_NO_PLACE;
	}
	free(lock);
	free(target);
	return r;
}

void
save_unlock(struct file_lock *l)
{
	if (l->fd >= 0) {
		/* removed while still held, so that no one takes the file being let go */
		fio_unlink(l->path);
		fio_close(l->fd);
	}
	free(l->path);
	l->fd = -1;
	l->path = NULL;
}

/* ---- what a save may be written over ------------------------------------------- */

/* Does a hexaid hold the lock file `lock` (another process, or this one through
 * another file)? Looked at without making it: a shared lock tried, and let go.
 * *pid is the holder's, or 0. */
static bool
lock_held(const char *lock, long *pid)
{
	int fd = open(lock, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
	struct stat st;
	bool held = false;

	*pid = 0;
	if (fd < 0)
		return false;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && flock(fd, LOCK_SH | LOCK_NB) != 0 &&
	    errno == EWOULDBLOCK) {
		held = true;
		*pid = holder_of(fd);
	}
	close(fd); /* lets go of the lock, if it was taken */
	return held;
}

/* Does the regular file at `path` start as a journal does? */
static bool
is_journal(const char *path)
{
	static const char magic[] = "hexaid-journal ";
	char head[sizeof magic - 1];
	bool not_regular;
	int fd = fileops_open_regular(path, &not_regular);
	ssize_t n;

	if (fd < 0)
		return false;
	n = pread(fd, head, sizeof head, 0);
	close(fd);
	return n == (ssize_t)sizeof head && memcmp(head, magic, sizeof head) == 0;
}

/* Are two paths the same file, their links followed? */
static bool
same_file(const char *a, const char *b)
{
	char *ra = fileops_resolve(a), *rb = fileops_resolve(b);
	bool same = strcmp(ra, rb) == 0; /* same text: two paths */

	free(ra);
	free(rb);
	return same;
}

/* Is `target` (resolved) named as hexaid names a file it keeps beside FILE:
 * FILE.lock, or FILE.bak.0 to FILE.bak.3? FILE (free it), or NULL. */
static char *
kept_beside(const char *target, bool *lock)
{
	size_t n = strlen(target);

	*lock = n > 5 && strcmp(target + n - 5, ".lock") == 0; /* reader: a file name's ending */
	if (*lock)
		return xstrndup(target, n - 5);
	if (n < 7 || strncmp(target + n - 6, ".bak.", 5) != 0 || target[n - 1] < '0' ||
	    target[n - 1] > '0' + BACKUPS)
		return NULL;
	return xstrndup(target, n - 6);
}

/* Is there a file at `path`, or is it the game's save? */
static bool
a_game_file(const struct game *g, const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 || (g->save_path != NULL && same_file(g->save_path, path));
}

static const char never[] = "a game is saved only over a save or a new file "
                            "(nothing was written)";

/* Why `target` (resolved), named `given`, is a file hexaid keeps beside a file:
 * a lock file (one of this game's, one a hexaid holds, or the name of the lock
 * of a file there) or a backup (FILE.bak.N of a file there or of the game's
 * save, which the next saves of FILE replace), ending with `then` (free it);
 * NULL when it is none. */
static char *
kept_file(const struct game *g, const char *given, const char *target, const char *then)
{
	bool lock;
	char *of = kept_beside(target, &lock), *why = NULL;
	long pid;

	for (int i = 0; i < 2 && why == NULL; i++)
		/* same text: a lock's path */
		if (g->files.locks[i] != NULL && strcmp(g->files.locks[i], target) == 0)
			why = xasprintf("%s is a lock file of this game: %s", given, then);
	if (why == NULL && lock_held(target, &pid))
		why = xasprintf("%s is a lock file a hexaid holds: %s", given, then);
	if (why == NULL && of != NULL && a_game_file(g, of)) {
		/* FILE as the player named it, where the name given ends as the file does */
		size_t cut = strlen(target) - strlen(of), n = strlen(given);
		/* reader: the file name given */
		char *file = n > cut && strcmp(given + n - cut, target + strlen(of)) == 0
		             ? xstrndup(given, n - cut) : xstrdup(of);
		why = lock ? xasprintf("%s is the name of the lock file of %s, which hexaid "
		                       "empties and removes: %s", given, file, then)
		           : xasprintf("%s is a backup of %s, which its next saves replace: %s",
		                       given, file, then);
		free(file);
	}
	free(of);
	return why;
}

char *
save_kept_file(const struct game *g, const char *path, const char *then)
{
	char *target = fileops_resolve(path), *why = kept_file(g, path, target, then);

	free(target);
	return why;
}

/* Why the game must never be saved over `target` (resolved): one of hexaid's
 * own files (free it), or NULL. */
static char *
own_file(const struct game *g, const char *given, const char *target)
{
	if (g->files.journal != NULL && same_file(g->files.journal, target))
		return xasprintf("%s is this game's journal: %s", given, never);
	if (is_journal(target))
		return xasprintf("%s is a hexaid journal, whose commands would be lost: %s", given,
		                 never);
	return kept_file(g, given, target, never);
}

/* Is the lock of `target` (resolved) one the game holds? */
static bool
own_lock(const struct game *g, const char *lock)
{
	for (int i = 0; i < 2; i++)
		/* same text: a lock's path */
		if (g->files.locks[i] != NULL && strcmp(g->files.locks[i], lock) == 0)
			return true;
	return false;
}

static char *
held_message(const char *given, long pid)
{
	char holder[48] = "";

	if (pid > 0)
		snprintf(holder, sizeof holder, " (pid %ld)", pid);
	return xasprintf("%s is open in another hexaid%s: its next save would undo this one",
	                 given, holder);
}

/* save_check of a path save_target gave. */
static enum save_check
check_target(const struct game *g, const char *given, const char *target, char **why)
{
	char *lock;
	long pid;
	bool held;

	if ((*why = own_file(g, given, target)) != NULL)
		return SAVE_REFUSED;
	lock = xasprintf("%s.lock", target);
	held = !own_lock(g, lock) && lock_held(lock, &pid);
	free(lock);
	if (!held)
		return SAVE_MAY;
	*why = held_message(given, pid);
	return SAVE_HELD;
}

enum save_check
save_check(const struct game *g, const char *given, char **why)
{
	char *target;
	enum save_check c;

	*why = NULL;
	if ((target = save_target(given, why)) == NULL)
		return SAVE_REFUSED;
	c = check_target(g, given, target, why);
	free(target);
	return c;
}

bool
save_write_as(const struct game *g, const char *given, bool force, char **err, char **warning)
{
	char *path = save_target(given, err), *lock_path;
	struct file_lock lock = { -1, NULL };
	char *why = NULL;
	bool ok;

	*warning = NULL;
	if (path == NULL)
		return false;
	if (check_target(g, given, path, err) == SAVE_REFUSED) {
		free(path);
		return false;
	}
	free(*err);
	*err = NULL;
	/* the target's lock is held while it is written, unless the game holds it */
	lock_path = xasprintf("%s.lock", path);
	if (!own_lock(g, lock_path) && save_lock(&lock, path, &why) == LOCK_HELD && !force) {
		long pid;
		char *held;
		lock_held(lock_path, &pid);
		held = held_message(given, pid);
		*err = xasprintf("%s (nothing was written)", held);
		free(held);
		free(why);
		free(lock_path);
		free(path);
		return false;
	}
	free(why);
	free(lock_path);
	ok = write_save(g, path, given, err, warning);
	save_unlock(&lock);
	return ok;
}

bool
save_write(const struct game *g, const char *path, char **err, char **warning)
{
	return save_write_as(g, path, false, err, warning);
}
