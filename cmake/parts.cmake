# The parts of the build that are left out when a tool they need is missing (the Kotlin binding,
# the WebAssembly module, the ARM and Android libraries, the C++ peer, some tests): a user who
# builds the library alone needs none of them. The test command (scripts/test.sh) configures
# with TC_REQUIRE_ALL_PARTS=ON instead: then every part is built and tested, and a missing tool
# stops the configure, so that no test is dropped without a word.
option(TC_REQUIRE_ALL_PARTS "Fail the configure when a tool of any optional part is missing (the test command's setting)" OFF)

# tc_part_missing(MESSAGE...): a part is left out; MESSAGE says which and what it needs.
function(tc_part_missing)
  string(JOIN "" text ${ARGN})
  if(TC_REQUIRE_ALL_PARTS)
    message(FATAL_ERROR "${text}\n(TC_REQUIRE_ALL_PARTS=ON: every part is to be built and tested; "
      "install what is named, or configure without TC_REQUIRE_ALL_PARTS.)")
  else()
    message(STATUS "${text}")
  endif()
endfunction()

# With TC_REQUIRE_ALL_PARTS, the options of the parts must be on: a build folder configured
# before with one of them off is turned to the full build.
if(TC_REQUIRE_ALL_PARTS)
  foreach(tc_part_option BUILD_TESTING TC_BUILD_TESTS TC_BUILD_EXAMPLES TC_BUILD_KOTLIN TC_BUILD_WASM
                         TC_BUILD_CROSS TC_BUILD_ANDROID)
    set(${tc_part_option} ON CACHE BOOL "" FORCE)
  endforeach()
endif()
