/*
 * tournament_tabs — the tournament list screen of the app, as a C host builds it with
 * TournamentCore: read tournament documents from a file, ask the core for the Active and the
 * Completed tab, print both with their counts, labels and empty states.
 *
 *   tournament_tabs <tournaments.json> [--public-only] [--query TEXT]
 *
 * The file holds {"tournaments":[...]} (documents as the database stores them) or a bare array.
 * Requests are built and responses read with jansson.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <tournament_core.h>

/* Calls tournaments.filter for one tab; returns the "result" object (owned) or NULL after
 * printing the error. */
static json_t *filter(json_t *tournaments, const char *tab, int public_only, const char *query) {
    json_t *request = json_pack("{s:O, s:s, s:b}", "tournaments", tournaments, "tab", tab, "publicOnly", public_only);
    char *text, *response;
    json_t *envelope, *result = NULL;
    json_error_t error;
    if (query != NULL) json_object_set_new(request, "query", json_string(query));
    text = json_dumps(request, JSON_COMPACT);
    json_decref(request);
    response = tc_tournaments_filter(text);
    free(text);
    envelope = response ? json_loads(response, 0, &error) : NULL;
    tc_string_free(response);
    if (json_is_true(json_object_get(envelope, "ok"))) {
        result = json_incref(json_object_get(envelope, "result"));
    } else {
        json_t *err = json_object_get(envelope, "error");
        const char *path = json_string_value(json_object_get(err, "path"));
        fprintf(stderr, "tournaments.filter failed: %s: %s%s%s\n", json_string_value(json_object_get(err, "code")),
                json_string_value(json_object_get(err, "message")), path ? " at " : "", path ? path : "");
    }
    json_decref(envelope);
    return result;
}

/* Prints `text` left-aligned in `width` columns, counting characters rather than UTF-8 bytes. */
static void print_column(const char *text, int width) {
    int characters = 0;
    const char *byte;
    for (byte = text; *byte != '\0'; byte++) {
        if (((unsigned char)*byte & 0xC0) != 0x80) characters++;
    }
    printf("%s%*s", text, characters < width ? width - characters : 0, "");
}

static void print_tab(json_t *result, const char *selected) {
    json_t *labels = json_object_get(result, "labels");
    const char *active = json_string_value(json_object_get(labels, "active"));
    const char *completed = json_string_value(json_object_get(labels, "completed"));
    json_t *tournaments = json_object_get(result, "tournaments");
    size_t index;
    json_t *tournament;

    if (strcmp(selected, "active") == 0) {
        printf("[ %s ]   %s\n", active, completed);
    } else {
        printf("  %s   [ %s ]\n", active, completed);
    }
    if (json_is_true(json_object_get(result, "isEmpty"))) {
        json_t *empty = json_object_get(result, "emptyState");
        printf("    (%s) %s\n    %s\n\n", json_string_value(json_object_get(empty, "icon")),
               json_string_value(json_object_get(empty, "title")), json_string_value(json_object_get(empty, "message")));
        return;
    }
    json_array_foreach(tournaments, index, tournament) {
        const char *location = json_string_value(json_object_get(tournament, "location"));
        long long joined = json_integer_value(json_object_get(tournament, "currentParticipants"));
        long long capacity = json_integer_value(json_object_get(tournament, "maxParticipants"));
        char places[48];
        /* A capacity of 0 means the document does not say. */
        if (capacity > 0) {
            snprintf(places, sizeof places, "%lld/%lld", joined, capacity);
        } else {
            snprintf(places, sizeof places, "%lld", joined);
        }
        printf("    ");
        print_column(json_string_value(json_object_get(tournament, "name")), 22);
        print_column(location[0] ? location : "-", 24);
        print_column(json_string_value(json_object_get(tournament, "status")), 13);
        print_column(places, 7);
        printf("%s\n", json_is_true(json_object_get(tournament, "public")) ? "public" : "private");
    }
    printf("\n");
}

int main(int argc, char **argv) {
    const char *path = NULL, *query = NULL;
    int public_only = 0, index, status = 0;
    json_t *file, *tournaments, *active, *completed;
    json_error_t error;

    for (index = 1; index < argc; index++) {
        if (strcmp(argv[index], "--public-only") == 0) {
            public_only = 1;
        } else if (strcmp(argv[index], "--query") == 0 && index + 1 < argc) {
            query = argv[++index];
        } else if (path == NULL && argv[index][0] != '-') {
            path = argv[index];
        } else {
            path = NULL;
            break;
        }
    }
    if (path == NULL) {
        fprintf(stderr, "usage: tournament_tabs <tournaments.json> [--public-only] [--query TEXT]\n");
        return 2;
    }
    file = json_load_file(path, 0, &error);
    if (file == NULL) {
        fprintf(stderr, "%s:%d: %s\n", path, error.line, error.text);
        return 1;
    }
    tournaments = json_is_array(file) ? file : json_object_get(file, "tournaments");

    printf("TournamentCore %s: tournament tabs of %s%s%s%s\n\n", tc_version(), path,
           public_only ? ", public only" : "", query ? ", matching " : "", query ? query : "");
    active = filter(tournaments, "active", public_only, query);
    completed = filter(tournaments, "completed", public_only, query);
    if (active != NULL && completed != NULL) {
        print_tab(active, "active");
        print_tab(completed, "completed");
    } else {
        status = 1;
    }
    json_decref(active);
    json_decref(completed);
    json_decref(file);
    return status;
}
