import TournamentCore
import TournamentCoreJSON

/// `guests.check`: guest counts, remaining slots, and whether a guest may be added and why not
/// (``GuestCheck``).
enum GuestsCheckMethod: CursorReadingWireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        GuestRequest.write(try GuestRequest(reading: &reader).check, into: &writer)
    }

    /// The same request read by a cursor, with the same decoder.
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var reader = CursorReader(request)
        guard let request = try? GuestRequest(reading: &reader), reader.finish() else { return false }
        GuestRequest.write(request.check, into: &writer)
        return true
    }
}
