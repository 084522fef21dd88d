/* Hand-written implementations of methods, for the benchmark: C + jansson (references.c: three
 * methods) and C++ + simdjson On-Demand (simdjson_references.cpp, built where clang++ and simdjson
 * are: those three, participants.resolve, equipment.compare and scoring.leaderboard; and
 * matches.sections where Howard Hinnant's date/tz library is too, TC_PEER_DATE_TZ). Each returns a
 * malloc'd response envelope, freed with free(). */
#ifndef TC_BENCHMARK_REFERENCES_H
#define TC_BENCHMARK_REFERENCES_H

#ifdef __cplusplus
extern "C" {
#endif

char *reference_tournaments_filter(const char *request_json);
char *reference_guests_check(const char *request_json);
char *reference_equipment_stats(const char *request_json);

char *simdjson_tournaments_filter(const char *request_json);
char *simdjson_participants_resolve(const char *request_json);
char *simdjson_guests_check(const char *request_json);
char *simdjson_equipment_stats(const char *request_json);
char *simdjson_equipment_compare(const char *request_json);
char *simdjson_scoring_leaderboard(const char *request_json);
char *simdjson_matches_sections(const char *request_json); /* built with TC_PEER_DATE_TZ only */

#ifdef __cplusplus
}
#endif

#endif
