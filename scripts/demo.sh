#!/usr/bin/env bash
# The main demo: builds libtournamentcore.so and runs the C host Examples/c/tournament_tabs on
# the bundled sample tournaments, printing the Active and Completed tabs.
set -euo pipefail
source "$(dirname "$0")/common.sh"

tc_find_swift
tc_require_packages "${TC_PACKAGES[@]}"
tc_step "building (cmake + ninja, Release)"
tc_cmake_build > /dev/null
tc_step "Examples/c/tournament_tabs Examples/data/tournaments.json"
cd "$TC_ROOT"
"$TC_BUILD/Examples/c/tournament_tabs" Examples/data/tournaments.json
tc_step "the same, public tournaments matching \"lyon\""
"$TC_BUILD/Examples/c/tournament_tabs" Examples/data/tournaments.json --public-only --query lyon
