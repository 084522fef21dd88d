# The C test programs and the arguments each takes, the same on every CPU and for every library
# they run over (Tests/c: the native and Linux ARM libraries; Tests/android: the AAR's).
set(tc_c_test_names test_abi test_tournaments_filter test_participants test_guests test_equipment test_matches
  test_threads test_golden test_json_suite test_hostile)
set(tc_c_test_args_test_matches ${PROJECT_SOURCE_DIR}/Examples/data/premier-league-2024-25.json)
set(tc_c_test_args_test_threads ${PROJECT_SOURCE_DIR}/schemas)
set(tc_c_test_args_test_golden ${PROJECT_SOURCE_DIR}/Tests/golden)
set(tc_c_test_args_test_json_suite ${PROJECT_SOURCE_DIR}/Tests/data/JSONTestSuite/test_parsing)
set(tc_c_test_args_test_hostile ${PROJECT_SOURCE_DIR}/schemas)
set(tc_c_warnings -Wall -Wextra -Werror -pedantic)
