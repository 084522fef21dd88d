/// Members and values written one after another through a ``JSONWriter``
/// (``JSONWriter/memberRun(_:)``), with its keys, commas and escapes: the position and the end of
/// the room stay in registers, and whether the next token needs a comma is a flag rather than a
/// look at the byte before it. Room runs out only when the writer's buffer must grow, which goes
/// through the writer, as do escapes (rare). Once memory ran out, nothing more is written (the
/// writer reports it).
///
/// Static text (keys, `StaticString` pieces of a string) is copied as the writer copies it (see
/// ``JSONWriter``'s note on static text).
public struct MemberRun: ~Copyable {
    @usableFromInline let writer: UnsafeMutablePointer<JSONWriter>
    /// Where the next token goes; nil once memory ran out (nothing more is written).
    @usableFromInline var at: UnsafeMutablePointer<UInt8>?
    @usableFromInline var limit: UnsafeMutablePointer<UInt8>?
    /// Whether the next key or value follows something that needs a comma after it.
    @usableFromInline var separated: Bool
    @usableFromInline var nonFinite = false

    /// The most a number member takes besides its key: a comma, the key's quotes and colon, and
    /// a number (at most 32 bytes, as ``JSONWriter/double(_:)`` reserves).
    @usableFromInline static let roomBesidesKey = 36

    /// The room asked of the writer at once: most tokens fit many times over.
    @usableFromInline static let roomAsked = 256

    @inline(always)
    @inlinable init(_ writer: UnsafeMutablePointer<JSONWriter>, room: Int) {
        self.writer = writer
        (at, limit, separated) = writer.pointee.room(atLeast: room)
    }

    // MARK: Members

    /// Writes `"key":value` for an integer.
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, _ value: Int) {
        field(key, Int64(value))
    }

    /// Writes `"key":value` for a 64-bit integer.
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, _ value: Int64) {
        guard let target = cursor(key: key, room: Self.roomBesidesKey) else { return }
        at = JSONWriter.writeInteger(value, at: target)
    }

    /// Writes `"key":value` for a floating-point number, as ``JSONWriter/double(_:)`` does
    /// (`null`, recorded, for a NaN or an infinity).
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, _ value: Double) {
        guard let target = cursor(key: key, room: Self.roomBesidesKey) else { return }
        let (end, finite) = JSONWriter.writeDouble(value, at: target)
        if _slowPath(!finite) { nonFinite = true }
        at = end
    }

    /// Writes `"key":"content"` for `content` that is the inside of a JSON string as a request
    /// wrote it without an escape (see ``JSONWriter/field(_:stringContent:)``), copied as it is.
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, stringContent content: UnsafeBufferPointer<UInt8>) {
        beginString(key: key)
        appendToString(stringContent: content)
        endString()
    }

    /// Writes `"key":"value"` for a value given as valid UTF-8 bytes, escaped.
    @inline(always)
    @inlinable public mutating func field(_ key: StaticString, utf8 value: UnsafeBufferPointer<UInt8>) {
        beginString(key: key)
        appendToString(utf8: value)
        endString()
    }

    // MARK: Structure

    /// Writes `{` (after `"key":` when given).
    @inline(always)
    @inlinable public mutating func beginObject(key: StaticString? = nil) {
        opening(UInt8(ascii: "{"), key: key)
    }

    /// Writes `}`.
    @inline(always)
    @inlinable public mutating func endObject() {
        closing(UInt8(ascii: "}"))
    }

    /// Writes `[` (after `"key":` when given).
    @inline(always)
    @inlinable public mutating func beginArray(key: StaticString? = nil) {
        opening(UInt8(ascii: "["), key: key)
    }

    /// Writes `]`.
    @inline(always)
    @inlinable public mutating func endArray() {
        closing(UInt8(ascii: "]"))
    }

    // MARK: A string in pieces

    /// Writes `"` (after `"key":` when given): a string written in pieces follows, then
    /// ``endString()``.
    @inline(always)
    @inlinable public mutating func beginString(key: StaticString? = nil) {
        opening(UInt8(ascii: "\""), key: key)
    }

    /// Writes the closing `"` of a string begun with ``beginString(key:)``.
    @inline(always)
    @inlinable public mutating func endString() {
        closing(UInt8(ascii: "\""))
    }

    /// Writes `content` (the inside of a JSON string as a request wrote it without an escape)
    /// as it is, inside a string.
    @inline(always)
    @inlinable public mutating func appendToString(stringContent content: UnsafeBufferPointer<UInt8>) {
        guard let source = content.baseAddress, let target = rawCursor(content.count) else { return }
        copyBytes(to: target, from: source, count: content.count)
        at = target + content.count
    }

    /// Writes valid UTF-8 `text` escaped, inside a string: copied when nothing in it needs an
    /// escape (the usual case).
    @inline(always)
    @inlinable public mutating func appendToString(utf8 text: UnsafeBufferPointer<UInt8>) {
        if !ByteScanning.needsEscaping(text) {
            appendToString(stringContent: text)
        } else {
            throughWriter { $0.appendEscaped(text) }
        }
    }

    // MARK: Room

    /// Writes the byte that opens a container or a string: what follows it needs no comma.
    @inline(always)
    @inlinable mutating func opening(_ byte: UInt8, key: StaticString?) {
        guard let target = cursor(key: key, room: 1) else { return }
        target.pointee = byte
        at = target + 1
        separated = false
    }

    /// Writes the byte that closes a container or a string: what follows it needs a comma.
    @inline(always)
    @inlinable mutating func closing(_ byte: UInt8) {
        guard let target = rawCursor(1) else { return }
        target.pointee = byte
        at = target + 1
        separated = true
    }

    /// Where a value of at most `room` bytes goes: after a comma when one is needed and, when
    /// `key` is given, `"key":`. The value then needs a comma after it.
    @inline(always)
    @inlinable mutating func cursor(key: StaticString?, room: Int) -> UnsafeMutablePointer<UInt8>? {
        let keyRoom = key.map { $0.utf8CodeUnitCount &+ 3 } ?? 0
        guard var target = rawCursor(keyRoom &+ room &+ 1) else { return nil }
        // The comma stored whether or not it is needed (there is room), and stepped over only
        // when it is: no branch on where in an object the member is.
        target.pointee = UInt8(ascii: ",")
        target += separated ? 1 : 0
        separated = true
        if let key { target = JSONWriter.writeKey(key, at: target) }
        return target
    }

    /// Where `count` bytes go, room made for them; nil once memory ran out.
    @inline(always)
    @inlinable mutating func rawCursor(_ count: Int) -> UnsafeMutablePointer<UInt8>? {
        if let at, let limit, _fastPath(limit - at >= count) { return at }
        refill(count)
        return at
    }

    /// Hands what was written to the writer and asks it for at least `room` more bytes.
    @inline(never)
    @usableFromInline mutating func refill(_ room: Int) {
        guard let current = at else { return }
        writer.pointee.closeRun(at: current, nonFinite: nonFinite)
        nonFinite = false
        (at, limit, _) = writer.pointee.room(atLeast: max(room, Self.roomAsked))  // the run writes its own commas
    }

    /// Hands what was written to the writer, lets `body` write through the writer (an escape),
    /// and goes on after it.
    @inline(never)
    @usableFromInline mutating func throughWriter(_ body: (inout JSONWriter) -> Void) {
        guard let current = at else { return }
        writer.pointee.closeRun(at: current, nonFinite: nonFinite)
        nonFinite = false
        body(&writer.pointee)
        let stillSeparated = separated
        (at, limit, _) = writer.pointee.room(atLeast: Self.roomAsked)
        separated = stillSeparated
    }

    /// Hands what was written to the writer.
    @inline(always)
    @inlinable consuming func finish() {
        if let at { writer.pointee.closeRun(at: at, nonFinite: nonFinite) }
    }
}
