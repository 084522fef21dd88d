/* Compiled with -std=c99 -Wall -Wextra -Werror -pedantic, and as C++17 (header_only.cpp): the
 * header must compile warning-free on its own. (That it declares exactly what the library
 * exports is check_exports' job; the C tests call every function.) */
#include "tournament_core.h"

#if TC_VERSION_NUMBER != TC_VERSION_MAJOR * 1000000 + TC_VERSION_MINOR * 1000 + TC_VERSION_PATCH
#error "TC_VERSION_NUMBER is inconsistent"
#endif

int tc_header_only_check(void);

int tc_header_only_check(void) {
    const char *(*version)(void) = tc_version;
    void (*release)(char *) = tc_string_free;
    char *(*call)(const char *, const char *) = tc_call;
    return version != 0 && release != 0 && call != 0;
}
