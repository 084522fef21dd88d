import Testing
@testable import TournamentCore

@Suite("String concatenation in one allocation")
struct StringConcatenatingTests {
    @Test("four parts, short and long, ASCII and not, in order")
    func fourParts() {
        #expect(String(concatenating: "tournaments/", "t1", "/participants/", "p") == "tournaments/t1/participants/p")
        #expect(String(concatenating: "", "", "", "") == "")
        let long = String(repeating: "é🏹", count: 40)
        #expect(String(concatenating: "a", long, "b", long) == "a" + long + "b" + long)
    }
}

@Suite("ShortText")
struct ShortTextTests {
    @Test("a number between a prefix and a suffix, every sign and width", arguments: [
        0, 7, -7, 10, 99, 100, -1000, 1_234_567, Int.max, Int.min,
    ])
    func number(value: Int) {
        var text = ShortText()
        text.append("Active (")
        text.append(value)
        text.append(UInt8(ascii: ")"))
        #expect(text.string == "Active (\(value))")
    }

    @Test("zero padding counts digits, not the sign", arguments: [
        (5, 2, "05"), (12, 2, "12"), (123, 2, "123"), (-1, 4, "-0001"), (987, 4, "0987"), (0, 4, "0000"),
    ])
    func padding(value: Int, digits: Int, expected: String) {
        var text = ShortText()
        text.append(value, digits: digits)
        #expect(text.string == expected)
    }

    @Test("a point before the last fraction digits, a zero before the point when nothing else is", arguments: [
        (12345 as UInt64, 2, "123.45"), (5, 2, "0.05"), (0, 2, "0.00"), (100, 2, "1.00"), (7, 1, "0.7"), (7, 0, "7"),
        (UInt64.max, 2, "184467440737095516.15"),
    ])
    func fraction(magnitude: UInt64, fractionDigits: Int, expected: String) {
        var text = ShortText()
        text.append(UInt8(ascii: "+"))
        text.append(magnitude: magnitude, fractionDigits: fractionDigits)
        #expect(text.string == "+" + expected)
    }

    @Test("a magnitude past Int.max keeps every digit")
    func largestMagnitude() {
        var text = ShortText()
        text.append(magnitude: .max)
        #expect(text.string == "18446744073709551615")
    }

    @Test("64-bit numbers on every platform, Int64.min included", arguments: [Int64.min, -1, 0, Int64.max])
    func int64(value: Int64) {
        var text = ShortText()
        text.append(value)
        #expect(text.string == String(value))
    }

    @Test("texts of every length from 0 to 64 read back byte for byte (inline below 16 bytes, heap above)")
    func everyLength() {
        var text = ShortText()
        var expected = ""
        for length in 0...64 {
            #expect(text.string == expected)
            #expect(Array(text.string.utf8) == Array(expected.utf8))
            let digit = UInt8(ascii: "0") + UInt8(length % 10)
            text.append(digit)
            if length < 64 { expected.append(Character(Unicode.Scalar(digit))) }
        }
    }

    @Test("a part past the 64 bytes it holds is not kept, and nothing traps")
    func capacity() {
        var text = ShortText()
        for _ in 0..<10 { text.append(magnitude: .max) }
        text.append("more")
        #expect(text.string == String(repeating: "18446744073709551615", count: 3) + "more")
        text.append(1, digits: 1000)
        text.append(UInt8(ascii: "!"))
        #expect(text.string.count == 64)
    }
}
