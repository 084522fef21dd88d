/// The members of a request object that are not known fields, kept to be written back verbatim
/// after the known ones: a reference to the object, not a copy, so keeping them costs nothing.
struct UnknownMembers: Sendable {
    /// The object's node.
    let object: Int
    /// How many members are unknown (repeats included); 0 for none.
    let count: Int
    /// Whether a key node names a known field.
    let isKnown: @Sendable (JSONDocument, Int) -> Bool

    static let none = UnknownMembers(object: 0, count: 0, isKnown: { _, _ in true })
}

extension JSONWriter {
    /// Writes the unknown members of an object verbatim, in request order, repeated keys merged
    /// as `JSONDocument.uniqueMembers` does (first position, last value).
    mutating func write(_ unknown: UnknownMembers, from document: JSONDocument) {
        guard unknown.count > 0 else { return }
        guard unknown.count <= 16 else {
            // Many unknown members: merge repeats by hashing, so a hostile object stays linear.
            var keys: [Int] = []
            keys.reserveCapacity(unknown.count)
            for key in document.keys(unknown.object) where !unknown.isKnown(document, key) {
                keys.append(key)
            }
            for member in document.deduplicated(keys: keys) {
                verbatimMember(document, member)
            }
            return
        }
        // Few: merge repeats by comparing in place, without allocating.
        for key in document.keys(unknown.object) where !unknown.isKnown(document, key) {
            var repeatsEarlier = false
            var last = key
            for other in document.keys(unknown.object) where other != key && document.stringsEqual(other, key) && !unknown.isKnown(document, other) {
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
