import TournamentCoreJSON

/// Room for the hints (``JSONCursor/MemberPrefixes``) of the objects that lie inside an array's
/// objects, one set per table (a match's `homeTeam` and `awayTeam` share theirs), for the first
/// ``count`` tables met: such an object is read once per element, not once per request, and its
/// members mostly repeat as the element's own do. A method whose requests have them gives a
/// ``CursorReader`` this room (``withRoom(_:)``: on the stack, about a kilobyte per table).
struct NestedHints {
    /// How many tables have hints here; objects of other tables are read without.
    static let count = 4

    /// The room: the tables whose hints the sets are, by address (tables are lazy globals,
    /// never freed; nil: a set no table took yet), then the sets, each initialized when its
    /// table takes it. One address, so that a reader holding it stays small.
    private let room: UnsafeMutableRawPointer

    private var tables: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        room.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    private var sets: UnsafeMutablePointer<JSONCursor.MemberPrefixes> {
        (room + Self.setsOffset).assumingMemoryBound(to: JSONCursor.MemberPrefixes.self)
    }

    /// Where the sets start in the room: after the tables, aligned for them.
    private static var setsOffset: Int {
        let alignment = MemoryLayout<JSONCursor.MemberPrefixes>.alignment
        return (count * MemoryLayout<UnsafeMutableRawPointer?>.stride + alignment - 1) / alignment * alignment
    }

    /// Calls `body` with room for hints that holds while it runs.
    static func withRoom<Result>(_ body: (NestedHints?) -> Result) -> Result {
        let alignment = max(MemoryLayout<JSONCursor.MemberPrefixes>.alignment, MemoryLayout<UnsafeMutableRawPointer?>.alignment)
        let byteCount = setsOffset + count * MemoryLayout<JSONCursor.MemberPrefixes>.stride
        return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) { bytes in
            body(bytes.baseAddress.map { room in
                room.bindMemory(to: UnsafeMutableRawPointer?.self, capacity: count).initialize(repeating: nil, count: count)
                (room + setsOffset).bindMemory(to: JSONCursor.MemberPrefixes.self, capacity: count)
                return NestedHints(room: room)
            })
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
                (sets + index).initialize(to: JSONCursor.MemberPrefixes())
                return nil
            }
            if kept == address { return sets + index }
        }
        return nil
    }
}
