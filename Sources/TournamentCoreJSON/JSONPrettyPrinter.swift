/// Indents JSON text for people (the command-line tool's `--pretty`).
public enum JSONPrettyPrinter {
    /// `json` indented by two spaces per level, one member or element per line, ending in a
    /// newline; nil when `json` is not JSON text. Scalars are copied as written.
    public static func format(_ json: [UInt8]) -> [UInt8]? {
        json.withUnsafeBufferPointer { bytes -> [UInt8]? in
            try? JSONDocument.parse(bytes) { document in
                var output: [UInt8] = []
                output.reserveCapacity(json.count * 2)
                write(document, document.root, depth: 0, into: &output)
                output.append(UInt8(ascii: "\n"))
                return output
            }
        }
    }

    /// Recursion is bounded by the parser's depth limit.
    private static func write(_ document: JSONDocument, _ node: Int, depth: Int, into output: inout [UInt8]) {
        let kind = document.kind(node)
        guard kind == .object || kind == .array else {
            output.append(contentsOf: document.sourceText(node))
            return
        }
        let (open, close) = kind == .object ? (UInt8(ascii: "{"), UInt8(ascii: "}")) : (UInt8(ascii: "["), UInt8(ascii: "]"))
        output.append(open)
        let children = kind == .object ? document.keys(node) : document.elements(node)
        var first = true
        for child in children {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            newline(depth + 1, into: &output)
            if kind == .object {
                output.append(contentsOf: document.sourceText(child))
                output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
                write(document, child + 1, depth: depth + 1, into: &output)
            } else {
                write(document, child, depth: depth + 1, into: &output)
            }
        }
        if !first { newline(depth, into: &output) }
        output.append(close)
    }

    private static func newline(_ depth: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }
}
