/* Hand-written implementations of three methods, for the benchmark: C + jansson (references.c)
 * and C++ + simdjson On-Demand (simdjson_references.cpp, built where clang++ and simdjson are).
 * Each returns a malloc'd response envelope, freed with free(). */
#ifndef TC_BENCHMARK_REFERENCES_H
#define TC_BENCHMARK_REFERENCES_H

#ifdef __cplusplus
extern "C" {
#endif

char *reference_tournaments_filter(const char *request_json);
char *reference_guests_check(const char *request_json);
char *reference_equipment_stats(const char *request_json);

char *simdjson_tournaments_filter(const char *request_json);
char *simdjson_guests_check(const char *request_json);
char *simdjson_equipment_stats(const char *request_json);

#ifdef __cplusplus
}
#endif

#endif
