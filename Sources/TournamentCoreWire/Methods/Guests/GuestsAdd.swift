import TournamentCore
import TournamentCoreJSON

/// `guests.add`: validate a new guest and build its participant document (``GuestAddition``).
/// A refused rule is an error response with the rule's code and message.
///
/// Its request is `guests.check`'s with `name` and `guestId`, checked after the others.
enum GuestsAddMethod: WireMethod {
    static func respond(to node: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: node)
        var participants = GuestsAddedBy<Int>()
        let request = try Requests.GuestsAddRequest<Int>.read(&reader, participants: &participants)
        let members = GuestRequest(request.tournament, participants, request.currentUserId, request.limits, by: reader)
        let addition: GuestAddition
        do throws(GuestError) {
            addition = try GuestAddition(
                name: reader.string(request.name),
                guestId: request.guestId.map { reader.string($0) },
                tournament: members.tournament,
                tally: members.tally,
                currentUserId: members.currentUserId,
                limits: members.limits)
        } catch {
            // Name problems point at `$.name`.
            let location: WireError.Location? = if case .invalidGuestName = error { .node(request.name) } else { nil }
            throw WireError(ErrorCode(rawValue: error.code), error.message, location: location)
        }
        let guest = addition.guest
        writer.beginObject()
        writer.object("guest") { object in
            object.field("participantId", text: guest.participantId)
            object.field("tournamentId", text: guest.tournamentId)
            object.field("displayName", text: guest.displayName)
            object.field("status", text: guest.status)
            object.field("addedBy", text: guest.addedBy)
            object.field("guestParticipant", guest.guestParticipant)
            object.field("parentParticipantId", text: guest.parentParticipantId)
        }
        writer.key("check")
        GuestRequest.write(addition.check, into: &writer)
        writer.endObject()
    }
}
