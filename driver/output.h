/* Writing results to stdout or to files, all or nothing: each output is staged (a file
 * into a temporary beside it, stdout kept in memory) and only committed — renamed into
 * place, printed — once the whole command has succeeded. A failing command leaves every
 * output file as it was. */
#ifndef YUSEC_DRIVER_OUTPUT_H
#define YUSEC_DRIVER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/strbuf.h"

enum { OUTPUTS_MAX_FILES = 64 };

typedef struct StagedFile {
    char *path;   /* where it goes */
    char *temp;   /* the temporary beside it, NULL when the file already holds the text */
    StrBuf direct; /* for a device or FIFO (-o /dev/stdout): written at commit, no rename */
    bool is_direct;
} StagedFile;

typedef struct Outputs {
    StagedFile files[OUTPUTS_MAX_FILES];
    int file_count;
    StrBuf stdout_text;
    bool has_stdout;
} Outputs;

void outputs_init(Outputs *outputs);

/* Stages text for path (stdout when path is NULL or "-"). An existing file whose content is
 * already identical will be left untouched (its mtime too), so build systems see no change.
 * A path naming a file already staged (-MF equal to -o, by any spelling) is refused. Reports
 * failures on stderr and returns false. */
bool outputs_stage(Outputs *outputs, const char *path, const char *text, size_t len);

/* Renames every staged file into place, then prints stdout. False (reported) on failure. */
bool outputs_commit(Outputs *outputs);

/* Removes the temporaries; nothing reaches its destination. */
void outputs_discard(Outputs *outputs);

/* Whether two spellings name one file: the same existing file (links included), or the same
 * name in the same existing directory (a file not written yet: -o x -MF ./x). */
bool output_same_file(const char *a, const char *b);

/* True when path exists and is the same file (device and inode: hard and symbolic links
 * too) as one of the count paths in inputs. */
bool output_is_input(const char *path, const char *const *inputs, size_t count);

#endif
