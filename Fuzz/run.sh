#!/usr/bin/env bash
# Builds the libFuzzer target (FuzzTarget.swift over the library's modules; release,
# AddressSanitizer) and fuzzes tc_call.
#   Fuzz/run.sh [seconds=120] [more libFuzzer options...]
# Exits non-zero when the fuzzer finds a crash, a hang (10 s), a leak or a broken oracle (an
# INTERNAL error, a non-envelope, or different bytes for the same request); the input is saved in
# Fuzz/findings/. The corpus grows in Fuzz/.corpus/ (not committed) from the seeds in
# Fuzz/.seeds/ (made by make-corpus.py from the golden requests and JSONTestSuite).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
seconds=${1:-120}
shift || true
# The library's four modules and the target, compiled with swiftc directly (release, whole
# module, libFuzzer coverage + AddressSanitizer) and linked statically into one executable.
# (SwiftPM 6.3 does not reliably apply --sanitize to a path dependency: its fuzzer ran blind.)
root=$(dirname "$here")
out="$here/.build-fuzz"
rm -rf "$out"
mkdir -p "$out"
flags=(-O -wmo -parse-as-library -sanitize=fuzzer,address -module-cache-path "$out/cache" -I "$out")
for module in TournamentCore TournamentCoreJSON TournamentCoreWire TournamentCoreABI; do
  find "$root/Sources/$module" -name '*.swift' | sort > "$out/$module.sources"
  swiftc "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
    -emit-library -static -o "$out/lib$module.a" @"$out/$module.sources"
done
swiftc "${flags[@]}" -module-name TournamentCoreFuzzer "$here/FuzzTarget.swift" "$here/FuzzMethods.swift" \
  "$out/libTournamentCoreABI.a" "$out/libTournamentCoreWire.a" "$out/libTournamentCoreJSON.a" "$out/libTournamentCore.a" -o "$out/TournamentCoreFuzzer"
# (Read the whole section list first: `readelf | grep -q` under pipefail fails at random when
# grep stops early and readelf dies of SIGPIPE.)
sections=$(readelf -S "$out/TournamentCoreFuzzer")
if [[ $sections != *__sancov_cntrs* ]]; then
  echo "Fuzz/run.sh: the fuzzer is not instrumented for coverage; refusing to fuzz blind." >&2
  exit 1
fi
mkdir -p "$here/.corpus" "$here/findings"
rm -rf "$here/.seeds"
python3 "$here/make-corpus.py" "$here/.seeds"
export SWIFT_BACKTRACE=enable=no   # otherwise libFuzzer writes no crash artifact
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
exec "$out/TournamentCoreFuzzer" "$here/.corpus" "$here/.seeds" \
  -dict="$here/tournamentcore.dict" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="$here/findings/" -print_final_stats=1 "$@"
