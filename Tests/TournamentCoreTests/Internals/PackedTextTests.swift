import Testing
@testable @_spi(Wire) import TournamentCore

@Suite("PackedText")
struct PackedTextTests {
    @Test("zero padding counts digits, not the sign; every 64-bit magnitude in full", arguments: [
        (5, 2, "05"), (12, 2, "12"), (123, 2, "123"), (-1, 4, "-0001"), (987, 4, "0987"), (0, 4, "0000"), (0, 1, "0"),
        (2_147_483_647, 1, "2147483647"), (Int.max, 1, String(Int.max)), (Int.min, 1, String(Int.min)), (7, 20, String(repeating: "0", count: 19) + "7"),
    ])
    func padding(value: Int, digits: Int, expected: String) {
        var text = PackedText()
        text.append(value, digits: digits)
        #expect(text.string == expected)
        #expect(text.count == expected.utf8.count)
    }

    @Test("the words hold the text from their lowest byte up, zero past it, on every platform")
    func wordLayout() {
        var text = PackedText()
        text.append(12, digits: 2)
        text.append(UInt8(ascii: "/"))
        text.append(31, digits: 2)
        text.append(UInt8(ascii: "/"))
        text.append(2024, digits: 4)
        #expect(text.string == "12/31/2024")
        func word(_ ascii: String) -> UInt64 {
            ascii.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        #expect(text.words.0 == word("12/31/20"))
        #expect(text.words.1 == word("24"))
        #expect(text.words.2 == 0)
    }

    @Test("texts of every length from 0 to 24 read back byte for byte, whichever words they cross")
    func everyLength() {
        for start in 0...23 {
            var text = PackedText()
            var expected = ""
            for index in 0..<start {
                text.append(UInt8(ascii: "a") + UInt8(index))
                expected.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index))))
            }
            // A number of several digits put after any number of bytes lands whole.
            text.append(-1_234_567, digits: 1)
            if start + 8 <= PackedText.capacity { expected += "-1234567" }
            #expect(text.string == expected, "after \(start) bytes")
            #expect(text.withUTF8 { Array($0) } == Array(expected.utf8))
        }
    }

    @Test("a part past the 24 bytes it holds is not kept, and nothing traps")
    func capacity() {
        var text = PackedText()
        text.append(Int.max, digits: 1)  // 19 bytes
        text.append(12_345, digits: 1)  // would be 24: fits
        text.append(UInt8(ascii: "!"))  // 25: not kept
        text.append(1, digits: 1000)
        #expect(text.string == String(Int.max) + "12345")
        #expect(text.count == PackedText.capacity)
    }
}
