extension String {
    /// Lends the text's UTF-8 bytes to `body`: borrowed, as every native string (small ones
    /// included) is contiguous; copied only for a bridged or lazy one.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }

    /// Whether the two texts are the same UTF-8 bytes (`==` compares canonical equivalence:
    /// `"é"` and `"e\u{301}"` are equal strings, and different bytes). Out of line: one copy
    /// for every set and list of identifiers.
    @inline(never)
    func hasSameUTF8Bytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }  // (O(1) for native strings)
        return withUTF8Bytes { lhs in other.withUTF8Bytes { rhs in sameBytes(lhs, rhs) } }
    }
}

/// Whether two buffers hold the same bytes, compared eight at a time (`elementsEqual` compares
/// one at a time, several times slower on an ID).
@inline(__always)
func sameBytes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let left = lhs.baseAddress, let right = rhs.baseAddress, lhs.count == rhs.count else { return lhs.count == rhs.count }
    let count = lhs.count
    var offset = 0
    while count - offset >= 8 {
        if UnsafeRawPointer(left).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            != UnsafeRawPointer(right).loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
        offset += 8
    }
    while offset < count {
        if left[offset] != right[offset] { return false }
        offset += 1
    }
    return true
}

/// The 1...7 bytes at `base` as a little-endian word, the bytes above them zero: two
/// overlapping four-byte loads, or three single bytes, never reading past the last.
@inline(__always)
func partialWord(_ base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    if count >= 4 {
        let raw = UnsafeRawPointer(base)
        let low = UInt64(raw.loadUnaligned(as: UInt32.self))
        let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        return low | high << UInt64(8 * (count - 4))
    }
    return UInt64(base[0]) | UInt64(base[count / 2]) << UInt64(8 * (count / 2)) | UInt64(base[count - 1]) << UInt64(8 * (count - 1))
}

/// A text hashed and compared by its UTF-8 bytes, for sets of identifiers (a `Set<String>`
/// would take canonically equivalent IDs, two documents, for one).
struct UTF8Key: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        lhs.text.hasSameUTF8Bytes(as: rhs.text)
    }

    @inline(never)
    func hash(into hasher: inout Hasher) {
        text.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
