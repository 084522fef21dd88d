/* An out-of-tree program using an installed TournamentCore, found with pkg-config or with
 * find_package(TournamentCore). */
#include <stdio.h>
#include <string.h>

#include <tournament_core.h>

int main(void) {
    char *response = tc_tournaments_filter("{\"tournaments\":[{\"id\":\"t1\",\"status\":\"open\"}]}");
    int ok = response != NULL && strstr(response, "\"labels\":{\"active\":\"Active (1)\"") != NULL;
    printf("TournamentCore %s (header %s): %s\n", tc_version(), TC_VERSION_STRING, ok ? "ok" : "FAILED");
    tc_string_free(response);
    return ok && strcmp(tc_version(), TC_VERSION_STRING) == 0 ? 0 : 1;
}
