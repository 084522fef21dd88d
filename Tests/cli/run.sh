#!/usr/bin/env bash
# The command-line tool's contract: exit 0 for ok, 1 for an error envelope, 2 for usage errors;
# --list, --pretty, --version, reading a file or standard input.
#   run.sh <tournament-core>
set -uo pipefail
tool=$1
failures=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

expect() { # expect <description> <expected-status> <command...>
  local description=$1 expected=$2
  shift 2
  "$@" > "$work/out" 2> "$work/err"
  local status=$?
  if [ "$status" -ne "$expected" ]; then
    echo "FAIL: $description: exit $status, expected $expected" >&2
    cat "$work/out" "$work/err" >&2
    failures=$((failures + 1))
  fi
}

echo '{}' > "$work/empty.json"
echo '{"tournaments":[{"id":1}]}' > "$work/bad.json"

expect "ok response from a file" 0 "$tool" library.info "$work/empty.json"
grep -q '^{"ok":true,"result":{"name":"TournamentCore"' "$work/out" || { echo "FAIL: compact output" >&2; failures=$((failures + 1)); }
expect "ok response from standard input" 0 sh -c "echo '{}' | '$tool' library.info"
expect "ok response from '-'" 0 sh -c "echo '{}' | '$tool' library.info -"
expect "error envelope" 1 "$tool" tournaments.filter "$work/bad.json"
grep -q '"path":"\$.tournaments\[0\].id"' "$work/out" || { echo "FAIL: error path" >&2; failures=$((failures + 1)); }
expect "unknown method" 1 "$tool" no.such.method "$work/empty.json"
expect "invalid JSON" 1 sh -c "echo '{' | '$tool' library.info"
expect "missing method" 2 "$tool"
expect "unknown option" 2 "$tool" --bogus
expect "missing file" 2 "$tool" library.info "$work/does-not-exist.json"
grep -q "cannot open .*does-not-exist.json: No such file or directory" "$work/err" || { echo "FAIL: the reason a file cannot be opened" >&2; failures=$((failures + 1)); }
grep -q "usage:" "$work/err" && { echo "FAIL: a file error is not a usage error" >&2; failures=$((failures + 1)); }
expect "unknown method, with a hint" 1 "$tool" no.such.method "$work/empty.json"
grep -q -- "--list" "$work/err" || { echo "FAIL: no hint to --list for an unknown method" >&2; failures=$((failures + 1)); }
# A terminal on standard input and no file: usage at once, not a silent wait (script(1) gives the
# tool a terminal; skipped where it is missing).
if command -v script > /dev/null; then
  expect "no request on a terminal" 2 timeout 10 script -qec "'$tool' library.info < /dev/tty" /dev/null
  grep -q "no request" "$work/out" || { echo "FAIL: no usage for a terminal on standard input" >&2; cat "$work/out" >&2; failures=$((failures + 1)); }
fi
expect "too many arguments" 2 "$tool" library.info a b
expect "--list" 0 "$tool" --list
grep -qx 'tournaments.filter' "$work/out" || { echo "FAIL: --list" >&2; failures=$((failures + 1)); }
expect "--version" 0 "$tool" --version
grep -qE '^[0-9]+\.[0-9]+\.[0-9]+$' "$work/out" || { echo "FAIL: --version" >&2; failures=$((failures + 1)); }
expect "--pretty" 0 "$tool" --pretty library.info "$work/empty.json"
grep -q '^  "ok": true,$' "$work/out" || { echo "FAIL: --pretty" >&2; failures=$((failures + 1)); }
expect "--help" 0 "$tool" --help

# guests.generateId reads the system's generator once per call, whatever the count: the
# getrandom calls of a process generating 1, 50 or 10,000 IDs, less those of a process that
# generates none (the runtime's own at start-up), is exactly 1. Counted with strace; said and
# skipped where strace is missing, cannot trace (no ptrace in some containers), or sees no
# getrandom at all (a C library that serves it without a system call).
getrandom_calls() { # getrandom_calls <method> <request>: the count, or nothing when strace fails
  echo "$2" > "$work/random.json"
  strace -f -e trace=getrandom -o "$work/strace" "$tool" "$1" "$work/random.json" > /dev/null 2> "$work/strace.err" \
    && grep -c "getrandom(" "$work/strace"
}
if ! command -v strace > /dev/null; then
  echo "cli: no strace: the getrandom count of guests.generateId is not checked"
elif ! baseline=$(getrandom_calls library.info '{}') || [ "$baseline" -eq 0 ]; then
  echo "cli: strace cannot count getrandom here: the getrandom count of guests.generateId is not checked"
else
  for count in 1 50 10000; do
    calls=$(( $(getrandom_calls guests.generateId "{\"count\":$count}") - baseline ))
    if [ "$calls" -ne 1 ]; then
      echo "FAIL: guests.generateId with count $count made $calls getrandom calls (exactly 1 expected)" >&2
      failures=$((failures + 1))
    fi
  done
fi

if [ "$failures" -ne 0 ]; then
  echo "cli: $failures failures" >&2
  exit 1
fi
echo "cli: ok"
