/* The call scope: what makes a failed allocation end one call of the library instead of the
 * host process, in the Embedded builds (the C library, its ARM and Android builds, the
 * WebAssembly module).
 *
 * Embedded Swift's runtime allocates every object, array and string with posix_memalign and
 * stops the process when that fails: it cannot report the failure to the code that asked. So
 * these builds are linked with --wrap for the C library's allocation functions and the pthread
 * mutex (CMakeLists.txt: TC_CALL_SCOPE_WRAP_FLAGS), and the definitions here stand between the
 * library's code and the C library:
 *
 *   - every block the library allocates carries a header of two words before the bytes it is
 *     given, and inside a call (tc_call_scope_run: the ABI's boundary runs every call in one)
 *     the header links the block into the call's list until it is freed, so that following or
 *     leaving the list costs a few stores and no search; each mutex the call locks is kept in
 *     a list of its own until it is unlocked;
 *   - when an allocation fails inside a call, the blocks still in its list are freed, the mutexes
 *     still held are unlocked, and the call is left at once: natively with __builtin_longjmp
 *     back to tc_call_scope_run, which returns 0 (the boundary answers NULL); in WebAssembly,
 *     which has no longjmp, with a trap, after which the host calls tc_wasm_recover (the
 *     JavaScript binding does) and the instance goes on.
 *
 * What the jump skips of the Swift code in between is sound because the library holds nothing
 * else across an allocation: its memory is in the list; the repair registry's mutex is too (its
 * set allocates before it changes, and what it keeps leaves the call's list at once:
 * tc_call_scope_keep); the
 * lazily initialized globals, which a jump would leave "being initialized" forever, are made
 * by tc_call_scope_prepare before the rules that read them run, with the runtime's failed
 * allocations served from a static reserve there; the time zone database, too large for that,
 * is published only once complete (tc_call_scope_lazy).
 *
 * A block the call still holds when it ends (its response) leaves the list then; one allocated
 * outside a call, or while preparing, is in no list. Every block freed or resized through the
 * library has such a header: the library's responses are freed with tc_string_free, never by
 * the host's free.
 *
 * On arm64 a heap pointer may carry a tag in its top byte: Android 11 and later give an app's
 * every block 0xB4 there (top-byte-ignore), and hardware memory tagging (MTE) a random tag in
 * bits 56-59. Swift's arm64 layout outside Android keeps its own bits in bits 60-63 of an
 * object reference (a String's discriminator, a bridge object's tags, the runtime's immortal
 * bit), so a tag there would be read as Swift's and the first retain of such an object traps.
 * The library is given every block with bits 60-63 clear (POINTER_TAG_BITS below: MTE's bits
 * 56-59 stay, as its checks need), and its header keeps the cleared bits, so that free and
 * realloc get back exactly the pointer the C library gave (bionic aborts on any other).
 *
 * The scope lives in tc_call_scope_run's frame, and the thread finds it through one
 * thread-local pointer (a pthread key on Android, whose API 28 has no ELF TLS: the cross
 * builds compile this file a second time with TC_THREAD_KEYS for it). Outside a call (the
 * command-line tool has no boundary) nothing is tracked, and a failed allocation of the
 * runtime stops the process as the runtime does, with a message first. */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if !defined(__wasm__)
#include <pthread.h>
#endif

#include "include/tc_call_scope.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *block, size_t size);
void __real_free(void *block);
void *__wrap_malloc(size_t size);
void __wrap_free(void *block);
#if !defined(__wasm__)
int __real_pthread_mutex_lock(pthread_mutex_t *mutex);
int __real_pthread_mutex_unlock(pthread_mutex_t *mutex);
#endif

/* ---- the reserve: what preparing takes when memory is short --------------------------------- */

/* More than every global tc_call_scope_prepare makes takes (the allocation-failure test fails
 * every allocation of each method's first call in a fresh process, so the reserve serves them
 * all). Untouched pages of it cost no memory. */
#define RESERVE_BYTES (64 * 1024)
static unsigned char reserve[RESERVE_BYTES] __attribute__((aligned(64)));
static size_t reserve_used; /* only while preparing, which one thread does at a time */

static void *from_reserve(size_t size, size_t alignment) {
    size_t start = (reserve_used + alignment - 1) & ~(alignment - 1);
    if (start > RESERVE_BYTES || size > RESERVE_BYTES - start) return NULL;
    reserve_used = start + (size > 0 ? size : 1);
    return reserve + start;
}

static int in_reserve(const void *block) {
    const unsigned char *byte = block;
    return byte >= reserve && byte < reserve + RESERVE_BYTES;
}

/* ---- the blocks' headers and the call's list ------------------------------------------------- */

/* Before every block the library is given: its neighbours in the call's list (`next` NULL: in
 * none). Bit 0 of `previous` marks a block aligned more than malloc aligns, whose start the
 * word before the header holds; otherwise the block starts at its header, and the bits of
 * POINTER_TAG_BITS in `previous` are those of the pointer the C library gave for it (the
 * neighbour's address in the rest of the word has them clear). A list is circular, around a
 * header in the scope. */
struct header {
    uintptr_t previous;
    struct header *next;
};

#define HEADER_BYTES sizeof(struct header) /* 2 words: what malloc aligns to everywhere */
_Static_assert(sizeof(struct header) == TC_CALL_SCOPE_HEADER_WORDS * sizeof(void *), "the header is the words tc_call_scope.h states");
#define REALIGNED ((uintptr_t)1)
#if defined(__aarch64__)
#define POINTER_TAG_BITS ((uintptr_t)0xF << 60) /* Swift's bits of a reference on arm64 */
#else
#define POINTER_TAG_BITS ((uintptr_t)0) /* no tags: the code below compiles to what it was */
#endif
#define HEADER_BITS (REALIGNED | POINTER_TAG_BITS) /* `previous`'s bits that are not a link */

static inline struct header *header_of(void *block) { return (struct header *)((unsigned char *)block - HEADER_BYTES); }
static inline void *bytes_of(struct header *header) { return (unsigned char *)header + HEADER_BYTES; }
static inline struct header *previous_of(const struct header *header) { return (struct header *)(header->previous & ~HEADER_BITS); }
/* The header of a block the C library gave at `start`, with its tag cleared. */
static inline struct header *untagged_header(void *start) { return (struct header *)((uintptr_t)start & ~POINTER_TAG_BITS); }
/* What the C library gave for the block whose header is `header`: what free and realloc take. */
static inline void *start_of(struct header *header) {
    if (header->previous & REALIGNED) return ((void **)header)[-1];
    return (void *)((uintptr_t)header | (header->previous & POINTER_TAG_BITS));
}

static inline void empty_list(struct header *list) {
    list->previous = (uintptr_t)list;
    list->next = list;
}

static inline void link_block(struct header *list, struct header *header) {
    struct header *next = list->next;
    header->next = next;
    header->previous = (uintptr_t)list | (header->previous & HEADER_BITS);
    next->previous = (uintptr_t)header | (next->previous & HEADER_BITS);
    list->next = header;
}

static inline void unlink_block(struct header *header) {
    struct header *previous = previous_of(header), *next = header->next;
    previous->next = next;
    next->previous = (uintptr_t)previous | (next->previous & HEADER_BITS);
    header->next = NULL;
}

/* Takes every block out of `list`: they outlive the call. */
static void keep_all(struct header *list) {
    struct header *header = list->next;
    while (header != list) {
        struct header *next = header->next;
        header->next = NULL;
        header = next;
    }
    empty_list(list);
}

/* Frees every block of `list`. */
static void free_all(struct header *list) {
    struct header *header = list->next;
    while (header != list) {
        struct header *next = header->next;
        __real_free(start_of(header));
        header = next;
    }
    empty_list(list);
}

/* ---- the scope ------------------------------------------------------------------------------- */

#define HELD_MUTEXES 4 /* the library holds one at a time */

struct scope {
    void *exit[5];          /* __builtin_setjmp's buffer */
    int preparing;          /* in tc_call_scope_prepare: nothing is listed, the reserve backs it */
    struct header *list;    /* where new blocks go: &blocks, or &building in tc_call_scope_lazy */
    struct header blocks;   /* the call's */
    struct header building; /* tc_call_scope_lazy's build's, kept when it returns */
#if !defined(__wasm__)
    pthread_mutex_t *held[HELD_MUTEXES];
    int held_count;
#endif
};

#if defined(__wasm__)
/* One thread. */
static struct scope *current;
static struct scope *current_scope(void) { return current; }
static void set_current_scope(struct scope *scope) { current = scope; }
/* Set when a failed allocation trapped, for tc_wasm_recover. */
static struct scope *failed_scope;
#elif defined(TC_THREAD_KEYS)
static pthread_key_t current_key;
static pthread_once_t current_key_once = PTHREAD_ONCE_INIT;
static int current_key_ready;
static void make_current_key(void) { current_key_ready = pthread_key_create(&current_key, NULL) == 0; }
static struct scope *current_scope(void) {
    return __atomic_load_n(&current_key_ready, __ATOMIC_ACQUIRE) ? pthread_getspecific(current_key) : NULL;
}
static void set_current_scope(struct scope *scope) { pthread_setspecific(current_key, scope); }
#else
/* (initial-exec: one word of static TLS, read without a call; glibc keeps room for it in
   libraries loaded with dlopen.) */
static __thread struct scope *current __attribute__((tls_model("initial-exec")));
static struct scope *current_scope(void) { return current; }
static void set_current_scope(struct scope *scope) { current = scope; }
#endif

/* An allocation failed inside the call: free what it holds, unlock its mutexes, leave it. */
__attribute__((noreturn, noinline)) static void unwind(struct scope *scope) {
    set_current_scope(NULL);
#if defined(__wasm__)
    failed_scope = scope; /* the host recovers with tc_wasm_recover */
    __builtin_trap();
#else
    free_all(&scope->building);
    free_all(&scope->blocks);
    while (scope->held_count > 0) __real_pthread_mutex_unlock(scope->held[--scope->held_count]);
    __builtin_longjmp(scope->exit, 1);
#endif
}

/* The body between a setjmp and its longjmp, in a function of its own as __builtin_setjmp
   needs; nothing of this frame is read after the jump. */
__attribute__((noinline)) static int run(struct scope *scope, void (*body)(void *), void *context) {
#if !defined(__wasm__)
    if (__builtin_setjmp(scope->exit) != 0) return 0;
#endif
    set_current_scope(scope);
    body(context);
    set_current_scope(NULL);
    keep_all(&scope->blocks);
    return 1;
}

int tc_call_scope_run(void (*body)(void *), void *context) {
    struct scope scope;
#if defined(TC_THREAD_KEYS)
    pthread_once(&current_key_once, make_current_key);
    if (!__atomic_load_n(&current_key_ready, __ATOMIC_ACQUIRE)) return 0;
#endif
    scope.preparing = 0;
    empty_list(&scope.blocks);
    empty_list(&scope.building);
    scope.list = &scope.blocks;
#if !defined(__wasm__)
    scope.held_count = 0;
#endif
    return run(&scope, body, context);
}

void tc_call_scope_keep(void) {
    struct scope *scope = current_scope();
    if (scope != NULL) keep_all(&scope->blocks);
}

/* ---- preparing globals, and publishing one ---------------------------------------------------- */

int tc_call_scope_prepared[TC_CALL_SCOPE_PREPARED];
#if !defined(__wasm__)
static pthread_mutex_t preparing_mutex = PTHREAD_MUTEX_INITIALIZER;
#endif

void tc_call_scope_prepare(unsigned index, void (*make)(unsigned)) {
    struct scope *scope;
    if (index >= TC_CALL_SCOPE_PREPARED || __atomic_load_n(&tc_call_scope_prepared[index], __ATOMIC_ACQUIRE)) return;
    scope = current_scope();
#if !defined(__wasm__)
    __real_pthread_mutex_lock(&preparing_mutex);
#endif
    if (!tc_call_scope_prepared[index]) {
        if (scope != NULL) scope->preparing = 1;
        make(index);
        if (scope != NULL) scope->preparing = 0;
        __atomic_store_n(&tc_call_scope_prepared[index], 1, __ATOMIC_RELEASE);
    }
#if !defined(__wasm__)
    __real_pthread_mutex_unlock(&preparing_mutex);
#endif
}

void *tc_call_scope_lazy(void **slot, void *(*build)(void), void (*discard)(void *)) {
    void *value = __atomic_load_n(slot, __ATOMIC_ACQUIRE), *expected = NULL;
    struct scope *scope;
    if (value != NULL) return value;
    scope = current_scope();
    if (scope != NULL) scope->list = &scope->building;
    value = build();
    if (scope != NULL) {
        keep_all(&scope->building); /* they are the global's now */
        scope->list = &scope->blocks;
    }
    if (!__atomic_compare_exchange_n(slot, &expected, value, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        discard(value); /* another thread published first */
        value = expected;
    }
    return value;
}

void tc_call_scope_out_of_memory(void) {
    struct scope *scope = current_scope();
    if (scope != NULL && !scope->preparing) unwind(scope);
}

#if defined(__wasm__)
/* The host's buffers (requests, method names), as the module exports them: the library's
 * allocation (a block with its header, in no call's list), so that every block is freed the same
 * way. */
__attribute__((export_name("malloc"))) void *tc_wasm_malloc(size_t size) { return __wrap_malloc(size); }
__attribute__((export_name("free"))) void tc_wasm_free(void *block) { __wrap_free(block); }

/* Exported to the host: after a trap inside a call, whether it was a failed allocation, now
 * cleaned up (the call's blocks freed); the host then resets the stack pointer and goes on.
 * 0: another trap, after which the instance is not to be trusted. */
__attribute__((export_name("tc_wasm_recover"))) int tc_wasm_recover(void) {
    struct scope *scope = failed_scope;
    if (scope == NULL) return 0;
    failed_scope = NULL;
    free_all(&scope->building);
    free_all(&scope->blocks);
    return 1;
}
#endif

/* ---- the wrapped allocation functions -------------------------------------------------------- */

#define LIKELY(condition) __builtin_expect(!!(condition), 1)
#define UNLIKELY(condition) __builtin_expect(!!(condition), 0)

void __wrap_free(void *block);

static const size_t malloc_alignment = HEADER_BYTES; /* what malloc guarantees everywhere */

/* No block could be had for `size` bytes: inside a call, the call ends; while preparing, the
   reserve serves it (without a header: the reserve's blocks are told apart by their address);
   outside a call, NULL. */
__attribute__((noinline)) static void *unavailable(size_t size, size_t alignment) {
    struct scope *scope = current_scope();
    if (scope == NULL) return NULL;
    if (scope->preparing) return from_reserve(size, alignment);
    unwind(scope);
}

/* A block whose header is at `header` (NULL: none could be had), given to the library: in the
   call's list inside a call, in none otherwise. */
static inline __attribute__((always_inline)) void *admitted(struct header *header, size_t size, size_t alignment) {
    struct scope *scope;
    if (UNLIKELY(header == NULL)) return unavailable(size, alignment);
    scope = current_scope();
    if (LIKELY(scope != NULL && !scope->preparing)) {
        link_block(scope->list, header);
    } else {
        header->next = NULL;
    }
    return bytes_of(header);
}

/* malloc's block of `size` bytes with its header (inlined in posix_memalign too, through which
   the runtime allocates every object). */
static inline __attribute__((always_inline)) void *allocate(size_t size) {
    void *start = size <= SIZE_MAX - HEADER_BYTES ? __real_malloc(size + HEADER_BYTES) : NULL;
    struct header *header = untagged_header(start);
    if (header != NULL) header->previous = (uintptr_t)start & POINTER_TAG_BITS;
    return admitted(header, size, malloc_alignment);
}

void *__wrap_malloc(size_t size) { return allocate(size); }

void *__wrap_calloc(size_t count, size_t size) {
    void *start;
    struct header *header;
    if (size != 0 && count > (SIZE_MAX - HEADER_BYTES) / size) return NULL; /* no such block */
    start = __real_calloc(1, count * size + HEADER_BYTES);
    header = untagged_header(start);
    /* (calloc cleared `previous`: only a tag to record) */
    if (POINTER_TAG_BITS != 0 && header != NULL) header->previous = (uintptr_t)start & POINTER_TAG_BITS;
    return admitted(header, count * size, malloc_alignment);
}

/* realloc of a block the library has (not NULL). */
__attribute__((noinline)) static void *resize(void *block, size_t size) {
    struct header *header, *resized;
    void *start;
    struct scope *scope;
    int listed;
    if (in_reserve(block)) { /* made while preparing: moved to a block of its own */
        size_t available = (size_t)(reserve + RESERVE_BYTES - (unsigned char *)block);
        void *moved = __wrap_malloc(size);
        if (moved != NULL) memcpy(moved, block, size < available ? size : available);
        return moved;
    }
    header = header_of(block);
    if (header->previous & REALIGNED) { /* (the library never resizes one: kept for soundness) */
        void *given = start_of(header), *moved = __wrap_malloc(size);
        size_t available = malloc_usable_size(given) - (size_t)((uintptr_t)block - ((uintptr_t)given & ~POINTER_TAG_BITS));
        if (moved != NULL) {
            memcpy(moved, block, size < available ? size : available);
            __wrap_free(block);
        }
        return moved;
    }
    listed = header->next != NULL;
    if (listed) unlink_block(header);
    start = size <= SIZE_MAX - HEADER_BYTES ? __real_realloc(start_of(header), size + HEADER_BYTES) : NULL;
    resized = untagged_header(start);
    scope = current_scope();
    if (resized == NULL) {
        void *moved;
        if (listed) link_block(scope->list, header); /* still the call's, freed with the rest */
        if (scope == NULL || !scope->preparing) return unavailable(size, malloc_alignment);
        moved = from_reserve(size, malloc_alignment); /* while preparing */
        if (moved != NULL) {
            size_t available = malloc_usable_size(start_of(header)) - HEADER_BYTES;
            memcpy(moved, block, size < available ? size : available);
            __wrap_free(block);
        }
        return moved;
    }
    /* (realloc copied the header, whose link is made again next: only the tag can be new) */
    if (POINTER_TAG_BITS != 0) resized->previous = (uintptr_t)start & POINTER_TAG_BITS;
    if (listed) link_block(scope->list, resized);
    return bytes_of(resized);
}

/* (The wire layer allocates its buffers with realloc(NULL, size): malloc's path inline.) */
void *__wrap_realloc(void *block, size_t size) {
    if (LIKELY(block == NULL)) return allocate(size);
    return resize(block, size);
}

void __wrap_free(void *block) {
    struct header *header;
    if (block == NULL || in_reserve(block)) return; /* the reserve is never given back */
    header = header_of(block);
    if (header->next != NULL) unlink_block(header);
    __real_free(start_of(header));
}

/* The runtime's allocation failed outside a call (the tool), or with the reserve spent: the
 * runtime stops the process; say why first. */
__attribute__((noinline)) static int refused(void) {
    static const char message[] = "TournamentCore: Could not allocate memory (the Swift runtime stops the process).\n";
    ssize_t ignored = write(STDERR_FILENO, message, sizeof message - 1);
    (void)ignored;
    return ENOMEM;
}

/* posix_memalign for an alignment past malloc's: aligned_alloc, with room for the header and the
 * block's start before the bytes. */
__attribute__((noinline)) static int allocate_aligned(void **result, size_t alignment, size_t size) {
    size_t rounded = (size + alignment - 1) / alignment * alignment + alignment;
    unsigned char *start = rounded > size ? aligned_alloc(alignment, rounded) : NULL;
    struct header *header = start != NULL ? untagged_header(start + alignment - HEADER_BYTES) : NULL;
    void *bytes;
    if (header != NULL) {
        ((void **)header)[-1] = start;
        header->previous = REALIGNED;
    }
    bytes = admitted(header, size, alignment);
    if (bytes == NULL) return refused();
    *result = bytes;
    return 0;
}

/* The Swift runtime's allocation, of every object, array and string: malloc's path inline for
 * the alignments malloc guarantees (all the library asks for), the rest out of line. */
int __wrap_posix_memalign(void **result, size_t alignment, size_t size) {
    void *bytes;
    if (UNLIKELY(alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0)) return EINVAL;
    if (UNLIKELY(alignment > malloc_alignment)) return allocate_aligned(result, alignment, size);
    bytes = allocate(size);
    if (UNLIKELY(bytes == NULL)) return refused();
    *result = bytes;
    return 0;
}

/* ---- the wrapped mutex ----------------------------------------------------------------------- */

#if !defined(__wasm__)
int __wrap_pthread_mutex_lock(pthread_mutex_t *mutex) {
    int result = __real_pthread_mutex_lock(mutex);
    struct scope *scope = result == 0 ? current_scope() : NULL;
    if (scope != NULL && scope->held_count < HELD_MUTEXES) scope->held[scope->held_count++] = mutex;
    return result;
}

int __wrap_pthread_mutex_unlock(pthread_mutex_t *mutex) {
    struct scope *scope = current_scope();
    if (scope != NULL) {
        int index;
        for (index = scope->held_count - 1; index >= 0; index--) {
            if (scope->held[index] == mutex) {
                scope->held[index] = scope->held[--scope->held_count];
                break;
            }
        }
    }
    return __real_pthread_mutex_unlock(mutex);
}
#endif
