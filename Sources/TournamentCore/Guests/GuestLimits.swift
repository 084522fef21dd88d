/// How many guests may be added: per participant who adds them, and per tournament.
///
/// The defaults are the app's `AdminSettings` defaults; a host passes the tournament's own
/// settings when it has them.
public struct GuestLimits: Sendable, Hashable {
    /// Guests one participant may add.
    public var maxGuestsPerParticipant: Int
    /// Guests a tournament may hold in all.
    public var maxTotalGuests: Int

    /// The defaults: 2 per participant, 10 in all.
    public static let defaults = GuestLimits(maxGuestsPerParticipant: 2, maxTotalGuests: 10)

    /// Creates limits.
    public init(maxGuestsPerParticipant: Int = 2, maxTotalGuests: Int = 10) {
        self.maxGuestsPerParticipant = maxGuestsPerParticipant
        self.maxTotalGuests = maxTotalGuests
    }
}
