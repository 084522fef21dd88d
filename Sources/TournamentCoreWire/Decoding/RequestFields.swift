import TournamentCoreJSON

/// The known keys of one kind of request object, as an enum whose raw values are the keys.
///
/// The enums are generated from the request schemas (`Members`, in RequestMembers.swift): the
/// readers find an object's members by `Members.Arrow` (``ObjectFields``, the cursor's key
/// table) and a decoder never declares its keys.
protocol RequestFields: RawRepresentable<String>, CaseIterable, Equatable, Sendable where AllCases == [Self] {
    /// The vector whose lanes keep the value nodes of an object's fields (``FieldSlots``): one
    /// lane per field, up to 16 lanes.
    associatedtype Slots: FieldLanes
    /// The keys, in `allCases` order, built once per type.
    static var table: JSONKeyTable { get }
    /// Whether objects of these fields keep their other members to write them back
    /// (``ObjectFields/unknownMembers``); false unless a type says so.
    static var keepsUnknownMembers: Bool { get }
    /// The fields the schema requires, bit ``slot`` set for each; none unless a type says so.
    static var requiredSlots: UInt64 { get }
    /// Whether an object of these fields occurs at most once in a request (no array holds it,
    /// nor any object an array holds): read once, it has no hints of its own, and its members
    /// are first tried as the table orders them (``JSONKeyTable/expectedMembers``). False unless
    /// a type says so; a constant, so that the decoders of other objects are compiled without it.
    static var occursOnce: Bool { get }

    /// Calls `body` with each field in the order the core checks them (the schema's
    /// `x-checkOrder`, else `allCases`' order): the first wrong member in this order is the one an
    /// error names (``DocumentReader``).
    static func forEachInCheckOrder<Failure: Error>(_ body: (Self) throws(Failure) -> Void) throws(Failure)
}

extension RequestFields {
    static var keepsUnknownMembers: Bool { false }

    static var requiredSlots: UInt64 { 0 }

    static var occursOnce: Bool { false }

    static func forEachInCheckOrder<Failure: Error>(_ body: (Self) throws(Failure) -> Void) throws(Failure) {
        for slot in 0..<table.count {
            try body(Self(slot: slot))
        }
    }

    /// The field whose ``slot`` is `slot`, an index of ``table`` (below the number of fields).
    /// (Not `allCases[slot]`: `allCases` builds its array on every use.)
    @inline(__always)
    init(slot: Int) {
        if MemoryLayout<Self>.size == 1 {
            // A one-byte enum's cases are its tags 0 ..< count, in declaration order (see `slot`).
            self = unsafeBitCast(UInt8(truncatingIfNeeded: slot), to: Self.self)
        } else {
            self = Self.allCases[slot]
        }
    }

    /// The field's slot in ``FieldSlots``, which is its index in ``table``: its enum tag, read
    /// without touching the table.
    ///
    /// An enum without payloads stores its case as a tag of at most one byte (none when it has a
    /// single case), numbered in declaration order, which is `allCases` order; that is what every
    /// `RequestFields` type is. Any other conforming type falls back to its position in
    /// `allCases`.
    @inline(__always)
    var slot: Int {
        switch MemoryLayout<Self>.size {
        case 0: return 0
        case 1: return withUnsafeBytes(of: self) { Int($0[0]) }
        default: return Self.allCases.firstIndex(of: self) ?? 0
        }
    }
}
