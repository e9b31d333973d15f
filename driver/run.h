/* `yusec run FILE --entry 名 --grid X[,Y,Z] --buffer g:b=TYPE:VALUES … [--out g:b=FILE]`:
 * compiles like -emit-ptx and runs one compute entry on the GPU through runtime/, or on
 * the CPU through the YIR executor (exec/, --device=cpu|auto).
 * Exit status: 0 ran, 1 diagnostics or a failed JIT/launch, 2 usage, I/O or no GPU. */
#ifndef YUSEC_DRIVER_RUN_H
#define YUSEC_DRIVER_RUN_H

#include <stdbool.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "driver/options.h"
#include "lib/entries.h"
#include "lib/run.h"

/* -v and -###: what the compile hook prints of the run's stages (driver/stages.h). */
typedef struct RunStages {
    bool print;          /* -v, -###: print the stages on stderr */
    bool only;           /* -###: print them and compile nothing */
    const char *ptx_file;  /* --ptx FILE, or NULL */
    bool maybe_cpu;      /* --device=auto: the PTX only when a GPU is usable */
    const char *launch;  /* the last line: entry, grid, device, where the results go */
} RunStages;

/* What main.c's compile hook hands back. */
typedef struct RunCompiled {
    bool want_ptx;       /* in: false when --ptx brings the PTX (the plugin is not needed) */
    RunStages stages;    /* in */
    IrModule *module;    /* out: the module after the PTX pass pipeline; run frees it */
    StrBuf ptx;          /* out: the -emit-ptx text (when want_ptx) */
    LibEntryTable entries;  /* out: the module's typed entry table (allocated from `arena`) */
    /* out: the source files the module's spans point into (the executor reports faults at
     * them); `sources` and `entries` allocate from `arena`, which run frees. */
    bool has_sources;
    Arena arena;
    SourceMap sources;
    /* out: the compile's diagnostics engine (its sources are `sources`), configured by the
     * options, whose format -fdiagnostics-format= chose; run reports through it and finishes
     * it (one SARIF log for the compile and the run). */
    bool has_diag;
    DiagEngine diag;
} RunCompiled;

/* Builds the module and, when asked, its PTX exactly as -emit-ptx does, reporting
 * diagnostics on stderr; returns the exit status (0 when `out` was filled; with
 * stages.only, 0 after printing the stages, nothing built). */
typedef int (*RunCompileFn)(const Options *options, const char *argv0, RunCompiled *out);

/* The whole `run` command: argv as main() got it (argv[1] is "run"). */
int driver_run(int argc, char **argv, RunCompileFn compile);

/* driver_run with a batch's session (lib/run.h): a GPU run uses (and, when it has none,
 * opens) its context. */
int driver_run_in(int argc, char **argv, RunCompileFn compile, LibRunSession *session);

#endif
