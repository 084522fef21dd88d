/*
 * compare: two builds of the core, every workload, interleaved in one run.
 *
 *   compare REQUESTS_DIR BASELINE.so CANDIDATE.so [ROUNDS]
 *   compare --peer REQUESTS_DIR CORE.so PEER.so [ROUNDS]
 *
 * REQUESTS_DIR holds the benchmark's workloads (`benchmark --all-requests DIR` writes them,
 * METHOD.SIZE.json). Each round times every library on the workload for about 20 ms, in turn,
 * in an order that rotates from round to round; the table gives the median time per call of
 * each and the ratios to the baseline. A third library, a copy of the baseline loaded as a
 * library of its own, measures the noise: its ratio to the baseline is what a change that does
 * nothing shows in this run. The responses of both builds are compared before timing (byte for
 * byte for deterministic methods, by envelope kind for the others). Exits non-zero when they
 * differ. Benchmarks/run.sh --against OLD.so runs it.
 *
 * With --peer, the candidate is the C++ + simdjson peer (Benchmarks/simdjson_references.cpp,
 * built as libtcsimdjson.so: simdjson_METHOD(request), its answer freed with free()), on the
 * workloads of the methods it has (the others are left out): the core's time against the
 * peer's on any request in the folder, such as a workload changed by hand, byte for byte the
 * same answers first. The table then gives peer ÷ core, as the benchmark's tables do.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_file.h"
#include "timing.h"

typedef char *(*call_fn)(const char *, const char *);
typedef char *(*peer_fn)(const char *);
typedef void (*free_fn)(char *);

struct library {
    const char *label;
    void *handle;
    call_fn call;
    free_fn release;
    /* The peer's function of the workload's method (the peer has one per method); NULL for
       a build of the core. */
    peer_fn method_function;
};

static void release_with_free(char *text) { free(text); }

static int open_peer(struct library *library, const char *path) {
    library->label = "peer";
    library->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) {
        fprintf(stderr, "compare: cannot load %s: %s\n", path, dlerror());
        return 0;
    }
    library->call = NULL;
    library->release = release_with_free;
    library->method_function = NULL;
    return 1;
}

/* Points the peer at its function for `method` (simdjson_ and the method's name with its dots
   as underscores); whether it has one. */
static int select_peer_method(struct library *peer, const char *method) {
    char symbol[sizeof "simdjson_" + 256], *dot;
    snprintf(symbol, sizeof symbol, "simdjson_%s", method);
    while ((dot = strchr(symbol, '.')) != NULL) *dot = '_';
    *(void **)&peer->method_function = dlsym(peer->handle, symbol);
    return peer->method_function != NULL;
}

static char *call_library(const struct library *library, const char *method, const char *request) {
    return library->method_function ? library->method_function(request) : library->call(method, request);
}

static int open_library(struct library *library, const char *path, const char *label) {
    library->label = label;
    library->method_function = NULL;
    library->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) {
        fprintf(stderr, "compare: cannot load %s: %s\n", path, dlerror());
        return 0;
    }
    *(void **)&library->call = dlsym(library->handle, "tc_call");
    *(void **)&library->release = dlsym(library->handle, "tc_string_free");
    if (!library->call || !library->release) {
        fprintf(stderr, "compare: %s has no tc_call or tc_string_free\n", path);
        return 0;
    }
    return 1;
}

/* Seconds per call over `count` calls. */
static double run(const struct library *library, const char *method, const char *request, long count) {
    double start = now_seconds();
    long index;
    if (library->method_function) {
        for (index = 0; index < count; index++) library->release(library->method_function(request));
    } else {
        for (index = 0; index < count; index++) library->release(library->call(method, request));
    }
    return (now_seconds() - start) / (double)count;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether the two builds answer alike: the same bytes, or for a method whose answers vary
   (random IDs, the clock, the repair registry, library.info's version) the same kind of envelope. */
static int same_answers(struct library *a, struct library *b, const char *method, const char *request) {
    char *x = call_library(a, method, request), *y = call_library(b, method, request);
    int varies = strcmp(method, "guests.generateId") == 0 || strncmp(method, "participants.repair", 19) == 0 ||
                 strcmp(method, "library.info") == 0;
    int same = x && y && (varies ? strncmp(x, y, 11) == 0 : strcmp(x, y) == 0);
    if (!same) fprintf(stderr, "compare: %s: the libraries answer differently:\n  %.200s\n  %.200s\n", method, x ? x : "NULL", y ? y : "NULL");
    a->release(x);
    b->release(y);
    return same;
}

int main(int argc, char **argv) {
    struct library libraries[3];
    char noise_path[] = "/tmp/tc-compare-XXXXXX";
    char *names[256];
    int against_peer = argc > 1 && strcmp(argv[1], "--peer") == 0;
    int name_count = 0, rounds, failures = 0, index;
    DIR *folder;
    struct dirent *entry;
    if (against_peer) {
        argv++;
        argc--;
    }
    rounds = argc > 4 ? atoi(argv[4]) : 11;
    if (argc < 4 || rounds < 1) {
        fprintf(stderr, "usage: compare REQUESTS_DIR BASELINE.so CANDIDATE.so [ROUNDS]\n"
                        "       compare --peer REQUESTS_DIR CORE.so PEER.so [ROUNDS]\n");
        return 2;
    }
    {
        /* The noise library: the baseline's bytes under another name, so that dlopen loads it
           again instead of handing back the first. */
        char *bytes;
        FILE *in = fopen(argv[2], "rb"), *out;
        long size;
        int descriptor = mkstemp(noise_path);
        if (!in || descriptor < 0 || fseek(in, 0, SEEK_END) != 0 || (size = ftell(in)) < 0 || fseek(in, 0, SEEK_SET) != 0) {
            fprintf(stderr, "compare: cannot copy %s\n", argv[2]);
            return 2;
        }
        bytes = malloc((size_t)size);
        out = fdopen(descriptor, "wb");
        if (!bytes || !out || fread(bytes, 1, (size_t)size, in) != (size_t)size || fwrite(bytes, 1, (size_t)size, out) != (size_t)size) {
            fprintf(stderr, "compare: cannot copy %s\n", argv[2]);
            return 2;
        }
        fclose(in);
        fclose(out);
        free(bytes);
    }
    if (!open_library(&libraries[0], argv[2], "baseline") ||
        !(against_peer ? open_peer(&libraries[1], argv[3]) : open_library(&libraries[1], argv[3], "candidate")) ||
        !open_library(&libraries[2], noise_path, "baseline copy")) {
        remove(noise_path);
        return 2;
    }
    remove(noise_path);
    folder = opendir(argv[1]);
    if (!folder) {
        fprintf(stderr, "compare: cannot read %s\n", argv[1]);
        return 2;
    }
    while ((entry = readdir(folder)) != NULL && name_count < 256) {
        size_t length = strlen(entry->d_name);
        if (length > 5 && strcmp(entry->d_name + length - 5, ".json") == 0) names[name_count++] = strdup(entry->d_name);
    }
    closedir(folder);
    qsort(names, (size_t)name_count, sizeof names[0], compare_names);
    if (against_peer) {
        printf("The core against the C++ + simdjson peer, interleaved (%d rounds of about 20 ms per library and workload; medians).\n", rounds);
        printf("\"noise\" is a copy of the core, timed as a third library: what no difference shows in this run.\n\n");
        printf("| workload | core µs | peer µs | peer ÷ core | noise ÷ core |\n");
    } else {
        printf("Candidate against baseline, interleaved (%d rounds of about 20 ms per library and workload; medians).\n", rounds);
        printf("\"noise\" is a copy of the baseline, timed as a third library: what no change shows in this run.\n\n");
        printf("| workload | baseline µs | candidate µs | candidate / baseline | noise / baseline |\n");
    }
    printf("|---|---:|---:|---:|---:|\n");
    for (index = 0; index < name_count; index++) {
        char path[1024], method[256], *request, *dot;
        double times[3][64], medians[3];
        long count;
        int round, which;
        snprintf(path, sizeof path, "%s/%s", argv[1], names[index]);
        request = read_file(path);
        snprintf(method, sizeof method, "%s", names[index]);
        /* METHOD.SIZE.json: the method is what comes before the last two dots. */
        if ((dot = strrchr(method, '.')) != NULL) *dot = 0;
        if ((dot = strrchr(method, '.')) != NULL) *dot = 0;
        if (against_peer && !select_peer_method(&libraries[1], method)) {  /* a method the peer has not */
            free(request);
            continue;
        }
        if (!request || !same_answers(&libraries[0], &libraries[1], method, request)) {
            failures++;
            free(request);
            continue;
        }
        /* Calls per turn: about 20 ms of the baseline. */
        count = 1;
        while (run(&libraries[0], method, request, count) * (double)count < 0.02 && count < (1L << 26)) count *= 2;
        for (round = 0; round < rounds && round < 64; round++) {
            for (which = 0; which < 3; which++) {
                int library = (which + round) % 3;
                times[library][round] = run(&libraries[library], method, request, count);
            }
        }
        for (which = 0; which < 3; which++) {
            qsort(times[which], (size_t)(rounds < 64 ? rounds : 64), sizeof(double), compare_doubles);
            medians[which] = times[which][(rounds < 64 ? rounds : 64) / 2];
        }
        /* With the peer: its time over the core's, as the benchmark's tables give it. */
        printf("| %s | %.2f | %.2f | %.3f | %.3f |\n", names[index], medians[0] * 1e6, medians[1] * 1e6,
               medians[1] / medians[0], medians[2] / medians[0]);
        fflush(stdout);
        free(request);
    }
    for (index = 0; index < name_count; index++) free(names[index]);
    return failures ? 1 : 0;
}
