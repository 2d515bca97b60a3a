/* card-read-sequence.c: reads a card's `sequence:` (data layer): the phases of one
 * side's turn, in order, each with its name, a one-line reminder for the
 * players, the commands it allows and those the other side may react with.
 * The commands are read into their indexes (list-commands.h): a word that is
 * no command is an error here, with its place in the file.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "card-read.h"
#include "strutil.h"
#include "xmalloc.h"

const char *const command_words[N_COMMANDS] = {
#define COMMAND(name, word) word,
#include "list-commands.h"
#undef COMMAND
};

/* `allows: [move]` or `reactions: [move, fire]`: a list of command words, into
 * the list of command indexes the row's arg names. */
enum { PHASE_ALLOWS, PHASE_REACTIONS };

/* One word of the list: the command it names, or an error at it (with the
 * nearest command's word when one is near). */
static bool
read_command(struct ydoc *doc, const struct ynode *n, const struct phase *p, bool reactions,
             enum command_id *out)
{
	const char *id, *near;

	if (!yid(doc, n, &id))
		return false;
	for (int c = 0; c < N_COMMANDS; c++)
		if (str_eq(command_words[c], id)) { /* reader: command words in a card */
			*out = (enum command_id)c;
			return true;
		}
	near = str_nearest(id, command_words, N_COMMANDS);
	return yerror(doc, n, "phase '%s' %s '%s', which is not a command (hexaid(6) lists "
	              "them)%s%s%s", p->id != NULL ? p->id : "?",
	              reactions ? "takes the reaction" : "allows", id,
	              near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
}

static bool
read_phase_commands(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct phase *p = rd->obj;
	bool reactions = rd->field->arg == PHASE_REACTIONS;
	enum command_id **list = reactions ? &p->reactions : &p->allows;
	size_t *count = reactions ? &p->nreactions : &p->nallows;
	bool ok = true;

	if (!yis_sequence(doc, n, reactions ? "reactions" : "allows"))
		return false;
	for (size_t i = 0; i < n->count; i++) {
		enum command_id c;
		if (!read_command(doc, n->items[i], p, reactions, &c)) {
			ok = false;
			continue;
		}
		*list = xreallocarray(*list, *count + 1, sizeof **list);
		(*list)[(*count)++] = c;
	}
	return ok;
}

static const struct yshape commands = {
	.kind = YS_LIST, .item = &(const struct yshape){ .kind = YS_ENUM, .names = command_words,
	                                         .nnames = N_COMMANDS }
};

static const struct yfield phase_fields[] = {
	{ "id", AS_ID(struct phase, id), .required = true, .help = "the phase's id" },
	{ "name", AS_TEXT(struct phase, name), .required = true,
	  .help = "the phase's name for the players" },
	{ "reminder", AS_TEXT(struct phase, reminder),
	  .help = "what the players do in it that hexaid does not" },
	/* after the id (pass 1), which their errors name */
	{ "allows", READ_BY(read_phase_commands), .arg = PHASE_ALLOWS, .pass = 1,
	  .shape = &commands, .help = "the commands a side may give in the phase" },
	{ "reactions", READ_BY(read_phase_commands), .arg = PHASE_REACTIONS, .pass = 1,
	  .shape = &commands, .help = "the commands the other side may answer with" },
	{ "seed", AS_TEXT(struct phase, seed), .help = "the rulebook line it comes from" },
	{ "note", AS_COMMENT, .help = "words for the players" },
	{ "assumed", AS_BOOL(struct phase, assumed), .help = "true: assumed, not from the rulebook" },
};

static const struct ytable phase_table = YTABLE("phase", phase_fields);

const struct yshape card_sequence_shape = {
	.kind = YS_LIST, .item = &(const struct yshape){ .kind = YS_TABLE, .table = &phase_table }
};

void
card_phase_free(struct phase *p)
{
	free(p->id);
	free(p->name);
	free(p->reminder);
	free(p->allows);
	free(p->reactions);
	free(p->seed);
}

/* `sequence: [ { id: move, name: Move, reminder: "...", allows: [move] }, ... ]`.
 * A card that extends another replaces the whole sequence when it gives one. */
bool
card_read_sequence(struct ydoc *doc, const struct ynode *n, const struct yread *rd)
{
	struct card *card = rd->obj;
	bool ok = true;

	if (!yis_sequence(doc, n, "sequence"))
		return false;
	for (size_t i = 0; i < card->nphases; i++)
		card_phase_free(&card->phases[i]);
	card->nphases = 0;
	for (size_t i = 0; i < n->count; i++) {
		struct phase p = { .file = card->reading, .line = n->items[i]->line };

		if (!yis_mapping(doc, n->items[i], "a phase") ||
		    !ymap_read(doc, n->items[i], &phase_table, &p, NULL)) {
			card_phase_free(&p);
			ok = false;
			continue;
		}
		if (card_phase(card, p.id) >= 0) {
			ok = yerror(doc, n->items[i], "phase '%s' is given twice", p.id);
			card_phase_free(&p);
			continue;
		}
		*(struct phase *)xgrow(&card->phases, &card->nphases, &card->cap_phases, sizeof p) = p;
	}
	return ok;
}
