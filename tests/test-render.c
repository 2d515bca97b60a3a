/* test-render.c: the part of the map in view is the whole map's picture, cut.
 * render_frame_draw looks only at the hexes in view, asks a hex partly in view
 * only for the parts of it that show and writes a hex whole in view straight
 * into the frame; for every demo board, in both sizes, frames of two sizes from
 * every line and column of the picture must hold in their part that scrolls the
 * very cells of the whole map drawn at once.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "load.h"
#include "render.h"
#include "testutil.h"
#include "xmalloc.h"

static bool
same_cell(const struct render_cell *a, const struct render_cell *b)
{
	return a->ch == b->ch && a->what == b->what && a->ref == b->ref;
}

/* A frame `lines` by `cols` from picture line top and column left, against the
 * whole picture; returns how many cells were compared. */
static size_t
compare_window(const struct game *g, const struct render_frame *whole, struct render_frame *f,
               int top, int left, int lines, int cols, const char *what)
{
	size_t compared = 0;

	render_frame_draw(f, g, top, left, lines, cols);
	for (int y = 1; y < f->lines; y++)
		for (int x = f->d.prefix; x < f->cols; x++) {
			int line = f->top + y - 1, col = f->left + x - f->d.prefix, wy, wx;
			const struct render_cell *got = &f->cells[(size_t)y * (size_t)f->cols + (size_t)x];
			struct render_cell blank = { ' ', RENDER_BLANK, -1 };
			const struct render_cell *want = &blank;

			if (render_frame_pos(whole, line, col, &wy, &wx))
				want = &whole->cells[(size_t)wy * (size_t)whole->cols + (size_t)wx];
			if (!same_cell(got, want))
				fail_msg("%s: frame from line %d column %d, %dx%d: picture cell %d,%d is "
				         "'%c' (%d), the whole map's '%c' (%d)", what, top, left, lines, cols,
				         line, col, got->ch, got->what, want->ch, want->what);
			compared++;
		}
	return compared;
}

static void
check_size(const struct game *g, enum hexdraw_size size, const char *id)
{
	static const int shapes[][2] = { { 12, 40 }, { 25, 90 } };
	struct render_frame whole, f;
	char what[64];
	size_t compared = 0;

	snprintf(what, sizeof what, "%s, %s hexes", id, size == HEXDRAW_LARGE ? "large" : "compact");
	render_frame_init(&whole, g, size);
	render_frame_draw(&whole, g, 1, whole.d.prefix, whole.d.lines, whole.d.cols);
	render_frame_init(&f, g, size);
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
		for (int top = 1; top < whole.d.lines; top++)
			for (int left = whole.d.prefix; left < whole.d.cols; left++)
				compared += compare_window(g, &whole, &f, top, left, shapes[k][0],
				                           shapes[k][1], what);
	assert_true(compared > 0);
	render_frame_free(&f);
	render_frame_free(&whole);
}

static void
check_card(const char *id)
{
	struct game g;

	open_card_demo(id, &g);
	check_size(&g, HEXDRAW_COMPACT, id);
	check_size(&g, HEXDRAW_LARGE, id);
	game_free(&g);
}

int
main(void)
{
	return run_card_tests("render", check_card);
}
