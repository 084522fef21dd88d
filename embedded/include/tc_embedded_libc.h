/* The C library functions the core and its command-line tool call, for the Embedded Swift
 * builds (see module.modulemap): malloc, realloc, free, memcmp, strnlen, strtod, clock_gettime
 * and, where there are threads, the pthread mutex; the tool's open, read, write, isatty,
 * strerror, exit and errno. Where Swift cannot import a function or macro, an inline
 * function here stands for it. */
#ifndef TC_EMBEDDED_LIBC_H
#define TC_EMBEDDED_LIBC_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* strnlen, clock_gettime */
#endif

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>
#if !defined(__wasm__)
#include <pthread.h>
#endif

/* errno, which Swift cannot import (a macro over a function). */
static inline int tc_errno(void) { return errno; }

/* clock_gettime(CLOCK_REALTIME, time): WASI's CLOCK_REALTIME is a macro over a pointer. */
static inline int tc_clock_realtime(struct timespec *time) { return clock_gettime(CLOCK_REALTIME, time); }

/* open(path, O_RDONLY), which Embedded Swift cannot import (a variadic function). */
static inline int tc_open_for_reading(const char *path) { return open(path, O_RDONLY); }

#endif
