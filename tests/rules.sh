#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# rules.sh: seed fidelity. Each tests/rules/CARD.rules file names its card
# (`card: CARD`) and holds one case a line:
#
#   SEED-LINE | KEY=VALUE ... | EXPECTED
#
# `hexaid test` runs them (hexaid(5), RULES CASES): each question is asked as
# `hexaid explain CARD KEY=VALUE ...` asks it (the same code path players use),
# or as `hexaid chart CARD [TERRAIN]` when it is `chart [TERRAIN]` (for what the
# card tells the players rather than reckons: levels, kinds, notes); a case
# passes when the question is answered without a word on stderr and EXPECTED is
# exactly one whole line of the answer (leading blanks ignored, runs of blanks
# read as one), or, when EXPECTED ends in " ...", the start of exactly one.
# SEED-LINE names the line of the seed document the case checks; '#' starts a
# comment. The TAP is hexaid's own.
: "${HEXAID:?HEXAID must name the hexaid binary}"
: "${top_srcdir:?top_srcdir must name the source tree}"
exec "$HEXAID" test "$top_srcdir"/tests/rules/*.rules
