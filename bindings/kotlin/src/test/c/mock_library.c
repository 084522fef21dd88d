/*
 * A stand-in for libtournamentcore with the same three functions the Kotlin binding uses, for the
 * cases the real library cannot produce on demand: a NULL response (allocation failure), a
 * response whose bytes include a NUL (read by length, not strlen), envelopes that are not the
 * contract's, and a count of the responses not yet released (every one must be, exactly once).
 *
 *   method "null"     -> NULL (*response_len = 0)
 *   method "echo"     -> {"ok":true,"result":{"length":N}} then a NUL and "tail", length included
 *   method "error"    -> {"ok":false,"error":{"code":"MOCK","message":"from the mock","path":"$.x"}}
 *   method "garbage"  -> {"ok":maybe}
 *   method "extra"    -> {"ok":true,"result":{},"more":1}
 *   anything else     -> {"ok":true,"result":<the request bytes>}
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t outstanding; /* responses given out and not released; updated atomically */

const char *tc_version(void) { return "9.9.9-mock"; }

static char *answer(const char *bytes, size_t length, size_t *response_len) {
    char *response = malloc(length + 1);
    if (response == NULL) return NULL;
    memcpy(response, bytes, length);
    response[length] = '\0';
    if (response_len != NULL) *response_len = length;
    __atomic_add_fetch(&outstanding, 1, __ATOMIC_SEQ_CST);
    return response;
}

static char *text(const char *value, size_t *response_len) { return answer(value, strlen(value), response_len); }

char *tc_call_n(const char *method, const char *request, size_t request_len, size_t *response_len) {
    if (method != NULL && strcmp(method, "null") == 0) {
        if (response_len != NULL) *response_len = 0;
        return NULL;
    }
    if (method != NULL && strcmp(method, "echo") == 0) {
        char buffer[96];
        int length = snprintf(buffer, sizeof buffer - 6, "{\"ok\":true,\"result\":{\"length\":%zu}}", request_len);
        memcpy(buffer + length, "\0tail", 5);
        return answer(buffer, (size_t)length + 5, response_len);
    }
    if (method != NULL && strcmp(method, "error") == 0) {
        return text("{\"ok\":false,\"error\":{\"code\":\"MOCK\",\"message\":\"from the mock\",\"path\":\"$.x\"}}", response_len);
    }
    if (method != NULL && strcmp(method, "garbage") == 0) return text("{\"ok\":maybe}", response_len);
    if (method != NULL && strcmp(method, "extra") == 0) return text("{\"ok\":true,\"result\":{},\"more\":1}", response_len);
    {
        const char prefix[] = "{\"ok\":true,\"result\":";
        size_t size = sizeof prefix - 1 + request_len + 1;
        char *response = malloc(size + 1);
        if (response == NULL) return NULL;
        memcpy(response, prefix, sizeof prefix - 1);
        if (request_len > 0) memcpy(response + sizeof prefix - 1, request, request_len);
        response[size - 1] = '}';
        response[size] = '\0';
        if (response_len != NULL) *response_len = size;
        __atomic_add_fetch(&outstanding, 1, __ATOMIC_SEQ_CST);
        return response;
    }
}

void tc_string_free(char *response) {
    if (response == NULL) return;
    __atomic_sub_fetch(&outstanding, 1, __ATOMIC_SEQ_CST);
    free(response);
}

/* The mock's own: how many responses are still to be released. */
int64_t tc_mock_outstanding(void) { return __atomic_load_n(&outstanding, __ATOMIC_SEQ_CST); }
