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
    /// The session's participants' counts (absent or null: none).
    let tally: GuestTally
    /// The signed-in user, nil when signed out (absent or null); otherwise a non-empty string.
    let currentUserId: String?
    /// The limits in force: the defaults, each overridable.
    let limits: GuestLimits

    init(_ document: JSONDocument, _ request: Int) throws(WireError) {
        let fields = try ObjectFields<Field>(document, request)
        self.fields = fields
        tournament = try fields.value(.tournament).map { node throws(WireError) in
            try TournamentDocument(document, node).tournament(in: document)
        }
        // Each participant checked as a SessionParticipant would be, in the same order, but only
        // what the counts read is kept: for a guest, its addedBy node (or -1), for others -2.
        let guests = try fields.value(.participants).map { node throws(WireError) in
            try document.map(array: node) { element throws(WireError) -> Int in
                let participant = try ObjectFields<ParticipantField>(document, element)
                try participant.requireNonEmptyString(.participantId)
                let isGuest = try participant.bool(.guestParticipant) ?? false
                let addedBy = try participant.stringNode(.addedBy)
                return isGuest ? addedBy ?? -1 : -2
            }
        } ?? []
        let currentUserId = try fields.nonEmptyString(.currentUserId)
        self.currentUserId = currentUserId
        var tally = GuestTally()
        var user = currentUserId ?? ""
        user.withUTF8 { user in
            let userIsASCII = user.allSatisfy { $0 < 0x80 }
            for addedBy in guests where addedBy != -2 {
                let isUsers = addedBy >= 0 && currentUserId != nil && Self.text(at: addedBy, in: document, equals: user, isASCII: userIsASCII)
                tally.count(isGuest: true, addedByCurrentUser: isUsers)
            }
        }
        self.tally = tally
        var limits = GuestLimits.defaults
        if let node = fields.value(.limits) {
            let given = try ObjectFields<LimitField>(document, node)
            limits.maxGuestsPerParticipant = try given.int(.maxGuestsPerParticipant, in: Self.limitRange) ?? limits.maxGuestsPerParticipant
            limits.maxTotalGuests = try given.int(.maxTotalGuests, in: Self.limitRange) ?? limits.maxTotalGuests
        }
        self.limits = limits
    }

    /// Whether the string at `node` equals the UTF-8 `text` (`isASCII`: all of it is ASCII) as
    /// Swift compares strings (canonical equivalence): equal bytes are equal; different bytes
    /// are different when both are ASCII, and otherwise compared as strings (a non-ASCII text
    /// can equal an ASCII one: the Kelvin sign is K).
    private static func text(at node: Int, in document: JSONDocument, equals text: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
        if document.stringEquals(node, text) { return true }
        return document.withStringBytes(node) { bytes in
            if isASCII && bytes.allSatisfy({ $0 < 0x80 }) { return false }
            return String(decoding: bytes, as: UTF8.self) == String(decoding: text, as: UTF8.self)
        }
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
