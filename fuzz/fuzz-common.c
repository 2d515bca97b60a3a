/* fuzz-common.c: the setup the fuzz harnesses share: data/ as the only card
 * path, demo games with seeded dice, diagnostics printed and thrown away.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "scenario.h"
#include "xmalloc.h"

#ifndef FUZZ_DATADIR
#error "FUZZ_DATADIR must name the source tree's data/ folder"
#endif

const char *const fuzz_demos[] = {
	"tricorne", "great-war", "mini-nap", "napoleonic-tec", "ud-napoleonic",
};
const size_t fuzz_ndemos = sizeof fuzz_demos / sizeof fuzz_demos[0];

const char *
fuzz_datadir(void)
{
	return FUZZ_DATADIR;
}

void
fuzz_cardpath(struct cardpath *cp)
{
	memset(cp, 0, sizeof *cp);
	cp->dirs = xcalloc(1, sizeof *cp->dirs);
	cp->dirs[0] = xstrdup(FUZZ_DATADIR);
	cp->count = cp->cap = 1;
}

/* Does name occur in text[0..len)? (text need not end in NUL.) */
static bool
occurs(const char *text, size_t len, const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(text + i, name, n) == 0)
			return true;
	return false;
}

char *
fuzz_demo_path(const char *text, size_t len)
{
	const char *pick = fuzz_demos[0];

	/* the longest name that occurs: "napoleonic-tec" over a bare "tricorne" */
	for (size_t i = 0; i < fuzz_ndemos; i++)
		if (occurs(text, len, fuzz_demos[i]) &&
		    (pick == fuzz_demos[0] || strlen(fuzz_demos[i]) > strlen(pick)))
			pick = fuzz_demos[i];
	return xasprintf("%s/scenarios/%s-demo.yaml", FUZZ_DATADIR, pick);
}

void
fuzz_demo_game(struct game *g, const char *text, size_t len)
{
	char *path = fuzz_demo_path(text, len);
	struct cardpath cp;
	struct diag_list dl;
	struct scenario sc;

	fuzz_cardpath(&cp);
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (!scenario_load(&sc, path, &cp, &dl)) {
		diag_print(&dl, stderr);
		fprintf(stderr, "fuzz: cannot load the demo %s\n", path);
		abort();
	}
	game_start(g, &sc);
	rng_seed(&g->rng, 1);
	diag_list_free(&dl);
	cardpath_free(&cp);
	free(path);
}

void
fuzz_diag_done(struct diag_list *dl)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f != NULL) {
		diag_print(dl, f);
		fclose(f);
	}
	free(buf);
	diag_list_free(dl);
}
