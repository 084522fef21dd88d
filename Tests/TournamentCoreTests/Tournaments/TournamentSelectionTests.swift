import Testing
@_spi(Wire) @testable import TournamentCore

private let sample: [Tournament] = [
    Tournament(id: "t1", name: "Spring Open", location: "Lyon", status: .open, isPublic: true),
    Tournament(id: "t2", name: "Summer Cup", location: "Paris", status: .inProgress, isPublic: false),
    Tournament(id: "t3", name: "Autumn Field", location: "Besançon", status: .completed, isPublic: true),
    Tournament(id: "t4", name: "Winter Indoor", location: "Nice", status: .cancelled, isPublic: true),
    Tournament(id: "t5", name: "CAFÉ Straße", location: "Lyon", status: .completed, isPublic: false),
    Tournament(id: "t6", name: "", location: "", status: .open, isPublic: true),
]

/// The selection fed from UTF-8 bytes, as the wire layer feeds it (the query too, with
/// `queryAsBytes`, as the wire layer's cursor path gives it).
private func selectFromBytes(_ filter: TournamentFilter, queryAsBytes: Bool = false) -> TournamentSelection {
    var query = filter.query
    var selection = queryAsBytes
        ? TournamentSelection(
            tab: filter.tab, publicOnly: filter.publicOnly,
            search: query?.withUTF8 { TournamentSearch(queryUTF8: $0) }, limit: filter.limit)
        : TournamentSelection(filter)
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
    @Test("fed names and places as bytes, the selection lists and counts what apply(to:), fed Strings, does for every filter")
    func matchesApply() {
        let queries: [String?] = [nil, "", "  ", "lyon", "LYON ", "besancon", "cafe", "strasse", "STRASSE", "é", "zzz"]
        for tab in TournamentTab.allCases {
            for publicOnly in [false, true] {
                for query in queries {
                    for limit in [nil, 0, 1, 10] {
                        let filter = TournamentFilter(tab: tab, publicOnly: publicOnly, query: query, limit: limit)
                        let expected = filter.apply(to: sample)
                        for queryAsBytes in [false, true] {
                            let selection = selectFromBytes(filter, queryAsBytes: queryAsBytes)
                            #expect(selection.listing(of: sample) == expected)
                            #expect(selection.indices == expected.indices)
                            #expect(selection.counts == expected.counts)
                            #expect(selection.isEmpty == expected.isEmpty)
                        }
                    }
                }
            }
        }
    }

    @Test("a selection that does not record its indices answers, tournament by tournament, the ones a recording selection lists, and counts the same")
    func withoutIndices() {
        for tab in TournamentTab.allCases {
            for limit in [nil, 0, 1, 2] {
                let filter = TournamentFilter(tab: tab, publicOnly: false, query: "o", limit: limit)
                let recording = selectFromBytes(filter)
                var selection = TournamentSelection(filter, recordingIndices: false)
                var listed: [Int] = []
                for (index, tournament) in sample.enumerated()
                where selection.add(isPublic: tournament.isPublic, status: tournament.status, isFound: { $0.isFound(in: tournament.name) || $0.isFound(in: tournament.location) }) {
                    listed.append(index)
                }
                #expect(listed == recording.indices)
                #expect(selection.indices.isEmpty)
                #expect(selection.counts == recording.counts && selection.isEmpty == recording.isEmpty)
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

    @Test("a query given as bytes makes the search its text makes, trimmed and folded alike", arguments: [
        "", " ", " \t\n\r", "open", " Open\t", "LYON", "\u{A0}lyon\u{3000}", " caf\u{E9} ", "STRASSE", "Stra\u{DF}e", "\u{1C4}", "a b", "\u{0085}x",
    ])
    func searchFromBytes(query: String) {
        var text = query
        #expect(text.withUTF8 { TournamentSearch(queryUTF8: $0) } == TournamentSearch(query: query))
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

    @Test("the search from bytes finds what folding the whole text finds, wherever the match or a non-ASCII character lies in the eight-byte words")
    func searchAgreesWithFoldingTheWholeText() {
        // Letters either side of the upper-case range and the lower-case one, "@" "[" "`" "{",
        // and characters that fold to ASCII: É (e), ı (i, through I), K (the Kelvin sign, k).
        let alphabet = ["a", "A", "b", "B", "z", "Z", "@", "[", "`", "{", " ", "x", "É", "e", "ı", "i", "I", "\u{212A}", "k"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<6000 {
            let text = (0..<next(41)).map { _ in alphabet[next(alphabet.count)] }.joined()
            let query = (0..<1 + next(3)).map { _ in alphabet[next(alphabet.count)] }.joined()
            guard let search = TournamentSearch(query: query) else { continue }  // blank: no search
            let expected = FoldedText(text).contains(FoldedText(searchQuery: query))
            var copy = text
            #expect(copy.withUTF8 { search.isFound(inUTF8: $0) } == expected, "\(query) in \(text)")
            #expect(search.isFound(in: text) == expected, "\(query) in \(text)")
        }
    }

    @Test("a non-ASCII character inside an otherwise skippable word is folded and found")
    func searchFindsNonASCIIInsideASkippedWord() {
        let search = TournamentSearch(query: "e")
        for padding in 0..<16 {
            var text = String(repeating: "x", count: padding) + "É" + String(repeating: "y", count: 8)
            #expect(text.withUTF8 { search?.isFound(inUTF8: $0) } == true, "\(padding)")
            var plain = String(repeating: "x", count: padding) + "Z" + String(repeating: "y", count: 8)
            #expect(TournamentSearch(query: "z").map { s in plain.withUTF8 { s.isFound(inUTF8: $0) } } == true, "\(padding)")
        }
        #expect(search?.isFound(in: "CAF\u{0301}") == false)
    }
}
