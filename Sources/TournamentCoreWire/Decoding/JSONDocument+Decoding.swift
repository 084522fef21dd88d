import TournamentCoreJSON

/// Typed reads of request values: each checks the node's type and range and throws
/// `INVALID_REQUEST` at that node when they are wrong.
extension JSONDocument {
    /// How a node's type is named in messages: "a string", "an object", "null".
    func typeDescription(_ node: Int) -> String {
        switch kind(node) {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .true, .false: "a boolean"
        case .null: "null"
        case .end: "nothing"
        }
    }

    /// A short quotation of a scalar node for messages, at most 40 bytes of its source.
    func quote(_ node: Int) -> String {
        guard kind(node) != .object, kind(node) != .array else { return typeDescription(node) }
        let text = sourceText(node)
        if text.count <= 40 { return String(decoding: text, as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: text[..<40]), as: UTF8.self) + "..."
    }

    /// The error of a node of another kind than `expected`: built out of line, off the checks'
    /// paths.
    @inline(never)
    func mismatch(_ expected: String, at node: Int) -> WireError {
        .invalid("Expected \(expected), found \(typeDescription(node)).", at: node)
    }

    /// The node itself, checked to be an object.
    @inline(__always)
    func object(_ node: Int) throws(WireError) -> Int {
        guard _fastPath(kind(node) == .object) else { throw mismatch("an object", at: node) }
        return node
    }

    /// The elements of an array node.
    func array(_ node: Int) throws(WireError) -> Children {
        guard _fastPath(kind(node) == .array) else { throw mismatch("an array", at: node) }
        return elements(node)
    }

    /// The value of the member `key` of the object at `object` (the last of repeated keys, as the
    /// readers take them); nil when there is none, or no object. For an error a rule finds after
    /// a generated decoder read the request: the decoder keeps values, not where they were.
    @_optimize(size)
    func member(_ key: StaticString, of object: Int) -> Int? {
        guard kind(object) == .object else { return nil }
        let key = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        var value: Int?
        for member in keys(object) where stringEquals(member, key) {
            value = member + 1
        }
        return value
    }

    /// The element at `index` of the array at `array`; nil when there is none, or no array (see
    /// ``member(_:of:)``).
    @_optimize(size)
    func element(_ index: Int, of array: Int) -> Int? {
        guard kind(array) == .array else { return nil }
        var rest = elements(array).dropFirst(index).makeIterator()
        return rest.next()
    }

    /// The UTF-8 bytes of a string node (escapes decoded), lent to `body`.
    func withStringBytes<Result>(at node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(WireError) -> Result {
        try requireString(at: node)
        return withStringBytes(node, body)
    }

    /// A string node; an error at it when it is another kind.
    @inline(__always)
    func requireString(at node: Int) throws(WireError) {
        guard _fastPath(kind(node) == .string) else { throw mismatch("a string", at: node) }
    }

    /// A non-empty string node (a string's text is empty exactly when its bytes are); an error at
    /// it otherwise.
    @inline(__always)
    func requireNonEmptyString(at node: Int) throws(WireError) {
        guard try withStringBytes(at: node, { !$0.isEmpty }) else { throw .invalid("Expected a non-empty string.", at: node) }
    }

    @inline(__always)
    func bool(at node: Int) throws(WireError) -> Bool {
        switch kind(node) {
        case .true: return true
        case .false: return false
        default: throw mismatch("a boolean", at: node)
        }
    }

    /// An integral number within `range` however written (`8`, `8.0`, `80e-1`; not `8.5`), as an
    /// `Int64` on every platform (timestamps pass 2^31, beyond a 32-bit `Int`). The failures'
    /// messages are built out of line.
    @inline(__always)
    func int64(at node: Int, in range: ClosedRange<Int64> = Int64.min...Int64.max) throws(WireError) -> Int64 {
        guard let value = int64(node), _fastPath(range.contains(value)) else { throw intError(at: node, in: range) }
        return value
    }

    @inline(never)
    private func intError(at node: Int, in range: ClosedRange<Int64>) -> WireError {
        guard kind(node) == .number else { return mismatch("an integer", at: node) }
        guard isInteger(node) else {
            return .invalid("Expected an integer, found \(quote(node)).", at: node)
        }
        return .invalid("Expected an integer from \(range.lowerBound) to \(range.upperBound), found \(quote(node)).", at: node)
    }

    /// A finite number within `range`.
    @inline(__always)
    func double(at node: Int, in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) throws(WireError) -> Double {
        guard let value = double(node), _fastPath(range.contains(value)) else { throw doubleError(at: node, in: range) }
        return value
    }

    @inline(never)
    private func doubleError(at node: Int, in range: ClosedRange<Double>) -> WireError {
        guard kind(node) == .number else { return mismatch("a number", at: node) }
        guard double(node) != nil else {
            return .invalid("Expected a finite number, found \(quote(node)).", at: node)
        }
        return .invalid("Expected a number from \(Self.bound(range.lowerBound)) to \(Self.bound(range.upperBound)), found \(quote(node)).", at: node)
    }

    /// A range bound for messages: `100`, not `100.0`.
    private static func bound(_ value: Double) -> String {
        if let integer = Int(exactly: value) { return "\(integer)" }
        return "\(value)"
    }
}
