import TournamentCore
import TournamentCoreJSON

/// JSON of the participant types.
enum ParticipantCoding {
    private typealias ParticipantField = Members.StoredParticipant

    private typealias UserField = Members.CurrentUser

    /// A stored participant document: `participantId` (non-empty string) required,
    /// `displayName` (default `""`), `joinedAt` (integer), `isCreator` (default false).
    static func participant(_ document: JSONDocument, _ node: Int) throws(WireError) -> TournamentParticipant {
        let fields = try ObjectFields<ParticipantField>(document, node)
        return TournamentParticipant(
            participantId: try fields.requiredNonEmptyString(.participantId),
            displayName: try fields.string(.displayName) ?? "",
            joinedAt: try fields.int64(.joinedAt),
            isCreator: try fields.bool(.isCreator) ?? false)
    }

    /// The signed-in user: an object with `uid` (string) and optional `displayName` and `email`;
    /// nil when the field is absent or null (nobody is signed in).
    @inline(__always)  // takes the fields in place (see ObjectFields)
    static func currentUser<Field>(_ fields: ObjectFields<Field>, _ field: Field) throws(WireError) -> CurrentUser? {
        guard let node = fields.value(field) else { return nil }
        let user = try ObjectFields<UserField>(fields.document, node)
        return CurrentUser(
            uid: try user.requiredString(.uid),
            displayName: try user.string(.displayName),
            email: try user.string(.email))
    }

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
