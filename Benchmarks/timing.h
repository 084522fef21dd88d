/* The clock and the median's sort, shared by the benchmark harnesses (benchmark.c, compare.c). */
#ifndef TC_TIMING_H
#define TC_TIMING_H

#include <time.h>

/* Monotonic seconds. */
static inline double now_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

/* qsort's comparison of doubles, ascending. */
static inline int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#endif
