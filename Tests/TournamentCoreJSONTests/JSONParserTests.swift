import Testing
import TestFiles
@testable import TournamentCoreJSON

private func accepts(_ text: String) -> Bool {
    if case .success = parse(text) { return true }
    return false
}

private func nested(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
}

@Suite("JSONParser")
struct JSONParserTests {
    @Test("a long tape stays consistent, given room at once or grown (texts over 1 MiB)", arguments: [40_000, 100_000])
    func longTape(groups: Int) throws {
        // 40,000 groups: 560 KB, room for a node per byte at once; 100,000: 1.4 MB, past
        // JSONParser.roomyTextLimit, so the tape starts with room for a node per three bytes
        // and doubles (700,002 nodes).
        let text = "[" + Array(repeating: "[1,{\"a\":\"b\"}]", count: groups).joined(separator: ",") + "]"
        #expect((text.utf8.count > JSONParser.roomyTextLimit) == (groups == 100_000))
        #expect((JSONParser.initialCapacity(forTextOf: text.utf8.count) < 1 + groups * 7 + 1) == (groups == 100_000))
        let nodes = try parse(text).get()
        #expect(nodes.count == 1 + groups * 7 + 1)
        #expect(nodes[0].kind == .array && Int(nodes[0].value) == nodes.count - 1)
        #expect(nodes[nodes.count - 1].kind == .end && nodes[nodes.count - 1].value == UInt32(groups))
        // Every opening node links to its end, in every group.
        for group in 0..<groups {
            let first = 1 + group * 7
            let linked = nodes[first].kind == .array && nodes[first].value == UInt32(first + 6)
                && nodes[first + 2].kind == .object && nodes[first + 2].value == UInt32(first + 5)
            #expect(linked, "group \(group)")
            if !linked { break }
        }
    }

    @Test("a short text fills its tape up to a node per byte, with no room spare", arguments: [
        ("0", 1), ("[]", 2), ("{}", 2), ("[[]]", 4), (nested(64), 128),
        ("[" + Array(repeating: nested(63), count: 3).joined(separator: ",") + "]", 380),
        ("[\"\",0,1,[],{},true,null]", 11),
    ])
    func tapeWithoutReserve(text: String, nodeCount: Int) throws {
        // Room for a node per byte and one more: every node takes at least a byte of text, so
        // the tape never grows and needs no reserve for a step's closings.
        #expect(JSONParser.initialCapacity(forTextOf: text.utf8.count) == text.utf8.count + 1)
        let nodes = try parse(text).get()
        #expect(nodes.count == nodeCount)
        #expect(nodes.count == 1 || Int(nodes[0].value) == nodes.count - 1)
    }

    @Test("a step that closes 63 containers at once fits wherever the growing tape's reserve falls")
    func deepClosingWhileGrowing() throws {
        // 9,000 arrays 63 deep: 1.1 MB, past JSONParser.roomyTextLimit.
        let text = "[" + Array(repeating: nested(63), count: 9_000).joined(separator: ",") + "]"
        #expect(text.utf8.count > JSONParser.roomyTextLimit)
        let nodes = try parse(text).get()
        #expect(nodes.count == text.utf8.count - 8_999)  // a node per byte, but the commas
        #expect(nodes.last?.value == 9_000)
        #expect(nodes.filter { $0.kind == .end }.count == 9_000 * 63 + 1)
    }

    @Test("numbers keep their values when the tape grows (their digits move with it)")
    func numbersInALongTape() throws {
        // 700,000 zeros, then 400,000 numbers in 5 MB: the tape, given room for 2^20 nodes at
        // once, grows while the numbers are written, those before moving with it.
        let values = (0..<200_000).map { Int64($0) &* 48_271 &- 5_000_000_000 }
        let text = "[" + String(repeating: "0,", count: 700_000) + values.map { "\($0),\($0).5" }.joined(separator: ",") + "]"
        #expect(JSONParser.initialCapacity(forTextOf: text.utf8.count) == 1 << 20)  // less than the 1,100,002 nodes
        let (integers, doubles) = try Array(text.utf8).withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                let elements = Array(document.elements(document.root))
                return (stride(from: 700_000, to: 1_100_000, by: 2).map { document.int64(elements[$0]) },
                        stride(from: 700_001, to: 1_100_000, by: 2).map { document.double(elements[$0]) })
            }
        }
        #expect(integers == values)
        #expect(doubles == values.map { Double($0) + ($0 < 0 ? -0.5 : 0.5) })
    }

    @Test("a number's token is its text as written, wherever it ends, whether its node holds its length or its mantissa's index")
    func numberTokens() throws {
        // Exact (mantissa index in the node) and not (more than 19 digits, or an exponent of
        // 10,000 or more: length in the node), before every byte that can end a number.
        let numbers = ["0", "-0", "7", "-12.5e-3", "1E+2", "0.000001", "1e0000000005", "123456789012345678901234", "1e10000", "-9.99e-10001"]
        for number in numbers {
            for (before, after) in [("[", "]"), ("[", " ]"), ("[", ",1]"), ("{\"a\":", "}"), ("", ""), ("", "\n")] {
                let text = before + number + after
                let token = try Array(text.utf8).withUnsafeBufferPointer { bytes in
                    try withDocument(bytes) { document -> [UInt8] in
                        // The number itself, the first element, or the first member's value.
                        let node = document.kind(document.root) == .number ? document.root : document.root + (before == "[" ? 1 : 2)
                        #expect(document.kind(node) == .number, "\(text)")
                        #expect(document.byteCount(node) == number.utf8.count, "\(text)")
                        #expect(Array(document.sourceText(node)) == Array(document.slice(node)), "\(text)")
                        #expect(document.double(node) == Double(number).flatMap { $0.isFinite ? $0 : nil }, "\(text)")  // 1e10000: nil
                        return Array(document.slice(node))
                    }
                }
                #expect(token == Array(number.utf8), "\(text)")
            }
        }
    }

    @Test("a node per byte of text, the most there can be, fits the tape", arguments: [
        nested(64), "[" + String(repeating: "[],", count: 1000) + "[]]", "7", "[]", "{}", "[0,1,2,3,4,5,6,7,8,9]",
    ])
    func aNodePerByteFits(text: String) throws {
        let nodes = try parse(text).get()
        #expect(nodes.count <= text.utf8.count)
        if text.hasPrefix("[[[") || text.count <= 2 { #expect(nodes.count == text.utf8.count) }
        #expect(nodes.last?.kind == (text == "7" ? .number : .end))
    }

    @Test("a node is 12 bytes: kind, flags, a number's exponent, offset and value")
    func nodeSize() {
        #expect(MemoryLayout<JSONNode>.size == 12)
        #expect(MemoryLayout<JSONNode>.stride == 12)
    }

    @Test("nesting 64 deep is accepted, 65 deep is rejected")
    func depthLimit() {
        #expect(accepts(nested(64)))
        #expect(!accepts(nested(65)))
        #expect(accepts("{\"a\":" + nested(63) + "}"))
        #expect(!accepts("{\"a\":" + nested(64) + "}"))
    }

    @Test("100,000 opening brackets are rejected without recursion")
    func deepNestingIsRejectedQuickly() {
        guard case .failure(let error) = parse(String(repeating: "[", count: 100_000)) else {
            Issue.record("accepted")
            return
        }
        #expect(error.message.contains("deeper than 64"))
    }

    @Test("a tape closes each container with its child count and links the opening node to it")
    func tapeShape() throws {
        let nodes = try parse(#"{"a":[1,{"b":null},"x"],"c":true}"#).get()
        #expect(nodes.map(\.kind) == [.object, .string, .array, .number, .object, .string, .null, .end, .string, .end, .string, .true, .end])
        #expect(nodes[0].value == 12)
        #expect(nodes[12].value == 2)  // two members
        #expect(nodes[2].value == 9)
        #expect(nodes[9].value == 3)  // three elements
        #expect(nodes[4].value == 7)
        #expect(nodes[7].value == 1)
    }

    @Test("strings: escapes are decoded, surrogate pairs combined")
    func stringDecoding() throws {
        let text = Array(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC\ud83c\udff9", "plain é"]"#.utf8)
        try text.withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                let strings = document.elements(document.root).map { document.string($0) }
                #expect(strings == ["a\"b\\c/d\u{8}\u{C}\n\r\t", "é€🏹", "plain é"])
            }
        }
    }

    @Test("unpaired surrogate escapes are rejected", arguments: [
        #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#, #"["\ud800x"]"#, #"["\udbff\udbff"]"#, #"{"\ud800":1}"#,
    ])
    func loneSurrogates(text: String) {
        #expect(!accepts(text))
    }

    @Test("invalid UTF-8 is rejected", arguments: [
        [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
        [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong '/'
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate U+D800
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // U+110000
        [0x22, 0x80, 0x22],  // lone continuation byte
        [0x22, 0xE2, 0x82, 0x22],  // truncated sequence
        [0x22, 0xFF, 0x22],
        [0xEF, 0xBB, 0xBF, 0x7B, 0x7D],  // byte order mark before {}
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        if case .success = parse(bytes) { Issue.record("accepted \(bytes)") }
    }

    @Test("valid UTF-8 up to U+10FFFF is accepted")
    func validUTF8() {
        #expect(accepts("\"é€🏹\u{10FFFF}\u{FFFF}\""))
    }

    @Test("strict grammar", arguments: [
        ("01", false), ("-01", false), ("1.", false), (".1", false), ("1e", false), ("+1", false), ("-", false),
        ("NaN", false), ("Infinity", false), ("[1,]", false), ("{\"a\":1,}", false), ("{'a':1}", false),
        ("[1]//", false), ("tru", false), ("nul", false), ("\"\t\"", false), ("[1 2]", false), ("", false), (" ", false),
        ("{\"a\" 1}", false), ("{1:1}", false), ("[1]]", false), ("{}}", false),
        ("0", true), ("-0", true), ("1e400", true), ("-1.5E-3", true), ("[]", true), (" {} ", true), ("\"\\u0000\"", true),
        ("[1e+2,0.0,-0.0e-0]", true), ("{\"a\":{\"a\":{}}}", true),
    ])
    func grammar(text: String, valid: Bool) {
        #expect(accepts(text) == valid, "\(text.debugDescription)")
    }

    @Test("integers: exact in the Int64 range, however written; nil outside it or with a nonzero fraction")
    func integers() throws {
        let text = Array("[0,-0,9223372036854775807,-9223372036854775808,9223372036854775808,-9223372036854775809,1.0,1e2,123456789012345678901234567890,1.5]".utf8)
        try text.withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                let values = document.elements(document.root).map { document.int64($0) }
                #expect(values == [0, 0, .max, .min, nil, nil, 1, 100, nil, nil])
                let integral = document.elements(document.root).map { document.isInteger($0) }
                #expect(integral == [true, true, true, true, true, true, true, true, true, false])
            }
        }
    }

    /// `int64` and `isInteger` of one number token.
    private func integer(_ text: String) throws -> (Int64?, Bool) {
        let bytes = Array("[\(text)]".utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            try withDocument(buffer) { document in
                let node = document.elements(document.root).map { $0 }[0]
                return (document.int64(node), document.isInteger(node))
            }
        }
    }

    @Test("an integer is a value, not a spelling: n.0, ne0, a mantissa with a negative exponent, more than 19 digits, huge exponents", arguments: [
        ("8.0", 8, true), ("8e0", 8, true), ("80e-1", 8, true), ("8.000e+0", 8, true), ("0.8e1", 8, true), ("8E0", 8, true),
        ("8.5", nil, false), ("85e-1", nil, false), ("0.5", nil, false), ("-0.0", 0, true), ("0e400", 0, true), ("0.000e-99999", 0, true),
        ("9007199254740993.0", 9007199254740993, true), ("9007199254740993e0", 9007199254740993, true),
        ("9223372036854775807.0", .max, true), ("-9223372036854775808.0", .min, true), ("-92233720368547758080e-1", .min, true),
        ("9223372036854775808.0", nil, true), ("1e19", nil, true), ("1e18", 1_000_000_000_000_000_000, true), ("1e30", nil, true),
        ("1e400", nil, true), ("-1e400", nil, true), ("5e-400", nil, false), ("1.5e1", 15, true), ("1.25e1", nil, false),
        // Past 19 digits, read from the text.
        ("1.00000000000000000000000e1", 10, true), ("100000000000000000000e-2", 1_000_000_000_000_000_000, true),
        ("9223372036854775807.000000000000", .max, true), ("9223372036854775807.000000000001", nil, false),
        ("123456789012345678901234567890e-11", nil, false), ("12345678901234567890123456789e-10", nil, false), ("12345678901234567890000000000e-10", 1_234_567_890_123_456_789, true),
        ("0.00000000000000000000000000001e29", 1, true), ("1e10000", nil, true), ("1e-10000", nil, false), ("0.0e10000", 0, true),
    ] as [(String, Int64?, Bool)])
    func integralNumbers(text: String, value: Int64?, isInteger: Bool) throws {
        let (read, integral) = try integer(text)
        #expect(read == value, "\(text)")
        #expect(integral == isInteger, "\(text)")
    }

    @Test("random integral and fractional values agree however written: exact, past 19 digits, with the point moved")
    func integralSpellings() throws {
        var generator = SeededGenerator()
        for _ in 0..<3_000 {
            // A value digits × 10^shift, written as digits with the point moved by a random exponent.
            let digitCount = Int.random(in: 1...18, using: &generator)
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &generator)) }
            let shift = Int.random(in: -6...4, using: &generator)
            let negative = Bool.random(using: &generator)
            let sign = negative ? "-" : ""
            let plain = "\(sign)\(digits)e\(shift)"
            let padded = "\(sign)\(digits)00000000000000000000000e\(shift - 23)"  // 24+ digits: the text path
            let moved = "\(sign)0.\(digits)e\(shift + digitCount)"
            // The reference: trailing zeros of the digits count towards the shift.
            let trimmed = digits.reversed().drop { $0 == "0" }
            let trailing = digits.count - trimmed.count
            let isInteger = shift + trailing >= 0
            var expected: Int64?
            if isInteger {
                let whole = shift >= 0 ? digits + String(repeating: "0", count: shift) : String(digits.dropLast(-shift))
                expected = whole.count <= 19 ? Int64(sign + whole) : nil
            }
            for text in [plain, padded, moved] {
                let (read, integral) = try integer(text)
                #expect(read == expected, "seed \(generator.seed): \(text)")
                #expect(integral == isInteger, "seed \(generator.seed): \(text)")
            }
        }
    }

    @Test("doubles: nearest value; nil when the magnitude overflows")
    func doubles() throws {
        let text = Array("[0.1,1e400,-1e400,1e-400,2.5,123456789012345678,1.7976931348623157e308]".utf8)
        try text.withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                let values = document.elements(document.root).map { document.double($0) }
                #expect(values == [0.1, nil, nil, 0, 2.5, 1.2345678901234568e17, 1.7976931348623157e308])
            }
        }
    }

    /// The error (message, offset) or node count of `text`, read as a C string (a 0 byte after
    /// it, read in place) or as bytes followed by `trailing` (copied first).
    private func outcome(_ text: [UInt8], terminated: Bool, trailing: [UInt8] = []) -> String {
        let buffer = terminated ? text + [0] : text + trailing
        let result = buffer.withUnsafeBufferPointer { all in
            Result { () throws(JSONSyntaxError) in
                try JSONDocument.parse(UnsafeBufferPointer(rebasing: all[0..<text.count]), terminated: terminated) { $0.nodes.count }
            }
        }
        switch result {
        case .success(let count): return "\(count) nodes"
        case .failure(let error): return "\(error.message) @\(error.offset)"
        }
    }

    /// `text` read as a C string and as copied bytes gives `expected`.
    private func expectBothWays(_ text: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for terminated in [true, false] {
            #expect(outcome(Array(text.utf8), terminated: terminated) == expected, "terminated: \(terminated)", sourceLocation: sourceLocation)
        }
    }

    @Test("a text ending in each state of the grammar gets the end-of-text error of that state", arguments: [
        ("[", "Unexpected end of text; expected a value. (byte 1) @1"),
        (" ", "Unexpected end of text; expected a value. (byte 1) @1"),
        ("{\"a\":", "Unexpected end of text; expected a value. (byte 5) @5"),
        ("[1", "Unexpected end of text inside an array or object. (byte 2) @2"),
        ("{\"a\":[] ", "Unexpected end of text inside an array or object. (byte 8) @8"),
        ("{", "Expected a string key in an object. (byte 1) @1"),
        ("{\"a\"", "Expected ':' after an object key. (byte 4) @4"),
        ("\"abc", "Unterminated string. (byte 4) @4"),
        ("\"a\\", "Unterminated string. (byte 3) @3"),
        ("-", "Expected a digit in a number. (byte 1) @1"),
        ("1.", "Expected a digit after the decimal point. (byte 2) @2"),
        ("1e+", "Expected a digit in the exponent. (byte 3) @3"),
        ("tru", "Invalid literal; expected true. (byte 0) @0"),
    ])
    func endOfText(text: String, expected: String) {
        expectBothWays(text, expected)
    }

    @Test("a 0 byte inside the text is an unexpected byte, not the end", arguments: [
        ("[\0]", "Unexpected character 0x0; expected a value. (byte 1) @1"),
        ("[1\0]", "Expected ',' or ']' after an array element. (byte 2) @2"),
        ("{\"a\":1\0}", "Expected ',' or '}' after an object member. (byte 6) @6"),
        ("{\0}", "Expected a string key in an object. (byte 1) @1"),
        ("{\"a\"\0:1}", "Expected ':' after an object key. (byte 4) @4"),
        ("[1.\0]", "Expected a digit after the decimal point. (byte 3) @3"),
        ("\"a\0\"", "Control character 0x0 in a string must be escaped. (byte 2) @2"),
        ("[1]\0", "Unexpected text after the end of the value. (byte 3) @3"),
    ])
    func interiorZeroByte(text: String, expected: String) {
        expectBothWays(text, expected)
    }

    @Test("bytes after a text that is not a C string are never read: it is copied first", arguments: [
        ("[1", "2]"), ("[1", " ]"), ("{\"a\":1", "}"), ("1", "2"), ("1", ".5"), ("1", "e5"), ("\"ab", "c\""), ("[", "]"), ("-", "1"),
    ])
    func bytesAfterTheText(text: String, trailing: String) {
        let text = Array(text.utf8)
        #expect(outcome(text, terminated: false, trailing: Array(trailing.utf8)) == outcome(text, terminated: true))
    }

    @Test("every JSONTestSuite file reads the same as a C string and as copied bytes")
    func terminatedAndCopiedAgree() throws {
        let folder = repositoryRoot + "/Tests/data/JSONTestSuite/test_parsing"
        let names = listFolder(folder)
        #expect(names.count == 318)
        for name in names {
            let text = try #require(readFile(folder + "/" + name))
            #expect(outcome(text, terminated: true) == outcome(text, terminated: false, trailing: Array("1]}\" e".utf8)), "\(name)")
        }
    }

    @Test("errors say where reading stopped")
    func errorOffset() {
        guard case .failure(let error) = parse("{\"a\": tru }") else {
            Issue.record("accepted")
            return
        }
        #expect(error.offset == 6)
        #expect(error.message == "Invalid literal; expected true. (byte 6)")
    }
}

@Suite("Number conversion")
struct NumberConversionTests {
    @Test("integers agree with Int64(String) at every length, signs and out-of-range included")
    func integersAgreeWithStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "7", "-7", "12345678", "123456789", "999999999999999999", "1000000000000000000",
                     "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
                     "99999999999999999999", "-99999999999999999999", "123456789012345678901234567890"]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...22, using: &generator)
            var text = String(Int.random(in: 1...9, using: &generator))
            text += (1..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        for text in texts {
            // Through the parser's digits (up to 19) or IntegerValue.of(text) past them, the
            // number at the end of the text and followed by other bytes.
            let parsed = readNumbers(text) { $0.int64($1) }
            #expect(parsed == [Int64(text), Int64(text)], "\(text)")
            if parsed != [Int64(text), Int64(text)] { break }
            let direct = Array(text.utf8).withUnsafeBufferPointer { IntegerValue.of($0) }
            #expect(direct == (Int64(text).map(IntegerValue.value) ?? .outOfRange), "\(text)")
            if direct != (Int64(text).map(IntegerValue.value) ?? .outOfRange) { break }
        }
    }

    /// How many of the eight bytes of `word` are digits before the first that is not one, as
    /// the parser reads it: the lowest byte flagged by `nonDigits`.
    private func leadingDigitCount(_ word: UInt64) -> Int {
        ByteScanning.nonDigits(ByteScanning.digitValues(word)).trailingZeroBitCount >> 3
    }

    @Test("the eight-byte digit count agrees with a byte-by-byte count, whatever follows the digits")
    func leadingDigitCountAgreesWithByteLoop() {
        var generator = SystemRandomNumberGenerator()
        // Digits and the bytes next to them (/ and :), bytes whose +6 carries (0xFA...0xFF), and
        // bytes whose high nibble is 3 but are not digits.
        let interesting: [UInt8] = Array(0x30...0x39) + [0x2F, 0x3A, 0x3F, 0x00, 0x20, 0x2E, 0x65, 0x7D, 0xFA, 0xFF, 0x80, 0xB6]
        for _ in 0..<50_000 {
            var bytes = (0..<8).map { _ in interesting.randomElement(using: &generator) ?? 0x30 }
            // Mostly digit runs, so that every count 0...8 is common.
            let run = Int.random(in: 0...8, using: &generator)
            for index in 0..<run { bytes[index] = UInt8.random(in: 0x30...0x39, using: &generator) }
            let expected = bytes.firstIndex { !(0x30...0x39).contains($0) } ?? 8
            let word = UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
            #expect(leadingDigitCount(word) == expected, "\(bytes)")
            if leadingDigitCount(word) != expected { break }
        }
    }

    /// Every path (Clinger's, Eisel–Lemire, strtod) must give exactly what the standard library's
    /// correctly rounded conversion gives; overflow is nil.
    @Test("doubles agree with Double(String) bit for bit, fast path or not")
    func agreesWithStandardLibrary() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "0.0", "-0.0", "1e22", "1e23", "123456789012345", "1234567890123456", "0.1", "0.3",
                     "9007199254740993", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308", "0.000001234",
                     "123.456e-10", "1E+5", "-5e-22", "5e-23", "999999999999999.9", "0.12345678901234567890",
                     "-0.40000000000000002", "0.071999999999999995", "7.038531e-26", "2.2250738585072011e-308",
                     "1.7976931348623158e308", "1.7976931348623159e308", "9007199254740992.5", "18446744073709551615",
                     "0e-400", "1e-400", "2.4703282292062328e-324", "2.4703282292062327e-324", "1.0000000000000002",
                     "4.35679355040879e-310", "1e308", "1e309", "9999999999999999999e-348", "1e-348", "1e347",
                     "0.00000000000000000001234567890123456789", "0.000000000000000000012345678901234567891",
                     "1234567890123456789012", "12345678.87654321", "0.1234567812345678", "1.00000000", "9007199254740992",
                     "9007199254740993e-5", "0.0000000000000000000000", "100000000000000000000000e-22"]
        for _ in 0..<50_000 {
            let digits = Int.random(in: 1...19, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            let largest = UInt64(String(repeating: "9", count: digits)) ?? 9
            text += String(UInt64.random(in: 1...largest, using: &generator))
            if Bool.random(using: &generator) {
                let point = Int.random(in: 1..<max(2, text.count), using: &generator)
                let index = text.index(text.startIndex, offsetBy: min(point, text.count))
                if text[text.index(before: index)] != "-" { text.insert(".", at: index) }
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                // Leading zeros after the point, sometimes many.
                let zeros = String(repeating: "0", count: Int.random(in: 0...25, using: &generator))
                text = (text.hasPrefix("-") ? "-" : "") + "0." + zeros + text.filter { $0 != "-" && $0 != "." }
            }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: break
            case 1: text += "e\(Int.random(in: -30...30, using: &generator))"
            default: text += "e\(Int.random(in: -360...330, using: &generator))"
            }
            texts.append(text)
        }
        for text in texts {
            let reference = Double(text).flatMap { $0.isFinite ? $0 : nil }
            // Through the parser's digits (the number at the end of the text, and followed by
            // other bytes), and through the text alone (the path of what the fast ones leave).
            let parsed = readNumbers(text) { $0.double($1)?.bitPattern }
            let fromText = Array(text.utf8).withUnsafeBufferPointer { NumberParsing.double($0) }
            // Double(String) takes "4." and "1.e5" too, which JSON does not.
            if text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/) != nil {
                #expect(parsed == [reference?.bitPattern, reference?.bitPattern], "\(text): \(parsed) vs \(String(describing: reference))")
            } else {
                #expect(parsed == [nil, nil], "\(text) is no JSON number")
            }
            #expect(fromText?.bitPattern == reference?.bitPattern, "\(text): \(String(describing: fromText)) vs \(String(describing: reference))")
        }
    }

    /// `read` of the number `text` parsed alone, and as the first element of `[text,0]`.
    private func readNumbers<T>(_ text: String, _ read: (JSONDocument, Int) -> T?) -> [T?] {
        ["\(text)", "[\(text),0]"].map { json in
            Array(json.utf8).withUnsafeBufferPointer { bytes in
                try? withDocument(bytes) { document in
                    read(document, document.kind(document.root) == .array ? document.root + 1 : document.root)
                }
            } ?? nil
        }
    }

    /// The Eisel–Lemire step alone (the wrapper above would hide a wrong nil behind strtod): when
    /// it answers, the answer is the correctly rounded one; and it answers for nearly every
    /// normal result, or it would not be worth its table.
    @Test("Eisel–Lemire: exact whenever it decides, and it decides for nearly all normal results")
    func eiselLemireDecidesExactly() throws {
        var generator = SystemRandomNumberGenerator()
        var decided = 0
        var normal = 0
        for _ in 0..<100_000 {
            let digits = Int.random(in: 1...19, using: &generator)
            let largest = UInt64(String(repeating: "9", count: digits)) ?? 9
            let mantissa = UInt64.random(in: 1...largest, using: &generator)
            let exponent = Int.random(in: -348...347, using: &generator)
            let reference = try #require(Double("\(mantissa)e\(exponent)"))
            let result = NumberParsing.eiselLemire(mantissa, exponent, negative: false)
            if reference.isNormal { normal += 1 }
            if let result {
                decided += 1
                #expect(result.bitPattern == reference.bitPattern, "\(mantissa)e\(exponent)")
            }
        }
        #expect(decided >= normal * 99 / 100, "decided \(decided) of \(normal) normal results")
        // Exactly halfway between two doubles (2^53 + 1): undecidable from 128 bits, left to strtod.
        #expect(NumberParsing.eiselLemire(9_007_199_254_740_993, 0, negative: false) == nil)
        #expect(NumberParsing.eiselLemire(0, 400, negative: true)?.bitPattern == (-0.0).bitPattern)
        #expect(NumberParsing.eiselLemire(1, 400, negative: false) == nil)
    }
}
