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

/// The wire layer's calls into the C library: the one file of the module that imports it.
enum CLibrary {
    /// The real-time clock, in milliseconds since the epoch.
    static func realtimeMilliseconds() -> Int64 {
        var time = timespec()
        #if canImport(TCEmbeddedLibc)
        tc_clock_realtime(&time)  // (WASI's CLOCK_REALTIME is a macro Swift cannot import)
        #else
        clock_gettime(CLOCK_REALTIME, &time)
        #endif
        return Int64(time.tv_sec) &* 1000 &+ Int64(time.tv_nsec) / 1_000_000
    }

    /// Whether `bytes` can be allocated now: allocated (`malloc`) and released at once. Not
    /// optimized, so that the allocation, which nothing reads, is made.
    @_optimize(none)
    @inline(never)
    static func canAllocate(_ bytes: Int) -> Bool {
        guard let block = malloc(bytes) else { return false }
        free(block)
        return true
    }
}
