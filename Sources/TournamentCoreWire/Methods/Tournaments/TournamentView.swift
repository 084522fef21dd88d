@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// A tournament document read by a cursor (``TournamentsFilterMethod/respond(reading:into:)``): what
/// ``TournamentDocument`` reads from a document, its strings as views of the request's bytes
/// (plain ASCII: the cursor reads no other strings), and its unknown members kept as written.
struct TournamentView {
    /// An unknown member: its key as written (with its quotes) and its value as written (a
    /// scalar: the cursor declines an unknown member holding an object or an array).
    typealias Member = (key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>)

    private typealias Field = Members.TournamentDocument

    /// The most unknown members of one tournament the cursor keeps (more decline): as many as
    /// the document path merges by comparing them with each other, before it hashes them.
    static let maxUnknownMembers = JSONDocument.keysComparedPairwise

    let id: UnsafeBufferPointer<UInt8>
    /// Nil when absent or null (`""`).
    let name: UnsafeBufferPointer<UInt8>?
    let location: UnsafeBufferPointer<UInt8>?
    let status: TournamentStatus
    let isPublic: Bool
    let currentParticipants: Int
    let maxParticipants: Int
    /// Where its unknown members are in the list the reader appended them to.
    let unknownMembers: Range<Int>

    /// Reads the tournament object under the cursor as ``TournamentDocument/init(_:_:)`` reads
    /// one, appending its unknown members to `members`; nil when the cursor declined (also for
    /// a repeated member, known or not, whose handling is the document path's, and for more
    /// than ``maxUnknownMembers`` unknown ones).
    @inline(always)  // into the method's reading, whose cursor then stays in registers
    init?(_ cursor: inout JSONCursor, hints: inout JSONCursor.MemberPrefixes, appendingUnknownMembersTo members: inout [Member]) {
        guard cursor.enterObject() else { return nil }
        let first = members.count
        var seen: UInt64 = 0
        var position = 0
        var id: UnsafeBufferPointer<UInt8>?
        var name: UnsafeBufferPointer<UInt8>?
        var location: UnsafeBufferPointer<UInt8>?
        var status = TournamentStatus.open
        var isPublic = false
        var currentParticipants: Int64?
        var maxParticipants: Int64?
        while let (key, index) = cursor.nextMember(in: Field.table, at: position, hints: &hints) {
            position &+= 1
            guard let index else {
                guard let keyStart = key.baseAddress, let value = cursor.scalarText() else {
                    cursor.decline()
                    return nil
                }
                // Each is compared with the object's others, so past a few (where the document
                // path hashes them) the request is the document path's: a hostile object of
                // many members then stays linear.
                let quotedKey = UnsafeBufferPointer(start: keyStart - 1, count: key.count + 2)
                guard members.count - first < Self.maxUnknownMembers, !Self.contains(quotedKey, in: members, from: first) else {
                    cursor.decline()
                    return nil
                }
                if members.isEmpty { members.reserveCapacity(32) }  // one allocation for a page's unknown members, none without
                members.append((quotedKey, value))
                continue
            }
            guard let field = cursor.field(Field.self, at: index, seen: &seen) else { return nil }
            switch field {
            case .id: id = cursor.string()
            case .name: name = cursor.optional { $0.string() }
            case .location: location = cursor.optional { $0.string() }
            case .status: status = cursor.optional { $0.string() }.map(TournamentStatus.init(parsingUTF8:)) ?? .open
            case .public: isPublic = cursor.optional { $0.bool() } ?? false
            case .currentParticipants: currentParticipants = cursor.optional { $0.int64(in: TournamentDocument.participantRange) }
            case .maxParticipants: maxParticipants = cursor.optional { $0.int64(in: TournamentDocument.participantRange) }
            }
        }
        guard !cursor.declined, let id, !id.isEmpty else {
            cursor.decline()
            return nil
        }
        self.id = id
        self.name = name
        self.location = location
        self.status = status
        self.isPublic = isPublic
        self.currentParticipants = Int(currentParticipants ?? 0)
        self.maxParticipants = Int(maxParticipants ?? 0)
        unknownMembers = first..<members.count
    }

    /// Whether one of `members` from `first` on has the key `key` (keys compared a word at a
    /// time: those of one object often share a prefix).
    @inline(always)
    private static func contains(_ key: UnsafeBufferPointer<UInt8>, in members: [Member], from first: Int) -> Bool {
        var index = first
        while index < members.count {
            let other = members[index].key
            if other.count == key.count && memoryEquals(other.baseAddress, key.baseAddress, key.count) { return true }
            index &+= 1
        }
        return false
    }

    /// Whether the name or the location contains the search.
    func isFound(_ search: TournamentSearch) -> Bool {
        name.map(search.isFound(inUTF8:)) == true || location.map(search.isFound(inUTF8:)) == true
    }

    /// Writes the normalized document as ``TournamentDocument/write(from:into:)`` does, its
    /// unknown members (from `members`) as they were written.
    func write(_ members: [Member], into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", utf8: id)
        Self.write("name", name, into: &writer)
        Self.write("location", location, into: &writer)
        writer.field("status", text: status.rawValue)
        writer.field("public", isPublic)
        writer.field("currentParticipants", currentParticipants)
        writer.field("maxParticipants", maxParticipants)
        for member in members[unknownMembers] {
            writer.raw(member.key)
            writer.append(UInt8(ascii: ":"))
            writer.raw(member.value)
        }
        writer.endObject()
    }

    /// `"key":"text"`, `""` for an absent text (as the document path writes it).
    private static func write(_ key: StaticString, _ text: UnsafeBufferPointer<UInt8>?, into writer: inout JSONWriter) {
        guard let text else {
            writer.field(key, "")
            return
        }
        writer.field(key, utf8: text)
    }
}
