#!/usr/bin/env python3
"""A short tour of TournamentCore from Python: the tournament tabs of the sample data, a guest,
and the next fixtures of the sample season in New York time.

    python3 Examples/python/example.py [path/to/libtournamentcore.so]

with the package installed (`pip install .`), or from a checkout with
PYTHONPATH=bindings/python and the built library's path as the argument.
"""
import json
import os
import sys

import tournamentcore

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data")

core = tournamentcore.Library(sys.argv[1] if len(sys.argv) > 1 else None)
print("TournamentCore", core.version)

with open(os.path.join(DATA, "tournaments.json"), encoding="utf-8") as handle:
    tournaments = json.load(handle)["tournaments"]
for tab in ("active", "completed"):
    listing = core.tournaments_filter({"tournaments": tournaments, "tab": tab})
    print("\n" + listing["labels"][tab])
    for tournament in listing["tournaments"]:
        print("  %-22s %s" % (tournament["name"], tournament["location"] or "-"))

print()
try:
    core.guests_add({"tournament": {"id": "t-101", "status": "OPEN"}, "currentUserId": "u-robin", "name": "Little John"})
except tournamentcore.TournamentCoreError as error:
    print("Adding a guest to an open tournament: %s (%s)" % (error.message, error.code))

with open(os.path.join(DATA, "premier-league-2024-25.json"), encoding="utf-8") as handle:
    matches = json.load(handle)["matches"]
schedule = core.matches_sections({"matches": matches, "timeZone": "America/New_York"})
upcoming = [s for s in schedule["sections"] if s["date"] >= "2025-03-09"][:1]
for section in upcoming:
    print("\nFixtures on %s (New York time)" % section["title"])
    for match in section["matches"]:
        print("  %s  %s - %s" % (match["statusText"], match["homeTeam"], match["awayTeam"]))
