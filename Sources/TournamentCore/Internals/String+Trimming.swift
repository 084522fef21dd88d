extension String {
    /// The text without leading and trailing white space and newlines (the Unicode `White_Space`
    /// property, as Foundation's `.whitespacesAndNewlines`), trimmed scalar by scalar.
    func trimmingWhitespace() -> String {
        // Fast path: ends that are ASCII are trimmed on the bytes. ASCII white space is
        // U+0009...U+000D and U+0020; a non-ASCII end (which may be U+00A0, U+3000...) is left
        // to the scalar path below.
        let utf8 = self.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, utf8[start].isASCIIWhitespace { utf8.formIndex(after: &start) }
        while start < end {
            let before = utf8.index(before: end)
            guard utf8[before].isASCIIWhitespace else { break }
            end = before
        }
        let startsWithASCII = start == end || utf8[start] < 0x80
        let endsWithASCII = start == end || utf8[utf8.index(before: end)] < 0x80
        if startsWithASCII && endsWithASCII {
            // Both boundaries are ASCII, hence scalar boundaries: the bytes between are whole scalars.
            return String(decoding: utf8[start..<end], as: UTF8.self)
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }
}

extension UInt8 {
    /// An ASCII white space character: U+0009...U+000D or U+0020 (the ASCII part of Unicode's
    /// `White_Space`).
    var isASCIIWhitespace: Bool {
        self == 0x20 || (0x09...0x0D).contains(self)
    }
}
