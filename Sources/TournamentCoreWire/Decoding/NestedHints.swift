import TournamentCoreJSON

/// Room for the hints (``JSONCursor/MemberPrefixes``) of the objects that lie inside an array's
/// objects, one set per table (a match's `homeTeam` and `awayTeam` share theirs), for the first
/// ``count`` tables met: such an object is read once per element, not once per request, and its
/// members mostly repeat as the element's own do. A method whose requests have them gives a
/// ``CursorReader`` this room (``withRoom(_:)``: on the stack, about a kilobyte per table).
struct NestedHints {
    /// How many tables have hints here; objects of other tables are read without.
    static let count = 4

    /// The tables whose hints the sets are, by address (tables are lazy globals, never freed);
    /// nil: a set no table took yet.
    private let tables: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let sets: UnsafeMutablePointer<JSONCursor.MemberPrefixes>

    /// Calls `body` with room for hints that holds while it runs: on the stack, as tuples
    /// (``count`` of each), whose addresses are used only inside it. (Not
    /// `withUnsafeTemporaryAllocation`: above a kilobyte, it allocates.)
    static func withRoom<Result>(_ body: (NestedHints) -> Result) -> Result {
        var tables: (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) = (nil, nil, nil, nil)
        var sets = (JSONCursor.MemberPrefixes(), JSONCursor.MemberPrefixes(), JSONCursor.MemberPrefixes(), JSONCursor.MemberPrefixes())
        return withUnsafeMutablePointer(to: &tables) { tables in
            withUnsafeMutablePointer(to: &sets) { sets in
                body(NestedHints(
                    tables: UnsafeMutableRawPointer(tables).assumingMemoryBound(to: UnsafeMutableRawPointer?.self),
                    sets: UnsafeMutableRawPointer(sets).assumingMemoryBound(to: JSONCursor.MemberPrefixes.self)))
            }
        }
    }

    /// The hints of `table`'s objects: those kept for it; nil for its first object (a set is
    /// then set aside for it, if there is room: a request with one object of a table, such as
    /// a single match's score, pays for no hints of it) and when every set is another table's.
    @inline(always)
    func hints(for table: JSONKeyTable) -> UnsafeMutablePointer<JSONCursor.MemberPrefixes>? {
        let address = Unmanaged.passUnretained(table).toOpaque()
        for index in 0..<Self.count {
            guard let kept = tables[index] else {
                tables[index] = address
                return nil
            }
            if kept == address { return sets + index }
        }
        return nil
    }
}
