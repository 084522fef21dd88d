#!/usr/bin/env bash
# Runs the benchmark: builds the library (Release), then the C harness (the core through the C
# ABI against hand-written C + jansson, every method), the Python harness (the core through
# ctypes against the json module) and the cold start (a fresh process's dlopen and first call,
# and the memory they add, against the C + jansson reference as a shared library:
# Benchmarks/coldstart.c) and the instructions per call of the core and the simdjson peer
# (Benchmarks/instructions.sh, under callgrind), and prints their tables.
#   bash Benchmarks/run.sh [--write]     (--write also rewrites BENCHMARKS.md with this run, and
#                                         README's targets from it: scripts/benchmark-targets.py)
#   bash Benchmarks/run.sh --against OLD.so
#       this build of the core against another (an earlier commit's libtournamentcore.so, or
#       this commit built with other settings), every workload interleaved in one run, with a
#       copy of OLD.so as the noise floor (Benchmarks/compare.c), then the cold start of each;
#       exits non-zero when the two answer differently. (A comparison's tables go in the commit
#       message of the change it measures: BENCHMARKS.md holds the last full run.)
#   bash Benchmarks/run.sh --peer [--unread] [--fixed]
#       the core against the C++ + simdjson peer on every workload of the methods it has,
#       interleaved, with a copy of the core as the noise floor (Benchmarks/compare.c --peer);
#       with --unread, again on the same requests without the members no rule reads
#       (Benchmarks/strip-unread.py): what validating them costs the core, which the peer skips;
#       with --fixed, again on the workloads beside their small requests with the top-level arrays
#       emptied (Benchmarks/empty-arrays.py): a call's cost apart from its elements, and an
#       element's in a short request and in a long one.
#   bash Benchmarks/run.sh --javascript [OTHER.wasm]
#       the WebAssembly module through the JavaScript binding against the native library, every
#       workload interleaved, and plain JavaScript (Benchmarks/plain/) against the module for the
#       three methods it has (Benchmarks/javascript.mjs, in Node), alone (the full run includes it
#       too); with OTHER.wasm, another build of the module in the same rounds.
#   bash Benchmarks/run.sh --javascript-typed [BASELINE]
#       the typed JavaScript functions end to end (an object in, an object out) beside core.call,
#       the module alone, the native core alone (native-timer) and the plain-JavaScript peer over
#       objects (Benchmarks/javascript/typed.mjs, Benchmarks/plain/), with where the time goes and
#       the targets, alone (the full run includes it too); with BASELINE, a folder holding another
#       copy of the binding, timed in the same rounds.
#   bash Benchmarks/run.sh --kotlin [OTHER.jar]
#       the typed Kotlin binding end to end (an object in, an object out) beside the text call, the
#       core alone (native-timer, in the same rounds) and the Kotlin peer over the binding's classes
#       (Benchmarks/kotlin/Typed.kt, Peer.kt), on issue 70's workloads, with where the time goes and
#       the targets, alone (the full run includes it too); with OTHER.jar, another build's
#       tournamentcore.jar in the same rounds.
#   bash Benchmarks/run.sh --python [BASELINE]
#       the typed Python binding end to end (a dict in, a dict out) beside the raw text call, the
#       core alone (native-timer, in the same rounds) and the plain-Python peer
#       (Benchmarks/python/typed.py, peer.py), on every workload of issue 70's table, with where
#       the time goes and the targets, alone (the full run includes it too); with BASELINE, a
#       folder holding another copy of the `tournamentcore` package, timed in the same rounds.
set -euo pipefail
source "$(dirname "$0")/../scripts/common.sh"
tc_find_swift
tc_require_packages "${TC_PACKAGES[@]}" libsimdjson-dev
cd "$TC_ROOT"
tc_cmake_build > /dev/null
# The WebAssembly module against the native library (Benchmarks/javascript.mjs), on REQUESTS_DIR.
javascript_benchmark() {
  if [ -e "$TC_BUILD/tournamentcore.wasm" ] && command -v node > /dev/null; then
    node Benchmarks/javascript.mjs "$1" "$TC_BUILD/tournamentcore.wasm" "$TC_BUILD/Benchmarks/native-timer" \
      "$TC_BUILD/libtournamentcore.so" 7 ${2:+"$2"}
  else
    echo "(The JavaScript benchmark needs the build's tournamentcore.wasm and node.)"
  fi
}
# The typed Python binding end to end (Benchmarks/python/typed.py), on REQUESTS_DIR.
python_benchmark() {
  python3 Benchmarks/python/typed.py "$1" "$TC_BUILD/libtournamentcore.so" \
    --native-timer "$TC_BUILD/Benchmarks/native-timer" ${2:+--baseline "$2"}
}
# The typed JavaScript functions end to end (Benchmarks/javascript/typed.mjs), on REQUESTS_DIR; $2:
# a folder holding another copy of the binding (tournamentcore.mjs, methods.mjs).
javascript_typed_benchmark() {
  if [ -e "$TC_BUILD/tournamentcore.wasm" ] && command -v node > /dev/null; then
    node Benchmarks/javascript/typed.mjs "$1" "$TC_BUILD/tournamentcore.wasm" "$TC_BUILD/Benchmarks/native-timer" \
      "$TC_BUILD/libtournamentcore.so" ${2:+--baseline "$2"}
  else
    echo "(The typed JavaScript benchmark needs the build's tournamentcore.wasm and node.)"
  fi
}
# The typed Kotlin binding end to end (Benchmarks/kotlin/Typed.kt), on REQUESTS_DIR; $2: another
# build's tournamentcore.jar, timed in the same rounds.
kotlin_benchmark() {
  if [ -x "$TC_BUILD/bindings/kotlin/typed-benchmark" ]; then
    "$TC_BUILD/bindings/kotlin/typed-benchmark" "$1" "$TC_BUILD/libtournamentcore.so" \
      --native-timer "$TC_BUILD/Benchmarks/native-timer" ${2:+--baseline "$2"}
    # The crossing alone: JNA Function.invoke, JNA direct mapping and a JNI shim (Benchmarks/kotlin/Crossing.kt).
    if [ -x "$TC_BUILD/bindings/kotlin/crossing-benchmark" ]; then
      echo
      "$TC_BUILD/bindings/kotlin/crossing-benchmark" "$1" "$TC_BUILD/libtournamentcore.so"
    else
      echo
      echo "(The crossing benchmark needs the JDK's JNI headers: include/jni.h beside the build's java.)"
    fi
  else
    echo "(The Kotlin benchmark needs the build's Kotlin binding: kotlinc, JNA, Gson.)"
  fi
}
# One of those benchmarks alone, on a fresh folder of the benchmark's workloads; $2, the
# baseline (another build or copy, optional), made an absolute path.
run_alone() {
  local benchmark=$1 baseline=
  if [ -n "${2:-}" ]; then baseline=$(realpath "$2"); fi
  requests=$(mktemp -d)  # (global: the trap reads it at exit)
  trap 'rm -rf "$requests"' EXIT
  "$TC_BUILD/Benchmarks/benchmark" --quick --all-requests "$requests" > /dev/null
  "$benchmark" "$requests" "$baseline"
  exit
}
case "${1:-}" in
  --python) run_alone python_benchmark "${2:-}" ;;
  --javascript) run_alone javascript_benchmark "${2:-}" ;;
  --javascript-typed) run_alone javascript_typed_benchmark "${2:-}" ;;
  --kotlin) run_alone kotlin_benchmark "${2:-}" ;;
esac
if [ "${1:-}" = "--peer" ]; then
  shift
  unread= fixed=
  if [ "${1:-}" = "--unread" ]; then unread=1; shift; fi
  if [ "${1:-}" = "--fixed" ]; then fixed=1; shift; fi
  if [ ! -e "$TC_BUILD/Benchmarks/libtcsimdjson.so" ]; then
    echo "run.sh --peer: the build has no C++ + simdjson peer (Benchmarks/libtcsimdjson.so: libsimdjson-dev and clang)" >&2
    exit 1
  fi
  requests=$(mktemp -d)
  trap 'rm -rf "$requests"' EXIT
  "$TC_BUILD/Benchmarks/benchmark" --quick --all-requests "$requests/as-written" > /dev/null
  "$TC_BUILD/Benchmarks/benchmark-compare" --peer "$requests/as-written" "$TC_BUILD/libtournamentcore.so" \
    "$TC_BUILD/Benchmarks/libtcsimdjson.so" 11
  if [ -n "$unread" ]; then
    python3 Benchmarks/strip-unread.py "$requests/as-written" "$requests/read"
    { echo; echo "The same requests without the members no rule reads (Benchmarks/strip-unread.py):"; echo; }
    "$TC_BUILD/Benchmarks/benchmark-compare" --peer "$requests/read" "$TC_BUILD/libtournamentcore.so" \
      "$TC_BUILD/Benchmarks/libtcsimdjson.so" 11 | tail -n +4
  fi
  if [ -n "$fixed" ]; then
    mkdir "$requests/fixed"
    cp "$requests"/as-written/*.json "$requests/fixed"
    python3 Benchmarks/empty-arrays.py "$requests/as-written" "$requests/fixed"
    { echo; echo "The workloads beside their small requests with the top-level arrays emptied (Benchmarks/empty-arrays.py):"; echo; }
    "$TC_BUILD/Benchmarks/benchmark-compare" --peer "$requests/fixed" "$TC_BUILD/libtournamentcore.so" \
      "$TC_BUILD/Benchmarks/libtcsimdjson.so" 11 | tail -n +4
  fi
  exit
fi
if [ "${1:-}" = "--against" ]; then
  baseline=${2:?"--against needs the path of the other build's libtournamentcore.so"}
  requests=$(mktemp -d)
  trap 'rm -rf "$requests"' EXIT
  "$TC_BUILD/Benchmarks/benchmark" --quick --all-requests "$requests" > /dev/null
  "$TC_BUILD/Benchmarks/benchmark-compare" "$requests" "$baseline" "$TC_BUILD/libtournamentcore.so" 11
  for library in "$baseline" "$TC_BUILD/libtournamentcore.so"; do
    echo
    "$TC_BUILD/Benchmarks/benchmark-coldstart" "$requests" "$library" "$TC_BUILD/Benchmarks/libtcreference.so"
  done
  exit
fi
output=$(mktemp)
started=$SECONDS
{
  "$TC_BUILD/Benchmarks/benchmark" --requests "$TC_BUILD/benchmark-requests"
  echo
  python3 Benchmarks/bench.py "$TC_BUILD/benchmark-requests" "$TC_BUILD/libtournamentcore.so"
  echo
  "$TC_BUILD/Benchmarks/benchmark" --quick --all-requests "$TC_BUILD/benchmark-all-requests" > /dev/null
  "$TC_BUILD/Benchmarks/benchmark-coldstart" "$TC_BUILD/benchmark-all-requests" "$TC_BUILD/libtournamentcore.so" \
    "$TC_BUILD/Benchmarks/libtcreference.so"
  if [ -e "$TC_BUILD/Benchmarks/libtcsimdjson.so" ] && command -v valgrind > /dev/null; then
    echo
    bash Benchmarks/instructions.sh
  fi
  echo
  python_benchmark "$TC_BUILD/benchmark-all-requests"
  echo
  javascript_benchmark "$TC_BUILD/benchmark-all-requests"
  echo
  javascript_typed_benchmark "$TC_BUILD/benchmark-all-requests"
  echo
  kotlin_benchmark "$TC_BUILD/benchmark-all-requests"
  echo
  elapsed=$((SECONDS - started))
  printf 'The run took %d:%02d.\n' $((elapsed / 60)) $((elapsed % 60))
} | tee "$output"
if [ "${1:-}" = "--write" ]; then
  cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
  kept=$(mktemp)  # (the hand-kept sections, from "Reproducing" on)
  sed -n '/^## Reproducing, and comparing two builds/,$p' "$TC_ROOT/BENCHMARKS.md" > "$kept"
  {
    echo "# Benchmarks"
    echo
    echo "The last run of \`bash Benchmarks/run.sh\` (the command that reproduces it; \`--write\` rewrites"
    echo "this file). Machine: $cpu, $(nproc) cores, $(uname -sr); $(swiftc --version 2>&1 | head -n 1);"
    echo "jansson $(pkg-config --modversion jansson); $(date -u +%Y-%m-%d)."
    echo
    echo "Each workload runs the core and its references alternately, in rounds of about 50 ms; the"
    echo "tables give the median round's time and the median of the rounds' ratios. Ratios from the same"
    echo "run are the figures that count: absolute times move with the machine. Allocations are counted"
    echo "by interposing \`malloc\` in the harness. The references (C + jansson in"
    if [ -e "$TC_BUILD/Benchmarks/libtcsimdjson.so" ]; then
      echo "\`Benchmarks/references.c\`; C++ + simdjson $(pkg-config --modversion simdjson) On-Demand in"
      echo "\`Benchmarks/simdjson_references.cpp\`, built with $("$(sed -n 's/^TC_PEER_CXX:FILEPATH=//p' "$TC_BUILD/CMakeCache.txt")" --version | head -n 1 | sed 's/ (.*//') -O3 -march=native"
      echo "(On-Demand validates only the members it reads: where a request has a malformed member that"
      echo "no rule reads, the core answers INVALID_JSON and the peer does not check);"
    else
      echo "\`Benchmarks/references.c\`; the C++ + simdjson peer was not built: no simdjson here;"
    fi
    echo "Python's \`json\` in \`Benchmarks/bench.py\`) parse, validate, apply the same rules and"
    echo "serialize the same response; the harnesses check that they agree with the core (the C++ peer"
    echo "byte for byte) before timing them."
    echo
    cat "$output"
    if [ -s "$kept" ]; then
      echo
      cat "$kept"
    fi
  } > "$TC_ROOT/BENCHMARKS.md"
  rm -f "$kept"
  python3 "$TC_ROOT/scripts/benchmark-targets.py" --write "$TC_ROOT/README.md"
  echo "wrote BENCHMARKS.md and README's targets"
fi
rm -f "$output"
