#!/usr/bin/env python3
"""Generates Sources/TournamentCore/TimeZones/TimeZoneData.swift: the IANA time zone database
embedded in the library, so that every platform converts kick-off times with the same rules and no
host needs tzdata installed.

Input: the tzdata source that Debian's `tzdata` package installs as /usr/share/zoneinfo/tzdata.zi
(or a path given as the first argument), compiled with `zic -b slim` (Debian's libc-bin). For each
zone and link, the compact format keeps only what the core needs: the UTC offsets in force, the
instants at which the offset changes, and the POSIX TZ rule that continues after the last change.

Format (all integers LEB128 varints; signed ones zigzag-encoded):
  "TCTZ" 1
  zoneCount, then per zone:
    offsetCount, offsets (signed seconds east of UTC), initialOffsetIndex,
    transitionCount, transitions (first time signed absolute, then unsigned deltas; each followed
    by its offset index), footerLength, footer (ASCII)
  nameCount, then per name (sorted by UTF-8 bytes): nameLength, name, zoneIndex

Run: python3 scripts/generate-timezones.py [tzdata.zi]
"""
import base64
import os
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Sources", "TournamentCore", "TimeZones", "TimeZoneData.swift")


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def zigzag(value):
    return (value << 1) if value >= 0 else ((-value << 1) - 1)


def parse_tzif(data):
    """(transitions [(time, utoff)], initial utoff, footer) from a TZif v2+ file."""
    def header(offset):
        assert data[offset:offset + 4] == b"TZif", "not a TZif file"
        counts = struct.unpack(">6l", data[offset + 20:offset + 44])
        return counts  # isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt

    isut, isstd, leap, timecnt, typecnt, charcnt = header(0)
    v1 = 44 + timecnt * 5 + typecnt * 6 + charcnt + leap * 8 + isstd + isut
    isut, isstd, leap, timecnt, typecnt, charcnt = header(v1)
    body = v1 + 44
    times = struct.unpack(">%dq" % timecnt, data[body:body + timecnt * 8])
    body += timecnt * 8
    indices = data[body:body + timecnt]
    body += timecnt
    types = [struct.unpack(">lBB", data[body + i * 6:body + i * 6 + 6]) for i in range(typecnt)]
    body += typecnt * 6 + charcnt + leap * 12 + isstd + isut
    footer = data[body:].strip(b"\n").decode("ascii")
    initial = types[0][0]
    transitions = []
    current = initial
    for position, (time, index) in enumerate(zip(times, indices)):
        offset = types[index][0]
        # Only the UTC offset matters to the core, so a transition that keeps it is dropped; but
        # the last one stays whatever it changes: the footer's rule starts there, not before (a
        # zone moved to another rule on a date its offset did not change, as Indiana/Petersburg's
        # CDT to EST in November 2007, follows its old rules until then).
        if offset != current or position == len(times) - 1:
            transitions.append((time, offset))
            current = offset
    return transitions, initial, footer


def encode_zone(transitions, initial, footer):
    offsets = [initial]
    for _, offset in transitions:
        if offset not in offsets:
            offsets.append(offset)
    out = bytearray(varint(len(offsets)))
    for offset in offsets:
        out += varint(zigzag(offset))
    out += varint(offsets.index(initial))
    out += varint(len(transitions))
    previous = None
    for time, offset in transitions:
        out += varint(zigzag(time)) if previous is None else varint(time - previous)
        out += varint(offsets.index(offset))
        previous = time
    footer_bytes = footer.encode("ascii")
    out += varint(len(footer_bytes)) + footer_bytes
    return bytes(out)


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/zoneinfo/tzdata.zi"
    with open(source, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    version = next(line.split()[-1] for line in lines if line.startswith("# version"))
    zones = sorted(line.split()[1] for line in lines if line.startswith("Z "))
    links = {line.split()[2]: line.split()[1] for line in lines if line.startswith("L ")}

    with tempfile.TemporaryDirectory() as compiled:
        subprocess.run(["zic", "-b", "slim", "-d", compiled, source], check=True)
        encoded = {}
        for zone in zones:
            with open(os.path.join(compiled, zone), "rb") as handle:
                encoded[zone] = encode_zone(*parse_tzif(handle.read()))

    unique = []
    index_of = {}
    for zone in zones:
        if encoded[zone] not in index_of:
            index_of[encoded[zone]] = len(unique)
            unique.append(encoded[zone])
    names = {zone: index_of[encoded[zone]] for zone in zones}
    for link, target in links.items():
        while target in links:
            target = links[target]
        names[link] = names[target]

    blob = bytearray(b"TCTZ") + varint(1) + varint(len(unique))
    for zone in unique:
        blob += zone
    blob += varint(len(names))
    for name in sorted(names, key=lambda n: n.encode("utf-8")):
        raw = name.encode("utf-8")
        blob += varint(len(raw)) + raw + varint(names[name])

    text = base64.b64encode(bytes(blob)).decode("ascii")
    rows = [text[i:i + 100] for i in range(0, len(text), 100)]
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write("// Generated by scripts/generate-timezones.py from IANA tzdata %s. Do not edit.\n" % version)
        handle.write("// %d zones and links sharing %d distinct rule sets, %d bytes.\n\n" % (len(names), len(unique), len(blob)))
        handle.write("extension TimeZoneDatabase {\n")
        handle.write("    /// The IANA tzdata release the embedded rules come from.\n")
        handle.write('    public static let version = "%s"\n\n' % version)
        handle.write("    /// The rules, base64 of the compact format described in the generator.\n")
        handle.write('    static let encoded = """\n')
        for row in rows:
            handle.write("        %s\n" % row)
        handle.write('        """\n}\n')
    print("%s: tzdata %s, %d names, %d rule sets, %d bytes (%d base64)" % (
        os.path.relpath(OUTPUT, ROOT), version, len(names), len(unique), len(blob), len(text)))


if __name__ == "__main__":
    main()
