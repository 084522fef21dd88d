/// Where a tournament's participant list came from.
public enum ParticipantSource: String, Sendable, Hashable, CaseIterable {
    /// The `participants` subcollection, used as stored.
    case subcollection
    /// Rebuilt from the legacy `participantIds` array of the tournament document.
    case participantIds
    /// Neither holds anybody.
    case none
}

/// The participant list of a tournament and, when it had to be rebuilt, how to repair storage.
public struct ParticipantResolution: Sendable, Hashable {
    /// Where the list came from.
    public var source: ParticipantSource
    /// The participants, in order.
    public var participants: [TournamentParticipant]
    /// The writes that would store a rebuilt list in the subcollection; empty otherwise.
    public var repair: RepairPlan

    /// Creates a resolution.
    public init(source: ParticipantSource, participants: [TournamentParticipant], repair: RepairPlan = RepairPlan()) {
        self.source = source
        self.participants = participants
        self.repair = repair
    }
}

/// Writes that populate a tournament's `participants` subcollection.
public struct RepairPlan: Sendable, Hashable {
    /// One merge write per participant.
    public var writes: [RepairWrite]

    /// Whether there is anything to write.
    public var isNeeded: Bool { !writes.isEmpty }

    /// Creates a plan.
    public init(writes: [RepairWrite] = []) {
        self.writes = writes
    }
}

/// One document write of a ``RepairPlan``: `set(data, merge: true)` at ``path``, so that
/// fields already stored are kept.
public struct RepairWrite: Sendable, Hashable {
    /// The tournament whose `participants` subcollection is written.
    public var tournamentId: String
    /// Always true: merge into an existing document rather than replace it.
    public var merge: Bool
    /// The participant document to write.
    public var data: RepairDocument

    /// `tournaments/{tournamentId}/participants/{participantId}`: the document written.
    ///
    /// Derived, not stored: a plan of many writes holds no path strings, and a writer that
    /// serializes it can write the pieces (``pathComponents``) one after the other.
    public var path: String {
        let (first, tournamentId, second, participantId) = pathComponents
        return String(concatenating: first, tournamentId, second, participantId)
    }

    /// ``path`` in its four pieces: `"tournaments/"`, the tournament ID, `"/participants/"`,
    /// the participant ID.
    public var pathComponents: (StaticString, String, StaticString, String) {
        ("tournaments/", tournamentId, "/participants/", data.participantId)
    }

    /// Creates a write of `data` into the participants of tournament `tournamentId`.
    public init(tournamentId: String, merge: Bool = true, data: RepairDocument) {
        self.tournamentId = tournamentId
        self.merge = merge
        self.data = data
    }
}

/// The participant document a repair writes into the shared subcollection, which every user
/// of the tournament reads: it carries no name derived for the viewer.
///
/// Only the signed-in user's own entry may carry a name, and only the one they chose to show
/// (their non-blank `displayName`): never the part of an email, never an `Archer N`
/// placeholder, never anybody else's name.
public struct RepairDocument: Sendable, Hashable {
    /// The participant's user ID.
    public var participantId: String
    /// The signed-in user's chosen name, on their own entry, unless it is blank or a placeholder;
    /// nil (not written) on every other.
    public var displayName: String?
    /// When the participant joined, in epoch milliseconds.
    public var joinedAt: Int64
    /// Whether the participant created the tournament.
    public var isCreator: Bool

    /// Creates a document.
    public init(participantId: String, displayName: String? = nil, joinedAt: Int64, isCreator: Bool) {
        self.participantId = participantId
        self.displayName = displayName
        self.joinedAt = joinedAt
        self.isCreator = isCreator
    }
}

/// A request the participant rules cannot serve.
public enum ParticipantError: Error, Sendable, Hashable {
    /// The tournament ID cannot be a document ID (the reason says why).
    case invalidTournamentID(reason: String)
    /// The entry at `position` of `participantIds` cannot be a document ID.
    case invalidParticipantID(position: Int, reason: String)
}
