// A small command-line program on TournamentCore's typed API: the rules as Swift values and
// functions, the same ones every platform gets through the C library.
import TournamentCore

print("TournamentCore \(LibraryVersion.string) from Swift\n")

// Tournament tabs.
let tournaments = [
    Tournament(id: "t1", name: "Spring Open", location: "Lyon", status: TournamentStatus(parsing: "open"), isPublic: true, currentParticipants: 5, maxParticipants: 10),
    Tournament(id: "t2", name: "Club Championship", location: "Besançon", status: TournamentStatus(parsing: "in_progress"), isPublic: true),
    Tournament(id: "t3", name: "Indoor Series", location: "Zürich", status: .completed, isPublic: true),
    Tournament(id: "t4", name: "Winter League", location: "Paris", status: .cancelled, isPublic: true),
]
for tab in [TournamentTab.active, .completed] {
    let listing = TournamentFilter(tab: tab).apply(to: tournaments)
    print(tab == .active ? listing.labels.active : listing.labels.completed)
    for tournament in listing.tournaments {
        print("  \(tournament.name), \(tournament.location)")
    }
}
let besancon = TournamentFilter(tab: .all, query: "besancon").apply(to: tournaments)
print("Search \"besancon\": \(besancon.tournaments.map(\.name))\n")

// Guests: errors are a typed enum with the app's messages.
let championship = Tournament(id: "t2", status: .inProgress)
var participants = [SessionParticipant(participantId: "u-robin")]
for name in ["Little John", "  ", "Friar Tuck", "Will Scarlet"] {
    do {
        let addition = try GuestAddition(
            name: name, guestId: "guest_000000000000000\(participants.count)", tournament: championship,
            participants: participants, currentUserId: "u-robin")
        participants.append(SessionParticipant(participantId: addition.guest.participantId, guestParticipant: true, addedBy: "u-robin"))
        print("Added \(addition.guest.displayName) as \(addition.guest.participantId); \(addition.check.remaining) more allowed")
    } catch {
        print("Refused \"\(name)\": \(error.code): \(error.message)")
    }
}

// Equipment comparison from raw arrows.
do {
    let now: Int64 = 1_733_000_000_000
    let filter = RoundFilter.range(.thirtyDays, now: now)
    let roundA = Round(date: now - 86_400_000, arrows: try [10, 9, 9, 8].map { try Arrow(score: $0) })
    let roundB = Round(date: now - 86_400_000, arrows: try [Arrow(score: 10, isX: true), Arrow(score: 10), Arrow(score: 9)])
    let comparison = try EquipmentComparison(
        ComparedSetup(setup: BowSetup(id: 1, name: "Hoyt Formula X"), rounds: [roundA], filter: filter),
        ComparedSetup(setup: BowSetup(id: 2, name: ""), rounds: [roundB], filter: filter))
    print("\n\(comparison.setupAName) vs \(comparison.setupBName): average \(comparison.display.averageScore.text) (\(comparison.display.averageScore.color)), accuracy \(comparison.display.accuracy.text)")
} catch {
    print("comparison failed: \(error)")
}

// Fixtures in a time zone, daylight saving time included.
let matches = [
    FootballMatch(id: 1, utcDate: "2024-10-26T23:30:00Z", homeTeam: .init(name: "Arsenal FC"), awayTeam: .init(name: "Liverpool FC")),
    FootballMatch(id: 2, utcDate: "2024-10-27T23:30:00Z", homeTeam: .init(name: "Chelsea FC"), awayTeam: .init(name: nil)),
]
if let london = IANATimeZone(identifier: "Europe/London") {
    for section in MatchSchedule(matches: matches, favorites: [], timeZone: london).sections {
        print("\n\(section.title)")
        for match in section.matches {
            print("  \(match.statusText) \(match.homeTeam) - \(match.awayTeam)")
        }
    }
}
