/* bench-tui.c: key presses in the real terminal interface. hexaid runs on a
 * generated map in a pseudo-terminal of 160x48 that this program reads from, so
 * every key goes through the whole path a player's does: the key read, the
 * command, the panes drawn, ncurses' update written to the terminal. A key is
 * sent only once the screen has settled after the one before (no output for
 * SETTLE_MS), so that ncurses never skips an update for keys waiting. The cost
 * of a key is the child's CPU time (wait4) over a session of KEYS keys, less
 * that of a session that only starts and stops, divided by KEYS.
 * SPDX-License-Identifier: GPL-3.0-or-later */
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
#define LARGE_CURSOR_BUDGET (0.5 * MS)   /* a cursor key on a 200x200 map */
#define FAILED_COMMANDS 300
#define COLUMNS 160
#define TERM_LINES 48
#define SETUP_QUIET_MS 200
#define SETUP_TRIES 300   /* a minute */

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
	s->pid = -1;
	s->master = posix_openpt(O_RDWR | O_NOCTTY);
	if (s->master < 0 || grantpt(s->master) != 0 || unlockpt(s->master) != 0 ||
	    (slave = ptsname(s->master)) == NULL) {
		if (s->master >= 0)
			close(s->master);
		s->master = -1;
		return false;
	}
	s->pid = fork();
	if (s->pid == 0)
		exec_hexaid(slave, o, map);
	if (s->pid < 0) {
		close(s->master);
		s->master = -1;
		return false;
	}
	return drain(s, FIRST_MS, 100);   /* the first screen */
}

static bool
send_keys(struct session *s, const char *keys, size_t n)
{
	return write(s->master, keys, n) == (ssize_t)n && drain(s, FIRST_MS, SETTLE_MS);
}

/* The CPU time hexaid has used so far, in clock ticks; -1 unknown. */
static long
cpu_ticks(pid_t pid)
{
	char path[64], buf[1024], *close_paren;
	unsigned long utime, stime;
	FILE *f;
	size_t n;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* after the name in parentheses: state, then 10 numbers, then utime, stime */
	if ((close_paren = strrchr(buf, ')')) == NULL ||
	    sscanf(close_paren + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime,
	           &stime) != 2)
		return -1;
	return (long)(utime + stime);
}

/* The time hexaid has run on a CPU so far (the scheduler's count, in ns, read
 * while it waits for a key); -1 unknown. */
static double
run_seconds(pid_t pid)
{
	char path[64];
	unsigned long long ns;
	FILE *f;
	int got;

	snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1.0;
	got = fscanf(f, "%llu", &ns);
	fclose(f);
	return got == 1 ? (double)ns / 1e9 : -1.0;
}

/* Keys sent at once, for what comes before the keys measured. ncurses writes
 * nothing while keys wait, so a quiet terminal does not say they were all read:
 * done when hexaid is quiet and has used no CPU for SETUP_QUIET_MS. */
static bool
send_setup(struct session *s, const char *keys)
{
	size_t n = strlen(keys);
	long before = -2, now;

	if (write(s->master, keys, n) != (ssize_t)n)
		return false;
	for (int tries = 0; tries < SETUP_TRIES; tries++) {
		if (!drain(s, SETUP_QUIET_MS, SETUP_QUIET_MS))
			return false;
		if ((now = cpu_ticks(s->pid)) == before)
			return true;
		before = now;
	}
	return false;
}

/* The peak resident memory of hexaid since it started (VmHWM: the high-water
 * mark of its own memory, which exec began afresh), in KiB; -1 unknown. */
static long
peak_kib(pid_t pid)
{
	char path[64], line[256];
	long kib = -1;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "VmHWM: %ld kB", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

/* Stop hexaid (SIGTERM, which it handles as a player's quit) and take its CPU
 * time in seconds; -1 when it did not end well. */
static double
session_stop(struct session *s)
{
	struct rusage ru;
	int status;

	if (s->pid <= 0) {   /* it never started: there is no process to end */
		if (s->master >= 0)
			close(s->master);
		return -1.0;
	}
	kill(s->pid, SIGTERM);
	while (drain(s, 100, 100))
		;
	close(s->master);
	if (wait4(s->pid, &status, 0, &ru) != s->pid)
		return -1.0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* One session on `file`: the setup keys, then `cycle` KEYS times over (each of
 * its keys once the screen settles), then stop. Its CPU time; the bytes per key;
 * the peak memory when `peak` is not NULL. */
static double
one_session(const struct bench_options *o, const char *file, const char *setup,
            const char *const cycle[], int keys, double *bytes_per_key, long *peak)
{
	struct session s;
	bool ok;
	unsigned long before;

	if (!session_start(&s, o, file))
		return -1.0;
	ok = setup == NULL || send_setup(&s, setup);
	before = s.bytes;
	for (int i = 0; ok && i < keys; i++)
		ok = send_keys(&s, cycle[i % 2], strlen(cycle[i % 2]));
	if (keys > 0)
		*bytes_per_key = (double)(s.bytes - before) / keys;
	if (peak != NULL)
		*peak = peak_kib(s.pid);
	return ok ? session_stop(&s) : (session_stop(&s), -1.0);
}

struct key_case {
	const char *what;
	const char *cycle[2];
};

/* Keys: the median CPU time of sessions of KEYS keys, less that of sessions
 * with none, per key. */
static struct row *
key_row(struct results *t, const struct bench_options *o, const char *file, const char *setup,
        const struct key_case *k, double budget)
{
	int runs = o->runs < TUI_RUNS ? o->runs : TUI_RUNS;
	double *cpu = xcalloc((size_t)runs, sizeof *cpu);
	double *base = xcalloc((size_t)runs, sizeof *base);
	double bytes = 0;
	struct row *r = results_add(t, k->what);

	for (int i = 0; i < runs && !r->failed; i++) {
		double unused;
		base[i] = one_session(o, file, setup, k->cycle, 0, &unused, NULL);
		cpu[i] = one_session(o, file, setup, k->cycle, KEYS, &bytes, NULL);
		r->failed = base[i] < 0 || cpu[i] < 0;
	}
	r->t.cpu = (measure_median_of(cpu, (size_t)runs) - measure_median_of(base, (size_t)runs)) /
	           KEYS;
	r->t.wall = -1;   /* a session's wall time is mostly the waits for the screen to settle */
	r->t.runs = runs;
	r->budget = budget;
	snprintf(r->what, sizeof r->what, "%s, %.0f bytes to the terminal a key", k->what, bytes);
	free(cpu);
	free(base);
	return r;
}

/* Keys in a session whose start costs far more than they do (a long game
 * opened): the scheduler's count of hexaid's CPU time from after the setup to
 * after the last key, per key, in the one session; the median of the runs. */
static void
key_row_in_session(struct results *t, const struct bench_options *o, const char *file,
                   const char *setup, const struct key_case *k, double budget)
{
	int runs = o->runs < TUI_RUNS ? o->runs : TUI_RUNS;
	double *cpu = xcalloc((size_t)runs, sizeof *cpu);
	unsigned long bytes = 0;
	struct row *r = results_add(t, k->what);

	for (int i = 0; i < runs && !r->failed; i++) {
		struct session s;
		double before, after;
		bool ok = session_start(&s, o, file) && send_setup(&s, setup != NULL ? setup : "");
		unsigned long b0 = s.bytes;
		before = run_seconds(s.pid);
		for (int key = 0; ok && key < KEYS; key++)
			ok = send_keys(&s, k->cycle[key % 2], strlen(k->cycle[key % 2]));
		after = run_seconds(s.pid);
		bytes = s.bytes - b0;
		r->failed = session_stop(&s) < 0 || !ok || before < 0 || after < 0;
		cpu[i] = (after - before) / KEYS;
	}
	r->t.cpu = measure_median_of(cpu, (size_t)runs);
	r->t.wall = -1;
	r->t.runs = runs;
	r->budget = budget;
	snprintf(r->what, sizeof r->what, "%s, %lu bytes to the terminal a key", k->what,
	         bytes / KEYS);
	free(cpu);
}

/* Opening a file and quitting once it is open (hexaid quiet and idle: a long
 * game takes a while before its first screen): the median CPU time, the largest
 * peak memory. */
struct timing
bench_tui_open(const struct bench_options *o, const char *file, bool *failed)
{
	int runs = o->runs < TUI_RUNS ? o->runs : TUI_RUNS;
	double *cpu = xcalloc((size_t)runs, sizeof *cpu);
	struct timing out = { 0, -1, 0, runs };

	for (int i = 0; i < runs && !*failed; i++) {
		long kib = -1;
		double unused;
		cpu[i] = one_session(o, file, "", NULL, 0, &unused, &kib);
		*failed = cpu[i] < 0 || kib < 0;
		out.peak_kib = kib > out.peak_kib ? kib : out.peak_kib;
	}
	out.cpu = measure_median_of(cpu, (size_t)runs);
	free(cpu);
	return out;
}

void
bench_tui(struct results *t, const struct bench_options *o, const char *map, bool budgets,
          bool large_budget)
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
		key_row(t, o, map, setup, &cases[i],
		        budgets ? 2 * MS : i == 0 && large_budget ? LARGE_CURSOR_BUDGET : 0);
}

/* A long game in the terminal interface: its save opened, keys with its long
 * log, after FAILED_COMMANDS commands that failed (each a note in the log). */
void
bench_tui_history(struct results *t, const struct bench_options *o, const char *map,
                  const char *save_short, size_t log_short, const char *save_long,
                  size_t log_long)
{
	static const struct key_case cursor = { "cursor move (l, h)", { "l", "h" } };
	static const struct key_case typing = { "typing at the ':' prompt (a, Backspace)",
		                                { "a", "\177" } };
	struct strbuf failing = { NULL, 0, 0 };
	struct key_case k;
	char what[112], title[112];
	struct timing scenario;
	bool failed = false;
	struct row *r;

	snprintf(title, sizeof title, "The terminal interface on that game (%d columns, %d lines)",
	         COLUMNS, TERM_LINES);
	results_section(t, title);
	scenario = bench_tui_open(o, map, &failed);
	r = results_add(t, "");
	snprintf(r->what, sizeof r->what, "TUI open of its save, %zu log lines, and quit", log_long);
	r->t = bench_tui_open(o, save_long, &r->failed);
	r->failed = r->failed || failed;
	r->budget = 300 * MS;
	r->peak_budget_kib = 32 * 1024;
	snprintf(r->ref, sizeof r->ref, "the scenario alone");
	r->ref_value = scenario.cpu;
	snprintf(what, sizeof what, "TUI key with a %zu-line log: %s", log_short, cursor.what);
	k = (struct key_case){ what, { cursor.cycle[0], cursor.cycle[1] } };
	key_row_in_session(t, o, save_short, NULL, &k, 0);
	for (int i = 0; i < FAILED_COMMANDS; i++)
		strbuf_addf(&failing, ":nosuch %d\r", i);
	snprintf(what, sizeof what, "TUI key with a %zu-line log and %d failed commands: %s",
	         log_long, FAILED_COMMANDS, cursor.what);
	k = (struct key_case){ what, { cursor.cycle[0], cursor.cycle[1] } };
	key_row_in_session(t, o, save_long, failing.text, &k, 1 * MS);
	strbuf_addf(&failing, ":");
	snprintf(what, sizeof what, "… %s", typing.what);
	k = (struct key_case){ what, { typing.cycle[0], typing.cycle[1] } };
	key_row_in_session(t, o, save_long, failing.text, &k, 1 * MS);
	free(failing.text);
}
