/* hexfile.h: hexaid's YAML files told apart by their `kind:` (data layer). */
#ifndef HEXAID_HEXFILE_H
#define HEXAID_HEXFILE_H

#include <stdbool.h>

#include "diag.h"

struct cardpath;

/* Load and validate one file of any kind hexaid knows; problems go to dl. `cp`
 * is where cards a file names are looked for (may be NULL). */
bool hexfile_check(const char *path, const struct cardpath *cp, struct diag_list *dl);

#endif
