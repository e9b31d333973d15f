/* Make/Ninja depfiles (-MD -MF, issue 8). */
#ifndef YUSEC_DRIVER_DEPFILE_H
#define YUSEC_DRIVER_DEPFILE_H

#include "base/strbuf.h"

/* A Make/Ninja depfile: "target target…: dep dep …\n"; targets (the outputs of one command,
 * -emit=LIST -o-dir writes several; Ninja ≥ 1.10 reads them) and files are newline-separated.
 * Spaces, '#' and '\\' are escaped with '\\', '$' as "$$". */
void gen_depfile(StrBuf *out, const char *targets, const char *files);

#endif
