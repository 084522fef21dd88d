extension JSONCursor {
    /// How the members at the first positions of the objects of one array began, as the request
    /// wrote them: the objects of an array mostly repeat their keys in the same order, so the
    /// text from the end of one value to the next value's `:` (`,"x":`) mostly repeats too, and a
    /// member whose text is the previous object's at its position is that member, read without
    /// scanning for its key's closing quote or looking the key up in a table.
    ///
    /// A hint holds a copy of that text (at most ``window`` bytes), where its key lies in it, and
    /// the index the table gave for the key (or none: a key the table does not have). The text
    /// was read by the cursor once, the long way: white space, a `,` unless the member was its
    /// object's first, a plain string and a `:` (or, before an array's first object, it is the
    /// text its table expects there, ``init(expecting:)``: `"key":` or `,"key":`, the key plain
    /// ASCII). The same bytes at the same point of the grammar are the same tokens. One
    /// `MemberPrefixes` serves the objects of one table.
    ///
    /// It keeps, too, the object or array that an ignored member at each position held last
    /// (``JSONCursor/skipValue(at:hints:)``): the objects of an array often repeat those whole.
    public struct MemberPrefixes {
        /// The member positions hinted: 0 ..< `count`.
        @usableFromInline static let count = 12

        /// The longest run a hint holds, in bytes: three words, enough for `,"` and a key of
        /// twenty bytes and `":` (every key of the contract's repeated objects).
        @usableFromInline static let window = 24

        /// The run of text a member at this position began with last time (or the table's
        /// expected text, ``init(expecting:)``): from the end of the value before it (or of the
        /// object's `{`) to the end of its `:`, white space and `,` included, as loaded words,
        /// zero past `length` bytes, with the masks of those bytes; where the key lies in it; and
        /// the key's index in the table (-1: none). `length` 0: no hint (none seen, the run was
        /// longer than ``window``, or fewer than ``window`` bytes were left to read from its
        /// start), nothing else read; every field zero then, so that a set made by `init()` is
        /// zeroed memory.
        @usableFromInline struct Hint {
            @usableFromInline var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            @usableFromInline var masks: (UInt64, UInt64, UInt64) = (0, 0, 0)
            @usableFromInline var length: Int32 = 0
            @usableFromInline var keyOffset: Int32 = 0
            @usableFromInline var keyLength: Int32 = 0
            @usableFromInline var index: Int32 = 0

            @inlinable init() {}

            /// The hint of the run of `length` bytes (1 ... ``window``) at `start`, of which
            /// ``window`` are readable, whose key is `keyLength` bytes from `keyOffset`.
            @inlinable init(run start: UnsafePointer<UInt8>, length: Int, keyOffset: Int, keyLength: Int, index: Int) {
                masks = (Self.mask(first: length), Self.mask(first: length &- 8), Self.mask(first: length &- 16))
                let raw = UnsafeRawPointer(start)
                words = (raw.loadUnaligned(as: UInt64.self) & masks.0,
                         raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & masks.1,
                         raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) & masks.2)
                self.length = Int32(truncatingIfNeeded: length)
                self.keyOffset = Int32(truncatingIfNeeded: keyOffset)
                self.keyLength = Int32(truncatingIfNeeded: keyLength)
                self.index = Int32(truncatingIfNeeded: index)
            }

            /// The mask of the first `count` bytes (none below 1, all eight from 8) of a word
            /// as loaded from memory.
            @inlinable static func mask(first count: Int) -> UInt64 {
                count <= 0 ? 0 : UInt64(littleEndian: UInt64.max &>> UInt64(64 &- 8 &* min(count, 8)))
            }

            /// Whether the text at `start` (``window`` bytes readable) begins with this run.
            /// Three loads compared under their masks: no branch on the run's length.
            @inline(__always)
            @inlinable func begins(_ start: UnsafePointer<UInt8>) -> Bool {
                let raw = UnsafeRawPointer(start)
                let difference = (raw.loadUnaligned(as: UInt64.self) ^ words.0) & masks.0
                    | (raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ words.1) & masks.1
                    | (raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) ^ words.2) & masks.2
                return length > 0 && difference == 0
            }
        }

        @usableFromInline var hints = (Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint(), Hint())

        /// The member positions whose skipped values are kept: 0 ..< `skippedCount`. More than
        /// the hinted ones (a v4 match's `odds` is its fourteenth member); a position is three
        /// words here, where a hint is eight.
        @usableFromInline static let skippedCount = 16

        /// The object or array a member at this position held the last time one was read past
        /// in full (``JSONCursor/skipValue(at:hints:)``): where its text is in the request, its
        /// length (0: none) and how many containers were open around it. Its text is a whole,
        /// valid value there, so the same bytes are the same value wherever a value may come,
        /// inside at most as many containers.
        @usableFromInline struct SkippedValue {
            @usableFromInline var start: UnsafePointer<UInt8>?
            @usableFromInline var length = 0
            @usableFromInline var depth = 0

            @inlinable init() {}

            @inlinable init(start: UnsafePointer<UInt8>, length: Int, depth: Int) {
                self.start = start
                self.length = length
                self.depth = depth
            }
        }

        @usableFromInline var skipped = (
            SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue(),
            SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue(), SkippedValue())

        /// No hints yet.
        @inlinable public init() {}

        /// Hints that expect an object written in `table`'s order without white space
        /// (``JSONKeyTable/expectedMembers``; no skipped value): an array's first object written
        /// so is read as its later ones are, and one written otherwise misses them as it would
        /// have missed no hint. A copy of the set the table keeps, as cheap as zeroing one; out
        /// of line, so that the functions the hinted loops are inlined into only call it.
        @inline(never)
        public init(expecting table: JSONKeyTable) {
            self = table.expectedMembers.pointee
        }

        /// Makes the member read from `begin` to `end` (after its `:`), whose key is `key`,
        /// the hint of `position` (below ``count``): no hint when the run is longer than
        /// ``window``, or fewer than ``window`` bytes are `readable` from `begin`. Out of line:
        /// the member loop's rare branch, kept from the registers of its common one.
        @usableFromInline @inline(never)
        mutating func take(_ position: Int, run begin: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>, readable: Int,
                           key: UnsafeBufferPointer<UInt8>, index: Int?) {
            let length = end - begin
            setHint(length <= Self.window && readable >= Self.window
                ? Hint(run: begin, length: length, keyOffset: (key.baseAddress ?? begin) - begin, keyLength: key.count, index: index ?? -1)
                : Hint(), at: position)
        }

        /// Makes `hint` the hint of `position` (below ``count``).
        mutating func setHint(_ hint: Hint, at position: Int) {
            setElement(position, of: &hints, to: hint)
        }

        /// The hint of `position` (below ``count``).
        @inline(__always)
        @inlinable mutating func hint(_ position: Int) -> Hint {
            element(position, of: &hints, as: Hint.self)
        }

        /// The value last read past at `position` (below ``skippedCount``).
        @inline(__always)
        @inlinable mutating func skippedValue(_ position: Int) -> SkippedValue {
            element(position, of: &skipped, as: SkippedValue.self)
        }

        /// Makes `value` the value last read past at `position` (below ``skippedCount``).
        @inline(__always)
        @inlinable mutating func setSkippedValue(_ value: SkippedValue, at position: Int) {
            setElement(position, of: &skipped, to: value)
        }
    }

    /// A member's key as written (a plain ASCII string: its bytes between the quotes) and the
    /// index `table` gives for it, nil for a key the table does not have.
    public typealias Member = (key: UnsafeBufferPointer<UInt8>, index: Int?)

    /// The next member of the object entered last, the member at `position` of that object (0
    /// for its first): its key and the key's index in `table`, with the cursor then at its value;
    /// nil at the object's end (which it leaves) or when declined. A key the table does not have
    /// is answered with a nil index, not declined: the decoder decides. `hints` (of this table)
    /// are tried first and updated.
    ///
    /// A member whose text, from the cursor to its `:`, is byte for byte the text of the last
    /// member read the long way at this position (in an earlier object; before any, the text the
    /// table expects there) is read as that member was: same separator, same key, same index
    /// (the cursor is at the same point of the grammar, after a value or after the `{`, so the
    /// same bytes are the same tokens). No scan, no lookup, no branch per byte.
    ///
    /// - Precondition: `position` is the number of members of this object read before this
    ///   one. The hints trust it for where in the grammar the cursor is (after the `{`, or after
    ///   a value, where a `,` must come): with a miscounted position, a hint could take a `,`
    ///   where none may be, or pass over a missing one. Checked in debug builds, where the
    ///   cursor path's tests run; not in release builds, where it would be a check on every
    ///   member of the hot loops.
    @inline(always)
    @inlinable public mutating func nextMember(in table: JSONKeyTable, at position: Int, hints: inout MemberPrefixes) -> Member? {
        nextMember(at: position, hints: &hints) { table }
    }

    /// ``nextMember(in:at:hints:)`` with the table given by `table`, called only when the member
    /// is not its position's hint: a table that is a lazy global is then not fetched per member.
    @inline(always)
    @inlinable public mutating func nextMember(at position: Int, hints: inout MemberPrefixes, table: () -> JSONKeyTable) -> Member? {
        let begin = p
        assert(declined || hasChild == (position != 0), "nextMember: the position is not the count of the members read")
        if !declined, position < MemberPrefixes.count, end - begin >= MemberPrefixes.window {
            if begin.pointee == UInt8(ascii: "}") {  // the end, right after the last value (or `{`)
                p = begin + 1
                depth &-= 1
                hasChild = true
                return nil
            }
            let hint = hints.hint(position)
            if hint.begins(begin) { return taking(hint, at: begin) }
        }
        guard nextChild(closing: UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        guard byte == UInt8(ascii: "\"") else { return declining(nil) }
        let start = p + 1
        guard let (stop, index) = Self.key(from: start, to: end, in: table()) else { return declining(nil) }
        p = stop + 1
        guard take(UInt8(ascii: ":")) else { return declining(nil) }
        let key = UnsafeBufferPointer(start: start, count: stop - start)
        if position < MemberPrefixes.count {
            hints.take(position, run: begin, to: p, readable: end - begin, key: key, index: index)
        }
        return (key, index)
    }

    /// ``nextMember(in:)`` for the member at `position` of an object read without hints of its
    /// own (an object read once per request): the table's key at that position, as an object
    /// written in the table's order without white space begins it
    /// (``JSONKeyTable/expectedMembers``), is tried first; any other text is read as it comes.
    ///
    /// - Precondition: `position` is the number of members of this object read before this
    ///   one (see ``nextMember(in:at:hints:)``).
    @inline(always)
    @inlinable public mutating func nextMember(in table: JSONKeyTable, at position: Int) -> Member? {
        let begin = p
        assert(declined || hasChild == (position != 0), "nextMember: the position is not the count of the members read")
        if !declined, end - begin >= MemberPrefixes.window, let expected = table.expectedMember(at: position), expected.begins(begin) {
            return taking(expected, at: begin)
        }
        return nextMember(in: table)
    }

    /// The member whose text at `begin` is `hint`'s run (``MemberPrefixes/Hint/begins(_:)``
    /// held): the cursor moved past its `:`, its key and index as the hint has them.
    @inline(__always)
    @inlinable mutating func taking(_ hint: MemberPrefixes.Hint, at begin: UnsafePointer<UInt8>) -> Member {
        p = begin + Int(hint.length)
        hasChild = true
        let index = hint.index
        return (UnsafeBufferPointer(start: begin + Int(hint.keyOffset), count: Int(hint.keyLength)),
                index < 0 ? nil : Int(index))
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
