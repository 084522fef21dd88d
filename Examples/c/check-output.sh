#!/usr/bin/env bash
# Runs a command and compares its standard output, byte for byte, with an expected file.
#   check-output.sh <expected-file> <command> [arguments...]
set -uo pipefail
expected=$1
shift
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
if ! "$@" > "$actual"; then
  echo "$* failed" >&2
  exit 1
fi
diff -u "$expected" "$actual"
