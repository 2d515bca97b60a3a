/* fault.c: the fault-injection hook of test builds (util layer). Reads
 * HEXAID_FAULT once, counts allocations, file operations and durability steps,
 * and makes the chosen one fail or end the program; see fault.h. Built into
 * every hexaid, but empty unless configured with --enable-fault-injection.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "fault.h"

#ifdef HEXAID_FAULT_INJECTION

#include <string.h>

enum fault_kind { FAULT_ALLOC, FAULT_IO, FAULT_CRASH, N_FAULT_KINDS };

static const char *const kind_names[N_FAULT_KINDS] = { "alloc", "io", "crash" };

/* The one mutable global state in hexaid, and why: the hook is consulted from
 * xmalloc and from the file-operation wrappers, which take no context, and it
 * describes the whole process (which operation of this run is to fail), read
 * once from the environment. Only builds configured for fault injection have it. */
static struct {
	bool started;
	int kind;                          /* enum fault_kind, or -1: none chosen */
	unsigned long n;                   /* the one to fail, counted from 1; 0: none */
	unsigned long seen[N_FAULT_KINDS]; /* how many of each so far */
	const char *log;                   /* HEXAID_FAULT_LOG, or NULL */
} fault = { false, -1, 0, { 0, 0, 0 }, NULL };

/* Append one line to the log; no allocation (the allocator may be what failed). */
static void
log_line(const char *text)
{
	int fd;

	if (fault.log == NULL)
		return;
	fd = open(fault.log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	if (write(fd, text, strlen(text)) < 0) {
		/* a test log that cannot be written: the test sees no line */
	}
	close(fd);
}

static void
log_counts(void)
{
	char line[128];

	snprintf(line, sizeof line, "count alloc=%lu io=%lu crash=%lu\n", fault.seen[FAULT_ALLOC],
	         fault.seen[FAULT_IO], fault.seen[FAULT_CRASH]);
	log_line(line);
}

/* "alloc:17": the kind and N. Anything else chooses nothing, and says so. */
static void
parse(const char *spec)
{
	const char *colon = strchr(spec, ':');
	char *end;

	for (int k = 0; colon != NULL && k < N_FAULT_KINDS; k++) {
		/* HEXAID_FAULT is KIND:N: the kind is the word before the colon */
		if (strlen(kind_names[k]) == (size_t)(colon - spec) &&
		    /* reader: HEXAID_FAULT's kind word */
		    strncmp(spec, kind_names[k], (size_t)(colon - spec)) == 0) {
			unsigned long n = strtoul(colon + 1, &end, 10);
			if (colon[1] >= '0' && colon[1] <= '9' && *end == '\0') {
				fault.kind = k;
				fault.n = n;
				return;
			}
		}
	}
	fprintf(stderr, "hexaid: HEXAID_FAULT=%s: expected alloc:N, io:N or crash:N\n", spec);
}

static void
start(void)
{
	const char *spec = getenv("HEXAID_FAULT");

	fault.started = true;
	fault.log = getenv("HEXAID_FAULT_LOG");
	if (spec != NULL && *spec != '\0')
		parse(spec);
	if (fault.log != NULL)
		atexit(log_counts);
}

/* Count one event of this kind: true when it is the chosen one. */
static bool
chosen(int kind)
{
	if (!fault.started)
		start();
	fault.seen[kind]++;
	return fault.kind == kind && fault.n != 0 && fault.seen[kind] == fault.n;
}

bool
fault_alloc(void)
{
	char line[64];

	if (!chosen(FAULT_ALLOC))
		return false;
	snprintf(line, sizeof line, "alloc %lu\n", fault.n);
	log_line(line);
	return true;
}

bool
fault_io(const char *op, int err)
{
	char line[256];

	if (!chosen(FAULT_IO))
		return false;
	snprintf(line, sizeof line, "io %lu %s: %s\n", fault.n, op, strerror(err));
	log_line(line);
	errno = err;
	return true;
}

void
fault_point(const char *step)
{
	char line[256];

	if (!chosen(FAULT_CRASH))
		return;
	snprintf(line, sizeof line, "crash %lu %s\n", fault.n, step);
	log_line(line);
	_exit(FAULT_CRASH_STATUS);
}

#else

/* ISO C wants something in a translation unit. */
typedef int fault_injection_is_off;

#endif
