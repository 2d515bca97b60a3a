/* cli.h: the subcommands of the hexaid program (program layer, above the engine). */
#ifndef HEXAID_CLI_H
#define HEXAID_CLI_H

/* Exit statuses, as hexaid.6 documents them. */
enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

int cli_check(int argc, char **argv);
int cli_cards(int argc, char **argv);

/* The directory of this program's own source tree data when it runs uninstalled
 * from its build directory, else NULL. */
const char *cli_uninstalled_data_dir(void);

#endif
