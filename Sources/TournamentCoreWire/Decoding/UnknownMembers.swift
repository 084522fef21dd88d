import TournamentCoreJSON

/// The members of a request object that are not known fields, kept to be written back verbatim
/// after the known ones: a reference to the object, not a copy, so keeping them costs nothing.
struct UnknownMembers: Sendable {
    /// The object's node.
    let object: Int
    /// How many members are unknown (repeats included); 0 for none.
    let count: Int
    /// Bit i is set when the object's member i is unknown, as sorting the members found it; nil
    /// when the object has more than 64 members (then `isKnown` decides).
    let positions: UInt64?
    /// Whether a key node names a known field.
    let isKnown: @Sendable (JSONDocument, Int) -> Bool

    static let none = UnknownMembers(object: 0, count: 0, positions: 0, isKnown: { _, _ in true })

    /// Whether the member whose key is `key`, the object's member number `position`, is unknown.
    @inline(__always)
    func isUnknown(_ document: JSONDocument, key: Int, at position: Int) -> Bool {
        if let positions { return positions >> UInt64(position) & 1 == 1 }
        return !isKnown(document, key)
    }
}

extension JSONWriter {
    /// Writes the unknown members of an object verbatim, in request order, repeated keys merged
    /// as `JSONDocument.uniqueMembers` does (first position, last value).
    mutating func write(_ unknown: UnknownMembers, from document: JSONDocument) {
        guard unknown.count > 0 else { return }
        guard unknown.count <= JSONDocument.keysComparedPairwise else {
            // Many unknown members: merge repeats by hashing, so a hostile object stays linear.
            var keys: [Int] = []
            keys.reserveCapacity(unknown.count)
            for (position, key) in document.keys(unknown.object).enumerated() where unknown.isUnknown(document, key: key, at: position) {
                keys.append(key)
            }
            for member in document.deduplicated(keys: keys) {
                verbatimMember(document, member)
            }
            return
        }
        // Few: merge repeats by comparing in place, without allocating.
        for (position, key) in document.keys(unknown.object).enumerated() where unknown.isUnknown(document, key: key, at: position) {
            var repeatsEarlier = false
            var last = key
            for (otherPosition, other) in document.keys(unknown.object).enumerated()
            where other != key && unknown.isUnknown(document, key: other, at: otherPosition) && document.stringsEqual(other, key) {
                if other < key {
                    repeatsEarlier = true
                    break
                }
                last = other
            }
            if repeatsEarlier { continue }
            verbatimMember(document, JSONDocument.Member(key: key, value: last + 1))
        }
    }
}
