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
        try self.init(
            name: name, guestId: guestId, tournament: tournament,
            tally: GuestTally(participants: participants, currentUserId: currentUserId),
            currentUserId: currentUserId, limits: limits)
    }

    /// Adds a guest, as ``init(name:guestId:tournament:participants:currentUserId:limits:)``
    /// does, on the participants' counts.
    public init(
        name: String,
        guestId: String? = nil,
        tournament: Tournament?,
        tally: GuestTally,
        currentUserId: String?,
        limits: GuestLimits = .defaults
    ) throws(GuestError) {
        let displayName = try GuestName.validated(name)
        let before = GuestCheck(tournament: tournament, tally: tally, currentUserId: currentUserId, limits: limits)
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
        var after = tally
        after.count(isGuest: true, addedByCurrentUser: true)
        check = GuestCheck(tournament: tournament, tally: after, currentUserId: currentUserId, limits: limits)
    }
}
