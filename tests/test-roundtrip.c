/* test-roundtrip.c: what hexaid accepts is what it reads back (issue 18, item
 * 1). Random command lines, drawn from the commands of play with words of every
 * byte value, spaces, quotes and #, run on the Tricorne demo; the journal and the
 * save they make read back to the same game: in memory for many games
 * (fuzz/roundtrip.c, the round trip the fuzz harness fuzzes), and through real
 * files, a session's journal and save_write, for some.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <unistd.h>

#include "testutil.h"

#include "command.h"
#include "fuzz.h"
#include "journal.h"
#include "load.h"
#include "recover.h"
#include "save.h"
#include "session.h"
#include "xmalloc.h"

/* A small generator of its own, so that the lines repeat from one run to the
 * next (xorshift64*). */
static uint64_t
next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static unsigned
pick(uint64_t *s, unsigned n)
{
	return (unsigned)(next(s) % n);
}

/* Characters at the edges of what a YAML scalar holds as itself: no-break
 * space, the line and paragraph separators, the byte-order mark, the last
 * characters before the surrogates and the end of the plane, U+FFFE and U+FFFF
 * (which only escapes carry), and the last code point. */
static const char *const edge_chars[] = {
	"\xc2\xa0", "\xe2\x80\xa8", "\xe2\x80\xa9", "\xef\xbb\xbf", "\xed\x9f\xbf",
	"\xee\x80\x80", "\xef\xbf\xbd", "\xef\xbf\xbe", "\xef\xbf\xbf", "\xf4\x8f\xbf\xbf",
};

#define N_EDGE_CHARS (sizeof edge_chars / sizeof edge_chars[0])

/* A word: of plain letters and digits mostly, or any byte but newline, or the
 * characters of quoting, or now and then a character at the edge of YAML's;
 * quoted by command_word, by hand (right or wrong), or not at all. */
static void
add_word(struct strbuf *line, uint64_t *s)
{
	static const char quoting[] = "\"#  \"\"#\\";
	char w[64];
	size_t n = 1 + pick(s, 12), len = 0;
	unsigned kind = pick(s, 5);

	for (size_t i = 0; i < n; i++) {
		int c = kind == 0 ? "abcdefgh0123456789"[pick(s, 18)]
		        : kind == 1 ? 1 + (int)pick(s, 255)
		        : kind == 2 ? quoting[pick(s, sizeof quoting - 1)]
		        : kind == 3 ? (pick(s, 3) == 0 ? "\xc3\xa9\xe2\x82\xac"[pick(s, 5)] : 'a' + (int)pick(s, 26))
		                    : -1;
		const char *edge = edge_chars[pick(s, N_EDGE_CHARS)];
		if (c >= 0)
			w[len++] = (char)(c == '\n' ? ' ' : c);
		else if (pick(s, 2) == 0)
			w[len++] = 'x';
		else
			len += (size_t)snprintf(w + len, sizeof w - len, "%s", edge);
	}
	w[len] = '\0';
	switch (pick(s, 3)) {
	case 0: {
		char *q = command_word(w);
		strbuf_addf(line, " %s", q);
		free(q);
		break;
	}
	case 1:
		strbuf_addf(line, " \"%s\"", w);
		break;
	default:
		strbuf_addf(line, " %s", w);
	}
}

/* One line: a command of play that may work, or one of words anyhow. */
static char *
random_line(uint64_t *s)
{
	static const char *const starts[] = {
		"note", "note", "note", "unit add", "unit set", "unit remove", "terrain",
		"token add", "token remove", "level", "move", "hit", "phase next", "turn end",
		"undo", "undo", "redo", "  undo", "help", "show state", "select", "",
	};
	static const char *const units[] = { "B1", "B2", "C1", "C4", "X1", "Z9" };
	static const char *const terrain[] = { "clear", "forest", "hill", "building", "road" };
	struct strbuf line = { NULL, 0, 0 };
	const char *start = starts[pick(s, sizeof starts / sizeof starts[0])];

	strbuf_addf(&line, "%s", start);
	if (strcmp(start, "unit add") == 0)
		strbuf_addf(&line, " %s british infantry %02u%02u", units[pick(s, 6)], 1 + pick(s, 13),
		            1 + pick(s, 9));
	else if (strcmp(start, "move") == 0 || strcmp(start, "hit") == 0)
		strbuf_addf(&line, " %s %02u%02u", units[pick(s, 6)], 1 + pick(s, 13), 1 + pick(s, 9));
	else if (strcmp(start, "terrain") == 0 || strcmp(start, "token add") == 0)
		strbuf_addf(&line, " %02u%02u %s", 1 + pick(s, 13), 1 + pick(s, 9), terrain[pick(s, 5)]);
	for (unsigned i = 0, n = pick(s, 4); i < n; i++)
		add_word(&line, s);
	return line.text;
}

static char *
random_script(uint64_t *s, size_t lines)
{
	struct strbuf text = { NULL, 0, 0 };

	strbuf_addf(&text, "%s", "");
	for (size_t i = 0; i < lines; i++) {
		char *l = random_line(s);
		strbuf_addf(&text, "%s\n", l);
		free(l);
	}
	return text.text;
}

/* Many games in memory: journal and save read back to the game played. */
static void
test_random_lines_in_memory(void **state)
{
	uint64_t s = 0x5eed18;

	(void)state;
	for (int game = 0; game < 300; game++) {
		char *text = random_script(&s, 40), *why = fuzz_roundtrip((const uint8_t *)text, strlen(text));
		if (why != NULL)
			fail_msg("game %d:\n%s\n--- its lines:\n%s", game, why, text);
		free(text);
	}
}

/* Every byte value, alone and in quotes, as a note: accepted or refused, never
 * accepted and then read back otherwise. */
static void
test_every_byte(void **state)
{
	(void)state;
	for (int c = 1; c < 256; c++) {
		char text[64];
		int n = snprintf(text, sizeof text, "note a%cb\nnote \"%c\"\nnote \"x%c%c\"\n", c, c, c, c);
		char *why = fuzz_roundtrip((const uint8_t *)text, (size_t)n);
		if (why != NULL)
			fail_msg("byte 0x%02x: %s", c, why);
	}
}

/* Each character at the edge, in a note: saved (its log then in quoted lines),
 * read back as it was. */
static void
test_edge_chars(void **state)
{
	(void)state;
	for (size_t c = 0; c < N_EDGE_CHARS; c++) {
		char *text = xasprintf("note a %s b\nnote \"%s\"\nnote x%s\n", edge_chars[c],
		                       edge_chars[c], edge_chars[c]);
		char *why = fuzz_roundtrip((const uint8_t *)text, strlen(text));
		if (why != NULL)
			fail_msg("character %zu: %s", c, why);
		free(text);
	}
}

/* Through real files: a session with its journal, its save written; the save
 * loaded and the journal recovered give the game played. */
static void
test_random_lines_through_files(void **state)
{
	char dir[] = "/tmp/hexaid-roundtrip.XXXXXX", *journal, *sav, *base, *err = NULL, *warning;
	char demo[4096];
	uint64_t s = 0xf11e5;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(demo, sizeof demo, "%s/scenarios/tricorne-demo.yaml", fuzz_datadir());
	journal = xasprintf("%s/j", dir);
	sav = xasprintf("%s/g.sav", dir);
	for (int game = 0; game < 20; game++) {
		struct session ses;
		struct game g, loaded, recovered;
		struct diag_list dl;
		struct journal_contents jc;
		struct recovery_base rb;
		char *played, *got;
		size_t bad;

		unlink(journal);
		fuzz_demo_game(&g, demo, strlen(demo));
		base = session_base_of(&g);
		assert_true(session_start(&ses, &g, journal, base, NULL, &err, &warning));
		free(warning);
		for (int i = 0; i < 40; i++) {
			struct command_result res;
			char *line = random_line(&s);
			if (strncmp(line, "save", 4) != 0)
				session_run(&ses, line, &res), command_result_free(&res);
			free(line);
		}
		played = fuzz_game_picture(&ses.game);
		assert_true(save_write(&ses.game, sav, &err, &warning));
		free(warning);
		/* the save, from its file */
		diag_list_init(&dl, DIAG_MAX_ERRORS);
		assert_true(game_open(&loaded, sav, &dl));
		got = fuzz_game_picture(&loaded);
		assert_string_equal(got, played);
		free(got);
		game_free(&loaded);
		diag_list_free(&dl);
		/* the journal, from its file, onto the scenario it names */
		assert_true(journal_read(journal, &jc, &err));
		assert_int_equal(jc.dropped, 0);
		assert_true(recovery_base(&jc, &rb, &err));
		fuzz_demo_game(&recovered, rb.file, strlen(rb.file));
		assert_true(command_replay(&recovered, &jc.lines, &bad));
		got = fuzz_game_picture(&recovered);
		assert_string_equal(got, played);
		free(got);
		game_free(&recovered);
		recovery_base_free(&rb);
		journal_contents_free(&jc);
		free(played);
		free(base);
		session_end(&ses);
	}
	unlink(journal);
	unlink(sav);
	for (int i = 0; i <= 3; i++) {
		char *b = xasprintf("%s.bak.%d", sav, i);
		unlink(b);
		free(b);
	}
	assert_int_equal(rmdir(dir), 0);
	free(journal);
	free(sav);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_byte),
		cmocka_unit_test(test_edge_chars),
		cmocka_unit_test(test_random_lines_in_memory),
		cmocka_unit_test(test_random_lines_through_files),
	};
	return RUN_TESTS("roundtrip", tests);
}
