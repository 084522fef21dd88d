import TournamentCoreJSON

/// The members of one request object, sorted into its known fields.
///
/// Reading a member's key once and remembering its value node makes repeated keys resolve as
/// the contract says (the last occurrence wins) before any value is interpreted. A field's
/// value node is ``raw(_:)``, `null` included: what a `null` means (absence, for every optional
/// member) is the generated decoder's to say, through ``DocumentReader``.
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
}
