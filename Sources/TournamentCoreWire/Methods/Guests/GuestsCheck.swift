import TournamentCore
import TournamentCoreJSON

/// `guests.check`: guest counts, remaining slots, and whether a guest may be added and why not
/// (``GuestCheck``).
enum GuestsCheckMethod: CursorReadingWireMethod {
    /// `guests.add`'s request fields, which ``GuestRequest`` reads both requests with.
    static func makeOtherKeyTables() {
        LazyGlobals.keep(GuestRequest.Field.table)
    }

    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let request = try GuestRequest(document, request)
        let check = GuestCheck(
            tournament: request.tournament,
            tally: request.tally,
            currentUserId: request.currentUserId,
            limits: request.limits)
        GuestRequest.write(check, into: &writer)
    }

    /// The same request read by a cursor (``GuestRequest/check(reading:)``).
    static func respond(reading request: JSONCursor, into writer: inout JSONWriter) -> Bool {
        var cursor = request
        guard let check = GuestRequest.check(reading: &cursor) else { return false }
        GuestRequest.write(check, into: &writer)
        return true
    }
}
