/* What a failed allocation does to the host: none ends the process (SPEC §1 rule 2: the response
 * is NULL when memory cannot be allocated).
 *
 * For every method of library.info, on its example request (small) and on that request made
 * large (its arrays repeated, or a long member added, to about LARGE_BYTES), through tc_call and
 * tc_call_n, the k-th allocation of a warm call is made to fail, for every k the call makes, in
 * a forked child (an interposed malloc): (a) the k-th allocation only, (b) every allocation from
 * the k-th on. Then the same on a process's first call (cold: the library's lazily made globals
 * are made then), in a fresh process each, tc_call, small requests. Each child reports how the
 * call ended:
 *
 *   NULL      the response is NULL, and the next call, with memory again, gives the normal
 *             response (nothing was left broken);
 *   envelope  another response than the normal one (an error the failure caused): there must be
 *             none, as memory running out is a NULL response;
 *   absorbed  the normal response (the allocation was not needed after all);
 *   killed    the process ended (a signal, the Swift runtime stopping it, a call that did not
 *             return in 60 s, or a next call that was not the normal one): there must be none.
 *
 * And the repair registry stays consistent: a repairBegin or repairEnd whose allocation failed
 * changed nothing when it answered NULL, and did its work when it answered.
 *
 * Prints a table and fails on any "envelope" or "killed". Not a ctest test: the test command
 * runs it and prints the table.
 *   test_alloc_failure <schemas folder> */
#define _GNU_SOURCE
#include "tc_test.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "malloc_interposer.h"

#define LARGE_BYTES (32 * 1024)

enum outcome { NULL_RESPONSE, ENVELOPE, ABSORBED, KILLED, OUTCOMES };
enum pattern { ONLY_KTH, FROM_KTH };
static const char *const pattern_names[] = {"k-th only", "k-th on"};

static char *call(const char *method, const char *request, int counted) {
    size_t length = 0;
    if (!counted) return tc_call(method, request);
    return tc_call_n(method, request, strlen(request), &length);
}

/* Whether `response` is the normal one: `expected`'s bytes, or a success when it is NULL (a
   method whose result is random). */
static int normal(const char *response, const char *expected) {
    if (response == NULL) return 0;
    return expected != NULL ? strcmp(response, expected) == 0 : strncmp(response, "{\"ok\":true", 10) == 0;
}

static void fail_from(long k, enum pattern pattern) {
    tc_malloc_countdown = k;
    tc_malloc_failing_on = pattern == FROM_KTH;
}

static void memory_again(void) {
    tc_malloc_countdown = -1;
    tc_malloc_failing_on = 0;
    tc_malloc_failing = 0;
}

/* In a child: the call with allocations failing, then the same call with memory. Exit status:
   the outcome, or 100 when the next call is not the normal one. */
static void child(const char *method, const char *request, int counted, long k, enum pattern pattern, const char *expected) {
    char *response, *again;
    alarm(60);
    fail_from(k, pattern);
    response = call(method, request, counted);
    memory_again();
    again = call(method, request, counted);
    if (!normal(again, expected)) _exit(100);
    if (response == NULL) _exit(NULL_RESPONSE);
    _exit(normal(response, expected) ? ABSORBED : ENVELOPE);
}

/* Waits for `pid`, whose standard error went to `log`: its outcome. */
static enum outcome outcome_of(pid_t pid, int log, const char *what, long k, enum pattern pattern) {
    int status = 0;
    char text[4096] = {0};
    waitpid(pid, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) < KILLED) return (enum outcome)WEXITSTATUS(status);
    lseek(log, 0, SEEK_SET);
    if (read(log, text, sizeof text - 1) < 0) text[0] = '\0';
    if (WIFEXITED(status) && WEXITSTATUS(status) == 100) {
        fprintf(stderr, "%s, allocation %ld failed (%s): the next call was not the normal one\n", what, k, pattern_names[pattern]);
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
        fprintf(stderr, "%s, allocation %ld failed (%s): no answer within 60 s\n", what, k, pattern_names[pattern]);
    } else {
        fprintf(stderr, "%s, allocation %ld failed (%s): ended (status %d): %.300s\n", what, k, pattern_names[pattern], status, text);
    }
    return KILLED;
}

static int temporary_log(void) {
    char path[] = "/tmp/tc-alloc-failure-XXXXXX";
    int descriptor = mkstemp(path);
    if (descriptor >= 0) unlink(path);
    return descriptor;
}

static enum outcome run_child(const char *what, const char *method, const char *request, int counted, long k,
                              enum pattern pattern, const char *expected) {
    int log = temporary_log();
    pid_t pid;
    enum outcome result;
    if (log < 0) {
        perror("mkstemp");
        return KILLED;
    }
    fflush(NULL);
    pid = fork();
    if (pid < 0) {
        perror("fork");
        close(log);
        return KILLED;
    }
    if (pid == 0) {
        dup2(log, STDERR_FILENO);
        child(method, request, counted, k, pattern, expected);
    }
    result = outcome_of(pid, log, what, k, pattern);
    close(log);
    return result;
}

static long totals[OUTCOMES];

static void print_row(const char *label, const char *way, enum pattern pattern, long per_call, const long *counts) {
    int outcome;
    printf("| %s | %s | %s | %ld |", label, way, pattern_names[pattern], per_call);
    for (outcome = 0; outcome < OUTCOMES; outcome++) {
        printf(" %ld |", counts[outcome]);
        totals[outcome] += counts[outcome];
    }
    printf("\n");
    CHECK(counts[KILLED] == 0);
    CHECK(counts[ENVELOPE] == 0);
}

/* The rows of one request: every allocation of a warm call failed in turn, both ways, both
   patterns. */
static void measure(const char *method, const char *label, const char *request, int deterministic) {
    int counted, pattern;
    for (counted = 0; counted <= 1; counted++) {
        long per_call, k;
        char *expected;
        char what[256];
        tc_string_free(call(method, request, counted)); /* warm: the lazily made globals exist */
        tc_allocation_calls = 0;
        expected = call(method, request, counted);
        per_call = (long)tc_allocation_calls;
        CHECK(expected != NULL);
        /* A method whose result is random (a generated ID) still answers an error the same. */
        if (!deterministic && expected != NULL && strncmp(expected, "{\"ok\":true", 10) == 0) {
            tc_string_free(expected);
            expected = NULL;
        }
        snprintf(what, sizeof what, "%s (%s)", label, counted ? "tc_call_n" : "tc_call");
        for (pattern = ONLY_KTH; pattern <= FROM_KTH; pattern++) {
            long counts[OUTCOMES] = {0};
            for (k = 0; k < per_call; k++) counts[run_child(what, method, request, counted, k, (enum pattern)pattern, expected)]++;
            print_row(label, counted ? "tc_call_n" : "tc_call", (enum pattern)pattern, per_call, counts);
        }
        tc_string_free(expected);
    }
}

/* ---- large requests ---------------------------------------------------------------------- */

/* Repeats the elements of every outermost array of `value` `times` times (arrays inside them
   are left as they are). */
static void repeat_arrays(json_t *value, size_t times) {
    if (json_is_array(value)) {
        size_t count = json_array_size(value), round, index;
        for (round = 1; round < times; round++) {
            for (index = 0; index < count; index++) json_array_append_new(value, json_deep_copy(json_array_get(value, index)));
        }
    } else if (json_is_object(value)) {
        const char *key;
        json_t *member;
        json_object_foreach(value, key, member) repeat_arrays(member, times);
    }
}

/* `example` made about LARGE_BYTES long: its arrays repeated, or, without arrays that grow, a
   member of that length added (which the method keeps, ignores or refuses: each is an answer). */
static char *large_request(json_t *example) {
    json_t *large = json_deep_copy(example);
    char *text = json_dumps(large, JSON_COMPACT), *result;
    size_t small = strlen(text);
    free(text);
    repeat_arrays(large, LARGE_BYTES / (small > 0 ? small : 1) + 1);
    text = json_dumps(large, JSON_COMPACT);
    if (strlen(text) < LARGE_BYTES / 2) {
        char *padding = (char *)malloc(LARGE_BYTES + 1);
        memset(padding, 'x', LARGE_BYTES);
        padding[LARGE_BYTES] = '\0';
        json_object_set_new(large, "padding", json_string(padding));
        free(padding);
        free(text);
        text = json_dumps(large, JSON_COMPACT);
    }
    result = strdup(text);
    free(text);
    json_decref(large);
    return result;
}

/* ---- what a child answers ------------------------------------------------------------------ */

/* What a forked child in which `produce(output, context)` ran (it writes to `output` and exits)
   wrote, NUL-terminated, in malloc memory; NULL when no buffer could be had. */
static char *child_output(void (*produce)(int output, const void *context), const void *context) {
    int pipe_ends[2];
    size_t capacity = 1 << 16, total = 0;
    char *buffer = (char *)malloc(capacity);
    ssize_t got;
    pid_t pid;
    if (buffer == NULL || pipe(pipe_ends) != 0) {
        free(buffer);
        return NULL;
    }
    fflush(NULL);
    pid = fork();
    if (pid == 0) {
        close(pipe_ends[0]);
        produce(pipe_ends[1], context);
        _exit(1);
    }
    close(pipe_ends[1]);
    while ((got = read(pipe_ends[0], buffer + total, capacity - 1 - total)) > 0) {
        total += (size_t)got;
        if (total == capacity - 1) {
            char *grown = (char *)realloc(buffer, capacity * 2);
            if (grown == NULL) break;
            buffer = grown;
            capacity *= 2;
        }
    }
    buffer[total] = '\0';
    close(pipe_ends[0]);
    waitpid(pid, NULL, 0);
    return buffer;
}

/* Writes `text` to `output` and exits: 0 when it was not NULL. */
static void write_and_exit(int output, char *text) {
    if (text != NULL && write(output, text, strlen(text)) < 0) _exit(1);
    _exit(text != NULL ? 0 : 1);
}

/* In a child: library.info's response. */
static void write_library_info(int output, const void *unused) {
    (void)unused;
    write_and_exit(output, tc_library_info("{}"));
}

/* A method and its request. */
struct method_call {
    const char *method, *request;
};

/* In a child: the response to a second call (a warm process's). */
static void write_warm_response(int output, const void *context) {
    const struct method_call *call = (const struct method_call *)context;
    tc_string_free(tc_call(call->method, call->request));
    write_and_exit(output, tc_call(call->method, call->request));
}

/* ---- a process's first call -------------------------------------------------------------- */

/* In a fresh process (this program run again): the first call of the process with allocations
   failing from k on (pattern) or only the k-th, then the call with memory, which must give
   TC_EXPECTED (or a success when that is empty); k = -1: nothing fails, and the allocations the
   first call made are printed. */
static int cold_child(const char *method, const char *request, long k, enum pattern pattern) {
    const char *expected = getenv("TC_EXPECTED");
    char *response, *again;
    alarm(60);
    if (k < 0) {
        tc_allocation_calls = 0;
        response = tc_call(method, request);
        printf("%llu\n", tc_allocation_calls);
        return response != NULL ? 0 : 1;
    }
    if (expected != NULL && expected[0] == '\0') expected = NULL;
    fail_from(k, pattern);
    response = tc_call(method, request);
    memory_again();
    again = tc_call(method, request);
    if (!normal(again, expected)) return 100;
    if (response == NULL) return NULL_RESPONSE;
    return normal(response, expected) ? ABSORBED : ENVELOPE;
}

static char *self_path;

static pid_t spawn_cold(const char *method, const char *request, long k, enum pattern pattern, int output, int log) {
    pid_t pid;
    fflush(NULL);
    pid = fork();
    if (pid == 0) {
        char k_text[32], pattern_text[8];
        snprintf(k_text, sizeof k_text, "%ld", k);
        snprintf(pattern_text, sizeof pattern_text, "%d", (int)pattern);
        if (output >= 0) dup2(output, STDOUT_FILENO);
        if (log >= 0) dup2(log, STDERR_FILENO);
        execl(self_path, self_path, "--cold", method, request, k_text, pattern_text, (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* Allocations a process's first call of `method` makes, counted in a fresh process. */
static long cold_allocations(const char *method, const char *request) {
    int pipe_ends[2];
    char text[64] = {0};
    int status = 0;
    pid_t pid;
    if (pipe(pipe_ends) != 0) return -1;
    pid = spawn_cold(method, request, -1, ONLY_KTH, pipe_ends[1], -1);
    close(pipe_ends[1]);
    if (read(pipe_ends[0], text, sizeof text - 1) < 0) text[0] = '\0';
    close(pipe_ends[0]);
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? atol(text) : -1;
}

static void measure_cold(const char *method, const char *request, const char *expected) {
    long per_call = cold_allocations(method, request), k;
    int pattern;
    char what[256];
    CHECK(per_call > 0);
    setenv("TC_EXPECTED", expected != NULL ? expected : "", 1);
    snprintf(what, sizeof what, "%s (first call of a process)", method);
    for (pattern = ONLY_KTH; pattern <= FROM_KTH; pattern++) {
        long counts[OUTCOMES] = {0};
        for (k = 0; k < per_call; k++) {
            int log = temporary_log();
            pid_t pid = spawn_cold(method, request, k, (enum pattern)pattern, -1, log);
            counts[outcome_of(pid, log, what, k, (enum pattern)pattern)]++;
            close(log);
        }
        print_row(method, "tc_call, first call", (enum pattern)pattern, per_call, counts);
    }
}

/* ---- the repair registry ----------------------------------------------------------------- */

/* In a child: repairBegin (or, after a begin with memory, repairEnd) of a new ID with the k-th
   allocation on failing; then the same with memory, whose answer tells whether the first
   changed the registry: it must have exactly when it answered. */
static void registry_child(int ending, long k, enum pattern pattern) {
    char request[128];
    const char *method = ending ? "participants.repairEnd" : "participants.repairBegin";
    const char *key = ending ? "\"released\":" : "\"acquired\":";
    char *first, *second;
    alarm(60);
    snprintf(request, sizeof request, "{\"tournamentId\":\"registry-%d-%ld-%d\"}", ending, k, (int)pattern);
    if (ending) tc_string_free(tc_call("participants.repairBegin", request));
    fail_from(k, pattern);
    first = tc_call(method, request);
    memory_again();
    second = tc_call(method, request);
    if (second == NULL || strstr(second, key) == NULL) _exit(100);
    if (first == NULL) _exit(strstr(second, ending ? "\"released\":true" : "\"acquired\":true") != NULL ? NULL_RESPONSE : 100);
    if (strstr(first, ending ? "\"released\":true" : "\"acquired\":true") == NULL) _exit(ENVELOPE);
    _exit(strstr(second, ending ? "\"released\":false" : "\"acquired\":false") != NULL ? ABSORBED : 100);
}

static void measure_registry(void) {
    int ending, pattern;
    for (ending = 0; ending <= 1; ending++) {
        const char *method = ending ? "participants.repairEnd" : "participants.repairBegin";
        char label[128];
        long per_call;
        char *response;
        /* A new ID's call, counted. */
        if (ending) tc_string_free(tc_call("participants.repairBegin", "{\"tournamentId\":\"registry-count\"}"));
        tc_allocation_calls = 0;
        response = tc_call(method, "{\"tournamentId\":\"registry-count\"}");
        per_call = (long)tc_allocation_calls;
        tc_string_free(response);
        tc_string_free(tc_call("participants.repairEnd", "{\"tournamentId\":\"registry-count\"}"));
        snprintf(label, sizeof label, "%s, the registry unchanged by NULL", method);
        for (pattern = ONLY_KTH; pattern <= FROM_KTH; pattern++) {
            long counts[OUTCOMES] = {0}, k;
            for (k = 0; k < per_call; k++) {
                int log = temporary_log();
                pid_t pid;
                fflush(NULL);
                pid = fork();
                if (pid == 0) {
                    dup2(log, STDERR_FILENO);
                    registry_child(ending, k, (enum pattern)pattern);
                }
                counts[outcome_of(pid, log, label, k, (enum pattern)pattern)]++;
                close(log);
            }
            print_row(label, "tc_call", (enum pattern)pattern, per_call, counts);
        }
    }
}

int main(int argc, char **argv) {
    json_t *methods;
    size_t index;
    self_path = argv[0];
    if (argc == 6 && strcmp(argv[1], "--cold") == 0) return cold_child(argv[2], argv[3], atol(argv[4]), (enum pattern)atoi(argv[5]));
    if (argc != 2) {
        fprintf(stderr, "usage: test_alloc_failure <schemas folder>\n");
        return 2;
    }
    /* The first calls first, each in a fresh process, before this one calls the library. */
    {
        json_t *listing = NULL;
        json_error_t error;
        /* The method names and examples come from a child's library.info, so that this process
           has not called the library yet when it measures first calls. */
        char *info_response = child_output(write_library_info, NULL);
        printf("| request | way | failing | allocations per call | NULL | envelope | absorbed | killed |\n");
        printf("|---|---|---|---:|---:|---:|---:|---:|\n");
        CHECK(info_response != NULL);
        listing = info_response != NULL ? json_loads(info_response, 0, &error) : NULL;
        free(info_response);
        methods = json_object_get(json_object_get(listing, "result"), "methods");
        CHECK(json_array_size(methods) > 0);
        for (index = 0; index < json_array_size(methods); index++) {
            const char *method = json_string_value(json_object_get(json_array_get(methods, index), "name"));
            int deterministic = 1;
            json_t *example;
            char *request, *expected;
            if (method == NULL) method = json_string_value(json_array_get(methods, index));
            example = tc_example_request(argv[1], method, &deterministic);
            request = example != NULL ? json_dumps(example, JSON_COMPACT) : NULL;
            CHECK(request != NULL);
            if (request == NULL) continue;
            /* The normal response, from a warm process: a child's. */
            {
                struct method_call warm = {method, request};
                expected = child_output(write_warm_response, &warm);
                CHECK(expected != NULL && expected[0] != '\0');
            }
            measure_cold(method, request, deterministic ? expected : NULL);
            free(expected);
            free(request);
            json_decref(example);
        }
        json_decref(listing);
    }
    methods = tc_contract_methods();
    CHECK(json_array_size(methods) > 0);
    for (index = 0; index < json_array_size(methods); index++) {
        const char *method = json_string_value(json_array_get(methods, index));
        int deterministic = 1;
        json_t *example = tc_example_request(argv[1], method, &deterministic);
        char *request = example != NULL ? json_dumps(example, JSON_COMPACT) : NULL, *large, label[256];
        CHECK(request != NULL);
        if (request == NULL) continue;
        measure(method, method, request, deterministic);
        large = large_request(example);
        snprintf(label, sizeof label, "%s, %zu KB", method, (strlen(large) + 512) / 1024);
        measure(method, label, large, deterministic);
        free(large);
        free(request);
        json_decref(example);
    }
    measure_registry();
    printf("| all | | | |");
    for (index = 0; index < OUTCOMES; index++) printf(" %ld |", totals[index]);
    printf("\n");
    json_decref(methods);
    return tc_test_report("alloc_failure");
}
