/* The hostile-input suite: for every method of library.info, every node of its example request
 * (examples[0] of its request schema, which uses every field it can) is replaced, one at a time,
 * by hostile values — every JSON type, 1e400,
 * Int64 extremes and beyond, lone surrogates, invalid UTF-8, NUL escapes, 100,000-deep nesting,
 * 5 MB strings, 100,000-element arrays, 100,000 unknown members in every object — and every
 * object member is repeated with a wrong value
 * before or after the right one. Plus NULL and empty requests, and a NUL byte inside the bytes
 * given to tc_call_n. Every request goes through tc_call and through tc_call_n: each response
 * must be a well-formed envelope (a result or an error, never INTERNAL, never NULL), within a
 * time bound proportional to the request's size (processor time), tc_call_n's reported length its length, and
 * for a deterministic method the two the same bytes.
 *
 * TC_TEST_QUICK=1 (valgrind and sanitizer runs) makes the large values 50 times smaller and
 * skips the time bound. */
#include "tc_test.h"

#include <time.h>

#define PLACEHOLDER "\"@@HOSTILE@@\""

static int quick;
static long calls;
static double slowest_ratio;
static int deterministic;

/* The calling thread's processor time: the bound is on the work a call does (no input may
   make it superlinear), which a loaded machine's other processes do not change as they change
   the wall clock's time. */
static double cpu_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

/* Replaces the placeholder in `text` by `replacement` (raw bytes). */
static char *substitute(const char *text, const char *replacement) {
    const char *at = strstr(text, PLACEHOLDER);
    size_t before, after, length;
    char *result;
    if (at == NULL) return NULL;
    before = (size_t)(at - text);
    after = strlen(at + strlen(PLACEHOLDER));
    length = strlen(replacement);
    result = (char *)malloc(before + length + after + 1);
    memcpy(result, text, before);
    memcpy(result + before, replacement, length);
    memcpy(result + before + length, at + strlen(PLACEHOLDER), after + 1);
    return result;
}

/* Checks one response: an envelope, never INTERNAL; frees nothing. */
static void check_envelope(const char *method, const char *response, const char *what, const char *way) {
    char code[64];
    CHECK(response != NULL);
    if (response == NULL) return;
    tc_response_code(response, code);
    if (strcmp(code, "malformed") == 0 || strcmp(code, "INTERNAL") == 0) {
        fprintf(stderr, "%s, %s (%s): %s: %.200s\n", method, what, way, code, response);
    }
    CHECK(strcmp(code, "malformed") != 0 && strcmp(code, "INTERNAL") != 0);
}

/* Calls `method` with `request` through tc_call and tc_call_n and checks the envelopes and the
   time each took. */
static void probe(const char *method, const char *request, const char *what) {
    size_t length = request ? strlen(request) : 0, counted = 0;
    double start = cpu_seconds(), elapsed, bound;
    char *response = tc_call(method, request), *response_n;
    elapsed = cpu_seconds() - start;
    start = cpu_seconds();
    response_n = tc_call_n(method, request, length, &counted);
    if (cpu_seconds() - start > elapsed) elapsed = cpu_seconds() - start;
    calls += 2;
    check_envelope(method, response, what, "tc_call");
    check_envelope(method, response_n, what, "tc_call_n");
    if (response_n != NULL) CHECK(counted == strlen(response_n));
    /* (NULL with length 0 is an empty request for tc_call_n, a NULL one for tc_call.) */
    if (deterministic && request != NULL && response != NULL && response_n != NULL && strcmp(response, response_n) != 0) {
        fprintf(stderr, "%s, %s: tc_call and tc_call_n differ:\n  %.200s\n  %.200s\n", method, what, response, response_n);
        CHECK(strcmp(response, response_n) == 0);
    }
    tc_string_free(response);
    tc_string_free(response_n);
    /* 50 ms, plus 200 ns per byte of request (5 MB/s: 100 times below the library's speed). */
    bound = 0.05 + (double)length * 200e-9;
    if (elapsed / bound > slowest_ratio) slowest_ratio = elapsed / bound;
    if (!quick && elapsed > bound) {
        fprintf(stderr, "%s, %s: %.3f s for %zu bytes (bound %.3f s)\n", method, what, elapsed, length, bound);
        CHECK(elapsed <= bound);
    }
}

/* The request with a NUL byte in the middle of its bytes, through tc_call_n: INVALID_JSON. */
static void probe_embedded_nul(const char *method, const char *request) {
    size_t length = strlen(request), counted = 0;
    char *copy = (char *)malloc(length), *response, code[64];
    memcpy(copy, request, length);
    copy[length / 2] = '\0';
    response = tc_call_n(method, copy, length, &counted);
    calls++;
    CHECK(response != NULL && counted == strlen(response));
    if (response != NULL) CHECK_STR(tc_response_code(response, code), "INVALID_JSON");
    tc_string_free(response);
    free(copy);
}

static char *repeated(const char *prefix, const char *unit, size_t count, const char *separator, const char *suffix) {
    size_t unit_length = strlen(unit), separator_length = strlen(separator), used = 0, index;
    char *text = (char *)malloc(strlen(prefix) + count * (unit_length + separator_length) + strlen(suffix) + 1);
    used += (size_t)sprintf(text, "%s", prefix);
    for (index = 0; index < count; index++) {
        if (index > 0) {
            memcpy(text + used, separator, separator_length);
            used += separator_length;
        }
        memcpy(text + used, unit, unit_length);
        used += unit_length;
    }
    strcpy(text + used, suffix);
    return text;
}

/* Every hostile value for one node. `original` is the node's JSON; `key` its member name, if any. */
static void mutate_node(const char *method, const char *text, const char *original, const char *key, json_t *node) {
    static const char *values[] = {
        "null", "true", "false", "0", "-1", "1.5", "-0", "1e400", "-1e400", "1e-400", "-9223372036854775808",
        "9223372036854775807", "18446744073709551616", "-18446744073709551617", "\"\"", "\"x\"", "\" \"", "{}", "[]",
        "[null]", "{\"\":null}", "\"\\ud800\"", "\"\\udc00\\ud800\"", "\"\\u0000\"", "\"\xff\xfe\"", "\"\xc0\x80\"",
        "\"\xed\xa0\x80\"", "\"a/b\"", "\"__x__\"", "\"Europe/Nowhere\"",
    };
    size_t index, big = quick ? 100000 : 5u * 1024u * 1024u;
    char *request, *value;
    for (index = 0; index < sizeof values / sizeof *values; index++) {
        request = substitute(text, values[index]);
        probe(method, request, values[index]);
        free(request);
    }
    /* 100,000-deep nesting. */
    value = repeated("", "[", 100000, "", "");
    request = substitute(text, value);
    probe(method, request, "100000 opening brackets");
    free(request);
    free(value);
    /* A 5 MB string of the node's own first character (or 'x'). */
    value = (char *)malloc(big + 3);
    value[0] = '"';
    memset(value + 1, json_is_string(node) && json_string_length(node) > 0 ? json_string_value(node)[0] : 'x', big);
    value[big + 1] = '"';
    value[big + 2] = '\0';
    request = substitute(text, value);
    probe(method, request, "5 MB string");
    free(request);
    free(value);
    /* 100,000 elements: copies of the node itself in an array (for an array: of its first element). */
    {
        char *element = json_is_array(node) && json_array_size(node) > 0 ? json_dumps(json_array_get(node, 0), JSON_COMPACT | JSON_ENCODE_ANY)
                                                                          : strdup(original);
        value = repeated("[", element, quick ? 2000 : 100000, ",", "]");
        request = substitute(text, value);
        probe(method, request, "100000 elements");
        free(request);
        free(value);
        free(element);
    }
    /* An object with 100,000 members more, each with a key of its own that no contract knows
       (keys methods keep or ignore: reading them must stay linear). */
    if (json_is_object(node)) {
        size_t count = quick ? 2000 : 100000, used, member;
        value = (char *)malloc(strlen(original) + count * 24 + 2);
        used = strlen(original) - 1; /* without its closing brace */
        memcpy(value, original, used);
        for (member = 0; member < count; member++) {
            used += (size_t)sprintf(value + used, "%s\"k%zu\":%zu", used > 1 ? "," : "", member, member);
        }
        strcpy(value + used, "}");
        request = substitute(text, value);
        probe(method, request, "100000 unknown members");
        free(request);
        free(value);
    }
    /* The member repeated: a wrong value last (it wins), and a wrong value first (it loses). */
    if (key != NULL) {
        char *member = (char *)malloc(strlen(original) + strlen(key) + 64);
        sprintf(member, "%s,\"%s\":[[\"wrong\"]]", original, key);
        request = substitute(text, member);
        probe(method, request, "repeated key, wrong last");
        free(request);
        sprintf(member, "[[\"wrong\"]],\"%s\":%s", key, original);
        request = substitute(text, member);
        probe(method, request, "repeated key, wrong first");
        free(request);
        free(member);
    }
}

static void walk(const char *method, json_t *root, json_t *node);

/* Puts `value` (stolen) in the child's place: member `key` of an object, or element `index` of
   an array when `key` is NULL. */
static void put_child(json_t *parent, const char *key, size_t index, json_t *value) {
    if (key) json_object_set_new(parent, key, value);
    else json_array_set_new(parent, index, value);
}

/* Puts the placeholder in the child's place, mutates it there, puts the child back, and walks
   into it. */
static void visit_child(const char *method, json_t *root, json_t *parent, const char *key, size_t index, json_t *child) {
    char *original = json_dumps(child, JSON_COMPACT | JSON_ENCODE_ANY), *text;
    json_t *saved = json_incref(child);
    put_child(parent, key, index, json_string("@@HOSTILE@@"));
    text = json_dumps(root, JSON_COMPACT);
    mutate_node(method, text, original, key, saved);
    put_child(parent, key, index, saved);
    free(text);
    free(original);
    walk(method, root, saved);
}

/* Walks the request tree; for each node, puts the placeholder in its place and mutates. */
static void walk(const char *method, json_t *root, json_t *node) {
    if (json_is_object(node)) {
        const char *key;
        json_t *child;
        void *iterator;
        json_object_foreach_safe(node, iterator, key, child) {
            visit_child(method, root, node, key, 0, child);
        }
    } else if (json_is_array(node)) {
        size_t index;
        for (index = 0; index < json_array_size(node); index++) {
            visit_child(method, root, node, NULL, index, json_array_get(node, index));
        }
    }
}

int main(int argc, char **argv) {
    json_t *methods = tc_contract_methods(), *request;
    const char *method;
    size_t index;
    if (argc != 2) {
        fprintf(stderr, "usage: test_hostile <schemas folder>\n");
        return 2;
    }
    quick = getenv("TC_TEST_QUICK") != NULL;
    CHECK(json_array_size(methods) > 0);
    for (index = 0; index < json_array_size(methods); index++) {
        char *text, code[64];
        method = json_string_value(json_array_get(methods, index));
        request = tc_example_request(argv[1], method, &deterministic);
        CHECK(json_is_object(request));
        if (!json_is_object(request)) continue;
        text = json_dumps(request, JSON_COMPACT);
        /* The base request itself is valid. */
        CHECK_STR(tc_call_code(method, text, code), "ok");
        probe_embedded_nul(method, text);
        free(text);
        probe(method, NULL, "NULL");
        probe(method, "", "empty");
        probe(method, "\xff", "invalid UTF-8");
        probe(method, "{\"a\":\"\\ud800\"}", "lone surrogate");
        walk(method, request, request);
        /* The whole request replaced. */
        {
            json_t *wrapper = json_pack("{s:s}", "x", "@@HOSTILE@@");
            char *whole = json_dumps(wrapper, JSON_COMPACT);
            mutate_node(method, whole, "{}", NULL, wrapper);
            free(whole);
            json_decref(wrapper);
        }
        json_decref(request);
    }
    json_decref(methods);
    printf("hostile: %ld calls over %zu methods, slowest at %.0f%% of its time bound\n", calls, index, slowest_ratio * 100);
    return tc_test_report("hostile");
}
