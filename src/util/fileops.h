/* fileops.h: the steps of writing a file durably that saves and journals share
 * (util layer). Each goes through the fault hook's fio_ wrappers (fault.h).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_FILEOPS_H
#define HEXAID_FILEOPS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The directory a path is in: "." for a bare name (free it). */
char *fileops_dir_of(const char *path);

/* Write all of buf, going on after interruptions and short writes. On false
 * errno says why. */
bool fileops_write_all(int fd, const char *buf, size_t len);

/* Open a file to read it, only when it is a regular file: a FIFO, a device or
 * a directory is refused without reading (and a FIFO without blocking). On -1,
 * *not_regular says whether that was why; otherwise errno does. */
int fileops_open_regular(const char *path, bool *not_regular);

/* The file a path stands for: a symbolic link followed to what it points at,
 * even when that does not exist yet, so that a file written there replaces the
 * target and not the link (free it). */
char *fileops_resolve(const char *path);

/* What a file of this mode is, for a message: "a directory", "a FIFO", "a
 * device", "a socket", "a symbolic link", or "a regular file". */
const char *fileops_kind(mode_t mode);

/* NULL when `path` is a regular file or nothing is there, else what it is
 * (fileops_kind; a symbolic link is not followed). */
const char *fileops_not_regular(const char *path);

/* The permissions for a new file that replaces `path`: the file's own when it
 * is there, else what the umask leaves of 0666. */
mode_t fileops_new_mode(const char *path);

/* Flush a directory, so that a file created or renamed in it is on the disk
 * too. A directory that cannot be opened, or a file system that cannot flush
 * one, is not an error. On false errno says why. */
bool fileops_sync_dir(const char *dir);

#endif
