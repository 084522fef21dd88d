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

typedef char *(*call_function)(const char *, const char *, size_t, size_t *);
typedef void (*free_function)(char *);

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    char *text = NULL;
    long size;
    if (file == NULL || fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 || fseek(file, 0, SEEK_SET) != 0
        || (text = malloc((size_t)size + 1)) == NULL || fread(text, 1, (size_t)size, file) != (size_t)size) {
        fprintf(stderr, "first-calls: cannot read %s\n", path);
        exit(1);
    }
    fclose(file);
    text[size] = '\0';
    *length = (size_t)size;
    return text;
}

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
        size_t length = 0, response_length = 0;
        char *request = read_file(argv[index], &length);
        char *response = call(argv[index + 1], request, length, &response_length);
        if (response == NULL || strncmp(response, "{\"ok\":true", 10) != 0) {
            fprintf(stderr, "first-calls: %s: %.200s\n", argv[index + 1], response != NULL ? response : "NULL");
            return 1;
        }
        release(response);
        free(request);
    }
    return 0;
}
