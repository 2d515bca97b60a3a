/* cli-output.c: what the subcommands print, made safe for a terminal (program
 * layer). stdout and stderr are replaced by streams that pass text through and
 * write each control character (but newline and tab), each C1 control, each
 * bidirectional control (U+202E ...) and each byte that is not UTF-8 as \xNN: a card, scenario, save or script line from
 * someone else cannot move the cursor, set the window title or write the
 * clipboard (ESC, OSC 52). At the end, a failed write is an error, as GNU's
 * close_stdout makes it: output to a full disk does not exit 0. What a
 * subcommand run inside another prints (`hexaid test` asking explain) is kept
 * in memory instead (cli_capture_start).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "strutil.h"

static size_t
sequence_length(unsigned char lead)
{
	return lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
	                                                            : lead >= 0xF0 && lead <= 0xF4 ? 4
	                                                                                           : 0;
}

/* Could p (left bytes) be the start of a UTF-8 sequence the next write ends? */
static bool
cut_sequence(const unsigned char *p, size_t left)
{
	size_t need = sequence_length(p[0]);

	if (need < 2 || left >= need)
		return false;
	for (size_t i = 1; i < left; i++)
		if ((p[i] & 0xC0) != 0x80)
			return false;
	return true;
}

static bool
put_escaped(FILE *to, unsigned char c)
{
	return fprintf(to, "\\x%02x", c) > 0;
}

/* A bidirectional control (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069),
 * which would reorder what a terminal shows around it: p holds its 3 bytes. */
static bool
bidi_control(const unsigned char *p)
{
	return p[0] == 0xE2 && ((p[1] == 0x80 && (p[2] == 0x8E || p[2] == 0x8F ||
	                                          (p[2] >= 0xAA && p[2] <= 0xAE))) ||
	                        (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9));
}

/* Does the sequence of len bytes at p (0: not UTF-8) need escaping? */
static bool
needs_escape(const unsigned char *p, size_t len)
{
	return len == 0 || (p[0] < 0x20 && p[0] != '\n' && p[0] != '\t') || p[0] == 0x7f ||
	       (len == 2 && p[0] == 0xC2 && p[1] < 0xA0) ||   /* C1 controls */
	       (len == 3 && bidi_control(p));
}

/* Write the run of plain bytes p[*run, end) as one write; the run then starts
 * at end. */
static bool
flush_run(FILE *to, const unsigned char *p, size_t *run, size_t end)
{
	size_t n = end - *run;
	bool ok = n == 0 || fwrite(p + *run, 1, n, to) == n;

	*run = end;
	return ok;
}

/* Write n bytes of p, escaped: plain text in runs, each byte to escape as \xNN
 * (an invalid byte alone, a control's every byte). Unless `last`, a UTF-8
 * sequence cut at the end is kept in e->pending for the next write. */
static bool
escape_into(struct cli_escaper *e, const unsigned char *p, size_t n, bool last)
{
	size_t i = 0, run = 0;

	while (i < n) {
		size_t len = str_utf8_sequence(p + i, n - i);

		if (len == 0 && !last && cut_sequence(p + i, n - i)) {
			memcpy(e->pending, p + i, n - i);
			e->npending = n - i;
			return flush_run(e->to, p, &run, i);
		}
		if (!needs_escape(p + i, len)) {
			i += len;
			continue;
		}
		if (!flush_run(e->to, p, &run, i))
			return false;
		len = len == 0 ? 1 : len;
		for (size_t k = 0; k < len; k++)
			if (!put_escaped(e->to, p[i + k]))
				return false;
		i += len;
		run = i;
	}
	return flush_run(e->to, p, &run, n);
}

static ssize_t
failed(struct cli_escaper *e)
{
	if (e->err == 0)
		e->err = errno;
	return -1;
}

static ssize_t
escaper_write(void *cookie, const char *buf, size_t size)
{
	struct cli_escaper *e = cookie;
	const unsigned char *p = (const unsigned char *)buf;
	size_t start = 0;

	if (e->npending > 0) {
		/* the sequence the last write cut: completed by the first bytes here */
		unsigned char joined[4];
		size_t n = e->npending, need = sequence_length(e->pending[0]);

		memcpy(joined, e->pending, n);
		while (n < need && start < size && (p[start] & 0xC0) == 0x80)
			joined[n++] = p[start++];
		e->npending = 0;
		if (n < need && start == size) {
			memcpy(e->pending, joined, n);
			e->npending = n;
			return (ssize_t)size;
		}
		if (!escape_into(e, joined, n, true))
			return failed(e);
	}
	/* a flush of this stream (hexaid script flushes each result) goes through */
	if (!escape_into(e, p + start, size - start, false) || fflush(e->to) != 0)
		return failed(e);
	return (ssize_t)size;
}

static int
escaper_close(void *cookie)
{
	struct cli_escaper *e = cookie;
	bool ok = escape_into(e, e->pending, e->npending, true);

	e->npending = 0;
	return ok ? 0 : -1;
}

static FILE *
escaping(struct cli_escaper *e, FILE *to, bool buffered)
{
	static const cookie_io_functions_t io = { NULL, escaper_write, NULL, escaper_close };
	FILE *f;

	e->to = to;
	e->npending = 0;
	e->err = 0;
	f = fopencookie(e, "w", io);
	if (f != NULL && !buffered)
		setvbuf(f, NULL, _IONBF, 0);
	return f;
}

void
cli_output_start(struct cli_output *st)
{
	FILE *out, *err;

	st->out = stdout;
	st->err = stderr;
	st->active = false;
	out = escaping(&st->eout, st->out, true);
	err = escaping(&st->eerr, st->err, false);
	if (out == NULL || err == NULL) {
		if (out != NULL)
			fclose(out);
		if (err != NULL)
			fclose(err);
		return;                 /* (no memory: plain output, as before) */
	}
	stdout = out;
	stderr = err;
	st->active = true;
}

void
cli_output_stop(struct cli_output *st)
{
	if (!st->active)
		return;
	fclose(stdout);
	fclose(stderr);
	stdout = st->out;
	stderr = st->err;
	st->active = false;
}

int
cli_output_end(struct cli_output *st, int status)
{
	int err;

	cli_output_stop(st);     /* flushes the escaping stream */
	err = st->eout.err;
	/* as close_stdout: what could not be written is an error */
	errno = 0;
	if (fflush(stdout) != 0 && err == 0)
		err = errno;
	if (err == 0 && !ferror(stdout))
		return status;
	if (err != 0)
		fprintf(stderr, "hexaid: write error: %s\n", strerror(err));
	else
		fputs("hexaid: write error\n", stderr);
	return status == EXIT_OK ? EXIT_INVALID : status;
}

bool
cli_capture_start(struct cli_capture *c)
{
	FILE *out, *err;

	fflush(stdout);
	fflush(stderr);
	c->out_text = c->err_text = NULL;
	c->out_len = c->err_len = 0;
	out = open_memstream(&c->out_text, &c->out_len);
	err = out != NULL ? open_memstream(&c->err_text, &c->err_len) : NULL;
	if (err == NULL) {
		if (out != NULL)
			fclose(out);
		free(c->out_text);
		c->out_text = NULL;
		return false;
	}
	c->out = stdout;
	c->err = stderr;
	stdout = out;
	stderr = err;
	return true;
}

void
cli_capture_end(struct cli_capture *c)
{
	fclose(stdout);
	fclose(stderr);
	stdout = c->out;
	stderr = c->err;
}
