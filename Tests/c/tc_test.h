/* A minimal test harness for the C tests: CHECK macros that count failures, and helpers to read
 * files and inspect response envelopes with jansson. Each test program returns
 * tc_test_report(): 0 when every check held. */
#ifndef TC_TEST_H
#define TC_TEST_H

#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tc_contract.h"
#include "tournament_core.h"

static int tc_test_failures = 0;
static int tc_test_checks = 0;

#define CHECK(condition)                                                                        \
    do {                                                                                        \
        tc_test_checks++;                                                                       \
        if (!(condition)) {                                                                     \
            tc_test_failures++;                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition);       \
        }                                                                                       \
    } while (0)

#define CHECK_STR(actual, expected)                                                             \
    do {                                                                                        \
        const char *tc_a_ = (actual), *tc_e_ = (expected);                                      \
        tc_test_checks++;                                                                       \
        if (tc_a_ == NULL || tc_e_ == NULL || strcmp(tc_a_, tc_e_) != 0) {                      \
            tc_test_failures++;                                                                 \
            fprintf(stderr, "%s:%d: %s\n  expected: %s\n  actual:   %s\n", __FILE__, __LINE__,  \
                    #actual, tc_e_ ? tc_e_ : "(null)", tc_a_ ? tc_a_ : "(null)");               \
        }                                                                                       \
    } while (0)

/* Calls `method` with `request`, compares the response with `expected`, frees it. */
#define CHECK_CALL(method, request, expected)                                                   \
    do {                                                                                        \
        char *tc_r_ = tc_call((method), (request));                                             \
        CHECK_STR(tc_r_, (expected));                                                           \
        tc_string_free(tc_r_);                                                                  \
    } while (0)

static inline int tc_test_report(const char *name) {
    if (tc_test_failures == 0) {
        printf("%s: %d checks passed\n", name, tc_test_checks);
        return 0;
    }
    fprintf(stderr, "%s: %d of %d checks failed\n", name, tc_test_failures, tc_test_checks);
    return 1;
}

/* "a" + "b" + "c" in a malloc'd string (for building paths). */
static inline char *tc_concat(const char *a, const char *b, const char *c) {
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *text = (char *)malloc(la + lb + lc + 1);
    if (text == NULL) return NULL;
    memcpy(text, a, la);
    memcpy(text + la, b, lb);
    memcpy(text + la + lb, c, lc + 1);
    return text;
}

/* Reads a whole file into a NUL-terminated malloc'd buffer; *length gets its size. */
static inline char *tc_read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    char *data = NULL;
    size_t size = 0, capacity = 0;
    if (file == NULL) return NULL;
    for (;;) {
        size_t count;
        if (capacity - size < 65536) {
            char *grown;
            capacity = capacity * 2 + 65536;
            grown = (char *)realloc(data, capacity + 1);
            if (grown == NULL) { free(data); fclose(file); return NULL; }
            data = grown;
        }
        count = fread(data + size, 1, capacity - size, file);
        size += count;
        if (count == 0) break;
    }
    fclose(file);
    data[size] = '\0';
    if (length != NULL) *length = size;
    return data;
}

/* The error code of a response envelope ("ok" for a success); "malformed" when the response
 * is not an envelope. The result is copied into `code` (at least 64 bytes).
 * jansson cannot represent numbers beyond a double (such as 1e400), which the contract keeps
 * verbatim in passthrough fields and which are valid JSON: integers are read as doubles, and a
 * "real number overflow" in a success envelope is not held against it. */
static inline const char *tc_response_code(const char *response, char *code) {
    json_error_t error;
    json_t *root = json_loads(response, JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL, &error);
    const char *result = "malformed";
    const char *success = "{\"ok\":true,\"result\":{";
    if (root != NULL) {
        json_t *ok = json_object_get(root, "ok");
        if (json_is_true(ok) && json_is_object(json_object_get(root, "result"))) {
            result = "ok";
        } else if (json_is_false(ok)) {
            json_t *err = json_object_get(root, "error");
            const char *c = json_string_value(json_object_get(err, "code"));
            if (c != NULL && json_is_string(json_object_get(err, "message"))) result = c;
        }
    } else if (strstr(error.text, "overflow") != NULL && strncmp(response, success, strlen(success)) == 0) {
        result = "ok";
    }
    strncpy(code, result, 63);
    code[63] = '\0';
    json_decref(root);
    return code;
}

/* The "result" of a response envelope (a new reference, NULL for an error response); frees the
 * response. */
static inline json_t *tc_result_of(char *response) {
    json_error_t error;
    json_t *envelope = response ? json_loads(response, JSON_ALLOW_NUL, &error) : NULL;
    json_t *result = json_incref(json_object_get(envelope, "result"));
    tc_string_free(response);
    json_decref(envelope);
    return result;
}

/* Calls `method` and returns the response's code (see tc_response_code) in `code`. */
static inline const char *tc_call_code(const char *method, const char *request, char *code) {
    char *response = tc_call(method, request);
    if (response == NULL) {
        strcpy(code, "NULL");
        return code;
    }
    tc_response_code(response, code);
    tc_string_free(response);
    return code;
}

#endif
