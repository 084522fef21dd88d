import TournamentCore
import TournamentCoreJSON

/// `guests.add`: validate a new guest and build its participant document (``GuestAddition``).
/// A refused rule is an error response with the rule's code and message.
enum GuestsAddMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        let request = try GuestRequest(document, request)
        let name = try document.string(at: request.fields.required(.name))
        let guestId = try request.fields.value(.guestId).map { node throws(WireError) in
            let id = try document.string(at: node)
            guard GuestID.isValid(id) else {
                throw .invalid("Expected a guest ID: \"guest_\" followed by 16 letters or digits.", at: node)
            }
            return id
        }
        let addition: GuestAddition
        do throws(GuestError) {
            addition = try GuestAddition(
                name: name,
                guestId: guestId,
                tournament: request.tournament,
                tally: request.tally,
                currentUserId: request.currentUserId,
                limits: request.limits)
        } catch {
            throw request.error(error)
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
