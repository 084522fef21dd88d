/* The contract, derived rather than listed, for the C tests and the benchmark: the methods the
 * library serves (library.info's "methods"), a method's example request (examples[0] of its
 * request schema) and whether it is deterministic, and the method's own exported function
 * (tc_<group>_<name>, found by its name). */
#ifndef TC_CONTRACT_H
#define TC_CONTRACT_H

#include <dlfcn.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "tournament_core.h"

/* The methods the library serves, in its order (a new reference; NULL if library.info fails). */
static inline json_t *tc_contract_methods(void) {
    char *response = tc_library_info("{}");
    json_error_t error;
    json_t *envelope = response ? json_loads(response, 0, &error) : NULL;
    json_t *methods = json_incref(json_object_get(json_object_get(envelope, "result"), "methods"));
    json_decref(envelope);
    tc_string_free(response);
    return methods;
}

/* The example request of `method`: examples[0] of `schemas`/<method>.request.schema.json (a new
 * reference; NULL, said on stderr, when missing), and in *deterministic (when not NULL) whether
 * two identical calls give the same bytes (its "x-deterministic", true when absent). */
static inline json_t *tc_example_request(const char *schemas, const char *method, int *deterministic) {
    char path[1024];
    json_error_t error;
    json_t *schema, *example;
    snprintf(path, sizeof path, "%s/%s.request.schema.json", schemas, method);
    schema = json_load_file(path, 0, &error);
    example = json_incref(json_array_get(json_object_get(schema, "examples"), 0));
    if (deterministic != NULL) *deterministic = !json_is_false(json_object_get(schema, "x-deterministic"));
    if (example == NULL) fprintf(stderr, "%s: no example request (%s)\n", path, schema ? "no examples" : error.text);
    json_decref(schema);
    return example;
}

typedef char *(*tc_method_function)(const char *);

/* The method's own exported function, tc_<group>_<name> (`participants.displayName` ->
 * tc_participants_display_name), looked up by its name in the process; NULL when there is none. */
static inline tc_method_function tc_method_function_of(const char *method) {
    char name[128] = "tc_";
    size_t used = 3;
    const char *c;
    void *process = dlopen(NULL, RTLD_NOW), *symbol;
    tc_method_function function;
    for (c = method; *c != '\0' && used < sizeof name - 3; c++) {
        if (*c == '.') {
            name[used++] = '_';
        } else if (*c >= 'A' && *c <= 'Z') {
            name[used++] = '_';
            name[used++] = (char)(*c - 'A' + 'a');
        } else {
            name[used++] = *c;
        }
    }
    name[used] = '\0';
    symbol = process != NULL ? dlsym(process, name) : NULL;
    if (process != NULL) dlclose(process);
    memcpy(&function, &symbol, sizeof function); /* ISO C has no function pointer cast from void * */
    return function;
}

#endif
