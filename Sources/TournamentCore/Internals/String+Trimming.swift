extension StringProtocol {
    /// The text without leading and trailing white space and newlines (the Unicode `White_Space`
    /// property, as Foundation's `.whitespacesAndNewlines`), trimmed scalar by scalar.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }
}
