import SwiftShims

/// The operating system's cryptographically secure generator, read in batches: one request to
/// the system (one `getrandom` on Linux and Android, `arc4random_buf` on Apple systems, through
/// the Swift runtime's `swift_stdlib_random`, which `SystemRandomNumberGenerator` uses too)
/// fills a buffer of words that the following ``next()`` calls return, so a batch of guest IDs
/// costs one system call rather than one per word. When the buffer runs out (rejection sampling
/// used more words than expected) it is refilled with another such request.
///
/// The words are the system generator's own, in order: ``GuestID/generate(using:)`` draws from
/// it exactly as from `SystemRandomNumberGenerator`.
public struct BatchedSystemRandom: RandomNumberGenerator {
    /// Fills a buffer with random bytes (the system's generator; tests count the requests).
    typealias Source = (UnsafeMutableRawBufferPointer) -> Void

    private var words: [UInt64]
    private var position: Int
    private let refillCount: Int
    private let source: Source

    /// The most words fetched at once (512 KiB): a larger expectation is met by refills.
    public static let maximumWords = 1 << 16

    /// A generator that fetches `expectedWords` words (at most ``maximumWords``) at once, and at
    /// most 32 at a time afterwards.
    public init(expectedWords: Int) {
        self.init(expectedWords: expectedWords, source: systemRandomBytes)
    }

    init(expectedWords: Int, source: @escaping Source) {
        words = []
        position = 0
        let first = min(max(1, expectedWords), Self.maximumWords)
        refillCount = min(first, 32)
        self.source = source
        fetch(first)
    }

    /// The next random word: from the buffer, refilled from the system when it has run out.
    public mutating func next() -> UInt64 {
        if position == words.count {
            fetch(refillCount)
        }
        let word = words[position]
        position &+= 1
        return word
    }

    /// Replaces the words with `count` new ones, read from the start.
    private mutating func fetch(_ count: Int) {
        if words.count != count {
            words = Array(repeating: 0, count: count)
        }
        let source = self.source
        words.withUnsafeMutableBytes { source($0) }
        position = 0
    }
}

/// Fills `buffer` from the system's generator with `swift_stdlib_random`, the Swift runtime's C
/// entry point to it (the one `SystemRandomNumberGenerator` calls), which retries as the system
/// requires.
private func systemRandomBytes(_ buffer: UnsafeMutableRawBufferPointer) {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return }
    swift_stdlib_random(base, buffer.count)
}
