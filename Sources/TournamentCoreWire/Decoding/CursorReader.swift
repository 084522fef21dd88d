import TournamentCoreJSON

/// The one failure of a ``CursorReader``: it declined the request (see ``JSONCursor``), which
/// the document path then reads.
struct Declined: Error {}

/// A ``RequestReader`` over a ``JSONCursor``: reads a request as its text is read, and declines
/// (``Declined``) whatever it does not read in full, every error included. It accepts only what
/// ``DocumentReader`` accepts, with the same values, so a method answers the same bytes either
/// way: members are visited as they come, and a repeated member, an unknown one (but a scalar of
/// an object whose fields keep unknown members, read and left), or an absent required one
/// declines. Texts are the bytes between a string's quotes (plain ASCII).
struct CursorReader: RequestReader {
    typealias Text = UnsafeBufferPointer<UInt8>
    typealias Failure = Declined
    typealias ObjectHints = JSONCursor.MemberPrefixes

    var cursor: JSONCursor

    /// A reader at the start of `cursor`.
    init(_ cursor: JSONCursor) {
        self.cursor = cursor
    }

    /// Ends reading: whether only white space follows the request and nothing declined.
    @inline(always)
    mutating func finish() -> Bool {
        cursor.finish()
    }

    @inline(always)
    mutating func takeNull() throws(Declined) -> Bool {
        let isNull = cursor.takeNull()
        if cursor.declined { throw Declined() }
        return isNull
    }

    @inline(always)
    mutating func readObject<Field: RequestFields>(_: Field.Type, _ visit: (inout Self, Field) throws(Declined) -> Void) throws(Declined) {
        guard cursor.enterObject() else { throw Declined() }
        var seen: UInt64 = 0
        if Field.keepsUnknownMembers {
            while let (_, index) = cursor.nextMember(in: Field.table) {
                guard let index else {
                    guard cursor.scalarText() != nil else { throw Declined() }
                    continue
                }
                guard let field = cursor.field(Field.self, at: index, seen: &seen) else { throw Declined() }
                try visit(&self, field)
            }
        } else {
            while let index = cursor.nextKey(in: Field.table) {
                guard let field = cursor.field(Field.self, at: index, seen: &seen) else { throw Declined() }
                try visit(&self, field)
            }
        }
        guard !cursor.declined, seen & Field.requiredSlots == Field.requiredSlots else { throw Declined() }
    }

    /// ``readObject(_:_:)`` with the members' text tried against `hints` first
    /// (``JSONCursor/nextMember(in:at:hints:)``).
    @inline(always)
    mutating func readObject<Field: RequestFields>(_: Field.Type, hints: inout JSONCursor.MemberPrefixes, _ visit: (inout Self, Field) throws(Declined) -> Void) throws(Declined) {
        guard cursor.enterObject() else { throw Declined() }
        var seen: UInt64 = 0
        var position = 0
        while let (_, index) = cursor.nextMember(in: Field.table, at: position, hints: &hints) {
            position &+= 1
            guard let index else {
                guard Field.keepsUnknownMembers, cursor.scalarText() != nil else { throw Declined() }
                continue
            }
            guard let field = cursor.field(Field.self, at: index, seen: &seen) else { throw Declined() }
            try visit(&self, field)
        }
        guard !cursor.declined, seen & Field.requiredSlots == Field.requiredSlots else { throw Declined() }
    }

    /// Nil: a cursor counts the elements as it reads them.
    var elementCount: Int? { nil }

    @inline(always)
    mutating func readArray(_ visit: (inout Self) throws(Declined) -> Void) throws(Declined) {
        guard cursor.enterArray() else { throw Declined() }
        while cursor.nextElement() {
            try visit(&self)
        }
        if cursor.declined { throw Declined() }
    }

    @inline(always)
    mutating func text() throws(Declined) -> UnsafeBufferPointer<UInt8> {
        guard let text = cursor.string() else { throw Declined() }
        return text
    }

    @inline(always)
    mutating func nonEmptyText() throws(Declined) -> UnsafeBufferPointer<UInt8> {
        guard let text = cursor.string(), !text.isEmpty else { throw Declined() }
        return text
    }

    @inline(always)
    mutating func text(refusing problem: (UnsafeBufferPointer<UInt8>) -> String?) throws(Declined) -> UnsafeBufferPointer<UInt8> {
        guard let text = cursor.string(), problem(text) == nil else { throw Declined() }
        return text
    }

    @inline(always)
    mutating func bool() throws(Declined) -> Bool {
        guard let value = cursor.bool() else { throw Declined() }
        return value
    }

    @inline(always)
    mutating func int64(in range: ClosedRange<Int64>) throws(Declined) -> Int64 {
        guard let value = cursor.int64(), range.contains(value) else { throw Declined() }
        return value
    }

    @inline(always)
    mutating func double(in range: ClosedRange<Double>) throws(Declined) -> Double {
        guard let value = cursor.double(), range.contains(value) else { throw Declined() }
        return value
    }

    func missing<Field: RequestFields>(_: Field) -> Declined {
        Declined()
    }

    @inline(always)
    func withBytes<Result>(of text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(text)
    }

    @inline(always)
    func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
        JSONCursor.string(text)
    }

    @inline(always)
    func bytesEqual(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        lhs.count == rhs.count && memoryEquals(lhs.baseAddress, rhs.baseAddress, lhs.count)
    }
}
