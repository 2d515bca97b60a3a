/* filehead.h: the first kilobytes of a file, read without parsing it (data
 * layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_FILEHEAD_H
#define HEXAID_FILEHEAD_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

#define FILEHEAD_SIZE 4096

/* The first FILEHEAD_SIZE bytes of a regular file, NUL-terminated, in head
 * (FILEHEAD_SIZE + 1 bytes). False when it cannot be opened: *not_regular
 * says whether that was why, errno otherwise. */
bool filehead_read(const char *path, char *head, bool *not_regular);

/* Does a line of the head start with `key`, then a space, CR or the end of it? */
bool filehead_has_line(const char *head, const char *key);

/* Does the file say it is a hexaid file of another kind than `kind` (a line
 * `kind: WORD` in its head, WORD not `kind`)? WORD is copied into word (n bytes)
 * when it does. A file that cannot be read or has no `kind:` line is not. */
bool filehead_other_kind(const char *path, const char *kind, char *word, size_t n);

/* After loading a file that another file named (the card of a scenario, the
 * card a card extends), from diagnostic `from` on: unless it says it is a hexaid
 * file (a `kind:` line in its first kilobytes), its lines are not quoted, so a
 * scenario naming /etc/passwd or a key file does not print its first line. */
void filehead_quote_if_own(struct diag_list *dl, size_t from, const char *path);

#endif
