/// SipHash-1-3 (the hash the standard library's `Hasher` computes) of a run of bytes under a
/// 128-bit key, written for short texts: one pass over eight-byte words, no buffering of the
/// bytes between calls (`Hasher.combine` keeps a tail buffer that an identifier's few words pay
/// for twice over).
struct SipHash13 {
    private let key0: UInt64
    private let key1: UInt64

    /// A hash under a key that this process keeps secret: drawn from the standard library's
    /// per-process random hashing seed, so that no request can choose colliding texts.
    init() {
        let (key0, key1) = Self.drawKey(tags: (1, 2))
        self.init(key0: key0, key1: key1)
    }

    /// A 128-bit key that this process keeps secret, drawn from the standard library's
    /// per-process random hashing seed under two tags: the same tags give the same key at every
    /// draw of one process, other tags another key (each hash its own, so that what one hash's
    /// collisions could tell of its key tells nothing of another's).
    static func drawKey(tags: (UInt8, UInt8)) -> (UInt64, UInt64) {
        // `Hasher` gives 64 bits on a 64-bit platform, 32 on a 32-bit one: two draws per word.
        func draw(_ tag: UInt8) -> UInt64 {
            var first = Hasher(), second = Hasher()
            first.combine(tag)
            second.combine(tag)
            second.combine(tag)
            return UInt64(UInt(bitPattern: first.finalize())) ^ UInt64(UInt(bitPattern: second.finalize())) << 32
        }
        return (draw(tags.0), draw(tags.1))
    }

    /// A hash under a given key (for tests, against published values).
    init(key0: UInt64, key1: UInt64) {
        self.key0 = key0
        self.key1 = key1
    }

    /// The hash of `bytes`.
    @inline(__always)
    func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var state = State(key0: key0, key1: key1)
        let count = bytes.count
        guard let base = bytes.baseAddress else { return state.finish(last: 0) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while count - offset >= 8 {
            state.compress(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        // The last block: the bytes left over, little-endian, and the length in its top byte.
        let left = count - offset
        var last = UInt64(truncatingIfNeeded: count) << 56
        if left > 0 {
            if count >= 8 {
                last |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) >> UInt64(64 - 8 * left)
            } else {
                last |= partialWord(base, count: count)
            }
        }
        return state.finish(last: last)
    }

    private struct State {
        var v0, v1, v2, v3: UInt64

        @inline(__always)
        init(key0: UInt64, key1: UInt64) {
            v0 = 0x736F_6D65_7073_6575 ^ key0
            v1 = 0x646F_7261_6E64_6F6D ^ key1
            v2 = 0x6C79_6765_6E65_7261 ^ key0
            v3 = 0x7465_6462_7974_6573 ^ key1
        }

        @inline(__always)
        mutating func compress(_ block: UInt64) {
            v3 ^= block
            round()
            v0 ^= block
        }

        @inline(__always)
        mutating func finish(last: UInt64) -> UInt64 {
            compress(last)
            v2 ^= 0xFF
            round()
            round()
            round()
            return v0 ^ v1 ^ v2 ^ v3
        }

        @inline(__always)
        mutating func round() {
            v0 &+= v1
            v1 = v1.rotatedLeft(13) ^ v0
            v0 = v0.rotatedLeft(32)
            v2 &+= v3
            v3 = v3.rotatedLeft(16) ^ v2
            v0 &+= v3
            v3 = v3.rotatedLeft(21) ^ v0
            v2 &+= v1
            v1 = v1.rotatedLeft(17) ^ v2
            v2 = v2.rotatedLeft(32)
        }
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        self << count | self >> (64 - count)
    }
}
