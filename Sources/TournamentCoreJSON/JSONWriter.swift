/// Writes compact JSON (no insignificant white space) into a growing byte buffer.
///
/// The buffer is `malloc` memory so that the C ABI can hand it to the caller without a copy
/// (``takeCString()``). Commas are placed automatically: a key or value written after anything
/// other than `{`, `[` or `:` is preceded by one.
///
/// The writer never traps: when memory runs out it stops writing and reports ``failed``; a
/// non-finite number (which JSON cannot express) is recorded in ``wroteNonFiniteNumber`` and
/// the envelope turns the response into an `INTERNAL` error.
///
/// Static text: keys, and the values of methods taking a `StaticString`, are copied as they
/// are, without looking for characters to escape; they must be ASCII without a quote, a
/// backslash or a control character (the words of a contract are: the golden files and the
/// fuzzer's oracle check that every response is JSON). Text known only at run time goes
/// through the methods labelled `text:`, which escape it.
public struct JSONWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>?
    @usableFromInline var capacity = 0
    /// The number of bytes written (``byteCount``).
    @usableFromInline var count = 0
    /// Memory could not be allocated (``isOutOfMemory``).
    @usableFromInline var failed = false
    /// A NaN or an infinity was written (``containsNonFiniteNumber``).
    @usableFromInline var wroteNonFiniteNumber = false

    /// The number of bytes written.
    @inline(always)
    @inlinable public var byteCount: Int { count }
    /// Memory could not be allocated; what was written is incomplete.
    @inline(always)
    @inlinable public var isOutOfMemory: Bool { failed }
    /// A NaN or an infinity was written (as `null`): a bug of the caller.
    @inline(always)
    @inlinable public var containsNonFiniteNumber: Bool { wroteNonFiniteNumber }

    /// Creates an empty writer.
    @inlinable public init(capacity: Int = 512) {
        reserve(capacity)
    }

    deinit {
        if let base { CLibrary.release(base) }
    }

    // MARK: Buffer

    /// The bytes written so far.
    @inlinable public var bytes: [UInt8] {
        guard let base else { return [] }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Lends the bytes written so far to `body` (valid until the writer writes again).
    @inlinable public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: base == nil ? 0 : count))
    }

    /// Gives the written bytes, NUL-terminated, to the caller, who frees them with `free`.
    /// Nil when memory ran out.
    @inlinable
    public consuming func takeCString() -> UnsafeMutablePointer<CChar>? {
        append(0)
        guard !failed, let result = base else { return nil }  // deinit frees what there is
        base = nil  // the caller's now: deinit frees nothing
        return UnsafeMutableRawPointer(result).assumingMemoryBound(to: CChar.self)
    }

    /// Records that memory ran out elsewhere during the call: the response is NULL.
    @inlinable public mutating func markOutOfMemory() {
        failed = true
    }

    /// Forgets everything written after `count` bytes (for replacing a partial response).
    @inlinable public mutating func truncate(to count: Int) {
        self.count = min(count, self.count)
        wroteNonFiniteNumber = false
    }

    /// Makes room for `extra` more bytes; false (and ``failed``) when memory runs out.
    @discardableResult
    @inline(always)
    @inlinable mutating func reserve(_ extra: Int) -> Bool {
        if _fastPath(extra <= capacity &- count && !failed) { return true }
        return grow(by: extra)
    }

    /// The slow part of ``reserve(_:)``: the first buffer as asked (the capacity the writer was
    /// made with), then doubled until `extra` more bytes fit.
    @inline(never)
    @usableFromInline mutating func grow(by extra: Int) -> Bool {
        if failed { return false }
        let (needed, overflow) = count.addingReportingOverflow(extra)
        if !overflow, needed <= capacity { return true }
        var newCapacity = capacity == 0 ? needed : max(capacity, 64)
        while !overflow, newCapacity < needed {
            let (doubled, tooBig) = newCapacity.multipliedReportingOverflow(by: 2)
            if tooBig { break }
            newCapacity = doubled
        }
        guard !overflow, newCapacity >= needed, let grown = CLibrary.reallocate(base, newCapacity) else {
            failed = true
            return false
        }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
        return true
    }

    /// Where the next `extra` bytes go, after a comma if the token needs one (``separate()``):
    /// one capacity check for a whole token. Nil when memory ran out. The caller writes the
    /// bytes and ends the token with ``commit(_:)``.
    ///
    /// ``count`` is read once per token and stored once, by `commit`: the bytes written between
    /// may alias it, so a count moved along with every byte would go through memory each time,
    /// on the one dependency that runs through the whole response.
    @inline(always)
    @inlinable mutating func cursor(separated: Bool, room extra: Int) -> UnsafeMutablePointer<UInt8>? {
        guard reserve(extra &+ 1), let base else { return nil }
        var target = base + count
        if separated && Self.needsComma(before: target, from: base) {
            target.pointee = UInt8(ascii: ",")
            target += 1
        }
        return target
    }

    /// Whether a token at `target` needs a comma before it: when something other than `{`,
    /// `[` or `:` (a key's end) precedes it.
    @inline(always)
    @inlinable static func needsComma(before target: UnsafeMutablePointer<UInt8>, from base: UnsafeMutablePointer<UInt8>) -> Bool {
        guard target != base else { return false }
        switch target[-1] {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ":"): return false
        default: return true
        }
    }

    /// Ends a token begun with ``cursor(separated:room:)``: `end` is the byte after its last.
    @inline(always)
    @inlinable mutating func commit(_ end: UnsafeMutablePointer<UInt8>) {
        guard let base else { return }
        count = end - base
    }

    @inline(always)
    @inlinable public mutating func append(_ byte: UInt8) {
        guard let target = cursor(separated: false, room: 1) else { return }
        target.pointee = byte
        commit(target + 1)
    }

    @inline(always)
    @inlinable public mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, let target = cursor(separated: false, room: buffer.count) else { return }
        copyBytes(to: target, from: source, count: buffer.count)
        commit(target + buffer.count)
    }

    @inline(always)
    @inlinable public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes a comma unless the last byte opens a container or ends a key.
    @inline(always)
    @inlinable mutating func separate() {
        if let target = cursor(separated: true, room: 0) { commit(target) }
    }

    /// Writes `"text"` (the text written as is) after a separating comma and, when `key` is
    /// given, after `"key":`; with `suffix` (a colon for keys) when given.
    @inline(always)
    @inlinable mutating func quoted(_ text: StaticString, key: StaticString? = nil, suffix: UInt8?) {
        let length = text.utf8CodeUnitCount
        guard let target = valueCursor(key: key, room: length &+ 3) else { return }
        target[0] = UInt8(ascii: "\"")
        copyBytes(to: target + 1, from: text.utf8Start, count: length)
        target[length &+ 1] = UInt8(ascii: "\"")
        if let suffix {
            target[length &+ 2] = suffix
            commit(target + (length &+ 3))
        } else {
            commit(target + (length &+ 2))
        }
    }

    /// Where a value of at most `room` bytes goes: after a separating comma and, when `key` is
    /// given, after `"key":` — one capacity check for the member's key and value together. The
    /// caller ends the member with ``commit(_:)``.
    @inline(always)
    @inlinable mutating func valueCursor(key: StaticString?, room: Int) -> UnsafeMutablePointer<UInt8>? {
        guard let key else { return cursor(separated: true, room: room) }
        let length = key.utf8CodeUnitCount
        guard let target = cursor(separated: true, room: length &+ 3 &+ room) else { return nil }
        return Self.writeKey(key, at: target)
    }

    /// Writes `"key":` at `target`; where the value goes.
    @inline(always)
    @inlinable static func writeKey(_ key: StaticString, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let length = key.utf8CodeUnitCount
        target[0] = UInt8(ascii: "\"")
        copyBytes(to: target + 1, from: key.utf8Start, count: length)
        target[length &+ 1] = UInt8(ascii: "\"")
        target[length &+ 2] = UInt8(ascii: ":")
        return target + (length &+ 3)
    }

    /// Writes `text` as is, a value, after `"key":` when given.
    @inline(always)
    @inlinable mutating func token(_ text: StaticString, key: StaticString?) {
        let length = text.utf8CodeUnitCount
        guard let target = valueCursor(key: key, room: length) else { return }
        copyBytes(to: target, from: text.utf8Start, count: length)
        commit(target + length)
    }

    // MARK: Structure

    /// Writes `{`.
    @inline(always)
    @inlinable public mutating func beginObject() {
        token("{", key: nil)
    }

    /// Writes `}`.
    @inline(always)
    @inlinable public mutating func endObject() {
        append(UInt8(ascii: "}"))
    }

    /// Writes `[`.
    @inline(always)
    @inlinable public mutating func beginArray() {
        token("[", key: nil)
    }

    /// Writes `]`.
    @inline(always)
    @inlinable public mutating func endArray() {
        append(UInt8(ascii: "]"))
    }

    /// Writes a member key, `"key":`, as is (see the type's note on static text).
    @inline(always)  // the key's length is known where it is called: its copy is one or two moves
    @inlinable public mutating func key(_ key: StaticString) {
        quoted(key, suffix: UInt8(ascii: ":"))
    }

    /// Writes already-encoded JSON text (a token taken from a request) as the next value.
    @inline(always)
    @inlinable public mutating func raw(_ json: UnsafeBufferPointer<UInt8>) {
        separate()
        append(json)
    }

    // MARK: Members

    /// Writes `"key":"value"`, the value escaped.
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, text value: String) {
        string(value, key: key)
    }

    /// Writes `"key":"value"` for a value given as valid UTF-8 bytes.
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, utf8 value: UnsafeBufferPointer<UInt8>) {
        string(utf8: value, key: key)
    }

    /// Writes `"key":"content"` for `content` that is the inside of a JSON string as a request
    /// wrote it without an escape (``JSONCursor/string()``, ``JSONDocument/plainStringBytes(_:)``):
    /// valid UTF-8 with no quote, backslash or control character, so it is copied as it is, not
    /// looked through for something to escape.
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, stringContent content: UnsafeBufferPointer<UInt8>) {
        string(content: content, key: key)
    }

    /// Writes `"key":"text"` for a short ASCII text with nothing to escape (digits and
    /// punctuation: a date, a time, a score), given as the first `count` bytes (at most 24) of
    /// three words, the first byte the lowest of the first word. The words are stored whole
    /// where the text goes, so a text built in registers never passes through memory first.
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, asciiWords words: (UInt64, UInt64, UInt64), count: Int) {
        let count = min(max(count, 0), 24)
        guard let target = valueCursor(key: key, room: 26) else { return }
        let raw = UnsafeMutableRawPointer(target)
        raw.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        raw.storeBytes(of: words.0.littleEndian, toByteOffset: 1, as: UInt64.self)
        raw.storeBytes(of: words.1.littleEndian, toByteOffset: 9, as: UInt64.self)
        raw.storeBytes(of: words.2.littleEndian, toByteOffset: 17, as: UInt64.self)
        target[count &+ 1] = UInt8(ascii: "\"")
        commit(target + (count &+ 2))
    }

    /// Writes `"key":"value"` for a value known at compile time, as is (see the type's note on
    /// static text), such as an enumeration's name.
    @inline(always)  // the key's length is known where it is called: its copy is one or two moves
    @inlinable public mutating func field(_ key: StaticString, _ value: StaticString) {
        quoted(value, key: key, suffix: nil)
    }

    /// Writes `"key":value` for an integer.
    @inline(always)  // the key's length is known where it is called: its copy is one or two moves
    @inlinable public mutating func field(_ key: StaticString, _ value: Int) {
        int(Int64(value), key: key)
    }

    /// Writes `"key":value` for a 64-bit integer.
    @inline(always)  // the key's length is known where it is called: its copy is one or two moves
    @inlinable public mutating func field(_ key: StaticString, _ value: Int64) {
        int(value, key: key)
    }

    /// Writes `"key":value` for an integer, or `"key":null` when there is none.
    @inlinable public mutating func field(_ key: StaticString, _ value: Int?) {
        field(key, value.map(Int64.init))
    }

    /// Writes `"key":value` for a 64-bit integer, or `"key":null` when there is none.
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, _ value: Int64?) {
        if let value { int(value, key: key) } else { token("null", key: key) }
    }

    /// Writes `"key":true` or `"key":false`.
    @inline(always)  // the key's length is known where it is called: its copy is one or two moves
    @inlinable public mutating func field(_ key: StaticString, _ value: Bool) {
        if value { token("true", key: key) } else { token("false", key: key) }
    }

    /// Writes `"key":value` for a floating-point number (see ``double(_:)``).
    @inline(always)  // the key's length is known where it is called: its copy is one or two moves
    @inlinable public mutating func field(_ key: StaticString, _ value: Double) {
        double(value, key: key)
    }

    /// Writes `"key":{...}`, the members written by `body`.
    @inline(always)
    @inlinable public mutating func object(_ key: StaticString, _ body: (inout JSONWriter) -> Void) {
        token("{", key: key)
        body(&self)
        endObject()
    }

    /// Writes a run of members and values, `body` writing them with ``MemberRun``, which keeps
    /// the writing position and the end of its room in registers from one to the next: for a
    /// response of many members or records of one shape (statistics, participants). Written one by
    /// one through the writer, each token reads the writer's count back from memory where the
    /// one before stored it, and looks at the byte before it for a comma: a delay on every token.
    ///
    /// `expectedBytes`: what the run is likely to write, made room for at once (a long response
    /// then grows its buffer once rather than doubling it many times); 0, not known:
    /// ``MemberRun/roomAsked``. A run that writes more than its room grows the buffer as it
    /// goes, by ``MemberRun/roomAsked`` at least; one that writes less, in a short response,
    /// leaves the first buffer as it was (no second block for a few bytes).
    @inline(always)
    @inlinable public mutating func memberRun(expectedBytes: Int = 0, _ body: (inout MemberRun) -> Void) {
        withUnsafeMutablePointer(to: &self) { writer in
            var run = MemberRun(writer, room: expectedBytes > 0 ? expectedBytes : MemberRun.roomAsked)
            body(&run)
            run.finish()
        }
    }

    // MARK: Values

    /// Writes `null`.
    @inline(always)
    @inlinable public mutating func null() {
        token("null", key: nil)
    }

    /// Writes `true` or `false`.
    @inline(always)
    @inlinable public mutating func bool(_ value: Bool) {
        if value { token("true", key: nil) } else { token("false", key: nil) }
    }

    /// Writes an integer.
    @inline(always)
    @inlinable public mutating func int(_ value: Int) {
        int(Int64(value), key: nil)
    }

    /// Writes a 64-bit integer (on every platform, 32-bit ones included).
    @inline(always)
    @inlinable public mutating func int(_ value: Int64) {
        int(value, key: nil)
    }

    @inline(always)
    @inlinable mutating func int(_ value: Int64, key: StaticString?) {
        guard let target = valueCursor(key: key, room: 20) else { return }
        commit(Self.writeInteger(value, at: target))
    }

    /// Writes `value`'s digits at `target` (at most 20 bytes); the byte after them. The digits go
    /// straight where they belong (DigitWriting.writeDigits, from the right): their count is known
    /// first, so no buffer is filled and copied.
    @inline(always)
    @inlinable static func writeInteger(_ value: Int64, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let magnitude = value.magnitude
        var length = DigitWriting.decimalDigitCount(magnitude)
        if value < 0 {
            target[0] = UInt8(ascii: "-")
            length &+= 1
        }
        DigitWriting.writeDigits(of: magnitude, endingAt: target + length)
        return target + length
    }

    /// Writes a floating-point number in its shortest round-tripping form (`6.333333333333333`,
    /// `0.0`, `1e-05`). A NaN or an infinity is written as `null` and recorded in
    /// ``wroteNonFiniteNumber``.
    @inline(always)
    @inlinable public mutating func double(_ value: Double) {
        double(value, key: nil)
    }

    @inline(always)
    @inlinable mutating func double(_ value: Double, key: StaticString?) {
        guard let target = valueCursor(key: key, room: 32) else { return }
        let (end, finite) = Self.writeDouble(value, at: target)
        if _slowPath(!finite) { wroteNonFiniteNumber = true }
        commit(end)
    }

    /// Writes `value` at `target` (at most 32 bytes): its shortest digits, or `null` when it is
    /// not finite; the byte after it, and whether it was finite.
    @inline(always)
    @inlinable static func writeDouble(_ value: Double, at target: UnsafeMutablePointer<UInt8>) -> (UnsafeMutablePointer<UInt8>, Bool) {
        guard _fastPath(value.isFinite) else {
            let null: StaticString = "null"
            copyBytes(to: target, from: null.utf8Start, count: null.utf8CodeUnitCount)
            return (target + null.utf8CodeUnitCount, false)
        }
        return (target + ShortestDouble.write(value, to: target), true)
    }

    /// Writes a string, escaping `"`, `\` and control characters; other characters are written
    /// as UTF-8.
    @inline(always)
    @inlinable public mutating func string(text value: String) {
        string(value, key: nil)
    }

    @inline(always)
    @inlinable mutating func string(_ value: String, key: StaticString?) {
        // Borrowed, not copied: a copy to call the mutating withUTF8 on costs a retain and a
        // release per string. Every native string (small ones included) is contiguous.
        if value.utf8.withContiguousStorageIfAvailable({ string(utf8: $0, key: key) }) != nil { return }
        var copy = value
        copy.withUTF8 { string(utf8: $0, key: key) }
    }

    /// Writes a string known at compile time, as is (see the type's note on static text).
    @inline(always)
    @inlinable public mutating func string(_ value: StaticString) {
        quoted(value, suffix: nil)
    }

    /// Writes a string given as valid UTF-8 bytes.
    @inline(always)
    @inlinable public mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        string(utf8: text, key: nil)
    }

    /// Writes a string given as valid UTF-8 bytes, after `"key":` when given.
    @inline(always)
    @inlinable mutating func string(utf8 text: UnsafeBufferPointer<UInt8>, key: StaticString?) {
        if !ByteScanning.needsEscaping(text) {
            string(content: text, key: key)  // nothing to escape (the usual case)
            return
        }
        // Room for the quotes and the text unescaped, at once; the escapes grow it further.
        guard let target = valueCursor(key: key, room: text.count &+ 2) else { return }
        commit(target)  // the comma and key, before the escaped text is appended
        append(UInt8(ascii: "\""))
        appendEscaped(text)
        append(UInt8(ascii: "\""))
    }

    /// Writes `content`, with nothing in it to escape, between quotes in one copy, after
    /// `"key":` when given.
    @inline(always)
    @inlinable mutating func string(content: UnsafeBufferPointer<UInt8>, key: StaticString?) {
        guard let target = valueCursor(key: key, room: content.count &+ 2) else { return }
        target[0] = UInt8(ascii: "\"")
        if let source = content.baseAddress { copyBytes(to: target + 1, from: source, count: content.count) }
        target[content.count &+ 1] = UInt8(ascii: "\"")
        commit(target + (content.count &+ 2))
    }

    /// Writes `text` escaped, inside a string (begun by a ``MemberRun``, which writes through
    /// the writer here).
    @inline(always)
    @inlinable public mutating func appendToString(text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ appendToString(utf8: $0) }) != nil { return }
        var copy = text
        copy.withUTF8 { appendToString(utf8: $0) }
    }

    /// Writes valid UTF-8 `text` escaped, inside a string: in one copy when nothing in it needs
    /// escaping (the usual case).
    @inline(always)
    @inlinable mutating func appendToString(utf8 text: UnsafeBufferPointer<UInt8>) {
        if !ByteScanning.needsEscaping(text) {
            append(text)
        } else {
            appendEscaped(text)
        }
    }

    /// Writes valid UTF-8 `text` without quotes, escaping what JSON strings must escape; runs
    /// without escapes are copied whole.
    @inlinable mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress else { return }
        var runStart = 0
        var index = ByteScanning.firstStop(in: text, from: 0, mask: ByteScanning.escapeMask)
        while index < text.count {
            append(UnsafeBufferPointer(start: source + runStart, count: index - runStart))
            appendEscape(source[index])
            index += 1
            runStart = index
            index = ByteScanning.firstStop(in: text, from: index, mask: ByteScanning.escapeMask)
        }
        append(UnsafeBufferPointer(start: source + runStart, count: text.count - runStart))
    }

    @inlinable mutating func appendEscape(_ byte: UInt8) {
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
        case 0x08: append(UInt8(ascii: "b"))
        case 0x0C: append(UInt8(ascii: "f"))
        case 0x0A: append(UInt8(ascii: "n"))
        case 0x0D: append(UInt8(ascii: "r"))
        case 0x09: append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            append("u00")
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }
}

extension JSONWriter {
    /// Where a run of members goes on, the end of the room for it (at least `room` bytes; nils
    /// when memory ran out), and whether a member there needs a comma before it (written with
    /// the member: a run without members writes nothing).
    @inline(always)
    @inlinable mutating func room(atLeast room: Int) -> (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?, Bool) {
        guard let target = cursor(separated: false, room: room), let base else { return (nil, nil, false) }
        return (target, base + capacity, Self.needsComma(before: target, from: base))
    }

    /// Takes what a run wrote, up to `end`.
    @inline(always)
    @inlinable mutating func closeRun(at end: UnsafeMutablePointer<UInt8>, nonFinite: Bool) {
        commit(end)
        if _slowPath(nonFinite) { wroteNonFiniteNumber = true }
    }
}

/// `memcpy` for the short runs a writer mostly copies (keys, numbers, names, the pieces of a
/// record): up to 64 bytes in overlapping loads and stores, without a call.
@inline(always)
@inlinable func copyBytes(to target: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>, count: Int) {
    let to = UnsafeMutableRawPointer(target), from = UnsafeRawPointer(source)
    switch count {
    case 33...64:
        // Two 32-byte halves, overlapping, eight bytes at a time.
        let head0 = from.loadUnaligned(as: UInt64.self)
        let head1 = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let head2 = from.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        let head3 = from.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        let tail0 = from.loadUnaligned(fromByteOffset: count - 32, as: UInt64.self)
        let tail1 = from.loadUnaligned(fromByteOffset: count - 24, as: UInt64.self)
        let tail2 = from.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
        let tail3 = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        to.storeBytes(of: head0, as: UInt64.self)
        to.storeBytes(of: head1, toByteOffset: 8, as: UInt64.self)
        to.storeBytes(of: head2, toByteOffset: 16, as: UInt64.self)
        to.storeBytes(of: head3, toByteOffset: 24, as: UInt64.self)
        to.storeBytes(of: tail0, toByteOffset: count - 32, as: UInt64.self)
        to.storeBytes(of: tail1, toByteOffset: count - 24, as: UInt64.self)
        to.storeBytes(of: tail2, toByteOffset: count - 16, as: UInt64.self)
        to.storeBytes(of: tail3, toByteOffset: count - 8, as: UInt64.self)
    case 17...32:
        // Two sixteen-byte halves, overlapping: the pieces of a record (keys with their
        // punctuation) are often this long.
        let first = from.loadUnaligned(as: UInt64.self)
        let second = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let secondLast = from.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
        let last = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        to.storeBytes(of: first, as: UInt64.self)
        to.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
        to.storeBytes(of: secondLast, toByteOffset: count - 16, as: UInt64.self)
        to.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
    case 8...16:
        let head = from.loadUnaligned(as: UInt64.self)
        let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        to.storeBytes(of: head, as: UInt64.self)
        to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    case 4...7:
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    case 1...3:
        target[0] = source[0]
        target[count / 2] = source[count / 2]
        target[count - 1] = source[count - 1]
    case 0:
        return
    default:
        #if hasFeature(Embedded)
        // memmove: Embedded Swift copies typed memory (`update(from:count:)`) a byte at a time,
        // through a call per byte.
        to.copyMemory(from: from, byteCount: count)
        #else
        target.update(from: source, count: count)
        #endif
    }
}
