/* matches.* through the C ABI: a whole season from the bundled sample data, daylight saving
 * switches, favourites, hostile input. */
#include "tc_test.h"

static json_t *season_matches(const char *path) {
    json_error_t error;
    json_t *file = json_load_file(path, 0, &error);
    json_t *matches = json_incref(json_object_get(file, "matches"));
    json_decref(file);
    return matches;
}

static json_t *sections_of(json_t *matches, const char *time_zone) {
    json_t *request = json_pack("{s:O, s:s}", "matches", matches, "timeZone", time_zone);
    char *text = json_dumps(request, JSON_COMPACT);
    json_t *result = tc_result_of(tc_matches_sections(text));
    free(text);
    json_decref(request);
    return result;
}

static void whole_season(const char *path) {
    const char *zones[] = {"Europe/London", "America/New_York", "Australia/Sydney", "UTC"};
    json_t *matches = season_matches(path);
    size_t zone;
    CHECK(json_array_size(matches) == 380);
    for (zone = 0; zone < 4; zone++) {
        json_t *result = sections_of(matches, zones[zone]);
        json_t *sections = json_object_get(result, "sections"), *section;
        size_t index, total = 0;
        const char *previous = "";
        json_array_foreach(sections, index, section) {
            const char *date = json_string_value(json_object_get(section, "date"));
            json_t *views = json_object_get(section, "matches"), *view;
            size_t position;
            const char *previous_kickoff = "";
            CHECK(date != NULL && strcmp(previous, date) < 0);
            previous = date ? date : previous;
            json_array_foreach(views, position, view) {
                const char *kickoff = json_string_value(json_object_get(view, "utcDate"));
                CHECK(kickoff != NULL && strcmp(previous_kickoff, kickoff) <= 0);
                previous_kickoff = kickoff ? kickoff : previous_kickoff;
                total++;
            }
        }
        CHECK(total == 380);
        CHECK(json_integer_value(json_object_get(json_object_get(result, "counts"), "all")) == 380);
        json_decref(result);
    }
    json_decref(matches);
}

static void daylight_saving(void) {
    /* 23:30Z on 26 October 2024 is 00:30 BST on the 27th; on 27 October, 23:30Z is 23:30 GMT. */
    json_t *result = tc_result_of(tc_matches_sections(
        "{\"timeZone\":\"Europe/London\",\"matches\":[{\"id\":1,\"utcDate\":\"2024-10-26T23:30:00Z\"},"
        "{\"id\":2,\"utcDate\":\"2024-10-27T23:30:00Z\"}]}"));
    json_t *sections = json_object_get(result, "sections");
    CHECK(json_array_size(sections) == 1);
    CHECK_STR(json_string_value(json_object_get(json_array_get(sections, 0), "title")), "10/27/2024");
    CHECK_STR(json_string_value(json_object_get(json_array_get(json_object_get(json_array_get(sections, 0), "matches"), 0), "statusText")), "00:30");
    CHECK_STR(json_string_value(json_object_get(json_array_get(json_object_get(json_array_get(sections, 0), "matches"), 1), "statusText")), "23:30");
    json_decref(result);
}

static void favourites(void) {
    json_t *made = tc_result_of(tc_matches_favorite("{\"match\":{\"id\":9,\"utcDate\":\"2025-05-11T15:00:00Z\",\"homeTeam\":{\"name\":\"Arsenal FC\"}}}"));
    json_t *record = json_object_get(made, "favorite");
    char request[2048], *text;
    json_t *result;
    CHECK(json_object_size(record) == 12);
    CHECK_STR(json_string_value(json_object_get(record, "awayTeamName")), "N/A");
    CHECK(json_is_null(json_object_get(record, "winner")));
    text = json_dumps(record, JSON_COMPACT);
    snprintf(request, sizeof request,
             "{\"favorites\":[%s],\"matches\":[{\"id\":9,\"score\":{\"winner\":\"DRAW\",\"fullTime\":{\"home\":2,\"away\":2}}}]}", text);
    free(text);
    result = tc_result_of(tc_matches_reconcile_favorites(request));
    CHECK(json_is_true(json_object_get(result, "changed")));
    CHECK(json_integer_value(json_array_get(json_object_get(result, "updatedIds"), 0)) == 9);
    CHECK_STR(json_string_value(json_object_get(json_array_get(json_object_get(result, "favorites"), 0), "winner")), "DRAW");
    json_decref(result);
    json_decref(made);
}

static void hostile_input(void) {
    static const char *cases[][2] = {
        {"matches.sections", "{\"timeZone\":\"../../etc/passwd\"}"},
        {"matches.sections", "{\"timeZone\":\"\"}"},
        {"matches.sections", "{\"matches\":[{\"id\":1e400}]}"},
        {"matches.sections", "{\"matches\":[{\"id\":1,\"matchday\":-1}]}"},
        {"matches.sections", "{\"matches\":[{\"id\":1,\"score\":{\"fullTime\":{\"home\":1e400}}}]}"},
        {"matches.sections", "{\"matches\":[{\"id\":1,\"score\":{\"winner\":\"\\u0000\"}}]}"},
        {"matches.favorite", "{\"match\":null}"},
        {"matches.reconcileFavorites", "{\"favorites\":[{\"id\":1,\"fullTimeScoreHome\":\"2\"}]}"},
    };
    size_t index;
    char code[64];
    for (index = 0; index < sizeof cases / sizeof *cases; index++) {
        CHECK_STR(tc_call_code(cases[index][0], cases[index][1], code), "INVALID_REQUEST");
    }
    /* Valid but extreme dates and ids are results, not traps. */
    CHECK_STR(tc_call_code("matches.sections", "{\"timeZone\":\"Pacific/Kiritimati\",\"matches\":[{\"id\":-9223372036854775808,"
                                               "\"utcDate\":\"9999-12-31T23:59:59Z\"},{\"id\":9223372036854775807,"
                                               "\"utcDate\":\"0000-01-01T00:00:00Z\"}]}", code), "ok");
    CHECK_STR(tc_call_code("matches.sections", "{\"timeZone\":\"Etc/GMT+12\",\"matches\":[{\"id\":1,\"utcDate\":\"0000-01-01T00:00:00Z\"}]}", code), "ok");
    CHECK_STR(tc_call_code("matches.sections", NULL, code), "INVALID_JSON");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_matches <premier-league-2024-25.json>\n");
        return 2;
    }
    whole_season(argv[1]);
    daylight_saving();
    favourites();
    hostile_input();
    return tc_test_report("matches");
}
