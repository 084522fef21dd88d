/// The rules of a Firestore document ID, which tournament and participant IDs must keep to
/// become a path segment of `tournaments/{tournamentId}/participants/{participantId}`.
public enum DocumentID {
    /// The longest ID, in UTF-8 bytes.
    public static let maxBytes = 1500

    /// Whether `lhs` and `rhs` name the same document: their UTF-8 bytes are equal, as the
    /// database compares IDs. (Swift's `==` compares strings by canonical equivalence, so
    /// `"\u{E9}" == "e\u{301}"` although they are two documents.) Every identifier the rules
    /// compare — participant, user, guest and tournament IDs — is compared so.
    public static func matches(_ lhs: String, _ rhs: String) -> Bool {
        lhs.hasSameUTF8Bytes(as: rhs)
    }

    /// Why `id` cannot be a document ID, or nil when it can: it must not be empty, be longer
    /// than 1,500 bytes, contain `/`, be `.` or `..`, or have the reserved form `__…__`.
    ///
    /// The rules are Firestore's, on code points (its reserved form is the pattern `__.*__`), so
    /// they are checked on the UTF-8 bytes: `__\u{301}x__` has the reserved form, although
    /// Swift's characters (`_`, `_́`, ...) would not make it start with `__`.
    public static func problem(with id: String) -> String? {
        id.withUTF8Bytes(problem(withUTF8:))
    }

    /// ``problem(with:)`` of an ID's UTF-8 bytes, for a reader that has them (no `String` made).
    @_spi(Wire) @inline(__always)
    public static func problem(withUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // The usual ID settled inline: 3 to 1,500 bytes (only shorter ones can be `.` or `..`),
        // not starting with `_` (only those can be reserved), no `/`.
        if let first = bytes.first, bytes.count >= 3, bytes.count <= maxBytes, first != UInt8(ascii: "_"), !containsSlash(bytes) {
            return nil
        }
        return problemOfUnusual(bytes)
    }

    private static func problemOfUnusual(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let count = bytes.count
        if count == 0 { return "A document ID cannot be empty." }
        if count > maxBytes { return "A document ID cannot be longer than \(maxBytes) bytes." }
        if containsSlash(bytes) { return "A document ID cannot contain '/'." }
        let dot = UInt8(ascii: "."), underscore = UInt8(ascii: "_")
        if count <= 2, bytes[0] == dot, bytes[count - 1] == dot { return "A document ID cannot be '.' or '..'." }
        if count >= 4, bytes[0] == underscore, bytes[1] == underscore, bytes[count - 2] == underscore, bytes[count - 1] == underscore {
            return "A document ID cannot have the reserved form __...__."
        }
        return nil
    }

    /// Whether a `/` is among the bytes, looked for eight at a time (a zero byte of the word
    /// XOR slashes: the lowest flagged byte is exact, and any flag means one).
    private static func containsSlash(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        func hasSlash(_ word: UInt64) -> Bool {
            let slashes = word ^ (ones &* UInt64(UInt8(ascii: "/")))
            return (slashes &- ones) & ~slashes & (ones &* 0x80) != 0
        }
        let raw = UnsafeRawPointer(base), count = bytes.count
        guard count >= 8 else { return count > 0 && hasSlash(partialWord(base, count: count)) }  // zeros above: no slash
        var offset = 0
        while count - offset > 8 {
            if hasSlash(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        return hasSlash(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))  // the last eight, overlapping
    }
}
