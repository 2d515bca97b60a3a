/* cli.h: the subcommands of the hexaid program (program layer, above the engine).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_CLI_H
#define HEXAID_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

#include <stdio.h>

/* The options of the subcommands, by what they mean (a subcommand reads its
 * options as cli_args.given[] and .value[] by these). */
enum cli_key {
	CLI_JSON,
	CLI_SEED,
	CLI_CARD,
	CLI_ODDS,
	CLI_KEEP_GOING,
	CLI_JOURNAL,
	CLI_MARKDOWN,
	CLI_OUTPUT,
	CLI_LARGE,
	CLI_COMPACT,
	CLI_LEGEND,
	CLI_SVG,
	CLI_REMINDERS,
	CLI_COVERAGE,
	CLI_CS,
	CLI_SIZE,
	CLI_TITLE,
	CLI_N_KEYS
};

#define CLI_MAX_OPTIONS 16
#define CLI_HELP_DONE (-1)  /* cli_parse printed the help or version: exit 0 */

/* One option of a subcommand: --NAME (and -LETTER), its argument's name (NULL:
 * none), what it means, and one line of help. */
struct cli_option {
	const char *name;
	char letter;
	const char *arg;
	enum cli_key key;
	const char *help;
};

struct cli_args;

/* A subcommand: its name, its operands as the usage shows them, one line for
 * hexaid --help, its options (ended by a row with no name; NULL for none), what
 * else its help lists (or NULL), and what runs it. */
struct cli_command {
	const char *name;
	const char *args;
	const char *summary;
	const struct cli_option *options;
	void (*more_help)(FILE *out);
	int (*run)(const struct cli_args *a);
};

/* A subcommand's command line, read: its operands in order, and each option
 * given (with its value, for one that takes a value). */
struct cli_args {
	const struct cli_command *cmd;
	int argc;
	char **argv;
	bool given[CLI_N_KEYS];
	const char *value[CLI_N_KEYS];
	struct cli_output *out;      /* the escaping streams (main.c), for hexaid edit */
};

/* Read argv (argv[0] the subcommand's name) against cmd's options: EXIT_OK and
 * *a (free with cli_args_free), CLI_HELP_DONE after printing the help, or
 * EXIT_USAGE after one line on stderr. */
int cli_parse(const struct cli_command *cmd, int argc, char **argv, struct cli_args *a);
void cli_args_free(struct cli_args *a);
/* "hexaid NAME [OPTION...] ARGS" after lead ("usage: ") on out; cli_usage_error
 * prints it on stderr and returns EXIT_USAGE (for operands that do not fit). */
void cli_usage_line(const struct cli_command *cmd, const char *lead, FILE *out);
int cli_usage_error(const struct cli_command *cmd);
void cli_print_help(const struct cli_command *cmd, FILE *out);
/* What --version prints, for hexaid and each subcommand. */
void cli_print_version(FILE *out);

int cli_check(const struct cli_args *a);
int cli_cards(const struct cli_args *a);
int cli_explain(const struct cli_args *a);
void cli_explain_keys(FILE *out);
int cli_chart(const struct cli_args *a);
int cli_test(const struct cli_args *a);
int cli_new_card(const struct cli_args *a);
int cli_new_scenario(const struct cli_args *a);
int cli_schema(const struct cli_args *a);
void cli_test_format(FILE *out);
int cli_script(const struct cli_args *a);
void cli_script_commands(FILE *out);
int cli_render(const struct cli_args *a);
int cli_log(const struct cli_args *a);
int cli_recover(const struct cli_args *a);
int cli_roll(const struct cli_args *a);
void cli_roll_notation(FILE *out);

struct card;
struct rule;
struct explanation;

/* The card's rows an answer showed (`hexaid test --coverage`): its rules, by the
 * steps that name them, and the lines of other rows (a table's), by the card
 * line a step carries. */
struct cli_reach_line {
	const char *file;
	int line;
};
struct cli_reach {
	const struct rule **rules;
	size_t nrules, cap_rules;
	struct cli_reach_line *lines;
	size_t nlines, cap_lines;
};
/* Note the rows of why's steps, or one rule (reach NULL: nothing). */
void cli_reach_steps(struct cli_reach *reach, const struct explanation *why);
void cli_reach_rule(struct cli_reach *reach, const struct rule *r);

/* `hexaid explain` and `hexaid chart` of a card read: the answer on stdout, what
 * is wrong with the question on stderr; the exit status. Explain notes the rows
 * its answer shows in reach (NULL: none). */
int cli_explain_card(const struct card *card, int argc, char **words, bool json,
                     struct cli_reach *reach);
int cli_chart_card(const struct card *card, const char *terrain);
/* A rule of a terrain in the chart's words: "cost 2 if unit is CLASS" (free it). */
char *cli_rule_words(const struct card *card, const struct rule *r);

/* What an event rule does, in words (free it): the chart and explain say it so. */
char *cli_event_does(const struct card *card, const struct rule *r);

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

/* The subcommands' output, escaped for the terminal (cli-output.c). */
struct cli_escaper {
	FILE *to;
	unsigned char pending[4];   /* a UTF-8 sequence a write cut, until the next */
	size_t npending;
	int err;                    /* the errno of the first write that failed, or 0 */
};
struct cli_output {
	FILE *out, *err;            /* the streams replaced */
	struct cli_escaper eout, eerr;
	bool active;
};
/* Replace stdout and stderr by escaping streams; put them back (before the
 * terminal interface starts); put them back at the end and return the exit
 * status, EXIT_INVALID when the output could not be written. */
void cli_output_start(struct cli_output *o);
void cli_output_stop(struct cli_output *o);
int cli_output_end(struct cli_output *o, int status);

/* What a subcommand run inside another prints, kept: stdout and stderr are
 * streams into memory from cli_capture_start to cli_capture_end, which puts
 * the streams back and leaves the texts (free them) in out and err. */
struct cli_capture {
	FILE *out, *err;
	char *out_text, *err_text;
	size_t out_len, err_len;
};
bool cli_capture_start(struct cli_capture *c);
void cli_capture_end(struct cli_capture *c);

#endif
