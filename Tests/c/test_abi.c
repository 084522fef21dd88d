/* The C ABI's rules (SPEC §1): versions, ownership, envelopes, NULL, limits, tc_call vs the
 * per-method functions, tc_call_n. */
#include "tc_test.h"

static void version_matches_header(void) {
    char *info = tc_library_info("{}");
    char expected[128];
    CHECK_STR(tc_version(), TC_VERSION_STRING);
    CHECK(tc_version() == tc_version()); /* static, never freed */
    snprintf(expected, sizeof expected, "\"version\":\"%s\"", TC_VERSION_STRING);
    CHECK(info != NULL && strstr(info, expected) != NULL);
    tc_string_free(info);
}

static void free_accepts_null(void) {
    tc_string_free(NULL);
    CHECK(1);
}

static void null_inputs_are_error_envelopes(void) {
    CHECK_CALL("library.info", NULL,
               "{\"ok\":false,\"error\":{\"code\":\"INVALID_JSON\",\"message\":\"The request is NULL.\"}}");
    CHECK_CALL(NULL, "{}",
               "{\"ok\":false,\"error\":{\"code\":\"UNKNOWN_METHOD\",\"message\":\"The method name is NULL.\"}}");
    CHECK_CALL(NULL, NULL,
               "{\"ok\":false,\"error\":{\"code\":\"UNKNOWN_METHOD\",\"message\":\"The method name is NULL.\"}}");
    {
        char *response = tc_library_info(NULL);
        CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"INVALID_JSON\",\"message\":\"The request is NULL.\"}}");
        tc_string_free(response);
        response = tc_tournaments_filter(NULL);
        CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"INVALID_JSON\",\"message\":\"The request is NULL.\"}}");
        tc_string_free(response);
    }
}

static void unknown_method(void) {
    CHECK_CALL("tournaments.sort", "{}",
               "{\"ok\":false,\"error\":{\"code\":\"UNKNOWN_METHOD\",\"message\":\"No method is named \\\"tournaments.sort\\\".\"}}");
    CHECK_CALL("", "{}",
               "{\"ok\":false,\"error\":{\"code\":\"UNKNOWN_METHOD\",\"message\":\"No method is named \\\"\\\".\"}}");
    {
        /* Invalid UTF-8 in the name still gives valid UTF-8 JSON out. */
        char code[64];
        CHECK_STR(tc_call_code("\xff\xfe", "{}", code), "UNKNOWN_METHOD");
    }
}

static void call_and_method_functions_give_identical_bytes(void) {
    static const char *requests[] = {
        "{}",
        "{\"tournaments\":[{\"id\":\"t1\",\"status\":\"completed\",\"extra\":[1, 2]}],\"tab\":\"all\"}",
        "{\"tournaments\":[{\"id\":7}]}",
        "[]",
        "{",
    };
    size_t index;
    for (index = 0; index < sizeof requests / sizeof *requests; index++) {
        char *via_call = tc_call("library.info", requests[index]);
        char *direct = tc_library_info(requests[index]);
        CHECK_STR(direct, via_call);
        tc_string_free(via_call);
        tc_string_free(direct);
        via_call = tc_call("tournaments.filter", requests[index]);
        direct = tc_tournaments_filter(requests[index]);
        CHECK_STR(direct, via_call);
        tc_string_free(via_call);
        tc_string_free(direct);
    }
}

static void top_level_must_be_an_object(void) {
    char code[64];
    CHECK_STR(tc_call_code("library.info", "[]", code), "INVALID_JSON");
    CHECK_STR(tc_call_code("library.info", "42", code), "INVALID_JSON");
    CHECK_STR(tc_call_code("library.info", "\"x\"", code), "INVALID_JSON");
    CHECK_STR(tc_call_code("library.info", "", code), "INVALID_JSON");
    CHECK_STR(tc_call_code("library.info", "{} {}", code), "INVALID_JSON");
}

static void invalid_utf8_and_surrogates(void) {
    char code[64];
    CHECK_STR(tc_call_code("library.info", "{\"a\":\"\xc0\x80\"}", code), "INVALID_JSON");
    CHECK_STR(tc_call_code("library.info", "{\"a\":\"\xed\xa0\x80\"}", code), "INVALID_JSON");
    CHECK_STR(tc_call_code("library.info", "{\"a\":\"\\ud800\"}", code), "INVALID_JSON");
    CHECK_STR(tc_call_code("library.info", "{\"a\":\"\\udc00\\ud800\"}", code), "INVALID_JSON");
    CHECK_STR(tc_call_code("library.info", "\xef\xbb\xbf{}", code), "INVALID_JSON");
    CHECK_STR(tc_call_code("library.info", "{\"a\":\"\\ud83c\\udff9\"}", code), "ok");
}

static char *repeated(const char *prefix, char fill, size_t count, const char *suffix) {
    size_t prefix_length = strlen(prefix), suffix_length = strlen(suffix);
    char *text = (char *)malloc(prefix_length + count + suffix_length + 1);
    if (text == NULL) return NULL;
    memcpy(text, prefix, prefix_length);
    memset(text + prefix_length, fill, count);
    memcpy(text + prefix_length + count, suffix, suffix_length + 1);
    return text;
}

static void nesting_limit(void) {
    char code[64];
    char *text = (char *)malloc(64 * 2 + 16);
    int depth;
    for (depth = 63; depth <= 65; depth++) {
        /* {"a": + (depth - 1) arrays + } : depth levels in all. */
        int index, length = 0;
        length += sprintf(text + length, "{\"a\":");
        for (index = 0; index < depth - 1; index++) text[length++] = '[';
        for (index = 0; index < depth - 1; index++) text[length++] = ']';
        text[length++] = '}';
        text[length] = '\0';
        CHECK_STR(tc_call_code("library.info", text, code), depth <= 64 ? "ok" : "INVALID_JSON");
    }
    free(text);
    text = repeated("", '[', 100000, "");
    CHECK_STR(tc_call_code("library.info", text, code), "INVALID_JSON");
    free(text);
}

static void request_size_limit(void) {
    const size_t limit = 64u * 1024u * 1024u;
    char code[64];
    /* Exactly 64 MiB: read. One byte more: REQUEST_TOO_LARGE. */
    char *text = repeated("{", ' ', limit - 2, "}");
    CHECK(text != NULL);
    if (text == NULL) return;
    CHECK_STR(tc_call_code("library.info", text, code), "ok");
    free(text);
    text = repeated("{", ' ', limit - 1, "}");
    if (text == NULL) return;
    {
        char *response = tc_library_info(text);
        CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"REQUEST_TOO_LARGE\",\"message\":\"The request is larger than 67108864 bytes.\"}}");
        tc_string_free(response);
    }
    free(text);
}

static void responses_are_independent_allocations(void) {
    char *first = tc_library_info("{}");
    char *second = tc_library_info("{}");
    CHECK(first != NULL && second != NULL && first != second);
    CHECK_STR(first, second);
    tc_string_free(second);
    tc_string_free(first);
}

/* tc_call_n: bytes and a length in, the response's length out. */
static char *call_n(const char *method, const char *request, size_t length, size_t *response_length) {
    char *response = tc_call_n(method, request, length, response_length);
    CHECK(response != NULL);
    if (response != NULL && response_length != NULL) CHECK(*response_length == strlen(response));
    return response;
}

static void call_n_gives_the_bytes_of_tc_call_and_their_length(void) {
    size_t length = 999;
    const char *request = "{\"tournaments\":[{\"id\":\"t\u00e9\"}]}";
    char *response = call_n("tournaments.filter", request, strlen(request), &length);
    char *expected = tc_call("tournaments.filter", request);
    CHECK_STR(response, expected);
    tc_string_free(response);
    tc_string_free(expected);
    /* A NULL response_len is allowed. */
    response = call_n("library.info", "{}", 2, NULL);
    CHECK(response != NULL && strncmp(response, "{\"ok\":true", 10) == 0);
    tc_string_free(response);
}

static void call_n_reads_exactly_the_length_given(void) {
    size_t length = 0;
    /* The bytes after the length are not part of the request... */
    char *response = call_n("library.info", "{}garbage", 2, &length);
    CHECK(strncmp(response, "{\"ok\":true", 10) == 0);
    tc_string_free(response);
    /* ...and a buffer with no terminator at all is read to its length and no further (a heap
       block of exactly its size: AddressSanitizer would report one byte more). */
    {
        char *buffer = (char *)malloc(2);
        memcpy(buffer, "{}", 2);
        response = call_n("library.info", buffer, 2, &length);
        CHECK(strncmp(response, "{\"ok\":true", 10) == 0);
        tc_string_free(response);
        free(buffer);
    }
}

static void call_n_empty_and_null_requests(void) {
    size_t length = 0;
    char *response = call_n("library.info", "", 0, &length);
    CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"INVALID_JSON\",\"message\":\"Unexpected end of text; expected a value. (byte 0)\"}}");
    tc_string_free(response);
    response = call_n("library.info", NULL, 0, &length);
    CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"INVALID_JSON\",\"message\":\"Unexpected end of text; expected a value. (byte 0)\"}}");
    tc_string_free(response);
    response = call_n("library.info", NULL, 5, &length);
    CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"INVALID_JSON\",\"message\":\"The request is NULL.\"}}");
    tc_string_free(response);
    response = call_n(NULL, "{}", 2, &length);
    CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"UNKNOWN_METHOD\",\"message\":\"The method name is NULL.\"}}");
    tc_string_free(response);
}

static void call_n_embedded_nul_is_invalid_json_at_its_offset(void) {
    size_t length = 0;
    char *response = call_n("library.info", "{}\0{}", 5, &length);
    CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"INVALID_JSON\",\"message\":\"Unexpected text after the end of the value. (byte 2)\"}}");
    tc_string_free(response);
    response = call_n("library.info", "{\"a\":\"x\0y\"}", 11, &length);
    CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"INVALID_JSON\",\"message\":\"Control character 0x0 in a string must be escaped. (byte 7)\"}}");
    tc_string_free(response);
}

static void call_n_refuses_a_length_beyond_the_limit_without_reading(void) {
    size_t length = 0;
    /* Two readable bytes, a length of 64 MiB + 1, and one of SIZE_MAX: refused by size. */
    char *response = call_n("library.info", "{}", 64u * 1024u * 1024u + 1u, &length);
    CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"REQUEST_TOO_LARGE\",\"message\":\"The request is larger than 67108864 bytes.\"}}");
    tc_string_free(response);
    response = call_n("library.info", "{}", (size_t)-1, &length);
    CHECK_STR(response, "{\"ok\":false,\"error\":{\"code\":\"REQUEST_TOO_LARGE\",\"message\":\"The request is larger than 67108864 bytes.\"}}");
    tc_string_free(response);
}

int main(void) {
    version_matches_header();
    free_accepts_null();
    null_inputs_are_error_envelopes();
    unknown_method();
    call_and_method_functions_give_identical_bytes();
    top_level_must_be_an_object();
    invalid_utf8_and_surrogates();
    nesting_limit();
    request_size_limit();
    responses_are_independent_allocations();
    call_n_gives_the_bytes_of_tc_call_and_their_length();
    call_n_reads_exactly_the_length_given();
    call_n_empty_and_null_requests();
    call_n_embedded_nul_is_invalid_json_at_its_offset();
    call_n_refuses_a_length_beyond_the_limit_without_reading();
    return tc_test_report("abi");
}
