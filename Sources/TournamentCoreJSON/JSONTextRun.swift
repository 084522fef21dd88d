extension JSONWriter {
    /// Writes a run of JSON text that the caller puts together from pieces (``JSONTextRun``):
    /// the position and the end of the room stay in registers from one piece to the next, for a
    /// response made of many small records of the same shape (a list of participants).
    ///
    /// The run writes what it is given and nothing else: no comma or quote of its own, and
    /// escapes only in ``JSONTextRun/appendEscaped(text:)`` and
    /// ``JSONTextRun/appendText(of:in:)``. The pieces must make valid JSON together.
    ///
    /// `expectedBytes`: what the run is likely to write, made room for at once (a long
    /// response then grows its buffer once rather than doubling it many times); 0, not known:
    /// ``JSONTextRun/roomAsked``. A run that writes more than its room grows the buffer as it
    /// goes, by ``JSONTextRun/roomAsked`` at least; one that writes less, in a short response,
    /// leaves the first buffer as it was (no second block for a few bytes).
    @inline(always)
    @inlinable public mutating func textRun(expectedBytes: Int = 0, _ body: (inout JSONTextRun) -> Void) {
        withUnsafeMutablePointer(to: &self) { writer in
            var run = JSONTextRun(writer, room: expectedBytes > 0 ? expectedBytes : JSONTextRun.roomAsked)
            body(&run)
            run.finish()
        }
    }
}

/// JSON text written piece by piece (``JSONWriter/textRun(expectedBytes:_:)``); room runs out only when the
/// writer's buffer must grow, which goes through the writer. Once memory ran out, nothing more
/// is written (the writer reports it).
public struct JSONTextRun: ~Copyable {
    @usableFromInline let writer: UnsafeMutablePointer<JSONWriter>
    /// Where the next piece goes; nil once memory ran out.
    @usableFromInline var at: UnsafeMutablePointer<UInt8>?
    @usableFromInline var limit: UnsafeMutablePointer<UInt8>?

    /// The room asked of the writer at once: most pieces fit many times over.
    @usableFromInline static let roomAsked = 1024

    @inline(always)
    @inlinable init(_ writer: UnsafeMutablePointer<JSONWriter>, room: Int) {
        self.writer = writer
        (at, limit, _) = writer.pointee.room(atLeast: room)
    }

    /// Where `count` bytes go, room made for them; nil once memory ran out.
    @inline(always)
    @inlinable mutating func cursor(_ count: Int) -> UnsafeMutablePointer<UInt8>? {
        if let at, let limit, _fastPath(limit - at >= count) { return at }
        (at, limit) = Self.refill(writer, at: at, room: count)
        return at
    }

    /// Writes text known at compile time, as is (JSON punctuation, keys and their quotes).
    @inline(always)
    @inlinable public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes `bytes` as they are: JSON text, or the inside of a string that needs no escape.
    @inline(always)
    @inlinable public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, let target = cursor(bytes.count) else { return }
        copyBytes(to: target, from: source, count: bytes.count)
        at = target + bytes.count
    }

    /// Writes the decimal digits of `value` (a `-` first when negative).
    @inline(always)
    @inlinable public mutating func append(_ value: Int64) {
        guard let target = cursor(20) else { return }
        at = JSONWriter.writeInteger(value, at: target)
    }

    /// Writes `text` as the inside of a JSON string, escaped as the writer escapes.
    @inlinable public mutating func appendEscaped(text: String) {
        (at, limit) = Self.escape(text, writer, at: at)
    }

    // The slow paths take and give the position and the limit as values, never the run's
    // address: the run then lives in registers wherever it is inlined.

    @inline(never)
    @usableFromInline static func escape(
        _ text: UnsafeBufferPointer<UInt8>, _ writer: UnsafeMutablePointer<JSONWriter>, at: UnsafeMutablePointer<UInt8>?
    ) -> (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) {
        guard let at else { return (nil, nil) }
        writer.pointee.closeRun(at: at, nonFinite: false)
        writer.pointee.appendEscaped(text)
        let (next, limit, _) = writer.pointee.room(atLeast: roomAsked)
        return (next, limit)
    }

    /// Writes the text of a string node of `document` as the inside of a JSON string: as it
    /// stands in the request when written there without escapes
    /// (``JSONDocument/plainStringBytes(_:)``), else decoded and escaped.
    @inline(always)
    @inlinable public mutating func appendText(of node: Int, in document: JSONDocument) {
        if let text = document.plainStringBytes(node) {
            append(text)
        } else {
            (at, limit) = document.withStringBytes(node) { [writer, at] in Self.escape($0, writer, at: at) }
        }
    }

    @inline(never)
    @usableFromInline static func escape(
        _ text: String, _ writer: UnsafeMutablePointer<JSONWriter>, at: UnsafeMutablePointer<UInt8>?
    ) -> (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) {
        guard let at else { return (nil, nil) }
        writer.pointee.closeRun(at: at, nonFinite: false)
        writer.pointee.appendToString(text: text)
        let (next, limit, _) = writer.pointee.room(atLeast: roomAsked)
        return (next, limit)
    }

    /// Hands what was written up to `at` to the writer and asks it for at least `room` more
    /// bytes: where they go and where they end (nils once memory ran out).
    @inline(never)
    @usableFromInline static func refill(
        _ writer: UnsafeMutablePointer<JSONWriter>, at: UnsafeMutablePointer<UInt8>?, room: Int
    ) -> (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) {
        guard let at else { return (nil, nil) }
        writer.pointee.closeRun(at: at, nonFinite: false)
        let (next, limit, _) = writer.pointee.room(atLeast: max(room, roomAsked))
        return (next, limit)
    }

    /// Hands what was written to the writer.
    @inline(always)
    @inlinable consuming func finish() {
        if let at { writer.pointee.closeRun(at: at, nonFinite: false) }
    }
}
