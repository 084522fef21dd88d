import Testing
import TestFiles
@testable import TournamentCoreJSON

private let suiteFolder = repositoryRoot + "/Tests/data/JSONTestSuite/test_parsing"

/// Skips the whole of `bytes` as one value, then finishes: whether the cursor read it all.
private func skipsWhole(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
        guard var cursor = JSONCursor(buffer) else { return false }
        return cursor.skipValue() && cursor.finish()
    }
}

private func skipsWhole(_ text: String) -> Bool {
    skipsWhole(Array(text.utf8))
}

/// ``JSONCursor/skipValue()``: what a decoder reads past (a member it ignores) must be checked
/// as the tape reader checks it, or a request with a broken ignored member would be answered.
@Suite("JSONCursor: skipping a value")
struct JSONCursorSkippingTests {
    @Test("a skipped member's value is read past whole, however nested, and the members after it are read")
    func skipsNestedValues() {
        let ignored = [
            #"{"b":[1,{"c":[]},"x",true,null,-0.5,[[],[{}]]],"d":{},"e":{"f":{"g":[0]}}}"#,
            #"[ 1 , [ ] , { } , { "k" : [ null ] } ]"#, "{}", "[]", #""text""#, "-12.5", "0", "true", "false", "null",
        ]
        for value in ignored {
            var seen: [String] = []
            var seven: Int64?
            let text = #"{"a": "# + value + #" ,"z":7}"#
            let finished = Array(text.utf8).withUnsafeBufferPointer { bytes -> Bool in
                guard var cursor = JSONCursor(bytes), cursor.enterObject() else { return false }
                while let key = cursor.nextKey() {
                    let name = String(decoding: key, as: UTF8.self)
                    seen.append(name)
                    if name == "a" { _ = cursor.skipValue() } else { seven = cursor.int64() }
                }
                return cursor.finish()
            }
            #expect(finished && seen == ["a", "z"] && seven == 7, "\(value)")
        }
    }

    @Test("a value that is no JSON, or that the cursor does not read, is not skipped", arguments: [
        "[1,]", "[,1]", "[1 2]", "{\"a\" 1}", "{\"a\":1,}", "{\"a\"}", "{1:2}", "[}", "{]", "[[1]", "{\"a\":{}",
        "[tru]", "[nul]", "[01]", "[-]", "[1.]", "\"a\\nb\"", "[\"caf\u{E9}\"]", "[1e5]", "[12345678901234567890]", "", " ", "]",
    ])
    func declinesWhatIsNotRead(text: String) {
        #expect(!skipsWhole(text))
    }

    @Test("nesting is skipped to the depth a document may have, and one level deeper declines, as the tape reader refuses it")
    func depthLimit() {
        for depth in [JSONLimits.maxDepth, JSONLimits.maxDepth + 1] {
            for (open, close) in [("[", "]"), ("{\"k\":", "}")] {
                let text = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                let documentAccepts = if case .success = parse(text) { true } else { false }
                #expect(skipsWhole(text) == (depth <= JSONLimits.maxDepth), "\(open) × \(depth)")
                #expect(skipsWhole(text) == documentAccepts, "\(open) × \(depth)")
            }
        }
    }

    @Test("JSONTestSuite: every text skipped whole is one the tape reader accepts, and a valid one is skipped exactly when it is plain")
    func suiteAgreesWithDocument() throws {
        var skipped = 0
        for name in listFolder(suiteFolder) {
            let text = try #require(readFile(suiteFolder + "/" + name))
            let isSkipped = skipsWhole(text)
            if name.hasPrefix("y_") {
                #expect(isSkipped == isPlain(text), "\(name)")
            }
            guard isSkipped else { continue }
            skipped += 1
            if case .failure(let error) = parse(text) {
                Issue.record("\(name): skipped, but the document refuses it: \(error.message)")
            }
        }
        #expect(skipped > 40, "\(skipped) files skipped")
    }

    @Test("a container repeated at a member's position is read past by its bytes, and one that differs by a byte is read again, and declines when broken")
    func skipsRepeatedValues() {
        let area = #"{"id":2072,"name":"England","flag":[1,{"x":null}]}"#
        let broken = #"{"id":2072,"name":"England","flag":[1,{"x":null]}}"#  // as long, one bracket swapped
        let other = #"{"id":2073,"name":"Scotland"}"#
        #expect(area.utf8.count == broken.utf8.count)
        let object = { (area: String) in #"{"area":"# + area + #","id":7}"# }
        let cases: [([String], [Int64]?)] = [
            ([area, area, area], [7, 7, 7]),
            ([area, other, area, other], [7, 7, 7, 7]),
            ([area, broken], nil),
            ([area, area, broken], nil),
            ([area, "[]", "[]", "{}", area], [7, 7, 7, 7, 7]),
        ]
        for (areas, expected) in cases {
            let text = "[" + areas.map(object).joined(separator: ",") + "]" + String(repeating: " ", count: 32)
            var ids: [Int64] = []
            let finished = Array(text.utf8).withUnsafeBufferPointer { bytes -> Bool in
                guard var cursor = JSONCursor(bytes), cursor.enterArray() else { return false }
                var hints = JSONCursor.MemberPrefixes()
                while cursor.nextElement() {
                    guard cursor.enterObject() else { return false }
                    var position = 0
                    while let key = cursor.nextKey() {
                        if String(decoding: key, as: UTF8.self) == "area" {
                            _ = cursor.skipValue(at: position, hints: &hints)
                        } else if let id = cursor.int64() {
                            ids.append(id)
                        }
                        position += 1
                    }
                }
                return cursor.finish()
            }
            #expect((finished ? ids : nil) == expected, "\(areas)")
        }
    }

    @Test("a container read past by its bytes is one read before inside as many containers or more: deeper, it is read again, and declines past the nesting limit")
    func repeatedValueKeepsDepthLimit() {
        // A value nested one level less than the limit allows at the top: whole inside one
        // array, one level too deep inside two.
        let inner = String(repeating: "[", count: JSONLimits.maxDepth - 1) + String(repeating: "]", count: JSONLimits.maxDepth - 1)
        let text = "[" + inner + ",[" + inner + "]]"
        let documentRefuses = if case .failure = parse(text) { true } else { false }
        #expect(documentRefuses)
        let skipped = Array(text.utf8).withUnsafeBufferPointer { bytes -> [Bool] in
            guard var cursor = JSONCursor(bytes), cursor.enterArray(), cursor.nextElement() else { return [] }
            var hints = JSONCursor.MemberPrefixes()
            let first = cursor.skipValue(at: 0, hints: &hints)
            guard cursor.nextElement(), cursor.enterArray(), cursor.nextElement() else { return [first] }
            return [first, cursor.skipValue(at: 0, hints: &hints)]
        }
        #expect(skipped == [true, false])
    }

    /// What the cursor reads of a valid text: nothing past ASCII but white space, no escape, no
    /// exponent, no number of more than 19 digits.
    private func isPlain(_ text: [UInt8]) -> Bool {
        var digits = 0
        for byte in text {
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if byte >= 0x80 || byte == UInt8(ascii: "\\") || (byte < 0x20 && byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09) {
                return false
            }
            if digits > 0 && (byte | 0x20) == UInt8(ascii: "e") { return false }
            digits = isDigit ? digits + 1 : 0
            if digits > 19 { return false }
        }
        return true
    }
}
