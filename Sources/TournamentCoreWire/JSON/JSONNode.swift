/// One entry of a parsed document's tape.
///
/// A document is a flat array of nodes in document order (a "tape", as in simdjson): a
/// container is an opening node, its children, and a closing ``Kind/end`` node; an object's
/// children alternate key (a string node) and value. Scalars point back into the request bytes,
/// so parsing allocates nothing per value and strings and numbers are converted only when a
/// handler asks for them.
struct JSONNode: Sendable {
    enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
        /// Closes the container whose opening node points here.
        case end
    }

    /// Flag of a string node: the text contains backslash escapes.
    static let escaped: UInt8 = 1
    /// Flag of a number node: an integer literal (no fraction, no exponent).
    static let integer: UInt8 = 1

    var kind: Kind
    var flags: UInt8
    /// Scalars: offset of the first byte (for strings, the first byte after the opening quote).
    /// Containers and ``Kind/end``: offset of the bracket.
    var offset: UInt32
    /// Scalars: length in bytes (for strings, without the quotes).
    /// Opening nodes: index of the matching ``Kind/end`` node. End nodes: number of children
    /// (elements, or members of an object).
    var value: UInt32
}
