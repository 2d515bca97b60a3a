/* fuzz-command.c: fuzzes the command language: each line of the input is run on
 * a demo game as `hexaid script` runs it (words, quotes, prefixes, --force, every
 * command's arguments, undo and redo). The demo is the one a first comment
 * line names (`# scenario: ...` in tests/scripts/, `# mini-nap-demo` in the
 * streams of fuzz/stream: both are seeds), else one of the five by the input's
 * length. The game is then saved and read back in memory, and the lines run
 * again on its save. Lines that would save are skipped: the fuzzer must not write files.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "fuzz.h"
#include "load.h"
#include "save.h"
#include "xmalloc.h"

#define MAX_LINES 100

/* Would this line run `save`? Its first word (quoted or not) begins the name. */
static bool
saves(const char *line)
{
	size_t n;

	while (*line == ' ')
		line++;
	if (*line == '"')
		line++;
	n = strcspn(line, " \"");
	return n > 0 && n <= 4 && strncmp(line, "save", n) == 0;
}

static void
run_line(struct game *g, const char *line)
{
	struct command_result res;

	if (saves(line))
		return;
	command_run(g, line, &res);
	command_result_free(&res);
}

static void
run_lines(struct game *g, const char *text)
{
	char *copy = xstrdup(text), *line = copy, *nl;
	int lines = 0;

	for (; line != NULL && lines < MAX_LINES; line = nl ? nl + 1 : NULL, lines++) {
		nl = strchr(line, '\n');
		if (nl != NULL)
			*nl = '\0';
		run_line(g, line);
	}
	free(copy);
}

/* The game saved and read back, in memory: the lines run again on the save. */
static void
on_its_save(struct game *g, const char *text)
{
	char *saved = save_text(g);
	struct cardpath cp;
	struct diag_list dl;
	struct game again;

	fuzz_cardpath(&cp);
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	if (save_load_text(&again, "command.sav", saved, strlen(saved), &cp, &dl)) {
		run_lines(&again, text);
		game_free(&again);
	}
	fuzz_diag_done(&dl);
	cardpath_free(&cp);
	free(saved);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	const char *first_end = memchr(text, '\n', size);
	size_t first = first_end ? (size_t)(first_end - text) : strlen(text);
	struct game g;

	/* the demo a first comment line names, else one of the five by the input's
	 * length, so that every card meets every mutation */
	if (text[0] == '#')
		fuzz_demo_game(&g, text, first);
	else
		fuzz_demo_game(&g, fuzz_demos[size % fuzz_ndemos], strlen(fuzz_demos[size % fuzz_ndemos]));
	run_lines(&g, text);
	on_its_save(&g, text);
	game_free(&g);
	free(text);
	return 0;
}
