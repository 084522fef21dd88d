/* What a failed allocation does to the host: for every method of library.info (its example
 * request) and for tc_call and tc_call_n, the k-th allocation of a warm call is made to fail, for
 * every k the call makes, each in a forked child (an interposed malloc). Each child reports how
 * the call ended:
 *
 *   NULL      the response is NULL (SPEC: memory could not be allocated), and the next call, with
 *             memory again, gives the normal response (no state was broken);
 *   envelope  another response than the normal one: an error envelope the failure caused (then
 *             the same check); there must be none, as memory running out is a NULL response;
 *   absorbed  the normal response (the allocation was not needed after all);
 *   runtime   the process was ended by the Swift runtime, which stops the process when an
 *             allocation of its own fails ("failed to allocate N bytes"): arrays, strings and
 *             other objects are allocated by the runtime, which cannot report the failure;
 *   other     the process ended any other way: a bug (a failed allocation the core makes itself
 *             must end in NULL or an envelope).
 *
 * Prints a table per method and fails when any child ends "envelope" or "other", or a
 * survivor's next call is wrong. Not a ctest test: the test command runs it and prints the
 * table.
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

/* ---- one call, one failure ------------------------------------------------------------------ */

enum outcome { NULL_RESPONSE, ENVELOPE, ABSORBED, RUNTIME, OTHER, OUTCOMES };

static char *call(const char *method, const char *request, int counted) {
    size_t length = 0;
    if (!counted) return tc_call(method, request);
    return tc_call_n(method, request, strlen(request), &length);
}

/* In a child: the call with its k-th allocation failing, then the same call with memory. Exit
   status: the outcome, or 100 when the next call is not the normal one. */
static void child(const char *method, const char *request, int counted, long k, const char *expected) {
    char *response, *again;
    tc_malloc_countdown = k;
    response = call(method, request, counted);
    tc_malloc_countdown = -1;
    again = call(method, request, counted);
    if (again == NULL || (expected != NULL && strcmp(again, expected) != 0) || (expected == NULL && strncmp(again, "{\"ok\":true", 10) != 0)) {
        _exit(100);
    }
    if (response == NULL) _exit(NULL_RESPONSE);
    /* The normal response (a deterministic method's bytes, or a success): the failed allocation
       was not needed after all. Anything else is an envelope the failure caused. */
    if (expected != NULL ? strcmp(response, expected) == 0 : strncmp(response, "{\"ok\":true", 10) == 0) _exit(ABSORBED);
    _exit(ENVELOPE);
}

static enum outcome run_child(const char *method, const char *request, int counted, long k, const char *expected) {
    char log[] = "/tmp/tc-alloc-failure-XXXXXX";
    int descriptor = mkstemp(log), status = 0;
    pid_t pid;
    enum outcome result = OTHER;
    if (descriptor < 0) {
        perror("mkstemp");
        return OTHER;
    }
    fflush(NULL);
    pid = fork();
    if (pid < 0) {
        perror("fork");
        close(descriptor);
        unlink(log);
        return OTHER;
    }
    if (pid == 0) {
        dup2(descriptor, STDERR_FILENO);
        child(method, request, counted, k, expected);
    }
    waitpid(pid, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) < OUTCOMES) {
        result = (enum outcome)WEXITSTATUS(status);
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 100) {
        fprintf(stderr, "%s (%s), allocation %ld failed: the next call was not the normal one\n", method,
                counted ? "tc_call_n" : "tc_call", k);
        result = OTHER;
    } else if (WIFSIGNALED(status)) {
        char text[4096] = {0};
        lseek(descriptor, 0, SEEK_SET);
        if (read(descriptor, text, sizeof text - 1) < 0) text[0] = '\0';
        if (strstr(text, "Could not allocate memory") != NULL || strstr(text, "failed to allocate") != NULL) {
            result = RUNTIME;
        } else {
            fprintf(stderr, "%s (%s), allocation %ld failed: killed by signal %d: %.300s\n", method,
                    counted ? "tc_call_n" : "tc_call", k, WTERMSIG(status), text);
        }
    }
    close(descriptor);
    unlink(log);
    return result;
}

static long totals[OUTCOMES];

/* One row of the table: every allocation of a warm call of `method` failed in turn. */
static void measure(const char *method, const char *label, const char *request, int deterministic, int counted) {
    long counts[OUTCOMES] = {0}, per_call, k;
    char *expected;
    int outcome;
    /* Warm: the library's lazily made tables exist before the failures start. */
    tc_string_free(call(method, request, counted));
    tc_allocation_calls = 0;
    expected = call(method, request, counted);
    per_call = (long)tc_allocation_calls;
    if (!deterministic) {
        tc_string_free(expected);
        expected = NULL;
    }
    for (k = 0; k < per_call; k++) counts[run_child(method, request, counted, k, expected)]++;
    tc_string_free(expected);
    printf("| %s | %s | %ld |", label, counted ? "tc_call_n" : "tc_call", per_call);
    for (outcome = 0; outcome < OUTCOMES; outcome++) {
        printf(" %ld |", counts[outcome]);
        totals[outcome] += counts[outcome];
    }
    printf("\n");
    CHECK(counts[OTHER] == 0);
    CHECK(counts[ENVELOPE] == 0);
}

int main(int argc, char **argv) {
    json_t *methods = tc_contract_methods();
    size_t index;
    int counted;
    char *large;
    if (argc != 2) {
        fprintf(stderr, "usage: test_alloc_failure <schemas folder>\n");
        return 2;
    }
    printf("| method | way | allocations per call | NULL | envelope | absorbed | runtime | other |\n");
    printf("|---|---|---:|---:|---:|---:|---:|---:|\n");
    CHECK(json_array_size(methods) > 0);
    for (index = 0; index < json_array_size(methods); index++) {
        const char *method = json_string_value(json_array_get(methods, index));
        int deterministic = 1;
        json_t *example = tc_example_request(argv[1], method, &deterministic);
        char *request = example != NULL ? json_dumps(example, JSON_COMPACT) : NULL;
        CHECK(request != NULL);
        if (request == NULL) continue;
        for (counted = 0; counted <= 1; counted++) measure(method, method, request, deterministic, counted);
        free(request);
        json_decref(example);
    }
    /* A valid request of 20 KB: its call reserves as much memory before any rule runs. */
    large = (char *)malloc(20 * 1024 + 16);
    memset(large, ' ', 20 * 1024);
    memcpy(large, "{\"tournaments\":[{\"id\":\"t1\",\"name\":\"Spring Open\"}],\"padding\":\"", 61);
    strcpy(large + 20 * 1024 - 2, "\"}");
    for (counted = 0; counted <= 1; counted++) measure("tournaments.filter", "tournaments.filter, 20 KB request", large, 1, counted);
    free(large);
    printf("| all | | |");
    for (index = 0; index < OUTCOMES; index++) printf(" %ld |", totals[index]);
    printf("\n");
    json_decref(methods);
    return tc_test_report("alloc_failure");
}
