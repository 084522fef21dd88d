import Testing
import TournamentCore

/// Counts how often each of the 62 symbols occurs in the random part of IDs.
private func symbolCounts(ids: Int, generate: () -> String) -> [Int] {
    var index = [UInt8: Int]()
    for (position, symbol) in GuestID.alphabet.enumerated() { index[symbol] = position }
    var counts = [Int](repeating: 0, count: 62)
    for _ in 0..<ids {
        for byte in generate().utf8.dropFirst(GuestID.prefix.utf8.count) {
            if let position = index[byte] { counts[position] += 1 }
        }
    }
    return counts
}

/// Pearson's chi-square statistic of `counts` against the uniform distribution.
private func chiSquare(_ counts: [Int]) -> Double {
    let total = Double(counts.reduce(0, +))
    let expected = total / Double(counts.count)
    return counts.reduce(0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
}

/// The chi-square critical value for 61 degrees of freedom at α = 10⁻⁶: a correct generator
/// fails the test once in a million runs.
private let criticalValue = 128.524

/// The mistake the rejection sampling avoids: every random byte taken modulo 62.
private struct ModuloBiasedIDs {
    var generator = SystemRandomNumberGenerator()

    mutating func next() -> String {
        var bytes = Array(GuestID.prefix.utf8)
        for _ in 0..<GuestID.randomLength {
            let byte = UInt8(truncatingIfNeeded: generator.next())
            bytes.append(GuestID.alphabet[Int(byte) % 62])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A generator that replays fixed words, to show which random bytes are used.
private struct ReplayGenerator: RandomNumberGenerator {
    var words: [UInt64]
    mutating func next() -> UInt64 { words.isEmpty ? 0 : words.removeFirst() }
}

@Suite("GuestID")
struct GuestIDTests {
    @Test("IDs are guest_ followed by 16 letters or digits, and validate")
    func format() {
        for _ in 0..<1000 {
            let id = GuestID.generate()
            #expect(id.hasPrefix("guest_"))
            #expect(id.utf8.count == 22)
            #expect(GuestID.isValid(id))
        }
    }

    @Test("over 1,000,000 characters every symbol appears and chi-square does not reject uniformity")
    func uniformity() {
        let counts = symbolCounts(ids: 62_500) { GuestID.generate() }  // 1,000,000 characters
        #expect(counts.reduce(0, +) == 1_000_000)
        #expect(counts.allSatisfy { $0 > 0 })
        let statistic = chiSquare(counts)
        #expect(statistic < criticalValue, "chi-square \(statistic) rejects uniformity")
    }

    @Test("the same test rejects a modulo-biased generator")
    func moduloBiasIsDetected() {
        var biased = ModuloBiasedIDs()
        let counts = symbolCounts(ids: 62_500) { biased.next() }
        let statistic = chiSquare(counts)
        #expect(statistic > criticalValue * 10, "chi-square \(statistic) should reject the biased generator")
    }

    @Test("rejection sampling skips random bytes of 248 and above")
    func rejectionSampling() {
        // Bytes are used low byte first: 0xFF, 0xF8 rejected; 0xF7 (247) is 247 % 62 = 61 -> "9".
        var generator = ReplayGenerator(words: [0x0000_0000_00F7_F8FF] + Array(repeating: 0, count: 16))
        let id = GuestID.generate(using: &generator)
        #expect(id == "guest_9AAAAAAAAAAAAAAA")
    }

    @Test("every byte of a random word is used: 16 characters from two words")
    func wholeWordsAreUsed() {
        var generator = ReplayGenerator(words: [0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908, 0x3D3D_3D3D_3D3D_3D3D])
        let id = GuestID.generate(using: &generator)
        #expect(id == "guest_ABCDEFGHIJKLMNOP")
        #expect(generator.words.count == 1)
    }

    @Test("100,000 IDs without a duplicate")
    func unique() {
        var seen = Set<String>()
        for _ in 0..<100_000 { seen.insert(GuestID.generate()) }
        #expect(seen.count == 100_000)
    }

    @Test("validation", arguments: [
        ("guest_0123456789abcdef", true), ("guest_ABCDEFGHIJKLMNOP", true), ("guest_aZ09aZ09aZ09aZ09", true),
        ("guest_0123456789abcde", false), ("guest_0123456789abcdef0", false), ("Guest_0123456789abcdef", false),
        ("guest-0123456789abcdef", false), ("guest_0123456789abcde_", false), ("guest_0123456789abcdé", false),
        ("", false), ("guest_", false), (" guest_0123456789abcdef", false), ("guest_0123456789abcdef\n", false),
        ("guest_０123456789abcde", false),
    ])
    func validation(id: String, valid: Bool) {
        #expect(GuestID.isValid(id) == valid)
    }
}
