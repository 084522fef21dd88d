/* A whole file read into memory, shared by the benchmark's programs (compare.c, coldstart.c,
 * first-calls.c). */
#ifndef TC_READ_FILE_H
#define TC_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* The file's bytes and a 0 byte after them, malloc'd (free() it); NULL when it cannot be read. */
static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    long size;
    char *text;
    if (!file) return NULL;
    if (fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 || fseek(file, 0, SEEK_SET) != 0) {
        fclose(file);
        return NULL;
    }
    text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text) text[size] = 0;
    fclose(file);
    return text;
}

#endif
