/* fileops.c: the steps of writing a file durably that saves and journals share
 * (util layer): the directory of a path, writing a whole buffer, flushing a
 * directory after a rename, what kind of file is at a path.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fault.h"
#include "fileops.h"
#include "xmalloc.h"

char *
fileops_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash == NULL ? xstrdup(".") : slash == path ? xstrdup("/")
	                                                    : xstrndup(path, (size_t)(slash - path));
}

bool
fileops_write_all(int fd, const char *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = fio_write(fd, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return false;
		}
		done += (size_t)n;
	}
	return true;
}

/* How many links fileops_resolve follows, as the kernel does (MAXSYMLINKS). */
#define MAX_LINKS 40

char *
fileops_resolve(const char *path)
{
	char *real = realpath(path, NULL), target[PATH_MAX];
	char *p = xstrdup(path);

	if (real != NULL) {
		free(p);
		return real;
	}
	/* not there (yet): follow the links that are, as far as they go */
	for (int i = 0; i < MAX_LINKS; i++) {
		ssize_t n = readlink(p, target, sizeof target - 1);
		char *dir, *next;

		if (n < 0)
			break;
		target[n] = '\0';
		dir = fileops_dir_of(p);
		next = target[0] == '/' ? xstrdup(target) : xasprintf("%s/%s", dir, target);
		free(dir);
		free(p);
		p = next;
	}
	return p;
}

const char *
fileops_kind(mode_t mode)
{
	if (S_ISREG(mode))
		return "a regular file";
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISLNK(mode))
		return "a symbolic link";
	return "not a regular file";
}

const char *
fileops_not_regular(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0 || S_ISREG(st.st_mode))
		return NULL;
	return fileops_kind(st.st_mode);
}

mode_t
fileops_new_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return st.st_mode & 07777;
	mask = umask(0);   /* read the umask: it can only be read by setting it */
	umask(mask);
	return 0666 & ~mask;
}

int
fileops_open_regular(const char *path, bool *not_regular)
{
	int fd = fio_open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
	struct stat st;

	*not_regular = false;
	if (fd < 0)
		return -1;
	if (fio_fstat(fd, &st) != 0) {
		int saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		*not_regular = true;
		close(fd);
		errno = EINVAL;
		return -1;
	}
	return fd;
}

bool
fileops_sync_dir(const char *dir)
{
	int fd = fio_open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
	bool ok = true;

	if (fd >= 0) {
		if (fio_fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP)
			ok = false;
		fio_close(fd);
	}
	return ok;
}
