#!/usr/bin/env python3
"""Checks the plain-Python peer (Benchmarks/python/peer.py) against the library: every golden
request of its methods (Tests/golden/<method>/) and every benchmark request of a folder, each
answered by both, the results (or the errors' code, message and path) compared. Prints the
requests whose answers differ and exits non-zero when a golden or a benchmark request's does.

    check_peer.py LIBRARY [REQUESTS_DIR] [--fuzz N]

With --fuzz N, also N variations of each small request (benchmark and golden): one value
replaced by another of another type or range, or removed, or set to null; those whose answers
differ are listed (the peer need not name the same first problem of a request with several).
"""
import copy
import json
import os
import pathlib
import random
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "bindings" / "python"))

import peer  # noqa: E402
import tournamentcore  # noqa: E402


def library_answer(core, method, data):
    envelope = json.loads(core.call_text(method, data))
    if envelope["ok"]:
        return ("result", envelope["result"])
    error = envelope["error"]
    return ("error", (error["code"], error["message"], error.get("path")))


def peer_answer(method, request):
    if not isinstance(request, dict):
        return ("error", ("INVALID_JSON", None, None))
    try:
        return ("result", peer.METHODS[method](request))
    except peer.RequestError as error:
        return ("error", (error.code, error.message, error.path))


def compare(core, method, path):
    data = path.read_bytes()
    try:
        request = json.loads(data)
        # What the typed binding sends: the request as the json module writes it.
        data = json.dumps(request, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
    except ValueError:
        return None  # not a Python value (1e400, broken JSON): the typed binding cannot send it
    expected, got = library_answer(core, method, data), peer_answer(method, request)
    if expected[0] == "error" and expected[1][0] == "INVALID_JSON":
        return None
    return None if expected == got else (expected, got)


REPLACEMENTS = [None, True, "", " ", "x", "Archer 2", -1, 0, 1, 10, 11, 8.5, 2.0, 1e300, 2147483648, 9223372036854775808,
                [], {}, [1], {"a": 1}, "IN_PROGRESS", "guest_0123456789abcdef", "a/b", "..", "__x__", "2024-02-30T00:00:00Z",
                "2024-08-16T23:30:00+01:00", "HOME_TEAM", "DRAW", "skip", "all", "completed", "allTime", "Europe/Paris"]


def places(value, path=()):
    """Every (container, key) of a request's values."""
    if isinstance(value, dict):
        for key in value:
            yield value, key
            yield from places(value[key])
    elif isinstance(value, list):
        for index in range(len(value)):
            yield value, index
            yield from places(value[index])


def fuzz(core, method, request, count, generator):
    differing = []
    for _ in range(count):
        variant = copy.deepcopy(request)
        spots = list(places(variant))
        if not spots:
            return differing
        container, key = generator.choice(spots)
        if isinstance(container, dict) and generator.random() < 0.2:
            del container[key]
        else:
            container[key] = copy.deepcopy(generator.choice(REPLACEMENTS))
        data = json.dumps(variant, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        expected, got = library_answer(core, method, data), peer_answer(method, variant)
        if expected != got and not (expected[0] == "error" and expected[1][0] == "INVALID_JSON"):
            differing.append((data, expected, got))
    return differing


def main():
    fuzzing = 0
    if "--fuzz" in sys.argv:
        at = sys.argv.index("--fuzz")
        fuzzing = int(sys.argv[at + 1])
        del sys.argv[at:at + 2]
    core = tournamentcore.Library(sys.argv[1])
    failed = 0
    if fuzzing:
        generator = random.Random(70)
        for method in peer.METHODS:
            sources = sorted((ROOT / "Tests" / "golden" / method).glob("*.request.json"))
            if len(sys.argv) > 2:
                sources += sorted(pathlib.Path(sys.argv[2]).glob(method + ".small.json"))
            differing, tried = [], 0
            for source in sources:
                try:
                    request = json.loads(source.read_bytes())
                    json.dumps(request, allow_nan=False)
                except ValueError:
                    continue
                if isinstance(request, dict) and len(source.read_bytes()) < 4096:
                    tried += fuzzing
                    differing += fuzz(core, method, request, fuzzing, generator)
            print("%s: %d variations, %d answered otherwise" % (method, tried, len(differing)))
            for data, expected, got in differing[:8]:
                print("  %s\n    library: %s\n    peer:    %s" % (data[:300].decode("utf-8", "replace"), str(expected)[:300], str(got)[:300]))
    for method in peer.METHODS:
        folder = ROOT / "Tests" / "golden" / method
        cases = sorted(folder.glob("*.request.json"))
        differing = [(case, compare(core, method, case)) for case in cases]
        differing = [(case, answer) for case, answer in differing if answer]
        print("%s: %d golden requests, %d answered otherwise" % (method, len(cases), len(differing)))
        failed += len(differing)
        for case, (expected, got) in differing:
            print("  %s\n    library: %s\n    peer:    %s" % (case.name, str(expected)[:300], str(got)[:300]))
    if len(sys.argv) > 2:
        for name in sorted(os.listdir(sys.argv[2])):
            method = name.rsplit(".", 2)[0]
            if method not in peer.METHODS:
                continue
            answer = compare(core, method, pathlib.Path(sys.argv[2]) / name)
            print("benchmark %s: %s" % (name, "same answer" if answer is None else "DIFFERS"))
            if answer:
                failed += 1
                print("    library: %s\n    peer:    %s" % (str(answer[0])[:600], str(answer[1])[:600]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
