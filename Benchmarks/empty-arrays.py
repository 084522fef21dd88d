#!/usr/bin/env python3
"""Writes each small workload's request with its top-level arrays emptied: what a call costs
before its first element.

    python3 Benchmarks/empty-arrays.py REQUESTS_DIR OUT_DIR

REQUESTS_DIR holds the benchmark's workloads (`benchmark --all-requests DIR`: METHOD.SIZE.json).
Each METHOD.small.json with a non-empty array among its top-level members is written to OUT_DIR
as METHOD.empty.json with every such array empty ([]), its other members as they were (numbers
keep their text, strings are written again: Benchmarks/strip-unread.py's `workloads` and
`text`). `run.sh --peer --fixed` times the core against the C++ + simdjson peer on these: with
the small and large workloads, the cost of a call apart from its elements, and of an element in
a short request and in a long one.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("strip_unread", os.path.join(HERE, "strip-unread.py"))
strip_unread = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(strip_unread)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, destination = sys.argv[1], sys.argv[2]
    os.makedirs(destination, exist_ok=True)
    for name, _, request in strip_unread.workloads(source):
        if not name.endswith(".small.json") or not isinstance(request, dict) \
                or not any(isinstance(value, list) and value for value in request.values()):
            continue
        emptied = {key: [] if isinstance(value, list) else value for key, value in request.items()}
        with open(os.path.join(destination, name[: -len(".small.json")] + ".empty.json"), "w", encoding="utf-8") as handle:
            handle.write(strip_unread.text(emptied))


if __name__ == "__main__":
    main()
