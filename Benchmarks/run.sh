#!/usr/bin/env bash
# Runs the benchmark: builds the library (Release), then the C harness (the core through the C
# ABI against hand-written C + jansson, every method) and the Python harness (the core through
# ctypes against the json module), and prints their tables.
#   bash Benchmarks/run.sh [--write]     (--write also rewrites BENCHMARKS.md with this run)
#   bash Benchmarks/run.sh --against OLD.so
#       this build of the core against another (an earlier commit's libtournamentcore.so, or
#       this commit built with other settings), every workload interleaved in one run, with a
#       copy of OLD.so as the noise floor (Benchmarks/compare.c); exits non-zero when the two
#       answer differently.
set -euo pipefail
source "$(dirname "$0")/../scripts/common.sh"
tc_find_swift
tc_require_packages "${TC_PACKAGES[@]}"
cd "$TC_ROOT"
tc_cmake_build > /dev/null
if [ "${1:-}" = "--against" ]; then
  baseline=${2:?"--against needs the path of the other build's libtournamentcore.so"}
  requests=$(mktemp -d)
  trap 'rm -rf "$requests"' EXIT
  "$TC_BUILD/Benchmarks/benchmark" --quick --all-requests "$requests" > /dev/null
  "$TC_BUILD/Benchmarks/benchmark-compare" "$requests" "$baseline" "$TC_BUILD/libtournamentcore.so" "${3:-11}"
  exit
fi
output=$(mktemp)
{
  "$TC_BUILD/Benchmarks/benchmark" --requests "$TC_BUILD/benchmark-requests"
  echo
  python3 Benchmarks/bench.py "$TC_BUILD/benchmark-requests" "$TC_BUILD/libtournamentcore.so"
} | tee "$output"
if [ "${1:-}" = "--write" ]; then
  cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
  {
    echo "# Benchmarks"
    echo
    echo "The last run of \`bash Benchmarks/run.sh\` (the command that reproduces it; \`--write\` rewrites"
    echo "this file). Machine: $cpu, $(nproc) cores, $(uname -sr); $(swiftc --version 2>&1 | head -n 1);"
    echo "jansson $(pkg-config --modversion jansson); $(date -u +%Y-%m-%d)."
    echo
    echo "Each workload runs the core and its reference alternately, in rounds of about 50 ms; the"
    echo "tables give the median round. Ratios from the same run are the figures that count: absolute"
    echo "times move with the machine. Allocations are counted by interposing \`malloc\` in the harness."
    echo "The references (\`Benchmarks/references.c\`, \`Benchmarks/bench.py\`) parse, validate, apply"
    echo "the same rules and serialize the same response; the harnesses check that they agree with the"
    echo "core before timing them."
    echo
    cat "$output"
  } > "$TC_ROOT/BENCHMARKS.md"
  echo "wrote BENCHMARKS.md"
fi
rm -f "$output"
