/// A participant of a scoring session, as far as guest rules need it.
public struct SessionParticipant: Sendable, Hashable, Identifiable {
    /// The participant's ID.
    public var participantId: String
    /// Whether the participant is a guest.
    public var guestParticipant: Bool
    /// Who added the guest (a user ID), for guests.
    public var addedBy: String?
    /// The participant who scores for the guest (a user ID), for guests; when nil or blank,
    /// ``addedBy`` is (``ScorableParticipants``).
    public var parentParticipantId: String?

    public var id: String { participantId }

    /// Creates a participant.
    public init(participantId: String, guestParticipant: Bool = false, addedBy: String? = nil, parentParticipantId: String? = nil) {
        self.participantId = participantId
        self.guestParticipant = guestParticipant
        self.addedBy = addedBy
        self.parentParticipantId = parentParticipantId
    }
}

/// The participant document of a new guest, stored at
/// `tournaments/{tournamentId}/participants/{participantId}`.
public struct GuestParticipant: Sendable, Hashable, Identifiable {
    /// The guest's ID (`guest_` + 16 letters or digits).
    public var participantId: String
    /// The tournament joined.
    public var tournamentId: String
    /// The validated, trimmed name.
    public var displayName: String
    /// Always `JOINED`.
    public var status: String
    /// The user who added the guest.
    public var addedBy: String
    /// Always true.
    public var guestParticipant: Bool
    /// The participant who scores for the guest: the user who added them.
    public var parentParticipantId: String

    public var id: String { participantId }

    /// Creates a guest document; ``GuestAddition`` builds the one to store.
    public init(
        participantId: String, tournamentId: String, displayName: String, status: String = "JOINED",
        addedBy: String, guestParticipant: Bool = true, parentParticipantId: String
    ) {
        self.participantId = participantId
        self.tournamentId = tournamentId
        self.displayName = displayName
        self.status = status
        self.addedBy = addedBy
        self.guestParticipant = guestParticipant
        self.parentParticipantId = parentParticipantId
    }
}
