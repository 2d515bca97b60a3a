/* stream.c: prints a random stream of command lines for a demo game
 * (fuzz_command_stream), for tests/command-streams.sh and the command fuzzer's
 * seeds:
 *
 *   fuzz/stream DEMO SEED COUNT     (DEMO: tricorne, great-war, ... as in data/scenarios)
 *
 * The first line is a comment naming the demo, which the fuzz harnesses read.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int
main(int argc, char **argv)
{
	struct game g;
	char *lines;

	if (argc != 4) {
		fprintf(stderr, "usage: stream DEMO SEED COUNT\n");
		return 2;
	}
	fuzz_demo_game(&g, argv[1], strlen(argv[1]));
	lines = fuzz_command_stream(&g, strtoull(argv[2], NULL, 10),
	                            (size_t)strtoul(argv[3], NULL, 10));
	printf("# %s-demo\n%s", argv[1], lines);
	free(lines);
	game_free(&g);
	return fflush(stdout) == 0 ? 0 : 1;
}
