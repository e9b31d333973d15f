/* `yusec run`'s runner: the parameter plan of one compute entry, the given buffers, textures
 * and samplers bound to it, the launch on the GPU (runtime/, the CUDA driver) or on the CPU
 * (exec/, the YIR executor), and the results printed or written to the --out files. The
 * command line (driver/run.c) parses, compiles and calls these in order; every message goes
 * through the diagnostics engine it hands in. Statuses: LIB_RUN_OK, LIB_RUN_FAILED
 * (diagnostics, a failed JIT, launch or execution), LIB_RUN_USAGE (usage, I/O, no GPU). */
#ifndef YUSEC_LIB_RUN_H
#define YUSEC_LIB_RUN_H

#include <stdbool.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/strbuf.h"
#include "entries.h"
#include "run_args.h"

enum { LIB_RUN_OK = 0, LIB_RUN_FAILED = 1, LIB_RUN_USAGE = 2 };

/* What the runs of one batch (driver/run_batch.h) share: the GPU context, opened at the
 * first GPU run and kept while launches succeed (none before that, and after a failed
 * launch, which leaves a context unusable). Allocated from the caller's arena; the caller
 * closes it. */
typedef struct LibRunSession LibRunSession;

LibRunSession *lib_run_session_new(Arena *arena);

/* Closes the session's GPU context, when one is open. */
void lib_run_session_close(LibRunSession *session);

/* --device=auto: whether GPU `device` opens (the session's context, else one opened and
 * closed here); false with the reason in `error` and *no_gpu when there is no usable GPU. */
bool lib_run_gpu_usable(LibRunSession *session, int device, StrBuf *error, bool *no_gpu);

/* `yusec: error: …` through `diag` (text, JSON line or SARIF result). */
void lib_run_error(DiagEngine *diag, DiagId id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* One run of `module` (the PTX pipeline's) as `args` ask, allocated from `arena`, which
 * holds it; `entries` is the module's typed entry table; `has_sources` when the engine's
 * sources are the module's (the executor reports faults at their spans); `session` NULL
 * for a run with its own GPU context. */
typedef struct LibRun LibRun;

LibRun *lib_run_new(Arena *arena, const RunArgs *args, IrModule *module, const LibEntryTable *entries,
                    bool has_sources, DiagEngine *diag, LibRunSession *session);

/* The PTX to launch: --ptx's file (read and checked for NUL bytes), else `own_ptx`. */
int lib_run_load_ptx(LibRun *run, const char *own_ptx);

/* The entry (--entry, or the only compute entry) and its parameter plan; --ptx's text is
 * checked against it. */
int lib_run_plan(LibRun *run);

/* The --buffer data per slot (sizes checked, value types warned about), the lengths
 * buffer, unused inputs warned about, --out bindings checked. */
int lib_run_bind_buffers(LibRun *run);

/* The --texture and --sampler data per texture parameter (docs/runtime.md § Textures). */
int lib_run_bind_textures(LibRun *run);

/* --dry-run: the plan on stdout. */
void lib_run_print_plan(const LibRun *run);

/* Runs on the CPU or the GPU (args->where), then prints the writable buffers on stdout and
 * writes the --out ones. */
int lib_run_execute(LibRun *run);

#endif
