/* explain.c: keeps the ordered steps that produced a number, each naming the card
 * line (and seed line) it came from, and prints them for people or as JSON
 * (engine layer).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "strutil.h"
#include "xmalloc.h"

void
explain_init(struct explanation *ex)
{
	memset(ex, 0, sizeof *ex);
}

void
explain_free(struct explanation *ex)
{
	for (size_t i = 0; i < ex->count; i++) {
		free(ex->steps[i].text);
		free(ex->steps[i].ref);
		free(ex->steps[i].seed);
	}
	free(ex->steps);
	memset(ex, 0, sizeof *ex);
}

void
explain_add(struct explanation *ex, const struct step_from *from, const char *fmt, ...)
{
	struct step *s = xgrow(&ex->steps, &ex->count, &ex->cap, sizeof *s);
	const struct rule *r = from->rule;
	const char *file = r != NULL ? r->file : from->file;
	va_list ap;

	memset(s, 0, sizeof *s);
	s->kind = from->kind;
	s->effect = r != NULL ? r->effect : N_EFFECTS;
	s->rule = r;
	s->value = from->value;
	s->assumed = r != NULL ? r->assumed : from->assumed;
	s->file = file;
	s->line = file != NULL ? (r != NULL ? r->line : from->line) : 0;
	if (ex->quiet)
		return;
	va_start(ap, fmt);
	s->text = xvasprintf(fmt, ap);
	va_end(ap);
	s->ref = file != NULL ? xasprintf("%s:%d", file, r != NULL ? r->line : from->line) : NULL;
	if (r != NULL ? r->seed != NULL : from->seed != NULL)
		s->seed = xstrdup(r != NULL ? r->seed : from->seed);
}

void
explain_copy(struct explanation *ex, const struct step *step)
{
	struct step *s = xgrow(&ex->steps, &ex->count, &ex->cap, sizeof *s);

	*s = *step;
	s->text = step->text ? xstrdup(step->text) : NULL;
	s->ref = step->ref ? xstrdup(step->ref) : NULL;
	s->seed = step->seed ? xstrdup(step->seed) : NULL;
}

void
explain_in_halves(struct explanation *ex)
{
	if (ex->count > 0)
		ex->steps[ex->count - 1].halves = true;
}

const char *
explain_points(long halves, bool sign, char buf[24])
{
	long whole = (halves < 0 ? -halves : halves) / 2;
	bool half = (halves < 0 ? -halves : halves) % 2 != 0;
	const char *s = halves < 0 ? "-" : sign ? "+" : "";

	snprintf(buf, 24, "%s%ld%s", s, whole, half ? ".5" : "");
	return buf;
}

void
explain_set(struct explanation *ex, long value, const char *what)
{
	explain_add(ex, &(struct step_from){ .kind = STEP_GIVEN, .value = value }, "%s (given)",
	            what);
	explain_as_start(ex);
}

void
explain_as_start(struct explanation *ex)
{
	if (ex->count > 0)
		ex->steps[ex->count - 1].absolute = true;
}

void
explain_counts_for(struct explanation *ex, enum effect effect)
{
	if (ex->count > 0)
		ex->steps[ex->count - 1].effect = effect;
}

void
explain_not_counted(struct explanation *ex, size_t i, const char *why)
{
	struct step *s = &ex->steps[i];

	s->kind = STEP_SKIPPED;
	if (s->text != NULL) {
		char *more = xasprintf("%s (not counted: %s)", s->text, why);
		free(s->text);
		s->text = more;
	}
}

long
explain_sum(const struct explanation *ex, uint64_t mask)
{
	long sum = 0;

	for (size_t i = 0; i < ex->count; i++) {
		const struct step *s = &ex->steps[i];
		if ((s->kind != STEP_AMOUNT && s->kind != STEP_GIVEN) || s->effect >= N_EFFECTS ||
		    !((mask >> s->effect) & 1u))
			continue;
		sum = s->absolute ? s->value : sum + s->value;
	}
	return sum;
}

const struct step *
explain_find(const struct explanation *ex, enum step_kind kind, enum effect effect)
{
	for (size_t i = 0; i < ex->count; i++)
		if (ex->steps[i].kind == kind && (effect == N_EFFECTS || ex->steps[i].effect == effect))
			return &ex->steps[i];
	return NULL;
}

/* One step as explain_print prints it, without the indent: its value (with
 * `with_value`), its words, its card and seed references (with `with_refs`) and
 * whether it is assumed. */
static void
print_step(const struct step *s, bool with_value, bool with_refs, FILE *out)
{
	char num[24];

	if (with_value && s->halves)
		fprintf(out, "%4s  %s", explain_points(s->value, !s->absolute, num), s->text);
	else if (with_value && s->absolute)
		fprintf(out, "%4ld  %s", s->value, s->text);
	else if (with_value && s->value == 0)
		fprintf(out, "%4s  %s", "", s->text);
	else if (with_value)
		fprintf(out, "%+4ld  %s", s->value, s->text);
	else
		fprintf(out, "%s", s->text);
	if (with_refs && (s->ref != NULL || s->seed != NULL)) {
		fputs("  [", out);
		if (s->ref != NULL)
			fputs(s->ref, out);
		if (s->seed != NULL)
			fprintf(out, "%sseed %s", s->ref ? ", " : "", s->seed);
		fputc(']', out);
	}
	if (s->assumed)
		fputs("  (assumed: check your rulebook)", out);
}

void
explain_print(const struct explanation *ex, bool with_values, FILE *out)
{
	for (size_t i = 0; i < ex->count; i++) {
		fputs("  ", out);
		print_step(&ex->steps[i], with_values, true, out);
		fputc('\n', out);
	}
}

char *
explain_step_text(const struct step *s, bool with_value, bool with_refs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		return xstrdup("");
	print_step(s, with_value, with_refs, f);
	fclose(f);
	return buf;
}

/* A JSON string, valid UTF-8 whatever s holds: a byte that is not part of a
 * valid UTF-8 sequence (a command or a file can hold any) becomes U+FFFD, the
 * replacement character, one per byte. */
void
json_string(const char *s, FILE *out)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t left = strlen(s), n;

	fputc('"', out);
	while (left > 0) {
		if (*p == '"' || *p == '\\') {
			fprintf(out, "\\%c", *p);
			n = 1;
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(out, "\\u%04x", *p);
			n = 1;
		} else if ((n = str_utf8_sequence(p, left)) > 0) {
			fwrite(p, 1, n, out);
		} else {
			fputs("\\ufffd", out);
			n = 1;
		}
		p += n;
		left -= n;
	}
	fputc('"', out);
}

void
explain_print_json(const struct explanation *ex, FILE *out)
{
	fputc('[', out);
	for (size_t i = 0; i < ex->count; i++) {
		const struct step *s = &ex->steps[i];

		char num[24];

		if (s->halves)
			fprintf(out, "%s{\"value\":%s,\"text\":", i ? "," : "",
			        explain_points(s->value, false, num));
		else
			fprintf(out, "%s{\"value\":%ld,\"text\":", i ? "," : "", s->value);
		json_string(s->text, out);
		fputs(",\"ref\":", out);
		if (s->ref)
			json_string(s->ref, out);
		else
			fputs("null", out);
		fputs(",\"seed\":", out);
		if (s->seed)
			json_string(s->seed, out);
		else
			fputs("null", out);
		fprintf(out, ",\"assumed\":%s}", s->assumed ? "true" : "false");
	}
	fputc(']', out);
}

char *
explain_text(const struct explanation *ex)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		return xstrdup("");
	explain_print(ex, true, f);
	fclose(f);
	return buf;
}
