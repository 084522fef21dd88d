/// A string of a request read by a ``CursorReader``, as the reader's `Text`: where its bytes are,
/// as an offset from the request's first byte, and how many there are, in one word. Eight bytes
/// where a buffer pointer takes sixteen, so what a request keeps per element until its response
/// is written (a tournament's texts, an unknown member's key and value) stays small; one word,
/// not two halves, so that an optional text's tag lies after a whole word and a decoder's
/// copies of it move whole words. The cursor path reads only requests shorter than 4 GiB
/// (`Wire`), so every offset and count fits in 32 bits.
struct CursorText {
    /// The offset in the low 32 bits, the count in the high 32.
    private let bits: UInt64

    /// The text of `bytes`, which lie in the request that starts at `start`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, in start: UnsafePointer<UInt8>) {
        let offset = UInt64(UInt32(truncatingIfNeeded: (bytes.baseAddress ?? start) - start))
        bits = offset | UInt64(UInt32(truncatingIfNeeded: bytes.count)) << 32
    }

    /// How many bytes it has.
    @inline(__always)
    var count: UInt32 { UInt32(truncatingIfNeeded: bits >> 32) }

    /// Its bytes, in the request that starts at `start`.
    @inline(__always)
    func bytes(in start: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        // Exact on 32-bit platforms too: the request's length is an `Int`.
        UnsafeBufferPointer(start: start + Int(truncatingIfNeeded: bits & 0xFFFF_FFFF), count: Int(truncatingIfNeeded: count))
    }
}
