import Testing
@testable import TournamentCoreWire

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

    @Test("strings escape quote, backslash and control characters only", arguments: [
        ("plain", #""plain""#),
        ("q\"b\\", #""q\"b\\""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\#u{7F}""#),
        ("é/🏹\u{2028}", "\"é/🏹\u{2028}\""),
    ])
    func stringEscaping(value: String, expected: String) {
        #expect(written { $0.string(value) } == expected)
    }

    @Test("integers, including the extremes", arguments: [0, -1, 42, Int.max, Int.min])
    func integers(value: Int) {
        #expect(written { $0.int(value) } == String(value))
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
        ]
        var generator = SystemRandomNumberGenerator()
        while values.count < 20_000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { values.append(value) }
        }
        for value in values {
            let text = written { $0.double(value) }
            #expect(text == value.description, "\(value.bitPattern)")
            if text != value.description { break }
        }
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
            let document = try JSONDocument.parse(bytes)
            var writer = JSONWriter()
            writer.verbatim(document, document.root)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"b":true,"a":{"x":3,"y":2}}"#)
        }
    }

    @Test("repeated keys are matched on their decoded text, in small and large objects")
    func repeatedKeysDecoded() throws {
        let small = Array(#"{"a":1,"\u0061":2}"#.utf8)
        var large = "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        large += #","\u006b7":"seven"}"#
        for text in [small, Array(large.utf8)] {
            try text.withUnsafeBufferPointer { bytes in
                let document = try JSONDocument.parse(bytes)
                let members = document.uniqueMembers(document.root)
                #expect(members.count == (text == small ? 1 : 40))
            }
        }
    }
}
