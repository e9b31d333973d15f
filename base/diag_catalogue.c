#include "diag_catalogue.h"

#include <stdio.h>
#include <string.h>

#include "suggest.h"

#define ERROR DIAG_DEFAULT_ERROR
#define WARNING DIAG_DEFAULT_WARNING
static const DiagInfo CATALOGUE[] = {
    {Y_NONE, 0, ERROR, "", "", ""},
#define DIAGNOSTIC(id, number, severity, name, summary, explanation) \
    {Y_##id, number, severity, name, summary, explanation},
#include "diagnostics.def"
#undef DIAGNOSTIC
};
#undef ERROR
#undef WARNING

_Static_assert(sizeof CATALOGUE / sizeof CATALOGUE[0] == Y_DIAG_COUNT, "one row per DiagId");

const DiagInfo *diag_info(DiagId id) {
    if (id <= Y_NONE || id >= Y_DIAG_COUNT) return NULL;
    return &CATALOGUE[id];
}

void diag_code(DiagId id, char out[DIAG_CODE_SIZE]) {
    const DiagInfo *info = diag_info(id);
    if (info) snprintf(out, DIAG_CODE_SIZE, "Y%04u", info->number % 10000u);
    else out[0] = '\0';
}

const DiagInfo *diag_info_find(const char *code_or_name) {
    if (!code_or_name) return NULL;
    for (int id = Y_NONE + 1; id < Y_DIAG_COUNT; id++) {
        char code[DIAG_CODE_SIZE];
        diag_code((DiagId)id, code);
        const char *text = code_or_name;
        if ((text[0] == 'Y' || text[0] == 'y') && strcmp(text + 1, code + 1) == 0) return &CATALOGUE[id];
        if (strcmp(text, CATALOGUE[id].name) == 0) return &CATALOGUE[id];
    }
    return NULL;
}

/* ---- warning flags ---- */

static const DiagInfo *find_name(const char *name) {
    for (int id = Y_NONE + 1; id < Y_DIAG_COUNT; id++)
        if (strcmp(name, CATALOGUE[id].name) == 0) return &CATALOGUE[id];
    return NULL;
}

static const char *after(const char *text, const char *prefix) {
    size_t len = strlen(prefix);
    return strncmp(text, prefix, len) == 0 ? text + len : NULL;
}


/* The bits a named flag sets and clears. */
static DiagFlagResult apply_named(DiagWarningFlags *flags, const char *name, unsigned char set,
                                  unsigned char clear) {
    const DiagInfo *info = find_name(name);
    if (!info) return DIAG_FLAG_UNKNOWN;
    if (info->level != DIAG_DEFAULT_WARNING) return DIAG_FLAG_NOT_WARNING;
    flags->per_id[info->id] = (unsigned char)((flags->per_id[info->id] & ~clear) | set);
    return DIAG_FLAG_OK;
}

DiagFlagResult diag_warning_flag_apply(DiagWarningFlags *flags, const char *flag, const char **name) {
    const char *rest;
    *name = flag;
    if (strcmp(flag, "all") == 0) {
        for (int id = 0; id < Y_DIAG_COUNT; id++) flags->per_id[id] &= (unsigned char)~DIAG_WARN_OFF;
        return DIAG_FLAG_OK;
    }
    if (strcmp(flag, "error") == 0) {
        flags->all_as_errors = true;
        return DIAG_FLAG_OK;
    }
    if (strcmp(flag, "no-error") == 0) {
        flags->all_as_errors = false;
        return DIAG_FLAG_OK;
    }
    if ((rest = after(flag, "error=")) != NULL) {
        *name = rest;
        return apply_named(flags, rest, DIAG_WARN_ERROR, DIAG_WARN_OFF | DIAG_WARN_NO_ERROR);
    }
    if ((rest = after(flag, "no-error=")) != NULL) {
        *name = rest;
        return apply_named(flags, rest, DIAG_WARN_NO_ERROR, DIAG_WARN_ERROR);
    }
    if ((rest = after(flag, "no-")) != NULL) {
        *name = rest;
        return apply_named(flags, rest, DIAG_WARN_OFF, 0);
    }
    return apply_named(flags, flag, 0, DIAG_WARN_OFF);
}

const char *diag_warning_suggest(const char *name) {
    Suggestion s;
    suggest_begin(&s, name);
    for (int id = Y_NONE + 1; id < Y_DIAG_COUNT; id++)
        if (CATALOGUE[id].level == DIAG_DEFAULT_WARNING) suggest_offer(&s, CATALOGUE[id].name);
    suggest_offer(&s, "all");
    suggest_offer(&s, "error");
    return suggest_best(&s);
}
