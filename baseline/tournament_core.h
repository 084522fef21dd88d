/*
 * tournament_core.h — the C interface of TournamentCore.
 *
 * TournamentCore is the shared domain core of the tournament app: tournament tabs, participant
 * fallbacks, guest rules, equipment statistics and football fixtures, written once in Swift and
 * used from C, from any language with a C FFI, and from Swift.
 *
 * This header is the reference manual of the C interface. Every function follows the same
 * rules, stated once here and not repeated below:
 *
 *   INPUT     A NUL-terminated UTF-8 JSON text (for tc_call_n, exactly request_len bytes)
 *             whose top level is an object. NULL, invalid UTF-8, text that is not JSON, a top
 *             level that is not an object and nesting deeper than 64 levels are answered with
 *             an INVALID_JSON error response; a text longer than 64 MiB (67108864 bytes) with
 *             REQUEST_TOO_LARGE. The library reads at most 64 MiB + 1 bytes of it, so an
 *             unterminated buffer is not overrun beyond that. Unknown members are ignored (or
 *             kept verbatim where a method says so); when a key repeats, its last value wins.
 *
 *   OUTPUT    A newly allocated NUL-terminated UTF-8 JSON text, owned by the caller, who must
 *             release it with tc_string_free() — never with free() or another allocator's
 *             release function. It is one of two envelopes:
 *                 {"ok":true,"result":{...}}
 *                 {"ok":false,"error":{"code":"...","message":"...","path":"$.a[0].b"}}
 *             ("path", a JSONPath, is present when the error is about one place of the
 *             request). The result is NULL only when memory cannot be allocated at all.
 *             Output is deterministic: the same request gives the same bytes (keys in the
 *             contract's order, no insignificant white space), except for generated IDs and
 *             for methods whose request omits "now".
 *
 *   ERRORS    Error codes common to all functions: INVALID_JSON, INVALID_REQUEST (a known field
 *             has the wrong type or is out of range, or a required field is missing),
 *             UNKNOWN_METHOD (tc_call and tc_call_n only), REQUEST_TOO_LARGE, INTERNAL (a
 *             bug; never expected). Each method's own codes are listed with it.
 *
 *   SAFETY    No input can crash, hang or abort the calling process.
 *
 *   MEMORY    When an allocation fails anywhere in a call — the library's own buffers, or
 *             the arrays, strings and objects the rules build — the call returns NULL:
 *             everything it allocated is freed, a lock it held is released, the repair
 *             registry is as it was, and the next call works normally. No failed allocation
 *             ends the process (README, "Memory exhaustion": how each one is tested).
 *
 *   THREADS   Every function may be called from any thread, concurrently, without locking.
 *             Functions keep no state between calls, except the in-flight repair registry of
 *             tc_participants_repair_begin / _end, which is internally synchronized.
 *
 * The JSON of every method's request and result is specified in docs/API.md.
 *
 * Example:
 *
 *     char *response = tc_tournaments_filter("{\"tournaments\":[],\"tab\":\"completed\"}");
 *     if (response != NULL) {
 *         puts(response);          // {"ok":true,"result":{"tab":"completed",...}}
 *         tc_string_free(response);
 *     }
 */
#ifndef TOURNAMENT_CORE_H
#define TOURNAMENT_CORE_H

#include <stddef.h> /* size_t */

/*
 * TC_API marks every function of the library. It gives the declarations default visibility
 * so that they stay exported when the including code is compiled with -fvisibility=hidden.
 * Define TC_API before including this header to override it (for example as empty, or with
 * __declspec(dllimport) on Windows).
 */
#ifndef TC_API
#  if defined(__GNUC__) || defined(__clang__)
#    define TC_API __attribute__((visibility("default")))
#  else
#    define TC_API
#  endif
#endif

/*
 * The version of the header. tc_version() returns the version of the library actually
 * loaded; compare the two to detect a mismatch:
 *
 *     if (strcmp(tc_version(), TC_VERSION_STRING) != 0) { ... }
 *
 * TC_VERSION_NUMBER is MAJOR * 1000000 + MINOR * 1000 + PATCH (1.2.3 is 1002003), for #if tests.
 */
#define TC_VERSION_MAJOR 0
#define TC_VERSION_MINOR 2
#define TC_VERSION_PATCH 0
#define TC_VERSION_STRING "0.2.0"
#define TC_VERSION_NUMBER (TC_VERSION_MAJOR * 1000000 + TC_VERSION_MINOR * 1000 + TC_VERSION_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Calling the library
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_version — the version of the loaded library, "MAJOR.MINOR.PATCH".
 *
 * Returns a static string: never NULL, never free it. Thread-safe.
 */
TC_API const char *tc_version(void);

/*
 * tc_string_free — release a text returned by any tc_* function.
 *
 * response: a pointer returned by tc_call, tc_call_n or a tc_<group>_<name> function, or NULL
 *           (ignored).
 * Each response must be released exactly once; using it afterwards is undefined, as with free().
 * Thread-safe: a response may be released on a thread other than the one that received it.
 */
TC_API void tc_string_free(char *response);

/*
 * tc_call — call any method by name.
 *
 * method:       the method's name, such as "tournaments.filter" (NUL-terminated). NULL or an
 *               unknown name is answered with UNKNOWN_METHOD, before the request is read.
 * request_json: the request (see INPUT above).
 * Returns the response (see OUTPUT above), byte for byte the one the method's own function
 * returns. Release it with tc_string_free().
 */
TC_API char *tc_call(const char *method, const char *request_json);

/*
 * tc_call_n — call any method by name, with the request given as bytes and a length.
 *
 * For hosts whose strings carry a length rather than a terminator (JVM byte arrays, Rust, Go,
 * Python bytes): no NUL terminator is needed and none is read.
 *
 * method:       as for tc_call (NUL-terminated; NULL or unknown: UNKNOWN_METHOD).
 * request:      request_len bytes of UTF-8 JSON text (see INPUT above), not necessarily
 *               NUL-terminated. A NUL byte inside them is INVALID_JSON, with its byte offset in
 *               the message. NULL with request_len 0 is an empty request (INVALID_JSON); NULL
 *               with any other length is answered as a NULL request. A request_len above
 *               64 MiB is REQUEST_TOO_LARGE, and no byte of the request is read.
 * response_len: when not NULL, receives the response's length in bytes (without its
 *               terminator; 0 when the response is NULL), so that the host needs no strlen.
 * Returns the response (see OUTPUT above): NUL-terminated like every response, the same bytes
 * as tc_call gives for the same request, released with tc_string_free().
 */
TC_API char *tc_call_n(const char *method, const char *request, size_t request_len, size_t *response_len);

/* BEGIN GENERATED: methods (scripts/generate-contract.py; do not edit) */
/* ---------------------------------------------------------------------------------------------
 * Library
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_library_info — method "library.info". The library's name, version, ABI version, method list
 * and limits.
 *
 * Request: {}.
 * Result:  {"name", "version", "abiVersion", "methods", "limits"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#libraryinfo. Release the response with tc_string_free().
 */
TC_API char *tc_library_info(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Tournaments
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_tournaments_filter — method "tournaments.filter". Normalize tournament documents and list one
 * tab (Active, Completed or All) with its counts, labels and empty state.
 *
 * Request: {"tournaments", "tab", "publicOnly", "query", "limit", "invalidDocuments"}; required:
 *          "tournaments".
 * Result:  {"tab", "tournaments", "counts", "labels", "isEmpty", "emptyState", "skipped"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#tournamentsfilter. Release the response with
 * tc_string_free().
 */
TC_API char *tc_tournaments_filter(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Participants
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_participants_resolve — method "participants.resolve". The participant list of a tournament,
 * with the fallback for legacy tournaments and the plan that repairs them.
 *
 * Request: {"tournamentId", "participants", "participantIds", "currentUser", "now"}; required:
 *          "tournamentId".
 * Result:  {"source", "participants", "repair"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#participantsresolve. Release the response with
 * tc_string_free().
 */
TC_API char *tc_participants_resolve(const char *request_json);

/*
 * tc_participants_display_name — method "participants.displayName". The privacy-preserving display
 * name of the participant at a position of a list.
 *
 * Request: {"participantId", "index", "currentUser"}; required: "participantId", "index".
 * Result:  {"displayName"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#participantsdisplayname. Release the response with
 * tc_string_free().
 */
TC_API char *tc_participants_display_name(const char *request_json);

/*
 * tc_participants_repair_begin — method "participants.repairBegin". Claim the in-flight repair of
 * one tournament's participants in this process, so that it is written once.
 *
 * Request: {"tournamentId"}; required: "tournamentId".
 * Result:  {"acquired"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#participantsrepairbegin. Release the response with
 * tc_string_free().
 */
TC_API char *tc_participants_repair_begin(const char *request_json);

/*
 * tc_participants_repair_end — method "participants.repairEnd". Release the claim taken by
 * participants.repairBegin.
 *
 * Request: {"tournamentId"}; required: "tournamentId".
 * Result:  {"released"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#participantsrepairend. Release the response with
 * tc_string_free().
 */
TC_API char *tc_participants_repair_end(const char *request_json);

/*
 * tc_participants_scorable — method "participants.scorable". Whom the signed-in user may enter
 * scores for: themself and the guests they are the parent of.
 *
 * Request: {"participants", "currentUserId"}.
 * Result:  {"participantIds", "entries"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#participantsscorable. Release the response with
 * tc_string_free().
 */
TC_API char *tc_participants_scorable(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Guests
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_guests_check — method "guests.check". Guest counts, remaining slots, and whether the signed-in
 * user may add a guest, and why not.
 *
 * Request: {"tournament", "participants", "currentUserId", "limits"}.
 * Result:  {"guestCount", "totalGuestCount", "remainingForUser", "remainingTotal", "remaining",
 *          "canAddGuest", "reason", "limits"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#guestscheck. Release the response with tc_string_free().
 */
TC_API char *tc_guests_check(const char *request_json);

/*
 * tc_guests_add — method "guests.add". Validate a new guest and build its participant document.
 *
 * Request: {"tournament", "participants", "currentUserId", "limits", "name", "guestId"}; required:
 *          "name".
 * Result:  {"guest", "check"}.
 * Errors:  INVALID_GUEST_NAME, NOT_AUTHENTICATED, MAX_GUESTS_PER_USER_REACHED,
 *          MAX_TOTAL_GUESTS_REACHED, TOURNAMENT_NOT_IN_PROGRESS, and the common codes (see ERRORS
 *          above).
 * Fields, rules and examples: docs/API.md#guestsadd. Release the response with tc_string_free().
 */
TC_API char *tc_guests_add(const char *request_json);

/*
 * tc_guests_generate_id — method "guests.generateId". New random guest IDs.
 *
 * Request: {"count"}.
 * Result:  {"ids"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#guestsgenerateid. Release the response with
 * tc_string_free().
 */
TC_API char *tc_guests_generate_id(const char *request_json);

/*
 * tc_guests_validate_id — method "guests.validateId". Whether a text is a well-formed guest ID.
 *
 * Request: {"id"}; required: "id".
 * Result:  {"valid"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#guestsvalidateid. Release the response with
 * tc_string_free().
 */
TC_API char *tc_guests_validate_id(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Equipment
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_equipment_stats — method "equipment.stats". Performance and drift statistics of one bow setup
 * from its arrows.
 *
 * Request: {"setupId", "rounds", "timeRange", "startDate", "now"}; required: "setupId", "rounds".
 * Result:  {"stats", "drift"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#equipmentstats. Release the response with
 * tc_string_free().
 */
TC_API char *tc_equipment_stats(const char *request_json);

/*
 * tc_equipment_compare — method "equipment.compare". Two setups side by side, with the deltas B - A
 * and how to display them.
 *
 * Request: {"setupA", "setupB", "timeRange", "startDate", "now"}; required: "setupA", "setupB".
 * Result:  {"setupAName", "setupBName", "setupAStats", "setupBStats", "setupADrift", "setupBDrift",
 *          "deltas", "display", "timeRange"}.
 * Errors:  SAME_SETUP, and the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#equipmentcompare. Release the response with
 * tc_string_free().
 */
TC_API char *tc_equipment_compare(const char *request_json);

/*
 * tc_equipment_selection — method "equipment.selection". The setup picker's rules: sorting, B
 * excludes A, canCompare.
 *
 * Request: {"setups", "setupAId", "setupBId"}; required: "setups".
 * Result:  {"setups", "availableForB", "setupAId", "setupBId", "canCompare"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#equipmentselection. Release the response with
 * tc_string_free().
 */
TC_API char *tc_equipment_selection(const char *request_json);

/*
 * tc_equipment_time_ranges — method "equipment.timeRanges". The time-range filter: its ranges,
 * labels and start timestamps.
 *
 * Request: {"now"}.
 * Result:  {"default", "ranges"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#equipmenttimeranges. Release the response with
 * tc_string_free().
 */
TC_API char *tc_equipment_time_ranges(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Scoring
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_scoring_leaderboard — method "scoring.leaderboard". Ranking with World Archery's tie-breaks.
 *
 * Request: {"entries"}; required: "entries".
 * Result:  {"entries"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#scoringleaderboard. Release the response with
 * tc_string_free().
 */
TC_API char *tc_scoring_leaderboard(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Matches
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_matches_sections — method "matches.sections". Football fixtures grouped into date sections in
 * a time zone.
 *
 * Request: {"matches", "favorites", "segment", "timeZone"}.
 * Result:  {"segment", "sections", "counts"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#matchessections. Release the response with
 * tc_string_free().
 */
TC_API char *tc_matches_sections(const char *request_json);

/*
 * tc_matches_favorite — method "matches.favorite". The favourite record to store for a match.
 *
 * Request: {"match"}; required: "match".
 * Result:  {"favorite"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#matchesfavorite. Release the response with
 * tc_string_free().
 */
TC_API char *tc_matches_favorite(const char *request_json);

/*
 * tc_matches_reconcile_favorites — method "matches.reconcileFavorites". Bring stored favourites up
 * to date when their result became known.
 *
 * Request: {"favorites", "matches"}.
 * Result:  {"favorites", "updatedIds", "changed"}.
 * Errors:  the common codes (see ERRORS above).
 * Fields, rules and examples: docs/API.md#matchesreconcilefavorites. Release the response with
 * tc_string_free().
 */
TC_API char *tc_matches_reconcile_favorites(const char *request_json);
/* END GENERATED: methods */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TOURNAMENT_CORE_H */
