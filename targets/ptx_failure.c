/* The ASCII reason of a failed PTX translation (ptx.h). Shared by the loader and the plugin. */
#include <stdarg.h>
#include <stdio.h>

#include "ptx.h"

void ptx_failure_set(PtxFailure *failure, const char *fmt, ...) {
    if (!failure || failure->set) return;
    va_list args;
    va_start(args, fmt);
    vsnprintf(failure->reason, sizeof failure->reason, fmt, args);
    va_end(args);
    for (char *p = failure->reason; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e) *p = '?';
    failure->set = true;
}

void ptx_failure_set_at(PtxFailure *failure, Span span, const char *reason) {
    if (!failure || failure->set) return;
    ptx_failure_set(failure, "%s", reason);
    failure->located = true;
    failure->span = span;
}
