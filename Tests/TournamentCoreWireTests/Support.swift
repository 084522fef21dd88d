#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TournamentCoreWire
@testable import TournamentCoreJSON

/// Parses `bytes` and runs `body` on the document (which must not escape it).
func withDocument<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (JSONDocument) throws -> R) throws -> R {
    try JSONDocument.parse(bytes) { document in Result { try body(document) } }.get()
}

/// The response of `method` to `request`, as text.
func call(_ method: String, _ request: String) -> String {
    String(decoding: Wire.call(method: method, request: Array(request.utf8)), as: UTF8.self)
}

/// The `"code"` of an error envelope, or "ok".
func responseCode(_ response: [UInt8]) -> String {
    let text = String(decoding: response, as: UTF8.self)
    if text.hasPrefix("{\"ok\":true,") { return "ok" }
    let prefix = "{\"ok\":false,\"error\":{\"code\":\""
    guard text.hasPrefix(prefix) else { return "malformed: \(text)" }
    return String(text.dropFirst(prefix.count).prefix { $0 != "\"" })
}
