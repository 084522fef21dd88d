/// A keyed hash of short texts by folded multiplication (the 128-bit product of two words, its
/// halves xored together, as foldhash and wyhash do): an identifier's dozen bytes take two
/// multiplications, several times fewer instructions than ``SipHash13``'s rounds.
///
/// Under a key that this process keeps secret, nobody who does not know it is known to be able
/// to write texts that collide; but unlike SipHash the construction has no proof of that, so a
/// table hashing with it watches the length of its probes and turns to ``SipHash13`` when one
/// is longer than chance allows (``FirstOccurrences``).
struct FoldedMultiplyHash {
    private let key0: UInt64
    private let key1: UInt64
    private let key2: UInt64

    /// A hash under a key drawn from the standard library's per-process random hashing seed,
    /// not ``SipHash13``'s: a table turns to SipHash when its probes suggest that a request was
    /// written knowing this key, and SipHash is only as safe as its own key is unknown.
    init() {
        let (key0, key1) = SipHash13.drawKey(tags: (3, 4))
        self.init(key0: key0, key1: key1)
    }

    /// A hash under a given key (for tests).
    init(key0: UInt64, key1: UInt64) {
        // Each word of the key xored with digits of pi, so that a key with few bits set (a test's)
        // multiplies by no small number.
        self.key0 = key0 ^ 0x243F_6A88_85A3_08D3
        self.key1 = key1 ^ 0x1319_8A2E_0370_7344
        key2 = Self.fold(self.key0, self.key1) ^ 0xA409_3822_299F_31D0
    }

    /// The hash of `bytes`: each sixteen bytes folded into the state with the key, the last
    /// sixteen (or the eight to sixteen, or fewer, there are) overlapping the ones before; the
    /// length taken in at the start and the end, so that texts of different lengths whose words
    /// agree still differ. Eight to sixteen bytes, an identifier's usual length, are hashed
    /// inline; other lengths out of line, so that the caller's loop carries none of their code.
    @inline(__always)
    func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        guard count >= 8, count <= 16, let base = bytes.baseAddress else { return hash(ofOtherLength: bytes) }
        let raw = UnsafeRawPointer(base)
        return finish(
            first: raw.loadUnaligned(as: UInt64.self), last: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self),
            state: start(count: count), count: count)
    }

    @inline(never)
    private func hash(ofOtherLength bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var state = start(count: count)
        guard let base = bytes.baseAddress, count > 0 else { return finish(first: 0, last: 0, state: state, count: 0) }
        guard count > 16 else { return finish(first: partialWord(base, count: count), last: 0, state: state, count: count) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while count - offset > 16 {
            state = Self.fold(
                raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ key1,
                raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ state)
            offset += 16
        }
        return finish(
            first: raw.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self),
            last: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), state: state, count: count)
    }

    @inline(__always)
    private func start(count: Int) -> UInt64 {
        key0 ^ UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The last sixteen bytes (`first`, `last`: eight each) folded in, then the length.
    @inline(__always)
    private func finish(first: UInt64, last: UInt64, state: UInt64, count: Int) -> UInt64 {
        let state = Self.fold(first ^ key1, last ^ state)
        return Self.fold(state ^ key2, UInt64(truncatingIfNeeded: count) ^ key1)
    }

    /// The two halves of `lhs × rhs` (128 bits) xored together.
    @inline(__always)
    private static func fold(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
        let product = lhs.multipliedFullWidth(by: rhs)
        return product.high ^ product.low
    }
}
