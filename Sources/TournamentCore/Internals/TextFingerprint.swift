/// A summary of an identifier's bytes that tells most unequal identifiers apart without
/// comparing them: its length and its first and last eight bytes folded into one word.
///
/// Identifiers are compared byte for byte, as the database compares document IDs
/// (``DocumentID/matches(_:_:)``): two fingerprints that differ are different identifiers, and
/// equal ones are decided by comparing the bytes. Lists of IDs compare every new ID with those
/// kept (and with the signed-in user's): that is one word comparison per pair, most of the time.
struct TextFingerprint {
    let text: String
    private let word: UInt64
    private let count: Int

    init(_ text: String) {
        self.text = text
        (word, count) = text.withUTF8Bytes(Self.summary)
    }

    /// Whether the identifiers are the same bytes.
    func matches(_ other: TextFingerprint) -> Bool {
        if word != other.word || count != other.count { return false }
        return DocumentID.matches(text, other.text)
    }

    private static func summary(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, Int) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return (0, 0) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        let first: UInt64, last: UInt64
        if count >= 8 {
            first = raw.loadUnaligned(as: UInt64.self)
            last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            first = UInt64(raw.loadUnaligned(as: UInt32.self))
            last = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else {
            first = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
            last = 0
        }
        return (first ^ (last << 29 | last >> 35), count)
    }
}
