/// The identifiers met so far in a list, to keep only the first occurrence of each: the same
/// bytes are the same identifier (``DocumentID/matches(_:_:)``), as the database compares
/// document IDs.
///
/// Short lists, the ones apps send, are scanned (one word comparison per kept identifier, most
/// of the time: ``TextFingerprint``); past ``scanLimit`` identifiers, a hash table of their
/// bytes, open addressing over the kept identifiers (hashed with the standard library's
/// per-process seeded `Hasher`, so that no request can choose colliding identifiers).
struct FirstOccurrences {
    /// Up to this many identifiers, repeats are found by scanning rather than hashing.
    static let scanLimit = 32

    private let scanning: Bool
    private var kept: [TextFingerprint] = []
    /// For a long list: at the slot its bytes' hash picks (or the next free one), the position
    /// in `kept` of an identifier, plus one; 0 for a free slot. At least twice as many slots as
    /// identifiers, a power of two.
    private var slots: [Int32] = []

    /// Ready for a list of `count` identifiers.
    init(count: Int) {
        scanning = count <= Self.scanLimit
        kept.reserveCapacity(count)
        if !scanning {
            // A list's length is bounded by the request's (64 MiB): far below Int32.max / 2.
            var size = 2 * Self.scanLimit
            while size < 2 * count { size <<= 1 }
            slots = Array(repeating: 0, count: size)
        }
    }

    /// Whether `identifier` is met for the first time; it is remembered either way.
    mutating func insert(_ identifier: TextFingerprint) -> Bool {
        if scanning {
            if kept.contains(where: { $0.matches(identifier) }) { return false }
            kept.append(identifier)
            return true
        }
        var hasher = Hasher()
        identifier.text.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        let mask = slots.count - 1
        var slot = hasher.finalize() & mask
        while slots[slot] != 0 {
            if kept[Int(slots[slot]) - 1].matches(identifier) { return false }
            slot = (slot + 1) & mask
        }
        kept.append(identifier)
        slots[slot] = Int32(truncatingIfNeeded: kept.count)
        return true
    }
}
