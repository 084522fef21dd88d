#!/usr/bin/env python3
"""Generates Examples/data/equipment-rounds.json: rounds of three bow setups (two with 9 to 12
rounds of 30 arrows with impact coordinates, one without data), for the equipment comparison
example. Deterministic (seeded); scores follow from the simulated impact points.

Run: python3 scripts/generate-equipment-sample.py
"""
import json
import os
import random

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Examples", "data", "equipment-rounds.json")
DAY = 86400000
NOW = 1733000000000
rng = random.Random(7)


def rounds(prefix, skill, drift, count):
    out = []
    for index in range(count):
        arrows = []
        for _ in range(30):
            x = rng.gauss(drift[0], 0.28 - skill * 0.1)
            y = rng.gauss(drift[1], 0.28 - skill * 0.1)
            radius = (x * x + y * y) ** 0.5
            score = max(0, 10 - int(radius * 10))
            arrow = {"score": score}
            if score == 10 and radius < 0.05:
                arrow["isX"] = True
            arrow["x"] = round(x, 3)
            arrow["y"] = round(y, 3)
            arrows.append(arrow)
        out.append({"id": "%s-%d" % (prefix, index + 1), "date": NOW - (index * 5 + 1) * DAY, "arrows": arrows})
    return out


def main():
    setups = [
        {"id": 1, "name": "Hoyt Formula X", "rounds": rounds("hoyt", 0.55, (0.04, -0.02), 12)},
        {"id": 2, "name": "Win&Win Wiawis", "rounds": rounds("wiawis", 0.7, (-0.01, 0.03), 9)},
        {"id": 3, "name": "", "rounds": []},
    ]
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write('{"now": %d, "setups": [\n' % NOW)
        parts = []
        for setup in setups:
            rows = ",\n   ".join(json.dumps(r, separators=(",", ":")) for r in setup["rounds"])
            parts.append(' {"id": %d, "name": %s, "rounds": [\n   %s]}' % (setup["id"], json.dumps(setup["name"]), rows))
        handle.write(",\n".join(parts) + "\n]}\n")
    print(os.path.relpath(OUTPUT, ROOT))


if __name__ == "__main__":
    main()
