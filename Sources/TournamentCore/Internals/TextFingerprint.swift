/// A summary of a text's bytes that tells most unequal ASCII texts apart without comparing the
/// strings: its length, its first and last eight bytes folded into one word, and whether it is
/// all ASCII.
///
/// Two ASCII texts with different fingerprints differ (ASCII has one spelling only); anything
/// else is decided by `==` (canonical equivalence), so the answer is always `==`'s. Lists of IDs
/// compare every new ID with those kept (and with the signed-in user's): that is one word
/// comparison per pair instead of a string comparison.
struct TextFingerprint {
    let text: String
    private let word: UInt64
    private let count: Int
    private let isASCII: Bool

    init(_ text: String) {
        self.text = text
        (word, count, isASCII) = text.withUTF8Bytes(Self.summary)
    }

    /// Whether the texts are equal, as `==` says.
    func matches(_ other: TextFingerprint) -> Bool {
        if isASCII && other.isASCII && (word != other.word || count != other.count) { return false }
        return text == other.text
    }

    private static func summary(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, Int, Bool) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return (0, 0, true) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        let first: UInt64, last: UInt64
        var highBits: UInt64
        if count >= 8 {
            first = raw.loadUnaligned(as: UInt64.self)
            last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            highBits = first | last
            var offset = 8
            while count - offset > 8 {
                highBits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
        } else if count >= 4 {
            first = UInt64(raw.loadUnaligned(as: UInt32.self))
            last = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            highBits = first | last
        } else {
            first = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
            last = 0
            highBits = first
        }
        return (first ^ (last << 29 | last >> 35), count, highBits & 0x8080_8080_8080_8080 == 0)
    }
}
