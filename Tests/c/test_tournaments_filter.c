/* tournaments.filter through the C ABI: requests built and responses read with jansson, as a C
 * host does. */
#include "tc_test.h"

static json_t *call_filter(json_t *request) {
    char *text = json_dumps(request, JSON_COMPACT);
    char *response = tc_tournaments_filter(text);
    json_error_t error;
    json_t *root = json_loads(response, 0, &error);
    free(text);
    tc_string_free(response);
    json_decref(request);
    return root;
}

static json_t *tournament(const char *id, const char *name, const char *status, int is_public) {
    return json_pack("{s:s, s:s, s:s, s:b, s:i, s:i}", "id", id, "name", name, "status", status, "public", is_public,
                     "currentParticipants", 3, "maxParticipants", 8);
}

static json_t *sample(void) {
    return json_pack("[o, o, o, o]",
                     tournament("t1", "Spring Open", "OPEN", 1),
                     tournament("t2", "Summer Cup", "in_progress", 0),
                     tournament("t3", "Autumn Field", "COMPLETED", 1),
                     tournament("t4", "Winter Indoor", "cancelled", 1));
}

static const char *listed_id(json_t *result, size_t index) {
    return json_string_value(json_object_get(json_array_get(json_object_get(result, "tournaments"), index), "id"));
}

static void tabs_and_counts(void) {
    json_t *response = call_filter(json_pack("{s:o, s:s}", "tournaments", sample(), "tab", "active"));
    json_t *result = json_object_get(response, "result");
    json_t *counts = json_object_get(result, "counts");
    CHECK(json_is_true(json_object_get(response, "ok")));
    CHECK_STR(json_string_value(json_object_get(result, "tab")), "active");
    CHECK(json_array_size(json_object_get(result, "tournaments")) == 2);
    CHECK_STR(listed_id(result, 0), "t1");
    CHECK_STR(listed_id(result, 1), "t2");
    CHECK(json_integer_value(json_object_get(counts, "active")) == 2);
    CHECK(json_integer_value(json_object_get(counts, "completed")) == 1);
    CHECK(json_integer_value(json_object_get(counts, "all")) == 4);
    CHECK_STR(json_string_value(json_object_get(json_object_get(result, "labels"), "active")), "Active (2)");
    CHECK_STR(json_string_value(json_object_get(json_object_get(result, "labels"), "completed")), "Completed (1)");
    CHECK(json_is_false(json_object_get(result, "isEmpty")));
    CHECK(json_is_null(json_object_get(result, "emptyState")));
    json_decref(response);

    response = call_filter(json_pack("{s:o, s:i}", "tournaments", sample(), "tab", 1));
    result = json_object_get(response, "result");
    CHECK_STR(json_string_value(json_object_get(result, "tab")), "completed");
    CHECK(json_array_size(json_object_get(result, "tournaments")) == 1);
    CHECK_STR(listed_id(result, 0), "t3");
    json_decref(response);
}

static void public_only_query_and_limit(void) {
    json_t *response = call_filter(json_pack("{s:o, s:s, s:b, s:s, s:i}", "tournaments", sample(), "tab", "all",
                                             "publicOnly", 1, "query", "IN", "limit", 1));
    json_t *result = json_object_get(response, "result");
    json_t *counts = json_object_get(result, "counts");
    /* public + name contains "in": Spring Open, Winter Indoor. */
    CHECK(json_integer_value(json_object_get(counts, "all")) == 2);
    CHECK(json_array_size(json_object_get(result, "tournaments")) == 1);
    CHECK_STR(listed_id(result, 0), "t1");
    json_decref(response);
}

static void empty_completed_tab(void) {
    json_t *response = call_filter(json_pack("{s:[], s:s}", "tournaments", "tab", "completed"));
    json_t *empty = json_object_get(json_object_get(response, "result"), "emptyState");
    CHECK(json_is_true(json_object_get(json_object_get(response, "result"), "isEmpty")));
    CHECK_STR(json_string_value(json_object_get(empty, "icon")), "checkmark.circle");
    CHECK_STR(json_string_value(json_object_get(empty, "title")), "No Completed Tournaments");
    CHECK_STR(json_string_value(json_object_get(empty, "message")), "Completed tournaments will appear here");
    json_decref(response);
}

static void unknown_fields_round_trip(void) {
    char *response = tc_tournaments_filter(
        "{\"tournaments\":[{\"id\":\"t1\",\"createdBy\":\"u9\",\"settings\":{\"rounds\": 3, \"face\":\"122cm\"}}]}");
    CHECK_STR(response,
              "{\"ok\":true,\"result\":{\"tab\":\"active\",\"tournaments\":[{\"id\":\"t1\",\"name\":\"\",\"location\":\"\","
              "\"status\":\"OPEN\",\"public\":false,\"currentParticipants\":0,\"maxParticipants\":0,\"createdBy\":\"u9\","
              "\"settings\":{\"rounds\":3,\"face\":\"122cm\"}}],\"counts\":{\"active\":1,\"completed\":0,\"all\":1},"
              "\"labels\":{\"active\":\"Active (1)\",\"completed\":\"Completed (0)\"},\"isEmpty\":false,\"emptyState\":null}}");
    tc_string_free(response);
}

static void errors_carry_paths(void) {
    CHECK_CALL("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\"},{\"id\":\"b\",\"public\":1}]}",
               "{\"ok\":false,\"error\":{\"code\":\"INVALID_REQUEST\",\"message\":\"Expected a boolean, found a number.\","
               "\"path\":\"$.tournaments[1].public\"}}");
    CHECK_CALL("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\"}],\"limit\":-3}",
               "{\"ok\":false,\"error\":{\"code\":\"INVALID_REQUEST\",\"message\":\"Expected an integer from 0 to "
               "9223372036854775807, found -3.\",\"path\":\"$.limit\"}}");
}

static void hostile_input(void) {
    char code[64];
    CHECK_STR(tc_call_code("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\",\"maxParticipants\":1e400}]}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\",\"currentParticipants\":-9223372036854775808}]}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("tournaments.filter", "{\"tournaments\":[],\"limit\":99999999999999999999999}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("tournaments.filter", "{\"tournaments\":[],\"tab\":-9223372036854775808}", code), "ok");
    CHECK_STR(tc_call_code("tournaments.filter", "{\"tournaments\":\"[]\"}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("tournaments.filter", "{\"tournaments\":[[]]}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\",\"name\":\"\\u0000\"}]}", code), "ok");
}

int main(void) {
    tabs_and_counts();
    public_only_query_and_limit();
    empty_completed_tab();
    unknown_fields_round_trip();
    errors_carry_paths();
    hostile_input();
    return tc_test_report("tournaments_filter");
}
