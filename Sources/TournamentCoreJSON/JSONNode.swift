/// One entry of a parsed document's tape (its layout is the reader's business; readers of a
/// document see its ``Kind`` only).
///
/// A document is a flat array of nodes in document order (a "tape", as in simdjson): a
/// container is an opening node, its children, and a closing ``Kind/end`` node; an object's
/// children alternate key (a string node) and value. Scalars point back into the request bytes,
/// so parsing allocates nothing per value and strings are converted only when a handler asks
/// for them. A number's digits are read once, by the parser: the node keeps its decimal
/// exponent and the index of the tape's mantissa that holds its digits as an integer (see
/// ``JSONTape``).
public struct JSONNode: Sendable {
    public enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
        /// Closes the container whose opening node points here.
        case end
    }

    /// Flag of a string node: the text contains backslash escapes.
    @usableFromInline static let escaped: UInt8 = 1
    /// Flag of a number node: an integer literal (no fraction, no exponent).
    @usableFromInline static let integer: UInt8 = 1
    /// Flag of a number node: the literal starts with `-`.
    @usableFromInline static let negative: UInt8 = 2
    /// Flag of a number node: its value is exactly mantissa × 10^``exponent`` — at most 19
    /// digits, so the mantissa holds them all, and a written exponent below 10,000. Without it,
    /// the number is read again from its text.
    @usableFromInline static let exact: UInt8 = 4

    @usableFromInline var kind: Kind
    @usableFromInline var flags: UInt8
    /// Number nodes with ``exact``: the decimal exponent (the written one less the digits after
    /// the point). 0 otherwise.
    @usableFromInline var exponent: Int16 = 0
    /// Scalars: offset of the first byte (for strings, the first byte after the opening quote).
    /// Containers and ``Kind/end``: offset of the bracket.
    @usableFromInline var offset: UInt32
    /// Scalars: length in bytes (for strings, without the quotes); but numbers with ``exact``:
    /// the index of their mantissa (their length is found again from the text when needed).
    /// Opening nodes: index of the matching ``Kind/end`` node. End nodes: number of children
    /// (elements, or members of an object).
    @usableFromInline var value: UInt32
}

/// A parsed document: the text (never empty), its nodes, and the digits of each number node with
/// ``JSONNode/exact`` as an integer, in the order of those numbers (the node's `value` is the
/// index).
@usableFromInline struct JSONTape {
    @usableFromInline let text: UnsafePointer<UInt8>
    @usableFromInline let nodes: UnsafeBufferPointer<JSONNode>
    @usableFromInline let mantissas: UnsafePointer<UInt64>
}
