/* What the Android libraries add to the Linux objects they are linked from (cmake/android.cmake).
 *
 * The Swift modules and embedded/runtime.c are compiled once per CPU against glibc's headers,
 * and the Android library of that CPU is the same objects linked against bionic. Where glibc's
 * headers make the objects call a function by a name bionic does not have, it is defined here
 * over bionic's own, hidden (the version script exports tc_* only). Everything else the objects
 * take from the headers was compared with bionic's headers and is the same on both (docs/
 * ANDROID.md: the kernel's constants, LC_ALL_MASK, struct timespec, pthread_mutex_t no smaller
 * than bionic's, the stack guard), and scripts/android.py checks every symbol the library
 * still needs against bionic's public list at the chosen API level.
 *
 * No header is included: none of bionic's is on the machines that build this, and a glibc one
 * would be the wrong one. */

typedef __SIZE_TYPE__ tc_size_t;

/* glibc's errno macro reads *__errno_location(); bionic's, *__errno(): both the calling
 * thread's errno. */
extern int *__errno(void);
__attribute__((visibility("hidden"))) int *__errno_location(void) { return __errno(); }

/* LLVM calls bcmp for a memcmp whose result is only compared with zero, on Linux targets that
 * have it (glibc does, bionic does not). */
extern int memcmp(const void *left, const void *right, tc_size_t count);
__attribute__((visibility("hidden"))) int bcmp(const void *left, const void *right, tc_size_t count) {
    return memcmp(left, right, count);
}

#if defined(__aarch64__)
/* arm64: Android reserves x18 (the shadow call stack's pointer), and the library's own code is
 * compiled with it reserved (-ffixed-x18). One function it links is not: the toolchain's prebuilt
 * Unicode tables (libswiftUnicodeDataTables.a, built for bare-metal arm64, where x18 is an
 * ordinary register) use it as a scratch register in _swift_stdlib_getMphIdx, the perfect-hash
 * lookup of NFC normalization (non-ASCII text compared, hashed or searched). cmake/android.cmake
 * renames that definition to tc_prebuilt_swift_stdlib_getMphIdx, and this wrapper, which its
 * callers now reach, saves x18 before it and restores it after: nothing the library returns to
 * sees x18 changed. What remains (docs/ANDROID.md): during those instructions x18 holds a hash
 * constant, so a signal handler built with the shadow call stack that interrupted exactly them
 * would fault. scripts/android.py allows x18 in these two functions only. */
__asm__(
    ".text\n"
    ".p2align 2\n"
    ".globl _swift_stdlib_getMphIdx\n"
    ".hidden _swift_stdlib_getMphIdx\n"
    ".type _swift_stdlib_getMphIdx, %function\n"
    "_swift_stdlib_getMphIdx:\n"
    "    stp x29, x30, [sp, #-32]!\n"
    "    mov x29, sp\n"
    "    str x18, [sp, #16]\n"
    "    bl tc_prebuilt_swift_stdlib_getMphIdx\n"
    "    ldr x18, [sp, #16]\n"
    "    ldp x29, x30, [sp], #32\n"
    "    ret\n"
    ".size _swift_stdlib_getMphIdx, . - _swift_stdlib_getMphIdx\n");
#endif
