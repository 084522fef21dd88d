#!/usr/bin/env bash
# Runs every test: the generated files' freshness (scripts/generate-contract.py --check and
# scripts/generate-number-tables.py --check); the C library
# build and its ctest suite (C ABI tests, golden files and JSONTestSuite through the ABI, threads,
# hostile inputs, exports, header, install, CLI, C examples, the Python binding over the build,
# the Kotlin binding and its example, the JSON Schemas, the WebAssembly module through the
# JavaScript binding in Node, the web example in headless Chromium, the aarch64 and armv7
# libraries' C tests under qemu-user and the cross-architecture differential, the Android libraries and AAR checked as files,
# the contract and the C ABI against the last release's (baseline/, CHANGELOG.md), one version
# everywhere, README's release facts); Swift (domain rules, JSON module, JSONTestSuite, golden
# wire files) with `swift test`; the Python wheel installed in a fresh
# virtual environment (scripts/python-package.sh); the Swift consumer package; and the
# reliability runs of scripts/reliability.sh (valgrind, ASan+UBSan, TSan, a 2-minute fuzzing
# pass).
# `--fast` skips the reliability runs (for quick local iterations; CI runs everything).
# Exits non-zero when any test fails.
set -euo pipefail
source "$(dirname "$0")/common.sh"

tc_find_swift
tc_require_architectures arm64 armel
tc_require_packages "${TC_PACKAGES[@]}" "${TC_CROSS_PACKAGES[@]}" chromium libsimdjson-dev libhowardhinnant-date-dev abigail-tools
tc_require_python_modules pytest jsonschema mypy orjson
cd "$TC_ROOT"

tc_step "generated files are fresh (scripts/generate-contract.py --check, scripts/generate-number-tables.py --check)"
python3 scripts/generate-contract.py --check
python3 scripts/generate-number-tables.py --check

tc_step "trap audit and layout rules of the library's sources"
python3 scripts/audit-traps.py
python3 scripts/check-sources.py

tc_step "C library, bindings, other CPUs, tests (cmake + ninja, Release)"
# Configured every time, with every part required (cmake/parts.cmake): a folder that a run
# before some tool was installed, or by hand, configured with less is made the full build, and a
# missing tool stops here rather than dropping its tests.
tc_cmake_configure -DTC_REQUIRE_ALL_PARTS=ON
cmake --build "$TC_BUILD"
export TC_BUILT=1  # (for scripts/reliability.sh: build/ is not to be built again beside the packages lane)

tc_step "ctest (C ABI, golden files, hostile inputs, threads, exports, header, install, packages, CLI, C examples, Python over the build, Kotlin, schemas, JavaScript and WebAssembly, the web page, the ARM and Android libraries under qemu-user)"
# The tests a fresh configure of this checkout lists, to compare with those that ran (configured
# meanwhile in a scratch folder: configuring registers the tests; nothing is built there).
fresh=$(mktemp -d)
( TC_BUILD=$fresh/build; tc_cmake_configure -DTC_REQUIRE_ALL_PARTS=ON ) > "$fresh/log" 2>&1 &
fresh_configure=$!
ctest --test-dir "$TC_BUILD" --output-on-failure -j 2
ran=$(ctest --test-dir "$TC_BUILD" -N | sed -n 's/^Total Tests: //p')
wait "$fresh_configure" || { cat "$fresh/log"; echo "the fresh configure failed" >&2; exit 1; }
listed=$(ctest --test-dir "$fresh/build" -N | sed -n 's/^Total Tests: //p')
rm -rf "$fresh"
if [ "$ran" != "$listed" ]; then
  echo "ctest ran $ran tests where a fresh configure of this checkout lists $listed" >&2
  exit 1
fi

# What follows runs in two lanes side by side, each mostly one process at a time (a serial
# chain of Swift modules, forked children, valgrind, a fuzzer), so that CI's two cores both
# work: swift test, the allocation-failure table, the packages and ThreadSanitizer in one, the
# other reliability runs in the other. Each lane writes its own log, printed when both are done;
# the command fails if either does.
packages_lane() {
  tc_step "swift test (domain, JSON and wire layers)"
  swift test

  tc_step "failed allocations, one at a time, in forked children (Tests/c/test_alloc_failure.c)"
  # (The runtime's message names a failed allocation; its backtracer, which it reads this
  # variable for at start-up, would take seconds per child.)
  SWIFT_BACKTRACE=enable=no "$TC_BUILD/Tests/c/test_alloc_failure" schemas

  tc_step "Python package: the wheel, installed in a fresh virtual environment (pytest, mypy --strict)"
  bash scripts/python-package.sh

  tc_step "the plain-Python peer of the benchmark answers every golden request as the library (Benchmarks/python/check_peer.py)"
  python3 Benchmarks/python/check_peer.py "$TC_BUILD/libtournamentcore.so"

  tc_step "library-only build: no tests, examples, jansson or pkg-config (reuses build-wheel/)"
  bash scripts/library-only.sh

  tc_step "Swift consumer package (Examples/swift-consumer)"
  # SwiftPM can keep a stale list of a path dependency's source files: after a pull that adds a
  # file to the library, the consumer's incremental build cannot find what it declares. A build
  # that fails is retried once from clean, so only a real error fails the step.
  if ! swift build --package-path Examples/swift-consumer; then
    echo "Retrying the consumer build from clean (stale SwiftPM build state)."
    rm -rf Examples/swift-consumer/.build
    swift build --package-path Examples/swift-consumer
  fi
  bash Examples/c/check-output.sh Examples/swift-consumer/expected-output.txt \
    swift run --skip-build --package-path Examples/swift-consumer FixturesAndTabs

  # The ThreadSanitizer runs of scripts/reliability.sh, here so that both lanes end at about the
  # same time (the other runs take the other lane longer than all of the above).
  if [ -z "$fast" ]; then bash scripts/reliability.sh --only tsan; fi
}

fast=
if [ "${1:-}" = "--fast" ]; then fast=1; fi
lanes=$(mktemp -d)
trap 'rm -rf "$lanes"' EXIT
( set -euo pipefail; packages_lane ) > "$lanes/packages.log" 2>&1 &
packages=$!
reliability=
if [ -z "$fast" ]; then
  bash scripts/reliability.sh --only memcheck,asan,fuzz > "$lanes/reliability.log" 2>&1 &
  reliability=$!
fi
failed=()
wait "$packages" || failed+=("the packages lane")
cat "$lanes/packages.log"
if [ -n "$reliability" ]; then
  wait "$reliability" || failed+=("the reliability lane (scripts/reliability.sh)")
  cat "$lanes/reliability.log"
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed: ${failed[*]} (its log is above)." >&2
  exit 1
fi

tc_step "all tests passed (ctest: $ran tests, the $listed a fresh configure lists)"
