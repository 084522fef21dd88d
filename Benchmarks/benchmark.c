/*
 * The TournamentCore benchmark: every method through the C ABI, a small (~1 KB) and, where it
 * makes sense, a large (~2 MB) request, measured interleaved with the hand-written C + jansson
 * references (references.c) and, where it was built (TC_BENCHMARK_SIMDJSON), the C++ + simdjson
 * peer (simdjson_references.cpp) in one run. Reports µs per call, MB/s of request, allocations
 * per call (counted by interposing malloc) and each reference's time over the core's.
 *
 *   benchmark [--quick] [--only METHOD] [--requests DIR] [--all-requests DIR] [--schemas DIR] [--season FILE]
 *
 * The methods are library.info's. A method with a workload recipe below (scaled, synthetic
 * requests; a reference where one exists) runs those; every other method runs its example
 * request (examples[0] of schemas/<method>.request.schema.json) as its small workload. Each
 * workload calls the method's own function, tc_<group>_<name>, found by its name.
 *
 * --quick runs each workload a few times (a smoke test: references agree with the core).
 * --only METHOD times that method's workloads only (every workload is still checked).
 * --requests DIR writes the reference workloads' requests there (for Benchmarks/bench.py).
 * --all-requests DIR writes every workload's request there (METHOD.SIZE.json), to profile one
 *   method on its own (perf, callgrind), and exits.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <jansson.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "references.h"
#include "timing.h"
#include "tournament_core.h"

/* ---- allocation counting: every malloc of the process goes through malloc_interposer.h --- */

#include "malloc_interposer.h"
#include "tc_contract.h"

/* ---- workloads ---------------------------------------------------------------------------- */

struct workload {
    const char *method;
    const char *size;
    char *(*core)(const char *);
    char *(*reference)(const char *); /* C + jansson, or NULL */
    char *(*peer)(const char *);      /* C++ + simdjson, or NULL */
    char *request;
};

/* The C++ + simdjson peer where it was built; CONTENDERS counts the core and the references. */
#ifdef TC_BENCHMARK_SIMDJSON
#define PEER(function) function
#define CONTENDERS 3
#else
#define PEER(function) NULL
#define CONTENDERS 2
#endif

/* matches.sections' peer, built only where the peer has date/tz too (TC_BENCHMARK_DATE_TZ). */
#ifdef TC_BENCHMARK_DATE_TZ
#define PEER_DATE_TZ(function) PEER(function)
#else
#define PEER_DATE_TZ(function) NULL
#endif

static char *dump(json_t *value) {
    char *text = json_dumps(value, JSON_COMPACT);
    json_decref(value);
    return text;
}

static const char *names[] = {"Spring Open", "Summer Cup", "Autumn Field", "Winter Indoor", "Club Championship", "Juniors Open"};
static const char *places[] = {"Lyon", "Paris", "Nice", "Bordeaux", "Lille", "Nantes", "Toulouse"};
static const char *statuses[] = {"open", "IN_PROGRESS", "completed", "Cancelled", "OPEN"};

static char *tournaments_request(int count) {
    json_t *list = json_array();
    int index;
    for (index = 0; index < count; index++) {
        char id[32];
        snprintf(id, sizeof id, "tournament-%06d", index);
        json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:s, s:b, s:i, s:i, s:s, s:I}", "id", id, "name", names[index % 6],
            "location", places[index % 7], "status", statuses[index % 5], "public", index % 3 != 0, "currentParticipants", index % 40,
            "maxParticipants", 40, "createdBy", "user-robin-hood", "createdAt", (json_int_t)1735300000000LL + index));
    }
    return dump(json_pack("{s:o, s:s, s:b, s:s, s:i}", "tournaments", list, "tab", "active", "publicOnly", 0, "query", "open", "limit", count));
}

static char *guests_request(int count) {
    json_t *list = json_array();
    int index;
    for (index = 0; index < count; index++) {
        char id[40], owner[24];
        snprintf(id, sizeof id, "participant-%08d-%08d", index, index * 7);
        snprintf(owner, sizeof owner, "user-%04d", index % 1000);
        json_array_append_new(list, json_pack("{s:s, s:b, s:s}", "participantId", id, "guestParticipant", index % 4 == 0, "addedBy", owner));
    }
    return dump(json_pack("{s:{s:s, s:s}, s:o, s:s, s:{s:i, s:i}}", "tournament", "id", "t1", "status", "IN_PROGRESS", "participants", list,
                          "currentUserId", "user-0001", "limits", "maxGuestsPerParticipant", 2000000, "maxTotalGuests", 10000000));
}

static char *arrows_array(int count, int seed) {
    json_t *arrows = json_array();
    int index;
    for (index = 0; index < count; index++) {
        int score = 10 - (index * 7 + seed) % 11;
        json_t *arrow = json_pack("{s:i}", "score", score);
        if (score == 10 && index % 3 == 0) json_object_set_new(arrow, "isX", json_true());
        if (index % 2 == 0) {
            json_object_set_new(arrow, "x", json_real(((index * 37) % 200 - 100) / 250.0));
            json_object_set_new(arrow, "y", json_real(((index * 53) % 200 - 100) / 250.0));
        }
        json_array_append_new(arrows, arrow);
    }
    return dump(arrows);
}

/* `rounds` rounds of `per_round` arrows, a second apart; round i's arrows are arrows_array's of
   seed `seed` + i. */
static json_t *rounds_array(int rounds, int per_round, int seed) {
    json_t *list = json_array();
    int index;
    json_error_t error;
    for (index = 0; index < rounds; index++) {
        char *arrows = arrows_array(per_round, seed + index);
        json_array_append_new(list, json_pack("{s:s, s:I, s:o}", "id", "r", "date", (json_int_t)1732000000000LL + index * 1000,
                                              "arrows", json_loads(arrows, 0, &error)));
        free(arrows);
    }
    return list;
}

static char *stats_request(int rounds, int per_round) {
    return dump(json_pack("{s:i, s:o, s:s, s:I}", "setupId", 7, "rounds", rounds_array(rounds, per_round, 0), "timeRange", "thirtyDays",
                          "now", (json_int_t)1733000000000LL));
}

static char *participants_request(int count) {
    json_t *ids = json_array();
    int index;
    for (index = 0; index < count; index++) {
        char id[32];
        snprintf(id, sizeof id, "user-%08d", index);
        json_array_append_new(ids, json_string(id));
    }
    return dump(json_pack("{s:s, s:[], s:o, s:{s:s, s:s}, s:I}", "tournamentId", "tournament-1", "participants", "participantIds", ids,
                          "currentUser", "uid", "user-00000003", "email", "robin@example.com", "now", (json_int_t)1735300000000LL));
}

static char *leaderboard_request(int count) {
    json_t *entries = json_array();
    int index;
    for (index = 0; index < count; index++) {
        char id[32];
        snprintf(id, sizeof id, "archer-%06d", index);
        json_array_append_new(entries, json_pack("{s:s, s:s, s:i, s:i, s:i}", "participantId", id, "displayName", "Robin",
                                                 "score", 200 + index % 100, "tens", index % 13, "xs", (index % 13) / 3));
    }
    return dump(json_pack("{s:o}", "entries", entries));
}

static char *season_request(const char *path, int matches) {
    json_error_t error;
    json_t *file = json_load_file(path, 0, &error), *list = json_array();
    json_t *all = json_object_get(file, "matches");
    size_t index;
    for (index = 0; index < json_array_size(all) && (int)index < matches; index++) json_array_append(list, json_array_get(all, index));
    json_decref(file);
    return dump(json_pack("{s:o, s:[], s:s, s:s}", "matches", list, "favorites", "segment", "all", "timeZone", "Europe/London"));
}

/* ---- recipes: the methods whose workloads are built here, at two sizes ---------------------- */

static const char *season_path = "Examples/data/premier-league-2024-25.json";

/* The large workloads' requests at `quarters` quarters of their length (4: the large workload
   itself; the check that a method's allocations per call do not grow with its request takes 1,
   2 and 4). */
static char *filter_scaled(int quarters) { return tournaments_request(2500 * quarters); }
static char *resolve_scaled(int quarters) { return participants_request(2500 * quarters); }
static char *guests_scaled(int quarters) { return guests_request(5000 * quarters); }
static char *stats_scaled(int quarters) { return stats_request(25 * quarters, 1000); }
static char *leaderboard_scaled(int quarters) { return leaderboard_request(5000 * quarters); }
static char *sections_scaled(int quarters) { return season_request(season_path, 95 * quarters); }

/* Two setups of raw rounds, `rounds` rounds of 1000 arrows each. */
static char *compare_request(int rounds) {
    return dump(json_pack("{s:{s:i, s:s, s:o}, s:{s:i, s:s, s:o}, s:s, s:I}", "setupA", "id", 1, "name", "Hoyt", "rounds", rounds_array(rounds, 1000, 0),
                          "setupB", "id", 2, "name", "", "rounds", rounds_array(rounds, 1000, 5), "timeRange", "thirtyDays",
                          "now", (json_int_t)1733000000000LL));
}

/* 30 rounds a setup at the whole length (~2 MB). */
static char *compare_scaled(int quarters) { return compare_request(30 * quarters / 4); }

struct scaled {
    const char *method;
    char *(*make)(int quarters);
};
static const struct scaled scaled_recipes[] = {
    {"tournaments.filter", filter_scaled}, {"participants.resolve", resolve_scaled}, {"guests.check", guests_scaled},
    {"equipment.stats", stats_scaled}, {"equipment.compare", compare_scaled}, {"scoring.leaderboard", leaderboard_scaled},
    {"matches.sections", sections_scaled},
};

static char *filter_small(void) { return tournaments_request(5); }
static char *filter_large(void) { return filter_scaled(4); }
static char *resolve_small(void) { return participants_request(10); }
static char *resolve_large(void) { return resolve_scaled(4); }
static char *guests_small(void) { return guests_request(10); }
static char *guests_large(void) { return guests_scaled(4); }
static char *stats_small(void) { return stats_request(1, 30); }
static char *stats_large(void) { return stats_scaled(4); }
static char *leaderboard_small(void) { return leaderboard_request(8); }
static char *leaderboard_large(void) { return leaderboard_scaled(4); }
static char *ids_one(void) { return strdup("{\"count\":1}"); }
static char *ids_batch(void) { return strdup("{\"count\":50}"); }
static char *sections_small(void) { return season_request(season_path, 1); }
static char *sections_large(void) { return sections_scaled(4); }
static char *compare_large(void) { return compare_scaled(4); }

/* 30 raw arrows (17-digit coordinates) against precomputed statistics. */
static char *compare_small(void) {
    char *arrows = arrows_array(30, 1), *request;
    size_t length = strlen(arrows) + 512;
    request = (char *)malloc(length);
    snprintf(request, length, "{\"setupA\":{\"id\":1,\"name\":\"Hoyt\",\"rounds\":[{\"date\":1732000000000,\"arrows\":%s}]},"
             "\"setupB\":{\"id\":2,\"name\":\"\",\"stats\":{\"totalArrows\":30,\"averageScore\":8.5,\"accuracy\":30,\"consistency\":60}},"
             "\"now\":1733000000000}", arrows);
    free(arrows);
    return request;
}

static const struct recipe {
    const char *method, *size;
    char *(*make)(void);
    char *(*reference)(const char *);
    char *(*peer)(const char *);
} recipes[] = {
    {"tournaments.filter", "small", filter_small, reference_tournaments_filter, PEER(simdjson_tournaments_filter)},
    {"tournaments.filter", "large", filter_large, reference_tournaments_filter, PEER(simdjson_tournaments_filter)},
    {"participants.resolve", "small", resolve_small, NULL, PEER(simdjson_participants_resolve)},
    {"participants.resolve", "large", resolve_large, NULL, PEER(simdjson_participants_resolve)},
    {"guests.check", "small", guests_small, reference_guests_check, PEER(simdjson_guests_check)},
    {"guests.check", "large", guests_large, reference_guests_check, PEER(simdjson_guests_check)},
    {"guests.generateId", "small", ids_one, NULL, NULL},
    {"guests.generateId", "batch of 50", ids_batch, NULL, NULL},
    {"equipment.stats", "small", stats_small, reference_equipment_stats, PEER(simdjson_equipment_stats)},
    {"equipment.stats", "large", stats_large, reference_equipment_stats, PEER(simdjson_equipment_stats)},
    {"equipment.compare", "small", compare_small, NULL, PEER(simdjson_equipment_compare)},
    {"equipment.compare", "large", compare_large, NULL, PEER(simdjson_equipment_compare)},
    {"scoring.leaderboard", "small", leaderboard_small, NULL, PEER(simdjson_scoring_leaderboard)},
    {"scoring.leaderboard", "large", leaderboard_large, NULL, PEER(simdjson_scoring_leaderboard)},
    {"matches.sections", "small", sections_small, NULL, PEER_DATE_TZ(simdjson_matches_sections)},
    {"matches.sections", "large", sections_large, NULL, PEER_DATE_TZ(simdjson_matches_sections)},
};

/* The example request of a method, compact; NULL if it has none. */
static char *example_request(const char *schemas, const char *method) {
    json_t *example = tc_example_request(schemas, method, NULL);
    char *text = example != NULL ? json_dumps(example, JSON_COMPACT) : NULL;
    json_decref(example);
    return text;
}

/* ---- measurement -------------------------------------------------------------------------- */

struct sample {
    double seconds_per_call;
    double allocations_per_call;
};

/* One of the functions a workload times, and its rounds. */
struct contender {
    char *(*function)(const char *);
    int is_core;
    double seconds[9], ratio[9], allocations;
};

/* Runs `function` `count` times; seconds and allocations per call. The core's responses are
   freed with tc_string_free, the references' with free. */
static struct sample run(char *(*function)(const char *), int is_core, const char *request, int count) {
    struct sample sample;
    unsigned long long before = tc_allocations;
    double start = now_seconds();
    int index;
    for (index = 0; index < count; index++) {
        char *response = function(request);
        if (is_core) {
            tc_string_free(response);
        } else {
            free(response);
        }
    }
    sample.seconds_per_call = (now_seconds() - start) / count;
    sample.allocations_per_call = (double)(tc_allocations - before) / count;
    return sample;
}

/* Seconds per call of `function` once warm: calls (doubling batches) until `seconds` have
   passed; the last batch's time per call. */
static double calibrate(char *(*function)(const char *), const char *request, double seconds) {
    double start = now_seconds(), per_call = run(function, 1, request, 1).seconds_per_call;
    int batch = 1;
    while (now_seconds() - start < seconds && batch < (1 << 24)) {
        batch *= 2;
        per_call = run(function, 1, request, batch).seconds_per_call;
    }
    return per_call;
}

/* The response of the core and of the reference must be the same JSON. */
static int same_response(struct workload *workload) {
    char *core = workload->core(workload->request), *reference = workload->reference(workload->request);
    json_error_t error;
    json_t *a = json_loads(core, JSON_DECODE_INT_AS_REAL, &error), *b = json_loads(reference, JSON_DECODE_INT_AS_REAL, &error);
    int same = a != NULL && b != NULL && json_equal(a, b) && strncmp(core, "{\"ok\":true", 10) == 0;
    if (!same) fprintf(stderr, "%s (%s): the reference differs from the core:\n  core:      %.300s\n  reference: %.300s\n",
                       workload->method, workload->size, core, reference);
    json_decref(a);
    json_decref(b);
    tc_string_free(core);
    free(reference);
    return same;
}

/* The peer's response must be the core's, byte for byte. */
static int same_bytes(struct workload *workload) {
    char *core = workload->core(workload->request), *peer = workload->peer(workload->request);
    int same = core != NULL && peer != NULL && strcmp(core, peer) == 0;
    if (!same) fprintf(stderr, "%s (%s): the C++ + simdjson peer differs from the core:\n  core: %.300s\n  peer: %.300s\n",
                       workload->method, workload->size, core ? core : "NULL", peer ? peer : "NULL");
    tc_string_free(core);
    free(peer);
    return same;
}

/* Allocations of one warm call of `function` on `request`. */
static unsigned long long allocations_of_call(char *(*function)(const char *), const char *request) {
    unsigned long long before;
    tc_string_free(function(request));
    before = tc_allocations;
    tc_string_free(function(request));
    return tc_allocations - before;
}

/* Prints the allocations per call of each scaled recipe's request at a quarter, a half and the
   whole of its large length; the number of methods whose counts differ (each is reported). */
static int check_allocations_do_not_grow(void) {
    size_t index;
    int failures = 0;
    printf("Allocations per call as the request grows (the large workload's request at a quarter, a half and the whole of its length):\n\n");
    printf("| method | ¼ | ½ | whole |\n|---|---:|---:|---:|\n");
    for (index = 0; index < sizeof scaled_recipes / sizeof *scaled_recipes; index++) {
        const struct scaled *recipe = &scaled_recipes[index];
        char *(*function)(const char *) = tc_method_function_of(recipe->method);
        unsigned long long counts[3];
        int part;
        for (part = 0; part < 3; part++) {
            char *request = recipe->make(1 << part);
            counts[part] = allocations_of_call(function, request);
            free(request);
        }
        printf("| %s | %llu | %llu | %llu |\n", recipe->method, counts[0], counts[1], counts[2]);
        if (counts[0] != counts[1] || counts[1] != counts[2]) {
            fprintf(stderr, "%s: allocations per call grow with the request: %llu, %llu, %llu\n", recipe->method, counts[0], counts[1], counts[2]);
            failures++;
        }
    }
    printf("\n");
    return failures;
}

/* Writes the workload's request to FOLDER/METHOD.SIZE.json. */
static void write_request(const char *folder, const struct workload *workload) {
    char path[512];
    FILE *file;
    mkdir(folder, 0755);
    snprintf(path, sizeof path, "%s/%s.%s.json", folder, workload->method, workload->size);
    file = fopen(path, "w");
    if (file) {
        fputs(workload->request, file);
        fclose(file);
    }
}

int main(int argc, char **argv) {
    int quick = 0, index, failures = 0, count = 0;
    const char *requests_folder = NULL, *all_requests_folder = NULL, *schemas = "schemas", *only = NULL;
    struct workload workloads[256];
    json_t *methods;
    size_t method_index, recipe_index;

    for (index = 1; index < argc; index++) {
        if (strcmp(argv[index], "--quick") == 0) quick = 1;
        else if (strcmp(argv[index], "--only") == 0 && index + 1 < argc) only = argv[++index];
        else if (strcmp(argv[index], "--requests") == 0 && index + 1 < argc) requests_folder = argv[++index];
        else if (strcmp(argv[index], "--all-requests") == 0 && index + 1 < argc) all_requests_folder = argv[++index];
        else if (strcmp(argv[index], "--season") == 0 && index + 1 < argc) season_path = argv[++index];
        else if (strcmp(argv[index], "--schemas") == 0 && index + 1 < argc) schemas = argv[++index];
    }

    /* Every method of library.info: its recipes, or its example request as the small workload. */
    methods = tc_contract_methods();
    for (method_index = 0; method_index < json_array_size(methods) && count < 250; method_index++) {
        const char *method = json_string_value(json_array_get(methods, method_index));
        int found = 0;
        for (recipe_index = 0; recipe_index < sizeof recipes / sizeof *recipes; recipe_index++) {
            const struct recipe *recipe = &recipes[recipe_index];
            if (strcmp(recipe->method, method) != 0) continue;
            workloads[count++] = (struct workload){recipe->method, recipe->size, tc_method_function_of(method), recipe->reference,
                                                   recipe->peer, recipe->make()};
            found = 1;
        }
        if (!found) {
            workloads[count++] = (struct workload){method, "small", tc_method_function_of(method), NULL, NULL, example_request(schemas, method)};
        }
    }
    for (index = 0; index < count; index++) {
        if (workloads[index].core == NULL || workloads[index].request == NULL) {
            fprintf(stderr, "%s: no exported function or no request\n", workloads[index].method);
            return 1;
        }
    }

    /* Every workload must succeed, and every reference agree with the core. */
    for (index = 0; index < count; index++) {
        char *response = workloads[index].core(workloads[index].request);
        if (response == NULL || strncmp(response, "{\"ok\":true", 10) != 0) {
            fprintf(stderr, "%s (%s) failed: %.300s\n", workloads[index].method, workloads[index].size, response ? response : "NULL");
            failures++;
        }
        tc_string_free(response);
        if (workloads[index].reference != NULL && !same_response(&workloads[index])) failures++;
        if (workloads[index].peer != NULL && !same_bytes(&workloads[index])) failures++;
        if (requests_folder != NULL && workloads[index].reference != NULL) write_request(requests_folder, &workloads[index]);
        if (all_requests_folder != NULL) write_request(all_requests_folder, &workloads[index]);
    }
    if (failures) return 1;
    if (all_requests_folder != NULL) return 0;
    if (only == NULL && check_allocations_do_not_grow() != 0) return 1;

    printf("TournamentCore %s benchmark%s: median of %d interleaved rounds\n\n", tc_version(), quick ? " (quick)" : "", quick ? 1 : 9);
    printf("| workload | request | core µs/call | core MB/s | core allocs/call | C+jansson µs/call | C+jansson allocs/call | C+jansson ÷ core |");
    if (CONTENDERS == 3) printf(" C++ simdjson µs/call | C++ simdjson allocs/call | C++ simdjson ÷ core |");
    printf("\n|---|---:|---:|---:|---:|---:|---:|---:|%s\n", CONTENDERS == 3 ? "---:|---:|---:|" : "");
    for (index = 0; index < count; index++) {
        struct workload *workload = &workloads[index];
        size_t length = strlen(workload->request);
        int rounds = quick ? 1 : 9, round, calls, part;
        /* The core, C + jansson, C++ + simdjson (a reference may be NULL: not timed). */
        struct contender contenders[3] = {{.function = workload->core, .is_core = 1}, {.function = workload->reference}, {.function = workload->peer}};
        struct contender *core = &contenders[0];
        double per_call;
        if (only != NULL && strcmp(only, workload->method) != 0) continue;
        /* Calls per round: about 50 ms of the core's time (at least 1), from the warm calls of a
           calibration run of about 20 ms: the first call alone (caches and lazy initialization
           cold, often 20x slower) gave rounds of a few ms, whose own warm-up then weighed on
           every round. */
        per_call = calibrate(workload->core, workload->request, quick ? 0.0 : 0.02);
        calls = quick ? 2 : (int)(0.05 / (per_call > 1e-7 ? per_call : 1e-7));
        if (calls < 1) calls = 1;
        /* Each round runs the core and each reference the same number of calls, the core first in
           even rounds and last in odd ones (what runs before it, and the heap it leaves, change
           the next one's time); a ratio is the median of the rounds' ratios. */
        for (round = 0; round < rounds; round++) {
            int step;
            for (step = 0; step < 3; step++) {
                struct contender *contender = &contenders[round % 2 == 0 ? step : 2 - step];
                struct sample sample;
                if (contender->function == NULL) continue;
                sample = run(contender->function, contender->is_core, workload->request, calls);
                contender->seconds[round] = sample.seconds_per_call;
                contender->allocations = sample.allocations_per_call;
            }
            for (part = 1; part < 3; part++) contenders[part].ratio[round] = contenders[part].seconds[round] / core->seconds[round];
        }
        qsort(core->seconds, (size_t)rounds, sizeof *core->seconds, compare_doubles);
        printf("| %s (%s) | %.1f KB | %.2f | %.0f | %.1f |", workload->method, workload->size, length / 1024.0, core->seconds[rounds / 2] * 1e6,
               length / core->seconds[rounds / 2] / 1e6, core->allocations);
        for (part = 1; part < CONTENDERS; part++) {
            struct contender *reference = &contenders[part];
            if (reference->function == NULL) {
                printf(" | | |");
                continue;
            }
            qsort(reference->seconds, (size_t)rounds, sizeof *reference->seconds, compare_doubles);
            qsort(reference->ratio, (size_t)rounds, sizeof *reference->ratio, compare_doubles);
            printf(" %.2f | %.1f | **%.2f×** |", reference->seconds[rounds / 2] * 1e6, reference->allocations, reference->ratio[rounds / 2]);
        }
        printf("\n");
        fflush(stdout);
    }
    for (index = 0; index < count; index++) free(workloads[index].request);
    json_decref(methods);
    return 0;
}
