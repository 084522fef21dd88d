/* A malloc for LD_PRELOAD that fails the allocations the library makes, when asked: what the
 * Python and Kotlin tests use to see a failed allocation inside the library become their
 * out-of-memory error (and the next call answered as ever), with the interpreter's and the
 * JVM's own allocations untouched.
 *
 *   tc_test_fail_allocations(k, from_on)  the k-th allocation the library makes from now on
 *                                         fails (from_on: and every one after it), until
 *   tc_test_stop_failing()                says otherwise;
 *   tc_test_library_allocations()         how many the library has made while asked (with k
 *                                         past them all: counted, none failed).
 *
 * An allocation is the library's when the code that asked for it is in a file whose name has
 * "libtournamentcore" in it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static int armed; /* from tc_test_fail_allocations to tc_test_stop_failing: nothing is looked at otherwise */
static long countdown = -1;
static int failing_on, failing;
static unsigned long long library_allocations;

void tc_test_fail_allocations(long k, int from_on) {
    library_allocations = 0;
    armed = 1;
    countdown = k;
    failing_on = from_on;
    failing = 0;
}

void tc_test_stop_failing(void) {
    armed = 0;
    countdown = -1;
    failing_on = failing = 0;
}

unsigned long long tc_test_library_allocations(void) { return library_allocations; }

/* Whether the allocation asked for from `caller` fails. */
static int fails(const void *caller) {
    Dl_info info;
    if (!armed) return 0;
    if (dladdr(caller, &info) == 0 || info.dli_fname == NULL || strstr(info.dli_fname, "libtournamentcore") == NULL) return 0;
    library_allocations++;
    if (!failing) {
        if (countdown < 0 || countdown-- != 0) return 0;
        failing = failing_on;
    }
    errno = ENOMEM;
    return 1;
}

void *malloc(size_t size) { return fails(__builtin_return_address(0)) ? NULL : __libc_malloc(size); }
void *calloc(size_t count, size_t size) { return fails(__builtin_return_address(0)) ? NULL : __libc_calloc(count, size); }
void *realloc(void *block, size_t size) { return fails(__builtin_return_address(0)) ? NULL : __libc_realloc(block, size); }
void *aligned_alloc(size_t alignment, size_t size) { return fails(__builtin_return_address(0)) ? NULL : __libc_memalign(alignment, size); }
