import TournamentCore
import TournamentCoreJSON

/// `participants.scorable`: whom the signed-in user may enter scores for
/// (``ScorableParticipants``).
enum ParticipantsScorableMethod: WireMethod {
    private typealias Field = Members.ParticipantsScorableRequest

    private typealias ParticipantField = Members.ScorableParticipant

    // Compiled for size, its texts written out of line: a screen calls it once, so its reading
    // and writing are not worth the library's size that inlining them for speed takes.
    @_optimize(size)
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        var objects = ArrayObjects<ParticipantField>()
        let participants = try fields.value(.participants).map { node throws(WireError) -> [SessionParticipant] in
            try document.map(array: node) { element throws(WireError) -> SessionParticipant in
                let participant = try objects.fields(document, element)
                return SessionParticipant(
                    participantId: try participant.requiredNonEmptyString(.participantId),
                    guestParticipant: try participant.bool(.guestParticipant) ?? false,
                    addedBy: try participant.string(.addedBy),
                    parentParticipantId: try participant.string(.parentParticipantId))
            }
        } ?? []
        let scorable = ScorableParticipants(participants: participants, currentUserId: try fields.nonEmptyString(.currentUserId))
        writer.beginObject()
        writer.key("participantIds")
        writer.beginArray()
        for entry in scorable.entries {
            writer.stringOutOfLine(text: entry.participantId)
        }
        writer.endArray()
        writer.key("entries")
        writer.beginArray()
        for entry in scorable.entries {
            writer.beginObject()
            writer.fieldOutOfLine("participantId", text: entry.participantId)
            writer.fieldOutOfLine("reason", text: entry.reason.rawValue)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
