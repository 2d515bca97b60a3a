/* xdg.c: where hexaid keeps a player's files, by the XDG Base Directory
 * specification (util layer): hexaid's directory under $XDG_DATA_HOME and
 * $XDG_STATE_HOME (or their defaults under $HOME), and in each of
 * $XDG_DATA_DIRS.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "xdg.h"
#include "xmalloc.h"

static const struct {
	const char *variable, *default_under_home;
} xdg_homes[] = {
	[XDG_DATA] = { "XDG_DATA_HOME", ".local/share" },
	[XDG_STATE] = { "XDG_STATE_HOME", ".local/state" },
};

char *
xdg_user_dir(enum xdg_kind kind)
{
	const char *xdg = getenv(xdg_homes[kind].variable), *home = getenv("HOME");

	/* the specification: a relative path in these variables is invalid */
	if (xdg != NULL && xdg[0] == '/')
		return xasprintf("%s/hexaid", xdg);
	if (home != NULL && home[0] == '/')
		return xasprintf("%s/%s/hexaid", home, xdg_homes[kind].default_under_home);
	return NULL;
}

void
xdg_data_dirs(struct strlist *out)
{
	const char *list = getenv("XDG_DATA_DIRS");
	char *copy, *save = NULL;

	memset(out, 0, sizeof *out);
	if (list == NULL || *list == '\0')
		list = "/usr/local/share/:/usr/share/";
	copy = xstrdup(list);
	for (char *d = strtok_r(copy, ":", &save); d != NULL; d = strtok_r(NULL, ":", &save)) {
		size_t n = strlen(d);
		if (d[0] != '/')
			continue;
		while (n > 1 && d[n - 1] == '/')
			d[--n] = '\0';
		char *dir = xasprintf("%s/hexaid", n == 1 ? "" : d);
		strlist_add(out, dir);
		free(dir);
	}
	free(copy);
}

bool
xdg_make_dirs(const char *path)
{
	char *copy = xstrdup(path);
	bool ok = true;

	for (char *p = copy + 1; ok; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char c = *p;
		*p = '\0';
		if (mkdir(copy, 0700) != 0 && errno != EEXIST)
			ok = false;
		*p = c;
		if (c == '\0')
			break;
	}
	free(copy);
	return ok;
}

char *
xdg_user_subdir(enum xdg_kind kind, const char *name)
{
	char *base = xdg_user_dir(kind), *dir;

	if (base == NULL)
		return NULL;
	dir = xasprintf("%s/%s", base, name);
	free(base);
	if (!xdg_make_dirs(dir)) {
		free(dir);
		return NULL;
	}
	return dir;
}
