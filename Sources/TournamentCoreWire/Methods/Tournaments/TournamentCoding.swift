@_spi(Wire) import TournamentCore
import TournamentCoreJSON

/// A tournament document of a request, read in place: the known fields checked, their strings
/// kept as nodes (the filter searches names and places as bytes and the response copies them, so
/// no string is made), and the members the contract does not know, written back verbatim after
/// the known ones.
struct TournamentDocument {
    /// The `id` string node (non-empty).
    let id: Int
    /// The `name` and `location` string nodes; nil when absent or null (`""`).
    let name: Int?
    let location: Int?
    let status: TournamentStatus
    let isPublic: Bool
    let currentParticipants: Int
    let maxParticipants: Int
    let unknownMembers: UnknownMembers

    private typealias Field = Members.TournamentDocument

    /// Participant counts are the apps' `Int32`, never negative.
    static let participantRange: ClosedRange<Int64> = 0...Int64(Int32.max)

    /// Reads a stored tournament document. Absent (or `null`) fields take the defaults of the
    /// apps' parser; `id` is required and non-empty; present fields must have their type.
    init(_ document: JSONDocument, _ node: Int) throws(WireError) {
        let fields = try ObjectFields<Field>(document, node)
        id = try fields.required(.id)
        try document.requireNonEmptyString(at: id)
        name = try fields.stringNode(.name)
        location = try fields.stringNode(.location)
        status = try fields.value(.status).map { node throws(WireError) in
            try document.withStringBytes(at: node, TournamentStatus.init(parsingUTF8:))
        } ?? .open
        isPublic = try fields.bool(.public) ?? false
        currentParticipants = try fields.int(.currentParticipants, in: Self.participantRange) ?? 0
        maxParticipants = try fields.int(.maxParticipants, in: Self.participantRange) ?? 0
        unknownMembers = fields.unknownMembers
    }

    /// Whether the name or the location contains the search.
    func isFound(_ search: TournamentSearch, in document: JSONDocument) -> Bool {
        Self.isFound(search, in: name, of: document) || Self.isFound(search, in: location, of: document)
    }

    /// Whether an optional string node (nil: `""`) contains the search.
    private static func isFound(_ search: TournamentSearch, in node: Int?, of document: JSONDocument) -> Bool {
        guard let node else { return false }  // "" contains no search: a blank query makes none
        return document.withStringBytes(node, search.isFound(inUTF8:))
    }

    /// Writes the normalized document: the seven known fields in the contract's order, then the
    /// unknown members in request order.
    func write(from document: JSONDocument, into writer: inout JSONWriter) {
        writer.beginObject()
        document.withStringBytes(id) { writer.field("id", utf8: $0) }
        Self.write("name", name, from: document, into: &writer)
        Self.write("location", location, from: document, into: &writer)
        writer.field("status", text: status.rawValue)
        writer.field("public", isPublic)
        writer.field("currentParticipants", currentParticipants)
        writer.field("maxParticipants", maxParticipants)
        writer.write(unknownMembers, from: document)
        writer.endObject()
    }

    /// `"key":"text"` of an optional string node (`""` when nil).
    private static func write(_ key: StaticString, _ node: Int?, from document: JSONDocument, into writer: inout JSONWriter) {
        guard let node else {
            writer.field(key, "")
            return
        }
        document.withStringBytes(node) { writer.field(key, utf8: $0) }
    }
}

extension Requests.TournamentDocument {
    /// The domain value, with the defaults of the apps' parser for absent (or null) members.
    func tournament<Reader: RequestReader>(by reader: Reader) -> Tournament where Reader.Text == Text {
        Tournament(
            id: reader.string(id), name: name.map { reader.string($0) } ?? "", location: location.map { reader.string($0) } ?? "",
            status: status.map { reader.withBytes(of: $0, TournamentStatus.init(parsingUTF8:)) } ?? .open,
            isPublic: `public` ?? false,
            // Within the apps' Int32 (the schema's range): exact as an Int on every platform.
            currentParticipants: currentParticipants.map { Int(truncatingIfNeeded: $0) } ?? 0,
            maxParticipants: maxParticipants.map { Int(truncatingIfNeeded: $0) } ?? 0)
    }
}
