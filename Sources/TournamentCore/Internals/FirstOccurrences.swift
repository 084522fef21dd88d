/// The identifiers met so far in a list, to keep only the first occurrence of each: the same
/// bytes are the same identifier (``DocumentID/matches(_:_:)``), as the database compares
/// document IDs.
///
/// The table holds no identifier, only a summary of each kept one; the caller, who keeps the
/// identifiers (a list of strings, a request's bytes), lends their bytes when they are needed:
/// to tell two whose summaries agree apart, and to hash them all again (below). Short lists, the
/// ones apps send, are scanned (one word comparison per kept identifier, most of the time: the
/// summary holds the length and the first and last eight bytes); past ``scanLimit``
/// identifiers, a hash table of all their bytes, open addressing, hashed under a key drawn from
/// the standard library's per-process random seed: first by ``FoldedMultiplyHash``, cheap; and
/// should a probe ever pass ``probeLimit`` slots (chance makes that vanishingly rare at half
/// full, a request written to collide does not), every kept identifier is hashed again with
/// SipHash-1-3, `Hasher`'s hash, which no request can choose collisions for. A list costs
/// linear time whatever its identifiers.
@_spi(Wire) public struct FirstOccurrences {
    /// Lends the bytes of the `k`-th kept identifier to `body` and returns what it returns.
    public typealias KeptBytes = (_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool

    /// Up to this many identifiers, repeats are found by scanning rather than hashing.
    static let scanLimit = 32
    /// The longest probe (slots looked at past the first) that the cheap hash is trusted with.
    static let probeLimit = 48

    private let scanning: Bool
    /// For a short list: the summary of every kept identifier, in order.
    private var summaries: [IdentifierSummary] = []
    /// For a long list: at the slot its hash picks (or the next free one), a kept identifier's
    /// position plus one in the low 32 bits (0: a free slot), part of its hash above. At least
    /// twice as many slots as identifiers, a power of two.
    private var slots: [UInt64] = []
    private let cheapHash: FoldedMultiplyHash
    /// Set once the cheap hash met a probe past ``probeLimit``: the table is SipHash's since.
    private var secureHash: SipHash13?
    /// How many identifiers are kept.
    public private(set) var count = 0

    /// Ready for a list of at most `count` identifiers.
    public init(count: Int) {
        self.init(count: count, cheapHash: count <= Self.scanLimit ? FoldedMultiplyHash(key0: 0, key1: 0) : FoldedMultiplyHash())
    }

    /// Ready for a list of at most `count` identifiers, hashed first by `cheapHash` (a test's
    /// known key: a request that knew the process's key).
    init(count: Int, cheapHash: FoldedMultiplyHash) {
        self.cheapHash = cheapHash
        scanning = count <= Self.scanLimit
        if scanning {
            summaries.reserveCapacity(count)
        } else {
            // A list's length is bounded by the request's (64 MiB): far below UInt32.max / 2.
            var size = 2 * Self.scanLimit
            while size < 2 * count { size <<= 1 }
            slots = Array(repeating: 0, count: size)
        }
    }

    /// Whether the identifier of these bytes is met for the first time; if so, it is kept, at
    /// position ``count`` (before the call). `kept` lends the bytes of the identifiers kept
    /// before; it is asked when a summary agrees, and for all of them if the table turns to
    /// SipHash.
    @inline(__always)
    public mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, kept: KeptBytes) -> Bool {
        if scanning {
            let summary = IdentifierSummary(bytes)
            for (position, other) in summaries.enumerated() where other == summary {
                if kept(position, { sameBytes($0, bytes) }) { return false }
            }
            summaries.append(summary)
            count += 1
            return true
        }
        while true {
            let hash = secureHash?.hash(bytes) ?? cheapHash.hash(bytes)
            let tag = hash & ~0xFFFF_FFFF
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            var entry = slots[slot]
            var probes = 0
            while entry != 0 {
                if entry & ~0xFFFF_FFFF == tag && kept(Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1, { sameBytes($0, bytes) }) {
                    return false
                }
                if probes == Self.probeLimit && secureHash == nil { break }
                slot = (slot + 1) & mask
                probes += 1
                entry = slots[slot]
            }
            if entry == 0 {
                count += 1
                slots[slot] = tag | UInt64(truncatingIfNeeded: count)
                return true
            }
            hashAgainSecurely(kept: kept)
        }
    }

    /// Empties the table and hashes every kept identifier again with SipHash-1-3.
    @inline(never)
    private mutating func hashAgainSecurely(kept: KeptBytes) {
        let hasher = SipHash13()
        secureHash = hasher
        for slot in slots.indices { slots[slot] = 0 }
        let mask = slots.count - 1
        for position in 0..<count {
            var hash: UInt64 = 0
            _ = kept(position) { bytes in
                hash = hasher.hash(bytes)
                return true
            }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = hash & ~0xFFFF_FFFF | UInt64(truncatingIfNeeded: position + 1)
        }
    }

    /// Whether the table hashes with SipHash-1-3 (a probe went past ``probeLimit``).
    var isHashingSecurely: Bool { secureHash != nil }
}

/// A summary of an identifier's bytes that tells most unequal identifiers apart without
/// comparing them: its length and its first and last eight bytes folded into one word (a
/// shorter one's bytes as they are). Two summaries that differ are different identifiers;
/// equal ones are decided by the bytes.
struct IdentifierSummary: Equatable {
    private let word: UInt64
    private let count: Int

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else {
            word = 0
            return
        }
        guard count >= 8 else {
            word = partialWord(base, count: count)
            return
        }
        let raw = UnsafeRawPointer(base)
        let first = raw.loadUnaligned(as: UInt64.self)
        let last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        word = first ^ (last << 29 | last >> 35)
    }
}
