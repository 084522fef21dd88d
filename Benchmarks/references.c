/*
 * What users would write instead of calling TournamentCore: the same operations written by hand
 * in C with jansson — parse the request, validate it as the contract does, apply the rules,
 * build and serialize the response — for tournaments.filter, guests.check and equipment.stats.
 * The benchmark checks that each produces the same response as the core before timing it.
 *
 * Text search is ASCII case-insensitive here (the benchmark's data is ASCII); the core folds full
 * Unicode case and diacritics, which is more work, so the comparison errs in the reference's favour.
 */
#include "references.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

static char *error_response(const char *code, const char *message, const char *path) {
    json_t *error = json_pack("{s:s, s:s}", "code", code, "message", message);
    json_t *envelope;
    char *text;
    if (path != NULL) json_object_set_new(error, "path", json_string(path));
    envelope = json_pack("{s:b, s:o}", "ok", 0, "error", error);
    text = json_dumps(envelope, JSON_COMPACT);
    json_decref(envelope);
    return text;
}

static char *success(json_t *result) {
    json_t *envelope = json_pack("{s:b, s:o}", "ok", 1, "result", result);
    char *text = json_dumps(envelope, JSON_COMPACT);
    json_decref(envelope);
    return text;
}

/* An optional member: absent or null is NULL; otherwise it must have `type`. */
static int optional(json_t *object, const char *key, json_type type, json_t **value) {
    json_t *member = json_object_get(object, key);
    *value = NULL;
    if (member == NULL || json_is_null(member)) return 1;
    if (json_typeof(member) != type && !(type == JSON_TRUE && json_is_boolean(member))) return 0;
    *value = member;
    return 1;
}

static int contains_ignoring_case(const char *haystack, const char *needle) {
    size_t length = strlen(needle);
    if (length == 0) return 1;
    for (; *haystack != '\0'; haystack++) {
        if (strncasecmp(haystack, needle, length) == 0) return 1;
    }
    return 0;
}

/* ---- tournaments.filter ------------------------------------------------------------------- */

static const char *status_name(const char *text) {
    static const char *names[] = {"OPEN", "IN_PROGRESS", "COMPLETED", "CANCELLED"};
    size_t index;
    for (index = 0; index < 4; index++) {
        if (strcasecmp(text, names[index]) == 0) return names[index];
    }
    return "OPEN";
}

static int in_tab(const char *tab, const char *status) {
    if (strcmp(tab, "all") == 0) return 1;
    if (strcmp(tab, "completed") == 0) return strcmp(status, "COMPLETED") == 0;
    return strcmp(status, "OPEN") == 0 || strcmp(status, "IN_PROGRESS") == 0;
}

char *reference_tournaments_filter(const char *request_text) {
    static const char *known[] = {"id", "name", "location", "status", "public", "currentParticipants", "maxParticipants"};
    json_error_t parse_error;
    json_t *request = json_loads(request_text, 0, &parse_error), *tournaments, *tab_value, *public_value, *query_value, *limit_value;
    json_t *listed, *result, *tournament;
    const char *tab = "active", *query = NULL;
    long long limit = -1, active = 0, completed = 0, all = 0, matching = 0;
    size_t index;
    char *text;
    if (!json_is_object(request)) {
        json_decref(request);
        return error_response("INVALID_JSON", "The request must be a JSON object.", NULL);
    }
    tournaments = json_object_get(request, "tournaments");
    if (!json_is_array(tournaments) || !optional(request, "tab", JSON_STRING, &tab_value) ||
        !optional(request, "publicOnly", JSON_TRUE, &public_value) || !optional(request, "query", JSON_STRING, &query_value) ||
        !optional(request, "limit", JSON_INTEGER, &limit_value)) {
        json_decref(request);
        return error_response("INVALID_REQUEST", "Invalid request.", "$");
    }
    if (tab_value) tab = json_string_value(tab_value);
    if (query_value) query = json_string_value(query_value);
    if (limit_value) limit = json_integer_value(limit_value);
    listed = json_array();
    json_array_foreach(tournaments, index, tournament) {
        json_t *id = json_object_get(tournament, "id"), *name, *location, *status, *is_public, *current, *maximum, *normalized, *value;
        const char *key, *status_text;
        size_t known_index;
        if (!json_is_object(tournament) || !json_is_string(id) || json_string_length(id) == 0 ||
            !optional(tournament, "name", JSON_STRING, &name) || !optional(tournament, "location", JSON_STRING, &location) ||
            !optional(tournament, "status", JSON_STRING, &status) || !optional(tournament, "public", JSON_TRUE, &is_public) ||
            !optional(tournament, "currentParticipants", JSON_INTEGER, &current) ||
            !optional(tournament, "maxParticipants", JSON_INTEGER, &maximum)) {
            json_decref(listed);
            json_decref(request);
            return error_response("INVALID_REQUEST", "Invalid tournament.", "$.tournaments");
        }
        if (json_is_true(public_value) && !json_is_true(is_public)) continue;
        if (query != NULL && !contains_ignoring_case(name ? json_string_value(name) : "", query) &&
            !contains_ignoring_case(location ? json_string_value(location) : "", query)) {
            continue;
        }
        status_text = status ? status_name(json_string_value(status)) : "OPEN";
        all++;
        if (in_tab("active", status_text)) active++;
        if (in_tab("completed", status_text)) completed++;
        if (!in_tab(tab, status_text)) continue;
        matching++;
        if (limit >= 0 && (long long)json_array_size(listed) >= limit) continue;
        normalized = json_pack("{s:O, s:s, s:s, s:s, s:b, s:I, s:I}", "id", id, "name", name ? json_string_value(name) : "",
                               "location", location ? json_string_value(location) : "", "status", status_text,
                               "public", json_is_true(is_public), "currentParticipants", current ? json_integer_value(current) : 0,
                               "maxParticipants", maximum ? json_integer_value(maximum) : 0);
        json_object_foreach(tournament, key, value) {
            int is_known = 0;
            for (known_index = 0; known_index < 7; known_index++) is_known |= strcmp(key, known[known_index]) == 0;
            if (!is_known) json_object_set(normalized, key, value);
        }
        json_array_append_new(listed, normalized);
    }
    {
        char active_label[48], completed_label[48];
        snprintf(active_label, sizeof active_label, "Active (%lld)", active);
        snprintf(completed_label, sizeof completed_label, "Completed (%lld)", completed);
        result = json_pack("{s:s, s:o, s:{s:I, s:I, s:I}, s:{s:s, s:s}, s:b}", "tab", tab, "tournaments", listed, "counts",
                           "active", active, "completed", completed, "all", all, "labels", "active", active_label,
                           "completed", completed_label, "isEmpty", matching == 0);
    }
    if (matching == 0) {
        int is_completed = strcmp(tab, "completed") == 0, is_all = strcmp(tab, "all") == 0;
        json_object_set_new(result, "emptyState", json_pack("{s:s, s:s, s:s}", "icon", is_completed ? "checkmark.circle" : "target",
            "title", is_completed ? "No Completed Tournaments" : is_all ? "No Tournaments" : "No Active Tournaments",
            "message", is_completed ? "Completed tournaments will appear here" : "Check back later for upcoming tournaments"));
    } else {
        json_object_set_new(result, "emptyState", json_null());
    }
    text = success(result);
    json_decref(request);
    return text;
}

/* ---- guests.check ------------------------------------------------------------------------- */

char *reference_guests_check(const char *request_text) {
    json_error_t parse_error;
    json_t *request = json_loads(request_text, 0, &parse_error), *tournament, *participants, *user, *limits, *participant, *reason;
    long long per_user = 2, total = 10, mine = 0, guests = 0, remaining_user, remaining_total;
    const char *user_id = NULL;
    size_t index;
    if (!json_is_object(request)) {
        json_decref(request);
        return error_response("INVALID_JSON", "The request must be a JSON object.", NULL);
    }
    if (!optional(request, "tournament", JSON_OBJECT, &tournament) || !optional(request, "participants", JSON_ARRAY, &participants) ||
        !optional(request, "currentUserId", JSON_STRING, &user) || !optional(request, "limits", JSON_OBJECT, &limits)) {
        json_decref(request);
        return error_response("INVALID_REQUEST", "Invalid request.", "$");
    }
    if (user) user_id = json_string_value(user);
    if (limits) {
        json_t *value;
        if (optional(limits, "maxGuestsPerParticipant", JSON_INTEGER, &value) && value) per_user = json_integer_value(value);
        if (optional(limits, "maxTotalGuests", JSON_INTEGER, &value) && value) total = json_integer_value(value);
    }
    json_array_foreach(participants, index, participant) {
        json_t *id = json_object_get(participant, "participantId"), *guest, *added_by;
        if (!json_is_object(participant) || !json_is_string(id) || !optional(participant, "guestParticipant", JSON_TRUE, &guest) ||
            !optional(participant, "addedBy", JSON_STRING, &added_by)) {
            json_decref(request);
            return error_response("INVALID_REQUEST", "Invalid participant.", "$.participants");
        }
        if (!json_is_true(guest)) continue;
        guests++;
        if (user_id && added_by && strcmp(json_string_value(added_by), user_id) == 0) mine++;
    }
    remaining_user = per_user > mine ? per_user - mine : 0;
    remaining_total = total > guests ? total - guests : 0;
    if (user_id == NULL) {
        reason = json_pack("{s:s, s:s}", "code", "NOT_AUTHENTICATED", "message", "You must be signed in to add a guest.");
    } else if (mine >= per_user) {
        char message[96];
        snprintf(message, sizeof message, "You can only add %lld guest(s) per participant.", per_user);
        reason = json_pack("{s:s, s:s}", "code", "MAX_GUESTS_PER_USER_REACHED", "message", message);
    } else if (guests >= total) {
        char message[96];
        snprintf(message, sizeof message, "This tournament has reached the maximum of %lld total guests.", total);
        reason = json_pack("{s:s, s:s}", "code", "MAX_TOTAL_GUESTS_REACHED", "message", message);
    } else {
        json_t *status = tournament ? json_object_get(tournament, "status") : NULL;
        if (status == NULL || !json_is_string(status) || strcasecmp(json_string_value(status), "IN_PROGRESS") != 0) {
            reason = json_pack("{s:s, s:s}", "code", "TOURNAMENT_NOT_IN_PROGRESS", "message", "Guests can only be added to tournaments in progress.");
        } else {
            reason = json_null();
        }
    }
    json_decref(request);
    return success(json_pack("{s:I, s:I, s:I, s:I, s:I, s:b, s:o, s:{s:I, s:I}}", "guestCount", mine, "totalGuestCount", guests,
                             "remainingForUser", remaining_user, "remainingTotal", remaining_total,
                             "remaining", remaining_user < remaining_total ? remaining_user : remaining_total,
                             "canAddGuest", json_is_null(reason), "reason", reason, "limits", "maxGuestsPerParticipant", per_user,
                             "maxTotalGuests", total));
}

/* ---- equipment.stats ---------------------------------------------------------------------- */

char *reference_equipment_stats(const char *request_text) {
    json_error_t parse_error;
    json_t *request = json_loads(request_text, 0, &parse_error), *rounds, *round, *setup, *now_value, *range_value, *drift;
    long long now, start = 0, arrows = 0, total = 0, tens = 0, xs = 0, nines = 0, round_count = 0, located = 0;
    double sum_x = 0, sum_y = 0, mean_x, mean_y, variance_x = 0, variance_y = 0;
    int has_start = 1;
    size_t index, pass;
    if (!json_is_object(request)) {
        json_decref(request);
        return error_response("INVALID_JSON", "The request must be a JSON object.", NULL);
    }
    setup = json_object_get(request, "setupId");
    rounds = json_object_get(request, "rounds");
    if (!json_is_integer(setup) || !json_is_array(rounds) || !optional(request, "now", JSON_INTEGER, &now_value) ||
        !optional(request, "timeRange", JSON_STRING, &range_value)) {
        json_decref(request);
        return error_response("INVALID_REQUEST", "Invalid request.", "$");
    }
    now = now_value ? json_integer_value(now_value) : 0;
    {
        const char *range = range_value ? json_string_value(range_value) : "thirtyDays";
        long long days = strcmp(range, "sevenDays") == 0 ? 7 : strcmp(range, "ninetyDays") == 0 ? 90 : strcmp(range, "oneYear") == 0 ? 365
                       : strcmp(range, "allTime") == 0 ? 0 : 30;
        if (days == 0) has_start = 0;
        start = now - days * 86400000LL;
    }
    /* Two passes over the arrows: sums, then squared deviations from the means. */
    for (pass = 0; pass < 2; pass++) {
        json_array_foreach(rounds, index, round) {
            json_t *date = json_object_get(round, "date"), *list = json_object_get(round, "arrows"), *arrow;
            size_t position;
            if (!json_is_object(round) || !json_is_integer(date) || !json_is_array(list)) {
                json_decref(request);
                return error_response("INVALID_REQUEST", "Invalid round.", "$.rounds");
            }
            if (has_start && json_integer_value(date) < start) continue;
            if (pass == 0 && json_array_size(list) > 0) round_count++;
            json_array_foreach(list, position, arrow) {
                json_t *score = json_object_get(arrow, "score"), *is_x, *x, *y;
                long long value;
                if (!json_is_object(arrow) || !json_is_integer(score) || !optional(arrow, "isX", JSON_TRUE, &is_x)) {
                    json_decref(request);
                    return error_response("INVALID_REQUEST", "Invalid arrow.", "$.rounds");
                }
                x = json_object_get(arrow, "x");
                y = json_object_get(arrow, "y");
                if ((x && !json_is_number(x) && !json_is_null(x)) || (y && !json_is_number(y) && !json_is_null(y))) {
                    json_decref(request);
                    return error_response("INVALID_REQUEST", "Invalid coordinate.", "$.rounds");
                }
                value = json_integer_value(score);
                if (value < 0 || value > 10 || (json_is_true(is_x) && value != 10)) {
                    json_decref(request);
                    return error_response("INVALID_REQUEST", "Invalid score.", "$.rounds");
                }
                if (pass == 0) {
                    arrows++;
                    total += value;
                    if (value == 10) tens++;
                    if (json_is_true(is_x)) xs++;
                    if (value >= 9) nines++;
                }
                if (json_is_number(x) && json_is_number(y)) {
                    if (pass == 0) {
                        located++;
                        sum_x += json_number_value(x);
                        sum_y += json_number_value(y);
                    } else {
                        double dx = json_number_value(x) - sum_x / (double)located, dy = json_number_value(y) - sum_y / (double)located;
                        variance_x += dx * dx;
                        variance_y += dy * dy;
                    }
                }
            }
        }
    }
    if (located > 0) {
        mean_x = sum_x / (double)located;
        mean_y = sum_y / (double)located;
        drift = json_pack("{s:O, s:f, s:f, s:f, s:f, s:I}", "setupId", setup, "xDriftAverage", mean_x, "yDriftAverage", mean_y,
                          "xSpread", sqrt(variance_x / (double)located), "ySpread", sqrt(variance_y / (double)located), "arrowCount", located);
    } else {
        drift = json_null();
    }
    {
        char *text = success(json_pack("{s:{s:O, s:I, s:I, s:f, s:f, s:f, s:I, s:I, s:I}, s:o}", "stats", "setupId", setup,
            "totalArrows", arrows, "totalScore", total, "averageScore", arrows ? (double)total / (double)arrows : 0.0,
            "accuracy", arrows ? (double)tens * 100 / (double)arrows : 0.0, "consistency", arrows ? (double)nines * 100 / (double)arrows : 0.0,
            "xCount", xs, "tenCount", tens, "roundCount", round_count, "drift", drift));
        json_decref(request);
        return text;
    }
}
