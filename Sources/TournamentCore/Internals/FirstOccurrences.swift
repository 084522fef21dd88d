/// The identifiers met so far in a list, to keep only the first occurrence of each: the same
/// bytes are the same identifier (``DocumentID/matches(_:_:)``), as the database compares
/// document IDs.
///
/// Short lists, the ones apps send, are scanned (one word comparison per kept identifier, most
/// of the time: ``TextFingerprint``); past ``scanLimit`` identifiers, a hash set of their bytes.
struct FirstOccurrences {
    /// Up to this many identifiers, repeats are found by scanning rather than hashing.
    static let scanLimit = 32

    private let scanning: Bool
    private var kept: [TextFingerprint] = []
    private var seen: Set<UTF8Key>

    /// Ready for a list of `count` identifiers.
    init(count: Int) {
        scanning = count <= Self.scanLimit
        seen = Set(minimumCapacity: scanning ? 0 : count)
        kept.reserveCapacity(scanning ? count : 0)
    }

    /// Whether `identifier` is met for the first time; it is remembered either way.
    mutating func insert(_ identifier: TextFingerprint) -> Bool {
        if scanning {
            if kept.contains(where: { $0.matches(identifier) }) { return false }
            kept.append(identifier)
            return true
        }
        return seen.insert(UTF8Key(identifier.text)).inserted
    }
}
