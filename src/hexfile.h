/* hexfile.h: hexaid's YAML files told apart by their `kind:` (data layer). */
#ifndef HEXAID_HEXFILE_H
#define HEXAID_HEXFILE_H

#include <stdbool.h>

#include "diag.h"

/* Load and validate one file of any kind hexaid knows; problems go to dl. */
bool hexfile_check(const char *path, struct diag_list *dl);

#endif
