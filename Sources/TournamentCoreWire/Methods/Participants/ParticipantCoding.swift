import TournamentCore
import TournamentCoreJSON

/// JSON of the participant types.
enum ParticipantCoding {
    /// Writes `{"participantId","displayName","joinedAt","isCreator"}` (`joinedAt` omitted when
    /// unknown). Only these fields: nothing else of a stored document leaves the core.
    /// (Out of line, as the next: one copy of each member's writing, however many callers.)
    @inline(never)
    static func write(_ participant: TournamentParticipant, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("participantId", text: participant.participantId)
        writer.field("displayName", text: participant.displayName)
        if let joinedAt = participant.joinedAt {
            writer.field("joinedAt", joinedAt)
        }
        writer.field("isCreator", participant.isCreator)
        writer.endObject()
    }

    /// Writes a repair's document: `{"participantId","displayName","joinedAt","isCreator"}`,
    /// `displayName` only when the document carries one (the signed-in user's own entry).
    @inline(never)
    static func write(_ document: RepairDocument, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("participantId", text: document.participantId)
        if let displayName = document.displayName {
            writer.field("displayName", text: displayName)
        }
        writer.field("joinedAt", document.joinedAt)
        writer.field("isCreator", document.isCreator)
        writer.endObject()
    }
}

extension Requests.CurrentUser {
    /// The domain value.
    func currentUser<Reader: RequestReader>(by reader: Reader) -> CurrentUser where Reader.Text == Text {
        CurrentUser(uid: reader.string(uid), displayName: displayName.map { reader.string($0) }, email: email.map { reader.string($0) })
    }
}
