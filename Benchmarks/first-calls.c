/*
 * first-calls: a fresh process's first call of every method, for profiling which of the
 * library's functions those calls run (scripts/generate-symbol-order.py runs it under callgrind).
 *
 *   first-calls LIBRARY.so REQUEST_FILE METHOD [REQUEST_FILE METHOD ...]
 *
 * dlopens LIBRARY.so and calls tc_call_n once per pair, in order; fails when a call does not
 * answer with a success envelope.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_file.h"

typedef char *(*call_function)(const char *, const char *, size_t, size_t *);
typedef void (*free_function)(char *);

int main(int argc, char **argv) {
    void *library;
    call_function call;
    free_function release;
    int index;
    if (argc < 4 || argc % 2 != 0) {
        fprintf(stderr, "usage: first-calls LIBRARY.so REQUEST_FILE METHOD [REQUEST_FILE METHOD ...]\n");
        return 2;
    }
    library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "first-calls: %s\n", dlerror());
        return 1;
    }
    *(void **)&call = dlsym(library, "tc_call_n");
    *(void **)&release = dlsym(library, "tc_string_free");
    if (call == NULL || release == NULL) {
        fprintf(stderr, "first-calls: %s exports no tc_call_n or tc_string_free\n", argv[1]);
        return 1;
    }
    for (index = 2; index + 1 < argc; index += 2) {
        size_t response_length = 0;
        char *request = read_file(argv[index]), *response;
        if (request == NULL) {
            fprintf(stderr, "first-calls: cannot read %s\n", argv[index]);
            return 1;
        }
        response = call(argv[index + 1], request, strlen(request), &response_length);
        if (response == NULL || strncmp(response, "{\"ok\":true", 10) != 0) {
            fprintf(stderr, "first-calls: %s: %.200s\n", argv[index + 1], response != NULL ? response : "NULL");
            return 1;
        }
        release(response);
        free(request);
    }
    return 0;
}
