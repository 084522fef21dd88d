import Testing
import TestFiles
@_spi(Wire) import TournamentCore

private let sample: [Tournament] = [
    Tournament(id: "t1", name: "Spring Open", location: "Lyon", status: .open, isPublic: true, currentParticipants: 5, maxParticipants: 10),
    Tournament(id: "t2", name: "Summer Cup", location: "Paris", status: .inProgress, isPublic: false),
    Tournament(id: "t3", name: "Autumn Field", location: "Besançon", status: .completed, isPublic: true),
    Tournament(id: "t4", name: "Winter Indoor", location: "Nice", status: .cancelled, isPublic: true),
    Tournament(id: "t5", name: "Café Classic", location: "Lyon", status: .completed, isPublic: false),
]

@Suite("TournamentFilter")
struct TournamentFilterTests {
    @Test("the default filter lists active tournaments in input order")
    func defaultIsActive() {
        let listing = TournamentFilter().apply(to: sample)
        #expect(listing.tab == .active)
        #expect(listing.tournaments.map(\.id) == ["t1", "t2"])
        #expect(listing.indices == [0, 1])
    }

    @Test("completed lists COMPLETED only; all lists everything including CANCELLED")
    func tabs() {
        #expect(TournamentFilter(tab: .completed).apply(to: sample).tournaments.map(\.id) == ["t3", "t5"])
        #expect(TournamentFilter(tab: .all).apply(to: sample).tournaments.map(\.id) == ["t1", "t2", "t3", "t4", "t5"])
    }

    @Test("counts cover every tab whatever tab is listed; cancelled counts only in all")
    func counts() {
        for tab in TournamentTab.allCases {
            let listing = TournamentFilter(tab: tab).apply(to: sample)
            #expect(listing.counts == TournamentTabCounts(active: 2, completed: 2, all: 5))
            #expect(listing.labels == TournamentTabLabels(TournamentTabCounts(active: 2, completed: 2, all: 5)))
        }
        #expect(TournamentFilter().apply(to: sample).labels.active == "Active (2)")
        #expect(TournamentFilter().apply(to: sample).labels.completed == "Completed (2)")
    }

    @Test("publicOnly keeps public tournaments and is reflected in the counts")
    func publicOnly() {
        let listing = TournamentFilter(tab: .all, publicOnly: true).apply(to: sample)
        #expect(listing.tournaments.map(\.id) == ["t1", "t3", "t4"])
        #expect(listing.counts == TournamentTabCounts(active: 1, completed: 1, all: 3))
    }

    @Test("query matches name or location, ignoring case and diacritics", arguments: [
        ("lyon", ["t1", "t5"]),
        ("LYON", ["t1", "t5"]),
        ("besancon", ["t3"]),
        ("BESANÇON", ["t3"]),
        ("cafe", ["t5"]),
        ("CAFÉ", ["t5"]),
        ("cup", ["t2"]),
        ("  cup  ", ["t2"]),
        ("n", ["t1", "t3", "t4", "t5"]),
        ("xyz", []),
    ])
    func query(text: String, expected: [String]) {
        #expect(TournamentFilter(tab: .all, query: text).apply(to: sample).tournaments.map(\.id) == expected)
    }

    @Test("a blank or absent query keeps every tournament", arguments: [nil, "", "   ", "\n\t"] as [String?])
    func blankQuery(text: String?) {
        #expect(TournamentFilter(tab: .all, query: text).apply(to: sample).tournaments.count == 5)
    }

    @Test("query matches decomposed and precomposed accents alike, and folds ß to ss")
    func unicodeQuery() {
        let tournaments = [
            Tournament(id: "a", name: "Cafe\u{301} Open"),  // decomposed é
            Tournament(id: "b", name: "Große Halle"),
            Tournament(id: "c", name: "ÅRHUS"),
        ]
        #expect(TournamentFilter(tab: .all, query: "café").apply(to: tournaments).tournaments.map(\.id) == ["a"])
        #expect(TournamentFilter(tab: .all, query: "GROSSE").apply(to: tournaments).tournaments.map(\.id) == ["b"])
        #expect(TournamentFilter(tab: .all, query: "århus").apply(to: tournaments).tournaments.map(\.id) == ["c"])
        #expect(TournamentFilter(tab: .all, query: "arhus").apply(to: tournaments).tournaments.map(\.id) == ["c"])
    }

    @Test("counts are taken after publicOnly and query, before tab and limit")
    func countsOrder() {
        let listing = TournamentFilter(tab: .completed, publicOnly: true, query: "lyon", limit: 0).apply(to: sample)
        #expect(listing.counts == TournamentTabCounts(active: 1, completed: 0, all: 1))
        #expect(listing.tournaments.isEmpty)
        #expect(listing.isEmpty)
    }

    @Test("limit caps the list but not the counts", arguments: [0, 1, 2, 3])
    func limit(limit: Int) {
        let listing = TournamentFilter(tab: .all, limit: limit).apply(to: sample)
        #expect(listing.tournaments.map(\.id) == Array(["t1", "t2", "t3", "t4", "t5"].prefix(limit)))
        #expect(listing.counts.all == 5)
    }

    @Test("isEmpty reflects the tab, not the limit: limit 0 on a non-empty tab is not empty")
    func isEmptyIgnoresLimit() {
        let listing = TournamentFilter(tab: .active, limit: 0).apply(to: sample)
        #expect(listing.tournaments.isEmpty)
        #expect(!listing.isEmpty)
        #expect(listing.emptyState == nil)
    }

    @Test("each tab has its empty state")
    func emptyStates() {
        let none: [Tournament] = []
        let active = TournamentFilter(tab: .active).apply(to: none)
        #expect(active.isEmpty)
        #expect(active.emptyState == TournamentEmptyState(.active))
        #expect(active.emptyState?.icon == "target")
        #expect(active.emptyState?.title == "No Active Tournaments")
        #expect(active.emptyState?.message == "Check back later for upcoming tournaments")
        let completed = TournamentFilter(tab: .completed).apply(to: none).emptyState
        #expect(completed?.icon == "checkmark.circle")
        #expect(completed?.title == "No Completed Tournaments")
        #expect(completed?.message == "Completed tournaments will appear here")
        let all = TournamentFilter(tab: .all).apply(to: none).emptyState
        #expect(all?.icon == "target")
        #expect(all?.title == "No Tournaments")
        #expect(all?.message == "Check back later for upcoming tournaments")
        #expect(active.labels.active == "Active (0)")
    }

    @Test("only cancelled tournaments: active and completed are empty, all is not")
    func onlyCancelled() {
        let cancelled = [Tournament(id: "x", status: .cancelled)]
        #expect(TournamentFilter(tab: .active).apply(to: cancelled).isEmpty)
        #expect(TournamentFilter(tab: .completed).apply(to: cancelled).isEmpty)
        #expect(!TournamentFilter(tab: .all).apply(to: cancelled).isEmpty)
    }

    @Test("a negative limit lists nothing rather than trapping")
    func negativeLimit() {
        #expect(TournamentFilter(tab: .all, limit: -5).apply(to: sample).tournaments.isEmpty)
    }

    @Test("the search finds a query exactly where a naive search does, whether or not a prefix of it recurs in it")
    func searchAsNaive() {
        var generator = SeededGenerator()
        let alphabet: [Character] = ["a", "b", "A"]
        for _ in 0..<3_000 {
            let query = String((0..<Int.random(in: 1...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let text = String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let naive = text.lowercased().contains(query.lowercased())
            #expect(TournamentSearch(query: query)?.isFound(in: text) == naive, "seed \(generator.seed): \(query) in \(text)")
            var bytes = text
            #expect(TournamentSearch(query: query).map { search in bytes.withUTF8 { search.isFound(inUTF8: $0) } } == naive, "seed \(generator.seed): \(query) in \(text)")
        }
    }

    @Test("a long hostile query stays linear (Knuth-Morris-Pratt)")
    func hostileQuery() {
        let haystack = String(repeating: "a", count: 200_000)
        let needle = String(repeating: "a", count: 100_000) + "b"
        let tournaments = [Tournament(id: "t", name: haystack)]
        #expect(TournamentFilter(tab: .all, query: needle).apply(to: tournaments).tournaments.isEmpty)
        #expect(TournamentFilter(tab: .all, query: String(repeating: "A", count: 100_000)).apply(to: tournaments).tournaments.count == 1)
    }
}

@Suite("README examples")
struct ReadmeExampleTests {
    @Test("the Swift example of README.md prints what it says")
    func swiftExample() {
        let tournaments = [
            Tournament(id: "t1", name: "Spring Open", location: "Lyon", status: TournamentStatus(parsing: "open"), isPublic: true),
            Tournament(id: "t2", name: "Club Cup", status: .completed),
        ]
        let listing = TournamentFilter(tab: .active, query: "lyon").apply(to: tournaments)
        #expect(listing.labels.active == "Active (1)")
        #expect(listing.tournaments.map(\.name) == ["Spring Open"])
        #expect((listing.emptyState?.title ?? "") == "")
    }
}
