/* equipment.* and scoring.leaderboard through the C ABI, requests built and responses read with
 * jansson; hostile numbers. */
#include "tc_test.h"

static json_t *call_json(char *(*function)(const char *), json_t *request) {
    char *text = json_dumps(request, JSON_COMPACT);
    json_t *result = tc_result_of(function(text));
    free(text);
    json_decref(request);
    return result;
}

static void stats_of_the_contract_example(void) {
    json_t *result = call_json(tc_equipment_stats, json_pack(
        "{s:i, s:[{s:s, s:I, s:[{s:i, s:b, s:f, s:f}, {s:i}, {s:i}]}], s:s, s:I}",
        "setupId", 7, "rounds", "id", "r1", "date", (json_int_t)1732000000000LL, "arrows",
        "score", 10, "isX", 1, "x", 0.02, "y", -0.01, "score", 9, "score", 0,
        "timeRange", "thirtyDays", "now", (json_int_t)1733000000000LL));
    json_t *stats = json_object_get(result, "stats");
    json_t *drift = json_object_get(result, "drift");
    CHECK(json_integer_value(json_object_get(stats, "totalArrows")) == 3);
    CHECK(json_integer_value(json_object_get(stats, "totalScore")) == 19);
    CHECK(json_real_value(json_object_get(stats, "averageScore")) == 19.0 / 3.0);
    CHECK(json_real_value(json_object_get(stats, "accuracy")) == 100.0 / 3.0);
    CHECK(json_integer_value(json_object_get(stats, "roundCount")) == 1);
    CHECK(json_real_value(json_object_get(drift, "xDriftAverage")) == 0.02);
    CHECK(json_integer_value(json_object_get(drift, "arrowCount")) == 1);
    json_decref(result);
}

static void compare_and_display(void) {
    json_t *result = call_json(tc_equipment_compare, json_pack(
        "{s:{s:i, s:s, s:{s:i, s:f, s:f, s:f}}, s:{s:i, s:s, s:{s:i, s:f, s:f, s:f}}, s:I}",
        "setupA", "id", 1, "name", "Hoyt Formula", "stats", "totalArrows", 100, "averageScore", 8.5, "accuracy", 30.0,
        "consistency", 60.0, "setupB", "id", 2, "name", "", "stats", "totalArrows", 112, "averageScore", 8.75,
        "accuracy", 26.5, "consistency", 60.0, "now", (json_int_t)1733000000000LL));
    json_t *display = json_object_get(result, "display");
    CHECK_STR(json_string_value(json_object_get(result, "setupBName")), "Setup #2");
    CHECK_STR(json_string_value(json_object_get(json_object_get(display, "averageScore"), "text")), "+0.25");
    CHECK_STR(json_string_value(json_object_get(json_object_get(display, "accuracy"), "color")), "red");
    CHECK_STR(json_string_value(json_object_get(json_object_get(display, "consistency"), "trend")), "flat");
    CHECK_STR(json_string_value(json_object_get(json_object_get(display, "arrowCount"), "text")), "+12");
    CHECK(json_integer_value(json_object_get(json_object_get(result, "timeRange"), "startTimestamp")) == 1730408000000LL);
    json_decref(result);
    CHECK_CALL("equipment.compare", "{\"setupA\":{\"id\":4},\"setupB\":{\"id\":4},\"now\":0}",
               "{\"ok\":false,\"error\":{\"code\":\"SAME_SETUP\",\"message\":\"Choose two different setups to compare.\"}}");
}

static void selection_and_ranges(void) {
    json_t *result = tc_result_of(tc_equipment_selection("{\"setups\":[{\"id\":3,\"name\":\"b\"},{\"id\":1,\"name\":\"A\"}],\"setupAId\":1,\"setupBId\":3}"));
    CHECK(json_is_true(json_object_get(result, "canCompare")));
    CHECK(json_integer_value(json_object_get(json_array_get(json_object_get(result, "setups"), 0), "id")) == 1);
    CHECK(json_array_size(json_object_get(result, "availableForB")) == 1);
    json_decref(result);
    result = tc_result_of(tc_equipment_time_ranges("{\"now\":1733000000000}"));
    CHECK(json_array_size(json_object_get(result, "ranges")) == 5);
    CHECK(json_is_null(json_object_get(json_array_get(json_object_get(result, "ranges"), 4), "startTimestamp")));
    json_decref(result);
}

static void leaderboard(void) {
    json_t *result = tc_result_of(tc_scoring_leaderboard(
        "{\"entries\":[{\"participantId\":\"a\",\"score\":100,\"tens\":3},{\"participantId\":\"b\",\"score\":100,\"tens\":3},"
        "{\"participantId\":\"c\",\"arrows\":[{\"score\":10,\"isX\":true}]}]}"));
    json_t *entries = json_object_get(result, "entries");
    CHECK(json_integer_value(json_object_get(json_array_get(entries, 0), "rank")) == 1);
    CHECK(json_integer_value(json_object_get(json_array_get(entries, 1), "rank")) == 1);
    CHECK(json_integer_value(json_object_get(json_array_get(entries, 2), "rank")) == 3);
    CHECK_STR(json_string_value(json_object_get(json_array_get(entries, 2), "participantId")), "c");
    json_decref(result);
}

static void functions_match_tc_call(void) {
    static const char *cases[][2] = {
        {"equipment.stats", "{\"setupId\":1,\"rounds\":[],\"now\":5}"},
        {"equipment.compare", "{\"setupA\":{\"id\":1},\"setupB\":{\"id\":2},\"now\":5}"},
        {"equipment.selection", "{\"setups\":[]}"},
        {"equipment.timeRanges", "{\"now\":5}"},
        {"scoring.leaderboard", "{\"entries\":[]}"},
    };
    char *(*functions[])(const char *) = {tc_equipment_stats, tc_equipment_compare, tc_equipment_selection,
                                          tc_equipment_time_ranges, tc_scoring_leaderboard};
    size_t index;
    for (index = 0; index < 5; index++) {
        char *direct = functions[index](cases[index][1]);
        char *via = tc_call(cases[index][0], cases[index][1]);
        CHECK(direct != NULL && strncmp(direct, "{\"ok\":true", 10) == 0);
        CHECK_STR(direct, via);
        tc_string_free(direct);
        tc_string_free(via);
    }
}

static void hostile_numbers(void) {
    static const char *requests[][2] = {
        {"equipment.stats", "{\"setupId\":1e400,\"rounds\":[]}"},
        {"equipment.stats", "{\"setupId\":1,\"rounds\":[{\"date\":0,\"arrows\":[{\"score\":10,\"x\":-1e400,\"y\":0}]}]}"},
        {"equipment.stats", "{\"setupId\":1,\"rounds\":[{\"date\":9223372036854775807,\"arrows\":[]}]}"},
        {"equipment.stats", "{\"setupId\":1,\"rounds\":[{\"date\":0,\"arrows\":[{\"score\":-9223372036854775808}]}]}"},
        {"equipment.stats", "{\"setupId\":1,\"rounds\":[],\"now\":-9223372036854775808}"},
        {"equipment.stats", "{\"setupId\":1,\"rounds\":[],\"startDate\":1e20}"},
        {"equipment.compare", "{\"setupA\":{\"id\":1,\"stats\":{\"totalArrows\":-1}},\"setupB\":{\"id\":2}}"},
        {"equipment.compare", "{\"setupA\":{\"id\":1,\"stats\":{\"accuracy\":1e400}},\"setupB\":{\"id\":2}}"},
        {"equipment.compare", "{\"setupA\":{\"id\":1,\"drift\":{\"xDriftAverage\":-1e300}},\"setupB\":{\"id\":2}}"},
        {"equipment.selection", "{\"setups\":[{\"id\":99999999999999999999}]}"},
        {"equipment.timeRanges", "{\"now\":1e400}"},
        {"scoring.leaderboard", "{\"entries\":[{\"participantId\":\"a\",\"score\":-9223372036854775808}]}"},
        {"scoring.leaderboard", "{\"entries\":[{\"participantId\":\"a\",\"score\":1,\"tens\":-1}]}"},
        {"scoring.leaderboard", "{\"entries\":[{\"participantId\":\"a\",\"score\":9223372036854775808}]}"},
    };
    size_t index;
    char code[64];
    for (index = 0; index < sizeof requests / sizeof *requests; index++) {
        tc_call_code(requests[index][0], requests[index][1], code);
        if (strcmp(code, "INVALID_REQUEST") != 0) fprintf(stderr, "%s %s: %s\n", requests[index][0], requests[index][1], code);
        CHECK(strcmp(code, "INVALID_REQUEST") == 0);
    }
    /* Extremes that are valid give results, not traps. */
    CHECK_STR(tc_call_code("equipment.compare", "{\"setupA\":{\"id\":-9223372036854775808,\"stats\":{\"totalArrows\":9223372036854775807}},"
                                                "\"setupB\":{\"id\":9223372036854775807},\"now\":253402300799999}", code), "ok");
    CHECK_STR(tc_call_code("equipment.stats", "{\"setupId\":1,\"rounds\":[{\"date\":0,\"arrows\":[{\"score\":0,\"x\":1000,\"y\":-1000},"
                                              "{\"score\":0,\"x\":-1000,\"y\":1000}]}],\"timeRange\":\"allTime\"}", code), "ok");
}

static void many_arrows(void) {
    /* 100,000 arrows in one round: a correct result, quickly. */
    const size_t arrows = 100000;
    size_t capacity = arrows * 16 + 256, used = 0, index;
    char *request = (char *)malloc(capacity);
    json_t *result;
    used += (size_t)sprintf(request + used, "{\"setupId\":1,\"timeRange\":\"allTime\",\"rounds\":[{\"date\":0,\"arrows\":[");
    for (index = 0; index < arrows; index++) {
        used += (size_t)sprintf(request + used, "%s{\"score\":%d}", index ? "," : "", (int)(index % 11));
    }
    strcpy(request + used, "]}]}");
    result = tc_result_of(tc_equipment_stats(request));
    CHECK(json_integer_value(json_object_get(json_object_get(result, "stats"), "totalArrows")) == (json_int_t)arrows);
    json_decref(result);
    free(request);
}

int main(void) {
    stats_of_the_contract_example();
    compare_and_display();
    selection_and_ranges();
    leaderboard();
    functions_match_tc_call();
    hostile_numbers();
    many_arrows();
    return tc_test_report("equipment");
}
