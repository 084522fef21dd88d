#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus: every golden request and every method's example request (also
with a NUL byte inside it), prefixed with the byte that selects its method, and every
JSONTestSuite file, for library.info and for tournaments.filter.
   make-corpus.py <output folder>"""
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import tccontract  # noqa: E402  (the registry's order: FuzzMethods.swift is generated from it)

CONTRACT = tccontract.load()
METHODS = [method.name for method in CONTRACT.methods]


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
    write(folder, bytes([len(METHODS)]) + b"no.such.method\n{}")
    count += 1
    for method in METHODS:  # each example request, and again with a NUL inside it (tc_call_n's case)
        example = json.dumps(CONTRACT.method(method).example_request, ensure_ascii=False).encode("utf-8")
        write(folder, bytes([METHODS.index(method)]) + example)
        write(folder, bytes([METHODS.index(method)]) + example[:-1] + b"\x00}")
        count += 2
    print("seed corpus: %d inputs in %s" % (count, folder))


if __name__ == "__main__":
    main()
