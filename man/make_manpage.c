/* Writes yusec.1 from driver/help.c's table, the one source of --help (build step). */
#include <stdio.h>

#include "driver/help.h"

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: make_manpage VERSION DOCDIR OUT.1\n");
        return 2;
    }
    FILE *out = fopen(argv[3], "w");
    if (!out) {
        perror(argv[3]);
        return 2;
    }
    help_print_man(out, argv[1], argv[2]);
    return fclose(out) == 0 ? 0 : 2;
}
