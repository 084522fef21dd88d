import TournamentCoreJSON

/// The wire layer's entry points: a method name and a JSON request in, a JSON envelope out.
///
/// Every call answers `{"ok":true,"result":{...}}` or
/// `{"ok":false,"error":{"code":...,"message":...,"path":...}}`; nothing it is given can make
/// it trap. The C ABI, the command-line tool and the tests all call these.
public enum Wire {
    /// The names of all methods, in the contract's order.
    public static var methodNames: [String] { MethodRegistry.names }

    /// Answers a request for the method named by the UTF-8 bytes `method`.
    ///
    /// - Parameters:
    ///   - method: The method name; nil (a NULL pointer) is `UNKNOWN_METHOD`.
    ///   - request: The request's JSON text; nil (a NULL pointer) is `INVALID_JSON`, more than
    ///     ``JSONLimits/maxRequestBytes`` is `REQUEST_TOO_LARGE`.
    ///
    /// The request is copied once before it is read (into memory followed by a 0 byte, which
    /// the reader needs after the text); a caller holding a C string avoids the copy with
    /// ``call(method:terminatedRequest:)``.
    public static func call(method: UnsafeBufferPointer<UInt8>?, request: UnsafeBufferPointer<UInt8>?) -> WireResponse {
        WireResponse(call(method: method, request: request, terminated: false))
    }

    /// Answers a request whose bytes are followed by a 0 byte — a C string's bytes without
    /// its terminator, as `strlen` measures them: `request[request.count]` must be readable
    /// and 0. The request is read where it is, without a copy. Otherwise as
    /// ``call(method:request:)-(UnsafeBufferPointer<UInt8>?,_)``.
    public static func call(method: UnsafeBufferPointer<UInt8>?, terminatedRequest request: UnsafeBufferPointer<UInt8>?) -> WireResponse {
        WireResponse(call(method: method, request: request, terminated: true))
    }

    /// Answers a request for `method` (a name in ``methodNames``).
    public static func call(method: StaticString, request: UnsafeBufferPointer<UInt8>?) -> WireResponse {
        WireResponse(call(method: UnsafeBufferPointer(start: method.utf8Start, count: method.utf8CodeUnitCount), request: request, terminated: false))
    }

    /// Answers a request for `method` (a name in ``methodNames``) whose bytes are followed by
    /// a 0 byte, as ``call(method:terminatedRequest:)-(UnsafeBufferPointer<UInt8>?,_)``.
    public static func call(method: StaticString, terminatedRequest request: UnsafeBufferPointer<UInt8>?) -> WireResponse {
        WireResponse(call(method: UnsafeBufferPointer(start: method.utf8Start, count: method.utf8CodeUnitCount), request: request, terminated: true))
    }

    private static func call(method: UnsafeBufferPointer<UInt8>?, request: UnsafeBufferPointer<UInt8>?, terminated: Bool) -> JSONWriter {
        guard let method else {
            return failure(WireError(.unknownMethod, "The method name is NULL."))
        }
        LazyGlobalPreparation.prepareShared()
        guard let (index, handler) = MethodRegistry.lookUp(method) else {
            let name = String(decoding: UnsafeBufferPointer(rebasing: method.prefix(100)), as: UTF8.self)
            let quoted = name.debugDescription + (method.count > 100 ? "..." : "")
            return failure(WireError(.unknownMethod, "No method is named \(quoted)."))
        }
        LazyGlobalPreparation.prepare(forMethodAt: index)
        return call(handler, request: request, terminated: terminated)
    }

    /// Answers `request`, a JSON text's UTF-8 bytes, for the method named `method`: the response
    /// envelope's bytes, the same as the C library's `tc_call` gives. This is the JSON contract
    /// for Swift hosts (servers, tools); apps use the typed API of the `TournamentCore` module.
    ///
    ///     let response = Wire.call(method: "library.info", request: Array("{}".utf8))
    ///     // {"ok":true,"result":{"name":"TournamentCore",...}}
    ///
    /// Empty when memory ran out (where `tc_call` returns NULL).
    public static func call(method: String, request: [UInt8]) -> [UInt8] {
        var method = method
        return method.withUTF8 { name in
            request.withUnsafeBufferPointer { bytes in
                call(method: name, request: bytes).bytes
            }
        }
    }

    /// ``call(method:request:)-([UInt8])`` answered from a document only, never from the
    /// method's cursor path: for the tests that compare the two paths (internal; no host
    /// reaches it).
    static func callReadingDocument(method: String, request: [UInt8]) -> [UInt8] {
        var method = method
        return method.withUTF8 { name in
            request.withUnsafeBufferPointer { bytes in
                guard let handler = MethodRegistry.method(named: name) else { return [] }
                return WireResponse(call(handler, request: bytes, terminated: false, cursorFirst: false)).bytes
            }
        }
    }

    private static func call(_ method: WireMethodEntry, request: UnsafeBufferPointer<UInt8>?, terminated: Bool, cursorFirst: Bool = true) -> JSONWriter {
        guard let request else {
            return failure(WireError(.invalidJSON, "The request is NULL."))
        }
        guard request.count <= JSONLimits.maxRequestBytes else {
            return failure(WireError(
                .requestTooLarge,
                "The request is larger than \(JSONLimits.maxRequestBytes) bytes."))
        }
        var writer = JSONWriter(capacity: responseCapacity(forRequestOf: request.count))
        #if !canImport(TCEmbeddedLibc)
        // (The Embedded builds need no such check: their call scope ends the call when any
        // allocation fails; see MemoryReservation.)
        guard MemoryReservation.isAvailable(forRequestOf: request.count) else {
            writer.markOutOfMemory()
            return writer
        }
        #endif
        if cursorFirst && answered(by: method, reading: request, into: &writer) {
            return writer
        }
        do throws(JSONSyntaxError) {
            try JSONDocument.parse(request, terminated: terminated) { document in
                do throws(WireError) {
                    try respond(method, to: document, into: &writer)
                } catch {
                    writer.truncate(to: 0)
                    writeError(error, path: error.path(in: document), into: &writer)
                }
            }
        } catch {
            if error.isOutOfMemory {
                writer.markOutOfMemory()
            } else {
                writeError(WireError(.invalidJSON, error.message), path: nil, into: &writer)
            }
        }
        if writer.containsNonFiniteNumber {
            writer.truncate(to: 0)
            writeError(WireError(.internal, "The result contained a number JSON cannot express."), path: nil, into: &writer)
        }
        return writer
    }

    /// The response buffer a request of `count` bytes starts with. Responses are often about as
    /// long as their requests (normalized documents), so a large request's starts at its size;
    /// below 2 KB (where responses mostly stay under 1 KB) it starts as large as a block the
    /// allocator caches (``AllocationSizes/cachedPayloadBytes``).
    static func responseCapacity(forRequestOf count: Int) -> Int {
        count < 2048 ? AllocationSizes.cachedPayloadBytes : min(count + 256, 4 << 20)
    }

    /// Whether the method's cursor path answered `request` (see ``CursorReadingWireMethod``):
    /// false, with nothing written, when the method has none, its cursor declined, or what it
    /// wrote holds a number JSON cannot express (then the document path writes the same
    /// numbers and the envelope its `INTERNAL` error).
    private static func answered(by method: WireMethodEntry, reading request: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter) -> Bool {
        // Shorter than 4 GiB: the cursor reader keeps its texts as 32-bit offsets (CursorText).
        guard let respondReading = method.respondReading, UInt64(request.count) <= UInt64(UInt32.max), let cursor = JSONCursor(request) else { return false }
        writer.append("{\"ok\":true,\"result\":")
        guard respondReading(cursor, &writer), !writer.containsNonFiniteNumber else {
            writer.truncate(to: 0)
            return false
        }
        writer.endObject()
        return true
    }

    private static func respond(_ method: WireMethodEntry, to document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        guard document.kind(document.root) == .object else {
            throw WireError(.invalidJSON, "The request must be a JSON object, not \(document.typeDescription(document.root)).")
        }
        writer.append("{\"ok\":true,\"result\":")
        try method.respond(document.root, document, &writer)
        writer.endObject()
    }

    private static func failure(_ error: WireError) -> JSONWriter {
        var writer = JSONWriter(capacity: 128)
        writeError(error, path: nil, into: &writer)
        return writer
    }

    private static func writeError(_ error: WireError, path: JSONPath?, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("ok", false)
        writer.object("error") { body in
            body.field("code", text: error.code.rawValue)
            body.field("message", text: error.message)
            if let path {
                body.field("path", text: path.description)
            }
        }
        writer.endObject()
    }
}
