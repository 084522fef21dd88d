/// A bow setup, as the comparison and the picker know it.
public struct BowSetup: Sendable, Hashable, Identifiable {
    /// The setup's ID.
    public var id: Int64
    /// Its name as stored; may be blank.
    public var name: String

    /// Creates a setup.
    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }

    /// The name shown: the stored name, or `Setup #<id>` when it is blank.
    public var displayName: String {
        guard name.isBlank else { return name }
        var text = ShortText()
        text.append("Setup #")
        text.append(id)
        return text.string
    }
}

/// One side of a comparison: a setup and its figures.
public struct ComparedSetup: Sendable, Hashable {
    /// The setup.
    public var setup: BowSetup
    /// Its statistics; all zeros when it has no data.
    public var stats: SetupStats
    /// Its drift; nil when no arrow has coordinates.
    public var drift: DriftStats?

    /// Creates a side from figures computed elsewhere (such as the app's database). Missing
    /// statistics (`nil`) count as all zeros.
    public init(setup: BowSetup, stats: SetupStats?, drift: DriftStats?) {
        self.setup = setup
        self.stats = stats ?? SetupStats(setupId: setup.id)
        self.drift = drift
    }

    /// Creates a side from raw rounds, computing ``SetupStats`` and ``DriftStats``.
    public init(setup: BowSetup, rounds: [Round], filter: RoundFilter) throws(EquipmentError) {
        self.init(
            setup: setup,
            stats: try SetupStats(setupId: setup.id, rounds: rounds, filter: filter),
            drift: DriftStats(setupId: setup.id, rounds: rounds, filter: filter))
    }
}

/// The side-by-side comparison of two setups, deltas B − A.
public struct EquipmentComparison: Sendable, Hashable {
    /// Display names (blank names shown as `Setup #<id>`).
    public var setupAName: String
    public var setupBName: String
    /// The statistics of each side.
    public var setupAStats: SetupStats
    public var setupBStats: SetupStats
    /// The drift of each side, if any.
    public var setupADrift: DriftStats?
    public var setupBDrift: DriftStats?
    /// B − A.
    public var deltas: Deltas
    /// How each delta is shown.
    public var display: Displays

    /// The differences B − A.
    public struct Deltas: Sendable, Hashable {
        public var averageScore: Double
        public var accuracy: Double
        public var consistency: Double
        /// totalArrows B − A.
        public var arrowCount: Int64

        /// Creates deltas.
        public init(averageScore: Double, accuracy: Double, consistency: Double, arrowCount: Int64) {
            self.averageScore = averageScore
            self.accuracy = accuracy
            self.consistency = consistency
            self.arrowCount = arrowCount
        }
    }

    /// The display of each delta.
    public struct Displays: Sendable, Hashable {
        public var averageScore: DeltaDisplay
        public var accuracy: DeltaDisplay
        public var consistency: DeltaDisplay
        public var arrowCount: DeltaDisplay

        /// The displays of `deltas`.
        public init(_ deltas: Deltas) {
            averageScore = DeltaDisplay(deltas.averageScore)
            accuracy = DeltaDisplay(deltas.accuracy)
            consistency = DeltaDisplay(deltas.consistency)
            arrowCount = DeltaDisplay(deltas.arrowCount)
        }
    }

    /// Compares two setups.
    ///
    /// - Throws: ``EquipmentError/sameSetup`` when both sides are the same setup (same ID);
    ///   ``EquipmentError/overflow`` when the arrow count difference does not fit in an `Int64`.
    public init(_ a: ComparedSetup, _ b: ComparedSetup) throws(EquipmentError) {
        guard a.setup.id != b.setup.id else { throw .sameSetup }
        let (arrowDelta, overflow) = b.stats.totalArrows.subtractingReportingOverflow(a.stats.totalArrows)
        guard !overflow else { throw .overflow }
        setupAName = a.setup.displayName
        setupBName = b.setup.displayName
        setupAStats = a.stats
        setupBStats = b.stats
        setupADrift = a.drift
        setupBDrift = b.drift
        deltas = Deltas(
            averageScore: b.stats.averageScore - a.stats.averageScore,
            accuracy: b.stats.accuracy - a.stats.accuracy,
            consistency: b.stats.consistency - a.stats.consistency,
            arrowCount: arrowDelta)
        display = Displays(deltas)
    }
}
