/* The command-line tool's C entry point in the Embedded Swift build, which has no CommandLine:
 * the arguments go to the tool's Swift code (Sources/TournamentCoreCLI/Entry.swift). */
int tc_cli_main(int count, const char *const *values);

int main(int count, char **values) { return tc_cli_main(count, (const char *const *)values); }
