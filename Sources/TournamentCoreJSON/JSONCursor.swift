/// A reader that hands a request's values to a decoder as it reads them, without a tape: the
/// fast path of the methods that have one (a request read this way is read once, where a
/// ``JSONDocument`` is read into a tape and the tape read again).
///
/// It reads only what it can read in full, and *declines* everything else: a syntax error, a
/// string with an escape, a control character or a byte past ASCII, a number with an exponent
/// or more than 19 digits, a nesting its decoder does not expect. Declining sets ``declined``;
/// from then on every read answers a neutral value (`0`, `false`, nil) and moves no further,
/// so a decoder may carry on to the end of its loop and test ``declined`` once. The caller
/// then reads the request with ``JSONDocument`` instead, which accepts or refuses it with the
/// contract's errors. So what this reader accepts, it accepts exactly as the tape reader does
/// (RFC 8259, strictly), and a request it declines costs a second reading, never a different
/// answer.
///
/// ```swift
/// guard var cursor = JSONCursor(bytes) else { /* read with JSONDocument */ }
/// if cursor.enterObject() {
///     while let key = cursor.nextKey() { ... cursor.int64() ... }
/// }
/// guard cursor.finish() else { /* read with JSONDocument */ }
/// ```
public struct JSONCursor {
    /// The next byte to read, and the end of the text (no sentinel is needed).
    @usableFromInline var p: UnsafePointer<UInt8>
    @usableFromInline let end: UnsafePointer<UInt8>
    /// Whether the innermost container has had a member or element yet (a `,` comes before
    /// the next one).
    @usableFromInline var hasChild = false
    /// How many containers are open: ``finish()`` declines unless every one was closed, so a
    /// decoder that stops inside one cannot have the rest of the text taken for its end.
    @usableFromInline var depth = 0
    /// Set by the first read that declined (``declined``).
    @usableFromInline var hasDeclined = false

    /// Whether a read declined; every read since answered a neutral value.
    @inlinable public var declined: Bool { hasDeclined }

    /// Where the next byte is read (the text's first byte, for a cursor just made): the bytes a
    /// read returns are at or after the position taken before it.
    @inlinable public var position: UnsafePointer<UInt8> { p }

    /// How many bytes of the text are left to read, from ``position`` to the end.
    @inlinable public var bytesLeft: Int { end - p }

    /// How many containers are open: 0 outside any, 1 in the top-level one, 2 in one of its
    /// members or elements...
    @inlinable public var openContainers: Int { depth }

    /// A cursor at the start of `bytes`; nil when they are empty (no JSON value: the tape
    /// reader reports it).
    @inlinable public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        p = base
        end = base + bytes.count
    }

    /// A cursor over the text from `start` up to `end`, outside any container.
    @inlinable init(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) {
        p = start
        self.end = end
    }

    // MARK: Structure

    /// Enters the object that comes next; declines (false) if something else does.
    @inline(always)
    @inlinable public mutating func enterObject() -> Bool {
        take(UInt8(ascii: "{"))
    }

    /// Enters the array that comes next; declines (false) if something else does.
    @inline(always)
    @inlinable public mutating func enterArray() -> Bool {
        take(UInt8(ascii: "["))
    }

    /// The next key of the object entered last, its bytes as written (a plain ASCII string),
    /// with the cursor then at its value; nil at the object's end (which it leaves) or when
    /// declined. Each value must be read (or the cursor declines) before the next key.
    @inline(always)
    @inlinable public mutating func nextKey() -> UnsafeBufferPointer<UInt8>? {
        guard nextChild(closing: UInt8(ascii: "}")) else { return nil }
        guard let key = string(), take(UInt8(ascii: ":")) else { return declining(nil) }
        return key
    }

    /// The index in `table` of the next key of the object entered last (see ``nextKey()``);
    /// nil at the object's end. A key the table does not have declines. A key of up to eight
    /// bytes is looked up by its word, as a document's keys are (one probe, no hashing of bytes).
    @inline(always)
    @inlinable public mutating func nextKey(in table: JSONKeyTable) -> Int? {
        guard let (_, index) = nextMember(in: table) else { return nil }
        guard let index else { return declining(nil) }
        return index
    }

    /// The next member of the object entered last: its key as written (see ``nextKey()``) and
    /// the key's index in `table`, nil for a key the table does not have (the decoder decides);
    /// nil at the object's end or when declined.
    @inline(always)
    @inlinable public mutating func nextMember(in table: JSONKeyTable) -> (key: UnsafeBufferPointer<UInt8>, index: Int?)? {
        guard let key = nextKey(), let start = key.baseAddress else { return nil }
        let index = key.count <= 8
            ? table.index(ofShortWord: ByteScanning.keyWord(start, count: key.count, readable: end - start), length: key.count)
            : table.index(of: key)
        return (key, index)
    }

    /// Whether the array entered last has another element (the cursor is then at it); false
    /// at its end (which it leaves) or when declined.
    @inline(always)
    @inlinable public mutating func nextElement() -> Bool {
        nextChild(closing: UInt8(ascii: "]"))
    }

    /// Enters the next element of the array entered last, which is to be an object: true when
    /// entered; false at the array's end (which it leaves) or when declined (an element that is
    /// not an object declines). ``nextElement()`` then ``enterObject()``, with the usual text
    /// between two objects of an array, `,{`, taken in one comparison.
    @inline(always)
    @inlinable public mutating func enterNextObject() -> Bool {
        if !declined, hasChild, end - p >= 2,
           UInt16(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt16.self)) == UInt16(UInt8(ascii: ",")) | UInt16(UInt8(ascii: "{")) << 8 {
            p += 2
            return opened()
        }
        return nextElement() && enterObject()
    }

    /// After the top-level value: whether only white space follows and nothing was declined.
    @inlinable public mutating func finish() -> Bool {
        skipWhitespace()
        if p != end || depth != 0 { hasDeclined = true }
        return !declined
    }

    /// Moves past the `,` before a child, or past the container's closing bracket (false).
    /// A container's state is one flag, reset when it opens and set by its first child; when
    /// a container closes, the one around it has had a child (that container), so the flag is
    /// set again and no stack of them is needed.
    @inline(always)
    @inlinable mutating func nextChild(closing: UInt8) -> Bool {
        guard !declined else { return false }
        skipWhitespace()
        if byte == closing {
            p += 1
            depth &-= 1
            hasChild = true  // the container just closed is the outer one's child
            return false
        }
        if hasChild {
            guard take(UInt8(ascii: ",")) else { return declining(false) }
        }
        hasChild = true
        return true
    }

    // MARK: Scalars

    /// Whether the value that comes next is `null` (then read).
    @inline(always)
    @inlinable public mutating func takeNull() -> Bool {
        guard !declined else { return false }
        skipWhitespace()
        guard byte == UInt8(ascii: "n") else { return false }
        guard take(literal: "null") else { return declining(false) }
        return true
    }

    /// Whether the value that comes next is a string (it is not read).
    @inline(always)
    @inlinable public mutating func isAtString() -> Bool {
        skipWhitespace()
        return !declined && byte == UInt8(ascii: "\"")
    }

    /// A `true` or `false`; nil (declined) for anything else.
    @inline(always)
    @inlinable public mutating func bool() -> Bool? {
        guard !declined else { return nil }
        skipWhitespace()
        if byte == UInt8(ascii: "t"), take(literal: "true") { return true }
        if byte == UInt8(ascii: "f"), take(literal: "false") { return false }
        return declining(nil)
    }

    /// A string of plain ASCII text (no escape, no control character): its bytes between the
    /// quotes; nil (declined) for anything else.
    @inline(always)
    @inlinable public mutating func string() -> UnsafeBufferPointer<UInt8>? {
        guard !declined else { return nil }
        skipWhitespace()
        guard byte == UInt8(ascii: "\"") else { return declining(nil) }
        let start = p + 1
        let stop = ByteScanning.firstStop(from: start, to: end, mask: ByteScanning.plainTextStopMask)
        guard stop != end, stop.pointee == UInt8(ascii: "\"") else { return declining(nil) }
        p = stop + 1
        return UnsafeBufferPointer(start: start, count: stop - start)
    }

    /// A `String` of a text ``string()`` read (plain ASCII), as a document makes its strings.
    @inlinable public static func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
        JSONDocument.makeString(text)
    }

    /// The next value as written, when it is a scalar this cursor reads: a plain string (with
    /// its quotes), a number of at most 19 digits without an exponent, `true`, `false` or `null`; nil
    /// (declined) for anything else. For members a decoder writes back as they were written.
    @inline(always)
    @inlinable public mutating func scalarText() -> UnsafeBufferPointer<UInt8>? {
        guard !declined else { return nil }
        skipWhitespace()
        let start = p
        if byte == UInt8(ascii: "\"") {  // the usual kept value, read here
            guard let text = string() else { return nil }
            return UnsafeBufferPointer(start: start, count: text.count &+ 2)
        }
        guard let stop = Self.scalarEnd(from: p, to: end) else { return declining(nil) }
        p = stop
        return UnsafeBufferPointer(start: start, count: stop - start)
    }

    /// Where the number or literal at `start` ends; nil when there is none this cursor reads.
    /// Out of line, with a cursor of its own: a call that takes no cursor leaves the caller's
    /// in registers.
    @usableFromInline @inline(never)
    static func scalarEnd(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        var cursor = JSONCursor(from: start, to: end)
        switch cursor.byte {
        case UInt8(ascii: "t"), UInt8(ascii: "f"): guard cursor.bool() != nil else { return nil }
        case UInt8(ascii: "n"): guard cursor.takeNull() else { return nil }
        default: guard cursor.number() != nil else { return nil }
        }
        return cursor.p
    }

    /// An integer literal in the range of `Int64` (no fraction, no exponent); nil (declined)
    /// for anything else. An integral value written otherwise (`8.0`, `8e0`) declines too: the
    /// document path reads it (``JSONDocument/int64(_:)``, where ``IntegerValue`` decides),
    /// and the loops that read numbers here (a round's arrows) keep their registers.
    @inline(always)
    @inlinable public mutating func int64() -> Int64? {
        // One digit that a structural byte ends (`,` `}` `]`): the commonest integer of a
        // request (a score, a small count), the value of its digit with nothing else to check.
        if !declined, end - p >= 2 {
            let digit = p.pointee &- UInt8(ascii: "0")
            let next = p[1]
            if digit < 10 && (next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]")) {
                p += 1
                return Int64(digit)
            }
        }
        guard let number = number(), number.isInteger else { return declining(nil) }
        if number.isNegative {
            return number.mantissa <= 1 << 63 ? Int64(bitPattern: 0 &- number.mantissa) : declining(nil)
        }
        return number.mantissa < 1 << 63 ? Int64(bitPattern: number.mantissa) : declining(nil)
    }

    /// A number as the nearest `Double` (the value ``JSONDocument/double(_:)`` gives); nil
    /// (declined) for anything else, and for the rare numbers the fast algorithms leave to
    /// the text.
    @inline(always)
    @inlinable public mutating func double() -> Double? {
        guard let number = number(),
              let value = NumberParsing.double(mantissa: number.mantissa, exponent: number.exponent, negative: number.isNegative)
        else { return declining(nil) }
        return value
    }

    /// A number token's digits as an integer, its decimal exponent, its sign and whether it is
    /// an integer literal: `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 19 digits, what the tape
    /// reader reads as exact. Whatever follows it is the structure's to check.
    @usableFromInline struct Number {
        @usableFromInline var mantissa: UInt64
        @usableFromInline var exponent: Int
        @usableFromInline var isNegative: Bool
        @usableFromInline var isInteger: Bool

        @inlinable init(mantissa: UInt64, exponent: Int, isNegative: Bool, isInteger: Bool) {
            self.mantissa = mantissa
            self.exponent = exponent
            self.isNegative = isNegative
            self.isInteger = isInteger
        }
    }

    @inline(always)
    @inlinable mutating func number() -> Number? {
        guard !declined else { return nil }
        skipWhitespace()
        var number = Number(mantissa: 0, exponent: 0, isNegative: false, isInteger: true)
        if byte == UInt8(ascii: "-") {
            number.isNegative = true
            p += 1
        }
        var digits = 0
        switch byte {
        case UInt8(ascii: "0"):
            p += 1
            guard !isDigit(byte) else { return declining(nil) }  // a digit after a leading zero
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            readDigits(into: &number.mantissa, counting: &digits)
        default:
            return declining(nil)
        }
        if byte == UInt8(ascii: ".") {
            number.isInteger = false
            p += 1
            let before = digits
            guard isDigit(byte) else { return declining(nil) }
            readDigits(into: &number.mantissa, counting: &digits)
            number.exponent = before &- digits
        }
        // An exponent, more digits than a mantissa holds. (No digit can follow: the digits
        // were read up to the first byte that is not one.)
        guard byte | 0x20 != UInt8(ascii: "e"), digits <= 19 else { return declining(nil) }
        return number
    }

    // MARK: Bytes

    /// The byte under the cursor, 0 at the end (where no token can start).
    @inline(always)
    @inlinable var byte: UInt8 { p < end ? p.pointee : 0 }

    @inline(always)
    @inlinable func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(always)
    @inlinable mutating func skipWhitespace() {
        while p < end {
            switch p.pointee {
            case 0x20, 0x0A, 0x0D, 0x09: p += 1
            default: return
            }
        }
    }

    /// Moves past `expected` after white space; declines (false) when something else is there.
    @inline(always)
    @inlinable mutating func take(_ expected: UInt8) -> Bool {
        guard !declined else { return false }
        skipWhitespace()
        guard byte == expected else { return declining(false) }
        p += 1
        if expected == UInt8(ascii: "{") || expected == UInt8(ascii: "[") { return opened() }
        return true
    }

    /// Counts the container whose bracket was just taken as entered: it has no child yet.
    /// Declines (false) one deeper than a document may nest: the tape reader's error.
    @inline(always)
    @inlinable mutating func opened() -> Bool {
        guard depth < JSONLimits.maxDepth else { return declining(false) }
        depth &+= 1
        hasChild = false
        return true
    }

    /// Moves past `text` if it comes next.
    @inline(always)
    @inlinable mutating func take(literal text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard end - p >= count, memoryEquals(p, text.utf8Start, count) else { return false }
        p += count
        return true
    }

    /// Appends the digits under the cursor (one at least) to `mantissa`, as the tape reader
    /// does (wrapping past 19 digits, which ``number()`` then declines), counting them.
    @inline(always)
    @inlinable mutating func readDigits(into mantissa: inout UInt64, counting digits: inout Int) {
        p = ByteScanning.readDigits(from: p, to: end, into: &mantissa, counting: &digits)
    }

    /// Declines the request: for what a decoder does not read (a member it does not know, a
    /// repeated key, a value out of its range). Every read from now on answers a neutral value.
    @inlinable public mutating func decline() {
        hasDeclined = true
    }

    /// Declines, answering `value`.
    @inline(always)
    @inlinable mutating func declining<Value>(_ value: Value) -> Value {
        hasDeclined = true
        return value
    }
}
