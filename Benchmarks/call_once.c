/* Calls one `char *f(const char *request)` of a shared library COUNT times on a request file and
 * frees each response: the whole program that Benchmarks/instructions.sh runs under callgrind
 * (once with COUNT 1 too, to take away what loading and a first call cost). Exits 1 when a call
 * returns NULL.
 *   call-once LIBRARY SYMBOL REQUEST-FILE COUNT [FREE-SYMBOL]   (free() when no FREE-SYMBOL) */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef char *(*method_fn)(const char *);
typedef void (*free_fn)(char *);

static void free_with_libc(char *response) { free(response); }

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s LIBRARY SYMBOL REQUEST-FILE COUNT [FREE-SYMBOL]\n", argv[0]);
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW);
    if (!library) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    method_fn method = (method_fn)dlsym(library, argv[2]);
    free_fn release = argc > 5 ? (free_fn)dlsym(library, argv[5]) : free_with_libc;
    if (!method || !release) {
        fprintf(stderr, "%s: no such symbol\n", method ? argv[5] : argv[2]);
        return 1;
    }
    FILE *file = fopen(argv[3], "rb");
    if (!file) {
        perror(argv[3]);
        return 1;
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *request = size < 0 ? NULL : malloc((size_t)size + 1);
    if (!request || fread(request, 1, (size_t)size, file) != (size_t)size) {
        fprintf(stderr, "%s: cannot read\n", argv[3]);
        return 1;
    }
    request[size] = 0;
    fclose(file);
    long count = atol(argv[4]);
    for (long i = 0; i < count; i++) {
        char *response = method(request);
        if (!response) {
            fprintf(stderr, "%s returned NULL\n", argv[2]);
            return 1;
        }
        release(response);
    }
    free(request);
    return 0;
}
