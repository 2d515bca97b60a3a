/* cardpath.c: builds the card search path from the environment and the install
 * location, and lists the card files found along it (data layer). Earlier
 * directories win: a player's own card shadows an installed card of the same id.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <dirent.h>
#include <stdbool.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cardpath.h"
#include "filehead.h"
#include "xdg.h"
#include "xmalloc.h"

static void
add_dir(struct cardpath *cp, const char *dir)
{
	char **slot;

	if (dir == NULL || *dir == '\0')
		return;
	for (size_t i = 0; i < cp->count; i++)
		if (strcmp(cp->dirs[i], dir) == 0) /* same text: a directory listed once */
			return;
	slot = xgrow(&cp->dirs, &cp->count, &cp->cap, sizeof *slot);
	*slot = xstrdup(dir);
}

static void
add_path_list(struct cardpath *cp, const char *list)
{
	char *copy, *save = NULL;

	if (list == NULL)
		return;
	copy = xstrdup(list);
	for (char *d = strtok_r(copy, ":", &save); d != NULL; d = strtok_r(NULL, ":", &save))
		add_dir(cp, d);
	free(copy);
}

/* $XDG_DATA_HOME/hexaid (or ~/.local/share/hexaid), then hexaid's directory in
 * each of $XDG_DATA_DIRS. */
static void
add_xdg_dirs(struct cardpath *cp)
{
	char *user = xdg_user_dir(XDG_DATA);
	struct strlist system;

	add_dir(cp, user);
	free(user);
	xdg_data_dirs(&system);
	for (size_t i = 0; i < system.count; i++)
		add_dir(cp, system.items[i]);
	strlist_free(&system);
}

/* The directory the running program is in, or NULL. */
static char *
exe_dir(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char *slash;

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash == NULL)
		return NULL;
	*slash = '\0';
	return xstrdup(exe);
}

/* The source tree's data directory when this program runs from a build tree (a
 * directory with config.status), so hexaid finds its cards before `make
 * install`; else NULL. The build tree's `data` is the source tree's own (a build
 * in the source tree) or a link to it that `make` makes in any other build
 * directory; the link's target is the name given. No path of the build is
 * compiled in, so two builds in two directories make the same program. */
static char *
uninstalled_data_dir(void)
{
	char *dir = exe_dir(), *status, *data, *cards, *found = NULL;
	char target[PATH_MAX];
	struct stat st;
	ssize_t n;

	if (dir == NULL)
		return NULL;
	status = xasprintf("%s/config.status", dir);
	data = xasprintf("%s/data", dir);
	cards = xasprintf("%s/data/cards", dir);
	if (stat(status, &st) == 0 && S_ISREG(st.st_mode) &&
	    stat(cards, &st) == 0 && S_ISDIR(st.st_mode)) {
		n = readlink(data, target, sizeof target - 1);
		if (n > 0 && target[0] == '/') {
			target[n] = '\0';
			found = xstrdup(target);
		} else {
			found = xstrdup(data);
		}
	}
	free(status);
	free(data);
	free(cards);
	free(dir);
	return found;
}

void
cardpath_init(struct cardpath *cp)
{
	char *uninstalled = uninstalled_data_dir();

	memset(cp, 0, sizeof *cp);
	add_path_list(cp, getenv("HEXAID_PATH"));
	add_xdg_dirs(cp);
	add_dir(cp, PKGDATADIR);
	add_dir(cp, uninstalled);
	free(uninstalled);
}

void
cardpath_free(struct cardpath *cp)
{
	for (size_t i = 0; i < cp->count; i++)
		free(cp->dirs[i]);
	free(cp->dirs);
	memset(cp, 0, sizeof *cp);
}

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b); /* same text: names sorted */
}

static int
is_yaml_name(const char *name)
{
	size_t n = strlen(name);

	/* reader: file names in the directory */
	return name[0] != '.' && n > 5 && strcmp(name + n - 5, ".yaml") == 0;
}

/* Append the card files of one directory, sorted by name. */
static void
list_dir(const char *dir, char ***files, size_t *count, size_t *cap)
{
	char *cards = xasprintf("%s/cards", dir);
	DIR *d = opendir(cards);
	size_t first = *count;
	struct dirent *e;

	if (d != NULL) {
		while ((e = readdir(d)) != NULL) {
			if (!is_yaml_name(e->d_name))
				continue;
			char **slot = xgrow(files, count, cap, sizeof *slot);
			*slot = xasprintf("%s/%s", cards, e->d_name);
		}
		closedir(d);
	}
	if (*count - first > 1)
		qsort(*files + first, *count - first, sizeof **files, compare_names);
	free(cards);
}

char **
cardpath_files(const struct cardpath *cp, size_t *count)
{
	char **files = NULL;
	size_t cap = 0;

	*count = 0;
	for (size_t i = 0; i < cp->count; i++)
		list_dir(cp->dirs[i], &files, count, &cap);
	return files;
}

void
cardpath_files_free(char **files, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(files[i]);
	free(files);
}

/* Is `file` the card to take: readable, and not a hexaid file of another kind?
 * The first passed over is named in *passed. */
static bool
card_candidate(const char *file, char **passed)
{
	char word[32];

	if (access(file, R_OK) != 0)
		return false;
	if (!filehead_other_kind(file, "card", word, sizeof word))
		return true;
	if (passed != NULL && *passed == NULL)
		*passed = xasprintf("%s (a %s)", file, word);
	return false;
}

char *
cardpath_find(const struct cardpath *cp, const char *const *first, const char *id,
              char **passed)
{
	char *file;

	if (passed != NULL)
		*passed = NULL;
	for (size_t i = 0; first != NULL && first[i] != NULL; i++) {
		file = xasprintf("%s/%s.yaml", first[i], id);
		if (card_candidate(file, passed))
			goto found;
		free(file);
	}
	for (size_t i = 0; cp != NULL && i < cp->count; i++) {
		file = xasprintf("%s/cards/%s.yaml", cp->dirs[i], id);
		if (card_candidate(file, passed))
			goto found;
		free(file);
	}
	return NULL;
found:
	if (passed != NULL) {
		free(*passed);
		*passed = NULL;
	}
	return file;
}
