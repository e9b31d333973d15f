/* yusec --version: the release, the source revision it was built from and the LLVM the PTX
 * plugin runs on. */
#ifndef YUSEC_DRIVER_VERSION_H
#define YUSEC_DRIVER_VERSION_H

#include <stdio.h>

void version_print(FILE *out);

#endif
