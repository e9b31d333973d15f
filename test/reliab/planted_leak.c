/* Issue 20 item 4: proof that LeakSanitizer really runs in the ASan suite (its tracer can stop
 * the threads here, the options leave detect_leaks on). Built in sanitized builds only; it
 * leaks one block on purpose, so a working LeakSanitizer ends it with a leak report and a
 * non-zero status. cli.reliab fails when it exits 0. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *leaked = malloc(4096);
    if (!leaked) return 2;
    snprintf(leaked, 4096, "泄漏");
    leaked = NULL;  /* the only pointer is gone: a definite leak */
    return 0;
}
