extension JSONCursor {
    /// The keys met at the first member positions of the objects of one array, as the request
    /// wrote them: the objects of an array mostly repeat their keys in the same order, and a key
    /// whose bytes are those of the key at its position in the previous object is that key, found
    /// without scanning for its closing quote or looking it up in a table
    /// (``JSONKeyTable/Hints`` does the same for a document's keys).
    ///
    /// A hint is the previous key's bytes, where the request has them (so a `KeyHints` must not
    /// outlive the request it was filled from), and the index the table gave for it (or none: a
    /// key the table does not have). A key matches its hint when its bytes and the quote after
    /// them are the hint's and its quote: the previous key was a plain string the cursor read, so
    /// this one is the same string, with the same index. One `KeyHints` serves the objects of one
    /// table.
    public struct KeyHints {
        /// The member positions hinted: 0 ..< `count`.
        @usableFromInline static let count = 12

        /// The bytes of a key (`length` of them, then its closing quote) and its index in the
        /// table (-1: none); `length` -1 before any key was seen.
        @usableFromInline struct Hint {
            @usableFromInline var key: UnsafePointer<UInt8>?
            @usableFromInline var length: Int32 = -1
            @usableFromInline var index: Int32 = -1

            @inlinable init() {}

            @inlinable init(key: UnsafePointer<UInt8>, length: Int32, index: Int32) {
                self.key = key
                self.length = length
                self.index = index
            }
        }

        @usableFromInline var hints = (Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint())

        /// No hints yet.
        @inlinable public init() {}

        /// The hint of `position` (below ``count``).
        @inline(__always)
        @inlinable mutating func hint(_ position: Int) -> UnsafeMutablePointer<Hint> {
            withUnsafeMutablePointer(to: &hints) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Hint.self) + position }
        }
    }

    /// A member's key as written (a plain ASCII string: its bytes between the quotes) and the
    /// index `table` gives for it, nil for a key the table does not have.
    public typealias Member = (key: UnsafeBufferPointer<UInt8>, index: Int?)

    /// The next member of the object entered last, the member at `position` of that object (0
    /// for its first): its key and the key's index in `table`, with the cursor then at its value;
    /// nil at the object's end (which it leaves) or when declined. A key the table does not have
    /// is answered with a nil index, not declined: the decoder decides. `hints` (of this table,
    /// filled from this request) are tried first and updated.
    @inline(always)
    @inlinable public mutating func nextMember(in table: JSONKeyTable, at position: Int, hints: inout KeyHints) -> Member? {
        guard nextChild(closing: UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        guard byte == UInt8(ascii: "\"") else { return declining(nil) }
        let start = p + 1
        if position < KeyHints.count {
            let hint = hints.hint(position)
            let length = Int(hint.pointee.length)
            // The key's bytes and closing quote are the hint's: `length + 1` of them, readable
            // here when the text goes on past them (at least the `:` must follow).
            if end - start > length, length >= 0, memoryEquals(start, hint.pointee.key, length + 1) {
                p = start + length + 1
                guard take(UInt8(ascii: ":")) else { return declining(nil) }
                let index = hint.pointee.index
                return (UnsafeBufferPointer(start: start, count: length), index < 0 ? nil : Int(index))
            }
        }
        guard let (stop, index) = Self.key(from: start, to: end, in: table) else { return declining(nil) }
        if position < KeyHints.count {
            hints.hint(position).pointee = KeyHints.Hint(key: start, length: Int32(truncatingIfNeeded: stop - start), index: Int32(truncatingIfNeeded: index ?? -1))
        }
        p = stop + 1
        guard take(UInt8(ascii: ":")) else { return declining(nil) }
        return (UnsafeBufferPointer(start: start, count: stop - start), index)
    }

    /// A key that was not its position's hint: where its closing quote is and its index in
    /// `table` (nil for none); nil when it is not a plain string. Out of line: a call in the
    /// member loop's rare branch, which takes no cursor (so the cursor stays in registers).
    @usableFromInline @inline(never)
    static func key(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>, in table: JSONKeyTable) -> (stop: UnsafePointer<UInt8>, index: Int?)? {
        let stop = ByteScanning.firstStop(from: start, to: end, mask: ByteScanning.plainTextStopMask)
        guard stop != end, stop.pointee == UInt8(ascii: "\""), stop - start < Int(Int32.max) else { return nil }
        let count = stop - start
        let index = count <= 8
            ? table.index(ofShortWord: ByteScanning.keyWord(start, count: count, readable: end - start), length: count)
            : table.index(of: UnsafeBufferPointer(start: start, count: count))
        return (stop, index)
    }
}
