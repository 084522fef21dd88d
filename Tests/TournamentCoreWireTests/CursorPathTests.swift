import Testing
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

    @Test("equipment.stats answers every golden request as its document path does")
    func goldenRequests() throws {
        let cases = GoldenCase.all.filter { $0.method == "equipment.stats" }
        #expect(cases.count > 10)
        for golden in cases {
            let request = try #require(readFile(golden.path + ".request.json"))
            let text = String(decoding: request, as: UTF8.self)
            // A request without `now` is answered at the clock's time: both paths read it in the
            // same millisecond only by chance, so such requests get a `now` of their own here.
            let dated = text.contains("\"now\"") || text.contains("\"startDate\"") ? text : text.replacingFirstBrace(with: "{\"now\":1733000000000,")
            let (cursorFirst, document) = answers(golden.method, dated)
            #expect(cursorFirst == document, "\(golden.name)")
        }
    }

    /// Whether the cursor path reads `request` itself (rather than declining it).
    private func readByCursor(_ request: String) -> Bool {
        Array(request.utf8).withUnsafeBufferPointer { bytes in
            guard var cursor = JSONCursor(bytes) else { return false }
            var writer = JSONWriter()
            return EquipmentStats.respond(reading: &cursor, into: &writer)
        }
    }

    @Test("equipment.stats answers generated requests as its document path does, plain or not")
    func generatedRequests() {
        var generator = SystemRandomNumberGenerator()
        var read = 0
        for _ in 0..<2_000 {
            let request = StatsRequestGenerator.request(using: &generator)
            let (cursorFirst, document) = answers("equipment.stats", request)
            #expect(cursorFirst == document, "\(request)")
            if readByCursor(request) { read += 1 }
        }
        // Both paths are exercised: plain requests by the cursor, the rest declined to the document.
        #expect(read > 200 && read < 1_800, "\(read) of 2,000 read by the cursor")
    }

    @Test("a plain request is read by the cursor path, and a request with an escape is declined")
    func plainRequestsAreRead() {
        #expect(readByCursor("{\"setupId\":7,\"rounds\":[{\"id\":\"r\",\"date\":1732000000000,\"arrows\":[{\"score\":10,\"isX\":true,\"x\":-0.4,\"y\":0.04},{\"score\":3}]}],\"now\":1733000000000}"))
        #expect(!readByCursor("{\"setupId\":7,\"rounds\":[{\"id\":\"r\\u0031\",\"date\":1732000000000,\"arrows\":[]}],\"now\":1733000000000}"))
    }
}

/// Random `equipment.stats` requests: mostly what apps send, with the variations the cursor path
/// must read exactly or decline (members in any order, `null`, repeated and unknown members,
/// exponents, escapes, out-of-range values, white space, text after the object).
enum StatsRequestGenerator {
    static func request<G: RandomNumberGenerator>(using generator: inout G) -> String {
        var members = [
            "\"setupId\":\(pick(["7", "-3", "9223372036854775807", "1.5", "\"7\"", "null"], weights: [20, 2, 1, 1, 1, 1], &generator))",
            "\"rounds\":\(rounds(&generator))",
        ]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: members.append("\"startDate\":1732000000000")
        case 1: members.append("\"startDate\":1732000000000,\"timeRange\":\"allTime\"")
        case 2: members.append("\"startDate\":1732000000000,\"timeRange\":null")
        case 3: members.append("\"timeRange\":\(pick(["\"sevenDays\"", "\"allTime\"", "\"never\"", "null", "\"thirty\\u0044ays\""], weights: [3, 3, 1, 1, 1], &generator))")
        default: break
        }
        // Always a time, so that both paths answer for the same moment.
        members.append("\"now\":\(pick(["1733000000000", "1733000000000.0", "-1"], weights: [20, 1, 1], &generator))")
        if Int.random(in: 0..<20, using: &generator) == 0 { members.append("\"extra\":{\"a\":[1,2]}") }
        if Int.random(in: 0..<20, using: &generator) == 0 { members.append("\"setupId\":8") }
        members.shuffle(using: &generator)
        var text = "{" + members.joined(separator: pick([",", " , ", ",\n"], weights: [20, 1, 1], &generator)) + "}"
        if Int.random(in: 0..<30, using: &generator) == 0 { text += pick([" ", "\n", "x", "}", "{}"], weights: [1, 1, 1, 1, 1], &generator) }
        return text
    }

    private static func rounds<G: RandomNumberGenerator>(_ generator: inout G) -> String {
        if Int.random(in: 0..<40, using: &generator) == 0 { return pick(["null", "{}", "[1]", "[{}]"], weights: [1, 1, 1, 1], &generator) }
        let rounds = (0..<Int.random(in: 0...4, using: &generator)).map { _ in round(&generator) }
        return "[" + rounds.joined(separator: ",") + "]"
    }

    private static func round<G: RandomNumberGenerator>(_ generator: inout G) -> String {
        var members = [
            "\"date\":\(pick(["1732000000000", "1730000000000", "-5", "\"today\""], weights: [20, 5, 1, 1], &generator))",
            "\"arrows\":[" + (0..<Int.random(in: 0...40, using: &generator)).map { _ in arrow(&generator) }.joined(separator: ",") + "]",
        ]
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: members.append("\"id\":null")
        case 1: members.append("\"id\":\(pick(["\"r1\"", "\"r\\\"1\"", "\"caf\u{E9}\"", "\"\"", "3"], weights: [5, 1, 1, 1, 1], &generator))")
        default: members.append("\"id\":\"round\"")
        }
        if Int.random(in: 0..<30, using: &generator) == 0 { members.removeFirst() }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func arrow<G: RandomNumberGenerator>(_ generator: inout G) -> String {
        let score = Int.random(in: 0..<60, using: &generator) == 0 ? pick(["11", "-1", "5.0", "null", "\"5\""], weights: [1, 1, 1, 1, 1], &generator) : String(Int.random(in: 0...10, using: &generator))
        var members = ["\"score\":\(score)"]
        if Int.random(in: 0..<8, using: &generator) == 0 {
            members.append("\"isX\":\(pick(["true", "false", "null", "1"], weights: [4, 4, 2, 1], &generator))")
        }
        if Bool.random(using: &generator) {
            members.append("\"x\":\(coordinate(&generator))")
            members.append("\"y\":\(coordinate(&generator))")
        }
        if Int.random(in: 0..<200, using: &generator) == 0 { members.append("\"score\":3") }
        if Int.random(in: 0..<200, using: &generator) == 0 { members.append("\"note\":\"late\"") }
        members.shuffle(using: &generator)
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func coordinate<G: RandomNumberGenerator>(_ generator: inout G) -> String {
        switch Int.random(in: 0..<40, using: &generator) {
        case 0: return pick(["null", "1e2", "-2.5E-1", "1001", "1e999", "0.1234567890123456789012", "\"0.5\""], weights: [1, 1, 1, 1, 1, 1, 1], &generator)
        default:
            let value = Double.random(in: -1.2...1.2, using: &generator)
            return Bool.random(using: &generator) ? "\(value)" : String(Int((value * 1000).rounded())) == "0" ? "0" : "\(Double(Int((value * 1000).rounded())) / 1000)"
        }
    }

    private static func pick<G: RandomNumberGenerator>(_ choices: [String], weights: [Int], _ generator: inout G) -> String {
        var ticket = Int.random(in: 0..<weights.reduce(0, +), using: &generator)
        for (choice, weight) in zip(choices, weights) {
            if ticket < weight { return choice }
            ticket -= weight
        }
        return choices[choices.count - 1]
    }
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
