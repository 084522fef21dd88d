/* The C library functions the core calls, for the Embedded Swift builds (see module.modulemap):
 * malloc, realloc, free, memcmp, strnlen, strtod, clock_gettime and, where there are threads,
 * the pthread mutex. */
#ifndef TC_EMBEDDED_LIBC_H
#define TC_EMBEDDED_LIBC_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* strnlen, clock_gettime */
#endif

#include <stdlib.h>
#include <string.h>
#include <time.h>
#if !defined(__wasm__)
#include <pthread.h>
#endif

#endif
