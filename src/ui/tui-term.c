/* tui-term.c: the terminal interface's questions to the terminal database (ui
 * layer): whether the terminal can be driven at all, asked before curses starts
 * so that a refusal leaves the terminal untouched, and the strings that restore
 * it after a crash.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <curses.h>
#include <term.h>

#include "tui-term.h"

static bool
has_string(const char *cap)
{
	char *s = tigetstr(cap);

	return s != NULL && s != (char *)-1;
}

bool
tui_terminal_usable(void)
{
	const char *term = getenv("TERM");
	int err = 0;
	bool cup;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "hexaid: standard %s is not a terminal; the terminal interface needs "
		                "one (to play from a file, use 'hexaid script')\n",
		        !isatty(STDIN_FILENO) ? "input" : "output");
		return false;
	}
	if (term == NULL || *term == '\0') {
		fputs("hexaid: TERM is not set; set it to your terminal's type (such as "
		      "TERM=xterm-256color), or use 'hexaid script'\n", stderr);
		return false;
	}
	if (setupterm(term, STDOUT_FILENO, &err) != OK) {
		fprintf(stderr, "hexaid: TERM=%s: %s; set TERM to your terminal's type (such as "
		                "TERM=xterm-256color), or use 'hexaid script'\n", term,
		        err == -1 ? "no terminal database found" : "unknown terminal type");
		return false;
	}
	cup = has_string("cup");
	del_curterm(cur_term);
	if (!cup) {
		fprintf(stderr, "hexaid: TERM=%s cannot move the cursor, which the terminal "
		                "interface needs; set TERM to a full terminal's type (such as "
		                "TERM=xterm-256color), or use 'hexaid script'\n", term);
		return false;
	}
	return true;
}

size_t
tui_reset_string(char *buf, size_t cap)
{
	static const char *const caps[] = { "rmcup", "cnorm", "sgr0", "rmkx" };
	size_t len = 0;

	for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		char *s = tigetstr(caps[i]);
		size_t n;
		if (s == NULL || s == (char *)-1)
			continue;
		n = strlen(s);
		if (len + n < cap) {
			memcpy(buf + len, s, n);
			len += n;
		}
	}
	return len;
}
