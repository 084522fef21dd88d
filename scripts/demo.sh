#!/usr/bin/env bash
# The main demo: builds libtournamentcore.so and the C host Examples/c/tournament_tabs (only
# those: no bindings, no other CPUs, no tests) and runs it on the bundled sample tournaments,
# printing the Active and Completed tabs. A build folder configured before (by the test command,
# say) is kept as it is; the test command configures it again for everything.
set -euo pipefail
source "$(dirname "$0")/common.sh"

tc_find_swift
tc_require_packages "${TC_DEMO_PACKAGES[@]}"
tc_step "building the library and the C host (cmake + ninja, Release)"
if [ ! -f "$TC_BUILD/build.ninja" ]; then
  tc_cmake_configure -DBUILD_TESTING=OFF -DTC_BUILD_KOTLIN=OFF -DTC_BUILD_WASM=OFF -DTC_BUILD_CROSS=OFF
fi
cmake --build "$TC_BUILD" --target tournament_tabs > /dev/null
tc_step "Examples/c/tournament_tabs Examples/data/tournaments.json"
cd "$TC_ROOT"
"$TC_BUILD/Examples/c/tournament_tabs" Examples/data/tournaments.json
tc_step "the same, public tournaments matching \"lyon\""
"$TC_BUILD/Examples/c/tournament_tabs" Examples/data/tournaments.json --public-only --query lyon
