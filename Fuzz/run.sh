#!/usr/bin/env bash
# Builds the libFuzzer target (release, AddressSanitizer) and fuzzes tc_call.
#   Fuzz/run.sh [seconds=120] [more libFuzzer options...]
# Exits non-zero when the fuzzer finds a crash, a hang (10 s), a leak or a broken oracle (an
# INTERNAL error, a non-envelope, or different bytes for the same request); the input is saved in
# Fuzz/findings/. The corpus grows in Fuzz/.corpus/ (not committed) from the seeds in
# Fuzz/.seeds/ (made by make-corpus.py from the golden requests and JSONTestSuite).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
seconds=${1:-120}
shift || true
swift build --package-path "$here" -c release --sanitize=fuzzer --sanitize=address 2>&1 | grep -vE "^\[|ld.gold: warning: Cannot export local symbol" || true
mkdir -p "$here/.corpus" "$here/findings"
rm -rf "$here/.seeds"
python3 "$here/make-corpus.py" "$here/.seeds"
export SWIFT_BACKTRACE=enable=no   # otherwise libFuzzer writes no crash artifact
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
exec "$here/.build/release/TournamentCoreFuzzer" "$here/.corpus" "$here/.seeds" \
  -dict="$here/tournamentcore.dict" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="$here/findings/" -print_final_stats=1 "$@"
