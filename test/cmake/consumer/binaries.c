/* The cubin and fatbin yusec_add_shaders embedded (FORMATS cubin fatbin), for test_consumer.sh. */
#include <stdio.h>
#include <string.h>

#include "binaries_shaders.h"

int main(void) {
    const binaries_shader *s = &binaries_shaders[0];
    const binaries_binary *cubin = &s->cubin_by_arch[0], *fatbin = &s->fatbin_by_arch[0];
    unsigned magic = (unsigned)fatbin->bytes[0] | (unsigned)fatbin->bytes[1] << 8 |
                     (unsigned)fatbin->bytes[2] << 16 | (unsigned)fatbin->bytes[3] << 24;
    printf("%s %s cubin=%s fatbin=%s\n", s->name, binaries_archs[0],
           cubin->size > 64 && memcmp(cubin->bytes, "\x7f" "ELF", 4) == 0 ? "elf" : "bad",
           fatbin->size > 64 && magic == 0xba55ed50u ? "fatbin" : "bad");
    return 0;
}
