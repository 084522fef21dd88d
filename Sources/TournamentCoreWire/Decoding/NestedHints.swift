import TournamentCoreJSON

/// Room for the hints (``JSONCursor/MemberPrefixes``) of the objects that lie inside an array's
/// objects, one set per table (a match's `homeTeam` and `awayTeam` share theirs), for the first
/// ``count`` tables met: such an object is read once per element, not once per request, and its
/// members mostly repeat as the element's own do. A method whose requests have them gives a
/// ``CursorReader`` this room (``withRoom(_:)``: on the stack, about a kilobyte per table).
struct NestedHints {
    /// How many tables have hints here; objects of other tables are read without.
    static let count = 4

    /// One table's hints, and the table they are for, by address (tables are lazy globals,
    /// never freed); nil: a slot no table took yet.
    struct Slot {
        var table: UnsafeMutableRawPointer?
        var hints = JSONCursor.MemberPrefixes()
    }

    /// The first of ``count`` slots, one after the other.
    private let slots: UnsafeMutablePointer<Slot>

    /// Calls `body` with room for hints that holds while it runs: ``count`` slots on the stack
    /// (a tuple), whose address is used only inside it. (Not `withUnsafeTemporaryAllocation`:
    /// above a kilobyte, it allocates.)
    static func withRoom<Result>(_ body: (NestedHints) -> Result) -> Result {
        var slots = (Slot(), Slot(), Slot(), Slot())
        return withUnsafeMutablePointer(to: &slots) { slots in
            body(NestedHints(slots: UnsafeMutableRawPointer(slots).assumingMemoryBound(to: Slot.self)))
        }
    }

    /// The slot of `table`'s objects: the one kept for it; nil for its first object (a slot is
    /// then set aside for it, if there is room: a request with one object of a table, such as
    /// a single match's score, pays for no hints of it) and when every slot is another table's.
    /// Once per object, not per member: a call, kept out of the reading loop's registers.
    @inline(never)
    func slot(for table: JSONKeyTable) -> UnsafeMutablePointer<Slot>? {
        let address = Unmanaged.passUnretained(table).toOpaque()
        for index in 0..<Self.count {
            let slot = slots + index
            guard let kept = slot.pointee.table else {
                slot.pointee.table = address
                return nil
            }
            if kept == address { return slot }
        }
        return nil
    }
}
