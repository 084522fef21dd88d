#!/usr/bin/env python3
"""Generates Examples/data/premier-league-2024-25.json: a full 380-match Premier League season in
the football-data.org v4 response format, for the fixtures examples and tests.

The fixture list is made up (a double round robin by the circle method, deterministic), but its
shape is real: 20 clubs with their v4 IDs and crest URLs, 38 matchdays from 16 August 2024 to
May 2025, kick-offs at the usual UK times converted to UTC across both daylight saving
switches, results for the matches played before 1 March 2025 and scheduled ones after.

Run: python3 scripts/generate-season.py
"""
import datetime
import json
import os
import random
import zoneinfo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Examples", "data", "premier-league-2024-25.json")

CLUBS = [
    (57, "Arsenal FC", "ARS"), (58, "Aston Villa FC", "AVL"), (1044, "AFC Bournemouth", "BOU"),
    (402, "Brentford FC", "BRE"), (397, "Brighton & Hove Albion FC", "BHA"), (61, "Chelsea FC", "CHE"),
    (354, "Crystal Palace FC", "CRY"), (62, "Everton FC", "EVE"), (63, "Fulham FC", "FUL"),
    (349, "Ipswich Town FC", "IPS"), (338, "Leicester City FC", "LEI"), (64, "Liverpool FC", "LIV"),
    (65, "Manchester City FC", "MCI"), (66, "Manchester United FC", "MUN"), (67, "Newcastle United FC", "NEW"),
    (351, "Nottingham Forest FC", "NOT"), (340, "Southampton FC", "SOU"), (73, "Tottenham Hotspur FC", "TOT"),
    (563, "West Ham United FC", "WHU"), (76, "Wolverhampton Wanderers FC", "WOL"),
]
LONDON = zoneinfo.ZoneInfo("Europe/London")
PLAYED_BEFORE = datetime.datetime(2025, 3, 1, tzinfo=datetime.timezone.utc)
# Local kick-off slots of a weekend matchday: (day offset from Saturday, hour, minute).
WEEKEND = [(-1, 20, 0), (0, 12, 30), (0, 15, 0), (0, 15, 0), (0, 15, 0), (0, 15, 0), (0, 17, 30),
           (1, 14, 0), (1, 16, 30), (2, 20, 0)]
MIDWEEK = [(0, 19, 30), (0, 19, 30), (0, 19, 30), (0, 20, 0), (0, 20, 0), (1, 19, 30), (1, 19, 30),
           (1, 19, 45), (1, 20, 0), (1, 20, 0)]
BREAKS = {datetime.date(2024, 9, 7), datetime.date(2024, 10, 12), datetime.date(2024, 11, 16),
          datetime.date(2025, 3, 22)}
MIDWEEK_ROUNDS = {datetime.date(2024, 12, 3), datetime.date(2025, 1, 14), datetime.date(2025, 2, 25)}


def round_robin(teams):
    """19 rounds of 10 pairings; each team alternates home and away as far as possible."""
    teams = list(teams)
    rounds = []
    for index in range(len(teams) - 1):
        pairs = []
        for slot in range(len(teams) // 2):
            home, away = teams[slot], teams[-1 - slot]
            if slot == 0 and index % 2 == 1:
                home, away = away, home
            pairs.append((home, away) if (index + slot) % 2 == 0 or slot == 0 else (away, home))
        rounds.append(pairs)
        teams = [teams[0]] + [teams[-1]] + teams[1:-1]
    return rounds


def matchday_dates():
    """38 matchday anchors: Saturdays (weekend rounds) and Tuesdays (midweek rounds)."""
    anchors = []
    day = datetime.date(2024, 8, 17)
    while len(anchors) < 38:
        if day not in BREAKS:
            anchors.append(("weekend", day))
        for midweek in MIDWEEK_ROUNDS:
            if day < midweek <= day + datetime.timedelta(days=7) and len(anchors) < 38:
                anchors.append(("midweek", midweek))
        day += datetime.timedelta(days=7)
    return anchors


def main():
    rng = random.Random(2024)
    first_half = round_robin(CLUBS)
    rounds = first_half + [[(away, home) for home, away in pairs] for pairs in first_half]
    matches = []
    match_id = 497410
    for matchday, ((kind, anchor), pairs) in enumerate(zip(matchday_dates(), rounds), start=1):
        slots = WEEKEND if kind == "weekend" else MIDWEEK
        order = list(range(10))
        rng.shuffle(order)
        for slot_index, pair_index in enumerate(order):
            home, away = pairs[pair_index]
            offset, hour, minute = slots[slot_index]
            local = datetime.datetime.combine(anchor + datetime.timedelta(days=offset), datetime.time(hour, minute), LONDON)
            kickoff = local.astimezone(datetime.timezone.utc)
            played = kickoff < PLAYED_BEFORE
            if played:
                home_goals, away_goals = rng.choice([0, 0, 1, 1, 1, 2, 2, 3, 4]), rng.choice([0, 0, 1, 1, 2, 2, 3])
                winner = "HOME_TEAM" if home_goals > away_goals else "AWAY_TEAM" if away_goals > home_goals else "DRAW"
                half = (min(home_goals, rng.choice([0, 1])), min(away_goals, rng.choice([0, 1])))
            else:
                home_goals = away_goals = winner = None
                half = (None, None)
            matches.append({
                "area": {"id": 2072, "name": "England", "code": "ENG", "flag": "https://crests.football-data.org/770.svg"},
                "competition": {"id": 2021, "name": "Premier League", "code": "PL", "type": "LEAGUE",
                                "emblem": "https://crests.football-data.org/PL.png"},
                "season": {"id": 2287, "startDate": "2024-08-16", "endDate": "2025-05-25", "currentMatchday": 27, "winner": None},
                "id": match_id,
                "utcDate": kickoff.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "status": "FINISHED" if played else "TIMED",
                "matchday": matchday,
                "stage": "REGULAR_SEASON",
                "group": None,
                "lastUpdated": "2025-03-01T08:00:00Z",
                "homeTeam": {"id": home[0], "name": home[1], "shortName": home[1].replace(" FC", ""), "tla": home[2],
                             "crest": "https://crests.football-data.org/%d.png" % home[0]},
                "awayTeam": {"id": away[0], "name": away[1], "shortName": away[1].replace(" FC", ""), "tla": away[2],
                             "crest": "https://crests.football-data.org/%d.png" % away[0]},
                "score": {"winner": winner, "duration": "REGULAR",
                          "fullTime": {"home": home_goals, "away": away_goals},
                          "halfTime": {"home": half[0], "away": half[1]}},
                "odds": {"msg": "Activate Odds-Package in User-Panel to retrieve odds."},
                "referees": [],
            })
            match_id += 1
    matches.sort(key=lambda match: (match["utcDate"], match["id"]))
    response = {
        "filters": {"season": "2024"},
        "resultSet": {"count": len(matches), "first": matches[0]["utcDate"][:10], "last": matches[-1]["utcDate"][:10],
                      "played": sum(1 for match in matches if match["status"] == "FINISHED")},
        "competition": {"id": 2021, "name": "Premier League", "code": "PL", "type": "LEAGUE",
                        "emblem": "https://crests.football-data.org/PL.png"},
        "matches": matches,
    }
    # One match per line: readable, diffable, and a third of an indented file's size.
    head = {key: value for key, value in response.items() if key != "matches"}
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "matches": [\n')
        handle.write(",\n".join(json.dumps(match, ensure_ascii=False) for match in matches))
        handle.write("\n]}\n")
    print("%s: %d matches, %s to %s" % (os.path.relpath(OUTPUT, ROOT), len(matches), response["resultSet"]["first"],
                                        response["resultSet"]["last"]))


if __name__ == "__main__":
    main()
