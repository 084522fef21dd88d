import Testing
import TournamentCore
import TestFiles
@testable import TournamentCoreWire
import TournamentCoreJSON

/// A method answered from a cursor (``CursorReadingWireMethod``) must answer every request with
/// the bytes its document path gives: the cursor path either reads a request exactly as the
/// document path does, or declines it to that path.
@Suite("Cursor path")
struct CursorPathTests {
    /// The response of each path to `request`.
    private func answers(_ method: String, _ request: String) -> (cursorFirst: String, document: String) {
        let bytes = Array(request.utf8)
        return (
            String(decoding: Wire.call(method: method, request: bytes), as: UTF8.self),
            String(decoding: Wire.callReadingDocument(method: method, request: bytes), as: UTF8.self))
    }

    /// The methods with a cursor path, from the registry.
    static let cursorMethods = MethodRegistry.methods.filter { $0.respondReading != nil }.map { "\($0.name)" }

    @Test("the methods with a cursor path are found in the registry")
    func cursorMethodsAreListed() {
        #expect(Self.cursorMethods.contains("guests.check"))
        #expect(Self.cursorMethods.count >= 3)
    }

    @Test("each method with a cursor path answers every golden request and its example as its document path does", arguments: cursorMethods)
    func goldenRequests(method: String) throws {
        let cases = GoldenCase.all.filter { $0.method == method }
        #expect(cases.count > 10)
        let example = try #require(exampleRequest(of: method))
        let (exampleCursorFirst, exampleDocument) = answers(method, example)
        #expect(exampleCursorFirst == exampleDocument)
        var read = 0
        for golden in cases {
            let request = try #require(readFile(golden.path + ".request.json"))
            var text = String(decoding: request, as: UTF8.self)
            // equipment.stats answers a request without `now` at the clock's time: both paths read
            // it in the same millisecond only by chance, so such requests get a `now` of their own.
            if method == "equipment.stats" && !text.contains("\"now\"") && !text.contains("\"startDate\"") {
                text = text.replacingFirstBrace(with: "{\"now\":1733000000000,")
            }
            let (cursorFirst, document) = answers(golden.method, text)
            #expect(cursorFirst == document, "\(golden.name)")
            if readByCursor(text, method: method) { read += 1 }
        }
        // Both paths are compared: some golden requests are read by the cursor, the others declined.
        #expect(read > 2 && read < cases.count, "\(read) of \(cases.count) read by the cursor")
    }

    /// Whether the cursor path of `method` (one that has one) reads `request` itself.
    private func readByCursor(_ request: String, method: String) -> Bool {
        guard let respondReading = MethodRegistry.methods.first(where: { "\($0.name)" == method })?.respondReading else { return false }
        return Array(request.utf8).withUnsafeBufferPointer { bytes in
            guard let cursor = JSONCursor(bytes) else { return false }
            var writer = JSONWriter()
            return respondReading(cursor, &writer)
        }
    }

    /// Whether `method`'s cursor path reads `request` itself (rather than declining it).
    private func readByCursor<Method: CursorReadingWireMethod>(_ request: String, _: Method.Type = EquipmentStatsMethod.self) -> Bool {
        Array(request.utf8).withUnsafeBufferPointer { bytes in
            guard let cursor = JSONCursor(bytes) else { return false }
            var writer = JSONWriter()
            return Method.respond(reading: cursor, into: &writer)
        }
    }

    /// The request generator of each method with a cursor path: a method that gains one in the
    /// registry fails `generatedRequests` until it has a generator here.
    static func requestGenerator(of method: String) -> ((inout SeededGenerator) -> String)? {
        switch method {
        case "equipment.stats": { StatsRequestGenerator.request(using: &$0) }
        case "equipment.compare": { CompareRequestGenerator.request(using: &$0) }
        case "guests.check": { GuestRequestGenerator.request(using: &$0) }
        case "matches.sections": { SectionsRequestGenerator.request(using: &$0) }
        case "participants.displayName": { DisplayNameRequestGenerator.request(using: &$0) }
        case "participants.resolve": { ResolveRequestGenerator.request(using: &$0) }
        case "participants.scorable": { ScorableRequestGenerator.request(using: &$0) }
        case "scoring.leaderboard": { LeaderboardRequestGenerator.request(using: &$0) }
        case "tournaments.filter": { FilterRequestGenerator.request(using: &$0) }
        default: nil
        }
    }

    @Test("each method with a cursor path answers generated requests as its document path does, plain or odd", arguments: cursorMethods)
    func generatedRequests(method: String) throws {
        let makeRequest = try #require(Self.requestGenerator(of: method), "no request generator for \(method)")
        var generator = SeededGenerator()
        var read = 0
        for _ in 0..<2_000 {
            let request = makeRequest(&generator)
        let isRead = readByCursor(request, method: method)
            let (cursorFirst, document) = answers(method, request)
            #expect(cursorFirst == document, "seed \(generator.seed): \(request)")
            if isRead { read += 1 }
        }
        // Both paths are exercised: plain requests by the cursor, the rest declined to the document.
        #expect(read > 200 && read < 1_800, "\(read) of 2,000 read by the cursor")
    }

    @Test("odd requests, declined by the cursor path as a whole or read by it, get their document path's answer", arguments: [
        // equipment.stats: an unclosed container, no end, an empty key, a number past 19 digits, members in other orders.
        ("equipment.stats", "{\"setupId\":1,\"rounds\":[{\"arrows\":[]},\"now\":5}"),
        ("equipment.stats", "{\"setupId\":1,\"rounds\":[{\"date\":1,\"arrows\":[]}],\"now\":1733000000000"),
        ("equipment.stats", "{\"setupId\":1,\"rounds\":[],\"now\":1733000000000,\"\":1}"),
        ("equipment.stats", "{\"setupId\":1,\"rounds\":[{\"date\":1,\"arrows\":[{\"score\":1,\"x\":-0.0,\"y\":0.0000000000000000001}]}],\"now\":1733000000000}"),
        ("equipment.stats", "{\"setupId\":1,\"now\":1733000000000,\"rounds\":[]}"),
        ("equipment.stats", "{\"now\":1733000000000,\"rounds\":[],\"setupId\":1}"),
        // tournaments.filter, read with key hints: a key that is the previous tournament's with a
        // byte more, a byte less, or its last byte changed, is read as itself.
        ("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\",\"name\":\"x\"},{\"id\":\"b\",\"names\":\"y\"},{\"id\":\"c\",\"nam\":\"z\"},{\"id\":\"d\",\"namf\":1}],\"tab\":\"all\"}"),
        ("tournaments.filter", "{\"tournaments\":[{\"currentParticipants\":1,\"id\":\"a\"},{\"currentParticipantz\":2,\"id\":\"b\"},{\"currentParticipants\":3,\"id\":\"c\"}],\"tab\":\"all\"}"),
        // A key whose bytes are the previous key's with one more before a `:`, unterminated: not JSON.
        ("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\"},{\"idx:\"b\"}],\"tab\":\"all\"}"),
        // An empty key, an unknown key repeated (declined: the document path keeps one), a key at the end of the text.
        ("tournaments.filter", "{\"tournaments\":[{\"\":1,\"id\":\"a\"},{\"\":2,\"id\":\"b\",\"\":3}],\"tab\":\"all\"}"),
        ("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\",\"note\":1},{\"id\":\"b\",\"note\":true,\"note\":null}],\"tab\":\"all\"}"),
        ("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\"},{\"id\":\"b\"}],\"tab\":\"all\",\"id"),
        ("tournaments.filter", "{\"tournaments\":[{\"id\":\"a\"},{\"id"),
        // Seventeen members: the last past the hinted positions.
        ("tournaments.filter", "{\"tournaments\":[{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,\"i\":9,\"j\":10,\"k\":11,\"l\":12,\"m\":13,\"n\":14,\"o\":15,\"p\":16,\"id\":\"a\"},{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,\"i\":9,\"j\":10,\"k\":11,\"l\":12,\"m\":13,\"n\":14,\"o\":15,\"p\":16,\"id\":\"b\"}],\"tab\":\"all\"}"),
        // participants.resolve: repeats, blanks and nulls; the signed-in user among the IDs, with a
        // name of their own and with a placeholder; an ID that cannot be a document ID after a
        // repeat of it (the repeat is left out first); an escaped ID or name (declined: the document
        // path decodes it); a participant with a member the decoder does not know (read past).
        ("participants.resolve", "{\"tournamentId\":\"t1\",\"participantIds\":[\"a\",\"b\",\"a\",\" \",null,\"\",\"c\",\"b\"],\"now\":5}"),
        ("participants.resolve", "{\"participantIds\":[\"x\",\"u1\",\"y\"],\"currentUser\":{\"uid\":\"u1\",\"displayName\":\"Robin\"},\"tournamentId\":\"t1\",\"now\":5}"),
        ("participants.resolve", "{\"tournamentId\":\"t1\",\"participantIds\":[\"u1\"],\"currentUser\":{\"uid\":\"u1\",\"displayName\":\"Archer 3\",\"email\":\"robin@example.com\"},\"now\":5}"),
        ("participants.resolve", "{\"tournamentId\":\"t1\",\"participantIds\":[\"a\",\"a\",\"..\",\"b/c\"],\"now\":5}"),
        ("participants.resolve", "{\"tournamentId\":\"t1\",\"participantIds\":[\"a\\u0062\",\"ab\"],\"now\":5}"),
        ("participants.resolve", "{\"tournamentId\":\"t\\u0031\",\"participantIds\":[\"a\"],\"currentUser\":{\"uid\":\"a\",\"displayName\":\"Zo\\u00eb\"},\"now\":5}"),
        ("participants.resolve", "{\"tournamentId\":\"t1\",\"participants\":[{\"participantId\":\"p1\",\"displayName\":\"Archer 1\",\"joinedAt\":7},{\"participantId\":\"p2\",\"isCreator\":true}],\"participantIds\":[\"q\"]}"),
        ("participants.resolve", "{\"tournamentId\":\"t1\",\"participants\":[{\"participantId\":\"p1\",\"role\":\"judge\"}]}"),
        ("participants.resolve", "{\"tournamentId\":\"t1\",\"participants\":[],\"participantIds\":[],\"now\":5}"),
        // matches.sections: unknown members of every kind in a match and its objects (read past),
        // an escape, an exponent or a byte past ASCII in one (declined), broken JSON inside one
        // (the document path's syntax error), a nesting past the limit inside one, an unknown
        // time zone (the document path's error, at its path), a repeated known member.
        ("matches.sections", #"{"matches":[{"area":{"id":1,"flag":null},"id":1,"utcDate":"2024-08-16T19:00:00Z","homeTeam":{"id":2,"name":"A","tla":"AAA"},"odds":{"msg":"x"},"referees":[{"id":3,"nationality":null}],"score":{"halfTime":{"home":0,"away":0},"fullTime":{"home":1,"away":0},"winner":"HOME_TEAM"}}],"timeZone":"Europe/London"}"#),
        ("matches.sections", #"{"matches":[{"id":1,"odds":{"msg":"caf\u00e9"}},{"id":2,"season":{"startDate":1e3}},{"id":3,"stage":"Z\#u{FC}rich"}]}"#),
        ("matches.sections", #"{"matches":[{"id":1,"referees":[{"id":3},]}]}"#),
        // An ignored object repeated (read past by its bytes), then one as long that differs in a
        // bracket: read again, the document path's syntax error.
        ("matches.sections", #"{"matches":[{"id":1,"area":{"id":1,"n":[2]}},{"id":2,"area":{"id":1,"n":[2]}},{"id":3,"area":{"id":1,"n":[2}]}]}"#),
        ("matches.sections", #"{"matches":[{"id":1,"area":{"id":1 "name":"x"}}]}"#),
        ("matches.sections", #"{"matches":[{"id":1,"area":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}]}"),
        ("matches.sections", #"{"matches":[{"id":1,"utcDate":"2024-08-16T19:00:00Z"}],"timeZone":"Mars/Olympus_Mons"}"#),
        ("matches.sections", #"{"matches":[{"id":1,"id":2,"status":"POSTPONED"}],"timeZone":"America/New_York","segment":"all"}"#),
    ])
    func oddRequests(_ example: (method: String, request: String)) {
        let (cursorFirst, document) = answers(example.method, example.request)
        #expect(cursorFirst == document)
    }

    @Test("a text a response repeats is written as the request wrote it when it has no escape, and escaped anew when it has one, by either path", arguments: [
        ("matches.sections", #"{"matches":[{"id":1,"homeTeam":{"name":"Say \"Hi\" FC","crest":"a\/b"},"awayTeam":{"name":"Z\u00fcrich \u0001","crest":"https://x.org/1.png"}}]}"#,
         [#""homeTeam":"Say \"Hi\" FC""#, #""homeCrest":"a/b""#, #""awayTeam":"Z\#u{FC}rich \u0001""#, #""awayCrest":"https://x.org/1.png""#]),
        ("matches.sections", #"{"matches":[{"id":1,"homeTeam":{"name":"Z\#u{FC}rich"},"awayTeam":{"name":"Plain FC"}}]}"#,
         [#""homeTeam":"Z\#u{FC}rich""#, #""awayTeam":"Plain FC""#]),
        ("tournaments.filter", #"{"tournaments":[{"id":"t\u0031","name":"Caf\u00e9 \"Open\"","location":"Lyon"}],"tab":"all"}"#,
         [#""id":"t1""#, #""name":"Caf\#u{E9} \"Open\"""#, #""location":"Lyon""#]),
    ])
    func textsAreWrittenAsRequestsWroteThem(_ example: (method: String, request: String, members: [String])) {
        let (cursorFirst, document) = answers(example.method, example.request)
        #expect(cursorFirst == document)
        for member in example.members {
            #expect(document.contains(member), "\(member) in \(document)")
        }
    }

    @Test("nested hints: none for a table's first object, then one slot per table for all its others, none past the room for four tables")
    func nestedHintsPerTable() {
        let tables = (0..<5).map { JSONKeyTable(keys: ["k\($0)"]) }
        NestedHints.withRoom { room in
            #expect(tables.allSatisfy { room.slot(for: $0) == nil })
            let sets = tables.map { room.slot(for: $0) }
            #expect(sets[0] != nil && sets[4] == nil)
            #expect(Set(sets[0..<4].compactMap { $0 }).count == 4)
            #expect(room.slot(for: tables[2]) == sets[2])
            #expect(room.slot(for: tables[4]) == nil)
        }
    }

    @Test("matches.sections: objects inside a match read with hints, their members in the same order, in another, missing, repeated or null, as the document path reads them", arguments: [
        #"{"matches":[{"id":1,"homeTeam":{"id":1,"name":"A","crest":"a"},"awayTeam":{"id":2,"name":"B","crest":"b"}},{"id":2,"homeTeam":{"id":3,"name":"C","crest":"c"},"awayTeam":{"crest":"d","name":"D","id":4}}]}"#,
        #"{"matches":[{"id":1,"homeTeam":{"name":"A","crest":"a"}},{"id":2,"homeTeam":{"name":"A"}},{"id":3,"homeTeam":{"name":"A","crest":"a","name":"Z"}},{"id":4,"homeTeam":null}]}"#,
        #"{"matches":[{"id":1,"score":{"winner":"DRAW","fullTime":{"home":1,"away":1}}},{"id":2,"score":{"winner":"HOME_TEAM","fullTime":{"home":2,"away":1}}},{"id":3,"score":{"winner":"HOME_TEAM","fullTime":{"home":2,"home":3,"away":1}}}]}"#,
        #"{"matches":[{"id":1,"score":{"fullTime":{"home":1,"away":1}}},{"id":2,"score":{"fullTime":{"home":1,"away":1}},"competition":{"name":"PL","code":"PL"}},{"id":3,"competition":{"name":"PL","cod":"PL"}},{"id":4,"competition":{"name":"PL","code":"PL","area":{"n":1}}}]}"#,
        #"{"matches":[{"id":1,"homeTeam":{"name":"A","crest":"a"}},{"id":2,"homeTeam":{"name":"A","crest":"a"x}}]}"#,
        // The same text at the same position of objects of different tables: a team's name, a
        // member the full time does not know.
        #"{"matches":[{"id":1,"homeTeam":{"name":"A"},"score":{"winner":"HOME_TEAM","fullTime":{"name":2,"away":0}}},{"id":2,"homeTeam":{"name":"B"},"score":{"winner":"HOME_TEAM","fullTime":{"name":3,"away":0}}},{"id":3,"homeTeam":{"name":"C"}}]}"#,
    ])
    func sectionsNestedObjects(request: String) {
        let (cursorFirst, document) = answers("matches.sections", request)
        #expect(cursorFirst == document)
        // Read by the cursor but for the broken one, and the repeated members (declined).
        let declined = request.contains(#""a"x"#) || request.contains(#""name":"Z""#) || request.contains(#""home":3"#)
        #expect(readByCursor(request, method: "matches.sections") == !declined)
    }

    @Test("participants.resolve's cursor path reads a plain legacy list and a subcollection itself, and declines an escaped ID")
    func resolveIsReadByCursor() {
        #expect(readByCursor("{\"tournamentId\":\"t1\",\"participantIds\":[\"a\",\"b\",\"a\",null],\"now\":5}", method: "participants.resolve"))
        #expect(readByCursor("{\"tournamentId\":\"t1\",\"participants\":[{\"participantId\":\"p1\",\"joinedAt\":7}]}", method: "participants.resolve"))
        #expect(!readByCursor("{\"tournamentId\":\"t1\",\"participantIds\":[\"a\\u0062\"],\"now\":5}", method: "participants.resolve"))
        #expect(!readByCursor("{\"tournamentId\":\"t1\",\"participantIds\":[\"a\",\"..\"],\"now\":5}", method: "participants.resolve"))
    }

    @Test("matches.sections' cursor path reads a v4 match with the members the core ignores, nested or not, and declines what it does not read in full")
    func sectionsAreReadByCursor() throws {
        let golden = try #require(readFile(repositoryRoot + "/Tests/golden/matches.sections/is-favorite.request.json"))
        #expect(readByCursor(String(decoding: golden, as: UTF8.self), method: "matches.sections"))
        func match(area: String = "England", referees: String = "[]") -> String {
            #"{"area":{"id":2072,"name":"\#(area)"},"season":{"id":1,"winner":null},"id":5,"stage":"REGULAR_SEASON","group":null,"odds":{"msg":"x"},"referees":\#(referees)}"#
        }
        #expect(readByCursor(#"{"matches":["# + match() + #"],"timeZone":"Europe/London"}"#, method: "matches.sections"))
        #expect(!readByCursor(#"{"matches":["# + match(area: #"Eng\u006cand"#) + "]}", method: "matches.sections"))
        #expect(!readByCursor(#"{"matches":["# + match(referees: "[1,]") + "]}", method: "matches.sections"))
        #expect(!readByCursor(#"{"matches":[{"id":5}],"timeZone":"Mars/Olympus_Mons"}"#, method: "matches.sections"))
    }

    @Test("every tab and time range the contract names is read by the cursor path, by its bytes, and answered as the document path answers it")
    func contractWordsAreRead() {
        for tab in TournamentTab.allCases {
            let request = "{\"tournaments\":[{\"id\":\"t\",\"status\":\"completed\"}],\"tab\":\"\(tab.rawValue)\"}"
            #expect(readByCursor(request, TournamentsFilterMethod.self), "\(tab)")
            let (cursorFirst, document) = answers("tournaments.filter", request)
            #expect(cursorFirst == document, "\(tab)")
        }
        for range in AnalyticsTimeRange.allCases {
            let request = "{\"setupId\":7,\"rounds\":[{\"date\":1732000000000,\"arrows\":[{\"score\":9}]}],\"timeRange\":\"\(range.rawValue)\",\"now\":1733000000000}"
            #expect(readByCursor(request, EquipmentStatsMethod.self), "\(range)")
            let (cursorFirst, document) = answers("equipment.stats", request)
            #expect(cursorFirst == document, "\(range)")
        }
    }

    @Test("a tournament of more unknown members than the cursor path compares with each other is the document path's, and answered alike")
    func manyUnknownMembers() {
        func request(_ count: Int) -> String {
            "{\"tournaments\":[{\"id\":\"a\"" + (0..<count).map { ",\"k\($0)\":\($0)" }.joined() + "}],\"tab\":\"all\"}"
        }
        #expect(readByCursor(request(CursorReader.maxUnknownMembers), TournamentsFilterMethod.self))
        for count in [CursorReader.maxUnknownMembers + 1, 5_000] {
            #expect(!readByCursor(request(count), TournamentsFilterMethod.self))
            let (cursorFirst, document) = answers("tournaments.filter", request(count))
            #expect(cursorFirst == document)
        }
        func guests(_ count: Int) -> String {
            "{\"tournament\":{\"id\":\"t\",\"status\":\"OPEN\"" + (0..<count).map { ",\"k\($0)\":\($0)" }.joined() + "},\"participants\":[],\"currentUserId\":\"u\"}"
        }
        // guests.check reads a tournament's unknown members and leaves them, comparing none with
        // another: the cursor path reads any number of them, linearly.
        for count in [CursorReader.maxUnknownMembers + 1, 5_000] {
            #expect(readByCursor(guests(count), GuestsCheckMethod.self))
            let (cursorFirst, document) = answers("guests.check", guests(count))
            #expect(cursorFirst == document)
        }
    }

    @Test("a request in the contract's order, compact, is answered as the same request in another order, spaced, or with a member missing or unknown at an expected position")
    func contractOrderAsAnyOther() {
        let members = [
            "\"setupId\":7", "\"rounds\":[{\"id\":\"r\",\"date\":1732000000000,\"arrows\":[{\"score\":10,\"isX\":true,\"x\":-0.4,\"y\":0.04},{\"score\":3}]}]",
            "\"timeRange\":\"allTime\"", "\"now\":1733000000000",
        ]
        let inOrder = "{" + members.joined(separator: ",") + "}"
        let (cursorFirst, document) = answers("equipment.stats", inOrder)
        #expect(cursorFirst == document)
        #expect(readByCursor(inOrder))
        for request in [
            "{" + members.reversed().joined(separator: ",") + "}",
            "{ " + members.joined(separator: " , ") + " }",
            "{" + [members[0], "\"rounds\":[]", members[2], members[3]].joined(separator: ",") + "}",
            "{" + [members[0], "\"setupIdx\":1", members[1], members[2], members[3]].joined(separator: ",") + "}",
        ] {
            #expect(readByCursor(request), "\(request)")
            let (otherCursorFirst, otherDocument) = answers("equipment.stats", request)
            #expect(otherCursorFirst == otherDocument, "\(request)")
            #expect(otherCursorFirst == cursorFirst || request.contains("\"rounds\":[]"), "\(request)")
        }
        // A member repeated where the next one is expected declines, as ever.
        #expect(!readByCursor("{" + [members[0], members[0], members[1], members[3]].joined(separator: ",") + "}"))
    }

    @Test("a plain request is read by the cursor path, and a request with an escape is declined")
    func plainRequestsAreRead() {
        #expect(readByCursor("{\"setupId\":7,\"rounds\":[{\"id\":\"r\",\"date\":1732000000000,\"arrows\":[{\"score\":10,\"isX\":true,\"x\":-0.4,\"y\":0.04},{\"score\":3}]}],\"now\":1733000000000}"))
        #expect(!readByCursor("{\"setupId\":7,\"rounds\":[{\"id\":\"r\\u0031\",\"date\":1732000000000,\"arrows\":[]}],\"now\":1733000000000}"))
    }

    @Test("integers written as stores write them (n.0, an exponent) are the document path's, and answered as integers")
    func integralDoublesAreTheDocumentPaths() {
        let requests = [
            ("equipment.stats", #"{"setupId":7.0,"rounds":[{"id":"r","date":1732000000000.0,"arrows":[{"score":10.00,"isX":true}]}],"now":1733000000000.0}"#),
            ("tournaments.filter", #"{"tournaments":[{"id":"a","currentParticipants":8.0,"maxParticipants":16.000}],"limit":2.0,"tab":1.0}"#),
            ("tournaments.filter", #"{"tournaments":[{"id":"a","maxParticipants":8e0}]}"#),
            ("guests.check", #"{"limits":{"maxGuestsPerParticipant":20e-1}}"#),
        ]
        for (method, request) in requests {
            #expect(!readByCursor(request, method: method), "\(request)")
            #expect(call(method, request).hasPrefix(#"{"ok":true"#), "\(request)")
        }
        #expect(readByCursor(#"{"tournaments":[{"id":"a","maxParticipants":8}]}"#, method: "tournaments.filter"))
    }

    @Test("invalidDocuments: a request with nothing to skip is read by the cursor path; one with an invalid document is the document path's")
    func skippingIsReadUntilADocumentIsInvalid() {
        #expect(readByCursor(#"{"tournaments":[{"id":"a"},{"id":"b"}],"invalidDocuments":"skip"}"#, method: "tournaments.filter"))
        #expect(readByCursor(#"{"tournaments":[{"id":"a"}],"invalidDocuments":"reject"}"#, method: "tournaments.filter"))
        #expect(readByCursor(#"{"tournaments":[{"id":"a"}],"invalidDocuments":null}"#, method: "tournaments.filter"))
        #expect(!readByCursor(#"{"tournaments":[{"id":"a"},{"id":5}],"invalidDocuments":"skip"}"#, method: "tournaments.filter"))
        #expect(!readByCursor(#"{"tournaments":[{"id":"a"}],"invalidDocuments":"drop"}"#, method: "tournaments.filter"))
    }
}

/// Random `tournaments.filter` requests: half plain (what the cursor path reads), half with odd
/// members anywhere. Half keep their tournaments' members in one order (the cursor's key hints
/// then mostly hold), half shuffle them; keys near the known ones come up too.
enum FilterRequestGenerator {
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let odd = Bool.random(using: &generator)
        let shuffled = Bool.random(using: &generator)
        let count = Int.random(in: 0...(odd ? 12 : 200), using: &generator)
        let list = (0..<count).map { tournament($0, odd: odd, shuffled: shuffled, &generator) }
        var members = ["\"tournaments\":[" + list.joined(separator: ",") + "]"]
        if Bool.random(using: &generator) {
            members.append("\"tab\":\(pick(["\"active\"", "\"completed\"", "\"all\"", "0", "1", "2", "-7", "null", "\"ALL\"", "1.0", "99999999999999999999"], weights: [5, 5, 5, 2, 2, 2, 1, 1, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0], &generator))")
        }
        if Bool.random(using: &generator) { members.append("\"publicOnly\":\(pick(["true", "false", "null", "0"], weights: [3, 3, 1, odd ? 1 : 0], &generator))") }
        if Bool.random(using: &generator) {
            members.append("\"query\":\(pick(["\"open\"", "\"cup\"", "\" Spring \"", "\"\"", "null", "\"LYON\"", "\"\u{E9}t\u{E9}\"", "\"a\\u0062\"", "5"], weights: [4, 4, 2, 2, 2, 2, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0], &generator))")
        }
        if Bool.random(using: &generator) {
            members.append("\"limit\":\(pick(["0", "1", "3", "50", "null", "9223372036854775807", "-1", "2.5", "3.0", "3e0"], weights: [2, 3, 3, 3, 1, 1, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0], &generator))")
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            members.append("\"invalidDocuments\":\(pick(["\"skip\"", "\"reject\"", "null", "\"drop\"", "1"], weights: [4, 2, 1, odd ? 1 : 0, odd ? 1 : 0], &generator))")
        }
        if odd && Int.random(in: 0..<20, using: &generator) == 0 { members.append(pick(["\"extra\":1", "\"tab\":\"all\""], weights: [1, 1], &generator)) }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func tournament<G: RandomNumberGenerator>(_ index: Int, odd: Bool, shuffled: Bool, _ generator: inout G) -> String {
        var members = ["\"id\":\"t-\(index)\""]
        let names = ["\"Spring Open\"", "\"Summer Cup\"", "\"open air\"", "null", "\"Caf\u{E9} Open\"", "\"Tab\\tCup\"", "7"]
        if Int.random(in: 0..<5, using: &generator) > 0 { members.append("\"name\":\(pick(names, weights: [4, 4, 2, 1, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0], &generator))") }
        if Bool.random(using: &generator) { members.append("\"location\":\(pick(["\"Lyon\"", "\"Open field\"", "null"], weights: [4, 2, 1], &generator))") }
        if Int.random(in: 0..<5, using: &generator) > 0 {
            members.append("\"status\":\(pick(["\"open\"", "\"IN_PROGRESS\"", "\"completed\"", "\"Cancelled\"", "\"OPEN\"", "\"draft\"", "null", "1"], weights: [4, 4, 3, 2, 2, 1, 1, odd ? 1 : 0], &generator))")
        }
        if Bool.random(using: &generator) { members.append("\"public\":\(pick(["true", "false", "null", "\"yes\""], weights: [4, 4, 1, odd ? 1 : 0], &generator))") }
        if Bool.random(using: &generator) { members.append("\"currentParticipants\":\(pick(["0", "3", "40", "-1", "3.0", "4e1", "3.5"], weights: [2, 3, 2, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0], &generator)),\"maxParticipants\":40") }
        if Bool.random(using: &generator) { members.append("\"createdBy\":\"user-robin-hood\",\"createdAt\":1735300000000") }
        if Int.random(in: 0..<6, using: &generator) == 0 {
            // Keys a byte away from known ones, and values the cursor keeps or declines.
            let key = pick(["note", "nam", "names", "Name", "statuz", "", "currentParticipant", "currentParticipantss"], weights: [4, 1, 1, 1, 1, 1, 1, 1], &generator)
            members.append("\"\(key)\":\(pick(["null", "true", "-1.5", "\"x\"", "[1]", "{\"a\":1}", "1e3", "\"\\n\""], weights: [1, 1, 1, 1, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0], &generator))")
        }
        if odd && Int.random(in: 0..<30, using: &generator) == 0 { members.append(pick(["\"note\":2,\"note\":3", "\"id\":\"again\"", "\"id\":\"\""], weights: [1, 1, 1], &generator)) }
        if shuffled { members.shuffle(using: &generator) }
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// Random `guests.check` requests: mostly what apps send, with the variations the cursor path
/// must read exactly or decline.
enum GuestRequestGenerator {
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let users = ["\"user-1\"", "\"user-2\"", "\"user-\\u0031\"", "\"us\u{E9}r\"", "\"\"", "null", "7", "\"use\\u0301r\""]
        var members: [String] = []
        if Int.random(in: 0..<6, using: &generator) > 0 { members.append("\"tournament\":\(tournament(&generator))") }
        if Int.random(in: 0..<10, using: &generator) > 0 {
            let count = Int.random(in: 0...12, using: &generator)
            let participants = (0..<count).map { _ in participant(users, &generator) }
            members.append("\"participants\":" + pick(["[" + participants.joined(separator: ",") + "]", "null", "{}"], weights: [30, 1, 1], &generator))
        }
        if Int.random(in: 0..<8, using: &generator) > 0 { members.append("\"currentUserId\":\(pick(users, weights: [10, 10, 1, 1, 1, 1, 1, 1], &generator))") }
        if Bool.random(using: &generator) {
            let limit = { (g: inout G) in pick(["1", "2", "0", "5", "null", "-1", "2147483648", "1.5", "2.0", "20e-1", "2147483648.0"], weights: [3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1], &g) }
            let extra = Int.random(in: 0..<20, using: &generator) == 0 ? ",\"maxHosts\":1" : ""
            members.append("\"limits\":{\"maxGuestsPerParticipant\":\(limit(&generator)),\"maxTotalGuests\":\(limit(&generator))\(extra)}")
        }
        if Int.random(in: 0..<40, using: &generator) == 0 { members.append(pick(["\"name\":\"Ann\"", "\"other\":1", "\"currentUserId\":\"user-2\""], weights: [1, 1, 1], &generator)) }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: pick([",", " ,\n  ", ",\t"], weights: [10, 1, 1], &generator)) + "}"
    }

    private static func tournament<G: RandomNumberGenerator>(_ generator: inout G) -> String {
        if Int.random(in: 0..<20, using: &generator) == 0 { return pick(["null", "[]", "{}", "{\"id\":\"\"}"], weights: [1, 1, 1, 1], &generator) }
        var members = ["\"id\":\"t1\""]
        members.append("\"status\":\(pick(["\"open\"", "\"IN_PROGRESS\"", "\"completed\"", "\"Cancelled\"", "\"odd\"", "null", "3"], weights: [4, 4, 2, 2, 1, 1, 1], &generator))")
        if Bool.random(using: &generator) { members.append("\"name\":\(pick(["\"Spring Open\"", "null", "\"Z\u{FC}rich Cup\""], weights: [4, 1, 1], &generator))") }
        if Bool.random(using: &generator) { members.append("\"location\":\(pick(["\"Lyon\"", "null", "\"\""], weights: [4, 1, 1], &generator))") }
        if Bool.random(using: &generator) { members.append("\"maxParticipants\":\(pick(["40", "0", "-1"], weights: [6, 1, 1], &generator)),\"currentParticipants\":3,\"public\":true") }
        if Int.random(in: 0..<20, using: &generator) == 0 { members.append("\"createdBy\":\"u\"") }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func participant<G: RandomNumberGenerator>(_ users: [String], _ generator: inout G) -> String {
        var members = ["\"participantId\":\(pick(["\"p-1\"", "\"p-2\"", "\"\"", "null"], weights: [10, 10, 1, 1], &generator))"]
        if Int.random(in: 0..<5, using: &generator) > 0 { members.append("\"guestParticipant\":\(pick(["true", "false", "null", "1"], weights: [10, 10, 1, 1], &generator))") }
        if Int.random(in: 0..<4, using: &generator) > 0 { members.append("\"addedBy\":\(pick(users, weights: [10, 10, 1, 1, 1, 2, 1, 1], &generator))") }
        if Int.random(in: 0..<60, using: &generator) == 0 { members.append(pick(["\"extra\":[]", "\"participantId\":\"p-3\""], weights: [1, 1], &generator)) }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// Random `equipment.stats` requests: mostly what apps send, with the variations the cursor path
/// must read exactly or decline (members in any order, `null`, repeated and unknown members,
/// exponents, escapes, out-of-range values, white space, text after the object).
enum StatsRequestGenerator {
    /// A request; half of them plain (only what the cursor path reads: many arrows, each
    /// valid), the others with odd members anywhere.
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let odd = Bool.random(using: &generator)
        var members = [
            "\"setupId\":\(odd ? pick(["7", "-3", "9223372036854775807", "1.5", "\"7\"", "null", "7.0", "70e-1"], weights: [20, 2, 1, 1, 1, 1, 1, 1], &generator) : "7")",
            "\"rounds\":\(rounds(odd, &generator))",
        ]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: members.append("\"startDate\":1732000000000")
        case 1 where odd: members.append("\"startDate\":1732000000000,\"timeRange\":\"allTime\"")
        case 2: members.append("\"startDate\":1732000000000,\"timeRange\":null")
        case 3 where odd: members.append("\"timeRange\":\(pick(["\"sevenDays\"", "\"allTime\"", "\"never\"", "null", "\"thirty\\u0044ays\""], weights: [3, 3, 1, 1, 1], &generator))")
        case 4: members.append("\"timeRange\":\"sevenDays\"")
        default: break
        }
        // Always a time, so that both paths answer for the same moment.
        members.append("\"now\":\(odd ? pick(["1733000000000", "1733000000000.0", "-1"], weights: [20, 1, 1], &generator) : "1733000000000")")
        if odd && Int.random(in: 0..<20, using: &generator) == 0 { members.append("\"extra\":{\"a\":[1,2]}") }
        if odd && Int.random(in: 0..<20, using: &generator) == 0 { members.append("\"setupId\":8") }
        members.shuffle(using: &generator)
        var text = "{" + members.joined(separator: pick([",", " , ", ",\n"], weights: [20, 1, 1], &generator)) + "}"
        if odd && Int.random(in: 0..<30, using: &generator) == 0 { text += pick([" ", "\n", "x", "}", "{}"], weights: [1, 1, 1, 1, 1], &generator) }
        return text
    }

    static func rounds<G: RandomNumberGenerator>(_ odd: Bool, _ generator: inout G) -> String {
        if odd && Int.random(in: 0..<40, using: &generator) == 0 { return pick(["null", "{}", "[1]", "[{}]"], weights: [1, 1, 1, 1], &generator) }
        let rounds = (0..<Int.random(in: 0...4, using: &generator)).map { _ in round(odd, &generator) }
        return "[" + rounds.joined(separator: ",") + "]"
    }

    private static func round<G: RandomNumberGenerator>(_ odd: Bool, _ generator: inout G) -> String {
        var members = [
            "\"date\":\(pick(["1732000000000", "1730000000000", "-5", "\"today\""], weights: [20, 5, odd ? 1 : 0, odd ? 1 : 0], &generator))",
            "\"arrows\":[" + (0..<Int.random(in: 0...(odd ? 40 : 300), using: &generator)).map { _ in arrow(odd, &generator) }.joined(separator: ",") + "]",
        ]
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: members.append("\"id\":null")
        case 1 where odd: members.append("\"id\":\(pick(["\"r1\"", "\"r\\\"1\"", "\"caf\u{E9}\"", "\"\"", "3"], weights: [5, 1, 1, 1, 1], &generator))")
        case 2: break
        default: members.append("\"id\":\"round\"")
        }
        if odd && Int.random(in: 0..<30, using: &generator) == 0 { members.removeFirst() }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    static func arrow<G: RandomNumberGenerator>(_ odd: Bool, _ generator: inout G) -> String {
        let points = Int.random(in: 0...10, using: &generator)
        let score = odd && Int.random(in: 0..<60, using: &generator) == 0 ? pick(["11", "-1", "5.0", "null", "\"5\"", "50e-1", "5.5"], weights: [1, 1, 1, 1, 1, 1, 1], &generator) : String(points)
        var members = ["\"score\":\(score)"]
        if Int.random(in: 0..<8, using: &generator) == 0 {
            members.append("\"isX\":\(odd || points == 10 ? pick(["true", "false", "null", "1"], weights: [4, 4, 2, odd ? 1 : 0], &generator) : "false")")
        }
        if Bool.random(using: &generator) {
            members.append("\"x\":\(coordinate(odd, &generator))")
            members.append("\"y\":\(coordinate(odd, &generator))")
        }
        if odd && Int.random(in: 0..<200, using: &generator) == 0 { members.append("\"score\":3") }
        if odd && Int.random(in: 0..<200, using: &generator) == 0 { members.append("\"note\":\"late\"") }
        if odd && Int.random(in: 0..<100, using: &generator) == 0 { members.removeFirst() }  // no score
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func coordinate<G: RandomNumberGenerator>(_ odd: Bool, _ generator: inout G) -> String {
        if odd && Int.random(in: 0..<40, using: &generator) == 0 {
            return pick(["null", "1e2", "-2.5E-1", "1001", "1e999", "0.1234567890123456789012", "\"0.5\""], weights: [1, 1, 1, 1, 1, 1, 1], &generator)
        }
        let value = Double.random(in: -1.2...1.2, using: &generator)
        // Shortest round-trip digits (up to 17), or three decimals, or null.
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return "null"
        case 1...5: return "\(value)"
        default: return "\(Double(Int((value * 1000).rounded())) / 1000)"
        }
    }
}

/// equipment.compare requests: two setups, each with rounds (as ``StatsRequestGenerator``'s)
/// or precomputed figures, plain or odd (both, another setup's figures, the same setup twice,
/// wrong names and IDs, the time range's members as in equipment.stats).
enum CompareRequestGenerator {
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let odd = Bool.random(using: &generator)
        var members = [
            "\"setupA\":\(setup(id: 1, odd, &generator))",
            "\"setupB\":\(setup(id: odd && Int.random(in: 0..<20, using: &generator) == 0 ? 1 : 2, odd, &generator))",
        ]
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: members.append("\"startDate\":1732000000000")
        case 1 where odd: members.append("\"startDate\":1732000000000,\"timeRange\":\"allTime\"")
        case 2: members.append("\"timeRange\":\(pick(["\"sevenDays\"", "\"allTime\"", "null", "\"never\""], weights: [3, 3, 1, odd ? 1 : 0], &generator))")
        default: break
        }
        members.append("\"now\":1733000000000")
        if odd && Int.random(in: 0..<20, using: &generator) == 0 { members.append("\"extra\":[{}]") }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func setup<G: RandomNumberGenerator>(id: Int, _ odd: Bool, _ generator: inout G) -> String {
        var members = [
            "\"id\":\(odd ? pick(["\(id)", "\"\(id)\"", "\(id).5", "null"], weights: [30, 1, 1, 1], &generator) : "\(id)")",
        ]
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: break
        case 1: members.append("\"name\":null")
        case 2: members.append("\"name\":\(pick(["\"\"", "\"  \"", "\"Hoyt \\\"Formula\\\"\"", "7"], weights: [2, 2, 1, odd ? 1 : 0], &generator))")
        default: members.append("\"name\":\"Setup \(id)\"")
        }
        let figures = Int.random(in: 0..<3, using: &generator)
        if figures != 1 || (odd && Int.random(in: 0..<10, using: &generator) == 0) {
            members.append("\"rounds\":\(StatsRequestGenerator.rounds(odd, &generator))")
        }
        if figures == 1 || (odd && Int.random(in: 0..<10, using: &generator) == 0) {
            let setupId = odd && Int.random(in: 0..<10, using: &generator) == 0 ? "9" : "\(id)"
            members.append(pick([
                "\"stats\":{\"setupId\":\(setupId),\"totalArrows\":30,\"totalScore\":270,\"averageScore\":9,\"accuracy\":40,\"consistency\":90,\"xCount\":3,\"tenCount\":12,\"roundCount\":1}",
                "\"stats\":{\"totalArrows\":6,\"averageScore\":\(odd ? "10.5" : "8.5")}",
                "\"stats\":null",
                "\"drift\":{\"setupId\":\(setupId),\"xDriftAverage\":0.25,\"yDriftAverage\":-0.5,\"xSpread\":1,\"ySpread\":\(odd ? "-1" : "2"),\"arrowCount\":6}",
            ], weights: [3, 2, 1, 2], &generator))
        }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// scoring.leaderboard requests: entries with arrows (as ``StatsRequestGenerator``'s) or totals,
/// plain or odd (both, neither, Xs above 10s, null totals, bad IDs, ties).
enum LeaderboardRequestGenerator {
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let odd = Bool.random(using: &generator)
        let entries = (0..<Int.random(in: 0...12, using: &generator)).map { index in entry(index, odd, &generator) }
        var members = ["\"entries\":[" + entries.joined(separator: ",") + "]"]
        if odd && Int.random(in: 0..<20, using: &generator) == 0 { members.append("\"extra\":1") }
        if odd && Int.random(in: 0..<40, using: &generator) == 0 { members = ["\"entries\":null"] }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func entry<G: RandomNumberGenerator>(_ index: Int, _ odd: Bool, _ generator: inout G) -> String {
        var members = [
            "\"participantId\":\(odd ? pick(["\"p\(index)\"", "\"\"", "5", "null"], weights: [40, 1, 1, 1], &generator) : "\"p\(index)\"")",
        ]
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: members.append("\"displayName\":null")
        case 1: members.append("\"displayName\":\(pick(["\"Ann\"", "\"\"", "\"B\\u00e9a\"", "7"], weights: [3, 1, 1, odd ? 1 : 0], &generator))")
        default: break
        }
        let withArrows = Bool.random(using: &generator)
        if withArrows || (odd && Int.random(in: 0..<15, using: &generator) == 0) {
            let arrows = (0..<Int.random(in: 0...(odd ? 12 : 72), using: &generator)).map { _ in StatsRequestGenerator.arrow(odd, &generator) }
            members.append("\"arrows\":[" + arrows.joined(separator: ",") + "]")
        } else if Int.random(in: 0..<8, using: &generator) == 0 {
            members.append("\"arrows\":null")
        }
        if !withArrows || (odd && Int.random(in: 0..<15, using: &generator) == 0) {
            // Few distinct totals, so that ties (and their shared ranks) are common.
            let tens = Int.random(in: 0...3, using: &generator)
            let xs = odd && Int.random(in: 0..<10, using: &generator) == 0 ? tens + 1 : Int.random(in: 0...tens, using: &generator)
            if !(odd && Int.random(in: 0..<15, using: &generator) == 0) {
                members.append("\"score\":\(odd ? pick(["\(Int.random(in: 28...30, using: &generator))", "-1", "null", "2.5"], weights: [30, 1, 1, 1], &generator) : "\(Int.random(in: 28...30, using: &generator))")")
            }
            members.append("\"tens\":\(tens)")
            members.append("\"xs\":\(xs)")
            if Bool.random(using: &generator) { members.append("\"arrowCount\":3") }
        }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// participants.resolve requests: a legacy list of IDs from a small pool (so that repeats and the
/// signed-in user's ID are common), or a stored subcollection; odd ones with blank, null,
/// escaped or invalid IDs, escaped names, unknown members, wrong types.
enum ResolveRequestGenerator {
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let odd = Bool.random(using: &generator)
        var members = ["\"tournamentId\":\(odd ? pick(["\"t1\"", "\"t\\u0031\"", "\"a/b\"", "\"\"", "1"], weights: [30, 1, 1, 1, 1], &generator) : "\"t1\"")"]
        let ids = (0..<Int.random(in: 0...10, using: &generator)).map { _ in id(odd, &generator) }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            let participants = (0..<Int.random(in: 0...5, using: &generator)).map { index in participant(index, odd, &generator) }
            members.append("\"participants\":[" + participants.joined(separator: ",") + "]")
        }
        if Int.random(in: 0..<8, using: &generator) != 0 { members.append("\"participantIds\":[" + ids.joined(separator: ",") + "]") }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: break
        case 1: members.append("\"currentUser\":null")
        default:
            let name = pick(["\"Robin\"", "\"Archer 2\"", "\" \"", "null", "\"Zo\\u00eb\""], weights: [4, 1, 1, 1, odd ? 1 : 0], &generator)
            var user = ["\"uid\":\"\(pick(["u1", "u2", "u9"], weights: [1, 1, 1], &generator))\"", "\"displayName\":\(name)"]
            if Bool.random(using: &generator) { user.append("\"email\":\"robin@example.com\"") }
            user.shuffle(using: &generator)
            members.append("\"currentUser\":{" + user.joined(separator: ",") + "}")
        }
        members.append("\"now\":1733000000000")  // (without it, each path reads the clock)
        if odd && Int.random(in: 0..<20, using: &generator) == 0 { members.append("\"extra\":1") }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func id<G: RandomNumberGenerator>(_ odd: Bool, _ generator: inout G) -> String {
        let plain = "\"\(pick(["u1", "u2", "u3", "u4", "u9"], weights: [1, 1, 1, 1, 1], &generator))\""
        guard odd else { return plain }
        return pick([plain, "null", "\"\"", "\" \"", "\"u\\u0031\"", "\"..\"", "\"a/b\"", "7"], weights: [40, 2, 2, 1, 1, 1, 1, 1], &generator)
    }

    private static func participant<G: RandomNumberGenerator>(_ index: Int, _ odd: Bool, _ generator: inout G) -> String {
        var members = ["\"participantId\":\"p\(index)\""]
        if Bool.random(using: &generator) { members.append("\"displayName\":\(pick(["\"Ann\"", "\"Archer 4\"", "\"\"", "null", "\"B\\u00e9a\""], weights: [3, 1, 1, 1, 1], &generator))") }
        if Bool.random(using: &generator) { members.append("\"joinedAt\":\(Int.random(in: 0...9, using: &generator))") }
        if Bool.random(using: &generator) { members.append("\"isCreator\":\(Bool.random(using: &generator))") }
        if odd && Int.random(in: 0..<10, using: &generator) == 0 { members.append("\"role\":\"judge\"") }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// matches.sections requests: v4 matches with the members the core ignores (objects, arrays,
/// scalars, in any order), stored favourites, a segment and a time zone; odd ones with escaped,
/// non-ASCII or exponent values inside ignored members, broken ignored members, wrong types,
/// nulls and unknown time zones.
enum SectionsRequestGenerator {
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let odd = Bool.random(using: &generator)
        var members: [String] = []
        let matches = (0..<Int.random(in: 0...6, using: &generator)).map { match($0, odd, &generator) }
        members.append(#""matches":["# + matches.joined(separator: ",") + "]")
        if Bool.random(using: &generator) {
            let favorites = (0..<Int.random(in: 0...3, using: &generator)).map { favorite($0, &generator) }
            members.append(#""favorites":["# + favorites.joined(separator: ",") + "]")
        }
        if Bool.random(using: &generator) {
            members.append(#""segment":"# + pick([#""all""#, #""favorites""#, "null", #""some""#], weights: [4, 4, 1, odd ? 1 : 0], &generator))
        }
        if Int.random(in: 0..<4, using: &generator) != 0 {
            let zones = [#""Europe/London""#, #""America/New_York""#, #""UTC""#, #""Asia/Kolkata""#, "null", #""Mars/Base""#, #""Europe\/London""#, "7"]
            members.append(#""timeZone":"# + pick(zones, weights: [6, 4, 2, 2, 1, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0], &generator))
        }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func match<G: RandomNumberGenerator>(_ index: Int, _ odd: Bool, _ generator: inout G) -> String {
        let day = Int.random(in: 10...28, using: &generator)
        let hour = Int.random(in: 10...23, using: &generator)
        var members = [
            #""id":\#(100 + index)"#,
            #""utcDate":"# + pick([#""2024-03-\#(day)T\#(hour):00:00Z""#, "null", #""soon""#], weights: [8, 1, 1], &generator),
            #""status":"# + pick([#""FINISHED""#, #""TIMED""#, #""POSTPONED""#, #""CANCELLED""#, "null"], weights: [3, 3, 1, 1, 1], &generator),
            #""matchday":"# + pick(["\(day)", "null"], weights: [5, 1], &generator),
            #""homeTeam":"# + team(odd, &generator),
            #""awayTeam":"# + team(odd, &generator),
            #""score":{"winner":"# + pick([#""HOME_TEAM""#, #""AWAY_TEAM""#, #""DRAW""#, "null"], weights: [1, 1, 1, 1], &generator)
                + #","duration":"REGULAR","fullTime":{"home":\#(Int.random(in: 0...4, using: &generator)),"away":null},"halfTime":{"home":null,"away":null}}"#,
            #""competition":{"id":2021,"name":"Premier League","code":"PL","type":"LEAGUE","emblem":"https://e/PL.png"}"#,
            #""area":{"id":2072,"name":"# + ignored(odd, &generator) + #","code":"ENG","flag":null}"#,
            #""season":{"id":2287,"startDate":"2024-08-16","currentMatchday":27,"winner":"# + ignored(odd, &generator) + "}",
            #""stage":"REGULAR_SEASON""#,
            #""group":null"#,
            #""odds":{"msg":"# + ignored(odd, &generator) + "}",
            #""referees":["# + (0..<Int.random(in: 0...2, using: &generator)).map { _ in #"{"id":11,"type":"REFEREE","nationality":"# + ignored(odd, &generator) + "}" }.joined(separator: ",") + "]",
        ]
        if Bool.random(using: &generator) { members.shuffle(using: &generator) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A value the core ignores: plain, or (odd) one the cursor does not read, or broken.
    private static func ignored<G: RandomNumberGenerator>(_ odd: Bool, _ generator: inout G) -> String {
        let plain = pick([#""England""#, "null", #"[1,[2,{}],{"a":true}]"#, "-0.25", "{}"], weights: [3, 1, 1, 1, 1], &generator)
        guard odd else { return plain }
        return pick([plain, #""Eng\u006cand""#, "\"M\u{FC}nchen\"", "1e3", "12345678901234567890", "[1,]", #"{"a" 1}"#, "tru"], weights: [60, 1, 1, 1, 1, 1, 1, 1], &generator)
    }

    private static func team<G: RandomNumberGenerator>(_ odd: Bool, _ generator: inout G) -> String {
        let name = pick([#""Arsenal FC""#, #""Fulham FC""#, "null", #""Bayern M\u00fcnchen""#, "5"], weights: [4, 4, 1, odd ? 1 : 0, odd ? 1 : 0], &generator)
        return pick([#"{"id":66,"name":\#(name),"shortName":"X","tla":"XXX","crest":"https://c/66.png"}"#, "null", "{}"], weights: [8, 1, 1], &generator)
    }

    private static func favorite<G: RandomNumberGenerator>(_ index: Int, _ generator: inout G) -> String {
        #"{"id":\#(100 + index * 2),"homeTeamName":"Arsenal FC","awayTeamName":null,"utcDate":"2024-03-0\#(Int.random(in: 1...9, using: &generator))T12:00:00Z","matchday":3,"winner":null,"competitionCode":"PL"}"#
    }
}

/// One of `choices`, each as likely as its weight.
private func pick<G: RandomNumberGenerator>(_ choices: [String], weights: [Int], _ generator: inout G) -> String {
    var ticket = Int.random(in: 0..<weights.reduce(0, +), using: &generator)
    for (choice, weight) in zip(choices, weights) {
        if ticket < weight { return choice }
        ticket -= weight
    }
    return choices[choices.count - 1]
}

private extension String {
    /// The text with its first `{` replaced by `replacement`.
    func replacingFirstBrace(with replacement: String) -> String {
        guard let brace = firstIndex(of: "{") else { return self }
        let rest = self[index(after: brace)...]
        // `{}` would become `{"now":…,}`: no comma before a closing brace.
        if rest.drop(while: { $0 == " " || $0 == "\n" }).first == "}" {
            return String(self[..<brace]) + String(replacement.dropLast()) + rest
        }
        return String(self[..<brace]) + replacement + rest
    }
}

/// The example request of `method` (`examples[0]` of its request schema) as written there; nil
/// when it cannot be read.
func exampleRequest(of method: String) -> String? {
    guard let schema = readFile(repositoryRoot + "/schemas/\(method).request.schema.json") else { return nil }
    return schema.withUnsafeBufferPointer { bytes in
        try? JSONDocument.parse(bytes) { document -> String? in
            for key in document.keys(document.root) where document.string(key) == "examples" {
                let examples = key + 1
                guard document.kind(examples) == .array else { return nil }
                var elements = document.elements(examples)
                guard let first = elements.next() else { return nil }
                return String(decoding: document.sourceText(first), as: UTF8.self)
            }
            return nil
        }
    }
}

/// participants.displayName requests: the signed-in user's own entry or another participant's,
/// names plain, blank, null or missing, e-mails that give a name or none; odd ones with escapes,
/// wrong types, negative or fractional indexes and unknown members.
enum DisplayNameRequestGenerator {
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let odd = Bool.random(using: &generator)
        var members = [
            "\"participantId\":\(pick(["\"u1\"", "\"p2\"", "\"\"", "null", "\"u\\u0031\"", "7"], weights: [6, 4, 1, 1, odd ? 1 : 0, odd ? 1 : 0], &generator))",
            "\"index\":\(pick(["0", "1", "4", "12", "-1", "1.5", "2.0", "1e1", "null"], weights: [3, 3, 2, 1, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0, odd ? 1 : 0, 1], &generator))",
        ]
        if Int.random(in: 0..<5, using: &generator) > 0 {
            var user = ["\"uid\":\(pick(["\"u1\"", "\"u2\"", "null"], weights: [6, 2, odd ? 1 : 0], &generator))"]
            if Int.random(in: 0..<4, using: &generator) > 0 {
                user.append("\"displayName\":\(pick(["\"Robin\"", "\"\"", "\" \"", "null", "\"Zo\\u00eb\"", "[\"R\"]"], weights: [4, 2, 1, 1, odd ? 1 : 0, odd ? 1 : 0], &generator))")
            }
            if Bool.random(using: &generator) {
                user.append("\"email\":\(pick(["\"robin.hood@example.com\"", "\"@example.com\"", "\"robinhood\"", "null", "5"], weights: [4, 1, 1, 1, odd ? 1 : 0], &generator))")
            }
            user.shuffle(using: &generator)
            members.append("\"currentUser\":" + pick(["{" + user.joined(separator: ",") + "}", "null"], weights: [8, 1], &generator))
        }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            members.append("\"displayName\":\(pick(["\"Archer\"", "\"\"", "null", "\"Ann\\tB\"", "1"], weights: [4, 1, 1, odd ? 1 : 0, odd ? 1 : 0], &generator))")
        }
        if odd && Int.random(in: 0..<10, using: &generator) == 0 { members.append(pick(["\"extra\":1", "\"index\":2"], weights: [1, 1], &generator)) }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// participants.scorable requests: stored participants from a small pool of IDs, guests whose
/// parent is given by `parentParticipantId`, `addedBy` or neither; odd ones with escapes, wrong
/// types, blank or null parents and unknown members.
enum ScorableRequestGenerator {
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let odd = Bool.random(using: &generator)
        let users = ["\"u1\"", "\"u2\"", "\"\"", "null", "\"u\\u0031\"", "7"]
        var members: [String] = []
        if Int.random(in: 0..<12, using: &generator) > 0 {
            let participants = (0..<Int.random(in: 0...(odd ? 8 : 40), using: &generator)).map { index in
                participant(index, odd, users, &generator)
            }
            members.append("\"participants\":" + pick(["[" + participants.joined(separator: ",") + "]", "null", "{}"], weights: [30, odd ? 1 : 0, odd ? 1 : 0], &generator))
        }
        if Int.random(in: 0..<10, using: &generator) > 0 {
            members.append("\"currentUserId\":\(pick(users, weights: [10, 4, 1, 1, odd ? 1 : 0, odd ? 1 : 0], &generator))")
        }
        if odd && Int.random(in: 0..<20, using: &generator) == 0 { members.append("\"extra\":[1]") }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func participant<G: RandomNumberGenerator>(_ index: Int, _ odd: Bool, _ users: [String], _ generator: inout G) -> String {
        let guest = Bool.random(using: &generator)
        var members = ["\"participantId\":\(guest ? "\"g\(index)\"" : pick(["\"u1\"", "\"u2\"", "\"p\(index)\""], weights: [1, 1, 3], &generator))"]
        if guest || Int.random(in: 0..<4, using: &generator) == 0 {
            members.append("\"guestParticipant\":\(pick(["true", "false", "null", "\"true\""], weights: [guest ? 10 : 1, guest ? 1 : 5, 1, odd ? 1 : 0], &generator))")
        }
        if Bool.random(using: &generator) { members.append("\"parentParticipantId\":\(pick(users + ["\" \""], weights: [6, 3, 1, 1, odd ? 1 : 0, odd ? 1 : 0, 1], &generator))") }
        if Bool.random(using: &generator) { members.append("\"addedBy\":\(pick(users, weights: [6, 3, 1, 1, odd ? 1 : 0, odd ? 1 : 0], &generator))") }
        if Bool.random(using: &generator) { members.append("\"displayName\":\"Archer \(index)\",\"joinedAt\":\(index)") }
        if odd && Int.random(in: 0..<15, using: &generator) == 0 { members.append(pick(["\"role\":\"judge\"", "\"addedBy\":\"u1\""], weights: [1, 1], &generator)) }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }
}
