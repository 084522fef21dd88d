/* Every golden request of Tests/golden/<method>/ through tc_call, through tc_call_n and through
 * the method's own function (tc_<group>_<name>, found by its name): the response must be byte
 * for byte the golden one, exactly as in the Swift wire tests. Every method of library.info has
 * golden files, and every folder of golden files is a method of library.info. */
#include "tc_test.h"

/* Releases a repair claim a golden request took (the registry is the one state kept between
   calls), so that the same request can be made again. */
static void release_claim(const char *method, const char *request, const char *response) {
    if (strcmp(method, "participants.repairBegin") == 0 && strstr(response, "\"acquired\":true") != NULL) {
        tc_string_free(tc_call("participants.repairEnd", request));
    }
}

static int ends_with(const char *text, const char *suffix) {
    size_t length = strlen(text), suffix_length = strlen(suffix);
    return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_method(const char *folder, const char *method) {
    char *path = tc_concat(folder, "/", method);
    DIR *directory;
    struct dirent *entry;
    int cases = 0;
    directory = opendir(path);
    CHECK(directory != NULL);
    if (directory == NULL) {
        free(path);
        return 0;
    }
    while ((entry = readdir(directory)) != NULL) {
        char *request_path, *response_path, *base;
        char *request, *expected, *actual;
        size_t expected_length = 0;
        if (!ends_with(entry->d_name, ".request.json")) continue;
        base = tc_concat(path, "/", entry->d_name);
        base[strlen(base) - strlen(".request.json")] = '\0';
        request_path = tc_concat(base, ".request.json", "");
        response_path = tc_concat(base, ".response.json", "");
        free(base);
        request = tc_read_file(request_path, NULL);
        expected = tc_read_file(response_path, &expected_length);
        free(request_path);
        free(response_path);
        CHECK(request != NULL && expected != NULL);
        if (request != NULL && expected != NULL) {
            while (expected_length > 0 && expected[expected_length - 1] == '\n') expected[--expected_length] = '\0';
            tc_method_function function = tc_method_function_of(method);
            size_t length = 0;
            actual = tc_call(method, request);
            if (actual == NULL || strcmp(actual, expected) != 0) {
                fprintf(stderr, "golden %s/%s differs\n", method, entry->d_name);
            }
            CHECK_STR(actual, expected);
            if (actual != NULL) release_claim(method, request, actual);
            tc_string_free(actual);
            actual = tc_call_n(method, request, strlen(request), &length);
            CHECK_STR(actual, expected);
            CHECK(actual != NULL && length == strlen(actual));
            if (actual != NULL) release_claim(method, request, actual);
            tc_string_free(actual);
            CHECK(function != NULL);
            if (function != NULL) {
                actual = function(request);
                CHECK_STR(actual, expected);
                if (actual != NULL) release_claim(method, request, actual);
                tc_string_free(actual);
            }
            cases++;
        }
        free(request);
        free(expected);
    }
    closedir(directory);
    free(path);
    return cases;
}

int main(int argc, char **argv) {
    DIR *directory;
    struct dirent *entry;
    char *methods[256];
    int count = 0, index, cases = 0;
    if (argc != 2) {
        fprintf(stderr, "usage: test_golden <Tests/golden>\n");
        return 2;
    }
    directory = opendir(argv[1]);
    CHECK(directory != NULL);
    if (directory == NULL) return tc_test_report("golden");
    while ((entry = readdir(directory)) != NULL && count < 256) {
        if (entry->d_name[0] != '.') methods[count++] = strdup(entry->d_name);
    }
    closedir(directory);
    qsort(methods, (size_t)count, sizeof *methods, compare_names);
    for (index = 0; index < count; index++) {
        cases += run_method(argv[1], methods[index]);
        free(methods[index]);
    }
    CHECK(cases > 0);
    {
        /* The folders are exactly the methods of library.info. */
        json_t *listed = tc_contract_methods();
        CHECK((size_t)count == json_array_size(listed));
        for (index = 0; index < (int)json_array_size(listed); index++) {
            const char *method = json_string_value(json_array_get(listed, (size_t)index));
            char *path = tc_concat(argv[1], "/", method);
            DIR *folder = opendir(path);
            if (folder == NULL) fprintf(stderr, "no golden files for %s\n", method);
            CHECK(folder != NULL);
            if (folder != NULL) closedir(folder);
            free(path);
        }
        json_decref(listed);
    }
    printf("golden: %d cases over %d methods\n", cases, count);
    return tc_test_report("golden");
}
