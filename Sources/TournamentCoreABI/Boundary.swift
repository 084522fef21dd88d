#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TournamentCoreWire

/// The never-crash boundary between C callers and the wire layer.
///
/// Every export goes through here: C strings become byte buffers without being copied, the
/// request's length is found without reading past the size limit (a request that does not end
/// within `maxRequestBytes` is `REQUEST_TOO_LARGE`, whatever follows), and the response leaves
/// as `malloc` memory that `tc_string_free` releases.
enum Boundary {
    /// Answers `request` for the method named `method` (both NUL-terminated, either may be NULL).
    static func call(_ method: UnsafePointer<CChar>?, _ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
        Wire.call(method: bytes(method, limit: 4096), terminatedRequest: bytes(request, limit: JSONLimits.maxRequestBytes))
            .takeCString()
    }

    /// Answers `request` for `method`, a name the library defines.
    static func call(_ method: StaticString, _ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
        Wire.call(method: method, terminatedRequest: bytes(request, limit: JSONLimits.maxRequestBytes)).takeCString()
    }

    /// The bytes of a C string, looking at no more than `limit` + 1 of them: a string longer
    /// than `limit` comes back `limit` + 1 bytes long, which the wire layer refuses by size.
    private static func bytes(_ text: UnsafePointer<CChar>?, limit: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let text else { return nil }
        let length = strnlen(text, limit + 1)
        return UnsafeRawPointer(text).withMemoryRebound(to: UInt8.self, capacity: length) {
            UnsafeBufferPointer(start: $0, count: length)
        }
    }
}
