/* Which code points may stand in a WGSL and an MSL identifier (UAX #31 XID_Start and
 * XID_Continue, restricted to what both Tint and clang accept: see
 * scripts/gen_ident_ranges.py, which writes the table from the Unicode Character Database). */
#ifndef YUSEC_TARGETS_IDENT_CHARS_H
#define YUSEC_TARGETS_IDENT_CHARS_H

#include <stdint.h>

typedef enum IdentClass {
    IDENT_NONE,     /* not an identifier character (℃, ™, ①, ・, space, '-', …) */
    IDENT_CONTINUE, /* XID_Continue but not XID_Start: digits, '_', combining marks, '·', … */
    IDENT_START,    /* XID_Start (and so XID_Continue): letters, CJK ideographs, … */
} IdentClass;

IdentClass ident_char_class(uint32_t cp);

#endif
