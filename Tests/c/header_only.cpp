// The C++17 half of the header check: the same translation unit as header_only.c.
#include "header_only.c"
