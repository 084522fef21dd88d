/* Answers a file of requests with the library, for the cross-architecture differential
 * (Tests/cross/differential.py): each input line is `method<TAB>request`, each output line the
 * response envelope (JSON escapes every control character, so a response is one line).
 *
 *   batch REQUESTS OUTPUT
 *
 * Plain C and the C library only (no jansson): the same source runs natively and under qemu. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tournament_core.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: batch REQUESTS OUTPUT\n");
        return 2;
    }
    FILE *input = fopen(argv[1], "rb");
    FILE *output = fopen(argv[2], "wb");
    if (input == NULL || output == NULL) {
        perror("batch");
        return 2;
    }
    size_t capacity = 0;
    char *line = NULL;
    size_t count = 0;
    for (;;) {
        /* getline is POSIX 2008; read by hand to stay C99. */
        size_t length = 0;
        int c;
        while ((c = fgetc(input)) != EOF && c != '\n') {
            if (length + 1 >= capacity) {
                capacity = capacity ? capacity * 2 : 65536;
                char *grown = (char *)realloc(line, capacity);
                if (grown == NULL) {
                    fprintf(stderr, "batch: out of memory\n");
                    return 1;
                }
                line = grown;
            }
            line[length++] = (char)c;
        }
        if (c == EOF && length == 0) break;
        if (line == NULL) continue;
        line[length] = '\0';
        char *tab = memchr(line, '\t', length);
        if (tab == NULL) {
            fprintf(stderr, "batch: line %zu has no tab\n", count + 1);
            return 2;
        }
        *tab = '\0';
        size_t response_length = 0;
        char *response = tc_call_n(line, tab + 1, length - (size_t)(tab + 1 - line), &response_length);
        if (response == NULL) {
            fputs("NULL\n", output);
        } else {
            fwrite(response, 1, response_length, output);
            fputc('\n', output);
            tc_string_free(response);
        }
        count++;
        if (c == EOF) break;
    }
    free(line);
    fclose(input);
    if (fclose(output) != 0) {
        perror("batch");
        return 1;
    }
    fprintf(stderr, "batch: %zu requests answered\n", count);
    return 0;
}
