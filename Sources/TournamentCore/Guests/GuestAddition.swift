/// A guest added to a tournament: the document to store and the check as it stands afterwards.
public struct GuestAddition: Sendable, Hashable {
    /// The guest's participant document.
    public var guest: GuestParticipant
    /// ``GuestCheck`` with the new guest counted.
    public var check: GuestCheck

    /// Adds a guest named `name` for the signed-in user.
    ///
    /// The name is validated first (``GuestName/validated(_:)``), then the rules of
    /// ``GuestCheck`` in their order; the first that fails is thrown.
    ///
    /// - Parameter guestId: The guest's ID, or nil to generate one with ``GuestID/generate()``.
    ///   The caller is responsible for a given ID being valid (``GuestID/isValid(_:)``).
    public init(
        name: String,
        guestId: String? = nil,
        tournament: Tournament?,
        participants: [SessionParticipant],
        currentUserId: String?,
        limits: GuestLimits = .defaults
    ) throws(GuestError) {
        let displayName = try GuestName.validated(name)
        let before = GuestCheck(tournament: tournament, participants: participants, currentUserId: currentUserId, limits: limits)
        if let reason = before.reason { throw reason }
        // A check without a reason has a signed-in user and a loaded tournament.
        guard let user = currentUserId, let tournament else { throw .notAuthenticated }
        guest = GuestParticipant(
            participantId: guestId ?? GuestID.generate(),
            tournamentId: tournament.id,
            displayName: displayName,
            status: "JOINED",
            addedBy: user,
            guestParticipant: true,
            parentParticipantId: user)
        check = GuestCheck(
            tournament: tournament,
            participants: participants + [SessionParticipant(participantId: guest.participantId, guestParticipant: true, addedBy: user)],
            currentUserId: currentUserId,
            limits: limits)
    }
}
