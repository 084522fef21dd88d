/* participants.* through the C ABI: the repair registry under 16 racing threads, the privacy
 * rule, and hostile input. */
#include "tc_test.h"

#include <pthread.h>

#define RACERS 16
/* 1000 races; TC_TEST_QUICK=1 (valgrind, which runs threads one at a time) makes it 50. */
static int races = 1000;

/* --- 16 threads race repairBegin on one tournament, 1000 times: exactly one acquires. --- */

static pthread_barrier_t start_line;
static int acquired_by[RACERS];

static void *racer(void *argument) {
    int index = (int)(size_t)argument;
    char *response;
    pthread_barrier_wait(&start_line);
    response = tc_participants_repair_begin("{\"tournamentId\":\"race\"}");
    acquired_by[index] = response != NULL && strcmp(response, "{\"ok\":true,\"result\":{\"acquired\":true}}") == 0;
    tc_string_free(response);
    return NULL;
}

static void exactly_one_racer_acquires(void) {
    int race, bad_races = 0;
    for (race = 0; race < races; race++) {
        pthread_t threads[RACERS];
        int index, winners = 0;
        pthread_barrier_init(&start_line, NULL, RACERS);
        for (index = 0; index < RACERS; index++) pthread_create(&threads[index], NULL, racer, (void *)(size_t)index);
        for (index = 0; index < RACERS; index++) {
            pthread_join(threads[index], NULL);
            winners += acquired_by[index];
        }
        pthread_barrier_destroy(&start_line);
        if (winners != 1) bad_races++;
        CHECK_CALL("participants.repairEnd", "{\"tournamentId\":\"race\"}", "{\"ok\":true,\"result\":{\"released\":true}}");
    }
    CHECK(bad_races == 0);
}

/* --- Many threads, many tournaments, begin/end pairs: the registry ends empty. --- */

#define PAIR_THREADS 16
#define TOURNAMENTS 64
static int pair_rounds = 500;

static int pair_errors[PAIR_THREADS];

static void *pairs(void *argument) {
    int thread = (int)(size_t)argument, round;
    char request[64];
    for (round = 0; round < pair_rounds; round++) {
        char *begin, *end;
        snprintf(request, sizeof request, "{\"tournamentId\":\"t-%d\"}", (round * 7 + thread) % TOURNAMENTS);
        begin = tc_participants_repair_begin(request);
        if (begin != NULL && strstr(begin, "\"acquired\":true") != NULL) {
            end = tc_participants_repair_end(request);
            /* Whoever acquired must be the one to release. */
            if (end == NULL || strstr(end, "\"released\":true") == NULL) pair_errors[thread]++;
            tc_string_free(end);
        } else if (begin == NULL || strstr(begin, "\"acquired\":false") == NULL) {
            pair_errors[thread]++;
        }
        tc_string_free(begin);
    }
    return NULL;
}

static void begin_end_pairs_leave_registry_empty(void) {
    pthread_t threads[PAIR_THREADS];
    int index;
    for (index = 0; index < PAIR_THREADS; index++) pthread_create(&threads[index], NULL, pairs, (void *)(size_t)index);
    for (index = 0; index < PAIR_THREADS; index++) {
        pthread_join(threads[index], NULL);
        CHECK(pair_errors[index] == 0);
    }
    /* Empty: every tournament can be acquired again, and then released. */
    for (index = 0; index < TOURNAMENTS; index++) {
        char request[64];
        snprintf(request, sizeof request, "{\"tournamentId\":\"t-%d\"}", index);
        CHECK_CALL("participants.repairBegin", request, "{\"ok\":true,\"result\":{\"acquired\":true}}");
        CHECK_CALL("participants.repairEnd", request, "{\"ok\":true,\"result\":{\"released\":true}}");
    }
}

/* --- Privacy and rules through the ABI. --- */

static void no_email_in_any_response(void) {
    static const char *requests[][2] = {
        {"participants.resolve", "{\"tournamentId\":\"t1\",\"participantIds\":[\"u1\",\"u2\"],"
                                 "\"currentUser\":{\"uid\":\"u1\",\"email\":\"robin@example.com\"},\"now\":1}"},
        {"participants.resolve", "{\"tournamentId\":\"t1\",\"participants\":[{\"participantId\":\"u2\","
                                 "\"email\":\"marian@example.com\"}],\"currentUser\":{\"uid\":\"u1\",\"email\":\"robin@example.com\"}}"},
        {"participants.displayName", "{\"participantId\":\"u2\",\"index\":0,\"currentUser\":{\"uid\":\"u1\","
                                     "\"displayName\":\"Robin\",\"email\":\"robin@example.com\"}}"},
        {"participants.displayName", "{\"participantId\":\"u1\",\"index\":0,\"currentUser\":{\"uid\":\"u1\","
                                     "\"email\":\"robin@example.com\"}}"},
    };
    size_t index;
    for (index = 0; index < sizeof requests / sizeof *requests; index++) {
        char *response = tc_call(requests[index][0], requests[index][1]);
        CHECK(response != NULL && strstr(response, "\"ok\":true") != NULL);
        CHECK(response != NULL && strstr(response, "@") == NULL && strstr(response, "example.com") == NULL);
        tc_string_free(response);
    }
}

static void functions_match_tc_call(void) {
    const char *resolve = "{\"tournamentId\":\"t1\",\"participantIds\":[\"a\"],\"now\":5}";
    const char *name = "{\"participantId\":\"a\",\"index\":3}";
    char *direct = tc_participants_resolve(resolve), *via = tc_call("participants.resolve", resolve);
    CHECK_STR(direct, via);
    tc_string_free(direct);
    tc_string_free(via);
    direct = tc_participants_display_name(name);
    via = tc_call("participants.displayName", name);
    CHECK_STR(direct, "{\"ok\":true,\"result\":{\"displayName\":\"Archer 4\"}}");
    CHECK_STR(direct, via);
    tc_string_free(direct);
    tc_string_free(via);
}

static void hostile_input(void) {
    char code[64];
    static const char *functions[] = {"participants.resolve", "participants.displayName", "participants.repairBegin",
                                      "participants.repairEnd"};
    size_t index;
    char *deep = (char *)malloc(200001);
    memset(deep, '[', 200000);
    deep[200000] = '\0';
    for (index = 0; index < 4; index++) {
        CHECK_STR(tc_call_code(functions[index], NULL, code), "INVALID_JSON");
        CHECK_STR(tc_call_code(functions[index], "", code), "INVALID_JSON");
        CHECK_STR(tc_call_code(functions[index], deep, code), "INVALID_JSON");
        CHECK_STR(tc_call_code(functions[index], "{\"tournamentId\":\"\xff\"}", code), "INVALID_JSON");
        CHECK_STR(tc_call_code(functions[index], "{\"tournamentId\":[],\"participantId\":{},\"index\":\"0\"}", code), "INVALID_REQUEST");
    }
    free(deep);
    CHECK_STR(tc_call_code("participants.displayName", "{\"participantId\":\"u\",\"index\":1e400}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("participants.displayName", "{\"participantId\":\"u\",\"index\":-9223372036854775808}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("participants.displayName", "{\"participantId\":\"u\",\"index\":99999999999999999999}", code), "INVALID_REQUEST");
    CHECK_CALL("participants.displayName", "{\"participantId\":\"u\",\"index\":9223372036854775807}",
               "{\"ok\":true,\"result\":{\"displayName\":\"Archer 9223372036854775808\"}}");
    CHECK_STR(tc_call_code("participants.resolve", "{\"tournamentId\":\"t\",\"participantIds\":[[\"u1\"]]}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("participants.resolve", "{\"tournamentId\":\"t\",\"participants\":[null]}", code), "INVALID_REQUEST");
    /* An integer is a value however written (1e3 is 1000); a fraction is refused. */
    CHECK_CALL("participants.resolve", "{\"tournamentId\":\"t\",\"participantIds\":[\"u1\"],\"now\":1e3}",
               "{\"ok\":true,\"result\":{\"source\":\"participantIds\",\"participants\":[{\"participantId\":\"u1\",\"displayName\":\"Archer 1\",\"joinedAt\":1000,\"isCreator\":true}],"
               "\"repair\":{\"needed\":true,\"writes\":[{\"path\":\"tournaments/t/participants/u1\",\"merge\":true,\"data\":{\"participantId\":\"u1\",\"joinedAt\":1000,\"isCreator\":true}}]}}}");
    CHECK_STR(tc_call_code("participants.resolve", "{\"tournamentId\":\"t\",\"now\":1000.5}", code), "INVALID_REQUEST");
    {
        /* 1501-byte tournament IDs are refused: the registry never holds more than 1500 bytes. */
        char *request = (char *)malloc(1600);
        memcpy(request, "{\"tournamentId\":\"", 17);
        memset(request + 17, 'x', 1501);
        memcpy(request + 17 + 1501, "\"}", 3);
        CHECK_STR(tc_call_code("participants.repairBegin", request, code), "INVALID_REQUEST");
        free(request);
    }
}

int main(void) {
    if (getenv("TC_TEST_QUICK") != NULL) {
        races = 50;
        pair_rounds = 50;
    }
    exactly_one_racer_acquires();
    begin_end_pairs_leave_registry_empty();
    no_email_in_any_response();
    functions_match_tc_call();
    hostile_input();
    return tc_test_report("participants");
}
