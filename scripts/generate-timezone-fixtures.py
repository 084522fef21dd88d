#!/usr/bin/env python3
"""Generates Tests/data/timezone-offsets.txt: UTC offsets computed by Python's zoneinfo (an
independent reading of the system's tzdata) for every zone of the embedded database, at fixed
instants from 1900 to 2099, on both sides of each offset change in 2025 and in 2045 (when
only the zone's POSIX rule applies), and mid-January and mid-July from 1970 to 2037 where the
offset differs from the sample before. The Swift tests compare IANATimeZone with it.

Line format: <zone> <instant>:<offset> ...  (seconds since the epoch : seconds east of UTC)
Run with the same tzdata release as scripts/generate-timezones.py.
"""
import calendar
import datetime
import os
import zoneinfo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXED = ["1900-01-01T00:00:00", "1950-06-15T12:00:00", "1970-01-01T00:00:00", "1990-07-01T00:00:00",
         "2000-01-01T00:00:00", "2030-07-01T00:00:00", "2037-12-31T23:59:59", "2040-03-25T12:00:00",
         "2060-10-30T00:30:00", "2099-12-31T23:59:59"]


def offset(zone, instant):
    return int(datetime.datetime.fromtimestamp(instant, zone).utcoffset().total_seconds())


def changes(zone, year):
    """Instants (to the second) at which the offset changes during `year`."""
    start = calendar.timegm((year, 1, 1, 0, 0, 0))
    end = calendar.timegm((year + 1, 1, 1, 0, 0, 0))
    found = []
    previous = offset(zone, start)
    for hour in range(start + 3600, end + 1, 3600):
        current = offset(zone, hour)
        if current != previous:
            low, high = hour - 3600, hour  # offset(low) == previous, offset(high) == current
            while high - low > 1:
                middle = (low + high) // 2
                if offset(zone, middle) == previous:
                    low = middle
                else:
                    high = middle
            found.append(high)
            previous = current
    return found


def seasons(zone):
    """Mid-January and mid-July of every year from 1970 to 2037, where the offset is not the one
    at the sample before: each period of a zone's history that a season reaches is checked once
    (a zone whose rules changed on a date its offset did not is where a reading goes wrong)."""
    found, previous = [], None
    for year in range(1970, 2038):
        for month in (1, 7):
            instant = calendar.timegm((year, month, 15, 12, 0, 0))
            current = offset(zone, instant)
            if current != previous:
                found.append(instant)
                previous = current
    return found


def main():
    source = "/usr/share/zoneinfo/tzdata.zi"
    with open(source, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    zones = {l.split()[1] for l in lines if l.startswith("Z ")}
    names = sorted(zones | {l.split()[2] for l in lines if l.startswith("L ")})
    fixed = [calendar.timegm(datetime.datetime.fromisoformat(text).timetuple()) for text in FIXED]
    out = []
    for name in names:
        zone = zoneinfo.ZoneInfo(name)
        instants = list(fixed)
        for year in (2025, 2045):
            for change in changes(zone, year):
                instants += [change - 1, change]
        if name in zones:  # a link's rules are its zone's
            instants += seasons(zone)
        out.append(name + " " + " ".join("%d:%d" % (t, offset(zone, t)) for t in instants))
    path = os.path.join(ROOT, "Tests", "data", "timezone-offsets.txt")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")
    print("%s: %d zones" % (os.path.relpath(path, ROOT), len(out)))


if __name__ == "__main__":
    main()
