import TournamentCoreJSON

/// Room for the hints (``JSONCursor/MemberPrefixes``) of the objects that lie inside an array's
/// objects, one set per table (a match's `homeTeam` and `awayTeam` share theirs), for the first
/// ``count`` tables met: such an object is read once per element, not once per request, and its
/// members mostly repeat as the element's own do. A method whose requests have them gives a
/// ``CursorReader`` this room (``withHints(_:)``: on its stack, about a kilobyte per table).
struct NestedHints {
    /// How many tables have hints here; objects of other tables are read without.
    static let count = 4

    /// The tables whose hints the sets are, by address (tables are lazy globals, never freed).
    private var tables: (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) = (nil, nil, nil, nil)
    /// Room for ``count`` sets; set `k` is made (zeroed) when its table's second object is read,
    /// and not before: a request with one object of a table (a single match's score) pays for
    /// no hints of it, not even for clearing their room.
    private let sets: UnsafeMutablePointer<JSONCursor.MemberPrefixes>?
    /// Bit `k`: set `k` is made.
    private var made: UInt8 = 0

    private init(sets: UnsafeMutablePointer<JSONCursor.MemberPrefixes>?) {
        self.sets = sets
    }

    /// Lends `body` empty hints whose room is on the stack for the call.
    static func withHints<Result>(_ body: (UnsafeMutablePointer<NestedHints>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: JSONCursor.MemberPrefixes.self, capacity: count) { room in
            var hints = NestedHints(sets: room.baseAddress)
            return withUnsafeMutablePointer(to: &hints, body)
        }
    }

    /// The hints of `table`'s objects: those kept for it; nil for its first object (a set is
    /// then set aside for it, if there is room) and when every set is another table's.
    @inline(always)
    mutating func hints(for table: JSONKeyTable) -> UnsafeMutablePointer<JSONCursor.MemberPrefixes>? {
        guard let sets else { return nil }
        let address = Unmanaged.passUnretained(table).toOpaque()
        return withUnsafeMutablePointer(to: &tables) { tables in
            let keys = UnsafeMutableRawPointer(tables).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            for index in 0..<Self.count {
                guard let kept = keys[index] else {
                    keys[index] = address
                    return nil
                }
                if kept == address {
                    let bit: UInt8 = 1 << index
                    if made & bit == 0 {
                        (sets + index).initialize(to: JSONCursor.MemberPrefixes())
                        made |= bit
                    }
                    return sets + index
                }
            }
            return nil
        }
    }
}
