/* save.c: writes saved games atomically, keeps their backups and their lock
 * (engine layer). A save is written as plain text in the YAML subset hexaid
 * reads; reading it back is savefile.c (the YAML) and load.c (the replay). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fault.h"
#include "fileops.h"
#include "journal.h"
#include "save.h"
#include "savefile.h"
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

/* The length of put_quoted's string, counted in one pass. */
static size_t
quoted_size(const char *s)
{
	size_t n = 2;

	for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++)
		n += *p == '"' || *p == '\\' ? 2 : *p < 0x20 || *p == 0x7f ? 4 : 1;
	return n;
}

/* A YAML double-quoted string. */
static void
put_quoted(struct text *t, const char *s)
{
	char esc[8];

	if (t->count_only) {
		t->len += quoted_size(s);
		return;
	}
	puts_text(t, "\"");
	for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\') {
			esc[0] = '\\';
			esc[1] = (char)*p;
			put(t, esc, 2);
		} else if (*p < 0x20 || *p == 0x7f) {
			snprintf(esc, sizeof esc, "\\x%02x", *p);
			puts_text(t, esc);
		} else {
			put(t, (const char *)p, 1);
		}
	}
	puts_text(t, "\"");
}

static void
put_list(struct text *t, const char *key, const struct strlist *l)
{
	puts_text(t, key);
	if (l->count == 0) {
		puts_text(t, ": []\n");
		return;
	}
	puts_text(t, ":\n");
	for (size_t i = 0; i < l->count; i++) {
		puts_text(t, "  - ");
		put_quoted(t, l->items[i]);
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
put_save(struct text *t, const struct game *g)
{
	puts_text(t, "# A game saved by hexaid: hexaid FILE opens it. Do not edit the commands by\n"
	              "# hand unless you mean to: they are replayed when the game is loaded.\n");
	puts_text(t, "kind: save\nschema: 1\nscenario_file: ");
	put_quoted(t, g->sc.path);
	puts_text(t, "\n");
	put_list(t, "commands", &g->done);
	put_list(t, "undone", &g->undone);
	put_list(t, "log", &g->log);
	put_block(t, g->sc.text, g->sc.len);
}

char *
save_text(const struct game *g)
{
	struct text t = { NULL, 0, 0, false };

	put_save(&t, g);
	return t.buf;
}

size_t
save_text_size(const struct game *g)
{
	struct text t = { NULL, 0, 0, true };

	put_save(&t, g);
	return t.len;
}

size_t
save_item_size(const char *item)
{
	struct text t = { NULL, 0, 0, true };

	puts_text(&t, "  - ");
	put_quoted(&t, item);
	puts_text(&t, "\n");
	return t.len;
}

/* ---- writing the file ------------------------------------------------------- */

/* Every name a save needs, made before the first file is touched: running out of
 * memory in the middle of a save then never leaves a temporary file behind. */
struct save_files {
	char *tmp;                   /* PATH.tmp.XXXXXX */
	char *dir;                   /* the directory flushed after the rename */
	char *bak[BACKUPS + 1];      /* bak[i] is PATH.bak.i, for i from 1 */
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
	f->tmp = xasprintf("%s.tmp.XXXXXX", path);
	f->dir = fileops_dir_of(path);
	f->bak[0] = NULL;
	for (int i = 1; i <= BACKUPS; i++)
		f->bak[i] = xasprintf("%s.bak.%d", path, i);
}

static void
files_free(struct save_files *f)
{
	free(f->tmp);
	free(f->dir);
	for (int i = 1; i <= BACKUPS; i++)
		free(f->bak[i]);
}

static bool
failed(struct save_failure *f, const char *what)
{
	f->what = what;
	f->err = errno;
	return false;
}

/* Keep the last saves: PATH.bak.2 -> .bak.3, .bak.1 -> .bak.2, PATH -> .bak.1 (as a
 * hard link, so PATH itself stays until the rename replaces it). A backup is a
 * nicety: when one cannot be made, the save goes on. */
static void
rotate_backups(const struct save_files *f, const char *path)
{
	for (int i = BACKUPS - 1; i >= 1; i--) {
		fault_point("save: before moving a backup down");
		fio_rename(f->bak[i], f->bak[i + 1]);
	}
	fault_point("save: before removing .bak.1");
	fio_unlink(f->bak[1]);
	fault_point("save: before linking the save to .bak.1");
	fio_link(path, f->bak[1]);
}

/* Fill the temporary file, flush it and close it (fd is closed either way). */
static bool
write_temp(int fd, const char *text, struct save_failure *f)
{
	bool ok = fio_fchmod(fd, 0644) == 0 || failed(f, "cannot write");

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

/* Keep the backups and put the whole new file in place: true once it is there,
 * even when the directory could not be flushed after (that is in *f). */
static bool
put_in_place(const struct save_files *files, const char *path, struct save_failure *f)
{
	rotate_backups(files, path);
	fault_point("save: before renaming into place");
	if (fio_rename(files->tmp, path) != 0)
		return failed(f, "cannot rename the new save into place");
	fault_point("save: before flushing the directory");
	if (!fileops_sync_dir(files->dir))
		failed(f, "cannot flush the directory");
	fault_point("save: done");
	return true;
}

/* What a file that is not a regular one is, for a message. */
static const char *
file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/* The file a save to `path` writes: `path`, or the file a symbolic link there
 * points to (through each link in turn, even to a file not made yet), so the
 * save replaces the target and the link stays. NULL and *err when that is not a
 * regular file (a device, a FIFO, a directory) or the links go round. */
static char *
save_target(const char *path, char **err)
{
	char *at = xstrdup(path), link[4096];
	struct stat st;

	for (int depth = 0; depth < 40; depth++) {
		if (lstat(at, &st) != 0)
			return at; /* nothing there yet (or unreadable: the save says why) */
		if (S_ISREG(st.st_mode))
			return at;
		if (!S_ISLNK(st.st_mode)) {
			*err = xasprintf("%s: %s, not a regular file: a game is saved only to a "
			                 "file (nothing was written)", path, file_kind(st.st_mode));
			free(at);
			return NULL;
		}
		ssize_t n = readlink(at, link, sizeof link - 1);
		if (n < 0)
			break;
		link[n] = '\0';
		char *next = link[0] == '/' ? xstrdup(link) : NULL;
		if (next == NULL) {
			char *dir = fileops_dir_of(at);
			next = xasprintf("%s/%s", dir, link);
			free(dir);
		}
		free(at);
		at = next;
	}
	*err = xasprintf("%s: the symbolic links there cannot be followed to a file "
	                 "(nothing was written)", path);
	free(at);
	return NULL;
}

bool
save_write(const struct game *g, const char *given, char **err, char **warning)
{
	char *path = save_target(given, err), *text;
	struct save_files files;
	struct save_failure f = { NULL, 0 };
	bool in_place = false;
	int fd;

	*warning = NULL;
	if (path == NULL)
		return false;
	text = save_text(g);
	files_init(&files, path);
	fault_point("save: before creating the temporary file");
	fd = fio_mkstemp(files.tmp);
	if (fd < 0)
		failed(&f, "cannot create a temporary file beside it");
	else if (write_temp(fd, text, &f))
		in_place = put_in_place(&files, path, &f);
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
	for (int i = 0; i <= BACKUPS; i++) {
		char *name = i == 0 ? xstrdup(path) : xasprintf("%s.bak.%d", path, i), *err = NULL;
		unsigned long c;

		if (journal_file_crc(name, &c, &err) && c == crc)
			return name;
		free(err);
		free(name);
	}
	return NULL;
}

int
save_clean_temps(const char *path)
{
	char *dir = fileops_dir_of(path), *base;
	const char *slash = strrchr(path, '/');
	DIR *d = fio_opendir(dir);
	struct dirent *e;
	int removed = 0;

	base = xasprintf("%s.tmp.", slash ? slash + 1 : path);
	while (d != NULL && (e = readdir(d)) != NULL) {
		/* a file name: BASE.tmp.XXXXXX, a temporary file of this save */
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
	return removed;
}

/* ---- the lock ------------------------------------------------------------------ */

bool
save_lock(const char *path, char **err)
{
	char *lock = xasprintf("%s.lock", path), pidtext[32];
	int fd, tries;
	bool ok = false;

	for (tries = 0; tries < 2 && !ok; tries++) {
		fd = fio_open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd >= 0) {
			int n = snprintf(pidtext, sizeof pidtext, "%ld\n", (long)getpid());
			ok = fileops_write_all(fd, pidtext, (size_t)n);
			if (!ok)
				*err = xasprintf("%s: cannot write the lock: %s", lock, strerror(errno));
			fio_close(fd);
			if (!ok)
				fio_unlink(lock);
			break;
		}
		if (errno != EEXIST) {
			*err = xasprintf("%s: cannot take the lock: %s", lock, strerror(errno));
			break;
		}
		/* Someone holds it: if that process is gone, the lock is stale. */
		{
			FILE *f = fio_fopen(lock, "r");
			long pid = 0;
			if (f != NULL) {
				if (fscanf(f, "%ld", &pid) != 1)
					pid = 0;
				fclose(f);
			}
			if (pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM) &&
			    pid != (long)getpid()) {
				*err = xasprintf("%s is open in another hexaid (pid %ld)", path, pid);
				break;
			}
			fio_unlink(lock);
		}
	}
	free(lock);
	return ok;
}

void
save_unlock(const char *path)
{
	char *lock = xasprintf("%s.lock", path);

	fio_unlink(lock);
	free(lock);
}
