import Testing
@_spi(Wire) import TournamentCore

@Suite("MatchArrangement")
struct MatchArrangementTests {
    private func facts(_ id: Int64, _ kickoff: Int64?, result: (home: Int, away: Int)? = nil, calledOff: String? = nil) -> MatchFacts {
        MatchFacts(id: id, kickoff: kickoff, result: result, calledOffText: calledOff, isFavorite: id % 2 == 0)
    }

    @Test("every match once: dated ones by local day, kick-off and ID, one section per day; unknown kick-offs last, by ID")
    func order() {
        let day: Int64 = 86_400_000
        let given = [
            facts(9, nil), facts(5, 2 * day + 10), facts(4, day + 50), facts(3, 2 * day + 10), facts(7, nil),
            facts(1, day + 50), facts(2, day),
        ]
        let arrangement = MatchArrangement(given, timeZone: .utc)
        #expect(arrangement.entries.map { given[$0.index].id } == [2, 1, 4, 3, 5, 7, 9])
        #expect(arrangement.sections.map(\.title) == ["01/02/1970", "01/03/1970", "Unknown"])
        #expect(arrangement.sections.map(\.entries) == [0..<3, 3..<5, 5..<7])
        #expect(arrangement.sections.map { $0.date?.isoText } == ["1970-01-02", "1970-01-03", nil])
    }

    @Test("no matches: no entries, no sections")
    func empty() {
        let arrangement = MatchArrangement([], timeZone: .utc)
        #expect(arrangement.entries.isEmpty && arrangement.sections.isEmpty)
    }

    @Test("a row's texts and places are the schedule's, whichever the match's state")
    func agreesWithSchedule() {
        let kickoff = "2024-08-16T19:00:00Z"
        let matches = [
            FootballMatch(id: 1, utcDate: kickoff, status: "POSTPONED"),
            FootballMatch(id: 2, utcDate: kickoff, status: "TIMED"),
            FootballMatch(id: 3, utcDate: "2024-08-17T23:30:00Z", status: "FINISHED", score: .init(winner: .draw, fullTimeHome: 1)),
            FootballMatch(id: 4, utcDate: "not a date"),
            FootballMatch(id: 5, utcDate: nil, status: "CANCELLED"),
        ]
        let zone = IANATimeZone(identifier: "Europe/London") ?? .utc
        let schedule = MatchSchedule(matches: matches, favorites: [FavoriteMatch(id: 2)], timeZone: zone)
        let facts = matches.map { $0.facts(isFavorite: $0.id == 2) }
        let arrangement = MatchArrangement(facts, timeZone: zone)
        let views = schedule.sections.flatMap(\.matches)
        #expect(arrangement.entries.map { matches[$0.index].id } == views.map(\.id))
        #expect(arrangement.entries.map { arrangement.statusText(of: $0, facts[$0.index]) } == views.map(\.statusText))
        #expect(arrangement.entries.map { arrangement.timeZoneLabel(of: $0, facts[$0.index]) } == views.map(\.timeZoneLabel))
        #expect(arrangement.entries.map { arrangement.dateText(of: $0) } == views.map(\.dateText))
        #expect(arrangement.entries.map { facts[$0.index].isFavorite } == views.map(\.isFavorite))
        #expect(arrangement.sections.map(\.title) == schedule.sections.map(\.title))
    }

    @Test("titles and dates of far years: at least four digits, a minus before a year before 1")
    func farYears() {
        let day: Int64 = 86_400_000
        let days = [CivilDate(year: 987, month: 3, day: 4), CivilDate(year: -1, month: 12, day: 31), CivilDate(year: 24_000_000, month: 1, day: 2)]
        let arrangement = MatchArrangement(days.enumerated().map { facts(Int64($0.offset), $0.element.daysSinceEpoch * day) }, timeZone: .utc)
        #expect(arrangement.sections.map(\.title) == ["12/31/-0001", "03/04/0987", "01/02/24000000"])
        #expect(arrangement.sections.map { $0.date?.isoText } == ["-0001-12-31", "0987-03-04", "24000000-01-02"])
        #expect(arrangement.entries.map { arrangement.dateText(of: $0) } == ["12/31", "03/04", "01/02"])
    }

    @Test("a called-off text given by the caller is the status as given, however long, unless the match was played")
    func calledOffTextAsGiven() {
        let long = "Abandoned \u{2014} floodlight failure in the 63rd minute"
        let given = [facts(1, 0, calledOff: long), facts(2, 0, result: (2, 1), calledOff: long), facts(3, nil), facts(4, 0)]
        let arrangement = MatchArrangement(given, timeZone: .utc)
        #expect(arrangement.entries.map { arrangement.statusText(of: $0, given[$0.index]) } == [long, "2-1", "00:00", ""])
        #expect(arrangement.entries.map { arrangement.packedStatusText(of: $0, given[$0.index])?.string } == [nil, "2-1", "00:00", ""])
        #expect(arrangement.sections.map { arrangement.packedDateText(in: $0).string } == ["01/01", ""])
        #expect(arrangement.sections.map { $0.packedTitle.string } == arrangement.sections.map(\.title))
    }
}
