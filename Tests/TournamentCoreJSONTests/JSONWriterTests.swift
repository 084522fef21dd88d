import Testing
@testable import TournamentCoreJSON

private func written(_ body: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter(capacity: 1)
    body(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
}

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("commas are placed between members and elements, never after an opening bracket or a key")
    func commas() {
        let text = written { w in
            w.beginObject()
            w.key("a"); w.int(1)
            w.key("b"); w.beginArray(); w.null(); w.bool(true); w.beginObject(); w.endObject(); w.beginArray(); w.endArray(); w.endArray()
            w.key("c"); w.string("x")
            w.endObject()
        }
        #expect(text == #"{"a":1,"b":[null,true,{},[]],"c":"x"}"#)
    }

    @Test("static string members after any token, empty and one-byte values included")
    func staticStringMembers() {
        let text = written { w in
            w.beginObject()
            w.field("a", "up" as StaticString)
            w.field("bb", "" as StaticString)
            w.key("c"); w.beginObject(); w.field("d", "x" as StaticString); w.endObject()
            w.field("e", "a longer static text" as StaticString)
            w.endObject()
        }
        #expect(text == #"{"a":"up","bb":"","c":{"d":"x"},"e":"a longer static text"}"#)
    }

    @Test("a text given as words is its first count bytes between quotes, whatever the words hold past them, every count from 0 to 24")
    func asciiWordsMembers() {
        let ascii = Array("0123456789/-:abcdefghijk".utf8)
        func word(_ offset: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(ascii[offset + $1]) << (8 * UInt64($1)) }
        }
        let words = (word(0), word(8), word(16))
        for count in 0...24 {
            let text = written { w in
                w.beginObject()
                w.field("a", asciiWords: words, count: count)
                w.field("b", asciiWords: words, count: count)
                w.key("c"); w.int(1)
                w.endObject()
            }
            let expected = String(decoding: ascii.prefix(count), as: UTF8.self)
            #expect(text == #"{"a":"\#(expected)","b":"\#(expected)","c":1}"#)
        }
        #expect(written { $0.field("x", asciiWords: words, count: 99) } == #""x":"\#(String(decoding: ascii, as: UTF8.self))""#)
    }

    @Test("a string's content as a request wrote it is copied between quotes as it is, after the key and its comma, empty and past ASCII included")
    func stringContentMembers() {
        let contents = ["https://crests.football-data.org/354.png", "", "Z\u{FC}rich \u{1F3F9}", "x"]
        let text = written { w in
            w.beginObject()
            for (index, content) in contents.enumerated() {
                Array(content.utf8).withUnsafeBufferPointer { bytes in
                    index % 2 == 0 ? w.field("a", stringContent: bytes) : w.field("bb", stringContent: bytes)
                }
            }
            w.endObject()
        }
        #expect(text == #"{"a":"https://crests.football-data.org/354.png","bb":"","a":"Z\#u{FC}rich \#u{1F3F9}","bb":"x"}"#)
    }

    @Test("members of every kind follow one another with their keys and commas, an escaped string among them")
    func membersInSequence() {
        let text = written { w in
            w.beginObject()
            w.field("i", 1)
            w.field("k", text: "q\"b\n")
            w.field("d", 2.5)
            w.field("s", "plain")
            w.field("t", "" as StaticString)
            w.field("e", text: "\u{1}")
            w.field("n", nil as Int?)
            w.field("b", true)
            w.field("p", text: "a\"")
            w.endObject()
        }
        #expect(text == #"{"i":1,"k":"q\"b\n","d":2.5,"s":"plain","t":"","e":"\u0001","n":null,"b":true,"p":"a\""}"#)
    }

    @Test("a run of members writes objects, arrays, strings in pieces and numbers with the commas the writer writes, a request's string content as it stands and decoded text escaped again, growing the buffer as often as needed")
    func memberRunWritesWhatTheWriterWrites() throws {
        let request = #"["plain é", "tab\u0009 \"q\" \/ \u00e9", ""]"#
        for capacity in [1, 4096] {
            let (run, single) = try Array(request.utf8).withUnsafeBufferPointer { bytes in
                try withDocument(bytes) { document in
                    let texts = Array(document.elements(document.root))
                    #expect(document.plainStringBytes(texts[0]) != nil)
                    #expect(document.plainStringBytes(texts[1]) == nil)
                    var run = JSONWriter(capacity: capacity)
                    var single = JSONWriter(capacity: capacity)
                    single.beginObject()
                    run.beginObject()
                    run.key("records")
                    single.key("records")
                    run.memberRun { members in
                        members.beginArray()
                        for round in 0..<60 {
                            for (index, text) in texts.enumerated() {
                                members.beginObject()
                                if let content = document.plainStringBytes(text) {
                                    members.field("id", stringContent: content)
                                } else {
                                    document.withStringBytes(text) { members.field("id", utf8: $0) }
                                }
                                members.beginString(key: "t")
                                document.withStringBytes(text) { members.appendToString(utf8: $0) }
                                Array("q\"\u{1}é".utf8).withUnsafeBufferPointer { members.appendToString(utf8: $0) }
                                Array("/plain".utf8).withUnsafeBufferPointer { members.appendJSON($0) }
                                members.endString()
                                members.field("n", Int64.min)
                                members.field("i", round * index)
                                members.beginObject(key: "o")
                                members.field("d", 2.5)
                                members.endObject()
                                members.beginArray(key: "a")
                                members.endArray()
                                members.endObject()
                            }
                        }
                        members.endArray()
                    }
                    single.beginArray()
                    for round in 0..<60 {
                        for (index, text) in texts.enumerated() {
                            single.beginObject()
                            single.field("id", text: document.string(text))
                            single.field("t", text: document.string(text) + "q\"\u{1}é/plain")
                            single.field("n", Int64.min)
                            single.field("i", round * index)
                            single.object("o") { $0.field("d", 2.5) }
                            single.key("a")
                            single.beginArray()
                            single.endArray()
                            single.endObject()
                        }
                    }
                    single.endArray()
                    run.memberRun { _ in }
                    run.field("after", 1)
                    single.field("after", 1)
                    run.endObject()
                    single.endObject()
                    return (String(decoding: run.bytes, as: UTF8.self), String(decoding: single.bytes, as: UTF8.self))
                }
            }
            #expect(run == single, "capacity \(capacity)")
            #expect(run.hasPrefix(#"{"records":[{"id":"plain é","t":"plain éq\"\u0001é/plain","n":-9223372036854775808,"i":0,"o":{"d":2.5},"a":[]},{"id":"tab\t \"q\" / é","#))
        }
    }

    /// `values` written as members one by one, or as one run of number members; the text and
    /// whether a non-finite number was recorded.
    private func numbers(_ values: [Double?], _ integers: [Int64], asRun: Bool, capacity: Int) -> (String, Bool) {
        var writer = JSONWriter(capacity: capacity)
        writer.beginObject()
        writer.field("before", "x" as StaticString)
        writer.key("nested")
        writer.beginObject()
        if asRun {
            writer.memberRun { members in
                for (index, value) in values.enumerated() {
                    if let value { members.field("aRatherLongKeyForADouble", value) } else { members.field("i", integers[index % integers.count]) }
                }
            }
        } else {
            for (index, value) in values.enumerated() {
                if let value { writer.field("aRatherLongKeyForADouble", value) } else { writer.field("i", integers[index % integers.count]) }
            }
        }
        writer.endObject()
        writer.memberRun { members in members.field("after", 1) }
        writer.memberRun { _ in }
        writer.endObject()
        return (String(decoding: writer.bytes, as: UTF8.self), writer.wroteNonFiniteNumber)
    }

    @Test("a run of number members writes what the same members written one by one write, growing the buffer as often as needed")
    func memberRunOfNumbers() {
        let integers: [Int64] = [0, -1, 42, Int64.max, Int64.min, 9_999_999_999]
        let doubles: [Double?] = [nil, 0.1, -0.0, 1e300, 5e-324, 3.466666666666667, 100.0, nil, -2.5e-7]
        for (values, capacity) in [(doubles, 1), (doubles, 4096), (Array(repeating: doubles, count: 40).flatMap { $0 }, 1), ([], 1)] {
            let (run, runNonFinite) = numbers(values, integers, asRun: true, capacity: capacity)
            let (single, singleNonFinite) = numbers(values, integers, asRun: false, capacity: capacity)
            #expect(run == single)
            #expect(!runNonFinite && !singleNonFinite)
        }
        let (run, nonFinite) = numbers([1.5, .nan, .infinity], integers, asRun: true, capacity: 1)
        #expect(run == #"{"before":"x","nested":{"aRatherLongKeyForADouble":1.5,"aRatherLongKeyForADouble":null,"aRatherLongKeyForADouble":null},"after":1}"#)
        #expect(nonFinite)
    }

    @Test("strings escape quote, backslash and control characters only", arguments: [
        ("plain", #""plain""#),
        ("q\"b\\", #""q\"b\\""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\#u{7F}""#),
        ("é/🏹\u{2028}", "\"é/🏹\u{2028}\""),
    ])
    func stringEscaping(value: String, expected: String) {
        #expect(written { $0.string(text: value) } == expected)
    }

    @Test("strings of every length escape at every position as a byte-by-byte escaper does")
    func stringEscapingAtEveryPosition() {
        let alphabet: [String] = ["a", "Z", " ", "\"", "\\", "\n", "\u{1}", "\u{1F}", "é", "🏹", "\u{7F}", "/"]
        func reference(_ value: String) -> [UInt8] {
            var text: [UInt8] = [0x22]
            for byte in value.utf8 {
                switch byte {
                case 0x22: text += Array("\\\"".utf8)
                case 0x5C: text += Array("\\\\".utf8)
                case 0x08: text += Array("\\b".utf8)
                case 0x0C: text += Array("\\f".utf8)
                case 0x0A: text += Array("\\n".utf8)
                case 0x0D: text += Array("\\r".utf8)
                case 0x09: text += Array("\\t".utf8)
                case ..<0x20: text += Array(("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
                default: text.append(byte)
                }
            }
            return text + [0x22]
        }
        var generator = SystemRandomNumberGenerator()
        for length in 0..<48 {
            for _ in 0..<20 {
                // Mostly plain text, so that escapes fall at every offset of a word.
                let value = (0..<length).map { _ -> String in
                    generator.next(upperBound: UInt(4)) == 0 ? alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] : "x"
                }.joined()
                let text = written { $0.string(text: value) }
                #expect(Array(text.utf8) == reference(value), "\(Array(value.utf8))")
            }
        }
    }

    @Test("integers, including the extremes and every digit count", arguments: [0, -1, 42, Int.max, Int.min])
    func integers(value: Int) {
        #expect(written { $0.int(value) } == String(value))
    }

    @Test("integers of every digit count and sign are written as String(_:) writes them")
    func integersOfEveryLength() {
        var values: [Int64] = [Int64.max, Int64.min, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0..<19 {
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        var generator = SystemRandomNumberGenerator()
        values += (0..<2000).map { _ -> Int64 in
            Int64(bitPattern: generator.next() as UInt64) >> Int64(generator.next(upperBound: UInt(63)))
        }
        for value in values {
            #expect(written { $0.int(value) } == String(value))
        }
    }

    @Test("the digit count a writer reserves is the length of the decimal text, 0 and UInt64.max included")
    func decimalDigitCountMatchesTheText() {
        var values: [UInt64] = [0, 1, 9, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 10
        for _ in 1..<20 {
            values += [power - 1, power, power + 1]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        for shift in 0..<64 {
            values += [1 << UInt64(shift), (1 << UInt64(shift)) - 1]
        }
        for value in values {
            #expect(DigitWriting.decimalDigitCount(value) == String(value).count, "\(value)")
        }
    }

    @Test("doubles in shortest round-trip form", arguments: [
        (0.0, "0.0"), (6.333333333333333, "6.333333333333333"), (33.333333333333336, "33.333333333333336"),
        (-3.5, "-3.5"), (1e-05, "1e-05"), (1e21, "1e+21"),
    ])
    func doubles(value: Double, expected: String) {
        #expect(written { $0.double(value) } == expected)
    }

    @Test("doubles are written exactly as Double.description writes them, extremes and random bit patterns")
    func doublesMatchDescription() {
        var values: [Double] = [
            -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .ulpOfOne, 0.1, 0.2, 0.30000000000000004, 123456789012345680, 5e-324, 1.7976931348623157e308, 9007199254740993,
            1e-5, 9.999999999999999e-5, 1e-4, 1e15, 9999999999999998, 1e16, 1e23, 5e-310, 2.2250738585072009e-308,
        ]
        // Every power of two and of ten, their neighbours, and the smallest subnormals: where the
        // rounding interval is asymmetric, the notation changes, or the digits need scaling.
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown]
        }
        var power = 1e-323
        while power.isFinite {
            values += [power, power.nextUp, power.nextDown, -power]
            power *= 10
        }
        for pattern in UInt64(1)...4096 { values.append(Double(bitPattern: pattern)) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 { values.append(Double(bitPattern: generator.next() & (1 << 52 - 1))) }  // subnormals
        // Decimals with few digits, as apps send them (0.25, 8.5, 1234.5678, 3e-7), and integers.
        let scales: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e-3, 1e-7, 1e20]
        for _ in 0..<20_000 {
            let digits = Double(Int.random(in: -1_000_000...1_000_000, using: &generator))
            values.append(digits / scales[Int.random(in: 0..<scales.count, using: &generator)])
        }
        // Whole numbers (written without the shortest-digits search): small ones, random ones up
        // to 2^53, and both sides of 2^53, where the notation changes.
        values += (-1000...1000).map(Double.init)
        for _ in 0..<10_000 {
            values.append(Double(Int64.random(in: -(1 << 53)...(1 << 53), using: &generator)))
        }
        values += [0x1p53, -0x1p53, 0x1p53.nextDown, 0x1p53.nextUp, 0x1p54, 1e15 + 1]
        while values.count < 200_000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { values.append(value) }
        }
        for value in values {
            let text = written { $0.double(value) }
            #expect(text == value.description, "\(value.bitPattern)")
            if text != value.description { break }
        }
    }

    @Test("shortest digits keep no trailing zero: every count of them, from 0 to 16, goes into the exponent")
    func shortestDigitsWithoutTrailingZeros() {
        // d × 10^z for digits d without a trailing zero, and z zeros after them in the digits
        // the scaling gives (up to 17 digits): 8.5 comes out as 85 and 14 zeros.
        for digits: UInt64 in [1, 5, 85, 123, 4_999, 1_234_567, 9_007_199_254_740_993 / 10] {
            for zeros in 0...16 {
                var power: UInt64 = 1
                for _ in 0..<zeros { power *= 10 }
                let (product, overflow) = digits.multipliedReportingOverflow(by: power)
                guard !overflow else { continue }
                var (d, e) = (product, -3)
                ShortestDouble.removeTrailingZeros(&d, &e)
                #expect(d == digits && e == zeros - 3, "\(digits) × 10^\(zeros)")
            }
        }
        // Each run length against division, on multiples and on their neighbours.
        var generator = SystemRandomNumberGenerator()
        for run in [ShortestDouble.ZeroRun.one, .two, .four, .eight] {
            var power: UInt64 = 1
            for _ in 0..<run.rawValue { power *= 10 }
            var values: [UInt64] = [0, 1, power, power - 1, power + 1, UInt64.max, UInt64.max / power * power]
            for _ in 0..<10_000 {
                let multiple = UInt64.random(in: 0...(UInt64.max / power), using: &generator) * power
                values += [multiple, multiple &+ 1, multiple &- 1, generator.next()]
            }
            for value in values {
                let expected = value % power == 0 ? value / power : nil
                #expect(run.quotient(value) == expected, "\(value) / 10^\(run.rawValue)")
            }
        }
        // The decimal of values whose digits end in zeros.
        #expect(ShortestDouble.decimal(8.5) == (85, -1))
        #expect(ShortestDouble.decimal(1e22) == (1, 22))
        #expect(ShortestDouble.decimal(1.5e-300) == (15, -301))
        #expect(ShortestDouble.decimal(123_456_789_012_345_680) == (12_345_678_901_234_568, 1))
    }

    @Test("a non-finite number is written as null and flagged")
    func nonFinite() {
        var writer = JSONWriter()
        writer.double(.nan)
        let flagged = writer.wroteNonFiniteNumber
        #expect(flagged)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "null")
    }

    @Test("verbatim copies drop white space, keep spellings, and merge repeated keys (first position, last value)")
    func verbatim() throws {
        let text = Array(#"{ "b" : [ 1.50 , -0, 1E2, "\u00e9" ], "a":{"x":1,"y":2,"x":3}, "b":true }"#.utf8)
        try text.withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                var writer = JSONWriter()
                writer.verbatim(document, document.root)
                #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"b":true,"a":{"x":3,"y":2}}"#)
            }
        }
    }

    @Test("repeated keys are matched on their decoded text, in small and large objects")
    func repeatedKeysDecoded() throws {
        let small = Array(#"{"a":1,"\u0061":2}"#.utf8)
        var large = "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        large += #","\u006b7":"seven"}"#
        for text in [small, Array(large.utf8)] {
            try text.withUnsafeBufferPointer { bytes in
                try withDocument(bytes) { document in
                    let members = document.uniqueMembers(document.root)
                    #expect(members.count == (text == small ? 1 : 40))
                }
            }
        }
    }
}
