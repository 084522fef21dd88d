/// Performance statistics of one bow setup over a set of rounds.
///
/// Counts are `Int64` on every platform (the contract's counts are 64-bit integers, beyond a
/// 32-bit `Int`).
public struct SetupStats: Sendable, Hashable {
    /// The setup.
    public var setupId: Int64
    /// Arrows shot.
    public var totalArrows: Int64
    /// Sum of their scores.
    public var totalScore: Int64
    /// totalScore / totalArrows; 0 without arrows.
    public var averageScore: Double
    /// Percentage of arrows scoring 10 (Xs included); 0 without arrows.
    public var accuracy: Double
    /// Percentage of arrows scoring 9 or more; 0 without arrows.
    public var consistency: Double
    /// Xs.
    public var xCount: Int64
    /// 10s, Xs included.
    public var tenCount: Int64
    /// Rounds with at least one arrow.
    public var roundCount: Int64

    /// Creates statistics (for precomputed figures; ``init(setupId:rounds:filter:)`` computes them).
    public init(
        setupId: Int64, totalArrows: Int64 = 0, totalScore: Int64 = 0, averageScore: Double = 0, accuracy: Double = 0,
        consistency: Double = 0, xCount: Int64 = 0, tenCount: Int64 = 0, roundCount: Int64 = 0
    ) {
        self.setupId = setupId
        self.totalArrows = totalArrows
        self.totalScore = totalScore
        self.averageScore = averageScore
        self.accuracy = accuracy
        self.consistency = consistency
        self.xCount = xCount
        self.tenCount = tenCount
        self.roundCount = roundCount
    }

    /// The statistics of the rounds that `filter` includes.
    ///
    /// Sums are checked: a total beyond the range of `Int64` throws ``EquipmentError/overflow``
    /// rather than trapping. Percentages are `count × 100 / totalArrows`.
    public init(setupId: Int64, rounds: [Round], filter: RoundFilter) throws(EquipmentError) {
        var tally = ArrowTally()
        var roundCount: Int64 = 0  // at most the number of rounds: cannot overflow
        for round in rounds where filter.includes(round.date) && !round.arrows.isEmpty {
            roundCount += 1
            for arrow in round.arrows { try tally.add(arrow) }
        }
        self.init(setupId: setupId, tally: tally, roundCount: roundCount)
    }

    init(setupId: Int64, tally: ArrowTally, roundCount: Int64) {
        let total = Double(tally.arrows)
        self.init(
            setupId: setupId,
            totalArrows: tally.arrows,
            totalScore: tally.score,
            averageScore: tally.arrows == 0 ? 0 : Double(tally.score) / total,
            accuracy: tally.arrows == 0 ? 0 : Double(tally.tens) * 100 / total,
            consistency: tally.arrows == 0 ? 0 : Double(tally.ninesOrBetter) * 100 / total,
            xCount: tally.xs,
            tenCount: tally.tens,
            roundCount: roundCount)
    }
}

/// Running counts over arrows, with checked sums.
///
/// `Int64` on every platform, like the counts of ``SetupStats`` and ``ScoreTotals`` it fills
/// (no conversion when they are made, none per arrow either).
@usableFromInline
struct ArrowTally: Sendable, Hashable {
    @usableFromInline var arrows: Int64 = 0
    @usableFromInline var score: Int64 = 0
    @usableFromInline var tens: Int64 = 0
    @usableFromInline var xs: Int64 = 0
    @usableFromInline var ninesOrBetter: Int64 = 0

    @usableFromInline init() {}

    /// Counts `arrow`. The score is checked against overflow and the arrow count against
    /// `Int64.max`; the other counts are at most the arrow count, so they cannot overflow.
    mutating func add(_ arrow: Arrow) throws(EquipmentError) {
        // The score, 0...10, widened without a check.
        guard _fastPath(add(points: Int64(arrow.scoreAndX & 0x7F), isX: arrow.isX)) else { throw .overflow }
    }

    /// Counts an arrow of `points` (0...10), an X or not; false (nothing counted) when the
    /// score or the arrow count would overflow.
    @inlinable @inline(__always)  // the per-arrow step of the tallies' loops
    mutating func add(points: Int64, isX: Bool) -> Bool {
        let (newScore, overflow) = score.addingReportingOverflow(points)
        guard _fastPath(!overflow && arrows < Int64.max) else { return false }
        score = newScore
        arrows += 1
        if points == 10 { tens += 1 }
        if isX { xs += 1 }
        if points >= 9 { ninesOrBetter += 1 }
        return true
    }

    /// Adds the counts of `other`, checked as ``add(_:)`` checks one arrow's.
    mutating func add(_ other: ArrowTally) throws(EquipmentError) {
        let (newScore, scoreOverflow) = score.addingReportingOverflow(other.score)
        let (newArrows, arrowsOverflow) = arrows.addingReportingOverflow(other.arrows)
        guard !scoreOverflow, !arrowsOverflow else { throw .overflow }
        score = newScore
        arrows = newArrows
        tens += other.tens
        xs += other.xs
        ninesOrBetter += other.ninesOrBetter
    }
}

/// A problem with equipment figures.
public enum EquipmentError: Error, Sendable, Hashable {
    /// A sum does not fit in 64 bits.
    case overflow
    /// Both sides of a comparison are the same setup.
    case sameSetup
    /// Two setups of a list share an ID (the second one is at `position`).
    case duplicateSetupID(position: Int)
}
