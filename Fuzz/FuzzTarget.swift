#if canImport(Glibc)
import Glibc
#endif
import TournamentCoreABI

/// The methods, in the order the first input byte selects them; any other byte value means "the
/// method name is the input up to the first newline" (unknown names, NULL-like edge cases).
private let methods: [StaticString] = [
    "library.info", "tournaments.filter", "participants.resolve", "participants.displayName",
    "participants.repairBegin", "participants.repairEnd", "guests.check", "guests.add", "guests.generateId",
    "guests.validateId", "equipment.stats", "equipment.compare", "equipment.selection", "equipment.timeRanges",
    "scoring.leaderboard", "matches.sections", "matches.favorite", "matches.reconcileFavorites",
]

/// Methods whose response may legitimately differ between two identical calls: random IDs, the
/// repair registry's state, and the clock when `now` is omitted.
private let nondeterministic: Set<Int> = [2, 4, 5, 7, 8, 10, 11, 13]

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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = Int(data[0])
    var rest = UnsafeBufferPointer(start: data + 1, count: size - 1)
    var methodName: [CChar]
    let methodIndex = selector % 20
    if methodIndex < methods.count {
        let name = methods[methodIndex]
        methodName = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).map { CChar(bitPattern: $0) } + [0]
    } else {
        let line = rest.prefix { $0 != UInt8(ascii: "\n") }
        methodName = line.map { CChar(bitPattern: $0) } + [0]
        rest = UnsafeBufferPointer(rebasing: rest[min(rest.count, line.count + 1)...])
    }
    // The request as a C string: the bytes up to the first NUL (as a C caller would pass them).
    var request = rest.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }
    request.append(0)
    let useNull = methodIndex == 19 && rest.isEmpty
    let first = request.withUnsafeBufferPointer { requestBytes in
        methodName.withUnsafeBufferPointer { nameBytes in
            check(tc_call(nameBytes.baseAddress, useNull ? nil : requestBytes.baseAddress))
        }
    }
    // Release what repairBegin acquired, so that the registry does not grow over the run.
    if methodIndex == 4, first.starts(with: Array("{\"ok\":true,\"result\":{\"acquired\":true}".utf8)) {
        request.withUnsafeBufferPointer { _ = check(tc_call("participants.repairEnd", $0.baseAddress)) }
    }
    if methodIndex < methods.count, !nondeterministic.contains(methodIndex) {
        let second = request.withUnsafeBufferPointer { requestBytes in
            methodName.withUnsafeBufferPointer { check(tc_call($0.baseAddress, requestBytes.baseAddress)) }
        }
        if first != second { fail("the same request gave different bytes") }
    }
    return 0
}
