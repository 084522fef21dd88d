/// Whether the signed-in user may add a guest, with the counts behind the answer.
public struct GuestCheck: Sendable, Hashable {
    /// Guests the signed-in user added (0 when signed out).
    public var guestCount: Int
    /// Guests in the tournament.
    public var totalGuestCount: Int
    /// Guests the user may still add under the per-participant limit (never negative).
    public var remainingForUser: Int
    /// Guests the tournament may still take (never negative).
    public var remainingTotal: Int
    /// The smaller of the two.
    public var remaining: Int
    /// Why a guest cannot be added: the first rule that fails, or nil when one can.
    public var reason: GuestError?
    /// The limits in force.
    public var limits: GuestLimits

    /// Whether a guest can be added.
    public var canAddGuest: Bool { reason == nil }

    /// Checks the rules, in this order: signed in; under the per-participant limit; under the
    /// tournament's limit; tournament loaded and in progress.
    public init(
        tournament: Tournament?,
        participants: [SessionParticipant],
        currentUserId: String?,
        limits: GuestLimits = .defaults
    ) {
        self.init(
            tournament: tournament,
            tally: GuestTally(participants: participants, currentUserId: currentUserId),
            currentUserId: currentUserId,
            limits: limits)
    }

    /// Checks the rules, as ``init(tournament:participants:currentUserId:limits:)`` does, on the
    /// participants' counts.
    public init(tournament: Tournament?, tally: GuestTally, currentUserId: String?, limits: GuestLimits = .defaults) {
        guestCount = tally.userGuestCount
        totalGuestCount = tally.totalGuestCount
        remainingForUser = Self.remaining(limits.maxGuestsPerParticipant, minus: guestCount)
        remainingTotal = Self.remaining(limits.maxTotalGuests, minus: totalGuestCount)
        remaining = min(remainingForUser, remainingTotal)
        self.limits = limits
        if currentUserId == nil {
            reason = .notAuthenticated
        } else if guestCount >= limits.maxGuestsPerParticipant {
            reason = .maxGuestsPerUserReached(limit: limits.maxGuestsPerParticipant)
        } else if totalGuestCount >= limits.maxTotalGuests {
            reason = .maxTotalGuestsReached(limit: limits.maxTotalGuests)
        } else if tournament?.status != .inProgress {
            reason = .tournamentNotInProgress
        } else {
            reason = nil
        }
    }

    /// `limit - count`, or 0 when that is not positive; never overflows (count is never negative).
    private static func remaining(_ limit: Int, minus count: Int) -> Int {
        limit > count ? limit - count : 0
    }
}
