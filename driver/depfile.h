/* Make/Ninja depfiles (-MD -MF, issue 8). */
#ifndef YUSEC_DRIVER_DEPFILE_H
#define YUSEC_DRIVER_DEPFILE_H

#include "base/strbuf.h"

/* A Make/Ninja depfile: "target: dep dep …\n"; files is newline-separated. Spaces, '#'
 * and '\\' are escaped with '\\', '$' as "$$". */
void gen_depfile(StrBuf *out, const char *target, const char *files);

#endif
