import TournamentCore
import TournamentCoreJSON

/// What the guest rules read from a `guests.check` request (and from the same members of a
/// `guests.add` one), read by either reader with the generated decoder
/// (``Requests/GuestsCheckRequest``).
struct GuestRequest {
    /// The tournament document, nil when not loaded (absent or null).
    let tournament: Tournament?
    /// The session's participants' counts (absent or null: none).
    let tally: GuestTally
    /// The signed-in user, nil when signed out (absent or null); otherwise a non-empty string.
    let currentUserId: String?
    /// The limits in force: the defaults, each overridable.
    let limits: GuestLimits

    /// Reads the `guests.check` request the reader stands at.
    init<Reader: RequestReader>(reading reader: inout Reader) throws(Reader.Failure) {
        var participants = GuestsAddedBy<Reader.Text>()
        let request = try Requests.GuestsCheckRequest<Reader.Text>.read(&reader, participants: &participants)
        self.init(request.tournament, participants, request.currentUserId, request.limits, by: reader)
    }

    /// The members as `reader` read them.
    init<Reader: RequestReader>(
        _ tournament: Requests.TournamentDocument<Reader.Text>?, _ participants: GuestsAddedBy<Reader.Text>, _ currentUserId: Reader.Text?,
        _ limits: Requests.GuestLimits<Reader.Text>?, by reader: Reader
    ) {
        self.tournament = tournament.map { $0.tournament(by: reader) }
        // addedBy and the user are compared byte for byte, as the database compares IDs.
        var tally = GuestTally()
        for addedBy in participants.guests {
            let isUsers = if let addedBy, let currentUserId { reader.bytesEqual(addedBy, currentUserId) } else { false }
            tally.count(isGuest: true, addedByCurrentUser: isUsers)
        }
        self.tally = tally
        self.currentUserId = currentUserId.map { reader.string($0) }
        var values = GuestLimits.defaults
        if let limits {
            // Within the apps' Int32 (the schema's range): exact as an Int on every platform.
            if let limit = limits.maxGuestsPerParticipant { values.maxGuestsPerParticipant = Int(truncatingIfNeeded: limit) }
            if let limit = limits.maxTotalGuests { values.maxTotalGuests = Int(truncatingIfNeeded: limit) }
        }
        self.limits = values
    }

    /// The check of these members.
    var check: GuestCheck {
        GuestCheck(tournament: tournament, tally: tally, currentUserId: currentUserId, limits: limits)
    }

    /// Writes a ``GuestCheck`` as the contract shows it.
    static func write(_ check: GuestCheck, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("guestCount", check.guestCount)
        writer.field("totalGuestCount", check.totalGuestCount)
        writer.field("remainingForUser", check.remainingForUser)
        writer.field("remainingTotal", check.remainingTotal)
        writer.field("remaining", check.remaining)
        writer.field("canAddGuest", check.canAddGuest)
        if let reason = check.reason {
            writer.object("reason") { object in
                object.field("code", text: reason.code)
                object.field("message", text: reason.message)
            }
        } else {
            writer.key("reason")
            writer.null()
        }
        writer.object("limits") { object in
            object.field("maxGuestsPerParticipant", check.limits.maxGuestsPerParticipant)
            object.field("maxTotalGuests", check.limits.maxTotalGuests)
        }
        writer.endObject()
    }
}
