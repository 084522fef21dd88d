/* An interposed allocator for the programs that measure or break allocations (the benchmark,
 * the allocation-failure test): every allocation of the process, the library's and its Swift
 * runtime's included, goes through these definitions, which count the new blocks in
 * tc_allocations and every call that may fail (growing a block with realloc too) in
 * tc_allocation_calls, and, when tc_malloc_countdown (when not negative) reaches 0, fail that
 * call with ENOMEM (and, when tc_malloc_failing_on is set, every call after it until
 * tc_malloc_failing is cleared). Include it in
 * one translation unit of a program. */
#ifndef TC_MALLOC_INTERPOSER_H
#define TC_MALLOC_INTERPOSER_H

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static unsigned long long tc_allocations;
static unsigned long long tc_allocation_calls;
static long tc_malloc_countdown = -1; /* -1: never fail */
static int tc_malloc_failing_on;       /* when the countdown reaches 0, fail every call from then on */
static int tc_malloc_failing;          /* failing every call (set by the above) */

/* Counts a call that may fail; true when it is the one to fail (or one of them). */
static int tc_allocation_fails(void) {
    tc_allocation_calls++;
    if (!tc_malloc_failing) {
        if (tc_malloc_countdown < 0 || tc_malloc_countdown-- != 0) return 0;
        tc_malloc_failing = tc_malloc_failing_on;
    }
    errno = ENOMEM;
    return 1;
}

void *malloc(size_t size) { tc_allocations++; return tc_allocation_fails() ? NULL : __libc_malloc(size); }
void *calloc(size_t count, size_t size) { tc_allocations++; return tc_allocation_fails() ? NULL : __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) tc_allocations++; /* a new block; growing one is not */
    return tc_allocation_fails() ? NULL : __libc_realloc(pointer, size);
}
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { tc_allocations++; return tc_allocation_fails() ? NULL : __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { tc_allocations++; return tc_allocation_fails() ? NULL : __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    tc_allocations++;
    if (tc_allocation_fails()) return ENOMEM;
    *result = __libc_memalign(alignment, size);
    return *result ? 0 : ENOMEM;
}

#endif
