#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#elseif canImport(TCEmbeddedLibc)
import TCEmbeddedLibc  // the Embedded Swift builds' C library module (embedded/include)
#endif
import TournamentCoreWire
import TournamentCoreJSON

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

    /// Answers `length` bytes at `request` for the method named by the C string `method`
    /// (`tc_call_n`), storing the response's length in `responseLength` when it is not NULL.
    ///
    /// The bytes need no terminator: they are copied once, behind a 0 byte the reader stops at,
    /// so a 0 byte inside them is an ordinary byte of the text (and INVALID_JSON, at its offset).
    /// NULL with length 0 is an empty request; NULL with any other length is a NULL request. A
    /// length beyond the size limit is REQUEST_TOO_LARGE without a byte of it being read.
    static func call(
        _ method: UnsafePointer<CChar>?, _ request: UnsafePointer<CChar>?, length: Int,
        responseLength: UnsafeMutablePointer<Int>?
    ) -> UnsafeMutablePointer<CChar>? {
        let name = bytes(method, limit: 4096)
        let body: UnsafeBufferPointer<UInt8>?
        switch (request, length) {
        case (nil, 0):
            body = UnsafeBufferPointer(start: nil, count: 0)
        case (nil, _):
            body = nil
        case let (text?, length):
            // A length past the limit (a negative Int here is a size_t past Int.max) is cut to
            // limit + 1 bytes, which the wire layer refuses by size before reading any.
            let count = length >= 0 && length <= JSONLimits.maxRequestBytes ? length : JSONLimits.maxRequestBytes + 1
            body = UnsafeRawPointer(text).withMemoryRebound(to: UInt8.self, capacity: count) {
                UnsafeBufferPointer(start: $0, count: count)
            }
        }
        let answer = Wire.call(method: name, request: body)
        let count = answer.count
        let response = answer.takeCString()
        responseLength?.pointee = response == nil ? 0 : count
        return response
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
