import Testing
@testable import TournamentCore

/// A source of random bytes that counts the requests made to it: SplitMix64 words, so that runs
/// are repeatable.
private final class CountingSource {
    var requests = 0
    var bytes = 0
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        requests += 1
        bytes += buffer.count
        for offset in stride(from: 0, to: buffer.count, by: 8) {
            withUnsafeBytes(of: nextWord()) { word in
                for index in 0..<min(8, buffer.count - offset) { buffer[offset + index] = word[index] }
            }
        }
    }
}

/// The same SplitMix64 words, one at a time, as a plain generator.
private struct SplitMix: RandomNumberGenerator {
    let source = CountingSource()
    mutating func next() -> UInt64 { source.nextWord() }
}

@Suite("BatchedSystemRandom")
struct BatchedSystemRandomTests {
    @Test("a batch of 50 IDs makes one request to the system's generator")
    func oneRequestPerBatch() {
        let source = CountingSource()
        var generator = BatchedSystemRandom(expectedWords: GuestID.expectedRandomWords(forCount: 50), source: source.fill)
        let ids = (0..<50).map { _ in GuestID.generate(using: &generator) }
        #expect(source.requests == 1)
        #expect(source.bytes == 50 * 3 * 8)
        #expect(Set(ids).count == 50 && ids.allSatisfy(GuestID.isValid))
    }

    @Test("the words are the source's, in order, whether batched or not, across refills")
    func sameWordsAsUnbatched() {
        var plain = SplitMix()
        let expected = (0..<40).map { _ in GuestID.generate(using: &plain) }
        for expectedWords in [1, 7, 120, 500] {
            let source = CountingSource()
            var batched = BatchedSystemRandom(expectedWords: expectedWords, source: source.fill)
            #expect((0..<40).map { _ in GuestID.generate(using: &batched) } == expected, "expectedWords \(expectedWords)")
        }
    }

    @Test("when the expected words run out it refills with at most 32 words a request")
    func refills() {
        let source = CountingSource()
        var generator = BatchedSystemRandom(expectedWords: 40, source: source.fill)
        for _ in 0..<(40 + 32 * 3) { _ = generator.next() }
        #expect(source.requests == 1 + 3)
        #expect(source.bytes == (40 + 32 * 3) * 8)
        let small = CountingSource()
        var few = BatchedSystemRandom(expectedWords: 2, source: small.fill)
        for _ in 0..<6 { _ = few.next() }
        #expect(small.requests == 3 && small.bytes == 6 * 8)  // refills of min(2, 32) words
    }

    @Test("the system generator's batches give valid, distinct IDs")
    func systemBatches() {
        var generator = BatchedSystemRandom(expectedWords: GuestID.expectedRandomWords(forCount: 1000))
        let ids = (0..<1000).map { _ in GuestID.generate(using: &generator) }
        #expect(Set(ids).count == 1000 && ids.allSatisfy(GuestID.isValid))
    }
}
