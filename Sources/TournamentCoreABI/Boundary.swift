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
/// as `malloc` memory that `tc_string_free` releases. In the Embedded builds each call runs in a
/// call scope (embedded/call_scope.c): an allocation that fails anywhere in it, the Swift
/// runtime's included, ends the call with a NULL response and everything it had allocated freed.
enum Boundary {
    /// Answers `request` for the method named `method` (both NUL-terminated, either may be NULL).
    static func call(_ method: UnsafePointer<CChar>?, _ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
        var call = PendingCall(method: .named(method), request: request)
        return run(&call)
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
        var call = PendingCall(method: .named(method), request: request, length: length, responseLength: responseLength)
        return run(&call)
    }

    /// Answers `request` for `method`, a name the library defines.
    static func call(_ method: StaticString, _ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
        var call = PendingCall(method: .known(method), request: request)
        return run(&call)
    }

    /// Frees a response (`tc_string_free`); NULL is ignored.
    static func release(_ response: UnsafeMutablePointer<CChar>?) {
        free(response)
    }

    /// Answers `call`, in a call scope where there is one: NULL (and a response length of 0)
    /// when an allocation failed in it.
    private static func run(_ call: inout PendingCall) -> UnsafeMutablePointer<CChar>? {
        #if canImport(TCEmbeddedLibc)
        let completed = withUnsafeMutablePointer(to: &call) { pending in
            tc_call_scope_run({ $0?.assumingMemoryBound(to: PendingCall.self).pointee.answer() }, pending)
        }
        guard completed != 0 else {
            call.responseLength?.pointee = 0
            return nil
        }
        #else
        call.answer()
        #endif
        return call.response
    }

    /// One call's arguments, and its response once answered.
    private struct PendingCall {
        enum Method {
            /// A C string from the caller (NULL: none).
            case named(UnsafePointer<CChar>?)
            /// A method of the library, named by its generated export.
            case known(StaticString)
        }

        var method: Method
        var request: UnsafePointer<CChar>?
        /// The request's length (`tc_call_n`); nil when it is NUL-terminated.
        var length: Int?
        var responseLength: UnsafeMutablePointer<Int>?
        var response: UnsafeMutablePointer<CChar>?

        init(method: Method, request: UnsafePointer<CChar>?, length: Int? = nil, responseLength: UnsafeMutablePointer<Int>? = nil) {
            self.method = method
            self.request = request
            self.length = length
            self.responseLength = responseLength
        }

        mutating func answer() {
            switch (method, length) {
            case let (.known(name), _):
                response = Wire.call(method: name, terminatedRequest: bytes(request, limit: JSONLimits.maxRequestBytes)).takeCString()
            case let (.named(name), nil):
                response = Wire.call(method: bytes(name, limit: 4096), terminatedRequest: bytes(request, limit: JSONLimits.maxRequestBytes))
                    .takeCString()
            case let (.named(name), length?):
                let body: UnsafeBufferPointer<UInt8>?
                switch (request, length) {
                case (nil, 0):
                    body = UnsafeBufferPointer(start: nil, count: 0)
                case (nil, _):
                    body = nil
                case let (text?, length):
                    // A length past the limit (a negative Int here is a size_t past Int.max) is
                    // cut to limit + 1 bytes, which the wire layer refuses by size before reading
                    // any.
                    let count = length >= 0 && length <= JSONLimits.maxRequestBytes ? length : JSONLimits.maxRequestBytes + 1
                    body = UnsafeRawPointer(text).withMemoryRebound(to: UInt8.self, capacity: count) {
                        UnsafeBufferPointer(start: $0, count: count)
                    }
                }
                let answer = Wire.call(method: bytes(name, limit: 4096), request: body)
                let count = answer.count
                response = answer.takeCString()
                responseLength?.pointee = response == nil ? 0 : count
            }
        }
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
