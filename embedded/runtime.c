/* The Swift runtime entry points the core uses that Embedded Swift's standard library leaves
 * to the platform, written over the C library.
 * Linked into the Embedded builds only (the C library and the tool on Linux, the WebAssembly
 * module); SwiftPM builds have the full runtime's.
 *
 *   swift_stdlib_random            what BatchedSystemRandom fills its words from (getrandom on
 *                                  Linux, WASI's random_get through getentropy on WebAssembly);
 *   _swift_stdlib_strtod_clocale   what Double(String) parses with: the C library's strtod in
 *                                  the "C" locale, whatever the host process set;
 *   arc4random_buf                 what the standard library seeds hashing with; glibc has it
 *                                  from 2.36 only, so on Linux it is defined here over
 *                                  getrandom (2.25), and the library loads on older systems
 *                                  (it is not exported: the version script keeps tc_* only).
 * The allocation every object is made with, posix_memalign, is embedded/call_scope.c's. */
#define _GNU_SOURCE
#include <errno.h>
#include <locale.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "include/tc_call_scope.h"
#if defined(__linux__)
#include <sys/random.h>
#endif

/* Fills `count` bytes at `buffer` from the system's secure generator, retrying on
 * interruption as the full runtime does; a generator that fails otherwise (no such system call)
 * ends the process, as it does there. */
void swift_stdlib_random(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    while (count > 0) {
#if defined(__linux__)
        ssize_t got = getrandom(bytes, count, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            abort();
        }
        size_t filled = (size_t)got;
#else
        size_t filled = count < 256 ? count : 256; /* getentropy's largest request */
        if (getentropy(bytes, filled) != 0) abort();
#endif
        bytes += filled;
        count -= filled;
    }
}

/* Parses a double at `text` into `*result`: the end of what was read, or NULL when nothing was. */
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end = NULL;
#if defined(__linux__)
    locale_t c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (c_locale == (locale_t)0) {
        tc_call_scope_out_of_memory(); /* what it fails for: inside a call, that ends the call */
        return NULL;
    }
    *result = strtod_l(text, &end, c_locale);
    freelocale(c_locale);
#else
    *result = strtod(text, &end); /* WASI's C library has the "C" locale only */
#endif
    return end == text ? NULL : end;
}

#if defined(__linux__) && !defined(__ANDROID__)
void arc4random_buf(void *buffer, size_t count) { swift_stdlib_random(buffer, count); }
#endif

#if defined(__wasm__)
/* 128-bit multiplication, which LLVM calls for Swift's multipliedFullWidth on 64-bit words
 * (the number conversions) and which WASI's C library, unlike a native compiler runtime, does
 * not provide: the low 128 bits of a × b, from four 64-bit products. */
__int128 __multi3(__int128 a, __int128 b) {
    unsigned __int128 x = (unsigned __int128)a, y = (unsigned __int128)b;
    uint64_t x0 = (uint64_t)x, x1 = (uint64_t)(x >> 64), y0 = (uint64_t)y, y1 = (uint64_t)(y >> 64);
    uint64_t a0 = x0 & 0xffffffffu, a1 = x0 >> 32, b0 = y0 & 0xffffffffu, b1 = y0 >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    uint64_t low = (middle << 32) | (p00 & 0xffffffffu);
    uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + x0 * y1 + x1 * y0;
    return (__int128)(((unsigned __int128)high << 64) | low);
}
#endif
