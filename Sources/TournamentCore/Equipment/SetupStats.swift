/// Performance statistics of one bow setup over a set of rounds.
public struct SetupStats: Sendable, Hashable {
    /// The setup.
    public var setupId: Int64
    /// Arrows shot.
    public var totalArrows: Int
    /// Sum of their scores.
    public var totalScore: Int
    /// totalScore / totalArrows; 0 without arrows.
    public var averageScore: Double
    /// Percentage of arrows scoring 10 (Xs included); 0 without arrows.
    public var accuracy: Double
    /// Percentage of arrows scoring 9 or more; 0 without arrows.
    public var consistency: Double
    /// Xs.
    public var xCount: Int
    /// 10s, Xs included.
    public var tenCount: Int
    /// Rounds with at least one arrow.
    public var roundCount: Int

    /// Creates statistics (for precomputed figures; ``init(setupId:rounds:filter:)`` computes them).
    public init(
        setupId: Int64, totalArrows: Int = 0, totalScore: Int = 0, averageScore: Double = 0, accuracy: Double = 0,
        consistency: Double = 0, xCount: Int = 0, tenCount: Int = 0, roundCount: Int = 0
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
    /// Sums are checked: a total beyond the range of `Int` throws ``EquipmentError/overflow``
    /// rather than trapping. Percentages are `count × 100 / totalArrows`.
    public init(setupId: Int64, rounds: [Round], filter: RoundFilter) throws(EquipmentError) {
        var tally = ArrowTally()
        var roundCount = 0
        for round in rounds where filter.includes(round.date) && !round.arrows.isEmpty {
            roundCount += 1
            for arrow in round.arrows { try tally.add(arrow) }
        }
        self.init(setupId: setupId, tally: tally, roundCount: roundCount)
    }

    init(setupId: Int64, tally: ArrowTally, roundCount: Int) {
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
struct ArrowTally: Sendable, Hashable {
    var arrows = 0
    var score = 0
    var tens = 0
    var xs = 0
    var ninesOrBetter = 0

    mutating func add(_ arrow: Arrow) throws(EquipmentError) {
        let (newScore, overflow) = score.addingReportingOverflow(arrow.score)
        guard _fastPath(!overflow && arrows < Int.max) else { throw .overflow }
        score = newScore
        arrows += 1
        if arrow.score == 10 { tens += 1 }
        if arrow.isX { xs += 1 }
        if arrow.score >= 9 { ninesOrBetter += 1 }
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
