/* test-failures.c: every error path of the YAML layer, of saved games and of the
 * journal, down to the system calls failing. The calls are made to fail through
 * the linker (-Wl,--wrap=read,... in Makefile.am): each __wrap_X below runs the
 * real X unless the one fault armed names it. libyaml's parser is wrapped the
 * same way, to feed event sequences no YAML text makes (two top-level values, a
 * key with no value) and its out-of-memory error; this test is the only file
 * outside yaml-load.c that includes <yaml.h>, to build those events.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <yaml.h>

extern char **environ;

#include "journal.h"
#include "load.h"
#include "save.h"
#include "scenario.h"
#include "testutil.h"
#include "xmalloc.h"
#include "yaml-load.h"

/* ---- the fault -------------------------------------------------------------- */

enum fault_mode {
	FAIL,         /* return -1 with errno = err */
	SHORT,        /* write or read nothing (return 0) */
	FILL,         /* read: fill the buffer with '#' and return all of it, every time */
};

/* The one fault armed: the nth call of `call` from now fails, or every call from
 * the nth on (`sticky`); `to` limits rename to one target. The only mutable
 * static of hexaid's tests: a linker seam has nowhere else to look. */
static struct {
	const char *call;
	int nth;
	enum fault_mode mode;
	int err;
	bool sticky;
	const char *to;
	const char *named;     /* close: only of a file whose name holds this */
	const char *also;      /* a second call that fails every time (errno EIO) */
	int yaml_script;       /* a scripted libyaml event sequence, or 0 */
	int yaml_step;
} fault;

static void
arm(const char *call, int nth, enum fault_mode mode, int err)
{
	memset(&fault, 0, sizeof fault);
	fault.call = call;
	fault.nth = nth;
	fault.mode = mode;
	fault.err = err;
}

static void
disarm(void)
{
	memset(&fault, 0, sizeof fault);
}

/* Does this call fail? */
static bool
hit(const char *call)
{
	if (fault.also != NULL && strcmp(fault.also, call) == 0) {
		fault.err = EIO;
		return true;
	}
	if (fault.call == NULL || strcmp(fault.call, call) != 0)
		return false;
	if (fault.nth > 1) {
		fault.nth--;
		return false;
	}
	if (!fault.sticky)
		fault.call = NULL;
	return true;
}

ssize_t __real_read(int fd, void *buf, size_t count);
ssize_t __wrap_read(int fd, void *buf, size_t count);
ssize_t __real_write(int fd, const void *buf, size_t count);
ssize_t __wrap_write(int fd, const void *buf, size_t count);
int __real_close(int fd);
int __wrap_close(int fd);
int __real_fchmod(int fd, mode_t mode);
int __wrap_fchmod(int fd, mode_t mode);
int __real_fsync(int fd);
int __wrap_fsync(int fd);
int __real_fdatasync(int fd);
int __wrap_fdatasync(int fd);
int __real_rename(const char *from, const char *to);
int __wrap_rename(const char *from, const char *to);
int __real_ftruncate(int fd, off_t length);
int __wrap_ftruncate(int fd, off_t length);
int __real_yaml_parser_initialize(yaml_parser_t *p);
int __wrap_yaml_parser_initialize(yaml_parser_t *p);
int __real_yaml_parser_parse(yaml_parser_t *p, yaml_event_t *ev);
int __wrap_yaml_parser_parse(yaml_parser_t *p, yaml_event_t *ev);

static ssize_t
failed(void)
{
	if (fault.mode == SHORT)
		return 0;
	errno = fault.err;
	return -1;
}

ssize_t
__wrap_read(int fd, void *buf, size_t count)
{
	if (!hit("read"))
		return __real_read(fd, buf, count);
	if (fault.mode == FILL) {
		memset(buf, '#', count);
		return (ssize_t)count;
	}
	return failed();
}

ssize_t
__wrap_write(int fd, const void *buf, size_t count)
{
	return hit("write") ? failed() : __real_write(fd, buf, count);
}

/* Is fd a file whose name holds fault.named (or is no name asked for)? */
static bool
fd_named(int fd)
{
	char link[64], name[PATH_MAX];
	ssize_t n;

	if (fault.named == NULL)
		return true;
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	if ((n = readlink(link, name, sizeof name - 1)) < 0)
		return false;
	name[n] = '\0';
	return strstr(name, fault.named) != NULL;
}

int
__wrap_close(int fd)
{
	if (fd_named(fd) && hit("close")) {
		__real_close(fd);
		errno = fault.err;
		return -1;
	}
	return __real_close(fd);
}

int
__wrap_fchmod(int fd, mode_t mode)
{
	return hit("fchmod") ? (int)failed() : __real_fchmod(fd, mode);
}

int
__wrap_fsync(int fd)
{
	return hit("fsync") ? (int)failed() : __real_fsync(fd);
}

int
__wrap_fdatasync(int fd)
{
	return hit("fdatasync") ? (int)failed() : __real_fdatasync(fd);
}

int
__wrap_ftruncate(int fd, off_t length)
{
	return hit("ftruncate") ? (int)failed() : __real_ftruncate(fd, length);
}

int
__wrap_rename(const char *from, const char *to)
{
	if ((fault.to == NULL || strcmp(fault.to, to) == 0) && hit("rename"))
		return (int)failed();
	return __real_rename(from, to);
}

int
__wrap_yaml_parser_initialize(yaml_parser_t *p)
{
	return hit("yaml_parser_initialize") ? 0 : __real_yaml_parser_initialize(p);
}

/* Scripted events: 1, two top-level values; 2, a key with no value; 3, libyaml
 * out of memory. Each starts with the stream and the document. */
enum { TWO_ROOTS = 1, KEY_NO_VALUE, NO_MEMORY };

int
__wrap_yaml_parser_parse(yaml_parser_t *p, yaml_event_t *ev)
{
	static yaml_char_t word[] = "a";
	int step = fault.yaml_step++;

	if (fault.yaml_script == 0)
		return __real_yaml_parser_parse(p, ev);
	memset(ev, 0, sizeof *ev); /* every mark at line 1, column 1 */
	if (step == 0)
		return yaml_stream_start_event_initialize(ev, YAML_UTF8_ENCODING);
	if (step == 1)
		return yaml_document_start_event_initialize(ev, NULL, NULL, NULL, 1);
	switch (fault.yaml_script) {
	case TWO_ROOTS:
		return yaml_scalar_event_initialize(ev, NULL, NULL, word, 1, 1, 1,
		                                    YAML_PLAIN_SCALAR_STYLE);
	case KEY_NO_VALUE:
		if (step == 2)
			return yaml_mapping_start_event_initialize(ev, NULL, NULL, 1,
			                                           YAML_BLOCK_MAPPING_STYLE);
		if (step == 3)
			return yaml_scalar_event_initialize(ev, NULL, NULL, word, 1, 1, 1,
			                                    YAML_PLAIN_SCALAR_STYLE);
		return yaml_mapping_end_event_initialize(ev);
	default:
		p->error = YAML_MEMORY_ERROR;
		return 0;
	}
}

/* ---- helpers ---------------------------------------------------------------- */

/* A fresh temporary directory (removed by rmtree). */
static char *
tmpdir(void)
{
	const char *t = getenv("TMPDIR");
	char *dir = malloc(PATH_MAX);

	snprintf(dir, PATH_MAX, "%s/hexaid-failures.XXXXXX", t && *t ? t : "/tmp");
	assert_non_null(mkdtemp(dir));
	return dir;
}

static void
rmtree(char *dir)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(dir);
}

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *
read_whole(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = calloc(1, 1 << 20);
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, (1 << 20) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* Everything diagnosed, as one string, and the list freed. */
static char *
diags_done(struct diag_list *dl)
{
	char *text = diag_text(dl);

	diag_list_free(dl);
	return text;
}

static void
assert_contains(const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		fail_msg("'%s' not found in:\n%s", want, text);
}

/* Load text as a YAML document; the diagnostics in *out (free it). */
static bool
load_text(const char *text, const struct ylimits *lim, char **out)
{
	struct diag_list dl;
	struct ydoc doc;
	bool ok;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	ok = ydoc_load_string(&doc, "t.yaml", text, strlen(text), lim, &dl);
	ydoc_free(&doc);
	*out = diags_done(&dl);
	return ok;
}

/* Load a file the same way. */
static bool
load_path(const char *path, const struct ylimits *lim, char **out)
{
	struct diag_list dl;
	struct ydoc doc;
	bool ok;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	ok = ydoc_load_file(&doc, path, lim, &dl);
	ydoc_free(&doc);
	*out = diags_done(&dl);
	return ok;
}

static const char *
srcdir(void)
{
	const char *s = getenv("top_srcdir");

	return s ? s : ".";
}

/* The Great War demo as a game. */
static void
demo_game(struct game *g)
{
	char path[PATH_MAX];
	struct diag_list dl;
	struct scenario sc;

	snprintf(path, sizeof path, "%s/data/scenarios/great-war-demo.yaml", srcdir());
	diag_list_init(&dl, DIAG_MAX_ERRORS);
	assert_true(scenario_load(&sc, path, NULL, &dl));
	diag_list_free(&dl);
	game_start(g, &sc);
}

/* ---- the YAML layer: reading ----------------------------------------------- */

static void
test_yaml_read_errors(void **state)
{
	struct ylimits small = ylimits_card;
	char *dir = tmpdir(), path[PATH_MAX], *out;

	(void)state;
	snprintf(path, sizeof path, "%s/c.yaml", dir);
	write_file(path, "kind: card\n");

	arm("read", 1, FAIL, EINTR); /* interrupted, then read again */
	assert_true(load_path(path, &ylimits_card, &out));
	free(out);

	arm("read", 1, FAIL, EIO);
	assert_false(load_path(path, &ylimits_card, &out));
	assert_contains(out, "c.yaml: error: cannot read: Input/output error");
	free(out);

	/* a file that grows past the limit while it is read (its size said less):
	 * every read gets all it asks for, the buffer sized by the file's size grows
	 * until the limit is passed */
	small.max_bytes = 100;
	arm("read", 1, FILL, 0);
	fault.sticky = true;
	assert_false(load_path(path, &small, &out));
	assert_contains(out, "file is too large (over 100 bytes, the most a hexaid file may hold)");
	free(out);

	snprintf(path, sizeof path, "%s/missing.yaml", dir);
	assert_false(load_path(path, &ylimits_card, &out));
	assert_contains(out, "missing.yaml: error: cannot open: No such file or directory");
	free(out);
	disarm();
	rmtree(dir);
}

static void
test_yaml_parser_errors(void **state)
{
	char *out;

	(void)state;
	assert_false(load_text("[a]: 1\n", &ylimits_card, &out));
	assert_contains(out, "t.yaml:1:1: error: a key must be a plain word, not a list");
	free(out);
	assert_false(load_text("? {a: 1}\n: 2\n", &ylimits_card, &out));
	assert_contains(out, "t.yaml:1:3: error: a key must be a plain word, not a mapping");
	free(out);
	assert_false(load_text("\xff\xfek\0", &ylimits_card, &out));
	assert_contains(out, "t.yaml: error: file is in UTF-16");
	free(out);

	/* libyaml's reader refuses control characters */
	assert_false(load_text("kind: card\ntitle: a\001b\n", &ylimits_card, &out));
	assert_contains(out, "t.yaml:2:9: error: control characters are not allowed");
	free(out);

	arm("yaml_parser_initialize", 1, FAIL, 0);
	assert_false(load_text("a: 1\n", &ylimits_card, &out));
	assert_string_equal(out, "t.yaml: error: out of memory while reading YAML\n");
	free(out);

	disarm();
	fault.yaml_script = NO_MEMORY;
	assert_false(load_text("a: 1\n", &ylimits_card, &out));
	assert_string_equal(out, "t.yaml: error: out of memory while reading YAML\n");
	free(out);

	disarm();
	fault.yaml_script = TWO_ROOTS;
	assert_false(load_text("a\n", &ylimits_card, &out));
	assert_contains(out, "t.yaml:1:1: error: more than one top-level value");
	free(out);

	disarm();
	fault.yaml_script = KEY_NO_VALUE;
	assert_false(load_text("a\n", &ylimits_card, &out));
	assert_contains(out, "t.yaml:1:1: error: a key has no value");
	free(out);
	disarm();
}

static void
test_yaml_duplicate_keys(void **state)
{
	char text[4096] = "", *out;

	(void)state;
	/* three times: the message points at the first */
	assert_false(load_text("a: 1\na: 2\na: 3\n", &ylimits_card, &out));
	assert_string_equal(out, "t.yaml:2:1: error: duplicate key 'a' (first given at line 1); "
	                         "keep only one\na: 2\n^\n"
	                         "t.yaml:3:1: error: duplicate key 'a' (first given at line 1); "
	                         "keep only one\na: 3\n^\n");
	free(out);
	/* more than the list keeps: the search stops at the 20th */
	for (int i = 0; i < 30; i++)
		strcat(text, "k: 1\n");
	assert_false(load_text(text, &ylimits_card, &out));
	assert_contains(out, "t.yaml:21:1: error: duplicate key 'k'");
	assert_null(strstr(out, "t.yaml:22:1"));
	free(out);
}

/* ---- the YAML layer: typed reading ------------------------------------------- */

struct doc {
	struct diag_list dl;
	struct ydoc ydoc;
};

static const struct ynode *
doc_load(struct doc *d, const char *text)
{
	diag_list_init(&d->dl, DIAG_MAX_ERRORS);
	assert_true(ydoc_load_string(&d->ydoc, "t.yaml", text, strlen(text), &ylimits_card,
	                             &d->dl));
	return d->ydoc.root;
}

static char *
doc_done(struct doc *d)
{
	ydoc_free(&d->ydoc);
	return diags_done(&d->dl);
}

static bool
read_any(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	(void)doc;
	(void)n;
	(void)rd;
	return true;
}

static void
test_yaml_typed_errors(void **state)
{
	static const char *const colours[] = { "red", "green" };
	static const struct yfield fields[] = { { "a", READ_BY(read_any) } };
	static const struct ytable table = YTABLE("thing", fields);
	const struct ynode *root, *list, *map;
	const char *s;
	struct doc d;
	long v;
	bool b;
	int e;
	char *out;

	(void)state;
	root = doc_load(&d, "list: [x]\nmap: {a: 1}\nnum: 3x\nlong: "
	                    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n"
	                    "empty: \"\"\n");
	list = ymap_find(root, "list");
	map = ymap_find(root, "map");
	assert_null(ymap_find(NULL, "a"));
	assert_null(ymap_find(list, "a"));
	assert_null(ymap_find_key(NULL, "a"));
	assert_null(ymap_find_key(list, "a"));
	assert_false(yis_sequence(&d.ydoc, map, "map"));
	assert_false(yint(&d.ydoc, list, 0, 9, &v));
	assert_false(yint(&d.ydoc, ymap_find(root, "num"), 0, 9, &v));
	assert_false(ybool(&d.ydoc, map, &b));
	assert_false(yenum(&d.ydoc, list, colours, 2, "colour", &e));
	assert_false(yid(&d.ydoc, map, &s));
	assert_false(yid(&d.ydoc, ymap_find(root, "long"), &s));
	assert_false(yid(&d.ydoc, ymap_find(root, "empty"), &s));
	assert_false(ymap_read(&d.ydoc, list, &table, NULL, NULL));
	assert_false(yerror(&d.ydoc, NULL, "about the whole file"));
	out = doc_done(&d);
	assert_string_equal(
	        out,
	        "t.yaml:2:6: error: map must be a list, not a mapping (key: value lines)\n"
	        "map: {a: 1}\n     ^\n"
	        "t.yaml:1:7: error: expected a whole number, found a list\nlist: [x]\n      ^\n"
	        "t.yaml:3:6: error: expected a whole number, found '3x'\nnum: 3x\n     ^\n"
	        "t.yaml:2:6: error: expected true or false, found a mapping (key: value lines)\n"
	        "map: {a: 1}\n     ^\n"
	        "t.yaml:1:7: error: expected colour, found a list\nlist: [x]\n      ^\n"
	        "t.yaml:2:6: error: expected an id, found a mapping (key: value lines)\n"
	        "map: {a: 1}\n     ^\n"
	        "t.yaml:4:7: error: an id has 1 to 64 characters\n"
	        "long: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n"
	        "      ^\n"
	        "t.yaml:5:8: error: an id has 1 to 64 characters\nempty: \"\"\n       ^\n"
	        "t.yaml:1:7: error: thing must be a mapping (key: value lines), not a list\n"
	        "list: [x]\n      ^\n"
	        "t.yaml: error: about the whole file\n");
	free(out);
}

/* ---- saved games: reading ---------------------------------------------------- */

/* Load a save from text; its diagnostics in *out. */
static bool
load_save(const char *text, char **out)
{
	struct diag_list dl;
	struct game g;
	bool ok;

	diag_list_init(&dl, DIAG_MAX_ERRORS);
	ok = save_load_text(&g, "s.sav", text, strlen(text), NULL, &dl);
	if (ok)
		game_free(&g);
	*out = diags_done(&dl);
	return ok;
}

static void
expect_save_error(const char *text, const char *want)
{
	char *out;

	assert_false(load_save(text, &out));
	assert_contains(out, want);
	free(out);
}

/* The demo's save `good` with its `commands: []` line replaced by `commands`:
 * its replay fails with `want` (the whole of the diagnostics). */
static void
expect_replay_error(const char *good, const char *commands, const char *want)
{
	const char *at = strstr(good, "commands: []\n");
	char *text, *out;

	assert_non_null(at);
	text = xasprintf("%.*s%s%s", (int)(at - good), good, commands, at + strlen("commands: []\n"));
	assert_false(load_save(text, &out));
	assert_string_equal(out, want);
	free(out);
	free(text);
}

static void
test_save_read_errors(void **state)
{
	char scen[PATH_MAX], *good, *text;
	struct game g;

	(void)state;
	expect_save_error("[1]\n", "s.sav:1:1: error: a saved game must be a mapping");
	expect_save_error("", "s.sav: error: file is empty");
	expect_save_error("schema: 1\n", "error: this file is not a saved game ('kind: save')");
	expect_save_error("kind: card\n", "s.sav:1:7: error: this file is not a saved game");
	expect_save_error("kind: [save]\n", "s.sav:1:7: error: this file is not a saved game");
	expect_save_error("kind: save\nschema: 1\nsaved_by: me\n",
	                  "s.sav:3:1: error: unknown key 'saved_by' in a saved game");
	expect_save_error("kind: save\n", "s.sav:1:1: error: a saved game has 'schema: 2'");
	expect_save_error("kind: save\nschema: one\n", "s.sav:2:9: error: expected a whole number");
	expect_save_error("kind: save\nschema: 3\nscenario_file: x\nscenario: x\n",
	                  "saved by a newer hexaid (schema 3); upgrade hexaid");
	expect_save_error("kind: save\nschema: 1\n", "a saved game gives scenario_file and scenario");
	expect_save_error("kind: save\nschema: 1\nscenario_file: [x]\nscenario: x\n",
	                  "a saved game gives scenario_file and scenario");
	expect_save_error("kind: save\nschema: 1\nscenario_file: x\nscenario: [x]\n",
	                  "a saved game gives scenario_file and scenario");
	expect_save_error("kind: save\nschema: 1\nscenario: x\n",
	                  "a saved game gives scenario_file and scenario");
	expect_save_error("kind: save\nschema: 1\nscenario_file: x\nscenario: x\ncommands: x\n",
	                  "s.sav:5:11: error: this list must be a list");
	expect_save_error("kind: save\nschema: 1\nscenario_file: x\nscenario: x\nlog: [[x]]\n",
	                  "s.sav:5:7: error: expected text, found a list");
	/* schema 2 also gives a list as a text of lines, never a plain word; schema 1
	 * only as a list */
	expect_save_error("kind: save\nschema: 1\nscenario_file: x\nscenario: x\nlog: |2+\n  a\n",
	                  "s.sav:5:6: error: this list must be a list");
	expect_save_error("kind: save\nschema: 2\nscenario_file: x\nscenario: x\nlog: x\n",
	                  "s.sav:5:6: error: a list in a saved game is a list, or a literal block "
	                  "(|2+) of one item a line");
	expect_save_error("kind: save\nschema: 2\nscenario_file: x\nscenario: x\nlog: \"a\\eb\"\n",
	                  "s.sav:5:6: error: control characters (such as ESC) are not allowed");
	expect_save_error("kind: save\nschema: 1\nscenario_file: x.yaml\nscenario: \"kind: card\"\n",
	                  "s.sav:4:11: error: the scenario in this save is not valid");

	/* a good save whose commands no longer apply */
	demo_game(&g);
	good = save_text(&g);
	game_free(&g);
	snprintf(scen, sizeof scen, "%s/data/scenarios/great-war-demo.yaml", srcdir());
	assert_non_null(strstr(good, "commands: []\n"));
	text = calloc(1, strlen(good) + 64);
	memcpy(text, good, (size_t)(strstr(good, "commands: []\n") - good));
	strcat(text, "commands:\n  - \"move Z9 0101\"\n");
	strcat(text, strstr(good, "commands: []\n") + strlen("commands: []\n"));
	/* ... said at its place in the list */
	expect_save_error(text, "s.sav:7:5: error: command 1 of this save no longer applies: "
	                        "move Z9 0101\n");
	free(text);
	/* ... in a block: at its own line, quoted */
	expect_replay_error(good, "commands: |2+\n  phase next\n\n  move Z9 0101\n",
	                    "s.sav:9:3: error: command 3 of this save no longer applies: move Z9 0101\n"
	                    "  move Z9 0101\n  ^\n");
	/* ... in a block indented otherwise, as YAML reads it */
	expect_replay_error(good, "commands: |4+\n    phase next\n    move Z9 0101\n",
	                    "s.sav:8:5: error: command 2 of this save no longer applies: move Z9 0101\n"
	                    "    move Z9 0101\n    ^\n");
	expect_replay_error(good, "commands: |+ # a comment\n\n  \n     phase next\n     move Z9 0101\n",
	                    "s.sav:10:6: error: command 4 of this save no longer applies: move Z9 0101\n"
	                    "     move Z9 0101\n     ^\n");
	expect_replay_error(good, "commands: |-\n  phase next\n   move Z9 0101\n",
	                    "s.sav:8:3: error: command 2 of this save no longer applies:  move Z9 0101\n"
	                    "   move Z9 0101\n  ^\n");
	/* ... in a text that is not a block: at the list */
	expect_replay_error(good, "commands: \"phase next\\nmove Z9 0101\"\n",
	                    "s.sav:6:11: error: command 2 of this save no longer applies: move Z9 0101\n");
	free(good);
}

/* More lines in a save's blocks than a save holds values are refused at the
 * block, before any is taken. */
static void
test_save_too_many_lines(void **state)
{
	size_t n = ylimits_save.max_nodes, len;
	struct strbuf text = { NULL, 0, 0 };
	char *out;

	(void)state;
	strbuf_addf(&text, "kind: save\nschema: 2\nscenario_file: x\nscenario: x\n"
	                   "commands: |2+\n  a\n  b\nlog: |2+\n");
	len = text.len;
	text.text = realloc(text.text, len + n + 4);
	memset(text.text + len, '\n', n - 2);
	strcpy(text.text + len + n - 2, "  c\n");
	assert_false(load_save(text.text, &out));
	assert_contains(out, "s.sav:8:6: error: too many values: a saved game may hold at most 1000000");
	free(out);
	/* one fewer is read (and then the scenario is not valid) */
	strcpy(text.text + len + n - 3, "  c\n");
	assert_false(load_save(text.text, &out));
	assert_contains(out, "the scenario in this save is not valid");
	free(out);
	free(text.text);
}

/* ---- saved games: writing ---------------------------------------------------- */

/* Save g to path with the fault armed: false, the message in *err, the previous
 * save as it was and no temporary file left. */
static void
expect_save_fails(struct game *g, const char *dir, const char *path, const char *want)
{
	char *before = read_whole(path), *after, *err = NULL, *warning, cmd[PATH_MAX + 64];

	assert_false(save_write(g, path, &err, &warning));
	disarm();
	assert_non_null(err);
	assert_contains(err, want);
	assert_contains(err, "(previous save kept)");
	free(err);
	after = read_whole(path);
	assert_string_equal(before, after);
	snprintf(cmd, sizeof cmd, "ls '%s' | grep -q '\\.tmp\\.'", dir);
	assert_int_not_equal(system(cmd), 0);
	free(before);
	free(after);
}

static void
test_save_write_errors(void **state)
{
	char *dir = tmpdir(), path[PATH_MAX], bad[PATH_MAX], *err = NULL, *warning, *text;
	struct game g;

	(void)state;
	demo_game(&g);
	/* the log keeps control characters, quotes and backslashes as escapes */
	strlist_add(&g.log, "a\tb\x7f\"c\\");
	text = save_text(&g);
	assert_non_null(strstr(text, "  - \"a\\x09b\\x7f\\\"c\\\\\"\n"));
	free(text);

	snprintf(path, sizeof path, "%s/g.sav", dir);
	arm("write", 1, FAIL, EINTR); /* interrupted, then written */
	assert_true(save_write(&g, path, &err, &warning));

	snprintf(bad, sizeof bad, "%s/no/such/dir/g.sav", dir);
	assert_false(save_write(&g, bad, &err, &warning));
	assert_contains(err, "cannot create a temporary file beside it: No such file or directory");
	free(err);

	arm("write", 1, FAIL, ENOSPC);
	expect_save_fails(&g, dir, path, "g.sav: cannot write: No space left on device");
	arm("write", 1, SHORT, 0);
	expect_save_fails(&g, dir, path, "g.sav: cannot write: Input/output error");
	arm("fchmod", 1, FAIL, EPERM);
	expect_save_fails(&g, dir, path, "g.sav: cannot write: Operation not permitted");
	arm("fsync", 1, FAIL, EIO);
	expect_save_fails(&g, dir, path, "g.sav: cannot flush to disk: Input/output error");
	arm("close", 1, FAIL, EIO);
	fault.named = ".tmp."; /* the new save's, not the files looked at before */
	expect_save_fails(&g, dir, path, "g.sav: cannot close: Input/output error");
	arm("rename", 1, FAIL, EXDEV);
	fault.to = path;
	expect_save_fails(&g, dir, path, "cannot rename the new save into place");

	/* the save is in place, but its directory cannot be flushed: it is done, and
	 * the message says a power loss may bring back the previous one */
	arm("fsync", 2, FAIL, EIO);
	err = NULL;
	assert_true(save_write(&g, path, &err, &warning));
	assert_null(err);
	assert_non_null(warning);
	assert_contains(warning, "g.sav: saved, but cannot flush the directory: Input/output error");
	free(warning);
	/* ... while a file system that cannot flush directories is fine */
	arm("fsync", 2, FAIL, EINVAL);
	assert_true(save_write(&g, path, &err, &warning));
	assert_null(warning);
	arm("fsync", 2, FAIL, ENOTSUP);
	assert_true(save_write(&g, path, &err, &warning));
	assert_null(warning);
	disarm();
	game_free(&g);
	rmtree(dir);
}

/* A lock is flock(2) on PATH.lock: a file no process holds is free whatever it
 * says, and one held by another open file (another hexaid) is refused with the
 * pid it wrote. */
static void
test_save_lock(void **state)
{
	char *dir = tmpdir(), path[PATH_MAX], lock[PATH_MAX + 8], text[32], *err = NULL;
	struct file_lock l, other;
	int fd;

	(void)state;
	snprintf(path, sizeof path, "%s/no/such/dir/g.sav", dir);
	assert_int_equal(save_lock(&l, path, &err), LOCK_NO_PLACE);
	assert_contains(err, "g.sav.lock: cannot take the lock: No such file or directory");
	free(err);

	snprintf(path, sizeof path, "%s/g.sav", dir);
	snprintf(lock, sizeof lock, "%s.lock", path);
	write_file(lock, "not a pid\n"); /* no one holds it: taken */
	assert_int_equal(save_lock(&l, path, &err), LOCK_TAKEN);
	assert_int_equal(save_lock(&other, path, &err), LOCK_HELD);
	snprintf(text, sizeof text, "(pid %ld)", (long)getpid());
	assert_contains(err, text);
	free(err);
	save_unlock(&l);
	assert_int_not_equal(access(lock, F_OK), 0); /* let go: the file goes */

	snprintf(text, sizeof text, "%ld\n", (long)getppid()); /* a live pid, no lock: free */
	write_file(lock, text);
	assert_int_equal(save_lock(&l, path, &err), LOCK_TAKEN);
	save_unlock(&l);

	/* held by another open file that wrote no pid: refused all the same */
	write_file(lock, "");
	fd = open(lock, O_RDWR | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), 0);
	assert_int_equal(save_lock(&l, path, &err), LOCK_HELD);
	assert_contains(err, "g.sav is open in another hexaid");
	free(err);
	close(fd);
	assert_int_equal(save_lock(&l, path, &err), LOCK_TAKEN);
	save_unlock(&l);
	rmtree(dir);
}

/* ---- the journal -------------------------------------------------------------- */

/* (The journals below name a scenario with its checksum already given: a
 * journal reads the file it names to take its checksum, and "x" is none.) */
static void
test_journal_write_errors(void **state)
{
	char *dir = tmpdir(), path[PATH_MAX], *err = NULL, *warning;
	struct journal j;

	(void)state;
	snprintf(path, sizeof path, "%s/no/such/dir/j", dir);
	assert_false(journal_create(&j, path, "crc=00000000 scenario=x", &err, &warning));
	assert_contains(err, "/no/such/dir/j: cannot create a file beside it: No such file or directory");
	free(err);
	assert_false(journal_append(&j, "note x", &err));
	assert_string_equal(err, "journal: the journal is not open");
	free(err);

	snprintf(path, sizeof path, "%s/j", dir);
	arm("write", 1, FAIL, ENOSPC);
	assert_false(journal_create(&j, path, "crc=00000000 scenario=x", &err, &warning));
	assert_contains(err, "/j: cannot write: No space left on device");
	free(err);

	arm("write", 1, FAIL, EINTR); /* interrupted, then written */
	assert_true(journal_create(&j, path, "crc=00000000 scenario=x", &err, &warning));
	arm("write", 1, SHORT, 0);
	assert_false(journal_append(&j, "note a", &err));
	assert_contains(err, "/j: cannot write the journal");
	free(err);
	arm("fdatasync", 1, FAIL, EIO);
	assert_false(journal_append(&j, "note b", &err));
	assert_contains(err, "/j: cannot write the journal: Input/output error");
	free(err);
	disarm();
	journal_close(&j);
	assert_false(journal_append(&j, "note c", &err));
	assert_string_equal(err, "journal: the journal is not open");
	free(err);

	/* in place, but the directory cannot be flushed: made, with a warning */
	arm("fsync", 1, FAIL, EIO);
	err = NULL;
	assert_true(journal_create(&j, path, "crc=00000000 scenario=x", &err, &warning));
	disarm();
	assert_null(err);
	assert_non_null(warning);
	assert_contains(warning, "/j: in place, but its directory cannot be flushed: Input/output error");
	free(warning);
	assert_true(journal_append(&j, "note d", &err));
	journal_close(&j);
	rmtree(dir);
}

static void
test_journal_read_errors(void **state)
{
	char *dir = tmpdir(), path[PATH_MAX], *err = NULL, *warning;
	struct journal_contents jc;
	struct journal j;

	(void)state;
	snprintf(path, sizeof path, "%s/missing", dir);
	assert_false(journal_read(path, &jc, &err));
	assert_contains(err, "/missing: cannot open: No such file or directory");
	free(err);

	snprintf(path, sizeof path, "%s/j", dir);
	assert_true(journal_create(&j, path, "crc=00000000 scenario=x", &err, &warning));
	assert_true(journal_append(&j, "note a", &err));
	journal_close(&j);

	arm("read", 1, FAIL, EINTR); /* interrupted, then read */
	assert_true(journal_read(path, &jc, &err));
	assert_string_equal(jc.base, "scenario=x");
	assert_int_equal(jc.lines.count, 1);
	journal_contents_free(&jc);

	arm("read", 1, FAIL, EIO);
	assert_false(journal_read(path, &jc, &err));
	assert_contains(err, "/j: cannot read: Input/output error");
	free(err);

	arm("read", 1, FILL, 0); /* it never ends */
	fault.sticky = true;
	assert_false(journal_read(path, &jc, &err));
	disarm();
	assert_contains(err, "/j: a journal is at most 67108864 bytes");
	free(err);
	rmtree(dir);
}

/* A journal of a save starts with the save's checksum: reading the save may be
 * interrupted (read again) or fail (no journal, and why). */
static void
test_journal_of_a_save(void **state)
{
	char *dir = tmpdir(), save[PATH_MAX], path[PATH_MAX], base[PATH_MAX + 8], *err = NULL, *warning;
	struct journal_contents jc;
	struct journal j;

	(void)state;
	snprintf(save, sizeof save, "%s/game.sav", dir);
	snprintf(path, sizeof path, "%s/game.sav.journal", dir);
	snprintf(base, sizeof base, "save=%s", save);
	write_file(save, "kind: save\n");
	arm("read", 1, FAIL, EINTR);
	assert_true(journal_create(&j, path, base, &err, &warning));
	journal_close(&j);
	assert_true(journal_read(path, &jc, &err));
	assert_string_equal(jc.base, base);
	journal_contents_free(&jc);

	arm("read", 1, FAIL, EIO);
	assert_false(journal_create(&j, path, base, &err, &warning));
	assert_contains(err, "/game.sav: cannot read: Input/output error");
	free(err);
	rmtree(dir);
}

/* A line that cannot be written is cut back out; when even that fails, the
 * journal is closed and the message says the command may still be in it. */
static void
test_journal_cannot_cut_back(void **state)
{
	char *dir = tmpdir(), path[PATH_MAX], *err = NULL, *warning;
	struct journal j;

	(void)state;
	snprintf(path, sizeof path, "%s/j", dir);
	assert_true(journal_create(&j, path, "crc=00000000 scenario=x", &err, &warning));
	arm("write", 1, FAIL, ENOSPC);
	fault.also = "ftruncate";
	assert_false(journal_append(&j, "note a", &err));
	disarm();
	assert_contains(err, "/j: cannot write the journal: No space left on device, nor take the "
	                     "line back out: Input/output error; the journal stops (it may "
	                     "still hold this command) and starts again, whole, at the next "
	                     "change");
	assert_int_equal(j.fd, -1);
	free(err);
	journal_close(&j);
	rmtree(dir);
}

static void
test_journal_not_a_journal(void **state)
{
	struct journal_contents jc;
	char *err = NULL, text[128];

	(void)state;
	assert_false(journal_parse("", 0, "j", &jc, &err));
	assert_string_equal(err, "j: not a hexaid journal (its first line is damaged or missing)");
	free(err);
	/* a first line whose checksum holds but which names no journal */
	snprintf(text, sizeof text, "hello\t#%08lx\nnote a\t#%08lx\n", journal_crc("hello", 5),
	         journal_crc("note a", 6));
	assert_false(journal_parse(text, strlen(text), "j", &jc, &err));
	assert_contains(err, "j: not a hexaid journal");
	free(err);
	/* lines damaged each way: no tab, no '#', too few digits, not hex */
	{
		static const char *const damaged[] = { "note a", "note a\t12345678",
			                               "note a\t#1234567", "note a\t#1234567z" };
		for (size_t i = 0; i < sizeof damaged / sizeof damaged[0]; i++) {
			snprintf(text, sizeof text, "hexaid-journal 1 scenario=x\t#%08lx\n%s\n",
			         journal_crc("hexaid-journal 1 scenario=x", 27), damaged[i]);
			assert_true(journal_parse(text, strlen(text), "j", &jc, &err));
			assert_int_equal(jc.lines.count, 0);
			assert_int_equal(jc.dropped, 1);
			journal_contents_free(&jc);
		}
	}
	/* a line with a NUL byte is damaged, and so is the rest */
	snprintf(text, sizeof text, "hexaid-journal 1 scenario=x\t#%08lx\n",
	         journal_crc("hexaid-journal 1 scenario=x", 27));
	assert_true(journal_parse(text, strlen(text) + 1, "j", &jc, &err));
	assert_int_equal(jc.dropped, 1);
	assert_int_equal(jc.damaged_at, 2);
	journal_contents_free(&jc);
}

/* Each test starts with nothing armed, whatever the one before left. */
static int
nothing_armed(void **state)
{
	(void)state;
	disarm();
	return 0;
}

#define TEST(f) cmocka_unit_test_setup(f, nothing_armed)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_yaml_read_errors),
		TEST(test_yaml_parser_errors),
		TEST(test_yaml_duplicate_keys),
		TEST(test_yaml_typed_errors),
		TEST(test_save_read_errors),
		TEST(test_save_too_many_lines),
		TEST(test_save_write_errors),
		TEST(test_save_lock),
		TEST(test_journal_write_errors),
		TEST(test_journal_read_errors),
		TEST(test_journal_of_a_save),
		TEST(test_journal_cannot_cut_back),
		TEST(test_journal_not_a_journal),
	};
	return RUN_TESTS("failures", tests);
}
