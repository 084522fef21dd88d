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
        self.init(score: 0)
        for arrow in arrows { try add(arrow) }
    }

    /// Adds `arrow` (for arrows that come one at a time), with checked sums: when a total would
    /// go beyond the range of `Int64`, throws ``EquipmentError/overflow`` and changes nothing.
    public mutating func add(_ arrow: Arrow) throws(EquipmentError) {
        let (newScore, scoreOverflow) = score.addingReportingOverflow(Int64(arrow.score))
        let (newCount, countOverflow) = arrowCount.addingReportingOverflow(1)
        let (newTens, tensOverflow) = tens.addingReportingOverflow(arrow.score == 10 ? 1 : 0)
        let (newXs, xsOverflow) = xs.addingReportingOverflow(arrow.isX ? 1 : 0)
        guard !(scoreOverflow || countOverflow || tensOverflow || xsOverflow) else { throw .overflow }
        (score, arrowCount, tens, xs) = (newScore, newCount, newTens, newXs)
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
        ranking(of: participants.map { $0.totals }).map { place in
            let participant = participants[place.position]
            return LeaderboardEntry(
                rank: place.rank, participantId: participant.participantId, displayName: participant.displayName,
                totals: participant.totals)
        }
    }

    /// The ranking of `totals` as ``rank(_:)`` ranks participants with them: their positions in
    /// `totals`, in rank order, each with its rank. For a caller that keeps its participants
    /// elsewhere (the wire layer keeps their names in the request).
    public static func ranking(of totals: [ScoreTotals]) -> [(position: Int, rank: Int)] {
        var order = Array(totals.indices)
        order.stableSort { lhs, rhs in
            let l = totals[lhs], r = totals[rhs]
            if l.score != r.score { return l.score > r.score }
            if l.tens != r.tens { return l.tens > r.tens }
            if l.xs != r.xs { return l.xs > r.xs }
            return lhs < rhs  // stable
        }
        var places: [(position: Int, rank: Int)] = []
        places.reserveCapacity(order.count)
        for (offset, position) in order.enumerated() {
            if let previous = places.last, Self.tied(totals[previous.position], totals[position]) {
                places.append((position, previous.rank))
            } else {
                places.append((position, offset + 1))
            }
        }
        return places
    }

    private static func tied(_ lhs: ScoreTotals, _ rhs: ScoreTotals) -> Bool {
        lhs.score == rhs.score && lhs.tens == rhs.tens && lhs.xs == rhs.xs
    }
}
