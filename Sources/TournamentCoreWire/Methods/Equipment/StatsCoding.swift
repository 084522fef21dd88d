import TournamentCore
import TournamentCoreJSON

/// JSON of ``SetupStats`` and ``DriftStats``, both ways.
enum StatsCoding {
    private typealias StatsField = Members.PrecomputedStats

    private typealias DriftField = Members.PrecomputedDrift

    /// Counts are `Int64` on every platform (a 32-bit `Int` cannot hold the contract's range).
    static let countRange: ClosedRange<Int64> = 0...Int64.max

    /// Precomputed statistics (the app's database path). Absent members are 0; counts are
    /// integers ≥ 0, `averageScore` 0…10, `accuracy` and `consistency` 0…100; `setupId`, when
    /// given, must be the setup's.
    static func stats(_ document: JSONDocument, _ node: Int, setupId: Int64) throws(WireError) -> SetupStats {
        let fields = try ObjectFields<StatsField>(document, node)
        try checkSetupId(fields, .setupId, setupId)
        return SetupStats(
            setupId: setupId,
            totalArrows: try fields.int64(.totalArrows, in: countRange) ?? 0,
            totalScore: try fields.int64(.totalScore, in: countRange) ?? 0,
            averageScore: try fields.double(.averageScore, in: 0...10) ?? 0,
            accuracy: try fields.double(.accuracy, in: 0...100) ?? 0,
            consistency: try fields.double(.consistency, in: 0...100) ?? 0,
            xCount: try fields.int64(.xCount, in: countRange) ?? 0,
            tenCount: try fields.int64(.tenCount, in: countRange) ?? 0,
            roundCount: try fields.int64(.roundCount, in: countRange) ?? 0)
    }

    /// Precomputed drift: averages within ±1000, spreads 0…2000, `arrowCount` ≥ 0; absent
    /// members are 0.
    static func drift(_ document: JSONDocument, _ node: Int, setupId: Int64) throws(WireError) -> DriftStats {
        let fields = try ObjectFields<DriftField>(document, node)
        try checkSetupId(fields, .setupId, setupId)
        let coordinate = -Arrow.maxCoordinate...Arrow.maxCoordinate
        let spread = 0...(2 * Arrow.maxCoordinate)
        return DriftStats(
            setupId: setupId,
            xDriftAverage: try fields.double(.xDriftAverage, in: coordinate) ?? 0,
            yDriftAverage: try fields.double(.yDriftAverage, in: coordinate) ?? 0,
            xSpread: try fields.double(.xSpread, in: spread) ?? 0,
            ySpread: try fields.double(.ySpread, in: spread) ?? 0,
            arrowCount: try fields.int64(.arrowCount, in: countRange) ?? 0)
    }

    @inline(__always)  // takes the fields in place (see ObjectFields)
    private static func checkSetupId<Field>(_ fields: ObjectFields<Field>, _ field: Field, _ setupId: Int64) throws(WireError) {
        guard let node = fields.value(field) else { return }
        let given = try fields.document.int64(at: node)
        guard given == setupId else {
            throw .invalid("Expected the setup's id \(setupId), found \(given).", at: node)
        }
    }

    static func write(_ stats: SetupStats, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.numberMembers { members in
            members.field("setupId", stats.setupId)
            members.field("totalArrows", stats.totalArrows)
            members.field("totalScore", stats.totalScore)
            members.field("averageScore", stats.averageScore)
            members.field("accuracy", stats.accuracy)
            members.field("consistency", stats.consistency)
            members.field("xCount", stats.xCount)
            members.field("tenCount", stats.tenCount)
            members.field("roundCount", stats.roundCount)
        }
        writer.endObject()
    }

    /// Writes the drift, or `null`.
    static func write(_ drift: DriftStats?, into writer: inout JSONWriter) {
        guard let drift else {
            writer.null()
            return
        }
        writer.beginObject()
        writer.numberMembers { members in
            members.field("setupId", drift.setupId)
            members.field("xDriftAverage", drift.xDriftAverage)
            members.field("yDriftAverage", drift.yDriftAverage)
            members.field("xSpread", drift.xSpread)
            members.field("ySpread", drift.ySpread)
            members.field("arrowCount", drift.arrowCount)
        }
        writer.endObject()
    }
}
