/// Whom the signed-in user may enter scores for: themself, and the guests they are the parent of
/// (seed 001: a guest's `parentParticipantId` is "the parent for scoring permissions"; the user
/// who adds a guest is the one "they will score for").
///
/// ```swift
/// let scorable = ScorableParticipants(participants: session, currentUserId: user.uid)
/// scorable.participantIds   // ["u1", "guest_Q2xk8ZpR4tYv1NmA"]
/// ```
public struct ScorableParticipants: Sendable, Hashable {
    /// Why the user may score for a participant.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The user's own entry.
        case `self`
        /// A guest whose parent is the user.
        case guest
    }

    /// One participant the user may score for.
    public struct Entry: Sendable, Hashable {
        public var participantId: String
        public var reason: Reason

        /// Creates an entry.
        public init(participantId: String, reason: Reason) {
            self.participantId = participantId
            self.reason = reason
        }
    }

    /// The participants the user may score for, in list order.
    public var entries: [Entry]

    /// The IDs of ``entries``, in order.
    public var participantIds: [String] { entries.map { $0.participantId } }

    /// The participants of `participants` the user `currentUserId` may score for, in list order:
    /// their own entry (its `participantId` is the user's ID, reason ``Reason/self``) and every
    /// guest (`guestParticipant`) whose parent — `parentParticipantId`, or `addedBy` when that is
    /// nil or blank — is the user (reason ``Reason/guest``).
    ///
    /// IDs are compared byte for byte (``DocumentID/matches(_:_:)``). A `participantId` that
    /// occurs again is the same document: only its first occurrence is read. Signed out
    /// (`currentUserId` nil) or nobody qualifying: no entries.
    ///
    /// `participants` is read once, in order (a lazy view of another list will do).
    public init<Participants: Collection<SessionParticipant>>(participants: Participants, currentUserId: String?) {
        entries = []
        guard let user = currentUserId else { return }
        var met = FirstOccurrences(count: participants.count)
        var kept: [String] = []  // the IDs met, in order (the table keeps none)
        kept.reserveCapacity(participants.count)
        for participant in participants {
            let id = participant.participantId
            guard id.withUTF8Bytes({ bytes in met.insert(bytes) { kept[$0].withUTF8Bytes($1) } }) else { continue }
            kept.append(id)
            if DocumentID.matches(participant.participantId, user) {
                entries.append(Entry(participantId: participant.participantId, reason: .self))
            } else if participant.guestParticipant, let parent = Self.parent(of: participant), DocumentID.matches(parent, user) {
                entries.append(Entry(participantId: participant.participantId, reason: .guest))
            }
        }
    }

    /// Who scores for a guest: its `parentParticipantId`, or `addedBy` when that is nil or blank.
    static func parent(of guest: SessionParticipant) -> String? {
        if let parent = guest.parentParticipantId, !parent.isBlank { return parent }
        return guest.addedBy
    }
}
