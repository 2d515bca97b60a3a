/* fuzz.h: what the fuzz harnesses share. Each fuzz/fuzz-NAME.c defines
 * LLVMFuzzerTestOneInput; linked with libFuzzer (clang -fsanitize=fuzzer) it is a
 * fuzzer, linked with fuzz/replay.c (any compiler) it runs the files it is given,
 * which is how `make check` replays fuzz/regress/NAME/.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_FUZZ_H
#define HEXAID_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cardpath.h"
#include "diag.h"
#include "game.h"
#include "strutil.h"

/* The entry point libFuzzer calls with each input; returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The source tree's data/ folder (cards, scenarios), as built in. */
const char *fuzz_datadir(void);

/* A card path of data/ alone, whatever the environment says. */
void fuzz_cardpath(struct cardpath *cp);

/* The path of one of data/'s demo scenarios: the one whose name (such as
 * "great-war") occurs in text[0..len), the Tricorne demo when none does. Free it. */
char *fuzz_demo_path(const char *text, size_t len);

/* Start a game on that demo, with dice seeded so that runs repeat. Aborts when
 * the demo cannot be loaded: the harness is broken, not the input. */
void fuzz_demo_game(struct game *g, const char *text, size_t len);

/* Print the diagnostics (into memory, thrown away), so that quoting the lines
 * of hostile input is exercised too, and free the list. */
void fuzz_diag_done(struct diag_list *dl);

/* What a game looks like, to compare two (free it): its commands in force and
 * taken back, its log, its map and `show state`. */
char *fuzz_game_picture(struct game *g);

/* The round trip (roundtrip.c): each line of data run as a command on a demo
 * game, then the game's journal and save read back in memory. NULL when both
 * give the same game, else what differed (free it). */
char *fuzz_roundtrip(const uint8_t *data, size_t size);

/* A save's lists (roundtrip.c): the commands, undone commands and log lines
 * given (items a save can hold: fuzz_save_holds), saved from a demo game and
 * read back by savefile_read_text. NULL when they read back as they were, each
 * list in the form the rule gives it (a literal block when every item can stand
 * in one, else quoted lines) and save_text_size exact; else what went wrong
 * (free it). fuzz_save_lists_of takes its items from bytes: parted at NUL
 * bytes, each one's first byte picking its list, those a save cannot hold left
 * out. */
char *fuzz_save_lists(const struct strlist lists[3]);
char *fuzz_save_lists_of(const uint8_t *data, size_t size);
/* Can a save hold this item: UTF-8 with no control character but a tab and a
 * newline (what a text in hexaid's YAML may hold)? */
bool fuzz_save_holds(const char *item);

/* A random stream of count command lines for the game g (streams.c), the same
 * for the same seed: commands of the table with words drawn from the game and
 * its card, now and then with roll=, --force, odd words or a name cut short;
 * never `save`. Free it. */
char *fuzz_command_stream(const struct game *g, uint64_t seed, size_t count);

/* The five demos' names, as fuzz_demo_path finds them ("tricorne" ...). */
extern const char *const fuzz_demos[];
extern const size_t fuzz_ndemos;

#endif
