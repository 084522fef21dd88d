extension JSONDocument {
    /// A member of an object: the indices of its key and value nodes.
    public struct Member {
        public var key: Int
        public var value: Int

        /// The member whose key node is `key` and value node `value`.
        @inlinable public init(key: Int, value: Int) {
            self.key = key
            self.value = value
        }
    }

    /// Up to this many keys, repeats are found by comparing each key with the others; more are
    /// hashed, so that a hostile object stays linear. (Readers that compare pairwise too, such
    /// as a cursor path, stop at the same count.)
    public static let keysComparedPairwise = 16

    /// The members of an object with repeated keys merged as JavaScript's `JSON.parse` does:
    /// each key once, at the position of its first occurrence, with the value of its last.
    @inlinable public func uniqueMembers(_ object: Int) -> [Member] {
        deduplicated(keys: Array(keys(object)))
    }

    /// Merges repeated keys among `keys` (key node indices, in document order) as
    /// ``uniqueMembers(_:)`` does.
    @inlinable public func deduplicated(keys: [Int]) -> [Member] {
        var members: [Member] = []
        members.reserveCapacity(keys.count)
        if keys.count <= Self.keysComparedPairwise {
            for key in keys {
                if let earlier = members.firstIndex(where: { stringsEqual($0.key, key) }) {
                    members[earlier].value = key + 1
                } else {
                    members.append(Member(key: key, value: key + 1))
                }
            }
            return members
        }
        // Many keys: hash the decoded key text so that a hostile object stays linear.
        var positions: [String: Int] = [:]
        positions.reserveCapacity(keys.count)
        for key in keys {
            let text = string(key)
            if let earlier = positions[text] {
                members[earlier].value = key + 1
            } else {
                positions[text] = members.count
                members.append(Member(key: key, value: key + 1))
            }
        }
        return members
    }
}

extension JSONWriter {
    /// Writes a request value as it was given, without insignificant white space: scalars
    /// byte for byte (strings keep their escapes, numbers their spelling), objects with repeated
    /// keys merged as ``JSONDocument/uniqueMembers(_:)`` does.
    ///
    /// Recursion is bounded by the parser's depth limit.
    @inlinable public mutating func verbatim(_ document: JSONDocument, _ node: Int) {
        switch document.kind(node) {
        case .object:
            beginObject()
            for member in document.uniqueMembers(node) {
                verbatimMember(document, member)
            }
            endObject()
        case .array:
            beginArray()
            for element in document.elements(node) {
                verbatim(document, element)
            }
            endArray()
        default:
            raw(document.sourceText(node))
        }
    }

    /// Writes `"key":value` of a request member verbatim.
    @inlinable public mutating func verbatimMember(_ document: JSONDocument, _ member: JSONDocument.Member) {
        raw(document.sourceText(member.key))
        append(UInt8(ascii: ":"))
        verbatim(document, member.value)
    }
}
