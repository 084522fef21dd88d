/// The identifiers met so far in a list, to keep only the first occurrence of each: the same
/// bytes are the same identifier (``DocumentID/matches(_:_:)``), as the database compares
/// document IDs.
///
/// The table holds no identifier, only a summary of each kept one; when a new identifier's
/// summary agrees with a kept one's, the caller, who keeps the identifiers (a list of strings,
/// a request's bytes), is asked whether the two are the same bytes. Short lists, the ones apps
/// send, are scanned (one word comparison per kept identifier, most of the time: the summary
/// holds the length and the first and last eight bytes); past ``scanLimit`` identifiers, a hash
/// table of all their bytes, open addressing (hashed with SipHash-1-3, `Hasher`'s hash, under a
/// key drawn from the standard library's per-process random seed, so that no request can
/// choose colliding identifiers).
@_spi(Wire) public struct FirstOccurrences {
    /// Up to this many identifiers, repeats are found by scanning rather than hashing.
    static let scanLimit = 32

    private let scanning: Bool
    /// For a short list: the summary of every kept identifier, in order.
    private var summaries: [IdentifierSummary] = []
    /// For a long list: at the slot its hash picks (or the next free one), a kept identifier's
    /// position plus one in the low 32 bits (0: a free slot), part of its hash above. At least
    /// twice as many slots as identifiers, a power of two.
    private var slots: [UInt64] = []
    private let hasher: SipHash13
    /// How many identifiers are kept.
    public private(set) var count = 0

    /// Ready for a list of at most `count` identifiers.
    public init(count: Int) {
        scanning = count <= Self.scanLimit
        if scanning {
            hasher = SipHash13(key0: 0, key1: 0)  // not used
            summaries.reserveCapacity(count)
        } else {
            hasher = SipHash13()
            // A list's length is bounded by the request's (64 MiB): far below UInt32.max / 2.
            var size = 2 * Self.scanLimit
            while size < 2 * count { size <<= 1 }
            slots = Array(repeating: 0, count: size)
        }
    }

    /// Whether the identifier of these bytes is met for the first time; if so, it is kept, at
    /// position ``count`` (before the call). `isKept(k)` answers whether the `k`-th kept
    /// identifier is the same bytes; it is asked only when the summaries agree.
    @inline(__always)
    public mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, isKept: (Int) -> Bool) -> Bool {
        if scanning {
            let summary = IdentifierSummary(bytes)
            for (position, kept) in summaries.enumerated() where kept == summary {
                if isKept(position) { return false }
            }
            summaries.append(summary)
            count += 1
            return true
        }
        let hash = hasher.hash(bytes)
        let tag = hash & ~0xFFFF_FFFF
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot]
            if entry & ~0xFFFF_FFFF == tag && isKept(Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1) { return false }
            slot = (slot + 1) & mask
        }
        count += 1
        slots[slot] = tag | UInt64(truncatingIfNeeded: count)
        return true
    }
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
