/// What the guest rules count in a session's participants: the guests, and those of them the
/// signed-in user added.
///
/// ``GuestCheck`` and ``GuestAddition`` take one, made from ``SessionParticipant`` values or
/// counted one participant at a time by a caller that reads them from elsewhere (the wire layer
/// counts a request's participants without making their strings).
public struct GuestTally: Sendable, Hashable {
    /// Guests the signed-in user added.
    public private(set) var userGuestCount = 0
    /// Guests, whoever added them.
    public private(set) var totalGuestCount = 0

    /// No participant counted.
    public init() {}

    /// The counts of `participants` for the signed-in user `currentUserId` (nil: signed out, so
    /// no guest is the user's); `addedBy` is compared with it byte for byte.
    public init(participants: some Sequence<SessionParticipant>, currentUserId: String?) {
        for participant in participants {
            count(
                isGuest: participant.guestParticipant,
                addedByCurrentUser: Self.isSameUser(participant.addedBy, currentUserId))
        }
    }

    /// Whether both IDs are known and the same bytes (``DocumentID/matches(_:_:)``).
    static func isSameUser(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let lhs, let rhs else { return false }
        return DocumentID.matches(lhs, rhs)
    }

    /// Counts one participant: whether it is a guest, and whether its `addedBy` is the signed-in
    /// user's ID (the same bytes: ``DocumentID/matches(_:_:)``). Only guests count.
    public mutating func count(isGuest: Bool, addedByCurrentUser: Bool) {
        guard isGuest else { return }
        totalGuestCount &+= 1  // (at most the number of participants: never near Int.max)
        if addedByCurrentUser { userGuestCount &+= 1 }
    }
}
