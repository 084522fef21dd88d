#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes compact JSON (no insignificant white space) into a growing byte buffer.
///
/// The buffer is `malloc` memory so that the C ABI can hand it to the caller without a copy
/// (``takeCString()``). Commas are placed automatically: a key or value written after anything
/// other than `{`, `[` or `:` is preceded by one.
///
/// The writer never traps: when memory runs out it stops writing and reports ``failed``; a
/// non-finite number (which JSON cannot express) is recorded in ``wroteNonFiniteNumber`` and
/// the envelope turns the response into an `INTERNAL` error.
public struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    /// The number of bytes written.
    public private(set) var count = 0
    /// Memory could not be allocated; what was written is incomplete.
    public private(set) var failed = false
    /// A NaN or an infinity was written (as `null`): a bug of the caller.
    public private(set) var wroteNonFiniteNumber = false

    /// Creates an empty writer.
    public init(capacity: Int = 512) {
        reserve(capacity)
    }

    deinit {
        free(base)
    }

    // MARK: Buffer

    /// The bytes written so far.
    public var bytes: [UInt8] {
        guard let base else { return [] }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Gives the written bytes, NUL-terminated, to the caller, who frees them with `free`.
    /// Nil when memory ran out.
    public consuming func takeCString() -> UnsafeMutablePointer<CChar>? {
        append(0)
        let result = failed ? nil : base
        if failed { free(base) }
        discard self
        return result.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
    }

    /// Forgets everything written after `count` bytes (for replacing a partial response).
    mutating func truncate(to count: Int) {
        self.count = min(count, self.count)
        wroteNonFiniteNumber = false
    }

    /// Makes room for `extra` more bytes; false (and ``failed``) when memory runs out.
    @discardableResult
    private mutating func reserve(_ extra: Int) -> Bool {
        if failed { return false }
        let (needed, overflow) = count.addingReportingOverflow(extra)
        if !overflow, needed <= capacity { return true }
        var newCapacity = max(capacity, 64)
        while !overflow, newCapacity < needed {
            let (doubled, tooBig) = newCapacity.multipliedReportingOverflow(by: 2)
            if tooBig { break }
            newCapacity = doubled
        }
        guard !overflow, newCapacity >= needed, let grown = realloc(base, newCapacity) else {
            failed = true
            return false
        }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
        return true
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        guard reserve(1), let base else { return }
        base[count] = byte
        count += 1
    }

    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard !buffer.isEmpty, reserve(buffer.count), let base, let source = buffer.baseAddress else { return }
        (base + count).update(from: source, count: buffer.count)
        count += buffer.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes a comma unless the last byte opens a container or ends a key.
    @inline(__always)
    private mutating func separate() {
        guard count > 0, let base else { return }
        switch base[count - 1] {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ":"): return
        default: append(UInt8(ascii: ","))
        }
    }

    // MARK: Structure

    /// Writes `{`.
    public mutating func beginObject() {
        separate()
        append(UInt8(ascii: "{"))
    }

    /// Writes `}`.
    public mutating func endObject() {
        append(UInt8(ascii: "}"))
    }

    /// Writes `[`.
    public mutating func beginArray() {
        separate()
        append(UInt8(ascii: "["))
    }

    /// Writes `]`.
    public mutating func endArray() {
        append(UInt8(ascii: "]"))
    }

    /// Writes a member key, `"key":`. Keys of the contract are ASCII identifiers, written as is.
    public mutating func key(_ key: StaticString) {
        separate()
        append(UInt8(ascii: "\""))
        append(key)
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: ":"))
    }

    /// Writes a member key given as arbitrary text, escaped.
    public mutating func key(_ key: String) {
        string(key)
        append(UInt8(ascii: ":"))
    }

    /// Writes already-encoded JSON text (a token taken from a request) as the next value.
    mutating func raw(_ json: UnsafeBufferPointer<UInt8>) {
        separate()
        append(json)
    }

    // MARK: Members

    /// Writes `"key":"value"`.
    public mutating func field(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    /// Writes `"key":value` for an integer.
    public mutating func field(_ key: StaticString, _ value: Int) {
        self.key(key)
        int(value)
    }

    /// Writes `"key":value` for a 64-bit integer.
    public mutating func field(_ key: StaticString, _ value: Int64) {
        self.key(key)
        int(value)
    }

    /// Writes `"key":value` for an integer, or `"key":null` when there is none.
    public mutating func field(_ key: StaticString, _ value: Int?) {
        field(key, value.map(Int64.init))
    }

    /// Writes `"key":value` for a 64-bit integer, or `"key":null` when there is none.
    public mutating func field(_ key: StaticString, _ value: Int64?) {
        self.key(key)
        if let value { int(value) } else { null() }
    }

    /// Writes `"key":true` or `"key":false`.
    public mutating func field(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    /// Writes `"key":value` for a floating-point number (see ``double(_:)``).
    public mutating func field(_ key: StaticString, _ value: Double) {
        self.key(key)
        double(value)
    }

    /// Writes `"key":{...}`, the members written by `body`.
    public mutating func object(_ key: StaticString, _ body: (inout JSONWriter) -> Void) {
        self.key(key)
        beginObject()
        body(&self)
        endObject()
    }

    // MARK: Values

    /// Writes `null`.
    public mutating func null() {
        separate()
        append("null")
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
    }

    /// Writes an integer.
    public mutating func int(_ value: Int) {
        int(Int64(value))
    }

    /// Writes a 64-bit integer (on every platform, 32-bit ones included).
    public mutating func int(_ value: Int64) {
        separate()
        guard reserve(20), let base else { return }
        var magnitude = value.magnitude
        var length = 1
        var limit: UInt64 = 10
        while length < 20 && magnitude >= limit {
            length += 1
            if length < 20 { limit &*= 10 }
        }
        if value < 0 { base[count] = UInt8(ascii: "-") }
        let digitsStart = count + (value < 0 ? 1 : 0)
        let end = digitsStart + length
        var cursor = end
        // Two digits at a time from the right, then a last single digit if the count is odd.
        while cursor - digitsStart >= 2 {
            let pair = Int(truncatingIfNeeded: magnitude % 100)
            magnitude /= 100
            cursor -= 2
            base[cursor] = Self.digitPairs[pair &* 2]
            base[cursor + 1] = Self.digitPairs[pair &* 2 + 1]
        }
        if cursor > digitsStart {
            base[digitsStart] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        count = end
    }

    /// "00", "01", ... "99", one after the other.
    private static let digitPairs: [UInt8] = (0..<100).flatMap { [UInt8(ascii: "0") + UInt8($0 / 10), UInt8(ascii: "0") + UInt8($0 % 10)] }

    /// Writes a floating-point number in its shortest round-tripping form (`6.333333333333333`,
    /// `0.0`, `1e-05`). A NaN or an infinity is written as `null` and recorded in
    /// ``wroteNonFiniteNumber``.
    public mutating func double(_ value: Double) {
        guard value.isFinite else {
            wroteNonFiniteNumber = true
            null()
            return
        }
        separate()
        // The standard library's formatter, as `description` has it, without making a String:
        // `Double.write(to:)` hands its text to `_writeASCII` of the stream.
        var text = NumberText()
        value.write(to: &text)
        withUnsafeBytes(of: text.storage) { append(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<text.count])) }
    }

    /// Writes a string, escaping `"`, `\` and control characters; other characters are written
    /// as UTF-8.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(utf8: $0) }
    }

    /// Writes a string known at compile time (ASCII without characters to escape).
    public mutating func string(_ value: StaticString) {
        separate()
        append(UInt8(ascii: "\""))
        append(value)
        append(UInt8(ascii: "\""))
    }

    /// Writes a string given as valid UTF-8 bytes.
    mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        separate()
        // Room for the quotes and the text unescaped, at once; escapes (rare) grow it further.
        guard reserve(text.count + 2), let source = text.baseAddress else {
            append(UInt8(ascii: "\""))
            append(UInt8(ascii: "\""))
            return
        }
        append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while true {
            index = JSONBytes.firstStop(in: text, from: index, mask: JSONBytes.escapeMask, stops: JSONBytes.needsEscape)
            if index == text.count { break }
            append(UnsafeBufferPointer(start: source + runStart, count: index - runStart))
            appendEscape(source[index])
            index += 1
            runStart = index
        }
        append(UnsafeBufferPointer(start: source + runStart, count: text.count - runStart))
        append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
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

/// A stream for the text of one number: up to 48 bytes inline (a `Double` takes at most 24).
private struct NumberText: TextOutputStream {
    var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    var count = 0

    mutating func write(_ string: String) {
        for byte in string.utf8 { append(byte) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        for byte in buffer { append(byte) }
    }

    private mutating func append(_ byte: UInt8) {
        guard count < MemoryLayout.size(ofValue: storage) else { return }
        withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
        count += 1
    }
}
