#!/usr/bin/env python3
"""The cross-architecture differential: seeded requests over every method, answered by the native
library, by each cross-built one under qemu-user and by the WebAssembly module under Node, which
must all give the same bytes.

    differential.py --count N --seed S --out DIR  NAME=COMMAND... 

Each NAME=COMMAND is a runner: COMMAND, with REQUESTS and OUTPUT appended, answers the requests
file (one `method<TAB>request` per line) into the output file (one envelope per line): Tests/cross/
batch.c natively or under qemu, Tests/cross/batch.mjs for the module. The first runner is the
reference. A difference fails, naming the runner and the method, and saves the request to
DIR/difference-<runner>-<line>.json.

The requests are made from every golden request and every method's example request, mutated at
random (a value replaced by one of the contract's edge values, a member dropped, one added, an
array element repeated), with `now` set wherever the method reads it, so that the answers depend
on nothing but the request. Generated guest IDs are masked before comparing (they are random by
contract); the repair registry sees the same calls in the same order everywhere.
"""
import argparse
import json
import pathlib
import random
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOW = 1735300000000
GUEST_ID = re.compile(rb'"guest_[A-Za-z0-9]{16}"')

EDGE_VALUES = [
    0, 1, -1, 7, 10, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 1, 2 ** 63 - 1, -(2 ** 63), 0.5, -0.0, 8.0, 1e-7, 1e300, 123456.789,
    "", " ", "x", "t1", "u1", "u2", "\u00e9", "e\u0301", "Archer 2", "guest_Q2xk8ZpR4tYv1NmA", "a/b", "..", "OPEN",
    "completed", "IN_PROGRESS", "CANCELLED", "POSTPONED", "HOME_TEAM", "DRAW", "Europe/London", "America/New_York",
    "2024-08-16T19:00:00Z", "2024-10-27T00:59:59Z", "2025-03-30T01:00:00+01:00", "thirtyDays", "allTime", "skip",
    "\U0001F3AF", "Robin Hood", "  name  ", True, False, None, [], {},
]


def base_requests():
    """(method, request) for every golden request Python's JSON can hold, and every example."""
    bases = []
    for schema_path in sorted((ROOT / "schemas").glob("*.request.schema.json")):
        method = schema_path.name[: -len(".request.schema.json")]
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        reads_now = "now" in schema.get("properties", {})
        requests = [schema["examples"][0]]
        for path in sorted((ROOT / "Tests" / "golden" / method).glob("*.request.json")):
            try:
                request = json.loads(path.read_bytes().decode("utf-8"))
                json.dumps(request, allow_nan=False)
            except ValueError:
                continue  # broken JSON, 1e400: the golden tests' own business
            if isinstance(request, dict):
                requests.append(request)
        for request in requests:
            bases.append((method, request, reads_now))
    return bases


def leaves(value, path=()):
    """Every place in a JSON value: (path, value)."""
    yield path, value
    if isinstance(value, dict):
        for key, member in value.items():
            yield from leaves(member, path + (key,))
    elif isinstance(value, list):
        for index, element in enumerate(value):
            yield from leaves(element, path + (index,))


def mutate(request, rng):
    request = json.loads(json.dumps(request))
    for _ in range(rng.randint(0, 3)):
        places = [place for place in leaves(request) if place[0]]
        if not places:
            break
        path, value = rng.choice(places)
        parent = request
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        action = rng.random()
        if action < 0.6:
            parent[last] = rng.choice(EDGE_VALUES)
        elif action < 0.75 and isinstance(parent, dict):
            del parent[last]
        elif action < 0.85 and isinstance(parent, dict):
            parent["unknown%d" % rng.randint(0, 9)] = rng.choice(EDGE_VALUES)
        elif isinstance(value, list) and value:
            value.append(json.loads(json.dumps(rng.choice(value))))
    return request


def generate(count, seed):
    rng = random.Random(seed)
    bases = base_requests()
    lines = []
    while len(lines) < count:
        method, request, reads_now = rng.choice(bases)
        request = mutate(request, rng) if rng.random() < 0.8 else json.loads(json.dumps(request))
        if not isinstance(request, dict):
            continue
        if reads_now:
            request["now"] = NOW
        text = json.dumps(request, ensure_ascii=False, separators=(",", ":"))
        lines.append("%s\t%s" % (method, text))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("runners", nargs="+", help="NAME=COMMAND")
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    lines = generate(options.count, options.seed)
    requests = options.out / "requests.txt"
    requests.write_text("\n".join(lines) + "\n", encoding="utf-8")
    methods = sorted({line.split("\t", 1)[0] for line in lines})
    print("differential: %d requests over %d methods (seed %d)" % (len(lines), len(methods), options.seed))

    answers = {}
    for runner in options.runners:
        name, command = runner.split("=", 1)
        output = options.out / ("%s.txt" % name)
        started = time.monotonic()
        subprocess.run(command.split() + [str(requests), str(output)], check=True)
        answers[name] = [GUEST_ID.sub(b'"guest_<generated>"', line) for line in output.read_bytes().split(b"\n")[:-1]]
        print("  %s: %d answers in %.1f s" % (name, len(answers[name]), time.monotonic() - started))

    reference_name = options.runners[0].split("=", 1)[0]
    reference = answers[reference_name]
    failed = False
    for name, answer in answers.items():
        if len(answer) != len(lines):
            print("%s answered %d of %d requests" % (name, len(answer), len(lines)), file=sys.stderr)
            failed = True
            continue
        differences = [index for index in range(len(lines)) if answer[index] != reference[index]]
        for index in differences[:5]:
            saved = options.out / ("difference-%s-%d.json" % (name, index + 1))
            saved.write_text(lines[index] + "\n", encoding="utf-8")
            print("%s differs from %s on line %d (%s), saved to %s:\n  %s\n  %s" % (
                name, reference_name, index + 1, lines[index].split("\t", 1)[0], saved,
                reference[index][:300].decode("utf-8", "replace"), answer[index][:300].decode("utf-8", "replace")),
                file=sys.stderr)
        if differences:
            print("%s: %d of %d answers differ" % (name, len(differences), len(lines)), file=sys.stderr)
            failed = True
    if failed:
        return 1
    print("differential: %s identical on all %d requests" % (", ".join(answers), len(lines)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
