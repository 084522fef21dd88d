import TournamentCoreJSON

extension JSONCursor {
    /// The field of the next member of the object entered last, looked up in `Field`'s key
    /// table; nil at the object's end. Declines an unknown member and a repeated one (`seen`:
    /// the fields met so far in this object, by slot), whose handling is the document path's
    /// (unknown members kept or ignored, the last of repeated keys winning).
    @inline(always)
    mutating func nextField<Field: RequestFields>(_ type: Field.Type, seen: inout UInt64) -> Field? {
        guard let index = nextKey(in: Field.table) else { return nil }
        return field(type, at: index, seen: &seen)
    }

    /// ``nextField(_:seen:)`` for the member at `position` of one of an array's objects, its
    /// key tried against `hints` first (``JSONCursor/nextMember(in:at:hints:)``, whose hints
    /// are to be of `Field`'s table).
    @inline(always)
    mutating func nextField<Field: RequestFields>(_ type: Field.Type, seen: inout UInt64, at position: Int, hints: inout MemberPrefixes) -> Field? {
        guard let (_, index) = nextMember(in: Field.table, at: position, hints: &hints) else { return nil }
        guard let index else {
            decline()
            return nil
        }
        return field(type, at: index, seen: &seen)
    }

    /// The field at `index` of `Field`'s key table, marked in `seen` (the fields met so far in
    /// this object, by slot); nil (declined) when it was met already.
    @inline(always)
    mutating func field<Field: RequestFields>(_: Field.Type, at index: Int, seen: inout UInt64) -> Field? {
        guard index < 64, seen & 1 << UInt64(index) == 0 else {
            decline()
            return nil
        }
        seen |= 1 << UInt64(index)
        return Field(slot: index)
    }

    /// An integer within `range`, or nil (declined) for anything else.
    @inline(always)
    mutating func int64(in range: ClosedRange<Int64>) -> Int64? {
        guard let value = int64(), range.contains(value) else {
            decline()
            return nil
        }
        return value
    }

    /// An optional member's value: nil (read) for `null`, otherwise `read`'s.
    @inline(always)
    mutating func optional<Value>(_ read: (inout JSONCursor) -> Value?) -> Value? {
        takeNull() ? nil : read(&self)
    }
}

/// Whether `bytes` (a string a cursor read) are exactly `word`: for a cursor path matching an
/// enumeration's raw value (a contract word) without making a `String`.
@inline(always)
func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    word.utf8CodeUnitCount == bytes.count && memoryEquals(word.utf8Start, bytes.baseAddress, bytes.count)
}
