/// A strict RFC 8259 reader that turns request bytes into a tape of ``JSONNode``s.
///
/// - Strict: no comments, trailing commas, leading zeros, `NaN`, byte order mark, unescaped
///   control characters, invalid UTF-8 (overlong forms, encoded surrogates, code points past
///   U+10FFFF) or unpaired surrogate escapes (`"\ud800"`); all are syntax errors.
/// - Bounded: iterative (no recursion), nesting at most ``JSONLimits/maxDepth`` deep, one
///   12-byte node per value; every offset fits in 32 bits because requests are at most
///   ``JSONLimits/maxRequestBytes``.
/// - Any JSON value is accepted at the top level; requiring an object is the caller's rule.
/// - Sentinel: the reader relies on a 0 byte after the text (``read(_:terminated:)``), which
///   stops every scan that would otherwise check the end first — white space, a container's
///   next byte (digits are read by ``ByteScanning/readDigits(from:to:into:counting:)``, which
///   checks the end itself). Where such a scan fails, the error path asks whether it stopped at
///   the end, so messages are those of a reader without one. A 0 byte inside the text is an
///   ordinary byte that JSON allows nowhere outside strings (and inside one only escaped).
@usableFromInline
struct JSONParser {
    // The reading loop is one function: every step of it is inlined into `tape`, where the parser
    // is a local whose fields live in registers — a cursor and an end pointer into the text, a
    // cursor into the tape, and the innermost container's child count and kind. Enclosing
    // containers are saved in a stack of ``Frame``s touched only when a container opens or
    // closes. What is rare (growing the tape of a long text, escapes, multi-byte UTF-8, errors)
    // is out of line in static functions that take and return plain values, so that no call
    // needs the parser's address.

    /// The first byte of the text.
    private let start: UnsafePointer<UInt8>
    /// One past the last byte of the text, where the sentinel 0 byte is.
    private let end: UnsafePointer<UInt8>
    /// The next byte to read.
    private var p: UnsafePointer<UInt8>
    /// The tape being written: `malloc` memory lent to the caller at the end. Writing through a
    /// cursor spares every node the checks of `Array.append`.
    ///
    /// Room is checked once per value, not per node. A text of up to ``roomyTextLimit`` bytes
    /// gets room for a node per byte at once, and every node takes at least one byte of text
    /// (a bracket, a literal, a number's digit, a string's quotes), so its tape can never run
    /// out and needs no reserve. A longer one gets room for a node per three bytes, up to
    /// ``roomyTextLimit`` nodes, and doubles when fewer than ``nodesPerStep`` nodes are left
    /// at the start of a step (one value, the key before it, and the containers it closes).
    private var tape: UnsafeMutablePointer<JSONNode>
    /// Where the next node goes.
    private var next: UnsafeMutablePointer<JSONNode>
    /// Where a step starting at or past it grows the tape: ``nodesPerStep`` before the tape's
    /// end, or its end when the tape has room for a node per byte of the text (never reached).
    private var reserve: UnsafeMutablePointer<JSONNode>
    /// The mantissa of each exact number node (``JSONNode/exact``), in the order of the numbers,
    /// the node holding its index: in the same allocation, after the room for the nodes (as many
    /// slots as nodes, so at least as many as there can be exact numbers). Written one after
    /// another, they touch only the memory they take.
    private var mantissas: UnsafeMutablePointer<UInt64>
    /// How many mantissas are written: the index of the next.
    private var mantissaCount: UInt32 = 0
    /// The open containers around the innermost one (stack memory of ``JSONLimits/maxDepth``
    /// entries, so parsing allocates only the tape).
    private let frames: UnsafeMutableBufferPointer<Frame>
    private var depth = 0
    /// The innermost open container's children so far, and whether it is an object.
    private var children: UInt32 = 0
    private var inObject = false

    /// A container being read: its opening node, and the state of the container around it,
    /// restored when it closes.
    private struct Frame {
        var opening: UInt32
        var outerChildren: UInt32
        var outerIsObject: Bool
    }

    /// A text's tape and the memory that holds it (the tape, and the text's copy when the
    /// parser made one), which ``release()`` frees.
    @usableFromInline struct Parsed {
        @usableFromInline let tape: JSONTape
        let allocation: UnsafeMutableRawPointer
        let copy: UnsafeMutablePointer<UInt8>?

        /// Frees the tape (and the copy): nothing read from it may be used after.
        @usableFromInline func release() {
            CLibrary.release(allocation)
            CLibrary.release(copy)
        }
    }

    /// Parses `bytes` (at most ``JSONLimits/maxRequestBytes`` long) into a tape in `malloc`
    /// memory, which the caller releases (``JSONDocument/parse(_:terminated:_:)`` lends it to a
    /// closure). Not generic, so that that generic function is specialized where it is called,
    /// in other modules too.
    ///
    /// - Parameter terminated: The byte after the last, `bytes[bytes.count]`, may be read and
    ///   is 0 (a C string's terminator): the reader uses it as its sentinel. Otherwise the text
    ///   is first copied into memory that has one.
    @usableFromInline
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, terminated: Bool) throws(JSONSyntaxError) -> Parsed {
        guard bytes.count <= JSONLimits.maxRequestBytes else {
            throw JSONSyntaxError(message: "The text is longer than \(JSONLimits.maxRequestBytes) bytes.", offset: 0)
        }
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            throw error("Unexpected end of text; expected a value.", at: 0)
        }
        if terminated {
            return try read(start, count: bytes.count, copy: nil)
        }
        guard let copy = CLibrary.reallocate(nil, bytes.count + 1)?.assumingMemoryBound(to: UInt8.self) else {
            throw .outOfMemory
        }
        #if hasFeature(Embedded)
        UnsafeMutableRawPointer(copy).copyMemory(from: start, byteCount: bytes.count)  // memmove (see copyBytes)
        #else
        copy.update(from: start, count: bytes.count)
        #endif
        copy[bytes.count] = 0
        do {
            return try read(copy, count: bytes.count, copy: copy)
        } catch {
            CLibrary.release(copy)
            throw error
        }
    }

    /// Parses the `count` bytes at `start`, followed by a 0 byte (`copy`: the parser's copy of
    /// the text, which the result then owns).
    private static func read(_ start: UnsafePointer<UInt8>, count: Int, copy: UnsafeMutablePointer<UInt8>?) throws(JSONSyntaxError) -> Parsed {
        let outcome = withUnsafeTemporaryAllocation(of: Frame.self, capacity: JSONLimits.maxDepth) { frames in
            tape(start, count: count, frames: frames)
        }
        let (nodes, count, mantissas) = try outcome.get()
        return Parsed(
            tape: JSONTape(text: start, nodes: UnsafeBufferPointer(start: nodes, count: count), mantissas: mantissas),
            allocation: UnsafeMutableRawPointer(nodes), copy: copy)
    }

    /// Bytes of the tape's allocation per node: the node, and a mantissa slot (used by exact
    /// numbers only, one after another).
    private static let bytesPerNode = MemoryLayout<JSONNode>.stride + MemoryLayout<UInt64>.stride

    /// The mantissas of a tape allocation of `capacity` nodes (an even number, so that they are
    /// aligned).
    @inline(__always)
    private static func mantissas(of nodes: UnsafeMutablePointer<JSONNode>, capacity: Int) -> UnsafeMutablePointer<UInt64> {
        UnsafeMutableRawPointer(nodes + capacity).assumingMemoryBound(to: UInt64.self)
    }

    /// The most nodes one step of the reading loop writes: a key, a value (or an opening
    /// bracket), and the closing of every container, the one just opened included.
    private static let nodesPerStep = JSONLimits.maxDepth + 6

    /// The longest text whose tape gets room for a node per byte at once (at most 20 MiB of
    /// nodes and mantissas), and the most nodes a tape gets room for at once. More, an
    /// allocation that size would be a fresh memory mapping on every call (past the C
    /// allocator's largest threshold for reusing freed memory), its pages faulted in anew each
    /// time; a tape grown by doubling is reused from the heap.
    ///
    /// A longer text gets room for a node per three bytes (its 20 MiB reached at 3 MiB of text):
    /// requests of many small values (`{"score":9,"x":-0.396}`) come close to that, and growing
    /// their tape by doubling from a small start copied it four times, nodes and mantissas.
    static let roomyTextLimit = 1 << 20

    /// The nodes a tape of a `count`-byte text gets room for at first.
    @inline(__always)
    static func initialCapacity(forTextOf count: Int) -> Int {
        count <= roomyTextLimit ? count + 1 : min(count / 3, roomyTextLimit)
    }

    /// The tape of the `count` bytes at `start` (`malloc` memory the caller frees), its node
    /// count and its mantissas.
    ///
    /// Not itself throwing, so that the reading loop inlined into it, whose every `throw` is a
    /// branch to the `catch` here, keeps no error register: a throwing function reserves one
    /// for its error and tests it where inlined calls returned (after every string and number).
    private static func tape(
        _ start: UnsafePointer<UInt8>, count: Int, frames: UnsafeMutableBufferPointer<Frame>
    ) -> Result<(UnsafeMutablePointer<JSONNode>, Int, UnsafeMutablePointer<UInt64>), JSONSyntaxError> {
        // Even, so that the mantissas after the nodes are aligned. A tape with a node per byte
        // needs no reserve (see `tape`): a short request's tape then stays small, a block the
        // allocator caches (a 40-byte request's: 1,008 bytes, not 2.7 KB; AllocationSizes).
        let coversText = count <= roomyTextLimit
        let capacity = (initialCapacity(forTextOf: count) + (coversText ? 0 : nodesPerStep) + 1) & ~1
        let (byteCount, overflow) = capacity.multipliedReportingOverflow(by: bytesPerNode)
        guard !overflow, let allocated = CLibrary.reallocate(nil, byteCount) else {
            return .failure(.outOfMemory)
        }
        let nodes = allocated.assumingMemoryBound(to: JSONNode.self)
        var parser = JSONParser(start: start, end: start + count, tape: nodes, capacity: capacity, coversText: coversText, frames: frames)
        do {
            try parser.parseDocument()
        } catch {
            CLibrary.release(parser.tape)
            return .failure(error)
        }
        return .success((parser.tape, parser.next - parser.tape, parser.mantissas))
    }

    private init(
        start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, tape: UnsafeMutablePointer<JSONNode>, capacity: Int, coversText: Bool,
        frames: UnsafeMutableBufferPointer<Frame>
    ) {
        self.start = start
        self.end = end
        p = start
        self.tape = tape
        next = tape
        reserve = tape + (coversText ? capacity : capacity - Self.nodesPerStep)
        mantissas = Self.mantissas(of: tape, capacity: capacity)
        self.frames = frames
    }

    /// The offset of the cursor.
    @inline(__always)
    private var position: Int { p - start }

    /// The number of nodes written: the index of the next. Divided as 32-bit unsigned (a
    /// multiplication and a shift; `next - tape` would divide signed 64-bit bytes): a request
    /// of at most 64 MiB has fewer than 2^32 / 12 nodes.
    @inline(__always)
    private var nodeCount: UInt32 {
        UInt32(truncatingIfNeeded: UnsafeRawPointer(next) - UnsafeRawPointer(tape)) / UInt32(MemoryLayout<JSONNode>.stride)
    }

    /// Appends a node (there is room for it: see ``tape`` and ``makeRoomForStep()``).
    @inline(__always)
    private mutating func emit(_ kind: JSONNode.Kind, _ flags: UInt8, exponent: Int16 = 0, offset: Int, value: UInt32) {
        next.initialize(to: JSONNode(kind: kind, flags: flags, exponent: exponent, offset: UInt32(truncatingIfNeeded: offset), value: value))
        next += 1
    }

    /// Grows the tape if fewer than ``nodesPerStep`` nodes fit: called before each step.
    @inline(__always)
    private mutating func makeRoomForStep() throws(JSONSyntaxError) {
        if _slowPath(next >= reserve) {
            // Nil when memory ran out; thrown here rather than by the call, whose error the
            // compiler then checked after every string and number.
            guard let grown = Self.grown(tape, next: next, mantissas: mantissas, mantissaCount: Int(mantissaCount)) else {
                throw .outOfMemory
            }
            (tape, next, reserve, mantissas) = grown
        }
    }

    /// The tape reallocated at twice its capacity (the nodes before `mantissas`), with its new
    /// cursor, reserve and mantissas (moved to their new place after the nodes); nil when
    /// memory ran out (the tape is then unchanged).
    @inline(never)
    private static func grown(
        _ tape: UnsafeMutablePointer<JSONNode>, next: UnsafeMutablePointer<JSONNode>, mantissas old: UnsafeMutablePointer<UInt64>, mantissaCount: Int
    ) -> (UnsafeMutablePointer<JSONNode>, UnsafeMutablePointer<JSONNode>, UnsafeMutablePointer<JSONNode>, UnsafeMutablePointer<UInt64>)? {
        let capacity = (UnsafeRawPointer(old) - UnsafeRawPointer(tape)) / MemoryLayout<JSONNode>.stride
        let (doubled, overflow) = capacity.multipliedReportingOverflow(by: 2)
        let (byteCount, tooBig) = doubled.multipliedReportingOverflow(by: bytesPerNode)
        guard !overflow, !tooBig, let grown = CLibrary.reallocate(tape, byteCount) else { return nil }
        let nodes = grown.assumingMemoryBound(to: JSONNode.self)
        let moved = mantissas(of: nodes, capacity: doubled)
        // Only those written; the regions do not overlap (fewer mantissas than nodes before).
        UnsafeMutableRawPointer(moved).copyMemory(from: mantissas(of: nodes, capacity: capacity), byteCount: mantissaCount &* MemoryLayout<UInt64>.stride)
        return (nodes, nodes + (next - tape), nodes + (doubled - nodesPerStep), moved)
    }

    // MARK: Structure

    @inline(__always)
    private mutating func parseDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        while true {
            // Expecting a value (at the end, the sentinel is no value's first byte: see
            // ``parseScalar()``).
            try makeRoomForStep()
            // Whether a member's key comes next: keys are read in one place, after this switch
            // and the loop below, so that the loop has one copy of that code to inline.
            var keyFollows = false
            switch p.pointee {
            case UInt8(ascii: "{"):
                try openContainer(.object)
                skipWhitespace()
                if p.pointee == UInt8(ascii: "}") {
                    closeContainer()
                } else {
                    keyFollows = true
                }
            case UInt8(ascii: "["):
                try openContainer(.array)
                skipWhitespace()
                if p.pointee == UInt8(ascii: "]") {
                    closeContainer()
                } else {
                    continue
                }
            default:
                try parseScalar()
            }
            // A value is complete: close containers or move to the next child.
            while !keyFollows {
                skipWhitespace()
                guard depth > 0 else {
                    guard _fastPath(p == end) else { throw error("Unexpected text after the end of the value.") }
                    return
                }
                children &+= 1
                let byte = p.pointee
                if byte == UInt8(ascii: ",") {
                    p += 1
                    skipWhitespace()
                    keyFollows = inObject
                    break
                }
                guard _fastPath(byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))) else {
                    throw Self.unclosed(inObject: inObject, atEnd: p == end, at: position)
                }
                closeContainer()
            }
            if keyFollows { try parseMemberKey() }
        }
    }

    /// Reads `"key"` `:` and leaves the cursor at the member's value.
    @inline(__always)
    private mutating func parseMemberKey() throws(JSONSyntaxError) {
        guard _fastPath(p.pointee == UInt8(ascii: "\"")) else { throw error("Expected a string key in an object.") }
        try parseString()
        skipWhitespace()
        guard _fastPath(p.pointee == UInt8(ascii: ":")) else { throw error("Expected ':' after an object key.") }
        p += 1
        skipWhitespace()
    }

    /// Opens a container at the bracket under the cursor.
    @inline(__always)
    private mutating func openContainer(_ kind: JSONNode.Kind) throws(JSONSyntaxError) {
        guard _fastPath(depth < frames.count) else { throw Self.tooDeep(at: position) }
        frames[depth] = Frame(opening: nodeCount, outerChildren: children, outerIsObject: inObject)
        depth &+= 1
        children = 0
        inObject = kind == .object
        emit(kind, 0, offset: position, value: 0)
        p += 1
    }

    /// Closes the innermost container at the bracket under the cursor.
    @inline(__always)
    private mutating func closeContainer() {
        depth &-= 1
        let frame = frames[depth]
        tape[Int(frame.opening)].value = nodeCount
        emit(.end, 0, offset: position, value: children)
        children = frame.outerChildren
        inObject = frame.outerIsObject
        p += 1
    }

    // MARK: Scalars

    @inline(__always)
    private mutating func parseScalar() throws(JSONSyntaxError) {
        let byte = p.pointee
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
            throw Self.unexpected(byte, atEnd: p == end, at: position)
        }
    }

    @inline(__always)
    private mutating func parseLiteral(_ literal: StaticString, _ kind: JSONNode.Kind) throws(JSONSyntaxError) {
        let length = literal.utf8CodeUnitCount
        guard _fastPath(end - p >= length && memoryEquals(p, literal.utf8Start, length)) else {
            throw Self.invalidLiteral(literal, at: position)
        }
        emit(kind, 0, offset: position, value: UInt32(length))
        p += length
    }

    /// Reads a number, its digits into a mantissa (wrapping past 19 digits, which the node's
    /// ``JSONNode/exact`` flag then leaves out) and its exponent, so that no handler reads its
    /// text again.
    @inline(__always)
    private mutating func parseNumber() throws(JSONSyntaxError) {
        let numberStart = p
        var flags = JSONNode.integer
        if p.pointee == UInt8(ascii: "-") {
            flags |= JSONNode.negative
            p += 1
        }
        guard _fastPath(isDigit(p.pointee)) else { throw error("Expected a digit in a number.") }
        var mantissa: UInt64 = 0
        var digits = 0
        if p.pointee == UInt8(ascii: "0") {
            p += 1
            if _slowPath(isDigit(p.pointee)) { throw error("Numbers may not have leading zeros.") }
        } else {
            readDigits(into: &mantissa, counting: &digits)
        }
        var exponent = 0
        if p.pointee == UInt8(ascii: ".") {
            flags = flags & ~JSONNode.integer
            p += 1
            guard _fastPath(isDigit(p.pointee)) else { throw error("Expected a digit after the decimal point.") }
            let before = digits
            readDigits(into: &mantissa, counting: &digits)
            exponent = before &- digits
        }
        var written = 0
        if p.pointee | 0x20 == UInt8(ascii: "e") {
            flags = flags & ~JSONNode.integer
            p += 1
            var sign = 1
            if p.pointee == UInt8(ascii: "+") || p.pointee == UInt8(ascii: "-") {
                if p.pointee == UInt8(ascii: "-") { sign = -1 }
                p += 1
            }
            guard _fastPath(isDigit(p.pointee)) else { throw error("Expected a digit in the exponent.") }
            // Up to 10,000 it is exact; beyond, it only has to stay there (leading zeros are
            // allowed, so the digits are not counted).
            while isDigit(p.pointee) {
                written = min(written &* 10 &+ Int(p.pointee &- UInt8(ascii: "0")), 10_000)
                p += 1
            }
            exponent = exponent &+ sign &* written
        }
        guard digits <= 19, written < 10_000 else {
            emit(.number, flags, offset: numberStart - start, value: UInt32(truncatingIfNeeded: p - numberStart))
            return
        }
        // |exponent| < 10,000 + 19: an Int16. The node holds the mantissa's index (fewer
        // mantissas than nodes: there is room).
        emit(.number, flags | JSONNode.exact, exponent: Int16(truncatingIfNeeded: exponent), offset: numberStart - start, value: mantissaCount)
        mantissas[Int(mantissaCount)] = mantissa
        mantissaCount &+= 1
    }

    /// Reads a string whose opening quote is under the cursor.
    @inline(__always)
    private mutating func parseString() throws(JSONSyntaxError) {
        p += 1
        let contentStart = p
        // To the next quote, backslash, control character or non-ASCII byte: mostly the quote.
        p = ByteScanning.firstStop(from: p, to: end, mask: ByteScanning.plainTextStopMask)
        var flags: UInt8 = 0
        if _slowPath(p.pointee != UInt8(ascii: "\"")) {
            // The error is thrown here, in the rare branch: thrown by the call, its check would
            // follow every string and number (where the branches meet).
            switch Self.restOfString(start, end - start, position) {
            case .success(let (closingQuote, escaped)):
                p = start + closingQuote
                if escaped { flags = JSONNode.escaped }
            case .failure(let error):
                throw error
            }
        }
        emit(.string, flags, offset: contentStart - start, value: UInt32(truncatingIfNeeded: p - contentStart))
        p += 1
    }

    /// The position of the closing quote of a string whose plain text stopped at `stop`
    /// (an escape, a multi-byte UTF-8 sequence, a control character or the end of the text),
    /// and whether the string has escapes.
    @inline(never)
    private static func restOfString(_ start: UnsafePointer<UInt8>, _ count: Int, _ stop: Int) -> Result<(Int, Bool), JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try closingQuote(start, count, stop) }
    }

    private static func closingQuote(_ start: UnsafePointer<UInt8>, _ count: Int, _ stop: Int) throws(JSONSyntaxError) -> (Int, Bool) {
        let text = UnsafeBufferPointer(start: start, count: count)
        var position = stop
        var escaped = false
        while true {
            guard position < count else { throw error("Unterminated string.", at: position) }
            let byte = text[position]
            if byte == UInt8(ascii: "\"") { return (position, escaped) }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position = try escapeEnd(start, count, position)
            } else {
                position = try sequenceEnd(start, count, position)
            }
            position = ByteScanning.firstStop(in: text, from: position, mask: ByteScanning.plainTextStopMask)
        }
    }

    /// The position after the escape whose backslash is at `position`.
    @inline(never)
    private static func escapeEnd(_ start: UnsafePointer<UInt8>, _ count: Int, _ backslash: Int) throws(JSONSyntaxError) -> Int {
        let bytes = UnsafeBufferPointer(start: start, count: count)
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
            guard let digit = ByteScanning.hexValue(bytes[position]) else {
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
    private static func sequenceEnd(_ start: UnsafePointer<UInt8>, _ count: Int, _ position: Int) throws(JSONSyntaxError) -> Int {
        let bytes = UnsafeBufferPointer(start: start, count: count)
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
        while true {
            switch p.pointee {
            case 0x20, 0x0A, 0x0D, 0x09: p += 1
            default: return
            }
        }
    }

    /// Moves past the digits under the cursor (one at least), appending them to `mantissa`
    /// (wrapping) and counting them (``ByteScanning/readDigits(from:to:into:counting:)``).
    @inline(__always)
    private mutating func readDigits(into mantissa: inout UInt64, counting digits: inout Int) {
        p = ByteScanning.readDigits(from: p, to: end, into: &mantissa, counting: &digits)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    private func error(_ message: StaticString) -> JSONSyntaxError {
        Self.error(message, at: position)
    }

    // MARK: Errors (out of line: building their messages is not the reading loop's business)

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

    /// The error of a byte that starts no value: the end of the text, when it is the sentinel.
    @inline(never)
    private static func unexpected(_ byte: UInt8, atEnd: Bool, at position: Int) -> JSONSyntaxError {
        if atEnd { return error("Unexpected end of text; expected a value.", at: position) }
        return error("Unexpected character \(describe(byte)); expected a value.", at: position)
    }

    /// The error of a byte that neither continues nor closes the innermost container.
    @inline(never)
    private static func unclosed(inObject: Bool, atEnd: Bool, at position: Int) -> JSONSyntaxError {
        if atEnd { return error("Unexpected end of text inside an array or object.", at: position) }
        if inObject { return error("Expected ',' or '}' after an object member.", at: position) }
        return error("Expected ',' or ']' after an array element.", at: position)
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
