import TournamentCore
import TournamentCoreJSON

/// JSON of ``SetupStats`` and ``DriftStats``, both ways.
enum StatsCoding {
    /// Precomputed statistics as read (the app's database path): absent members are 0 (the
    /// decoder checked the ranges the schema states; the caller, `setupId`).
    static func stats<Text>(_ given: Requests.PrecomputedStats<Text>, setupId: Int64) -> SetupStats {
        SetupStats(
            setupId: setupId,
            totalArrows: given.totalArrows ?? 0,
            totalScore: given.totalScore ?? 0,
            averageScore: given.averageScore ?? 0,
            accuracy: given.accuracy ?? 0,
            consistency: given.consistency ?? 0,
            xCount: given.xCount ?? 0,
            tenCount: given.tenCount ?? 0,
            roundCount: given.roundCount ?? 0)
    }

    /// Precomputed drift as read: absent members are 0 (the decoder checked the ranges).
    static func drift<Text>(_ given: Requests.PrecomputedDrift<Text>, setupId: Int64) -> DriftStats {
        DriftStats(
            setupId: setupId,
            xDriftAverage: given.xDriftAverage ?? 0,
            yDriftAverage: given.yDriftAverage ?? 0,
            xSpread: given.xSpread ?? 0,
            ySpread: given.ySpread ?? 0,
            arrowCount: given.arrowCount ?? 0)
    }

    static func write(_ stats: SetupStats, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.memberRun { members in
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
        writer.memberRun { members in
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
