/*
 * native-timer: the native library's time per call, on request, for a harness in another
 * language that interleaves its own timings with the native ones in one run
 * (Benchmarks/javascript.mjs).
 *
 *   native-timer LIBRARY
 *
 * Reads lines `METHOD MILLISECONDS FILE` on standard input; for each, calls tc_call_n(METHOD,
 * the file's bytes) for about MILLISECONDS and writes one line: the mean nanoseconds per call
 * (freeing each response), or `error ...` when the file cannot be read or a call returns NULL.
 * The file's bytes are read once and kept, as a host keeps its request.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_file.h"
#include "timing.h"

typedef char *(*call_n_fn)(const char *, const char *, size_t, size_t *);
typedef void (*free_fn)(char *);

struct cached {
    char *path;
    char *bytes;
    size_t length;
};

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s LIBRARY  (then lines: METHOD MILLISECONDS FILE)\n", argv[0]);
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "native-timer: %s\n", dlerror());
        return 1;
    }
    call_n_fn call_n = (call_n_fn)dlsym(library, "tc_call_n");
    free_fn release = (free_fn)dlsym(library, "tc_string_free");
    if (!call_n || !release) {
        fprintf(stderr, "native-timer: %s has no tc_call_n or tc_string_free\n", argv[1]);
        return 1;
    }
    struct cached cache[64];
    size_t cached = 0;
    char line[4096], method[256], path[3800];
    double milliseconds;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%255s %lf %3799[^\n]", method, &milliseconds, path) != 3) {
            printf("error: expected METHOD MILLISECONDS FILE\n");
            fflush(stdout);
            continue;
        }
        struct cached *request = NULL;
        for (size_t index = 0; index < cached; index++) {
            if (strcmp(cache[index].path, path) == 0) request = &cache[index];
        }
        if (!request && cached < sizeof cache / sizeof cache[0]) {
            char *bytes = read_file(path);
            char *name = bytes ? strdup(path) : NULL;
            if (bytes && name) {
                cache[cached] = (struct cached){name, bytes, strlen(bytes)};
                request = &cache[cached++];
            } else {
                free(bytes);
            }
        }
        if (!request) {
            printf("error: cannot read %s\n", path);
            fflush(stdout);
            continue;
        }
        long calls = 0;
        int failed = 0;
        double start = now_seconds(), elapsed = 0;
        while (elapsed * 1000 < milliseconds) {
            for (int repeat = 0; repeat < 16; repeat++) {
                size_t length = 0;
                char *response = call_n(method, request->bytes, request->length, &length);
                if (!response) failed = 1;
                release(response);
            }
            calls += 16;
            elapsed = now_seconds() - start;
        }
        if (failed) printf("error: a call returned NULL\n");
        else printf("%.1f\n", elapsed * 1e9 / (double)calls);
        fflush(stdout);
    }
    return 0;
}
