#!/usr/bin/env bash
# Instructions per call, and branches the simulated predictor misses, of the core and of the
# C++ + simdjson peer on the workloads they share (callgrind), for reading alongside the timed
# benchmark (Benchmarks/run.sh), never instead of it.
#   bash Benchmarks/instructions.sh
# The peer is built here for x86-64-v3 (AVX2) rather than -march=native: valgrind cannot run
# AVX-512 code, and stops the peer at its first such instruction (SIGILL) with a fraction of its
# work counted. simdjson's own library picks its AVX2 kernel under valgrind for the same reason.
# Each count is (a run of N calls − a run of none) ÷ N, so loading the libraries is not counted.
set -euo pipefail
source "$(dirname "$0")/../scripts/common.sh"
tc_find_swift
tc_require_packages "${TC_PACKAGES[@]}" libsimdjson-dev valgrind
cd "$TC_ROOT"
tc_cmake_build > /dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/call-once" Benchmarks/call_once.c -ldl
cxx=$(sed -n 's/^TC_PEER_CXX:FILEPATH=//p' "$TC_BUILD/CMakeCache.txt")
peer="$work/libtcsimdjson-avx2.so"
"${cxx:-clang++}" -std=c++17 -O3 -march=x86-64-v3 -ffp-contract=off -fPIC -shared \
  $(pkg-config --cflags simdjson) Benchmarks/simdjson_references.cpp -o "$peer" $(pkg-config --libs simdjson)
"$TC_BUILD/Benchmarks/benchmark" --quick --all-requests "$work" > /dev/null
core="$TC_BUILD/libtournamentcore.so"

# Ir and simulated mispredicted conditional branches of `call-once ... COUNT`.
counts() {
  valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$work/out" "$work/call-once" "$@" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\) [0-9]* \([0-9]*\) .*/\1 \2/p'
}

# Per call: "instructions mispredicts".
per_call() {
  local library=$1 symbol=$2 request=$3 calls=$4 release=${5:-}
  read -r base_ir base_miss < <(counts "$library" "$symbol" "$request" 0 $release)
  read -r ir miss < <(counts "$library" "$symbol" "$request" "$calls" $release)
  echo $(( (ir - base_ir) / calls )) $(( (miss - base_miss) / calls ))
}

echo "Instructions per call (callgrind; the peer built for AVX2), and conditional branches its simulated predictor misses"
echo
echo "| workload | core instructions | peer instructions | core ÷ peer | core misses | peer misses |"
echo "|---|---:|---:|---:|---:|---:|"
for method in tournaments.filter guests.check equipment.stats; do
  symbol=${method/./_}
  for size in small large; do
    calls=1000
    [ "$size" = large ] && calls=2
    request="$work/$method.$size.json"
    read -r core_ir core_miss < <(per_call "$core" "tc_$symbol" "$request" "$calls" tc_string_free)
    read -r peer_ir peer_miss < <(LD_LIBRARY_PATH="$TC_BUILD" per_call "$peer" "simdjson_$symbol" "$request" "$calls")
    ratio=$(awk -v a="$core_ir" -v b="$peer_ir" 'BEGIN { printf "%.2f", a / b }')
    echo "| $method ($size) | $core_ir | $peer_ir | ${ratio}× | $core_miss | $peer_miss |"
  done
done
