#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict RFC 8259 reader that turns request bytes into a tape of ``JSONNode``s.
///
/// - Strict: no comments, trailing commas, leading zeros, `NaN`, byte order mark, unescaped
///   control characters, invalid UTF-8 (overlong forms, encoded surrogates, code points past
///   U+10FFFF) or unpaired surrogate escapes (`"\ud800"`); all are syntax errors.
/// - Bounded: iterative (no recursion), nesting at most ``JSONLimits/maxDepth`` deep, one
///   12-byte node per value; every offset fits in 32 bits because requests are at most
///   ``JSONLimits/maxRequestBytes``.
/// - Any JSON value is accepted at the top level; requiring an object is the caller's rule.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// The tape being written: `malloc` memory, grown by doubling, lent to the caller at the
    /// end. Writing through a pointer spares every node the checks of `Array.append`.
    private var nodes: UnsafeMutablePointer<JSONNode>?
    private var capacity = 0
    private var count = 0
    /// Whether each open container is an object, innermost last.
    private var openIsObject: UInt64 = 0
    /// The open containers, innermost last: their opening nodes' indices and the children counted
    /// so far. Stack memory of ``JSONLimits/maxDepth`` entries, so parsing allocates only the tape.
    private let openNodes: UnsafeMutableBufferPointer<Int>
    private let childCounts: UnsafeMutableBufferPointer<UInt32>
    private var depth = 0

    // The reading loop is one function: every step of it is inlined into `tape`, where the parser
    // is a local whose fields live in registers. What is rare (growing the tape, escapes,
    // multi-byte UTF-8, errors) is out of line in static functions that take and return plain
    // values, so that no call needs the parser's address.

    /// Parses `bytes` (at most ``JSONLimits/maxRequestBytes`` long) and hands its tape to
    /// `body`. The tape is `malloc` memory freed when `body` returns: it must not escape.
    static func parse<Result>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<JSONNode>) -> Result) throws(JSONSyntaxError) -> Result {
        guard bytes.count <= JSONLimits.maxRequestBytes else {
            throw JSONSyntaxError(message: "The text is longer than \(JSONLimits.maxRequestBytes) bytes.", offset: 0)
        }
        let outcome = withUnsafeTemporaryAllocation(of: Int.self, capacity: JSONLimits.maxDepth) { openNodes in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: JSONLimits.maxDepth) { childCounts in
                Swift.Result { () throws(JSONSyntaxError) in
                    try tape(bytes, openNodes: openNodes, childCounts: childCounts)
                }
            }
        }
        let (nodes, count) = try outcome.get()
        defer { free(nodes) }
        return body(UnsafeBufferPointer(start: nodes, count: count))
    }

    /// The tape of `bytes` (`malloc` memory the caller frees) and its node count.
    private static func tape(
        _ bytes: UnsafeBufferPointer<UInt8>,
        openNodes: UnsafeMutableBufferPointer<Int>,
        childCounts: UnsafeMutableBufferPointer<UInt32>
    ) throws(JSONSyntaxError) -> (UnsafeMutablePointer<JSONNode>?, Int) {
        var parser = JSONParser(bytes: bytes, openNodes: openNodes, childCounts: childCounts)
        do {
            try parser.parseDocument()
        } catch {
            free(parser.nodes)
            throw error
        }
        return (parser.nodes, parser.count)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, openNodes: UnsafeMutableBufferPointer<Int>, childCounts: UnsafeMutableBufferPointer<UInt32>) {
        self.bytes = bytes
        self.openNodes = openNodes
        self.childCounts = childCounts
        // Every node takes at least one byte of text, so a request up to 64 KiB never needs more
        // than one allocation; a larger one starts there and doubles.
        capacity = min(bytes.count + 1, 1 << 16)
        nodes = malloc(capacity * MemoryLayout<JSONNode>.stride)?.assumingMemoryBound(to: JSONNode.self)
        if nodes == nil { capacity = 0 }
    }

    /// Appends a node to the tape.
    @inline(__always)
    private mutating func emit(_ node: JSONNode) throws(JSONSyntaxError) {
        if count == capacity {
            (nodes, capacity) = try Self.grown(nodes, capacity: capacity, position: position)
        }
        nodes?[count] = node
        count += 1
    }

    /// The tape reallocated at twice its capacity.
    @inline(never)
    private static func grown(_ nodes: UnsafeMutablePointer<JSONNode>?, capacity: Int, position: Int) throws(JSONSyntaxError) -> (UnsafeMutablePointer<JSONNode>?, Int) {
        let (doubled, overflow) = max(capacity, 16).multipliedReportingOverflow(by: 2)
        let (byteCount, tooBig) = doubled.multipliedReportingOverflow(by: MemoryLayout<JSONNode>.stride)
        guard !overflow, !tooBig, let grown = realloc(nodes, byteCount) else {
            throw error("Out of memory for the parsed request.", at: position)
        }
        return (grown.assumingMemoryBound(to: JSONNode.self), doubled)
    }

    // MARK: Structure

    @inline(__always)
    private mutating func parseDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        while true {
            // Expecting a value.
            guard position < bytes.count else { throw error("Unexpected end of text; expected a value.") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                try openContainer(.object)
                skipWhitespace()
                if peekWithoutConsuming(UInt8(ascii: "}")) {
                    try closeContainer()
                } else {
                    try parseMemberKey()
                    continue
                }
            case UInt8(ascii: "["):
                try openContainer(.array)
                skipWhitespace()
                if peekWithoutConsuming(UInt8(ascii: "]")) {
                    try closeContainer()
                } else {
                    continue
                }
            default:
                try parseScalar()
            }
            // A value is complete: close containers or move to the next child.
            while true {
                skipWhitespace()
                guard depth > 0 else {
                    guard position == bytes.count else { throw error("Unexpected text after the end of the value.") }
                    return
                }
                childCounts[depth - 1] &+= 1
                guard position < bytes.count else { throw error("Unexpected end of text inside an array or object.") }
                let byte = bytes[position]
                if openIsObject >> UInt64(depth - 1) & 1 == 1 {
                    if byte == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        try parseMemberKey()
                        break
                    }
                    guard byte == UInt8(ascii: "}") else { throw error("Expected ',' or '}' after an object member.") }
                } else {
                    if byte == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        break
                    }
                    guard byte == UInt8(ascii: "]") else { throw error("Expected ',' or ']' after an array element.") }
                }
                try closeContainer()
            }
        }
    }

    /// Reads `"key"` `:` and leaves the position at the member's value.
    @inline(__always)
    private mutating func parseMemberKey() throws(JSONSyntaxError) {
        guard peekWithoutConsuming(UInt8(ascii: "\"")) else { throw error("Expected a string key in an object.") }
        try parseString()
        skipWhitespace()
        guard peek(UInt8(ascii: ":")) else { throw error("Expected ':' after an object key.") }
        skipWhitespace()
    }

    @inline(__always)
    private mutating func openContainer(_ kind: JSONNode.Kind) throws(JSONSyntaxError) {
        guard depth < JSONLimits.maxDepth else {
            throw Self.tooDeep(at: position)
        }
        openNodes[depth] = count
        childCounts[depth] = 0
        let bit: UInt64 = 1 << UInt64(depth)
        openIsObject = kind == .object ? openIsObject | bit : openIsObject & ~bit
        depth += 1
        try emit(JSONNode(kind: kind, flags: 0, offset: UInt32(truncatingIfNeeded: position), value: 0))
        position += 1
    }

    /// Closes the innermost container at the bracket under the position.
    @inline(__always)
    private mutating func closeContainer() throws(JSONSyntaxError) {
        guard depth > 0 else { return }
        depth -= 1
        let opening = openNodes[depth]
        let count = childCounts[depth]
        nodes?[opening].value = UInt32(truncatingIfNeeded: self.count)
        try emit(JSONNode(kind: .end, flags: 0, offset: UInt32(truncatingIfNeeded: position), value: count))
        position += 1
    }

    // MARK: Scalars

    @inline(__always)
    private mutating func parseScalar() throws(JSONSyntaxError) {
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "\""):
            try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
        case UInt8(ascii: "t"):
            try parseLiteral("true", .true)
        case UInt8(ascii: "f"):
            try parseLiteral("false", .false)
        case UInt8(ascii: "n"):
            try parseLiteral("null", .null)
        default:
            throw Self.unexpected(byte, at: position)
        }
    }

    @inline(__always)
    private mutating func parseLiteral(_ literal: StaticString, _ kind: JSONNode.Kind) throws(JSONSyntaxError) {
        let length = literal.utf8CodeUnitCount
        guard bytes.count - position >= length,
              memoryEquals(bytes.baseAddress.map { $0 + position }, literal.utf8Start, length)
        else { throw Self.invalidLiteral(literal, at: position) }
        try emit(JSONNode(kind: kind, flags: 0, offset: UInt32(truncatingIfNeeded: position), value: UInt32(length)))
        position += length
    }

    @inline(__always)
    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = position
        var integer = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("Expected a digit in a number.") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw error("Numbers may not have leading zeros.") }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            integer = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("Expected a digit after the decimal point.") }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            integer = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("Expected a digit in the exponent.") }
            skipDigits()
        }
        try emit(JSONNode(
            kind: .number,
            flags: integer ? JSONNode.integer : 0,
            offset: UInt32(truncatingIfNeeded: start),
            value: UInt32(truncatingIfNeeded: position - start)))
    }

    /// Reads a string whose opening quote is under the position.
    @inline(__always)
    private mutating func parseString() throws(JSONSyntaxError) {
        position += 1
        let start = position
        var flags: UInt8 = 0
        while true {
            // To the next quote, backslash, control character or non-ASCII byte.
            position = JSONBytes.firstStop(in: bytes, from: position, mask: { JSONBytes.escapeMask($0) | $0 & Self.highBits })
            guard position < bytes.count else { throw error("Unterminated string.") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                flags = JSONNode.escaped
                position = try Self.escapeEnd(bytes, position)
            } else {
                position = try Self.sequenceEnd(bytes, position)
            }
        }
        try emit(JSONNode(
            kind: .string,
            flags: flags,
            offset: UInt32(truncatingIfNeeded: start),
            value: UInt32(truncatingIfNeeded: position - start)))
        position += 1
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The position after the escape whose backslash is at `position`.
    @inline(never)
    private static func escapeEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ backslash: Int) throws(JSONSyntaxError) -> Int {
        var position = backslash + 1
        guard position < bytes.count else { throw error("Unterminated string.", at: position) }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"),
             UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return position + 1
        case UInt8(ascii: "u"):
            position += 1
            let unit = try hex4(bytes, &position)
            if (0xDC00...0xDFFF).contains(unit) {
                throw error("Unpaired low surrogate escape in a string.", at: position)
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard bytes.count - position >= 2,
                      bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "u")
                else { throw error("Unpaired high surrogate escape in a string.", at: position) }
                position += 2
                guard (0xDC00...0xDFFF).contains(try hex4(bytes, &position)) else {
                    throw error("Unpaired high surrogate escape in a string.", at: position)
                }
            }
            return position
        default:
            throw error("Invalid escape \(describe(bytes[position])) in a string.", at: position)
        }
    }

    /// Four hexadecimal digits at `position`, which moves past them.
    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw error("Expected four hexadecimal digits after \\u.", at: position) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = JSONBytes.hexValue(bytes[position]) else {
                throw error("Expected four hexadecimal digits after \\u.", at: position)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// The position after the multi-byte UTF-8 sequence (RFC 3629) whose lead byte is at
    /// `position`; a control character there is an error too.
    @inline(never)
    private static func sequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int) throws(JSONSyntaxError) -> Int {
        let lead = bytes[position]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0..<0x20: throw error("Control character \(describe(lead)) in a string must be escaped.", at: position)
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: throw error("Invalid UTF-8 byte \(describe(lead)).", at: position)
        }
        guard bytes.count - position >= length else { throw error("Truncated UTF-8 sequence.", at: position) }
        let second = bytes[position + 1]
        guard second >= lower, second <= upper else { throw error("Invalid UTF-8 sequence.", at: position) }
        for index in 2..<max(2, length) where bytes[position + index] & 0xC0 != 0x80 {
            throw error("Invalid UTF-8 sequence.", at: position)
        }
        return position + length
    }

    // MARK: Bytes

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Moves past the digits under the position, eight bytes at a time: each step counts the
    /// digits among them at once (a score takes one step, a timestamp two).
    @inline(__always)
    private mutating func skipDigits() {
        if let base = bytes.baseAddress {
            while bytes.count &- position >= 8 {
                let digits = JSONBytes.leadingDigitCount(UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)))
                position &+= digits
                if digits < 8 { return }
            }
        }
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    /// Consumes `byte` if it is under the position.
    @inline(__always)
    private mutating func peek(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    @inline(__always)
    private func peekWithoutConsuming(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    // MARK: Errors (out of line: building their messages is not the reading loop's business)

    @inline(__always)
    private func error(_ message: StaticString) -> JSONSyntaxError {
        Self.error(message, at: position)
    }

    @inline(never)
    private static func error(_ message: StaticString, at position: Int) -> JSONSyntaxError {
        error("\(message)", at: position)
    }

    @inline(never)
    private static func error(_ message: String, at position: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: message + " (byte \(position))", offset: position)
    }

    @inline(never)
    private static func tooDeep(at position: Int) -> JSONSyntaxError {
        error("Nesting is deeper than \(JSONLimits.maxDepth) levels.", at: position)
    }

    @inline(never)
    private static func unexpected(_ byte: UInt8, at position: Int) -> JSONSyntaxError {
        error("Unexpected character \(describe(byte)); expected a value.", at: position)
    }

    @inline(never)
    private static func invalidLiteral(_ literal: StaticString, at position: Int) -> JSONSyntaxError {
        error("Invalid literal; expected \(literal).", at: position)
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "0x" + String(byte, radix: 16, uppercase: true)
    }
}

/// `memcmp` over possibly-nil base addresses; keys and literals being short, up to sixteen
/// bytes are compared inline, in at most two overlapping loads per side.
@inline(__always)
func memoryEquals(_ lhs: UnsafePointer<UInt8>?, _ rhs: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
    if count <= 0 { return count == 0 }
    guard let lhs, let rhs else { return false }
    let left = UnsafeRawPointer(lhs), right = UnsafeRawPointer(rhs)
    switch count {
    case 8...16:
        return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
            && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    case 4...7:
        return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
            && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    case 1...3:
        return lhs[0] == rhs[0] && lhs[count / 2] == rhs[count / 2] && lhs[count - 1] == rhs[count - 1]
    default:
        return memcmp(lhs, rhs, count) == 0
    }
}
