/* Every function may be called from many threads at once. 8 threads call every method of
 * library.info with its example request (from its schema), shared by all threads, plus requests
 * of their own and bad ones, through tc_call and tc_call_n, and race the repair registry on a
 * shared tournament and on tournaments of their own. Every response of a deterministic method
 * must equal the one computed on the main thread beforehand (the others: a success envelope).
 * Built with ThreadSanitizer in the reliability run.
 *   test_threads <schemas folder> */
#include "tc_test.h"

#include <pthread.h>

#define THREADS 8
#define ROUNDS 150

struct job {
    const char *method;
    char *request;
    char *expected; /* NULL: only the envelope is checked (random IDs, the registry, the clock) */
};

/* Requests every thread makes besides the examples: an unknown method and bad JSON. */
/* A request formatted into a new buffer of at most 512 bytes. */
static char *tc_format(const char *format, int a, int b, int c) {
    char *text = (char *)malloc(512);
    snprintf(text, 512, format, a, b, c);
    return text;
}

static const char *extra_requests[][2] = {
    {"no.such.method", "{}"},
    {"library.info", "{\"bad\":"},
};
#define MAX_SHARED 256
static struct job shared[MAX_SHARED];
static size_t shared_count;
static struct job own[THREADS][4];
static int failures[THREADS];
static int shared_acquired[THREADS], shared_released[THREADS];

static void prepare(struct job *job, const char *method, int deterministic) {
    job->method = method;
    job->expected = deterministic ? tc_call(method, job->request) : NULL;
}

static int matches(const struct job *job, const char *response) {
    return response != NULL && (job->expected ? strcmp(response, job->expected) == 0 : strncmp(response, "{\"ok\":true", 10) == 0);
}

/* One call through tc_call and one through tc_call_n. */
static int check(struct job *job) {
    size_t length = 0;
    char *response = tc_call(job->method, job->request);
    char *counted = tc_call_n(job->method, job->request, strlen(job->request), &length);
    int ok = matches(job, response) && matches(job, counted) && length == strlen(counted);
    tc_string_free(response);
    tc_string_free(counted);
    return ok;
}

static int contains(char *response, const char *text) {
    int found = response != NULL && strstr(response, text) != NULL;
    tc_string_free(response);
    return found;
}

static void *worker(void *argument) {
    int thread = (int)(size_t)argument, round;
    char tournament[64];
    snprintf(tournament, sizeof tournament, "{\"tournamentId\":\"thread-%d\"}", thread);
    for (round = 0; round < ROUNDS; round++) {
        size_t index;
        /* Threads start at different methods, so shared and own requests overlap in time. */
        for (index = 0; index < shared_count; index++) {
            if (!check(&shared[(index + (size_t)thread) % shared_count])) failures[thread]++;
        }
        for (index = 0; index < 4; index++) {
            if (!check(&own[thread][index])) failures[thread]++;
        }
        /* The registry: a tournament of this thread's own always acquires and releases... */
        if (!contains(tc_participants_repair_begin(tournament), "\"acquired\":true")) failures[thread]++;
        if (!contains(tc_participants_repair_end(tournament), "\"released\":true")) failures[thread]++;
        /* ...and all threads race on a shared one. */
        if (contains(tc_participants_repair_begin("{\"tournamentId\":\"shared\"}"), "\"acquired\":true")) {
            shared_acquired[thread]++;
            if (contains(tc_participants_repair_end("{\"tournamentId\":\"shared\"}"), "\"released\":true")) shared_released[thread]++;
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    pthread_t threads[THREADS];
    size_t index;
    int thread, acquired = 0, released = 0;
    json_t *methods = tc_contract_methods();
    if (argc != 2) {
        fprintf(stderr, "usage: test_threads <schemas folder>\n");
        return 2;
    }
    for (index = 0; index < json_array_size(methods) && shared_count < MAX_SHARED; index++) {
        const char *method = json_string_value(json_array_get(methods, index));
        int deterministic = 1;
        json_t *example = tc_example_request(argv[1], method, &deterministic);
        CHECK(example != NULL);
        if (example == NULL) continue;
        shared[shared_count].request = json_dumps(example, JSON_COMPACT);
        prepare(&shared[shared_count++], method, deterministic);
        json_decref(example);
    }
    CHECK(json_array_size(methods) > 0 && shared_count == json_array_size(methods));
    for (index = 0; index < sizeof extra_requests / sizeof *extra_requests && shared_count < MAX_SHARED; index++) {
        shared[shared_count].request = strdup(extra_requests[index][1]);
        prepare(&shared[shared_count++], extra_requests[index][0], 1);
    }
    for (thread = 0; thread < THREADS; thread++) {
        own[thread][0].request = tc_format("{\"tournaments\":[{\"id\":\"t%d\",\"name\":\"Cup %d\"}],\"query\":\"cup %d\"}", thread, thread, thread);
        prepare(&own[thread][0], "tournaments.filter", 1);
        own[thread][1].request = tc_format("{\"participantId\":\"u%d\",\"index\":%d,\"currentUser\":{\"uid\":\"u%d\"}}", thread, thread, thread);
        prepare(&own[thread][1], "participants.displayName", 1);
        own[thread][2].request = tc_format("{\"entries\":[{\"participantId\":\"p%d\",\"score\":%d}]}", thread, thread, 0);
        prepare(&own[thread][2], "scoring.leaderboard", 1);
        own[thread][3].request = tc_format("{\"timeZone\":\"Etc/GMT-%d\",\"matches\":[{\"id\":%d,\"utcDate\":\"2025-01-01T20:00:00Z\"}]}", thread, thread, 0);
        prepare(&own[thread][3], "matches.sections", 1);
    }
    for (thread = 0; thread < THREADS; thread++) {
        CHECK(pthread_create(&threads[thread], NULL, worker, (void *)(size_t)thread) == 0);
    }
    for (thread = 0; thread < THREADS; thread++) {
        pthread_join(threads[thread], NULL);
        CHECK(failures[thread] == 0);
        acquired += shared_acquired[thread];
        released += shared_released[thread];
    }
    CHECK(acquired > 0 && acquired == released);
    /* Nothing is left in flight. */
    CHECK_CALL("participants.repairBegin", "{\"tournamentId\":\"shared\"}", "{\"ok\":true,\"result\":{\"acquired\":true}}");
    CHECK_CALL("participants.repairEnd", "{\"tournamentId\":\"shared\"}", "{\"ok\":true,\"result\":{\"released\":true}}");
    for (index = 0; index < shared_count; index++) {
        tc_string_free(shared[index].expected);
        free(shared[index].request);
    }
    for (thread = 0; thread < THREADS; thread++) {
        for (index = 0; index < 4; index++) {
            tc_string_free(own[thread][index].expected);
            free(own[thread][index].request);
        }
    }
    json_decref(methods);
    return tc_test_report("threads");
}
