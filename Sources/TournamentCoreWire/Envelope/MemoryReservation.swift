/// A check, before any rule runs, that the memory a call needs is there: in the builds with the
/// full Swift runtime (SwiftPM), which cannot promise more. The Embedded builds (the C library,
/// the WebAssembly module) run every call in a call scope instead (embedded/call_scope.c), where
/// any failed allocation, the runtime's included, ends the call with a NULL response.
///
/// The core's own allocations (the request's copy and tape, the response buffer) check their
/// result and end the call with a NULL response. Allocations made by the Swift runtime (the
/// arrays, strings and objects the rules build) cannot: the runtime stops the process when one
/// fails. So a call whose request is large first allocates, and at once releases, a block as
/// large as the request: when memory is that short, the call ends there with a NULL response,
/// before the runtime allocates anything for it. It is a heuristic, not a guarantee (the rules'
/// objects can take more than the request, and another thread can take the memory meanwhile);
/// a small request is not checked so (its tape and response buffer, allocated and checked
/// before any rule runs, already are), which would cost a small call a few percent.
enum MemoryReservation {
    /// Requests from this size on reserve their size.
    static let threshold = 16 << 10

    /// Whether the memory a call with a request of `count` bytes may need is there now.
    @inline(__always)
    static func isAvailable(forRequestOf count: Int) -> Bool {
        count < threshold || CLibrary.canAllocate(count)
    }
}
