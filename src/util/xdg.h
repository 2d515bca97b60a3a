/* xdg.h: where hexaid keeps a player's files, by the XDG Base Directory
 * specification (util layer). The one implementation of those paths: the card
 * search path, saves and journals all ask here.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_XDG_H
#define HEXAID_XDG_H

#include <stdbool.h>

#include "strutil.h"

enum xdg_kind {
	XDG_DATA,  /* $XDG_DATA_HOME, default ~/.local/share: cards, saves */
	XDG_STATE, /* $XDG_STATE_HOME, default ~/.local/state: journals (undo history) */
};

/* hexaid's directory of that kind for this user ($XDG_..._HOME/hexaid, or its
 * default under $HOME); NULL when neither is an absolute path. Free it. */
char *xdg_user_dir(enum xdg_kind kind);

/* hexaid's directory in each of $XDG_DATA_DIRS (default /usr/local/share and
 * /usr/share), in order; relative entries are ignored, as the specification says. */
void xdg_data_dirs(struct strlist *out);

/* The directory NAME under hexaid's user directory of that kind, made (with its
 * parents, private to the player) when missing; NULL when there is no such
 * directory or it cannot be made. Free it. */
char *xdg_user_subdir(enum xdg_kind kind, const char *name);

/* mkdir -p, new directories private to the player (0700). */
bool xdg_make_dirs(const char *path);

#endif
