/* Android's tagged heap, over glibc, for the arm64 runs under qemu-aarch64 (LD_PRELOAD).
 *
 * Since Android 11, bionic's malloc family returns every heap pointer of an app that targets
 * API 30 or later with a tag in its top byte (0xB4: bionic's libc/bionic/
 * malloc_tagged_pointers.h), which loads and stores ignore (arm64's top-byte-ignore), and its
 * free, realloc and malloc_usable_size stop the process when a pointer comes back without that
 * tag ("Pointer tag for 0x... was truncated"). The process has the kernel's tagged-address ABI
 * enabled, so system calls take tagged pointers too. This file does the same over glibc:
 *
 *   - malloc, calloc, realloc, reallocarray, memalign, aligned_alloc, posix_memalign, valloc
 *     and pvalloc return glibc's block with 0xB4 in the top byte;
 *   - free, realloc and malloc_usable_size abort, as bionic does, on a pointer whose top byte is
 *     not 0xB4 (NULL aside), and give glibc the untagged pointer;
 *   - a constructor enables the tagged-address ABI (prctl PR_SET_TAGGED_ADDR_CTRL), as bionic
 *     does at start-up, and the run fails at once if it cannot be had;
 *   - at exit, when TC_TAGGED_HEAP_REPORT is set, it says how many tagged blocks it handed out
 *     and took back, so that a run can show it was tagged (ctest's android runs check it).
 *
 * Whatever the process allocates, glibc's own buffers included, is tagged, as on a phone.
 *
 * Compiled with -DTC_TAGGED_HEAP_MTE, the same file is the run under hardware memory tagging
 * instead (an app with android:memtagMode, on an MTE device): glibc's own malloc tags every
 * block with a random 4-bit tag in bits 56-59 (GLIBC_TUNABLES=glibc.mem.tagging=3, under
 * qemu-aarch64 -cpu max, which emulates MTE with synchronous tag checks, as Android's default
 * "sync" mode), and this file only counts the blocks that carry a tag and says, at exit, how
 * many did and whether tag checks were on, so that a run can show it was tagged. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#ifndef PR_SET_TAGGED_ADDR_CTRL
#define PR_SET_TAGGED_ADDR_CTRL 55
#endif
#ifndef PR_TAGGED_ADDR_ENABLE
#define PR_TAGGED_ADDR_ENABLE (1UL << 0)
#endif

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *block, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void __libc_free(void *block);

#define TAG_MASK ((uintptr_t)0xFF << 56)
#if defined(TC_TAGGED_HEAP_MTE)
#define MTE_TAG_MASK ((uintptr_t)0xF << 56)
#ifndef PR_GET_TAGGED_ADDR_CTRL
#define PR_GET_TAGGED_ADDR_CTRL 56
#endif
#ifndef PR_MTE_TCF_SYNC
#define PR_MTE_TCF_SYNC (1UL << 1)
#endif
#else
#define TAG ((uintptr_t)0xB4 << 56)
#endif

static size_t (*glibc_usable_size)(void *);
static unsigned long tagged_out, tagged_back;

#if !defined(TC_TAGGED_HEAP_MTE)
static void fatal(const char *what, const void *pointer) {
    char message[160];
    int length = snprintf(message, sizeof message,
                          "tagged heap: %s %p was truncated (bionic aborts here: "
                          "https://source.android.com/devices/tech/debug/tagged-pointers)\n",
                          what, pointer);
    if (length > 0) {
        ssize_t ignored = write(STDERR_FILENO, message, (size_t)length);
        (void)ignored;
    }
    abort();
}
#endif

static void *tagged(void *block) {
    if (block == NULL) return NULL;
#if defined(TC_TAGGED_HEAP_MTE)
    if (((uintptr_t)block & MTE_TAG_MASK) != 0) __atomic_fetch_add(&tagged_out, 1, __ATOMIC_RELAXED);
    return block; /* glibc tagged it (or drew tag 0) */
#else
    __atomic_fetch_add(&tagged_out, 1, __ATOMIC_RELAXED);
    return (void *)((uintptr_t)block | TAG);
#endif
}

/* The block glibc knows, from one the process gives back: bionic's MaybeUntagAndCheckPointer
   (under MTE, the pointer as it is: glibc checks its tag against the memory's). */
static void *untagged(const char *what, void *block) {
    if (block == NULL) return NULL;
#if defined(TC_TAGGED_HEAP_MTE)
    (void)what;
    return block;
#else
    if (((uintptr_t)block & TAG_MASK) != TAG) fatal(what, block);
    return (void *)((uintptr_t)block & ~TAG_MASK);
#endif
}

void *malloc(size_t size) { return tagged(__libc_malloc(size)); }
void *calloc(size_t count, size_t size) { return tagged(__libc_calloc(count, size)); }
void *memalign(size_t alignment, size_t size) { return tagged(__libc_memalign(alignment, size)); }
void *aligned_alloc(size_t alignment, size_t size) { return tagged(__libc_memalign(alignment, size)); }
void *valloc(size_t size) { return tagged(__libc_memalign((size_t)sysconf(_SC_PAGESIZE), size)); }

void *pvalloc(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return tagged(__libc_memalign(page, (size + page - 1) / page * page));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    void *block;
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    block = __libc_memalign(alignment, size);
    if (block == NULL) return ENOMEM;
    *result = tagged(block);
    return 0;
}

void free(void *block) {
    if (block == NULL) return;
    __libc_free(untagged("free: pointer tag for", block));
    __atomic_fetch_add(&tagged_back, 1, __ATOMIC_RELAXED);
}

void *realloc(void *block, size_t size) {
    void *resized;
    if (block == NULL) return malloc(size);
    resized = __libc_realloc(untagged("realloc: pointer tag for", block), size);
    if (resized == NULL && size != 0) return NULL; /* the old block stays, tagged */
    __atomic_fetch_add(&tagged_back, 1, __ATOMIC_RELAXED); /* (glibc frees it for size 0) */
    return tagged(resized);
}

void *reallocarray(void *block, size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(block, count * size);
}

size_t malloc_usable_size(void *block) {
    if (block == NULL) return 0;
    return glibc_usable_size(untagged("malloc_usable_size: pointer tag for", block));
}

static void report(void) {
#if defined(TC_TAGGED_HEAP_MTE)
    long control = prctl(PR_GET_TAGGED_ADDR_CTRL, 0, 0, 0, 0);
    fprintf(stderr, "tagged heap (MTE): %lu blocks carried a memory tag, tag checks %s\n",
            __atomic_load_n(&tagged_out, __ATOMIC_RELAXED),
            control >= 0 && (control & (long)PR_MTE_TCF_SYNC) ? "synchronous" : "off");
#else
    fprintf(stderr, "tagged heap: %lu blocks tagged 0xB4, %lu given back\n",
            __atomic_load_n(&tagged_out, __ATOMIC_RELAXED), __atomic_load_n(&tagged_back, __ATOMIC_RELAXED));
#endif
}

__attribute__((constructor)) static void start(void) {
    void *found = dlsym(RTLD_NEXT, "malloc_usable_size");
    if (found != NULL) memcpy(&glibc_usable_size, &found, sizeof found); /* (ISO C: no cast) */
    if (glibc_usable_size == NULL) {
        fputs("tagged heap: no malloc_usable_size in the C library\n", stderr);
        abort();
    }
#if !defined(TC_TAGGED_HEAP_MTE) /* (under MTE, glibc enabled it, with tag checks: kept) */
    if (prctl(PR_SET_TAGGED_ADDR_CTRL, PR_TAGGED_ADDR_ENABLE, 0, 0, 0) != 0) {
        perror("tagged heap: prctl(PR_SET_TAGGED_ADDR_CTRL)");
        abort();
    }
#endif
    if (getenv("TC_TAGGED_HEAP_REPORT") != NULL) atexit(report);
}
