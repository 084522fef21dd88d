#!/usr/bin/env bash
# The reliability runs (part of scripts/test.sh; runnable alone once `build/` exists):
#   1. valgrind memcheck over the C tests           (ctest -T memcheck -L abi on build/)
#   2. AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/: C tests and examples)
#   3. ThreadSanitizer stress tests                  (build-tsan/: test_threads, test_participants)
#   4. a time-boxed libFuzzer pass over tc_call      (Fuzz/run.sh, TC_FUZZ_SECONDS, default 120)
# `--only memcheck,asan,tsan,fuzz` runs some of them (the test command runs them in its two
# lanes, so that both end at about the same time).
# Exits non-zero on any error, leak, race or fuzzer finding.
set -euo pipefail
source "$(dirname "$0")/common.sh"

runs=memcheck,asan,tsan,fuzz
if [ "${1:-}" = "--only" ]; then
  runs=${2:?"--only takes a list: memcheck,asan,tsan,fuzz"}
  for run in ${runs//,/ }; do
    case "$run" in memcheck|asan|tsan|fuzz) ;; *) echo "unknown run: $run (memcheck, asan, tsan, fuzz)" >&2; exit 2 ;; esac
  done
fi
# Whether `run` is one of those asked for.
runs() { [[ ",$runs," == *",$1,"* ]]; }

tc_find_swift
tc_require_packages "${TC_PACKAGES[@]}" valgrind
cd "$TC_ROOT"
toolchain=$(dirname "$(command -v swiftc)")

if runs memcheck; then
  tc_step "valgrind memcheck over the C tests"
  # (Built here unless the test command, which runs this beside other steps, has just built it:
  # then there is nothing to build, and the check itself is left out.)
  [ -n "${TC_BUILT:-}" ] || tc_cmake_build > /dev/null
  TC_TEST_QUICK=1 ctest --test-dir "$TC_BUILD" -T memcheck -L abi --output-on-failure -j 2 > "$TC_BUILD/memcheck.log" 2>&1 \
    || { cat "$TC_BUILD/memcheck.log"; exit 1; }
  grep -E "tests passed|Memory checking results|Defect|^[A-Za-z ]+ - [0-9]+$" "$TC_BUILD/memcheck.log"
fi

# Configures and builds a sanitizer variant with the toolchain's clang (one runtime for Swift and C).
sanitizer_build() {
  local folder=$1 sanitizer=$2
  if [ ! -f "$folder/build.ninja" ]; then
    cmake -S . -B "$folder" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTC_SANITIZE="$sanitizer" \
      -DCMAKE_C_COMPILER="$toolchain/clang" -DCMAKE_CXX_COMPILER="$toolchain/clang++" \
      -DCMAKE_Swift_COMPILER="$toolchain/swiftc" > "$folder.configure.log" 2>&1 \
      || { cat "$folder.configure.log" >&2; exit 1; }
    rm -f "$folder.configure.log"
  fi
  # Quiet when it builds; on failure the log's end, without the linker's warnings about the
  # sanitizer runtime's symbols that the version script keeps local.
  if ! cmake --build "$folder" > "$folder/build.log" 2>&1; then
    grep -vE "ld.gold: warning: Cannot export local symbol" "$folder/build.log" | tail -n 60 >&2
    exit 1
  fi
  rm -f "$folder/build.log"
}

if runs asan; then
  tc_step "AddressSanitizer + UndefinedBehaviorSanitizer"
  sanitizer_build "$TC_ROOT/build-asan" address
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  TC_TEST_QUICK=1 ctest --test-dir "$TC_ROOT/build-asan" --output-on-failure | grep -E "tests passed|Failed|failed"
fi

if runs tsan; then
  tc_step "ThreadSanitizer stress tests"
  sanitizer_build "$TC_ROOT/build-tsan" thread
  TSAN_OPTIONS="halt_on_error=1:suppressions=$TC_ROOT/Tests/c/tsan.supp" \
    ctest --test-dir "$TC_ROOT/build-tsan" -R "test_threads|test_participants" --output-on-failure | grep -E "tests passed|Failed|failed"
fi

if runs fuzz; then
  tc_step "libFuzzer over tc_call (${TC_FUZZ_SECONDS:-120} s)"
  fuzz_log="$TC_ROOT/Fuzz/last-run.log"
  summary='^(#[0-9]+.INITED|Done [0-9]+ runs|stat::(number_of_executed_units|new_units_added)|==[0-9]+==ERROR|SUMMARY|TournamentCore fuzz oracle|artifact_prefix|Test unit written)'
  if ! bash Fuzz/run.sh "${TC_FUZZ_SECONDS:-120}" > "$fuzz_log" 2>&1; then
    grep -E "$summary" "$fuzz_log" || true
    echo "--- end of $fuzz_log:" >&2
    tail -n 40 "$fuzz_log" >&2
    echo "The fuzz pass failed (a finding's input is saved in Fuzz/findings/; the log ends above)." >&2
    exit 1
  fi
  grep -E "$summary" "$fuzz_log"
  if grep -q "no interesting inputs were found" "$fuzz_log"; then
    echo "The fuzzer found no coverage: it is not instrumented." >&2
    exit 1
  fi
fi

