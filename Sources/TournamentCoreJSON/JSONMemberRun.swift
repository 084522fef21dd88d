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
        appendJSON(content)
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

    /// Writes valid UTF-8 `text` escaped, inside a string: copied when nothing in it needs an
    /// escape (the usual case).
    @inline(always)
    @inlinable public mutating func appendToString(utf8 text: UnsafeBufferPointer<UInt8>) {
        if !ByteScanning.needsEscaping(text) {
            appendJSON(text)
        } else {
            throughWriter { $0.appendEscaped(text) }
        }
    }

    // MARK: Text as it is

    /// Writes JSON text known at compile time as it is (punctuation and keys of a record the
    /// caller puts together from pieces), with no comma of the run's own: the pieces must make
    /// valid JSON together.
    @inline(always)
    @inlinable public mutating func appendJSON(_ text: StaticString) {
        appendJSON(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes `bytes` as they are (see ``appendJSON(_:)-(StaticString)``): JSON text, or the
    /// inside of a string that needs no escape.
    @inline(always)
    @inlinable public mutating func appendJSON(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, let target = rawCursor(bytes.count) else { return }
        copyBytes(to: target, from: source, count: bytes.count)
        at = target + bytes.count
    }

    /// Writes the decimal digits of `value` (a `-` first when negative), with no comma of the
    /// run's own.
    @inline(always)
    @inlinable public mutating func appendInteger(_ value: Int64) {
        guard let target = rawCursor(20) else { return }
        at = JSONWriter.writeInteger(value, at: target)
    }

    /// Writes `text` escaped, inside a string (through the writer).
    @inlinable public mutating func appendToString(text: String) {
        throughWriter { $0.appendToString(text: text) }
    }

    /// Writes the text of the string node `node` of `document`, inside a string: as it stands
    /// in the request when written there without escapes (``JSONDocument/plainStringBytes(_:)``),
    /// else decoded and escaped.
    @inline(always)
    @inlinable public mutating func appendToString(node: Int, in document: JSONDocument) {
        if let text = document.plainStringBytes(node) {
            appendJSON(text)
        } else {
            document.withStringBytes(node) { appendToString(utf8: $0) }
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
        (at, limit) = Self.refill(writer, at: at, nonFinite: nonFinite, room: count)
        nonFinite = false
        return at
    }

    /// Hands what was written up to `at` to the writer and asks it for at least `room` more
    /// bytes: where they go and where they end (nils once memory ran out).
    @inline(always)
    @inlinable static func refill(
        _ writer: UnsafeMutablePointer<JSONWriter>, at: UnsafeMutablePointer<UInt8>?, nonFinite: Bool, room: Int
    ) -> (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) {
        throughWriter(writer, at: at, nonFinite: nonFinite, room: room) { _ in }
    }

    /// Hands what was written to the writer, lets `body` write through the writer (an escape),
    /// and goes on after it.
    @inline(always)
    @inlinable mutating func throughWriter(_ body: (inout JSONWriter) -> Void) {
        (at, limit) = Self.throughWriter(writer, at: at, nonFinite: nonFinite, room: 0, body)
        nonFinite = false
    }

    /// Hands what was written up to `at` to the writer, lets `body` write through it and asks
    /// it for at least `room` more bytes (``roomAsked`` at least): where they go and where they
    /// end (nils once memory ran out). It takes and gives the position and the limit as values,
    /// never the run's address, so that the run stays in registers wherever it is inlined.
    @inline(never)
    @usableFromInline static func throughWriter(
        _ writer: UnsafeMutablePointer<JSONWriter>, at: UnsafeMutablePointer<UInt8>?, nonFinite: Bool, room: Int,
        _ body: (inout JSONWriter) -> Void
    ) -> (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) {
        guard let at else { return (nil, nil) }
        writer.pointee.closeRun(at: at, nonFinite: nonFinite)
        body(&writer.pointee)
        let (next, limit, _) = writer.pointee.room(atLeast: max(room, roomAsked))  // the run writes its own commas
        return (next, limit)
    }

    /// Hands what was written to the writer.
    @inline(always)
    @inlinable consuming func finish() {
        if let at { writer.pointee.closeRun(at: at, nonFinite: nonFinite) }
    }
}

/// What writes a string member from request text: ``JSONWriter`` and ``MemberRun``, so that a
/// decoder writes one either way.
public protocol JSONStringMemberWriter: ~Copyable {
    /// Writes `"key":"content"` for the inside of a JSON string as a request wrote it without an
    /// escape, copied as it is.
    mutating func field(_ key: StaticString, stringContent content: UnsafeBufferPointer<UInt8>)

    /// Writes `"key":"value"` for a value given as valid UTF-8 bytes, escaped.
    mutating func field(_ key: StaticString, utf8 value: UnsafeBufferPointer<UInt8>)
}

extension JSONWriter: JSONStringMemberWriter {}
extension MemberRun: JSONStringMemberWriter {}
