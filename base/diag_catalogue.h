/* The catalogue of errors and warnings (base/diagnostics.def): each has a stable code
 * (Y0303), a kebab-case name (undefined-name, for -W flags and --explain), a default
 * severity, a one-line summary and a long explanation. Call sites name their entry with
 * Y_<ID>; notes belong to the diagnostic before them and have none (Y_NONE). */
#ifndef YUSEC_BASE_DIAG_CATALOGUE_H
#define YUSEC_BASE_DIAG_CATALOGUE_H

#include <stdbool.h>
#include <stddef.h>

typedef enum DiagId {
    Y_NONE,
#define DIAGNOSTIC(id, number, severity, name, summary, explanation) Y_##id,
#include "diagnostics.def"
#undef DIAGNOSTIC
    Y_DIAG_COUNT
} DiagId;

typedef enum DiagDefaultLevel { DIAG_DEFAULT_ERROR, DIAG_DEFAULT_WARNING } DiagDefaultLevel;

typedef struct DiagInfo {
    DiagId id;
    unsigned number;          /* the code is Y followed by it in four digits */
    DiagDefaultLevel level;
    const char *name;
    const char *summary;
    const char *explanation;
} DiagInfo;

/* The entry of `id`; NULL for Y_NONE or a value out of range. */
const DiagInfo *diag_info(DiagId id);
/* The code of `id`, "Y0303" (out: at least DIAG_CODE_SIZE bytes); "" for Y_NONE. */
#define DIAG_CODE_SIZE 8
void diag_code(DiagId id, char out[DIAG_CODE_SIZE]);
/* The entry a code ("Y0303", "y0303") or name ("undefined-name") names; NULL if none. */
const DiagInfo *diag_info_find(const char *code_or_name);

/* ---- warning flags (-W<name>, -Wno-<name>, -Werror=<name>, -Wno-error=<name>, -Wall, -Werror) ---- */

enum {
    DIAG_WARN_OFF = 1,       /* -Wno-<name> */
    DIAG_WARN_ERROR = 2,     /* -Werror=<name> */
    DIAG_WARN_NO_ERROR = 4,  /* -Wno-error=<name>: a warning even under -Werror */
};

typedef struct DiagWarningFlags {
    bool all_as_errors;                  /* -Werror */
    unsigned char per_id[Y_DIAG_COUNT];  /* DIAG_WARN_… bits */
} DiagWarningFlags;

typedef enum DiagFlagResult {
    DIAG_FLAG_OK,
    DIAG_FLAG_UNKNOWN,       /* no warning of that name (`*name` points at it) */
    DIAG_FLAG_NOT_WARNING,   /* the name is an error's: errors cannot be turned off */
} DiagFlagResult;

/* Applies one flag given without its "-W" ("all", "error", "no-bidi-chars",
 * "error=bidi-chars", "no-error=bidi-chars", "bidi-chars"); later flags win. `*name` gets
 * the name the flag is about (for the caller's message). */
DiagFlagResult diag_warning_flag_apply(DiagWarningFlags *flags, const char *flag, const char **name);
/* The warning name closest to `name` (for "是不是想写 -W…？"), or NULL. */
const char *diag_warning_suggest(const char *name);

#endif
