import TournamentCore
import TournamentCoreJSON

/// The request of `guests.check`, which `guests.add` extends with `name` and `guestId`.
struct GuestRequest {
    typealias Field = Members.GuestsAddRequest

    private typealias ParticipantField = Members.SessionParticipant

    private typealias LimitField = Members.GuestLimits

    /// Limits are the apps' `Int32`, never negative.
    static let limitRange: ClosedRange<Int64> = 0...Int64(Int32.max)

    let fields: ObjectFields<Field>
    /// The tournament document, nil when not loaded (absent or null).
    let tournament: Tournament?
    /// The session's participants (absent or null: none).
    let participants: [SessionParticipant]
    /// The signed-in user, nil when signed out (absent or null); otherwise a non-empty string.
    let currentUserId: String?
    /// The limits in force: the defaults, each overridable.
    let limits: GuestLimits

    init(_ document: JSONDocument, _ request: Int) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        self.fields = fields
        tournament = try fields.value(.tournament).map { node throws(WireError) in
            try TournamentDocument(document, node).tournament
        }
        participants = try fields.value(.participants).map { node throws(WireError) in
            try document.map(array: node) { element throws(WireError) in
                let participant = try ObjectFields<ParticipantField>(document, element)
                return SessionParticipant(
                    participantId: try participant.requiredNonEmptyString(.participantId),
                    guestParticipant: try participant.bool(.guestParticipant) ?? false,
                    addedBy: try participant.string(.addedBy))
            }
        } ?? []
        currentUserId = try fields.nonEmptyString(.currentUserId)
        var limits = GuestLimits.defaults
        if let node = fields.value(.limits) {
            let given = try ObjectFields<LimitField>(document, node)
            limits.maxGuestsPerParticipant = try given.int(.maxGuestsPerParticipant, in: Self.limitRange) ?? limits.maxGuestsPerParticipant
            limits.maxTotalGuests = try given.int(.maxTotalGuests, in: Self.limitRange) ?? limits.maxTotalGuests
        }
        self.limits = limits
    }

    /// A refusal of the guest rules as an error response (name problems point at `$.name`).
    func error(_ error: GuestError) -> WireError {
        let location: WireError.Location? = if case .invalidGuestName = error, let node = fields.raw(.name) { .node(node) } else { nil }
        return WireError(ErrorCode(rawValue: error.code), error.message, location: location)
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
