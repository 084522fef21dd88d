/*
 * add_guest — the "Add Guest" sheet of the scoring screen, as a C host drives it with
 * TournamentCore: a signed-in archer adds guests to a tournament in progress; the core checks
 * the name and the guest limits and builds each guest's participant document. Every refusal is
 * printed with the code and message the app would show.
 *
 *   add_guest
 *
 * Requests are built and responses read with jansson; the tournament state lives in the host.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <tournament_core.h>

/* The host's state: a tournament and its participants. */
static json_t *tournament;
static json_t *participants;

/* Calls a method with a request built by jansson; returns the whole envelope (owned). */
static json_t *call(const char *method, json_t *request) {
    char *text = json_dumps(request, JSON_COMPACT);
    char *response = tc_call(method, text);
    json_error_t error;
    json_t *envelope = response ? json_loads(response, 0, &error) : NULL;
    free(text);
    tc_string_free(response);
    json_decref(request);
    return envelope;
}

static json_t *guest_request(const char *user, const char *name) {
    json_t *request = json_pack("{s:O, s:O, s:{s:i, s:i}}", "tournament", tournament, "participants", participants,
                                "limits", "maxGuestsPerParticipant", 2, "maxTotalGuests", 4);
    json_object_set_new(request, "currentUserId", user ? json_string(user) : json_null());
    if (name) json_object_set_new(request, "name", json_string(name));
    return request;
}

static void show_check(const char *user) {
    json_t *envelope = call("guests.check", guest_request(user, NULL));
    json_t *check = json_object_get(envelope, "result");
    json_t *reason = json_object_get(check, "reason");
    printf("  check for %s: %lld of %lld guests added by you, %lld in all, %lld more allowed -> %s%s%s\n",
           user ? user : "(signed out)", (long long)json_integer_value(json_object_get(check, "guestCount")),
           (long long)json_integer_value(json_object_get(json_object_get(check, "limits"), "maxGuestsPerParticipant")),
           (long long)json_integer_value(json_object_get(check, "totalGuestCount")),
           (long long)json_integer_value(json_object_get(check, "remaining")),
           json_is_true(json_object_get(check, "canAddGuest")) ? "Add Guest shown" : "Add Guest hidden",
           json_is_object(reason) ? ": " : "", json_is_object(reason) ? json_string_value(json_object_get(reason, "code")) : "");
    json_decref(envelope);
}

/* Prints `text` in quotes, control characters escaped. */
static void print_quoted(const char *text) {
    putchar('"');
    for (; *text != '\0'; text++) {
        unsigned char byte = (unsigned char)*text;
        if (byte == '\t') {
            fputs("\\t", stdout);
        } else if (byte < 0x20) {
            printf("\\x%02x", byte);
        } else {
            putchar(byte);
        }
    }
    putchar('"');
}

static void add(const char *user, const char *name) {
    json_t *envelope = call("guests.add", guest_request(user, name));
    printf("%s adds ", user ? user : "(signed out)");
    print_quoted(name);
    printf("\n");
    if (json_is_true(json_object_get(envelope, "ok"))) {
        json_t *guest = json_object_get(json_object_get(envelope, "result"), "guest");
        char request[96];
        json_t *validation;
        snprintf(request, sizeof request, "{\"id\":\"%s\"}", json_string_value(json_object_get(guest, "participantId")));
        validation = call("guests.validateId", json_loads(request, 0, NULL));
        printf("  added %s (%s, scored by %s); its generated ID is %s\n", json_string_value(json_object_get(guest, "displayName")),
               json_string_value(json_object_get(guest, "status")), json_string_value(json_object_get(guest, "parentParticipantId")),
               json_is_true(json_object_get(json_object_get(validation, "result"), "valid")) ? "well-formed" : "MALFORMED");
        json_decref(validation);
        /* The host stores the document; here: append it to the participants. */
        json_array_append(participants, guest);
    } else {
        json_t *error = json_object_get(envelope, "error");
        printf("  refused: %s: %s\n", json_string_value(json_object_get(error, "code")),
               json_string_value(json_object_get(error, "message")));
    }
    json_decref(envelope);
}

int main(void) {
    printf("TournamentCore %s: adding guests (limits: 2 per participant, 4 in all)\n\n", tc_version());
    tournament = json_pack("{s:s, s:s, s:s}", "id", "t-102", "name", "Club Championship", "status", "in_progress");
    participants = json_pack("[{s:s}, {s:s}]", "participantId", "u-robin", "participantId", "u-marian");

    show_check("u-robin");
    add("u-robin", "  Little John  ");
    add("u-robin", "   ");
    add("u-robin", "Alan-a-Dale the Minstrel of Sherwood and Nottingham Shire");
    add("u-robin", "Will\tScarlet");
    add("u-robin", "Friar Tuck");
    add("u-robin", "Much the Miller's Son");
    show_check("u-robin");
    add("u-marian", "Maid Marian's Cousin");
    add("u-marian", "👨‍👩‍👧 Family");
    add("u-marian", "One Too Many");
    add("u-will", "Over The Total");
    add(NULL, "Sheriff");
    show_check(NULL);

    json_object_set_new(tournament, "status", json_string("COMPLETED"));
    printf("\nthe tournament completes\n");
    json_array_clear(participants);
    add("u-robin", "Late Arrival");

    json_decref(participants);
    json_decref(tournament);
    return 0;
}
