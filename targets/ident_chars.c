/* Binary search over the generated runs of identifier characters. */
#include "ident_chars.h"

#include <stddef.h>

typedef struct IdentRun {
    uint32_t first, last;
    IdentClass cls;
} IdentRun;

static const IdentRun ident_runs[] = {
#include "ident_ranges.inc"
};

IdentClass ident_char_class(uint32_t cp) {
    size_t low = 0, high = sizeof ident_runs / sizeof ident_runs[0];
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (cp < ident_runs[mid].first) high = mid;
        else if (cp > ident_runs[mid].last) low = mid + 1;
        else return ident_runs[mid].cls;
    }
    return IDENT_NONE;
}
