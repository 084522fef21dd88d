import TournamentCoreJSON

/// The members of one request object, sorted into its known fields.
///
/// Reading a member's key once and remembering its value node makes repeated keys resolve as
/// the contract says (the last occurrence wins) before any value is interpreted. `null` counts
/// as absent for optional fields, so `{"limit":null}` is `{}`; fields where `null` means
/// something of its own are read with ``raw(_:)``.
struct ObjectFields<Field: RequestFields> {
    let document: JSONDocument
    /// The object's node.
    let object: Int
    private var slots = FieldSlots<Field.Slots>()
    /// The field set is larger than ``FieldSlots/capacity``: members are found by scanning.
    private let scans: Bool
    /// How many members are not known fields (repeats included).
    private(set) var unknownCount = 0
    /// For fields that keep unknown members: bit i set when member i is one (the first 64).
    private var unknownPositions: UInt64 = 0

    /// Sorts the members of the object at `node`; throws when `node` is not an object.
    ///
    /// Inlined, so that the slots are filled where the caller keeps them: built out of line,
    /// the result is copied out right after its slots were stored.
    @inline(always)
    init(_ document: JSONDocument, _ node: Int) throws(WireError) {
        try self.init(document, node, table: Field.table)
    }

    /// Sorts the members of the object at `node` with `table` (`Field.table`, read once by a
    /// caller that sorts many objects).
    @inline(always)
    fileprivate init(_ document: JSONDocument, _ node: Int, table: JSONKeyTable) throws(WireError) {
        self.document = document
        object = try document.object(node)
        scans = table.count > FieldSlots<Field.Slots>.capacity
        var position = 0
        for key in document.keys(node) {
            sort(key, at: position, into: table.index(ofKey: key, in: document))
            position &+= 1
        }
    }

    /// Sorts the members of the object at `node`, an element of an array whose objects mostly
    /// share their keys' order, with `table` and the `hints` of that array.
    @inline(always)
    init(_ document: JSONDocument, _ node: Int, hints: inout JSONKeyTable.KeysByPosition) throws(WireError) {
        try self.init(document, node, table: Field.table, hints: &hints)
    }

    @inline(always)
    fileprivate init(_ document: JSONDocument, _ node: Int, table: JSONKeyTable, hints: inout JSONKeyTable.KeysByPosition) throws(WireError) {
        self.document = document
        object = try document.object(node)
        scans = table.count > FieldSlots<Field.Slots>.capacity
        var position = 0
        for key in document.keys(node) {
            sort(key, at: position, into: hints.index(ofKey: key, at: position, in: document, table: table))
            position &+= 1
        }
    }

    /// Records the member whose key node is `key`, at `position` in its object: its value node
    /// in the field's slot, or (`slot` nil) as an unknown member.
    @inline(__always)
    private mutating func sort(_ key: Int, at position: Int, into slot: Int?) {
        if let slot {
            slots[slot] = Int32(truncatingIfNeeded: key + 1)
        } else {
            unknownCount += 1
            if Field.keepsUnknownMembers && position < 64 { unknownPositions |= 1 << UInt64(position) }
        }
    }

    /// The value node of `field` if the member is present, even when its value is `null`.
    @inline(__always)
    func raw(_ field: Field) -> Int? {
        // A slot past the lanes reads as absent: the scan (of a large field set) decides then.
        let node = Int(slots[field.slot])
        if node >= 0 { return node }
        return _slowPath(scans) ? Self.scan(document, object, for: field) : nil
    }

    /// The value node of the last member named by `field`'s key (repeated keys: the last wins).
    ///
    /// Static, of plain values: were `self` handed to this out-of-line call, the fields would
    /// need an address, and the whole struct would be copied to memory to give it one.
    @inline(never)
    private static func scan(_ document: JSONDocument, _ object: Int, for field: Field) -> Int? {
        var found: Int?
        for key in document.keys(object) where Field.table.index(ofKey: key, in: document) == field.slot {
            found = key + 1
        }
        return found
    }

    /// The value node of `field` if present and not `null`.
    @inline(__always)
    func value(_ field: Field) -> Int? {
        guard let node = raw(field), document.kind(node) != .null else { return nil }
        return node
    }

    /// The value node of a required field; an error at the object's path + key when absent.
    @inline(__always)
    func required(_ field: Field) throws(WireError) -> Int {
        guard let node = raw(field) else { throw Self.missing(field, in: object) }
        return node
    }

    /// The error of a missing required field (out of line: its message is not the reading's
    /// business, and inlined it took stack space in every decoder).
    @inline(never)
    static func missing(_ field: Field, in object: Int) -> WireError {
        WireError(
            .invalidRequest, "Missing required field \"\(field.rawValue)\".",
            location: .missingMember(object: object, key: field.rawValue))
    }

    /// The members not known as fields, to be written back verbatim.
    /// (Fields that say ``RequestFields/keepsUnknownMembers`` hand over which members are
    /// unknown as sorting found them; others leave it to `isKnown` to look each key up again.)
    var unknownMembers: UnknownMembers {
        UnknownMembers(
            object: object,
            count: unknownCount,
            positions: Field.keepsUnknownMembers && document.count(object) <= 64 ? unknownPositions : nil,
            isKnown: { document, key in Field.table.index(ofKey: key, in: document) != nil })
    }

    // MARK: Typed reads of optional fields (nil when absent or null)
    //
    // All inlined, so that the fields stay in registers: an out-of-line read takes them by
    // address, which copies the whole struct to memory.

    @inline(__always)
    func string(_ field: Field) throws(WireError) -> String? {
        guard let node = value(field) else { return nil }
        return try document.string(at: node)
    }

    /// An optional string that, when present, must not be empty.
    @inline(__always)
    func nonEmptyString(_ field: Field) throws(WireError) -> String? {
        guard let node = value(field) else { return nil }
        return try document.nonEmptyString(at: node)
    }

    @inline(__always)
    func bool(_ field: Field) throws(WireError) -> Bool? {
        guard let node = value(field) else { return nil }
        return try document.bool(at: node)
    }

    @inline(__always)
    func int(_ field: Field, in range: ClosedRange<Int64> = Int64.min...Int64.max) throws(WireError) -> Int? {
        guard let node = value(field) else { return nil }
        return try document.int(at: node, in: range)
    }

    @inline(__always)
    func int64(_ field: Field, in range: ClosedRange<Int64> = Int64.min...Int64.max) throws(WireError) -> Int64? {
        guard let node = value(field) else { return nil }
        return try document.int64(at: node, in: range)
    }

    @inline(__always)
    func double(_ field: Field, in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) throws(WireError) -> Double? {
        guard let node = value(field) else { return nil }
        return try document.double(at: node, in: range)
    }

    // MARK: Typed reads of required fields

    @inline(__always)
    func requiredString(_ field: Field) throws(WireError) -> String {
        try document.string(at: required(field))
    }

    /// A required string that must not be empty.
    @inline(__always)
    func requiredNonEmptyString(_ field: Field) throws(WireError) -> String {
        try document.nonEmptyString(at: required(field))
    }

    /// A required non-empty string, checked as ``requiredNonEmptyString(_:)`` checks it, for a
    /// member whose text no rule reads.
    @inline(__always)
    func requireNonEmptyString(_ field: Field) throws(WireError) {
        try document.requireNonEmptyString(at: required(field))
    }

    /// An optional string's node (nil: absent or null), checked as ``string(_:)`` checks it.
    @inline(__always)
    func stringNode(_ field: Field) throws(WireError) -> Int? {
        guard let node = value(field) else { return nil }
        try document.requireString(at: node)
        return node
    }

    @inline(__always)
    func requiredArray(_ field: Field) throws(WireError) -> JSONDocument.Children {
        try document.array(required(field))
    }
}

/// The objects of one array, sorted into fields one after another with the key table read once
/// and the array's key hints (``JSONKeyTable/KeysByPosition``): the objects of an array mostly repeat
/// their keys in the same order.
///
/// ```swift
/// var arrows = ArrayObjects<Members.Arrow>()
/// for element in try document.array(node) { let fields = try arrows.fields(document, element) ... }
/// ```
struct ArrayObjects<Field: RequestFields> {
    private let table = Field.table
    private var hints = JSONKeyTable.KeysByPosition()

    init() {}

    /// The fields of the object at `node`, an element of the array; throws when it is not an
    /// object. Inlined, so that the slots are filled where the caller keeps them.
    @inline(always)
    mutating func fields(_ document: JSONDocument, _ node: Int) throws(WireError) -> ObjectFields<Field> {
        try ObjectFields(document, node, table: table, hints: &hints)
    }
}
