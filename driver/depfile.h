/* Make/Ninja depfiles (-MD -MF, issue 8). */
#ifndef YUSEC_DRIVER_DEPFILE_H
#define YUSEC_DRIVER_DEPFILE_H

#include "base/strbuf.h"

/* A Make/Ninja depfile: "target target…: dep dep …\n"; targets (the outputs of one command,
 * -emit=LIST -o-dir writes several; Ninja ≥ 1.10 reads them) and files are newline-separated.
 * Spaces, '#' and '\\' are escaped with '\\', '$' as "$$". */
void gen_depfile(StrBuf *out, const char *targets, const char *files);

/* -MP: an empty rule "FILE:" for each of the newline-separated files, so Make does not stop
 * when one of them is deleted or renamed (gcc -MP). Appended after gen_depfile's rule. */
void gen_depfile_phony(StrBuf *out, const char *files);

/* Appends `path` spelled without "." segments, repeated '/' and "DIR/.." pairs whose DIR is a
 * directory and no symbolic link (whose ".." could lead elsewhere) — the same file, named as
 * Make and Ninja compare names: "/p/bin/../share/x" is "/p/share/x". A leading ".." stays. */
void depfile_clean_path(StrBuf *out, const char *path);

#endif
