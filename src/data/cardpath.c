/* cardpath.c: builds the card search path from the environment and the install
 * location, and lists the card files found along it (data layer). Earlier
 * directories win: a player's own card shadows an installed card of the same id. */
#include "config.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cardpath.h"
#include "xmalloc.h"

static void
add_dir(struct cardpath *cp, const char *dir)
{
	char **slot;

	if (dir == NULL || *dir == '\0')
		return;
	for (size_t i = 0; i < cp->count; i++)
		if (strcmp(cp->dirs[i], dir) == 0)
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

static void
add_user_dir(struct cardpath *cp)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char *dir = NULL;

	if (xdg != NULL && xdg[0] == '/')
		dir = xasprintf("%s/hexaid", xdg);
	else if (home != NULL && home[0] == '/')
		dir = xasprintf("%s/.local/share/hexaid", home);
	add_dir(cp, dir);
	free(dir);
}

/* The source tree's data directory when this program runs from the build tree it
 * was built in (so hexaid finds the cards before `make install`), else NULL. */
static const char *
uninstalled_data_dir(void)
{
	static char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char *slash;

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash == NULL)
		return NULL;
	*slash = '\0';
	return strcmp(exe, HEXAID_BUILDDIR) == 0 ? HEXAID_SRCDATADIR : NULL;
}

void
cardpath_init(struct cardpath *cp)
{
	const char *installed = PKGDATADIR, *uninstalled = uninstalled_data_dir();

	memset(cp, 0, sizeof *cp);
	add_path_list(cp, getenv("HEXAID_PATH"));
	add_user_dir(cp);
	add_dir(cp, installed);
	add_dir(cp, uninstalled);
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
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
is_yaml_name(const char *name)
{
	size_t n = strlen(name);

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
