import TournamentCore
import TournamentCoreJSON

/// `participants.displayName`: the privacy-preserving display name (``ParticipantDisplayName``).
enum ParticipantsDisplayNameMethod: CursorReadingWireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        write(try displayName(reading: &reader), into: &writer)
    }

    /// The same request read by a cursor, with the same decoder.
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var reader = CursorReader(request)
        guard let name = try? displayName(reading: &reader), reader.finish() else { return false }
        write(name, into: &writer)
        return true
    }

    /// The display name the request the reader stands at asks for.
    private static func displayName<Reader: RequestReader>(reading reader: inout Reader) throws(Reader.Failure) -> String {
        let request = try Requests.ParticipantsDisplayNameRequest.read(&reader)
        return ParticipantDisplayName.resolve(
            participantId: reader.string(request.participantId),
            index: request.index,
            currentUser: request.currentUser.map { $0.currentUser(by: reader) })
    }

    private static func write(_ name: String, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("displayName", text: name)
        writer.endObject()
    }
}
