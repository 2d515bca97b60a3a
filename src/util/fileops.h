/* fileops.h: the steps of writing a file durably that saves and journals share
 * (util layer). Each goes through the fault hook's fio_ wrappers (fault.h). */
#ifndef HEXAID_FILEOPS_H
#define HEXAID_FILEOPS_H

#include <stdbool.h>
#include <stddef.h>

/* The directory a path is in: "." for a bare name (free it). */
char *fileops_dir_of(const char *path);

/* Write all of buf, going on after interruptions and short writes. On false
 * errno says why. */
bool fileops_write_all(int fd, const char *buf, size_t len);

/* Open a file to read it, only when it is a regular file: a FIFO, a device or
 * a directory is refused without reading (and a FIFO without blocking). On -1,
 * *not_regular says whether that was why; otherwise errno does. */
int fileops_open_regular(const char *path, bool *not_regular);

/* Flush a directory, so that a file created or renamed in it is on the disk
 * too. A directory that cannot be opened, or a file system that cannot flush
 * one, is not an error. On false errno says why. */
bool fileops_sync_dir(const char *dir);

#endif
