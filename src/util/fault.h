/* fault.h: fault injection for the tests (util layer).
 *
 * A build configured with --enable-fault-injection reads HEXAID_FAULT once:
 *
 *   alloc:N   the N-th allocation through xmalloc.c fails
 *   io:N      the N-th file operation through the fio_ wrappers below fails
 *   crash:N   the program ends (_exit(70)) at the N-th durability step it reaches
 *
 * N = 0 fails nothing and only counts. With HEXAID_FAULT_LOG=FILE, the fault that
 * fired ("alloc 17", "io 5 write: No space left on device", "crash 3 save:
 * renamed") and, at a normal exit, the counts ("count alloc=N io=N crash=N") are
 * appended to FILE, so a test knows when N has gone past the last point.
 *
 * In any other build the hooks are constant and compile to nothing; the fio_
 * wrappers are then the plain system calls.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_FAULT_H
#define HEXAID_FAULT_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* The exit status of a crash point. */
#define FAULT_CRASH_STATUS 70

#ifdef HEXAID_FAULT_INJECTION
/* True when this allocation is to fail. */
bool fault_alloc(void);
/* True when this file operation (named by `op`) is to fail; errno is then set
 * to `err`, the error the operation fails with. */
bool fault_io(const char *op, int err);
/* A durability step: the program ends here when it is the chosen one. */
void fault_point(const char *step);
#else
static inline bool fault_alloc(void) { return false; }
static inline bool fault_io(const char *op, int err) { (void)op; (void)err; return false; }
static inline void fault_point(const char *step) { (void)step; }
#endif

/* ---- file operations that may be made to fail ----------------------------------
 * Each fails as the real call would: -1 (or NULL) and errno. A close that is made
 * to fail still closes, as close(2) does on Linux. */

static inline int
fio_open(const char *path, int flags, mode_t mode)
{
	return fault_io("open", EACCES) ? -1 : open(path, flags, mode);
}

static inline int
fio_mkstemp(char *template)
{
	return fault_io("mkstemp", ENOSPC) ? -1 : mkstemp(template);
}

static inline int
fio_mkostemp(char *template, int flags)
{
	return fault_io("mkostemp", ENOSPC) ? -1 : mkostemp(template, flags);
}

static inline ssize_t
fio_read(int fd, void *buf, size_t len)
{
	return fault_io("read", EIO) ? -1 : read(fd, buf, len);
}

static inline ssize_t
fio_write(int fd, const void *buf, size_t len)
{
	return fault_io("write", ENOSPC) ? -1 : write(fd, buf, len);
}

static inline int
fio_fsync(int fd)
{
	return fault_io("fsync", EIO) ? -1 : fsync(fd);
}

static inline int
fio_fdatasync(int fd)
{
	return fault_io("fdatasync", EIO) ? -1 : fdatasync(fd);
}

static inline int
fio_ftruncate(int fd, off_t size)
{
	return fault_io("ftruncate", EIO) ? -1 : ftruncate(fd, size);
}

static inline int
fio_fchmod(int fd, mode_t mode)
{
	return fault_io("fchmod", EPERM) ? -1 : fchmod(fd, mode);
}

static inline int
fio_fstat(int fd, struct stat *st)
{
	return fault_io("fstat", EIO) ? -1 : fstat(fd, st);
}

static inline int
fio_close(int fd)
{
	int r = close(fd);

	return fault_io("close", EIO) ? -1 : r;
}

static inline int
fio_rename(const char *from, const char *to)
{
	return fault_io("rename", EIO) ? -1 : rename(from, to);
}

static inline int
fio_link(const char *from, const char *to)
{
	return fault_io("link", EIO) ? -1 : link(from, to);
}

static inline int
fio_unlink(const char *path)
{
	return fault_io("unlink", EIO) ? -1 : unlink(path);
}

static inline int
fio_flock(int fd, int op)
{
	return fault_io("flock", ENOLCK) ? -1 : flock(fd, op);
}

static inline FILE *
fio_fopen(const char *path, const char *mode)
{
	return fault_io("fopen", EACCES) ? NULL : fopen(path, mode);
}

static inline DIR *
fio_opendir(const char *path)
{
	return fault_io("opendir", EMFILE) ? NULL : opendir(path);
}

#endif
