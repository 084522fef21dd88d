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
        // addedBy and the user are compared byte for byte, as the database compares IDs.
        var tally = GuestTally()
        var user = currentUserId ?? ""
        user.withUTF8 { user in
            for addedBy in guests where addedBy != -2 {
                tally.count(isGuest: true, addedByCurrentUser: addedBy >= 0 && currentUserId != nil && document.stringEquals(addedBy, user))
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

    /// The check of a `guests.check` request read by a cursor: what ``init(_:_:)`` reads from a
    /// document (``tournament``, ``tally``, ``currentUserId``, ``limits``), read the same way; nil
    /// when the cursor declined: a member of `guests.add`'s (`name`, `guestId`), an unknown or
    /// repeated member (but the tournament's unknown members holding a scalar, read and left as
    /// the document path leaves them), anything the document path refuses.
    @inline(always)  // into the method's reading, whose cursor then stays in registers
    static func check(reading cursor: inout JSONCursor) -> GuestCheck? {
        guard cursor.enterObject() else { return nil }
        var seen: UInt64 = 0
        var tournament: Tournament?
        // Who added each guest, in order (nil: not said); counted once the user is known.
        var guests: [UnsafeBufferPointer<UInt8>?] = []
        var user: UnsafeBufferPointer<UInt8>?
        var limits = GuestLimits.defaults
        while let field = cursor.nextField(Field.self, seen: &seen) {
            switch field {
            case .tournament: tournament = cursor.optional { TournamentView.tournament(&$0) }
            case .participants: if !cursor.takeNull() { participants(&cursor, guests: &guests) }
            case .currentUserId:
                user = cursor.optional { $0.string() }
                if user?.isEmpty == true { cursor.decline() }
            case .limits: if !cursor.takeNull() { limits = Self.limits(&cursor) }
            case .name, .guestId: cursor.decline()
            }
        }
        guard cursor.finish() else { return nil }
        // IDs are compared byte for byte, as the database compares them.
        var tally = GuestTally()
        for addedBy in guests {
            let isUsers = if let addedBy, let user { addedBy.elementsEqual(user) } else { false }
            tally.count(isGuest: true, addedByCurrentUser: isUsers)
        }
        return GuestCheck(tournament: tournament, tally: tally, currentUserId: user.map { String(decoding: $0, as: UTF8.self) }, limits: limits)
    }

    /// Reads the array of participants under the cursor, appending who added each guest.
    @inline(always)
    private static func participants(_ cursor: inout JSONCursor, guests: inout [UnsafeBufferPointer<UInt8>?]) {
        guard cursor.enterArray() else { return }
        var hints = JSONCursor.MemberPrefixes()
        while cursor.enterNextObject() {
            var seen: UInt64 = 0
            var position = 0
            var hasID = false
            var isGuest = false
            var addedBy: UnsafeBufferPointer<UInt8>?
            while let field = cursor.nextField(ParticipantField.self, seen: &seen, at: position, hints: &hints) {
                position &+= 1
                switch field {
                case .participantId: hasID = cursor.string().map { !$0.isEmpty } ?? false
                case .guestParticipant: isGuest = cursor.optional { $0.bool() } ?? false
                case .addedBy: addedBy = cursor.optional { $0.string() }
                }
            }
            guard hasID else {
                cursor.decline()
                return
            }
            if isGuest { guests.append(addedBy) }
        }
    }

    /// The limits object under the cursor, each limit the default when absent or null.
    @inline(always)
    private static func limits(_ cursor: inout JSONCursor) -> GuestLimits {
        var limits = GuestLimits.defaults
        guard cursor.enterObject() else { return limits }
        var seen: UInt64 = 0
        while let field = cursor.nextField(LimitField.self, seen: &seen) {
            switch field {
            case .maxGuestsPerParticipant:
                if let limit = cursor.optional({ $0.int64(in: limitRange) }) { limits.maxGuestsPerParticipant = Int(limit) }
            case .maxTotalGuests:
                if let limit = cursor.optional({ $0.int64(in: limitRange) }) { limits.maxTotalGuests = Int(limit) }
            }
        }
        return limits
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
