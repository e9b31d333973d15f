/* yusec --explain CODE|NAME: the long explanation of one diagnostic of the catalogue
 * (base/diagnostics.def), as rustc --explain. */
#ifndef YUSEC_DRIVER_EXPLAIN_H
#define YUSEC_DRIVER_EXPLAIN_H

#include <stdio.h>

/* Prints the entry `code_or_name` names ("Y0303", "y0303", "undefined-name") on out and
 * returns 0; else a usage error on err (with the closest name) and 2. */
int explain_print(const char *code_or_name, FILE *out, FILE *err);

#endif
