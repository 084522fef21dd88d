import Testing
import TestFiles
@testable import TournamentCore

/// `Tests/data/timezone-offsets.txt`: offsets computed by Python's zoneinfo from the same tzdata.
private let fixtures: [(zone: String, samples: [(instant: Int64, offset: Int)])] = {
    guard let text = repositoryFile("Tests/data/timezone-offsets.txt") else { return [] }
    return text.split(separator: "\n").map { line in
        let fields = line.split(separator: " ")
        let samples = fields.dropFirst().compactMap { field -> (Int64, Int)? in
            let parts = field.split(separator: ":")
            guard parts.count == 2, let instant = Int64(parts[0]), let offset = Int(parts[1]) else { return nil }
            return (instant, offset)
        }
        return (String(fields[0]), samples)
    }
}()

private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int64 {
    CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
}

@Suite("IANATimeZone")
struct IANATimeZoneTests {
    @Test("every zone agrees with Python's zoneinfo at every sampled instant, 1900 to 2099")
    func agreesWithZoneinfo() throws {
        try #require(fixtures.count == 598, "Tests/data/timezone-offsets.txt is missing or incomplete")
        var mismatches: [String] = []
        for (zone, samples) in fixtures {
            guard let timeZone = IANATimeZone(identifier: zone) else {
                mismatches.append("\(zone): unknown")
                continue
            }
            for (instant, offset) in samples where timeZone.secondsFromUTC(at: instant) != offset {
                mismatches.append("\(zone) at \(instant): \(timeZone.secondsFromUTC(at: instant)) != \(offset)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(10))")
    }

    @Test("offsets asked in a row, the last year's transitions kept (ZoneOffsets), are the offsets asked one by one, in any order")
    func offsetsInARowAgree() throws {
        try #require(fixtures.count == 598)
        var generator = SeededGenerator()
        var mismatches: [String] = []
        for (zone, samples) in fixtures {
            let timeZone = try #require(IANATimeZone(identifier: zone))
            // In order (years repeat, then move on), shuffled (years change at every step), and
            // a season's instants a few hours apart across the years' transitions.
            var instants = samples.map(\.instant)
            instants += instants.shuffled(using: &generator)
            for year in [2024, 2031, 2099] {
                instants += stride(from: utc(year, 1, 1), to: utc(year + 1, 1, 1), by: 7 * 3600 + 13).map { $0 }
            }
            var offsets = ZoneOffsets(timeZone)
            for instant in instants where offsets.secondsFromUTC(at: instant) != timeZone.secondsFromUTC(at: instant) {
                mismatches.append("\(zone) at \(instant)")
            }
        }
        let count = mismatches.count
        #expect(count == 0, "first: \(mismatches.prefix(10))")
    }

    @Test("the database lists exactly the fixture zones")
    func identifiers() {
        #expect(TimeZoneDatabase.identifiers == fixtures.map(\.zone).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(TimeZoneDatabase.version == "2025b")
    }

    @Test("Europe/London switches at 01:00 UTC on the last Sundays of March and October")
    func london() throws {
        let london = try #require(IANATimeZone(identifier: "Europe/London"))
        #expect(london.secondsFromUTC(at: utc(2024, 3, 31, 0, 59, 59)) == 0)
        #expect(london.secondsFromUTC(at: utc(2024, 3, 31, 1)) == 3600)
        #expect(london.secondsFromUTC(at: utc(2024, 10, 27, 0, 59, 59)) == 3600)
        #expect(london.secondsFromUTC(at: utc(2024, 10, 27, 1)) == 0)
        // Beyond the recorded history: the POSIX rule.
        #expect(london.secondsFromUTC(at: utc(2071, 3, 29, 0, 59, 59)) == 0)
        #expect(london.secondsFromUTC(at: utc(2071, 3, 29, 1)) == 3600)
    }

    @Test("America/New_York switches at 2:00 local on the second Sunday of March and the first of November")
    func newYork() throws {
        let newYork = try #require(IANATimeZone(identifier: "America/New_York"))
        #expect(newYork.secondsFromUTC(at: utc(2024, 3, 10, 6, 59, 59)) == -5 * 3600)
        #expect(newYork.secondsFromUTC(at: utc(2024, 3, 10, 7)) == -4 * 3600)
        #expect(newYork.secondsFromUTC(at: utc(2024, 11, 3, 5, 59, 59)) == -4 * 3600)
        #expect(newYork.secondsFromUTC(at: utc(2024, 11, 3, 6)) == -5 * 3600)
    }

    @Test("southern hemisphere and half-hour zones follow their rules")
    func otherZones() throws {
        let sydney = try #require(IANATimeZone(identifier: "Australia/Sydney"))
        #expect(sydney.secondsFromUTC(at: utc(2050, 1, 15)) == 11 * 3600)
        #expect(sydney.secondsFromUTC(at: utc(2050, 7, 15)) == 10 * 3600)
        #expect(try #require(IANATimeZone(identifier: "Asia/Kolkata")).secondsFromUTC(at: utc(2024, 1, 1)) == 19800)
        #expect(try #require(IANATimeZone(identifier: "US/Eastern")).secondsFromUTC(at: utc(2024, 7, 1)) == -4 * 3600)
        #expect(IANATimeZone.utc.secondsFromUTC(at: utc(2024, 7, 1)) == 0)
    }

    @Test("unknown names, and names in the wrong case, are not zones", arguments: ["Nope/Zone", "", "europe/london", "Europe/London ", "EUROPE/LONDON", "../etc/passwd"])
    func unknown(name: String) {
        #expect(IANATimeZone(identifier: name) == nil)
    }
}

@Suite("CivilDate")
struct CivilDateTests {
    @Test("days since the epoch round-trip, leap years and weekdays")
    func roundTrip() {
        for days in stride(from: Int64(-800_000), through: 3_000_000, by: 997) {
            #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(CivilDate(daysSinceEpoch: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(year: 2024, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2023, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 1900, month: 2, day: 29).isValid)
        #expect(CivilDate(year: 2000, month: 2, day: 29).isValid)
        #expect(CivilDate(year: 1970, month: 1, day: 1).weekday == 4)  // Thursday
        #expect(CivilDate(year: 2024, month: 8, day: 16).weekday == 5)  // Friday
        #expect(CivilDate(year: 1969, month: 12, day: 28).weekday == 0)  // Sunday
    }
}

@Suite("Extreme instants")
struct ExtremeInstantTests {
    @Test("no instant or day count makes the time arithmetic trap", arguments: [Int64.min, Int64.min + 1, -1 << 50, 0, 1 << 50, Int64.max - 1, Int64.max])
    func extremes(value: Int64) throws {
        for name in ["Europe/London", "Australia/Sydney", "America/Santiago", "UTC"] {
            let offset = try #require(IANATimeZone(identifier: name)).secondsFromUTC(at: value)
            #expect(abs(offset) < 24 * 3600)
        }
        let date = CivilDate(daysSinceEpoch: value)
        #expect(date.isValid)
        _ = CivilDate(year: Int.max, month: 13, day: -5).daysSinceEpoch
        _ = CivilDate(year: Int.min, month: 0, day: 99).daysSinceEpoch
    }
}
