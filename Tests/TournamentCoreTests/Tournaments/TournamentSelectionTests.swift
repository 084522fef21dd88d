import Testing
import TournamentCore

private let sample: [Tournament] = [
    Tournament(id: "t1", name: "Spring Open", location: "Lyon", status: .open, isPublic: true),
    Tournament(id: "t2", name: "Summer Cup", location: "Paris", status: .inProgress, isPublic: false),
    Tournament(id: "t3", name: "Autumn Field", location: "Besançon", status: .completed, isPublic: true),
    Tournament(id: "t4", name: "Winter Indoor", location: "Nice", status: .cancelled, isPublic: true),
    Tournament(id: "t5", name: "CAFÉ Straße", location: "Lyon", status: .completed, isPublic: false),
    Tournament(id: "t6", name: "", location: "", status: .open, isPublic: true),
]

/// The selection fed from UTF-8 bytes, as the wire layer feeds it.
private func selectFromBytes(_ filter: TournamentFilter) -> TournamentSelection {
    var selection = TournamentSelection(filter)
    for tournament in sample {
        var name = tournament.name
        var location = tournament.location
        selection.add(isPublic: tournament.isPublic, status: tournament.status) { search in
            name.withUTF8 { search.isFound(inUTF8: $0) } || location.withUTF8 { search.isFound(inUTF8: $0) }
        }
    }
    return selection
}

@Suite("TournamentSelection")
struct TournamentSelectionTests {
    @Test("one tournament at a time from bytes, it lists and counts what apply(to:) does, for every filter")
    func matchesApply() {
        let queries: [String?] = [nil, "", "  ", "lyon", "LYON ", "besancon", "cafe", "strasse", "STRASSE", "é", "zzz"]
        for tab in TournamentTab.allCases {
            for publicOnly in [false, true] {
                for query in queries {
                    for limit in [nil, 0, 1, 10] {
                        let filter = TournamentFilter(tab: tab, publicOnly: publicOnly, query: query, limit: limit)
                        let expected = filter.apply(to: sample)
                        let selection = selectFromBytes(filter)
                        #expect(selection.listing(of: sample) == expected)
                        #expect(selection.indices == expected.indices)
                        #expect(selection.counts == expected.counts)
                        #expect(selection.isEmpty == expected.isEmpty)
                    }
                }
            }
        }
    }

    @Test("the search is asked only when publicity has not ruled the tournament out and there is a query")
    func searchAskedOnlyWhenNeeded() {
        var asked = 0
        var selection = TournamentSelection(TournamentFilter(publicOnly: true, query: "x"))
        selection.add(isPublic: false, status: .open) { _ in asked += 1; return true }
        selection.add(isPublic: true, status: .open) { _ in asked += 1; return true }
        #expect(asked == 1)
        var unsearched = TournamentSelection(TournamentFilter(query: " \n"))
        #expect(unsearched.add(isPublic: false, status: .open) { _ in asked += 1; return false })
        #expect(asked == 1)
    }

    @Test("a blank query makes no search; a search finds folded text in strings and bytes alike")
    func search() {
        #expect(TournamentSearch(query: "") == nil)
        #expect(TournamentSearch(query: " \t\n") == nil)
        let search = TournamentSearch(query: " Besancon ")
        #expect(search != nil)
        for text in ["BESANÇON", "Besançon-les-Bains", "besancon", "Besanc", "Besan\u{0327}con", ""] {
            var copy = text
            let fromBytes = copy.withUTF8 { search?.isFound(inUTF8: $0) }
            #expect(fromBytes == search?.isFound(in: text))
        }
        #expect(search?.isFound(in: "À BESANÇON") == true)
        #expect(search?.isFound(in: "Besanc") == false)
    }
}
