/// The participant list of a tournament, with the fallback for legacy tournaments.
///
/// Legacy tournaments kept their participants only in the `participantIds` array of the
/// tournament document; their `participants` subcollection is empty, and a screen that read only
/// the subcollection showed "7/8" participants over an empty list. The resolver reads the
/// subcollection when it has anybody, otherwise rebuilds the list from `participantIds` and
/// plans the writes that repair the subcollection.
public enum ParticipantResolver {
    /// Resolves the participant list.
    ///
    /// - Subcollection non-empty: it is the list, in order; a blank display name, or one that is
    ///   exactly a placeholder (``ParticipantDisplayName/isPlaceholder(_:)``: older clients
    ///   stored the `Archer N` they showed), is replaced by the display-name rule for its
    ///   position. No repair.
    /// - Otherwise, `participantIds` non-empty (`LegacyRoster`): one participant per ID — nil
    ///   and blank entries skipped, repeats (the same bytes: ``DocumentID/matches(_:_:)``) kept once at their first
    ///   position — named by ``ParticipantDisplayName`` with its index in that cleaned list,
    ///   joined at `now`, the first one the creator; and a merge write per participant
    ///   (``RepairDocument``: no name derived for the viewer, only the signed-in user's own
    ///   chosen `displayName` on their own entry).
    /// - Otherwise: nobody.
    ///
    /// - Throws: ``ParticipantError`` when the tournament ID, or a participant ID to be written,
    ///   is not a valid document ID (it would make a wrong or failing write path).
    public static func resolve(
        tournamentId: String,
        subcollection: [TournamentParticipant],
        participantIds: [String?],
        currentUser: CurrentUser?,
        now: Int64
    ) throws(ParticipantError) -> ParticipantResolution {
        if let reason = DocumentID.problem(with: tournamentId) {
            throw .invalidTournamentID(reason: reason)
        }
        if !subcollection.isEmpty {
            return ParticipantResolution(source: .subcollection, participants: named(subcollection, currentUser: currentUser), repair: RepairPlan())
        }

        var roster = LegacyRoster(count: participantIds.count, currentUser: currentUser)
        var participants: [TournamentParticipant] = []
        participants.reserveCapacity(participantIds.count)
        var writes: [RepairWrite] = []
        writes.reserveCapacity(participantIds.count)
        for (position, entry) in participantIds.enumerated() {
            guard let id = entry else { continue }
            let admitted = id.withUTF8Bytes { bytes in
                Result { () throws(ParticipantError) in
                    try roster.admit(bytes, at: position) { kept, body in participants[kept].participantId.withUTF8Bytes(body) }
                }
            }
            guard let member = try admitted.get() else { continue }
            participants.append(TournamentParticipant(
                participantId: id, displayName: roster.displayName(of: member), joinedAt: now, isCreator: member.isCreator))
            writes.append(RepairWrite(
                tournamentId: tournamentId, merge: true,
                data: RepairDocument(participantId: id, displayName: roster.storedName(of: member), joinedAt: now, isCreator: member.isCreator)))
        }
        guard !participants.isEmpty else {
            return ParticipantResolution(source: .none, participants: [], repair: RepairPlan())
        }
        return ParticipantResolution(source: .participantIds, participants: participants, repair: RepairPlan(writes: writes))
    }

    /// A non-empty subcollection as the list shows it: in order, each blank or placeholder
    /// display name replaced by the display-name rule for its position.
    public static func named(_ subcollection: [TournamentParticipant], currentUser: CurrentUser?) -> [TournamentParticipant] {
        subcollection.enumerated().map { index, stored in
            var participant = stored
            if participant.displayName.isBlank || ParticipantDisplayName.isPlaceholder(participant.displayName) {
                participant.displayName = ParticipantDisplayName.resolve(
                    participantId: participant.participantId, index: Int64(index), currentUser: currentUser)
            }
            return participant
        }
    }
}
