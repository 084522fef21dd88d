/// The sizes of blocks that the C library's allocator serves quickly, stated once for the
/// library's buffers (``CLibrary``'s allocations, and what the wire layer sizes by them).
///
/// glibc keeps freed blocks of up to ``cachedBlockBytes`` usable bytes (on 64-bit platforms) in
/// a per-thread cache, which the next allocation of that size takes without a lock or a search;
/// a larger block goes to and comes from the shared bins on every call. A buffer that most calls
/// fill only partly therefore starts at ``cachedPayloadBytes``: as large as stays in the cache.
/// (Other C libraries differ; a size past theirs costs them nothing more than any other block.)
public enum AllocationSizes {
    /// The largest block, in usable bytes, that glibc's per-thread cache (`tcache`) holds on
    /// 64-bit platforms: its default `glibc.malloc.tcache_max`, 1,032.
    public static let cachedBlockBytes = 1032

    /// The bytes the Embedded builds' call scope (embedded/call_scope.c) puts before each block it
    /// allocates (`TC_CALL_SCOPE_HEADER_WORDS`); full Swift builds allocate without a header.
    public static var blockHeaderBytes: Int { CLibrary.blockHeaderWords * MemoryLayout<Int>.size }

    /// The most bytes a buffer can ask of the allocator and still be a cached block.
    public static var cachedPayloadBytes: Int { cachedBlockBytes - blockHeaderBytes }

    /// The header of a Swift array's storage: the object's two words, its count and capacity.
    public static var arrayHeaderBytes: Int { 4 * MemoryLayout<Int>.size }

    /// The most elements of `elementBytes` bytes an array can hold and still be a cached block,
    /// allocated with `blockHeaderBytes` before it (this build's, unless given): what an array
    /// that most calls fill only partly starts with.
    public static func cachedArrayCapacity(elementBytes: Int, blockHeaderBytes: Int = blockHeaderBytes) -> Int {
        max(1, (cachedBlockBytes - blockHeaderBytes - arrayHeaderBytes) / max(elementBytes, 1))
    }
}
