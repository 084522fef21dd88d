/// A parsed request: its bytes and their tape.
///
/// The document borrows both: it is valid only inside the closure given to
/// ``parse(_:_:)``, which is how the wire layer reads every request without copying it and
/// without reference counting (a document is three pointers and two counts, copied freely).
/// Node indices come from the tape itself (a container's end, a key's value at key + 1), so
/// they are in range by construction; debug builds check every access, and the fuzzer runs
/// the optimized code under AddressSanitizer.
struct JSONDocument {
    /// The request's first byte (it is never empty) and its length.
    let text: UnsafePointer<UInt8>
    let textCount: Int
    let nodes: UnsafeBufferPointer<JSONNode>
    /// The digits of each number node, at its index (see ``JSONTape``).
    let mantissas: UnsafePointer<UInt64>

    /// The index of the top-level value.
    var root: Int { 0 }

    /// Parses `bytes` and hands the document to `body`; the document must not escape it.
    /// `terminated`: a 0 byte follows `bytes` (see ``JSONParser/parse(_:terminated:_:)``).
    static func parse<Result>(_ bytes: UnsafeBufferPointer<UInt8>, terminated: Bool = false, _ body: (JSONDocument) -> Result) throws(WireError) -> Result {
        do {
            return try JSONParser.parse(bytes, terminated: terminated) { tape in
                body(JSONDocument(text: tape.text, textCount: bytes.count, nodes: tape.nodes, mantissas: tape.mantissas))
            }
        } catch {
            throw error.isOutOfMemory ? .outOfMemory : WireError(.invalidJSON, error.message)
        }
    }

    // MARK: Structure

    func kind(_ node: Int) -> JSONNode.Kind { nodes[node].kind }

    /// The index of the node after `node` and all its descendants.
    func skip(_ node: Int) -> Int {
        switch nodes[node].kind {
        case .object, .array: Int(nodes[node].value) &+ 1
        default: node &+ 1
        }
    }

    /// The number of elements of an array or members of an object; 0 for a scalar.
    func count(_ container: Int) -> Int {
        switch nodes[container].kind {
        case .object, .array: Int(nodes[Int(nodes[container].value)].value)
        default: 0
        }
    }

    /// The element indices of an array node.
    func elements(_ array: Int) -> Children {
        Children(document: self, container: array, cursor: array &+ 1, end: Int(nodes[array].value), stride: 1)
    }

    /// The key indices of an object node; each member's value is at key + 1.
    func keys(_ object: Int) -> Children {
        Children(document: self, container: object, cursor: object &+ 1, end: Int(nodes[object].value), stride: 2)
    }

    /// Child nodes of a container, one per element (arrays) or per member key (objects).
    struct Children: Sequence, IteratorProtocol {
        let document: JSONDocument
        /// The array or object node.
        let container: Int
        var cursor: Int
        let end: Int
        let stride: Int

        /// The number of children, read from the container's end node.
        var count: Int { document.count(container) }

        mutating func next() -> Int? {
            guard cursor < end else { return nil }
            let current = cursor
            cursor = document.skip(current &+ stride &- 1)
            return current
        }
    }

    // MARK: Raw bytes

    /// The request's bytes.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: text, count: textCount) }

    /// The bytes of a scalar node's token (strings without their quotes).
    func slice(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = nodes[node]
        return UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset) + Int(entry.value)])
    }

    /// The source text of a scalar node, strings with their quotes and escapes as written.
    func sourceText(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = nodes[node]
        var start = Int(entry.offset)
        var end = start + Int(entry.value)
        if entry.kind == .string {
            start -= 1
            end += 1
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    // MARK: Strings

    /// The text of a string node, escapes decoded.
    func string(_ node: Int) -> String {
        let text = slice(node)
        guard nodes[node].flags & JSONNode.escaped != 0 else {
            return String(decoding: text, as: UTF8.self)
        }
        return String(decoding: JSONBytes.unescaped(text), as: UTF8.self)
    }

    /// Whether a string node's text equals `expected` (escapes decoded).
    func stringEquals(_ node: Int, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = slice(node)
        guard nodes[node].flags & JSONNode.escaped != 0 else {
            return text.count == expected.count && memoryEquals(text.baseAddress, expected.baseAddress, text.count)
        }
        return JSONBytes.unescaped(text).withUnsafeBufferPointer {
            $0.count == expected.count && memoryEquals($0.baseAddress, expected.baseAddress, $0.count)
        }
    }

    /// Whether two string nodes have the same text (escapes decoded).
    func stringsEqual(_ lhs: Int, _ rhs: Int) -> Bool {
        if nodes[lhs].flags & JSONNode.escaped == 0 {
            return stringEquals(rhs, slice(lhs))
        }
        return JSONBytes.unescaped(slice(lhs)).withUnsafeBufferPointer { stringEquals(rhs, $0) }
    }

    // MARK: Numbers

    /// The value of an integer literal node, or nil when it is a fraction, has an exponent, or
    /// lies outside the range of `Int64`.
    @inline(__always)
    func int64(_ node: Int) -> Int64? {
        let entry = nodes[node]
        guard _fastPath(entry.kind == .number && entry.flags & JSONNode.integer != 0) else { return nil }
        guard _fastPath(entry.flags & JSONNode.exact != 0) else { return JSONBytes.int64(slice(node)) }
        // All the digits, at most 19: below 2^64. Int64 holds up to 2^63 - 1, and 2^63 negated.
        let magnitude = mantissas[node]
        if entry.flags & JSONNode.negative != 0 {
            return magnitude <= 1 << 63 ? Int64(bitPattern: 0 &- magnitude) : nil
        }
        return magnitude < 1 << 63 ? Int64(bitPattern: magnitude) : nil
    }

    /// The value of a number node as the nearest `Double`, or nil when its magnitude is too
    /// large for a `Double` (such as `1e400`).
    @inline(__always)
    func double(_ node: Int) -> Double? {
        let entry = nodes[node]
        guard _fastPath(entry.kind == .number) else { return nil }
        if _fastPath(entry.flags & JSONNode.exact != 0),
           let value = JSONBytes.double(mantissa: mantissas[node], exponent: Int(entry.exponent), negative: entry.flags & JSONNode.negative != 0) {
            return value
        }
        return JSONBytes.double(slice(node))
    }

    // MARK: Paths

    /// The JSONPath of a node: `$`, `$.tournaments[3].status`, `$['odd key']`.
    ///
    /// Found by descending from the root, so it costs nothing until an error needs it.
    /// A key node's path is the path of its member.
    func path(to target: Int) -> JSONPath {
        var path = JSONPath()
        var node = root
        while node != target, node < nodes.count {
            switch nodes[node].kind {
            case .array:
                var found = false
                for (index, element) in elements(node).enumerated() where element <= target && target < skip(element) {
                    path.append(index: index)
                    node = element
                    found = true
                    break
                }
                if !found { return path }
            case .object:
                var found = false
                for key in keys(node) where key <= target && target < skip(key + 1) {
                    path.append(key: string(key))
                    node = target == key ? target : key + 1
                    found = true
                    break
                }
                if !found { return path }
            default:
                return path
            }
        }
        return path
    }
}
