/// A participant's totals for ranking.
///
/// `Int64` on every platform: the contract's totals are 64-bit integers, beyond a 32-bit `Int`.
public struct ScoreTotals: Sendable, Hashable {
    /// Sum of arrow scores.
    public var score: Int64
    /// 10s, Xs included.
    public var tens: Int64
    /// Xs.
    public var xs: Int64
    /// Arrows shot.
    public var arrowCount: Int64

    /// Creates totals.
    public init(score: Int64, tens: Int64 = 0, xs: Int64 = 0, arrowCount: Int64 = 0) {
        self.score = score
        self.tens = tens
        self.xs = xs
        self.arrowCount = arrowCount
    }

    /// The totals of `arrows`, with checked sums: a total beyond the range of `Int64` throws
    /// ``EquipmentError/overflow`` rather than trapping.
    public init(arrows: [Arrow]) throws(EquipmentError) {
        var tally = ArrowTally()
        for arrow in arrows { try tally.add(arrow) }
        self.init(score: tally.score, tens: tally.tens, xs: tally.xs, arrowCount: tally.arrows)
    }
}

/// A participant to rank.
public struct LeaderboardParticipant: Sendable, Hashable, Identifiable {
    public var participantId: String
    /// The name shown, if known.
    public var displayName: String?
    public var totals: ScoreTotals

    public var id: String { participantId }

    /// Creates a participant to rank.
    public init(participantId: String, displayName: String? = nil, totals: ScoreTotals) {
        self.participantId = participantId
        self.displayName = displayName
        self.totals = totals
    }
}

/// A row of the leaderboard.
public struct LeaderboardEntry: Sendable, Hashable, Identifiable {
    /// 1 for the leader; equal entries share a rank (1, 1, 3).
    public var rank: Int
    public var participantId: String
    /// The name shown, if known.
    public var displayName: String?
    public var totals: ScoreTotals

    public var id: String { participantId }

    /// Creates a row.
    public init(rank: Int, participantId: String, displayName: String?, totals: ScoreTotals) {
        self.rank = rank
        self.participantId = participantId
        self.displayName = displayName
        self.totals = totals
    }
}

/// Ranking with World Archery's tie-breaks.
public enum Leaderboard {
    /// Ranks participants by score, then 10s (Xs included), then Xs, all descending. Entries
    /// equal on all three share a rank and the next rank skips (1, 1, 3); equal entries keep
    /// their input order.
    public static func rank(_ participants: [LeaderboardParticipant]) -> [LeaderboardEntry] {
        let order = participants.indices.sorted { lhs, rhs in
            let l = participants[lhs].totals, r = participants[rhs].totals
            if l.score != r.score { return l.score > r.score }
            if l.tens != r.tens { return l.tens > r.tens }
            if l.xs != r.xs { return l.xs > r.xs }
            return lhs < rhs  // stable
        }
        var entries: [LeaderboardEntry] = []
        entries.reserveCapacity(order.count)
        for (position, index) in order.enumerated() {
            let participant = participants[index]
            let rank: Int
            if let previous = entries.last, Self.tied(previous.totals, participant.totals) {
                rank = previous.rank
            } else {
                rank = position + 1
            }
            entries.append(LeaderboardEntry(
                rank: rank, participantId: participant.participantId, displayName: participant.displayName,
                totals: participant.totals))
        }
        return entries
    }

    private static func tied(_ lhs: ScoreTotals, _ rhs: ScoreTotals) -> Bool {
        lhs.score == rhs.score && lhs.tens == rhs.tens && lhs.xs == rhs.xs
    }
}
