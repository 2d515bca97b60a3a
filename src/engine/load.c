/* load.c: opens games (engine layer). A save is read by savefile.c and its
 * commands replayed here, onto the scenario it holds; game_open and
 * game_check_file tell a save from a scenario by its `kind:`.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "cardpath.h"
#include "command.h"
#include "hexfile.h"
#include "load.h"
#include "render.h"
#include "savefile.h"
#include "xmalloc.h"

/* Replay a save read into sf onto a new game, telling w (or NULL) of each
 * turn that ends. */
static bool
replay(struct game *g, struct savefile *sf, const struct replay_watch *w)
{
	size_t bad = 0;
	bool ok;

	game_start(g, &sf->sc);
	/* the save's lines, read in one block: the game's list keeps those it
	 * records as they are given, in the block, which it takes */
	strlist_lend_block(&g->done, &sf->commands);
	g->replaying = true;
	ok = command_replay_changes(g, &sf->commands, &bad, w);
	g->replaying = false;
	if (!ok) {
		savefile_replay_failed(sf, bad);
		game_free(g);
		memset(g, 0, sizeof *g);
	} else {
		strlist_free(&g->log);
		g->log = sf->log;
		memset(&sf->log, 0, sizeof sf->log);
		strlist_free(&g->undone);
		g->undone = sf->undone;
		memset(&sf->undone, 0, sizeof sf->undone);
		g->dirty = false;
	}
	savefile_free(sf);
	return ok;
}

bool
save_load(struct game *g, const char *path, const struct cardpath *cp, struct diag_list *dl)
{
	struct savefile sf;

	memset(g, 0, sizeof *g);
	return savefile_read(&sf, path, cp, dl) && replay(g, &sf, NULL);
}

bool
save_load_text(struct game *g, const char *name, const char *text, size_t len,
               const struct cardpath *cp, struct diag_list *dl)
{
	struct savefile sf;

	memset(g, 0, sizeof *g);
	return savefile_read_text(&sf, name, text, len, cp, dl) && replay(g, &sf, NULL);
}

/* A save that hexfile_open read as far as its `kind:`, read on from there (the
 * file read and parsed once) and replayed; doc is let go. */
static bool
save_load_doc(struct game *g, struct ydoc *doc, const struct cardpath *cp, struct diag_list *dl,
              const struct replay_watch *w)
{
	struct savefile sf;

	memset(g, 0, sizeof *g);
	return savefile_read_doc(&sf, doc, cp, dl) && replay(g, &sf, w);
}

bool
game_open(struct game *g, const char *path, struct diag_list *dl)
{
	return game_open_watched(g, path, NULL, dl);
}

bool
game_open_watched(struct game *g, const char *path, const struct replay_watch *w,
                  struct diag_list *dl)
{
	struct cardpath cp;
	struct scenario sc;
	struct ydoc doc;
	bool ok;

	cardpath_init(&cp);
	if (hexfile_open(&doc, path, NULL, dl) == HEXFILE_SAVE) {
		ok = save_load_doc(g, &doc, &cp, dl, w);
		if (ok)
			g->save_path = xstrdup(path);
	} else {
		ydoc_free(&doc);
		ok = diag_error_count(dl) == 0 && scenario_load(&sc, path, &cp, dl);
		if (ok)
			game_start(g, &sc);
	}
	cardpath_free(&cp);
	return ok;
}

bool
game_check_file(const char *path, const struct cardpath *cp, struct diag_list *dl)
{
	struct ydoc doc;
	enum hexfile_kind kind = hexfile_open(&doc, path, NULL, dl);

	return game_check_opened(&doc, kind, path, cp, dl);
}

bool
game_check_opened(struct ydoc *doc, enum hexfile_kind kind, const char *path,
                  const struct cardpath *cp, struct diag_list *dl)
{
	struct scenario sc;
	struct game g;

	/* a save is read whole once, on from its kind; any other file by its kind's
	 * reader */
	if (kind != HEXFILE_SAVE || diag_error_count(dl) > 0)
		ydoc_free(doc);
	if (diag_error_count(dl) > 0)
		return false;
	if (kind == HEXFILE_SAVE) {
		if (!save_load_doc(&g, doc, cp, dl, NULL))
			return false;
	} else if (kind == HEXFILE_SCENARIO) {
		/* read once: what scenario_load says is all there is to say */
		if (!scenario_load(&sc, path, cp, dl))
			return false;
		game_start(&g, &sc);
	} else {
		return hexfile_check(path, cp, dl);
	}
	/* where the map would be misread: warnings, not errors */
	render_check(&g, path, dl);
	game_free(&g);
	return diag_error_count(dl) == 0;
}
