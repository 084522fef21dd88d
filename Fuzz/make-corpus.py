#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus: every golden request, prefixed with the byte that selects its
method, and every JSONTestSuite file, for library.info and for tournaments.filter.
   make-corpus.py <output folder>"""
import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METHODS = ["library.info", "tournaments.filter", "participants.resolve", "participants.displayName",
           "participants.repairBegin", "participants.repairEnd", "guests.check", "guests.add", "guests.generateId",
           "guests.validateId", "equipment.stats", "equipment.compare", "equipment.selection", "equipment.timeRanges",
           "scoring.leaderboard", "matches.sections", "matches.favorite", "matches.reconcileFavorites"]


def write(folder, data):
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as handle:
        handle.write(data)


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    count = 0
    golden = os.path.join(ROOT, "Tests", "golden")
    for method in sorted(os.listdir(golden)):
        for name in sorted(os.listdir(os.path.join(golden, method))):
            if name.endswith(".request.json"):
                with open(os.path.join(golden, method, name), "rb") as handle:
                    write(folder, bytes([METHODS.index(method)]) + handle.read())
                count += 1
    suite = os.path.join(ROOT, "Tests", "data", "JSONTestSuite", "test_parsing")
    for name in sorted(os.listdir(suite)):
        with open(os.path.join(suite, name), "rb") as handle:
            data = handle.read()
        for selector in (0, 1):
            write(folder, bytes([selector]) + data)
            count += 1
    write(folder, bytes([18]) + b"no.such.method\n{}")
    print("seed corpus: %d inputs in %s" % (count + 1, folder))


if __name__ == "__main__":
    main()
