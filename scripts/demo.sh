#!/usr/bin/env bash
# The main demo: builds libtournamentcore.so and the C host Examples/c/tournament_tabs (only
# those: no bindings, no other CPUs, no tests) and runs it on the bundled sample tournaments,
# printing the Active and Completed tabs.
# It builds in a folder of its own, build-demo/ (TC_DEMO_BUILD), never the test command's build/,
# and builds the library with the full Swift runtime linked in (-DTC_EMBEDDED=OFF): the same
# sources and answers as the Embedded Swift library that the test command builds and the packages
# ship, compiled in about half the time (each module once, two of them side by side), and about
# six times the size.
set -euo pipefail
source "$(dirname "$0")/common.sh"

tc_find_swift
tc_require_packages "${TC_DEMO_PACKAGES[@]}"
demo_build=${TC_DEMO_BUILD:-$TC_ROOT/build-demo}
tc_step "building the library and the C host (cmake + ninja, Release, full Swift runtime)"
if [ ! -f "$demo_build/build.ninja" ]; then
  ( TC_BUILD=$demo_build; tc_cmake_configure -DTC_EMBEDDED=OFF -DBUILD_TESTING=OFF -DTC_BUILD_KOTLIN=OFF \
      -DTC_BUILD_WASM=OFF -DTC_BUILD_CROSS=OFF )
fi
cmake --build "$demo_build" --target tournament_tabs > /dev/null
tc_step "Examples/c/tournament_tabs Examples/data/tournaments.json"
cd "$TC_ROOT"
"$demo_build/Examples/c/tournament_tabs" Examples/data/tournaments.json
tc_step "the same, public tournaments matching \"lyon\""
"$demo_build/Examples/c/tournament_tabs" Examples/data/tournaments.json --public-only --query lyon
