/* Every function may be called from many threads at once. 8 threads call every method, with
 * requests shared by all threads and requests of their own, and race the repair registry on a
 * shared tournament and on tournaments of their own. Every response must equal the one computed
 * on the main thread beforehand. Built with ThreadSanitizer in the reliability run. */
#include "tc_test.h"

#include <pthread.h>

#define THREADS 8
#define ROUNDS 150

struct job {
    const char *method;
    char request[512];
    char *expected; /* NULL: only the envelope is checked (random IDs) */
};

/* One request per method, shared by every thread. */
static const char *shared_requests[][2] = {
    {"library.info", "{}"},
    {"tournaments.filter", "{\"tournaments\":[{\"id\":\"a\",\"status\":\"open\",\"x\":[1]},{\"id\":\"b\",\"status\":\"COMPLETED\"}],\"query\":\"\"}"},
    {"participants.resolve", "{\"tournamentId\":\"t1\",\"participantIds\":[\"u1\",\"u2\"],\"currentUser\":{\"uid\":\"u1\",\"email\":\"r@x\"},\"now\":5}"},
    {"participants.displayName", "{\"participantId\":\"u2\",\"index\":7}"},
    {"guests.check", "{\"tournament\":{\"id\":\"t\",\"status\":\"IN_PROGRESS\"},\"currentUserId\":\"u1\"}"},
    {"guests.add", "{\"tournament\":{\"id\":\"t\",\"status\":\"IN_PROGRESS\"},\"currentUserId\":\"u1\",\"name\":\"Robin\",\"guestId\":\"guest_0123456789abcdef\"}"},
    {"guests.generateId", "{\"count\":3}"},
    {"guests.validateId", "{\"id\":\"guest_0123456789abcdef\"}"},
    {"equipment.stats", "{\"setupId\":1,\"rounds\":[{\"date\":5,\"arrows\":[{\"score\":10,\"isX\":true,\"x\":0.1,\"y\":0.2},{\"score\":7}]}],\"now\":5}"},
    {"equipment.compare", "{\"setupA\":{\"id\":1,\"stats\":{\"averageScore\":8}},\"setupB\":{\"id\":2},\"now\":5}"},
    {"equipment.selection", "{\"setups\":[{\"id\":2,\"name\":\"b\"},{\"id\":1,\"name\":\"A\"}],\"setupAId\":1}"},
    {"equipment.timeRanges", "{\"now\":1733000000000}"},
    {"scoring.leaderboard", "{\"entries\":[{\"participantId\":\"a\",\"score\":3},{\"participantId\":\"b\",\"score\":3}]}"},
    {"matches.sections", "{\"timeZone\":\"Europe/London\",\"matches\":[{\"id\":1,\"utcDate\":\"2024-10-27T00:59:59Z\"}]}"},
    {"matches.favorite", "{\"match\":{\"id\":1}}"},
    {"matches.reconcileFavorites", "{\"favorites\":[{\"id\":1}],\"matches\":[{\"id\":1,\"score\":{\"winner\":\"DRAW\"}}]}"},
    {"no.such.method", "{}"},
    {"library.info", "{\"bad\":"},
};
#define SHARED (sizeof shared_requests / sizeof *shared_requests)

static struct job shared[SHARED];
static struct job own[THREADS][4];
static int failures[THREADS];
static int shared_acquired[THREADS], shared_released[THREADS];

static void prepare(struct job *job, const char *method) {
    job->method = method;
    job->expected = strcmp(method, "guests.generateId") == 0 ? NULL : tc_call(method, job->request);
}

static int check(struct job *job) {
    char *response = tc_call(job->method, job->request);
    int ok = response != NULL && (job->expected ? strcmp(response, job->expected) == 0 : strncmp(response, "{\"ok\":true", 10) == 0);
    tc_string_free(response);
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
        for (index = 0; index < SHARED; index++) {
            if (!check(&shared[(index + (size_t)thread) % SHARED])) failures[thread]++;
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

int main(void) {
    pthread_t threads[THREADS];
    size_t index;
    int thread, acquired = 0, released = 0;
    for (index = 0; index < SHARED; index++) {
        snprintf(shared[index].request, sizeof shared[index].request, "%s", shared_requests[index][1]);
        prepare(&shared[index], shared_requests[index][0]);
    }
    for (thread = 0; thread < THREADS; thread++) {
        snprintf(own[thread][0].request, 512, "{\"tournaments\":[{\"id\":\"t%d\",\"name\":\"Cup %d\"}],\"query\":\"cup %d\"}", thread, thread, thread);
        prepare(&own[thread][0], "tournaments.filter");
        snprintf(own[thread][1].request, 512, "{\"participantId\":\"u%d\",\"index\":%d,\"currentUser\":{\"uid\":\"u%d\"}}", thread, thread, thread);
        prepare(&own[thread][1], "participants.displayName");
        snprintf(own[thread][2].request, 512, "{\"entries\":[{\"participantId\":\"p%d\",\"score\":%d}]}", thread, thread);
        prepare(&own[thread][2], "scoring.leaderboard");
        snprintf(own[thread][3].request, 512, "{\"timeZone\":\"Etc/GMT-%d\",\"matches\":[{\"id\":%d,\"utcDate\":\"2025-01-01T20:00:00Z\"}]}", thread, thread);
        prepare(&own[thread][3], "matches.sections");
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
    for (index = 0; index < SHARED; index++) tc_string_free(shared[index].expected);
    for (thread = 0; thread < THREADS; thread++) {
        for (index = 0; index < 4; index++) tc_string_free(own[thread][index].expected);
    }
    return tc_test_report("threads");
}
