import Testing
import TournamentCore

private func match(_ id: Int64, _ date: String?, winner: MatchWinner? = nil, home: Int? = nil, away: Int? = nil) -> FootballMatch {
    FootballMatch(
        id: id, utcDate: date, matchday: 1, status: winner == nil ? "TIMED" : "FINISHED",
        homeTeam: .init(name: "Home \(id)", crest: "https://crests.example/\(id)h.png"), awayTeam: .init(name: "Away \(id)"),
        score: .init(winner: winner, fullTimeHome: home, fullTimeAway: away))
}

private func zone(_ name: String) -> IANATimeZone {
    IANATimeZone(identifier: name) ?? .utc
}

/// Section title and match IDs of a schedule.
private func layout(_ schedule: MatchSchedule) -> [String] {
    schedule.sections.map { "\($0.title): " + $0.matches.map { "\($0.id)" }.joined(separator: ",") }
}

@Suite("MatchSchedule")
struct MatchScheduleTests {
    @Test("around London's spring switch: 00:59:59Z is 00:59 GMT, 01:00Z is 02:00 BST")
    func londonSpring() {
        let schedule = MatchSchedule(matches: [match(1, "2025-03-30T00:59:59Z"), match(2, "2025-03-30T01:00:00Z")], favorites: [], timeZone: zone("Europe/London"))
        #expect(schedule.sections.count == 1)
        #expect(schedule.sections[0].matches.map(\.statusText) == ["00:59", "02:00"])
    }

    @Test("around London's autumn switch: 00:59:59Z is 01:59 BST, 01:00Z is 01:00 GMT")
    func londonAutumn() {
        let schedule = MatchSchedule(matches: [match(1, "2024-10-27T00:59:59Z"), match(2, "2024-10-27T01:00:00Z")], favorites: [], timeZone: zone("Europe/London"))
        #expect(schedule.sections[0].matches.map(\.statusText) == ["01:59", "01:00"])
        #expect(schedule.sections[0].title == "10/27/2024")
    }

    @Test("around New York's switches")
    func newYork() {
        let newYork = zone("America/New_York")
        let spring = MatchSchedule(matches: [match(1, "2024-03-10T06:59:59Z"), match(2, "2024-03-10T07:00:00Z")], favorites: [], timeZone: newYork)
        #expect(spring.sections[0].matches.map(\.statusText) == ["01:59", "03:00"])
        let autumn = MatchSchedule(matches: [match(1, "2024-11-03T05:59:59Z"), match(2, "2024-11-03T06:00:00Z")], favorites: [], timeZone: newYork)
        #expect(autumn.sections[0].matches.map(\.statusText) == ["01:59", "01:00"])
        #expect(autumn.sections[0].matches.allSatisfy { $0.timeZoneLabel == "America/New_York" })
    }

    @Test("a 23:30Z kick-off belongs to the next local day in London in summer, to the same day in winter and in UTC")
    func nextLocalDay() {
        let summer = MatchSchedule(matches: [match(1, "2024-08-17T23:30:00Z")], favorites: [], timeZone: zone("Europe/London"))
        #expect(summer.sections.map(\.title) == ["08/18/2024"])
        #expect(summer.sections[0].date == CivilDate(year: 2024, month: 8, day: 18))
        #expect(summer.sections[0].matches[0].dateText == "08/18")
        #expect(summer.sections[0].matches[0].statusText == "00:30")
        let winter = MatchSchedule(matches: [match(1, "2024-12-14T23:30:00Z")], favorites: [], timeZone: zone("Europe/London"))
        #expect(winter.sections.map(\.title) == ["12/14/2024"])
        let utc = MatchSchedule(matches: [match(1, "2024-08-17T23:30:00Z")], favorites: [])
        #expect(utc.sections.map(\.title) == ["08/17/2024"])
    }

    @Test("the last second of a local day stays on it; the next second starts the next section")
    func lastSecondOfDay() {
        // 22:59:59Z is 23:59:59 BST on 17 August; 23:00:00Z is 00:00 on the 18th.
        let schedule = MatchSchedule(matches: [match(2, "2024-08-17T23:00:00Z"), match(1, "2024-08-17T22:59:59Z")], favorites: [], timeZone: zone("Europe/London"))
        #expect(layout(schedule) == ["08/17/2024: 1", "08/18/2024: 2"])
        #expect(schedule.sections[0].matches[0].statusText == "23:59")
        #expect(schedule.sections[1].matches[0].statusText == "00:00")
    }

    @Test("sections ascend by date; matches by kick-off then id; Unknown last, by id")
    func ordering() {
        let schedule = MatchSchedule(matches: [
            match(9, "2024-09-01T15:00:00Z"), match(3, "2024-08-31T14:00:00Z"), match(7, "2024-09-01T12:00:00Z"),
            match(5, "2024-09-01T12:00:00Z"), match(8, nil), match(4, "not a date"), match(6, "2024-02-30T12:00:00Z"),
            match(1, "2025-01-01T00:00:00Z"),
        ], favorites: [])
        #expect(layout(schedule) == ["08/31/2024: 3", "09/01/2024: 5,7,9", "01/01/2025: 1", "Unknown: 4,6,8"])
        #expect(schedule.sections.last?.date == nil)
        let unknown = schedule.sections.last?.matches.first
        #expect(unknown?.statusText == "" && unknown?.timeZoneLabel == "" && unknown?.dateText == "")
    }

    @Test("played matches show the full-time score, an unknown side as 0, and no zone label")
    func played() {
        let schedule = MatchSchedule(matches: [
            match(1, "2024-08-16T19:00:00Z", winner: .homeTeam, home: 1, away: 0),
            match(2, "2024-08-16T21:00:00Z", winner: .draw, home: nil, away: 2),
        ], favorites: [], timeZone: zone("Europe/London"))
        #expect(schedule.sections[0].matches.map(\.statusText) == ["1-0", "0-2"])
        #expect(schedule.sections[0].matches.allSatisfy { $0.played && $0.timeZoneLabel == "" })
    }

    @Test("team names fall back to N/A")
    func names() {
        let schedule = MatchSchedule(matches: [FootballMatch(id: 1, utcDate: "2024-08-16T19:00:00Z")], favorites: [])
        let view = schedule.sections[0].matches[0]
        #expect(view.homeTeam == "N/A" && view.awayTeam == "N/A")
        #expect(view.homeCrest == nil)
    }

    @Test("the favourites segment lists the favourite records; isFavorite marks them in either segment")
    func favorites() {
        let matches = [match(1, "2024-08-16T19:00:00Z"), match(2, "2024-08-17T14:00:00Z")]
        let favorites = [FavoriteMatch(match: matches[1])]
        let all = MatchSchedule(matches: matches, favorites: favorites, segment: .all)
        #expect(all.sections.flatMap(\.matches).map(\.isFavorite) == [false, true])
        #expect(all.allCount == 2 && all.favoritesCount == 1)
        let favoritesOnly = MatchSchedule(matches: matches, favorites: favorites, segment: .favorites)
        #expect(layout(favoritesOnly) == ["08/17/2024: 2"])
        #expect(favoritesOnly.sections[0].matches[0].isFavorite)
        #expect(favoritesOnly.sections[0].matches[0].homeTeam == "Home 2")
    }
}

@Suite("FavoriteMatch")
struct FavoriteMatchTests {
    @Test("the record of a match: flat fields, names fall back to N/A")
    func record() {
        let record = FavoriteMatch(match: FootballMatch(
            id: 7, utcDate: "2024-08-16T19:00:00Z", matchday: 1, homeTeam: .init(name: nil, crest: "h.png"), awayTeam: .init(name: "Fulham FC"),
            score: .init(winner: .homeTeam, fullTimeHome: 1, fullTimeAway: 0), competition: .init(name: "Premier League", code: "PL")))
        #expect(record == FavoriteMatch(
            id: 7, homeTeamImage: "h.png", awayTeamImage: nil, homeTeamName: "N/A", awayTeamName: "Fulham FC", utcDate: "2024-08-16T19:00:00Z",
            matchday: 1, winner: .homeTeam, fullTimeScoreHome: 1, fullTimeScoreAway: 0, competitionCode: "PL", competitionName: "Premier League"))
        #expect(FavoriteMatch(match: record.match) == record)
    }

    @Test("reconciliation updates only undecided favourites whose fresh match is decided")
    func reconciliation() {
        let favorites = [
            FavoriteMatch(id: 1, homeTeamName: "A", utcDate: "2024-08-16T19:00:00Z"),
            FavoriteMatch(id: 2, winner: .draw, fullTimeScoreHome: 1, fullTimeScoreAway: 1),
            FavoriteMatch(id: 3),
            FavoriteMatch(id: 4),
        ]
        let fresh = [
            FootballMatch(id: 1, utcDate: "2024-08-16T20:00:00+01:00", score: .init(winner: .awayTeam, fullTimeHome: 0, fullTimeAway: 2)),
            FootballMatch(id: 2, score: .init(winner: .homeTeam, fullTimeHome: 3, fullTimeAway: 0)),
            FootballMatch(id: 3),
            FootballMatch(id: 1, score: .init(winner: .homeTeam, fullTimeHome: 9, fullTimeAway: 9)),
        ]
        let result = FavoriteReconciliation(favorites: favorites, matches: fresh)
        #expect(result.updatedIds == [1])
        #expect(result.changed)
        #expect(result.favorites[0] == FavoriteMatch(id: 1, homeTeamName: "A", utcDate: "2024-08-16T19:00:00Z", winner: .awayTeam, fullTimeScoreHome: 0, fullTimeScoreAway: 2))
        #expect(Array(result.favorites[1...]) == Array(favorites[1...]))
        #expect(!FavoriteReconciliation(favorites: favorites, matches: []).changed)
    }

    @Test("a rescheduled favourite takes the fresh kick-off and matchday, once in updatedIds; an unknown fresh value changes nothing")
    func rescheduling() {
        let favorites = [
            FavoriteMatch(id: 1, utcDate: "2024-08-16T19:00:00Z", matchday: 1),
            FavoriteMatch(id: 2, utcDate: "2024-08-17T14:00:00Z", matchday: 1),
            FavoriteMatch(id: 3, utcDate: "2024-08-18T14:00:00Z", matchday: 1),
            FavoriteMatch(id: 4, utcDate: "not a date", matchday: 1),
            FavoriteMatch(id: 5, utcDate: nil, matchday: nil),
        ]
        let fresh = [
            // Another instant and decided: every change at once, one id.
            FootballMatch(id: 1, utcDate: "2024-09-20T19:00:00Z", matchday: 1, score: .init(winner: .draw, fullTimeHome: 1, fullTimeAway: 1)),
            // Another matchday only.
            FootballMatch(id: 2, utcDate: "2024-08-17T14:00:00Z", matchday: 7),
            // The same instant in another spelling, nothing unknown: no change.
            FootballMatch(id: 3, utcDate: "2024-08-18T16:00:00.000+02:00", matchday: nil),
            // Texts that are not date-times compare as text.
            FootballMatch(id: 4, utcDate: "TBD", matchday: 1),
            FootballMatch(id: 5, utcDate: "2024-08-19T14:00:00Z", matchday: 2),
        ]
        let result = FavoriteReconciliation(favorites: favorites, matches: fresh)
        #expect(result.updatedIds == [1, 2, 4, 5])
        #expect(result.favorites[0] == FavoriteMatch(id: 1, utcDate: "2024-09-20T19:00:00Z", matchday: 1, winner: .draw, fullTimeScoreHome: 1, fullTimeScoreAway: 1))
        #expect(result.favorites[1] == FavoriteMatch(id: 2, utcDate: "2024-08-17T14:00:00Z", matchday: 7))
        #expect(result.favorites[2] == favorites[2])
        #expect(result.favorites[3] == FavoriteMatch(id: 4, utcDate: "TBD", matchday: 1))
        #expect(result.favorites[4] == FavoriteMatch(id: 5, utcDate: "2024-08-19T14:00:00Z", matchday: 2))
    }

    @Test("the first fresh match with a favourite's ID decides, among a few matches (scanned) and among many (indexed)")
    func reconciliationFindsTheFirstMatchWithTheID() {
        let favorites = (1...6).map { FavoriteMatch(id: Int64($0)) }
        for fillers in [0, 20] {
            // IDs 100... match no favourite; each favourite's ID comes twice, the first decided
            // as a draw, the repeat as a home win.
            var fresh = (0..<fillers).map { FootballMatch(id: Int64(100 + $0)) }
            fresh += [2, 4, 6].map { FootballMatch(id: $0, score: .init(winner: .draw, fullTimeHome: 1, fullTimeAway: 1)) }
            fresh += [2, 4, 6, 3].map { FootballMatch(id: $0, score: .init(winner: .homeTeam, fullTimeHome: 2, fullTimeAway: 0)) }
            let result = FavoriteReconciliation(favorites: favorites, matches: fresh)
            #expect(result.updatedIds == [2, 3, 4, 6], "with \(fresh.count) matches")
            #expect(result.favorites.map(\.winner) == [nil, .draw, .homeTeam, .draw, nil, .draw], "with \(fresh.count) matches")
        }
    }

    @Test("an update takes the result only from a decided match for an undecided favourite, the matchday only when known and another")
    func favoriteUpdate() {
        let undecided = FavoriteUpdate.Facts(id: 1, winner: nil, matchday: 3)
        let decided = FavoriteUpdate.Facts(id: 1, winner: .draw, matchday: 3)
        #expect(FavoriteUpdate(stored: undecided, fresh: decided, kickoffMoved: false) == .result)
        #expect(FavoriteUpdate(stored: decided, fresh: FavoriteUpdate.Facts(id: 1, winner: .homeTeam, matchday: 3), kickoffMoved: false).isEmpty)
        #expect(FavoriteUpdate(stored: undecided, fresh: FavoriteUpdate.Facts(id: 1, winner: nil, matchday: nil), kickoffMoved: true) == .kickoff)
        #expect(FavoriteUpdate(stored: undecided, fresh: FavoriteUpdate.Facts(id: 1, winner: nil, matchday: 4), kickoffMoved: false) == .matchday)
        let everything = FavoriteUpdate(stored: FavoriteUpdate.Facts(id: 1, winner: nil, matchday: nil), fresh: decided, kickoffMoved: true)
        #expect(everything == [.result, .kickoff, .matchday])
    }

    @Test("a postponed, suspended or cancelled match shows its status, not a kick-off time; played or other statuses are unchanged")
    func calledOffMatches() {
        let kickoff = "2024-08-16T19:00:00Z"
        let matches = [
            FootballMatch(id: 1, utcDate: kickoff, status: "POSTPONED"),
            FootballMatch(id: 2, utcDate: kickoff, status: "SUSPENDED"),
            FootballMatch(id: 3, utcDate: kickoff, status: "CANCELLED"),
            FootballMatch(id: 4, utcDate: kickoff, status: "TIMED"),
            FootballMatch(id: 5, utcDate: kickoff, status: "postponed"),
            FootballMatch(id: 6, utcDate: kickoff, status: "CANCELLED", score: .init(winner: .homeTeam, fullTimeHome: 3, fullTimeAway: 0)),
            FootballMatch(id: 7, utcDate: nil, status: "POSTPONED"),
        ]
        let schedule = MatchSchedule(matches: matches, favorites: [], timeZone: .utc)
        let views = schedule.sections.flatMap(\.matches)
        #expect(views.map(\.statusText) == ["Postponed", "Suspended", "Cancelled", "19:00", "19:00", "3-0", "Postponed"])
        #expect(views.map(\.timeZoneLabel) == ["", "", "", "UTC", "UTC", "", ""])
        // Still in the section of its (former) date, with its date shown.
        #expect(views.map(\.dateText) == ["08/16", "08/16", "08/16", "08/16", "08/16", "08/16", ""])
    }
}
