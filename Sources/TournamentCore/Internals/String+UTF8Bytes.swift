extension String {
    /// Lends the text's UTF-8 bytes to `body`: borrowed, as every native string (small ones
    /// included) is contiguous; copied only for a bridged or lazy one.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }

    /// Whether the two texts are the same UTF-8 bytes (`==` compares canonical equivalence:
    /// `"é"` and `"e\u{301}"` are equal strings, and different bytes).
    func hasSameUTF8Bytes(as other: String) -> Bool {
        withUTF8Bytes { lhs in
            other.withUTF8Bytes { rhs in
                lhs.count == rhs.count && lhs.elementsEqual(rhs)
            }
        }
    }
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

    func hash(into hasher: inout Hasher) {
        text.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
