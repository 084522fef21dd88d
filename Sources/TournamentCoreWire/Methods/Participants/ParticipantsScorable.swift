import TournamentCore
import TournamentCoreJSON

/// `participants.scorable`: whom the signed-in user may enter scores for
/// (``ScorableParticipants``).
enum ParticipantsScorableMethod: CursorReadingWireMethod {
    // Compiled for size, its texts written out of line: a screen calls it once, so its reading
    // and writing are not worth the library's size that inlining them for speed takes. (Its
    // cursor path is there for the call's fixed cost: no document to build for a short list.)
    @_optimize(size)
    static func respond(to node: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: node)
        answer(try Requests.ParticipantsScorableRequest<Int>.read(&reader), reader, into: &writer)
    }

    /// The same request read by a cursor, with the same decoder.
    @_optimize(size)
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var reader = CursorReader(request)
        guard let request = try? Requests.ParticipantsScorableRequest<CursorText>.read(&reader), reader.finish() else {
            return false
        }
        answer(request, reader, into: &writer)
        return true
    }

    @_optimize(size)
    private static func answer<Reader: RequestReader>(
        _ request: Requests.ParticipantsScorableRequest<Reader.Text>, _ reader: Reader, into writer: inout JSONWriter
    ) {
        // Each read once, by the rule: made as it is read, no second list.
        let participants = (request.participants ?? []).lazy.map { participant in
            SessionParticipant(
                participantId: reader.string(participant.participantId),
                guestParticipant: participant.guestParticipant ?? false,
                addedBy: participant.addedBy.map { reader.string($0) },
                parentParticipantId: participant.parentParticipantId.map { reader.string($0) })
        }
        let scorable = ScorableParticipants(participants: participants, currentUserId: request.currentUserId.map { reader.string($0) })
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
