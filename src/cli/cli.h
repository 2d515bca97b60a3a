/* cli.h: the subcommands of the hexaid program (program layer, above the engine). */
#ifndef HEXAID_CLI_H
#define HEXAID_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"

int cli_check(int argc, char **argv);
int cli_cards(int argc, char **argv);
int cli_explain(int argc, char **argv);
int cli_chart(int argc, char **argv);
int cli_script(int argc, char **argv);
int cli_render(int argc, char **argv);
int cli_log(int argc, char **argv);
int cli_recover(int argc, char **argv);
int cli_roll(int argc, char **argv);

struct game;
struct diag_list;
/* Open a saved game, or a scenario as a new game; prints what went wrong;
 * returns the exit status. */
int cli_open_game(const char *path, struct game *g);

/* --seed ARG of a subcommand (NULL: the program's own): true and *seed, or false
 * after saying so on stderr. One seed type everywhere: 64 bits. */
bool cli_seed(const char *sub, const char *arg, uint64_t *seed);

struct card;
/* Load a card named by its id (searched along the card path) or by its path;
 * prints what went wrong and returns the exit status. */
int cli_load_card(const char *name, struct card *card);


#endif
