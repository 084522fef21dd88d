import Testing
@testable @_spi(Wire) import TournamentCore

@Suite("FirstOccurrences")
struct FirstOccurrencesTests {
    /// Texts of every length around the word sizes, ASCII and not, canonically equivalent
    /// spellings (different bytes), and texts that differ only in their middle (which the
    /// summary does not see).
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

    /// The first occurrences of `list`, through the table, the caller keeping the texts.
    static func kept(_ list: [String]) -> [String] {
        var met = FirstOccurrences(count: list.count)
        return kept(list, by: &met)
    }

    /// The first occurrences of `list`, through `met`.
    static func kept(_ list: [String], by met: inout FirstOccurrences) -> [String] {
        var kept: [String] = []
        for text in list {
            let isNew = Array(text.utf8).withUnsafeBufferPointer { bytes in
                met.insert(bytes) { k, body in Array(kept[k].utf8).withUnsafeBufferPointer(body) }
            }
            if isNew { kept.append(text) }
            #expect(met.count == kept.count)
        }
        return kept
    }

    /// The first occurrences by byte equality, the slow way.
    static func expected(_ list: [String]) -> [String] {
        var kept: [String] = []
        for text in list where !kept.contains(where: { Array($0.utf8) == Array(text.utf8) }) {
            kept.append(text)
        }
        return kept
    }

    @Test("repeats are the same bytes, in a scanned list and a hashed one: equivalent spellings and middles that differ are new")
    func repeatsAreTheSameBytes() {
        let twice = Self.texts + Self.texts.reversed()
        #expect(twice.count > FirstOccurrences.scanLimit)
        #expect(Self.kept(twice) == Self.expected(twice))
        let short = Array(Self.texts.prefix(FirstOccurrences.scanLimit / 2))
        #expect(Self.kept(short + short) == Self.expected(short + short))
        #expect(Self.kept(short + short).count == short.count)
    }

    @Test("every pair of texts: the second is a repeat exactly when its bytes are the first's", arguments: [2, 40])
    func everyPair(count: Int) {
        for lhs in Self.texts {
            for rhs in Self.texts {
                // `count` sets the table's mode: a pair of 2 is scanned, a list of 40 hashed.
                var met = FirstOccurrences(count: count)
                let first = Array(lhs.utf8).withUnsafeBufferPointer { bytes in met.insert(bytes) { _, _ in false } }
                let second = Array(rhs.utf8).withUnsafeBufferPointer { bytes in
                    met.insert(bytes) { k, body in k == 0 && Array(lhs.utf8).withUnsafeBufferPointer(body) }
                }
                #expect(first)
                #expect(second == !Array(lhs.utf8).elementsEqual(rhs.utf8), "\(lhs.debugDescription) then \(rhs.debugDescription)")
            }
        }
    }
}

extension FirstOccurrencesTests {
    /// `count` texts that a table for a list of twice as many, hashed by `hash`, sends to its
    /// slot 0 (IDs as a request would write them, picked by their hash: what a request that
    /// knew the process's key could send), then each of them again.
    static func colliding(_ count: Int, under hash: FoldedMultiplyHash) -> [String] {
        var slots = 64
        while slots < 2 * (2 * count) { slots <<= 1 }
        var texts: [String] = []
        var number = 0
        while texts.count < count {
            let text = "user-\(number)"
            number += 1
            if Array(text.utf8).withUnsafeBufferPointer(hash.hash) & UInt64(slots - 1) == 0 { texts.append(text) }
        }
        return texts + texts
    }

    @Test("texts that all hash to one slot turn the table to SipHash, and keep the first occurrence of each")
    func collidingTextsTurnTheTableToSipHash() {
        let hash = FoldedMultiplyHash(key0: 0x0123_4567_89AB_CDEF, key1: 0xFEDC_BA98_7654_3210)
        let list = Self.colliding(60, under: hash)
        var met = FirstOccurrences(count: list.count, cheapHash: hash)
        #expect(Self.kept(list, by: &met) == Self.expected(list))
        #expect(met.isHashingSecurely)
    }

    @Test("a long list of ordinary IDs, repeated, keeps to the cheap hash")
    func ordinaryIDsKeepToTheCheapHash() {
        let ids = (0..<20_000).map { "user-\(String(1_000_000_000 + $0).dropFirst())" }
        let list = ids + ids.shuffled()
        var met = FirstOccurrences(count: list.count)
        #expect(Self.kept(list, by: &met) == ids)
        #expect(!met.isHashingSecurely)
    }
}

@Suite("FoldedMultiplyHash")
struct FoldedMultiplyHashTests {
    @Test("the process's key is its own, not SipHash's: the same at every draw, hashing otherwise than under SipHash's key")
    func keyApartFromSipHash() {
        let sipKey = SipHash13.drawKey(tags: (1, 2))
        let texts = (0..<8).map { Array("user-\($0)-0000".utf8) }
        let drawn = texts.map { $0.withUnsafeBufferPointer(FoldedMultiplyHash().hash) }
        #expect(texts.map { $0.withUnsafeBufferPointer(FoldedMultiplyHash().hash) } == drawn)
        #expect(texts.map { $0.withUnsafeBufferPointer(FoldedMultiplyHash(key0: sipKey.0, key1: sipKey.1).hash) } != drawn)
    }

    @Test("texts of every length up to 40, and the same words at other lengths, hash apart; the same bytes alike")
    func textsHashApart() {
        let hash = FoldedMultiplyHash(key0: 1, key1: 2)
        var texts: [[UInt8]] = []
        for length in 0...40 {
            texts.append([UInt8](repeating: 0, count: length))
            texts.append((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) })
        }
        let hashes = texts.map { $0.withUnsafeBufferPointer(hash.hash) }
        #expect(Set(hashes).count == Set(texts).count)  // the two empty texts are one
        #expect(texts.map { $0.withUnsafeBufferPointer(hash.hash) } == hashes)
        let other = FoldedMultiplyHash(key0: 3, key1: 2)
        #expect(texts.map { $0.withUnsafeBufferPointer(other.hash) } != hashes)
    }
}

@Suite("SipHash13")
struct SipHash13Tests {
    @Test("SipHash-1-3 of bytes 0, 1, 2... under key 00...0f: the reference values, every tail length")
    func referenceValues() {
        let key0 = UInt64(littleEndian: 0x0706_0504_0302_0100), key1 = UInt64(littleEndian: 0x0F0E_0D0C_0B0A_0908)
        let hash = SipHash13(key0: key0, key1: key1)
        // From the reference algorithm (the first: Rust's SipHasher13 test vector for no bytes).
        let expected: [Int: UInt64] = [
            0: 0xABAC_0158_050F_C4DC, 1: 0xC9F4_9BF3_7D57_CA93, 3: 0x8BF8_0AB8_E7DD_F7FB, 4: 0xCF75_5760_88D3_8328,
            7: 0xD392_7D98_9BB1_1140, 8: 0x3690_9511_8D29_9A8E, 9: 0x25A4_8EB3_6C06_3DE4, 15: 0xD320_D86D_2A51_9956,
            16: 0xCC4F_DD1A_7D90_8B66, 17: 0x9CF2_6890_63DB_D80C, 24: 0xF464_AEB2_6734_9C8C, 63: 0x9D19_9062_B7BB_B3A8,
        ]
        for (count, value) in expected {
            let bytes = (0..<count).map { UInt8($0) }
            #expect(bytes.withUnsafeBufferPointer(hash.hash) == value, "\(count) bytes")
        }
    }
}
