/* Hand-written C + jansson implementations of three methods, for the benchmark (references.c).
 * Each returns a malloc'd response envelope, freed with free(). */
#ifndef TC_BENCHMARK_REFERENCES_H
#define TC_BENCHMARK_REFERENCES_H

char *reference_tournaments_filter(const char *request_json);
char *reference_guests_check(const char *request_json);
char *reference_equipment_stats(const char *request_json);

#endif
