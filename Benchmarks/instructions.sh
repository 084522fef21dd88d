#!/usr/bin/env bash
# Instructions per call, and branches the simulated predictor misses, of the core and of the
# C++ + simdjson peer on the workloads they share (callgrind), for reading alongside the timed
# benchmark (Benchmarks/run.sh), never instead of it.
#   bash Benchmarks/instructions.sh
# The peer is built here for x86-64-v3 (AVX2) and PCLMUL rather than -march=native: valgrind
# cannot run AVX-512 code, and stops the peer at its first such instruction (SIGILL) with a
# fraction of its work counted. simdjson's own library picks its AVX2 kernel under valgrind for
# the same reason; its header-inlined On-Demand code takes that kernel only with PCLMUL too
# (x86-64-v3 alone gives its scalar fallback).
# Each count is (a run of N + 1 calls − a run of one) ÷ N: loading the libraries and what a first
# call alone pays (the peer's parser, reused by its thread) are not counted. A run that fails (a
# NULL response, a signal) stops the script with valgrind's output, rather than count half a run.
set -euo pipefail
shopt -s inherit_errexit  # a failed count inside $(...) stops the script too
source "$(dirname "$0")/../scripts/common.sh"
tc_find_swift
tc_require_packages "${TC_PACKAGES[@]}" libsimdjson-dev valgrind >&2
cd "$TC_ROOT"
tc_cmake_build > /dev/null
cxx=$(sed -n 's/^TC_PEER_CXX:FILEPATH=//p' "$TC_BUILD/CMakeCache.txt")
case "$cxx" in *-NOTFOUND | "") cxx=$(command -v clang++ || true) ;; esac
if [ -z "$cxx" ] || ! pkg-config --exists simdjson; then
  echo "instructions.sh: no clang++ or no simdjson here, so no peer to count against" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/call-once" Benchmarks/call_once.c -ldl
peer="$work/libtcsimdjson-avx2.so"
"$cxx" -std=c++17 -O3 -march=x86-64-v3 -mpclmul -ffp-contract=off -fPIC -shared $(pkg-config --cflags simdjson) \
  Benchmarks/simdjson_references.cpp -o "$peer" $(pkg-config --libs simdjson) \
  "-Wl,-rpath,$(pkg-config --variable=libdir simdjson)"
"$TC_BUILD/Benchmarks/benchmark" --quick --all-requests "$work" > /dev/null
core="$TC_BUILD/libtournamentcore.so"

# "Ir mispredicted-conditional-branches" of `call-once ...`; stops the script if the run failed.
counts() {
  if ! valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$work/out" "$work/call-once" "$@" \
    > "$work/log" 2>&1; then
    cat "$work/log" >&2
    exit 1
  fi
  sed -n 's/.*Collected : \([0-9]*\) [0-9]* \([0-9]*\) .*/\1 \2/p' "$work/log"
}

# Per call: "instructions mispredicts", from runs of 1 and calls + 1 calls.
per_call() {
  local library=$1 symbol=$2 request=$3 calls=$4 release=${5:-} one more
  one=$(counts "$library" "$symbol" "$request" 1 ${release:+"$release"})
  more=$(counts "$library" "$symbol" "$request" $((calls + 1)) ${release:+"$release"})
  read -r base_ir base_miss <<< "$one"
  read -r ir miss <<< "$more"
  echo $(( (ir - base_ir) / calls )) $(( (miss - base_miss) / calls ))
}

echo "Instructions per call (callgrind; the peer built for AVX2), and conditional branches its simulated predictor misses"
echo
echo "| workload | core instructions | peer instructions | core ÷ peer | core misses | peer misses |"
echo "|---|---:|---:|---:|---:|---:|"
for method in tournaments.filter guests.check equipment.stats equipment.compare scoring.leaderboard; do
  symbol=${method/./_}
  for size in small large; do
    calls=1000
    [ "$size" = large ] && calls=2
    request="$work/$method.$size.json"
    core_counts=$(per_call "$core" "tc_$symbol" "$request" "$calls" tc_string_free)
    peer_counts=$(per_call "$peer" "simdjson_$symbol" "$request" "$calls")
    read -r core_ir core_miss <<< "$core_counts"
    read -r peer_ir peer_miss <<< "$peer_counts"
    ratio=$(awk -v a="$core_ir" -v b="$peer_ir" 'BEGIN { printf "%.2f", a / b }')
    echo "| $method ($size) | $core_ir | $peer_ir | ${ratio}× | $core_miss | $peer_miss |"
  done
done
