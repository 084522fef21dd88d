import TournamentCore
import TournamentCoreJSON

/// `participants.resolve`: the participant list with the legacy `participantIds` fallback and
/// the repair plan (``ParticipantResolver``).
enum ParticipantsResolveMethod: WireMethod {
    private typealias Field = Members.ParticipantsResolveRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let tournamentIdNode = try fields.required(.tournamentId)
        let tournamentId = try document.string(at: tournamentIdNode)
        let subcollection = try fields.value(.participants).map { node throws(WireError) in
            try document.map(array: node) { element throws(WireError) in try ParticipantCoding.participant(document, element) }
        } ?? []
        var participantIds: [String?] = []
        var participantIdNodes: [Int] = []
        if let node = fields.value(.participantIds) {
            let elements = try document.array(node)
            participantIds.reserveCapacity(elements.count)
            participantIdNodes.reserveCapacity(elements.count)
            for element in elements {
                participantIds.append(document.kind(element) == .null ? nil : try document.string(at: element))
                participantIdNodes.append(element)
            }
        }
        let currentUser = try ParticipantCoding.currentUser(fields, .currentUser)
        let now = try fields.now(.now)
        let resolution: ParticipantResolution
        do throws(ParticipantError) {
            resolution = try ParticipantResolver.resolve(
                tournamentId: tournamentId,
                subcollection: subcollection,
                participantIds: participantIds,
                currentUser: currentUser,
                now: now)
        } catch {
            switch error {
            case .invalidTournamentID(let reason):
                throw .invalid(reason, at: tournamentIdNode)
            case .invalidParticipantID(let position, let reason):
                throw .invalid(reason, at: participantIdNodes[position])
            }
        }

        writer.beginObject()
        writer.field("source", text: resolution.source.rawValue)
        writer.key("participants")
        writer.beginArray()
        for participant in resolution.participants {
            ParticipantCoding.write(participant, into: &writer)
        }
        writer.endArray()
        writer.object("repair") { repair in
            repair.field("needed", resolution.repair.isNeeded)
            repair.key("writes")
            repair.beginArray()
            for write in resolution.repair.writes {
                repair.beginObject()
                // The path is written in its pieces, never built as one string.
                let (first, tournamentId, second, participantId) = write.pathComponents
                repair.beginString(key: "path")
                repair.appendToString(first)
                repair.appendToString(text: tournamentId)
                repair.appendToString(second)
                repair.appendToString(text: participantId)
                repair.endString()
                repair.field("merge", write.merge)
                repair.key("data")
                ParticipantCoding.write(write.data, into: &repair)
                repair.endObject()
            }
            repair.endArray()
        }
        writer.endObject()
    }
}
