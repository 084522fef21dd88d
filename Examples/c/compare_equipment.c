/*
 * compare_equipment — the equipment comparison screen, as a C host builds it with
 * TournamentCore: two bow setups from a file of rounds, their statistics side by side, the
 * deltas B − A with the trend and colour the app shows, and the drift of each setup.
 *
 *   compare_equipment <rounds.json> [setupA setupB] [--range sevenDays|thirtyDays|ninetyDays|oneYear|allTime]
 *
 * The file holds {"now":epoch ms,"setups":[{"id","name","rounds":[...]}]}; the setups to compare
 * are given by id (default: the first two). Requests are built and responses read with jansson.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <tournament_core.h>

static json_t *find_setup(json_t *setups, json_int_t id) {
    size_t index;
    json_t *setup;
    json_array_foreach(setups, index, setup) {
        if (json_integer_value(json_object_get(setup, "id")) == id) return setup;
    }
    return NULL;
}

static void row(const char *label, json_t *a, json_t *b, json_t *delta, json_t *display, const char *format) {
    char left[32], right[32];
    if (json_is_integer(a)) {
        snprintf(left, sizeof left, "%lld", (long long)json_integer_value(a));
        snprintf(right, sizeof right, "%lld", (long long)json_integer_value(b));
    } else {
        snprintf(left, sizeof left, format, json_real_value(a));
        snprintf(right, sizeof right, format, json_real_value(b));
    }
    printf("  %-16s %16s %16s", label, left, right);
    if (display != NULL) {
        const char *trend = json_string_value(json_object_get(display, "trend"));
        printf("   %8s %s %s", json_string_value(json_object_get(display, "text")),
               strcmp(trend, "up") == 0 ? "^" : strcmp(trend, "down") == 0 ? "v" : "=",
               json_string_value(json_object_get(display, "color")));
    }
    (void)delta;
    printf("\n");
}

/* A coordinate with three decimals and a sign, without "-0.000". */
static const char *coordinate(double value, char *text, size_t size) {
    snprintf(text, size, "%+.3f", value);
    if (strcmp(text, "-0.000") == 0) snprintf(text, size, "+0.000");
    return text;
}

static void drift(const char *name, json_t *value) {
    char x[32], y[32];
    if (!json_is_object(value)) {
        printf("  %-24s no arrow with coordinates\n", name);
        return;
    }
    printf("  %-24s centre (%s, %s), spread %.3f x %.3f, %lld arrows\n", name,
           coordinate(json_real_value(json_object_get(value, "xDriftAverage")), x, sizeof x),
           coordinate(json_real_value(json_object_get(value, "yDriftAverage")), y, sizeof y),
           json_real_value(json_object_get(value, "xSpread")), json_real_value(json_object_get(value, "ySpread")),
           (long long)json_integer_value(json_object_get(value, "arrowCount")));
}

int main(int argc, char **argv) {
    const char *path = NULL, *range = "thirtyDays";
    json_int_t ids[2] = {0, 0};
    int given = 0, index;
    json_error_t error;
    json_t *file, *setups, *a, *b, *request, *envelope, *result, *statsA, *statsB, *display;
    char *text, *response;

    for (index = 1; index < argc; index++) {
        if (strcmp(argv[index], "--range") == 0 && index + 1 < argc) {
            range = argv[++index];
        } else if (path == NULL) {
            path = argv[index];
        } else if (given < 2) {
            ids[given++] = strtoll(argv[index], NULL, 10);
        }
    }
    if (path == NULL || given == 1) {
        fprintf(stderr, "usage: compare_equipment <rounds.json> [setupA setupB] [--range RANGE]\n");
        return 2;
    }
    file = json_load_file(path, 0, &error);
    if (file == NULL) {
        fprintf(stderr, "%s:%d: %s\n", path, error.line, error.text);
        return 1;
    }
    setups = json_object_get(file, "setups");
    a = given ? find_setup(setups, ids[0]) : json_array_get(setups, 0);
    b = given ? find_setup(setups, ids[1]) : json_array_get(setups, 1);
    if (a == NULL || b == NULL) {
        fprintf(stderr, "no such setup\n");
        json_decref(file);
        return 1;
    }

    request = json_pack("{s:O, s:O, s:s, s:O}", "setupA", a, "setupB", b, "timeRange", range, "now", json_object_get(file, "now"));
    text = json_dumps(request, JSON_COMPACT);
    response = tc_equipment_compare(text);
    envelope = json_loads(response, 0, &error);
    free(text);
    tc_string_free(response);
    json_decref(request);
    if (!json_is_true(json_object_get(envelope, "ok"))) {
        json_t *err = json_object_get(envelope, "error");
        fprintf(stderr, "equipment.compare: %s: %s\n", json_string_value(json_object_get(err, "code")),
                json_string_value(json_object_get(err, "message")));
        json_decref(envelope);
        json_decref(file);
        return 1;
    }
    result = json_object_get(envelope, "result");
    statsA = json_object_get(result, "setupAStats");
    statsB = json_object_get(result, "setupBStats");
    display = json_object_get(result, "display");

    printf("TournamentCore %s: equipment comparison, %s\n\n", tc_version(),
           json_string_value(json_object_get(json_object_get(result, "timeRange"), "label")));
    printf("  %-16s %16s %16s   %s\n", "", json_string_value(json_object_get(result, "setupAName")),
           json_string_value(json_object_get(result, "setupBName")), "B - A");
    row("rounds", json_object_get(statsA, "roundCount"), json_object_get(statsB, "roundCount"), NULL, NULL, NULL);
    row("arrows", json_object_get(statsA, "totalArrows"), json_object_get(statsB, "totalArrows"), NULL,
        json_object_get(display, "arrowCount"), NULL);
    row("average score", json_object_get(statsA, "averageScore"), json_object_get(statsB, "averageScore"), NULL,
        json_object_get(display, "averageScore"), "%.2f");
    row("accuracy (10s) %", json_object_get(statsA, "accuracy"), json_object_get(statsB, "accuracy"), NULL,
        json_object_get(display, "accuracy"), "%.2f");
    row("consistency 9+ %", json_object_get(statsA, "consistency"), json_object_get(statsB, "consistency"), NULL,
        json_object_get(display, "consistency"), "%.2f");
    row("Xs", json_object_get(statsA, "xCount"), json_object_get(statsB, "xCount"), NULL, NULL, NULL);
    row("10s", json_object_get(statsA, "tenCount"), json_object_get(statsB, "tenCount"), NULL, NULL, NULL);
    printf("\n  drift (face radii; x right, y up)\n");
    drift(json_string_value(json_object_get(result, "setupAName")), json_object_get(result, "setupADrift"));
    drift(json_string_value(json_object_get(result, "setupBName")), json_object_get(result, "setupBDrift"));

    json_decref(envelope);
    json_decref(file);
    return 0;
}
