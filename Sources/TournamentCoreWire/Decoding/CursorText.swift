/// A string of a request read by a ``CursorReader``, as the reader's `Text`: where its bytes are,
/// as an offset from the request's first byte, and how many there are. Eight bytes where a buffer
/// pointer takes sixteen, so what a request keeps per element until its response is written (a
/// tournament's texts, an unknown member's key and value) stays small. The cursor path reads only
/// requests shorter than 4 GiB (`Wire`), so every offset fits.
struct CursorText {
    let offset: UInt32
    let count: UInt32

    /// The text of `bytes`, which lie in the request that starts at `start`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, in start: UnsafePointer<UInt8>) {
        offset = UInt32(truncatingIfNeeded: (bytes.baseAddress ?? start) - start)
        count = UInt32(truncatingIfNeeded: bytes.count)
    }

    /// Its bytes, in the request that starts at `start`.
    @inline(__always)
    func bytes(in start: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        // Exact on 32-bit platforms too: the request's length is an `Int`.
        UnsafeBufferPointer(start: start + Int(truncatingIfNeeded: offset), count: Int(truncatingIfNeeded: count))
    }
}
