import Testing
@testable import TournamentCore

@Suite("TextFingerprint")
struct TextFingerprintTests {
    /// Texts of every length around the word sizes, ASCII and not, canonically equivalent
    /// spellings (different bytes), and texts that differ only in their middle (which the fingerprint does not see).
    static let texts: [String] = {
        var texts = ["", "a", "ab", "abc", "abcd", "abcde", "user-0001", "user-0002", "user-00000001", "user-00000002",
                     "é", "e\u{301}", "caf\u{E9}", "cafe\u{301}", "user-é", "user-e\u{301}", "ID\u{0}", "ID"]
        let long = String(repeating: "x", count: 40)
        texts += [long, long + "y", "a" + long + "b", "a" + long.dropLast() + "z" + "b"]
        for length in 0..<20 {
            texts.append(String(repeating: "7", count: length))
            texts.append(String(repeating: "7", count: length) + "\u{301}")
        }
        return texts
    }()

    @Test("matching is byte equality on every pair: ASCII, non-ASCII, equivalent spellings (different), middles that differ")
    func matchingIsByteEquality() {
        let fingerprints = Self.texts.map(TextFingerprint.init)
        for (lhs, left) in zip(Self.texts, fingerprints) {
            for (rhs, right) in zip(Self.texts, fingerprints) {
                #expect(left.matches(right) == Array(lhs.utf8).elementsEqual(rhs.utf8), "\(lhs.debugDescription) vs \(rhs.debugDescription)")
            }
        }
    }
}
