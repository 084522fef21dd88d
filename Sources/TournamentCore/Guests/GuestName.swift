/// The rules of a guest's name.
public enum GuestName {
    /// The longest name, in user-perceived characters (grapheme clusters: "👨‍👩‍👧" is one).
    public static let maxCharacters = 50

    /// The name to store: `text` trimmed of white space and newlines, then checked in this
    /// order: not empty, at most ``maxCharacters`` characters, no control characters (Unicode
    /// category Cc, which includes tabs and interior newlines) and no line or paragraph
    /// separators (Zl, Zp).
    public static func validated(_ text: String) throws(GuestError) -> String {
        let name = text.trimmingWhitespace()
        if name.isEmpty { throw .invalidGuestName(.empty) }
        if name.count > maxCharacters { throw .invalidGuestName(.tooLong) }
        let forbidden = name.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
        if forbidden { throw .invalidGuestName(.invalidCharacters) }
        return name
    }
}
