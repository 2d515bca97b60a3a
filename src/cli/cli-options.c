/* cli-options.c: the command line of every subcommand, read one way (program
 * layer). Each subcommand's options are rows of its table entry (main.c); this
 * reads them GNU style with getopt_long (anywhere among the operands, `--` ends
 * them, --help prints the subcommand's help), and prints the usage line and the
 * help from the same rows, so the help cannot miss an option the parser takes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "question-keys.h"
#include "xmalloc.h"

#define HELP_KEY 0x100    /* getopt's value for --help, beyond any letter */
#define VERSION_KEY 0x101 /* getopt's value for --version */
#define OPTION_BASE 0x200 /* getopt's value for the option of row i: OPTION_BASE + i */

static size_t
count_options(const struct cli_command *cmd)
{
	size_t n = 0;

	while (cmd->options != NULL && cmd->options[n].name != NULL)
		n++;
	return n;
}

void
cli_usage_line(const struct cli_command *cmd, const char *lead, FILE *out)
{
	fprintf(out, "%shexaid %s", lead, cmd->name);
	for (size_t i = 0; i < count_options(cmd); i++) {
		const struct cli_option *o = &cmd->options[i];
		if (o->letter != 0)
			fprintf(out, " [-%c%s%s]", o->letter, o->arg ? " " : "", o->arg ? o->arg : "");
		else
			fprintf(out, " [--%s%s%s]", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
	}
	fprintf(out, "%s%s\n", *cmd->args ? " " : "", cmd->args);
}

int
cli_usage_error(const struct cli_command *cmd)
{
	cli_usage_line(cmd, "usage: ", stderr);
	return EXIT_USAGE;
}

/* "  -o, --output SAVE" and the like, for the help's column. */
static void
print_option(const char *letter_form, const char *name, const char *arg, const char *help,
             FILE *out)
{
	char left[64];

	snprintf(left, sizeof left, "%s--%s%s%s", letter_form, name, arg ? " " : "", arg ? arg : "");
	fprintf(out, "  %-22s %s\n", left, help);
}

void
cli_print_version(FILE *out)
{
	fputs(PACKAGE_NAME " " PACKAGE_VERSION "\n"
	      "Copyright (C) 2026 the hexaid authors (see AUTHORS).\n"
	      "License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
	      "This is free software: you are free to change and redistribute it.\n"
	      "There is NO WARRANTY, to the extent permitted by law.\n"
	      "The rule cards and scenarios are licensed CC-BY-4.0 (see data/README.md in\n"
	      "the documentation directory).\n",
	      out);
}

void
cli_print_help(const struct cli_command *cmd, FILE *out)
{
	cli_usage_line(cmd, "usage: ", out);
	fprintf(out, "%s.\n\nOptions:\n", cmd->summary);
	for (size_t i = 0; i < count_options(cmd); i++) {
		const struct cli_option *o = &cmd->options[i];
		char letter[8] = "    ";
		if (o->letter != 0)
			snprintf(letter, sizeof letter, "-%c, ", o->letter);
		print_option(letter, o->name, o->arg, o->help, out);
	}
	print_option("-h, ", "help", NULL, "print this help and exit", out);
	print_option("    ", "version", NULL, "print the version and exit", out);
	if (cmd->more_help != NULL) {
		fputc('\n', out);
		cmd->more_help(out);
	}
}

/* The getopt_long table and short options of cmd's rows, with --help and
 * --version. */
static struct option *
getopt_table(const struct cli_command *cmd, char *shorts)
{
	size_t n = count_options(cmd), s = 0;
	struct option *lo = xcalloc(n + 3, sizeof *lo);

	shorts[s++] = '-'; /* operands come back in order, as value 1 */
	shorts[s++] = ':'; /* a missing argument is ':', not '?' */
	shorts[s++] = 'h';
	for (size_t i = 0; i < n; i++) {
		const struct cli_option *o = &cmd->options[i];
		lo[i] = (struct option){ o->name, o->arg ? required_argument : no_argument, NULL,
		                         OPTION_BASE + (int)i };
		if (o->letter != 0) {
			shorts[s++] = o->letter;
			if (o->arg)
				shorts[s++] = ':';
		}
	}
	lo[n] = (struct option){ "help", no_argument, NULL, HELP_KEY };
	lo[n + 1] = (struct option){ "version", no_argument, NULL, VERSION_KEY };
	shorts[s] = '\0';
	return lo;
}

static int
letter_index(const struct cli_command *cmd, int c)
{
	for (size_t i = 0; i < count_options(cmd); i++)
		if (cmd->options[i].letter == c)
			return (int)i;
	return -1;
}

/* One line for an option that is not one, or lacks its value. */
static void
unknown_option(const struct cli_command *cmd, bool missing_value, const char *word, int letter)
{
	char name[64];

	/* reader: command-line words */
	if (strncmp(word, "--", 2) == 0 || letter == 0 || letter == HELP_KEY ||
	    letter == VERSION_KEY)
		snprintf(name, sizeof name, "%.*s", (int)strcspn(word, "="), word);
	else
		snprintf(name, sizeof name, "-%c", letter);
	if (missing_value)
		fprintf(stderr, "hexaid: %s: option '%s' needs a value (hexaid %s --help)\n",
		        cmd->name, name, cmd->name);
	else
		fprintf(stderr, "hexaid: %s: unknown option '%s' (hexaid %s --help lists them)\n",
		        cmd->name, name, cmd->name);
}

/* A word such as "-3d6" (a roll's expression, a negative number) before any
 * `--`, which getopt would read as options: say how to write it. */
static bool
negative_operand(const struct cli_command *cmd, int argc, char **argv)
{
	/* reader: command-line words */
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (argv[i][0] == '-' && argv[i][1] >= '0' && argv[i][1] <= '9') {
			fprintf(stderr, "hexaid: %s: %s is read as an option; an expression that starts "
			                "with '-' comes after '--': hexaid %s -- %s\n", cmd->name, argv[i],
			        cmd->name, argv[i]);
			return true;
		}
	}
	return false;
}

int
cli_parse(const struct cli_command *cmd, int argc, char **argv, struct cli_args *a)
{
	char shorts[2 * CLI_MAX_OPTIONS + 8];
	struct option *lo;
	int c, status = EXIT_OK, index;

	memset(a, 0, sizeof *a);
	a->cmd = cmd;
	a->argv = xcalloc((size_t)argc + 1, sizeof *a->argv);
	if (negative_operand(cmd, argc, argv)) {
		cli_args_free(a);
		return EXIT_USAGE;
	}
	lo = getopt_table(cmd, shorts);
	opterr = 0;
	optind = 0; /* 0: getopt starts afresh, reading the ordering of this optstring */
	while (status == EXIT_OK && (c = getopt_long(argc, argv, shorts, lo, &index)) != -1) {
		if (c == 1) {
			a->argv[a->argc++] = optarg;
			continue;
		}
		if (c == HELP_KEY || c == 'h') {
			cli_print_help(cmd, stdout);
			status = CLI_HELP_DONE;
		} else if (c == VERSION_KEY) {
			cli_print_version(stdout);
			status = CLI_HELP_DONE;
		} else if (c == '?' || c == ':') {
			unknown_option(cmd, c == ':', argv[optind - 1], optopt);
			status = EXIT_USAGE;
		} else {
			int i = c >= OPTION_BASE ? c - OPTION_BASE : letter_index(cmd, c);
			a->given[cmd->options[i].key] = true;
			a->value[cmd->options[i].key] = optarg;
		}
	}
	/* what follows `--` are operands, whatever they look like */
	while (status == EXIT_OK && optind < argc)
		a->argv[a->argc++] = argv[optind++];
	free(lo);
	if (status != EXIT_OK)
		cli_args_free(a);
	return status;
}

void
cli_args_free(struct cli_args *a)
{
	free(a->argv);
	a->argv = NULL;
	a->argc = 0;
}

/* ---- what explain understands, from the table its reader uses -------------------- */

static void
print_key(const char *key, const char *value, const char *help, void *ctx)
{
	char left[48];
	size_t n = strlen(key);

	/* setting. takes the setting's name after it */
	snprintf(left, sizeof left, "%s%s=%s", key, n > 0 && key[n - 1] == '.' ? "NAME" : "",
	         value);
	fprintf((FILE *)ctx, "  %-30s %s\n", left, help);
}

void
cli_explain_keys(FILE *out)
{
	fputs("Keys (KEY=VALUE; a true/false key alone means true):\n", out);
	question_keys_help(ASKER_EXPLAIN, print_key, out);
}
