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

#if hasFeature(Embedded) && arch(wasm32)
/// A value every access to goes through ``withLock(_:)``.
///
/// The Embedded WebAssembly module is built without threads (no shared memory, no atomics):
/// one call runs at a time, so there is nothing to lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        body(&value)
    }
}
#else
/// A value guarded by a mutex: every access goes through ``withLock(_:)``.
///
/// A `pthread_mutex_t` at a stable heap address, so it works on every platform the package
/// builds for without availability restrictions (the standard library's `Mutex` needs macOS 15).
final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the mutex held.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}
#endif
