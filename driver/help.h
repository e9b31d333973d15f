/* The one description of yusec's command line: --help, `yusec run --help` and the man page
 * yusec.1 (built by man/make_manpage.c) all print this table. */
#ifndef YUSEC_DRIVER_HELP_H
#define YUSEC_DRIVER_HELP_H

#include <stddef.h>
#include <stdio.h>

typedef enum HelpGroup {
    HELP_ACTIONS,
    HELP_INPUT_OUTPUT,
    HELP_DIAGNOSTICS,
    HELP_PIPELINE,
    HELP_PTX,
    HELP_INFO,
    HELP_RUN,
    HELP_GROUP_COUNT,
} HelpGroup;

typedef struct HelpEntry {
    HelpGroup group;
    const char *spelling;  /* "-o 文件", "-emit-wgsl, 译" */
    const char *text;      /* one or more lines, '\n' between them */
} HelpEntry;

const HelpEntry *help_entries(size_t *count);
const char *help_group_title(HelpGroup group);

/* yusec --help: every group, `yusec run` included. */
void help_print(FILE *out);
/* yusec run --help: the run group alone. */
void help_print_run(FILE *out);
/* The man page in roff (man(7) macros), dated `date` (e.g. the build's release). */
/* The man page; SEE ALSO names the documents installed in `doc_dir` (cmake --install puts
 * every docs/ document there: CMAKE_INSTALL_FULL_DOCDIR). */
void help_print_man(FILE *out, const char *version, const char *doc_dir);

#endif
