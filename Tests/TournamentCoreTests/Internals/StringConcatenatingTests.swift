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

    @Test("a number between a prefix and a suffix, every sign and width", arguments: [
        0, 7, -7, 10, 99, 100, -1000, 1_234_567, Int.max, Int.min,
    ])
    func number(value: Int) {
        #expect(String(concatenating: "Active (", value, ")") == "Active (\(value))")
        #expect(String(concatenating: "", value, "") == "\(value)")
    }

    @Test("a magnitude past Int.max keeps every digit")
    func largestMagnitude() {
        #expect(String(concatenating: "N ", negative: false, magnitude: .max, "") == "N 18446744073709551615")
        #expect(String(concatenating: "", negative: true, magnitude: 1 << 63, "!") == "-9223372036854775808!")
    }
}
