#if canImport(Glibc)
import Glibc
#endif
import TournamentCoreABI

// The methods and whether they are deterministic: `fuzzMethods` (FuzzMethods.swift, generated
// from the registry and schemas/). The first input byte selects one by its index; any other byte
// value means "the method name is the input up to the first newline" (unknown names), and the
// last of them a NULL request.

/// The index of `participants.repairBegin`, whose claims each input releases (found once, not
/// by formatting a name per input).
private let repairBeginIndex = fuzzMethods.firstIndex { "\($0.name)" == "participants.repairBegin" }

/// Stops the run, so that libFuzzer records the input: a broken promise of the C interface.
private func fail(_ message: StaticString) -> Never {
    let text = Array("TournamentCore fuzz oracle: \(message)\n".utf8)
    _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    abort()
}

/// Checks a response — non-NULL, an envelope, never INTERNAL — and frees it.
private func check(_ response: UnsafeMutablePointer<CChar>?) -> [UInt8] {
    guard let response else { fail("NULL response") }
    let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(response).assumingMemoryBound(to: UInt8.self), count: strlen(response)))
    tc_string_free(response)
    let ok = Array("{\"ok\":true,\"result\":".utf8)
    let error = Array("{\"ok\":false,\"error\":{\"code\":\"".utf8)
    guard bytes.starts(with: ok) || bytes.starts(with: error) else { fail("not an envelope") }
    if bytes.starts(with: error + Array("INTERNAL\"".utf8)) { fail("INTERNAL error") }
    guard bytes.last == UInt8(ascii: "}") else { fail("truncated envelope") }
    return bytes
}

/// Calls `tc_call_n` with `bytes` and checks its response as `check` does, and that the length
/// it reports is the response's.
private func checkLengthCall(_ method: UnsafePointer<CChar>?, _ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var length = -1
    let response = bytes.withMemoryRebound(to: CChar.self) { tc_call_n(method, $0.baseAddress, $0.count, &length) }
    if let response, strlen(response) != length { fail("tc_call_n reported a wrong response length") }
    return check(response)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = Int(data[0])
    var rest = UnsafeBufferPointer(start: data + 1, count: size - 1)
    var methodName: [CChar]
    let methodIndex = selector % (fuzzMethods.count + 2)
    let known = methodIndex < fuzzMethods.count
    if known {
        let name = fuzzMethods[methodIndex].name
        methodName = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).map { CChar(bitPattern: $0) } + [0]
    } else {
        let line = rest.prefix { $0 != UInt8(ascii: "\n") }
        methodName = line.map { CChar(bitPattern: $0) } + [0]
        rest = UnsafeBufferPointer(rebasing: rest[min(rest.count, line.count + 1)...])
    }
    let deterministic = known && fuzzMethods[methodIndex].deterministic
    // The request as a C string: the bytes up to the first NUL (as a C caller would pass them).
    var request = rest.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }
    let hasNul = request.count < rest.count
    request.append(0)
    let useNull = methodIndex == fuzzMethods.count + 1 && rest.isEmpty
    let first = request.withUnsafeBufferPointer { requestBytes in
        methodName.withUnsafeBufferPointer { nameBytes in
            check(tc_call(nameBytes.baseAddress, useNull ? nil : requestBytes.baseAddress))
        }
    }
    // The same bytes with their length (every byte, NULs included, none past them).
    let counted = methodName.withUnsafeBufferPointer { checkLengthCall($0.baseAddress, rest) }
    if known, hasNul, !counted.starts(with: Array("{\"ok\":false,\"error\":{\"code\":\"INVALID_JSON\"".utf8)) {
        fail("a NUL inside a tc_call_n request was not INVALID_JSON")
    }
    if deterministic, !hasNul, counted != first { fail("tc_call_n and tc_call gave different bytes") }
    // Release what repairBegin acquired, so that the registry does not grow over the run.
    if methodIndex == repairBeginIndex {
        request.withUnsafeBufferPointer { _ = check(tc_call("participants.repairEnd", $0.baseAddress)) }
    }
    if deterministic {
        let second = request.withUnsafeBufferPointer { requestBytes in
            methodName.withUnsafeBufferPointer { check(tc_call($0.baseAddress, requestBytes.baseAddress)) }
        }
        if first != second { fail("the same request gave different bytes") }
    }
    return 0
}
