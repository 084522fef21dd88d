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

    /// A generator that fetches `expectedWords` words at its first use, and at most 32 at a time
    /// afterwards.
    public init(expectedWords: Int) {
        self.init(expectedWords: expectedWords, source: systemRandomBytes)
    }

    init(expectedWords: Int, source: @escaping Source) {
        words = []
        position = 0
        refillCount = min(max(1, expectedWords), 32)
        self.source = source
        fetch(max(1, expectedWords))
    }

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

/// `swift_stdlib_random`: the Swift runtime's entry point to the system's generator (the one
/// `SystemRandomNumberGenerator` calls); fills the buffer, retrying as the system requires.
@_silgen_name("swift_stdlib_random")
private func swiftStdlibRandom(_ buffer: UnsafeMutableRawPointer, _ count: Int)

private func systemRandomBytes(_ buffer: UnsafeMutableRawBufferPointer) {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return }
    swiftStdlibRandom(base, buffer.count)
}
