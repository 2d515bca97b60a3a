/* fuzz-command.c: fuzzes the command language: each line of the input is run on
 * a demo game as `hexaid script` runs it (words, quotes, prefixes, --force, every
 * command's arguments, undo and redo). The demo is the one a first line
 * `# scenario: ...` names (tests/scripts/ are the seeds), Tricorne otherwise.
 * Lines that would save are skipped: the fuzzer must not write files.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "fuzz.h"
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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size), *line = text, *nl;
	const char *first_end = memchr(text, '\n', size);
	size_t first = first_end ? (size_t)(first_end - text) : size;
	struct game g;
	int lines = 0;

	fuzz_demo_game(&g, text, strncmp(text, "# scenario:", 11) == 0 ? first : 0);
	for (; line != NULL && lines < MAX_LINES; line = nl ? nl + 1 : NULL, lines++) {
		nl = strchr(line, '\n');
		if (nl != NULL)
			*nl = '\0';
		run_line(&g, line);
	}
	game_free(&g);
	free(text);
	return 0;
}
