/// A parsed request: its bytes and their tape.
///
/// The document borrows both: it is valid only inside the closure given to
/// ``parse(_:_:)``, which is how the wire layer reads every request without copying it and
/// without reference counting (a document is three pointers and two counts, copied freely).
/// Node indices come from the tape itself (a container's end, a key's value at key + 1), so
/// they are in range by construction; debug builds check every access, and the fuzzer runs
/// the optimized code under AddressSanitizer.
public struct JSONDocument {
    /// The request's first byte (it is never empty) and its length.
    @usableFromInline let text: UnsafePointer<UInt8>
    @usableFromInline let textCount: Int
    @usableFromInline let nodes: UnsafeBufferPointer<JSONNode>
    /// The digits of each exact number node, at the index its `value` holds (see ``JSONTape``).
    @usableFromInline let mantissas: UnsafePointer<UInt64>

    /// The index of the top-level value.
    @inlinable public var root: Int { 0 }

    /// Parses `bytes` and hands the document to `body`; the document must not escape it.
    /// `terminated`: a 0 byte follows `bytes` (see ``JSONParser/read(_:terminated:)``).
    @inlinable
    public static func parse<Result>(_ bytes: UnsafeBufferPointer<UInt8>, terminated: Bool = false, _ body: (JSONDocument) -> Result) throws(JSONSyntaxError) -> Result {
        let parsed = try JSONParser.read(bytes, terminated: terminated)
        defer { parsed.release() }
        let tape = parsed.tape
        return body(JSONDocument(text: tape.text, textCount: bytes.count, nodes: tape.nodes, mantissas: tape.mantissas))
    }

    @usableFromInline
    init(text: UnsafePointer<UInt8>, textCount: Int, nodes: UnsafeBufferPointer<JSONNode>, mantissas: UnsafePointer<UInt64>) {
        self.text = text
        self.textCount = textCount
        self.nodes = nodes
        self.mantissas = mantissas
    }

    // MARK: Structure

    @inline(always)
    @inlinable public func kind(_ node: Int) -> JSONNode.Kind { nodes[node].kind }

    /// The index of the node after `node` and all its descendants.
    @inline(always)
    @inlinable public func skip(_ node: Int) -> Int {
        switch nodes[node].kind {
        case .object, .array: Int(nodes[node].value) &+ 1
        default: node &+ 1
        }
    }

    /// The number of elements of an array or members of an object; 0 for a scalar.
    @inline(always)
    @inlinable public func count(_ container: Int) -> Int {
        switch nodes[container].kind {
        case .object, .array: Int(nodes[Int(nodes[container].value)].value)
        default: 0
        }
    }

    /// The element indices of an array node.
    @inline(always)
    @inlinable public func elements(_ array: Int) -> Children {
        Children(document: self, container: array, cursor: array &+ 1, end: Int(nodes[array].value), stride: 1)
    }

    /// The key indices of an object node; each member's value is at key + 1.
    @inline(always)
    @inlinable public func keys(_ object: Int) -> Children {
        Children(document: self, container: object, cursor: object &+ 1, end: Int(nodes[object].value), stride: 2)
    }

    /// Child nodes of a container, one per element (arrays) or per member key (objects).
    public struct Children: Sequence, IteratorProtocol {
        @usableFromInline let document: JSONDocument
        /// The array or object node.
        public let container: Int
        @usableFromInline var cursor: Int
        @usableFromInline let end: Int
        @usableFromInline let stride: Int

        @usableFromInline
        init(document: JSONDocument, container: Int, cursor: Int, end: Int, stride: Int) {
            self.document = document
            self.container = container
            self.cursor = cursor
            self.end = end
            self.stride = stride
        }

        /// The number of children, read from the container's end node.
        @inlinable public var count: Int { document.count(container) }

        @inline(always)
        @inlinable public mutating func next() -> Int? {
            guard cursor < end else { return nil }
            let current = cursor
            cursor = document.skip(current &+ stride &- 1)
            return current
        }
    }

    // MARK: Raw bytes

    /// The request's bytes.
    @inlinable public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: text, count: textCount) }

    /// The bytes of a scalar node's token (strings without their quotes).
    @inline(always)
    @inlinable public func slice(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = nodes[node]
        return UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset) + tokenLength(entry)])
    }

    /// The bytes of a string node's text as written, without its quotes (its length is the
    /// node's `value`, as for every scalar but exact numbers).
    @inline(always)
    @inlinable func stringSlice(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = nodes[node]
        return UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset) + Int(entry.value)])
    }

    /// The length of a scalar's token: the node's `value`, but for a number whose `value` is its
    /// mantissa's index, found again in the text.
    @inline(always)
    @inlinable func tokenLength(_ entry: JSONNode) -> Int {
        guard _slowPath(entry.kind == .number && entry.flags & JSONNode.exact != 0) else { return Int(entry.value) }
        return numberLength(at: Int(entry.offset))
    }

    /// The length of the number token at `offset`: the bytes a number may hold, up to the first
    /// that it may not (the reader checked its syntax).
    @usableFromInline func numberLength(at offset: Int) -> Int {
        var end = offset
        while end < textCount {
            switch text[end] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                end += 1
            default:
                return end - offset
            }
        }
        return end - offset
    }

    /// The source text of a node as written: a scalar's token (strings with their quotes and
    /// escapes), a container from its opening bracket to its closing one.
    @inlinable public func sourceText(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = nodes[node]
        let start = Int(entry.offset)
        switch entry.kind {
        case .object, .array:
            return UnsafeBufferPointer(rebasing: bytes[start...Int(nodes[Int(entry.value)].offset)])
        case .string:
            return UnsafeBufferPointer(rebasing: bytes[start - 1...start + Int(entry.value)])
        default:
            return UnsafeBufferPointer(rebasing: bytes[start..<start + tokenLength(entry)])
        }
    }

    /// The length in bytes of a scalar node's token (strings: as written, without the quotes).
    @inline(always)
    @inlinable public func byteCount(_ node: Int) -> Int { tokenLength(nodes[node]) }

    /// The length in bytes of a string node's text as written, without the quotes.
    @inline(always)
    @inlinable func stringByteCount(_ node: Int) -> Int { Int(nodes[node].value) }

    // MARK: Strings

    /// Whether a string node's text is written with backslash escapes.
    @inline(always)
    @inlinable public func isEscaped(_ node: Int) -> Bool { nodes[node].flags & JSONNode.escaped != 0 }

    /// A word that no ``shortKeyWord(_:)`` is: a zero first byte under a non-zero one, which no
    /// key's word has (a plain key has no zero byte) and no word read for an empty key either
    /// (0, or a quote first).
    @inlinable public static var noShortKeyWord: UInt64 { 0x0100 }

    /// The word of the string node `key` when it is plain (no escapes) and at most eight bytes
    /// long: its bytes, little-endian, zeros above them. Nil for other strings.
    ///
    /// The word tells such strings apart by itself, their lengths included: a plain string has
    /// no zero byte. (An empty one keeps all eight bytes from its closing quote on, which no
    /// other string's word starts with.)
    @inline(always)
    @inlinable public func shortKeyWord(_ key: Int) -> UInt64? {
        let node = nodes[key]
        let length = Int(node.value)
        guard _fastPath(node.flags & JSONNode.escaped == 0 && length <= 8) else { return nil }
        let offset = Int(node.offset)
        return ByteScanning.keyWord(text + offset, count: length, readable: textCount &- offset)
    }

    /// A string node's text as written, when it is written without escapes: then it is the
    /// string's UTF-8 bytes, and it holds nothing a JSON string must escape (a quote would have
    /// ended it, a control character is not JSON). Nil for a string written with escapes.
    @inline(always)
    @inlinable public func plainStringBytes(_ node: Int) -> UnsafeBufferPointer<UInt8>? {
        let entry = nodes[node]
        guard _fastPath(entry.flags & JSONNode.escaped == 0) else { return nil }
        return UnsafeBufferPointer(start: text + Int(entry.offset), count: Int(entry.value))
    }

    /// The UTF-8 bytes of a string node (escapes decoded), lent to `body`.
    @inline(always)
    @inlinable public func withStringBytes<Result>(_ node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard _slowPath(isEscaped(node)) else { return body(stringSlice(node)) }
        return StringEscapes.unescaped(stringSlice(node)).withUnsafeBufferPointer(body)
    }

    /// The text of a string node, escapes decoded.
    @inlinable public func string(_ node: Int) -> String {
        let text = stringSlice(node)
        guard nodes[node].flags & JSONNode.escaped != 0 else {
            return Self.makeString(text)
        }
        return StringEscapes.unescaped(text).withUnsafeBufferPointer { Self.makeString($0) }
    }

    /// A `String` of `text`, UTF-8 the reader has validated.
    @inlinable static func makeString(_ text: UnsafeBufferPointer<UInt8>) -> String {
        #if hasFeature(Embedded)
        // Copied with memmove: Embedded Swift's String(decoding:) copies the bytes one by one.
        return String(unsafeUninitializedCapacity: text.count) { target in
            UnsafeMutableRawBufferPointer(target).copyMemory(from: UnsafeRawBufferPointer(text))
            return text.count
        }
        #else
        return String(decoding: text, as: UTF8.self)
        #endif
    }

    /// Whether a string node's text equals `expected` (escapes decoded).
    @inlinable public func stringEquals(_ node: Int, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = stringSlice(node)
        guard nodes[node].flags & JSONNode.escaped != 0 else {
            return text.count == expected.count && memoryEquals(text.baseAddress, expected.baseAddress, text.count)
        }
        return StringEscapes.unescaped(text).withUnsafeBufferPointer {
            $0.count == expected.count && memoryEquals($0.baseAddress, expected.baseAddress, $0.count)
        }
    }

    /// Whether two string nodes have the same text (escapes decoded).
    @inlinable public func stringsEqual(_ lhs: Int, _ rhs: Int) -> Bool {
        if nodes[lhs].flags & JSONNode.escaped == 0 {
            return stringEquals(rhs, stringSlice(lhs))
        }
        return StringEscapes.unescaped(stringSlice(lhs)).withUnsafeBufferPointer { stringEquals(rhs, $0) }
    }

    // MARK: Numbers

    /// Whether a node is a number whose value is an integer, however written (`8`, `8.0`, `8e0`,
    /// `80e-1`, `1e30`: JSON Schema's `integer`), in the range of `Int64` or not.
    @inlinable public func isInteger(_ node: Int) -> Bool {
        let entry = nodes[node]
        guard entry.kind == .number else { return false }
        return entry.flags & JSONNode.integer != 0 || integerValue(node) != .fraction
    }

    /// The value of a number node whose value is an integer in the range of `Int64`, however
    /// written (`8`, `8.0`, `8e0`, `80e-1`); nil for anything else (`8.5`, `1e30`, a string).
    @inline(always)
    @inlinable public func int64(_ node: Int) -> Int64? {
        let entry = nodes[node]
        guard _fastPath(entry.kind == .number && entry.flags & (JSONNode.integer | JSONNode.exact) == JSONNode.integer | JSONNode.exact) else {
            return entry.kind == .number ? integerValue(node).int64 : nil
        }
        // All the digits, at most 19: below 2^64. Int64 holds up to 2^63 - 1, and 2^63 negated.
        let magnitude = mantissas[Int(entry.value)]
        if entry.flags & JSONNode.negative != 0 {
            return magnitude <= 1 << 63 ? Int64(bitPattern: 0 &- magnitude) : nil
        }
        return magnitude < 1 << 63 ? Int64(bitPattern: magnitude) : nil
    }

    /// A number node as an integer (``IntegerValue``): from its mantissa and exponent when they
    /// are exact, otherwise from its text.
    @usableFromInline func integerValue(_ node: Int) -> IntegerValue {
        let entry = nodes[node]
        if entry.flags & JSONNode.exact != 0 {
            return IntegerValue.of(mantissa: mantissas[Int(entry.value)], exponent: Int(entry.exponent), negative: entry.flags & JSONNode.negative != 0)
        }
        return IntegerValue.of(slice(node))
    }

    /// The value of a number node as the nearest `Double`, or nil when its magnitude is too
    /// large for a `Double` (such as `1e400`).
    @inline(always)
    @inlinable public func double(_ node: Int) -> Double? {
        let entry = nodes[node]
        guard _fastPath(entry.kind == .number) else { return nil }
        if _fastPath(entry.flags & JSONNode.exact != 0),
           let value = NumberParsing.double(mantissa: mantissas[Int(entry.value)], exponent: Int(entry.exponent), negative: entry.flags & JSONNode.negative != 0) {
            return value
        }
        return NumberParsing.double(slice(node))
    }

    // MARK: Paths

    /// The JSONPath of a node: `$`, `$.tournaments[3].status`, `$['odd key']`.
    ///
    /// Found by descending from the root, so it costs nothing until an error needs it.
    /// A key node's path is the path of its member.
    @inlinable public func path(to target: Int) -> JSONPath {
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
