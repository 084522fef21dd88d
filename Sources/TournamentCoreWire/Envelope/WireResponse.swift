import TournamentCoreJSON

/// A response envelope's bytes, in `malloc` memory the response owns until it is consumed or
/// handed to a C caller (``takeCString()``) — the bytes `tc_call` returns.
public struct WireResponse: ~Copyable {
    private var writer: JSONWriter

    init(_ writer: consuming JSONWriter) {
        self.writer = writer
    }

    /// Memory ran out during the call: there is no envelope (where `tc_call` returns NULL).
    public var isOutOfMemory: Bool { writer.isOutOfMemory }

    /// The envelope's length in bytes (0 when memory ran out).
    public var count: Int { writer.isOutOfMemory ? 0 : writer.byteCount }

    /// A copy of the envelope's bytes; empty when memory ran out.
    public var bytes: [UInt8] { writer.isOutOfMemory ? [] : writer.bytes }

    /// Gives the envelope, NUL-terminated, to the caller, who frees it with `free`; nil when
    /// memory ran out.
    public consuming func takeCString() -> UnsafeMutablePointer<CChar>? {
        writer.takeCString()
    }
}
