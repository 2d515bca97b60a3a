/* bench-tui.c: key presses in the real terminal interface. hexaid runs on a
 * generated map in a pseudo-terminal of 160x48 that this program reads from, so
 * every key goes through the whole path a player's does: the key read, the
 * command, the panes drawn, ncurses' update written to the terminal. A key is
 * sent only once the screen has settled after the one before (no output for
 * SETTLE_MS), so that ncurses never skips an update for keys waiting. The cost
 * of a key is the child's CPU time (wait4) over a session of KEYS keys, less
 * that of a session that only starts and stops, divided by KEYS. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "xmalloc.h"

#define KEYS 60
#define SETTLE_MS 4
#define FIRST_MS 500    /* the longest wait for the first output of a key */
#define TUI_RUNS 5      /* sessions per measurement at most: each takes a second */
#define COLUMNS 160
#define TERM_LINES 48

struct session {
	pid_t pid;
	int master;
	unsigned long bytes;   /* written by hexaid to its terminal */
};

/* Read what the terminal has until none comes for `quiet_ms` after the first
 * (which may take up to `first_ms`). False when hexaid's side closed. */
static bool
drain(struct session *s, int first_ms, int quiet_ms)
{
	char buf[65536];
	int wait_ms = first_ms;

	for (;;) {
		struct pollfd p = { s->master, POLLIN, 0 };
		int n = poll(&p, 1, wait_ms);
		ssize_t got;
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return true;
		got = read(s->master, buf, sizeof buf);
		if (got <= 0)
			return false;
		s->bytes += (unsigned long)got;
		wait_ms = quiet_ms;
	}
}

static void
exec_hexaid(const char *slave, const struct bench_options *o, const char *map)
{
	struct winsize ws = { TERM_LINES, COLUMNS, 0, 0 };
	char *home = xasprintf("%s/tui-home", o->scratch);
	int fd;

	setsid();
	fd = open(slave, O_RDWR);
	if (fd < 0 || ioctl(fd, TIOCSCTTY, 0) != 0 || ioctl(fd, TIOCSWINSZ, &ws) != 0)
		_exit(127);
	dup2(fd, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	if (fd > STDERR_FILENO)
		close(fd);
	mkdir(home, 0700);
	setenv("HOME", home, 1);
	setenv("XDG_DATA_HOME", home, 1);
	setenv("TERM", "xterm-256color", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	setenv("ESCDELAY", "1", 1);   /* Esc alone, not the start of a sequence, after 1 ms */
	execl(o->hexaid, o->hexaid, map, (char *)NULL);
	_exit(127);
}

static bool
session_start(struct session *s, const struct bench_options *o, const char *map)
{
	const char *slave;

	s->bytes = 0;
	s->master = posix_openpt(O_RDWR | O_NOCTTY);
	if (s->master < 0 || grantpt(s->master) != 0 || unlockpt(s->master) != 0 ||
	    (slave = ptsname(s->master)) == NULL) {
		if (s->master >= 0)
			close(s->master);
		return false;
	}
	s->pid = fork();
	if (s->pid == 0)
		exec_hexaid(slave, o, map);
	if (s->pid < 0) {
		close(s->master);
		return false;
	}
	return drain(s, FIRST_MS, 100);   /* the first screen */
}

static bool
send_keys(struct session *s, const char *keys, size_t n)
{
	return write(s->master, keys, n) == (ssize_t)n && drain(s, FIRST_MS, SETTLE_MS);
}

/* Stop hexaid (SIGTERM, which it handles as a player's quit) and take its CPU
 * time in seconds; -1 when it did not end well. */
static double
session_stop(struct session *s)
{
	struct rusage ru;
	int status;

	kill(s->pid, SIGTERM);
	while (drain(s, 100, 100))
		;
	close(s->master);
	if (wait4(s->pid, &status, 0, &ru) != s->pid)
		return -1.0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* One session: the setup keys, then `cycle` KEYS times over (each of its keys
 * once the screen settles), then stop. Its CPU time; the bytes per key. */
static double
one_session(const struct bench_options *o, const char *map, const char *setup,
            const char *const cycle[], int keys, double *bytes_per_key)
{
	struct session s;
	bool ok;
	unsigned long before;

	if (!session_start(&s, o, map))
		return -1.0;
	ok = setup == NULL || send_keys(&s, setup, strlen(setup));
	before = s.bytes;
	for (int i = 0; ok && i < keys; i++)
		ok = send_keys(&s, cycle[i % 2], strlen(cycle[i % 2]));
	if (keys > 0)
		*bytes_per_key = (double)(s.bytes - before) / keys;
	return ok ? session_stop(&s) : (session_stop(&s), -1.0);
}

struct key_case {
	const char *what;
	const char *cycle[2];
};

static void
key_row(struct results *t, const struct bench_options *o, const char *map, const char *setup,
        const struct key_case *k, bool budgets)
{
	int runs = o->runs < TUI_RUNS ? o->runs : TUI_RUNS;
	double *cpu = xcalloc((size_t)runs, sizeof *cpu);
	double *base = xcalloc((size_t)runs, sizeof *base);
	double bytes = 0;
	struct row *r = results_add(t, k->what);

	for (int i = 0; i < runs && !r->failed; i++) {
		double unused;
		base[i] = one_session(o, map, setup, k->cycle, 0, &unused);
		cpu[i] = one_session(o, map, setup, k->cycle, KEYS, &bytes);
		r->failed = base[i] < 0 || cpu[i] < 0;
	}
	r->t.cpu = (measure_median_of(cpu, (size_t)runs) - measure_median_of(base, (size_t)runs)) /
	           KEYS;
	r->t.wall = -1;   /* a session's wall time is mostly the waits for the screen to settle */
	r->t.runs = runs;
	r->budget = budgets ? 2 * MS : 0;
	snprintf(r->what, sizeof r->what, "%s, %.0f bytes to the terminal a key", k->what, bytes);
	free(cpu);
	free(base);
}

void
bench_tui(struct results *t, const struct bench_options *o, const char *map, bool budgets)
{
	static const struct key_case cases[] = {
		{ "TUI key: cursor move (l, h)", { "l", "h" } },
		{ "TUI key: select the unit at the cursor and let it go (s, Esc)", { "s", "\033" } },
		{ "TUI key: redraw the whole screen (C-l)", { "\014", "\014" } },
	};
	char setup[32], title[112];
	struct game g;

	bench_open(map, &g);
	snprintf(setup, sizeof setup, "/%s\r", g.nunits > 0 ? g.units[0].id : "0101");
	snprintf(title, sizeof title, "The terminal interface, %dx%d %s (%d columns, %d lines)",
	         g.sc.board.columns, g.sc.board.rows, game_card(&g)->id, COLUMNS, TERM_LINES);
	game_free(&g);
	results_section(t, title);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		key_row(t, o, map, setup, &cases[i], budgets);
}
