import TournamentCoreJSON

/// The one failure of a ``CursorReader``: it declined the request (see ``JSONCursor``), which
/// the document path then reads.
struct Declined: Error {}

/// A ``RequestReader`` over a ``JSONCursor``: reads a request as its text is read, and declines
/// (``Declined``) whatever it does not read in full, every error included. It accepts only what
/// ``DocumentReader`` accepts, with the same values, so a method answers the same bytes either
/// way: members are visited as they come, and a repeated member or an absent required one
/// declines. An unknown member is read past (``JSONCursor/skipValue()``; in an array's objects
/// ``JSONCursor/skipValue(at:hints:)``), as the document path ignores it; but in an object whose
/// fields keep unknown members, only a scalar is read (and kept, or left), and anything else
/// declines. Texts are the bytes between a string's quotes
/// (plain ASCII), kept as offsets into the request (``CursorText``).
struct CursorReader: RequestReader {
    typealias Text = CursorText
    typealias Failure = Declined
    typealias ObjectHints = JSONCursor.MemberPrefixes

    var cursor: JSONCursor
    /// The request's first byte, where the offsets of its texts start.
    private let start: UnsafePointer<UInt8>
    /// Whether objects whose fields keep unknown members have them kept.
    private let keepsUnknownMembers: Bool
    /// The unknown members kept: each one's key as written (with its quotes) and its value as
    /// written (a scalar: the reader declines an unknown member holding an object or an array).
    private var unknownMembers: [(key: CursorText, value: CursorText)] = []
    /// The bytes that were left when the first unknown member was kept.
    private var unknownMembersFrom = 0
    /// Where the hints of the objects inside an array's objects are kept, if the caller gave room
    /// for them (``NestedHints``).
    private let nestedHints: NestedHints?

    /// The most unknown members of one object the reader keeps (more decline): as many as the
    /// document path merges by comparing them with each other, before it hashes them.
    static let maxUnknownMembers = JSONDocument.keysComparedPairwise

    /// A reader at the start of `cursor`, which keeps unknown members when
    /// `keepsUnknownMembers` (``RequestReader/readObject(_:_:)``), and keeps the hints of objects
    /// inside an array's objects in `nestedHints` when given (it must outlive the reading).
    init(_ cursor: JSONCursor, keepsUnknownMembers: Bool = false, nestedHints: NestedHints? = nil) {
        self.cursor = cursor
        start = cursor.position
        self.keepsUnknownMembers = keepsUnknownMembers
        self.nestedHints = nestedHints
    }

    /// Ends reading: whether only white space follows the request and nothing declined.
    @inline(always)
    mutating func finish() -> Bool {
        cursor.finish()
    }

    @inline(always)
    mutating func takeNull() throws(Declined) -> Bool {
        // A misspelt null declines and answers false, leaving the cursor at its `n`, which
        // every read refuses: the read that follows throws.
        cursor.takeNull()
    }

    @inline(always)
    @discardableResult
    mutating func readObject<Field: RequestFields>(_: Field.Type, _ visit: (inout Self, Field) throws(Declined) -> Void) throws(Declined) -> Range<Int> {
        let table = Field.table  // a lazy global: fetched once, not per member
        // An object deeper than the request's members (read once each), such as a match's team
        // inside the request's array of matches: with its table's hints when there is room. (One
        // reading of the members, choosing per member: `visit` is inlined here once.)
        let slot = cursor.openContainers >= 2 ? nestedHints?.slot(for: table) : nil
        return try readMembers(
            Field.self, entered: false, visit,
            next: { (cursor: inout JSONCursor, position: Int) in
                guard let slot else {
                    return Field.occursOnce ? cursor.nextMember(in: table, at: position) : cursor.nextMember(in: table)
                }
                return cursor.nextMember(at: position, hints: &slot.pointee.hints) { table }
            },
            skip: { (cursor: inout JSONCursor, position: Int) in
                guard let slot else { return cursor.skipValue() }
                return cursor.skipValue(at: position, hints: &slot.pointee.hints)
            })
    }

    /// ``readObject(_:_:)`` with the members' text tried against `hints` first
    /// (``JSONCursor/nextMember(in:at:hints:)``), for an object of an array read with
    /// ``readObjects(_:)``, which has entered it: read from its first member.
    @inline(always)
    @discardableResult
    mutating func readObject<Field: RequestFields>(
        _: Field.Type, hints: inout JSONCursor.MemberPrefixes, _ visit: (inout Self, Field) throws(Declined) -> Void
    ) throws(Declined) -> Range<Int> {
        // The table (a lazy global) only for a member that is not its position's hint.
        try readMembers(
            Field.self, entered: true, visit,
            next: { (cursor: inout JSONCursor, position: Int) in cursor.nextMember(at: position, hints: &hints) { Field.table } },
            skip: { (cursor: inout JSONCursor, position: Int) in cursor.skipValue(at: position, hints: &hints) })
    }

    /// Reads an object's members (entering it first unless `entered`), each found by `next`
    /// (given the member's position), and visits the known ones; an unknown one is read past
    /// by `skip` (given its position), or kept, or declines (see the type).
    @inline(always)
    private mutating func readMembers<Field: RequestFields>(
        _: Field.Type, entered: Bool, _ visit: (inout Self, Field) throws(Declined) -> Void,
        next: (inout JSONCursor, Int) -> (key: UnsafeBufferPointer<UInt8>, index: Int?)?,
        skip: (inout JSONCursor, Int) -> Bool
    ) throws(Declined) -> Range<Int> {
        if !entered {
            guard cursor.enterObject() else { throw Declined() }
        }
        let first = Field.keepsUnknownMembers ? unknownMembers.count : 0
        var seen: UInt64 = 0
        var position = 0
        while let (key, index) = next(&cursor, position) {
            position &+= 1
            guard let index else {
                if Field.keepsUnknownMembers {
                    try readUnknownMember(key, keptAfter: first)
                } else {
                    guard skip(&cursor, position &- 1) else { throw Declined() }
                }
                continue
            }
            guard let field = cursor.field(Field.self, at: index, seen: &seen) else { throw Declined() }
            try visit(&self, field)
        }
        guard !cursor.declined, seen & Field.requiredSlots == Field.requiredSlots else { throw Declined() }
        return Field.keepsUnknownMembers ? first..<unknownMembers.count : 0..<0
    }

    /// Reads the value of an unknown member whose key is `key`, keeping the member when the
    /// reader keeps them (those of its object are from `first` on). Declines for a value that is
    /// not a scalar, for a key repeated in the object and for more than ``maxUnknownMembers``:
    /// the document path merges those (past a few by hashing, so a hostile object stays linear).
    @inline(always)
    private mutating func readUnknownMember(_ key: UnsafeBufferPointer<UInt8>, keptAfter first: Int) throws(Declined) {
        guard let keyStart = key.baseAddress, let value = cursor.scalarText() else { throw Declined() }
        guard keepsUnknownMembers else { return }
        let quotedKey = UnsafeBufferPointer(start: keyStart - 1, count: key.count + 2)
        guard unknownMembers.count - first < Self.maxUnknownMembers else { throw Declined() }
        var index = first
        while index < unknownMembers.count {
            let other = unknownMembers[index].key
            if other.count == quotedKey.count && memoryEquals(other.bytes(in: start).baseAddress, quotedKey.baseAddress, quotedKey.count) {
                throw Declined()
            }
            index &+= 1
        }
        if unknownMembers.count == unknownMembers.capacity { makeRoomForUnknownMembers() }
        unknownMembers.append((CursorText(quotedKey, in: start), CursorText(value, in: start)))
    }

    /// Makes room for 32 unknown members at the first (one allocation for a page's, none
    /// without); when those are full, for as many more per byte of the rest of the request as
    /// were kept per byte since the first. The storage then grows a bounded number of times for
    /// a request of objects alike, not once per doubling.
    @inline(never)
    private mutating func makeRoomForUnknownMembers() {
        let count = unknownMembers.count
        let left = cursor.bytesLeft
        guard count > 0 else {
            unknownMembersFrom = left
            unknownMembers.reserveCapacity(32)
            return
        }
        // In 64 bits: a count times a length overflows a 32-bit Int (wasm32, armv7).
        let more = Int64(count) * Int64(left) / Int64(max(unknownMembersFrom - left, 1))
        unknownMembers.reserveCapacity(Int(clamping: Int64(count) + min(more, Int64(left)) + 32))
    }

    func writeUnknownMembers(_ members: Range<Int>, into writer: inout JSONWriter) {
        for member in unknownMembers[members] {
            writer.raw(member.key.bytes(in: start))
            writer.append(UInt8(ascii: ":"))
            writer.raw(member.value.bytes(in: start))
        }
    }

    /// How many bytes are left to read: the array starts where that many are left.
    var arrayMark: Int { cursor.bytesLeft }

    /// One, plus the bytes left over the bytes the first element took (at least 2: its first
    /// byte and the `[` before it), plus a quarter: elements alike differ in length (an arrow
    /// with coordinates beside one without, a number's digits), and one longer than most would
    /// otherwise make the array grow once more.
    func elementCapacity(afterFirstElementOf mark: Int) -> Int {
        let left = cursor.bytesLeft
        let more = left / max(mark - left, 2)
        return 1 + more + more / 4
    }

    @inline(always)
    mutating func readArray(_ visit: (inout Self) throws(Declined) -> Void) throws(Declined) {
        guard cursor.enterArray() else { throw Declined() }
        while cursor.nextElement() {
            try visit(&self)
        }
        if cursor.declined { throw Declined() }
    }

    /// Enters each object with the comma before it (``JSONCursor/enterNextObject()``): the
    /// ``readObject(_:hints:_:)`` that `visit` begins with reads it from its first member.
    @inline(always)
    mutating func readObjects(_ visit: (inout Self) throws(Declined) -> Void) throws(Declined) {
        guard cursor.enterArray() else { throw Declined() }
        while cursor.enterNextObject() {
            try visit(&self)
        }
        if cursor.declined { throw Declined() }
    }

    /// Reads the elements; any refused declines, as always (skipping is the document path's).
    @inline(always)
    mutating func readObjects(skippingInvalid _: Bool, into _: inout [SkippedElement], _ visit: (inout Self) throws(Declined) -> Void) throws(Declined) {
        try readObjects(visit)
    }

    @inline(always)
    mutating func choice<Choice: RequestChoice>(_: Choice.Type) throws(Declined) -> Choice {
        guard let name = cursor.string(), let value = Choice.named(name) else { throw Declined() }
        return value
    }

    /// A choice's name or an integer within `Int64` (beyond it: the document path's).
    @inline(always)
    mutating func choiceOrInteger<Choice: RequestChoice>(_: Choice.Type, expected _: StaticString) throws(Declined) -> ChoiceOrInteger<Choice> {
        guard cursor.isAtString() else {
            guard let value = cursor.int64() else { throw Declined() }
            return .integer(value)
        }
        return .choice(try choice(Choice.self))
    }

    func conflict(_: StaticString) -> Declined {
        Declined()
    }

    func refusal(_: RequestRefusal) -> Declined {
        Declined()
    }

    @inline(always)
    mutating func text() throws(Declined) -> CursorText {
        guard let text = cursor.string() else { throw Declined() }
        return CursorText(text, in: start)
    }

    @inline(always)
    mutating func nonEmptyText() throws(Declined) -> CursorText {
        guard let text = cursor.string(), !text.isEmpty else { throw Declined() }
        return CursorText(text, in: start)
    }

    @inline(always)
    mutating func text(refusing problem: (UnsafeBufferPointer<UInt8>) -> String?) throws(Declined) -> CursorText {
        guard let text = cursor.string(), problem(text) == nil else { throw Declined() }
        return CursorText(text, in: start)
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
    func withBytes<Result>(of text: CursorText, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(text.bytes(in: start))
    }

    @inline(always)
    func string(_ text: CursorText) -> String {
        JSONCursor.string(text.bytes(in: start))
    }

    @inline(always)
    func bytesEqual(_ lhs: CursorText, _ rhs: CursorText) -> Bool {
        lhs.count == rhs.count && memoryEquals(lhs.bytes(in: start).baseAddress, rhs.bytes(in: start).baseAddress, Int(truncatingIfNeeded: lhs.count))
    }

    /// (The text is plain ASCII, as the cursor reads texts: copied as it stands.)
    @inline(always)
    func appendText(_ text: CursorText, to run: inout MemberRun) {
        run.appendJSON(text.bytes(in: start))
    }

    /// (Plain ASCII too: copied as it stands.)
    @inline(always)
    func writeField<Writer: JSONStringMemberWriter & ~Copyable>(_ key: StaticString, text: CursorText, into writer: inout Writer) {
        writer.field(key, stringContent: text.bytes(in: start))
    }
}
