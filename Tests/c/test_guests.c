/* guests.* through the C ABI: an add that succeeds, each error code, ID generation, hostile
 * input. */
#include "tc_test.h"

#define IN_PROGRESS "\"tournament\":{\"id\":\"t1\",\"status\":\"IN_PROGRESS\"}"
#define MINE "{\"participantId\":\"guest_abcdefghijklmnop\",\"guestParticipant\":true,\"addedBy\":\"u1\"}"
#define THEIRS "{\"participantId\":\"guest_bcdefghijklmnopq\",\"guestParticipant\":true,\"addedBy\":\"u2\"}"

static void add_succeeds(void) {
    json_t *result = tc_result_of(tc_guests_add("{" IN_PROGRESS ",\"participants\":[" MINE "],\"currentUserId\":\"u1\","
                                             "\"name\":\"  Robin Hood \"}"));
    json_t *guest = json_object_get(result, "guest");
    json_t *check = json_object_get(result, "check");
    const char *id = json_string_value(json_object_get(guest, "participantId"));
    char request[128], code[64];
    CHECK(id != NULL && strlen(id) == 22 && strncmp(id, "guest_", 6) == 0);
    CHECK_STR(json_string_value(json_object_get(guest, "tournamentId")), "t1");
    CHECK_STR(json_string_value(json_object_get(guest, "displayName")), "Robin Hood");
    CHECK_STR(json_string_value(json_object_get(guest, "status")), "JOINED");
    CHECK_STR(json_string_value(json_object_get(guest, "addedBy")), "u1");
    CHECK(json_is_true(json_object_get(guest, "guestParticipant")));
    CHECK_STR(json_string_value(json_object_get(guest, "parentParticipantId")), "u1");
    CHECK(json_object_size(guest) == 7);
    CHECK(json_integer_value(json_object_get(check, "guestCount")) == 2);
    CHECK(json_is_false(json_object_get(check, "canAddGuest")));
    /* The generated ID validates. */
    if (id != NULL) {
        snprintf(request, sizeof request, "{\"id\":\"%s\"}", id);
        CHECK_CALL("guests.validateId", request, "{\"ok\":true,\"result\":{\"valid\":true}}");
    }
    CHECK_STR(tc_call_code("guests.check", "{" IN_PROGRESS ",\"currentUserId\":\"u1\"}", code), "ok");
    json_decref(result);
}

static void each_error_code(void) {
    static const char *cases[][2] = {
        {"{" IN_PROGRESS ",\"currentUserId\":\"u1\",\"name\":\"   \"}", "INVALID_GUEST_NAME"},
        {"{" IN_PROGRESS ",\"currentUserId\":\"u1\",\"name\":\"a\\tb\"}", "INVALID_GUEST_NAME"},
        {"{" IN_PROGRESS ",\"name\":\"Robin\"}", "NOT_AUTHENTICATED"},
        {"{" IN_PROGRESS ",\"participants\":[" MINE "," MINE "],\"currentUserId\":\"u1\",\"name\":\"Robin\"}",
         "MAX_GUESTS_PER_USER_REACHED"},
        {"{" IN_PROGRESS ",\"participants\":[" THEIRS "],\"currentUserId\":\"u1\",\"limits\":{\"maxTotalGuests\":1},"
         "\"name\":\"Robin\"}",
         "MAX_TOTAL_GUESTS_REACHED"},
        {"{\"tournament\":{\"id\":\"t1\",\"status\":\"OPEN\"},\"currentUserId\":\"u1\",\"name\":\"Robin\"}",
         "TOURNAMENT_NOT_IN_PROGRESS"},
        {"{" IN_PROGRESS ",\"currentUserId\":\"u1\",\"name\":\"Robin\",\"guestId\":\"guest_x\"}", "INVALID_REQUEST"},
    };
    size_t index;
    char code[64];
    for (index = 0; index < sizeof cases / sizeof *cases; index++) {
        CHECK_STR(tc_call_code("guests.add", cases[index][0], code), cases[index][1]);
    }
    CHECK_CALL("guests.add", "{" IN_PROGRESS ",\"participants\":[" MINE "," MINE "],\"currentUserId\":\"u1\","
                             "\"limits\":{\"maxGuestsPerParticipant\":2},\"name\":\"Robin\"}",
               "{\"ok\":false,\"error\":{\"code\":\"MAX_GUESTS_PER_USER_REACHED\",\"message\":\"You can only add 2 guest(s) "
               "per participant.\"}}");
}

static void generate_ids(void) {
    json_t *result = tc_result_of(tc_guests_generate_id("{\"count\":10000}"));
    json_t *ids = json_object_get(result, "ids");
    char code[64];
    CHECK(json_array_size(ids) == 10000);
    json_decref(result);
    result = tc_result_of(tc_guests_generate_id("{}"));
    CHECK(json_array_size(json_object_get(result, "ids")) == 1);
    json_decref(result);
    CHECK_STR(tc_call_code("guests.generateId", "{\"count\":0}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("guests.generateId", "{\"count\":10001}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("guests.generateId", "{\"count\":9223372036854775807}", code), "INVALID_REQUEST");
}

static void hostile_input(void) {
    static const char *methods[] = {"guests.check", "guests.add", "guests.generateId", "guests.validateId"};
    static const char *requests[] = {
        NULL, "", "[]", "{\"tournament\":\"\\ud800\"}", "{\"limits\":{\"maxTotalGuests\":1e400}}",
        "{\"participants\":{},\"count\":[],\"id\":{}}", "{\"currentUserId\":true,\"name\":false}",
        "{\"limits\":{\"maxGuestsPerParticipant\":-9223372036854775808}}",
    };
    size_t method, request;
    char code[64];
    for (method = 0; method < 4; method++) {
        for (request = 0; request < sizeof requests / sizeof *requests; request++) {
            /* Members a method does not know are ignored, so "ok" is a right answer too; what
             * matters is a well-formed envelope. */
            tc_call_code(methods[method], requests[request], code);
            CHECK(strcmp(code, "ok") == 0 || strcmp(code, "INVALID_JSON") == 0 || strcmp(code, "INVALID_REQUEST") == 0);
        }
    }
    CHECK_STR(tc_call_code("guests.check", "{\"limits\":{\"maxTotalGuests\":1e400}}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("guests.check", "{\"participants\":{}}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("guests.validateId", "{\"id\":{}}", code), "INVALID_REQUEST");
    CHECK_STR(tc_call_code("guests.generateId", "{\"count\":[]}", code), "INVALID_REQUEST");
    {
        /* A 5 MB name: refused as too long, quickly, without a crash. */
        size_t length = 5u * 1024u * 1024u;
        char *request = (char *)malloc(length + 128);
        size_t used = (size_t)sprintf(request, "{" IN_PROGRESS ",\"currentUserId\":\"u1\",\"name\":\"");
        memset(request + used, 'x', length);
        strcpy(request + used + length, "\"}");
        CHECK_STR(tc_call_code("guests.add", request, code), "INVALID_GUEST_NAME");
        free(request);
    }
}

int main(void) {
    add_succeeds();
    each_error_code();
    generate_ids();
    hostile_input();
    return tc_test_report("guests");
}
