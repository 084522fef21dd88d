#if canImport(TCEmbeddedLibc)
import TCEmbeddedLibc  // tc_with_stack_scratch (embedded/include)
#endif

/// Memory on the stack for a short request's tape and the copy of its text
/// (``JSONDocument/parse(_:terminated:scratch:_:)``), so that reading one allocates nothing.
///
/// A tape is room for a node per byte of the text and a reserve of ``JSONLimits/maxDepth`` + 6
/// nodes: 2.4 KB for a 30-byte request, past the largest block the C allocator keeps in its
/// per-thread cache (about 1 KB in glibc), so on the heap it was taken from and given back to
/// the shared bins on every call.
///
/// Lent to a C function pointer with a context rather than to a closure: Embedded Swift's
/// `withUnsafeTemporaryAllocation` takes more than 1 KiB from the heap, and a closure passed
/// through C (`withoutActuallyEscaping`) is boxed on the heap there too.
public enum StackScratch {
    /// The bytes lent: a tape of about 680 nodes, or a copy of a text of up to 4 KB and a tape
    /// of about 510.
    #if canImport(TCEmbeddedLibc)
    public static let byteCount = Int(TC_STACK_SCRATCH_BYTES)
    #else
    public static let byteCount = 16384
    #endif

    /// Calls `body(context, scratch)` with ``byteCount`` bytes of this thread's stack at
    /// `scratch`, uninitialized and aligned to 16, valid until `body` returns. (In the SwiftPM
    /// builds they are the stack's when the runtime finds room there, the heap's otherwise.)
    @inline(__always)
    public static func lend(
        _ context: UnsafeMutableRawPointer, to body: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    ) {
        #if canImport(TCEmbeddedLibc)
        tc_with_stack_scratch(context, body)
        #else
        withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: 16) { scratch in
            body(context, scratch.baseAddress)
        }
        #endif
    }
}
