import TournamentCore
import TournamentCoreJSON

/// `participants.displayName`: the privacy-preserving display name (``ParticipantDisplayName``).
enum ParticipantsDisplayNameMethod: WireMethod {
    private typealias Field = Members.ParticipantsDisplayNameRequest

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        let name = ParticipantDisplayName.resolve(
            participantId: try fields.requiredString(.participantId),
            index: try document.int64(at: fields.required(.index), in: 0...Int64.max),
            currentUser: try ParticipantCoding.currentUser(fields, .currentUser))
        writer.beginObject()
        writer.field("displayName", text: name)
        writer.endObject()
    }
}
