/* Running deep work on a large stack. The tree walks of the compiler recurse once per level
 * of true nesting (parentheses, nested 若, operator chains; docs/language.md §2.9 caps them
 * at 10,000), which needs more than the 8 MiB main-thread stack, above all under
 * AddressSanitizer. The stack is reserved address space: only the pages a walk touches
 * become memory. */
#ifndef YUSEC_BASE_DEEP_STACK_H
#define YUSEC_BASE_DEEP_STACK_H

#include <stdbool.h>
#include <stddef.h>

/* Enough for the nesting limit in every stage, sanitizers included. */
#define DEEP_STACK_BYTES ((size_t)1 << 30)

/* Runs fn(arg) on a thread with a stack of `bytes` and waits for it; false (fn not run) when
 * no such thread can be made. */
bool deep_stack_run(size_t bytes, void (*fn)(void *arg), void *arg);

#endif
