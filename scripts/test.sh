#!/usr/bin/env bash
# Runs every test: Swift (domain rules, JSON layer, JSONTestSuite, golden wire files) with
# `swift test`, then the C library build and its ctest suite (C ABI tests, golden files and
# JSONTestSuite through the ABI, threads, exports, header, install, CLI, examples).
# Exits non-zero when any test fails.
set -euo pipefail
source "$(dirname "$0")/common.sh"

tc_find_swift
tc_require_packages "${TC_PACKAGES[@]}"
cd "$TC_ROOT"

tc_step "swift test (domain and wire layers)"
swift test

tc_step "C library (cmake + ninja, Release)"
tc_cmake_build

tc_step "ctest (C ABI, examples, install)"
ctest --test-dir "$TC_BUILD" --output-on-failure

tc_step "all tests passed"
