import TournamentCoreJSON

/// Writes of text for results that are not on a hot path (the exceptions of a response, the
/// methods a screen calls once): the writer's text writes are always inlined, for the methods
/// whose speed is measured, and each inlined copy of the escaping adds to the library's size.
/// These take one copy, out of line.
extension JSONWriter {
    /// `"key":"text"`, the text escaped; out of line.
    @inline(never)
    mutating func fieldOutOfLine(_ key: StaticString, text: String) {
        field(key, text: text)
    }

    /// `"text"` as the next value, escaped; out of line.
    @inline(never)
    mutating func stringOutOfLine(text: String) {
        string(text: text)
    }
}
