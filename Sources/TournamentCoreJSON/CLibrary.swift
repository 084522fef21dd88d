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

/// The module's calls into the C library, each behind a Swift function kept out of line.
///
/// The module's small public members are inlined into the modules that call them (the wire
/// layer writes and reads through them member by member); a body that calls a C function
/// directly cannot be. Every call into C goes through here, on paths that are rare or long
/// already (allocating a tape or a buffer, growing it, freeing it, comparing keys longer than
/// 32 bytes, reading a number the fast conversions leave).
@usableFromInline
enum CLibrary {
    /// `realloc`: the block at `pointer` resized to `count` bytes; nil `pointer`: a new block
    /// (`malloc`).
    @usableFromInline @inline(never)
    static func reallocate(_ pointer: UnsafeMutableRawPointer?, _ count: Int) -> UnsafeMutableRawPointer? {
        realloc(pointer, count)
    }

    /// The words the Embedded builds' call scope puts before every block it allocates
    /// (`TC_CALL_SCOPE_HEADER_WORDS`); none in full Swift builds, which have no call scope.
    static var blockHeaderWords: Int {
        #if canImport(TCEmbeddedLibc)
        Int(TC_CALL_SCOPE_HEADER_WORDS)
        #else
        0
        #endif
    }

    /// `free`.
    @usableFromInline @inline(never)
    static func release(_ pointer: UnsafeMutableRawPointer?) {
        free(pointer)
    }

    /// Whether `count` bytes at `lhs` and `rhs` are equal (`memcmp`).
    @usableFromInline @inline(never)
    static func bytesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
        memcmp(lhs, rhs, count) == 0
    }

    /// `strtod` of the `count` bytes at `start`, which a 0 byte follows; nil unless it reads
    /// them all.
    @usableFromInline @inline(never)
    static func parseDouble(_ start: UnsafeMutablePointer<CChar>, count: Int) -> Double? {
        var end: UnsafeMutablePointer<CChar>?
        let result = strtod(start, &end)
        return end == start + count ? result : nil
    }
}
