/// A participant of a tournament, as stored at `tournaments/{tournamentId}/participants/{participantId}`.
public struct TournamentParticipant: Sendable, Hashable, Identifiable {
    /// The participant's user ID (or guest ID).
    public var participantId: String
    /// The name shown in lists.
    public var displayName: String
    /// When the participant joined, in epoch milliseconds; nil when not recorded.
    public var joinedAt: Int64?
    /// Whether the participant created the tournament.
    public var isCreator: Bool

    public var id: String { participantId }

    /// Creates a participant.
    public init(participantId: String, displayName: String, joinedAt: Int64? = nil, isCreator: Bool = false) {
        self.participantId = participantId
        self.displayName = displayName
        self.joinedAt = joinedAt
        self.isCreator = isCreator
    }
}

/// The signed-in user, as the host's authentication knows them.
public struct CurrentUser: Sendable, Hashable {
    /// The user ID.
    public var uid: String
    /// The profile's display name, if any.
    public var displayName: String?
    /// The account's email address, if any. Never returned by the core: only the part before
    /// the `@` may become the user's own display name.
    public var email: String?

    /// Creates a user.
    public init(uid: String, displayName: String? = nil, email: String? = nil) {
        self.uid = uid
        self.displayName = displayName
        self.email = email
    }
}
