/* tui-term.h: what the terminal interface asks of the terminal database (ui
 * layer), kept apart because <term.h> defines macros (lines, columns...) that
 * clash with the engine's names.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_TUI_TERM_H
#define HEXAID_TUI_TERM_H

#include <stdbool.h>
#include <stddef.h>

/* Can hexaid drive this terminal: standard input and output are terminals, TERM
 * names a known type that can move the cursor? When not, one line on stderr
 * says what is wrong and what to do, and the terminal is left as it was. */
bool tui_terminal_usable(void);

/* The strings that put the terminal back (leave the alternate screen, show the
 * cursor, plain attributes, keypad off), for a handler of a fatal signal, where
 * only write(2) is safe; returns their length. Call after newterm. */
size_t tui_reset_string(char *buf, size_t cap);

#endif
