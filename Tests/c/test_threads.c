/* Every function may be called from many threads at once: 8 threads each make many calls with
 * shared and distinct requests; every response must equal the one computed on the main thread
 * first. */
#include "tc_test.h"

#include <pthread.h>

#define THREADS 8
#define ROUNDS 2000

struct job {
    const char *method;
    const char *request;
    char *expected;
};

static struct job jobs[] = {
    {"library.info", "{}", NULL},
    {"tournaments.filter", "{\"tournaments\":[{\"id\":\"a\",\"status\":\"open\"},{\"id\":\"b\",\"status\":\"COMPLETED\"}]}", NULL},
    {"tournaments.filter", "{\"tournaments\":[{\"id\":\"a\",\"name\":\"Lyon Cup\"}],\"query\":\"LYÖN\",\"tab\":\"all\"}", NULL},
    {"tournaments.filter", "{\"tournaments\":[{\"id\":5}]}", NULL},
    {"library.info", "not json", NULL},
    {"no.such.method", "{}", NULL},
};
#define JOBS (sizeof jobs / sizeof *jobs)

static int mismatches[THREADS];

static void *worker(void *argument) {
    int thread = (int)(size_t)argument, round;
    for (round = 0; round < ROUNDS; round++) {
        /* Threads start at different jobs, so both shared and distinct requests overlap. */
        struct job *job = &jobs[(size_t)(round + thread) % JOBS];
        char *response = tc_call(job->method, job->request);
        if (response == NULL || strcmp(response, job->expected) != 0) mismatches[thread]++;
        tc_string_free(response);
    }
    return NULL;
}

int main(void) {
    pthread_t threads[THREADS];
    size_t index;
    int thread;
    for (index = 0; index < JOBS; index++) jobs[index].expected = tc_call(jobs[index].method, jobs[index].request);
    for (thread = 0; thread < THREADS; thread++) {
        CHECK(pthread_create(&threads[thread], NULL, worker, (void *)(size_t)thread) == 0);
    }
    for (thread = 0; thread < THREADS; thread++) {
        pthread_join(threads[thread], NULL);
        CHECK(mismatches[thread] == 0);
    }
    for (index = 0; index < JOBS; index++) tc_string_free(jobs[index].expected);
    return tc_test_report("threads");
}
