/* The call scope of the Embedded builds (embedded/call_scope.c): a failed allocation inside a
 * call of the library ends that call, not the process. */
#ifndef TC_CALL_SCOPE_H
#define TC_CALL_SCOPE_H

/* Inside the library only (the version script exports tc_*: these are not the API). */
#define TC_SCOPE_INTERNAL __attribute__((visibility("hidden")))

/* Which pointers may be NULL, for Swift (clang's nullability; other compilers ignore it). */
#if defined(__clang__)
#define TC_SCOPE_NONNULL _Nonnull
#define TC_SCOPE_NULLABLE _Nullable
#else
#define TC_SCOPE_NONNULL
#define TC_SCOPE_NULLABLE
#endif

/* Runs `body(context)` as one call of the library on this thread: 1 when it ran to its end, 0
 * when an allocation failed in it (then everything it had allocated is freed, the mutexes it
 * held are unlocked, and the caller answers NULL). Not reentrant: a body does not call it. */
TC_SCOPE_INTERNAL int tc_call_scope_run(void (*TC_SCOPE_NONNULL body)(void *TC_SCOPE_NULLABLE), void *TC_SCOPE_NULLABLE context);

/* Takes every block the running call holds out of its keeping: they outlive it (what the
 * repair registry, a process-wide set, has just taken in). Call it where other threads cannot
 * yet reach them. Outside a call, nothing. */
TC_SCOPE_INTERNAL void tc_call_scope_keep(void);

/* The words of the header the call scope puts before every block it allocates (the library's
 * buffers are sized by it: Sources/TournamentCoreJSON/AllocationSizes.swift). */
#define TC_CALL_SCOPE_HEADER_WORDS 2

/* Number of tc_call_scope_prepare's indexes: one for what every call reads, one per method
 * (LazyGlobalPreparation); scripts/generate-contract.py fails when the registry needs more. */
#define TC_CALL_SCOPE_PREPARED 64

/* Runs `make(index)` once per process for each `index` below TC_CALL_SCOPE_PREPARED, before
 * it returns (to every thread): what makes lazily initialized globals, which a call must not
 * leave half made. The Swift runtime's failed allocations there are served from a static
 * reserve, and its blocks are not the call's. */
TC_SCOPE_INTERNAL void tc_call_scope_prepare(unsigned index, void (*TC_SCOPE_NONNULL make)(unsigned));

/* Whether each index has been prepared; tc_call_scope_prepare_once reads it inline. */
extern TC_SCOPE_INTERNAL int tc_call_scope_prepared[TC_CALL_SCOPE_PREPARED];

/* tc_call_scope_prepare, with the common case (prepared already) inline. */
static inline void tc_call_scope_prepare_once(unsigned index, void (*TC_SCOPE_NONNULL make)(unsigned)) {
    if (index >= TC_CALL_SCOPE_PREPARED || !__atomic_load_n(&tc_call_scope_prepared[index], __ATOMIC_ACQUIRE)) {
        tc_call_scope_prepare(index, make);
    }
}

/* A global made on first use and published only once complete: what `*slot` holds, or, when it
 * is NULL, what `build()` makes (never NULL), published in `*slot` unless another thread
 * published first (then that one is returned and `discard` is given this one). The blocks
 * `build` allocates are no longer the call's once it returns; when one fails, the call ends and
 * `*slot` is unchanged. */
TC_SCOPE_INTERNAL void *TC_SCOPE_NONNULL tc_call_scope_lazy(
    void *TC_SCOPE_NULLABLE *TC_SCOPE_NONNULL slot, void *TC_SCOPE_NONNULL (*TC_SCOPE_NONNULL build)(void),
    void (*TC_SCOPE_NONNULL discard)(void *TC_SCOPE_NONNULL));

/* What a function of the C library that failed for want of memory calls (the locale the
 * runtime's strtod makes): inside a call, the call ends as when an allocation fails; outside
 * one, it returns. */
TC_SCOPE_INTERNAL void tc_call_scope_out_of_memory(void);

#endif
