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
 *   INPUT     A NUL-terminated UTF-8 JSON text whose top level is an object. NULL, invalid
 *             UTF-8, text that is not JSON, a top level that is not an object and nesting
 *             deeper than 64 levels are answered with an INVALID_JSON error response; a text
 *             longer than 64 MiB (67108864 bytes) with REQUEST_TOO_LARGE. The library reads
 *             at most 64 MiB + 1 bytes of it, so an unterminated buffer is not overrun beyond
 *             that. Unknown members are ignored; when a key repeats, its last value wins.
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
 *             UNKNOWN_METHOD (tc_call only), REQUEST_TOO_LARGE, INTERNAL (a bug; never
 *             expected). Each method's own codes are listed with it.
 *
 *   SAFETY    No input can crash, hang or abort the calling process.
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
 * TC_VERSION_NUMBER is MAJOR * 1000000 + MINOR * 1000 + PATCH (0.1.0 is 1000), for #if tests.
 */
#define TC_VERSION_MAJOR 0
#define TC_VERSION_MINOR 1
#define TC_VERSION_PATCH 0
#define TC_VERSION_STRING "0.1.0"
#define TC_VERSION_NUMBER (TC_VERSION_MAJOR * 1000000 + TC_VERSION_MINOR * 1000 + TC_VERSION_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Library
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
 * response: a pointer returned by tc_call or a tc_<group>_<name> function, or NULL (ignored).
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
 * tc_library_info — method "library.info": the library's name, versions, methods and limits.
 *
 * Request: {} (members are ignored).
 * Result:  {"name":"TournamentCore","version":"0.1.0","abiVersion":1,
 *           "methods":["library.info",...],
 *           "limits":{"maxRequestBytes":67108864,"maxDepth":64}}
 * Release the response with tc_string_free().
 */
TC_API char *tc_library_info(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Tournaments
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_tournaments_filter — method "tournaments.filter": the tournament list's tabs.
 *
 * Normalizes tournament documents as the apps store them and lists one tab with the counts,
 * labels and empty state of the list screen.
 *
 * Request:
 *   "tournaments"  array, required: documents. "id" (non-empty string) is required; missing or
 *                  null fields default to name "", location "", status "OPEN", public false,
 *                  currentParticipants 0, maxParticipants 0 (integers 0..2147483647). The
 *                  status is read case-insensitively; an unknown status is OPEN. Members the
 *                  contract does not know are kept verbatim.
 *   "tab"          "active" (default: OPEN and IN_PROGRESS), "completed", "all"; or the apps'
 *                  index: 0 active, 1 completed, any other integer all. CANCELLED tournaments
 *                  are listed under "all" only.
 *   "publicOnly"   boolean, default false: keep only documents with "public": true.
 *   "query"        string: keep tournaments whose name or location contains it, ignoring case
 *                  and diacritics and surrounding white space; blank keeps all.
 *   "limit"        integer >= 0: list at most that many (counts are not limited).
 * Result:
 *   {"tab":"active","tournaments":[...],"counts":{"active":N,"completed":N,"all":N},
 *    "labels":{"active":"Active (N)","completed":"Completed (N)"},
 *    "isEmpty":false,"emptyState":null}
 *   Each listed tournament has id, name, location, status, public, currentParticipants,
 *   maxParticipants, then its unknown members in request order. Counts are taken after
 *   publicOnly and query, before the tab and limit. When no tournament matches the tab,
 *   isEmpty is true and emptyState is {"icon","title","message"} for that tab.
 * Errors: INVALID_REQUEST with the path of the offending field.
 * Release the response with tc_string_free().
 */
TC_API char *tc_tournaments_filter(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Participants
 *
 * Privacy: the only person whose name the core ever derives is the signed-in user; everybody
 * else is "Archer N". No response contains an email address the core was given (only the part
 * of the signed-in user's own address before the '@' may become their display name).
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_participants_resolve — method "participants.resolve": the participant list of a
 * tournament, with the fallback for legacy tournaments and the plan that repairs them.
 *
 * Request:
 *   "tournamentId"    string, required: a valid document ID (non-empty, at most 1500 bytes,
 *                     no '/', not "." or "..", not "__...__").
 *   "participants"    array of participant documents (the subcollection), default []. Each:
 *                     "participantId" (non-empty string, required), "displayName" (string),
 *                     "joinedAt" (integer, epoch ms), "isCreator" (boolean, default false).
 *   "participantIds"  array of strings (the legacy field), default []; null entries allowed.
 *   "currentUser"     {"uid","displayName","email"} or null (nobody signed in).
 *   "now"             integer, epoch ms (0 to 253402300799999); default: the clock.
 * Rules:
 *   - "participants" not empty: they are the answer, in order, in the participant shape
 *     (fields other than the four above are not returned); a blank displayName is replaced by
 *     the display-name rule. source "subcollection", no repair.
 *   - else "participantIds" not empty: one participant per ID (null and blank entries skipped,
 *     repeats kept once at their first position), displayName by the rule of
 *     tc_participants_display_name with the index in that cleaned list, joinedAt = now,
 *     isCreator = (index == 0). source "participantIds", and one merge write per participant
 *     at tournaments/{tournamentId}/participants/{participantId}. Each ID must be a valid
 *     document ID.
 *   - else: no participants, source "none".
 * Result:
 *   {"source":"participantIds",
 *    "participants":[{"participantId","displayName","joinedAt","isCreator"},...],
 *    "repair":{"needed":true,"writes":[{"path":"tournaments/t1/participants/u1","merge":true,
 *                                        "data":{...the participant...}},...]}}
 *   ("joinedAt" is omitted for a stored participant without one; "needed" is false and
 *   "writes" empty unless the list was rebuilt.)
 * Errors: INVALID_REQUEST with the path (an invalid document ID included).
 * Release the response with tc_string_free().
 */
TC_API char *tc_participants_resolve(const char *request_json);

/*
 * tc_participants_display_name — method "participants.displayName": the privacy-preserving
 * display name of the participant at a position of a list.
 *
 * Request: {"participantId":"u2","index":1,"currentUser":{"uid","displayName","email"}}
 *   "participantId" string, required; "index" integer >= 0, required; "currentUser" optional.
 * Rule: when currentUser.uid equals participantId: currentUser.displayName if not blank, else
 *   the part of currentUser.email before the first '@' if not blank (an email without '@' is
 *   used whole); otherwise, and for everybody else, "Archer N" with N = index + 1 (computed
 *   without overflow up to index 9223372036854775807).
 * Result: {"displayName":"Archer 2"}
 * Errors: INVALID_REQUEST (missing field, negative index...).
 * Release the response with tc_string_free().
 */
TC_API char *tc_participants_display_name(const char *request_json);

/*
 * tc_participants_repair_begin — method "participants.repairBegin": claim the repair of one
 * tournament's participants in this process, so that concurrent screens repair it once.
 *
 * Request: {"tournamentId":"t1"} (a valid document ID, as for tc_participants_resolve).
 * Result:  {"acquired":true} if no repair of that tournament was in flight (it now is), else
 *          {"acquired":false}.
 * Thread safety: the registry is process-wide and locked; of any number of threads racing on
 * one tournament, exactly one acquires until tc_participants_repair_end releases it.
 * Release the response with tc_string_free().
 */
TC_API char *tc_participants_repair_begin(const char *request_json);

/*
 * tc_participants_repair_end — method "participants.repairEnd": release the claim taken by
 * tc_participants_repair_begin (call it when the repair writes finished or failed).
 *
 * Request: {"tournamentId":"t1"}.
 * Result:  {"released":true} if a repair was in flight, else {"released":false}.
 * Release the response with tc_string_free().
 */
TC_API char *tc_participants_repair_end(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Guests
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_guests_check — method "guests.check": guest counts, remaining slots, and whether the
 * signed-in user may add a guest, and why not.
 *
 * Request:
 *   "tournament"     tournament document ({"id","status",...}) or null (not loaded).
 *   "participants"   array of {"participantId" (non-empty string), "guestParticipant"
 *                    (boolean, default false), "addedBy" (string)}; default [].
 *   "currentUserId"  non-empty string, or null (signed out).
 *   "limits"         {"maxGuestsPerParticipant","maxTotalGuests"}, integers 0..2147483647,
 *                    each optional; defaults 2 and 10.
 * Result:
 *   {"guestCount":1,"totalGuestCount":1,"remainingForUser":1,"remainingTotal":9,"remaining":1,
 *    "canAddGuest":true,"reason":null,"limits":{"maxGuestsPerParticipant":2,"maxTotalGuests":10}}
 *   guestCount counts guests added by the current user (0 when signed out); remaining* are never
 *   negative. When canAddGuest is false, "reason" is {"code","message"} of the first rule that
 *   fails, in this order:
 *     NOT_AUTHENTICATED            "You must be signed in to add a guest."
 *     MAX_GUESTS_PER_USER_REACHED  "You can only add N guest(s) per participant."
 *     MAX_TOTAL_GUESTS_REACHED     "This tournament has reached the maximum of N total guests."
 *     TOURNAMENT_NOT_IN_PROGRESS   "Guests can only be added to tournaments in progress."
 *   (N from the limits in force; the last also when the tournament is null.)
 * Errors: INVALID_REQUEST with the path. A refused rule is a result, not an error.
 * Release the response with tc_string_free().
 */
TC_API char *tc_guests_check(const char *request_json);

/*
 * tc_guests_add — method "guests.add": validate a new guest and build its participant
 * document.
 *
 * Request: the tc_guests_check request plus
 *   "name"     string, required: trimmed of white space and newlines, then it must not be empty,
 *              must have at most 50 user-perceived characters (grapheme clusters), and must not
 *              contain control characters or line/paragraph separators;
 *   "guestId"  optional: a caller-chosen ID that must pass tc_guests_validate_id; when absent
 *              one is generated as by tc_guests_generate_id.
 * Rules, in order: the name rules, then the four rules of tc_guests_check.
 * Result:
 *   {"guest":{"participantId","tournamentId","displayName","status":"JOINED","addedBy",
 *             "guestParticipant":true,"parentParticipantId"},
 *    "check":{...the tc_guests_check result with the new guest counted...}}
 * Errors: a refused rule is an error response with the rule's code and message:
 *   INVALID_GUEST_NAME ("Please enter a guest name." / "Name must be 50 characters or fewer" /
 *   "Name contains invalid characters.", with "path":"$.name"), or one of the four codes of
 *   tc_guests_check; INVALID_REQUEST for a malformed request (an invalid guestId included).
 * Release the response with tc_string_free().
 */
TC_API char *tc_guests_add(const char *request_json);

/*
 * tc_guests_generate_id — method "guests.generateId": new guest IDs.
 *
 * Request: {} or {"count":N} with 1 <= N <= 10000 (default 1).
 * Result:  {"ids":["guest_XXXXXXXXXXXXXXXX",...]}: "guest_" and 16 characters drawn uniformly
 *          from [A-Za-z0-9] by the operating system's cryptographically secure generator
 *          (getrandom), with rejection sampling (no modulo bias).
 * Output differs on every call (it is random). Errors: INVALID_REQUEST for count out of range.
 * Release the response with tc_string_free().
 */
TC_API char *tc_guests_generate_id(const char *request_json);

/*
 * tc_guests_validate_id — method "guests.validateId": is this a well-formed guest ID.
 *
 * Request: {"id":"guest_0123456789abcdef"} ("id" string, required).
 * Result:  {"valid":true} iff id matches ^guest_[A-Za-z0-9]{16}$ (IDs made by older clients,
 *          16 lowercase hex digits, are valid); else {"valid":false}.
 * Release the response with tc_string_free().
 */
TC_API char *tc_guests_validate_id(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Equipment and scoring
 *
 * An arrow is {"score":0..10,"isX":false,"x":...,"y":...}: "score" an integer (0 is a miss),
 * "isX" (default false) true only with score 10, "x"/"y" optional impact coordinates normalized
 * so the centre is (0,0) and 1.0 the face radius (positive right and up), finite numbers within
 * +-1000. A round is {"id":"r1","date":epoch ms,"arrows":[...]} ("id" optional).
 * Which rounds count: "timeRange" ("sevenDays", "thirtyDays" (default), "ninetyDays",
 * "oneYear", "allTime") ending at "now" (epoch ms, default the clock), or "startDate" (epoch ms)
 * instead of it (not both); rounds with date >= the start count.
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_equipment_stats — method "equipment.stats": performance and drift statistics of one bow
 * setup from its arrows.
 *
 * Request: {"setupId":7,"rounds":[...],"timeRange":"thirtyDays","now":1733000000000}
 * Result:
 *   {"stats":{"setupId","totalArrows","totalScore","averageScore","accuracy","consistency",
 *             "xCount","tenCount","roundCount"},
 *    "drift":{"setupId","xDriftAverage","yDriftAverage","xSpread","ySpread","arrowCount"}}
 *   averageScore = totalScore / totalArrows; accuracy = % of arrows scoring 10 (X included);
 *   consistency = % scoring 9 or more; roundCount = rounds with at least one arrow. Without
 *   arrows every figure is 0. drift: means and population standard deviations of x and y over
 *   the arrows that have both; null when none has. No NaN or infinity is ever written.
 * Errors: INVALID_REQUEST with the path (an X that is not a 10, a score outside 0..10...).
 * Release the response with tc_string_free().
 */
TC_API char *tc_equipment_stats(const char *request_json);

/*
 * tc_equipment_compare — method "equipment.compare": two setups side by side, deltas B - A.
 *
 * Request: {"setupA":SETUP,"setupB":SETUP,"timeRange":...,"now":...} where SETUP is
 *   {"id":1,"name":"Hoyt Formula","rounds":[...]} (figures computed as tc_equipment_stats does)
 *   or {"id":1,"name":"...","stats":{...},"drift":{...}} (precomputed; stats null or absent
 *   members are zeros; counts >= 0, averageScore 0..10, accuracy and consistency 0..100).
 * Result:
 *   {"setupAName","setupBName","setupAStats","setupBStats","setupADrift","setupBDrift",
 *    "deltas":{"averageScore","accuracy","consistency","arrowCount"},
 *    "display":{"averageScore":{"text":"+0.25","trend":"up","color":"green"},...},
 *    "timeRange":{"id","label","startTimestamp"}}
 *   A blank name shows as "Setup #<id>". Display text has two decimals (arrowCount: an
 *   integer), "+" when positive, "-" when negative, no sign for zero; the sign is decided on
 *   the value as displayed (rounded as printf "%.2f"), so a delta that rounds to 0.00 is
 *   "0.00", "flat", "gray" — never "-0.00". With "startDate", timeRange is
 *   {"id":"custom","label":"Custom","startTimestamp":startDate}.
 * Errors: SAME_SETUP "Choose two different setups to compare." (same id on both sides);
 *   INVALID_REQUEST with the path.
 * Release the response with tc_string_free().
 */
TC_API char *tc_equipment_compare(const char *request_json);

/*
 * tc_equipment_selection — method "equipment.selection": the setup picker's rules.
 *
 * Request: {"setups":[{"id":3,"name":"b",...},...],"setupAId":1,"setupBId":1}
 *   (ids unique integers; setupAId/setupBId integers or null).
 * Result: {"setups":[...sorted...],"availableForB":[...sorted, without A...],"setupAId":1,
 *          "setupBId":null,"canCompare":false}
 *   Sorted by name ignoring case and diacritics, then id; a blank name is written as
 *   "Setup #<id>"; other members of each setup are kept verbatim. A selected id not among the
 *   setups becomes null; B equal to A becomes null; canCompare = both non-null.
 * Release the response with tc_string_free().
 */
TC_API char *tc_equipment_selection(const char *request_json);

/*
 * tc_equipment_time_ranges — method "equipment.timeRanges": the time-range filter.
 *
 * Request: {"now":1733000000000} ("now" optional, default the clock).
 * Result:  {"default":"thirtyDays","ranges":[{"id":"sevenDays","label":"7 Days","days":7,
 *           "startTimestamp":...},... ,{"id":"allTime","label":"All Time","startTimestamp":null}]}
 *          startTimestamp = now - days * 86400000.
 * Release the response with tc_string_free().
 */
TC_API char *tc_equipment_time_ranges(const char *request_json);

/*
 * tc_scoring_leaderboard — method "scoring.leaderboard": ranking with World Archery's
 * tie-breaks.
 *
 * Request: {"entries":[{"participantId":"u1","displayName":"Robin","arrows":[...]},
 *                      {"participantId":"u2","score":280,"tens":12,"xs":5,"arrowCount":30}]}
 *   Each entry has arrows, or totals ("score" required; "tens", "xs", "arrowCount" default 0;
 *   integers >= 0; xs <= tens), not both.
 * Result: {"entries":[{"rank":1,"participantId","displayName","score","tens","xs",
 *                      "arrowCount"},...]}
 *   Ordered by score, then tens (10s including Xs), then xs, all descending; entries equal on
 *   all three share a rank (1, 1, 3) and keep their input order. displayName is omitted when
 *   the entry has none.
 * Release the response with tc_string_free().
 */
TC_API char *tc_scoring_leaderboard(const char *request_json);

/* ---------------------------------------------------------------------------------------------
 * Matches (football fixtures, football-data.org v4)
 *
 * A match is a v4 match object: "id" (integer, required), "utcDate" (RFC 3339, such as
 * "2024-08-16T19:00:00Z"), "matchday", "status" (any v4 status), "homeTeam"/"awayTeam"
 * {"name","crest"}, "score" {"winner": "HOME_TEAM" | "AWAY_TEAM" | "DRAW" | null,
 * "fullTime": {"home","away"}}, "competition" {"name","code"}; everything v4 may leave null may
 * be null or absent, and the members the core does not use are ignored.
 * A favourite record is {"id","homeTeamImage","awayTeamImage","homeTeamName","awayTeamName",
 * "utcDate","matchday","winner","fullTimeScoreHome","fullTimeScoreAway","competitionCode",
 * "competitionName"}; the core writes all twelve keys, null for what is unknown.
 * Time zone rules are the IANA tzdata embedded in the library (release 2025b): no tzdata is
 * needed on the host, and every platform gets the same local times.
 * ------------------------------------------------------------------------------------------- */

/*
 * tc_matches_sections — method "matches.sections": fixtures grouped into date sections in a
 * time zone.
 *
 * Request: {"matches":[...],"favorites":[...records...],"segment":"all","timeZone":"Europe/London"}
 *   "segment": "all" (default; sections of matches) or "favorites" (sections of favorites).
 *   "timeZone": an IANA name (case-sensitive), default "UTC"; unknown: INVALID_REQUEST.
 * Result: {"segment":"all","sections":[{"title":"08/16/2024","date":"2024-08-16","matches":[...]},
 *          ...,{"title":"Unknown","matches":[...]}],"counts":{"all":380,"favorites":3}}
 *   A match is in the section of its kick-off's calendar date in the zone (daylight saving
 *   time included), sections ascending, matches by kick-off then id; matches whose utcDate is
 *   missing or not RFC 3339 go to a last "Unknown" section (no "date"), by id. Each match view:
 *   {"id","homeTeam","awayTeam","homeCrest","awayCrest","utcDate","matchday","played",
 *    "statusText","timeZoneLabel","dateText","isFavorite"}: names fall back to "N/A"; crests,
 *   utcDate and matchday are omitted when unknown; played = winner not null; statusText is the
 *   local "HH:mm" kick-off (timeZoneLabel the zone's name) when not played, the full-time
 *   score "home-away" (an unknown side is 0, timeZoneLabel "") when played; dateText "MM/dd".
 * Release the response with tc_string_free().
 */
TC_API char *tc_matches_sections(const char *request_json);

/*
 * tc_matches_favorite — method "matches.favorite": the favourite record to store for a match.
 *
 * Request: {"match":{...v4 match...}}
 * Result:  {"favorite":{...record...}} (team names fall back to "N/A").
 * Release the response with tc_string_free().
 */
TC_API char *tc_matches_favorite(const char *request_json);

/*
 * tc_matches_reconcile_favorites — method "matches.reconcileFavorites": bring stored
 * favourites up to date when their result became known.
 *
 * Request: {"favorites":[records],"matches":[fresh v4 matches]}
 * Result:  {"favorites":[records, in order],"updatedIds":[...],"changed":true}
 *   A favourite whose winner is null takes winner, fullTimeScoreHome and fullTimeScoreAway
 *   from the first fresh match with the same id, when that match's winner is not null; nothing
 *   else changes (a record's members beyond the twelve are kept as given).
 * Release the response with tc_string_free().
 */
TC_API char *tc_matches_reconcile_favorites(const char *request_json);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TOURNAMENT_CORE_H */
