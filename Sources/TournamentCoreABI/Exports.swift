// The C ABI's general functions over the wire layer; the one function per method is generated
// (MethodExports.swift). Declarations and documentation are in include/tournament_core.h; the
// linker script cmake/exports.map exports `tc_*` and nothing else. The functions are plain
// nonisolated Swift functions: any thread may call them.

/// `const char *tc_version(void)`: the library's version, a static string.
@_cdecl("tc_version")
public func tc_version() -> UnsafePointer<CChar> { versionCString }

/// `void tc_string_free(char *)`: frees a response; NULL is ignored.
@_cdecl("tc_string_free")
public func tc_string_free(_ response: UnsafeMutablePointer<CChar>?) { Boundary.release(response) }

/// `char *tc_call(const char *method, const char *request_json)`.
@_cdecl("tc_call")
public func tc_call(_ method: UnsafePointer<CChar>?, _ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? { Boundary.call(method, request) }

/// `char *tc_call_n(const char *method, const char *request, size_t request_len, size_t *response_len)`.
@_cdecl("tc_call_n")
public func tc_call_n(
    _ method: UnsafePointer<CChar>?, _ request: UnsafePointer<CChar>?, _ requestLength: Int,
    _ responseLength: UnsafeMutablePointer<Int>?
) -> UnsafeMutablePointer<CChar>? {
    Boundary.call(method, request, length: requestLength, responseLength: responseLength)
}
