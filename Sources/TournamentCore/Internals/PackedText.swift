/// A short ASCII text (at most ``capacity`` bytes: a date, a time, a score) held in three
/// words and built by shifts, never in memory: a writer stores the words where the text goes,
/// and no byte is read back from a buffer that was just written a byte at a time (a wide read of
/// narrow writes waits for them to reach the cache).
///
/// Its bytes are the words' bytes from the lowest up (little-endian order, whatever the
/// platform's): byte `i` is bits `8 × (i mod 8)` and up of word `i / 8`; bytes past ``count``
/// are zero. A part that would not fit is not kept.
@_spi(Wire) public struct PackedText: Sendable {
    public typealias Words = (UInt64, UInt64, UInt64)

    /// The bytes, three words (see the type's note on their order).
    public private(set) var words: Words = (0, 0, 0)
    /// How many bytes of ``words`` are the text's.
    public private(set) var count = 0

    /// The most bytes a text holds.
    public static let capacity = 24

    /// An empty text.
    public init() {}

    /// The text of a literal (ASCII: the writer stores the words without escaping), or as much
    /// of it as fits.
    init(_ text: StaticString) {
        for index in 0..<Swift.min(text.utf8CodeUnitCount, Self.capacity) { append(text.utf8Start[index]) }
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        append(words: (UInt64(byte), 0, 0), count: 1)
    }

    /// Appends `value` in decimal, its magnitude zero-padded to at least `digits` digits (at most
    /// 20), after a `-` when negative (`-0001`): one part, kept whole or not at all.
    mutating func append(_ value: Int, digits: Int) {
        var magnitude = UInt64(value.magnitude)
        let minimum = Swift.min(Swift.max(digits, 1), 20)
        // From the last digit to the first, each put before the ones already made.
        var made: Words = (0, 0, 0)
        var count = 0
        repeat {
            made = Self.shiftedUp(made, bytes: 1)
            made.0 |= UInt64(UInt8(ascii: "0")) &+ magnitude % 10
            magnitude /= 10
            count += 1
        } while magnitude > 0 || count < minimum
        if value < 0 {
            made = Self.shiftedUp(made, bytes: 1)
            made.0 |= UInt64(UInt8(ascii: "-"))
            count += 1
        }
        append(words: made, count: count)
    }

    /// Appends the first `count` bytes of `part` (zero past them).
    private mutating func append(words part: Words, count partCount: Int) {
        guard partCount <= Self.capacity - count else { return }
        let moved = Self.shiftedUp(part, bytes: count)
        words = (words.0 | moved.0, words.1 | moved.1, words.2 | moved.2)
        count += partCount
    }

    /// `words` moved `bytes` bytes up (0…23; the top ones fall off).
    private static func shiftedUp(_ words: Words, bytes: Int) -> Words {
        var (low, middle, high) = words
        switch bytes >> 3 {
        case 0: break
        case 1: (low, middle, high) = (0, low, middle)
        default: (low, middle, high) = (0, 0, low)
        }
        let bits = UInt64(truncatingIfNeeded: bytes & 7) &* 8
        guard bits != 0 else { return (low, middle, high) }
        return (low << bits, middle << bits | low >> (64 &- bits), high << bits | middle >> (64 &- bits))
    }

    /// The text's bytes lent to `body` (which must not keep them).
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: (words.0.littleEndian, words.1.littleEndian, words.2.littleEndian)) { bytes in
            body(UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// The text as a `String` (up to 15 bytes stored inline: no allocation).
    public var string: String {
        withUTF8 { String(ascii: UnsafeRawBufferPointer($0)) }
    }
}
