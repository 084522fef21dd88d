/*
 * fixtures — the fixtures screen of the football app, as a C host builds it with
 * TournamentCore: a season in the football-data.org v4 format, grouped into date sections in the
 * viewer's time zone, each match with its kick-off time or result.
 *
 *   fixtures <season.json> [time zone] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
 *
 * The time zone is an IANA name (default UTC); --from/--to limit the sections printed.
 * Requests are built and responses read with jansson.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <tournament_core.h>

int main(int argc, char **argv) {
    const char *path = NULL, *zone = "UTC", *from = "", *to = "9999-99-99";
    int index;
    json_error_t error;
    json_t *file, *request, *envelope, *result, *section;
    char *text, *response;
    size_t position, shown = 0;

    for (index = 1; index < argc; index++) {
        if (strcmp(argv[index], "--from") == 0 && index + 1 < argc) {
            from = argv[++index];
        } else if (strcmp(argv[index], "--to") == 0 && index + 1 < argc) {
            to = argv[++index];
        } else if (path == NULL) {
            path = argv[index];
        } else {
            zone = argv[index];
        }
    }
    if (path == NULL) {
        fprintf(stderr, "usage: fixtures <season.json> [time zone] [--from YYYY-MM-DD] [--to YYYY-MM-DD]\n");
        return 2;
    }
    file = json_load_file(path, 0, &error);
    if (file == NULL) {
        fprintf(stderr, "%s:%d: %s\n", path, error.line, error.text);
        return 1;
    }
    request = json_pack("{s:O, s:s}", "matches", json_object_get(file, "matches"), "timeZone", zone);
    text = json_dumps(request, JSON_COMPACT);
    response = tc_matches_sections(text);
    envelope = json_loads(response, 0, &error);
    free(text);
    tc_string_free(response);
    json_decref(request);
    if (!json_is_true(json_object_get(envelope, "ok"))) {
        json_t *err = json_object_get(envelope, "error");
        fprintf(stderr, "matches.sections: %s: %s\n", json_string_value(json_object_get(err, "code")),
                json_string_value(json_object_get(err, "message")));
        json_decref(envelope);
        json_decref(file);
        return 1;
    }
    result = json_object_get(envelope, "result");
    printf("TournamentCore %s: %lld matches in %s\n", tc_version(),
           (long long)json_integer_value(json_object_get(json_object_get(result, "counts"), "all")), zone);

    json_array_foreach(json_object_get(result, "sections"), position, section) {
        const char *date = json_string_value(json_object_get(section, "date"));
        json_t *match;
        size_t slot;
        if (date != NULL && (strcmp(date, from) < 0 || strcmp(date, to) > 0)) continue;
        printf("\n%s\n", json_string_value(json_object_get(section, "title")));
        json_array_foreach(json_object_get(section, "matches"), slot, match) {
            const char *label = json_string_value(json_object_get(match, "timeZoneLabel"));
            const char *away = json_string_value(json_object_get(match, "awayTeam"));
            printf("  %-26s %-5s  ", json_string_value(json_object_get(match, "homeTeam")),
                   json_string_value(json_object_get(match, "statusText")));
            if (label[0] != '\0') {
                printf("%-26s  %s\n", away, label); /* not played: kick-off time in the zone */
            } else {
                printf("%s\n", away); /* played: the result */
            }
        }
        shown++;
    }
    printf("\n%zu of %zu date sections shown\n", shown, json_array_size(json_object_get(result, "sections")));
    json_decref(envelope);
    json_decref(file);
    return 0;
}
