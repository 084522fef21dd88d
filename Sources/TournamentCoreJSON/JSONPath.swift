/// A location in a request, written as a JSONPath: `$.tournaments[3].status`.
///
/// Keys that are identifiers use dot notation; other keys use bracket notation with single
/// quotes, escaping `'` and `\` with a backslash: `$['odd key']`, `$['it\'s']`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The path as text.
    public private(set) var description = "$"

    /// The root, `$`.
    public init() {}

    /// Appends `[index]`.
    public mutating func append(index: Int) {
        description += "[\(index)]"
    }

    /// Appends `.key`, or `['key']` when the key is not an identifier.
    public mutating func append(key: String) {
        if Self.isIdentifier(key) {
            description += "." + key
            return
        }
        description += "['"
        for character in key.unicodeScalars {
            if character == "'" || character == "\\" { description += "\\" }
            description.unicodeScalars.append(character)
        }
        description += "']"
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }
}
