#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestFiles
@testable import TournamentCoreJSON

/// Reads `text` with a cursor through `body`, then `finish()`: whether it read the whole text.
private func read(_ text: String, _ body: (inout JSONCursor) -> Void) -> Bool {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
        guard var cursor = JSONCursor(bytes) else { return false }
        body(&cursor)
        return cursor.finish()
    }
}

/// Reads `text` as ``read(_:_:)`` does, from the very end of a readable page whose next page
/// cannot be read: a load past the text's end stops the test process, where the spare capacity
/// of an array would hide it.
private func readAtPageEnd(_ text: String, _ body: (inout JSONCursor) -> Void) -> Bool {
    let bytes = Array(text.utf8)
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    guard bytes.count <= page, let mapping = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
          mapping != MAP_FAILED, mprotect(mapping + page, page, PROT_NONE) == 0
    else { return false }
    defer { munmap(mapping, 2 * page) }
    let start = (mapping + page - bytes.count).assumingMemoryBound(to: UInt8.self)
    start.initialize(from: bytes, count: bytes.count)
    guard var cursor = JSONCursor(UnsafeBufferPointer(start: start, count: bytes.count)) else { return false }
    body(&cursor)
    return cursor.finish()
}

/// The number `text` as the cursor reads it (`[text]`, as a double and, when it is one, an
/// integer), or nil when it declined.
private func cursorNumber(_ text: String) -> (Double, Int64?)? {
    var double: Double?
    var integer: Int64?
    let asDouble = read("[\(text)]") { cursor in
        _ = cursor.enterArray()
        _ = cursor.nextElement()
        double = cursor.double()
        _ = cursor.nextElement()
    }
    _ = read("[\(text)]") { cursor in
        _ = cursor.enterArray()
        _ = cursor.nextElement()
        integer = cursor.int64()
        _ = cursor.nextElement()
    }
    guard asDouble, let double else { return nil }
    return (double, integer)
}

/// The integer a cursor gives for `text`: the document's for an integer literal, nil
/// (declined to the document path) for a number written with a fraction or an exponent,
/// integral or not (`1.0` is 1 to a document; the cursor leaves it to the document).
private func expectedCursorInteger(_ text: String, document: Int64?) -> Int64? {
    text.contains(where: { ".eE".contains($0) }) ? nil : document
}

/// The number `text` as a document reads it (`[text]`), or nil when it is no number.
private func documentNumber(_ text: String) -> (Double?, Int64?)? {
    let bytes = Array("[\(text)]".utf8)
    return bytes.withUnsafeBufferPointer { buffer in
        try? JSONDocument.parse(buffer) { document -> (Double?, Int64?)? in
            let element = 1
            guard document.kind(element) == .number else { return nil }
            return (document.double(element), document.int64(element))
        }
    }.flatMap { $0 }
}

@Suite("JSONCursor")
struct JSONCursorTests {
    @Test("a cursor reads an object's keys and values in order, with white space anywhere")
    func readsObject() {
        var seen: [String] = []
        let finished = read(" {\t\"a\" : 1 ,\n\"b\":[true, false ,null],\"c\":\"text\", \"d\":{} }\r\n") { cursor in
            guard cursor.enterObject() else { return }
            while let key = cursor.nextKey() {
                let name = String(decoding: key, as: UTF8.self)
                seen.append(name)
                switch name {
                case "a": seen.append("\(cursor.int64() ?? -1)")
                case "b":
                    _ = cursor.enterArray()
                    while cursor.nextElement() {
                        if cursor.takeNull() { seen.append("null") } else { seen.append("\(cursor.bool() ?? false)") }
                    }
                case "c": seen.append(cursor.string().map { String(decoding: $0, as: UTF8.self) } ?? "?")
                default:
                    _ = cursor.enterObject()
                    while cursor.nextKey() != nil { cursor.decline() }
                }
            }
        }
        #expect(finished)
        #expect(seen == ["a", "1", "b", "true", "false", "null", "c", "text", "d"])
    }

    @Test("numbers read by a cursor are the values a document gives", arguments: [
        "0", "-0", "7", "-12", "10", "1735300000000", "9223372036854775807", "-9223372036854775808",
        "0.5", "-0.104", "0.40000000000000002", "0.071999999999999995", "123456789.123456789",
        "1.0", "100.25", "0.000001", "-9007199254740992", "0.1234567890123456789",
    ])
    func numbersAsDocument(text: String) throws {
        let document = try #require(documentNumber(text))
        let cursor = try #require(cursorNumber(text), "declined \(text)")
        #expect(cursor.0.bitPattern == document.0?.bitPattern)
        #expect(cursor.1 == expectedCursorInteger(text, document: document.1))
    }

    @Test("a one-digit integer that a comma or bracket ends is its digit; any other integer takes the long way to the same rules")
    func oneDigitIntegers() {
        // The integers of an array (`[...]`) or of an object's members, read until one declines.
        func integers(_ text: String) -> [Int64?] {
            var values: [Int64?] = []
            _ = read(text) { cursor in
                if text.hasPrefix("[") {
                    guard cursor.enterArray() else { return }
                    while cursor.nextElement() { values.append(cursor.int64()); if cursor.declined { return } }
                } else {
                    guard cursor.enterObject() else { return }
                    while cursor.nextKey() != nil { values.append(cursor.int64()); if cursor.declined { return } }
                }
            }
            return values
        }
        #expect(integers("[0,5,9]") == [0, 5, 9])
        #expect(integers("{\"a\":7,\"b\":3}") == [7, 3])
        #expect(integers("[1 ,2\t]") == [1, 2])
        #expect(integers("[-3,10,42]") == [-3, 10, 42])
        // Not a one-digit integer: a leading zero, a fraction, an exponent decline as before.
        #expect(integers("[05]") == [nil])
        #expect(integers("[5.0]") == [nil])
        #expect(integers("[5e0]") == [nil])
        // The digit is the text's last byte, before a page that cannot be read: nothing to look
        // past (the long way). Its bracket the last byte: the short way, reading no further.
        var last: Int64?
        #expect(readAtPageEnd("7") { cursor in last = cursor.int64() })
        #expect(last == 7)
        last = nil
        #expect(readAtPageEnd("[8]") { cursor in
            _ = cursor.enterArray()
            _ = cursor.nextElement()
            last = cursor.int64()
            _ = cursor.nextElement()
        })
        #expect(last == 8)
    }

    @Test("random numbers read by a cursor are the values a document gives")
    func randomNumbers() throws {
        var generator = SeededGenerator()
        for _ in 0..<3_000 {
            let integerDigits = Int.random(in: 1...12, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            if Bool.random(using: &generator) {
                text += "."
                for _ in 0..<Int.random(in: 1...(19 - integerDigits + 1), using: &generator) {
                    text += String(Int.random(in: 0...9, using: &generator))
                }
            }
            let document = try #require(documentNumber(text))
            guard let cursor = cursorNumber(text) else {
                // Only a mantissa past 19 digits may decline here.
                #expect(text.filter(\.isNumber).count > 19, "seed \(generator.seed): declined \(text)")
                continue
            }
            #expect(cursor.0.bitPattern == document.0?.bitPattern, "seed \(generator.seed): \(text)")
            #expect(cursor.1 == expectedCursorInteger(text, document: document.1), "seed \(generator.seed): \(text)")
        }
    }

    @Test("a number exactly halfway between two doubles declines as a double (the document reads its text)")
    func halfwayDeclines() throws {
        #expect(cursorNumber("9007199254740993") == nil)
        let document = try #require(documentNumber("9007199254740993"))
        #expect(document.0 == 9007199254740992 && document.1 == 9007199254740993)
    }

    @Test("numbers the cursor does not read as exact, or that are no JSON, decline", arguments: [
        "01", "-01", "1.", ".5", "-", "+1", "1e5", "1E5", "1.5e-3", "0x10", "12345678901234567890",
        "1.2.3", "--1", "Infinity", "NaN", "1 2",
    ])
    func numbersDecline(text: String) {
        #expect(cursorNumber(text) == nil)
    }

    @Test("strings with an escape, a control character or a byte past ASCII decline", arguments: [
        "\"a\\\"b\"", "\"a\\nb\"", "\"tab\there\"", "\"caf\u{E9}\"", "\"\u{1F3AF}\"", "\"unclosed",
    ])
    func stringsDecline(text: String) {
        let finished = read("[\(text)]") { cursor in
            _ = cursor.enterArray()
            _ = cursor.nextElement()
            _ = cursor.string()
            _ = cursor.nextElement()
        }
        #expect(!finished)
    }

    @Test("text that is no JSON, or more than the value, declines", arguments: [
        "[1,]", "[1 2]", "[,1]", "{\"a\" 1}", "{\"a\":1,}", "{\"a\":1", "[1]]", "[1] x", "[tru]", "[nul]", "{1:2}",
    ])
    func structureDeclines(text: String) {
        let finished = read(text) { cursor in
            if text.hasPrefix("{") {
                guard cursor.enterObject() else { return }
                while cursor.nextKey() != nil { _ = cursor.int64() }
            } else {
                guard cursor.enterArray() else { return }
                while cursor.nextElement() {
                    if cursor.takeNull() { continue }
                    if cursor.bool() == nil { _ = cursor.int64() }
                }
            }
        }
        #expect(!finished)
    }

    @Test("a cursor that stops inside a container does not finish, and keys at the text's end are read within it")
    func unclosedAndShortTail() {
        #expect(!read("[[1]") { cursor in
            _ = cursor.enterArray()
            _ = cursor.nextElement()
            _ = cursor.enterArray()
            while cursor.nextElement() { _ = cursor.int64() }
        })
        let table = JSONKeyTable(keys: ["ab"])
        var found: Int?
        #expect(read("{\"ab\":1}") { cursor in
            _ = cursor.enterObject()
            found = cursor.nextKey(in: table)
            _ = cursor.int64()
            _ = cursor.nextKey(in: table)
        })
        #expect(found == 0)
        for text in ["{\"\":1}", "{\"\":1,\"abcdefgh\":2}"] {  // an empty key near the end, and before more text
            #expect(!read(text) { cursor in
                _ = cursor.enterObject()
                while cursor.nextKey(in: table) != nil { _ = cursor.int64() }
            })
        }
    }

    @Test("an empty text has no cursor, and a declined cursor stays declined")
    func emptyAndSticky() {
        #expect([UInt8]().withUnsafeBufferPointer { JSONCursor($0) } == nil)
        let finished = read("[1,2,3]") { cursor in
            _ = cursor.enterArray()
            _ = cursor.nextElement()
            cursor.decline()
            #expect(cursor.int64() == nil && !cursor.nextElement() && cursor.string() == nil && cursor.declined)
        }
        #expect(!finished)
    }

    @Test("keys are found in a key table by their bytes, short or long, and unknown keys decline")
    func keysInTable() {
        let table = JSONKeyTable(keys: ["id", "currentParticipants", "x"])
        var found: [Int] = []
        let finished = read("{\"x\":1,\"currentParticipants\":2,\"id\":3}") { cursor in
            _ = cursor.enterObject()
            while let index = cursor.nextKey(in: table) {
                found.append(index)
                _ = cursor.int64()
            }
        }
        #expect(finished && found == [2, 1, 0])
        let unknown = read("{\"y\":1}") { cursor in
            _ = cursor.enterObject()
            while cursor.nextKey(in: table) != nil { _ = cursor.int64() }
        }
        #expect(!unknown)
    }

    /// The members (key, index) of an array of objects of `text`, read with hints kept across
    /// the objects or with none; nil when the cursor declined. The text is read with white space
    /// after it, so that even its last member has the hints' window of bytes after its start.
    /// With `expected`, each object is read with no hints of its own, the table's expected
    /// texts tried first (``JSONCursor/nextMember(in:at:)``).
    private func members(
        _ text: String, in table: JSONKeyTable, hinted: Bool, expected: Bool = false, seeded: Bool = false, atPageEnd: Bool = false
    ) -> [[String]]? {
        var objects: [[String]] = []
        let reader = { (body: (inout JSONCursor) -> Void) -> Bool in
            atPageEnd ? readAtPageEnd(text, body) : read(text + String(repeating: " ", count: 32), body)
        }
        let fresh = { seeded ? JSONCursor.MemberPrefixes(expecting: table) : JSONCursor.MemberPrefixes() }
        let finished = reader { cursor in
            guard cursor.enterArray() else { return }
            var hints = fresh()
            while cursor.nextElement() {
                guard cursor.enterObject() else { return }
                if !hinted { hints = fresh() }
                var object: [String] = []
                var count = 0
                while let (key, index) = expected ? cursor.nextMember(in: table, at: count) : cursor.nextMember(in: table, at: count, hints: &hints) {
                    object.append("\(String(decoding: key, as: UTF8.self))=\(index.map(String.init) ?? "none")")
                    _ = cursor.int64()
                    count += 1
                }
                objects.append(object)
            }
        }
        return finished ? objects : nil
    }

    /// The members of an array of objects of `text` read with ``JSONCursor/nextKey()`` (no hint,
    /// no one-comparison path), the keys looked up in `table`; nil when the cursor declined.
    private func plainMembers(_ text: String, in table: JSONKeyTable) -> [[String]]? {
        var objects: [[String]] = []
        let finished = read(text) { cursor in
            guard cursor.enterArray() else { return }
            while cursor.nextElement() {
                guard cursor.enterObject() else { return }
                var object: [String] = []
                while let key = cursor.nextKey() {
                    object.append("\(String(decoding: key, as: UTF8.self))=\(table.index(of: key).map(String.init) ?? "none")")
                    _ = cursor.int64()
                }
                objects.append(object)
            }
        }
        return finished ? objects : nil
    }

    @Test("members read with key hints are the members read without: same keys, same indices, unknown keys too")
    func hintedMembersAsUnhinted() {
        let table = JSONKeyTable(keys: ["id", "name", "currentParticipants", "maxParticipants", "x"])
        let keys = ["id", "name", "nam", "names", "currentParticipants", "currentParticipantz", "maxParticipants", "x", "", "y", "createdBy", "createdAt"]
        var generator = SeededGenerator()
        for _ in 0..<500 {
            var order = keys.shuffled(using: &generator).prefix(Int.random(in: 0...14, using: &generator))
            let objects = (0..<Int.random(in: 1...6, using: &generator)).map { _ -> String in
                // Mostly the previous object's keys in its order, sometimes one changed or moved.
                if Int.random(in: 0..<3, using: &generator) == 0, !order.isEmpty {
                    order[order.startIndex + Int.random(in: 0..<order.count, using: &generator)] = keys.randomElement(using: &generator) ?? "id"
                }
                // White space around the tokens, mostly none, sometimes different from one
                // object to the next (the run before a value then differs with equal keys).
                let space = { () -> String in ["", "", "", " ", "\n  "][Int.random(in: 0..<5, using: &generator)] }
                return "{" + order.enumerated().map { "\(space())\"\($0.element)\"\(space()):\(space())\($0.offset)\(space())" }.joined(separator: ",") + "}"
            }
            let text = "[" + objects.joined(separator: ",") + "]"
            let hinted = members(text, in: table, hinted: true)
            #expect(hinted != nil, "seed \(generator.seed): \(text)")
            #expect(hinted == members(text, in: table, hinted: false), "seed \(generator.seed): \(text)")
            #expect(hinted == plainMembers(text, in: table), "seed \(generator.seed): \(text)")
            #expect(hinted == members(text, in: table, hinted: true, atPageEnd: true), "seed \(generator.seed): \(text)")
        }
    }

    @Test("text that is no JSON after runs that are hints' is declined: a missing or extra comma, no colon")
    func hintsDoNotPassInvalidText() {
        let table = JSONKeyTable(keys: ["a", "b"])
        for text in [
            "[{\"a\":1,\"b\":2},{\"a\":1\"b\":2}]", "[{\"a\":1,\"b\":2},{\"a\":1,\"b\":2,}]", "[{\"a\":1},{\"a\" 1}]",
            "[{\"a\":1,\"b\":2},{\"a\":1,,\"b\":2}]", "[{\"a\":1},{,\"a\":1}]", "[{\"a\":1,\"b\":2},{\"b\":2,}]",
            "[{\"a\":1\"b\":2}]", "[{,\"a\":1}]", "[{\"a\":1,,\"b\":2}]", "[{\"a\":1,\"b\":2,}]",
        ] {
            #expect(members(text, in: table, hinted: true) == nil, "\(text)")
            #expect(members(text, in: table, hinted: false) == nil, "\(text)")
            #expect(members(text, in: table, hinted: false, expected: true) == nil, "\(text)")
            #expect(members(text, in: table, hinted: true, seeded: true) == nil, "\(text)")
        }
    }

    @Test("members tried as the table orders them are the members read without: in its order or not, white space, unknown keys, near the end, as an array's seeded hints too")
    func expectedMembersAsPlain() {
        let keys = ["id", "name", "currentParticipants", "maxParticipants", "x"]
        let table = JSONKeyTable(keys: keys)
        let others = ["nam", "names", "currentParticipantz", "", "y", "createdBy"]
        var generator = SeededGenerator()
        for _ in 0..<500 {
            let objects = (0..<Int.random(in: 1...4, using: &generator)).map { _ -> String in
                // Mostly the table's keys in its order (a prefix of them), sometimes one replaced,
                // moved or followed by others.
                var order = Array(keys.prefix(Int.random(in: 0...5, using: &generator)))
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !order.isEmpty:
                    order[Int.random(in: 0..<order.count, using: &generator)] = (keys + others).randomElement(using: &generator) ?? "id"
                case 1: order.shuffle(using: &generator)
                case 2: order += others.shuffled(using: &generator).prefix(2)
                default: break
                }
                let space = { () -> String in ["", "", "", "", " ", "\n  "][Int.random(in: 0..<6, using: &generator)] }
                return "{" + order.enumerated().map { "\(space())\"\($0.element)\"\(space()):\(space())\($0.offset)\(space())" }.joined(separator: ",") + "}"
            }
            let text = "[" + objects.joined(separator: ",") + "]"
            let expected = members(text, in: table, hinted: false, expected: true)
            #expect(expected != nil, "seed \(generator.seed): \(text)")
            #expect(expected == plainMembers(text, in: table), "seed \(generator.seed): \(text)")
            #expect(expected == members(text, in: table, hinted: false, expected: true, atPageEnd: true), "seed \(generator.seed): \(text)")
            // An array's hints seeded with the expected texts (JSONCursor.MemberPrefixes(expecting:)).
            #expect(expected == members(text, in: table, hinted: true, seeded: true), "seed \(generator.seed): \(text)")
            #expect(expected == members(text, in: table, hinted: true, seeded: true, atPageEnd: true), "seed \(generator.seed): \(text)")
            #expect(expected == members(text, in: table, hinted: false, seeded: true), "seed \(generator.seed): \(text)")
        }
    }

    @Test("a table's expected texts: its keys in order without white space, none past the hints' positions, for a key that needs escaping or one too long")
    func expectedMembersOfATable() {
        let keys = (0..<14).map { "k\($0)" }
        let table = JSONKeyTable(keys: keys)
        let texts = (0..<14).map { position in
            table.expectedMember(at: position).map { hint in
                withUnsafeBytes(of: hint.words) { String(decoding: $0.prefix(Int(hint.length)), as: UTF8.self) }
            }
        }
        #expect(texts == ["\"k0\":"] + (1..<12).map { ",\"k\($0)\":" } + [nil, nil])
        #expect(table.expectedMember(at: 3)?.index == 3)
        // Hints seeded from the table hold the same texts, and nothing else: no skipped value.
        var seeded = JSONCursor.MemberPrefixes(expecting: table)
        #expect((0..<12).map { seeded.hint($0).length } == (0..<12).map { table.expectedMember(at: $0)?.length ?? -1 })
        #expect((0..<12).map { seeded.hint($0).index } == Array(0..<12))
        #expect((0..<JSONCursor.MemberPrefixes.skippedCount).allSatisfy { seeded.skippedValue($0).length == 0 })
        // 20 bytes of key: `,"…":` is 24 bytes, a hint's window; 21 are one too many (but fit
        // at the first position, which has no comma).
        let long = JSONKeyTable(keys: [String(repeating: "a", count: 21), String(repeating: "b", count: 20), String(repeating: "c", count: 21), "q\"", "\u{1}"])
        #expect((0..<5).map { long.expectedMember(at: $0)?.length ?? -1 } == [24, 24, 0, 0, 0])
        let text = "[{\"\(String(repeating: "a", count: 21))\":1,\"\(String(repeating: "b", count: 20))\":2,\"\(String(repeating: "c", count: 21))\":3}]"
        #expect(members(text, in: long, hinted: false, expected: true) == plainMembers(text, in: long))
        #expect(members(text, in: long, hinted: true, seeded: true) == plainMembers(text, in: long))
        // A key with a byte past ASCII has no expected text: the cursor declines such a key, and
        // so must its hints.
        let accented = JSONKeyTable(keys: ["caf\u{E9}", "b"])
        #expect(accented.expectedMember(at: 0)?.length == 0)
        #expect(accented.expectedMember(at: 1)?.length == 5)
        #expect(members("[{\"caf\u{E9}\":1,\"b\":2}]", in: accented, hinted: true, seeded: true) == nil)
    }

    @Test("a run is compared up to its last byte, whatever its length across the hint's three words")
    func hintComparesEveryByte() {
        // Runs of `,"key":` of 8, 9, 16, 17 and 24 bytes (and `"key":` of 7, 8, 15, 16, 23 at
        // the first position), then the same key with a space before its colon: only the run's
        // last byte differs from the hint, and the member must be read all the same.
        for length in [4, 5, 12, 13, 20] {
            let key = String(repeating: "k", count: length)
            let table = JSONKeyTable(keys: [key, "a"])
            let plain = "{\"a\":1,\"\(key)\":2}", spaced = "{\"a\":1,\"\(key)\" :2}"
            let first = "{\"\(key)\":1}", firstSpaced = "{\"\(key)\" :1}"
            #expect(members("[\(plain),\(spaced),\(plain)]", in: table, hinted: true) == [["a=1", "\(key)=0"], ["a=1", "\(key)=0"], ["a=1", "\(key)=0"]], "\(length)")
            #expect(members("[\(first),\(firstSpaced),\(first)]", in: table, hinted: true) == [["\(key)=0"], ["\(key)=0"], ["\(key)=0"]], "\(length)")
        }
    }

    @Test("a key whose bytes are a hint's without its closing quote after them is not the hint's key")
    func hintNeedsItsQuote() {
        let table = JSONKeyTable(keys: ["id"])
        #expect(members("[{\"id\":1},{\"id\":2}]", in: table, hinted: true) == [["id=0"], ["id=0"]])
        #expect(members("[{\"id\":1},{\"idx\":2}]", in: table, hinted: true) == [["id=0"], ["idx=none"]])
        #expect(members("[{\"id\":1},{\"idx:2}]", in: table, hinted: true) == nil)
        #expect(members("[{\"idx\":1},{\"id\":2}]", in: table, hinted: true) == [["idx=none"], ["id=0"]])
    }

    /// The objects of the array `text` (each as its members' `key=value` list), entered with
    /// ``JSONCursor/enterNextObject()`` or with `nextElement()` then `enterObject()`; nil when
    /// the cursor declined.
    private func objects(_ text: String, merged: Bool) -> [[String]]? {
        var objects: [[String]] = []
        let finished = read(text) { cursor in
            guard cursor.enterArray() else { return }
            while merged ? cursor.enterNextObject() : cursor.nextElement() && cursor.enterObject() {
                var object: [String] = []
                while let key = cursor.nextKey() {
                    object.append("\(String(decoding: key, as: UTF8.self))=\(cursor.int64() ?? -1)")
                }
                objects.append(object)
            }
        }
        return finished ? objects : nil
    }

    @Test("the next object of an array is entered as nextElement then enterObject enter it: separators, white space, ends and non-objects alike")
    func enterNextObjectAsTwoSteps() {
        let elements = ["{}", "{\"a\":1}", "{\"a\":1,\"b\":2}", "1", "[]", "\"{\"", "null"]
        let separators = [",", ",", ",", " ,", ", ", ",\n", ""]
        var generator = SeededGenerator()
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...5, using: &generator)
            var text = "[" + (Bool.random(using: &generator) ? " " : "")
            for index in 0..<count {
                if index > 0 { text += separators.randomElement(using: &generator) ?? "," }
                text += Int.random(in: 0..<4, using: &generator) == 0 ? elements.randomElement(using: &generator) ?? "{}" : elements[Int.random(in: 0..<3, using: &generator)]
            }
            text += Bool.random(using: &generator) ? "]" : " ]"
            #expect(objects(text, merged: true) == objects(text, merged: false), "seed \(generator.seed): \(text)")
        }
        #expect(objects("[{},{\"a\":1}]", merged: true) == [[], ["a=1"]])
        // Ends the two-byte comparison must not read past.
        for text in ["[{},", "[{}", "[{},{", "[{}]", "[{},{}]"] {
            var entered = 0
            let finished = readAtPageEnd(text) { cursor in
                guard cursor.enterArray() else { return }
                while cursor.enterNextObject() {
                    entered += 1
                    _ = cursor.nextKey()
                }
            }
            let complete = text.hasSuffix("]")  // the others end too early, and decline
            #expect(finished == complete, "\(text)")
            if complete { #expect(entered == text.filter { $0 == "{" }.count, "\(text)") }
        }
        #expect(objects("[{},1]", merged: true) == nil)
        #expect(objects("[{}{}]", merged: true) == nil)
    }

    @Test("objects at the deepest nesting allowed are entered, first or next; one level deeper declines")
    func enterNextObjectDepth() {
        let deepest = JSONLimits.maxDepth - 1  // arrays around the array of objects
        for (depth, entered) in [(deepest - 1, true), (deepest, false)] {
            let wrap = { (inner: String) in String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth) }
            // Read to the array, then its objects; after a number, an object comes after `,`.
            let readObjects = { (text: String, number: Bool) -> (Bool, Int) in
                var objects = 0
                let finished = read(text) { cursor in
                    for _ in 0..<depth { _ = cursor.enterArray(); _ = cursor.nextElement() }
                    guard cursor.enterArray() else { return }
                    if number { _ = cursor.nextElement(); _ = cursor.int64() }
                    while cursor.enterNextObject() {
                        objects += 1
                        _ = cursor.nextKey()
                    }
                    for _ in 0..<depth { _ = cursor.nextElement() }
                }
                return (finished, objects)
            }
            let (firstFinished, firstObjects) = readObjects(wrap("[{},{}]"), false)
            #expect(firstFinished == entered && firstObjects == (entered ? 2 : 0), "depth \(depth)")
            let (nextFinished, nextObjects) = readObjects(wrap("[1,{}]"), true)
            #expect(nextFinished == entered && nextObjects == (entered ? 1 : 0), "depth \(depth), after a number")
        }
    }

    @Test("a member whose text runs past the hints' window is not taken for the previous object's, even when the window's bytes are its")
    func hintWindowEnds() {
        let long = String(repeating: "k", count: 30)
        let table = JSONKeyTable(keys: [long + "a"])
        #expect(members("[{\"\(long)a\":1},{\"\(long)b\":2},{\"\(long)a\":3}]", in: table, hinted: true) == [["\(long)a=0"], ["\(long)b=none"], ["\(long)a=0"]])
        #expect(members("[{\"id\":1,  \"\(long)a\":1},{\"id\":1,  \"\(long)b\":2}]", in: table, hinted: true) == [["id=none", "\(long)a=0"], ["id=none", "\(long)b=none"]])
    }

    @Test("a scalar's text is given as written, quotes included; other values and what the cursor does not read decline", arguments: [
        ("\"user-robin-hood\"", true), ("\"\"", true), ("1735300000000", true), ("-1.5", true), ("0", true),
        ("true", true), ("false", true), ("null", true),
        ("[1]", false), ("{}", false), ("\"a\\n\"", false), ("1e3", false), ("nul", false), ("tru", false), ("-", false), ("\"open", false),
    ])
    func scalarText(_ example: (text: String, isRead: Bool)) {
        var text: String?
        let finished = read("[" + example.text + "]") { cursor in
            _ = cursor.enterArray()
            _ = cursor.nextElement()
            text = cursor.scalarText().map { String(decoding: $0, as: UTF8.self) }
            _ = cursor.nextElement()
        }
        #expect(finished == example.isRead)
        #expect(text == (example.isRead ? example.text : nil))
    }
}
