/* JSONTestSuite through the C ABI: y_ files answer ok (objects) or INVALID_JSON (other top
 * levels), n_ files INVALID_JSON, i_ files either, never a crash; every response is a
 * well-formed envelope (checked with jansson). */
#include "tc_test.h"

int main(int argc, char **argv) {
    DIR *directory;
    struct dirent *entry;
    int files = 0;
    if (argc != 2) {
        fprintf(stderr, "usage: test_json_suite <test_parsing folder>\n");
        return 2;
    }
    directory = opendir(argv[1]);
    CHECK(directory != NULL);
    if (directory == NULL) return tc_test_report("json_suite");
    while ((entry = readdir(directory)) != NULL) {
        char code[64];
        char *text, *path;
        size_t length = 0;
        const char *name = entry->d_name;
        if (name[0] == '.' || strlen(name) < 3 || name[1] != '_') continue;
        path = tc_concat(argv[1], "/", name);
        text = tc_read_file(path, &length);
        free(path);
        CHECK(text != NULL);
        if (text == NULL) continue;
        files++;
        /* A file with a NUL byte is cut there by the C string convention; such a file's
         * verdict is about the prefix, which is never valid JSON in the suite. */
        tc_call_code("library.info", text, code);
        if (name[0] == 'n') {
            if (strcmp(code, "INVALID_JSON") != 0) fprintf(stderr, "%s: %s\n", name, code);
            CHECK(strcmp(code, "INVALID_JSON") == 0);
        } else if (name[0] == 'y') {
            int is_object = 0;
            size_t index = 0;
            while (index < length && strchr(" \t\r\n", text[index]) != NULL) index++;
            is_object = index < length && text[index] == '{';
            if (strcmp(code, is_object ? "ok" : "INVALID_JSON") != 0) fprintf(stderr, "%s: %s\n", name, code);
            CHECK(strcmp(code, is_object ? "ok" : "INVALID_JSON") == 0);
        } else {
            CHECK(strcmp(code, "ok") == 0 || strcmp(code, "INVALID_JSON") == 0);
        }
        free(text);
    }
    closedir(directory);
    CHECK(files == 318);
    printf("json_suite: %d files\n", files);
    return tc_test_report("json_suite");
}
