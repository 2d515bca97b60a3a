/* cardpath.h: where rule cards are found (data layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_CARDPATH_H
#define HEXAID_CARDPATH_H

#include <stddef.h>

struct cardpath {
	char **dirs;      /* data directories, in search order; cards live in DIR/cards */
	size_t count, cap;
};

/* The search path: each directory of $HEXAID_PATH, $XDG_DATA_HOME/hexaid (or
 * ~/.local/share/hexaid), hexaid's directory in each of $XDG_DATA_DIRS (default
 * /usr/local/share, /usr/share), the installed data directory, then the source tree's
 * data/ when the program runs from a build tree (its `data`, see cardpath.c). */
void cardpath_init(struct cardpath *cp);
void cardpath_free(struct cardpath *cp);

/* The card files (the .yaml files in DIR/cards) of every directory, in search order and by
 * name within a directory. Free with cardpath_files_free. */
char **cardpath_files(const struct cardpath *cp, size_t *count);
void cardpath_files_free(char **files, size_t count);

/* The file of the card `id`: ID.yaml in each folder of `first` (NULL-ended; the
 * folders of the file that names the card), then in DIR/cards along the path. A
 * file on the way that says it is another kind of hexaid file (a scenario named
 * like its card, say) is passed over: when no card is found, *passed (if not
 * NULL) names it and its kind, "PATH (a KIND)", for the message; else NULL. */
char *cardpath_find(const struct cardpath *cp, const char *const *first, const char *id,
                    char **passed);

#endif
