/* Sanitizer defaults baked into sanitized builds of yusec (the asan and fuzz presets), so a
 * run by hand behaves like the test suite's; ASAN_OPTIONS still overrides them.
 *
 * intercept_tls_get_addr=0: the PTX plugin dlopens libLLVM, whose TLS segment is then a
 * dynamic TLS block that glibc mallocs. The __tls_get_addr interceptor of GCC ≤ 13's (and
 * LLVM ≤ 16's) runtime takes a block whose start lies 16 bytes into a page for one carrying
 * the glibc-2.19 header and reads the two words before it as its bounds; glibc ≥ 2.25 has no
 * such header, so when the allocation lands there by chance, LeakSanitizer's tracer walks a
 * garbage range and dies ("Tracer caught signal 11") after a correct run, which then exits 1.
 * Which inputs hit it depends only on the heap layout (issue 20 saw it on -emit-gen of 半精度
 * and 常量算术). Leak checking stays on; only dynamic TLS is no longer scanned as roots. */
#if defined(__SANITIZE_ADDRESS__)
#define YUSEC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define YUSEC_ASAN 1
#endif
#endif

#ifdef YUSEC_ASAN
/* Exported although the build hides symbols by default: the sanitizer runtime (a shared
 * library) looks the hook up in the executable's dynamic symbol table. */
__attribute__((visibility("default"))) const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "intercept_tls_get_addr=0"; }
#else
/* ISO C wants a translation unit to declare something. */
typedef int yusec_sanitizer_options_unused;
#endif
