/* libyusec's target identifiers (include/yusec/yusec.h includes this header). The one id of
 * a target in the whole of yusec: the public API, the library, the command line, the language
 * server and the target registry (targets/registry.h) all use it. Self-contained on purpose:
 * the compiler's stages include it without the rest of the public API. */
#ifndef YUSEC_TARGET_H
#define YUSEC_TARGET_H

typedef enum yusec_target {
    YUSEC_TARGET_WGSL = 0,
    YUSEC_TARGET_MSL = 1,
    YUSEC_TARGET_PTX = 2,
    YUSEC_TARGET_COUNT = 3
} yusec_target;

#endif
