import TournamentCore
import TournamentCoreJSON

/// A tournament document of a request: the domain value and the members the contract does not
/// know, which are written back verbatim after the known ones.
struct TournamentDocument {
    var tournament: Tournament
    var unknownMembers: UnknownMembers

    private typealias Field = Members.TournamentDocument

    /// Participant counts are the apps' `Int32`, never negative.
    static let participantRange: ClosedRange<Int64> = 0...Int64(Int32.max)

    init(tournament: Tournament, unknownMembers: UnknownMembers) {
        self.tournament = tournament
        self.unknownMembers = unknownMembers
    }

    /// Reads a stored tournament document. Absent (or `null`) fields take the defaults of the
    /// apps' parser; `id` is required and non-empty; present fields must have their type.
    init(_ document: JSONDocument, _ node: Int) throws(WireError) {
        let fields = try ObjectFields<Field>(document, node)
        tournament = Tournament(
            id: try fields.requiredNonEmptyString(.id),
            name: try fields.string(.name) ?? "",
            location: try fields.string(.location) ?? "",
            status: try fields.value(.status).map { node throws(WireError) in
                try document.withStringBytes(at: node, TournamentStatus.init(parsingUTF8:))
            } ?? .open,
            isPublic: try fields.bool(.public) ?? false,
            currentParticipants: try fields.int(.currentParticipants, in: Self.participantRange) ?? 0,
            maxParticipants: try fields.int(.maxParticipants, in: Self.participantRange) ?? 0)
        unknownMembers = fields.unknownMembers
    }

    /// Writes the normalized document: the seven known fields in the contract's order, then the
    /// unknown members in request order.
    func write(from document: JSONDocument, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", text: tournament.id)
        writer.field("name", text: tournament.name)
        writer.field("location", text: tournament.location)
        writer.field("status", text: tournament.status.rawValue)
        writer.field("public", tournament.isPublic)
        writer.field("currentParticipants", tournament.currentParticipants)
        writer.field("maxParticipants", tournament.maxParticipants)
        writer.write(unknownMembers, from: document)
        writer.endObject()
    }
}
